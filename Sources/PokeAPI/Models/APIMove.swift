/// A move (`/api/v2/move/{id}/`).
public struct APIMove: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let accuracy: Int?
    public let effectChance: Int?
    public let pp: Int?
    public let priority: Int
    public let power: Int?
    public let damageClass: APINamedResource?
    public let effectEntries: [APIVerboseEffect]
    public let flavorTextEntries: [APIVersionGroupFlavorText]
    public let generation: APINamedResource
    public let learnedByPokemon: [APINamedResource]?
    public let meta: Meta?
    public let names: [APIName]
    public let pastValues: [PastValues]?
    public let statChanges: [StatChange]
    public let target: APINamedResource
    public let type: APINamedResource

    enum CodingKeys: String, CodingKey {
        case id, name, accuracy, pp, priority, power, generation, meta, names, target, type
        case effectChance = "effect_chance"
        case damageClass = "damage_class"
        case effectEntries = "effect_entries"
        case flavorTextEntries = "flavor_text_entries"
        case learnedByPokemon = "learned_by_pokemon"
        case pastValues = "past_values"
        case statChanges = "stat_changes"
    }
}

extension APIMove {
    /// Battle details of a move.
    public struct Meta: Decodable, Sendable, Hashable {
        public let ailment: APINamedResource?
        public let category: APINamedResource?
        public let minHits: Int?
        public let maxHits: Int?
        public let minTurns: Int?
        public let maxTurns: Int?
        public let drain: Int?
        public let healing: Int?
        public let critRate: Int?
        public let ailmentChance: Int?
        public let flinchChance: Int?
        public let statChance: Int?

        enum CodingKeys: String, CodingKey {
            case ailment, category, drain, healing
            case minHits = "min_hits"
            case maxHits = "max_hits"
            case minTurns = "min_turns"
            case maxTurns = "max_turns"
            case critRate = "crit_rate"
            case ailmentChance = "ailment_chance"
            case flinchChance = "flinch_chance"
            case statChance = "stat_chance"
        }
    }

    /// Values the move had before a version group changed them; null means unchanged.
    public struct PastValues: Decodable, Sendable, Hashable {
        public let accuracy: Int?
        public let effectChance: Int?
        public let power: Int?
        public let pp: Int?
        public let effectEntries: [APIVerboseEffect]
        public let type: APINamedResource?
        public let versionGroup: APINamedResource

        enum CodingKeys: String, CodingKey {
            case accuracy, power, pp, type
            case effectChance = "effect_chance"
            case effectEntries = "effect_entries"
            case versionGroup = "version_group"
        }
    }

    /// A stat the move raises or lowers.
    public struct StatChange: Decodable, Sendable, Hashable {
        public let change: Int
        public let stat: APINamedResource

        enum CodingKeys: String, CodingKey {
            case change, stat
        }
    }
}
