import Common
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

    @Test("a usage error of serve points to serve's own help, not to a command that is not there")
    func serveUsageHint() throws {
        var message = ""
        do {
            _ = try PokedexCommand.parseAsRoot(["serve", "--sample", "--data-poll", "5"])
        } catch {
            message = PokedexCommand.message(for: error)
        }
        #expect(message.contains("--data-poll must be 0 (never) or from 100 to 600000 ms."))
        #expect(message.contains("See 'pokedex serve --help' for more information."), "\(message)")
        #expect(!message.contains("pokedex build serve"), "\(message)")
        #expect(message.contains("[--data-poll <ms>]"), "the usage names the option")
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
        let first = try CatchCommand.parse(["pikachu", "--nickname", "Sparky", "--sample", "--collection", file])
        try await first.run()
        let second = try CatchCommand.parse(["eevee", "--nickname", "sparky", "--sample", "--collection", file])
        await #expect {
            try await second.run()
        } throws: { error in
            "\(error)".contains("already has it")
        }
        #expect(try CollectionStore(file: URL(fileURLWithPath: file)).read().caught.count == 1)
    }
}

@Suite("Notes on a caught Pokémon")
struct NotesCommandTests {
    @Test("catch --notes keeps Markdown in the file, edit changes or removes it, the rules cap it")
    func notes() async throws {
        let folder = try TemporaryFolder("pokedex-notes")
        let file = folder.url.appendingPathComponent("collection.toml").path
        let catching = try CatchCommand.parse(["pikachu", "--nickname", "Sparky", "--notes", "Caught in **Viridian Forest**.\nLoves berries.", "--sample", "--collection", file])
        try await catching.run()
        #expect(try CollectionStore(file: URL(fileURLWithPath: file)).read().caught.first?.notes == "Caught in **Viridian Forest**.\nLoves berries.")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#"notes = "Caught in **Viridian Forest**.\nLoves berries.""#))
        let editing = try EditCommand.parse(["Sparky", "--notes", "", "--sample", "--collection", file])
        try await editing.run()
        #expect(try CollectionStore(file: URL(fileURLWithPath: file)).read().caught.first?.notes == nil)
        for bad in [String(repeating: "x", count: 4_001), "bell\u{07}", "hidden\u{202E}txet"] {
            let refused = try EditCommand.parse(["Sparky", "--notes", bad, "--sample", "--collection", file])
            await #expect(throws: (any Error).self) { try await refused.run() }
        }
        #expect(try CollectionStore(file: URL(fileURLWithPath: file)).read().caught.first?.notes == nil, "nothing written by a refused edit")
    }
}

@Suite("pokedex init")
struct InitCommandTests {
    @Test("writes a starting point that builds as it is: settings, collection, about, theme, workflow")
    func starter() async throws {
        let folder = try TemporaryFolder("pokedex-init")
        let site = folder.url.appendingPathComponent("my-dex")
        let command = try InitCommand.parse([site.path, "--tool-source", "https://example.test/pokedex.git"])
        try await command.run()
        for path in ["pokedex.toml", "pokedex-collection.toml", "about.md", "theme/Templates/404.mustache", "theme/Public/custom.css",
                     ".github/workflows/pokedex.yml", ".gitignore"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(path).path), "\(path)")
        }
        // The settings it wrote are settings the build takes, and the collection one it reads.
        let config = site.appendingPathComponent("pokedex.toml")
        var settings = BuildSettings()
        try settings.apply(try ConfigFile(text: String(contentsOf: config, encoding: .utf8), path: config.path))
        #expect(settings.title == "My Pokédex" && settings.theme == "theme")
        #expect(try CollectionStore(file: site.appendingPathComponent("pokedex-collection.toml")).read() == TrainerCollection())
        let workflow = try String(contentsOf: site.appendingPathComponent(".github/workflows/pokedex.yml"), encoding: .utf8)
        #expect(workflow.contains("POKEDEX_SOURCE: https://example.test/pokedex.git"))
        #expect(workflow.contains(#"pokedex build --strict --base-url "${{ steps.pages.outputs.base_url }}/""#))
        #expect(workflow.contains("path: .pokedex-cache") && workflow.contains("actions/deploy-pages"))

        // Built from there, the theme's template, stylesheet and the about text are on the site.
        let output = site.appendingPathComponent("_site")
        let build = try PokedexProcess.run(["build", "--sample", "--strict", "--quiet", "--config", config.path,
                                            "--theme", site.appendingPathComponent("theme").path, "--output", output.path])
        #expect(build.status == 0, "\(build.output)\(build.errors)")
        #expect(try String(contentsOf: output.appendingPathComponent("404.html"), encoding: .utf8).contains("This page is not in my Pokédex (yet)."))
        #expect(try String(contentsOf: output.appendingPathComponent("assets/custom.css"), encoding: .utf8).contains("--accent: #3b5ba7"))
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8).contains("<h2>About this Pokédex</h2>"))

        // A second init replaces nothing without --force.
        let again = try InitCommand.parse([site.path])
        await #expect {
            try await again.run()
        } throws: { error in
            "\(error)".contains("already has pokedex.toml") && "\(error)".contains("--force")
        }
    }
}

