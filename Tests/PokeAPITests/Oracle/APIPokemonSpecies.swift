@testable import PokeAPI
/// A pokemon species (`/api/v2/pokemon-species/{id}/`): the national-dex entry.
struct APIPokemonSpecies: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let order: Int
    /// Chance of being female in eighths; -1 for genderless.
    let genderRate: Int
    let captureRate: Int
    let baseHappiness: Int?
    let isBaby: Bool
    let isLegendary: Bool
    let isMythical: Bool
    let hatchCounter: Int?
    let hasGenderDifferences: Bool
    let formsSwitchable: Bool
    let growthRate: APINamedResource
    let pokedexNumbers: [PokedexNumber]
    let eggGroups: [APINamedResource]
    let color: APINamedResource
    let shape: APINamedResource?
    let evolvesFromSpecies: APINamedResource?
    let evolutionChain: APIResource?
    let habitat: APINamedResource?
    let generation: APINamedResource
    let names: [APIName]
    let flavorTextEntries: [FlavorText]
    let formDescriptions: [APIDescription]
    let genera: [Genus]
    let varieties: [Variety]

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
    struct PokedexNumber: Decodable, Sendable, Hashable {
        let entryNumber: Int
        let pokedex: APINamedResource

        enum CodingKeys: String, CodingKey {
            case pokedex
            case entryNumber = "entry_number"
        }
    }

    /// A pokedex entry text for one version, in one language.
    ///
    /// Raw: holds form feeds, newlines and soft hyphens.
    struct FlavorText: Decodable, Sendable, Hashable {
        let flavorText: String
        let language: APINamedResource
        let version: APINamedResource?

        enum CodingKeys: String, CodingKey {
            case language, version
            case flavorText = "flavor_text"
        }
    }

    /// The species' genus ("Mouse Pokémon") in one language.
    struct Genus: Decodable, Sendable, Hashable {
        let genus: String
        let language: APINamedResource

        enum CodingKeys: String, CodingKey {
            case genus, language
        }
    }

    /// A pokemon belonging to the species (default, mega, regional form, ...).
    struct Variety: Decodable, Sendable, Hashable {
        let isDefault: Bool
        let pokemon: APINamedResource

        enum CodingKeys: String, CodingKey {
            case pokemon
            case isDefault = "is_default"
        }
    }
}
