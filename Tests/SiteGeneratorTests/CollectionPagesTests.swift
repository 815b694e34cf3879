import Pokedex
import Testing
import TemplateEngine
@testable import SiteGenerator

@Suite("The collection on the site's pages")
struct CollectionPagesTests {
    static let sparky = SiteCollection.Caught(
        pokemon: "pikachu", id: "abc234", nickname: "<img src=x onerror=1>", level: 12, experience: 1728,
        moves: ["thunderbolt"], heldItem: nil, sprite: "front_default")

    func pages(_ collection: SiteCollection, dexMode: Bool) throws -> SitePages {
        SitePages(index: TestCatalog.index(), collection: collection, strings: try TestCatalog.strings(),
                  title: "Dex", pageSize: 60, dexMode: dexMode)
    }

    func bodyClass(_ pages: SitePages, _ kind: PageKind) throws -> String {
        let spec = try #require(pages.spec(kind))
        guard case .dictionary(let context) = spec.context, case .string(let theme)? = context["theme"] else { return "" }
        return theme
    }

    @Test("Dex mode marks every page, so uncaught cards are greyed; without it nothing is")
    func dexMode() throws {
        let on = try pages(SiteCollection(caught: [Self.sparky]), dexMode: true)
        let off = try pages(SiteCollection(caught: [Self.sparky]), dexMode: false)
        for kind in [PageKind.home, .list(1), .detail("pikachu"), .mine] {
            #expect(try bodyClass(on, kind).split(separator: " ").contains("dex-mode"))
            #expect(!(try bodyClass(off, kind).contains("dex-mode")))
        }
        let home = HomePage(index: TestCatalog.index(), collection: SiteCollection(caught: [Self.sparky]), strings: try TestCatalog.strings())
        let electric = try #require(home.typeRows.first { $0.type?.slug == "electric" })
        #expect(electric.cards.map(\.captured) == electric.cards.map { $0.slug == "pikachu" })
    }

    @Test("A detail page lists the trainer's own individuals of its species, with their details")
    func yours() throws {
        let detail = DetailPage(pokemon: try #require(TestCatalog.make().pokemon["pikachu"]), index: TestCatalog.index(),
                                collection: SiteCollection(caught: [Self.sparky]), strings: try TestCatalog.strings())
        let mine = try #require(detail.yours.first)
        #expect(detail.yours.count == 1)
        #expect(mine.nickname == "<img src=x onerror=1>" && mine.levelText == "Level 12" && mine.experience == "1728 exp.")
        #expect(detail.yoursHeading == "Your Pikachu")
        let other = DetailPage(pokemon: try #require(TestCatalog.make().pokemon["eevee"]), index: TestCatalog.index(),
                               collection: SiteCollection(caught: [Self.sparky]), strings: try TestCatalog.strings())
        #expect(other.yours.isEmpty)
    }

    @Test("My Pokémon shows each individual in dex order")
    func myPokemon() throws {
        var eevee = Self.sparky
        eevee.pokemon = "eevee"
        eevee.nickname = "Évoli"
        let page = CollectionPage(kind: .mine, index: TestCatalog.index(), collection: SiteCollection(caught: [eevee, Self.sparky]),
                                  strings: try TestCatalog.strings())
        #expect(page.entries.compactMap(\.individual?.nickname) == ["<img src=x onerror=1>", "Évoli"])
    }
}

@Suite("A nickname on the built site")
struct NicknameEscapingTests {
    @Test("shows as text wherever it appears, never as markup")
    func escaped() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build(collection: SiteCollection(caught: [CollectionPagesTests.sparky]))
        for page in ["my-pokemon.html", "pokemon/pikachu.html"] {
            let html = try site.read(page)
            #expect(html.contains("&lt;img src=x onerror=1&gt;"), "\(page) does not show the nickname")
            #expect(!html.contains("<img src=x"), "\(page) lets the nickname through as markup")
        }
    }
}

@Suite("Commands inside interface sentences")
struct InlineSegmentTests {
    @Test("text in backticks becomes code, an unpaired backtick stays text")
    func split() {
        let segments = InlineSegment.split("Saves a file; `pokedex import FILE` merges it.")
        #expect(segments == [.init(text: "Saves a file; ", isCode: false), .init(text: "pokedex import FILE", isCode: true), .init(text: " merges it.", isCode: false)])
        #expect(InlineSegment.split("`pokedex import` first") == [.init(text: "pokedex import", isCode: true), .init(text: " first", isCode: false)])
        #expect(InlineSegment.split("one ` alone") == [.init(text: "one ` alone", isCode: false)])
        #expect(InlineSegment.split("no code") == [.init(text: "no code", isCode: false)])
    }
}

@Suite("The trainer's own words on the site")
struct TrainerWordsTests {
    @Test("notes and the about text are Markdown, rendered and sanitized on their pages", arguments: XSSPayloads.all)
    func sanitized(attack: String) async throws {
        let site = try TestSite()
        defer { site.remove() }
        var configuration = site.configuration()
        configuration.about = "# Kanto\n\nEvery **one**.\n\n\(attack)"
        let collection = SiteCollection(caught: [.init(pokemon: "pikachu", id: "a1", nickname: "Sparky", level: 5, notes: "Loves *berries*.\n\n\(attack)")])
        _ = try await SiteBuilder(configuration: configuration).build(catalog: TestCatalog.make(), collection: collection)
        let home = try site.read("index.html")
        #expect(home.contains("<h2>Kanto</h2>") && home.contains("<strong>one</strong>"))
        let mine = try site.read("my-pokemon.html")
        #expect(mine.contains("<em>berries</em>"))
        for page in [home, mine] {
            // Whatever the text said is text: no element it wrote, no handler, no script URL.
            let lowered = page.lowercased()
            #expect(!lowered.contains("<script>") && !lowered.contains("<img src=x") && !lowered.contains("<svg onload") && !lowered.contains("<iframe"),
                    "\(attack) reached a page as markup")
            #expect(lowered.range(of: #"<[a-z][^>]*\son[a-z]+\s*="#, options: .regularExpression) == nil, "an event handler")
            #expect(lowered.range(of: #"<[a-z][^<>]*(href|src)\s*=\s*"\s*javascript:"#, options: .regularExpression) == nil, "a script URL")
        }
    }
}

/// A few attack strings for the site-level test (the sanitizer's own tests run the full list).
enum XSSPayloads {
    static let all = [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
        "<a href=\"javascript:alert(1)\">x</a>", "<svg onload=alert(1)>", "<iframe src=\"javascript:alert(1)\"></iframe>",
        "![x](javascript:alert(1))", "<style>body{background:url(javascript:alert(1))}</style>",
    ]
}
