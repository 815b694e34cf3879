import Common
import Foundation
import Pokedex
import Testing
import TestSupport
@testable import SiteGenerator

/// What a build learns by reading each sprite (`.pokedex-media`) is taken by the next build
/// only for the same file, unchanged; `--verify` reads every file again.
@Suite("Media facts")
struct MediaFactsTests {
    static let pikachu = "sprites/pokemon/25.png"

    @Test("a fact's record form is the bytes Codable writes, and reads back, with every optional field absent and present")
    func recordForm() throws {
        let stamp = FileStamp(size: 1234, modified: 1_700_000_000_123_456_789, inode: 98765)
        let bare = MediaFacts.Fact(path: "cries/25.ogg", real: "cries/latest/25.ogg", stamp: stamp)
        let full = MediaFacts.Fact(path: Self.pikachu, real: "pokemon/25.png", stamp: stamp, width: 96, height: -1,
                                   contentRead: true, content: [12, 0, 70, 88])
        let unread = MediaFacts.Fact(path: "b.png", real: "b.png", stamp: stamp, width: 0, height: nil, contentRead: true, content: [])
        for facts in [[bare], [full, unread, bare], []] {
            let record = try BinaryCoder.encode(facts, format: MediaFacts.format)
            let codable = try BinaryCoder.encode(CodableForm(facts.map(CodableForm.init)), format: MediaFacts.format)
            #expect(record == codable)
            #expect(try BinaryCoder.decode([MediaFacts.Fact].self, from: codable, format: MediaFacts.format) == facts)
        }
    }

    @Test("a sprite replaced by another file is linked anew into a recycled site, never kept from the site it recycles")
    func replacedSpriteLinkedAnew() async throws {
        let site = try TestSite()
        defer { site.remove() }
        let source = site.sprites.appendingPathComponent(Self.pikachu)
        // From the third build on, the build recycles the site two builds old, which holds
        // a link to the file as it was then.
        for round in 0..<4 {
            // Another file each round (written beside it and renamed over it), of the same size.
            try (TestSite.pngHeader(width: 68, height: 56) + Data("round \(round)".utf8)).write(to: source, options: .atomic)
            _ = try await site.build()
            let published = try Data(contentsOf: site.folder.appendingPathComponent("site/" + Self.pikachu))
            #expect(published == (try Data(contentsOf: source)), "round \(round)")
        }
    }

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

        // Without verify, facts planted in the site by hand are not taken either: the site no
        // longer stands as its build left it (its record), so the sprites are read again.
        try forged.encoded().write(to: output.appendingPathComponent(MediaFacts.fileName))
        _ = try await site.build()
        #expect(!(try site.read("pokemon/pikachu.html").contains("is-canvas")), "a copy edited by hand is not taken")
        #expect(MediaFacts.read(from: output).facts[Self.pikachu]?.width == 68)

