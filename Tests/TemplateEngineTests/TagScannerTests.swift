@testable import TemplateEngine
import Testing

@Suite("Tag scanner")
struct TagScannerTests {
    private func scan(_ source: String) throws -> [TemplateEngine.Tag] {
        var scanner = TagScanner(bytes: Array(source.utf8))
        return try scanner.scan()
    }

    @Test("classifies every kind of tag by its sigil")
    func classifiesKinds() throws {
        let tags = try scan("{{a}}{{{b}}}{{&c}}{{#d}}{{/d}}{{^e}}{{/e}}{{!x}}{{>f}}{{<g}}{{$h}}{{/h}}{{/g}}{{=<% %>=}}")
        #expect(tags.map(\.kind) == [.variable, .unescaped, .unescaped, .section, .close, .inverted, .close, .comment,
                                     .partial, .parent, .block, .close, .close, .delimiters])
        #expect(tags.map(\.name) == ["a", "b", "c", "d", "d", "e", "e", "", "f", "g", "h", "h", "g", "<% %>"])
    }

    @Test("reports the line and column of each tag, counting characters not bytes")
    func positions() throws {
        let tags = try scan("héllo {{name}}\n  {{#list}}\n\t{{/list}}")
        #expect(tags.map(\.position) == [Position(line: 1, column: 7), Position(line: 2, column: 3), Position(line: 3, column: 2)])
    }

    @Test("marks a tag alone on its line as standalone and widens it to the whole line")
    func standalone() throws {
        let source = "a\n  {{#s}}  \r\nb {{/s}}\n"
        let tags = try scan(source)
        #expect(tags[0].isStandalone)
        #expect(tags[0].start == 2)
        #expect(tags[0].end == 14)
        #expect(!tags[1].isStandalone)
    }

    @Test("never treats interpolation as standalone")
    func interpolationIsNotStandalone() throws {
        #expect(try scan("  {{name}}\n").first?.isStandalone == false)
    }

    @Test("switches delimiters and finds tags with the new ones")
    func delimiters() throws {
        let tags = try scan("{{=<% %>=}}<% name %>{{ignored}}<%={{ }}=%>{{back}}")
        #expect(tags.map(\.name) == ["<% %>", "name", "{{ }}", "back"])
    }

    @Test("marks dynamic partial names and strips the star")
    func dynamicNames() throws {
        let tags = try scan("{{> * dynamic }}{{>plain}}")
        #expect(tags.map(\.isDynamic) == [true, false])
        #expect(tags.map(\.name) == ["dynamic", "plain"])
    }

    @Test("lets comments span lines and keeps counting lines inside them")
    func multilineComment() throws {
        let tags = try scan("{{! one\ntwo }}\n{{x}}")
        #expect(tags[1].position == Position(line: 3, column: 1))
    }
}
