/// A version group (`/api/v2/version-group/{id}/`): games that share move data.
public struct APIVersionGroup: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    /// Release order; higher is newer.
    public let order: Int
    public let generation: APINamedResource
    public let moveLearnMethods: [APINamedResource]
    public let pokedexes: [APINamedResource]
    public let regions: [APINamedResource]
    public let versions: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, order, generation, pokedexes, regions, versions
        case moveLearnMethods = "move_learn_methods"
    }
}
