import Common
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
    /// Where the opaque pixels of the pixel-art images Pokémon lead with lie (``PNGContent``).
    let spriteContent: [String: PNGContent]
    /// The image heroes and cards lead with: `sprites`, `artwork` or `home`.
    let images: String
    /// Who learns, has, holds or belongs to what: the pages of moves, abilities, items and egg groups.
    let reverse: ReverseIndex
    /// From this language's root to the media and assets: "" (one language) or "../".
    let mediaRoot: String

    init(catalog: Catalog, spriteShapes: [String: SpriteShape], spriteContent: [String: PNGContent] = [:], images: String = "sprites", mediaRoot: String = "") {
        self.catalog = catalog
        self.mediaRoot = mediaRoot
        self.spriteShapes = spriteShapes
        self.spriteContent = spriteContent
        self.images = images
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
        reverse = ReverseIndex(catalog: catalog, pages: all)
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

    /// The emblems the pages show: every built pokemon without an image, every chain
    /// member outside the site. Path (relative to the root) -> SVG text.
    var emblems: [String: String] {
        var files: [String: String] = [:]
        for pokemon in allPages where image(of: pokemon).isEmblem {
            files[Emblem.path(pokemon: pokemon.slug)] = Emblem.svg(name: LanguageMark.plain(pokemon.name), types: pokemon.types)
        }
        for summary in catalog.chainOnlySpecies.values {
            files[Emblem.path(species: summary.slug)] = Emblem.svg(name: LanguageMark.plain(summary.name), types: [])
        }
        return files
    }

    /// The emblem of a species outside the site (no page, no types known).
    func speciesEmblem(_ slug: String) -> SpriteRef {
        SpriteRef(path: Emblem.path(species: slug), isPlaceholder: false, shape: .art, isEmblem: true)
    }

    /// The display name of a type slug.
    func typeName(_ slug: String) -> String {
        typesBySlug[slug]?.name ?? slug
    }
}
