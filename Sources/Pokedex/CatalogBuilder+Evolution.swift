import PokeAPI
import Common
extension CatalogBuilder {
    /// Decodes the chains the selected species belong to, each once.
    func loadChains(of selected: [SpeciesDraft], references: inout References) async throws(CatalogIssue) -> [Int: EvolutionChain] {
        var ids: [Int] = []
        var seen: Set<Int> = []
        for draft in selected {
            guard let id = draft.chain?.id, seen.insert(id).inserted else { continue }
            ids.append(id)
        }
        let store = self.store
        let decoded = try await BoundedConcurrency.map(ids, width: width) { id throws(CatalogIssue) in
            let raw = try store.load(Wire.EvolutionChain.self, "evolution-chain", id)
            var references = References()
            let root = Self.node(raw.chain, references: &references)
            return (EvolutionChain(id: raw.id, root: root), references)
        }
        var chains: [Int: EvolutionChain] = [:]
        for (chain, found) in decoded {
            chains[chain.id] = chain
            references.merge(found)
        }
        return chains
    }

    static func node(_ link: Wire.EvolutionChain.ChainLink, references: inout References) -> EvolutionNode {
        let slug = link.species.name ?? ""
        references.species.insert(slug)
        var conditions: [EvolutionCondition] = []
        for detail in link.evolutionDetails ?? [] {
            let condition = condition(detail, references: &references)
            // PokeAPI repeats a condition once per game it applies to; one is enough here.
            if !conditions.contains(condition) { conditions.append(condition) }
        }
        let children = (link.evolvesTo ?? []).map { node($0, references: &references) }
        return EvolutionNode(species: slug, conditions: conditions, evolvesTo: children)
    }

    static func condition(_ detail: Wire.EvolutionDetail, references: inout References) -> EvolutionCondition {
        References.note(detail.item, in: &references.items)
        References.note(detail.heldItem, in: &references.items)
        References.note(detail.knownMove, in: &references.moves)
        References.note(detail.usedMove, in: &references.moves)
        References.note(detail.location, in: &references.locations)
        References.note(detail.region, in: &references.regions)
        for species in [detail.partySpecies, detail.tradeSpecies] {
            if let name = species?.name { references.species.insert(name) }
        }
        let time = detail.timeOfDay.flatMap { $0.isEmpty ? nil : $0 }
        return EvolutionCondition(
            trigger: detail.trigger?.name ?? "other",
            minLevel: detail.minLevel,
            item: detail.item?.name,
            heldItem: detail.heldItem?.name,
            knownMove: detail.knownMove?.name,
            knownMoveType: detail.knownMoveType?.name,
            location: detail.location?.name,
            minHappiness: detail.minHappiness,
            minBeauty: detail.minBeauty,
            minAffection: detail.minAffection,
            timeOfDay: time,
            gender: detail.gender,
            needsOverworldRain: detail.needsOverworldRain ?? false,
            partySpecies: detail.partySpecies?.name,
            partyType: detail.partyType?.name,
            relativePhysicalStats: detail.relativePhysicalStats,
            tradeSpecies: detail.tradeSpecies?.name,
            turnUpsideDown: detail.turnUpsideDown ?? false,
            baseForm: detail.baseForm?.name,
            evolvedForm: detail.evolvedForm?.name,
            region: detail.region?.name,
            usedMove: detail.usedMove?.name,
            minMoveCount: detail.minMoveCount,
            nearSpecialRock: detail.nearSpecialRock ?? false,
            minSteps: detail.minSteps,
            minDamageTaken: detail.minDamageTaken,
            needsMultiplayer: detail.needsMultiplayer ?? false
        )
    }
}
