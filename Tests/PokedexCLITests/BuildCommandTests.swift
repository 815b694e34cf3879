import Foundation
import Testing
@testable import PokedexCLI

@Suite("pokedex build")
struct BuildCommandTests {
    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("builds the bundled sample offline, strictly checked, and builds it again over the old site")
    func sample() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site").path
        var command = try BuildCommand.parse(["--sample", "--strict", "--quiet", "--output", output])
        try await command.run()
        command = try BuildCommand.parse(["--sample", "--quiet", "--output", output])
        try await command.run()
        for page in ["index.html", "pokemon/eevee.html", "pokemon/pichu.html", "404.html", "search-index.js", "pokedex.json"] {
            #expect(FileManager.default.fileExists(atPath: output + "/" + page), "missing \(page)")
        }
        let eevee = try String(contentsOfFile: output + "/pokemon/eevee.html", encoding: .utf8)
        #expect(eevee.contains("is-branching"))
    }

    @Test("stops on a bad pokedex.toml with its line and column")
    func badConfig() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("pokedex.toml")
        try Data("title = \"Dex\"\ngenerations = [10]\n".utf8).write(to: config)
        let command = try BuildCommand.parse(["--sample", "--config", config.path])
        do {
            _ = try command.resolvedSettings()
            Issue.record("accepted generation 10")
        } catch {
            #expect("\(error)".contains("pokedex.toml:2:1: generations holds numbers from 1 to 9"))
        }
    }

    @Test("lets flags override the file")
    func flagsOverride() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("pokedex.toml")
        try Data("title = \"Dex\"\noutput = \"from-file\"\n".utf8).write(to: config)
        let settings = try BuildCommand.parse(["--config", config.path, "--output", "from-flag"]).resolvedSettings()
        #expect(settings.title == "Dex")
        #expect(settings.output == "from-flag")
    }

    @Test("builds the sample in three languages, strictly checked: a folder each, a picker at the root")
    func sampleLanguages() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site").path
        let command = try BuildCommand.parse(["--sample", "--strict", "--quiet", "--languages", "en,JA,fr", "--output", output])
        try await command.run()
        let japanese = try String(contentsOfFile: output + "/ja/pokemon/pikachu.html", encoding: .utf8)
        #expect(japanese.contains(#"<html lang="ja">"#))
        #expect(japanese.contains("<h1>ピカチュウ</h1>"), "the sample's names in every language")
        #expect(japanese.contains(#"<span lang="en">"#), "what the sample has only in English says so")
        let picker = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(picker.contains("日本語") && picker.contains("Français") && picker.contains("English"))
    }

    @Test("reads languages from pokedex.toml and refuses a list it cannot use, naming the line")
    func languagesSetting() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("pokedex.toml")
        try Data("languages = [\"en\", \"zh-Hant\", \"JA\"]\n".utf8).write(to: config)
        let settings = try BuildCommand.parse(["--config", config.path]).resolvedSettings()
        #expect(settings.siteLanguages == ["en", "zh-hant", "ja"])
        try Data("title = \"Dex\"\nlanguages = [\"en\", \"en\"]\n".utf8).write(to: config)
        #expect(throws: (any Error).self) { try BuildCommand.parse(["--config", config.path]).resolvedSettings() }
        do {
            _ = try BuildCommand.parse(["--config", config.path]).resolvedSettings()
        } catch {
            #expect("\(error)".contains("pokedex.toml:2:1: languages names en twice"))
        }
        #expect(throws: (any Error).self) { try BuildCommand.parse(["--sample", "--languages", "en,!!"]).resolvedSettings() }
    }

    @Test("the sample honours --pokemon and --generations, and says which names it lacks")
    func sampleSelection() async throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("site").path
        try await BuildCommand.parse(["--sample", "--quiet", "--pokemon", "pikachu,eevee", "--output", output]).run()
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/pokedex.json"))) as? [String: [[String: Any]]]
        let slugs = Set((json?["pokemon"] ?? []).compactMap { $0["slug"] as? String })
        #expect(slugs.contains("pikachu") && slugs.contains("eevee") && !slugs.contains("bulbasaur"))
        try await BuildCommand.parse(["--sample", "--quiet", "--generations", "4", "--output", output]).run()
        let fourth = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output + "/pokedex.json"))) as? [String: [[String: Any]]]
        let fourthSlugs = Set((fourth?["pokemon"] ?? []).compactMap { $0["slug"] as? String })
        #expect(fourthSlugs.isSuperset(of: ["riolu", "lucario", "leafeon", "glaceon"]))
        #expect((fourth?["pokemon"] ?? []).allSatisfy { $0["slug"] as? String != "pikachu" })
        do {
            try await BuildCommand.parse(["--sample", "--quiet", "--pokemon", "pikachuu", "--output", output]).run()
            Issue.record("an unknown name was accepted")
        } catch {
            #expect("\(error)".contains("No species named \"pikachuu\" in the bundled sample. Did you mean pikachu"))
        }
    }
}
