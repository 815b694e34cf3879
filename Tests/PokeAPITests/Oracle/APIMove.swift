@testable import PokeAPI
/// A move (`/api/v2/move/{id}/`).
struct APIMove: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let accuracy: Int?
    let effectChance: Int?
    let pp: Int?
    let priority: Int
    let power: Int?
    let damageClass: APINamedResource?
    let effectEntries: [APIVerboseEffect]
    let flavorTextEntries: [APIVersionGroupFlavorText]
    let generation: APINamedResource
    let learnedByPokemon: [APINamedResource]?
    let meta: Meta?
    let names: [APIName]
    let pastValues: [PastValues]?
    let statChanges: [StatChange]
    let target: APINamedResource
    let type: APINamedResource
    let machines: [MachineVersion]

    struct MachineVersion: Decodable, Sendable, Hashable {
        let machine: APIResource
        let versionGroup: APINamedResource

        enum CodingKeys: String, CodingKey {
            case machine
            case versionGroup = "version_group"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, accuracy, pp, priority, power, generation, meta, names, target, type, machines
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
    struct Meta: Decodable, Sendable, Hashable {
        let ailment: APINamedResource?
        let category: APINamedResource?
        let minHits: Int?
        let maxHits: Int?
        let minTurns: Int?
        let maxTurns: Int?
        let drain: Int?
        let healing: Int?
        let critRate: Int?
        let ailmentChance: Int?
        let flinchChance: Int?
        let statChance: Int?

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
    struct PastValues: Decodable, Sendable, Hashable {
        let accuracy: Int?
        let effectChance: Int?
        let power: Int?
        let pp: Int?
        let effectEntries: [APIVerboseEffect]
        let type: APINamedResource?
        let versionGroup: APINamedResource

        enum CodingKeys: String, CodingKey {
            case accuracy, power, pp, type
            case effectChance = "effect_chance"
            case effectEntries = "effect_entries"
            case versionGroup = "version_group"
        }
    }

    /// A stat the move raises or lowers.
    struct StatChange: Decodable, Sendable, Hashable {
        let change: Int
        let stat: APINamedResource

        enum CodingKeys: String, CodingKey {
            case change, stat
        }
    }
}
