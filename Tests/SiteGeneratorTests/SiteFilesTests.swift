import Common
import Foundation
import Testing
@testable import SiteGenerator

/// What a build left in its output, kept beside it, tells a site still as built from one
/// changed by hand: an unchanged rebuild keeps only the former, and a rebuild takes from
/// the last site only files that still have the stamps their build left them with.
@Suite("Site files")
struct SiteFilesTests {
    /// A small site by hand: two folders, three files.
    func makeSite(in folder: URL) throws -> URL {
        let site = folder.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("pokemon"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data("<p>home</p>".utf8).write(to: site.appendingPathComponent("index.html"))
        try Data("<p>pikachu</p>".utf8).write(to: site.appendingPathComponent("pokemon/pikachu.html"))
        try Data("body {}".utf8).write(to: site.appendingPathComponent("assets/site.css"))
        return site
    }

    @Test("every file and folder is recorded, kept beside the output and read back; the site stands until anything in it changes")
    func standsUntilChanged() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSite(in: folder)
        let recorded = try #require(SiteFiles.record(site.path))
        #expect(recorded.files.map { $0.path } == ["index.html", "assets/site.css", "pokemon/pikachu.html"])
        #expect(recorded.folders.map(\.path) == ["", "assets", "pokemon"])
        recorded.write(for: site)
        #expect(SiteFiles.file(for: site).lastPathComponent == ".site.files")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".site.files").path), "beside the site, not in it")
        #expect(SiteFiles.read(for: site) == recorded)
        #expect(recorded.stands(in: site.path))

        let manager = FileManager.default
        let page = site.appendingPathComponent("pokemon/pikachu.html")
        // Each change below is undone by recording again; each must be seen.
        func expectSeen(_ what: String, _ change: () throws -> Void) throws {
            let before = try #require(SiteFiles.record(site.path))
            #expect(before.stands(in: site.path))
            try change()
            #expect(!before.stands(in: site.path), "\(what)")
        }
        try expectSeen("a file deleted") { try manager.removeItem(at: site.appendingPathComponent("assets/site.css")) }
        try expectSeen("a file added to a folder") { try Data("x".utf8).write(to: site.appendingPathComponent("pokemon/extra.html")) }
        try expectSeen("a file added at the top") { try Data("x".utf8).write(to: site.appendingPathComponent("stray.txt")) }
        try expectSeen("a folder added") { try manager.createDirectory(at: site.appendingPathComponent("more"), withIntermediateDirectories: false) }
        try expectSeen("a page replaced by a new file of the same size") {
            let replacement = site.appendingPathComponent("pokemon/new.tmp")
            try Data("<p>PIKACHU</p>".utf8).write(to: replacement)
            #expect(rename(replacement.path, page.path) == 0)
        }
        try expectSeen("a page written in place, longer") {
            let handle = try FileHandle(forWritingTo: page)
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("!".utf8))
            try handle.close()
        }
        try expectSeen("a page's time changed") {
            var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, page.path, &times, 0) == 0)
        }
        try expectSeen("a page's permissions changed") { #expect(chmod(page.path, 0o600) == 0) }
        try expectSeen("a folder's permissions changed") { #expect(chmod(site.appendingPathComponent("pokemon").path, 0o700) == 0) }
        try expectSeen("a folder replaced by a link to a copy of it") {
            let copy = folder.appendingPathComponent("assets-copy")
            try manager.copyItem(at: site.appendingPathComponent("assets"), to: copy)
            try manager.removeItem(at: site.appendingPathComponent("assets"))
            try manager.createSymbolicLink(at: site.appendingPathComponent("assets"), withDestinationURL: copy)
        }
        // Unchanged, recorded again: it stands.
        #expect(try #require(SiteFiles.record(site.path)).stands(in: site.path))
    }

    @Test("the record's prints name a file by path and stamp; a damaged record, or one of another format, is none")
    func printsAndDamage() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSite(in: folder)
        let recorded = try #require(SiteFiles.record(site.path))
        let prints = recorded.prints()
        #expect(prints.count == 3)
        let file = recorded.files[1]
        #expect(prints.contains(SiteFiles.print(path: file.path, stamp: file.stamp, mode: file.mode)))
        var other = file.stamp
        other.inode += 1
        #expect(!prints.contains(SiteFiles.print(path: file.path, stamp: other, mode: file.mode)))
        #expect(!prints.contains(SiteFiles.print(path: "pokemon/other.html", stamp: file.stamp, mode: file.mode)))
        #expect(!prints.contains(SiteFiles.print(path: file.path, stamp: file.stamp, mode: 0o600)))

        recorded.write(for: site)
        let kept = SiteFiles.file(for: site)
        var bytes = try Data(contentsOf: kept)
        try bytes.dropLast(3).write(to: kept)
        #expect(SiteFiles.read(for: site) == nil, "cut short")
        bytes[bytes.startIndex + 5] ^= 0xFF
        try bytes.write(to: kept)
        #expect(SiteFiles.read(for: site) == nil, "another format")
        SiteFiles.remove(for: site)
        #expect(SiteFiles.read(for: site) == nil)
    }

    @Test("the record is written by renaming over its place: a link planted there is replaced, not written through")
    func linkAtTheRecordsPlace() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = try makeSite(in: folder)
        let victim = folder.appendingPathComponent("victim.txt")
        try Data("keep me".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: SiteFiles.file(for: site), withDestinationURL: victim)
        try #require(SiteFiles.record(site.path)).write(for: site)
        #expect(try Data(contentsOf: victim) == Data("keep me".utf8))
        #expect(SiteFiles.read(for: site) != nil)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test("the record is taken in staging before the swap and is what the live site holds after it, built into an empty folder and over a recycled one")
    func recordedBeforeTheSwap() async throws {
        let site = try TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let builder = SiteBuilder(configuration: site.configuration())
        let output = site.configuration().output
        for data in ["1", "2", "3"] {
            let key = builder.key(BuildKey.Inputs(tool: "t", data: data, selection: "all", collection: "none"))
            _ = try await builder.build(catalog: TestCatalog.make(), key: key)
            let kept = try #require(SiteFiles.read(for: output), "build \(data) keeps a record")
            // The swap changed no stamp of the site: its folders' times are their own.
            #expect(SiteFiles.record(output.path) == kept, "build \(data)")
            #expect(builder.unchangedSummary(key: key) != nil, "build \(data)")
            // An edit made in the live site right after is seen.
            let touched = output.appendingPathComponent("index.html")
            // (A time of its own each round: the page, the same bytes, is kept from build to build.)
            let second = 1_000_000 + Int(data)!
            var times = [timespec(tv_sec: second, tv_nsec: 0), timespec(tv_sec: second, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, touched.path, &times, 0) == 0)
            #expect(builder.unchangedSummary(key: key) == nil, "build \(data): a page's time changed by hand")
        }
    }

    @Test("a record that cannot be kept is said, with where, why and what to do, on every build until it can")
    func unkeptRecordIsSaid() async throws {
        let site = try TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let builder = SiteBuilder(configuration: site.configuration())
        let key = builder.key(BuildKey.Inputs(tool: "t", data: "1", selection: "all", collection: "none"))
        // A folder in the record's place: neither removed nor replaced by a file.
        let place = SiteFiles.file(for: site.configuration().output)
        try FileManager.default.createDirectory(at: place.appendingPathComponent("inside"), withIntermediateDirectories: true)
        for round in 0..<2 {
            let built = try await builder.build(catalog: TestCatalog.make(), key: key)
            let said = built.warnings.filter { $0.contains("record") }
            #expect(said.count == 1, "round \(round): \(built.warnings)")
            #expect(said.first.map { $0.contains(place.path) && $0.contains("Is a directory") && $0.contains("makes the whole site again") } == true,
                    "\(said)")
            #expect(builder.unchangedSummary(key: key) == nil, "round \(round): no record, no shortcut")
        }
        try FileManager.default.removeItem(at: place)
        let built = try await builder.build(catalog: TestCatalog.make(), key: key)
        #expect(!built.warnings.contains { $0.contains("record") }, "\(built.warnings)")
        #expect(builder.unchangedSummary(key: key) != nil)
    }

    @Test("a built site is kept only while it stands; a page replaced or made unreadable by hand is made anew, a copied record of reads takes nothing, a name that is not UTF-8 is left out, and --verify takes nothing")
    func builderTakesOnlyWhatStands() async throws {
        let site = try TestSite()
        defer { try? FileManager.default.removeItem(at: site.folder) }
        let configuration = site.configuration()
        let builder = SiteBuilder(configuration: configuration)
        let key = builder.key(BuildKey.Inputs(tool: "t", data: "1", selection: "all", collection: "none"))
        _ = try await builder.build(catalog: TestCatalog.make(), key: key)
        _ = try await builder.build(catalog: TestCatalog.make(), key: key)  // a recycled folder from here on
        #expect(builder.unchangedSummary(key: key) != nil)
        let output = configuration.output
        let home = output.appendingPathComponent("index.html")
        let original = try Data(contentsOf: home)

        // A stylesheet deleted by hand: not unchanged any more; the build puts it back.
        let stylesheet = try #require(try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("assets").path).first { $0.hasSuffix(".css") })
        let css = output.appendingPathComponent("assets/" + stylesheet)
        let cssBytes = try Data(contentsOf: css)
        try FileManager.default.removeItem(at: css)
        #expect(builder.unchangedSummary(key: key) == nil)
        _ = try await builder.build(catalog: TestCatalog.make(), key: key)
        #expect(try Data(contentsOf: css) == cssBytes)
        #expect(builder.unchangedSummary(key: key) != nil)

        // A page replaced by hand: the next build (of other inputs, so no page is known
        // unchanged by the key) renders it again rather than taking it.
        try Data("HACKED".utf8).write(to: output.appendingPathComponent("index.tmp"))
        #expect(rename(output.appendingPathComponent("index.tmp").path, home.path) == 0)
        #expect(builder.unchangedSummary(key: key) == nil)
        let other = builder.key(BuildKey.Inputs(tool: "t", data: "2", selection: "all", collection: "none"))
        _ = try await builder.build(catalog: TestCatalog.make(), key: other)
        #expect(try Data(contentsOf: home) == original)

        // A page made unreadable by hand: the next build makes it anew, with a new file's
        // permissions, not linked in as it is.
        #expect(chmod(home.path, 0o600) == 0)
        #expect(builder.unchangedSummary(key: other) == nil)
        _ = try await builder.build(catalog: TestCatalog.make(), key: other)
        var status = stat(), made = stat()
        #expect(lstat(home.path, &status) == 0 && lstat(css.path, &made) == 0)
        #expect(status.st_mode & 0o777 == made.st_mode & 0o777 && status.st_mode & 0o777 != 0o600, "\(String(status.st_mode & 0o777, radix: 8))")
        #expect(try Data(contentsOf: home) == original)

        // What the last build knew of its site (here its pages' reads) replaced by a copy, new
        // file and all: none of it is taken, nor any page.
        let inputs = output.appendingPathComponent(PageInputs.fileName)
        let copy = output.appendingPathComponent("inputs.tmp")
        try FileManager.default.copyItem(at: inputs, to: copy)
        #expect(rename(copy.path, inputs.path) == 0)
        let untrusting = try StagingFolder.prepare(output: output)
        #expect(untrusting.kept == nil && untrusting.trustedPrevious == nil && untrusting.reuse("index.html") == nil)
        untrusting.discard()
        _ = try await builder.build(catalog: TestCatalog.make(), key: other)
        let trustingAgain = try StagingFolder.prepare(output: output)
        #expect(trustingAgain.trustedPrevious != nil, "its own build's, once built again")
        trustingAgain.discard()

        // A name that is not UTF-8, planted in the output: no record of such a site, and the
        // builds after it (the second over the site it swapped out) leave it out.
        let planted = Array(output.appendingPathComponent("pokemon").path.utf8) + Array("/bad\u{7F}".utf8) + [0xFF, 0]
        let descriptor = planted.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_EXCL, 0o644) } }
        try #require(descriptor >= 0)
        close(descriptor)
        #expect(SiteFiles.record(output.path) == nil)
        for data in ["3", "4"] {
            _ = try await builder.build(catalog: TestCatalog.make(), key: builder.key(BuildKey.Inputs(tool: "t", data: data, selection: "all", collection: "none")))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: output.appendingPathComponent("pokemon").path)
        #expect(!names.contains { $0.hasPrefix("bad") }, "\(names.filter { $0.hasPrefix("bad") })")
        #expect(SiteFiles.record(output.path) != nil)

        // With --verify nothing of the last site is taken, though it stands.
        var verifying = configuration
        verifying.verify = true
        let staging = try StagingFolder.prepare(output: output, trusting: false)
        #expect(staging.kept == nil && staging.reuse("index.html") == nil)
        staging.discard()
        let trusting = try StagingFolder.prepare(output: output)
        #expect(trusting.reuse("index.html") != nil)
        trusting.discard()
        _ = try await SiteBuilder(configuration: verifying).build(catalog: TestCatalog.make(), key: other)
        #expect(try Data(contentsOf: home) == original)
    }
}
