import Foundation
import Pokedex
import Testing
import TestSupport
@testable import PokedexCLI

@Suite("pokedex catch, edit, release, favorite, import")
struct CollectionCommandsTests {
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }
    let file: String

    init() throws {
        temporary = try TemporaryFolder("pokedex-collection-cli")
        file = temporary.url.appendingPathComponent(CollectionFile.defaultName).path
    }

    func run<Command: AsyncParsableCommandRunnable>(_ type: Command.Type, _ arguments: [String]) async throws {
        var command = try Command.parse(arguments + ["--sample", "--collection", file])
        try await command.run()
    }

    func collection() throws -> TrainerCollection { try CollectionStore(file: URL(fileURLWithPath: file)).read() }

    @Test("A catch is checked against the data and saved; a bad one writes nothing")
    func catchAndRefuse() async throws {
        try await run(CatchCommand.self, ["pikachu", "--nickname", "Sparky", "--level", "12", "--move", "thunderbolt"])
        let sparky = try #require(try collection().caught.first)
        #expect(sparky.species == "pikachu" && sparky.experience == 1728 && sparky.moves == ["thunderbolt"])
        let before = try Data(contentsOf: URL(fileURLWithPath: file))
        await #expect {
            try await run(CatchCommand.self, ["pikacu", "--nickname", "X", "--level", "0", "--move", "thunderbolt"])
        } throws: { error in
            let text = "\(error)"
            return text.contains("did you mean \"Pikachu\"") && text.contains("nickname") && text.contains("level: \"0\"")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
    }

    @Test("Edit changes only what it names and re-checks the rules; release needs --yes off a terminal")
    func editAndRelease() async throws {
        try await run(CatchCommand.self, ["eevee", "--nickname", "Évoli", "--level", "5", "--move", "tackle"])
        try await run(EditCommand.self, ["évoli", "--level", "30"])
        let edited = try #require(try collection().caught.first)
        #expect(edited.level == 30 && edited.nickname == "Évoli" && edited.moves == ["tackle"])
        await #expect(throws: (any Error).self) { try await run(EditCommand.self, ["Évoli", "--move", "hydro-cannon"]) }
        #expect(try collection().caught.first == edited)
        if isatty(STDIN_FILENO) == 0 {  // On a terminal it would ask instead of refusing.
            await #expect(throws: (any Error).self) { try await run(ReleaseCommand.self, [edited.id]) }
        }
        try await run(ReleaseCommand.self, [edited.id, "--yes"])
        #expect(try collection().caught.isEmpty)
    }

    @Test("Favorites are added once and removed; unknown species get a did-you-mean")
    func favorites() async throws {
        try await run(FavoriteCommand.self, ["Mr. Mime"])
        try await run(FavoriteCommand.self, ["mr-mime"])
        #expect(try collection().favorites == ["mr-mime"])
        try await run(UnfavoriteCommand.self, ["mr mime"])
        #expect(try collection().favorites.isEmpty)
        await #expect { try await run(FavoriteCommand.self, ["eveee"]) } throws: { "\($0)".contains("did you mean \"Eevee\"") }
    }

    @Test("The browser's export round-trips through import")
    func importExport() async throws {
        let export = folder.appendingPathComponent("pokedex-choices.json")
        try JSONEncoder().encode(BrowserChoices(captured: ["pichu"], favorites: ["eevee"])).write(to: export)
        try await run(ImportCommand.self, [export.path])
        let imported = try collection()
        #expect(imported.caught.map(\.species) == ["pichu"] && imported.favorites == ["eevee"])
        try await run(ImportCommand.self, [export.path])
        #expect(try collection() == imported)
    }
}

/// The parse-then-run shape of every command, so the helper above takes any of them.
protocol AsyncParsableCommandRunnable {
    static func parse(_ arguments: [String]?) throws -> Self
    mutating func run() async throws
}

extension CatchCommand: AsyncParsableCommandRunnable {}
extension EditCommand: AsyncParsableCommandRunnable {}
extension ReleaseCommand: AsyncParsableCommandRunnable {}
extension FavoriteCommand: AsyncParsableCommandRunnable {}
extension UnfavoriteCommand: AsyncParsableCommandRunnable {}
extension ImportCommand: AsyncParsableCommandRunnable {}

@Suite("The collection file survives a command killed at any moment")
struct CollectionKillTests {
    static let binary = SharedFixtures.packageRoot.appendingPathComponent(".build/debug/pokedex")

    @Test("SIGKILL during writes leaves the old or the new file, never a broken one",
          .enabled(if: FileManager.default.isExecutableFile(atPath: binary.path),
                   "skipped: \(binary.path) is not built (run swift build first)"))
    func killMidWrite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-kill-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(CollectionFile.defaultName)
        var generator = SystemRandomNumberGenerator()
        var killed = 0
        for round in 0..<24 {
            let process = Process()
            process.executableURL = Self.binary
            let verb = round.isMultiple(of: 2) ? "favorite" : "unfavorite"
            process.arguments = [verb, ["pikachu", "eevee", "onix"][round % 3], "--sample", "--collection", file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A blocking sleep: a task's sleep, with the test pool busy, resumed after the
            // command had ended and killed nothing.
            usleep(UInt32.random(in: 0...120_000, using: &generator))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killed += 1
            }
            process.waitUntilExit()
            if FileManager.default.fileExists(atPath: file.path) {
                let text = try String(contentsOf: file, encoding: .utf8)
                let collection = try CollectionFile.decode(text, file: file.path)
                #expect(Set(collection.favorites).isSubset(of: ["pikachu", "eevee", "onix"]))
            }
        }
        // The next command still works on whatever the kills left.
        let last = Process()
        last.executableURL = Self.binary
        last.arguments = ["favorite", "mewtwo", "--sample", "--collection", file.path]
        try last.run()
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(try CollectionStore(file: file).read().favorites.contains("mewtwo"))
        #expect(killed > 0, "no run was killed mid-way; the test proved nothing")
    }
}
