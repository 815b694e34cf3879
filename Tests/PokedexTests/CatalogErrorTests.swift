import Foundation
import Testing
@testable import Pokedex

@Suite("Catalog errors name the file and the JSON path")
struct CatalogErrorTests {
    func message(_ fixture: FixtureFolder) async -> String? {
        var loader = CatalogLoader(cacheRoot: fixture.root)
        loader.snapshotFolder = nil
        do {
            _ = try await loader.load()
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a missing pokemon names its file and the species that needs it")
    func missingResource() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try FileManager.default.removeItem(at: fixture.url("pokemon", 2))
        let text = try #require(await message(fixture))
        #expect(text.contains("api/v2/pokemon/2/index.json"))
        #expect(text.contains("evomon"))
        #expect(text.contains("pokedex fetch"))
    }

    @Test("a field of the wrong type gives its JSON path")
    func wrongType() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        var broken = FixtureFolder.pokemon(id: 2, slug: "evomon", species: "evomon", speciesID: 2, isDefault: true, frontDefault: nil)
        broken["stats"] = [["base_stat": "high", "stat": FixtureFolder.link("stat", "hp", 1)]]
        try fixture.write("pokemon", 2, broken)
        let text = try #require(await message(fixture))
        #expect(text.contains("api/v2/pokemon/2/index.json"))
        #expect(text.contains("$.stats[0].base_stat"))
        #expect(text.contains("expected a whole number"))
    }

    @Test("a null where an object belongs is said in JSON's words, with advice that fits a folder read in place")
    func nullObject() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let chain = try String(contentsOf: fixture.url("evolution-chain", 1), encoding: .utf8)
        let broken = try #require(chain.range(of: #""species":{"name":"evomon""#))
        // The second member's species link made null: valid JSON the site cannot use.
        var text = chain
        let end = try #require(chain[broken.upperBound...].firstIndex(of: "}"))
        text.replaceSubrange(broken.lowerBound...end, with: #""species":null"#)
        try fixture.writeRaw("evolution-chain", 1, Data(text.utf8))
        let message = try #require(await message(fixture))
        #expect(message.contains("api/v2/evolution-chain/1/index.json at $.chain.evolves_to[0].species: null where an object is required"))
        #expect(!message.contains("Dictionary"))
        #expect(!message.contains("fetch it again"))
        #expect(message.contains("Fix or remove the file"))
    }

    @Test("a truncated file is reported as malformed, not a crash")
    func truncated() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try fixture.writeRaw("evolution-chain", 1, Data("{\"id\": 1, \"chain\": {".utf8))
        let text = try #require(await message(fixture))
        #expect(text.contains("Malformed"))
        #expect(text.contains("api/v2/evolution-chain/1/index.json"))
    }

    @Test("an empty folder says where it looked")
    func emptyFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        await #expect(throws: CatalogError.self) { try await CatalogLoader.load(from: root) }
    }
}
