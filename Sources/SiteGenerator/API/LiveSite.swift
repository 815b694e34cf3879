import Foundation
import Pokedex
import TemplateEngine

/// A site rendered on request, for `pokedex serve`: a page is made from the catalog and the
/// theme as it is asked for, so a template edit shows on the next request, without waiting
/// for the whole site to be written. Everything but pages (assets, sprites, the search
/// files) comes from the built site on disk.
package struct LiveSite: Sendable {
    let theme: Theme
    let pages: SitePages
    /// Page path -> kind, for every page of the site.
    let kinds: [String: PageKind]

    /// The site `configuration` would build from `catalog`, ready to render any page.
    /// Throws what a build would (a template that does not compile, a strings file that
    /// does not parse), so a broken edit is said before anything is served from it.
    package init(configuration: SiteConfiguration, catalog: Catalog, collection: SiteCollection) throws(SiteError) {
        let builder = SiteBuilder(configuration: configuration)
        theme = try Theme(configuration: configuration)
        let shapes = builder.availableSprites(in: catalog).found.mapValues(\.shape)
        let index = CatalogIndex(catalog: catalog, spriteShapes: shapes, images: configuration.images)
        pages = SitePages(index: index, collection: collection, strings: theme.strings, title: configuration.title,
                          pageSize: configuration.pageSize, dexMode: configuration.dexMode)
        var kinds: [String: PageKind] = [:]
        for kind in pages.kinds { kinds[pages.path(of: kind)] = kind }
        self.kinds = kinds
    }

    /// The same site with the theme read again (a template, string or asset changed).
    package func reloadingTheme(_ configuration: SiteConfiguration) throws(SiteError) -> LiveSite {
        try LiveSite(theme: Theme(configuration: configuration), pages: pages)
    }

    private init(theme: Theme, pages: SitePages) throws(SiteError) {
        self.theme = theme
        self.pages = SitePages(index: pages.index, collection: pages.collection, strings: theme.strings, title: pages.title,
                               pageSize: pages.pageSize, dexMode: pages.dexMode)
        var kinds: [String: PageKind] = [:]
        for kind in self.pages.kinds { kinds[self.pages.path(of: kind)] = kind }
        self.kinds = kinds
    }

    /// The HTML of the page at `path` (relative to the root: `pokemon/pikachu.html`), or
    /// nil when the site has no such page.
    package func render(_ path: String) throws(SiteError) -> String? {
        guard let kind = kinds[path], let spec = pages.spec(kind) else { return nil }
        return try theme.render(spec)
    }
}
