import Common
import Foundation
import Testing
import TestSupport
import Pokedex
@testable import SiteGenerator

/// The reverse index taken from the last build when made of the same inputs, and the species'
/// texts read apart from the rest of it.
@Suite("Reverse index kept between builds")
struct ReverseTableTests {
    static func key(_ catalog: Catalog) -> UInt64 {
        ReverseIndex.Inputs(catalog: catalog, pages: TestCatalog.index(catalog).allPages).key
    }

    @Test("the inputs' key changes with each thing the index reads, and with nothing else")
    func keyCoversInputs() throws {
        func make() -> Catalog {
            var catalog = TestCatalog.make()
            catalog.versionGroups = [VersionGroupInfo(slug: "scarlet-violet", name: "Scarlet, Violet", order: 2, generation: 9, versions: []),
                                     VersionGroupInfo(slug: "red-blue", name: "Red, Blue", order: 1, generation: 1, versions: [])]
            let first = catalog.pokemon.keys.sorted()[0]
            catalog.pokemon[first]?.learnset = Learnset(moves: ["thunderbolt"], versionGroups: ["red-blue"], methods: ["level-up"],
                                                        packed: [0 << 32 | 0 << 20 | 0 << 8 | 26])
            return catalog
        }
        let catalog = make()
        let base = Self.key(catalog)
        #expect(Self.key(make()) == base, "the same catalog, the same key")
        let slug = try #require(catalog.pokemon.keys.sorted().first { !(catalog.pokemon[$0]?.learnset.packed.isEmpty ?? true) })
        var edits: [(String, (inout Catalog) -> Void)] = [
            ("a learned move's level", { catalog in
                let learnset = catalog.pokemon[slug]!.learnset
                catalog.pokemon[slug]!.learnset = Learnset(moves: learnset.moves, versionGroups: learnset.versionGroups,
                                                           methods: learnset.methods, packed: Array(learnset.packed).map { $0 ^ 1 })
            }),
            ("an ability made hidden", { $0.pokemon[slug]!.abilities = [AbilitySlot(ability: "static", isHidden: true, slot: 3)] }),
            ("a held item", { $0.pokemon[slug]!.heldItems.append("light-ball-edited") }),
            ("a held item's rarity", { $0.pokemon[slug]!.heldItemRarities = [HeldItemRarity(item: "oran-berry", version: "red", rarity: 61)] }),
            ("a type", { $0.pokemon[slug]!.types = ["water"] }),
            ("a version group's order", { $0.versionGroups.reverse() }),
            ("an egg group", { $0.species[0].eggGroups.append("dragon") }),
            ("a move the catalog has", { $0.moves["thunderbolt-edited"] = $0.moves.values.first }),
        ]
        if let chain = catalog.evolutionChains.values.first(where: { !$0.root.evolvesTo.isEmpty }) {
            edits.append(("an item a chain's step is triggered by", { catalog in
                var root = chain.root
                root.evolvesTo[0].conditions = [EvolutionCondition(trigger: "use-item", item: "moon-stone")]
                catalog.evolutionChains[chain.id]?.root = root
            }))
        }
        for (what, edit) in edits {
            var changed = catalog
            edit(&changed)
            #expect(Self.key(changed) != base, "\(what) changes the key")
        }
        var texts = catalog
        texts.species[0].flavorText = "Edited."
        texts.moves = texts.moves.mapValues { var move = $0; move.name += " (edited)"; return move }
        #expect(Self.key(texts) == base, "a species' text and a move's name are not the index's inputs")
    }

    @Test("a summary of the same inputs stands for the index until a page reads it; one of others is not taken")
    func takenUntilRead() throws {
        let catalog = TestCatalog.make()
        let inputs = ReverseIndex.Inputs(catalog: catalog, pages: TestCatalog.index(catalog).allPages)
        let made = ReverseTable(inputs: inputs, last: nil)
        #expect(made.taken == nil)
        #expect(made.report.hasPrefix("made"))
        let summary = made.summary(prints: ["rl:*": 7])
        let taken = ReverseTable(inputs: inputs, last: summary)
        #expect(taken.taken == summary)
        #expect(taken.report.hasSuffix("not made again"))
        #expect(taken.movesWithPages == made.movesWithPages && taken.eggGroups == made.eggGroups)
        #expect(taken.report.hasSuffix("not made again"), "the pages' lists come from the summary")
        #expect(taken.index.learners.keys.sorted() == made.index.learners.keys.sorted(), "made when read, the same index")
        #expect(taken.report.hasSuffix("made again for the pages that list it"))
        var other = summary
        other.key &+= 1
        #expect(ReverseTable(inputs: inputs, last: other).taken == nil)
    }

