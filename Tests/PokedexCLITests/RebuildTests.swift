import Foundation
import Testing
import TestSupport
@testable import PokedexCLI

/// Rebuilding in proportion, checked for the bytes it writes: an incremental build after a
/// changed resource and a changed template is exactly a clean build of the changed inputs,
/// and `--verify` notices what the stamps cannot.
@Suite("Rebuilds", .serialized, .enabled(if: SharedFixtures.hasMirror && PokedexProcess.executable != nil,
                                         "skipped: needs ../shared/pokeapi-mirror and the built pokedex executable"))
struct RebuildTests {
    let folder: TemporaryFolder
    var data: URL { folder.url.appendingPathComponent("data") }
    var theme: URL { folder.url.appendingPathComponent("theme") }
    /// Pikachu's species file, whose English flavor texts the tests rewrite.
    var species: URL { data.appendingPathComponent("api/v2/pokemon-species/25/index.json") }

    init() throws {
        folder = try TemporaryFolder("pokedex-rebuild")
        try PokedexProcess.mirrorSubset("pikachu", into: data)
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Templates/strings"), withIntermediateDirectories: true)
        try Data(#"{"home_intro": "First words."}"#.utf8).write(to: theme.appendingPathComponent("Templates/strings/en.json"))
    }

    func build(cache: String, output: String, _ extra: [String] = []) async throws {
        let command = try BuildCommand.parse(["--api", data.path, "--cache", folder.url.appendingPathComponent(cache).path,
                                              "--output", folder.url.appendingPathComponent(output).path, "--theme", theme.path,
                                              "--pokemon", "pikachu", "--base-url", "https://example.test/dex/", "--quiet"] + extra)
        try await command.run()
    }

    func files(_ output: String) -> [String: Data] {
        let root = folder.url.appendingPathComponent(output)
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return files }
        while let path = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[path] = FileManager.default.contents(atPath: root.appendingPathComponent(path).path)
        }
        return files
    }

    /// Replaces every English entry text in Pikachu's species file with `text`, writing into
    /// the same file (the same inode), as an editor that saves in place does.
    func rewriteEntries(_ text: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: species)) as? [String: Any])
        let entries = try #require(object["flavor_text_entries"] as? [[String: Any]])
        object["flavor_text_entries"] = entries.map { entry -> [String: Any] in
            var entry = entry
            if (entry["language"] as? [String: Any])?["name"] as? String == "en" { entry["flavor_text"] = text }
            return entry
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        let handle = try FileHandle(forWritingTo: species)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: data)
        try handle.close()
    }

    /// The file's modification time, to the nanosecond.
    func modified() throws -> timespec {
        var info = stat()
        try #require(stat(species.path, &info) == 0)
        return info.st_mtim
    }

    /// Sets the file's modification time back, to the nanosecond.
    func setModified(_ time: timespec) throws {
        var times = [time, time]  // access and modification
        try #require(utimensat(AT_FDCWD, species.path, &times, 0) == 0)
    }

    @Test("a changed resource and a changed template, built over the old site, give the clean build's bytes, every file included")
    func incrementalEqualsClean() async throws {
        try rewriteEntries("Before the change.")
        try await build(cache: "cache", output: "site")
        let before = files("site")
        let first = try #require(before["pokemon/pikachu.html"])
        #expect(String(decoding: first, as: UTF8.self).contains("Before the change."))

        try rewriteEntries("After the change, a longer text than before.")
        try Data(#"{"home_intro": "Second words."}"#.utf8).write(to: theme.appendingPathComponent("Templates/strings/en.json"))
        try await build(cache: "cache", output: "site")
        try await build(cache: "clean-cache", output: "clean")
        let incremental = files("site"), clean = files("clean")
        #expect(String(decoding: try #require(incremental["pokemon/pikachu.html"]), as: UTF8.self).contains("After the change"))
        #expect(String(decoding: try #require(incremental["index.html"]), as: UTF8.self).contains("Second words."))
        #expect(Set(incremental.keys) == Set(clean.keys), "the same files")
        for (path, bytes) in clean where incremental[path] != bytes {
            Issue.record("\(path) differs between the incremental and the clean build")
        }
        #expect(incremental != before, "something did change")
    }

    @Test("a file changed keeping its size and time is seen only with --verify, which reads everything")
    func verify() async throws {
        try rewriteEntries("Text AAAA.")
        try await build(cache: "cache", output: "site")
        let time = try modified()
        let size = try FileManager.default.attributesOfItem(atPath: species.path)[.size] as? Int
        try rewriteEntries("Text BBBB.")  // the same length, in the same file
        try setModified(time)
        try #require(try FileManager.default.attributesOfItem(atPath: species.path)[.size] as? Int == size)

        try await build(cache: "cache", output: "site")
        let page = folder.url.appendingPathComponent("site/pokemon/pikachu.html")
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Text AAAA."), "stamps alone: nothing read, as designed")
        try await build(cache: "cache", output: "site", ["--verify"])
        #expect(try String(contentsOf: page, encoding: .utf8).contains("Text BBBB."), "--verify read the file")
    }
}
