import Common
import Foundation
import Testing
import TestSupport
@testable import Pokedex

/// The records a build keeps for itself write compressed parts as they are (``BinaryKept``);
/// the form that is hashed stays the array they stand for.
@Suite("Values kept for the next build read back equal, their compressed parts as they were")
struct KeptFormTests {
    static func raichu(words: [UInt64], groups: [String]) -> Pokemon {
        var pokemon = Pokemon(id: 10_100, slug: "raichu-alola", speciesID: 26, name: "Alolan Raichu", formName: "Alolan Form", isDefault: false,
                              types: ["electric", "psychic"], height: 7, weight: 210, baseExperience: 243,
                              abilities: [AbilitySlot(ability: "surge-surfer", isHidden: false, slot: 1)],
                              stats: [BaseStat(stat: "hp", value: 60)], sprites: Sprites(frontDefault: "sprites/pokemon/10100.png"),
                              movesVersionGroup: "sun-moon", moves: nil, learnableMoves: nil, heldItems: ["light-ball"])
        pokemon.learnset = Learnset(moves: (0..<300).map { "move-\($0)" }, versionGroups: groups, methods: ["level-up", "machine"], packed: words)
        pokemon.media.sprites = ["front_default": "sprites/pokemon/10100.png", "back_default": "sprites/pokemon/back/10100.png"]
        pokemon.media.cries = ["latest": "cries/10100.ogg"]
        pokemon.encounters = EncounterList((0..<60).map {
            Encounter(version: "sun", area: "route-\($0 % 7)", method: "walk", minLevel: $0, maxLevel: $0 + 2, chance: 10, conditions: $0 % 2 == 0 ? ["time-day"] : [])
        })
        pokemon.searchNames = ["Alolan Raichu", "raichu"]
        return pokemon
    }

    static let pokemon: [Pokemon] = [
        // Columns, deflated.
        raichu(words: (0..<300).map { UInt64($0) << 32 | UInt64($0 % 3) << 20 | 1 << 8 | UInt64($0 % 100) }, groups: ["sun-moon", "x-y", "red-blue"]),
        // A group past the columns' 255: every word kept whole.
        raichu(words: [7 << 32 | 299 << 20, 1 << 32], groups: (0..<300).map { "group-\($0)" }),
        Pokemon(id: 1, slug: "bulbasaur", speciesID: 1, name: "Bulbasaur", isDefault: true, types: [], height: 0, weight: 0,
                abilities: [], stats: [], sprites: Sprites(), moves: nil, learnableMoves: nil),
    ]

    @Test("a normalized pokemon and what it refers to read back equal; its hashed form is not the kept one", arguments: pokemon)
    func normalizedPokemon(pokemon: Pokemon) throws {
        var references = References()
        references.moves = ["thunderbolt": 85, "surf": 57]
        references.areas = ["route-1": 10]
        let value = DecodedPokemon(pokemon: pokemon, references: references)
        let kept = try BinaryCoder.encode(value, format: "k", kept: true)
        let read = try #require(try BinaryCoder.decode(DecodedPokemon.self, from: kept, format: "k", kept: true))
        #expect(read.pokemon == pokemon)
        #expect(Array(read.pokemon.encounters) == Array(pokemon.encounters))
        #expect(Array(read.pokemon.learnset.packed) == Array(pokemon.learnset.packed))
        #expect(read.references.moves == references.moves)
        #expect(read.references.areas == references.areas)
        // The hashed form (read back by nothing) is unchanged: the array each part stands for.
        #expect(try BinaryCoder.encode(pokemon, format: "t") == (try BinaryCoder.encode(CodableForm(pokemon), format: "t")))
        if !pokemon.encounters.isEmpty {
            #expect(kept.count < (try BinaryCoder.encode(value, format: "k")).count, "the kept form holds the deflated bytes")
        }
    }

