import Common
import Foundation

/// What each page of the last build read (``ReadLog``), and a digest of it: the next build
/// reuses a page whose reads all have the same fingerprints (``ReadPrints``), under the same
/// template and settings, without building its view model. Kept beside the manifest as
/// `.pokedex-inputs` (binary, sorted: the same bytes for the same site).
///
/// A page missing here (an older site, a page that was not built) is built as before: its
/// view model, then its key (``PageKey``) against the manifest's.
struct PageInputs: Sendable {
    static let fileName = ".pokedex-inputs"
    static let format = "page-inputs-1"

    /// One page's template, reads and digest.
    struct Entry: Sendable {
        var template: String
        /// Sorted.
        var reads: [String]
        var digest: UInt64
    }

    var pages: [String: Entry] = [:]

    /// The digest of a page's inputs: everything its view model is made of.
    ///
    /// `settings` covers what every page of a language shares (``SiteBuilder/settingsKey``);
    /// `templateKey` the template's closure and the words it shows.
    static func digest(settings: UInt64, template: String, templateKey: String, reads: [String], prints: ReadPrints) -> UInt64 {
        var hash = Fingerprint()
        hash.add(format)
        hash.add(Int(bitPattern: UInt(settings)))
        hash.add(template)
        hash.add(templateKey)
        for name in reads {
            hash.add(name)
            hash.add(Int(bitPattern: UInt(prints[name])))
        }
        return hash.value
    }

    /// The inputs the site in `site` was built with; none when absent, unreadable or older.
    static func read(from site: URL?) -> PageInputs {
        guard let site, let data = try? Data(contentsOf: site.appendingPathComponent(fileName)),
              let stored = try? BinaryCoder.decode(Stored.self, from: data, format: format)
        else { return PageInputs() }
        var inputs = PageInputs()
        for page in stored.pages {
            guard stored.templates.indices.contains(page.template),
                  page.reads.allSatisfy({ stored.names.indices.contains($0) }) else { return PageInputs() }
            inputs.pages[page.path] = Entry(template: stored.templates[page.template], reads: page.reads.map { stored.names[$0] },
                                            digest: page.digest)
        }
        return inputs
    }

    /// The file's bytes: names and templates once, sorted; pages by path.
    func encoded() throws -> Data {
        // Each read looked up once (pages read a hundred thousand names, a few thousand of
        // them different): numbered as met, then renumbered in name order.
        let sortedPages = pages.sorted { $0.key < $1.key }
        var met: [String: Int] = [:]
        var firstNumbers: [[Int]] = []
        firstNumbers.reserveCapacity(sortedPages.count)
        for (_, entry) in sortedPages {
            firstNumbers.append(entry.reads.map { name in
                if let number = met[name] { return number }
                met[name] = met.count
                return met.count - 1
            })
        }
        let names = met.keys.sorted()
        var renumbered = [Int](repeating: 0, count: names.count)
        for (position, name) in names.enumerated() { renumbered[met[name] ?? 0] = position }
        let templates = Array(Set(pages.values.map(\.template))).sorted()
        let templateIndex = Dictionary(uniqueKeysWithValues: templates.enumerated().map { ($1, $0) })
        let stored = Stored(names: names, templates: templates, pages: zip(sortedPages, firstNumbers).map { page, numbers in
            Stored.Page(path: page.key, template: templateIndex[page.value.template] ?? 0, digest: page.value.digest,
                        reads: numbers.map { renumbered[$0] })
        })
        return try BinaryCoder.encode(stored, format: Self.format)
    }

    private struct Stored: Codable {
        struct Page: Codable {
            var path: String
            var template: Int
            var digest: UInt64
            var reads: [Int]
        }

        var names: [String]
        var templates: [String]
        var pages: [Page]
    }
}

/// One language's side of reusing pages by their reads: the last build's inputs, this
/// build's fingerprints and settings key.
struct PageReads: Sendable {
    var previous = PageInputs()
    var prints = ReadPrints()
    var settings: UInt64 = 0

    /// The digest of a page with this template and these reads, in this build.
    func digest(template: String, theme: Theme, reads: [String]) -> UInt64 {
        PageInputs.digest(settings: settings, template: template, templateKey: theme.templateKeys[template] ?? theme.fingerprint,
                          reads: reads, prints: prints)
    }
}
