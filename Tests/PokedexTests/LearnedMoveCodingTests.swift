import Common
import Foundation
import Testing
import TestSupport
@testable import Pokedex

@Suite("Learned moves are stored as short arrays")
struct LearnedMoveCodingTests {
    @Test("a level-up move keeps its level and a machine move has none", arguments: [
        (LearnedMove(move: "charm", method: .levelUp, level: 1), #"["charm","level-up",1]"#),
        (LearnedMove(move: "agility", method: .machine), #"["agility","machine"]"#),
    ])
    func roundTrip(move: LearnedMove, json: String) throws {
        let data = try JSONEncoder().encode(move)
        #expect(String(decoding: data, as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(LearnedMove.self, from: data) == move)
    }

    @Test("an explicit null level reads as no level")
    func nullLevel() throws {
        let move = try JSONDecoder().decode(LearnedMove.self, from: Data(#"["tackle","egg",null]"#.utf8))
        #expect(move == LearnedMove(move: "tackle", method: .egg))
    }

    @Test("the binary record of a learned move and of an encounter is the bytes Codable writes, and reads back", arguments: [
        LearnedMove(move: "charm", method: .levelUp, level: 1), LearnedMove(move: "agility", method: .machine),
    ])
    func recordForm(move: LearnedMove) throws {
        let record = try BinaryCoder.encode(move, format: "t")
        #expect(record == (try BinaryCoder.encode(CodableForm(move), format: "t")))
        #expect(try BinaryCoder.decode(LearnedMove.self, from: record, format: "t") == move)
        let encounter = Encounter(version: "red", area: "viridian-forest-area", method: "walk", minLevel: 3, maxLevel: 5, chance: 5,
                                  conditions: ["time-day", "season-spring"])
        let bytes = try BinaryCoder.encode([encounter, encounter], format: "t")
        #expect(bytes == (try BinaryCoder.encode(CodableForm([CodableForm(encounter), CodableForm(encounter)]), format: "t")))
        #expect(try BinaryCoder.decode([Encounter].self, from: bytes, format: "t") == [encounter, encounter])
    }

    @Test("a pokemon writes what Codable writes, in the hashed and the kept form, every field set and unset, and reads back")
    func pokemonForm() throws {
        var full = Pokemon(id: 10_100, slug: "raichu-alola", speciesID: 26, name: "Alolan Raichu", formName: "Alolan Form", isDefault: false,
                           types: ["electric", "psychic"], height: 7, weight: 210, baseExperience: 243,
                           abilities: [AbilitySlot(ability: "surge-surfer", isHidden: false, slot: 1)],
                           stats: [BaseStat(stat: "hp", value: 60)], sprites: Sprites(frontDefault: "sprites/pokemon/10100.png", frontShiny: "s.png"),
                           movesVersionGroup: "sun-moon", moves: [LearnedMove(move: "psychic", method: .levelUp, level: 1), LearnedMove(move: "surf", method: .machine)],
                           learnableMoves: ["psychic", "surf"], heldItems: ["light-ball"])
        full.effort = [BaseStat(stat: "speed", value: 3)]
        full.learnset = Learnset(moves: ["psychic", "surf"], versionGroups: ["sun-moon"], methods: ["level-up", "machine"], packed: [1 << 32, 0x0010_0100])
        full.media.sprites = ["front_default": "sprites/pokemon/10100.png", "back_default": "sprites/pokemon/back/10100.png"]
        full.media.cries = ["latest": "cries/10100.ogg"]
        full.encounters = [Encounter(version: "sun", area: "route-1", method: "walk", minLevel: 3, maxLevel: 5, chance: 10, conditions: ["time-day"])]
        full.heldItemRarities = [HeldItemRarity(item: "light-ball", version: "sun", rarity: 5)]
        full.form.formName = "alola"
        full.form.region = "alola"
        full.cosmeticForms = [CosmeticForm(slug: "raichu-alola-x", name: "X", sprite: nil)]
        full.searchNames = ["Alolan Raichu", "raichu"]
        let bare = Pokemon(id: 1, slug: "bulbasaur", speciesID: 1, name: "Bulbasaur", isDefault: true, types: [], height: 0, weight: 0,
                           abilities: [], stats: [], sprites: Sprites())
        // As every pokemon built from PokeAPI: moves read from the learnset, none given.
        var derived = Pokemon(id: 10_100, slug: "raichu-alola", speciesID: 26, name: "Alolan Raichu", isDefault: false, types: [],
                          height: 7, weight: 210, abilities: [], stats: [], sprites: Sprites(), movesVersionGroup: "sun-moon",
                          moves: nil, learnableMoves: nil)
        derived.learnset = full.learnset
        #expect(!derived.moves.isEmpty)
        for pokemon in [full, bare, derived] {
            #expect(try BinaryCoder.encode(pokemon, format: "t") == (try BinaryCoder.encode(CodableForm(pokemon), format: "t")))
            let kept = try BinaryCoder.encode(pokemon, format: "t", kept: true)
            #expect(kept == (try BinaryCoder.encode(CodableForm(pokemon), format: "t", kept: true)))
            let read = try #require(try BinaryCoder.decode(Pokemon.self, from: kept, format: "t", kept: true))
            #expect(read == pokemon)
            #expect(read.moves == pokemon.moves && read.learnableMoves == pokemon.learnableMoves)
            #expect(Array(read.encounters) == Array(pokemon.encounters))
            // The hashed form reads back to a pokemon that writes the same bytes (an empty
            // list read back is held as a made one, which compares apart from one never filled).
            let hashed = try BinaryCoder.encode(pokemon, format: "t")
            let again = try #require(try BinaryCoder.decode(Pokemon.self, from: hashed, format: "t"))
            #expect(try BinaryCoder.encode(again, format: "t") == hashed)
            #expect(again.moves == pokemon.moves && Array(again.encounters) == Array(pokemon.encounters))
        }
        // An empty list writes the empty array, as Codable does, whether made empty or merged from none.
        for empty in [EncounterList(), EncounterList([])] {
            #expect(try BinaryCoder.encode(empty, format: "t") == (try BinaryCoder.encode(CodableForm([Encounter]()), format: "t")))
        }
        // The kept form holds the learnset's and the encounters' compressed bytes, not the
        // arrays they stand for: what every build hashes is not inflated first.
        #expect(try BinaryCoder.encode(full, format: "t", kept: true) != (try BinaryCoder.encode(full, format: "t")))
    }

    @Test("a records file's table entries write what Codable writes, and read back the same")
    func recordsFileEntries() throws {
        let entries = [RecordCache.Entry(path: "api/v2/pokemon/25/index.json Wire.Pokemon",
                                         stamp: FileStamp(size: 4_096, modified: 1_764_000_000_000_000_001, inode: 42), offset: 1 << 33, length: 4),
                       RecordCache.Entry(path: "", stamp: FileStamp(size: 0, modified: 0, inode: 0), offset: 0, length: 0)]
        let bytes = try BinaryCoder.encode(entries, format: "t")
        #expect(bytes == (try BinaryCoder.encode(CodableForm(entries.map(CodableForm.init)), format: "t")))
        let read = try #require(try BinaryCoder.decode([RecordCache.Entry].self, from: bytes, format: "t"))
        #expect(read.map(\.path) == entries.map(\.path))
        #expect(read.map(\.stamp) == entries.map(\.stamp))
        #expect(read.map(\.offset) == entries.map(\.offset))
        #expect(read.map(\.length) == entries.map(\.length))
    }

    @Test("levels and chances beyond 32 bits are kept as the nearest that fits, and merged chances never overflow")
    func encounterNumbersClamped() {
        let huge = Encounter(version: "diamond", area: "lake-verity-area", method: "surf", minLevel: Int.min, maxLevel: Int.max,
                             chance: Int.max, conditions: [])
        let list = Array(EncounterList([huge]))
        #expect(list.first?.minLevel == Int(Int32.min))
        #expect(list.first?.maxLevel == Int(Int32.max))
        #expect(list.first?.chance == Int(Int32.max))
        var merger = EncounterList.Merger()
        for _ in 0..<3 {
            merger.add(version: huge.version, area: huge.area, method: huge.method, minLevel: 5, maxLevel: 5,
                       chance: Int(Int32.max) - 1, conditions: [])
        }
        #expect(merger.list.map(\.chance) == [Int(Int32.max)])
    }

    @Test("bytes kept deflated read back as they were, short ones kept as they are, equal ones equal")
    func deflatedBytes() {
        let runs = [UInt8]((0..<4_000).map { UInt8(($0 / 40) % 7) })
        let noise = [UInt8]((0..<4_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        for bytes in [[], [1, 2, 3], runs, noise] {
            let kept = DeflatedBytes(bytes)
            #expect(kept.bytes == bytes)
            #expect(kept.count == bytes.count)
            #expect(kept == DeflatedBytes(bytes))
        }
        #expect(DeflatedBytes(runs) != DeflatedBytes(runs.reversed()))
        #expect(DeflatedBytes(runs).hashValue == DeflatedBytes(runs).hashValue)
        // Runs deflate to far less than they are: what the learnsets and encounters rely on.
        #expect(DeflatedBytes.deflated(runs).map { $0.count * 10 < runs.count } == true)
    }

    @Test("the allocator is told to map large blocks on their own, where the C library is glibc")
    func allocatorTuning() throws {
        #if os(Linux)
        // Debian's C library has the setting: a build that could not make it (the check for
        // glibc compiled out, as it once was) says false here.
        #expect(AllocatorTuning.mapLargeBlocks())
        #else
        #expect(!AllocatorTuning.mapLargeBlocks())
        #endif
    }

    static let wordSets: [[UInt64]] = [
        [],
        [(4095 << 32) | (63 << 20) | (63 << 8) | 255, 0, (7 << 32) | (2 << 20) | (1 << 8) | 42],
        // The columns' limits: 65,535 moves, 255 groups and methods.
        [(65535 << 32) | (255 << 20) | (255 << 8) | 255, 4096 << 32, 0],
        // One word with a part too big for the columns: every word kept whole.
        [(7 << 32) | (2 << 20) | (1 << 8) | 42, 65536 << 32],
        [256 << 20, 1],
        [256 << 8],
        longWords,
    ]

    /// Long enough to be deflated: moves in order, then going back (the step wraps around).
    static var longWords: [UInt64] {
        var words: [UInt64] = []
        for at in 0..<300 {
            let move = UInt64(at / 3), group = UInt64(at % 3), level = UInt64(at % 100)
            words.append(move << 32 | group << 20 | 1 << 8 | level)
        }
        for at in 0..<50 { words.append(UInt64(60_000 - at * 1_000) << 32 | 7 << 20) }
        return words
    }

    @Test("a learnset's words read back as given, in deflated columns when all fit, and write the bytes of the 64-bit array",
          arguments: wordSets)
    func learnedWords(words: [UInt64]) throws {
        let packed = LearnedWords(words)
        #expect(Array(packed) == words)
        #expect(packed == LearnedWords(words))
        #expect(packed != LearnedWords(words + [1]))
        #expect(try BinaryCoder.encode(packed, format: "f") == (try BinaryCoder.encode(words, format: "f")))
        let json = try JSONEncoder().encode(packed)
        #expect(json == (try JSONEncoder().encode(words)))
        #expect(try JSONDecoder().decode(LearnedWords.self, from: json) == packed)
    }

    @Test("a pokemon's newest moves and learnable moves are read from its learnset: each once, sorted by method, level, slug")
    func movesFromLearnset() {
        // Words: move << 32 | group << 20 | method << 8 | level.
        func word(_ move: UInt64, _ group: UInt64, _ method: UInt64, _ level: UInt64 = 0) -> UInt64 {
            move << 32 | group << 20 | method << 8 | level
        }
        let learnset = Learnset(
            moves: ["thunderbolt", "quick-attack", "", "growl", "surf"],
            versionGroups: ["sword-shield", "scarlet-violet"],
            methods: ["machine", "level-up", "egg", "form-change"],
            packed: [
                word(0, 1, 0), word(1, 1, 1, 6), word(1, 1, 1, 6), word(1, 1, 1, 1), word(3, 1, 1, 1),
                word(2, 1, 2), word(4, 0, 0), word(3, 1, 3), word(0, 1, 0, 9),
            ])
        var pokemon = Pokemon(id: 25, slug: "pikachu", speciesID: 25, name: "Pikachu", isDefault: true, types: ["electric"],
                              height: 4, weight: 60, abilities: [], stats: [], sprites: Sprites(), movesVersionGroup: "scarlet-violet",
                              moves: nil, learnableMoves: nil)
        pokemon.learnset = learnset
        // Level-up by level then slug, then machine (its level not kept: the same move once),
        // then the special method last; the nameless move and the other group left out.
        #expect(pokemon.moves == [
            LearnedMove(move: "growl", method: .levelUp, level: 1), LearnedMove(move: "quick-attack", method: .levelUp, level: 1),
            LearnedMove(move: "quick-attack", method: .levelUp, level: 6), LearnedMove(move: "thunderbolt", method: .machine),
            LearnedMove(move: "growl", method: .other),
        ])
        #expect(pokemon.learnableMoves == ["growl", "quick-attack", "surf", "thunderbolt"])
        #expect(learnset.learnedMoves(in: "sword-shield") == [LearnedMove(move: "surf", method: .machine)])
        #expect(learnset.learnedMoves(in: "red-blue").isEmpty)
        pokemon.movesVersionGroup = nil
        #expect(pokemon.moves.isEmpty)
        // Moves given (the bundled sample's) are kept as given.
        pokemon.moves = [LearnedMove(move: "surf", method: .tutor)]
        pokemon.learnableMoves = ["surf"]
        #expect(pokemon.moves == [LearnedMove(move: "surf", method: .tutor)])
        #expect(pokemon.learnableMoves == ["surf"])
    }

    @Test("a pokemon's encounters read back as the list they were made from, and write as that array")
    func encounterList() throws {
        let encounters = [
            Encounter(version: "diamond", area: "sinnoh-route-201-area", method: "walk", minLevel: 2, maxLevel: 3, chance: 50, conditions: []),
            Encounter(version: "pearl", area: "sinnoh-route-201-area", method: "walk", minLevel: 2, maxLevel: 3, chance: 50, conditions: []),
            Encounter(version: "diamond", area: "lake-verity-area", method: "surf", minLevel: 20, maxLevel: 30, chance: 90,
                      conditions: ["time-night", "swarm-no"]),
            Encounter(version: "pearl", area: "lake-verity-area", method: "surf", minLevel: -1, maxLevel: Int(Int32.max), chance: 10,
                      conditions: ["time-night", "swarm-no"]),
        ]
        let list = EncounterList(encounters)
        #expect(Array(list) == encounters)
        #expect(list.count == 4)
        #expect(EncounterList(encounters) == list)
        #expect(EncounterList(encounters).hashValue == list.hashValue)
        #expect(EncounterList(encounters.reversed()) != list)
        // Texts met in another order (a place before its game) make the same list.
        var merger = EncounterList.Merger()
        for encounter in encounters {
            let area = merger.index(of: encounter.area)
            merger.add(version: merger.index(of: encounter.version), area: area, method: merger.index(of: encounter.method),
                       minLevel: encounter.minLevel, maxLevel: encounter.maxLevel, chance: encounter.chance,
                       conditions: encounter.conditions, merging: false)
        }
        #expect(merger.list == list)
        #expect(merger.list.hashValue == list.hashValue)
        // Merging adds the chances of encounters equal in all else.
        var merging = EncounterList.Merger()
        for encounter in encounters + encounters {
            merging.add(version: encounter.version, area: encounter.area, method: encounter.method, minLevel: encounter.minLevel,
                        maxLevel: encounter.maxLevel, chance: encounter.chance, conditions: encounter.conditions)
        }
        #expect(merging.list.map(\.chance) == encounters.map { $0.chance * 2 })
        #expect(EncounterList().isEmpty)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(list) == (try encoder.encode(encounters)))
        #expect(try JSONDecoder().decode(EncounterList.self, from: try encoder.encode(encounters)) == list)
        #expect(try BinaryCoder.encode(list, format: "t") == (try BinaryCoder.encode(encounters, format: "t")))
    }

    @Test("a corrupt length in the binary form is refused, never trapped on or allocated")
    func corruptLengths() {
        let format: [UInt8] = [1, UInt8(ascii: "t")]
        // A text's length of 2^64 - 1: past any Int.
        let huge = Data(format + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01])
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode(String.self, from: huge, format: "t") }
        // An array claiming more elements than its bytes could hold.
        let many = Data(format + [0xFF, 0xFF, 0xFF, 0xFF, 0x0F, 0x01, 0x61])
        #expect(throws: BinaryCoder.Corrupt.self) { try BinaryCoder.decode([String].self, from: many, format: "t") }
    }
}
