import Testing
@testable import PokedexCLI

@Suite("pokedex.toml")
struct BuildSettingsTests {
    @Test("reads every kind of value and lays it over the defaults")
    func reads() throws {
        let text = """
        # my site
        title = "Kanto Dex"   # shown in the header
        generations = [1, 2]
        pokemon = ["Pikachu", "eevee"]
        base-url = "https://example.org/dex/"
        strict = true
        """
        var settings = BuildSettings()
        try settings.apply(try ConfigFile(text: text, path: "pokedex.toml"))
        #expect(settings.title == "Kanto Dex")
        #expect(settings.generations == [1, 2])
        #expect(settings.pokemon == ["pikachu", "eevee"])
        #expect(settings.baseURL == "https://example.org/dex/")
        #expect(settings.strict)
        #expect(settings.output == "_site")
    }

    @Test("names the file, line and column of an unknown key")
    func unknownKey() throws {
        var settings = BuildSettings()
        let file = try ConfigFile(text: "title = \"x\"\n  colour = \"red\"\n", path: "pokedex.toml")
        #expect(throws: ConfigError(path: "pokedex.toml", line: 2, column: 3, message: "unknown setting colour; known settings: \(BuildSettings.keys.joined(separator: ", "))")) {
            try settings.apply(file)
        }
    }

    @Test("rejects bad values with where they are", arguments: [
        ("generations = [1, 12]", "generations holds numbers from 1 to 9"),
        ("strict = \"yes\"", "strict must be true or false"),
        ("base-url = \"example.org\"", "base-url must start with http:// or https:// (got example.org)"),
    ])
    func badValues(text: String, message: String) throws {
        var settings = BuildSettings()
        let file = try ConfigFile(text: text, path: "p.toml")
        do {
            try settings.apply(file)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description == "p.toml:1:1: \(message)")
        }
    }

    @Test("reports syntax errors with line and column")
    func syntax() {
        #expect(throws: ConfigError.self) { try ConfigFile(text: "title = \"open", path: "p.toml") }
        do {
            _ = try ConfigFile(text: "\n\ntitle \"x\"", path: "p.toml")
            Issue.record("accepted a line without =")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 7)
        }
    }
}
