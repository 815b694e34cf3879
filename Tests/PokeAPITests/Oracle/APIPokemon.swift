@testable import PokeAPI
/// A pokemon (`/api/v2/pokemon/{id}/`): one variety of a species.
struct APIPokemon: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let baseExperience: Int?
    let height: Int
    let weight: Int
    let isDefault: Bool
    let order: Int
    let abilities: [Ability]
    let forms: [APINamedResource]
    let gameIndices: [APIVersionGameIndex]
    let heldItems: [HeldItem]
    let moves: [Move]
    let species: APINamedResource
    let sprites: APIPokemonSprites
    let cries: Cries?
    let locationAreaEncounters: String
    let stats: [Stat]
    let types: [TypeSlot]
    let pastTypes: [PastTypes]?
    let pastAbilities: [PastAbilities]?
    let pastStats: [PastStats]?

    enum CodingKeys: String, CodingKey {
        case locationAreaEncounters = "location_area_encounters"
        case id, name, height, weight, order, abilities, forms, moves, species, sprites, cries, stats, types
        case baseExperience = "base_experience"
        case isDefault = "is_default"
        case gameIndices = "game_indices"
        case heldItems = "held_items"
        case pastTypes = "past_types"
        case pastAbilities = "past_abilities"
        case pastStats = "past_stats"
    }
}

extension APIPokemon {
    /// An ability slot; `ability` is null in some past-ability records.
    struct Ability: Decodable, Sendable, Hashable {
        let ability: APINamedResource?
        let isHidden: Bool
        let slot: Int

        enum CodingKeys: String, CodingKey {
            case ability, slot
            case isHidden = "is_hidden"
        }
    }

    /// An item the pokemon may hold in the wild, per version.
    struct HeldItem: Decodable, Sendable, Hashable {
        let item: APINamedResource
        let versionDetails: [VersionDetail]

        enum CodingKeys: String, CodingKey {
            case item
            case versionDetails = "version_details"
        }
    }

    /// How often an item is held in one version.
    struct VersionDetail: Decodable, Sendable, Hashable {
        let rarity: Int
        let version: APINamedResource

        enum CodingKeys: String, CodingKey {
            case rarity, version
        }
    }

    /// A move and how it is learned in each version group.
    struct Move: Decodable, Sendable, Hashable {
        let move: APINamedResource
        let versionGroupDetails: [MoveVersionDetail]

        enum CodingKeys: String, CodingKey {
            case move
            case versionGroupDetails = "version_group_details"
        }
    }

    /// How a move is learned in one version group.
    struct MoveVersionDetail: Decodable, Sendable, Hashable {
        let levelLearnedAt: Int
        let moveLearnMethod: APINamedResource
        let versionGroup: APINamedResource
        let order: Int?

        enum CodingKeys: String, CodingKey {
            case order
            case levelLearnedAt = "level_learned_at"
            case moveLearnMethod = "move_learn_method"
            case versionGroup = "version_group"
        }
    }

    /// A base stat and its effort yield.
    struct Stat: Decodable, Sendable, Hashable {
        let baseStat: Int
        let effort: Int
        let stat: APINamedResource

        enum CodingKeys: String, CodingKey {
            case effort, stat
            case baseStat = "base_stat"
        }
    }

    /// A type in a slot (1 or 2).
    struct TypeSlot: Decodable, Sendable, Hashable {
        let slot: Int
        let type: APINamedResource

        enum CodingKeys: String, CodingKey {
            case slot, type
        }
    }

    /// The types the pokemon had up to a generation.
    struct PastTypes: Decodable, Sendable, Hashable {
        let generation: APINamedResource
        let types: [TypeSlot]

        enum CodingKeys: String, CodingKey {
            case generation, types
        }
    }

    /// The abilities the pokemon had up to a generation.
    struct PastAbilities: Decodable, Sendable, Hashable {
        let generation: APINamedResource
        let abilities: [Ability]

        enum CodingKeys: String, CodingKey {
            case generation, abilities
        }
    }

    /// The stats the pokemon had up to a generation.
    struct PastStats: Decodable, Sendable, Hashable {
        let generation: APINamedResource
        let stats: [Stat]

        enum CodingKeys: String, CodingKey {
            case generation, stats
        }
    }

    /// Links to the pokemon's cries (audio).
    struct Cries: Decodable, Sendable, Hashable {
        let latest: String?
        let legacy: String?

        enum CodingKeys: String, CodingKey {
            case latest, legacy
        }
    }
}
