import Pokedex

/// Lookups over a catalog that every page needs, computed once per build.
struct CatalogIndex: Sendable {
    let catalog: Catalog
    /// Species by slug.
    let speciesBySlug: [String: Species]
    /// Species by national-dex number.
    let speciesByID: [Int: Species]
    /// Types by slug.
    let typesBySlug: [String: PokemonType]
    /// Each species' default pokemon, in national-dex order (the list, the home rows).
    let defaults: [Pokemon]
    /// Every pokemon that gets a page: defaults in dex order, each followed by its alternate varieties.
    let allPages: [Pokemon]
    /// The sprite paths the sprites root holds, with each one's shape.
    let spriteShapes: [String: SpriteShape]

    init(catalog: Catalog, spriteShapes: [String: SpriteShape]) {
        self.catalog = catalog
        self.spriteShapes = spriteShapes
        speciesBySlug = Dictionary(catalog.species.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        speciesByID = Dictionary(catalog.species.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        typesBySlug = Dictionary(catalog.types.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        var defaults: [Pokemon] = []
        var all: [Pokemon] = []
        for species in catalog.species.sorted(by: { $0.id < $1.id }) {
            let varieties = species.varieties.compactMap { catalog.pokemon[$0] }
            guard let main = varieties.first(where: \.isDefault) ?? varieties.first else { continue }
            defaults.append(main)
            all.append(main)
            all.append(contentsOf: varieties.filter { $0.slug != main.slug })
        }
        self.defaults = defaults
        self.allPages = all
    }

    /// The pokemon's species, if the catalog has it.
    func species(of pokemon: Pokemon) -> Species? {
        speciesByID[pokemon.speciesID]
    }

    /// The default pokemon of a species slug.
    func defaultPokemon(ofSpecies slug: String) -> Pokemon? {
        guard let species = speciesBySlug[slug] else { return nil }
        let varieties = species.varieties.compactMap { catalog.pokemon[$0] }
        return varieties.first(where: \.isDefault) ?? varieties.first
    }

    /// The display name of a type slug.
    func typeName(_ slug: String) -> String {
        typesBySlug[slug]?.name ?? slug
    }
}
