import Testing
@testable import Pokedex

@Suite("A learnset's entries by version group")
struct LearnsetEntriesTests {
    /// The entries as the words spell them, read one by one, each repeat of the same four
    /// texts dropped: what every way of reading a learnset must give.
    private func reference(_ moves: [String], _ groups: [String], _ methods: [String], _ words: [UInt64]) -> [String: [Learnset.Entry]] {
        var seen: [Learnset.Entry] = []
        var byGroup: [String: [Learnset.Entry]] = [:]
        for word in words {
            let move = moves[Int(word >> 32)]
            let entry = Learnset.Entry(move: move, versionGroup: groups[Int((word >> 20) & 0xFFF)],
                                       method: methods[Int((word >> 8) & 0xFFF)], level: Int(word & 0xFF),
                                       movePlace: moves.firstIndex(of: move) ?? -1)
            guard !seen.contains(entry) else { continue }
            seen.append(entry)
            byGroup[entry.versionGroup, default: []].append(entry)
        }
        return byGroup
    }

    private func word(_ move: Int, _ group: Int, _ method: Int, _ level: Int) -> UInt64 {
        UInt64(move) << 32 | UInt64(group) << 20 | UInt64(method) << 8 | UInt64(level)
    }

    @Test("every group at once gives what each group alone gives, repeats dropped even where a text stands at two places")
    func byGroupMatchesEachGroup() {
        // "red-blue" and "tackle" each stand at two places; words repeat, directly and through those places.
        let moves = ["tackle", "growl", "tackle", "vine-whip"]
        let groups = ["red-blue", "gold-silver", "red-blue"]
        let methods = ["level-up", "machine", "level-up"]
        let words = [word(0, 0, 0, 1), word(1, 0, 0, 3), word(2, 0, 0, 1), word(0, 2, 2, 1), word(0, 0, 0, 7),
                     word(3, 1, 1, 0), word(0, 1, 0, 1), word(3, 2, 1, 0), word(3, 1, 1, 0), word(1, 2, 0, 3)]
        let learnset = Learnset(moves: moves, versionGroups: groups, methods: methods, packed: words)
        let expected = reference(moves, groups, methods, words)
        #expect(expected["red-blue"]?.count == 4, "the reference keeps tackle at 1 and 7, growl at 3, vine-whip by machine")
        #expect(expected["gold-silver"]?.count == 2)
        let all = learnset.entriesByGroup()
        #expect(all == expected)
        // One place a move, whichever place of its text a word names.
        #expect(Set(all.values.joined().filter { $0.move == "tackle" }.map(\.movePlace)) == [0])
        #expect(learnset.methodsByGroup() == ["red-blue": ["level-up", "machine"], "gold-silver": ["level-up", "machine"]])
        for group in Set(groups) {
            #expect(learnset.entries(in: group) == expected[group], "\(group)")
        }
        #expect(learnset.entries(in: "x-y").isEmpty)
    }

    @Test("random learnsets read alike every way", arguments: 1...40)
    func randomLearnsets(seed: UInt64) {
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        // Few distinct texts in many places, so the same entry is spelled through different places.
        let moves = (0..<(1 + next(12))).map { _ in "move-\(next(5))" }
        let groups = (0..<(1 + next(6))).map { _ in "group-\(next(3))" }
        let methods = (0..<(1 + next(4))).map { _ in "method-\(next(2))" }
        let words = (0..<next(60)).map { _ in word(next(moves.count), next(groups.count), next(methods.count), next(3)) }
        let learnset = Learnset(moves: moves, versionGroups: groups, methods: methods, packed: words)
        let expected = reference(moves, groups, methods, words)
        #expect(learnset.entriesByGroup() == expected)
        for group in Set(groups) { #expect(learnset.entries(in: group) == (expected[group] ?? [])) }
        #expect(learnset.methodsByGroup() == expected.mapValues { Set($0.map(\.method)) })
    }

    @Test("a word pointing past its tables is left out by every reader, not a crash")
    func wordsPastTheTables() {
        let words = [word(0, 0, 0, 5), word(7, 0, 0, 1), word(0, 9, 0, 1), word(0, 0, 4, 1), word(1, 0, 1, 0)]
        let learnset = Learnset(moves: ["thunder-shock", "thunderbolt"], versionGroups: ["red-blue"], methods: ["level-up", "machine"],
                                packed: words)
        let kept = [Learnset.Entry(move: "thunder-shock", versionGroup: "red-blue", method: "level-up", level: 5, movePlace: 0),
                    Learnset.Entry(move: "thunderbolt", versionGroup: "red-blue", method: "machine", level: 0, movePlace: 1)]
        #expect(learnset.entries(in: "red-blue") == kept)
        #expect(learnset.methodsByGroup() == ["red-blue": ["level-up", "machine"]])
        #expect(learnset.entriesByGroup() == ["red-blue": kept])
        #expect(learnset.learnedMoves(in: "red-blue").map(\.move) == ["thunder-shock", "thunderbolt"])
        #expect(learnset.learnable == ["thunder-shock", "thunderbolt"])
    }
}
