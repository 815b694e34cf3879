import Pokedex
import Testing
@testable import SiteGenerator

@Suite("Evolution conditions in words")
struct EvolutionPhrasingTests {
    static let cases: [(EvolutionCondition, String)] = [
        (EvolutionCondition(trigger: "level-up", minLevel: 16), "Level 16"),
        (EvolutionCondition(trigger: "use-item", item: "thunder-stone"), "Use Thunder Stone"),
        (EvolutionCondition(trigger: "trade", heldItem: "metal-coat"), "Trade holding Metal Coat"),
        (EvolutionCondition(trigger: "trade"), "Trade"),
        (EvolutionCondition(trigger: "level-up", minHappiness: 160, timeOfDay: "day"), "High friendship, daytime"),
        (EvolutionCondition(trigger: "level-up", heldItem: "light-ball", timeOfDay: "night"), "Level up, holding Light Ball, at night"),
        (EvolutionCondition(trigger: "level-up", knownMove: "thunderbolt"), "Level up, knowing Thunderbolt"),
        (EvolutionCondition(trigger: "level-up", minLevel: 20, relativePhysicalStats: 1), "Level 20, Attack higher than Defense"),
        (EvolutionCondition(trigger: "use-item", item: "water-stone", gender: 1), "Use Water Stone, female"),
        (EvolutionCondition(trigger: "level-up", minLevel: 50, needsOverworldRain: true), "Level 50, while it rains"),
        (EvolutionCondition(trigger: "trade", tradeSpecies: "pikachu"), "Trade for Pikachu"),
        (EvolutionCondition(trigger: "shed"), "Level 20 with a free party slot"),
        // A trigger the strings do not know is said in the data's own words, never dropped.
        (EvolutionCondition(trigger: "something-new"), "Something New"),
        // A level given with another trigger is kept.
        (EvolutionCondition(trigger: "other", minLevel: 30), "Special condition, Level 30"),
        (EvolutionCondition(trigger: "trade", minLevel: 20), "Trade, Level 20"),
        (EvolutionCondition(trigger: "use-move", usedMove: "rage-fist", minMoveCount: 20), "Use Rage Fist 20 times"),
        (EvolutionCondition(trigger: "agile-style-move", usedMove: "psyshield-bash", minMoveCount: 20), "Use Psyshield Bash in agile style 20 times"),
        (EvolutionCondition(trigger: "strong-style-move", usedMove: "thunderbolt"), "Use Thunderbolt in strong style"),
        (EvolutionCondition(trigger: "level-up", usedMove: "thunderbolt"), "Level up, after using Thunderbolt"),
        (EvolutionCondition(trigger: "level-up", usedMove: "thunderbolt", minMoveCount: 3), "Level up, after using Thunderbolt 3 times"),
        (EvolutionCondition(trigger: "level-up", location: "mt-coronet"), "Level up, at a special place (Mt Coronet)"),
        (EvolutionCondition(trigger: "level-up", location: "eterna-forest", nearSpecialRock: true), "Level up, near a special rock (Eterna Forest)"),
        (EvolutionCondition(trigger: "level-up", minLevel: 28, timeOfDay: "night", region: "alola"), "Level 28, at night, in Alola"),
        (EvolutionCondition(trigger: "level-up", minSteps: 1000), "Level up, after walking 1000 steps"),
        (EvolutionCondition(trigger: "take-damage", minDamageTaken: 49), "Take damage, then pass under the stone bridge, after losing 49 HP"),
        (EvolutionCondition(trigger: "level-up", minLevel: 38, needsMultiplayer: true), "Level 38, with another player"),
        // Forms are named only when they are not the species' default.
        (EvolutionCondition(trigger: "use-item", item: "thunder-stone", baseForm: "pikachu", evolvedForm: "raichu-alola", region: "alola"),
         "Use Thunder Stone, in Alola → Alolan Raichu"),
        (EvolutionCondition(trigger: "level-up", minLevel: 30, baseForm: "raichu-alola"), "Alolan Raichu: Level 30"),
        (EvolutionCondition(trigger: "level-up", minLevel: 30, baseForm: "a-form-outside-the-catalog"), "Level 30"),
    ]

