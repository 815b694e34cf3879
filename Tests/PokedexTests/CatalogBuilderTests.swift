import Common
import Foundation
import Testing
@testable import Pokedex

@Suite("Catalog built from a small api-data folder")
struct CatalogBuilderTests {
    func build(_ fixture: FixtureFolder, language: String = "en", selection: Selection = .all) async throws -> Catalog {
        var loader = CatalogLoader(cacheRoot: fixture.root, language: language, selection: selection)
        loader.snapshotFolder = nil
        return try await loader.load().catalog
    }

    @Test("display names come from the data, in the language, falling back to English")
    func names() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let english = try await build(fixture)
        #expect(english.species.map(\.name) == ["Test-Mon♀", "Evomon"])
        let french = try await build(fixture, language: "fr")
        // English stands in where French is missing, marked as English for the pages' `lang`.
        #expect(french.species.map(\.name) == ["Testmonne", LanguageMark.mark("Evomon", tag: "en")])
        #expect(french.moves["tackle"]?.name == "Charge")
        #expect(french.abilities["run-away"]?.name == LanguageMark.mark("Run Away", tag: "en"))
        #expect(french.abilities["run-away"].map { LanguageMark.plain($0.name) } == "Run Away")
        #expect(french.stats["hp"]?.name == "PV")
    }

    @Test("English names of languages are capitalised, as English writes them; other languages' as they come")
    func languageNames() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try fixture.write("language", 12, ["id": 12, "name": "zh-hans",
                                           "names": FixtureFolder.names([("en", "Simplified chinese"), ("fr", "chinois simplifié")])])
        try fixture.write("language", 1, ["id": 1, "name": "ja-hrkt", "names": FixtureFolder.names([("en", "Japanese Hiragana and Katakana")])])
        #expect(try await build(fixture).labels["language"]?["zh-hans"] == "Simplified Chinese")
        #expect(try await build(fixture).labels["language"]?["ja-hrkt"] == "Japanese Hiragana and Katakana")
        #expect(try await build(fixture, language: "fr").labels["language"]?["zh-hans"] == "chinois simplifié")
        #expect(try await build(fixture, language: "de").labels["language"]?["zh-hans"] == LanguageMark.mark("Simplified Chinese", tag: "en"))
    }

    @Test("a species with no genus in the language or English has none, not a made-up one")
    func missingGenus() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let catalog = try await build(fixture)
        #expect(catalog.species(slug: "testmon")?.genus == nil)
        #expect(try await build(fixture, language: "ja").species(slug: "testmon")?.genus == "テストポケモン")
    }

    @Test("flavor text is the newest entry by version-group order, whitespace normalized")
    func flavorText() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        #expect(try await build(fixture).species.first?.flavorText == "Newest text is here, evolution.")
        #expect(try await build(fixture, language: "fr").species.first?.flavorText == "Texte français.")
    }

    @Test("moves come from the newest version group with usual learn methods, by order not id")
    func newestVersionGroup() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let testmon = try #require(try await build(fixture).pokemon["testmon"])
        #expect(testmon.movesVersionGroup == "new-group")
        #expect(testmon.moves == [
            LearnedMove(move: "tackle", method: .levelUp, level: 5),
            LearnedMove(move: "tackle", method: .machine, level: nil),
        ])
    }

    @Test("an alternate variety is named from its form, and listed after the default")
    func regionalForm() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let catalog = try await build(fixture)
        let species = try #require(catalog.species(slug: "testmon"))
        #expect(catalog.varieties(of: species).map(\.name) == ["Test-Mon♀", "Alolan Test-Mon"])
        #expect(catalog.pokemon["testmon-alola"]?.formName == "Alolan Form")
        #expect(catalog.defaultPokemon(of: species)?.slug == "testmon")
    }

    @Test("an alternate variety with no form names falls back to the species name and form name")
    func formFallback() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try fixture.write("pokemon-form", 10001, [
            "id": 10001, "name": "testmon-alola", "form_name": "alola", "names": [],
            "form_names": FixtureFolder.names([("en", "Alolan Form")]),
        ])
        #expect(try await build(fixture).pokemon["testmon-alola"]?.name == "Test-Mon♀ (Alolan Form)")
    }

    @Test("sprites become paths under the sprite root, and missing ones stay nil")
    func sprites() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let catalog = try await build(fixture)
        #expect(catalog.pokemon["testmon"]?.sprites == Sprites(frontDefault: "sprites/pokemon/1.png"))
        #expect(catalog.pokemon["testmon-alola"]?.sprites.frontDefault == "sprites/pokemon/10001.png")
        #expect(catalog.pokemon["evomon"]?.sprites == Sprites())
    }

    @Test("only types some pokemon has are kept, with their damage relations")
    func types() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let types = try await build(fixture).types
        #expect(types.map(\.slug) == ["normal"])
        #expect(types.first?.noDamageFrom == ["ghost"])
    }

    @Test("a chain member outside the selection stays in the chain and keeps its name")
    func chainMemberOutsideSelection() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let catalog = try await build(fixture, selection: Selection(names: ["testmon"]))
        #expect(catalog.species.map(\.slug) == ["testmon"])
        let species = try #require(catalog.species.first)
        let chain = try #require(catalog.evolutionChain(of: species))
        #expect(chain.root.evolvesTo.map(\.species) == ["evomon"])
        #expect(chain.root.evolvesTo.first?.conditions == [EvolutionCondition(trigger: "level-up", minLevel: 16)])
        #expect(catalog.chainOnlySpecies["evomon"] == SpeciesSummary(id: 2, slug: "evomon", name: "Evomon"))
        #expect(catalog.speciesSummary(slug: "evomon")?.name == "Evomon")
        #expect(catalog.pokemon["evomon"] == nil)
    }

    @Test("places and regions are named in the language where the folder has them, and left out where not")
    func placeNames() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let step: [String: Any] = ["trigger": FixtureFolder.link("evolution-trigger", "level-up", 1), "time_of_day": "",
                                   "location": FixtureFolder.link("location", "eterna-forest", 48),
                                   "region": FixtureFolder.link("region", "sinnoh", 4)]
        var elsewhere = step
        elsewhere["location"] = FixtureFolder.link("location", "pinwheel-forest", 49)
        try fixture.write("evolution-chain", 1, [
            "id": 1,
            "chain": [
                "species": FixtureFolder.link("pokemon-species", "testmon", 1), "evolution_details": [],
                "evolves_to": [["species": FixtureFolder.link("pokemon-species", "evomon", 2), "evolves_to": [], "evolution_details": [step, elsewhere]]],
            ],
        ])
        try fixture.write("location", 48, ["id": 48, "name": "eterna-forest", "names": FixtureFolder.names([("en", "Eterna Forest"), ("de", "Ewigwald")])])
        try fixture.write("region", 4, ["id": 4, "name": "sinnoh", "names": FixtureFolder.names([("en", "Sinnoh")])])
        let german = try await build(fixture, language: "de")
        #expect(german.locationNames == ["eterna-forest": "Ewigwald"], "pinwheel-forest has no file: no made-up name")
        #expect(german.regionNames == ["sinnoh": LanguageMark.mark("Sinnoh", tag: "en")], "English stands in for a missing translation, marked")
        let chain = try #require(german.evolutionChains[1])
        #expect(chain.root.evolvesTo.first?.conditions.map(\.location) == ["eterna-forest", "pinwheel-forest"])
    }

    @Test("selections by generation and dex range pick their species")
    func selections() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        #expect(try await build(fixture, selection: Selection(generations: [2])).species.map(\.slug) == ["evomon"])
        #expect(try await build(fixture, selection: Selection(dexRanges: [1...1])).species.map(\.slug) == ["testmon"])
        await #expect(throws: CatalogError.self) { try await build(fixture, selection: Selection(names: ["nobody"])) }
    }

    @Test("absolute links, as the live API sends them, read the same as relative ones")
    func absoluteLinks() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let relative = try await build(fixture)
        let base = "https://pokeapi.co"
        for (kind, id) in [("pokemon-species", 1), ("pokemon-species", 2), ("pokemon", 1), ("evolution-chain", 1)] {
            let text = try String(contentsOf: fixture.url(kind, id), encoding: .utf8)
            try fixture.writeRaw(kind, id, Data(text.replacingOccurrences(of: "\"\\/api\\/v2", with: "\"\(base)\\/api\\/v2")
                .replacingOccurrences(of: "\"/api/v2", with: "\"\(base)/api/v2").utf8))
        }
        let text = try String(contentsOf: fixture.url("pokemon", 1), encoding: .utf8)
        #expect(text.contains(base))
        #expect(try await build(fixture) == relative)
    }
}
