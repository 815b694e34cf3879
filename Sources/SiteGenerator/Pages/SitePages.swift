import Common
import Foundation
import Pokedex
import TemplateEngine

/// Makes every page of a site: the view model, wrapped in what every page shares.
struct SitePages: Sendable {
    private(set) var index: CatalogIndex
    let collection: SiteCollection
    let strings: SiteStrings
    let title: String
    let pageSize: Int
    let dexMode: Bool
    /// Where this language's site sits among the languages built.
    let layout: SiteLayout
    /// The trainer's about text (Markdown), for the home page.
    var about: String?
    /// The strings table as a template value, built once.
    let stringsValue: TemplateValue

    init(index: CatalogIndex, collection: SiteCollection, strings: SiteStrings, title: String, pageSize: Int, dexMode: Bool = false,
         layout: SiteLayout? = nil) {
        self.index = index
        // The facts are in these words: a cache of this site's own.
        self.index.moveFacts = Learnsets.MoveFactsCache(strings: strings)
        self.index.pokemonRows = SharedReads()
        self.collection = collection
        self.strings = strings
        self.title = title
        self.pageSize = pageSize
        self.dexMode = dexMode
        self.layout = layout ?? .single(strings.language, native: strings["language_native"])
        stringsValue = .dictionary(TemplateDictionary(strings.table.mapValues(TemplateValue.string)))
    }

    /// The footer's links to the pages around the Pokémon: the same on every page.
    var browse: TemplateValue {
        .array([("moves/index.html", "moveIndex_title"), ("abilities/index.html", "abilityIndex_title"), ("items/index.html", "itemIndex_title"),
                ("egg-groups/index.html", "eggGroupIndex_title"), (TypeChartPage.path, "typeChart_title"),
                (GrowthRatesPage.path, "growthRates_title"), ("credits.html", "credits_title")]
            .map { page, key in .dictionary(["page": .string(page), "label": .string(strings[key])]) })
    }

    /// Every page, in a stable order.
    var kinds: [PageKind] {
        let listPages = max(1, (index.defaults.count + pageSize - 1) / pageSize)
        return [.home] + (1...listPages).map(PageKind.list)
            + index.catalog.types.map { .type($0.slug) }
            + index.allPages.map { .detail($0.slug) }
            + index.allPages.filter { !$0.learnset.packed.isEmpty }.map { .pokemonMoves($0.slug) }
            + index.reverse.movesWithPages.map(PageKind.move)
            + index.reverse.abilitiesWithPages.map(PageKind.ability)
            + index.reverse.itemsWithPages.map(PageKind.item)
            + index.reverse.eggGroups.map(PageKind.eggGroup)
            + [.moveIndex, .abilityIndex, .itemIndex, .eggGroupIndex, .typeChart, .growthRates, .credits, .search, .compare]
            + [.favorites, .mine, .notFound]
    }

    /// Where a kind's page goes, relative to the site root, without building the page.
    func path(of kind: PageKind) -> String {
        switch kind {
        case .home: "index.html"
        case .list(let number): ListPage.path(number)
        case .type(let slug): "types/\(CatalogIndex.fileName(slug)).html"
        case .detail(let slug): CatalogIndex.page(of: slug)
        case .favorites: "favorites.html"
        case .mine: "my-pokemon.html"
        case .notFound: "404.html"
        case .pokemonMoves(let slug): PokemonMovesPage.path(slug)
        case .move(let slug): MovePage.path(slug)
        case .ability(let slug): AbilityPage.path(slug)
        case .item(let slug): ItemPage.path(slug)
        case .eggGroup(let slug): EggGroupPage.path(slug)
        case .moveIndex: "moves/index.html"
        case .abilityIndex: "abilities/index.html"
        case .itemIndex: "items/index.html"
        case .eggGroupIndex: "egg-groups/index.html"
        case .typeChart: TypeChartPage.path
        case .growthRates: GrowthRatesPage.path
        case .credits: "credits.html"
        case .search: "search.html"
        case .compare: "compare.html"
        }
    }

    /// The folder a kind's page goes in ("" for the root).
    func folder(of kind: PageKind) -> String {
        StagingFolder.folder(of: path(of: kind))
    }

    /// The page for a kind, every read of the catalog recorded in `log`.
    func spec(_ kind: PageKind, recording log: ReadLog) -> PageSpec? {
        var pages = self
        pages.index = index.recording(into: log)
        return pages.spec(kind)
    }

