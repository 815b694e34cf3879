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
}
