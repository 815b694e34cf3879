import Common
import Foundation
import Synchronization

/// What each page of the last build read (``ReadLog``), and a digest of it: the next build
/// reuses a page whose reads all have the same fingerprints (``ReadPrints``), under the same
/// template and settings, without building its view model. Kept beside the manifest as
/// `.pokedex-inputs` (binary, sorted: the same bytes for the same site).
///
/// A page missing here (an older site, a page that was not built) is built and rendered, and
/// written unless its bytes' key (``PageKey``) is the manifest's.
struct PageInputs: Sendable {
    static let fileName = ".pokedex-inputs"
    static let format = "page-inputs-2"

    /// One page's template, reads and digest.
    struct Entry: Sendable {
        var template: String
        /// Numbers in the inputs' ``names``, in the order of the names (sorted).
        var reads: [UInt32]
        var digest: UInt64
    }

    var pages: [String: Entry] = [:]
    /// Every name a page read, each once: a page's reads are numbers into it. At ten times
    /// the dex the pages read millions of names, as texts 66 MB held until the build ends.
    /// A build's inputs share the last build's table, so a page taken by its reads keeps its
    /// entry as it is.
    let names: ReadNames

    init(names: ReadNames = ReadNames()) {
        self.names = names
    }

    /// An entry for a page of `template` that read `reads` (sorted), its names numbered in ``names``.
    func entry(template: String, reads: [String], digest: UInt64) -> Entry {
        Entry(template: template, reads: names.numbers(of: reads), digest: digest)
    }

    /// The names a page's entry read.
    func reads(of entry: Entry) -> [String] {
        names.names(of: entry.reads)
    }

    /// The digest of a page's inputs: everything its view model is made of.
    ///
    /// `settings` covers what every page of a language shares (``SiteBuilder/settingsKey``);
    /// `templateKey` the template's closure and the words it shows; `terms` each read's name
    /// and fingerprint in this build (``term(name:print:)``), in the reads' order.
    static func digest(settings: UInt64, template: String, templateKey: String, terms: some Sequence<UInt64>) -> UInt64 {
        var hash = Fingerprint()
        hash.add(format)
        hash.add(Int(bitPattern: UInt(settings)))
        hash.add(template)
        hash.add(templateKey)
        for term in terms { hash.add(Int(bitPattern: UInt(term))) }
        return hash.value
    }

    /// What one read adds to a page's digest: its name and its fingerprint. Hashed once per
    /// name and build (``PageReads/terms()``), not once per page that read it: a list page
    /// reads thousands of names, and hashing each name and finding its fingerprint again for
    /// every page was a tenth of a one-resource rebuild's CPU.
    static func term(name: String, print: UInt64) -> UInt64 {
        var hash = Fingerprint()
        hash.add(name)
        hash.add(Int(bitPattern: UInt(print)))
        return hash.value
    }

    /// The inputs the site in `site` was built with; none when absent, unreadable or older.
    ///
    /// Read straight into the entries: at ten times the dex a page's reads as `[Int]` first
    /// were 16 MB more at the start of an incremental build.
    static func read(from site: URL?) -> PageInputs {
        guard let site, let data = try? Data(contentsOf: site.appendingPathComponent(fileName)) else { return PageInputs() }
        // Nil (damaged, or numbers out of range) and a throw (cut short, another format) alike.
        let read = try? BinaryCoder.reading(data, format: format) { reader -> PageInputs? in
            let names = try reader.strings()
            // The file names each read once: its numbers are the table's.
            guard Set(names).count == names.count else { return nil }
            let templates = try reader.strings()
            var inputs = PageInputs(names: ReadNames(names))
            let count = try reader.count()
            inputs.pages.reserveCapacity(min(count, 1 << 20))
            for _ in 0..<count {
                let path = try reader.string()
                let template = try reader.int()
                let digest = try reader.uint64()
                let readCount = try reader.count()
                var reads: [UInt32] = []
                reads.reserveCapacity(min(readCount, 1 << 16))
                for _ in 0..<readCount {
                    let number = try reader.int()
                    guard names.indices.contains(number) else { return nil }
                    reads.append(UInt32(number))
                }
                guard templates.indices.contains(template) else { return nil }
                inputs.pages[path] = Entry(template: templates[template], reads: reads, digest: digest)
            }
            return inputs
        }
        guard let read, let inputs = read else { return PageInputs() }
        return inputs
    }

