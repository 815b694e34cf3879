import Foundation
import Testing
@testable import Pokedex
import TOML

/// Hostile ids, slugs and files: each is refused with the resource and field named,
/// never built into a silently wrong site.
@Suite("Hostile data is refused, naming the resource and field")
struct HostileDataTests {
    func message(_ fixture: FixtureFolder) async -> String? {
        var loader = CatalogLoader(cacheRoot: fixture.root)
        loader.snapshotFolder = nil
        do {
            _ = try await loader.load()
            return nil
        } catch {
            return error.description
        }
    }

    @Test("two pokemon claiming one id")
    func duplicateID() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        // The file of pokemon 2 says it is pokemon 1.
        try fixture.write("pokemon", 2, FixtureFolder.pokemon(id: 1, slug: "evomon", species: "evomon", speciesID: 2, isDefault: true, frontDefault: nil))
        let text = try #require(await message(fixture))
        #expect(text.contains("api/v2/pokemon/2/index.json at $.id: says 1, but the file is pokemon 2"))
        #expect(!text.contains("fetch it again"))
    }

    @Test("a negative id")
    func negativeID() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        var species = FixtureFolder.species(id: -2, slug: "evomon", names: [("en", "Evomon")], varieties: [(2, "evomon", true)],
                                            evolvesFrom: "testmon", generation: 2)
        species["id"] = -2
        try fixture.write("pokemon-species", 2, species)
        let text = try #require(await message(fixture))
        #expect(text.contains("api/v2/pokemon-species/2/index.json at $.id: says -2"))
    }

    @Test("a folder named by a negative id")
    func negativeFolder() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try fixture.write("pokemon-species", -5, ["id": -5, "name": "ghostmon"])
        let text = try #require(await message(fixture))
        #expect(text.contains("api/v2/pokemon-species/-5"))
        #expect(text.contains("is not an id from 1 to"))
    }

    @Test("two pokemon whose page names collide")
    func collidingSlugs() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        // The alternate variety takes the default one's name: both would be pokemon/testmon.html.
        try fixture.write("pokemon", 10001, FixtureFolder.pokemon(id: 10001, slug: "testmon", species: "testmon", speciesID: 1,
                                                                  isDefault: false, frontDefault: nil))
        let text = try #require(await message(fixture))
        #expect(text.contains("api/v2/pokemon/10001/index.json at $.name"))
        #expect(text.contains("\"testmon\" is also the name of pokemon 1"))
    }

    @Test("a slug that differs only in case, or is not a slug at all")
    func caseCollision() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        try fixture.write("pokemon", 10001, FixtureFolder.pokemon(id: 10001, slug: "Testmon", species: "testmon", speciesID: 1,
                                                                  isDefault: false, frontDefault: nil))
        let text = try #require(await message(fixture))
        #expect(text.contains("\"Testmon\" is not a slug"))
        #expect(text.contains("api/v2/pokemon/10001/index.json"))
    }

    @Test("an id past every integer is named where it is, with no advice to fetch again")
    func hugeID() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let text = try FixtureFolder.pokemonText(id: 2, slug: "evomon", species: "evomon", speciesID: 2)
            .replacingOccurrences(of: "\"id\":2,", with: "\"id\":99999999999999999999,")
        #expect(text.contains("99999999999999999999"))
        try fixture.writeRaw("pokemon", 2, Data(text.utf8))
        let message = try #require(await message(fixture))
        #expect(message.contains("api/v2/pokemon/2/index.json at $.id"))
        #expect(message.contains("valid JSON"))
        #expect(!message.contains("fetch it again"))
    }

    @Test("a symlinked resource leading out of the folder is refused")
    func symlinkedResource() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("pokedex-outside-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data(contentsOf: fixture.url("pokemon", 2)).write(to: outside)
        try FileManager.default.removeItem(at: fixture.url("pokemon", 2))
        try FileManager.default.createSymbolicLink(at: fixture.url("pokemon", 2), withDestinationURL: outside)
        let text = try #require(await message(fixture))
        #expect(text.contains("is a symlink leading out of"))
        #expect(text.contains(outside.lastPathComponent))
    }

    @Test("a symlink to a file inside the same folder is read")
    func symlinkInside() async throws {
        let fixture = try FixtureFolder()
        defer { fixture.remove() }
        let moved = fixture.root.appendingPathComponent("elsewhere.json")
        try FileManager.default.moveItem(at: fixture.url("pokemon", 2), to: moved)
        try FileManager.default.createSymbolicLink(at: fixture.url("pokemon", 2), withDestinationURL: moved)
        #expect(await message(fixture) == nil)
    }
}

