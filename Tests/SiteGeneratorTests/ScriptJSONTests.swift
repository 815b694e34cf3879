import Foundation
@testable import SiteGenerator
import TestSupport
import Testing

@Suite("The search files' JSON")
struct ScriptJSONTests {
    /// Strings a name or a trainer's note could hold: every escape JSON has, every control
    /// character, `</` in a row and apart, text past ASCII and past the basic plane.
    static let strings: [String] = [
        "", "pikachu", "Mr. Mime", "say \"hi\"", #"back\slash"#, "line\nbreak\r\ttab",
        String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }), "\u{7F}", "</script>", "<</", "<//", "a<b/c", "</</",
        "Pokémon", "ニドラン♀", "🐉", "\u{2028}\u{2029}", "<", "/", "<\\/",
    ]

    @Test("a script's JSON is the bytes Python's json.dumps(ensure_ascii=False, sort_keys=True) gives, with </ written <\\/")
    func matchesPython() throws {
        guard let python = SharedFixtures.python3 else {
            Issue.record("python3 is missing: the search files' JSON is not compared with Python's")
            return
        }
        let members = Dictionary(uniqueKeysWithValues: Self.strings.enumerated().map { ("k\($0.offset)\($0.element)", ScriptJSON.string($0.element)) })
        let value = ScriptJSON.object([
            "strings": .array(Self.strings.map(ScriptJSON.string)), "members": .object(members),
            "numbers": .array([.int(0), .int(-7), .int(Int.max), .null, ScriptJSON(nil), ScriptJSON(25)]),
        ])
        let ours = SearchIndex.script([("POKEDEX_TEST", value), ("POKEDEX_EMPTY", .object([:]))])

        // The same strings handed to Python as JSON, the value built and written there.
        let input = try JSONSerialization.data(withJSONObject: Self.strings)
        let script = """
            import json, sys
            strings = json.loads(sys.stdin.read())
            value = {"strings": strings, "members": {"k%d%s" % (i, s): s for i, s in enumerate(strings)},
                     "numbers": [0, -7, \(Int.max), None, None, 25]}
            def dump(v): return json.dumps(v, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            text = "window.POKEDEX_TEST=" + dump(value) + ";\\nwindow.POKEDEX_EMPTY=" + dump({}) + ";\\n"
            sys.stdout.buffer.write(text.replace("</", "<\\\\/").encode("utf-8"))
            """
        let (status, theirs) = try ChildProcess.run(python, ["-c", script], input: input)
        #expect(status == 0)
        #expect(!theirs.isEmpty)
        #expect(ours == theirs, "ours:\n\(String(decoding: ours, as: UTF8.self))\nPython's:\n\(String(decoding: theirs, as: UTF8.self))")
        // What the escaping is for: no string can end the script.
        #expect(!String(decoding: ours, as: UTF8.self).contains("</"))
    }
}
