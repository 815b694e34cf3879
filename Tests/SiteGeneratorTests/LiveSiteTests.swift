import Foundation
import Pokedex
import Testing
@testable import SiteGenerator

/// What `pokedex serve` answers from the catalog in memory besides the pages.
@Suite("Live site")
struct LiveSiteTests {
    @Test("the search files and pokedex.json it answers are the bytes a build writes, made from its own catalog")
    func indexFiles() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let configuration = site.configuration()
        let catalog = TestCatalog.make()
        _ = try await SiteBuilder(configuration: configuration).build(catalog: catalog)
        let live = try LiveSite(configuration: configuration, sites: [.init(catalog: catalog)])
        for name in SiteBuilder.indexFiles {
            let written = try Data(contentsOf: configuration.output.appendingPathComponent(name))
            #expect(live.indexFile(name) == written, "\(name) as the build wrote it")
        }
        #expect(live.indexFile("pokemon/search-index.js") == nil, "only where a language's files are")
        #expect(live.indexFile("index.html") == nil && live.indexFile("search-index.json") == nil, "only those files")

        // The next catalog (a data edit): its own words, not the site on disk's.
        var renamed = catalog
        let slug = try #require(renamed.pokemon.keys.sorted().first)
        renamed.pokemon[slug]!.name = "Zzrenamed"
        let next = try LiveSite(configuration: configuration, sites: [.init(catalog: renamed)], previous: live)
        let search = String(decoding: try #require(next.indexFile("search-index.js")), as: UTF8.self)
        #expect(search.contains("Zzrenamed"))
        #expect(!String(decoding: try #require(live.indexFile("search-index.js")), as: UTF8.self).contains("Zzrenamed"))
    }
}
