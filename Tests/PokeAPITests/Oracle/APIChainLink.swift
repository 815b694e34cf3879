@testable import PokeAPI
/// One species in an evolution chain and the species it evolves into (recursive, branching).
struct APIChainLink: Decodable, Sendable, Hashable {
    let isBaby: Bool
    let species: APINamedResource
    /// How this species is reached from its parent; empty for the chain's root.
    let evolutionDetails: [APIEvolutionDetail]
    let evolvesTo: [APIChainLink]

    enum CodingKeys: String, CodingKey {
        case species
        case isBaby = "is_baby"
        case evolutionDetails = "evolution_details"
        case evolvesTo = "evolves_to"
    }
}

extension APIChainLink {
    /// This species and every species below it, depth first.
    var allSpecies: [APINamedResource] {
        [species] + evolvesTo.flatMap(\.allSpecies)
    }
}
