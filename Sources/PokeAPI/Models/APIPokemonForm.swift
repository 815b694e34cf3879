/// A pokemon form (`/api/v2/pokemon-form/{id}/`): a look of a pokemon.
public struct APIPokemonForm: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let order: Int
    public let formOrder: Int
    public let isDefault: Bool
    public let isBattleOnly: Bool
    public let isMega: Bool
    public let formName: String
    public let pokemon: APINamedResource
    public let types: [APIPokemon.TypeSlot]
    public let sprites: APIPokemonSprites
    public let versionGroup: APINamedResource
    public let names: [APIName]
    public let formNames: [APIName]

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
