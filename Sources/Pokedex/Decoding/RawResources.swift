/// The few fields of PokeAPI resources the catalog reads, decoded leniently.
///
/// These mirror only what the Catalog stage needs so a 500 KB pokemon resource decodes
/// without building the parts it ignores (game indices, past stats, sprite versions...).
/// Optional wherever the live API has been seen to send null or omit a field. Explicit
/// coding keys rather than `.convertFromSnakeCase`, which costs a key conversion per object.

/// A `{ "name": ..., "url": ... }` link to another resource.
struct RawLink: Decodable, Sendable {
    var name: String?
    var url: String

    /// The numeric id at the end of the URL, relative ("/api/v2/type/3/") or absolute.
    var id: Int? { ResourceURL.id(in: url) }

    enum CodingKeys: String, CodingKey {
        case name, url
    }
}

struct RawName: Decodable, Sendable {
    var name: String
    var language: RawLink

    enum CodingKeys: String, CodingKey {
        case name, language
    }
}

struct RawGenus: Decodable, Sendable {
    var genus: String
    var language: RawLink

    enum CodingKeys: String, CodingKey {
        case genus, language
    }
}

struct RawFlavorText: Decodable, Sendable {
    var flavorText: String
    var language: RawLink
    var version: RawLink?

    enum CodingKeys: String, CodingKey {
        case language, version
        case flavorText = "flavor_text"
    }
}

struct RawEffect: Decodable, Sendable {
    var shortEffect: String?
    var effect: String?
    var language: RawLink

    enum CodingKeys: String, CodingKey {
        case effect, language
        case shortEffect = "short_effect"
    }
}

struct RawSpecies: Decodable, Sendable, IdentifiedResource {
    struct Variety: Decodable, Sendable {
        var isDefault: Bool
        var pokemon: RawLink

        enum CodingKeys: String, CodingKey {
            case pokemon
            case isDefault = "is_default"
        }
    }

    var id: Int
    var name: String
    var names: [RawName]?
    var genera: [RawGenus]?
    var flavorTextEntries: [RawFlavorText]?
    var color: RawLink?
    var generation: RawLink?
    var isLegendary: Bool?
    var isMythical: Bool?
    var isBaby: Bool?
    var evolutionChain: RawLink?
    var evolvesFromSpecies: RawLink?
    var varieties: [Variety]?
    var growthRate: RawLink?
    var captureRate: Int?
    var baseHappiness: Int?
    var genderRate: Int?
    var hatchCounter: Int?
    var eggGroups: [RawLink]?
    var hasGenderDifferences: Bool?

    enum CodingKeys: String, CodingKey {
        case id, name, names, genera, color, generation, varieties
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

struct RawPokemon: Decodable, Sendable, IdentifiedResource {
    struct AbilityEntry: Decodable, Sendable {
        var ability: RawLink?
        var isHidden: Bool
        var slot: Int

        enum CodingKeys: String, CodingKey {
            case ability, slot
            case isHidden = "is_hidden"
        }
    }
    struct StatEntry: Decodable, Sendable {
        var baseStat: Int
        var stat: RawLink

        enum CodingKeys: String, CodingKey {
            case stat
            case baseStat = "base_stat"
        }
    }
    struct TypeEntry: Decodable, Sendable {
        var slot: Int
        var type: RawLink

        enum CodingKeys: String, CodingKey {
            case slot, type
        }
    }
    struct MoveEntry: Decodable, Sendable {
        struct Detail: Decodable, Sendable {
            var levelLearnedAt: Int?
            var moveLearnMethod: RawLink
            var versionGroup: RawLink

            enum CodingKeys: String, CodingKey {
                case levelLearnedAt = "level_learned_at"
                case moveLearnMethod = "move_learn_method"
                case versionGroup = "version_group"
            }
        }
        var move: RawLink
        var versionGroupDetails: [Detail]

        enum CodingKeys: String, CodingKey {
            case move
            case versionGroupDetails = "version_group_details"
        }
    }
    struct HeldItem: Decodable, Sendable {
        var item: RawLink

        enum CodingKeys: String, CodingKey {
            case item
        }
    }
    struct SpriteSet: Decodable, Sendable {
        var frontDefault: String?
        var frontShiny: String?
        var frontFemale: String?
        var frontShinyFemale: String?

        enum CodingKeys: String, CodingKey {
            case frontDefault = "front_default"
            case frontShiny = "front_shiny"
            case frontFemale = "front_female"
            case frontShinyFemale = "front_shiny_female"
        }
    }

    var id: Int
    var name: String
    var isDefault: Bool?
    var height: Int?
    var weight: Int?
    var baseExperience: Int?
    var species: RawLink
    var forms: [RawLink]?
    var abilities: [AbilityEntry]?
    var stats: [StatEntry]?
    var types: [TypeEntry]?
    var moves: [MoveEntry]?
    var heldItems: [HeldItem]?
    var sprites: SpriteSet?

    enum CodingKeys: String, CodingKey {
        case id, name, height, weight, species, forms, abilities, stats, types, moves, sprites
        case isDefault = "is_default"
        case baseExperience = "base_experience"
        case heldItems = "held_items"
    }
}

struct RawPokemonForm: Decodable, Sendable, IdentifiedResource {
    var id: Int
    var name: String
    var formName: String?
    var names: [RawName]?
    var formNames: [RawName]?

