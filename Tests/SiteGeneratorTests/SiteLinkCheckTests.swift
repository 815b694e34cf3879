import Testing
@testable import SiteGenerator

@Suite("Link checking")
struct SiteLinkCheckTests {
    @Test("resolves relative links from the page's folder")
    func resolve() {
        #expect(SiteLinkCheck.resolve("../pokemon/pikachu.html", from: "types") == "pokemon/pikachu.html")
        #expect(SiteLinkCheck.resolve("pokedex/index.html?q=pika", from: "") == "pokedex/index.html")
        #expect(SiteLinkCheck.resolve("#stats", from: "pokemon") == nil)
        #expect(SiteLinkCheck.resolve("https://pokeapi.co/", from: "") == nil)
        #expect(SiteLinkCheck.resolve("../../x.html", from: "types")?.hasPrefix("../") == true)
    }

    @Test("finds every href and src")
    func targets() {
        let html = #"<a href="a.html">x</a><img src="b.png" alt=""><link href="c.css">"#
        #expect(SiteLinkCheck.targets(in: html).sorted() == ["a.html", "b.png", "c.css"])
    }
}
