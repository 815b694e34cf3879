import Common

/// A Pokémon species: the entry a Pokédex has one of per national-dex number.
package struct Species: Sendable, Hashable, Codable, Identifiable {
    /// The national-dex number.
    package var id: Int
    package var slug: String
    /// The display name in the catalog's language ("Mr. Mime", "Nidoran♀", "Farfetch’d").
    package var name: String
    /// The genus in the catalog's language ("Mouse Pokémon"), when PokeAPI has one.
    package var genus: String?
    /// The newest flavor text in the catalog's language, whitespace normalized.
    package var flavorText: String?
    /// PokeAPI's pokemon-color slug ("yellow"), which themes the detail page.
    package var color: String?
    /// The generation number the species was introduced in (1 for generation I).
    package var generation: Int?
    package var isLegendary: Bool
    package var isMythical: Bool
    package var isBaby: Bool
    package var evolutionChainID: Int?
    /// The slug of the species this one evolves from.
    package var evolvesFrom: String?
    /// Slugs of its pokemon (varieties); the default variety first.
    package var varieties: [String]
    /// PokeAPI's growth-rate slug ("medium-slow").
    package var growthRate: String?
    package var captureRate: Int?
    package var baseHappiness: Int?
    /// Chance of being female in eighths; -1 for genderless.
    package var genderRate: Int?
    package var hatchCounter: Int?
    package var eggGroups: [String]
    /// Whether females look different (PokeAPI's `has_gender_differences`); the female
    /// sprite shows it where the catalog has one.
    package var hasGenderDifferences: Bool
    /// Its Pokédex entries, one per distinct text, in the site's language (English standing
    /// in); kept deflated, as only its detail page reads them.
    package var entries = PackedList<VersionText>()
    /// Its name in every language PokeAPI has; kept deflated, as only its detail page reads them.
    package var names = PackedList<LocalizedName>()

    package init(
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
