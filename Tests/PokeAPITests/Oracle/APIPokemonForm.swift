@testable import PokeAPI
/// A pokemon form (`/api/v2/pokemon-form/{id}/`): a look of a pokemon.
struct APIPokemonForm: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let order: Int
    let formOrder: Int
    let isDefault: Bool
    let isBattleOnly: Bool
    let isMega: Bool
    let formName: String
    let pokemon: APINamedResource
    let types: [APIPokemon.TypeSlot]
    let sprites: APIPokemonSprites
    let versionGroup: APINamedResource
    let names: [APIName]
    let formNames: [APIName]

    enum CodingKeys: String, CodingKey {
        case id, name, order, pokemon, types, sprites, names
        case formOrder = "form_order"
        case isDefault = "is_default"
        case isBattleOnly = "is_battle_only"
        case isMega = "is_mega"
        case formName = "form_name"
        case versionGroup = "version_group"
        case formNames = "form_names"
    }
}
