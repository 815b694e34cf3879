import Foundation
import HTMLSafety
import Testing

@Suite("pokedex check: pages, links, fragments, orphans")
struct SiteCheckerTests {
    /// A site with every kind of reference, all of them good.
    static func goodSite() throws -> TemporarySite {
        let site = try TemporarySite()
        try site.write("index.html", TemporarySite.page("""
        <header><nav><a href="pokemon/">All</a> <a href="types/fire.html#moves">Fire moves</a></nav></header>
        <main id="top"><section><a href="#list">skip</a><ul id="list"><li><a href="pokemon/pikachu.html?from=home">Pikachu</a></li></ul></section>
        <svg width="10" height="10" aria-hidden="true"><path d="M0 0L10 10"/></svg>
        <a href="https://pokeapi.co/api/v2/">API</a> <a href="mailto:ash@example.com">mail</a></main>
        <link rel="stylesheet" href="assets/site.css"><script src="assets/search.js"></script>
        """))
        try site.write("404.html", TemporarySite.page("<p><a href=\"index.html\">home</a></p>"))
        try site.write("pokemon/index.html", TemporarySite.page("""
        <picture><source srcset="../sprites/25.png 1x, ../sprites/25.png 2x"><img src="../sprites/25.png" alt=""></picture>
        <a href="pikachu.html">Pikachu</a> <a href="../">home</a>
        """))
        try site.write("pokemon/pikachu.html", TemporarySite.page("""
        <a href="../types/fire.html">Fire</a> <a href="./index.html">list</a> <a href="">self</a> <a href="#">top</a>
        """))
        try site.write("types/fire.html", TemporarySite.page("<h2 id=\"moves\">Moves</h2><a href=\"../index.html#list\">back</a>"))
        try site.write("assets/site.css", "body{}")
        try site.write("assets/search.js", "var x = 1;")
        try site.write("sprites/25.png", "png")
        return site
    }

    @Test("A good site has no findings")
    func goodSitePasses() async throws {
        let site = try Self.goodSite()
        let report = try await SiteChecker(root: site.root).check()
        #expect(report.findings == [], "\(report.findings.map(\.description))")
        #expect(report.pages == 5)
        #expect(report.links > 10)
        #expect(report.summary == "checked 5 pages, \(report.links) links: 0 findings")
    }

    @Test("A planted page with an inline script or an event handler is reported; a JSON-LD block is not")
    func inlineScripts() async throws {
        let site = try Self.goodSite()
        try site.write("evil.html", TemporarySite.page("""
        <p><a href="index.html">home</a></p>
        <script>alert(document.cookie)</script>
        <img src="sprites/25.png" alt="" onerror="alert(1)">
        <script type="application/ld+json">{"@type": "Thing"}</script>
        """))
        let report = try await SiteChecker(root: site.root, entryPoints: ["evil.html"]).check()
        let found = report.findings.filter { $0.kind == .inlineScript }
        #expect(found.map(\.file) == ["evil.html", "evil.html"])
        #expect(found.contains { $0.message.contains("an inline <script>") })
        #expect(found.contains { $0.message.contains("onerror") })
    }

    @Test("A parse error is reported with its file and line")
    func parseError() async throws {
        let site = try Self.goodSite()
        try site.write("types/fire.html", TemporarySite.page("<h2 id=\"moves\">Moves</h2>\n<p>a</p>\n</span><a href=\"../index.html\">x</a>"))
        let finding = try #require(try await SiteChecker(root: site.root).check().findings.first)
        #expect(finding.kind == .parseError)
        #expect(finding.file == "types/fire.html")
        #expect(finding.line == 5)
        #expect(finding.description.hasPrefix("types/fire.html:5: parse error: "))
    }

