import Common
import Foundation
import Synchronization

/// One language's reverse index (``ReverseIndex``), made only when something needs it.
///
/// A build needs two things of the index on every page's check: the fingerprints of its
/// entries (`rl:thunderbolt`, who learns Thunderbolt: what the unchanged pages are checked
/// against) and which moves, abilities, items and egg groups get pages. Both are kept in the
/// site (``fileName``) with the key of the index's inputs (``ReverseIndex/Inputs/key``): when
/// the inputs are the last build's, so is the index, and the kept summary stands for it. The
/// index itself is then made only if a page being rendered reads it (a move's page, a
/// type's). A species' text edited leaves every input as it was: the rebuild makes no index
/// (on the mirror a sixteenth of its CPU, with the entries' fingerprints).
final class ReverseTable: Sendable {
    /// What a build keeps of its index.
    struct Summary: Sendable, Equatable {
        /// The key of the inputs it was made of.
        var key: UInt64
        /// Each entry's read fingerprint, and each kind's (`rl:*`), and the pages' lists' (`rp:moves`).
        var prints: [String: UInt64]
        var moves: [String], abilities: [String], items: [String], eggGroups: [String]
    }

    let key: UInt64
    /// The last build's summary, when it was made of these very inputs.
    let taken: Summary?
    private let inputs: ReverseIndex.Inputs
    private let made: Mutex<ReverseIndex?>

    /// The index of `inputs`: made now, unless `last` was made of the same inputs, or
    /// `previous` (an earlier catalog's, in this process: serve's last) was: then its index,
    /// made or not yet, stands for this one.
    init(inputs: ReverseIndex.Inputs, last: Summary?, previous: ReverseTable? = nil) {
        self.inputs = inputs
        key = inputs.key
        if let previous, previous.key == key {
            taken = previous.taken
            made = Mutex(previous.made.withLock { $0 })
            return
        }
        taken = last?.key == key ? last : nil
        made = Mutex(taken == nil ? ReverseIndex(inputs) : nil)
    }

    /// The index, made the first time it is asked for when the last build's summary stood
    /// for it (pages rendering at once wait for the one making it).
    var index: ReverseIndex {
        made.withLock { made in
            if let made { return made }
            let index = ReverseIndex(inputs)
            made = index
            return index
        }
    }

    /// What a build says of it (`--verbose`): taken from the last build or made, and why.
    var report: String {
        guard taken != nil else { return "made (no last build made of the same inputs)" }
        return made.withLock { $0 == nil } ? "the last build's, its inputs unchanged: not made again"
            : "the last build's, its inputs unchanged; made again for the pages that list it"
    }

    var movesWithPages: [String] { taken?.moves ?? index.movesWithPages }
    var abilitiesWithPages: [String] { taken?.abilities ?? index.abilitiesWithPages }
    var itemsWithPages: [String] { taken?.items ?? index.itemsWithPages }
    /// The egg groups some species belongs to, sorted: each gets a page.
    var eggGroups: [String] { taken?.eggGroups ?? index.eggGroupMembers.keys.sorted() }

    /// What the next build keeps of this one: `prints`, the entries' fingerprints.
    func summary(prints: [String: UInt64]) -> Summary {
        Summary(key: key, prints: prints, moves: movesWithPages, abilities: abilitiesWithPages, items: itemsWithPages, eggGroups: eggGroups)
    }
}

extension ReverseTable {
    /// Kept beside the page inputs, by language; the same bytes for the same inputs.
    static let fileName = ".pokedex-reverse"
    static let format = "reverse-summaries-1"

    /// The summaries kept in the site in `site` by this very `tool`, by language; none when
    /// absent, damaged, of another format or written by another build of the tool (whose
    /// index may be made differently of the same inputs).
    static func read(from site: URL?, tool: String?) -> [String: Summary] {
        guard let site, let tool, let data = try? Data(contentsOf: site.appendingPathComponent(fileName)) else { return [:] }
        let read = try? BinaryCoder.reading(data, format: format) { reader -> [String: Summary]? in
            guard try reader.string() == tool else { return nil }
            var summaries: [String: Summary] = [:]
            for _ in 0..<(try reader.count()) {
                let language = try reader.string()
                let key = try reader.uint64()
                var prints: [String: UInt64] = [:]
                for _ in 0..<(try reader.count()) {
                    let name = try reader.string()
                    prints[name] = try reader.uint64()
                }
                summaries[language] = Summary(key: key, prints: prints, moves: try reader.strings(), abilities: try reader.strings(),
                                              items: try reader.strings(), eggGroups: try reader.strings())
            }
            return summaries
        }
        return (read ?? nil) ?? [:]
    }

    /// The file's bytes: `summaries` by language, each one's fingerprints by name.
    static func encoded(_ summaries: [String: Summary], tool: String) -> [UInt8] {
        BinaryCoder.encodedBytes(record: StoredFile(tool: tool, summaries: summaries), format: format)
    }

    private struct StoredFile: BinaryWritable {
        var tool: String
        var summaries: [String: Summary]

        func write(record writer: BinaryRecordWriter) {
            writer.string(tool)
            writer.count(summaries.count)
            for (language, summary) in summaries.sorted(by: { $0.key < $1.key }) {
                writer.string(language)
                writer.uint64(summary.key)
                writer.count(summary.prints.count)
                for (name, print) in summary.prints.sorted(by: { $0.key < $1.key }) {
                    writer.string(name)
                    writer.uint64(print)
                }
                for list in [summary.moves, summary.abilities, summary.items, summary.eggGroups] { writer.strings(list) }
            }
        }
    }
}
