extension Wire {
    /// `pokemon-species/<id>`: the dex entry, its names, texts, varieties and chain.
    package struct Species: Codable, Sendable, IdentifiedResource {

        package struct Variety: Codable, Sendable, Hashable {
            package var isDefault: Bool
            package var pokemon: Link

            enum CodingKeys: String, CodingKey {
                case pokemon
                case isDefault = "is_default"
            }
        }

        package var id: Int
        package var name: String
        package var names: [Name]?
        package var genera: [Genus]?
        package var flavorTextEntries: Texts<FlavorText>?
        package var color: Link?
        package var generation: Link?
        package var isLegendary: Bool?
        package var isMythical: Bool?
        package var isBaby: Bool?
        package var evolutionChain: Link?
        package var evolvesFromSpecies: Link?
        package var varieties: [Variety]?
        package var growthRate: Link?
        package var captureRate: Int?
        package var baseHappiness: Int?
        package var genderRate: Int?
        package var hatchCounter: Int?
        package var eggGroups: [Link]?
        package var hasGenderDifferences: Bool?
        package var shape: Link?
        package var habitat: Link?

        enum CodingKeys: String, CodingKey {
            case id, name, names, genera, color, generation, varieties, shape, habitat
            case flavorTextEntries = "flavor_text_entries"
            case isLegendary = "is_legendary"
            case isMythical = "is_mythical"
            case isBaby = "is_baby"
            case evolutionChain = "evolution_chain"
            case evolvesFromSpecies = "evolves_from_species"
            case growthRate = "growth_rate"
            case captureRate = "capture_rate"
            case baseHappiness = "base_happiness"
            case genderRate = "gender_rate"
            case hatchCounter = "hatch_counter"
            case eggGroups = "egg_groups"
            case hasGenderDifferences = "has_gender_differences"
        }
    }

    /// `pokemon-form/<id>`: the names of an alternate variety ("Alolan Raichu"), whether it
    /// is a mega or a battle-only form, and a cosmetic form's own sprites.
    package struct PokemonForm: Codable, Sendable, IdentifiedResource {
        package struct Sprites: Codable, Sendable, Hashable {
            package var frontDefault: SpriteURL?
            package var frontShiny: SpriteURL?

            enum CodingKeys: String, CodingKey {
                case frontDefault = "front_default"
                case frontShiny = "front_shiny"
            }
        }

        package var id: Int
        package var name: String
        package var formName: String?
        package var names: [Name]?
        package var formNames: [Name]?
        package var isMega: Bool?
        package var isBattleOnly: Bool?
        package var isDefault: Bool?
        package var formOrder: Int?
        package var sprites: Sprites?

        enum CodingKeys: String, CodingKey {
            case id, name, names, sprites
            case formName = "form_name"
            case formNames = "form_names"
            case isMega = "is_mega"
            case isBattleOnly = "is_battle_only"
            case isDefault = "is_default"
            case formOrder = "form_order"
        }
    }
}
