import PokeAPI
import Foundation
import Common

/// Builds a catalog from an api-data folder (a cache or a local PokeAPI dump).
///
/// Decodes only the resources the selection needs, a bounded number at a time, and
/// normalizes each into the domain model right away so its raw JSON can go.
struct CatalogBuilder: Sendable {
    let store: ResourceStore
    let localized: Localized
    let selection: Selection
    let width: Int

    init(store: ResourceStore, language: String, selection: Selection, width: Int = BoundedConcurrency.defaultWidth) {
        self.store = store
        localized = Localized(language: language)
        self.selection = selection
        self.width = width
    }

    /// Reads, decodes and normalizes everything the selection needs.
    func build() async throws(CatalogIssue) -> Catalog {
        let order = try loadVersionOrder()
        let allSpecies = try await loadAllSpecies(order: order)
        let selected = allSpecies.filter { selection.includes(id: $0.species.id, slug: $0.species.slug, generation: $0.species.generation) }
        guard !selected.isEmpty else { throw .emptySelection(selection: selection.description) }

        var references = References()
        let decodedPokemon = try await loadPokemon(of: selected, order: order, references: &references)
        var pokemon: [String: Pokemon] = [:]
        var species: [Species] = []
        for (draft, varieties) in zip(selected, decodedPokemon) {
            var entry = draft.species
            entry.varieties = varieties.map(\.slug)
            species.append(entry)
            for decoded in varieties {
                if let other = pokemon[decoded.slug], other.id != decoded.id {
                    throw .badValue(path: store.file("pokemon", decoded.id), jsonPath: "$.name",
                                    detail: "\"\(decoded.slug)\" is also the name of pokemon \(other.id); two pages cannot share it")
                }
                pokemon[decoded.slug] = decoded
            }
        }

        let chains = try await loadChains(of: selected, references: &references)
        let bySlug = Dictionary(allSpecies.map { ($0.species.slug, $0.species) }, uniquingKeysWith: { first, _ in first })
        let selectedSlugs = Set(species.map(\.slug))
        var chainOnly: [String: SpeciesSummary] = [:]
        for slug in references.species where !selectedSlugs.contains(slug) {
            guard let other = bySlug[slug] else { continue }
            chainOnly[slug] = SpeciesSummary(id: other.id, slug: other.slug, name: other.name)
        }

        // What the references name is loaded all at once, each part on every core: one
        // after the other, the small parts (types, stats, the lookups' few files of a
        // kind) left the second core idle between them. Each reports its own error, in
        // the order they were loaded in before.
        let wanted = references
        async let types = Self.result { () throws(CatalogIssue) in try await self.loadTypes() }
        async let moves = Self.result { () throws(CatalogIssue) in try await self.loadMoves(wanted.moves, order: order) }
        async let abilities = Self.result { () throws(CatalogIssue) in try await self.loadAbilities(wanted.abilities, order: order) }
        async let items = Self.result { () throws(CatalogIssue) in try await self.loadItems(wanted.items, order: order) }
        async let stats = Self.result { () throws(CatalogIssue) in
            try await self.loadNamed(wanted.stats, kind: "stat") { Stat(slug: $0, name: $1) }
        }
        async let growthRates = Self.result { () throws(CatalogIssue) in try await self.loadGrowthRates() }
        async let regionNames = Self.result { () throws(CatalogIssue) in try await self.loadNamesIfPresent(wanted.regions, kind: "region") }
        async let lookups = Self.result { () throws(CatalogIssue) in try await self.loadLookups(references: wanted) }
        // The pokemon are moved in, not copied: the lookups change some of them, and a
        // table still held here would be copied whole for that (8 MB at ten times the dex).
        var catalog = Catalog(
            language: localized.language,
            species: species.sorted { $0.id < $1.id },
            pokemon: consume pokemon,
            types: try await types.get(),
            evolutionChains: chains,
            moves: try await moves.get(),
            abilities: try await abilities.get(),
            items: try await items.get(),
            stats: try await stats.get(),
            chainOnlySpecies: chainOnly,
            growthRates: try await growthRates.get(),
            itemSlugs: try loadItemSlugs(besides: wanted.items),
            // The places evolutions name are read with every other place, in `loadLookups`
            // (one type per file, so its record is kept, not decoded again each build).
            locationNames: [:],
            regionNames: try await regionNames.get()
        )
        Self.apply(try await lookups.get(), to: &catalog)
        try catalog.validate(folder: store.root.path)
        return catalog
    }

    /// What `body` gives or throws, as a value: what a child task loading one part hands back.
    static func result<T>(_ body: () async throws(CatalogIssue) -> T) async -> Result<T, CatalogIssue> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}

/// Resources a catalog refers to by slug, with the ids their files live under.
struct References: Codable, Sendable {
    var moves: [String: Int] = [:]
    var abilities: [String: Int] = [:]
    var items: [String: Int] = [:]
    var stats: [String: Int] = [:]
    /// Species slugs named by chains (members, party and trade species).
    var species: Set<String> = []
    /// Places and regions evolution conditions name.
    var locations: [String: Int] = [:]
    var regions: [String: Int] = [:]
    /// Location areas encounters name.
    var areas: [String: Int] = [:]

    mutating func merge(_ other: References) {
        moves.merge(other.moves) { first, _ in first }
        abilities.merge(other.abilities) { first, _ in first }
        items.merge(other.items) { first, _ in first }
        stats.merge(other.stats) { first, _ in first }
        species.formUnion(other.species)
        locations.merge(other.locations) { first, _ in first }
        areas.merge(other.areas) { first, _ in first }
        regions.merge(other.regions) { first, _ in first }
    }

    /// Records a link's slug and id in one of the maps.
    static func note(_ link: Wire.Link?, in map: inout [String: Int]) {
        guard let link, let name = link.name, let id = link.id else { return }
        map[name] = id
    }
}
