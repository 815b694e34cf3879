import Common
import Foundation
import Pokedex
import TemplateEngine
import Synchronization

/// A site rendered on request, for `pokedex serve`: a page is made from the catalog and the
/// theme as it is asked for, so a template edit shows on the next request, without waiting
/// for the whole site to be written. Everything but pages (assets, sprites, the search
/// files, a multilingual site's root page) comes from the built site on disk.
package struct LiveSite: Sendable {
    /// One language's pages: its theme (words), its pages, and each page's kind by path.
    struct Language: Sendable {
        let theme: Theme
        let pages: SitePages
        let kinds: [String: PageKind]
    }

    let configuration: SiteConfiguration
    let sites: [SiteBuilder.LanguageSite]
    /// Each language's catalog index and place among the languages: kept across theme
    /// reloads, which then only read the templates and words again.
    let indexes: [(prefix: String, index: CatalogIndex, layout: SiteLayout, collection: SiteCollection)]
    /// By folder prefix: "" for a site in one language, "fr/" and so on for several.
    let languages: [String: Language]
    /// Each language's search files and pokedex.json, made when first asked for.
    private let indexFiles = IndexFiles()

    /// The files of ``indexFile(_:)`` by path, made once a live site (a theme reload or
    /// a data edit makes a new one).
    private final class IndexFiles: Sendable {
        let made = Mutex<[String: Data]>([:])
    }

    /// The site `configuration` would build from `sites`, ready to render any page.
    /// Throws what a build would (a template that does not compile, a strings file that
    /// does not parse or lacks a word), so a broken edit is said before anything is served.
    ///
    /// `previous`: the site this one replaces (serve's, after a data edit): a language's
    /// reverse index made of the same inputs is taken from it, not made again (who learns
    /// each move, what each ability and item is held by: a flavor text changes none of it,
    /// and making it was 30 ms of the 80 ms a new live site took on the mirror).
    package init(configuration: SiteConfiguration, sites: [SiteBuilder.LanguageSite], previous: LiveSite? = nil) throws(SiteError) {
        let themes = try sites.map { site throws(SiteError) in try Theme(configuration: configuration, language: site.catalog.language) }
        let members = themes.map { SiteLayout.Member(language: $0.strings.language, native: $0.strings["language_native"]) }
        let layouts = sites.indices.map { SiteLayout(members: members, current: members[$0].language, baseURL: configuration.baseURL) }
        let earlier = zip(sites, layouts).map { site, layout in
            previous?.indexes.first { $0.prefix == layout.prefix && $0.index.catalog.language == site.catalog.language }?.index.reverseTable
        }
        // The sprites looked at (a `stat` of each one the catalogs name) while the tables are
        // made (the reverse index the largest part): neither needs the other, and one after
        // the other they left a core idle for a third of a new live site's time (at ten
        // times the dex 0.2 s of sprites, then 0.15 s of tables, on one core each).
        let parts = BoundedConcurrency.blocking(2, run: 1) { part -> Part in
            guard part == 0 else {
                return .tables(zip(sites, earlier).map { site, earlier in CatalogIndex.Tables(catalog: site.catalog, previousReverse: earlier) })
            }
            let builder = SiteBuilder(configuration: configuration)
            var found: [String: SiteBuilder.FoundSprite] = [:]
            // The cache's copy: the site's own is taken only when checked against its record.
            let known = MediaFacts.known(for: configuration, site: nil)
            for site in sites { found.merge(builder.availableSprites(in: site.catalog, known: known).found) { kept, _ in kept } }
            var facts = MediaFacts()
            let contents = SiteBuilder.leadContents(found, catalogs: sites.map(\.catalog), known: known, facts: &facts)
            return .sprites(shapes: found.mapValues(\.shape), contents: contents)
        }
        guard case let .sprites(shapes, contents) = parts[0], case let .tables(tables) = parts[1] else {
            preconditionFailure("the two parts of a live site came back out of order")
        }
        var indexes: [(prefix: String, index: CatalogIndex, layout: SiteLayout, collection: SiteCollection)] = []
        for (offset, site) in sites.enumerated() {
            let layout = layouts[offset]
            let index = CatalogIndex(catalog: site.catalog, tables: tables[offset], spriteShapes: shapes, spriteContent: contents,
                                     images: configuration.images, mediaRoot: layout.shared)
            indexes.append((layout.prefix, index, layout, site.collection))
        }
        try self.init(configuration: configuration, sites: sites, indexes: indexes, themes: themes)
    }

    /// What each of the two parts of a new live site, made at once, gives.
    private enum Part: Sendable {
        case sprites(shapes: [String: SpriteShape], contents: [String: PNGContent])
        case tables([CatalogIndex.Tables])
    }

    private init(
        configuration: SiteConfiguration, sites: [SiteBuilder.LanguageSite],
        indexes: [(prefix: String, index: CatalogIndex, layout: SiteLayout, collection: SiteCollection)], themes: [Theme]
    ) throws(SiteError) {
        self.configuration = configuration
        self.sites = sites
        self.indexes = indexes
        var languages: [String: Language] = [:]
        for (offset, entry) in indexes.enumerated() {
            var pages = SitePages(index: entry.index, collection: entry.collection, strings: themes[offset].strings, title: configuration.title,
                                  pageSize: configuration.pageSize, dexMode: configuration.dexMode, layout: entry.layout)
            pages.about = configuration.about
            var kinds: [String: PageKind] = [:]
            for kind in pages.kinds { kinds[pages.path(of: kind)] = kind }
            languages[entry.prefix] = Language(theme: themes[offset], pages: pages, kinds: kinds)
        }
        self.languages = languages
    }

    /// The same site with the theme read again (a template, string or asset changed): the
    /// catalog's indexes are kept, so this costs reading the templates and words.
    package func reloadingTheme() throws(SiteError) -> LiveSite {
        let themes = try sites.map { site throws(SiteError) in try Theme(configuration: configuration, language: site.catalog.language) }
        return try LiveSite(configuration: configuration, sites: sites, indexes: indexes, themes: themes)
    }

    /// The HTML of the page at `path` (relative to the output: `pokemon/pikachu.html`,
    /// `fr/pokemon/pikachu.html`), or nil when the site renders no such page itself.
    package func render(_ path: String) throws(SiteError) -> String? {
        for (prefix, language) in languages where path.hasPrefix(prefix) {
            let inner = String(path.dropFirst(prefix.count))
            guard let kind = language.kinds[inner], let spec = language.pages.spec(kind) else { continue }
            return try language.theme.render(spec)
        }
        return nil
    }

    /// The search files and pokedex.json at `path` (`search-index.js`, `fr/pokedex.json`),
    /// made from the catalog in memory as a build writes them: after a data edit the open
    /// pages reload before the site on disk has them, and would search the old data. Nil
    /// for any other path, or when they cannot be made (the disk's are served then).
    package func indexFile(_ path: String) -> Data? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard SiteBuilder.indexFiles.contains(name) else { return nil }
        let prefix = String(path.dropLast(name.count))
        guard let language = languages[prefix], let entry = indexes.first(where: { $0.prefix == prefix }) else { return nil }
        return indexFiles.made.withLock { made -> Data? in
            if let file = made[path] { return file }
            guard let files = try? SiteBuilder.languageIndexFiles(index: entry.index, collection: entry.collection,
                                                                 strings: language.theme.strings) else { return nil }
            for (file, data) in files { made[prefix + file] = data }
            return made[path]
        }
    }

    /// The file an `assets/...` path names in the theme (an override's first), confined to
    /// its folder; nil for anything else (the build's own `assets/sizes.css` included).
    package func asset(_ path: String) -> String? {
        guard path.hasPrefix("assets/"), path != "assets/" + SiteBuilder.sizesStylesheet,
              let theme = languages.values.first?.theme else { return nil }
        let inner = String(path.dropFirst("assets/".count))
        for folder in theme.assetFolders.reversed() {
            if case let .file(real, _) = InputFolder(root: folder).resolve(inner) { return real }
        }
        return nil
    }

    /// The not-found page for a missing `path` (relative to the output), as the server answers it.
    package func notFoundPage(for path: String) -> String? {
        // The language whose folder the address is in, else the first; its links led up from
        // the missing address (`fr/pokemon/nope.html` has two folders to climb), so the page
        // is styled at any depth, whatever base URL the site is built for.
        let prefix = indexes.first { !$0.prefix.isEmpty && path.hasPrefix($0.prefix) }?.prefix ?? indexes.first?.prefix
        guard let prefix, let language = languages[prefix] else { return nil }
        let up = String(repeating: "../", count: path.split(separator: "/", omittingEmptySubsequences: false).count - 1)
        return try? language.theme.render(language.pages.notFound(root: up + prefix))
    }
}
