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
        (EvolutionCondition(trigger: "something-new"), "Special condition"),
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
        #expect(text == "Level up, at a special place or Use Thunder Stone")
    }
}