    /// The page for a kind; nil when the catalog no longer has what it names.
    func spec(_ kind: PageKind) -> PageSpec? {
        let path = path(of: kind)
        switch kind {
        case .home:
            let page = HomePage(index: index, collection: collection, strings: strings, about: about)
            return wrap(path, "home", strings["home_title"], section: "home", page.templateValue)
        case .list(let number):
            let page = ListPage(number: number, index: index, collection: collection, strings: strings, pageSize: pageSize)
            let heading = number == 1 ? strings["list_title"] : strings.format("list_titlePaged", ["page": String(number)])
            return wrap(path, "list", heading, section: "list", page.templateValue)
        case .type(let slug):
            guard let type = index.typesBySlug[slug] else { return nil }
            let page = TypePage(type: type, index: index, collection: collection, strings: strings)
            return wrap(path, "type", page.title, section: "list", page.templateValue)
        case .detail(let slug):
            guard let pokemon = index.catalog.pokemon[slug] else { return nil }
            let page = DetailPage(pokemon: pokemon, index: index, collection: collection, strings: strings)
            let heading = "\(pokemon.name) \(page.card.number)"
            let description = page.flavorText ?? page.genus
            let social = Social(description: description, image: page.card.sprite,
                                structured: layout.absolute(path).map { Social.pokemon(pokemon, page: page, url: $0, image: image(page.card.sprite),
                                                                                       language: layout.current.tag, index: index) })
            return wrap(path, "pokemon", heading, section: "list", page.templateValue, theme: "color-" + CatalogIndex.fileName(page.color), social: social)
        case .favorites:
            let page = CollectionPage(kind: .favorites, index: index, collection: collection, strings: strings)
            return wrap(path, "favorites", strings["favorites_title"], section: "favorites", page.templateValue)
        case .mine:
            let page = CollectionPage(kind: .mine, index: index, collection: collection, strings: strings)
            return wrap(path, "my-pokemon", strings["mine_title"], section: "mine", page.templateValue)
        case .notFound:
            // Hosts show it for a missing address at any depth (`pokemon/nope.html` too), where
            // links relative to the root would miss the stylesheet: with a base URL they are
            // absolute.
            return notFound(root: layout.absolute("index.html"))
        case .pokemonMoves(let slug):
            guard let pokemon = index.catalog.pokemon[slug] else { return nil }
            return wrap(path, "pokemon-moves", strings.format("movesPage_title", ["name": pokemon.name]), section: "list",
                        PokemonMovesPage.value(pokemon, index: index, strings: strings))
        case .move(let slug):
            guard let move = index.catalog.moves[slug] else { return nil }
            return wrap(path, "move", move.name, section: "", MovePage.value(move, index: index, strings: strings),
                        trail: (strings["moveIndex_title"], "moves/index.html"))
        case .ability(let slug):
            guard let ability = index.catalog.abilities[slug] else { return nil }
            return wrap(path, "ability", ability.name, section: "", AbilityPage.value(ability, index: index, strings: strings),
                        trail: (strings["abilityIndex_title"], "abilities/index.html"))
        case .item(let slug):
            guard let item = index.catalog.items[slug] else { return nil }
            return wrap(path, "item", item.name, section: "", ItemPage.value(item, index: index, strings: strings),
                        trail: (strings["itemIndex_title"], "items/index.html"))
        case .eggGroup(let slug):
            guard index.reverse.eggGroups.contains(slug) else { return nil }
            let page = EggGroupPage.value(slug, index: index, collection: collection)
            let name = ReferencePages.label("egg-group", slug, index)
            return wrap(path, "egg-group", strings.format("eggGroup_title", ["name": name]), section: "", page,
                        trail: (strings["eggGroupIndex_title"], "egg-groups/index.html"))
        case .moveIndex:
            return wrap(path, "move-index", strings["moveIndex_title"], section: "", ReferenceIndexPage.moves(index: index, strings: strings))
        case .abilityIndex:
            return wrap(path, "ability-index", strings["abilityIndex_title"], section: "", ReferenceIndexPage.abilities(index: index, strings: strings))
        case .itemIndex:
            return wrap(path, "item-index", strings["itemIndex_title"], section: "", ReferenceIndexPage.items(index: index, strings: strings))
        case .eggGroupIndex:
            return wrap(path, "egg-group-index", strings["eggGroupIndex_title"], section: "", ReferenceIndexPage.eggGroups(index: index, strings: strings))
        case .typeChart:
            return wrap(path, "type-chart", strings["typeChart_title"], section: "", TypeChartPage.value(index: index, strings: strings))
        case .growthRates:
            return wrap(path, "growth-rates", strings["growthRates_title"], section: "", GrowthRatesPage.value(index: index, strings: strings))
        case .credits:
            return wrap(path, "credits", strings["credits_title"], section: "", .dictionary([:]))
        case .search:
            return wrap(path, "search", strings["search_title"], section: "search", .dictionary([:]), theme: "page-search")
        case .compare:
            return wrap(path, "compare", strings["compare_title"], section: "", .dictionary([:]), theme: "page-compare")
        }
    }

    /// The 404 page with its links led from `root` to this language's root (nil: from where
    /// the file is), for wherever a host shows it: an absolute address, or the way up from a
    /// missing address `pokedex serve` answers.
    func notFound(root: String?) -> PageSpec {
        wrap(path(of: .notFound), "404", strings["notFound_title"], section: "", .dictionary([:]), root: root)
    }

