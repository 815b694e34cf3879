@testable import PokeAPI
/// A version group (`/api/v2/version-group/{id}/`): games that share move data.
struct APIVersionGroup: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    /// Release order; higher is newer.
    let order: Int
    let generation: APINamedResource
    let moveLearnMethods: [APINamedResource]
    let pokedexes: [APINamedResource]
    let regions: [APINamedResource]
    let versions: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, order, generation, pokedexes, regions, versions
        case moveLearnMethods = "move_learn_methods"
    }
}
