import Testing
import Common
@testable import PokeAPI

@Suite("Resource paths from links")
struct APIResourcePathTests {
    @Test("sorting many paths at once gives the order of <: resources, then ids by number, then names")
    func sortedAtOnce() throws {
        let spelled = ["pokemon/10", "pokemon/9", "pokemon/100", "pokemon/bulbasaur", "pokemon/0009", "pokemon",
                       "move/2", "move/10", "move/pound", "move/-1", "pokemon-species/1", "ability", "pokemon/abra",
                       "pokemon/25", "pokemon-encounters/25", "item/1", "item/master-ball"]
        let paths = try spelled.map { text in
            let parts = text.split(separator: "/").map(String.init)
            return try #require(APIResourcePath(resource: parts[0], identifier: parts.count > 1 ? parts[1] : nil))
        }
        // Every rotation of the list and of its reverse.
        for shift in paths.indices {
            for order in [paths, paths.reversed()] {
                let rotated = Array(order[shift...] + order[..<shift])
                #expect(APIResourcePath.sorted(rotated) == rotated.sorted())
            }
        }
        #expect(APIResourcePath.sorted(paths).prefix(4).map(\.relativePath) == ["ability/", "item/1/", "item/master-ball/", "move/-1/"])
        // One id spelled two ways sorts by its spelling, whatever the order it came in.
        let pokemon = APIResourcePath.sorted(paths.reversed()).filter { $0.resource == "pokemon" }.map(\.relativePath)
        #expect(pokemon == ["pokemon/0009/", "pokemon/9/", "pokemon/10/", "pokemon/25/", "pokemon/100/", "pokemon/", "pokemon/abra/", "pokemon/bulbasaur/"])
    }

    @Test("relative and absolute links give the same path")
    func relativeAndAbsolute() throws {
        let relative = try #require(APIResourcePath(link: "/api/v2/pokemon/25/"))
        let absolute = try #require(APIResourcePath(link: "https://pokeapi.co/api/v2/pokemon/25/"))
        #expect(relative == absolute)
        #expect(relative.resource == "pokemon")
        #expect(relative.id == 25)
        #expect(relative.relativePath == "pokemon/25/")
    }

    @Test("a list link has no identifier and drops its query")
    func listLink() throws {
        let path = try #require(APIResourcePath(link: "http://127.0.0.1:8/api/v2/type/?limit=100000&offset=0"))
        #expect(path.resource == "type")
        #expect(path.identifier == nil)
    }

    @Test("the part after the last api/v2/ counts, empty parts are skipped, and encounters sit below their pokemon", arguments: [
        ("/api/v2/pokemon/25/encounters", "pokemon-encounters", "25"),
        ("https://pokeapi.co/api/v2/pokemon/25/encounters/?x=1", "pokemon-encounters", "25"),
        ("https://mirror.invalid/api/v2/api/v2/type/3/", "type", "3"),
        ("/api/v2/type/3/#top", "type", "3"),
        ("/api/v2//move///13/", "move", "13"),
        ("api/v2/type", "type", nil),
    ] as [(String, String, String?)])
    func parsesParts(link: String, resource: String, identifier: String?) throws {
        let path = try #require(APIResourcePath(link: link))
        #expect(path.resource == resource)
        #expect(path.identifier == identifier)
    }

    @Test("links with no resource, or too many parts, are not resources", arguments: [
        "/api/v2/", "/api/v2/pokemon/25/extra/more/", "/api/v2/move/13/encounters/", "/api/v1/pokemon/25/", "", "api/v", "?/api/v2/type/3/",
    ])
    func refusesShapes(link: String) {
        #expect(APIResourcePath(link: link) == nil)
    }

    @Test("links that could leave the cache folder are refused", arguments: [
        "/api/v2/../../etc/", "/api/v2/pokemon/../", "/api/v2/pokemon/25/extra/", "https://example.invalid/other/", "/api/v2/pok%2Fe/1/",
    ])
    func refusesUnsafe(link: String) {
        #expect(APIResourcePath(link: link) == nil)
    }

    @Test("a path made from a kind and an id keeps only ASCII letters, digits and hyphens of the kind", arguments: [
        ("pokemon-species", "pokemon-species"), ("Move2", "Move2"), ("../../etc", "etc"), ("poké/mon", "pokmon"),
        ("pok\r\nemon", "pokemon"), ("type\u{0}", "type"), ("ｐokemon", "okemon"), ("", ""),
        ("poke\u{301}mon", "pokmon"), ("1\u{FE0F}\u{20E3}move", "move"),
    ])
    func kindFiltered(kind: String, kept: String) {
        let path = APIResourcePath(resource: kind, id: 7)
        #expect(path.resource == kept)
        #expect(path.resource == kind.filter { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        #expect(path.id == 7)
    }

    @Test("sprite URLs map to their upstream path, and unsafe ones do not")
    func spritePaths() throws {
        let sprite = try #require(SpritePath(url: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/shiny/25.png"))
        #expect(sprite.relativePath == "sprites/pokemon/shiny/25.png")
        #expect(SpritePath(url: "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/../../x") == nil)
        #expect(SpritePath(url: "https://elsewhere.invalid/sprites/1.png") == nil)
    }

    @Test("only an image under sprites/ or a sound under cries/ is media, whatever else a link names", arguments: [
        ("sprites/pokemon/25.png", true), ("sprites/pokemon/other/home/25.PNG", true), ("sprites/items/x.gif", true),
        ("cries/pokemon/latest/25.ogg", true), ("sprites/a.webp", true),
        ("sprites/pokemon/25.svg", false), ("sprites/x.html", false), ("search-index.js", false), ("sprites/25", false),
        ("cries/pokemon/25.png", false), ("sprites/pokemon/25.ogg", false), ("sprites.png", false), ("pokemon/25.png", false),
        ("sprites//25.png", false), ("/sprites/25.png", false), ("sprites/25.png/", false), ("sprites/.hidden.png", false),
        ("sprites/pokemon/.png", false), ("sprites/../x.png", false), ("sprites/25.png?x=1", false), ("sprites/25.png#a", false),
        ("sprites\\25.png", false), ("sprites/" + String(repeating: "a", count: 300) + ".png", false), ("", false),
    ])
    func mediaPaths(path: String, accepted: Bool) {
        #expect((SpritePath(relativePath: path) != nil) == accepted)
        #expect((SpritePath(url: SpritePath.upstreamPrefix + path) != nil) == accepted)
        #expect((SpritePath(url: SpritePath.criesPrefix + path) != nil) == accepted)
    }

    @Test("a name's extension says its kind, read as a path would be", arguments: [
        ("a/b/25.png", MediaFile.Kind.image), ("25.JPEG", .image), ("x/25.ogg", .audio), ("x/25.ogg/", .audio), ("a.b/c.gif", .image),
        ("a.png/c", nil), (".png", nil), ("a/.ogg", nil), ("noext", nil), ("a.", nil), ("a.svg", nil), ("a.png.html", nil), ("", nil),
    ] as [(String, MediaFile.Kind?)])
    func mediaKinds(name: String, kind: MediaFile.Kind?) {
        #expect(MediaFile.kind(ofName: name) == kind)
    }
}
