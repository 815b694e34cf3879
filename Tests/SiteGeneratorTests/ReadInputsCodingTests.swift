import Common
import Foundation
import Testing
import TestSupport
import Pokedex
@testable import SiteGenerator

/// The forms the read fingerprints and the reads file are written in.
@Suite("Read fingerprints and the reads file")
struct ReadInputsCodingTests {
    @Test("who learns a move and who has an ability write what Codable writes")
    func recordForms() throws {
        let learners = [ReverseIndex.Learner(pokemon: "pikachu", method: "level-up", level: 26, versionGroup: "scarlet-violet"),
                        ReverseIndex.Learner(pokemon: "raichu-alola", method: "machine", level: 0, versionGroup: "sword-shield")]
        let bytes = try BinaryCoder.encode(learners, format: "t")
        #expect(bytes == (try BinaryCoder.encode(CodableForm(learners.map(CodableForm.init)), format: "t")))
        #expect(try BinaryCoder.decode([ReverseIndex.Learner].self, from: bytes, format: "t") == learners)
        let holders = [ReverseIndex.Holder(pokemon: "pikachu", hidden: true), ReverseIndex.Holder(pokemon: "raichu", hidden: false)]
        let held = try BinaryCoder.encode(holders, format: "t")
        #expect(held == (try BinaryCoder.encode(CodableForm(holders.map(CodableForm.init)), format: "t")))
        #expect(try BinaryCoder.decode([ReverseIndex.Holder].self, from: held, format: "t") == holders)
    }

