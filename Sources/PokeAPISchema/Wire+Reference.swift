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

    /// `move/<id>`: what a move does, in which games a machine teaches it.
    package struct Move: Codable, Sendable, IdentifiedResource {
        /// A machine teaching the move in one version group (`tm24` in red-blue).
        package struct MachineEntry: Codable, Sendable, Hashable {
            package var machine: Link
            package var versionGroup: Link

            enum CodingKeys: String, CodingKey {
                case machine
                case versionGroup = "version_group"
            }
        }

        package var id: Int
        package var name: String
        package var names: [Name]?
        package var type: Link?
        package var damageClass: Link?
        package var power: Int?
        package var accuracy: Int?
        package var pp: Int?
        package var priority: Int?
        package var target: Link?
        package var generation: Link?
        package var effectChance: Int?
        package var effectEntries: Texts<Effect>?
        package var flavorTextEntries: Texts<GroupText>?
        package var machines: [MachineEntry]?

        enum CodingKeys: String, CodingKey {
            case id, name, names, type, power, accuracy, pp, priority, target, generation, machines
            case damageClass = "damage_class"
            case effectChance = "effect_chance"
            case effectEntries = "effect_entries"
            case flavorTextEntries = "flavor_text_entries"
        }
    }

    /// `machine/<id>`: which item (TM, HM, TR) teaches which move in which version group.
    package struct Machine: Codable, Sendable, IdentifiedResource {
        package var id: Int
        /// The TM's item (`tm24`): only its name is shown, so it is not fetched.
        package var item: Mention
        package var move: Link?
        package var versionGroup: Link?

        enum CodingKeys: String, CodingKey {
            case id, item, move
            case versionGroup = "version_group"
        }
    }

    /// `ability/<id>`.
    package struct Ability: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?
        package var effectEntries: Texts<Effect>?
        package var flavorTextEntries: Texts<GroupText>?
        package var generation: Link?
        package var isMainSeries: Bool?

        enum CodingKeys: String, CodingKey {
            case id, name, names, generation
            case effectEntries = "effect_entries"
            case flavorTextEntries = "flavor_text_entries"
            case isMainSeries = "is_main_series"
        }
    }

    /// `item/<id>`: an item's names, picture, effect and category.
    package struct Item: Codable, Sendable, IdentifiedResource {
        package struct Sprites: Codable, Sendable, Hashable {
            package var `default`: SpriteURL?

            enum CodingKeys: String, CodingKey {
                case `default`
            }
        }

        package var id: Int
        package var name: String
        package var names: [Name]?
        package var sprites: Sprites?
        package var category: Link?
        package var effectEntries: Texts<Effect>?
        package var flavorTextEntries: Texts<ItemText>?

        enum CodingKeys: String, CodingKey {
            case id, name, names, sprites, category
            case effectEntries = "effect_entries"
            case flavorTextEntries = "flavor_text_entries"
        }
    }

    /// Resources the catalog reads a name and its translations of: stats, regions, egg
    /// groups, triggers, methods, targets, damage classes, languages.
    package struct Named: Codable, Sendable, IdentifiedResource {
        package var id: Int
        package var name: String
        package var names: [Name]?

        enum CodingKeys: String, CodingKey {
            case id, name, names
        }
    }
}