    @Test("a species' entries and names, kept, read back equal")
    func packedLists() throws {
        let names = PackedList((0..<50).map { LocalizedName(language: "l\($0 % 9)", name: "Name \($0 % 4)") })
        for list in [names, PackedList<LocalizedName>(), PackedList([LocalizedName(language: "en", name: "Mew")])] {
            let kept = try BinaryCoder.encode(list, format: "k", kept: true)
            let read = try #require(try BinaryCoder.decode(PackedList<LocalizedName>.self, from: kept, format: "k", kept: true))
            #expect(read == list)
            #expect(Array(read) == Array(list))
        }
    }

    @Test("dictionaries and sets of slugs read back; a key written twice is a corrupt record")
    func dictionaries() throws {
        let table = ["pikachu": 25, "eevee": 133, "": 0]
        let bytes = try BinaryCoder.encode(table, format: "d")
        #expect(try BinaryCoder.decode([String: Int].self, from: bytes, format: "d") == table)
        // Slug-to-id tables take a path of their own; it writes what the generic one does.
        let many = Dictionary(uniqueKeysWithValues: (0..<300).map { ("move-\(($0 * 7919) % 300)", $0 - 150) })
        #expect(try BinaryCoder.encode(many, format: "d") == BinaryCoder.encode(many.mapValues(Int64.init), format: "d"))
        #expect(try BinaryCoder.decode([String: Int].self, from: BinaryCoder.encode(many, format: "d"), format: "d") == many)
        // "d", then a count of 2 and two entries with one key: "a" -> "1", "a" -> "2".
        var twice = try BinaryCoder.encode(["a": "1"], format: "d")
        #expect(Array(twice) == [1, 0x64, 1, 1, 0x61, 1, 0x31])
        twice[2] = 2
        twice.append(contentsOf: [1, 0x61, 1, 0x32])
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode([String: String].self, from: twice, format: "d") }
        // Slug-to-id tables also read on a path of their own: what the generic one reads
        // (Int64 values take it), and a key twice is as corrupt there.
        let generic = try BinaryCoder.encode(many.mapValues(Int64.init), format: "d")
        #expect(try BinaryCoder.decode([String: Int64].self, from: generic, format: "d") == many.mapValues(Int64.init))
        #expect(try BinaryCoder.decode([String: Int].self, from: generic, format: "d") == many)
        var twiceInt = try BinaryCoder.encode(["a": 1], format: "d")
        twiceInt[2] = 2
        twiceInt.append(contentsOf: [1, 0x61, 4])
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode([String: Int].self, from: twiceInt, format: "d") }
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode([String: Int64].self, from: twiceInt, format: "d") }
        // A set of slugs reads as `Set`'s decoder reads it: from an array's bytes, duplicates once.
        let slugs: Set = ["pikachu", "raichu", "a name longer than fifteen bytes", "ニドラン"]
        #expect(try BinaryCoder.decode(Set<String>.self, from: BinaryCoder.encode(slugs, format: "d"), format: "d") == slugs)
        #expect(try BinaryCoder.decode(Set<String>.self, from: BinaryCoder.encode(["a", "b", "a"], format: "d"), format: "d") == ["a", "b"])
        #expect(try BinaryCoder.encode(slugs, format: "d") == BinaryCoder.encode(Array(slugs), format: "d"))
        // A count past the bytes left is refused before anything is made for it.
        var huge = try BinaryCoder.encode([String: Int](), format: "d")
        huge[huge.count - 1] = 5
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode([String: Int].self, from: huge, format: "d") }
    }

    /// `bytes` with their last field, a whole number, replaced by `value`.
    static func replacingLast(_ bytes: Data, with value: Int) -> Data {
        var bytes = bytes
        bytes.removeLast()
        while let last = bytes.last, last & 0x80 != 0 { bytes.removeLast() }
        var zigzag = UInt64(value) << 1
        while zigzag >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: zigzag) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
        return bytes
    }

    @Test("kept bytes that do not inflate to the length they claim, or hold another count, are refused")
    func corruptKeptBytes() throws {
        let encounters = (0..<80).map { Encounter(version: "sun", area: "route-\($0 % 5)", method: "walk", minLevel: $0, maxLevel: $0, chance: 5, conditions: []) }
        let list = EncounterList(encounters)
        let kept = try BinaryCoder.encode(list, format: "k", kept: true)
        #expect(try BinaryCoder.decode(EncounterList.self, from: kept, format: "k", kept: true).map(Array.init) == encounters)
        let size = try BinaryCoder.encode(list, format: "").count - 1
        #expect(try BinaryCoder.decode(EncounterList.self, from: Self.replacingLast(kept, with: size), format: "k", kept: true) != nil,
                "the size field is the last one")
        for claimed in [size + 1, size - 1, 1 << 30, size * 5_000] {
            #expect(throws: BinaryCoder.Corrupt.self) {
                try BinaryCoder.decode(EncounterList.self, from: Self.replacingLast(kept, with: claimed), format: "k", kept: true)
            }
        }
        // A count that is not the one its bytes begin with.
        var miscounted = kept
        miscounted[2] = miscounted[2] &+ 2
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode(EncounterList.self, from: miscounted, format: "k", kept: true) }
        let names = PackedList((0..<40).map { "name-\($0)" })
        var names2 = try BinaryCoder.encode(names, format: "k", kept: true)
        names2[2] = names2[2] &+ 2
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode(PackedList<String>.self, from: names2, format: "k", kept: true) }
    }

    /// A kept form made by hand: a count, then bytes deflated as a list's are, whatever they hold.
    struct Forged: Codable, BinaryKept {
        var count: Int
        var inner: [UInt8]
        init(count: Int, inner: [UInt8]) {
            self.count = count
            self.inner = inner
        }
        func write(kept writer: BinaryRecordWriter) {
            writer.int(count)
            DeflatedBytes(inner).write(kept: writer)
        }
        init(kept reader: BinaryRecordReader) throws { throw BinaryCoder.Corrupt() }
    }

    @Test("kept bytes that begin with the right count but hold less than it read as no elements, and stop nothing")
    func truncatedElements() throws {
        let names = (0..<40).map { "name-\($0)" }
        let whole = try [UInt8](BinaryCoder.encode(names, format: "packed-list-1"))
        let forgedNames = try BinaryCoder.encode(Forged(count: names.count, inner: Array(whole.dropLast(3))), format: "k", kept: true)
        let list = try #require(try BinaryCoder.decode(PackedList<String>.self, from: forgedNames, format: "k", kept: true),
                                "the count its bytes begin with is right: taken")
        #expect(Array(list).isEmpty && list.map { $0 }.isEmpty)
        // The same bytes whole: every name, so the check above can fail.
        let wholeNames = try BinaryCoder.encode(Forged(count: names.count, inner: whole), format: "k", kept: true)
        #expect(try BinaryCoder.decode(PackedList<String>.self, from: wholeNames, format: "k", kept: true).map(Array.init) == names)

        let encounters = (0..<30).map { Encounter(version: "red", area: "route-\($0)", method: "walk", minLevel: 2, maxLevel: 4, chance: 10, conditions: []) }
        let record = try [UInt8](BinaryCoder.encode(EncounterList(encounters), format: "")).dropFirst()
        let forgedEncounters = try BinaryCoder.encode(Forged(count: encounters.count, inner: Array(record.dropLast(4))), format: "k", kept: true)
        let list2 = try #require(try BinaryCoder.decode(EncounterList.self, from: forgedEncounters, format: "k", kept: true))
        #expect(Array(list2).isEmpty && list2.map(\.area).isEmpty)
        let wholeEncounters = try BinaryCoder.encode(Forged(count: encounters.count, inner: Array(record)), format: "k", kept: true)
        #expect(try BinaryCoder.decode(EncounterList.self, from: wholeEncounters, format: "k", kept: true).map(Array.init) == encounters)
    }
}
