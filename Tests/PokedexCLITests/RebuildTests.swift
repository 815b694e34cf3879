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
        try SpeciesEdit.rewriteEnglishEntries(species, text)
    }

    /// The file's modification time, to the nanosecond.
    func modified() throws -> timespec {
        var info = stat()
        try #require(stat(species.path, &info) == 0)
        return info.st_mtim
    }

    /// `pokedex build` of the data into `output`, with a cache of its own (`cache-<output>`),
    /// run as a user runs it.
    func run(_ output: String, _ extra: [String] = []) throws -> PokedexProcess.Result {
        try PokedexProcess.run(["build", "--api", data.path, "--cache", folder.url.appendingPathComponent("cache-" + output).path,
                                "--output", folder.url.appendingPathComponent(output).path, "--pokemon", "pikachu"] + extra)
    }

    /// The same files in `output` as in `clean`, each with the same bytes.
    func expectSameFiles(_ output: String, as clean: String) {
        let incremental = files(output), cleanFiles = files(clean)
        #expect(Set(incremental.keys) == Set(cleanFiles.keys), "the same files")
        for (path, bytes) in cleanFiles where incremental[path] != bytes {
            Issue.record("\(path) differs between the rebuild and the clean build")
        }
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
        let incremental = files("site")
        #expect(String(decoding: try #require(incremental["pokemon/pikachu.html"]), as: UTF8.self).contains("After the change"))
        #expect(String(decoding: try #require(incremental["index.html"]), as: UTF8.self).contains("Second words."))
        expectSameFiles("site", as: "clean")
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

    /// The JSON file of a resource by its name (`move`, "thunderbolt"), wherever its id put it.
    func resource(_ kind: String, named name: String) throws -> URL {
        let folder = data.appendingPathComponent("api/v2/\(kind)")
        for id in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent("\(id)/index.json")
            guard let text = try? Data(contentsOf: file),
                  let object = try? JSONSerialization.jsonObject(with: text) as? [String: Any] else { continue }
            if object["name"] as? String == name { return file }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no \(kind) named \(name) in \(folder.path)"])
    }

    /// Rewrites a JSON file through `change`, as a new file (an editor that saves by renaming).
    func edit(_ file: URL, _ change: (inout [String: Any]) -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        change(&object)
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try data.write(to: file, options: .atomic)
    }

    /// Sets the English entry of a `names` list.
    static func rename(_ object: inout [String: Any], to name: String) {
        object["names"] = (object["names"] as? [[String: Any]] ?? []).map { entry in
            var entry = entry
            if (entry["language"] as? [String: Any])?["name"] as? String == "en" { entry["name"] = name }
            return entry
        }
    }

    /// The seconds the first match of `pattern` captures in `output`, or 0.
    static func seconds(_ pattern: String, in output: String) -> Double {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: output, range: NSRange(output.startIndex..., in: output)),
              let range = Range(match.range(at: 1), in: output) else { return 0 }
        return Double(output[range]) ?? 0
    }

    /// The pages an incremental build took from the last one without building them, from `--verbose`.
    static func reusedByReads(_ output: String) -> Int? {
        guard let range = output.range(of: #"\((\d+) known unchanged by what they read\)"#, options: .regularExpression) else { return nil }
        return Int(output[range].dropFirst().prefix { $0.isNumber })
    }

    /// The pages an incremental build made a view model for (its reads changed), from `--verbose`.
    static func builtAgain(_ output: String) -> Int? {
        guard let reused = reusedByReads(output),
              let range = output.range(of: #"pages \(en\): \d+ rendered, \d+ unchanged"#, options: .regularExpression) else { return nil }
        let counts = output[range].split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard counts.count == 2 else { return nil }
        return counts[0] + counts[1] - reused
    }

    @Test("each kind of data edit, rebuilt from what each page read, gives the clean build's bytes")
    func readsGiveCleanBytes() async throws {
        try PokedexProcess.mirrorSubset("pikachu,eevee", into: data)
        func build(_ output: String, cache: String) throws -> String {
            let result = try PokedexProcess.run(["build", "--api", data.path, "--cache", folder.url.appendingPathComponent(cache).path,
                                                 "--output", folder.url.appendingPathComponent(output).path,
                                                 "--pokemon", "pichu,pikachu,raichu,eevee,vaporeon,jolteon,flareon", "--verbose"])
            try #require(result.status == 0, "\(result.output)\n\(result.errors)")
            let said = result.output + result.errors
            // The summary's time is the whole build's: at least its catalog's and its pages' stages.
            let stages = Self.seconds(#"catalog \(en\):[^\n]*; ([0-9.]+) s"#, in: said) + Self.seconds(#"pages \(en\):[^\n]*; ([0-9.]+) s"#, in: said)
            let total = Self.seconds(#"Built [^\n]* in ([0-9.]+) s"#, in: said)
            #expect(stages > 0 && total + 0.015 >= stages, "the summary's \(total) s covers its stages' \(stages) s")
            return said
        }
        _ = try build("site", cache: "cache")
        // One edit of each kind a page reads: a species' text, a move's, an ability's and an
        // item's name, a pokemon's stats, its types (on every card and row of it: a page that
        // reads its face), its held items' rarities (on the items' pages, from the reverse
        // index) and an evolution condition.
        let edits: [(String, () throws -> Void)] = [
            ("a species' flavor text", { try rewriteEntries("A text edited for the test.") }),
            ("a move's name", { try edit(resource("move", named: "thunderbolt")) { Self.rename(&$0, to: "Thunderbolt Edited") } }),
            ("an ability's name", { try edit(resource("ability", named: "static")) { Self.rename(&$0, to: "Static Edited") } }),
            ("an item's name", { try edit(resource("item", named: "thunder-stone")) { Self.rename(&$0, to: "Thunder Stone Edited") } }),
            ("a pokemon's stats", { try edit(resource("pokemon", named: "raichu")) { object in
                object["stats"] = (object["stats"] as? [[String: Any]] ?? []).map { stat in
                    var stat = stat
                    stat["base_stat"] = (stat["base_stat"] as? Int ?? 0) + 7
                    return stat
                }
            } }),
            ("a pokemon's types, which every card and row of it shows", { try edit(resource("pokemon", named: "raichu")) { object in
                // The link as the data writes it, to another type the site has.
                let url = ((object["types"] as? [[String: Any]])?.first?["type"] as? [String: Any])?["url"] as? String ?? ""
                object["types"] = [["slot": 1, "type": ["name": "water", "url": url.replacingOccurrences(of: "/type/13/", with: "/type/11/")]]]
            } }),
            ("a pokemon's moves, which the moves' pages list", { try edit(resource("pokemon", named: "raichu")) { object in
                object["moves"] = Array((object["moves"] as? [[String: Any]] ?? []).dropFirst(3))
            } }),
            ("a pokemon's held-item rarities, which its item's page lists", { try edit(resource("pokemon", named: "raichu")) { object in
                object["held_items"] = (object["held_items"] as? [[String: Any]] ?? []).map { held in
                    var held = held
                    held["version_details"] = (held["version_details"] as? [[String: Any]] ?? []).map { detail in
                        var detail = detail
                        detail["rarity"] = (detail["rarity"] as? Int ?? 0) + 11
                        return detail
                    }
                    return held
                }
            } }),
            ("an evolution condition", { try edit(data.appendingPathComponent("api/v2/evolution-chain/10/index.json")) { object in
                guard var chain = object["chain"] as? [String: Any], var next = (chain["evolves_to"] as? [[String: Any]])?.first,
                      var details = next["evolution_details"] as? [[String: Any]], !details.isEmpty else { return }
                details[0]["min_happiness"] = 160
                next["evolution_details"] = details
                chain["evolves_to"] = [next]
                object["chain"] = chain
            } }),
        ]
        for (round, (what, change)) in edits.enumerated() {
            let before = files("site")
            try change()
            let output = try build("site", cache: "cache")
            let clean = "clean-\(round)"
            _ = try build(clean, cache: clean + "-cache")
            let incremental = files("site"), expected = files(clean)
            #expect(incremental != before, "\(what): the site changed")
            let reused = try #require(Self.reusedByReads(output), "\(what): \(output)")
            #expect(reused > 0 && reused < incremental.count, "\(what): most pages known unchanged, some not (\(reused))")
            // The reverse index (who learns, has, holds what) is made again only when what it
            // reads changed; a text edit takes the last build's fingerprints of it.
            let reverseTaken = output.contains("reverse index (en): the last build's, its inputs unchanged")
            if what == "a species' flavor text" {
                #expect(reverseTaken, "\(what): the last build's reverse index taken\n\(output)")
                // Only the species' own pages show its texts (`st#:25`): the lists, its
                // evolutions' pages and its egg groups' read the rest of it. Reading the species
                // whole, 36 pages of this site were built again, and the reverse index with them.
                let built = try #require(Self.builtAgain(output), "\(output)")
                let ownPages = incremental.keys.filter { $0.hasPrefix("pokemon/pikachu") && $0.hasSuffix(".html") }.count
                #expect(built > 0 && built <= ownPages, "\(what): \(built) pages built again, Pikachu's own \(ownPages)\n\(output)")
            }
            // The search files and pokedex.json are the last build's after a species' text
            // edit (its texts are on its own pages alone), and made again after any edit that
            // shows in them (the clean build's differ from the last build's); the byte
            // comparison below holds them, taken or made, to the clean build's.
            let indexesTaken = output.contains("indexes (en): the last build's search files and pokedex.json, nothing they read changed")
            let indexFiles = ["search-index.js", "search-data.js", "pokedex.json"]
            if what == "a species' flavor text" {
                #expect(indexesTaken, "\(what): the search files taken\n\(output)")
            } else if indexFiles.contains(where: { expected[$0] != before[$0] }) {
                #expect(!indexesTaken, "\(what): the search files show it, made again\n\(output)")
            }
            if what.hasPrefix("a pokemon's moves") || what.hasPrefix("a pokemon's held-item") || what.hasPrefix("a pokemon's types") {
                #expect(!reverseTaken, "\(what): the reverse index made again\n\(output)")
            }
            if what == "a pokemon's stats" {
                // Only Raichu's own pages read it whole: its page and its moves page. The move,
                // type, evolution and list pages that show it, its other varieties' forms
                // sections and the Oran Berry's wild holders read only its face (`f:raichu`,
                // `f:*`; the berry its rarities from the reverse index, `rw:oran-berry`).
                // With faces recorded as `p:`, 151 of this site's pages were built again;
                // with the forms section reading varieties whole, 6; with the item page
                // reading its holders whole, 3. The third now is the type page of Raichu's
                // type, which folds a form of the same types and base stats into its species'
                // card: it reads Raichu's stats (`b:raichu`) to tell its Megas apart.
                let built = try #require(Self.builtAgain(output), "\(output)")
                #expect(built <= 3, "\(what): \(built) pages built again\n\(output)")
            }
            #expect(Set(incremental.keys) == Set(expected.keys), "\(what): the same files")
            for (path, bytes) in expected where incremental[path] != bytes {
                Issue.record("\(what): \(path) differs between the incremental and the clean build")
            }
        }
    }

    @Test("catch, in a site of two languages, keeps the build's records: the next build decodes nothing")
    func catchKeepsRecords() throws {
        let settings = folder.url.appendingPathComponent("pokedex.toml")
        try Data("""
            api = "\(data.path)"
            cache = "\(folder.url.appendingPathComponent("cache").path)"
            output = "\(folder.url.appendingPathComponent("site").path)"
            collection = "\(folder.url.appendingPathComponent("collection.toml").path)"
            pokemon = ["pikachu"]
            languages = ["en", "fr"]
            """.utf8).write(to: settings)
        func decoded(_ output: String) -> [Int] {
            output.split(separator: "\n").compactMap { line in
                guard line.contains("catalog ("), let range = line.range(of: #"(\d+) files decoded"#, options: .regularExpression) else { return nil }
                return Int(line[range].prefix { $0.isNumber })
            }
        }
        let first = try PokedexProcess.run(["build", "--config", settings.path, "--verbose"])
        try #require(first.status == 0, "\(first.output)\n\(first.errors)")
        #expect(decoded(first.output + first.errors).count == 2, "one catalog line per language")
        let caught = try PokedexProcess.run(["catch", "pikachu", "--nickname", "Sparky", "--config", settings.path,
                                             "--collection", folder.url.appendingPathComponent("collection.toml").path])
        try #require(caught.status == 0, "\(caught.output)\n\(caught.errors)")
        let second = try PokedexProcess.run(["build", "--config", settings.path, "--verbose"])
        try #require(second.status == 0, "\(second.output)\n\(second.errors)")
        #expect(decoded(second.output + second.errors) == [0, 0], "\(second.output)\(second.errors)")
        let page = try String(contentsOf: folder.url.appendingPathComponent("site/en/pokemon/pikachu.html"), encoding: .utf8)
        #expect(page.contains("Sparky"), "the catch is on the page")
    }

    @Test("in two languages, a text edit takes each language's search files from the last build, and one they show, a catch or a file gone makes them again; each time the clean build's bytes")
    func searchFilesTakenByReads() throws {
        let collection = folder.url.appendingPathComponent("collection.toml")
        func build(_ output: String, cache: String) throws -> String {
            let result = try PokedexProcess.run(["build", "--api", data.path, "--cache", folder.url.appendingPathComponent(cache).path,
                                                 "--output", folder.url.appendingPathComponent(output).path, "--collection", collection.path,
                                                 "--pokemon", "pichu,pikachu,raichu", "--languages", "en,fr", "--verbose"])
            try #require(result.status == 0, "\(result.output)\n\(result.errors)")
            return result.output + result.errors
        }
        func taken(_ output: String) -> [String] {
            ["en", "fr"].filter { output.contains("indexes (\($0)): the last build's search files and pokedex.json, nothing they read changed") }
        }
        func searchLine(_ output: String) -> String? {
            output.split(separator: "\n").first { $0.hasPrefix("Search: ") }.map(String.init)
        }
        func sameAsClean(_ round: String) throws {
            _ = try build("clean-" + round, cache: "clean-cache-" + round)
            let incremental = files("site"), clean = files("clean-" + round)
            #expect(Set(incremental.keys) == Set(clean.keys), "\(round): the same files")
            for (path, bytes) in clean where incremental[path] != bytes {
                Issue.record("\(round): \(path) differs between the incremental and the clean build")
            }
        }
        let first = try build("site", cache: "cache")
        let before = files("site")
        try rewriteEntries("A text edited for the search files' test.")
        let edited = try build("site", cache: "cache")
        #expect(taken(edited) == ["en", "fr"], "\(edited)")
        // Taken with the sizes the last build measured, which the summary reports.
        #expect(searchLine(edited) != nil && searchLine(edited) == searchLine(first), "\(edited)")
        for language in ["en", "fr"] {
            for name in ["search-index.js", "search-data.js", "pokedex.json"] {
                #expect(files("site")["\(language)/\(name)"] == before["\(language)/\(name)"], "\(language)/\(name) as before")
            }
        }
        try sameAsClean("text")

        // A read they show (Raichu's base stats, in search-data.js) makes both languages' again.
        let statsBefore = files("site")
        try edit(resource("pokemon", named: "raichu")) { object in
            object["stats"] = (object["stats"] as? [[String: Any]] ?? []).map { stat in
                var stat = stat
                stat["base_stat"] = (stat["base_stat"] as? Int ?? 0) + 9
                return stat
            }
        }
        let stats = try build("site", cache: "cache")
        #expect(taken(stats).isEmpty, "\(stats)")
        #expect(files("site")["fr/search-data.js"] != statsBefore["fr/search-data.js"], "the stats are in the French search data")
        try sameAsClean("stats")

        // A file gone from the last site: that language's are made, only the missing file written.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("site/fr/pokedex.json"))
        try rewriteEntries("Another text, with pokedex.json gone.")
        let gone = try build("site", cache: "cache")
        #expect(taken(gone) == ["en"], "\(gone)")
        try sameAsClean("gone")

        // The marks are in search-index.js: a catch (the collection, in every page's settings) makes them again.
        let caught = try PokedexProcess.run(["catch", "raichu", "--api", data.path, "--cache", folder.url.appendingPathComponent("cache").path,
                                             "--collection", collection.path])
        try #require(caught.status == 0, "\(caught.output)\n\(caught.errors)")
        let afterCatch = try build("site", cache: "cache")
        #expect(taken(afterCatch).isEmpty, "\(afterCatch)")
        let marked = try #require(files("site")["fr/search-index.js"])
        #expect(String(decoding: marked, as: UTF8.self).contains(#""captured":["raichu"]"#), "the catch is in the search files")
        try sameAsClean("catch")
    }

    @Test("scripts/make-scale-data: two copies build into twice the Pokémon pages, each copy's chain its own")
    func scaleData() throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let python = path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        let interpreter = try #require(python, "make-scale-data needs python3 on the PATH")
        let scaled = folder.url.appendingPathComponent("scaled")
        let script = Process()
        script.executableURL = URL(fileURLWithPath: interpreter)
        script.arguments = [SharedFixtures.packageRoot.appendingPathComponent("scripts/make-scale-data").path, data.path, scaled.path, "2"]
        script.standardOutput = FileHandle.nullDevice
        try script.run()
        script.waitUntilExit()
        try #require(script.terminationStatus == 0, "make-scale-data failed")
        func detailPages(_ api: URL, _ output: String) throws -> [String] {
            let result = try PokedexProcess.run(["build", "--api", api.path, "--cache", folder.url.appendingPathComponent(output + "-cache").path,
                                                 "--output", folder.url.appendingPathComponent(output).path, "--quiet"])
            try #require(result.status == 0, "\(result.output)\n\(result.errors)")
            return try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(output + "/pokemon").path).sorted()
        }
        let original = try detailPages(data, "one")
        let doubled = try detailPages(scaled, "two")
        #expect(doubled.count == 2 * original.count, "\(original.count) pages, then \(doubled.count)")
        #expect(Set(original.map { $0.replacingOccurrences(of: ".html", with: "-k1.html") }).isSubset(of: Set(doubled)))
        // The copy of Pikachu evolves from and into the copies, never the originals (its
        // previous and next in the dex are whatever the numbers make them).
        let copy = try String(contentsOf: folder.url.appendingPathComponent("two/pokemon/pikachu-k1.html"), encoding: .utf8)
        func card(_ slug: String) -> String { "class=\"card-link\" href=\"../pokemon/\(slug).html\"" }
        #expect(copy.contains(card("raichu-k1")) && copy.contains(card("pichu-k1")))
        #expect(!copy.contains(card("raichu")) && !copy.contains(card("pichu")))
    }

    @Test("an edit that changes what a file links to is crawled again, one that does not is only restamped")
    func linksChangedAreCrawled() throws {
        func build() throws -> PokedexProcess.Result {
            try PokedexProcess.run(["build", "--api", data.path, "--cache", folder.url.appendingPathComponent("cache").path,
                                    "--output", folder.url.appendingPathComponent("site").path, "--pokemon", "pikachu", "--verbose"])
        }
        try #require(try build().status == 0)
        // The same links, another text: the index takes the new stamp and the page the text.
        try rewriteEntries("Restamped, not crawled.")
        let restamped = try build()
        try #require(restamped.status == 0, "\(restamped.output)\n\(restamped.errors)")
        #expect((restamped.output + restamped.errors).contains("1 edited in place"), "\(restamped.output)\(restamped.errors)")
        #expect(try String(contentsOf: folder.url.appendingPathComponent("site/pokemon/pikachu.html"), encoding: .utf8)
            .contains("Restamped, not crawled."))
        // The index was saved with the new stamp (while the build went on): the next build
        // finds nothing edited.
        let again = try build()
        #expect(again.status == 0 && !(again.output + again.errors).contains("edited in place"), "\(again.output)\(again.errors)")
        // A link to an ability the folder lacks: only a crawl sees it, and says what is missing.
        let absent = try #require((1...300).first { !FileManager.default.fileExists(atPath: data.appendingPathComponent("api/v2/ability/\($0)").path) })
        try edit(resource("pokemon", named: "pikachu")) { object in
            var abilities = object["abilities"] as? [[String: Any]] ?? []
            abilities.append(["ability": ["name": "lent", "url": "/api/v2/ability/\(absent)/"], "is_hidden": false, "slot": 3])
            object["abilities"] = abilities
        }
        let crawled = try build()
        let said = crawled.output + crawled.errors
        #expect(!said.contains("edited in place"), "a new link is crawled: \(said)")
        #expect(crawled.status != 0)
        #expect(said.contains("ability/\(absent)"), "\(said)")
    }

    @Test("a place recorded as missing that comes back is crawled, even when the only other change is a text edit")
    func missingThatReturnsIsCrawled() throws {
        try PokedexProcess.mirrorSubset("eevee", into: data)
        // Leafeon evolves near Eterna Forest: take its file away, build, then bring it back renamed.
        let location = data.appendingPathComponent("api/v2/location/8/index.json")
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: location)) as? [String: Any])
        try FileManager.default.removeItem(at: location)
        func build() throws -> String {
            let result = try PokedexProcess.run(["build", "--api", data.path, "--cache", folder.url.appendingPathComponent("cache").path,
                                                 "--output", folder.url.appendingPathComponent("site").path,
                                                 "--pokemon", "eevee,leafeon", "--verbose"])
            try #require(result.status == 0, "\(result.output)\n\(result.errors)")
            return result.output + result.errors
        }
        _ = try build()
        object["names"] = [["language": ["name": "en", "url": "/api/v2/language/9/"], "name": "Forest Made Up"]]
        try JSONSerialization.data(withJSONObject: object).write(to: location)
        try edit(resource("pokemon-species", named: "eevee")) { species in
            species["flavor_text_entries"] = (species["flavor_text_entries"] as? [[String: Any]] ?? []).map { entry in
                var entry = entry
                entry["flavor_text"] = "Edited beside a place that came back."
                return entry
            }
        }
        let said = try build()
        #expect(!said.contains("edited in place"), "what was missing is there now: a crawl")
        let pages = files("site").filter { $0.key.hasSuffix(".html") }.values.map { String(decoding: $0, as: UTF8.self) }
        #expect(pages.contains { $0.contains("Forest Made Up") }, "the place is read and named")
        #expect(pages.contains { $0.contains("Edited beside a place that came back.") })
    }

    @Test("a resource folder moved out of the data folder and linked back, stamps and all, is refused as a clean build refuses it")
    func folderLinkedOutIsRefused() throws {
        func build() throws -> PokedexProcess.Result {
            try PokedexProcess.run(["build", "--api", data.path, "--cache", folder.url.appendingPathComponent("cache").path,
                                    "--output", folder.url.appendingPathComponent("site").path, "--pokemon", "pikachu", "--quiet"])
        }
        try #require(try build().status == 0)
        // A rename keeps every file's size, time and inode: only resolving the path shows it now leads out.
        let inside = data.appendingPathComponent("api/v2/pokemon-species/25")
        let outside = folder.url.appendingPathComponent("elsewhere-25")
        try FileManager.default.moveItem(at: inside, to: outside)
        try FileManager.default.createSymbolicLink(at: inside, withDestinationURL: outside)
        let linked = try build()
        #expect(linked.status != 0, "the index's stamps still match, but the file is behind a link out: \(linked.output)")
        #expect(linked.errors.contains("symlink leading out of"), "\(linked.errors)")
        // The link named is the folder, where it leads, and what to do: mend the folder, not run again.
        #expect(linked.errors.contains("\(inside.path) is a symlink leading out of"), "\(linked.errors)")
        #expect(linked.errors.contains("(to \(outside.resolvingSymlinksInPath().path))"), "\(linked.errors)")
        #expect(linked.errors.contains("Mend the files named above in the data folder"), "\(linked.errors)")
        #expect(!linked.errors.contains("Run the build again to resume"), "\(linked.errors)")
    }

    @Test("files of the output deleted, replaced or added by hand are put right by the next build, with nothing else changed, as a clean build writes them")
    func outputEditedByHand() throws {
        let site = folder.url.appendingPathComponent("site")
        func build(_ output: String) throws -> PokedexProcess.Result {
            let result = try run(output)
            try #require(result.status == 0, "\(result.errors)")
            return result
        }
        /// Replaces a file as an editor that saves a new file does.
        func replace(_ path: String, with text: String) throws {
            let file = site.appendingPathComponent(path)
            try Data(text.utf8).write(to: file.appendingPathExtension("new"))
            try #require(Foundation.rename(file.appendingPathExtension("new").path, file.path) == 0)
        }
        _ = try build("site")
        _ = try build("site")  // the site it swapped out is the next one's to update
        #expect(try build("site").output.contains("0 rendered"), "unchanged")
        let manager = FileManager.default
        let stylesheet = try #require(try manager.contentsOfDirectory(atPath: site.appendingPathComponent("assets").path).sorted().first { $0.hasSuffix(".css") })
        let sprite = try #require(manager.enumerator(atPath: site.appendingPathComponent("sprites").path)?.allObjects
            .compactMap { $0 as? String }.sorted().first { $0.hasSuffix(".png") })
        try manager.removeItem(at: site.appendingPathComponent("assets/" + stylesheet))
        try manager.removeItem(at: site.appendingPathComponent("search-index.js"))
        try manager.removeItem(at: site.appendingPathComponent("sprites/" + sprite))
        try replace("assets/site.js", with: "x")
        try replace("pokemon/pikachu.html", with: "HACKED")
        try Data("stray".utf8).write(to: site.appendingPathComponent("pokemon/stray.html"))
        let rebuilt = try build("site")
        #expect(!rebuilt.output.contains("0 rendered"), "not taken as unchanged: \(rebuilt.output)")
        _ = try build("clean")
        expectSameFiles("site", as: "clean")
        #expect(try build("site").output.contains("0 rendered"), "unchanged again")
        // A page replaced alone, with the pages rendered from what they read (a text edit
        // elsewhere): the page is made again, not linked into the new site as it was.
        try replace("pokemon/pikachu.html", with: "HACKED")
        try rewriteEntries("Edited.")
        _ = try build("site")
        _ = try build("clean")
        expectSameFiles("site", as: "clean")
    }

    @Test("a sprite folder moved out of the data folder and linked back, stamps and all, is refused on a rebuild as a clean build refuses it")
    func spriteFolderLinkedOutIsRefused() throws {
        let inside = data.appendingPathComponent("sprites/pokemon")
        try #require(FileManager.default.fileExists(atPath: inside.appendingPathComponent("25.png").path), "the subset holds Pikachu's sprite")
        let first = try run("site")
        try #require(first.status == 0, "\(first.errors)")
        #expect(!first.errors.contains("refused the sprite"), "\(first.errors)")
        // A rename keeps every sprite's size, time and inode: only resolving the path shows it now leads out.
        let outside = folder.url.appendingPathComponent("elsewhere-sprites")
        try FileManager.default.moveItem(at: inside, to: outside)
        try FileManager.default.createSymbolicLink(at: inside, withDestinationURL: outside)
        let rebuilt = try run("site"), clean = try run("clean")
        try #require(clean.status == 0 && rebuilt.status == 0, "\(clean.errors)\n\(rebuilt.errors)")
        #expect(clean.errors.contains("refused the sprite \(inside.path)/25.png"), "\(clean.errors)")
        #expect(rebuilt.errors.contains("refused the sprite \(inside.path)/25.png"), "the index's stamps still match, but the sprites are behind a link out: \(rebuilt.output)\(rebuilt.errors)")
        #expect(!rebuilt.output.contains("0 rendered"), "not taken as unchanged: \(rebuilt.output)")
        expectSameFiles("site", as: "clean")
    }

    @Test("in a fetched cache, a sprite folder linked out is refused once, the next rebuild keeps the site, and the link mended is seen")
    func fetchedCacheSpriteFolderLinkedOut() throws {
        // The data folder is a fetch's cache: built from it as a cache, offline.
        func build() throws -> PokedexProcess.Result {
            let result = try PokedexProcess.run(["build", "--cache", data.path, "--offline", "--output", folder.url.appendingPathComponent("site").path,
                                                 "--pokemon", "pikachu", "--verbose"])
            try #require(result.status == 0, "\(result.errors)")
            return result
        }
        let inside = data.appendingPathComponent("sprites/pokemon"), outside = folder.url.appendingPathComponent("elsewhere-sprites")
        _ = try build()
        try FileManager.default.moveItem(at: inside, to: outside)
        try FileManager.default.createSymbolicLink(at: inside, withDestinationURL: outside)
        let linked = try build()
        #expect(linked.errors.contains("refused the sprite \(inside.path)/25.png"), "\(linked.errors)")
        // Kept as missing in the index: the next rebuild finds nothing changed (before, each
        // one went to the crawl, the stamp kept for the sprite never matched again).
        let again = try build()
        #expect(again.output.contains("(0 rendered"), "\(again.output)")
        try FileManager.default.removeItem(at: inside)
        try FileManager.default.moveItem(at: outside, to: inside)
        let mended = try build()
        #expect(!mended.errors.contains("refused the sprite"), "\(mended.errors)")
        #expect(!mended.output.contains("(0 rendered"), "the sprites are back: \(mended.output)")
    }

    @Test("a sprite recorded as missing that appears, with nothing else changed, is taken on a rebuild as a clean build takes it")
    func missingSpriteThatAppears() throws {
        // A sprite a pokemon of the subset names and the data lacks, as upstream lacks some.
        let pokemon = data.appendingPathComponent("api/v2/pokemon")
        let named = try FileManager.default.contentsOfDirectory(atPath: pokemon.path).compactMap { id -> String? in
            guard let bytes = FileManager.default.contents(atPath: pokemon.appendingPathComponent(id + "/index.json").path),
                  let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
                  let url = (object["sprites"] as? [String: Any])?["front_default"] as? String,
                  let range = url.range(of: "/master/") else { return nil }
            return String(url[range.upperBound...])
        }
        let lacking = try #require(named.sorted().first { !FileManager.default.fileExists(atPath: data.appendingPathComponent($0).path) },
                                   "no sprite of the subset is missing")
        let first = try run("site", ["--verbose"])
        try #require(first.status == 0, "\(first.errors)")
        try FileManager.default.copyItem(at: data.appendingPathComponent("sprites/pokemon/25.png"), to: data.appendingPathComponent(lacking))
        let rebuilt = try run("site", ["--verbose"]), clean = try run("clean", ["--verbose"])
        try #require(clean.status == 0 && rebuilt.status == 0, "\(clean.errors)\n\(rebuilt.errors)")
        // The source check saw it: the folder is read again, not taken as it was.
        func missing(_ result: PokedexProcess.Result) -> String? {
            (result.output + result.errors).split(separator: "\n").first { $0.contains("media missing upstream") }.map(String.init)
        }
        #expect(missing(first) != missing(clean), "the clean build counts one sprite fewer missing")
        #expect(missing(rebuilt)?.prefix(while: { $0 != ";" }) == missing(clean)?.prefix(while: { $0 != ";" }))
        expectSameFiles("site", as: "clean")
    }

    @Test("the shapes this executable probed are kept beside the records and taken by its next build; another executable's are probed again")
    func shapeMemoTaken() throws {
        let cache = folder.url.appendingPathComponent("cache-site")
        func build() throws -> (decoded: Int, result: PokedexProcess.Result) {
            let result = try run("site", ["--verbose"])
            try #require(result.status == 0, "\(result.errors)")
            // "catalog (en): … species, …; 12 files decoded, the rest from records; 0.05 s"
            let line = try #require((result.output + result.errors).split(separator: "\n").first { $0.contains("files decoded") }, "\(result.output)")
            let words = line.split(separator: " ")
            let at = try #require(words.firstIndex(of: "files"))
            return (try #require(Int(words[at - 1])), result)
        }
        let memo = cache.appendingPathComponent(".pokedex/shapes.json")
        func edit(_ change: (inout [String: Any]) -> Void) throws {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: memo)) as? [String: Any])
            change(&object)
            try JSONSerialization.data(withJSONObject: object).write(to: memo)
        }
        _ = try build()
        try rewriteEntries("Second.")
        let second = try build()
        #expect(second.decoded < 10, "one file changed: the rest from records")
        // Kept by the second build at the latest (the first may end before its records' folder is there).
        try #require(FileManager.default.fileExists(atPath: memo.path), "\(second.result.output)")

        // The schema's key in the memo names the records' file: one the build has never
        // seen means every file is decoded. So a memo of this executable is taken as it is.
        try edit { $0["schema"] = "0123456789abcdef" }
        try rewriteEntries("Third.")
        #expect(try build().decoded > 100, "the memo's key was taken: no records under it")
        // Another executable's memo is not taken, though records under its key are there
        // now (the third build's): the shapes are probed, the real key has no records left
        // (a build keeps one set), and the memo is made this executable's again.
        try edit { $0["build"] = "0000" }
        try rewriteEntries("Fourth.")
        #expect(try build().decoded > 100, "the probed key, not the memo's")
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: memo)) as? [String: Any])
        #expect(kept["build"] as? String != "0000", "written again by this executable")
        try rewriteEntries("Fifth.")
        #expect(try build().decoded < 10, "taken again: the fourth build's records")
    }
}
