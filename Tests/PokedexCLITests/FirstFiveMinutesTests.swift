import Foundation
import Pokedex
import Testing
import TestSupport
@testable import PokedexCLI

/// What a newcomer meets first: no network, typos, a wrong folder; each gets words that help.
@Suite("The first five minutes")
struct FirstFiveMinutesTests {
    @Test("no route to the API: said once, with the ways to build without it, and no cache left behind")
    func offline() async throws {
        let folder = try TemporaryFolder("pokedex-offline")
        let cache = folder.url.appendingPathComponent("cache")
        // `.invalid` never resolves (RFC 6761): a network with no DNS answers the same way.
        let command = try BuildCommand.parse(["--api", "https://pokeapi.invalid/api/v2/", "--cache", cache.path,
                                              "--output", folder.url.appendingPathComponent("site").path, "--quiet"])
        await #expect {
            try await command.run()
        } throws: { error in
            let text = "\(error)"
            return text.contains("Cannot reach pokeapi.invalid") && text.contains("Are you offline?")
                && text.contains("--sample") && text.contains("--api FOLDER") && text.contains("--offline")
        }
        #expect(!FileManager.default.fileExists(atPath: cache.path), "a build that fetched nothing leaves no cache")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site").path))
    }

    @Test("--offline with an empty cache says so in one sentence and names the other sources")
    func offlineEmptyCache() async throws {
        let folder = try TemporaryFolder("pokedex-offline-empty")
        let command = try BuildCommand.parse(["--offline", "--cache", folder.url.appendingPathComponent("cache").path,
                                              "--output", folder.url.appendingPathComponent("site").path, "--quiet"])
        await #expect {
            try await command.run()
        } throws: { error in
            let text = "\(error)"
            return text.contains("holds no PokeAPI data yet") && text.contains("--sample") && text.contains("--api FOLDER")
        }
    }

    @Test("an unknown subcommand gets 'did you mean' and the list of commands")
    func unknownCommand() throws {
        let message = try #require(PokedexCommand.unknownCommand(["biuld", "--sample"]))
        #expect(message.contains("unknown command biuld. Did you mean build?"))
        #expect(message.contains("serve") && message.contains("check"))
        #expect(PokedexCommand.unknownCommand(["build", "--sample"]) == nil)
        #expect(PokedexCommand.unknownCommand(["--help"]) == nil)
    }

    @Test("a theme folder that is not there is said to be missing, not blamed on a template")
    func missingTheme() async throws {
        let folder = try TemporaryFolder("pokedex-theme")
        let command = try BuildCommand.parse(["--sample", "--quiet", "--theme", "/nonexistent-theme-folder",
                                              "--output", folder.url.appendingPathComponent("site").path])
        await #expect {
            try await command.run()
        } throws: { error in
            "\(error)".contains("the theme folder /nonexistent-theme-folder (--theme) does not exist")
        }
    }

    @Test("a generation the source lacks is refused before any work, naming the ones it has")
    func badGeneration() async throws {
        let folder = try TemporaryFolder("pokedex-generation")
        let command = try BuildCommand.parse(["--sample", "--quiet", "--generations", "12", "--output", folder.url.appendingPathComponent("site").path])
        await #expect {
            try await command.run()
        } throws: { error in
            "\(error)".contains("Generation 12 is not in the bundled sample: it has generations 1, 2, 4, 6")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site").path))
    }

    @Test("a nickname another Pokémon has is refused, so edit and release name one Pokémon")
    func duplicateNickname() async throws {
        let folder = try TemporaryFolder("pokedex-nickname")
        let file = folder.url.appendingPathComponent("collection.toml").path
        var first = try CatchCommand.parse(["pikachu", "--nickname", "Sparky", "--sample", "--collection", file])
        try await first.run()
        var second = try CatchCommand.parse(["eevee", "--nickname", "sparky", "--sample", "--collection", file])
        await #expect {
            try await second.run()
        } throws: { error in
            "\(error)".contains("already has it")
        }
        #expect(try CollectionStore(file: URL(fileURLWithPath: file)).read().caught.count == 1)
    }
}
