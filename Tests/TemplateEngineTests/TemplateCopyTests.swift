@testable import TemplateEngine
import Testing

@Suite("Template copies")
struct TemplateCopyTests {
    /// Every heap object a node tree holds that rendering retains or reads: text and
    /// indentation buffers, tags, names, sections, nested node arrays.
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
                case .variable(let variable):
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(variable).toOpaque()))
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(variable.name).toOpaque()))
                case .section(let section):
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(section).toOpaque()))
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(section.name).toOpaque()))
                    walk(section.nodes)
                case .partial(let partial):
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(partial).toOpaque()))
                    bytes(partial.indentation)
                case .parent(let parent):
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(parent).toOpaque()))
                    bytes(parent.indentation)
                    for (_, blocks) in parent.overrides.sorted(by: { $0.key < $1.key }) { walk(blocks) }
                case .block(let block):
                    found.append(UnsafeRawPointer(Unmanaged.passUnretained(block).toOpaque()))
                    bytes(block.indentation)
                    walk(block.defaults)
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

    @Test("a node is one word, the reference it holds: no box of its own, no payload inline")
    func nodeIsOneWord() throws {
        // Rendering walks arrays of nodes; a node of several words (a payload inline) made
        // each step copy more, and a box of its own (`indirect`) made it follow a pointer first.
        #expect(MemoryLayout<Node>.size == MemoryLayout<UnsafeRawPointer>.size)
        var kinds = Set<String>()
        func check(_ node: Node, holds object: AnyObject, _ kind: String) {
            kinds.insert(kind)
            #if arch(x86_64)
            // The word is the object's address with the case in the pointer's spare bits
            // (the top four and the low three on x86-64); a boxed node's word is the box's.
            let word = unsafeBitCast(node, to: UInt.self) & ~UInt(0xF000_0000_0000_0007)
            #expect(word == UInt(bitPattern: ObjectIdentifier(object)), "a \(kind) node is not its payload's reference")
            #endif
        }
        func walk(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text(let text): kinds.insert("text"); #expect(!text.isEmpty)
                case .variable(let variable): check(node, holds: variable, "variable")
                case .section(let section): check(node, holds: section, "section"); walk(section.nodes)
                case .partial(let partial): check(node, holds: partial, "partial")
                case .parent(let parent): check(node, holds: parent, "parent"); parent.overrides.values.forEach(walk)
                case .block(let block): check(node, holds: block, "block"); walk(block.defaults)
                }
            }
        }
        for name in ["page", "layout"] { walk(try Template(source: sources[name]!, name: name).nodes) }
        // The two templates hold every kind between them (a parent's overrides are node
        // lists; the layout's default is a block), so each case is checked here.
        #expect(kinds == ["text", "variable", "section", "partial", "parent", "block"])
    }
}
