@testable import PokeAPI
/// A growth rate (`/api/v2/growth-rate/{id}/`): experience needed for each level.
struct APIGrowthRate: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let formula: String
    let descriptions: [APIDescription]
    let levels: [Level]
    let pokemonSpecies: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, formula, descriptions, levels
        case pokemonSpecies = "pokemon_species"
    }
}

extension APIGrowthRate {
    /// Total experience needed to reach a level.
    struct Level: Decodable, Sendable, Hashable {
        let level: Int
        let experience: Int

        enum CodingKeys: String, CodingKey {
            case level, experience
        }
    }
}
