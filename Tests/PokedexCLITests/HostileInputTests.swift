import Foundation
import Testing
import TestSupport

/// Poisoned copies of part of the shared mirror, built by the real executable: nothing a
/// data folder holds may write outside the output, publish a file from elsewhere, or
/// plant a page in the site.
@Suite("Hostile data folders", .enabled(if: SharedFixtures.hasMirror && PokedexProcess.executable != nil,
                                        "skipped: needs ../shared/pokeapi-mirror and the built pokedex executable"))
struct HostileInputTests {
    static let upstream = "https://raw.githubusercontent.com/PokeAPI/sprites/master/"

    /// Rattata and Raticate, fetched from the mirror into `data`, then poisoned:
    /// - Rattata's front sprite is `search-index.js`, a symlink to a victim file outside;
    /// - its shiny sprite is `evil.html`, a page with a script;
    /// - Raticate's front sprite is a symlink to a secret outside the folder;
    /// - Raticate's shiny sprite holds HTML under its `.png` name.
    struct Poisoned {
        let folder: TemporaryFolder
        var data: URL { folder.url.appendingPathComponent("data") }
        var victim: URL { folder.url.appendingPathComponent("victim.txt") }
        var secret: URL { folder.url.appendingPathComponent("secret.txt") }
        var cache: URL { folder.url.appendingPathComponent("cache") }
        var output: URL { folder.url.appendingPathComponent("site") }

        init() throws {
            folder = try TemporaryFolder("pokedex-hostile")
            try PokedexProcess.mirrorSubset("19,20", into: folder.url.appendingPathComponent("data"))
            try Data("the victim's own words\n".utf8).write(to: victim)
            try Data("a secret\n".utf8).write(to: secret)
            try Self.setSprites(of: data.appendingPathComponent("api/v2/pokemon/19/index.json"),
                                front: upstream + "search-index.js", shiny: upstream + "evil.html")
            try FileManager.default.createSymbolicLink(atPath: data.appendingPathComponent("search-index.js").path, withDestinationPath: victim.path)
            try Data("<script>alert(document.cookie)</script>".utf8).write(to: data.appendingPathComponent("evil.html"))
            let raticate = data.appendingPathComponent("sprites/pokemon/20.png")
            try? FileManager.default.removeItem(at: raticate)
            try FileManager.default.createSymbolicLink(atPath: raticate.path, withDestinationPath: secret.path)
            let shiny = data.appendingPathComponent("sprites/pokemon/shiny/20.png")
            try? FileManager.default.removeItem(at: shiny)
            try Data("<html><script>alert(1)</script></html>".utf8).write(to: shiny)
        }

        static func setSprites(of file: URL, front: String, shiny: String) throws {
            var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            var sprites = json["sprites"] as? [String: Any] ?? [:]
            sprites["front_default"] = front
            sprites["front_shiny"] = shiny
            json["sprites"] = sprites
            try JSONSerialization.data(withJSONObject: json).write(to: file)
        }
    }

