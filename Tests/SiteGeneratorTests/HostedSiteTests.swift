import Foundation
import Pokedex
import Testing
@testable import SiteGenerator

@Suite("A hosted site: installable, offline, previewed")
struct HostedSiteTests {
    @Test("with a base URL: a manifest, the build's icons, a service worker versioned by the site")
    func installable() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build(baseURL: "https://example.test/dex/")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(site.read("manifest.webmanifest").utf8)) as? [String: Any])
        #expect(manifest["name"] as? String == "Test Dex")
        #expect(manifest["start_url"] as? String == "./")
        let icons = try #require(manifest["icons"] as? [[String: String]])
        for icon in icons where icon["type"] == "image/png" {
            let source = try #require(icon["src"])
            let png = try Data(contentsOf: site.folder.appendingPathComponent("site").appendingPathComponent(source))
            let width = try #require(icon["sizes"]?.split(separator: "x").first)
            let size = try #require(Int(width))
            #expect(PNGSize(header: png) == PNGSize(width: size, height: size), "\(icon["src"] ?? "") is a \(size) px PNG")
            #expect(png.count > 1_000 && png.suffix(8).prefix(4) == Data("IEND".utf8), "with its image data and end")
        }
        let worker = try site.read("sw.js")
        for cached in ["\"index.html\"", "\"assets/site.css\"", "\"search-index.js\"", "\"404.html\"", "\"search.html\""] {
            #expect(worker.contains(cached), "precaches \(cached)")
        }
        let page = try site.read("pokemon/pikachu.html")
        #expect(page.contains(#"<link rel="manifest" href="../manifest.webmanifest">"#))
        // Hosts (and the worker, offline) show 404.html at any missing address: its links
        // are absolute, so it is styled in a folder too.
        let missing = try site.read("404.html")
        #expect(missing.contains(#"<link rel="stylesheet" href="https://example.test/dex/assets/site.css">"#))
        #expect(missing.contains(#"href="https://example.test/dex/credits.html""#) && !missing.contains(#"href="credits.html""#))
        #expect(page.contains(#"data-sw="../sw.js""#))

        // A rebuild that changes a page changes the worker, so browsers take the new site.
        let version = worker.components(separatedBy: "\n").first { $0.hasPrefix("var CACHE") }
        _ = try await site.build(baseURL: "https://example.test/dex/", collection: SiteCollection(caught: [.init(pokemon: "pikachu", nickname: "Sparky", level: 5)]))
        let again = try site.read("sw.js").components(separatedBy: "\n").first { $0.hasPrefix("var CACHE") }
        #expect(version != nil && again != nil && version != again)
    }

    @Test("link previews: Open Graph with absolute addresses, and schema.org data that cannot close its script")
    func previews() async throws {
        let site = try TestSite()
        defer { site.remove() }
        var catalog = TestCatalog.make()
        let speciesIndex = try #require(catalog.species.firstIndex { $0.slug == "pikachu" })
        catalog.species[speciesIndex].flavorText = "It zaps.</script><script>alert(1)</script>"
        _ = try await site.build(baseURL: "https://example.test/dex/", catalog: catalog)
        let page = try site.read("pokemon/pikachu.html")
        #expect(page.contains(#"<meta property="og:url" content="https://example.test/dex/pokemon/pikachu.html">"#))
        #expect(page.contains(#"<meta property="og:image" content="https://example.test/dex/sprites/pokemon/25.png">"#))
        #expect(page.contains(#"<meta property="og:description" content="It zaps.&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;">"#))
        let start = try #require(page.range(of: #"<script type="application/ld+json">"#))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = String(page[start.upperBound..<end.lowerBound])
        #expect(!json.contains("<"), "no markup inside the data block")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let about = try #require(object["about"] as? [String: Any])
        #expect(about["name"] as? String == "Pikachu")
        #expect(about["description"] as? String == "It zaps.</script><script>alert(1)</script>", "the text itself is intact")
        #expect(try site.read("pokemon/raichu-alola.html").contains(#"<meta property="og:image" content="https://example.test/dex/assets/icon-512.png">"#),
                "no PNG of its own: the site's icon, never the SVG emblem")
        #expect(try site.read("robots.txt") == "User-agent: *\nAllow: /\n\nSitemap: https://example.test/dex/sitemap.xml\n")
    }

    @Test("without a base URL: nothing that needs an address (no worker, no manifest, no og:url)")
    func fromDisk() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        let page = try site.read("pokemon/pikachu.html")
        #expect(!page.contains("data-sw") && !page.contains("rel=\"manifest\"") && !page.contains("og:url") && !page.contains("ld+json"))
        #expect(page.contains(#"<meta property="og:title" content="Pikachu #025 · Test Dex">"#))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("site/sw.js").path))
    }
}
