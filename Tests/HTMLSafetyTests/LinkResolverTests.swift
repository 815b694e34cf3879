@testable import HTMLSafety
import Testing

@Suite("Resolving a page's href and src values to files")
struct LinkResolverTests {
    @Test("Relative paths resolve against the page's folder", arguments: [
        ("pikachu.html", "pokemon/index.html", "pokemon/pikachu.html"),
        ("../types/fire.html", "pokemon/25/index.html", "pokemon/types/fire.html"),
        ("../../types/fire.html", "pokemon/25/index.html", "types/fire.html"),
        ("./a.css", "index.html", "a.css"),
        ("pokemon/", "index.html", "pokemon/index.html"),
        ("../", "pokemon/pikachu.html", "index.html"),
        (".", "types/fire.html", "types/index.html"),
        ("sprites/Mr%20Mime.png", "index.html", "sprites/Mr Mime.png"),
        ("a.html?x=1&y=2", "index.html", "a.html"),
    ])
    func relative(_ value: String, _ page: String, _ expected: String) {
        #expect(LinkResolver.resolve(value, from: page) == .file(path: expected, fragment: nil))
    }

    @Test("Fragments are split off and percent-decoded; an empty path means this page")
    func fragments() {
        #expect(LinkResolver.resolve("#moves", from: "a/b.html") == .file(path: "a/b.html", fragment: "moves"))
        #expect(LinkResolver.resolve("c.html?q#x%20y", from: "a/b.html") == .file(path: "a/c.html", fragment: "x y"))
        #expect(LinkResolver.resolve("", from: "a/b.html") == .file(path: "a/b.html", fragment: nil))
    }

    @Test("Other sites and mail are external; unsafe schemes, root paths and escapes are called out")
    func classifies() {
        #expect(LinkResolver.resolve("https://pokeapi.co/api/v2/", from: "index.html") == .external)
        #expect(LinkResolver.resolve("//x.invalid/a.js", from: "index.html") == .external)
        #expect(LinkResolver.resolve("MAILTO:a@b", from: "index.html") == .external)
        #expect(LinkResolver.resolve("javascript:void(0)", from: "index.html") == .unsafeScheme("javascript"))
        #expect(LinkResolver.resolve("/types/", from: "index.html") == .rootRelative)
        #expect(LinkResolver.resolve("../../x.html", from: "a/b.html") == .outsideSite)
    }
}
