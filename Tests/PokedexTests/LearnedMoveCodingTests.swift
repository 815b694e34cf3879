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
}
