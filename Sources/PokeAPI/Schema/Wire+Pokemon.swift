
extension Wire {
    /// `pokemon/<id>`: one variety: types, abilities, stats, moves, sprites.
    package struct Pokemon: Codable, Sendable, IdentifiedResource {

        package struct AbilityEntry: Codable, Sendable, Hashable {
            package var ability: Link?
            package var isHidden: Bool
            package var slot: Int

            enum CodingKeys: String, CodingKey {
                case ability, slot
                case isHidden = "is_hidden"
            }
        }

        package struct StatEntry: Codable, Sendable, Hashable {
            package var baseStat: Int
            package var stat: Link

            enum CodingKeys: String, CodingKey {
                case stat
                case baseStat = "base_stat"
            }
        }

        package struct TypeEntry: Codable, Sendable, Hashable {
            package var slot: Int
            package var type: Link

            enum CodingKeys: String, CodingKey {
                case slot, type
            }
        }

        package struct HeldItem: Codable, Sendable, Hashable {
            package var item: Link

            enum CodingKeys: String, CodingKey {
                case item
            }
        }

        package struct Sprites: Codable, Sendable, Hashable {
            package var frontDefault: SpriteURL?
            package var frontShiny: SpriteURL?
            package var frontFemale: SpriteURL?
            package var frontShinyFemale: SpriteURL?

            enum CodingKeys: String, CodingKey {
                case frontDefault = "front_default"
                case frontShiny = "front_shiny"
                case frontFemale = "front_female"
                case frontShinyFemale = "front_shiny_female"
            }
        }

        package var id: Int
        package var name: String
        package var isDefault: Bool?
        package var height: Int?
        package var weight: Int?
        package var baseExperience: Int?
        package var species: Link
        package var forms: [Link]?
        package var abilities: [AbilityEntry]?
        package var stats: [StatEntry]?
        package var types: [TypeEntry]?
        package var moves: Learnset?
        package var heldItems: [HeldItem]?
        package var sprites: Sprites?

        enum CodingKeys: String, CodingKey {
            case id, name, height, weight, species, forms, abilities, stats, types, moves, sprites
            case isDefault = "is_default"
            case baseExperience = "base_experience"
            case heldItems = "held_items"
        }
    }
}
