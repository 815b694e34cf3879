/// A pokemon species (`/api/v2/pokemon-species/{id}/`): the national-dex entry.
public struct APIPokemonSpecies: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let order: Int
    /// Chance of being female in eighths; -1 for genderless.
    public let genderRate: Int
    public let captureRate: Int
    public let baseHappiness: Int?
    public let isBaby: Bool
    public let isLegendary: Bool
    public let isMythical: Bool
    public let hatchCounter: Int?
    public let hasGenderDifferences: Bool
    public let formsSwitchable: Bool
    public let growthRate: APINamedResource
    public let pokedexNumbers: [PokedexNumber]
    public let eggGroups: [APINamedResource]
    public let color: APINamedResource
    public let shape: APINamedResource?
    public let evolvesFromSpecies: APINamedResource?
    public let evolutionChain: APIResource?
    public let habitat: APINamedResource?
    public let generation: APINamedResource
    public let names: [APIName]
    public let flavorTextEntries: [FlavorText]
    public let formDescriptions: [APIDescription]
    public let genera: [Genus]
    public let varieties: [Variety]

    enum CodingKeys: String, CodingKey {
        case id, name, order, color, shape, habitat, generation, names, genera, varieties
        case genderRate = "gender_rate"
        case captureRate = "capture_rate"
        case baseHappiness = "base_happiness"
        case isBaby = "is_baby"
        case isLegendary = "is_legendary"
        case isMythical = "is_mythical"
        case hatchCounter = "hatch_counter"
        case hasGenderDifferences = "has_gender_differences"
        case formsSwitchable = "forms_switchable"
        case growthRate = "growth_rate"
        case pokedexNumbers = "pokedex_numbers"
        case eggGroups = "egg_groups"
        case evolvesFromSpecies = "evolves_from_species"
        case evolutionChain = "evolution_chain"
        case flavorTextEntries = "flavor_text_entries"
        case formDescriptions = "form_descriptions"
    }
}

extension APIPokemonSpecies {
    /// The species' number in one pokedex.
    public struct PokedexNumber: Decodable, Sendable, Hashable {
        public let entryNumber: Int
        public let pokedex: APINamedResource

        enum CodingKeys: String, CodingKey {
            case pokedex
            case entryNumber = "entry_number"
        }
    }

    /// A pokedex entry text for one version, in one language.
    ///
    /// Raw: holds form feeds, newlines and soft hyphens.
    public struct FlavorText: Decodable, Sendable, Hashable {
        public let flavorText: String
        public let language: APINamedResource
        public let version: APINamedResource?

        enum CodingKeys: String, CodingKey {
            case language, version
            case flavorText = "flavor_text"
        }
    }

    /// The species' genus ("Mouse Pokémon") in one language.
    public struct Genus: Decodable, Sendable, Hashable {
        public let genus: String
        public let language: APINamedResource

        enum CodingKeys: String, CodingKey {
            case genus, language
        }
    }

    /// A pokemon belonging to the species (default, mega, regional form, ...).
    public struct Variety: Decodable, Sendable, Hashable {
        public let isDefault: Bool
        public let pokemon: APINamedResource

        enum CodingKeys: String, CodingKey {
            case pokemon
            case isDefault = "is_default"
        }
    }
}
