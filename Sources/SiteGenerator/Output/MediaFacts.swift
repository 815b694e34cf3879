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
/// so a build into an empty folder (a CI job, a second site from the same cache) opens no
/// sprite a build before it read.
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
    /// The bytes of the cache's copy as read (``known(for:)``), to write it only when it changes.
    private var cachedBytes: Data?

    init() {}

    /// The facts the site in `site` was built with; none when absent, unreadable or older.
    static func read(from site: URL) -> MediaFacts {
        read(file: site.appendingPathComponent(fileName)).facts
    }

    /// The facts in `file` and its bytes; none when absent, unreadable or older.
    private static func read(file: URL) -> (facts: MediaFacts, bytes: Data?) {
        var read = MediaFacts()
        guard let data = try? Data(contentsOf: file) else { return (read, nil) }
        guard let stored = (try? BinaryCoder.decode([Fact].self, from: data, format: format)) ?? nil else { return (read, data) }
        for fact in stored { read.facts[fact.path] = fact }
        return (read, data)
    }

    /// The copy in the cache for the sprites of `configuration`: one file per sprites root
    /// (its real path hashed), since each fact names its file below that root.
    static func cacheFile(for configuration: SiteConfiguration) -> URL? {
        guard let folder = configuration.factsFolder, let root = configuration.spritesRoot else { return nil }
        var key = Fingerprint()
        key.add(InputFolder(root: root).realRoot)
        return folder.appendingPathComponent("media-\(key.hex).bin")
    }

    /// What the last build into `configuration`'s output learned, with what any build from
    /// the same sprites root kept in the cache (a build into an empty folder has only that);
    /// none with `verify`, which reads every file again. Each fact is taken only while its
    /// file's stamp holds, wherever it was kept.
    static func known(for configuration: SiteConfiguration) -> MediaFacts {
        guard !configuration.verify else { return MediaFacts() }
        var known = read(from: configuration.output)
        if let file = cacheFile(for: configuration) {
            let cached = read(file: file)
            known.cachedBytes = cached.bytes
            known.facts.merge(cached.facts.facts) { site, _ in site }
        }
        return known
    }

    /// Keeps `facts` in the cache for the next build (into any folder), unless the cache
    /// already holds these very bytes (`known`'s). Written beside and renamed over: a
    /// reader sees the old file or the new one. The cache is only a shortcut: a failure
    /// to write it costs the next build a read of each file, nothing else.
    static func keep(_ bytes: Data, for configuration: SiteConfiguration, known: MediaFacts) {
        guard let file = cacheFile(for: configuration), bytes != known.cachedBytes else { return }
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? bytes.write(to: file, options: .atomic)
    }

    /// The fact of `path` when it is still true of the file at `real` with `stamp`.
    func fact(_ path: String, real: String, stamp: FileStamp?) -> Fact? {
        guard let stamp, let fact = facts[path], fact.real == real, fact.stamp == stamp else { return nil }
        return fact
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
