@testable import PokeAPI
/// A pokedex color (`/api/v2/pokemon-color/{id}/`).
struct APIPokemonColor: Decodable, Sendable, Hashable {
    let id: Int
    let name: String
    let names: [APIName]
    let pokemonSpecies: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, names
        case pokemonSpecies = "pokemon_species"
    }
}