    /// The file's bytes: names and templates once, sorted; pages by path.
    ///
    /// Written straight from the entries: at ten times the dex the
    /// pages' renumbered reads, made whole first, were 40 MB at the build's peak.
    func encoded() -> [UInt8] {
        // The names the pages read (the table may hold more, of pages no longer built),
        // numbered as met, then renumbered in name order: the same bytes however the table
        // was filled.
        let sortedPages = pages.sorted { $0.key < $1.key }
        let table = self.names.all
        var firstSeen = [Int32](repeating: -1, count: table.count)
        var metNames: [String] = []
        for (_, entry) in sortedPages {
            for number in entry.reads where firstSeen[Int(number)] < 0 {
                firstSeen[Int(number)] = Int32(metNames.count)
                metNames.append(table[Int(number)])
            }
        }
        let order = metNames.indices.sorted { metNames[$0] < metNames[$1] }
        var position = [Int32](repeating: -1, count: table.count)
        for (number, first) in firstSeen.enumerated() where first >= 0 {
            position[number] = Int32(first)
        }
        var renumbered = [Int32](repeating: 0, count: metNames.count)
        for (place, first) in order.enumerated() { renumbered[first] = Int32(place) }
        for number in position.indices where position[number] >= 0 { position[number] = renumbered[Int(position[number])] }
        let templates = Array(Set(pages.values.map(\.template))).sorted()
        let file = StoredFile(names: order.map { metNames[$0] }, templates: templates, pages: sortedPages, position: position)
        // Room for what it writes, about: each read a varint of at most three bytes below a
        // million names, each page its path and a few numbers.
        let reads = sortedPages.reduce(0) { $0 + $1.value.reads.count }
        let texts = file.names.reduce(0) { $0 + $1.utf8.count + 2 } + sortedPages.reduce(0) { $0 + $1.key.utf8.count + 16 }
        return BinaryCoder.encodedBytes(record: file, format: Self.format, capacity: texts + reads * 3 + 1024)
    }

    /// The file: names, templates, then each page's path, template number, digest and reads
    /// (numbers into the names), as ``read(from:)`` reads it.
    private struct StoredFile: BinaryWritable {
        var names: [String]
        var templates: [String]
        var pages: [(key: String, value: Entry)]
        /// The file's number of each table number (-1: no page reads it).
        var position: [Int32]

        func write(record writer: BinaryRecordWriter) {
            writer.strings(names)
            writer.strings(templates)
            let templateIndex = Dictionary(uniqueKeysWithValues: templates.enumerated().map { ($1, $0) })
            writer.count(pages.count)
            for (path, entry) in pages {
                writer.string(path)
                writer.int(templateIndex[entry.template] ?? 0)
                writer.uint64(entry.digest)
                writer.count(entry.reads.count)
                for number in entry.reads { writer.int(Int(position[Int(number)])) }
            }
        }
    }
}

/// The names pages read, each once, numbered as first met (``PageInputs/names``).
final class ReadNames: Sendable {
    private let table: Mutex<Numbering<String>>

    /// A table of `names`, each once.
    init(_ names: [String] = []) {
        table = Mutex(Numbering(names))
    }

    /// The numbers of `names`, each new one added.
    func numbers(of names: [String]) -> [UInt32] {
        table.withLock { table in names.map { table.number(of: $0) } }
    }

    /// The names of `numbers`.
    func names(of numbers: [UInt32]) -> [String] {
        table.withLock { table in numbers.map { table.values[Int($0)] } }
    }

    /// Every name, in number order.
    var all: [String] { table.withLock { $0.values } }
}

/// One language's side of reusing pages by their reads: the last build's inputs, this
/// build's fingerprints and settings key.
struct PageReads: Sendable {
    var previous = PageInputs()
    var prints = ReadPrints()
    var settings: UInt64 = 0

    /// Each name's term in the last build's table, by number (``PageInputs/term(name:print:)``):
    /// what ``digest(of:theme:terms:)`` adds for a read.
    func terms() -> [UInt64] {
        previous.names.all.map { PageInputs.term(name: $0, print: prints[$0]) }
    }

    /// The digest of a last build's page with this template and these reads, in this build;
    /// nil when it read a name `terms` (``terms()``) does not number.
    func digest(of entry: PageInputs.Entry, theme: Theme, terms: [UInt64]) -> UInt64? {
        guard entry.reads.allSatisfy({ Int($0) < terms.count }) else { return nil }
        return digest(template: entry.template, theme: theme, terms: entry.reads.lazy.map { terms[Int($0)] })
    }

    /// The digest of what a language's files beside its pages (the search files and
    /// pokedex.json, ``SiteBuilder/writeLanguageIndexes``) read, in this build: the settings,
    /// their name (`files`) and the reads, no theme template key.
    func digest(files: String, reads: [String]) -> UInt64 {
        PageInputs.digest(settings: settings, template: files, templateKey: "",
                          terms: reads.lazy.map { PageInputs.term(name: $0, print: prints[$0]) })
    }

    /// The digest of a page with this template and these reads, in this build.
    func digest(template: String, theme: Theme, reads: [String]) -> UInt64 {
        digest(template: template, theme: theme, terms: reads.lazy.map { PageInputs.term(name: $0, print: prints[$0]) })
    }

    private func digest(template: String, theme: Theme, terms: some Sequence<UInt64>) -> UInt64 {
        PageInputs.digest(settings: settings, template: template, templateKey: theme.templateKeys[template] ?? theme.fingerprint,
                          terms: terms)
    }
}
