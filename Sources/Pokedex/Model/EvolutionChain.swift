/// An evolution chain: a tree of species, each step with the conditions that lead to it.
public struct EvolutionChain: Sendable, Hashable, Codable, Identifiable {
    /// PokeAPI's chain id (not a species id).
    public var id: Int
    public var root: EvolutionNode

    public init(id: Int, root: EvolutionNode) {
        self.id = id
        self.root = root
    }
}

/// One species in a chain and the species it evolves into (several where it branches).
public struct EvolutionNode: Sendable, Hashable, Codable {
    public var species: String
    /// How to reach this species from its parent; empty for the root. Several entries
    /// are alternatives (any one of them works).
    public var conditions: [EvolutionCondition]
    public var evolvesTo: [EvolutionNode]

    public init(species: String, conditions: [EvolutionCondition] = [], evolvesTo: [EvolutionNode] = []) {
        self.species = species
        self.conditions = conditions
        self.evolvesTo = evolvesTo
    }
}

/// One way to evolve: a trigger plus every requirement PokeAPI lists for it.
///
/// Slugs name other catalog entries (items, moves, types, species); the Pages stage turns
/// them into words with the catalog's display names.
public struct EvolutionCondition: Sendable, Hashable, Codable {
    /// "level-up", "trade", "use-item", "shed", "spin", "tower-of-darkness", ... as PokeAPI names it.
    public var trigger: String
    public var minLevel: Int?
    public var item: String?
    public var heldItem: String?
    public var knownMove: String?
    public var knownMoveType: String?
    public var location: String?
    public var minHappiness: Int?
    public var minBeauty: Int?
    public var minAffection: Int?
    /// "day", "night", "dusk" or nil.
    public var timeOfDay: String?
    /// 1 female, 2 male.
    public var gender: Int?
    public var needsOverworldRain: Bool
    public var partySpecies: String?
    public var partyType: String?
    /// 1: Attack > Defense, 0: equal, -1: Attack < Defense.
    public var relativePhysicalStats: Int?
    public var tradeSpecies: String?
    public var turnUpsideDown: Bool
    /// The pokemon (variety slug) that evolves, when PokeAPI names one: "meowth-galar"
    /// evolves into Perrserker, plain Meowth does not.
    public var baseForm: String?
    /// The pokemon (variety slug) it becomes, when PokeAPI names one ("raichu-alola").
    public var evolvedForm: String?
    /// The region it must happen in ("alola"), as a slug.
    public var region: String?
    /// A move to use `minMoveCount` times (Rage Fist for Annihilape), as a slug.
    public var usedMove: String?
    public var minMoveCount: Int?
    /// Level up near a special rock (Moss Rock, Ice Rock) at `location`.
    public var nearSpecialRock: Bool
    public var minSteps: Int?
    public var minDamageTaken: Int?
    /// With another player (a Union Circle).
    public var needsMultiplayer: Bool

    public init(
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
