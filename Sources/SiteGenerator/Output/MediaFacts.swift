import Common
import Foundation

/// What the last build learned by reading each media file it published: that its first
/// bytes are an image's or a sound's, its PNG size and, for a sprite a Pokémon leads with,
/// where its opaque pixels lie. Kept beside the manifest as `.pokedex-media` (binary,
/// sorted: the same bytes for the same files) and taken again only for a file at the same
/// real path with the same stamp (size, modification time, inode), as the catalog's records
/// are, so an unchanged sprite is `stat`ed, not opened; `build --verify` reads every file
/// again. The path is still resolved inside the sprites root every build. (Not the status
/// change time, which no one can set: linking a sprite into the site changes it every build.)
/// A copy is kept in the cache's own folder, one per sprites root (``keep(_:for:known:)``),
/// so a build into an empty folder (a second site from the same cache, a CI job whose cache
/// stays on the same disk: a restored archive has new inodes) opens no sprite a build
/// before it read.
struct MediaFacts: Sendable {
    static let fileName = ".pokedex-media"
    static let format = "media-facts-1"

    struct Fact: Codable, Sendable, Equatable {
        var path: String
        /// Where the file really is (symlinks resolved), below the sprites root's real path
        /// (the file is published with the site: it names no folder of the machine's), and
        /// its stamp there.
        var real: String
        var stamp: FileStamp
        /// The PNG header's size; nil for anything else.
        var width: Int?
        var height: Int?
        /// Whether the opaque pixels were looked for, and their bounds (nil: none, or not a PNG that can be read).
        var contentRead = false
        var content: [Int]?
    }

    private(set) var facts: [String: Fact] = [:]
    /// The cache's copy as read (``known(for:site:)``): every build's from the same sprites root,
    /// asked after `facts`; none with `verify`.
    private var cached: [String: Fact] = [:]
    /// The cache's copy, which this build's facts are laid over to keep it (with `verify`
    /// too: the files it did not look at keep their facts, each still checked by its stamp).
    private var carried: [String: Fact] = [:]

    init() {}

    /// The facts the site in `site` was built with; none when absent, unreadable or older.
    static func read(from site: URL) -> MediaFacts {
        decode((try? Data(contentsOf: site.appendingPathComponent(fileName))) ?? Data())
    }

    /// The facts in `bytes`; none when unreadable or older.
    private static func decode(_ bytes: Data) -> MediaFacts {
        var read = MediaFacts()
        guard let stored = (try? BinaryCoder.decode([Fact].self, from: bytes, format: format)) ?? nil else { return read }
        for fact in stored { read.facts[fact.path] = fact }
        return read
    }

    /// The copy in the cache for the sprites of `configuration`: one file per sprites root
    /// (its real path hashed), since each fact names its file below that root.
    static func cacheFile(for configuration: SiteConfiguration) -> URL? {
        guard let folder = configuration.factsFolder, let root = configuration.spritesRoot else { return nil }
        var key = Fingerprint()
        key.add(InputFolder(root: root).realRoot)
        return folder.appendingPathComponent("media-\(key.hex).bin")
    }

    /// What the last build learned, kept in its site `site` (nil: none taken), then what the
    /// builds from the same sprites root kept in the cache (all a build into an empty folder
    /// has); none with `verify`, which reads every file again. A fact is taken only while its
    /// file's stamp holds, wherever it was kept. A builder passes the last site only when it
    /// is as its build left it (``StagingFolder/trustedPrevious``): a copy edited by hand
    /// gave the pages the sizes it claimed.
    static func known(for configuration: SiteConfiguration, site folder: URL?) -> MediaFacts {
        let site = configuration.verify ? Data() : folder.flatMap { try? Data(contentsOf: $0.appendingPathComponent(fileName)) } ?? Data()
        var known = decode(site)
        if let file = cacheFile(for: configuration), let bytes = try? Data(contentsOf: file) {
            // Most often the very bytes of the site's: decoded once.
            known.carried = bytes == site ? known.facts : decode(bytes).facts
            if !configuration.verify { known.cached = known.carried }
        }
        return known
    }

    /// Keeps what this build read (`facts`) in the cache for the next build into any folder,
    /// over what `known` found there: a site of another selection from the same root keeps
    /// its files' facts. Written only when that changes anything, beside the file and
    /// renamed over it, so a reader sees the old file or the new one. The cache is only a
    /// shortcut: a failure to write it costs the next build a read of each file.
    static func keep(_ facts: MediaFacts, for configuration: SiteConfiguration, known: MediaFacts) {
        guard let file = cacheFile(for: configuration) else { return }
        var kept = MediaFacts()
        kept.facts = known.carried.merging(facts.facts) { _, read in read }
        guard kept.facts != known.carried, let bytes = try? kept.encoded() else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? bytes.write(to: file, options: .atomic)
    }

    /// The fact of `path` when it is still true of the file at `real` with `stamp`: the
    /// site's, else the cache's.
    func fact(_ path: String, real: String, stamp: FileStamp?) -> Fact? {
        guard let stamp else { return nil }
        if let fact = facts[path], fact.real == real, fact.stamp == stamp { return fact }
        if let fact = cached[path], fact.real == real, fact.stamp == stamp { return fact }
        return nil
    }

    mutating func record(_ fact: Fact) {
        facts[fact.path] = fact
    }

    /// The file's bytes: by path.
    func encoded() throws -> Data {
        try BinaryCoder.encode(facts.values.sorted { $0.path < $1.path }, format: Self.format)
    }
}

extension MediaFacts.Fact {
    var size: PNGSize? {
        guard let width, let height else { return nil }
        return PNGSize(width: width, height: height)
    }

    var bounds: PNGContent? {
        guard let content, content.count == 4 else { return nil }
        return PNGContent(x: content[0], y: content[1], width: content[2], height: content[3])
    }
}

/// Field by field, in its `CodingKeys` order: the bytes `Codable` writes. A site's facts
/// name every media file (thousands), read and written again by every build.
extension MediaFacts.Fact: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(path: try reader.string(), real: try reader.string(), stamp: try FileStamp(record: reader),
                  width: try reader.optionalInt(), height: try reader.optionalInt(),
                  contentRead: try reader.bool(), content: try reader.optionalInts())
    }

    func write(record writer: BinaryRecordWriter) {
        writer.string(path)
        writer.string(real)
        stamp.write(record: writer)
        writer.optional(width)
        writer.optional(height)
        writer.bool(contentRead)
        writer.optional(content)
    }
}