    @Test("who learns a move: the newest group's ways, each once, read back from shared tables as written")
    func learnerLists() throws {
        var catalog = TestCatalog.make()
        catalog.versionGroups = [VersionGroupInfo(slug: "scarlet-violet", name: "Scarlet, Violet", order: 2, generation: 9, versions: []),
                                 VersionGroupInfo(slug: "sword-shield", name: "Sword, Shield", order: 1, generation: 8, versions: [])]
        func word(_ move: UInt64, _ group: UInt64, _ method: UInt64, _ level: UInt64) -> UInt64 {
            move << 32 | group << 20 | method << 8 | level
        }
        var pikachu = Pokemon(id: 25, slug: "pikachu", speciesID: 25, name: "Pikachu", isDefault: true, types: ["electric"],
                              height: 4, weight: 60, abilities: [], stats: [], sprites: Sprites())
        // Thunderbolt: level 26 and by machine in Sword/Shield, by machine only in Scarlet/Violet
        // (the newest group), listed twice there; Surf in Sword/Shield only.
        pikachu.learnset = Learnset(moves: ["thunderbolt", "surf"], versionGroups: ["sword-shield", "scarlet-violet"],
                                    methods: ["level-up", "machine"],
                                    packed: [word(0, 0, 0, 26), word(0, 0, 1, 0), word(0, 1, 1, 0), word(0, 1, 1, 0), word(1, 0, 1, 0)])
        var raichu = Pokemon(id: 26, slug: "raichu-alola", speciesID: 26, name: "Alolan Raichu", isDefault: false, types: ["electric"],
                             height: 7, weight: 210, abilities: [], stats: [], sprites: Sprites())
        // Its own tables in another order: the shared ones map them.
        raichu.learnset = Learnset(moves: ["surf", "thunderbolt"], versionGroups: ["scarlet-violet"], methods: ["machine", "level-up"],
                                   packed: [word(1, 0, 1, 1), word(0, 0, 0, 0)])
        let reverse = ReverseIndex(catalog: catalog, pages: [pikachu, raichu])
        let thunderbolt = try #require(reverse.learners["thunderbolt"])
        #expect(Array(thunderbolt) == [
            ReverseIndex.Learner(pokemon: "pikachu", method: "machine", level: 0, versionGroup: "scarlet-violet"),
            ReverseIndex.Learner(pokemon: "raichu-alola", method: "level-up", level: 1, versionGroup: "scarlet-violet"),
        ])
        let surf = try #require(reverse.learners["surf"])
        #expect(Array(surf) == [
            ReverseIndex.Learner(pokemon: "pikachu", method: "machine", level: 0, versionGroup: "sword-shield"),
            ReverseIndex.Learner(pokemon: "raichu-alola", method: "machine", level: 0, versionGroup: "scarlet-violet"),
        ])
        #expect(try BinaryCoder.encode(thunderbolt, format: "t") == (try BinaryCoder.encode(Array(thunderbolt), format: "t")))
        #expect(thunderbolt != surf)
        #expect(LearnerList().isEmpty)
        #expect(Set(reverse.learners.keys) == ["thunderbolt", "surf"])
        #expect(reverse.movesWithPages == ["surf", "thunderbolt"].filter { catalog.moves[$0] != nil }, "a page for each move the catalog has")
    }

    @Test("who learns a move: a newer game teaching it only by a special method does not hide the newest level, machine, egg or tutor")
    func learnersSkipSpecialOnlyGames() throws {
        var catalog = TestCatalog.make()
        // The newest group teaches every move by one method of its own (as Champions' "train").
        catalog.versionGroups = [VersionGroupInfo(slug: "newest-special", name: "Special", order: 3, generation: 9, versions: []),
                                 VersionGroupInfo(slug: "scarlet-violet", name: "Scarlet, Violet", order: 2, generation: 9, versions: []),
                                 VersionGroupInfo(slug: "sword-shield", name: "Sword, Shield", order: 1, generation: 8, versions: [])]
        func word(_ move: UInt64, _ group: UInt64, _ method: UInt64, _ level: UInt64) -> UInt64 {
            move << 32 | group << 20 | method << 8 | level
        }
        var pikachu = Pokemon(id: 25, slug: "pikachu", speciesID: 25, name: "Pikachu", isDefault: true, types: ["electric"],
                              height: 4, weight: 60, abilities: [], stats: [], sprites: Sprites())
        // Thunderbolt: special in the newest group, machine in Scarlet/Violet, level 26 in
        // Sword/Shield. Surf: special only. Thunder Shock: special and level 1 in the newest.
        pikachu.learnset = Learnset(moves: ["thunderbolt", "surf", "thunder-shock"],
                                    versionGroups: ["sword-shield", "newest-special", "scarlet-violet"],
                                    methods: ["level-up", "special", "machine"],
                                    packed: [word(0, 1, 1, 0), word(0, 2, 2, 0), word(0, 0, 0, 26), word(1, 1, 1, 0), word(1, 0, 1, 0),
                                             word(2, 1, 1, 0), word(2, 1, 0, 1)])
        let reverse = ReverseIndex(catalog: catalog, pages: [pikachu])
        #expect(Array(try #require(reverse.learners["thunderbolt"])) == [
            ReverseIndex.Learner(pokemon: "pikachu", method: "machine", level: 0, versionGroup: "scarlet-violet"),
        ])
        #expect(Array(try #require(reverse.learners["surf"])) == [
            ReverseIndex.Learner(pokemon: "pikachu", method: "special", level: 0, versionGroup: "newest-special"),
        ])
        #expect(Array(try #require(reverse.learners["thunder-shock"])) == [
            ReverseIndex.Learner(pokemon: "pikachu", method: "special", level: 0, versionGroup: "newest-special"),
            ReverseIndex.Learner(pokemon: "pikachu", method: "level-up", level: 1, versionGroup: "newest-special"),
        ])
    }

    @Test("the reads file reads back as written, the same bytes whatever order the pages and names came in")
    func readsFileRoundTrip() throws {
        var forward = PageInputs(), backward = PageInputs(names: ReadNames(["unread", "p:22"]))
        var pages: [(path: String, template: String, reads: [String], digest: UInt64)] = []
        for page in 0..<40 {
            var reads: [String] = ["labels"]
            for read in 0..<(page % 7 + 1) { reads.append("p:\((read * 13 + page) % 23)") }
            let template = page % 3 == 0 ? "detail" : "type"
            pages.append(("pokemon/\(page).html", template, Array(Set(reads)).sorted(), UInt64(page) &* 0x9E37_79B9_7F4A_7C15))
        }
        // Each numbers the names in its own order (the backward one after names no page read).
        for page in pages { forward.pages[page.path] = forward.entry(template: page.template, reads: page.reads, digest: page.digest) }
        for page in pages.reversed() {
            backward.pages[page.path] = backward.entry(template: page.template, reads: page.reads, digest: page.digest)
        }
        #expect(forward.names.all != backward.names.all)
        let bytes = forward.encoded()
        #expect(bytes == backward.encoded())
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(bytes).write(to: folder.appendingPathComponent(PageInputs.fileName))
        let read = PageInputs.read(from: folder)
        #expect(read.pages.count == pages.count)
        #expect(!read.names.all.contains("unread"))
        for page in pages {
            let entry = try #require(read.pages[page.path])
            #expect(read.reads(of: entry) == page.reads && entry.template == page.template && entry.digest == page.digest)
        }
        // A file cut short, or with bytes after its end, is no inputs at all: every page is built.
        for damaged in [Array(bytes.dropLast()), bytes + [0], Array(bytes.prefix(bytes.count / 2))] {
            try Data(damaged).write(to: folder.appendingPathComponent(PageInputs.fileName))
            #expect(PageInputs.read(from: folder).pages.isEmpty)
        }
    }
}
