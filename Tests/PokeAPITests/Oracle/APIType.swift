@testable import PokeAPI
/// A type (`/api/v2/type/{id}/`) with its damage relations and pokemon.
struct APIType: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let damageRelations: DamageRelations
    let pastDamageRelations: [PastDamageRelations]?
    let gameIndices: [APIGenerationGameIndex]
    let generation: APINamedResource
    let moveDamageClass: APINamedResource?
    let names: [APIName]
    let pokemon: [Member]
    let moves: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, generation, names, pokemon, moves
        case damageRelations = "damage_relations"
        case pastDamageRelations = "past_damage_relations"
        case gameIndices = "game_indices"
        case moveDamageClass = "move_damage_class"
    }
}

extension APIType {
    /// Which types this type hits or is hit by, and how hard.
    struct DamageRelations: Decodable, Sendable, Hashable {
        let noDamageTo: [APINamedResource]
        let halfDamageTo: [APINamedResource]
        let doubleDamageTo: [APINamedResource]
        let noDamageFrom: [APINamedResource]
        let halfDamageFrom: [APINamedResource]
        let doubleDamageFrom: [APINamedResource]

        enum CodingKeys: String, CodingKey {
            case noDamageTo = "no_damage_to"
            case halfDamageTo = "half_damage_to"
            case doubleDamageTo = "double_damage_to"
            case noDamageFrom = "no_damage_from"
            case halfDamageFrom = "half_damage_from"
            case doubleDamageFrom = "double_damage_from"
        }
    }

    /// Damage relations that held up to a generation.
    struct PastDamageRelations: Decodable, Sendable, Hashable {
        let generation: APINamedResource
        let damageRelations: DamageRelations

        enum CodingKeys: String, CodingKey {
            case generation
            case damageRelations = "damage_relations"
        }
    }

    /// A pokemon of this type, in a slot.
    struct Member: Decodable, Sendable, Hashable {
        let slot: Int
        let pokemon: APINamedResource

        enum CodingKeys: String, CodingKey {
            case slot, pokemon
        }
    }
}
