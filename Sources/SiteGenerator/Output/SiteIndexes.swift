import Common
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
            "favorites": collection.favorites.compactMap { index.defaultFace(ofSpecies: $0)?.slug },
        ]
        let defaultSlugs = Set(index.defaults.map(\.slug))
        entries = index.allPages.map { pokemon in
            let sprite = index.image(of: pokemon)
            return Entry(
                id: pokemon.id, number: pokemon.speciesID, slug: pokemon.slug, name: LanguageMark.plain(pokemon.name),
                types: pokemon.types, page: CatalogIndex.page(of: pokemon.slug),
                sprite: sprite.href, spriteShape: sprite.shape,
                isDefault: defaultSlugs.contains(pokemon.slug)
            )
        }
        typeNames = Dictionary(index.catalog.types.map { ($0.slug, LanguageMark.plain($0.name)) }, uniquingKeysWith: { first, _ in first })
    }

    /// `pokedex.json`: id, slug, name, types, page and sprite of every pokemon.
    func pokedexJSON() throws -> Data {
        struct Row: Codable { var id: Int; var slug: String; var name: String; var types: [String]; var page: String; var sprite: String }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let rows = entries.map { Row(id: $0.id, slug: $0.slug, name: $0.name, types: $0.types, page: $0.page, sprite: $0.sprite) }
        return try encoder.encode(["pokemon": rows])
    }

    /// `sitemap.xml` with absolute addresses under `baseURL`; in a site of several languages
    /// (`languages`, their folders) each page lists its alternates in the others.
    static func sitemap(baseURL: String, pages: [String], languages: [String] = []) -> Data {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        func location(_ page: String) -> String {
            if page == "index.html" { return base }
            if page.hasSuffix("/index.html") { return base + page.dropLast("index.html".count) }
            return base + page
        }
        let listed = pages.filter { !$0.hasSuffix("404.html") }.sorted()
        guard !languages.isEmpty else {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
            for page in listed {
                xml += "  <url><loc>\(escapeXML(location(page)))</loc></url>\n"
            }
            xml += "</urlset>\n"
            return Data(xml.utf8)
        }
        // Pages by their path inside a language folder, and the folders that have each.
        var present: [String: Set<String>] = [:]
        for page in listed {
            guard let slash = page.firstIndex(of: "/"), languages.contains(String(page[..<slash])) else { continue }
            present[String(page[page.index(after: slash)...]), default: []].insert(String(page[..<slash]))
        }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        for page in listed {
            xml += "  <url><loc>\(escapeXML(location(page)))</loc>"
            if let slash = page.firstIndex(of: "/"), languages.contains(String(page[..<slash])) {
                let inner = String(page[page.index(after: slash)...])
                let have = present[inner] ?? []
                for language in languages where have.contains(language) {
                    xml += "<xhtml:link rel=\"alternate\" hreflang=\"\(language)\" href=\"\(escapeXML(location(language + "/" + inner)))\"/>"
                }
                if let first = languages.first(where: have.contains) {
                    xml += "<xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"\(escapeXML(location(first + "/" + inner)))\"/>"
                }
            }
            xml += "</url>\n"
        }
        xml += "</urlset>\n"
        return Data(xml.utf8)
    }

    /// `robots.txt`: everything may be crawled; where the sitemap is.
    static func robots(baseURL: String) -> Data {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        return Data("User-agent: *\nAllow: /\n\nSitemap: \(base)sitemap.xml\n".utf8)
    }

    private static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
