/// A pokemon (`/api/v2/pokemon/{id}/`): one variety of a species.
public struct APIPokemon: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let baseExperience: Int?
    public let height: Int
    public let weight: Int
    public let isDefault: Bool
    public let order: Int
    public let abilities: [Ability]
    public let forms: [APINamedResource]
    public let gameIndices: [APIVersionGameIndex]
    public let heldItems: [HeldItem]
    public let moves: [Move]
    public let species: APINamedResource
    public let sprites: APIPokemonSprites
    public let cries: Cries?
    public let stats: [Stat]
    public let types: [TypeSlot]
    public let pastTypes: [PastTypes]?
    public let pastAbilities: [PastAbilities]?
    public let pastStats: [PastStats]?

    enum CodingKeys: String, CodingKey {
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
    public struct Ability: Decodable, Sendable, Hashable {
        public let ability: APINamedResource?
        public let isHidden: Bool
        public let slot: Int

        enum CodingKeys: String, CodingKey {
            case ability, slot
            case isHidden = "is_hidden"
        }
    }

    /// An item the pokemon may hold in the wild, per version.
    public struct HeldItem: Decodable, Sendable, Hashable {
        public let item: APINamedResource
        public let versionDetails: [VersionDetail]

        enum CodingKeys: String, CodingKey {
            case item
            case versionDetails = "version_details"
        }
    }

    /// How often an item is held in one version.
    public struct VersionDetail: Decodable, Sendable, Hashable {
        public let rarity: Int
        public let version: APINamedResource

        enum CodingKeys: String, CodingKey {
            case rarity, version
        }
    }

    /// A move and how it is learned in each version group.
    public struct Move: Decodable, Sendable, Hashable {
        public let move: APINamedResource
        public let versionGroupDetails: [MoveVersionDetail]

        enum CodingKeys: String, CodingKey {
            case move
            case versionGroupDetails = "version_group_details"
        }
    }

    /// How a move is learned in one version group.
    public struct MoveVersionDetail: Decodable, Sendable, Hashable {
        public let levelLearnedAt: Int
        public let moveLearnMethod: APINamedResource
        public let versionGroup: APINamedResource
        public let order: Int?

        enum CodingKeys: String, CodingKey {
            case order
            case levelLearnedAt = "level_learned_at"
            case moveLearnMethod = "move_learn_method"
            case versionGroup = "version_group"
        }
    }

    /// A base stat and its effort yield.
    public struct Stat: Decodable, Sendable, Hashable {
        public let baseStat: Int
        public let effort: Int
        public let stat: APINamedResource

        enum CodingKeys: String, CodingKey {
            case effort, stat
            case baseStat = "base_stat"
        }
    }

    /// A type in a slot (1 or 2).
    public struct TypeSlot: Decodable, Sendable, Hashable {
        public let slot: Int
        public let type: APINamedResource

        enum CodingKeys: String, CodingKey {
            case slot, type
        }
    }

    /// The types the pokemon had up to a generation.
    public struct PastTypes: Decodable, Sendable, Hashable {
        public let generation: APINamedResource
        public let types: [TypeSlot]

        enum CodingKeys: String, CodingKey {
            case generation, types
        }
    }

    /// The abilities the pokemon had up to a generation.
    public struct PastAbilities: Decodable, Sendable, Hashable {
        public let generation: APINamedResource
        public let abilities: [Ability]

        enum CodingKeys: String, CodingKey {
            case generation, abilities
        }
    }

    /// The stats the pokemon had up to a generation.
    public struct PastStats: Decodable, Sendable, Hashable {
        public let generation: APINamedResource
        public let stats: [Stat]

        enum CodingKeys: String, CodingKey {
            case generation, stats
        }
    }

    /// Links to the pokemon's cries (audio).
    public struct Cries: Decodable, Sendable, Hashable {
        public let latest: String?
        public let legacy: String?

        enum CodingKeys: String, CodingKey {
            case latest, legacy
        }
    }
}
