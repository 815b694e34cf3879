import Foundation
import Testing
import TestSupport
import Common
@testable import PokeAPI

@Suite("Cache files: atomic writes, the metadata journal, recovery")
struct CacheFilesTests {
    func record(_ url: String, etag: String? = "\"e\"", status: Int = 200) -> CacheMetadata {
        CacheMetadata(url: url, etag: etag, lastModified: nil, fetchedAt: "2026-11-21T20:00:00Z", status: status)
    }

    @Test("an atomic write creates its folders, replaces the old file whole, and leaves no temporary file")
    func atomicWrite() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("a/b/c/index.json").path
        try AtomicFile.write(Data("{\"v\":1}".utf8), to: file)
        try AtomicFile.write(Data("{\"v\":2}".utf8), to: file)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"v\":2}")
        #expect(folder.files() == ["a/b/c/index.json"])
    }

    @Test("an atomic write returns the stamp the written file has on disk, new or replaced")
    func atomicWriteStamp() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("a/index.json").path
        let first = try #require(try AtomicFile.write(Data("{\"v\":1}".utf8), to: file))
        #expect(FileStamp.of(file) == first)
        #expect(first.size == 7)
        // Replacing goes through a temporary name and a rename: a new inode, stamped too.
        let second = try #require(try AtomicFile.write(Data("{\"v\":22}".utf8), to: file))
        #expect(FileStamp.of(file) == second)
        #expect(second.size == 8 && second.inode != first.inode)
    }

    #if os(Linux)
    @Test("an unnamed file is linked in place both from its descriptor and through /proc, new or replaced")
    func unnamedLinks() throws {
        let folder = try TemporaryFolder()
        for route in ["descriptor", "proc"] {
            // The route through /proc is the one kernels before 6.10 leave to processes
            // without CAP_DAC_READ_SEARCH; forced here, then let be.
            if route == "proc" { AtomicFile.emptyPathRefused.store(true, ordering: .relaxed) }
            defer { AtomicFile.emptyPathRefused.store(false, ordering: .relaxed) }
            let file = folder.url.appendingPathComponent("\(route)/index.json").path
            let first = try #require(try AtomicFile.write(Data("{\"v\":1}".utf8), to: file))
            let second = try #require(try AtomicFile.write(Data("{\"v\":22}".utf8), to: file))
            #expect(try String(contentsOfFile: file, encoding: .utf8) == "{\"v\":22}", "\(route)")
            #expect(FileStamp.of(file) == second && second.inode != first.inode, "\(route)")
            // A link into a folder that is gone fails as before, leaving nothing.
            var missing = false
            let descriptor = open(folder.url.path, O_WRONLY | O_CLOEXEC | O_DIRECTORY | Int32(0o20000000), 0o644)
            #expect(descriptor >= 0)
            if descriptor >= 0 {
                missing = !AtomicFile.link(descriptor, as: folder.url.appendingPathComponent("\(route)/gone/index.json").path) && errno == ENOENT
                close(descriptor)
            }
            #expect(missing, "\(route)")
        }
        #expect(folder.files() == ["descriptor/index.json", "proc/index.json"])
    }
    #endif

    @Test("a write the system refuses says which file and why")
    func unwritable() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("blocker")
        try Data().write(to: blocker)
        #expect {
            try AtomicFile.write(Data("{}".utf8), to: blocker.appendingPathComponent("x/index.json").path)
        } throws: { error in
            guard case let .unwritable(path, reason) = error as? PokeAPIFailure else { return false }
            return path.hasSuffix("blocker/x/index.json") && reason.contains("Not a directory")
        }
    }

    @Test("records survive a run that never compacted (a killed fetch), and a torn last line is skipped")
    func journalSurvivesKill() throws {
        let folder = try TemporaryFolder()
        let layout = CacheLayout(root: folder.url)
        do {
            let journal = MetadataJournal(layout: layout)
            try journal.set(record("http://x/api/v2/pokemon/1/"), for: "api/v2/pokemon/1/index.json")
            try journal.set(record("http://x/sprites/1.png", etag: nil, status: 404), for: "sprites/pokemon/1.png")
            try journal.set(record("http://x/api/v2/pokemon/1/", etag: "\"f\""), for: "api/v2/pokemon/1/index.json")
        }
        let log = folder.url.appendingPathComponent(".pokedex/metadata.log")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"api/v2/pokemon/2/index.json":{"url":"#.utf8))
        try handle.close()

        let reopened = MetadataJournal(layout: layout)
        #expect(reopened.record(for: "api/v2/pokemon/1/index.json")?.etag == "\"f\"", "the later line wins")
        #expect(reopened.record(for: "sprites/pokemon/1.png")?.status == 404)
        #expect(reopened.record(for: "api/v2/pokemon/2/index.json") == nil)
        try reopened.compact()
        #expect(!FileManager.default.fileExists(atPath: log.path), "compacting folds the log into the snapshot")
        #expect(MetadataJournal(layout: layout).allRecords.count == 2)
    }

    @Test("a log line is JSON that decodes back to the record, whatever the strings hold")
    func logLineRoundTrips() throws {
        let nasty = "W/\"q\\u\" \n\t\u{01}\u{1F} é 🐉 </script>"
        for record in [record("http://x/a?b=\"c\"", etag: nasty), CacheMetadata(url: "u", etag: nil, lastModified: nasty, fetchedAt: "t", status: 404)] {
            let line = Data(MetadataJournal.line("sprites/a \"b\".png", record))
            #expect(line.last == UInt8(ascii: "\n"))
            let decoded = try JSONDecoder().decode([String: CacheMetadata].self, from: line.dropLast())
            #expect(decoded == ["sprites/a \"b\".png": record])
        }
    }

    @Test("the snapshot is JSON that decodes back to every record")
    func snapshotRoundTrips() throws {
        let records = ["sprites/b.png": record("http://x/b", etag: nil, status: 404), "api/v2/a/1/index.json": record("http://x/a \"1\"")]
        let decoded = try JSONDecoder().decode([String: CacheMetadata].self, from: MetadataJournal.snapshot(records))
        #expect(decoded == records)
        #expect(try JSONDecoder().decode([String: CacheMetadata].self, from: MetadataJournal.snapshot([:])).isEmpty)
    }

    @Test("caches written with one metadata file per entry are read, then moved into the journal")
    func legacyMetadata() throws {
        let folder = try TemporaryFolder()
        let meta = folder.url.appendingPathComponent(".pokedex/meta")
        let encoder = JSONEncoder()
        for (file, url) in [("api/v2/pokemon/1.json", "http://x/api/v2/pokemon/1/"), ("api/v2/type/_list.json", "http://x/api/v2/type/"),
                            ("sprites/pokemon/1.png.json", "http://x/sprites/pokemon/1.png")] {
            let target = meta.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoder.encode(record(url)).write(to: target)
        }
        let journal = MetadataJournal(layout: CacheLayout(root: folder.url))
        #expect(journal.record(for: "api/v2/pokemon/1/index.json")?.url == "http://x/api/v2/pokemon/1/")
        #expect(journal.record(for: "api/v2/type/index.json")?.url == "http://x/api/v2/type/")
        #expect(journal.record(for: "sprites/pokemon/1.png")?.url == "http://x/sprites/pokemon/1.png")
        #expect(!FileManager.default.fileExists(atPath: meta.path))
        #expect(MetadataJournal(layout: CacheLayout(root: folder.url)).allRecords.count == 3)
    }

    @Test("after a killed run, the next one removes the temporary files it left; otherwise the walk is skipped")
    func recovery() throws {
        let folder = try TemporaryFolder()
        let cache = ResourceCache(layout: CacheLayout(root: folder.url))
        let leftover = folder.url.appendingPathComponent("api/v2/pokemon/7/.index.json.123\(AtomicFile.temporarySuffix)")
        try FileManager.default.createDirectory(at: leftover.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"id\":".utf8).write(to: leftover)

        try cache.beginRun()
        #expect(FileManager.default.fileExists(atPath: leftover.path), "no running mark: the last run ended, nothing is walked")
        try cache.endRun()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent(".pokedex"), withIntermediateDirectories: true)
        try Data().write(to: CacheLayout(root: folder.url).runningMarker)
        try cache.beginRun()
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        try cache.endRun()
        #expect(!FileManager.default.fileExists(atPath: CacheLayout(root: folder.url).runningMarker.path))
    }

    @Test("a folder is made where it is missing and its parent lies inside; a symlinked one leading out is named and nothing is made through it")
    func confinedFolders() throws {
        let folder = try TemporaryFolder(), outside = try TemporaryFolder()
        let root = folder.url.standardizedFileURL.path
        let confinement = FolderConfinement(root: folder.url)
        let manager = FileManager.default
        // The parent is missing too: nothing is made, and the writer makes both as before.
        #expect(confinement.escape(ofMaking: root + "/a/b") == nil)
        #expect(!manager.fileExists(atPath: root + "/a"))
        #expect(confinement.escape(ofMaking: root + "/a") == nil)
        #expect(confinement.escape(ofMaking: root + "/a/b/") == nil)
        var isFolder: ObjCBool = false
        #expect(manager.fileExists(atPath: root + "/a/b", isDirectory: &isFolder) && isFolder.boolValue, "made")
        // A folder already there is looked at, made or not by this run.
        try manager.createDirectory(atPath: root + "/kept", withIntermediateDirectories: false)
        #expect(confinement.escape(ofMaking: root + "/kept") == nil)
        // A symlink out, and a folder below it: named, and nothing appears outside.
        try manager.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside.url.path)
        let real = try #require(InputFolder.realPath(outside.url.path))
        #expect(confinement.escape(ofMaking: root + "/out") == real)
        #expect(confinement.escape(ofMaking: root + "/out/x") == real)
        let madeOutside = try manager.contentsOfDirectory(atPath: outside.url.path)
        #expect(madeOutside.isEmpty)
        // Outside the root altogether.
        #expect(confinement.escape(ofMaking: outside.url.path + "/y") != nil)
        #expect(!manager.fileExists(atPath: outside.url.path + "/y"))
    }

    @Test("a cache holds no entries only while its folder has nothing but the bookkeeping; one read in place never counts as empty")
    func holdsNoEntries() throws {
        let folder = try TemporaryFolder()
        let layout = CacheLayout(root: folder.url)
        let cache = ResourceCache(layout: layout)
        #expect(cache.holdsNoEntries())
        try cache.beginRun()
        #expect(cache.holdsNoEntries(), "the run's own marker is bookkeeping")
        try AtomicFile.write(Data([0x89]), to: folder.url.appendingPathComponent("sprites/pokemon/1.png").path)
        #expect(!cache.holdsNoEntries())
        let empty = try TemporaryFolder()
        #expect(ResourceCache(layout: CacheLayout(root: empty.url)).holdsNoEntries())
        #expect(!ResourceCache(layout: CacheLayout(root: empty.url), inPlace: true).holdsNoEntries())
    }

    @Test("the fetch date is spelled as ISO 8601 in UTC, as the format style spells it", arguments: [
        0, 59, 951_782_400, 1_764_446_773, 4_102_444_799,
    ] as [Int])
    func fetchDates(seconds: Int) {
        let stamp = CacheMetadata.stamp(time_t(seconds))
        #expect(stamp == Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601))
        #expect(stamp.count == 20 && stamp.hasSuffix("Z"))
    }

    @Test("records set from many threads while others read are all kept, in the log and after compaction, each line whole")
    func concurrentRecords() async throws {
        let folder = try TemporaryFolder()
        let layout = CacheLayout(root: folder.url)
        let journal = MetadataJournal(layout: layout)
        let writers = 8, each = 300
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    for number in 0..<each {
                        let key = "api/v2/pokemon/\(writer)-\(number)/index.json"
                        try? journal.set(record("http://x/\(writer)/\(number)/", etag: "\"\(writer).\(number)\""), for: key)
                        _ = journal.record(for: "api/v2/pokemon/\((writer + 1) % writers)-\(number)/index.json")
                    }
                }
            }
        }
        // What a killed run would leave: the log alone, read back line by line.
        let logged = MetadataJournal(layout: layout)
        #expect(logged.allRecords.count == writers * each)
        #expect(logged.record(for: "api/v2/pokemon/7-299/index.json")?.etag == "\"7.299\"")
        try journal.compact()
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(".pokedex/metadata.log").path))
        let compacted = MetadataJournal(layout: layout)
        #expect(compacted.allRecords == journal.allRecords)
        #expect(compacted.allRecords.count == writers * each)
    }
}
