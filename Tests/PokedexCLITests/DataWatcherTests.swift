import Foundation
import Testing
import TestSupport
@testable import PokedexCLI

/// The notices `pokedex serve` waits on for the data folder, on the real file system: a
/// change anywhere below is told, the tool's hidden files and what a symlink leads to are not.
@Suite("Data watcher")
struct DataWatcherTests {
    let folder: TemporaryFolder
    var data: URL { folder.url.appendingPathComponent("data") }

    init() throws {
        folder = try TemporaryFolder("pokedex-data-watcher")
        try FileManager.default.createDirectory(at: data.appendingPathComponent("api/v2/pokemon/25"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: data.appendingPathComponent("api/v2/pokemon/25/index.json"))
    }

    /// Waits up to a second for a notice: the kernel queues them at once, this is slack.
    func told(_ watcher: DataWatcher) async throws -> Bool {
        for _ in 0..<20 {
            if watcher.changed() { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test("a file written, replaced, made or removed anywhere below is told, once",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "skipped: file notices are only asked of Linux"))
    func tellsChanges() async throws {
        let watcher = DataWatcher(root: data)
        #expect(watcher.notified, "\(watcher.reason ?? "")")
        #expect(watcher.count == 5, "the data folder and the four below it")
        #expect(!watcher.changed(), "nothing changed yet")

        let file = data.appendingPathComponent("api/v2/pokemon/25/index.json")
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data(" ".utf8))
        try handle.close()
        #expect(try await told(watcher), "written in place")
        #expect(!watcher.changed(), "told once")

        try Data("{\"a\":1}".utf8).write(to: data.appendingPathComponent("api/v2/pokemon/25/index.json.new"))
        #expect(rename(data.appendingPathComponent("api/v2/pokemon/25/index.json.new").path, file.path) == 0)
        #expect(try await told(watcher), "saved anew and renamed over")

        // A folder made after the watch began is watched in turn.
        let made = data.appendingPathComponent("api/v2/pokemon/26")
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        #expect(try await told(watcher), "a folder made")
        try Data("{}".utf8).write(to: made.appendingPathComponent("index.json"))
        #expect(try await told(watcher), "a file in the new folder")

        try FileManager.default.removeItem(at: made.appendingPathComponent("index.json"))
        #expect(try await told(watcher), "a file removed")
    }

    @Test("a data folder reached through a symlink is watched where it is; one removed stops the notices",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "skipped: file notices are only asked of Linux"))
    func linkedAndRemovedRoot() async throws {
        let link = folder.url.appendingPathComponent("linked-data")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: data)
        let watcher = DataWatcher(root: link)
        #expect(watcher.notified, "\(watcher.reason ?? "")")
        #expect(watcher.count == 5)
        // Folders made at once, two deep, then a file edited in the deeper one.
        let deep = data.appendingPathComponent("api/v2/pokemon-form/10/a")
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        #expect(try await told(watcher))
        try Data("{}".utf8).write(to: deep.appendingPathComponent("index.json"))
        #expect(try await told(watcher), "a file in a folder made inside a new folder")

        try FileManager.default.removeItem(at: data)
        #expect(try await told(watcher), "the folder's removal is a change")
        #expect(!watcher.notified, "and the end of its notices")
        #expect(watcher.reason?.contains("removed or replaced") == true, "\(watcher.reason ?? "")")
    }

    @Test("the tool's hidden files and a symlink's target are not watched",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self"), "skipped: file notices are only asked of Linux"))
    func ignoresHiddenAndLinked() async throws {
        let hidden = data.appendingPathComponent(".pokedex")
        try FileManager.default.createDirectory(at: hidden, withIntermediateDirectories: true)
        let outside = folder.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: data.appendingPathComponent("api/v2/linked"), withDestinationURL: outside)
        let watcher = DataWatcher(root: data)
        #expect(watcher.notified)
        #expect(watcher.count == 5, "neither the hidden folder nor the link's target")

        try Data("records".utf8).write(to: hidden.appendingPathComponent("records.bin"))
        try Data("lock".utf8).write(to: data.appendingPathComponent(".lock"))
        try Data("outside".utf8).write(to: outside.appendingPathComponent("index.json"))
        #expect(!(try await told(watcher)), "a build's own files and a file outside the folder are no change")

        // The control: the same watcher still tells a change in the data.
        try Data("{}".utf8).write(to: data.appendingPathComponent("api/v2/pokemon/25/index.json"))
        #expect(try await told(watcher))
    }
}