@Suite("TOML input limits")
struct TOMLLimitTests {
    @Test("arrays nested 200,000 deep are an error with line and column, not a crash")
    func deepArrays() {
        let text = "favorites = " + String(repeating: "[", count: 200_000)
        do {
            _ = try TOMLReader.parse(text)
            Issue.record("accepted")
        } catch {
            #expect(error.line == 1)
            #expect(error.column == 13 + TOMLReader.maxDepth)
            #expect(error.message.contains("nest deeper than \(TOMLReader.maxDepth)"))
        }
    }

    @Test("a dotted key of 200,000 parts is an error")
    func deepKeys() {
        let text = String(repeating: "a.", count: 200_000) + "b = 1"
        #expect(throws: TOMLError.self) { try TOMLReader.parse(text) }
    }

    @Test("a collection file nested deep reports file, line and column")
    func collectionFile() {
        let text = "favorites = [\"pikachu\"]\n\n[[caught]]\nmoves = " + String(repeating: "[", count: 100_000)
        do {
            _ = try CollectionFile.decode(text, file: "pokedex-collection.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.description.contains("pokedex-collection.toml:4:"))
        }
    }

    @Test("an invisible character in an error is named, not echoed")
    func escapeShown() {
        do {
            _ = try TOMLReader.parse("title = \"x\" \u{1B}]0;pwned\u{07}\n")
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("U+001B"))
            #expect(!error.message.unicodeScalars.contains("\u{1B}"))
        }
    }
}

@Suite("Nicknames a person can read")
struct NicknameGapTests {
    let rules = CollectionRules(reference: TestReference())

    func problems(_ nickname: String) -> [String] {
        switch rules.validate(CatchDraft(species: "pikachu", nickname: nickname, level: "5", moves: ["thunder-shock"]), id: "x") {
        case .success: []
        case .failure(let violations): violations.violations.map(\.description)
        }
    }

    @Test("bidi overrides, zero-width and other format characters are refused", arguments: ["\u{202E}ukihcaP", "Pi\u{200B}ka", "\u{2066}Sparky"])
    func formats(_ nickname: String) {
        let found = problems(nickname)
        #expect(found.count == 1)
        #expect(found.first?.contains("invisible format characters") == true)
        #expect(found.first?.unicodeScalars.contains { $0.properties.generalCategory == .format } == false, "the message spells it out")
    }

    @Test("thousands of combining marks do not count as one character")
    func combining() {
        let nickname = "Abc" + String(repeating: "\u{0301}", count: 27_000)
        let found = problems(nickname)
        #expect(found.count == 1)
        #expect(found.first?.contains("accents or joined marks") == true)
        #expect((found.first?.utf8.count ?? .max) < 400, "the message does not repeat 80 KB")
    }

    @Test("accented names and joined emoji are still fine", arguments: ["Éva", "Flabébé", "Zoë", "👨‍👩‍👧‍👦 Fam"])
    func fine(_ nickname: String) {
        #expect(problems(nickname).isEmpty)
    }
}

@Suite("A hand-edited collection at build time")
struct CollectionAuditTests {
    @Test("each entry breaking the rules is named with file:line and left out; the rest is kept")
    func audit() throws {
        let text = """
        favorites = ["pikachu", "nosuchmon"]

        [[caught]]
        id = "good"
        species = "pikachu"
        nickname = "Sparky"
        level = 5
        experience = 135
        moves = ["thunder-shock"]

        [[caught]]
        id = "bad"
        species = "pikachu"
        nickname = "Evil\\u001B[2J"
        level = 5
        experience = 135
        moves = ["thunder-shock"]

        [[caught]]
        id = "long"
        species = "pikachu"
        nickname = "\(String(repeating: "a", count: 80_000))"
        level = 5
        experience = 135
        moves = ["thunder-shock"]
        """
        let (collection, lines) = try CollectionFile.decodeWithLines(text, file: "dex.toml")
        let (kept, problems) = CollectionRules(reference: TestReference()).audit(collection, file: "dex.toml", lines: lines)
        #expect(kept.caught.map(\.id) == ["good"])
        #expect(kept.favorites == ["pikachu"])
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix("dex.toml:11: [[caught]] \"bad\"") && $0.contains("control characters") })
        #expect(problems.contains { $0.hasPrefix("dex.toml:19: [[caught]] \"long\"") && $0.contains("3 to 24 characters") })
        #expect(problems.contains { $0.contains("favorites: \"nosuchmon\"") })
        #expect(problems.allSatisfy { !$0.unicodeScalars.contains("\u{1B}") }, "control characters are spelled out")
        #expect(problems.allSatisfy { $0.utf8.count < 1_000 }, "an 80 KB nickname is cut short in the message")
    }
}