    @Test("phrases each condition as a person would say it", arguments: cases)
    func phrase(condition: EvolutionCondition, expected: String) throws {
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index())
        #expect(phrasing.phrase(condition) == expected)
    }

    @Test("joins alternative conditions with “or”")
    func alternatives() throws {
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index())
        let text = phrasing.phrase([EvolutionCondition(trigger: "level-up", minLevel: 30), EvolutionCondition(trigger: "use-item", item: "fire-stone")])
        #expect(text == "Level 30 or Use Fire Stone")
    }

    @Test("says alternatives that read the same once (one location per game)")
    func repeatedAlternatives() throws {
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index())
        let places = ["eterna-forest", "pinwheel-forest", "kalos-route-20"].map { EvolutionCondition(trigger: "level-up", location: $0) }
        let text = phrasing.phrase(places + [EvolutionCondition(trigger: "use-item", item: "thunder-stone")] + places)
        #expect(text == "Level up, at a special place (Eterna Forest, Pinwheel Forest, Kalos Route 20) or Use Thunder Stone")
    }

    @Test("places and regions use the data's names where it has them")
    func placeNamesFromData() throws {
        var catalog = TestCatalog.make()
        catalog.locationNames = ["mt-coronet": "Mt. Coronet"]
        catalog.regionNames = ["alola": "Alola-Region"]
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index(catalog))
        let ways = ["mt-coronet", "chargestone-cave"].map { EvolutionCondition(trigger: "level-up", location: $0, region: "alola") }
        #expect(phrasing.phrase(ways) == "Level up, at a special place (Mt. Coronet, Chargestone Cave), in Alola-Region")
    }

    @Test("an alternative without a place means anywhere: the places are not listed")
    func anywhereWins() throws {
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index())
        let text = phrasing.phrase([EvolutionCondition(trigger: "level-up", location: "mt-coronet"), EvolutionCondition(trigger: "level-up")])
        #expect(text == "Level up")
    }

    @Test("names the evolving form once when every alternative is that form's")
    func sharedBaseForm() throws {
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index())
        let ways = [
            EvolutionCondition(trigger: "level-up", minLevel: 30, baseForm: "raichu-alola"),
            EvolutionCondition(trigger: "use-item", item: "fire-stone", baseForm: "raichu-alola"),
        ]
        #expect(phrasing.phrase(ways) == "Alolan Raichu: Level 30 or Use Fire Stone")
        let mixed = [EvolutionCondition(trigger: "level-up", minLevel: 30), ways[1]]
        #expect(phrasing.phrase(mixed) == "Level 30 or Alolan Raichu: Use Fire Stone")
    }

    @Test("a trigger the strings lack takes the data's own name for it, in the site's language")
    func triggerNamedByData() throws {
        var catalog = TestCatalog.make()
        catalog.labels["evolution-trigger"] = ["gimmighoul-coins": "Collect 999 Gimmighoul Coins"]
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index(catalog))
        #expect(phrasing.phrase(EvolutionCondition(trigger: "gimmighoul-coins")) == "Collect 999 Gimmighoul Coins")
    }

    @Test("parts are joined as the language joins them: a Japanese comma in Japanese, not an ASCII one")
    func partsJoinedInTheLanguage() throws {
        let condition = EvolutionCondition(trigger: "level-up", minLevel: 28, region: "alola")
        for (language, separator) in [("ja", "、"), ("zh-Hans", "，"), ("fr", ", ")] {
            let strings = try SiteStrings(folders: [TestCatalog.themeRoot.appendingPathComponent("Templates")], language: language)
            let phrase = EvolutionPhrasing(strings: strings, index: TestCatalog.index()).phrase(condition)
            let level = strings.format("evo_level", ["level": "28"])
            #expect(phrase.hasPrefix(level + separator), "\(language): \(phrase)")
            #expect(language.hasPrefix("fr") || !phrase.contains(", "), "\(language): \(phrase)")
        }
    }

    @Test("two alternatives that differ in one part are said as one (Sylveon)")
    func nearIdenticalMerged() throws {
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index())
        let ways = [
            EvolutionCondition(trigger: "level-up", knownMoveType: "fairy", minAffection: 2),
            EvolutionCondition(trigger: "level-up", knownMoveType: "fairy", minHappiness: 160),
        ]
        #expect(phrasing.phrase(ways) == "High affection or High friendship, knowing a Fairy-type move")
        // Two parts differ: both alternatives stay whole.
        let apart = [EvolutionCondition(trigger: "level-up", minLevel: 20, timeOfDay: "day"), EvolutionCondition(trigger: "use-item", item: "fire-stone", timeOfDay: "night")]
        #expect(phrasing.phrase(apart) == "Level 20, daytime or Use Fire Stone, at night")
    }

    @Test("a long list of places is said by region, the places kept for a second look (Leafeon)")
    func placesByRegion() throws {
        var catalog = TestCatalog.make()
        catalog.locationNames = ["eterna-forest": "Eterna Forest", "pinwheel-forest": "Pinwheel Forest", "kalos-route-20": "Route 20", "lush-jungle": "Lush Jungle"]
        catalog.locationRegions = ["eterna-forest": "sinnoh", "pinwheel-forest": "unova", "kalos-route-20": "kalos", "lush-jungle": "alola"]
        catalog.regionNames = ["sinnoh": "Sinnoh", "unova": "Unova", "kalos": "Kalos", "alola": "Alola"]
        let phrasing = EvolutionPhrasing(strings: try TestCatalog.strings(), index: TestCatalog.index(catalog))
        let ways = ["eterna-forest", "pinwheel-forest", "kalos-route-20", "lush-jungle"].map {
            EvolutionCondition(trigger: "level-up", location: $0, nearSpecialRock: true)
        } + [EvolutionCondition(trigger: "use-item", item: "thunder-stone")]
        let described = phrasing.describe(ways)
        #expect(described.text == "Level up, near a special rock (Sinnoh, Unova, Kalos, Alola) or Use Thunder Stone")
        #expect(described.places == ["Eterna Forest (Sinnoh)", "Pinwheel Forest (Unova)", "Route 20 (Kalos)", "Lush Jungle (Alola)"])
        // Two places are said as they are.
        #expect(phrasing.describe(Array(ways.prefix(2))).places.isEmpty)
    }
}
