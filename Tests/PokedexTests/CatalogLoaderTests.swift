import Foundation
import Common
import Testing
@testable import Pokedex

@Suite("Decoded records are reused until a file changes")
struct CatalogLoaderTests {
    /// The record files kept in a folder.
    func snapshots(in folder: URL) throws -> [String] {
        let records = folder.appendingPathComponent(".pokedex")
        guard FileManager.default.fileExists(atPath: records.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: records.path).filter { $0.hasPrefix("records-") }.sorted()
    }

    /// A digest of a folder's record file, to tell that it was written again.
    func digest(_ folder: URL) throws -> Data? {
        try snapshots(in: folder).first.map { try Data(contentsOf: folder.appendingPathComponent(".pokedex/\($0)")) }
    }

    @Test("the second load decodes nothing and gives the same catalog")
    func reuse() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        let first = try await loader.load()
        let second = try await loader.load()
        #expect(first.origin == .decoded)
        #expect(second.origin == .snapshot)
        #expect(second.catalog == first.catalog)
        #expect(try snapshots(in: fixture.root).count == 1)
    }

    @Test("a place name that arrives later is read, not missed")
    func laterPlaceName() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try fixture.write("evolution-chain", 1, [
            "id": 1,
            "chain": [
                "species": FixtureFolder.link("pokemon-species", "testmon", 1), "evolution_details": [],
                "evolves_to": [["species": FixtureFolder.link("pokemon-species", "evomon", 2), "evolves_to": [], "evolution_details": [
                    ["trigger": FixtureFolder.link("evolution-trigger", "level-up", 1), "location": FixtureFolder.link("location", "eterna-forest", 48)],
                ]]],
            ],
        ])
        let loader = CatalogLoader(cacheRoot: fixture.root)
        #expect(try await loader.load().catalog.locationNames.isEmpty)
        try fixture.write("location", 48, ["id": 48, "name": "eterna-forest", "names": FixtureFolder.names([("en", "Eterna Forest")])])
        let after = try await loader.load()
        #expect(after.origin == .decoded)
        #expect(after.catalog.locationNames == ["eterna-forest": "Eterna Forest"])
        #expect(try await loader.load().origin == .snapshot, "each file is read as one type, so its record is kept")
    }

    @Test("the languages of one build share their records: each file is decoded once")
    func sharedAcrossLanguages() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        var english = CatalogLoader(cacheRoot: fixture.root)
        english.siteLanguages = ["en", "fr"]
        let records = english.makeRecords()
        english.records = records
        let first = try await english.loadCounting()
        var french = CatalogLoader(cacheRoot: fixture.root, language: "fr")
        french.siteLanguages = ["en", "fr"]
        french.records = records
        let second = try await french.loadCounting()
        #expect(first.decoded > 0)
        #expect(second.decoded == 0, "the French catalog took what the English one decoded")
        #expect(second.catalog.species(slug: "testmon")?.name == "Testmonne")
        #expect(first.catalog.species(slug: "testmon")?.name != "Testmonne")
        #expect(try snapshots(in: fixture.root).isEmpty, "shared records are saved by the caller, once")
        records.save()
        #expect(try snapshots(in: fixture.root).count == 1)
        french.records = nil
        #expect(try await french.load().origin == .snapshot)
    }

    @Test("a changed resource is the only file decoded again, and the records file is updated")
    func invalidation() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        _ = try await loader.load()
        let before = try digest(fixture.root)
        try fixture.write("pokemon-species", 2, FixtureFolder.species(
            id: 2, slug: "evomon", names: [("en", "Evomon Renamed")], varieties: [(2, "evomon", true)],
            evolvesFrom: "testmon", generation: 2))
        let after = try await loader.loadCounting()
        #expect(after.origin == .decoded)
        #expect(after.decoded == 1, "only the changed file")
        #expect(after.catalog.species(slug: "evomon")?.name == "Evomon Renamed")
        #expect(try snapshots(in: fixture.root).count == 1)
        #expect(try digest(fixture.root) != before)
        // The rewritten file carries the records it kept over from the last one, read back whole.
        let again = try await loader.loadCounting()
        #expect(again.decoded == 0)
        #expect(again.catalog == after.catalog)
    }

    /// The inode of `file`.
    func inode(_ file: URL) throws -> UInt64 {
        try #require((try FileManager.default.attributesOfItem(atPath: file.path))[.systemFileNumber] as? UInt64)
    }

    /// Writes species 2 again under a new name (a change of one resource).
    func rename(_ fixture: FixtureFolder, to name: String) throws {
        try fixture.write("pokemon-species", 2, FixtureFolder.species(
            id: 2, slug: "evomon", names: [("en", name)], varieties: [(2, "evomon", true)],
            evolvesFrom: "testmon", generation: 2))
    }

    @Test("a changed resource's record and a table are appended: the kept bytes are neither copied nor changed")
    func appendsChanges() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        let first = try await loader.loadCounting()
        let file = try #require(loader.currentSnapshotURL())
        let before = try Data(contentsOf: file)
        let inode = try inode(file)
        try rename(fixture, to: "Evomon Renamed")
        #expect(try await loader.loadCounting().decoded == 1)
        let after = try Data(contentsOf: file)
        #expect(try self.inode(file) == inode, "the same file, written in place")
        #expect(after.count > before.count, "added to")
        #expect(after.prefix(before.count).dropFirst(RecordCache.headerSize) == before.dropFirst(RecordCache.headerSize),
                "no committed byte changed but the header's end")
        let again = try await loader.loadCounting()
        #expect(again.decoded == 0, "every record is found through the appended table")
        #expect(again.catalog.species(slug: "evomon")?.name == "Evomon Renamed")
        #expect(again.catalog.species(slug: "testmon") == first.catalog.species(slug: "testmon"))
    }

    @Test("a file grown mostly of records no table reads is written anew, and keeps every record")
    func compactsDeadRecords() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        _ = try await loader.load()
        let file = try #require(loader.currentSnapshotURL())
        var sizes = [try Data(contentsOf: file).count]
        var inodes = [try inode(file)]
        for round in 1...12 {
            try rename(fixture, to: "Evomon \(round)")
            #expect(try await loader.loadCounting().decoded == 1)
            sizes.append(try Data(contentsOf: file).count)
            inodes.append(try inode(file))
        }
        // Each change adds a table as large as the live records' (the fixture is small), so
        // the file is written anew every few changes, and never grows past three times its first size.
        let rewrites = zip(inodes, inodes.dropFirst()).filter { $0 != $1 }.count
        #expect(rewrites >= 2 && rewrites < 12, "some changes append, some write the file anew: \(inodes)")
        #expect(sizes.max()! <= 3 * sizes[0], "\(sizes)")
        let last = try await loader.loadCounting()
        #expect(last.decoded == 0)
        #expect(last.catalog.species(slug: "evomon")?.name == "Evomon 12")
    }

    @Test("a records file replaced since the build read it, or locked by another build, is not appended to")
    func appendsOnlyToTheFileRead() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        _ = try await loader.load()
        let file = try #require(loader.currentSnapshotURL())
        for (name, interfere) in [("replaced", true), ("locked", false)] {
            try rename(fixture, to: "Evomon \(name)")
            var sharing = loader
            let records = sharing.makeRecords()
            sharing.records = records
            #expect(try await sharing.loadCounting().decoded == 1)
            var holder: Int32 = -1
            if interfere {
                // Another build saved a file of its own in the meantime (the same bytes, another file).
                let copy = file.deletingLastPathComponent().appendingPathComponent("copy")
                try FileManager.default.copyItem(at: file, to: copy)
                #expect(Foundation.rename(copy.path, file.path) == 0)
            } else {
                holder = open(file.path, O_RDONLY)
                #expect(flock(holder, LOCK_EX) == 0)
            }
            let replaced = try inode(file)
            let bytes = try Data(contentsOf: file)
            records.save()
            if holder >= 0 { close(holder) }
            #expect(try inode(file) != replaced, "\(name): written anew, not appended to")
            #expect(try Data(contentsOf: file).prefix(bytes.count) != bytes)
            let next = try await loader.loadCounting()
            #expect(next.decoded == 0)
            #expect(next.catalog.species(slug: "evomon")?.name == "Evomon \(name)")
        }
    }

    @Test("a save removes a killed build's temporary records file, and keeps one another build holds or just made",
          .timeLimit(.minutes(1)))
    func killedBuildsFileSwept() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        _ = try await loader.load()
        let folder = try #require(loader.currentSnapshotURL()).deletingLastPathComponent()
        func temporary(_ name: String, age: TimeInterval) throws -> URL {
            let file = folder.appendingPathComponent(".records-\(name).tmp")
            try Data(repeating: 7, count: 4096).write(to: file)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file.path)
            return file
        }
        let dead = try temporary("dead", age: 120)
        let held = try temporary("held", age: 120)
        // Dated ahead: "written just now", however long the test takes on a loaded machine.
        let fresh = try temporary("fresh", age: -600)
        // A FIFO by a temporary file's name is not opened for good (nor removed).
        let fifo = folder.appendingPathComponent(".records-fifo.tmp")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: fifo.path)
        let holder = open(held.path, O_RDONLY)
        defer { close(holder) }
        #expect(flock(holder, LOCK_EX) == 0)
        try rename(fixture, to: "Evomon Swept")
        #expect(try await loader.loadCounting().decoded == 1, "a change, so the records are saved")
        #expect(!FileManager.default.fileExists(atPath: dead.path), "no one holds it: a killed build's")
        #expect(FileManager.default.fileExists(atPath: held.path), "another build is writing it")
        #expect(FileManager.default.fileExists(atPath: fresh.path), "maybe made and not locked yet")
        #expect(FileManager.default.fileExists(atPath: fifo.path), "not a file a build wrote")
    }

    @Test("bytes past the committed part (an append killed midway) are not read, and the next append writes over them")
    func uncommittedTail() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        let first = try await loader.loadCounting()
        let file = try #require(loader.currentSnapshotURL())
        let committed = try Data(contentsOf: file)
        // A killed append: records and part of a table, no commit.
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) }))
        try handle.close()
        let after = try await loader.loadCounting()
        #expect(after.decoded == 0, "the committed records are all read")
        #expect(after.catalog == first.catalog)
        try rename(fixture, to: "Evomon Again")
        #expect(try await loader.loadCounting().decoded == 1)
        let appended = try Data(contentsOf: file)
        #expect(appended.prefix(committed.count).dropFirst(RecordCache.headerSize) == committed.dropFirst(RecordCache.headerSize),
                "appended after the committed part, over what was left there")
        #expect(appended.count < committed.count + 5000, "the uncommitted bytes were written over and cut off")
        let again = try await loader.loadCounting()
        #expect(again.decoded == 0)
        #expect(again.catalog.species(slug: "evomon")?.name == "Evomon Again")
        // The table is sorted by path: merged from the last table's order and the new keys.
        let committedEnd = try #require(Int(exactly: appended[8..<16].withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }))
        let tableLength = Int(appended[committedEnd - 8..<committedEnd].withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) })
        let entries = try #require(try BinaryCoder.decode([RecordCache.Entry].self, from: appended[committedEnd - 8 - tableLength..<committedEnd - 8],
                                                         format: RecordCache.format))
        #expect(entries.count > 10)
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.path < $1.path }, "sorted, each path once")
    }

    @Test("a file another build appended to since this one read it is not appended to again: its records stay readable")
    func anotherBuildAppended() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        _ = try await loader.load()
        let file = try #require(loader.currentSnapshotURL())
        let inode = try inode(file)
        try rename(fixture, to: "Evomon One")
        // Two builds read the same file, each changes a record; the first saves (appends).
        var one = loader, two = loader
        let oneRecords = one.makeRecords(), twoRecords = two.makeRecords()
        one.records = oneRecords
        two.records = twoRecords
        #expect(try await one.loadCounting().decoded == 1)
        try fixture.write("pokemon-species", 1, FixtureFolder.species(
            id: 1, slug: "testmon", names: [("en", "Testmon Two"), ("fr", "Testmonne")],
            varieties: [(1, "testmon", true), (10001, "testmon-alola", false)], evolvesFrom: nil, generation: 1))
        #expect(try await two.loadCounting().decoded == 2)
        oneRecords.save()
        #expect(try self.inode(file) == inode, "the first save appended")
        twoRecords.save()
        #expect(try self.inode(file) != inode, "the second wrote a file of its own: the file had grown since it read it")
        let next = try await loader.loadCounting()
        #expect(next.decoded == 0)
        #expect(next.catalog.species(slug: "testmon")?.name == "Testmon Two")
        #expect(next.catalog.species(slug: "evomon")?.name == "Evomon One")
    }

    @Test("a records file cut short, or claiming more than it holds, is not read: its records are made again")
    func truncatedRecords() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        let first = try await loader.loadCounting()
        #expect(first.decoded > 0)
        let file = try #require(loader.currentSnapshotURL())
        let bytes = try Data(contentsOf: file)
        // The table is at the end: a file cut short has lost it, and no record is trusted.
        try bytes.prefix(bytes.count - 3).write(to: file)
        let cut = try await loader.loadCounting()
        #expect(cut.decoded == first.decoded)
        #expect(cut.catalog == first.catalog)
        #expect(try await loader.loadCounting().decoded == 0, "the records were saved whole again")
        // A table that claims more bytes than the file has is not read at all.
        var huge = try Data(contentsOf: file)
        huge.replaceSubrange(huge.count - 8..<huge.count, with: withUnsafeBytes(of: UInt64(huge.count).littleEndian) { Data($0) })
        try huge.write(to: file)
        let refused = try await loader.loadCounting()
        #expect(refused.decoded == first.decoded)
        #expect(refused.catalog == first.catalog)
        // A record that claims to lie past the table's start is not read: it is made again,
        // the others are taken.
        let saved = try Data(contentsOf: file)
        let tableLength = Int(saved.suffix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) })
        let tableStart = saved.count - 8 - tableLength
        var entries = try #require(try BinaryCoder.decode([RecordCache.Entry].self, from: saved[tableStart..<saved.count - 8], format: RecordCache.format))
        let moved = try #require(entries.firstIndex { $0.length > 0 && $0.path.hasPrefix("derived:") })
        entries[moved].offset = tableStart
        let table = try BinaryCoder.encode(entries, format: RecordCache.format)
        var edited = saved.prefix(tableStart)
        edited.append(table)
        edited.append(contentsOf: withUnsafeBytes(of: UInt64(table.count).littleEndian) { Array($0) })
        edited.replaceSubrange(8..<16, with: withUnsafeBytes(of: UInt64(edited.count).littleEndian) { Array($0) })
        try edited.write(to: file)
        #expect(loader.makeRecords().keptCount == entries.count - 1, "the entry reaching into the table is dropped")
        var sharing = loader
        let records = sharing.makeRecords()
        sharing.records = records
        let one = try await sharing.loadCounting()
        #expect(one.decoded == 0 && records.derivedMade == 1, "only the record out of bounds is made again (from kept records)")
        #expect(one.catalog == first.catalog)
        records.save()
        // A sparse file that claims a table of half a terabyte is refused before anything is
        // allocated for it (reading it whole would end the build).
        try Data(RecordCache.header(committed: 1 << 40)).write(to: file)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: (1 << 40) - 8)
        try handle.write(contentsOf: withUnsafeBytes(of: UInt64(1 << 39).littleEndian) { Data($0) })
        try handle.close()
        let sparse = try await loader.loadCounting()
        #expect(sparse.decoded == first.decoded)
        #expect(sparse.catalog == first.catalog)
    }

    @Test("another selection decodes nothing again; another language reads its own texts")
    func keyedByLanguages() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let english = try await CatalogLoader(cacheRoot: fixture.root).load()
        let some = try await CatalogLoader(cacheRoot: fixture.root, selection: Selection(names: ["evomon"])).load()
        #expect(some.origin == .snapshot, "records are shared by every selection")
        #expect(some.catalog.species.map(\.slug) == ["evomon"])
        let french = try await CatalogLoader(cacheRoot: fixture.root, language: "fr").load()
        #expect(french.origin == .decoded, "the French texts were not kept for the English build")
        #expect(french.catalog.species(slug: "testmon")?.name == "Testmonne")
        #expect(french.catalog.species(slug: "testmon")?.flavorText == "Texte français.")
        #expect(english.catalog.species(slug: "testmon")?.name != french.catalog.species(slug: "testmon")?.name)
        #expect(try await CatalogLoader(cacheRoot: fixture.root, language: "fr").load().origin == .snapshot)
        #expect(try snapshots(in: fixture.root).count == 1, "one set of records is kept")
    }

    @Test("a corrupt snapshot is rebuilt rather than trusted")
    func corruptSnapshot() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let loader = CatalogLoader(cacheRoot: fixture.root)
        _ = try await loader.load()
        let snapshot = try #require(loader.currentSnapshotURL())
        try Data("not a catalog".utf8).write(to: snapshot)
        let loaded = try await loader.load()
        #expect(loaded.origin == .decoded)
        #expect(loaded.catalog.species.count == 2)
    }

    @Test("a records folder that cannot be written only means decoding again")
    func unwritableSnapshotFolder() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let blocker = fixture.root.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        var loader = CatalogLoader(cacheRoot: fixture.root)
        loader.snapshotFolder = blocker
        #expect(try await loader.load().origin == .decoded)
        #expect(try await loader.load().origin == .decoded)
    }

    @Test("one decoding task or several give the same catalog")
    func deterministicAcrossWidths() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        var serial = CatalogLoader(cacheRoot: fixture.root)
        serial.snapshotFolder = nil
        serial.decodingWidth = 1
        var parallel = serial
        parallel.decodingWidth = 4
        let one = try await serial.load().catalog
        let four = try await parallel.load().catalog
        #expect(one == four)
        // Sorted keys: an unsorted encoder's key order may differ between two encodes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(one.species) == encoder.encode(four.species))
    }
}
