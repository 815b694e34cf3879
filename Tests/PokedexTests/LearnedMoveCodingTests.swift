import Foundation
import Testing
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
}
