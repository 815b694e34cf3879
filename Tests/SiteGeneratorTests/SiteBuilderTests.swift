import Common
import HTMLSafety
import Foundation
import Pokedex
import Synchronization
import TestSupport
import Testing
@testable import SiteGenerator

@Suite("Site output")
struct SiteBuilderTests {
    @Test("writes every page, asset, sprite and index, with no broken relative link")
    func everyLinkResolves() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let summary = try await site.build()
        let files = try site.contents()
        for path in ["index.html", "pokedex/index.html", "pokedex/page-3.html", "types/fire.html", "pokemon/pikachu.html",
                     "pokemon/raichu-alola.html", "favorites.html", "my-pokemon.html", "404.html", "search-index.js",
                     "pokedex.json", "assets/site.css", "assets/site.js", "assets/pokeball.svg", "sprites/pokemon/25.png",
                     "search-data.js", "search.html", "compare.html", "credits.html", "types/index.html", "growth-rates.html",
                     "abilities/static.html", "abilities/index.html", "items/light-ball.html", "items/thunder-stone.html", "items/index.html",
                     "emblems/raichu-alola.svg", "emblems/species/sylveon.svg"] {
            #expect(files[path] != nil, "missing \(path)")
        }
        #expect(files["sitemap.xml"] == nil)
        #expect(!summary.wroteSitemap)
        // Home, 3 list pages, 18 types, 16 pokemon, favorites, mine, 404; the moves, abilities,
        // items and egg groups the test catalog's pokemon use, their four indexes, and the type
        // chart, growth rates, credits, search and compare pages.
        let reverse = ReverseIndex(catalog: TestCatalog.make(), pages: TestCatalog.index().allPages)
        let reference = reverse.movesWithPages.count + reverse.abilitiesWithPages.count + reverse.itemsWithPages.count + reverse.eggGroupMembers.count
        #expect(reference == 0 + 2 + 5 + 0, "two abilities; the light ball and four evolution items")
        #expect(summary.pages == 1 + 3 + 18 + 16 + 3 + reference + 4 + 5)
        #expect(summary.sprites == 30)
        let broken = try await SiteChecker(root: site.folder.appendingPathComponent("site")).check().findings.filter { $0.kind == .brokenLink }
        #expect(broken.isEmpty, "\(broken)")
    }

    @Test("a build runs where what it frees is given back to the system, where the C library can",
          .enabled(if: AllocatorTuning.mapLargeBlocks(), "skipped: only glibc's allocator gives memory back on request"))
    func buildGivesMemoryBack() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let seen = Mutex<[Bool]>([])
        _ = try await SiteBuilder(configuration: site.configuration(output: "site"))
            .build(catalog: TestCatalog.make(), progress: { _ in seen.withLock { $0.append(AllocatorTuning.isReleasing) } })
        let told = seen.withLock { $0 }
        #expect(!told.isEmpty)
        #expect(told.allSatisfy { $0 }, "\(told.filter { !$0 }.count) of \(told.count) progress reports outside")
        #expect(!AllocatorTuning.isReleasing)
    }

    @Test("escapes text from the catalog")
    func escapes() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        let page = try site.read("pokemon/pikachu.html")
        #expect(page.contains("A &lt;b&gt;bold&lt;/b&gt; &amp; curious Pokémon."))
        #expect(!page.contains("<b>bold</b>"))
    }

    @Test("rebuilds byte for byte, reusing every unchanged page")
    func deterministic() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build(output: "one")
        _ = try await site.build(output: "two")
        #expect(try site.contents(output: "one") == site.contents(output: "two"))
        let again = try await site.build(output: "one")
        #expect(again.pagesRendered == 0)
        #expect(try site.contents(output: "one") == site.contents(output: "two"))
    }

    @Test("renders only the pages whose inputs changed")
    func incremental() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let first = try await site.build()
        #expect(first.pagesRendered == first.pages)
        let second = try await site.build(collection: SiteCollection(favorites: ["eevee"]))
        #expect(second.pagesRendered > 0)
        #expect(second.pagesRendered < second.pages)
        #expect(try site.read("favorites.html").contains("data-slug=\"eevee\""))
    }

    @Test("a rebuild updates the site the last swap took out in place: the very files kept, the rest replaced or removed, a clean build's bytes")
    func recyclesLastSite() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let manager = FileManager.default
        var fewer = TestCatalog.make()
        let dropped = try #require(fewer.species.last)
        fewer.species.removeLast()
        for slug in dropped.varieties { fewer.pokemon[slug] = nil }
        _ = try await site.build()
        _ = try await site.build(catalog: fewer)
        let recycle = site.folder.appendingPathComponent(".site.previous")
        #expect(manager.fileExists(atPath: recycle.appendingPathComponent("index.html").path), "the first site waits beside the output")
        // What the next build must not keep: a stray file and folder, a page and a sprite
        // that are other files than the ones that go there, a file where a folder goes.
        try Data("stray".utf8).write(to: recycle.appendingPathComponent("stray.html"))
        try manager.createDirectory(at: recycle.appendingPathComponent("stray/deep"), withIntermediateDirectories: true)
        try Data("stray".utf8).write(to: recycle.appendingPathComponent("stray/deep/file.txt"))
        let page = "pokemon/pikachu.html", sprite = try #require(TestCatalog.make().pokemon["pikachu"]?.sprites.frontDefault)
        for path in [page, sprite] {
            try manager.removeItem(at: recycle.appendingPathComponent(path))
            try Data("not this one".utf8).write(to: recycle.appendingPathComponent(path))
        }
        try manager.removeItem(at: recycle.appendingPathComponent("types"))
        try Data("a file where a folder goes".utf8).write(to: recycle.appendingPathComponent("types"))
        // A folder that is a link out of the site is never written through.
        let outside = site.folder.appendingPathComponent("outside")
        try manager.createDirectory(at: outside, withIntermediateDirectories: true)
        try manager.removeItem(at: recycle.appendingPathComponent("items"))
        try manager.createSymbolicLink(at: recycle.appendingPathComponent("items"), withDestinationURL: outside)
        // A file every build writes, waiting there with the very bytes it gets: kept; the same
        // bytes behind a symlink: replaced by a file, the link's target untouched.
        func inode(_ url: URL) -> Int? { (try? manager.attributesOfItem(atPath: url.path))?[.systemFileNumber] as? Int }
        // (Marked by an old modification time: a file made again has a fresh one, where its
        // inode number could be the one just freed.)
        let waiting = try site.contents(output: ".site.previous")
        let marked = Date(timeIntervalSince1970: 1_000_000_000)
        let writtenBefore = waiting.keys.filter { $0.hasPrefix("emblems/") || $0.hasSuffix(".js") && !$0.hasPrefix("assets/") }
        for path in writtenBefore { try manager.setAttributes([.modificationDate: marked], ofItemAtPath: recycle.appendingPathComponent(path).path) }
        let facts = recycle.appendingPathComponent(".pokedex-media"), factsCopy = outside.deletingLastPathComponent().appendingPathComponent("facts-copy")
        try manager.copyItem(at: facts, to: factsCopy)
        try manager.removeItem(at: facts)
        try manager.createSymbolicLink(at: facts, withDestinationURL: factsCopy)
        let factsBytes = try Data(contentsOf: factsCopy)
        var renamed = TestCatalog.make()
        renamed.pokemon["eevee"]?.name = "Renamed Eevee"
        let summary = try await site.build(catalog: renamed)
        let builtFacts = site.folder.appendingPathComponent("site/.pokedex-media")
        #expect((try? manager.destinationOfSymbolicLink(atPath: builtFacts.path)) == nil, "a file, not the link")
        #expect(try Data(contentsOf: builtFacts) == factsBytes)
        #expect(try Data(contentsOf: factsCopy) == factsBytes)
        #expect(summary.stages.contains { $0.hasPrefix("staging: the site swapped out last time") })
        _ = try await site.build(output: "clean", catalog: renamed)
        let built = try site.contents(), clean = try site.contents(output: "clean")
        #expect(built.keys.sorted() == clean.keys.sorted(), "nothing stray, nothing missing")
        for (path, bytes) in clean where built[path] != bytes { Issue.record("\(path) differs from a clean build's") }
        #expect(try site.read(page).contains("Pikachu"))
        #expect(try manager.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing written through the link")
        // What is linked is the very file: a sprite is the cache's, and a page the same
        // since the last build is that build's file (now the one waiting beside the output).
        let output = site.folder.appendingPathComponent("site")
        let unchanged = writtenBefore.filter { waiting[$0] == built[$0] }
        #expect(unchanged.contains { $0.hasPrefix("emblems/") } && unchanged.contains("search-data.js"))
        for path in unchanged {
            let modified = (try? manager.attributesOfItem(atPath: output.appendingPathComponent(path).path))?[.modificationDate] as? Date
            #expect(modified == marked, "\(path): made again, not kept")
        }
        #expect(inode(output.appendingPathComponent(sprite)) == inode(site.sprites.appendingPathComponent(sprite)))
        let lastSite = try site.contents(output: ".site.previous")
        let same = built.keys.filter { $0.hasPrefix("pokemon/") && $0.hasSuffix(".html") && lastSite[$0] == built[$0] }
        #expect(!same.isEmpty)
        for path in same { #expect(inode(output.appendingPathComponent(path)) == inode(recycle.appendingPathComponent(path)), "\(path)") }
    }

    @Test("keeps the previous site when a build fails")
    func stagingSwap() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        let before = try site.contents()
        let failing = SiteCheck { _ in ["pokemon/pikachu.html: something is wrong"] }
        await #expect(throws: SiteError.self) { try await site.build(collection: SiteCollection(favorites: ["eevee"]), check: failing) }
        #expect(try site.contents() == before)
        let theme = site.folder.appendingPathComponent("broken-theme/Templates", isDirectory: true)
        try FileManager.default.createDirectory(at: theme, withIntermediateDirectories: true)
        try Data("{{#page}} never closed".utf8).write(to: theme.appendingPathComponent("home.mustache"))
        await #expect(throws: SiteError.self) { try await site.build(theme: theme.deletingLastPathComponent()) }
        #expect(try site.contents() == before)
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent(".site.staging").path))
    }

    @Test("refuses to replace a folder it did not build")
    func refusesForeignFolder() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let foreign = site.folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: foreign.appendingPathComponent("notes.txt"))
        await #expect(throws: SiteError.self) { try await site.build() }
        #expect(try String(contentsOf: foreign.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine")
    }

    @Test("writes sitemap.xml with absolute addresses when given a base URL")
    func sitemap() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let summary = try await site.build(baseURL: "https://example.org/dex")
        #expect(summary.wroteSitemap)
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/dex/</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/dex/pokemon/pikachu.html</loc>"))
        #expect(!sitemap.contains("404.html"))
    }

    @Test("indexes every pokemon for scripts and machines")
    func indexes() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        let script = try site.read("search-index.js")
        #expect(script.hasPrefix("window.POKEDEX_TYPES="))
        #expect(script.contains("\"s\":\"raichu-alola\""))
        #expect(!script.contains("fetch("))
        let json = try JSONSerialization.jsonObject(with: Data(try site.read("pokedex.json").utf8)) as? [String: [[String: Any]]]
        let rows = try #require(json?["pokemon"])
        #expect(rows.count == 16)
        let alola = try #require(rows.first { $0["slug"] as? String == "raichu-alola" })
        #expect(alola["sprite"] as? String == "emblems/raichu-alola.svg", "what its pages lead with: the emblem drawn for it")
        #expect(alola["page"] as? String == "pokemon/raichu-alola.html")
        #expect(alola["types"] as? [String] == ["electric", "psychic"])
    }

    @Test("gives each sprite the class of its shape, in pages and in the search index")
    func spriteShapes() async throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.writeSprite("sprites/pokemon/25.png", width: 96, height: 96)
        try site.writeSprite("sprites/pokemon/shiny/25.png", width: 475, height: 475)
        // An image that is not a PNG (a GIF under a .png name): shown, as artwork.
        try Data("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8).write(to: site.sprites.appendingPathComponent("sprites/pokemon/133.png"))
        _ = try await site.build(collection: SiteCollection(caught: [.init(pokemon: "pikachu", nickname: "Sparky", level: 12)]))

        let canvas = #"class="sprite is-canvas cv-96x96" src="../sprites/pokemon/25.png""#
        let pikachu = try site.read("pokemon/pikachu.html")
        #expect(pikachu.contains(#"<img class="sprite sprite-large is-canvas cv-96x96" src="../sprites/pokemon/25.png""#))
        #expect(pikachu.contains("<li><img \(canvas)"), "the sprite list")
        #expect(pikachu.contains(#"<li><img class="sprite is-art" src="../sprites/pokemon/shiny/25.png""#))
        #expect(pikachu.contains(#"<img class="sprite" src="../sprites/pokemon/26.png""#), "a box sprite keeps the plain class")
        #expect(try site.read("types/electric.html").contains("<img \(canvas)"), "a card")
        #expect(try site.read("my-pokemon.html").contains(#"<img class="sprite is-canvas cv-96x96" src="sprites/pokemon/25.png""#))
        #expect(try site.read("assets/sizes.css").contains(".cv-96x96 { --w: 96; --h: 96; }"), "the size the class names")
        #expect(try site.read("pokemon/eevee.html").contains(#"<img class="sprite sprite-large is-art" src="../sprites/pokemon/133.png""#))
        #expect(try site.read("pokemon/raichu-alola.html").contains(#"<img class="sprite sprite-large is-emblem" src="../emblems/raichu-alola.svg""#))

        let script = try site.read("search-index.js")
        let rows = try #require(script.split(separator: "\n").first { $0.hasPrefix("window.POKEDEX_INDEX=") })
        let json = try JSONSerialization.jsonObject(with: Data(rows.dropFirst("window.POKEDEX_INDEX=".count).dropLast().utf8)) as? [[String: Any]]
        let bySlug = Dictionary(uniqueKeysWithValues: try #require(json).map { ($0["s"] as? String ?? "", $0) })
        #expect(bySlug["pikachu"]?["k"] as? Int == 1)
        #expect(bySlug["pikachu"]?["w"] as? [Int] == [96, 96])
        #expect(bySlug["eevee"]?["k"] as? Int == 2)
        #expect(bySlug["eevee"]?["w"] == nil)
        #expect(bySlug["raichu"]?["k"] == nil, "box sprites carry no shape")
        #expect(bySlug["raichu-alola"]?["g"] as? String == "emblems/raichu-alola.svg", "no sprite: the emblem, as on its pages")
        #expect(bySlug["raichu-alola"]?["k"] as? Int == 2, "drawn, not pixel art")
    }
}

