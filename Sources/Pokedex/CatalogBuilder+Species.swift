import PokeAPI
import Common
/// A species normalized, with the links its later steps follow.
struct SpeciesDraft: Codable, Sendable {
    var species: Species
    /// The species' pokemon, default variety first.
    var varieties: [Wire.Link]
    var chain: Wire.Link?
    /// What the draft was made from (``DerivedRecord``'s hash of its file and base): a
    /// pokemon's normalization takes its name and more from the draft, so it depends on this.
    var inputs: UInt64 = 0

    private enum CodingKeys: String, CodingKey { case species, varieties, chain }
}

extension CatalogBuilder {
    /// Decodes every species in the folder: the selected ones and the ones chains may name.
    func loadAllSpecies(order: VersionOrder) async throws(CatalogIssue) -> [SpeciesDraft] {
        let ids = try store.ids("pokemon-species")
        guard !ids.isEmpty else { throw .noSpecies(root: store.root.path) }
        let store = self.store
        let localized = self.localized
        let base = DerivedRecord<SpeciesDraft>.base(language: localized.language, order: order)
        return try await BoundedConcurrency.map(ids, width: width) { id throws(CatalogIssue) in
            var (draft, inputs) = try store.derived(SpeciesDraft.self, name: "pokemon-species/\(id)@\(localized.language)", base: base) { store throws(CatalogIssue) in
                Self.draft(try store.load(Wire.Species.self, "pokemon-species", id), localized: localized, order: order)
            }
            draft.inputs = inputs
            return draft
        }
    }

    static func draft(_ raw: Wire.Species, localized: Localized, order: VersionOrder) -> SpeciesDraft {
        let varieties = (raw.varieties ?? []).enumerated()
            .sorted { ($0.element.isDefault ? 0 : 1, $0.offset) < ($1.element.isDefault ? 0 : 1, $1.offset) }
            .map(\.element.pokemon)
        let species = Species(
            id: raw.id,
            slug: raw.name,
            name: localized.name(raw.names) ?? raw.name,
            genus: localized.genus(raw.genera),
            flavorText: localized.flavorText(raw.flavorTextEntries?.entries) { order.rank(version: $0) },
            color: raw.color?.name,
            generation: raw.generation?.id,
            isLegendary: raw.isLegendary ?? false,
            isMythical: raw.isMythical ?? false,
            isBaby: raw.isBaby ?? false,
            evolutionChainID: raw.evolutionChain?.id,
            evolvesFrom: raw.evolvesFromSpecies?.name,
            varieties: varieties.compactMap(\.name),
            growthRate: raw.growthRate?.name,
            captureRate: raw.captureRate,
            baseHappiness: raw.baseHappiness,
            genderRate: raw.genderRate,
            hatchCounter: raw.hatchCounter,
            eggGroups: (raw.eggGroups ?? []).compactMap(\.name),
            hasGenderDifferences: raw.hasGenderDifferences ?? false
        )
        var complete = species
        complete.entries = PackedList(localized.entries(raw.flavorTextEntries?.entries) { order.rank(version: $0) })
        complete.names = PackedList((raw.names ?? []).compactMap { name in name.language.name.map { LocalizedName(language: $0, name: name.name) } })
        return SpeciesDraft(species: complete, varieties: varieties, chain: raw.evolutionChain)
    }
}
