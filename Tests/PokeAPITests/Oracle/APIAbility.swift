@testable import PokeAPI
/// An ability (`/api/v2/ability/{id}/`).
struct APIAbility: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let isMainSeries: Bool
    let generation: APINamedResource
    let names: [APIName]
    let effectEntries: [APIVerboseEffect]
    let effectChanges: [EffectChange]
    let flavorTextEntries: [APIVersionGroupFlavorText]
    let pokemon: [Holder]

    enum CodingKeys: String, CodingKey {
        case id, name, generation, names, pokemon
        case isMainSeries = "is_main_series"
        case effectEntries = "effect_entries"
        case effectChanges = "effect_changes"
        case flavorTextEntries = "flavor_text_entries"
    }
}

extension APIAbility {
    /// How the ability's effect read in an earlier version group.
    struct EffectChange: Decodable, Sendable, Hashable {
        let effectEntries: [APIEffect]
        let versionGroup: APINamedResource

        enum CodingKeys: String, CodingKey {
            case effectEntries = "effect_entries"
            case versionGroup = "version_group"
        }
    }

    /// A pokemon that can have the ability.
    struct Holder: Decodable, Sendable, Hashable {
        let isHidden: Bool
        let slot: Int
        let pokemon: APINamedResource

        enum CodingKeys: String, CodingKey {
            case slot, pokemon
            case isHidden = "is_hidden"
        }
    }
}
