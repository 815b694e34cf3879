/// An evolution chain: a tree of species, each step with the conditions that lead to it.
package struct EvolutionChain: Sendable, Hashable, Codable, Identifiable {
    /// PokeAPI's chain id (not a species id).
    package var id: Int
    package var root: EvolutionNode

    package init(id: Int, root: EvolutionNode) {
        self.id = id
        self.root = root
    }
}

/// One species in a chain and the species it evolves into (several where it branches).
package struct EvolutionNode: Sendable, Hashable, Codable {
    package var species: String
    /// How to reach this species from its parent; empty for the root. Several entries
    /// are alternatives (any one of them works).
    package var conditions: [EvolutionCondition]
    package var evolvesTo: [EvolutionNode]

    package init(species: String, conditions: [EvolutionCondition] = [], evolvesTo: [EvolutionNode] = []) {
        self.species = species
        self.conditions = conditions
        self.evolvesTo = evolvesTo
    }
}

/// One way to evolve: a trigger plus every requirement PokeAPI lists for it.
///
/// Slugs name other catalog entries (items, moves, types, species); the Pages stage turns
/// them into words with the catalog's display names.
package struct EvolutionCondition: Sendable, Hashable, Codable {
    /// "level-up", "trade", "use-item", "shed", "spin", "tower-of-darkness", ... as PokeAPI names it.
    package var trigger: String
    package var minLevel: Int?
    package var item: String?
    package var heldItem: String?
    package var knownMove: String?
    package var knownMoveType: String?
    package var location: String?
    package var minHappiness: Int?
    package var minBeauty: Int?
    package var minAffection: Int?
    /// "day", "night", "dusk" or nil.
    package var timeOfDay: String?
    /// 1 female, 2 male.
    package var gender: Int?
    package var needsOverworldRain: Bool
    package var partySpecies: String?
    package var partyType: String?
    /// 1: Attack > Defense, 0: equal, -1: Attack < Defense.
    package var relativePhysicalStats: Int?
    package var tradeSpecies: String?
    package var turnUpsideDown: Bool
    /// The pokemon (variety slug) that evolves, when PokeAPI names one: "meowth-galar"
    /// evolves into Perrserker, plain Meowth does not.
    package var baseForm: String?
    /// The pokemon (variety slug) it becomes, when PokeAPI names one ("raichu-alola").
    package var evolvedForm: String?
    /// The region it must happen in ("alola"), as a slug.
    package var region: String?
    /// A move to use `minMoveCount` times (Rage Fist for Annihilape), as a slug.
    package var usedMove: String?
    package var minMoveCount: Int?
    /// Level up near a special rock (Moss Rock, Ice Rock) at `location`.
    package var nearSpecialRock: Bool
    package var minSteps: Int?
    package var minDamageTaken: Int?
    /// With another player (a Union Circle).
    package var needsMultiplayer: Bool

    package init(
        trigger: String, minLevel: Int? = nil, item: String? = nil, heldItem: String? = nil,
        knownMove: String? = nil, knownMoveType: String? = nil, location: String? = nil,
        minHappiness: Int? = nil, minBeauty: Int? = nil, minAffection: Int? = nil,
        timeOfDay: String? = nil, gender: Int? = nil, needsOverworldRain: Bool = false,
        partySpecies: String? = nil, partyType: String? = nil, relativePhysicalStats: Int? = nil,
        tradeSpecies: String? = nil, turnUpsideDown: Bool = false,
        baseForm: String? = nil, evolvedForm: String? = nil, region: String? = nil,
        usedMove: String? = nil, minMoveCount: Int? = nil, nearSpecialRock: Bool = false,
        minSteps: Int? = nil, minDamageTaken: Int? = nil, needsMultiplayer: Bool = false
    ) {
        self.trigger = trigger
        self.minLevel = minLevel
        self.item = item
        self.heldItem = heldItem
        self.knownMove = knownMove
        self.knownMoveType = knownMoveType
        self.location = location
        self.minHappiness = minHappiness
        self.minBeauty = minBeauty
        self.minAffection = minAffection
        self.timeOfDay = timeOfDay
        self.gender = gender
        self.needsOverworldRain = needsOverworldRain
        self.partySpecies = partySpecies
        self.partyType = partyType
        self.relativePhysicalStats = relativePhysicalStats
        self.tradeSpecies = tradeSpecies
        self.turnUpsideDown = turnUpsideDown
        self.baseForm = baseForm
        self.evolvedForm = evolvedForm
        self.region = region
        self.usedMove = usedMove
        self.minMoveCount = minMoveCount
        self.nearSpecialRock = nearSpecialRock
        self.minSteps = minSteps
        self.minDamageTaken = minDamageTaken
        self.needsMultiplayer = needsMultiplayer
    }
}
