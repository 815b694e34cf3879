import Pokedex
import TemplateEngine
import Testing
@testable import SiteGenerator

@Suite("Detail page")
struct DetailPageTests {
    func page(_ slug: String) throws -> DetailPage {
        let index = TestCatalog.index()
        return DetailPage(pokemon: try #require(index.catalog.pokemon[slug]), index: index, collection: .empty, strings: try TestCatalog.strings())
    }

    @Test("computes type defenses from both types' damage relations")
    func defenses() throws {
        let steelix = try page("steelix")
        let labels = Dictionary(uniqueKeysWithValues: steelix.defenses.map { ($0.label, $0.types.map(\.slug)) })
        #expect(labels["0×"]?.sorted() == ["electric", "poison"])
        #expect(labels["2×"]?.contains("fire") == true)
        #expect(labels["¼×"]?.contains("rock") == true)
        let charizard = try page("charizard")
        #expect(charizard.defenses.first?.label == "4×")
        #expect(charizard.defenses.first?.types.map(\.slug) == ["rock"])
    }

    @Test("lists encounters per game, newest first; games met alike share a table; rows by area name, method, levels; regions only where known")
    func locations() throws {
        var catalog = TestCatalog.make()
        catalog.versionGroups = [
            VersionGroupInfo(slug: "gold-silver", name: "Gold / Silver", order: 2, generation: 2, versions: ["gold", "silver"]),
            VersionGroupInfo(slug: "red-blue", name: "Red / Blue", order: 1, generation: 1, versions: ["red", "blue"]),
        ]
        catalog.versionNames = ["red": "Red", "blue": "Blue", "gold": "Gold", "silver": "Silver"]
        // Slugs sort one way, names the other: rows follow the area names a page shows, and
        // the methods' slugs, as they always have.
        catalog.labels["location-area"] = ["a-forest": "Viridian Forest", "z-route": "Route 2"]
        catalog.labels["encounter-method"] = ["walk": "Grass", "surf": "Wave"]
        catalog.labels["encounter-condition-value"] = ["time-morning": "Morning"]
        catalog.areaLocations = ["z-route": "route-2"]
        catalog.locationRegions = ["route-2": "kanto"]
        catalog.regionNames = ["kanto": "Kanto"]
        func met(_ version: String, _ area: String, _ method: String, _ low: Int, _ high: Int, _ chance: Int, _ conditions: [String] = []) -> Encounter {
            Encounter(version: version, area: area, method: method, minLevel: low, maxLevel: high, chance: chance, conditions: conditions)
        }
        let red = [met("red", "a-forest", "walk", 3, 5, 5), met("red", "z-route", "walk", 4, 4, 10),
                   met("red", "z-route", "surf", 10, 20, 150), met("red", "a-forest", "walk", 2, 2, 5)]
        let gold = [met("gold", "b-unnamed-cave", "walk", 7, 7, 20, ["time-morning"])]
        var pokemon = try #require(catalog.pokemon["pikachu"])
        func locations(_ encounters: [Encounter]) throws -> (games: [TemplateValue], reads: Set<String>) {
            pokemon.encounters = EncounterList(encounters)
            let log = ReadLog()
            let index = CatalogIndex(catalog: catalog, spriteShapes: [:]).recording(into: log)
            return (DetailSections.locations(pokemon, index: index, strings: try TestCatalog.strings()).items, log.keys)
        }
        // Blue as Red, listed in another order; Gold its own, with a condition and an unnamed area.
        let (games, reads) = try locations(red.reversed().map { var row = $0; row.version = "blue"; return row } + red + gold)
        #expect(games.map { $0["game"]?.text } == ["Gold", "Red, Blue"])
        #expect(games.map { $0["open"]?.isTruthy } == [true, false])
        // Blue as Red but for one field of one row, whichever it is: a table of its own.
        let changes: [(field: String, change: (inout Encounter) -> Void)] = [
            ("area", { $0.area = "z-route" }), ("method", { $0.method = "surf" }), ("minLevel", { $0.minLevel = 1 }),
            ("maxLevel", { $0.maxLevel = 9 }), ("chance", { $0.chance = 6 }), ("conditions", { $0.conditions = ["time-morning"] }),
        ]
        // Every field but the game, so a field `Encounter` gains is named here too.
        #expect(Set(Mirror(reflecting: red[0]).children.compactMap(\.label)) == Set(changes.map(\.field) + ["version"]))
        for (field, change) in changes {
            var blue = red.map { var row = $0; row.version = "blue"; return row }
            change(&blue[0])
            #expect(try locations(red + blue + gold).games.map { $0["game"]?.text } == ["Gold", "Red", "Blue"], "Blue's \(field) differs")
        }
        let goldRows = games.first?["rows"]?.items ?? []
        #expect(goldRows.map { $0["area"]?.text } == ["B Unnamed Cave"])
        #expect(goldRows.first?["conditions"]?.text == "Morning")
        #expect({ if case .null? = goldRows.first?["region"] { true } else { false } }(), "a region key with no value")
        let rows = games.last?["rows"]?.items ?? []
        #expect(rows.map { $0["area"]?.text } == ["Route 2", "Route 2", "Viridian Forest", "Viridian Forest"])
        #expect(rows.map { $0["method"]?.text } == ["Wave", "Grass", "Grass", "Grass"])
        #expect(rows.map { $0["levels"]?.text } == ["10–20", "4", "2", "3–5"])
        #expect(rows.map { $0["chance"]?.text } == ["100%", "10%", "5%", "5%"])
        #expect(rows.map { $0["region"]?.text } == ["Kanto", "Kanto", nil, nil])
        // What the rows show was read, and nothing else (the page reads the pokemon).
        #expect(reads == ["versionGroups", "labels", "versionNames", "areaLocations", "locationRegions", "regionNames"])
        // Areas with no place read no regions: an edited region does not build this page again.
        #expect(try locations(gold).reads == ["versionGroups", "labels", "versionNames", "areaLocations"])
        // A pokemon met nowhere reads only the games' order.
        let nowhere = try locations([])
        #expect(nowhere.games.isEmpty)
        #expect(nowhere.reads == ["versionGroups"])
    }

    @Test("rows met alike that differ by one condition each read as one; any other difference keeps them apart")
    func locationsMergedByCondition() throws {
        var catalog = TestCatalog.make()
        catalog.versionGroups = [VersionGroupInfo(slug: "sword-shield", name: "Sword / Shield", order: 1, generation: 8, versions: ["sword"])]
        catalog.versionNames = ["sword": "Sword"]
        catalog.labels["location-area"] = ["beach": "Challenge Beach", "cave": "Courageous Cavern"]
        catalog.labels["encounter-method"] = ["surf": "Surfing"]
        catalog.labels["encounter-condition-value"] = [
            "story-before": "Before the Hall of Fame", "story-after": "After the Hall of Fame",
            "rain": "In the rain", "fog": "In the fog", "sun": "In the sun.",
        ]
        func met(_ area: String, _ low: Int, _ chance: Int, _ conditions: [String]) -> Encounter {
            Encounter(version: "sword", area: area, method: "surf", minLevel: low, maxLevel: low + 5, chance: chance, conditions: conditions)
        }
        var pokemon = try #require(catalog.pokemon["pikachu"])
        pokemon.encounters = EncounterList([
            // One place, levels and chance, three weathers: one row.
            met("beach", 40, 35, ["story-before", "rain"]), met("beach", 40, 35, ["story-before", "fog"]),
            met("beach", 40, 35, ["story-before", "sun"]),
            // Another chance: a row of its own.
            met("beach", 40, 50, ["story-before", "sun"]),
            // Two values apart, or one with nothing of its own: kept apart.
            met("cave", 40, 20, ["story-before", "rain"]), met("cave", 40, 20, ["story-after", "fog"]),
            met("cave", 60, 20, ["story-after"]), met("cave", 60, 20, ["story-after", "rain"]),
            // A value repeated in a row is said once.
            met("cave", 70, 20, ["story-after", "story-after", "rain"]), met("cave", 70, 20, ["story-after", "fog"]),
        ])
        let index = CatalogIndex(catalog: catalog, spriteShapes: [:])
        let strings = try TestCatalog.strings()
        let rows = DetailSections.locations(pokemon, index: index, strings: strings).items.first?["rows"]?.items ?? []
        #expect(rows.map { $0["area"]?.text } == ["Challenge Beach", "Challenge Beach"] + Array(repeating: "Courageous Cavern", count: 5))
        #expect(rows.map { $0["chance"]?.text } == ["35%", "50%", "20%", "20%", "20%", "20%", "20%"])
        let or = strings["evo_or"]
        #expect(rows.map { $0["either"]?.text } == ["In the rain\(or)In the fog\(or)In the sun", nil, nil, nil, nil, nil, "In the rain\(or)In the fog"])
        #expect(rows.map { $0["conditions"]?.text } == [
            "Before the Hall of Fame",
            "Before the Hall of Fame, In the sun",
            "Before the Hall of Fame, In the rain", "After the Hall of Fame, In the fog",
            "After the Hall of Fame", "After the Hall of Fame, In the rain", "After the Hall of Fame",
        ])
    }

    @Test("a pokemon's shared row, made by one page, is recorded as read by every page that takes it")
    func sharedRowReads() throws {
        var index = TestCatalog.index()
        index.pokemonRows = SharedReads()
        let first = ReadLog(), second = ReadLog()
        let made = ReferencePages.pokemonRow("pikachu", index: index.recording(into: first))
        let taken = ReferencePages.pokemonRow("pikachu", index: index.recording(into: second))
        #expect(made?["name"]?.text == "Pikachu")
        for key in ["number", "name", "page"] { #expect(taken?[key]?.text == made?[key]?.text) }
        #expect(taken?["types"]?.items.count == made?["types"]?.items.count)
        #expect(first.keys.contains("f:pikachu") && first.keys.contains { $0.hasPrefix("t:") })
        #expect(second.keys == first.keys)
        // One the catalog lacks: nothing to show, its absence read all the same.
        let missing = ReadLog()
        #expect(ReferencePages.pokemonRow("missingno", index: index.recording(into: missing)) == nil)
        #expect(missing.keys == ["f:missingno"])
    }

    @Test("shows height and weight in metric and imperial")
    func measures() {
        #expect(Measures.height(decimetres: 4) == "0.4 m (1′04″)")
        #expect(Measures.weight(hectograms: 60) == "6.0 kg (13.2 lb)")
        #expect(Measures.height(decimetres: 17) == "1.7 m (5′07″)")
    }

    @Test("marks hidden abilities, links them, and totals the base stats")
    func abilitiesAndStats() throws {
        let pikachu = try page("pikachu")
        let abilities = pikachu.sections["abilityLinks"]?.items ?? []
        #expect(abilities.map { $0["name"]?.text } == ["Static", "Lightning Rod"])
        #expect(abilities.map { $0["hidden"]?.isTruthy } == [false, true])
        #expect(abilities.first?["page"]?.text == "abilities/static.html")
        #expect(pikachu.statTotal == 180)
        #expect(pikachu.sections["statRows"]?.items.map { $0["name"]?.text } == ["HP", "Attack", "Speed"])
    }

    @Test("a form the evolution tree has no card of says whose evolutions the tree shows; the species and a variety with its own card do not")
    func formEvolutionNote() throws {
        var catalog = TestCatalog.make()
        var cap = try #require(catalog.pokemon["pikachu"])
        cap.id = 10_094
        cap.slug = "pikachu-original-cap"
        cap.name = "Original Cap Pikachu"
        cap.isDefault = false
        catalog.pokemon[cap.slug] = cap
        let at = try #require(catalog.species.firstIndex { $0.slug == "pikachu" })
        catalog.species[at].varieties.append(cap.slug)
        // Alolan Raichu with a card of its own: Pikachu evolves into it in Alola.
        catalog.evolutionChains[10]?.root.evolvesTo[0].evolvesTo[0].conditions.append(
            EvolutionCondition(trigger: "use-item", item: "thunder-stone", evolvedForm: "raichu-alola"))
        let index = TestCatalog.index(catalog)
        let strings = try TestCatalog.strings()
        func note(_ slug: String) throws -> String? {
            DetailPage(pokemon: try #require(catalog.pokemon[slug]), index: index, collection: .empty, strings: strings).evolutionNote
        }
        #expect(try note("pikachu-original-cap") == strings.format("detail_evolutionOfSpecies", ["form": "Original Cap Pikachu", "species": "Pikachu"]))
        #expect(try note("pikachu-original-cap")?.hasPrefix("Original Cap Pikachu is a form of Pikachu") == true)
        #expect(try note("pikachu") == nil)
        #expect(try note("raichu-alola") == nil, "a card of its own in the tree")
        #expect(try note("mewtwo") == nil)
    }

    @Test("links the species' varieties both ways and neighbors by dex number")
    func varietiesAndNeighbors() throws {
        let raichu = try page("raichu")
        let chips = raichu.sections["forms"]?["groups"]?.items.flatMap { $0["chips"]?.items ?? [] } ?? []
        #expect(chips.map { $0["page"]?.text } == ["pokemon/raichu.html", "pokemon/raichu-alola.html"])
        let alola = try page("raichu-alola")
        let alolaChips = alola.sections["forms"]?["groups"]?.items.flatMap { $0["chips"]?.items ?? [] } ?? []
        #expect(alolaChips.filter { $0["current"]?.isTruthy == true }.map { $0["name"]?.text } == ["Alolan Raichu"])
        #expect(alolaChips.contains { $0["page"]?.text == "pokemon/raichu.html" })
        #expect(raichu.previous?.name == "Pikachu")
        #expect(raichu.next?.name == "Onix")
        #expect(try page("charmander").previous == nil)
    }
}

extension TemplateValue {
    subscript(key: String) -> TemplateValue? { member(key) }
    var items: [TemplateValue] {
        if case .array(let items) = self { return items }
        if case .list(let list) = self { return (0..<list.count).map { list[$0] } }
        return []
    }
    var text: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

@Suite("Language tags")
struct LanguageTagTests {
    @Test("PokeAPI's codes become valid BCP 47 tags", arguments: [
        ("en", "en"), ("ja-Hrkt", "ja"), ("ja-roma", "ja-Latn"), ("roomaji", "ja-Latn"), ("zh-Hant", "zh-Hant"),
        ("zh-hans", "zh-Hans"), ("es-419", "es-419"), ("pt-br", "pt-BR"), ("sr-latn-rs", "sr-Latn-RS"), ("x-made-up-code", "und"),
        ("de-romaji", "de"),
    ])
    func tags(code: String, tag: String) {
        #expect(LanguageTag.tag(code) == tag)
    }
}