    enum CodingKeys: String, CodingKey {
        case id, name, names
        case formName = "form_name"
        case formNames = "form_names"
    }
}

struct RawEvolutionChain: Decodable, Sendable, IdentifiedResource {
    struct Link: Decodable, Sendable {
        var species: RawLink
        var evolutionDetails: [RawEvolutionDetail]?
        var evolvesTo: [Link]?

        enum CodingKeys: String, CodingKey {
            case species
            case evolutionDetails = "evolution_details"
            case evolvesTo = "evolves_to"
        }
    }

    var id: Int
    var chain: Link

    enum CodingKeys: String, CodingKey {
        case id, chain
    }
}

struct RawEvolutionDetail: Decodable, Sendable {
    var trigger: RawLink?
    var minLevel: Int?
    var item: RawLink?
    var heldItem: RawLink?
    var knownMove: RawLink?
    var knownMoveType: RawLink?
    var location: RawLink?
    var minHappiness: Int?
    var minBeauty: Int?
    var minAffection: Int?
    var timeOfDay: String?
    var gender: Int?
    var needsOverworldRain: Bool?
    var partySpecies: RawLink?
    var partyType: RawLink?
    var relativePhysicalStats: Int?
    var tradeSpecies: RawLink?
    var turnUpsideDown: Bool?
    var baseForm: RawLink?
    var evolvedForm: RawLink?
    var region: RawLink?
    var usedMove: RawLink?
    var minMoveCount: Int?
    var nearSpecialRock: Bool?
    var minSteps: Int?
    var minDamageTaken: Int?
    var needsMultiplayer: Bool?

    enum CodingKeys: String, CodingKey {
        case trigger, item, location, gender, region
        case minLevel = "min_level"
        case heldItem = "held_item"
        case knownMove = "known_move"
        case knownMoveType = "known_move_type"
        case minHappiness = "min_happiness"
        case minBeauty = "min_beauty"
        case minAffection = "min_affection"
        case timeOfDay = "time_of_day"
        case needsOverworldRain = "needs_overworld_rain"
        case partySpecies = "party_species"
        case partyType = "party_type"
        case relativePhysicalStats = "relative_physical_stats"
        case tradeSpecies = "trade_species"
        case turnUpsideDown = "turn_upside_down"
        case baseForm = "base_form"
        case evolvedForm = "evolved_form"
        case usedMove = "used_move"
        case minMoveCount = "min_move_count"
        case nearSpecialRock = "near_special_rock"
        case minSteps = "min_steps"
        case minDamageTaken = "min_damage_taken"
        case needsMultiplayer = "needs_multiplayer"
    }
}

struct RawType: Decodable, Sendable, IdentifiedResource {
    struct Relations: Decodable, Sendable {
        var doubleDamageFrom: [RawLink]?
        var halfDamageFrom: [RawLink]?
        var noDamageFrom: [RawLink]?
        var doubleDamageTo: [RawLink]?
        var halfDamageTo: [RawLink]?
        var noDamageTo: [RawLink]?

        enum CodingKeys: String, CodingKey {
            case doubleDamageFrom = "double_damage_from"
            case halfDamageFrom = "half_damage_from"
            case noDamageFrom = "no_damage_from"
            case doubleDamageTo = "double_damage_to"
            case halfDamageTo = "half_damage_to"
            case noDamageTo = "no_damage_to"
        }
    }
    struct Member: Decodable, Sendable {
        var pokemon: RawLink

        enum CodingKeys: String, CodingKey {
            case pokemon
        }
    }

    var id: Int
    var name: String
    var names: [RawName]?
    var damageRelations: Relations?
    var pokemon: [Member]?

    enum CodingKeys: String, CodingKey {
        case id, name, names, pokemon
        case damageRelations = "damage_relations"
    }
}

struct RawMove: Decodable, Sendable, IdentifiedResource {
    var id: Int
    var name: String
    var names: [RawName]?
    var type: RawLink?
    var damageClass: RawLink?
    var power: Int?
    var accuracy: Int?
    var pp: Int?

    enum CodingKeys: String, CodingKey {
        case id, name, names, type, power, accuracy, pp
        case damageClass = "damage_class"
    }
}

struct RawAbility: Decodable, Sendable, IdentifiedResource {
    var id: Int
    var name: String
    var names: [RawName]?
    var effectEntries: [RawEffect]?

    enum CodingKeys: String, CodingKey {
        case id, name, names
        case effectEntries = "effect_entries"
    }
}

/// Items and stats: a name and its translations.
struct RawNamed: Decodable, Sendable, IdentifiedResource {
    var id: Int
    var name: String
    var names: [RawName]?

    enum CodingKeys: String, CodingKey {
        case id, name, names
    }
}


struct RawVersion: Decodable, Sendable, IdentifiedResource {
    var id: Int
    var name: String
    var versionGroup: RawLink?

    enum CodingKeys: String, CodingKey {
        case id, name
        case versionGroup = "version_group"
    }
}

struct RawVersionGroup: Decodable, Sendable, IdentifiedResource {
    var id: Int
    var name: String
    var order: Int?

    enum CodingKeys: String, CodingKey {
        case id, name, order
    }
}

/// A resource that states its own id, which must match the folder it is stored in.
protocol IdentifiedResource {
    var id: Int { get }
}
