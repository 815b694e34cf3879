/// A Pokémon species: the entry a Pokédex has one of per national-dex number.
public struct Species: Sendable, Hashable, Codable, Identifiable {
    /// The national-dex number.
    public var id: Int
    public var slug: String
    /// The display name in the catalog's language ("Mr. Mime", "Nidoran♀", "Farfetch’d").
    public var name: String
    /// The genus in the catalog's language ("Mouse Pokémon"), when PokeAPI has one.
    public var genus: String?
    /// The newest flavor text in the catalog's language, whitespace normalized.
    public var flavorText: String?
    /// PokeAPI's pokemon-color slug ("yellow"), which themes the detail page.
    public var color: String?
    /// The generation number the species was introduced in (1 for generation I).
    public var generation: Int?
    public var isLegendary: Bool
    public var isMythical: Bool
    public var isBaby: Bool
    public var evolutionChainID: Int?
    /// The slug of the species this one evolves from.
    public var evolvesFrom: String?
    /// Slugs of its pokemon (varieties); the default variety first.
    public var varieties: [String]
    /// PokeAPI's growth-rate slug ("medium-slow").
    public var growthRate: String?
    public var captureRate: Int?
    public var baseHappiness: Int?
    /// Chance of being female in eighths; -1 for genderless.
    public var genderRate: Int?
    public var hatchCounter: Int?
    public var eggGroups: [String]
    /// Whether females look different (PokeAPI's `has_gender_differences`); the female
    /// sprite shows it where the catalog has one.
    public var hasGenderDifferences: Bool

    public init(
        id: Int, slug: String, name: String, genus: String? = nil, flavorText: String? = nil,
        color: String? = nil, generation: Int? = nil, isLegendary: Bool = false,
        isMythical: Bool = false, isBaby: Bool = false, evolutionChainID: Int? = nil,
        evolvesFrom: String? = nil, varieties: [String], growthRate: String? = nil,
        captureRate: Int? = nil, baseHappiness: Int? = nil, genderRate: Int? = nil,
        hatchCounter: Int? = nil, eggGroups: [String] = [], hasGenderDifferences: Bool = false
    ) {
        self.id = id
        self.slug = slug
        self.name = name
        self.genus = genus
        self.flavorText = flavorText
        self.color = color
        self.generation = generation
        self.isLegendary = isLegendary
        self.isMythical = isMythical
        self.isBaby = isBaby
        self.evolutionChainID = evolutionChainID
        self.evolvesFrom = evolvesFrom
        self.varieties = varieties
        self.growthRate = growthRate
        self.captureRate = captureRate
        self.baseHappiness = baseHappiness
        self.genderRate = genderRate
        self.hatchCounter = hatchCounter
        self.eggGroups = eggGroups
        self.hasGenderDifferences = hasGenderDifferences
    }
}
