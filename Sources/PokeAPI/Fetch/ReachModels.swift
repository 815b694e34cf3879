/// Slim views of the large resources, decoding only the links a fetch follows.
///
/// A pokemon is 100-600 KB, mostly move details and per-game sprites; decoding just the
/// links keeps the crawl close to network speed. The whole document is still parsed, so
/// invalid JSON is still refused.
enum ReachModels {
    struct Link: Decodable {
        let name: String?
        let url: String

        enum CodingKeys: String, CodingKey {
            case name, url
        }

        var resource: APINamedResource? { name.map { APINamedResource(name: $0, url: url) } }
    }

    struct Pokemon: Decodable {
        let species: Link
        let forms: [Link]
        let types: [Slot]
        let moves: [MoveEntry]
        let abilities: [AbilityEntry]
        let heldItems: [HeldItem]
        let stats: [StatEntry]
        let sprites: Sprites

        enum CodingKeys: String, CodingKey {
            case species, forms, types, moves, abilities, stats, sprites
            case heldItems = "held_items"
        }
    }

    struct Slot: Decodable {
        let type: Link

        enum CodingKeys: String, CodingKey {
            case type
        }
    }

    struct MoveEntry: Decodable {
        let move: Link

        enum CodingKeys: String, CodingKey {
            case move
        }
    }

    struct AbilityEntry: Decodable {
        let ability: Link?

        enum CodingKeys: String, CodingKey {
            case ability
        }
    }

    struct HeldItem: Decodable {
        let item: Link

        enum CodingKeys: String, CodingKey {
            case item
        }
    }

    struct StatEntry: Decodable {
        let stat: Link

        enum CodingKeys: String, CodingKey {
            case stat
        }
    }

    struct Sprites: Decodable {
        let frontDefault: String?
        let frontShiny: String?
        let frontFemale: String?
        let frontShinyFemale: String?

        enum CodingKeys: String, CodingKey {
            case frontDefault = "front_default"
            case frontShiny = "front_shiny"
            case frontFemale = "front_female"
            case frontShinyFemale = "front_shiny_female"
        }
    }

    struct Move: Decodable {
        let type: Link
        let damageClass: Link?

        enum CodingKeys: String, CodingKey {
            case type
            case damageClass = "damage_class"
        }
    }

    struct Generation: Decodable {
        let pokemonSpecies: [Link]

        enum CodingKeys: String, CodingKey {
            case pokemonSpecies = "pokemon_species"
        }
    }
}
