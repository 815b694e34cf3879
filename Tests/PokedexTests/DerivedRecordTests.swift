import Foundation
import Testing
@testable import Pokedex

/// A species' draft, a normalized pokemon and a move are kept with the files they read; a build
/// takes them while those files are unchanged. These tests change each kind of input and
/// compare the catalog with one built with no records at all.
@Suite("Derived records are taken only while every file they read is unchanged")
struct DerivedRecordTests {
    /// The catalog as a build with no records makes it.
    func clean(_ fixture: FixtureFolder) async throws -> Catalog {
        var loader = CatalogLoader(cacheRoot: fixture.root)
        loader.snapshotFolder = nil
        return try await loader.load().catalog
    }

    /// A load sharing `records` (saved after it), and how many derived records it made.
    func load(_ fixture: FixtureFolder) async throws -> (catalog: Catalog, made: Int, decoded: Int) {
        var loader = CatalogLoader(cacheRoot: fixture.root)
        let records = loader.makeRecords()
        loader.records = records
        let loaded = try await loader.loadCounting()
        records.save()
        return (loaded.catalog, records.derivedMade, loaded.decoded)
    }

    @Test("an unchanged folder makes none again and gives the same catalog")
    func unchanged() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let first = try await load(fixture)
        #expect(first.made == 2 + 3 + 2, "two species' drafts, three pokemon and two moves")
        let second = try await load(fixture)
        #expect(second.made == 0)
        #expect(second.decoded == 0)
        #expect(second.catalog == first.catalog)
        #expect(second.catalog == (try await clean(fixture)))
    }

    @Test("a renamed species renames its pokemon: the species' file is a pokemon's input")
    func speciesInput() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        _ = try await load(fixture)
        try fixture.write("pokemon-species", 1, FixtureFolder.species(
            id: 1, slug: "testmon", names: [("en", "Renamed-Mon")],
            varieties: [(1, "testmon", true), (10001, "testmon-alola", false)], evolvesFrom: nil, generation: 1))
        let after = try await load(fixture)
        #expect(after.catalog.pokemon["testmon"]?.name == "Renamed-Mon")
        #expect(after.made == 1 + 2, "the species' draft and its two pokemon, nothing else")
        #expect(after.catalog == (try await clean(fixture)))
    }

    @Test("a changed form, and one that appears where none was, are noticed")
    func formInputs() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        _ = try await load(fixture)
        try fixture.write("pokemon-form", 10001, [
            "id": 10001, "name": "testmon-alola", "form_name": "alola",
            "names": FixtureFolder.names([("en", "Alolan Renamed")]), "form_names": FixtureFolder.names([("en", "Alolan Form")]),
        ])
        let renamed = try await load(fixture)
        #expect(renamed.catalog.pokemon["testmon-alola"]?.name == "Alolan Renamed")
        #expect(renamed.made == 1)
        #expect(renamed.catalog == (try await clean(fixture)))
        // Evomon's form was looked for and absent: its arrival is a change too.
        try fixture.write("pokemon-form", 2, ["id": 2, "name": "evomon", "form_name": "", "is_battle_only": true])
        let arrived = try await load(fixture)
        #expect(arrived.catalog.pokemon["evomon"]?.form.isBattleOnly == true)
        #expect(arrived.made == 1)
        #expect(arrived.catalog == (try await clean(fixture)))
        // And a form that goes: the alternate pokemon is named from its species again.
        try FileManager.default.removeItem(at: fixture.url("pokemon-form", 10001))
        let gone = try await load(fixture)
        #expect(gone.catalog.pokemon["testmon-alola"]?.name != "Alolan Renamed")
        #expect(gone.made == 1)
        #expect(gone.catalog == (try await clean(fixture)))
    }

    @Test("a new order of the games makes every one again")
    func orderInput() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let before = try await load(fixture)
        #expect(before.catalog.pokemon["testmon"]?.movesVersionGroup == "new-group")
        try fixture.write("version-group", 3, ["id": 3, "name": "remake-group", "order": 7])
        let after = try await load(fixture)
        #expect(after.catalog.pokemon["testmon"]?.movesVersionGroup == "remake-group")
        #expect(after.made == 2 + 3 + 2)
        #expect(after.catalog == (try await clean(fixture)))
    }

    @Test("the records a kept value was made from stay kept: making it again decodes only the changed file")
    func carriedRecords() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        _ = try await load(fixture)
        // A save in which testmon's pokemon were taken whole, not read from their records.
        try fixture.write("pokemon-species", 2, FixtureFolder.species(
            id: 2, slug: "evomon", names: [("en", "Evomon Renamed")], varieties: [(2, "evomon", true)], evolvesFrom: "testmon", generation: 2))
        #expect(try await load(fixture).decoded == 1)
        try fixture.write("pokemon-species", 1, FixtureFolder.species(
            id: 1, slug: "testmon", names: [("en", "Renamed-Mon")],
            varieties: [(1, "testmon", true), (10001, "testmon-alola", false)], evolvesFrom: nil, generation: 1))
        let after = try await load(fixture)
        #expect(after.decoded == 1, "testmon's pokemon and form were made again from their kept records")
        #expect(after.catalog == (try await clean(fixture)))
    }

    @Test("a move is made again when its file or a machine it names changes, and only then")
    func moveInputs() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        _ = try await load(fixture)
        // Tackle taught by a machine whose file is not there yet: looked for, absent.
        var tackle: [String: Any] = [
            "id": 1, "name": "tackle", "names": FixtureFolder.names([("en", "Tackle Renamed")]),
            "type": FixtureFolder.link("type", "normal", 1), "power": 40, "accuracy": 100, "pp": 35,
            "machines": [["machine": ["url": "https://pokeapi.co/api/v2/machine/7/"], "version_group": FixtureFolder.link("version-group", "new-group", 2)]],
        ]
        try fixture.write("move", 1, tackle)
        let renamed = try await load(fixture)
        #expect(renamed.catalog.moves["tackle"]?.name == "Tackle Renamed")
        #expect(renamed.catalog.moves["tackle"]?.machines.isEmpty == true)
        #expect(renamed.made == 1, "tackle alone")
        #expect(renamed.catalog == (try await clean(fixture)))
        // The machine arrives: an input looked for and absent is one too.
        try fixture.write("machine", 7, ["id": 7, "item": FixtureFolder.link("item", "tm01", 305), "move": FixtureFolder.link("move", "tackle", 1),
                                         "version_group": FixtureFolder.link("version-group", "new-group", 2)])
        let taught = try await load(fixture)
        #expect(taught.catalog.moves["tackle"]?.machines == [Move.Machine(versionGroup: "new-group", item: "tm01")])
        #expect(taught.made == 1)
        #expect(taught.catalog == (try await clean(fixture)))
        // The machine changes; then nothing does.
        try fixture.write("machine", 7, ["id": 7, "item": FixtureFolder.link("item", "tm02", 306), "move": FixtureFolder.link("move", "tackle", 1),
                                         "version_group": FixtureFolder.link("version-group", "new-group", 2)])
        let changed = try await load(fixture)
        #expect(changed.catalog.moves["tackle"]?.machines.map(\.item) == ["tm02"])
        #expect(changed.made == 1)
        #expect(changed.catalog == (try await clean(fixture)))
        let again = try await load(fixture)
        #expect(again.made == 0 && again.decoded == 0)
        #expect(again.catalog == changed.catalog)
        tackle["power"] = 50
        try fixture.write("move", 1, tackle)
        #expect(try await load(fixture).catalog.moves["tackle"]?.power == 50)
    }
}
