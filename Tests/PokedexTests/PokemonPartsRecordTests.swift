import Common
import Foundation
import Testing
import TestSupport
@testable import Pokedex

/// A pokemon's parts write and read their own record form; it must stay the bytes their
/// `Codable` conformance writes, so a records file written either way reads back, and a
/// fingerprint does not change with the path taken.
@Suite("A pokemon's parts write the bytes Codable writes, and read back either form")
struct PokemonPartsRecordTests {
    /// The record form and the `Codable` form of `value` are the same bytes, kept or not, and
    /// each reads back as `value` through the record path.
    func check<T: BinaryRecord & Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for kept in [false, true] {
            let record = try BinaryCoder.encode(value, format: "t", kept: kept)
            let codable = try BinaryCoder.encode(CodableForm(value), format: "t", kept: kept)
            #expect(record == codable, "\(T.self), kept: \(kept)", sourceLocation: sourceLocation)
            #expect(try BinaryCoder.decode(T.self, from: codable, format: "t", kept: kept) == value, sourceLocation: sourceLocation)
            // In an array, as a pokemon holds them: the arrays' own record path.
            let many = try BinaryCoder.encode([value, value], format: "t", kept: kept)
            #expect(many == (try BinaryCoder.encode(CodableForm([CodableForm(value), CodableForm(value)]), format: "t", kept: kept)),
                    sourceLocation: sourceLocation)
            #expect(try BinaryCoder.decode([T].self, from: many, format: "t", kept: kept) == [value, value], sourceLocation: sourceLocation)
        }
    }

    @Test("each part, with its optional fields absent and present")
    func parts() throws {
        try check(AbilitySlot(ability: "static", isHidden: false, slot: 1))
        try check(AbilitySlot(ability: "lightning-rod", isHidden: true, slot: 3))
        try check(BaseStat(stat: "special-attack", value: 255))
        try check(BaseStat(stat: "hp", value: -1))
        try check(HeldItemRarity(item: "light-ball", version: "yellow", rarity: 5))
        try check(CosmeticForm(slug: "unown-a", name: "Unown A", sprite: nil))
        try check(CosmeticForm(slug: "burmy-sandy", name: "Sandy Cloak", sprite: "sprites/pokemon/412-sandy.png"))
        try check(Sprites())
        try check(Sprites(frontDefault: "a.png", frontShiny: nil, frontFemale: "f.png", frontShinyFemale: "fs.png"))
        var form = FormInfo()
        try check(form)
        form.formName = "alola"
        form.isMega = true
        form.isBattleOnly = true
        form.region = "alola"
        try check(form)
        var media = Media()
        try check(media)
        media.sprites = ["front_default": "sprites/pokemon/25.png", "back_default": "sprites/pokemon/back/25.png"]
        media.cries = ["latest": "cries/25.ogg"]
        media.artwork = ["front": "art/25.png"]
        media.home = ["front_shiny": "home/shiny/25.png"]
        try check(media)
    }

    @Test("a normalized pokemon and what it refers to: the bytes Codable writes")
    func decodedPokemon() throws {
        var references = References()
        references.moves = ["thunderbolt": 85, "surf": 57]
        references.abilities = ["static": 9]
        references.items = ["light-ball": 213]
        references.stats = ["hp": 1]
        references.species = ["pichu"]
        references.locations = ["viridian-forest": 321]
        references.regions = ["kanto": 1]
        references.areas = ["route-1": 10]
        // On its own: inside `DecodedPokemon`'s `Codable` form it is written by its record.
        for kept in [false, true] {
            #expect(try BinaryCoder.encode(references, format: "t", kept: kept)
                    == (try BinaryCoder.encode(CodableForm(references), format: "t", kept: kept)))
        }
        for pokemon in KeptFormTests.pokemon {
            var pokemon = pokemon
            pokemon.heldItemRarities = [HeldItemRarity(item: "light-ball", version: "yellow", rarity: 5)]
            pokemon.cosmeticForms = [CosmeticForm(slug: "pikachu-starter", name: "Partner", sprite: nil)]
            pokemon.form.region = "alola"
            let value = DecodedPokemon(pokemon: pokemon, references: references)
            for kept in [false, true] {
                let record = try BinaryCoder.encode(value, format: "t", kept: kept)
                #expect(record == (try BinaryCoder.encode(CodableForm(value), format: "t", kept: kept)))
                let read = try #require(try BinaryCoder.decode(DecodedPokemon.self, from: record, format: "t", kept: kept))
                // Kept, the very value; hashed, the same bytes again (an empty encounter list
                // read from the array it stands for holds other bytes, of the same list).
                if kept { #expect(read.pokemon == pokemon) }
                #expect(try BinaryCoder.encode(read, format: "t", kept: kept) == record)
                #expect(read.references.moves == references.moves && read.references.species == references.species
                        && read.references.areas == references.areas && read.references.regions == references.regions)
            }
        }
    }

    @Test("a derived record, the files it read and a normalized pokemon in it: the bytes Codable writes, read back either way")
    func derivedRecord() throws {
        try check(ReadTracker.Input(path: "pokemon/25/index.json", record: "pokemon/25"))
        try check(ReadTracker.Input(path: "pokemon-form/10001/index.json", record: nil))
        let pokemon = try #require(KeptFormTests.pokemon.first)
        let inputs = [ReadTracker.Input(path: "pokemon/25/index.json", record: "pokemon/25"), ReadTracker.Input(path: "gone.json", record: nil)]
        let derived = DerivedRecord(inputs: inputs, print: UInt64.max - 7, value: DecodedPokemon(pokemon: pokemon, references: References()))
        for kept in [false, true] {
            let record = try BinaryCoder.encode(derived, format: "t", kept: kept)
            #expect(record == (try BinaryCoder.encode(CodableForm(derived), format: "t", kept: kept)))
            let read = try #require(try BinaryCoder.decode(DerivedRecord<DecodedPokemon>.self, from: record, format: "t", kept: kept))
            #expect(read.inputs == inputs && read.print == UInt64.max - 7)
            #expect(try BinaryCoder.encode(read, format: "t", kept: kept) == record)
            // Its Codable form (as a record written before) reads back through the record path.
            #expect(try BinaryCoder.decode(DerivedRecord<DecodedPokemon>.self, from: BinaryCoder.encode(CodableForm(derived), format: "t", kept: kept),
                                           format: "t", kept: kept)?.inputs == inputs)
        }
        // The coder's question, answered per specialization: the record path for a normalized
        // pokemon's record, the Codable path for a move's.
        #expect(DerivedRecord<DecodedPokemon>.self is any BinaryRecord.Type)
        #expect(!(DerivedRecord<Move>.self is any BinaryCoded.Type))
        // A value that writes no record form of its own keeps the Codable path for the whole.
        let plain = DerivedRecord(inputs: inputs, print: 3, value: ["a": 1])
        #expect(try BinaryCoder.encode(plain, format: "t") == (try BinaryCoder.encode(CodableForm(plain), format: "t")))
    }
}
