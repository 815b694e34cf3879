@testable import PokeAPI
/// An item (`/api/v2/item/{id}/`).
struct APIItem: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let cost: Int?
    let flingPower: Int?
    let flingEffect: APINamedResource?
    let attributes: [APINamedResource]
    let category: APINamedResource
    let effectEntries: [APIVerboseEffect]
    let flavorTextEntries: [FlavorText]
    let gameIndices: [APIGenerationGameIndex]
    let names: [APIName]
    let sprites: Sprites
    let heldByPokemon: [Holder]
    let babyTriggerFor: APIResource?

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
    struct FlavorText: Decodable, Sendable, Hashable {
        let text: String
        let language: APINamedResource
        let versionGroup: APINamedResource?

        enum CodingKeys: String, CodingKey {
            case text, language
            case versionGroup = "version_group"
        }
    }

    /// The item's icon.
    struct Sprites: Decodable, Sendable, Hashable {
        let `default`: String?

        enum CodingKeys: String, CodingKey {
            case `default`
        }
    }

    /// A pokemon that holds the item in the wild.
    struct Holder: Decodable, Sendable, Hashable {
        let pokemon: APINamedResource
        let versionDetails: [APIPokemon.VersionDetail]

        enum CodingKeys: String, CodingKey {
            case pokemon
            case versionDetails = "version_details"
        }
    }
}
