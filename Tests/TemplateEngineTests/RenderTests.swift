import TemplateEngine
import Testing

@Suite("Rendering")
struct RenderTests {
    private final class Pokemon: TemplateObject {
        let name: String
        let types: [String]
        let asked = Counter()

        init(name: String, types: [String]) {
            self.name = name
            self.types = types
        }

        func value(forKey key: String) -> TemplateValue? {
            _ = asked.next()
            switch key {
            case "name": return .string(name)
            case "types": return types.templateValue
            case "isDual": return .bool(types.count > 1)
            default: return nil
            }
        }
    }

    @Test("escapes the five HTML characters and leaves triple and ampersand tags alone")
    func escaping() throws {
        let template = try Template(source: "{{x}}|{{{x}}}|{{&x}}")
        #expect(try template.render(["x": "<a href=\"x\">Farfetch'd & co</a>"]) ==
            "&lt;a href=&quot;x&quot;&gt;Farfetch&#39;d &amp; co&lt;/a&gt;|<a href=\"x\">Farfetch'd & co</a>|<a href=\"x\">Farfetch'd & co</a>")
    }

    @Test("reads view models by key on demand")
    func objects() throws {
        let pikachu = Pokemon(name: "Pikachu", types: ["electric"])
        let template = try Template(source: "{{name}}: {{#types}}{{.}} {{/types}}{{^isDual}}single{{/isDual}}")
        #expect(try template.render(.object(pikachu)) == "Pikachu: electric single")
        #expect(pikachu.asked.next() == 4)
    }

    @Test("makes a list's items as a section reaches them, one at a time, and reads it as the array it stands for")
    func lazyList() throws {
        let made = Counter()
        let list = TemplateValue.list(TemplateList(count: 3) { position in
            _ = made.next()
            return .dictionary(["name": .string(["Bulbasaur", "Ivysaur", "Venusaur"][position])])
        })
        let array = TemplateValue.array(["Bulbasaur", "Ivysaur", "Venusaur"].map { .dictionary(["name": .string($0)]) })
        let template = try Template(source: "{{#rows}}{{name}};{{/rows}}{{^rows}}none{{/rows}}{{^empty}}none{{/empty}}")
        let empty = TemplateValue.list(TemplateList(count: 0) { _ in .string("never") })
        #expect(try template.render(["rows": list, "empty": empty]) == "Bulbasaur;Ivysaur;Venusaur;none")
        #expect(try template.render(["rows": array, "empty": .array([])]) == "Bulbasaur;Ivysaur;Venusaur;none")
        #expect(made.next() == 4)  // three made, this the fourth count
        #expect(list.isTruthy && !empty.isTruthy && list.text == nil)
    }

    @Test("finds a name on the innermost entry that has it: a null there hides the outer one; strings, lists and objects between are passed or asked")
    func nameResolution() throws {
        let pikachu = Pokemon(name: "Pikachu", types: ["electric"])
        let context: TemplateValue = [
            "first": "outer", "name": "page",
            "rows": .array([["first": .null, "name": "Surf"], ["first": "TM24", "name": "Thunderbolt"], ["name": "Tackle"]]),
            "list": .list(TemplateList(count: 1) { _ in .string("item") }),
            "who": .object(pikachu),
        ]
        let template = try Template(source: """
            {{#rows}}[{{first}} {{name}}{{#name}}:{{first}}{{/name}}]{{/rows}}|\
            {{#list}}{{.}} {{first}} {{name}}{{/list}}|{{#who}}{{name}} {{first}}{{#types}} {{.}} {{name}} {{first}}{{/types}}{{/who}}
            """)
        #expect(try template.render(context) ==
            "[ Surf:][TM24 Thunderbolt:TM24][outer Tackle:outer]|item outer page|Pikachu outer electric Pikachu outer")
    }

    @Test("shows numbers, booleans and whole doubles the way people write them")
    func numbers() throws {
        let template = try Template(source: "{{i}} {{d}} {{w}} {{b}} {{n}}")
        #expect(try template.render(["i": 25, "d": 0.5, "w": 60.0, "b": true, "n": nil]) == "25 0.5 60 true ")
    }

    @Test("treats an empty string and an empty list as false in sections")
    func falsey() throws {
        let template = try Template(source: "{{#s}}s{{/s}}{{^s}}no s{{/s}},{{#l}}l{{/l}}{{^l}}no l{{/l}}")
        #expect(try template.render(["s": "", "l": []]) == "no s,no l")
        #expect(try template.render(["s": "x", "l": [1, 2]]) == "s,ll")
    }

    @Test("converts Swift values through TemplateValueConvertible")
    func convertible() throws {
        let stats: [String: Int] = ["hp": 35]
        let names: [String?] = ["a", nil]
        let template = try Template(source: "{{stats.hp}} {{#names}}[{{.}}]{{/names}}")
        #expect(try template.render(["stats": stats.templateValue, "names": names.templateValue]) == "35 [a][]")
    }

    @Test("renders a layout through a parent with blocks and partials")
    func inheritanceThroughPartials() throws {
        let layout = try Template(source: "<title>{{$title}}Pokédex{{/title}}</title>\n<main>\n  {{$content}}\n  {{/content}}\n</main>\n", name: "layout")
        let card = try Template(source: "<li>{{name}}</li>\n", name: "card")
        let page = try Template(source: """
            {{<layout}}
            {{$title}}{{name}} – Pokédex{{/title}}
            {{$content}}
            <ul>
              {{#evolutions}}
              {{>card}}
              {{/evolutions}}
            </ul>
            {{/content}}
            {{/layout}}
            """, name: "page")
        let output = try page.render(["name": "Eevee", "evolutions": [["name": "Vaporeon"], ["name": "Jolteon"]]],
                                     partials: ["layout": layout, "card": card])
        #expect(output == "<title>Eevee – Pokédex</title>\n<main>\n  <ul>\n    <li>Vaporeon</li>\n    <li>Jolteon</li>\n  </ul>\n</main>\n")
    }

    /// A variable lambda's rendered result is escaped as a whole (spec), so it uses `{{{name}}}` inside.
    @Test("gives a lambda the raw section text and renders what it returns")
    func lambdas() throws {
        let bold = TemplateValue.lambda(TemplateLambda { "<b>" + $0 + "</b>" })
        let template = try Template(source: "{{#bold}}{{name}}{{/bold}} {{shout}}")
        let shout = TemplateValue.lambda(TemplateLambda { _ in "{{{name}}}!" })
        #expect(try template.render(["bold": bold, "name": "Mew & Mewtwo", "shout": shout]) ==
            "<b>Mew &amp; Mewtwo</b> Mew &amp; Mewtwo!")
    }
}