    /// Every file and link under a folder with a digest of what it holds, to show nothing changed.
    static func snapshot(_ folder: URL) -> [String: String] {
        var result: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return result }
        while let relative = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(relative).path
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                result[relative] = "-> " + target
            } else if let data = FileManager.default.contents(atPath: path) {
                result[relative] = "\(data.count):\(data.hashValue)"
            }
        }
        return result
    }

    @Test("a data folder that lacks a file the selection reaches says which, where, and what to do, not to fetch")
    func folderLacksAFile() throws {
        let folder = try TemporaryFolder("pokedex-lacking")
        let data = folder.url.appendingPathComponent("data")
        try PokedexProcess.mirrorSubset("19,20", into: data)
        try FileManager.default.removeItem(at: data.appendingPathComponent("api/v2/pokemon/20"))
        let result = try PokedexProcess.run(["build", "--api", data.path, "--pokemon", "19,20", "--cache", folder.url.appendingPathComponent("cache").path,
                                             "--output", folder.url.appendingPathComponent("site").path])
        #expect(result.status != 0)
        #expect(result.errors.contains("The data folder lacks 1 file(s) the selection reaches: /api/v2/pokemon/20/"), "\(result.errors)")
        #expect(result.errors.contains(data.path), "where: \(result.errors)")
        #expect(result.errors.contains("copy them in from a complete api-data folder"), "\(result.errors)")
        #expect(!result.errors.contains("pokedex fetch"), "no fetch fills a folder read in place: \(result.errors)")
        #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Stack"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site").path))
    }

    @Test("a sprite path naming a generated file, a symlink out and a planted page change nothing outside the site")
    func spritesCannotEscape() throws {
        let poisoned = try Poisoned()
        let before = Self.snapshot(poisoned.data)
        let result = try PokedexProcess.run(["build", "--api", poisoned.data.path, "--cache", poisoned.cache.path, "--output", poisoned.output.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(try String(contentsOf: poisoned.victim, encoding: .utf8) == "the victim's own words\n", "the file outside was not touched")
        #expect(Self.snapshot(poisoned.data) == before, "the --api folder is never written")
        let site = poisoned.output
        #expect(try String(contentsOf: site.appendingPathComponent("search-index.js"), encoding: .utf8).hasPrefix("window."))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("evil.html").path), "no page planted")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("sprites/pokemon/20.png").path), "no symlink target published")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("sprites/pokemon/shiny/20.png").path), "no HTML under sprites/")
        #expect(result.errors.contains("refused the sprite \(poisoned.data.path)/sprites/pokemon/20.png: it is a symlink leading out of"))
        #expect(result.errors.contains("sprites/pokemon/shiny/20.png: its bytes are not a PNG, GIF, JPEG or WebP image"))
        let raticate = try String(contentsOf: site.appendingPathComponent("pokemon/raticate.html"), encoding: .utf8)
        #expect(raticate.contains("assets/pokeball.svg"), "the refused sprite shows as missing")
        #expect(!raticate.contains("sprites/pokemon/20.png"))
    }

    @Test("a strict build refuses a site that lost sprites and keeps the previous one")
    func strictKeepsPrevious() throws {
        let poisoned = try Poisoned()
        let first = try PokedexProcess.run(["build", "--api", poisoned.data.path, "--cache", poisoned.cache.path, "--output", poisoned.output.path, "--quiet"])
        #expect(first.status == 0, "\(first.errors)")
        let before = Self.snapshot(poisoned.output)
        let strict = try PokedexProcess.run(["build", "--api", poisoned.data.path, "--cache", poisoned.cache.path, "--output", poisoned.output.path,
                                             "--strict", "--base-url", "https://example.test/dex/"])
        #expect(strict.status != 0)
        #expect(strict.errors.contains("refused the sprite"))
        #expect(Self.snapshot(poisoned.output) == before)
    }

    @Test("a fetch from a poisoned folder stores only images under sprites/ and never reads through a symlink out")
    func fetchStaysInside() throws {
        let poisoned = try Poisoned()
        let before = Self.snapshot(poisoned.data)
        let result = try PokedexProcess.run(["fetch", "--api", poisoned.data.path, "--cache", poisoned.cache.path, "--pokemon", "19,20", "--quiet"])
        #expect(result.status == 1, "the symlinked sprite is a failure: \(result.errors)")
        #expect(result.errors.contains("sprites/pokemon/20.png"))
        #expect(result.errors.contains("symlink leading out of"))
        let cached = Self.snapshot(poisoned.cache)
        #expect(cached["search-index.js"] == nil && cached["evil.html"] == nil, "nothing outside sprites/ is cached from a sprite link")
        #expect(cached["sprites/pokemon/20.png"] == nil, "the secret is not copied in")
        #expect(cached["sprites/pokemon/shiny/20.png"] == nil, "HTML under a .png name is not cached")
        #expect(try String(contentsOf: poisoned.victim, encoding: .utf8) == "the victim's own words\n")
        #expect(Self.snapshot(poisoned.data) == before)
    }

    @Test("a symlinked folder in the cache never sends a write out of it")
    func cacheFoldersStayInside() throws {
        let folder = try TemporaryFolder("pokedex-hostile-cache")
        let outside = folder.url.appendingPathComponent("outside")
        let cache = folder.url.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("api/v2"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("api/v2/pokemon"), withDestinationURL: outside)
        let result = try PokedexProcess.run(["fetch", "--api", SharedFixtures.pokeapiMirror.path, "--cache", cache.path, "--pokemon", "19", "--quiet"])
        #expect(result.status != 0)
        #expect(result.errors.contains("leads out of the cache"))
        #expect(result.errors.contains("remove that symlink"), "the advice fits a link, not free space: \(result.errors)")
        #expect(!result.errors.contains("free space"))
        #expect(result.errors.components(separatedBy: "Note: ").count == 2, "one piece of advice for every file refused through the link")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty, "nothing was written through the link")
    }

    @Test("an entry read through a symlinked folder never gets its list written out through it")
    func cacheListsStayInside() throws {
        let folder = try TemporaryFolder("pokedex-hostile-lists")
        let outside = folder.url.appendingPathComponent("outside")
        let cache = folder.url.appendingPathComponent("cache")
        // A valid entry waits outside, where the symlinked folder leads: it is read as cached.
        let entry = outside.appendingPathComponent("19/index.json")
        try FileManager.default.createDirectory(at: entry.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: SharedFixtures.pokeapiMirror.appendingPathComponent("api/v2/pokemon/19/index.json"), to: entry)
        try FileManager.default.createDirectory(at: cache.appendingPathComponent("api/v2"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("api/v2/pokemon"), withDestinationURL: outside)
        let result = try PokedexProcess.run(["fetch", "--api", SharedFixtures.pokeapiMirror.path, "--cache", cache.path, "--pokemon", "19", "--quiet"])
        #expect(result.status != 0)
        #expect(result.errors.contains("leads out of the cache"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path) == ["19"], "no list was written through the link")
    }
}

/// Crafted files a user is handed (a collection, an export, a settings file): clear
/// errors, control characters spelled out, nothing half-built.
@Suite("Hostile files on the command line", .enabled(if: PokedexProcess.executable != nil, PokedexProcess.absent))
struct HostileFileTests {
    @Test("an export carrying terminal escapes is shown with them spelled out")
    func importEscapes() throws {
        let folder = try TemporaryFolder("pokedex-import")
        let export = folder.url.appendingPathComponent("pokedex-choices.json")
        let evil = "pikachu\u{1B}]0;pwned\u{07}\u{1B}[2J\u{202E}"
        let json: [String: Any] = ["format": "pokedex-choices", "version": 1, "captured": [evil], "released": [],
                                   "favorites": [evil], "unfavorited": []]
        try JSONSerialization.data(withJSONObject: json).write(to: export)
        let result = try PokedexProcess.run(["import", export.path, "--sample", "--collection",
                                             folder.url.appendingPathComponent("c.toml").path, "--dry-run"])
        #expect(!result.bytes.contains(0x1B), "no raw escape reaches the terminal")
        #expect(!result.bytes.contains(0x07))
        #expect(!(result.output + result.errors).contains("\u{202E}"))
        #expect((result.output + result.errors).contains("\\u{1B}"), "\(result.output)\(result.errors)")
    }

    @Test("a settings file nested 200,000 deep is a file:line:column error")
    func deepConfig() throws {
        let folder = try TemporaryFolder("pokedex-deep")
        let config = folder.url.appendingPathComponent("pokedex.toml")
        try Data(("generations = " + String(repeating: "[", count: 200_000)).utf8).write(to: config)
        let result = try PokedexProcess.run(["build", "--sample", "--config", config.path, "--output", folder.url.appendingPathComponent("site").path])
        #expect(result.status == 1)
        #expect(result.errors.contains("pokedex.toml:1:\(15 + 32): arrays nest deeper than 32"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site").path))
    }

    @Test("a hand-edited collection is checked by catch's rules at build: bad entries are named and left out")
    func collectionAudit() throws {
        let folder = try TemporaryFolder("pokedex-audit")
        let collection = folder.url.appendingPathComponent("pokedex-collection.toml")
        let long = String(repeating: "z", count: 80_000)
        try Data("""
        favorites = ["pikachu"]

        [[caught]]
        id = "ok"
        species = "pikachu"
        nickname = "Sparky"
        level = 12
        experience = 1728
        moves = ["thunder-shock"]

        [[caught]]
        id = "ctrl"
        species = "eevee"
        nickname = "Ev\\u0007ee"
        level = 5
        experience = 135
        moves = ["tackle"]

        [[caught]]
        id = "huge"
        species = "eevee"
        nickname = "\(long)"
        level = 5
        experience = 135
        moves = ["tackle"]

        """.utf8).write(to: collection)
        let site = folder.url.appendingPathComponent("site")
        let result = try PokedexProcess.run(["build", "--sample", "--collection", collection.path, "--output", site.path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.errors.contains("pokedex-collection.toml:11: [[caught]] \"ctrl\" is left out of the site"))
        #expect(result.errors.contains("pokedex-collection.toml:19: [[caught]] \"huge\" is left out of the site"))
        #expect(!result.bytes.contains(0x07))
        let mine = try String(contentsOf: site.appendingPathComponent("my-pokemon.html"), encoding: .utf8)
        #expect(mine.contains("Sparky"))
        #expect(!mine.contains(long))
        let strict = try PokedexProcess.run(["build", "--sample", "--collection", collection.path, "--output", site.path, "--strict"])
        #expect(strict.status == 1)
    }
}
