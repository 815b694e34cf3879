import Common
import Foundation
import Testing
import TestSupport
@testable import PokeAPI

/// The fetch's rules come from the schema's types: these are the paths it follows.
@Suite("Rules derived from the schema")
struct SchemaProbeTests {
    func paths(_ type: any Decodable.Type, _ target: SchemaProbe.Target = .link) -> [String] {
        SchemaProbe.links(of: type).filter { $0.target == target }.map { ($0.anywhere ? "…" : "") + $0.path.joined(separator: ".") }
    }

    @Test("a species leads to its varieties, chain, lookups and the languages and versions of its texts")
    func species() {
        #expect(paths(Wire.Species.self) == [
            "color", "egg_groups", "evolution_chain", "evolves_from_species", "flavor_text_entries.language",
            "flavor_text_entries.version", "genera.language", "generation", "growth_rate", "habitat", "names.language",
            "shape", "varieties.pokemon",
        ])
    }

    @Test("a chain's links are matched at any depth, through evolves_to")
    func chain() {
        let found = paths(Wire.EvolutionChain.self)
        #expect(found.contains("…species"))
        #expect(found.contains("…evolution_details.item"))
        #expect(found.contains("…evolution_details.used_move"))
        #expect(found.allSatisfy { $0.hasPrefix("…") })
        #expect(found.count == 14)
    }

    @Test("a pokemon's sprites are media; a type's pokemon are never followed")
    func sprites() {
        #expect(paths(Wire.Pokemon.self, .sprite) == [
            "cries.latest", "cries.legacy", "sprites.back_default", "sprites.back_female", "sprites.back_shiny",
            "sprites.back_shiny_female", "sprites.front_default", "sprites.front_female", "sprites.front_shiny", "sprites.front_shiny_female",
        ])
        #expect(paths(Wire.Pokemon.self, .artwork) == ["sprites.other.official-artwork.front_default", "sprites.other.official-artwork.front_shiny"])
        #expect(paths(Wire.Pokemon.self, .linkString) == ["location_area_encounters"])
        #expect(!paths(Wire.Machine.self).contains("item"), "a TM's item is named, not fetched")
        #expect(paths(Wire.Pokemon.self).contains("moves.move"))
        #expect(!paths(Wire.PokemonType.self).contains { $0.hasPrefix("pokemon") })
        #expect(paths(Wire.Generation.self, .generationSpecies) == ["pokemon_species"])
    }

    @Test("a link's first name is kept, however often and in whatever order it repeats")
    func firstNameKept() throws {
        let document = #"""
        {"moves":[{"move":{"url":"/api/v2/move/1/"}},{"move":{"name":"pound","url":"/api/v2/move/1/"}},
                  {"move":{"url":"/api/v2/move/1/"}},{"move":{"name":"other","url":"https://pokeapi.co/api/v2/move/1/"}},
                  {"move":{"name":"cut","url":"/api/v2/move/15/"}},{"move":{"url":"/api/v2/move/15/"}}]}
        """#
        let path = try #require(APIResourcePath(resource: "pokemon", identifier: "1"))
        let reach = try Reach.links(in: Data(document.utf8), at: path, url: path.link)
        #expect(reach.resources[try #require(APIResourcePath(link: "/api/v2/move/1/"))] == .some("pound"))
        #expect(reach.resources[try #require(APIResourcePath(link: "/api/v2/move/15/"))] == .some("cut"))
    }
}

/// The build's own cache format: what goes in comes back out, and a file written with
/// another format is not misread.
@Suite("Binary records")
struct BinaryCoderTests {
    struct Sample: Codable, Equatable {
        var name: String
        var number: Int
        var negative: Int
        var optional: String?
        var missing: Int?
        var flags: [Bool]
        var packed: [UInt64]
        var nested: [Inner]
        var maybeNested: Inner?
        var stamp = FileStamp(size: 1 << 40, modified: -5, inode: .max)
        var small: [Int8] = [-128, 127]
        struct Inner: Codable, Equatable { var text: String?; var values: [Int] }
    }

    @Test("a value of the schema's shapes survives the round trip")
    func roundTrip() throws {
        let value = Sample(name: "Flabébé ♀", number: 1_000_000, negative: -42, optional: "x", missing: nil, flags: [true, false],
                           packed: [0, 1, .max], nested: [.init(text: nil, values: [1, -1]), .init(text: "t", values: [])], maybeNested: nil)
        let data = try BinaryCoder.encode(value, format: "test-1")
        #expect(try BinaryCoder.decode(Sample.self, from: data, format: "test-1") == value)
        #expect(try BinaryCoder.decode(Sample.self, from: data, format: "test-2") == nil, "another format is not read")
        #expect(throws: (any Error).self) { try BinaryCoder.decode(Sample.self, from: data.dropLast(3), format: "test-1") }
    }

    @Test("a real pokemon of the schema survives the round trip", .enabled(if: SharedFixtures.hasMirror, SharedFixtures.absent("pokeapi-mirror")))
    func schemaRoundTrip() throws {
        let data = try Data(contentsOf: SharedFixtures.pokeapiMirror.appendingPathComponent("api/v2/pokemon/25/index.json"))
        let pokemon = try JSONDecoder().decode(Wire.Pokemon.self, from: data)
        let bytes = try BinaryCoder.encode(pokemon, format: "p")
        let back = try #require(try BinaryCoder.decode(Wire.Pokemon.self, from: bytes, format: "p"))
        #expect(back.moves == pokemon.moves && back.sprites == pokemon.sprites && back.stats == pokemon.stats)
        #expect(bytes.count < data.count / 4, "learnsets are packed")
    }
}

@Suite("The schema's shape key")
struct ShapeKeyTests {
    @Test("is the same in every process: it names the records file")
    func stable() {
        let signature = SchemaProbe.signature(of: Wire.Pokemon.self)
        #expect(!signature.contains("0x"), "no memory address in a type's name")
        #expect(signature.contains("moves.move:Link"))
        #expect(Wire.shapeKey.count == 16)
    }

    @Test("spells a type's name as String(describing:) does, a private one's included")
    func names() {
        let types: [Any.Type] = [Int.self, Wire.Link.self, [Wire.Link].self, [String: Wire.Link?].self, Wire.Encounters.Detail.self,
                                 ProbeNamed.self, [ProbeNamed].self, [String: ProbeNamed?].self, ProbeNamed.Inner.self,
                                 [Int: [ProbeNamed]].self, (Int, ProbeNamed).self]
        for type in types {
            #expect(SchemaProbe.describedName(type) == String(describing: type))
        }
        #expect(SchemaProbe.signature(of: ProbeHolder.self).contains("items:Array<ProbeNamed>"), "a private type's field, by its bare name")
    }
}

private struct ProbeNamed: Codable {
    struct Inner {}
    var x: Int
}

private struct ProbeHolder: Codable {
    var items: [ProbeNamed]
}

@Suite("Link ids")
struct LinkIDTests {
    @Test("the id ends a relative or absolute link, whatever the query", arguments: [
        ("/api/v2/type/13/", 13), ("https://pokeapi.co/api/v2/pokemon/10001/", 10001), ("/api/v2/type/13", 13),
        ("/api/v2/type/13/?x=1", 13), ("/api/v2/type/", nil), ("/api/v2/type/x13/", nil), ("https://example.com/13/", nil),
        ("/api/v2/type/13#top", 13), ("/api/v2/type/13///", 13), ("13", nil), ("/13/", nil), ("/api/v2/", nil),
        ("/api/v2/type/123456789012345678/", 123_456_789_012_345_678), ("/api/v2/type/1234567890123456789/", 1_234_567_890_123_456_789),
        ("/api/v2/type/9223372036854775807/", Int.max), ("/api/v2/type/9223372036854775808/", nil), ("/api/v2/type/00000000000000000013/", 13),
        ("/api/v2/type/10000000000000000000013/", nil),
    ])
    func id(url: String, expected: Int?) {
        #expect(Wire.Link(name: nil, url: url).id == expected)
        #expect(Wire.Link(name: nil, url: url).id == APIResourcePath(link: url)?.id, "the same as the full parse")
    }
}
