import Common
import Foundation
import Testing
import TestSupport
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

    @Test("the reads file reads back as written, the same bytes whatever order the pages came in")
    func readsFileRoundTrip() throws {
        var forward = PageInputs(), backward = PageInputs()
        var pages: [(String, PageInputs.Entry)] = []
        for page in 0..<40 {
            var reads: [String] = ["labels"]
            for read in 0..<(page % 7 + 1) { reads.append("p:\((read * 13 + page) % 23)") }
            let template = page % 3 == 0 ? "detail" : "type"
            let digest = UInt64(page) &* 0x9E37_79B9_7F4A_7C15
            pages.append(("pokemon/\(page).html", PageInputs.Entry(template: template, reads: Array(Set(reads)).sorted(), digest: digest)))
        }
        for (path, entry) in pages { forward.pages[path] = entry }
        for (path, entry) in pages.reversed() { backward.pages[path] = entry }
        let bytes = try forward.encoded()
        #expect(bytes == (try backward.encoded()))
        let folder = try TestSupportPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try bytes.write(to: folder.appendingPathComponent(PageInputs.fileName))
        let read = PageInputs.read(from: folder)
        #expect(read.pages.count == pages.count)
        for (path, entry) in pages {
            #expect(read.pages[path]?.reads == entry.reads && read.pages[path]?.template == entry.template && read.pages[path]?.digest == entry.digest)
        }
    }
}
