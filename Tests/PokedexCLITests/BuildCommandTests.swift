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
}
