@testable import PokeAPI
/// An evolution chain (`/api/v2/evolution-chain/{id}/`); its id is not a species id.
struct APIEvolutionChain: Decodable, Sendable, Hashable {
    let id: Int
    let babyTriggerItem: APINamedResource?
    let chain: APIChainLink

    enum CodingKeys: String, CodingKey {
        case id, chain
        case babyTriggerItem = "baby_trigger_item"
    }
}

extension APIEvolutionChain {
    /// Every species in the chain, root first, depth first.
    var allSpecies: [APINamedResource] { chain.allSpecies }
}