@Suite("Search file sizes")
struct SearchFileSizeTests {
    @Test("the build reports both search files gzipped, as gzip -9 would send them, against their budgets")
    func sizes() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let summary = try await site.build()
        #expect(summary.searchFiles.map(\.name) == ["search-index.js", "search-data.js"])
        #expect(summary.searchFiles.map(\.budget) == [40_000, 100_000])
        for file in summary.searchFiles {
            let data = try Data(contentsOf: site.folder.appendingPathComponent("site/\(file.name)"))
            #expect(file.bytes == data.count)
            #expect(file.gzip > 20 && file.gzip < file.bytes, "\(file.name): \(file.gzip) of \(file.bytes)")
            guard FileManager.default.isExecutableFile(atPath: "/bin/gzip") else { continue }
            let gzipped = try ChildProcess.run(URL(fileURLWithPath: "/bin/gzip"), ["-9", "-n", "-c"], input: data).output
            // zlib and gzip deflate alike at level 9; allow a few bytes for their small differences.
            #expect(abs(gzipped.count - file.gzip) <= max(16, gzipped.count / 50), "\(file.name): gzip -9 says \(gzipped.count), the build \(file.gzip)")
        }
    }

    @Test("a search file written again with the same bytes keeps the size the same tool measured; one that changed is measured again")
    func sizesKept() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let builder = SiteBuilder(configuration: site.configuration())
        func key(tool: String, data: String) -> BuildKey {
            builder.key(BuildKey.Inputs(tool: tool, data: data, selection: "all", collection: "none"))
        }
        func gzip(_ summary: BuildSummary) -> Int? { summary.searchFiles.first { $0.name == "search-data.js" }?.gzip }
        let measured = try await builder.build(catalog: TestCatalog.make(), key: key(tool: "t", data: "1"))
        #expect(gzip(measured) != nil)
        // What the last build recorded is what a rebuild reports: made a number no file has,
        // it shows whether the file was compressed again.
        func recordSize(_ size: Int) throws {
            let url = site.folder.appendingPathComponent("site/.pokedex-manifest.json")
            var manifest = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            var search = try #require(manifest["search"] as? [[String: Any]])
            for index in search.indices where search[index]["name"] as? String == "search-data.js" { search[index]["gzip"] = size }
            manifest["search"] = search
            try JSONSerialization.data(withJSONObject: manifest).write(to: url)
            // As the build left it: a manifest edited since is not taken at all (``SiteFiles``).
            let output = site.folder.appendingPathComponent("site")
            try #require(SiteFiles.record(output.path)).write(for: output)
        }
        try recordSize(7)
        let same = try await builder.build(catalog: TestCatalog.make(), key: key(tool: "t", data: "2"))
        #expect(gzip(same) == 7, "the same bytes, by the same tool: not compressed again")
        try recordSize(7)
        let otherTool = try await builder.build(catalog: TestCatalog.make(), key: key(tool: "t2", data: "2"))
        #expect(gzip(otherTool) == gzip(measured), "another tool measures again")
        try recordSize(7)
        var stronger = TestCatalog.make()
        let before = try Data(contentsOf: site.folder.appendingPathComponent("site/search-data.js"))
        let stats = try #require(stronger.pokemon["pikachu"]).stats
        // Its stats' values in reverse: other bytes, as many of them.
        stronger.pokemon["pikachu"]?.stats = zip(stats, stats.map(\.value).reversed()).map { BaseStat(stat: $0.stat, value: $1) }
        let changed = try await builder.build(catalog: stronger, key: key(tool: "t2", data: "3"))
        let data = try Data(contentsOf: site.folder.appendingPathComponent("site/search-data.js"))
        #expect(data != before && data.count == before.count)
        #expect(gzip(changed) == Gzip.compressedSize(of: data))
        #expect(gzip(changed) != 7)
    }
}