@Suite("pokedex on the PATH")
struct OnThePathTests {
    /// Runs `pokedex arguments` as a shell finds it on the PATH: `argv[0]` is the bare name.
    static func runFromPath(_ arguments: [String], in folder: URL, executable: URL) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["PATH=\(executable.deletingLastPathComponent().path):/usr/bin:/bin", "CI=1", "pokedex"] + arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test("run by its bare name from a folder with no theme, it finds its own theme and keys its site by itself",
          .enabled(if: PokedexProcess.executable != nil && FileManager.default.isExecutableFile(atPath: "/usr/bin/env"),
                   "skipped: needs the pokedex executable and /usr/bin/env"))
    func bareName() throws {
        let executable = try #require(PokedexProcess.executable)
        let folder = try TemporaryFolder("pokedex-on-path")
        // The theme is found beside the executable (its package root above .build), not in
        // the current folder, which has none: `argv[0]` read as a path named a file here.
        let site = folder.url.appendingPathComponent("site")
        let run = try Self.runFromPath(["build", "--sample", "--quiet", "--output", site.path], in: folder.url, executable: executable)
        #expect(run.status == 0, "\(run.errors)")
        // The kept summaries name the tool as a build by its full path does: the version and
        // the executable's size, so another build of the same version never trusts them.
        let byPath = folder.url.appendingPathComponent("by-path")
        let direct = try PokedexProcess.run(["build", "--sample", "--quiet", "--output", byPath.path])
        #expect(direct.status == 0, "\(direct.errors)")
        /// The tool string the kept summaries start with: the version and, in brackets, the executable.
        func tool(_ site: URL) throws -> String {
            let text = String(decoding: try Data(contentsOf: site.appendingPathComponent(".pokedex-reverse")).prefix(200), as: UTF8.self)
            guard let version = text.range(of: PokedexVersion.current) else { return "" }
            let rest = text[version.lowerBound...]
            return String(rest[..<(rest.firstIndex(of: ")").map { rest.index(after: $0) } ?? rest.endIndex)])
        }
        let size = try #require(try FileManager.default.attributesOfItem(atPath: executable.resolvingSymlinksInPath().path)[.size] as? Int)
        let named = try tool(site)
        #expect(named.hasPrefix("\(PokedexVersion.current) (\(size) bytes,"), "the site's tool key names the executable: \(named)")
        #expect(try named == tool(byPath))
    }

    @Test("the executable is the kernel's link when there is one, else the PATH's file of argv[0]'s name")
    func locate() throws {
        let folder = try TemporaryFolder("pokedex-locate")
        let tool = folder.url.appendingPathComponent("bin/tool")
        try FileManager.default.createDirectory(at: tool.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: tool)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        let link = folder.url.appendingPathComponent("exe")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: tool.path)
        let absent = folder.url.appendingPathComponent("absent").path
        #expect(RunningExecutable.locate(procLink: link.path, argument: "other", path: "").path == tool.path)
        #expect(RunningExecutable.locate(procLink: absent, argument: "tool", path: "/nowhere:" + tool.deletingLastPathComponent().path).path
                == tool.resolvingSymlinksInPath().path)
        #expect(RunningExecutable.locate(procLink: absent, argument: tool.path, path: "").path == tool.resolvingSymlinksInPath().path)
    }
}

@Suite("Import's limits")
struct ImportLimitTests {
    @Test("an export past the size cap is refused before it is read, naming the file and the cap")
    func oversized() async throws {
        let folder = try TemporaryFolder("pokedex-import-cap")
        let file = folder.url.appendingPathComponent("huge.json")
        try Data(repeating: UInt8(ascii: " "), count: ImportCommand.maxBytes + 1).write(to: file)
        let command = try ImportCommand.parse([file.path, "--sample", "--collection", folder.url.appendingPathComponent("c.toml").path])
        await #expect {
            try await command.run()
        } throws: { error in
            "\(error)".contains("huge.json is \(ImportCommand.maxBytes + 1) bytes") && "\(error)".contains("at most")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("c.toml").path), "nothing written")
    }
}
