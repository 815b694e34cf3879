/// An ability (`/api/v2/ability/{id}/`).
public struct APIAbility: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let isMainSeries: Bool
    public let generation: APINamedResource
    public let names: [APIName]
    public let effectEntries: [APIVerboseEffect]
    public let effectChanges: [EffectChange]
    public let flavorTextEntries: [APIVersionGroupFlavorText]
    public let pokemon: [Holder]

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
    public struct EffectChange: Decodable, Sendable, Hashable {
        public let effectEntries: [APIEffect]
        public let versionGroup: APINamedResource

        enum CodingKeys: String, CodingKey {
            case effectEntries = "effect_entries"
            case versionGroup = "version_group"
        }
    }

    /// A pokemon that can have the ability.
    public struct Holder: Decodable, Sendable, Hashable {
        public let isHidden: Bool
        public let slot: Int
        public let pokemon: APINamedResource

        enum CodingKeys: String, CodingKey {
            case slot, pokemon
            case isHidden = "is_hidden"
        }
    }
}
