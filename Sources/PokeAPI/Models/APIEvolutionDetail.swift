/// One way to evolve: the trigger and every condition PokeAPI records.
public struct APIEvolutionDetail: Decodable, Sendable, Hashable {
    public let trigger: APINamedResource?
    public let item: APINamedResource?
    /// 1 female, 2 male.
    public let gender: Int?
    public let heldItem: APINamedResource?
    public let knownMove: APINamedResource?
    public let knownMoveType: APINamedResource?
    public let location: APINamedResource?
    public let minLevel: Int?
    public let minHappiness: Int?
    public let minBeauty: Int?
    public let minAffection: Int?
    public let minDamageTaken: Int?
    public let minMoveCount: Int?
    public let minSteps: Int?
    public let needsOverworldRain: Bool?
    public let needsMultiplayer: Bool?
    public let nearSpecialRock: Bool?
    public let partySpecies: APINamedResource?
    public let partyType: APINamedResource?
    /// 1 attack > defense, 0 equal, -1 attack < defense.
    public let relativePhysicalStats: Int?
    /// "day", "night", "dusk" or empty.
    public let timeOfDay: String?
    public let tradeSpecies: APINamedResource?
    public let turnUpsideDown: Bool?
    public let usedMove: APINamedResource?
    public let region: APINamedResource?
    public let baseForm: APINamedResource?
    public let evolvedForm: APINamedResource?
    public let versionGroup: APINamedResource?
    public let isDefault: Bool?

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
