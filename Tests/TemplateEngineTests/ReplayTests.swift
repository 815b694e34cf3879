import TemplateEngine
import Testing

/// An array item met again on the same page is written from the bytes it gave before, while
/// what it read from outside itself reads the same (`Renderer+Replay.swift`). Each test puts
/// one item (one dictionary storage) in several places whose surroundings differ, and checks
/// every place's bytes against the item rendered there alone.
@Suite("Replaying repeated items")
struct ReplayTests {
    private final class Asked: TemplateObject {
        let asked = Counter()

        func value(forKey key: String) -> TemplateValue? {
            key == "label" ? .string("asked \(asked.next())") : nil
        }
    }

    /// The same row, as one storage, in every table.
    private static let row: TemplateValue = ["name": "Pound", "first": "1"]

    @Test("a repeated item is replayed: a lazy list inside it is not read again")
    func replays() throws {
        let made = Counter()
        let row: TemplateValue = ["name": "Pound", "cells": .list(TemplateList(count: 1) { _ in
            _ = made.next()
            return .string("cell")
        })]
        let template = try Template(source: "{{#rows}}<{{name}}{{#cells}}:{{.}}{{/cells}}>{{/rows}}")
        #expect(try template.render(["rows": .array([row, row, row])]) == "<Pound:cell><Pound:cell><Pound:cell>")
        #expect(made.next() == 2)  // made once; this call is the second
    }

