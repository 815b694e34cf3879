
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
            /// The effort values a defeated one gives (its EV yield).
            package var effort: Int?
            package var stat: Link

            enum CodingKeys: String, CodingKey {
                case stat, effort
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
            package struct Detail: Codable, Sendable, Hashable {
                package var rarity: Int?
                package var version: Link

                enum CodingKeys: String, CodingKey {
                    case rarity, version
                }
            }

            package var item: Link
            package var versionDetails: [Detail]?

            enum CodingKeys: String, CodingKey {
                case item
                case versionDetails = "version_details"
            }
        }

        package struct Sprites: Codable, Sendable, Hashable {
            /// Large images: official artwork and HOME renders, front and shiny.
            package struct Other: Codable, Sendable, Hashable {
                package struct Artwork: Codable, Sendable, Hashable {
                    package var frontDefault: ArtworkURL?
                    package var frontShiny: ArtworkURL?

                    enum CodingKeys: String, CodingKey {
                        case frontDefault = "front_default"
                        case frontShiny = "front_shiny"
                    }
                }

                package struct Home: Codable, Sendable, Hashable {
                    package var frontDefault: HomeURL?
                    package var frontShiny: HomeURL?

                    enum CodingKeys: String, CodingKey {
                        case frontDefault = "front_default"
                        case frontShiny = "front_shiny"
                    }
                }

                package var officialArtwork: Artwork?
                package var home: Home?

                enum CodingKeys: String, CodingKey {
                    case home
                    case officialArtwork = "official-artwork"
                }
            }

            package var frontDefault: SpriteURL?
            package var frontShiny: SpriteURL?
            package var frontFemale: SpriteURL?
            package var frontShinyFemale: SpriteURL?
            package var backDefault: SpriteURL?
            package var backShiny: SpriteURL?
            package var backFemale: SpriteURL?
            package var backShinyFemale: SpriteURL?
            package var other: Other?

            enum CodingKeys: String, CodingKey {
                case other
                case frontDefault = "front_default"
                case frontShiny = "front_shiny"
                case frontFemale = "front_female"
                case frontShinyFemale = "front_shiny_female"
                case backDefault = "back_default"
                case backShiny = "back_shiny"
                case backFemale = "back_female"
                case backShinyFemale = "back_shiny_female"
            }
        }

        /// Its cries: the newest recording, and the original games' one where there is one.
        package struct Cries: Codable, Sendable, Hashable {
            package var latest: SpriteURL?
            package var legacy: SpriteURL?

            enum CodingKeys: String, CodingKey {
                case latest, legacy
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
        package var cries: Cries?
        /// Where it is met in the wild (`/api/v2/pokemon/<id>/encounters`).
        package var locationAreaEncounters: ResourceURL?

        enum CodingKeys: String, CodingKey {
            case id, name, height, weight, species, forms, abilities, stats, types, moves, sprites, cries
            case locationAreaEncounters = "location_area_encounters"
            case isDefault = "is_default"
            case baseExperience = "base_experience"
            case heldItems = "held_items"
        }
    }
}