    @Test("An element left open is reported where it opened, though libxml2 closes it quietly")
    func unclosedElement() async throws {
        let site = try Self.goodSite()
        try site.write("types/fire.html", TemporarySite.page("<h2 id=\"moves\">Moves</h2>\n<p><span class=\"x\">a</p>\n<ul><li>one<li>two</ul><p>optional ends are fine<p>\n<a href=\"../index.html\">x</a>"))
        let findings = try await SiteChecker(root: site.root).check().findings
        #expect(findings.map(\.description) == ["types/fire.html:4: parse error: Unclosed <span>: its end tag is missing before </p> (line 4)"])
    }

    @Test("Comments, raw text, self-closed SVG, upper case and implied ends are not unclosed elements")
    func balanceSkipsWhatIsNoElement() async throws {
        let site = try Self.goodSite()
        try site.write("types/fire.html", TemporarySite.page("""
        <h2 id="moves">Moves</h2>
        <!-- a > b, then <span> in a comment --><!---->
        <textarea aria-label="t"><span> is text here</textarea>
        <svg viewBox="0 0 1 1" aria-hidden="true"><path d="M0 0"/></svg>
        <DIV>upper case</div>
        <table><tr><td>a<td>b<tr><th>c</table>
        <dl><dt>a<dd>b<dt>c</dl>
        <div><em title="a > b">open</div>
        <a href="../index.html">x</a>
        """))
        let findings = try await SiteChecker(root: site.root).check().findings
        // libxml2 reports the mismatch on that line too; nothing is reported anywhere else.
        #expect(findings.filter { $0.description.contains("Unclosed") }.map(\.description)
            == ["types/fire.html:10: parse error: Unclosed <em>: its end tag is missing before </div> (line 10)"])
        #expect(findings.allSatisfy { $0.line == 10 }, "\(findings)")
    }

    @Test("A link, image, script or stylesheet to a missing file is reported with its line", arguments: [
        "<a href=\"pokemon/raichu.html\">x</a>",
        "<img src=\"sprites/26.png\" alt=\"\">",
        "<script src=\"assets/missing.js\"></script>",
        "<link rel=\"stylesheet\" href=\"assets/missing.css\">",
        "<img srcset=\"sprites/25.png 1x, sprites/26.png 2x\" src=\"sprites/25.png\" alt=\"\">",
        "<a href=\"../outside.html\">x</a>",
    ])
    func brokenReference(_ markup: String) async throws {
        let site = try Self.goodSite()
        try site.write("404.html", TemporarySite.page("<a href=\"index.html\">home</a>\n\(markup)"))
        let findings = try await SiteChecker(root: site.root).check().findings
        #expect(findings.count == 1, "\(findings.map(\.description))")
        let finding = try #require(findings.first)
        #expect(finding.kind == .brokenLink)
        #expect(finding.file == "404.html")
        #expect(finding.line == 4)
    }

    @Test("A folder link without its trailing slash is broken, with a hint")
    func folderWithoutSlash() async throws {
        let site = try Self.goodSite()
        try site.write("404.html", TemporarySite.page("<a href=\"index.html\">home</a> <a href=\"pokemon\">all</a>"))
        let finding = try #require(try await SiteChecker(root: site.root).check().findings.first)
        #expect(finding.kind == .brokenLink)
        #expect(finding.message.contains("end the link with /"))
    }

    @Test("A fragment missing on the same page or on another page is reported", arguments: [
        "<a href=\"#nowhere\">x</a>",
        "<a href=\"types/fire.html#stats\">x</a>",
        "<a href=\"pokemon/#list\">x</a>",
    ])
    func brokenFragment(_ markup: String) async throws {
        let site = try Self.goodSite()
        try site.write("404.html", TemporarySite.page("<a href=\"index.html\">home</a>\n\n\(markup)"))
        let findings = try await SiteChecker(root: site.root).check().findings
        #expect(findings.map(\.kind) == [.brokenFragment], "\(findings.map(\.description))")
        #expect(findings.first?.line == 5)
    }

    @Test("A page nothing links to is an orphan; index.html and 404.html are entry points")
    func orphan() async throws {
        let site = try Self.goodSite()
        try site.write("types/water.html", TemporarySite.page("<a href=\"../index.html\">home</a> <a href=\"water.html\">self</a>"))
        let findings = try await SiteChecker(root: site.root).check().findings
        #expect(findings.map(\.kind) == [.orphanPage])
        #expect(findings.first?.file == "types/water.html")
        let entryPoints = SiteChecker.defaultEntryPoints.union(["types/water.html"])
        #expect(try await SiteChecker(root: site.root, entryPoints: entryPoints).check().isClean)
        // A language's own 404 page, which hosts show in its folder, is one too; but only
        // as the root's is.
        try site.write("fr/404.html", TemporarySite.page("<a href=\"https://example.test/dex/fr/index.html\">accueil</a>"))
        #expect(try await SiteChecker(root: site.root, entryPoints: entryPoints).check().isClean)
        let strict = try await SiteChecker(root: site.root, entryPoints: ["index.html", "types/water.html"]).check().findings
        #expect(strict.map(\.file).sorted() == ["404.html", "fr/404.html"])
    }

    @Test("Root-relative, javascript: links and duplicate ids are reported")
    func otherFindings() async throws {
        let site = try Self.goodSite()
        try site.write("404.html", TemporarySite.page("""
        <a href="/index.html">home</a>
        <a href="javascript:void(0)">x</a>
        <p id="a">1</p><p id="a">2</p><a href="index.html">home</a>
        """))
        let kinds = try await SiteChecker(root: site.root).check().findings.map(\.kind)
        #expect(kinds == [.rootRelativeLink, .unsafeLink, .duplicateID])
    }

    @Test("A page nesting deeper than the walk follows is reported, not silently skipped")
    func tooDeep() async throws {
        let site = try Self.goodSite()
        let deep = String(repeating: "<div>", count: 300) + "<a href=\"gone.html\">x</a>" + String(repeating: "</div>", count: 300)
        try site.write("404.html", TemporarySite.page("<a href=\"index.html\">home</a>\n\(deep)"))
        let findings = try await SiteChecker(root: site.root).check().findings
        // libxml2 also stops at depth 256 and says so, as a parse error on the same line.
        #expect(Set(findings.map(\.kind)) == [.tooDeep, .parseError], "\(findings.map(\.description))")
        #expect(findings.allSatisfy { $0.file == "404.html" && $0.line == 4 })
    }

    @Test("Findings are counted in the summary")
    func summaryCounts() async throws {
        let site = try Self.goodSite()
        try site.write("404.html", TemporarySite.page("<a href=\"gone.html\">x</a> <a href=\"gone2.html\">y</a>"))
        let report = try await SiteChecker(root: site.root, concurrency: 1).check()
        #expect(!report.isClean)
        #expect(report.summary.hasSuffix(": 2 findings"))
    }

    @Test("Many pages parsed concurrently give the same report as one at a time")
    func concurrencyDoesNotChangeTheReport() async throws {
        let site = try Self.goodSite()
        for index in 0..<60 {
            let broken = index % 7 == 0 ? "<a href=\"missing-\(index).html\">x</a>" : ""
            try site.write("many/\(index).html", TemporarySite.page("<a href=\"../index.html\">home</a>\n\(broken)"))
        }
        let serial = try await SiteChecker(root: site.root, concurrency: 1).check()
        let parallel = try await SiteChecker(root: site.root, concurrency: 8).check()
        #expect(serial == parallel)
        #expect(serial.findings.filter { $0.kind == .brokenLink }.count == 9)
    }

    @Test("A missing folder is an error that says what to do")
    func missingRoot() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-no-such-\(UUID().uuidString)")
        let error = await #expect(throws: HTMLSafetyError.self) { try await SiteChecker(root: missing).check() }
        #expect(error?.description.contains("pokedex build") == true)
    }
}
