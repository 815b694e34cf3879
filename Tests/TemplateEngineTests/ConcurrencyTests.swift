import TemplateEngine
import Testing

@Suite("Rendering from many tasks")
struct ConcurrencyTests {
    @Test("one compiled template renders the same output from 64 tasks at once")
    func sharedTemplate() async throws {
        let template = try Template(source: "{{#items}}<li>{{name}} #{{id}}</li>{{/items}}{{>footer}}")
        let footer = try Template(source: "<footer>{{title}}</footer>")
        let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for task in 0..<64 {
                group.addTask {
                    let items: [TemplateValue] = (0..<50).map { ["name": .string("p\($0)"), "id": .int($0 * task)] }
                    let output = try template.render(["items": .array(items), "title": .string("task \(task)")],
                                                     partials: ["footer": footer])
                    return (task, output)
                }
            }
            var all: [Int: String] = [:]
            for try await (task, output) in group { all[task] = output }
            return all
        }
        #expect(outputs.count == 64)
        for (task, output) in outputs {
            let expected = (0..<50).map { "<li>p\($0) #\($0 * task)</li>" }.joined() + "<footer>task \(task)</footer>"
            #expect(output == expected)
        }
    }

    @Test("a library renders layouts with blocks from many tasks at once")
    func sharedLibrary() async throws {
        let library = TemplateLibrary(templates: [
            "layout": try Template(source: "<main>\n  {{$content}}\n  {{/content}}\n</main>\n", name: "layout"),
            "page": try Template(source: "{{<layout}}{{$content}}\n{{#stats}}{{> stat}}{{/stats}}\n{{/content}}{{/layout}}", name: "page"),
            "partials/stat": try Template(source: "<b>{{name}}={{base}}</b>", name: "partials/stat"),
        ])
        let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for task in 0..<32 {
                group.addTask {
                    let stats: [TemplateValue] = (0..<6).map { ["name": .string("s\($0)"), "base": .int(task + $0)] }
                    return (task, try library.render("page", ["stats": .array(stats)]))
                }
            }
            var all: [Int: String] = [:]
            for try await (task, output) in group { all[task] = output }
            return all
        }
        #expect(outputs.count == 32)
        for (task, output) in outputs {
            let stats = (0..<6).map { "<b>s\($0)=\(task + $0)</b>" }.joined()
            #expect(output == "<main>\n  \(stats)\n</main>\n")
        }
    }
}