    @Test("an earlier table of the same inputs in this process stands for the index, made or not; one of other inputs does not")
    func takenFromPrevious() throws {
        let catalog = TestCatalog.make()
        let inputs = ReverseIndex.Inputs(catalog: catalog, pages: TestCatalog.index(catalog).allPages)
        let summary = ReverseTable(inputs: inputs, last: nil).summary(prints: ["rl:*": 3])
        let earlier = ReverseTable(inputs: inputs, last: summary)
        let next = ReverseTable(inputs: inputs, last: nil, previous: earlier)
        #expect(next.taken == summary, "the earlier table's summary, with no file read")
        #expect(next.report.hasSuffix("not made again"))
        let made = earlier.index
        let after = ReverseTable(inputs: inputs, last: nil, previous: earlier)
        #expect(after.report.hasSuffix("made again for the pages that list it"), "the earlier table's index is taken as it was made")
        #expect(after.index.learners.keys.sorted() == made.learners.keys.sorted())
        var changed = catalog
        let slug = try #require(changed.pokemon.keys.sorted().first)
        changed.pokemon[slug]!.types = ["water-edited"]
        let otherInputs = ReverseIndex.Inputs(catalog: changed, pages: TestCatalog.index(changed).allPages)
        #expect(otherInputs.key != inputs.key)
        let other = ReverseTable(inputs: otherInputs, last: nil, previous: earlier)
        #expect(other.taken == nil && other.report.hasPrefix("made"), "other inputs: made of them")
    }

    @Test("the kept file reads back as written, and only for the tool that wrote it")
    func fileRoundTrip() throws {
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let summaries = ["en": ReverseTable.Summary(key: 42, prints: ["rl:thunderbolt": 1, "rp:moves": 2], moves: ["thunderbolt"],
                                                    abilities: ["static"], items: [], eggGroups: ["field", "fairy"]),
                         "ja": ReverseTable.Summary(key: 43, prints: [:], moves: [], abilities: [], items: ["light-ball"], eggGroups: [])]
        let bytes = ReverseTable.encoded(summaries, tool: "pokedex 1 (abc)")
        #expect(bytes == ReverseTable.encoded(summaries, tool: "pokedex 1 (abc)"), "the same bytes for the same summaries")
        try Data(bytes).write(to: folder.appendingPathComponent(ReverseTable.fileName))
        #expect(ReverseTable.read(from: folder, tool: "pokedex 1 (abc)") == summaries)
        #expect(ReverseTable.read(from: folder, tool: "pokedex 1 (def)").isEmpty, "another build of the tool takes nothing")
        #expect(ReverseTable.read(from: folder, tool: nil).isEmpty, "no key, nothing taken")
        try Data(bytes.dropLast(3)).write(to: folder.appendingPathComponent(ReverseTable.fileName))
        #expect(ReverseTable.read(from: folder, tool: "pokedex 1 (abc)").isEmpty, "a file cut short is not read")
    }

    @Test("a species' texts are read apart: pages that name it do not depend on its flavor text")
    func speciesTextsApart() async throws {
        var catalog = TestCatalog.make()
        let before = await ReadPrints(index: TestCatalog.index(catalog))
        let species = catalog.species[0]
        catalog.species[0].flavorText = (species.flavorText ?? "") + " Edited."
        let after = await ReadPrints(index: TestCatalog.index(catalog))
        #expect(after["s:" + species.slug] == before["s:" + species.slug], "what lists read of it is unchanged")
        #expect(after["s:*"] == before["s:*"])
        #expect(after["st#:\(species.id)"] != before["st#:\(species.id)"], "its texts changed")
        // A page that shows the texts reads them; one that names the species does not see them.
        let log = ReadLog()
        let index = TestCatalog.index(catalog).recording(into: log)
        let pokemon = try #require(catalog.pokemon.values.first { $0.speciesID == species.id })
        #expect(index.species(of: pokemon)?.flavorText == nil)
        #expect(index.speciesWithTexts(of: pokemon)?.flavorText == catalog.species[0].flavorText)
        #expect(log.keys.contains("st#:\(species.id)"))
    }
}
