/// A type (`/api/v2/type/{id}/`) with its damage relations and pokemon.
public struct APIType: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let damageRelations: DamageRelations
    public let pastDamageRelations: [PastDamageRelations]?
    public let gameIndices: [APIGenerationGameIndex]
    public let generation: APINamedResource
    public let moveDamageClass: APINamedResource?
    public let names: [APIName]
    public let pokemon: [Member]
    public let moves: [APINamedResource]

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
    public struct DamageRelations: Decodable, Sendable, Hashable {
        public let noDamageTo: [APINamedResource]
        public let halfDamageTo: [APINamedResource]
        public let doubleDamageTo: [APINamedResource]
        public let noDamageFrom: [APINamedResource]
        public let halfDamageFrom: [APINamedResource]
        public let doubleDamageFrom: [APINamedResource]

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
    public struct PastDamageRelations: Decodable, Sendable, Hashable {
        public let generation: APINamedResource
        public let damageRelations: DamageRelations

        enum CodingKeys: String, CodingKey {
            case generation
            case damageRelations = "damage_relations"
        }
    }

    /// A pokemon of this type, in a slot.
    public struct Member: Decodable, Sendable, Hashable {
        public let slot: Int
        public let pokemon: APINamedResource

        enum CodingKeys: String, CodingKey {
            case slot, pokemon
        }
    }
}
