import Common
import Foundation
import Pokedex
import Testing
@testable import SiteGenerator

/// What a build learns by reading each sprite (`.pokedex-media`) is taken by the next build
/// only for the same file, unchanged; `--verify` reads every file again.
@Suite("Media facts")
struct MediaFactsTests {
    static let pikachu = "sprites/pokemon/25.png"

    @Test("the last build's facts of a sprite are taken while its stamp holds, and read again once it changes")
    func takenWhileUnchanged() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        let output = site.folder.appendingPathComponent("site")
        let written = MediaFacts.read(from: output)
        let fact = try #require(written.facts[Self.pikachu], "the build keeps what it read of each sprite")
        #expect(fact.width == 68 && fact.height == 56)
        #expect(fact.contentRead, "a sprite a Pokémon leads with has its opaque pixels looked for")

        // A fact that says another size, for the file as it is: taken without opening the file.
        var forged = MediaFacts()
        var fake = fact
        fake.width = 40
        fake.height = 30
        forged.record(fake)
        let builder = SiteBuilder(configuration: site.configuration())
        let catalog = TestCatalog.make()
        #expect(builder.availableSprites(in: catalog, known: forged).found[Self.pikachu]?.shape == .canvas(width: 40, height: 30))

        // The same file changed (a new size in its header, the same length): read again.
        try site.writeSprite(Self.pikachu, width: 96, height: 96)
        #expect(builder.availableSprites(in: catalog, known: forged).found[Self.pikachu]?.shape == .canvas(width: 96, height: 96))
        _ = try await site.build()
        #expect(MediaFacts.read(from: output).facts[Self.pikachu]?.width == 96)
        #expect(try site.read("pokemon/pikachu.html").contains("is-canvas"), "the page shows the sprite's new shape")
    }

    @Test("a build with verify trusts no fact of the last build")
    func verifyReadsAgain() async throws {
        let site = try TestSite()
        defer { site.remove() }
        _ = try await site.build()
        let output = site.folder.appendingPathComponent("site")
        // Facts that lie about an unchanged file, planted in the site.
        var forged = MediaFacts()
        for (_, fact) in MediaFacts.read(from: output).facts {
            var fake = fact
            fake.width = 40
            fake.height = 30
            forged.record(fake)
        }
        try forged.encoded().write(to: output.appendingPathComponent(MediaFacts.fileName))
        var configuration = site.configuration()
        configuration.verify = true
        _ = try await SiteBuilder(configuration: configuration).build(catalog: TestCatalog.make())
        #expect(!(try site.read("pokemon/pikachu.html").contains("is-canvas")), "the sprites were read again: box sprites, not 40x30")
        #expect(MediaFacts.read(from: output).facts[Self.pikachu]?.width == 68)

        // Without verify the planted facts are taken (the stamps hold): the check above can fail.
        try forged.encoded().write(to: output.appendingPathComponent(MediaFacts.fileName))
        _ = try await site.build()
        #expect(try site.read("pokemon/pikachu.html").contains("is-canvas"))
    }

    @Test("the facts file is the same bytes for the same sprites, in any order of reading")
    func encodedInPathOrder() throws {
        var first = MediaFacts(), second = MediaFacts()
        let facts = (1...20).map { MediaFacts.Fact(path: "sprites/pokemon/\($0).png", real: "/data/sprites/pokemon/\($0).png",
                                                  stamp: FileStamp(size: 100 + Int64($0), modified: 7, inode: UInt64($0)), width: 68, height: 56) }
        for fact in facts { first.record(fact) }
        for fact in facts.reversed() { second.record(fact) }
        #expect(try first.encoded() == second.encoded())
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try first.encoded().write(to: folder.appendingPathComponent(MediaFacts.fileName))
        #expect(MediaFacts.read(from: folder).facts == first.facts)
    }
}
