import Common
import Pokedex
import TemplateEngine

/// Lookups over a catalog that every page needs, computed once per build.
struct CatalogIndex: Sendable {
    /// The catalog, every read recorded in `log` (``CatalogReads``).
    let catalog: CatalogView
    /// Species by slug, without their texts (``Species/bare``).
    var speciesBySlug: Recorded<String, Species> { Recorded(base: tables.speciesBySlug, kind: "s", log: log) }
    /// Species by national-dex number, without their texts (``Species/bare``).
    var speciesByID: Recorded<Int, Species> { Recorded(base: tables.speciesByID, kind: "s#", log: log) }
    /// Types by slug.
    var typesBySlug: Recorded<String, PokemonType> { Recorded(base: tables.typesBySlug, kind: "t", log: log) }
    /// Each species' default pokemon, in national-dex order (the list, the home rows).
    var defaults: PokemonList {
        log?.read("p:*")
        log?.read("s:*")
        return tables.defaults
    }
    /// The defaults as cards show them (the list, the home rows): recorded as every face
    /// (`f:*`) and every species, so a stat edited does not build the list again.
    var defaultFaces: LazyMapCollection<PokemonList, PokemonFace> {
        log?.read("f:*")
        log?.read("s:*")
        let faces = tables.faces
        return tables.defaults.lazy.map { faces[$0.slug] ?? PokemonFace($0) }
    }
    /// Every pokemon that gets a page: defaults in dex order, each followed by its alternate varieties.
    var allPages: PokemonList {
        log?.read("p:*")
        log?.read("s:*")
        return tables.allPages
    }
    /// The sprite paths the sprites root holds, with each one's shape.
    let spriteShapes: [String: SpriteShape]
    /// Where the opaque pixels of the pixel-art images Pokémon lead with lie (``PNGContent``).
    let spriteContent: [String: PNGContent]
    /// The image heroes and cards lead with: `sprites`, `artwork` or `home`.
    let images: String
    /// What cards and rows show of each pokemon (`f:<slug>`), for pages that list others.
    var faces: RecordedFaces { RecordedFaces(base: tables.faces, log: log) }
    /// What a pokemon is in battle besides its types (`b:<slug>`): its base stats and
    /// abilities. A type's page tells a costume from a stronger form (or Toxtricity's two, Plus
    /// and Minus) by them, and so depends on no more of it than its face and these.
    func battleFacts(of slug: String) -> BattleFacts? {
        log?.read("b:" + slug)
        return catalog.base.pokemon[slug].map(BattleFacts.init)
    }
    /// Who learns, has, holds or belongs to what: the pages of moves, abilities, items and egg groups.
    var reverse: ReverseView { ReverseView(table: tables.reverse, log: log) }
    /// The reverse index unrecorded, and what the last build kept of it: not for pages.
    var reverseTable: ReverseTable { tables.reverse }
    /// From this language's root to the media and assets: "" (one language) or "../".
    let mediaRoot: String
    /// Where the reads of the page being built are recorded; nil outside a page.
    let log: ReadLog?
    /// The moves' facts as tables show them, shared by a site's pages (set by ``SitePages``,
    /// whose words they are in); nil to make them per page.
    var moveFacts: Learnsets.MoveFactsCache?
    /// Each pokemon's row in "who" tables, shared by a site's pages (set by ``SitePages``:
    /// the rows' sprites and badges are the site's own); nil to make them per page.
    var pokemonRows: SharedReads<String, TemplateValue?>?

    /// What is computed once per build and shared by every page's copy of the index
    /// (a build may make it while it looks for the sprites: ``init(catalog:tables:spriteShapes:spriteContent:images:mediaRoot:)``);
    /// the reverse index only when needed (``ReverseTable``).
    final class Tables: Sendable {
        let speciesBySlug: [String: Species]
        let speciesByID: [Int: Species]
        /// Every species without its texts, in the catalog's order.
        let bareSpecies: [Species]
        /// Species with their texts, by number: for the species' own pages.
        let speciesWithTexts: [Int: Species]
        let typesBySlug: [String: PokemonType]
        let defaults: PokemonList
        let allPages: PokemonList
        /// Each default's place in `defaults`, by species number.
        let positions: [Int: Int]
        let reverse: ReverseTable
        /// Every pokemon's face, made once: a move's learner rows look up tens of thousands.
        let faces: [String: PokemonFace]

