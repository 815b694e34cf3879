/// A stat (`/api/v2/stat/{id}/`): hp, attack, ...
public struct APIStat: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let gameIndex: Int
    public let isBattleOnly: Bool
    public let moveDamageClass: APINamedResource?
    public let names: [APIName]

    enum CodingKeys: String, CodingKey {
        case id, name, names
        case gameIndex = "game_index"
        case isBattleOnly = "is_battle_only"
        case moveDamageClass = "move_damage_class"
    }
}