    private func wrap(
        _ path: String, _ template: String, _ heading: String, section: String, _ page: TemplateValue,
        theme: String = "", trail: (label: String, page: String)? = nil, social: Social = Social(), root given: String? = nil
    ) -> PageSpec {
        // From the page to its language's root: up from where the file is, unless the page is
        // shown elsewhere (a 404 page at any missing address), which has no canonical address.
        let root = given ?? String(repeating: "../", count: path.split(separator: "/").count - 1)
        let nav: [TemplateValue] = [("home", "index.html", "nav_home"), ("list", ListPage.path(1), "nav_list"),
                                    ("search", "search.html", "nav_search"), ("favorites", "favorites.html", "nav_favorites"), ("mine", "my-pokemon.html", "nav_mine")]
            .map { id, href, key in
                .dictionary(["page": .string(href), "label": .string(strings[key]), "current": .bool(id == section)])
            }
        let alternates = layout.alternates(of: path, root: root)
        return PageSpec(path: path, template: template, fields: [
            "root": .string(root),
            "shared": .string(layout.shared),
            "site": .dictionary(["title": .string(title), "language": .string(layout.current.tag), "native": .string(strings["language_native"])]),
            "canonical": given == nil ? layout.absolute(path).map(TemplateValue.string) ?? .null : .null,
            "languages": .array(alternates),
            "multilingual": .bool(!alternates.isEmpty),
            // Installable and offline when hosted (a service worker cannot run from disk).
            "pwa": .bool(layout.baseURL != nil),
            "social": socialValue(social, title: template == "home" ? title : "\(heading) · \(title)", path: path),
            "xDefault": layout.defaultAlternate(of: path, root: root).map(TemplateValue.string) ?? .null,
            "heading": .string(heading),
            "pageTitle": .string(template == "home" ? title : "\(heading) · \(title)"),
            "nav": .array(nav),
            "theme": .string(dexMode ? (theme.isEmpty ? "dex-mode" : theme + " dex-mode") : theme),
            "page": page,
            "trail": trail.map { .dictionary(["label": .string($0.label), "page": .string($0.page)]) } ?? .null,
            "browse": browse,
        ], strings: stringsValue)
    }

    /// What a link preview shows: a description, an image (absolute, PNG or JPEG only, as
    /// previews want), and for a Pokémon, schema.org data.
    struct Social {
        var description: String?
        var image: SpriteRef?
        var structured: String?

        /// schema.org JSON-LD for a Pokémon's page: the page, and the Pokémon it is about.
        static func pokemon(_ pokemon: Pokemon, page: DetailPage, url: String, image: String?, language: String, index: CatalogIndex) -> String {
            var about: [String: Any] = [
                "@type": "Thing", "name": LanguageMark.plain(pokemon.name), "identifier": page.card.number,
            ]
            if let description = page.flavorText ?? page.genus { about["description"] = LanguageMark.plain(description) }
            if let image { about["image"] = image }
            let others = (index.speciesWithTexts(of: pokemon)?.names ?? []).map(\.name).filter { $0 != LanguageMark.plain(pokemon.name) }
            if pokemon.isDefault, !others.isEmpty { about["alternateName"] = Array(Set(others)).sorted() }
            let object: [String: Any] = [
                "@context": "https://schema.org", "@type": "WebPage", "url": url, "inLanguage": language,
                "name": LanguageMark.plain(pokemon.name), "about": about,
            ]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
            // Safe inside <script>: no "<" at all, so nothing can close the element.
            return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
        }
    }

    /// The absolute address of an image a preview can show (PNG or JPEG), if the site is hosted.
    func image(_ sprite: SpriteRef?) -> String? {
        guard let base = layout.baseURL, let sprite, !sprite.isEmblem, !sprite.isPlaceholder else { return nil }
        let lowered = sprite.path.lowercased()
        guard lowered.hasSuffix(".png") || lowered.hasSuffix(".jpg") || lowered.hasSuffix(".jpeg") else { return nil }
        return base + sprite.path
    }

    func socialValue(_ social: Social, title: String, path: String) -> TemplateValue {
        let url = layout.absolute(path)
        let image = self.image(social.image) ?? layout.baseURL.map { $0 + AppIcon.path(512) }
        return .dictionary([
            "title": .string(LanguageMark.plain(title)),
            "description": .string(LanguageMark.plain(social.description ?? strings["home_intro"])),
            "url": url.map(TemplateValue.string) ?? .null,
            "image": image.map(TemplateValue.string) ?? .null,
            "locale": .string(layout.current.tag.replacingOccurrences(of: "-", with: "_")),
            "structured": social.structured.map(TemplateValue.string) ?? .null,
        ])
    }
}
