@testable import PokeAPI
/// One way to evolve: the trigger and every condition PokeAPI records.
struct APIEvolutionDetail: Decodable, Sendable, Hashable {
    let trigger: APINamedResource?
    let item: APINamedResource?
    /// 1 female, 2 male.
    let gender: Int?
    let heldItem: APINamedResource?
    let knownMove: APINamedResource?
    let knownMoveType: APINamedResource?
    let location: APINamedResource?
    let minLevel: Int?
    let minHappiness: Int?
    let minBeauty: Int?
    let minAffection: Int?
    let minDamageTaken: Int?
    let minMoveCount: Int?
    let minSteps: Int?
    let needsOverworldRain: Bool?
    let needsMultiplayer: Bool?
    let nearSpecialRock: Bool?
    let partySpecies: APINamedResource?
    let partyType: APINamedResource?
    /// 1 attack > defense, 0 equal, -1 attack < defense.
    let relativePhysicalStats: Int?
    /// "day", "night", "dusk" or empty.
    let timeOfDay: String?
    let tradeSpecies: APINamedResource?
    let turnUpsideDown: Bool?
    let usedMove: APINamedResource?
    let region: APINamedResource?
    let baseForm: APINamedResource?
    let evolvedForm: APINamedResource?
    let versionGroup: APINamedResource?
    let isDefault: Bool?

    enum CodingKeys: String, CodingKey {
        case trigger, item, gender, location, region
        case heldItem = "held_item"
        case knownMove = "known_move"
        case knownMoveType = "known_move_type"
        case minLevel = "min_level"
        case minHappiness = "min_happiness"
        case minBeauty = "min_beauty"
        case minAffection = "min_affection"
        case minDamageTaken = "min_damage_taken"
        case minMoveCount = "min_move_count"
        case minSteps = "min_steps"
        case needsOverworldRain = "needs_overworld_rain"
        case needsMultiplayer = "needs_multiplayer"
        case nearSpecialRock = "near_special_rock"
        case partySpecies = "party_species"
        case partyType = "party_type"
        case relativePhysicalStats = "relative_physical_stats"
        case timeOfDay = "time_of_day"
        case tradeSpecies = "trade_species"
        case turnUpsideDown = "turn_upside_down"
        case usedMove = "used_move"
        case baseForm = "base_form"
        case evolvedForm = "evolved_form"
        case versionGroup = "version_group"
        case isDefault = "is_default"
    }
}
