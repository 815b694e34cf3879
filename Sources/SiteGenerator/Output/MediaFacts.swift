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

    init() {}

    /// The facts the site in `site` was built with; none when absent, unreadable or older.
    static func read(from site: URL) -> MediaFacts {
        var read = MediaFacts()
        guard let data = try? Data(contentsOf: site.appendingPathComponent(fileName)),
              let stored = (try? BinaryCoder.decode([Fact].self, from: data, format: format)) ?? nil else { return read }
        for fact in stored { read.facts[fact.path] = fact }
        return read
    }

    /// What the last build into `configuration`'s output learned; none with `verify`, which reads every file again.
    static func known(for configuration: SiteConfiguration) -> MediaFacts {
        configuration.verify ? MediaFacts() : read(from: configuration.output)
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
