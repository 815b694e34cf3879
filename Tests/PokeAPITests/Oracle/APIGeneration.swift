@testable import PokeAPI
/// A generation (`/api/v2/generation/{id}/`) and what it introduced.
struct APIGeneration: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let abilities: [APINamedResource]
    let names: [APIName]
    let mainRegion: APINamedResource
    let moves: [APINamedResource]
    let pokemonSpecies: [APINamedResource]
    let types: [APINamedResource]
    let versionGroups: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, abilities, names, moves, types
        case mainRegion = "main_region"
        case pokemonSpecies = "pokemon_species"
        case versionGroups = "version_groups"
    }
}
