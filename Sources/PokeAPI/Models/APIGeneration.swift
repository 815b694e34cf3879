/// A generation (`/api/v2/generation/{id}/`) and what it introduced.
public struct APIGeneration: Decodable, Sendable, Hashable {
    public let id: Int
    public let name: String
    public let abilities: [APINamedResource]
    public let names: [APIName]
    public let mainRegion: APINamedResource
    public let moves: [APINamedResource]
    public let pokemonSpecies: [APINamedResource]
    public let types: [APINamedResource]
    public let versionGroups: [APINamedResource]

    enum CodingKeys: String, CodingKey {
        case id, name, abilities, names, moves, types
        case mainRegion = "main_region"
        case pokemonSpecies = "pokemon_species"
        case versionGroups = "version_groups"
    }
}
