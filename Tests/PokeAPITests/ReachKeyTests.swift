import Foundation
import Testing
@testable import PokeAPI
import Common

/// The fingerprint the source index keeps per file, and the path helper every stored file
/// goes through.
@Suite("Reach keys and parent folders")
struct ReachKeyTests {
    static func path(_ resource: String, _ id: Int) -> APIResourcePath { APIResourcePath(resource: resource, id: id) }
    static func sprite(_ relative: String) -> SpritePath { SpritePath(url: SpritePath.upstreamPrefix + relative)! }

    static func sample(reserving capacity: Int = 0, reversed: Bool = false) -> Reach {
        var reach = Reach()
        reach.resources.reserveCapacity(capacity)
        reach.sprites.reserveCapacity(capacity)
        var links: [(APIResourcePath, String?)] = (1...300).map { (path("move", $0), "move-\($0)") }
        links += [(path("pokemon-species", 25), "pikachu"), (path("location-area", 9), nil)]
        for (link, name) in reversed ? links.reversed() : links { reach.resources[link] = name }
        let sprites = (1...40).map { sprite("sprites/pokemon/\($0).png") }
        for sprite in reversed ? sprites.reversed() : sprites { reach.sprites.insert(sprite) }
        reach.artwork = [sprite("sprites/pokemon/other/official-artwork/25.png")]
        reach.generationSpecies = [path("pokemon-species", 1), path("pokemon-species", 2)]
        return reach
    }

    @Test("the same links give the same key, in whatever order the sets hold them")
    func orderFree() {
        let plain = Self.sample(), other = Self.sample(reserving: 4096, reversed: true)
        // The two sets iterate differently (else this test would prove nothing).
        #expect(Array(plain.resources.keys) != Array(other.resources.keys))
        #expect(plain == other)
        #expect(plain.key == other.key)
        #expect(plain.key != 0)
        #expect(Reach().key != 0)
    }

    @Test("any change to what a file reaches changes the key")
    func changes() {
        let base = Self.sample()
        var renamed = base
        renamed.resources[Self.path("pokemon-species", 25)] = "raichu"
        var unnamed = base
        unnamed.resources[Self.path("pokemon-species", 25)] = .some(nil)
        var added = base
        added.resources[Self.path("move", 301)] = "move-301"
        var removed = base
        removed.resources[Self.path("location-area", 9)] = nil
        var moved = base
        let sprite = Self.sprite("sprites/pokemon/1.png")
        moved.sprites.remove(sprite)
        moved.artwork.insert(sprite)
        var home = base
        home.home = base.artwork
        home.artwork = []
        var reordered = base
        reordered.generationSpecies.reverse()
        let keys = [base, renamed, unnamed, added, removed, moved, home, reordered].map(\.key)
        #expect(Set(keys).count == keys.count, "\(keys)")
    }

    @Test("parentFolder(of:) says what NSString says, for the paths a writer meets")
    func parentFolders() {
        let paths = ["/a/b/c.json", "/a/b/", "/a", "/", "a/b", "/a//b", "//a", "/tmp/cache/api/v2/pokemon/25/index.json",
                     "/tmp/caché/ポケモン/index.json", "relative/folder/file", "/a/b//", "./x", "../x/y"]
        for path in paths {
            #expect(parentFolder(of: path) == (path as NSString).deletingLastPathComponent, "\(path)")
        }
        // Foundation on Linux traps on `a` and `a/`: nothing is above them, as above `index.json`.
        for path in ["", "a", "a/", "index.json"] { #expect(parentFolder(of: path) == "", "\(path)") }
        // Where the two differ on purpose: slashes doubled further up are kept, not tidied.
        #expect(parentFolder(of: "/a//b/c") == "/a//b")
    }
}
