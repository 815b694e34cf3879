import Foundation
import Pokedex
import Testing
import TestSupport

@Suite("The collection file on disk")
struct CollectionStoreTests {
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }
    let store: CollectionStore

    init() throws {
        temporary = try TemporaryFolder("pokedex-collection")
        store = CollectionStore(file: temporary.url.appendingPathComponent(CollectionFile.defaultName), lockTimeout: .milliseconds(200))
    }

    static let sparky = CaughtPokemon(id: "k7p2qx", species: "pikachu", nickname: "Sparky \"the\" <b>Bold</b>\\",
                                      level: 12, experience: 1728, moves: ["thunderbolt", "quick-attack"], heldItem: "light-ball")

    @Test("A missing file is an empty collection, and nothing is created by reading")
    func missingFile() throws {
        #expect(try store.read() == TrainerCollection())
        #expect(!FileManager.default.fileExists(atPath: store.file.path))
    }

    @Test("What is written reads back the same, and the text is stable")
    func roundTrip() throws {
        let collection = TrainerCollection(caught: [Self.sparky, CaughtPokemon(id: "b", species: "eevee", nickname: "Éva",
                                                                               level: 5, experience: 125, moves: ["growl"])],
                                           favorites: ["pikachu", "mr-mime"])
        try store.update { $0 = collection }
        #expect(try store.read() == collection)
        let text = try String(contentsOf: store.file, encoding: .utf8)
        #expect(text == CollectionFile.encode(try CollectionFile.decode(text, file: "x")))
        #expect(text.contains("nickname = \"Sparky \\\"the\\\" <b>Bold</b>\\\\\""))
    }

    @Test("Each change keeps the previous version as a backup, which can be restored")
    func backup() throws {
        try store.update { $0.favorites = ["pikachu"] }
        try store.update { $0.favorites = ["eevee"] }
        #expect(try CollectionFile.decode(String(contentsOf: store.backup, encoding: .utf8), file: "bak").favorites == ["pikachu"])
        let restored = try store.restoreBackup()
        #expect(restored.favorites == ["pikachu"])
        #expect(try store.read().favorites == ["pikachu"])
    }

    @Test("A change that throws or changes nothing writes nothing")
    func noWriteOnFailure() throws {
        try store.update { $0.favorites = ["pikachu"] }
        let before = try Data(contentsOf: store.file)
        #expect(throws: CollectionError.self) {
            try store.update { (collection: inout TrainerCollection) throws(CollectionError) in
                collection.favorites = []
                throw .notFound("x", suggestions: [])
            }
        }
        try store.update { _ in }
        #expect(try Data(contentsOf: store.file) == before)
        #expect(!FileManager.default.fileExists(atPath: store.backup.path))
    }

    @Test("A malformed file is reported with line and column and never overwritten")
    func malformedFile() throws {
        let broken = "favorites = [\"pikachu\"]\n\n[[caught]]\nid = \"a\"\nlevel = twelve\n"
        try broken.write(to: store.file, atomically: true, encoding: .utf8)
        #expect {
            try store.update { $0.favorites = [] }
        } throws: { error in
            guard case .malformed(let detail) = error as? CollectionError else { return false }
            return detail.line == 5 && detail.column == 9 && detail.file == store.file.path
        }
        #expect(try String(contentsOf: store.file, encoding: .utf8) == broken)
    }

    @Test("File errors name the spot", arguments: [
        ("favorites = [\"a\",\n  3]\n", 2, 3, "each of favorites must be a string"),
        ("[[caught]]\nid = \"a\"\nspecies = \"pikachu\"\n", 1, 1, "no nickname"),
        ("colour = \"red\"\n", 1, 10, "unknown key \"colour\""),
        ("favorites = [\"a\"\n", 2, 1, "not closed"),
        ("[[caught]]\nid = \"a\"\nspecies = \"p\"\nnickname = \"Abc\"\nlevel = 1\nexperience = 0\nmoves = [\"x\"]\nmood = 1\n", 8, 8, "unknown key \"mood\""),
        ("favorites = \"unterminated\n", 1, 26, "not closed"),
    ])
    func fileErrors(text: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try CollectionFile.decode(text, file: "pokedex-collection.toml")
        } throws: { error in
            guard case .malformed(let detail) = error as? CollectionError else { return false }
            return detail.line == line && detail.column == column && detail.message.contains(message)
        }
    }

    @Test("Two ids alike are refused")
    func duplicateIDs() {
        var collection = TrainerCollection(caught: [Self.sparky, Self.sparky])
        collection.caught[1].nickname = "Other"
        #expect(throws: CollectionError.self) { try CollectionFile.decode(CollectionFile.encode(collection), file: "f") }
    }

    @Test("While one command holds the lock, another is told so and writes nothing")
    func locking() async throws {
        let holding = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let first = Task.detached { [store] in
            try store.update { collection in
                collection.favorites = ["first"]
                holding.continuation.yield()
                let semaphore = DispatchSemaphore(value: 0)
                Task { for await _ in release.stream { break }; semaphore.signal() }
                semaphore.wait()
            }
        }
        for await _ in holding.stream { break }
        #expect {
            try store.update { $0.favorites = ["second"] }
        } throws: { error in
            guard case .locked(let path, _) = error as? CollectionError else { return false }
            return path == store.file.path
        }
        release.continuation.yield()
        try await first.value
        #expect(try store.read().favorites == ["first"])
    }
}
