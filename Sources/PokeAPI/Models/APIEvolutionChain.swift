/// An evolution chain (`/api/v2/evolution-chain/{id}/`); its id is not a species id.
public struct APIEvolutionChain: Decodable, Sendable, Hashable {
    public let id: Int
    public let babyTriggerItem: APINamedResource?
    public let chain: APIChainLink

    enum CodingKeys: String, CodingKey {
        case id, chain
        case babyTriggerItem = "baby_trigger_item"
    }
}

extension APIEvolutionChain {
    /// Every species in the chain, root first, depth first.
    public var allSpecies: [APINamedResource] { chain.allSpecies }
}