        /// `lastReverse`: what the last build kept of its reverse index, taken when made of the
        /// same inputs (``ReverseTable``); `previousReverse`: an earlier catalog's index in
        /// this process, taken likewise.
        init(catalog: Catalog, lastReverse: ReverseTable.Summary? = nil, previousReverse: ReverseTable? = nil) {
            bareSpecies = catalog.species.map(\.bare)
            speciesBySlug = Dictionary(bareSpecies.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
            speciesByID = Dictionary(bareSpecies.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            speciesWithTexts = Dictionary(catalog.species.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            typesBySlug = Dictionary(catalog.types.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
            var defaults: [String] = []
            var all: [String] = []
            var positions: [Int: Int] = [:]
            for species in catalog.species.sorted(by: { $0.id < $1.id }) {
                let varieties = species.varieties.filter { catalog.pokemon[$0] != nil }
                guard let main = varieties.first(where: { catalog.pokemon[$0]?.isDefault == true }) ?? varieties.first,
                      let speciesID = catalog.pokemon[main]?.speciesID else { continue }
                if positions[speciesID] == nil { positions[speciesID] = defaults.count }
                defaults.append(main)
                all.append(main)
                all.append(contentsOf: varieties.filter { $0 != main })
            }
            self.defaults = PokemonList(slugs: defaults, in: catalog.pokemon)
            allPages = PokemonList(slugs: all, in: catalog.pokemon)
            self.positions = positions
            reverse = ReverseTable(inputs: ReverseIndex.Inputs(catalog: catalog, pages: allPages), last: lastReverse, previous: previousReverse)
            faces = catalog.pokemon.mapValues(PokemonFace.init)
        }
    }

    private let tables: Tables

    /// `tables`: made beforehand from this very catalog, or nil to make them now.
    init(catalog: Catalog, tables: Tables? = nil, spriteShapes: [String: SpriteShape], spriteContent: [String: PNGContent] = [:],
         images: String = "sprites", mediaRoot: String = "") {
        let tables = tables ?? Tables(catalog: catalog)
        self.catalog = CatalogView(catalog, species: tables.bareSpecies)
        self.mediaRoot = mediaRoot
        self.spriteShapes = spriteShapes
        self.spriteContent = spriteContent
        self.images = images
        self.tables = tables
        log = nil
    }

    private init(_ other: CatalogIndex, log: ReadLog) {
        catalog = CatalogView(other.catalog.base, species: other.tables.bareSpecies, log: log)
        spriteShapes = other.spriteShapes
        spriteContent = other.spriteContent
        images = other.images
        mediaRoot = other.mediaRoot
        tables = other.tables
        moveFacts = other.moveFacts
        pokemonRows = other.pokemonRows
        self.log = log
    }

    /// The same index, recording every read in `log`: what one page is built from.
    func recording(into log: ReadLog) -> CatalogIndex {
        CatalogIndex(self, log: log)
    }

    /// The default pokemon `offset` places from this pokemon's species in the dex order
    /// (the detail page's previous and next); recorded as the order and that pokemon's face.
    func neighbor(of pokemon: Pokemon, offset: Int) -> PokemonFace? {
        log?.read("order")
        guard let position = tables.positions[pokemon.speciesID], tables.defaults.indices.contains(position + offset) else { return nil }
        return faces[tables.defaults[position + offset].slug]
    }

    /// The defaults in dex order, slug and species number (what ``neighbor(of:offset:)`` depends on).
    var defaultsOrder: [String] { tables.defaults.map { "\($0.slug)#\($0.speciesID)" } }

    /// The pokemon's species without its texts (``Species/bare``), if the catalog has it.
    func species(of pokemon: Pokemon) -> Species? {
        speciesByID[pokemon.speciesID]
    }

    /// The pokemon's species with its texts (genus, flavor text, entries, names), read as
    /// the species and its texts (`st#:<number>`): only the pages that show them read them,
    /// so a text edited rebuilds those pages, not every list that names the species.
    func speciesWithTexts(of pokemon: Pokemon) -> Species? {
        guard species(of: pokemon) != nil else { return nil }
        log?.read("st#:" + String(pokemon.speciesID))
        return tables.speciesWithTexts[pokemon.speciesID]
    }

    /// The default pokemon of a species slug, as cards show it (read as its face, ``PokemonFace``).
    func defaultFace(ofSpecies slug: String) -> PokemonFace? {
        guard let species = speciesBySlug[slug] else { return nil }
        let varieties = species.varieties.compactMap { faces[$0] }
        return varieties.first(where: \.isDefault) ?? varieties.first
    }

    /// The emblems the pages show: every built pokemon without an image, every chain
    /// member outside the site. Path (relative to the root) -> SVG text.
    var emblems: [String: String] {
        var files: [String: String] = [:]
        for pokemon in allPages where image(of: pokemon).isEmblem {
            files[Emblem.path(pokemon: pokemon.slug)] = Emblem.svg(name: LanguageMark.plain(pokemon.name), types: pokemon.types)
        }
        for summary in catalog.base.chainOnlySpecies.values {
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

/// Pokemon of a catalog in an order of its own, kept as slugs: at ten times the dex the
/// defaults and the pages as copies of the pokemon themselves were 8 MB.
struct PokemonList: RandomAccessCollection, Sendable {
    private let slugs: [String]
    private let pokemon: [String: Pokemon]

    /// `slugs`, each of which `pokemon` holds (those it does not are left out).
    init(slugs: [String], in pokemon: [String: Pokemon]) {
        self.slugs = slugs.filter { pokemon[$0] != nil }
        self.pokemon = pokemon
    }

    var startIndex: Int { 0 }
    var endIndex: Int { slugs.count }

    subscript(position: Int) -> Pokemon {
        // Every slug kept is one the dictionary holds (the initializer's filter).
        pokemon[slugs[position]]!
    }
}

extension Species {
    /// The species without the texts only its own pages show (genus, flavor text, entries,
    /// names in other languages): what every other page reads of it (`s:`).
    var bare: Species {
        var bare = self
        bare.genus = nil
        bare.flavorText = nil
        bare.entries = PackedList()
        bare.names = PackedList()
        return bare
    }
}
