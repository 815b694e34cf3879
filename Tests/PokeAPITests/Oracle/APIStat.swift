@testable import PokeAPI
/// A stat (`/api/v2/stat/{id}/`): hp, attack, ...
struct APIStat: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let gameIndex: Int
    let isBattleOnly: Bool
    let moveDamageClass: APINamedResource?
    let names: [APIName]

    enum CodingKeys: String, CodingKey {
        case id, name, names
        case gameIndex = "game_index"
        case isBattleOnly = "is_battle_only"
        case moveDamageClass = "move_damage_class"
    }
}
