import Testing
@testable import Pokedex

@Suite("Flavor text whitespace is normalized")
struct TextNormalizationTests {
    @Test("form feeds, newlines and non-breaking spaces become single spaces", arguments: [
        ("A strange seed was\nplanted on its\u{0C}back at birth.", "A strange seed was planted on its back at birth."),
        ("  Mouse\u{00A0}\u{00A0}Pokémon \r\n", "Mouse Pokémon"),
        ("When several of\nthese POKéMON\ngather, their\u{0C}electricity could\nbuild.", "When several of these POKéMON gather, their electricity could build."),
        ("", ""),
    ])
    func whitespace(input: String, expected: String) {
        #expect(TextNormalization.normalize(input) == expected)
    }

    @Test("a soft hyphen at a line break joins the word; elsewhere it just goes")
    func softHyphen() {
        #expect(TextNormalization.normalize("evo\u{00AD}\nlution") == "evolution")
        #expect(TextNormalization.normalize("some\u{00AD}thing else") == "something else")
    }
}
