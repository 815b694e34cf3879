import Pokedex
import TemplateEngine
import Testing
@testable import SiteGenerator

@Suite("Learnset tables")
struct LearnsetTableTests {
    /// Each table of each group of a page's value: its title and its rows' first column and name.
    func tables(_ value: TemplateValue) -> [String: [String: [String]]] {
        var found: [String: [String: [String]]] = [:]
        guard case .array(let groups)? = value.member("groups") else { return found }
        for group in groups {
            guard case .array(let tables)? = group.member("tables"), let slug = group.member("slug")?.text else { continue }
            for table in tables {
                guard case .array(let rows)? = table.member("moves"), let title = table.member("title")?.text else { continue }
                found[slug, default: [:]][title] = rows.map { row in "\(row.member("first")?.text ?? "·") \(row.member("name")?.text ?? "?")" }
            }
        }
        return found
    }

    @Test("a group's tables come in the games' order of methods, then any other method by slug, each once")
    func methodOrder() throws {
        let catalog = TestCatalog.make()
        let index = TestCatalog.index(catalog)
        let strings = try TestCatalog.strings()
        let group = VersionGroupInfo(slug: "red-blue", name: "Red, Blue", order: 1, generation: 1, versions: [])
        // Methods met in an order of their own, each more than once.
        let methods = ["zz-stadium", "tutor", "form-change", "machine", "level-up"]
        let met: [UInt64] = [0, 1, 2, 3, 4, 1, 0, 4]
        let learnset = Learnset(moves: ["thunderbolt", "thunder-shock"], versionGroups: [group.slug], methods: methods,
                                packed: met.enumerated().map { place, method in UInt64(place % 2) << 32 | method << 8 | UInt64(place) })
        let entries = learnset.entries(in: group.slug)
        #expect(entries.count == met.count)
        var memo = Learnsets.MoveFactsMemo(compact: true)
        guard case .array(let tables) = Learnsets.tables(entries, group: group, index: index, strings: strings, memo: &memo) else {
            Issue.record("no tables")
            return
        }
        let titles = tables.map { $0.member("title")?.text ?? "?" }
        #expect(titles == [strings["moves_method_level-up"], strings["moves_method_machine"], strings["moves_method_tutor"],
                           EvolutionPhrasing.words("form-change"), EvolutionPhrasing.words("zz-stadium")])
        let counts = tables.map { table -> Int in
            guard case .array(let rows)? = table.member("moves") else { return -1 }
            return rows.count
        }
        #expect(counts == [2, 1, 2, 1, 2])
    }

    @Test("the every-game page numbers each row for its own game: a move's machine differs by game, its level by row, whichever page made the row first")
    func everyGameRows() throws {
        var catalog = TestCatalog.make()
        catalog.versionGroups = [VersionGroupInfo(slug: "gold-silver", name: "Gold, Silver", order: 2, generation: 2, versions: []),
                                 VersionGroupInfo(slug: "red-blue", name: "Red, Blue", order: 1, generation: 1, versions: [])]
        catalog.moves["thunderbolt"]?.machines = [Move.Machine(versionGroup: "red-blue", item: "tm24"), Move.Machine(versionGroup: "gold-silver", item: "tm10")]
        catalog.moves["thunder-shock"]?.machines = [Move.Machine(versionGroup: "gold-silver", item: "tm02")]
        catalog.moves["surf"] = Move(slug: "surf", name: "Surf", type: "water")
        func word(_ move: UInt64, _ group: UInt64, _ method: UInt64, _ level: UInt64) -> UInt64 {
            move << 32 | group << 20 | method << 8 | level
        }
        // Moves thunderbolt, thunder-shock, surf; groups red-blue, gold-silver; methods level-up, machine, tutor.
        var pikachu = try #require(catalog.pokemon["pikachu"])
        pikachu.learnset = Learnset(moves: ["thunderbolt", "thunder-shock", "surf"], versionGroups: ["red-blue", "gold-silver"],
                                    methods: ["level-up", "machine", "tutor"],
                                    packed: [word(1, 0, 0, 1), word(1, 1, 0, 1), word(0, 1, 0, 26), word(0, 1, 0, 0),
                                             word(0, 0, 1, 0), word(0, 1, 1, 0), word(1, 1, 1, 0), word(2, 1, 1, 0), word(2, 0, 2, 0)])
        var raichu = pikachu
        raichu.slug = "raichu"
        raichu.learnset = Learnset(moves: ["thunderbolt", "thunder-shock", "surf"], versionGroups: ["gold-silver"], methods: ["machine", "level-up", "tutor"],
                                   packed: [word(0, 0, 0, 0), word(1, 0, 0, 0), word(0, 0, 1, 5), word(2, 0, 2, 0)])
        let strings = try TestCatalog.strings()
        let evolve = strings["moves_evolve"]
        let expected = [
            "red-blue": ["Level up": ["1 Thunder Shock"], "TM / HM": ["TM24 Thunderbolt"], "Tutor": ["· Surf"]],
            "gold-silver": ["Level up": ["\(evolve) Thunderbolt", "1 Thunder Shock", "26 Thunderbolt"],
                            "TM / HM": ["TM02 Thunder Shock", "TM10 Thunderbolt", "— Surf"]],
        ]
        // Facts made per page, and facts (and machine rows) shared by a site's pages: the
        // second page takes rows the first made.
        var shared = TestCatalog.index(catalog)
        shared.moveFacts = Learnsets.MoveFactsCache(strings: strings)
        for index in [TestCatalog.index(catalog), shared] {
            let first = tables(PokemonMovesPage.value(pikachu, index: index, strings: strings))
            #expect(first == expected)
            let second = tables(PokemonMovesPage.value(raichu, index: index, strings: strings))
            #expect(second == ["gold-silver": ["TM / HM": ["TM02 Thunder Shock", "TM10 Thunderbolt"], "Level up": ["5 Thunderbolt"], "Tutor": ["· Surf"]]])
        }
        // Each row whole, in both kinds of table: the move's own fields and its first column.
        let group = catalog.versionGroups[0]
        let entries = pikachu.learnset.entries(in: group.slug)
        let firsts: [String: [(String, TemplateValue)]] = [
            "Level up": [("thunderbolt", .string(evolve)), ("thunder-shock", "1"), ("thunderbolt", "26")],
            "TM / HM": [("thunder-shock", "TM02"), ("thunderbolt", "TM10"), ("surf", "—")],
        ]
        for compact in [true, false] {
            var memo = Learnsets.MoveFactsMemo(compact: compact)
            guard case .array(let made) = Learnsets.tables(entries, group: group, index: shared, strings: strings, memo: &memo) else {
                Issue.record("no tables")
                continue
            }
            #expect(made.count == 2)
            for table in made {
                let title = table.member("title")?.text ?? "?"
                guard case .array(let rows)? = table.member("moves"), let expected = firsts[title] else {
                    Issue.record("an unexpected table \(title)")
                    continue
                }
                let wanted = expected.map { slug, first in
                    var fields = Learnsets.make(slug, index: shared, strings: strings, compact: compact).fields
                    fields["first"] = first
                    return Self.describe(.dictionary(fields))
                }
                #expect(rows.map(Self.describe) == wanted, "\(title), compact \(compact)")
            }
        }
    }

    /// A value as text, keys in order: what a template could read of it.
    static func describe(_ value: TemplateValue) -> String {
        switch value {
        case .dictionary(let dictionary): return "{" + dictionary.map { "\($0.key)=\(describe($0.value))" }.joined(separator: " ") + "}"
        case .array(let items): return "[" + items.map(describe).joined(separator: " ") + "]"
        case .null: return "null"
        default: return value.text ?? "?"
        }
    }
}
