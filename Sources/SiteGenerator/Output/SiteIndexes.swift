import Foundation

/// The machine-readable files beside the pages: pokedex.json and sitemap.xml (the search
/// files are ``SearchIndex``'s).
struct SiteIndexes: Sendable {
    /// One pokemon as the indexes list it.
    struct Entry: Sendable, Equatable {
        var id: Int
        var number: Int
        var slug: String
        var name: String
        var types: [String]
        var page: String
        var sprite: String
        var spriteShape: SpriteShape
        /// Whether it is its species' default variety (the list shows only those).
        var isDefault: Bool
    }

    var entries: [Entry]
    var typeNames: [String: String]
    /// What the collection file marks (pokemon slugs), for the script to start from: kept
    /// here, in one file, so a changed collection re-renders only pages that show it.
    var marks: [String: [String]]

    init(index: CatalogIndex, collection: SiteCollection = .empty) {
        marks = [
            "captured": Array(Set(collection.caught.map(\.pokemon))).sorted(),
            "favorites": collection.favorites.compactMap { index.defaultPokemon(ofSpecies: $0)?.slug },
        ]
        let defaultSlugs = Set(index.defaults.map(\.slug))
        entries = index.allPages.map { pokemon in
            let sprite = index.sprite(pokemon.sprites.frontDefault)
            return Entry(
                id: pokemon.id, number: pokemon.speciesID, slug: pokemon.slug, name: pokemon.name,
                types: pokemon.types, page: CatalogIndex.page(of: pokemon.slug),
                sprite: sprite.path, spriteShape: sprite.shape,
                isDefault: defaultSlugs.contains(pokemon.slug)
            )
        }
        typeNames = Dictionary(index.catalog.types.map { ($0.slug, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// `pokedex.json`: id, slug, name, types, page and sprite of every pokemon.
    func pokedexJSON() throws -> Data {
        struct Row: Codable { var id: Int; var slug: String; var name: String; var types: [String]; var page: String; var sprite: String }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let rows = entries.map { Row(id: $0.id, slug: $0.slug, name: $0.name, types: $0.types, page: $0.page, sprite: $0.sprite) }
        return try encoder.encode(["pokemon": rows])
    }

    /// `sitemap.xml` with absolute addresses under `baseURL`.
    static func sitemap(baseURL: String, pages: [String]) -> Data {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            let location = page == "index.html" ? base : base + page
            xml += "  <url><loc>\(escapeXML(location))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return Data(xml.utf8)
    }

    private static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