        // The same facts left by a build (the site recorded with them) are taken, the stamps
        // holding: the checks above can fail.
        try forged.encoded().write(to: output.appendingPathComponent(MediaFacts.fileName))
        try #require(SiteFiles.record(output.path)).write(for: output)
        _ = try await site.build()
        #expect(try site.read("pokemon/pikachu.html").contains("is-canvas"))
    }

    @Test("a build into an empty folder takes the facts a build before it kept in the cache, for the same sprites root only")
    func keptInTheCache() async throws {
        let site = try TestSite()
        defer { site.remove() }
        func configuration(_ output: String, facts: URL?, sprites: URL? = nil) -> SiteConfiguration {
            var configuration = site.configuration(output: output)
            configuration.factsFolder = facts
            if let sprites { configuration.spritesRoot = sprites }
            return configuration
        }
        let cache = site.folder.appendingPathComponent("cache/.pokedex", isDirectory: true)
        _ = try await SiteBuilder(configuration: configuration("first", facts: cache)).build(catalog: TestCatalog.make())
        let file = try #require(MediaFacts.cacheFile(for: configuration("first", facts: cache)))
        let kept = try Data(contentsOf: file)
        #expect(kept == (try Data(contentsOf: site.folder.appendingPathComponent("first/" + MediaFacts.fileName))),
                "the cache keeps the very facts the site does")
        // Facts that lie about the unchanged sprites, planted in the cache only.
        var forged = MediaFacts()
        for fact in try #require((try? BinaryCoder.decode([MediaFacts.Fact].self, from: kept, format: MediaFacts.format)) ?? nil) {
            var fake = fact
            fake.width = 40
            fake.height = 30
            forged.record(fake)
        }
        // And the fact of a file only another selection's site shows.
        let elsewhereFact = MediaFacts.Fact(path: "sprites/pokemon/9999.png", real: "pokemon/9999.png",
                                            stamp: FileStamp(size: 1, modified: 1, inode: 1), width: 1, height: 1)
        forged.record(elsewhereFact)
        try forged.encoded().write(to: file)
        let planted = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        // Into an empty folder: taken from the cache (the stamps hold), so the page shows the
        // planted size; the cache, which already says all this build read, is not written.
        _ = try await SiteBuilder(configuration: configuration("second", facts: cache)).build(catalog: TestCatalog.make())
        #expect(try site.read("pokemon/pikachu.html", output: "second").contains("is-canvas"))
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == planted)
        // A fact in the site and another in the cache for the same file: the one whose stamp holds is taken.
        var stale = MediaFacts(), both = MediaFacts.read(from: site.folder.appendingPathComponent("first"))
        for (_, fact) in both.facts {
            var old = fact
            old.stamp = FileStamp(size: fact.stamp.size + 1, modified: fact.stamp.modified, inode: fact.stamp.inode)
            stale.record(old)
        }
        try stale.encoded().write(to: site.folder.appendingPathComponent("second/" + MediaFacts.fileName))
        both = MediaFacts.known(for: configuration("second", facts: cache), site: site.folder.appendingPathComponent("second"))
        let cachedFact = try #require(forged.facts[Self.pikachu])
        #expect(both.facts[Self.pikachu].map { $0.stamp != cachedFact.stamp } == true, "the site has a stale fact of the file")
        #expect(both.fact(Self.pikachu, real: cachedFact.real, stamp: cachedFact.stamp)?.width == 40,
                "it is passed over for the cache's, whose stamp holds")
        // Without the cache's folder, the same build reads the files: box sprites.
        _ = try await SiteBuilder(configuration: configuration("third", facts: nil)).build(catalog: TestCatalog.make())
        #expect(!(try site.read("pokemon/pikachu.html", output: "third").contains("is-canvas")))
        // Another sprites root (the same files, reached through a link) has a file of its own.
        let linked = site.folder.appendingPathComponent("linked-sprites")
        try FileManager.default.createSymbolicLink(at: linked, withDestinationURL: site.sprites)
        let elsewhere = configuration("fourth", facts: cache, sprites: linked)
        #expect(MediaFacts.cacheFile(for: elsewhere) == file, "a root is known by its real path")
        let other = site.folder.appendingPathComponent("other-sprites")
        try FileManager.default.copyItem(at: site.sprites, to: other)
        #expect(MediaFacts.cacheFile(for: configuration("fifth", facts: cache, sprites: other)) != file)
        _ = try await SiteBuilder(configuration: configuration("fifth", facts: cache, sprites: other)).build(catalog: TestCatalog.make())
        #expect(!(try site.read("pokemon/pikachu.html", output: "fifth").contains("is-canvas")), "no fact of another root is taken")
        #expect(try Data(contentsOf: file) == (try forged.encoded()), "a build from another root leaves this root's file alone")
        // With verify nothing kept is trusted, and the cache gets the facts as read.
        var verified = configuration("sixth", facts: cache)
        verified.verify = true
        _ = try await SiteBuilder(configuration: verified).build(catalog: TestCatalog.make())
        #expect(!(try site.read("pokemon/pikachu.html", output: "sixth").contains("is-canvas")))
        let afterVerify = MediaFacts.read(from: try {
            let copy = site.folder.appendingPathComponent("copy")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: file, to: copy.appendingPathComponent(MediaFacts.fileName))
            return copy
        }())
        #expect(afterVerify.facts[Self.pikachu]?.width == 68, "the facts read again replace the planted ones")
        #expect(afterVerify.facts[elsewhereFact.path] == elsewhereFact, "a file this build did not look at keeps its fact")
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
