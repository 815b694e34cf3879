import Common
import Foundation
import Pokedex
import Testing
@testable import SiteGenerator

@Suite("A site per language")
struct MultilingualSiteTests {
    /// The test catalog in French: one name French, one English standing in (marked).
    static func french() -> Catalog {
        var catalog = TestCatalog.make()
        catalog.language = "fr"
        catalog.pokemon["pikachu"]?.name = "Pikachu-fr"
        catalog.pokemon["raichu"]?.name = LanguageMark.mark("Raichu", tag: "en")
        return catalog
    }

    static func build(_ site: TestSite, languages: [Catalog], baseURL: String? = "https://example.test/dex/") async throws -> BuildSummary {
        var configuration = site.configuration(baseURL: baseURL)
        configuration.languages = languages.map(\.language)
        configuration.language = languages[0].language
        return try await SiteBuilder(configuration: configuration).build(sites: languages.map { SiteBuilder.LanguageSite(catalog: $0) })
    }

    @Test("each language in its folder, sharing one copy of sprites and assets, with a picker at the root")
    func layout() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await Self.build(site, languages: [TestCatalog.make(), Self.french()])
        let files = try site.contents()
        #expect(files["en/index.html"] != nil && files["fr/index.html"] != nil)
        #expect(files["index.html"] != nil && files["404.html"] != nil, "the picker and the hosts' 404 at the root")
        #expect(files["assets/site.css"] != nil && files["en/assets/site.css"] == nil && files["fr/assets/site.css"] == nil, "assets once")
        #expect(files.keys.contains { $0.hasPrefix("sprites/") } && !files.keys.contains { $0.hasPrefix("en/sprites/") || $0.hasPrefix("fr/sprites/") }, "sprites once")
        #expect(files["en/pokedex.json"] != nil && files["fr/pokedex.json"] != nil && files["en/search-index.js"] != nil && files["fr/search-data.js"] != nil)

        // Hosts show the root's 404.html (the first language's) at any missing address, and
        // each language's own in its folder: with a base URL, links that work at any depth.
        for (path, language) in [("404.html", "en"), ("fr/404.html", "fr")] {
            let missing = try site.read(path)
            #expect(missing.contains(#"<html lang="\#(language)">"#), "\(path)")
            let stylesheet = try #require(missing.firstMatch(of: /<link rel="stylesheet" href="([^"]*site\.css)">/)?.1)
            #expect(URL(string: String(stylesheet))?.standardized.absoluteString == "https://example.test/dex/assets/site.css", "\(path): \(stylesheet)")
            #expect(missing.contains(#"href="https://example.test/dex/\#(language)/credits.html""#), "\(path)")
        }
        // Only the root's goes on to the language of the folder it is shown in, before any style.
        let script = #"<script src="https://example.test/dex/en/../assets/missing.js"></script>"#
        let root404 = try site.read("404.html")
        #expect(root404.contains(script))
        #expect(root404.range(of: script).map { $0.lowerBound < root404.range(of: "</head>")!.lowerBound } == true, "in the head")
        #expect(try !site.read("fr/404.html").contains("missing.js") && !site.read("en/404.html").contains("missing.js"))
        #expect(files["assets/missing.js"] != nil)

        let picker = try site.read("index.html")
        #expect(picker.contains(#"<a href="en/index.html" hreflang="en" lang="en" data-lang="en">English</a>"#))
        #expect(picker.contains(#"<a href="fr/index.html" hreflang="fr" lang="fr" data-lang="fr">Français</a>"#))
        #expect(picker.contains(#"<script src="assets/language.js" defer></script>"#))

        let page = try site.read("fr/pokemon/pikachu.html")
        #expect(page.contains(#"<html lang="fr">"#))
        #expect(page.contains(#"<link rel="stylesheet" href="../../assets/site.css">"#))
        #expect(page.contains(#"src="../../sprites/pokemon/25.png""#))
        #expect(page.contains(#"<link rel="alternate" hreflang="en" href="https://example.test/dex/en/pokemon/pikachu.html">"#))
        #expect(page.contains(#"<link rel="alternate" hreflang="x-default" href="https://example.test/dex/en/pokemon/pikachu.html">"#))
        #expect(page.contains(#"<link rel="canonical" href="https://example.test/dex/fr/pokemon/pikachu.html">"#))
        #expect(page.contains(#"<a href="../../en/pokemon/pikachu.html" hreflang="en" lang="en" data-lang="en">English</a>"#), "the switcher keeps the page")
        #expect(page.contains("<h1>Pikachu-fr</h1>"))
        #expect(page.contains("Tous les Pokémon"), "French interface words")
        #expect(try site.read("fr/pokemon/raichu.html").contains(#"<h1><span lang="en">Raichu</span></h1>"#), "English standing in says so")
        #expect(try site.read("fr/pokemon/raichu.html").contains("<title>Raichu #026 · Test Dex</title>"), "no markup in a title")

        let json = try JSONSerialization.jsonObject(with: try #require(files["fr/pokedex.json"])) as? [String: [[String: Any]]]
        let rows = try #require(json?["pokemon"])
        #expect(rows.first { $0["slug"] as? String == "pikachu" }?["name"] as? String == "Pikachu-fr")
        #expect(rows.first { $0["slug"] as? String == "pikachu" }?["sprite"] as? String == "../sprites/pokemon/25.png")

        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains(#"<url><loc>https://example.test/dex/fr/pokemon/pikachu.html</loc><xhtml:link rel="alternate" hreflang="en" href="https://example.test/dex/en/pokemon/pikachu.html"/><xhtml:link rel="alternate" hreflang="fr" href="https://example.test/dex/fr/pokemon/pikachu.html"/><xhtml:link rel="alternate" hreflang="x-default" href="https://example.test/dex/en/pokemon/pikachu.html"/></url>"#))
        #expect(try site.read("robots.txt").contains("Sitemap: https://example.test/dex/sitemap.xml"))

        // No mark character leaks into any file, page or not.
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.unicodeScalars.contains { (0xE000...0xE002).contains($0.value) }, "a mark in \(path)")
        }
    }

    @Test("one language keeps the layout it always had: no folder, no switcher")
    func single() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await Self.build(site, languages: [Self.french()], baseURL: nil)
        let page = try site.read("pokemon/pikachu.html")
        #expect(page.contains(#"<html lang="fr">"#))
        #expect(!page.contains("lang-switch") && !page.contains("hreflang"))
        #expect(page.contains(#"<link rel="stylesheet" href="../assets/site.css">"#))
        #expect(FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("site/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("site/fr").path))
        #expect(try !site.read("404.html").contains("missing.js"), "no other language to go to")
    }

    @Test("without a base URL the root's 404 page stays as it is: its alternates lead from the root only")
    func rootNotFoundWithoutBaseURL() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await Self.build(site, languages: [TestCatalog.make(), Self.french()], baseURL: nil)
        let missing = try site.read("404.html")
        #expect(missing.contains(#"<html lang="en">"#) && missing.contains(#"hreflang="fr""#))
        #expect(!missing.contains("missing.js"))
    }

    @Test("a second build in several languages renders nothing that did not change, byte for byte")
    func incremental() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await Self.build(site, languages: [TestCatalog.make(), Self.french()])
        let before = try site.contents()
        let again = try await Self.build(site, languages: [TestCatalog.make(), Self.french()])
        #expect(again.pagesRendered == 0)
        #expect(try site.contents() == before)
    }
}
