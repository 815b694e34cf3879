/// An item (`/api/v2/item/{id}/`).
public struct APIItem: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let cost: Int?
    public let flingPower: Int?
    public let flingEffect: APINamedResource?
    public let attributes: [APINamedResource]
    public let category: APINamedResource
    public let effectEntries: [APIVerboseEffect]
    public let flavorTextEntries: [FlavorText]
    public let gameIndices: [APIGenerationGameIndex]
    public let names: [APIName]
    public let sprites: Sprites
    public let heldByPokemon: [Holder]
    public let babyTriggerFor: APIResource?

    enum CodingKeys: String, CodingKey {
        case id, name, cost, attributes, category, names, sprites
        case flingPower = "fling_power"
        case flingEffect = "fling_effect"
        case effectEntries = "effect_entries"
        case flavorTextEntries = "flavor_text_entries"
        case gameIndices = "game_indices"
        case heldByPokemon = "held_by_pokemon"
        case babyTriggerFor = "baby_trigger_for"
    }
}

extension APIItem {
    /// The item's description in one version group (its key is `text`, not `flavor_text`).
    public struct FlavorText: Decodable, Sendable, Hashable {
        public let text: String
        public let language: APINamedResource
        public let versionGroup: APINamedResource?

        enum CodingKeys: String, CodingKey {
            case text, language
            case versionGroup = "version_group"
        }
    }

    /// The item's icon.
    public struct Sprites: Decodable, Sendable, Hashable {
        public let `default`: String?

        enum CodingKeys: String, CodingKey {
            case `default`
        }
    }

    /// A pokemon that holds the item in the wild.
    public struct Holder: Decodable, Sendable, Hashable {
        public let pokemon: APINamedResource
        public let versionDetails: [APIPokemon.VersionDetail]

        enum CodingKeys: String, CodingKey {
            case pokemon
            case versionDetails = "version_details"
        }
    }
}