    @Test("a name the item reads from outside (a table's flag, the page's root) is compared, and a change renders it again")
    func outsideReadings() throws {
        let template = try Template(source: """
            {{#tables}}[{{#rows}}{{#hasFirst}}{{first}} {{/hasFirst}}<a href="{{root}}{{name}}">{{name}}</a>;{{/rows}}]{{/tables}}
            """)
        let tables: TemplateValue = .array([
            ["hasFirst": true, "rows": .array([Self.row, Self.row])],
            ["hasFirst": false, "rows": .array([Self.row])],
            ["hasFirst": true, "root": "../", "rows": .array([Self.row])],
            ["rows": .array([Self.row])],
        ])
        #expect(try template.render(["root": "/", "hasFirst": true, "tables": tables]) == """
            [1 <a href="/Pound">Pound</a>;1 <a href="/Pound">Pound</a>;][<a href="/Pound">Pound</a>;]\
            [1 <a href="../Pound">Pound</a>;][1 <a href="/Pound">Pound</a>;]
            """)
    }

    @Test("a string read from outside is compared byte for byte: canonical equivalents render differently")
    func canonicalEquivalents() throws {
        let template = try Template(source: "{{#groups}}{{#rows}}{{name}}@{{place}};{{/rows}}{{/groups}}")
        let groups: TemplateValue = .array([
            ["place": "Caf\u{E9}", "rows": .array([Self.row])],
            ["place": "Cafe\u{301}", "rows": .array([Self.row])],
        ])
        let bytes = Array(try template.render(["groups": groups]).utf8)
        #expect(bytes == Array("Pound@Caf\u{E9};Pound@Cafe\u{301};".utf8))
    }

    @Test("a dictionary read from outside is compared by identity, and a dotted name through it")
    func outsideDictionaries() throws {
        let template = try Template(source: "{{#groups}}{{#rows}}{{name}} {{t.level}} {{#t}}{{level}}{{/t}};{{/rows}}{{/groups}}")
        let groups: TemplateValue = .array([
            ["t": ["level": "Lv."], "rows": .array([Self.row])],
            ["t": ["level": "Niv."], "rows": .array([Self.row])],
            ["rows": .array([Self.row])],
        ])
        #expect(try template.render(["t": ["level": "Level"], "groups": groups]) == "Pound Lv. Lv.;Pound Niv. Niv.;Pound Level Level;")
    }

    @Test("a lambda or an object read inside an item keeps it from being replayed")
    func lambdasAndObjects() throws {
        let called = Counter()
        let stamp = TemplateValue.lambda(TemplateLambda { _ in "call \(called.next())" })
        let object = Asked()
        let template = try Template(source: "{{#rows}}{{name}} {{stamp}} {{who.label}};{{/rows}}")
        #expect(try template.render(["stamp": stamp, "who": .object(object), "rows": .array([Self.row, Self.row])]) ==
            "Pound call 1 asked 1;Pound call 2 asked 2;")
        let section = try Template(source: "{{#rows}}{{#wrap}}{{name}}{{/wrap}};{{/rows}}")
        let wrap = TemplateValue.lambda(TemplateLambda { "<\(called.next())>\($0)" })
        #expect(try section.render(["wrap": wrap, "rows": .array([Self.row, Self.row])]) == "<3>Pound;<4>Pound;")
    }

    @Test("an item inside a parent's block is rendered with the overrides in force each time")
    func blocks() throws {
        let list = try Template(source: "{{#rows}}{{$cell}}{{name}}{{/cell}};{{/rows}}", name: "list")
        let page = try Template(source: "{{<list}}{{$cell}}*{{name}}*{{/cell}}{{/list}}|{{<list}}{{/list}}|{{>list}}", name: "page")
        #expect(try page.render(["rows": .array([Self.row, Self.row])], partials: ["list": list]) ==
            "*Pound*;*Pound*;|Pound;Pound;|Pound;Pound;")
    }

    @Test("an item under an indented standalone partial is indented at each place")
    func indentation() throws {
        let rows = try Template(source: "{{#rows}}\n{{name}}\n{{/rows}}\n", name: "rows")
        let page = try Template(source: "{{>rows}}\n  {{>rows}}\n{{>rows}}\n")
        #expect(try page.render(["rows": .array([Self.row, Self.row])], partials: ["rows": rows]) ==
            "Pound\nPound\n  Pound\n  Pound\nPound\nPound\n")
    }

    @Test("items nested in repeated items replay inside and out")
    func nested() throws {
        let group: TemplateValue = ["name": "Red", "rows": .array([Self.row, ["name": "Tackle", "first": "7"], Self.row])]
        let template = try Template(source: "{{#groups}}{{name}}:{{#rows}}{{first}}{{name}}{{suffix}},{{/rows}}|{{/groups}}")
        let groups: TemplateValue = .array([group, ["suffix": "!", "name": "Blue", "rows": .array([Self.row])], group])
        #expect(try template.render(["groups": groups]) == "Red:1Pound,7Tackle,1Pound,|Blue:1Pound!,|Red:1Pound,7Tackle,1Pound,|")
    }

    @Test("items made and freed by a lazy list are never taken for one another")
    func freedItems() throws {
        // Each list item holds a row made for it and freed after it: a new row may be given
        // the address of the last. A replay keeps its item, so no address is reused.
        let list = TemplateValue.list(TemplateList(count: 50) { position in
            ["rows": .array([["name": .string("row \(position)")]])]
        })
        let template = try Template(source: "{{#list}}{{#rows}}{{name}};{{/rows}}{{/list}}")
        #expect(try template.render(["list": list]) == (0..<50).map { "row \($0);" }.joined())
    }

    @Test("a section whose items do not repeat stops keeping them, across the renders of one template; a copy starts again")
    func stopsKeepingUnrepeated() throws {
        let template = try Template(source: "{{#rows}}{{name}}{{#cells}}:{{.}}{{/cells}};{{/rows}}")
        let made = Counter()
        let row: TemplateValue = ["name": "Pound", "cells": .list(TemplateList(count: 1) { _ in
            _ = made.next()
            return .string("cell")
        })]
        #expect(try template.render(["rows": .array([row, row])]) == "Pound:cell;Pound:cell;")
        #expect(made.next() == 2)  // replayed: made once
        // 600 items, none repeated: the section stops keeping them.
        let unique = TemplateValue.array((0..<600).map { ["name": .string("move \($0)")] })
        #expect(try template.render(["rows": unique]).hasSuffix("move 599;"))
        #expect(try template.render(["rows": .array([row, row])]) == "Pound:cell;Pound:cell;")
        #expect(made.next() == 5)  // rendered twice: made twice more
        #expect(try template.copy().render(["rows": .array([row, row])]) == "Pound:cell;Pound:cell;")
        #expect(made.next() == 7)  // the copy keeps items again: made once more
    }

    @Test("strict mode reports a name missing at a place the item was replayed from before")
    func strictAfterReplay() throws {
        let template = try Template(source: "{{#groups}}{{#rows}}{{name}}{{unit}};{{/rows}}{{/groups}}")
        let groups: TemplateValue = .array([["unit": "m", "rows": .array([Self.row])], ["rows": .array([Self.row])]])
        #expect(throws: TemplateError.self) { try template.render(["groups": groups], options: RenderOptions(strict: true)) }
        #expect(try template.render(["groups": groups]) == "Poundm;Pound;")
    }
}
