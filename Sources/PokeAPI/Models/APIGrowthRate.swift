/// A growth rate (`/api/v2/growth-rate/{id}/`): experience needed for each level.
public struct APIGrowthRate: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let formula: String
    public let descriptions: [APIDescription]
    public let levels: [Level]
    public let pokemonSpecies: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, formula, descriptions, levels
        case pokemonSpecies = "pokemon_species"
    }
}

extension APIGrowthRate {
    /// Total experience needed to reach a level.
    public struct Level: Decodable, Sendable, Hashable {
        public let level: Int
        public let experience: Int

        enum CodingKeys: String, CodingKey {
            case level, experience
        }
    }
}
