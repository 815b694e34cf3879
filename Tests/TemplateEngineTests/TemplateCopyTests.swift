@testable import TemplateEngine
import Testing

@Suite("Template copies")
struct TemplateCopyTests {
    /// Every heap object a node tree holds that rendering retains or reads: text and
    /// indentation buffers, names, sections, nested node arrays.
    private func storage(of nodes: [Node]) -> [UnsafeRawPointer] {
        var found: [UnsafeRawPointer] = []
        func bytes(_ array: [UInt8]?) {
            guard let array, !array.isEmpty else { return }
            array.withUnsafeBufferPointer { found.append(UnsafeRawPointer($0.baseAddress!)) }
        }
        func walk(_ nodes: [Node]) {
            guard !nodes.isEmpty else { return }
            nodes.withUnsafeBufferPointer { found.append(UnsafeRawPointer($0.baseAddress!)) }
            for node in nodes {
                switch node {
                case .text(let text): bytes(text)
                case .variable(let name, _, _): found.append(UnsafeRawPointer(Unmanaged.passUnretained(name).toOpaque()))
                case .section(let section):
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(section).toOpaque()))
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(section.name).toOpaque()))
                    walk(section.nodes)
                case .partial(_, let indentation, _): bytes(indentation)
                case .parent(_, let overrides, let indentation, _):
                    bytes(indentation)
                    for (_, blocks) in overrides.sorted(by: { $0.key < $1.key }) { walk(blocks) }
                case .block(_, let defaults, let indentation, _):
                    bytes(indentation)
                    walk(defaults)
                }
            }
        }
        walk(nodes)
        return found
    }

    /// A template's node storage, and its name's and source's when they are long enough to
    /// live on the heap (the renderer retains both for every partial it enters).
    private func storage(of template: Template) -> [UnsafeRawPointer] {
        var found = storage(of: template.nodes)
        for var text in [template.name, template.source] where text.utf8.count > 15 {
            text.withUTF8 { found.append(UnsafeRawPointer($0.baseAddress!)) }
        }
        return found
    }

    private let sources = [
        "page": "<h1>{{title}}</h1>\n{{#rows}}\n  <li>{{name}} {{{html}}}</li>\n{{/rows}}\n{{^rows}}none{{/rows}}\n  {{> card}}\n{{<layout}}{{$body}}in {{title}}{{/body}}{{/layout}}",
        "partials/card": "<b>{{title}}</b>\n",
        "layout": "<main>{{$body}}default{{/body}}</main>",
    ]

    @Test("a library's copy renders the same bytes and shares no storage with it: nodes, names, sources")
    func copyIsIndependent() throws {
        let library = TemplateLibrary(templates: try Dictionary(uniqueKeysWithValues: sources.map {
            ($0.key, try Template(source: $0.value, name: "templates/\($0.key).mustache"))
        }))
        let copy = library.copy()
        #expect(copy.templates.keys.sorted() == library.templates.keys.sorted())
        let context: TemplateValue = ["title": "Moves & more", "rows": [["name": "Pikachu", "html": "<i>x</i>"], ["name": "Raichu", "html": ""]]]
        let rendered = try library.render("page", context)
        #expect(rendered.contains("Pikachu") && rendered.contains("<b>Moves &amp; more</b>"))
        #expect(try copy.render("page", context) == rendered)
        for name in library.templates.keys.sorted() {
            let original = storage(of: library.templates[name]!)
            let copied = storage(of: copy.templates[name]!)
            #expect(!original.isEmpty)
            #expect(original.count == copied.count, "\(name): the copy has another shape")
            #expect(Set(original).isDisjoint(with: copied), "\(name): the copy shares storage with the original")
        }
    }
}
