extension Wire {
    /// `type/<id>`: a type's names and damage relations.
    package struct PokemonType: Codable, Sendable, IdentifiedResource {

        package struct Relations: Codable, Sendable, Hashable {
            package var doubleDamageFrom: [Link]?
            package var halfDamageFrom: [Link]?
            package var noDamageFrom: [Link]?
            package var doubleDamageTo: [Link]?
            package var halfDamageTo: [Link]?
            package var noDamageTo: [Link]?

            enum CodingKeys: String, CodingKey {
                case doubleDamageFrom = "double_damage_from"
                case halfDamageFrom = "half_damage_from"
                case noDamageFrom = "no_damage_from"
                case doubleDamageTo = "double_damage_to"
                case halfDamageTo = "half_damage_to"
                case noDamageTo = "no_damage_to"
            }
        }

        /// A pokemon of the type; only whether there is one is read (and never fetched).
        package struct Member: Codable, Sendable, Hashable {
            package var pokemon: Mention

            enum CodingKeys: String, CodingKey {
                case pokemon
            }
        }

        package var id: Int
        package var name: String
        package var names: [Name]?
        package var damageRelations: Relations?
        package var pokemon: [Member]?

        enum CodingKeys: String, CodingKey {
            case id, name, names, pokemon
            case damageRelations = "damage_relations"
        }
    }

    /// `move/<id>`.
    package struct Move: Codable, Sendable, IdentifiedResource {

        package var id: Int
        package var name: String
        package var names: [Name]?
        package var type: Link?
        package var damageClass: Link?
        package var power: Int?
        package var accuracy: Int?
        package var pp: Int?

        enum CodingKeys: String, CodingKey {
            case id, name, names, type, power, accuracy, pp
            case damageClass = "damage_class"
        }
    }

    /// `ability/<id>`.
    package struct Ability: Codable, Sendable, IdentifiedResource {

        package var id: Int
        package var name: String
        package var names: [Name]?
        package var effectEntries: [Effect]?

        enum CodingKeys: String, CodingKey {
            case id, name, names
            case effectEntries = "effect_entries"
        }
    }

    /// Items, stats, places and regions: resources the catalog reads a name and its translations of.
    package struct Named: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?

        enum CodingKeys: String, CodingKey {
            case id, name, names
        }
    }
}

