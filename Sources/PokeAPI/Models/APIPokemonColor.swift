/// A pokedex color (`/api/v2/pokemon-color/{id}/`).
public struct APIPokemonColor: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let names: [APIName]
    public let pokemonSpecies: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, names
        case pokemonSpecies = "pokemon_species"
    }
}
