import Pokedex
import TemplateEngine

/// Makes every page of a site: the view model, wrapped in what every page shares.
struct SitePages: Sendable {
    let index: CatalogIndex
    let collection: SiteCollection
    let strings: SiteStrings
    let title: String
    let pageSize: Int
    let dexMode: Bool
    /// The strings table as a template value, built once.
    let stringsValue: TemplateValue

    init(index: CatalogIndex, collection: SiteCollection, strings: SiteStrings, title: String, pageSize: Int, dexMode: Bool = false) {
        self.index = index
        self.collection = collection
        self.strings = strings
        self.title = title
        self.pageSize = pageSize
        self.dexMode = dexMode
        stringsValue = .dictionary(strings.table.mapValues(TemplateValue.string))
    }

    /// Every page, in a stable order.
    var kinds: [PageKind] {
        let listPages = max(1, (index.defaults.count + pageSize - 1) / pageSize)
        return [.home] + (1...listPages).map(PageKind.list)
            + index.catalog.types.map { .type($0.slug) }
            + index.allPages.map { .detail($0.slug) }
            + [.favorites, .mine, .notFound]
    }

    /// The page for a kind; nil when the catalog no longer has what it names.
    func spec(_ kind: PageKind) -> PageSpec? {
        switch kind {
        case .home:
            let page = HomePage(index: index, collection: collection, strings: strings)
            return wrap("index.html", "home", strings["home_title"], section: "home", page.templateValue)
        case .list(let number):
            let page = ListPage(number: number, index: index, collection: collection, strings: strings, pageSize: pageSize)
            let heading = number == 1 ? strings["list_title"] : strings.format("list_titlePaged", ["page": String(number)])
            return wrap(ListPage.path(number), "list", heading, section: "list", page.templateValue)
        case .type(let slug):
            guard let type = index.typesBySlug[slug] else { return nil }
            let page = TypePage(type: type, index: index, collection: collection, strings: strings)
            return wrap("types/\(CatalogIndex.fileName(slug)).html", "type", page.title, section: "list", page.templateValue)
        case .detail(let slug):
            guard let pokemon = index.catalog.pokemon[slug] else { return nil }
            let page = DetailPage(pokemon: pokemon, index: index, collection: collection, strings: strings)
            let heading = "\(pokemon.name) \(page.card.number)"
            return wrap(CatalogIndex.page(of: slug), "pokemon", heading, section: "list", page.templateValue, theme: "color-" + CatalogIndex.fileName(page.color))
        case .favorites:
            let page = CollectionPage(kind: .favorites, index: index, collection: collection, strings: strings)
            return wrap("favorites.html", "favorites", strings["favorites_title"], section: "favorites", page.templateValue)
        case .mine:
            let page = CollectionPage(kind: .mine, index: index, collection: collection, strings: strings)
            return wrap("my-pokemon.html", "my-pokemon", strings["mine_title"], section: "mine", page.templateValue)
        case .notFound:
            return wrap("404.html", "404", strings["notFound_title"], section: "", .dictionary([:]))
        }
    }

    private func wrap(_ path: String, _ template: String, _ heading: String, section: String, _ page: TemplateValue, theme: String = "") -> PageSpec {
        let depth = path.split(separator: "/").count - 1
        let root = String(repeating: "../", count: depth)
        let nav: [TemplateValue] = [("home", "index.html", "nav_home"), ("list", ListPage.path(1), "nav_list"),
                                    ("favorites", "favorites.html", "nav_favorites"), ("mine", "my-pokemon.html", "nav_mine")]
            .map { id, href, key in
                .dictionary(["page": .string(href), "label": .string(strings[key]), "current": .bool(id == section)])
            }
        return PageSpec(path: path, template: template, fields: [
            "root": .string(root),
            "site": .dictionary(["title": .string(title), "language": .string(index.catalog.language)]),
            "heading": .string(heading),
            "pageTitle": .string(template == "home" ? title : "\(heading) · \(title)"),
            "nav": .array(nav),
            "theme": .string(dexMode ? (theme.isEmpty ? "dex-mode" : theme + " dex-mode") : theme),
            "page": page,
        ], strings: stringsValue)
    }
}
