import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// `pokedex serve` as a person uses it: the real executable, real HTTP on loopback, a theme
/// edited on disk while a page listens for the reload.
@Suite("pokedex serve", .serialized)
struct ServeTests {
    /// A running `pokedex serve`, its output gathered as it comes.
    final class Server: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var text = ""

        init(_ arguments: [String]) throws {
            guard let executable = PokedexProcess.executable else { throw CocoaError(.fileNoSuchFile) }
            process.executableURL = executable
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = SharedFixtures.packageRoot
            var environment = ProcessInfo.processInfo.environment
            environment["CI"] = "1"
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard let self, !data.isEmpty else { return }
                self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
            }
            try process.run()
        }

        var output: String { lock.withLock { text } }

        /// The port it says it serves on, once it does.
        func port(within seconds: Double = 180) async throws -> Int {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if let range = output.range(of: #"at http://127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                    let digits = output[range].split(separator: ":").last?.prefix { $0.isNumber } ?? ""
                    if let port = Int(digits) { return port }
                }
                if !process.isRunning { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "serve did not start: \(output)"])
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    /// Renames the species in English in its file at `file`, saved as a new file renamed over it.
    static func renameEnglish(_ file: URL, to name: String) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let names = try #require(object["names"] as? [[String: Any]])
        object["names"] = names.map { entry -> [String: Any] in
            var entry = entry
            if (entry["language"] as? [String: Any])?["name"] as? String == "en" { entry["name"] = name }
            return entry
        }
        let saved = file.appendingPathExtension("saving")
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).write(to: saved)
        guard rename(saved.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    static func get(_ url: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Waits until `condition` holds, checking every 100 ms, for at most `seconds`.
    static func eventually(_ seconds: Double = 15, _ condition: () async throws -> Bool) async throws -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test("serves the site, shows a template edit in the open page, says a broken one and keeps the last good site",
          .enabled(if: PokedexProcess.executable != nil, PokedexProcess.absent))
    func liveEdit() async throws {
        let folder = try TemporaryFolder("pokedex-serve")
        let strings = folder.url.appendingPathComponent("theme/Templates/strings/en.json")
        try FileManager.default.createDirectory(at: strings.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"home_intro": "First words of the theme."}"#.utf8).write(to: strings)
        let site = folder.url.appendingPathComponent("site")
        let server = try Server(["--sample", "--theme", folder.url.appendingPathComponent("theme").path, "--output", site.path,
                                 "--port", String(Int.random(in: 20_000..<40_000)), "--poll", "100"])
        defer { server.stop() }
        let port = try await server.port()
        let base = "http://127.0.0.1:\(port)/"

        let first = try await Self.get(base)
        #expect(first.status == 200)
        #expect(first.body.contains("First words of the theme."))
        #expect(first.body.contains(#"<script src="/__pokedex/live.js" defer></script>"#), "served pages listen for reloads")
        #expect(try await Self.get(base + "__pokedex/live.js").body.contains("EventSource"))
        let onDisk = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!onDisk.contains("__pokedex"), "a built site carries no reload script")
        let missing = try await Self.get(base + "nowhere.html")
        #expect(missing.status == 404 && missing.body.contains(#"<link rel="stylesheet" href="assets/site.css">"#))
        // A missing page in a folder links its stylesheet and pages from there, as a host
        // shows the root's 404.html at that address.
        let deep = try await Self.get(base + "pokemon/nowhere.html")
        #expect(deep.status == 404)
        #expect(deep.body.contains(#"<link rel="stylesheet" href="../assets/site.css">"#) && deep.body.contains(#"href="../credits.html""#))
        #expect(try await Self.get(base + "pokemon/assets/site.css").status == 404, "the folder has no stylesheet of its own")

        // A page listening, as an open tab does.
        let events = folder.url.appendingPathComponent("events.txt")
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        listener.arguments = ["-sN", "--max-time", "60", "-o", events.path, base + "__pokedex/events"]
        try listener.run()
        defer { if listener.isRunning { listener.terminate() } }
        #expect(try await Self.eventually { (try? String(contentsOf: events, encoding: .utf8))?.contains(": connected") == true })

        try Data(#"{"home_intro": "Second words, edited while serving."}"#.utf8).write(to: strings)
        #expect(try await Self.eventually { try await Self.get(base).body.contains("Second words, edited while serving.") })
        #expect(try await Self.eventually { (try? String(contentsOf: events, encoding: .utf8))?.contains("event: reload") == true })
        #expect(try await Self.eventually {
            (try? String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8))?.contains("Second words") == true
        }, "the site on disk follows")

        try Data(#"{"home_intro": "#.utf8).write(to: strings)
        #expect(try await Self.eventually { (try? String(contentsOf: events, encoding: .utf8))?.contains("event: failed") == true },
                "the open page is told the build failed")
        #expect(try await Self.get(base).body.contains("Second words, edited while serving."), "the last good site is still served")
        #expect(try await Self.eventually { server.output.contains("Still serving the last good site") })
    }

    @Test("a data file edited while serving shows in the open page; broken data is said once and the last good site kept",
          .enabled(if: SharedFixtures.hasMirror && PokedexProcess.executable != nil,
                   "skipped: needs ../shared/pokeapi-mirror and the built pokedex executable"))
    func dataEdit() async throws {
        let folder = try TemporaryFolder("pokedex-serve-data")
        let data = folder.url.appendingPathComponent("data")
        try PokedexProcess.mirrorSubset("pikachu", into: data)
        let species = data.appendingPathComponent("api/v2/pokemon-species/25/index.json")
        let site = folder.url.appendingPathComponent("site")
        let theme = folder.url.appendingPathComponent("theme", isDirectory: true)
        try FileManager.default.createDirectory(at: theme.appendingPathComponent("Templates"), withIntermediateDirectories: true)
        let server = try Server(["--api", data.path, "--pokemon", "pikachu", "--cache", folder.url.appendingPathComponent("cache").path,
                                 "--output", site.path, "--theme", theme.path, "--port", String(Int.random(in: 20_000..<40_000)), "--poll", "100"])
        defer { server.stop() }
        let port = try await server.port()
        let page = "http://127.0.0.1:\(port)/pokemon/pikachu.html"
        #expect(server.output.contains("and the data in \(data.path)"), "serve says it watches the data")
        #expect(try await Self.get(page).status == 200)

        let events = folder.url.appendingPathComponent("events.txt")
        let listener = Process()
        listener.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        listener.arguments = ["-sN", "--max-time", "90", "-o", events.path, "http://127.0.0.1:\(port)/__pokedex/events"]
        try listener.run()
        defer { if listener.isRunning { listener.terminate() } }
        #expect(try await Self.eventually { (try? String(contentsOf: events, encoding: .utf8))?.contains(": connected") == true })
        // Nothing changed: nothing is built again (the build's own files in the cache are not data).
        try await Task.sleep(for: .milliseconds(1500))
        #expect(!server.output.contains("The data changed"), "no rebuild while the data stays as it was: \(server.output)")

        // Saved in place, the same inode: only the file's own stamp tells.
        try SpeciesEdit.rewriteEnglishEntries(species, "Edited in place while serving.")
        #expect(try await Self.eventually { try await Self.get(page).body.contains("Edited in place while serving.") })
        #expect(try await Self.eventually { (try? String(contentsOf: events, encoding: .utf8))?.contains("event: reload") == true })
        #expect(try await Self.eventually {
            (try? String(contentsOf: site.appendingPathComponent("pokemon/pikachu.html"), encoding: .utf8))?.contains("Edited in place") == true
        }, "the site on disk follows")
        #expect(server.output.contains("The data changed in \(data.path)"), "the change is said: \(server.output)")
        // The search files and pokedex.json are served from the catalog in memory: the bytes
        // the site on disk has once it is written.
        for name in ["search-index.js", "search-data.js", "pokedex.json"] {
            #expect(try await Self.eventually {
                try await Self.get("http://127.0.0.1:\(port)/\(name)").body
                    == (try? String(contentsOf: site.appendingPathComponent(name), encoding: .utf8))
            }, "\(name) served as written")
        }
        // A name edited: the search files served have it as soon as the page does, before the
        // site on disk is written.
        try Self.renameEnglish(species, to: "Pikachuzz")
        #expect(try await Self.eventually { try await Self.get(page).body.contains("Pikachuzz") })
        #expect(try await Self.get("http://127.0.0.1:\(port)/search-index.js").body.contains("Pikachuzz"), "the search index served is the page's")
        #expect(try await Self.eventually {
            (try? String(contentsOf: site.appendingPathComponent("search-index.js"), encoding: .utf8))?.contains("Pikachuzz") == true
        }, "the site on disk follows")
        // Shown first, written after: the open pages reload with the new catalog, and then
        // the background rebuild writes the changed pages (not none: they were not written
        // before the reload).
        #expect(try await Self.eventually {
            let said = server.output
            guard let shown = said.range(of: "Reloaded the open pages with the new data in "),
                  let written = said[shown.upperBound...].firstMatch(of: #/Wrote (\d+) changed pages to /#) else { return false }
            return (Int(written.1) ?? 0) > 0
        }, "the reload is said before the changed pages are written: \(server.output)")

        // Broken: said once, in the terminal and the page, and the last good site kept.
        let before = server.output.count
        try Data(#"{"name": "pikachu", "flavor_text_entries": ["#.utf8).write(to: species)
        #expect(try await Self.eventually { (try? String(contentsOf: events, encoding: .utf8))?.contains("event: failed") == true })
        #expect((try? String(contentsOf: events, encoding: .utf8))?.contains("data: the last change did not build; this is the last good site.") == true,
                "the page is told the last good site is kept")
        #expect(try await Self.eventually { server.output.dropFirst(before).contains("Still serving the last good site") })
        #expect(server.output.dropFirst(before).contains("1 resource could not be read"), "one file, said as one: \(server.output)")
        #expect(try await Self.get(page).body.contains("Edited in place while serving."), "the last good site is still served")
        // Another look at the same broken data (a file the selection does not read, saved):
        // nothing new to say.
        try Data("a note".utf8).write(to: data.appendingPathComponent("api/v2/notes.txt"))
        try await Task.sleep(for: .milliseconds(1500))
        #expect(server.output.dropFirst(before).components(separatedBy: "Still serving the last good site").count == 2,
                "the same broken data is said once, not at every look: \(server.output)")

        // Mended by an editor that saves a new file and renames it over the old one.
        try Data(contentsOf: SharedFixtures.pokeapiMirror.appendingPathComponent("api/v2/pokemon-species/25/index.json")).write(to: species)
        try SpeciesEdit.rewriteEnglishEntries(species, "Saved anew while serving.", inPlace: false)
        #expect(try await Self.eventually { try await Self.get(page).body.contains("Saved anew while serving.") })
        #expect(try await Self.eventually {
            (try? String(contentsOf: site.appendingPathComponent("pokemon/pikachu.html"), encoding: .utf8))?.contains("Saved anew") == true
        })

        // A data edit saved while a template is broken fails for the template's sake; once the
        // template is mended the edit shows, with no other save of the data.
        let mark = server.output.count
        let broken = theme.appendingPathComponent("Templates/broken.mustache")
        try Data("{{#never}} closed".utf8).write(to: broken)
        #expect(try await Self.eventually { server.output.dropFirst(mark).contains("Still serving the last good site") })
        try Self.renameEnglish(species, to: "Pikachu Pending")
        #expect(try await Self.eventually {
            server.output.dropFirst(mark).components(separatedBy: "Still serving the last good site").count == 3
        }, "the data edit fails while the template is broken: \(server.output)")
        #expect(try await !Self.get(page).body.contains("Pikachu Pending"))
        try FileManager.default.removeItem(at: broken)
        #expect(try await Self.eventually(30) { try await Self.get(page).body.contains("Pikachu Pending") },
                "the pending data edit shows once the template builds: \(server.output)")
    }

    @Test("a port in use is a clear error with --strict-port, else the next free port",
          .enabled(if: PokedexProcess.executable != nil, PokedexProcess.absent))
    func portInUse() async throws {
        let folder = try TemporaryFolder("pokedex-serve-port")
        let port = Int.random(in: 40_000..<50_000)
        let first = try Server(["--sample", "--output", folder.url.appendingPathComponent("a").path, "--port", String(port)])
        defer { first.stop() }
        let taken = try await first.port()
        let strict = try PokedexProcess.run(["serve", "--sample", "--output", folder.url.appendingPathComponent("b").path,
                                             "--port", String(taken), "--strict-port"])
        #expect(strict.status != 0)
        #expect((strict.output + strict.errors).contains("port \(taken) on 127.0.0.1 is in use"))
        let second = try Server(["--sample", "--output", folder.url.appendingPathComponent("c").path, "--port", String(taken)])
        defer { second.stop() }
        let next = try await second.port()
        #expect(next != taken)
        #expect(second.output.contains("port \(taken) was taken"))
    }
}
