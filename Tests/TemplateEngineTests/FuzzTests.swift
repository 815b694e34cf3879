import TemplateEngine
import Testing
import TestSupport

@Suite("Fuzz-style robustness")
struct FuzzTests {
    private static let pieces = [
        "{{", "}}", "{{{", "}}}", "{{#a}}", "{{/a}}", "{{^b}}", "{{/b}}", "{{>p}}", "{{<p}}", "{{$blk}}", "{{/blk}}",
        "{{/p}}", "{{=<% %>=}}", "<%x%>", "{{!c}}", "{{&a}}", "{{a.b}}", "{{.}}", "{{>*dyn}}", "\n", "  ", "x", "é",
        "{{=", "=}}", "{{#", "{{/", "\r\n", "{{*}}", "{{ }}", "%>", "<%",
    ]

    private static let context: TemplateValue = [
        "a": [["b": "<1>"], ["b": "2"]], "b": false, "x": "y", "dyn": "p", "blk": "z",
    ]

    @Test("random and mutated templates give an output or an error, never a crash or a hang")
    func randomTemplates() throws {
        var random = SeededGenerator(seed: 2026)
        let recursive = try Template(source: "{{>p}}{{<p}}{{$blk}}{{/blk}}{{/p}}", name: "p")
        var outputs = 0
        var errors = 0
        for _ in 0..<3000 {
            var source = ""
            for _ in 0..<Int.random(in: 1...24, using: &random) {
                source += Self.pieces.randomElement(using: &random) ?? ""
            }
            source = mutate(source, using: &random)
            do {
                let template = try Template(source: source, name: "fuzz")
                _ = try template.render(Self.context, partials: ["p": recursive], options: RenderOptions(maxDepth: 8))
                outputs += 1
            } catch {
                #expect(error.line >= 0)
                #expect(!error.description.isEmpty)
                errors += 1
            }
        }
        #expect(outputs > 100)
        #expect(errors > 100)
    }

    private func mutate(_ source: String, using random: inout SeededGenerator) -> String {
        var bytes = Array(source.utf8)
        for _ in 0..<Int.random(in: 0...3, using: &random) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes.remove(at: index)
            case 1: bytes.insert(UInt8.random(in: 0...127, using: &random), at: index)
            default: bytes[index] = UInt8.random(in: 32...126, using: &random)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
