import Common
import Foundation
import PokeAPI
import Synchronization

/// Every resource a catalog was built from, as decoded, kept between builds
/// (`<cache>/.pokedex/records-<key>.bin`) and keyed by each file's stamp: a build
/// decodes JSON only for the files that changed since the last one and takes the rest
/// from here, so one edited flavor text costs one decode, not eight thousand.
///
/// A record is the schema's own value in the build's binary form, stored as bytes and
/// decoded only when the catalog asks for it. The file's key includes ``Wire/shapeKey``:
/// records of another schema are never read. It holds exactly the records the last build
/// used; a corrupt or foreign file only means a slower build.
///
/// One cache serves every language of a build (``CatalogLoader/records``): what one
/// language's catalog decoded, the next one takes as it is.
package final class RecordCache: Sendable {
    struct Entry: Codable, Sendable {
        /// The file's path and the type it was read as.
        var path: String
        var stamp: FileStamp
        var bytes: Data
    }

    static let format = "pokedex-records-4"

    let file: URL?
    private let previous: [String: Entry]
    private let current = Mutex<[String: Entry]>([:])
    private let decodedCount = Mutex(0)
    /// The values already decoded in this process, by path, with the stamp they were read at;
    /// kept only when the cache serves several catalogs (``keepsValues``), since holding every
    /// decoded file for the whole build costs memory one catalog has no use for.
    private let values = Mutex<[String: (stamp: FileStamp, value: any Sendable)]>([:])
    /// Whether decoded values are kept for the next catalog built from this cache.
    let keepsValues: Bool

    /// The records kept in `folder` (nil keeps none: every record is decoded).
    /// The file records are kept in under `folder`, for texts in `languages`.
    static func file(in folder: URL, languages: Set<String>?) -> URL {
        var key = Fingerprint()
        key.add(Wire.shapeKey)
        for language in (languages ?? ["*"]).sorted() { key.add(language) }
        return folder.appendingPathComponent(".pokedex/records-\(key.hex).bin")
    }

    /// `verify`: decode every file again, whatever the kept records say (they are rewritten).
    package init(folder: URL?, languages: Set<String>? = nil, verify: Bool = false, keepsValues: Bool = false) {
        self.keepsValues = keepsValues
        file = folder.map { Self.file(in: $0, languages: languages) }
        var previous: [String: Entry] = [:]
        // Mapped, not read: each record's bytes are a slice of the file (``BinaryCoder`` reads
        // `Data` as slices of its source), so the records are not held twice.
        if !verify, let file, let data = try? Data(contentsOf: file, options: .alwaysMapped),
           let entries = (try? BinaryCoder.decode([Entry].self, from: data, format: Self.format)) ?? nil {
            for entry in entries { previous[entry.path] = entry }
        }
        self.previous = previous
    }

    /// How many records this build decoded from JSON (the rest came from the cache).
    package var decoded: Int { decodedCount.withLock { $0 } }

    /// The record of `path` (with `stamp`): the kept one when the file is unchanged, else
    /// `decodeJSON()`, kept for next time.
    func record<T: Codable & Sendable>(_ type: T.Type, path: String, stamp: FileStamp?, decodeJSON: () throws(CatalogIssue) -> T) throws(CatalogIssue) -> T {
        if let stamp, let value = kept(type, path: path, stamp: stamp) { return value }
        let key = Self.key(path, T.self)
        let value = try decodeJSON()
        decodedCount.withLock { $0 += 1 }
        if let stamp, let bytes = try? BinaryCoder.encode(value, format: "") {
            current.withLock { $0[key] = Entry(path: key, stamp: stamp, bytes: bytes) }
            if keepsValues { values.withLock { $0[key] = (stamp, value) } }
        }
        return value
    }

    /// The kept record of `path` when it was read at `stamp` (by this build or the last), else nil.
    func kept<T: Codable & Sendable>(_ type: T.Type, path: String, stamp: FileStamp) -> T? {
        let key = Self.key(path, T.self)
        if keepsValues, let seen = values.withLock({ $0[key] }), seen.stamp == stamp, let value = seen.value as? T {
            return value
        }
        guard let kept = previous[key], kept.stamp == stamp,
              let value = (try? BinaryCoder.decode(T.self, from: kept.bytes, format: "")) ?? nil else { return nil }
        current.withLock { $0[key] = kept }
        if keepsValues { values.withLock { $0[key] = (stamp, value) } }
        return value
    }

    /// A file read as two types keeps two records (one key each would undo the other).
    private static func key<T>(_ path: String, _ type: T.Type) -> String {
        "\(path) \(String(reflecting: T.self))"
    }

    /// A temporary file of a save that was killed (an hour old), not one another build is writing.
    private static func isStale(_ file: URL) -> Bool {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date else { return false }
        return modified.timeIntervalSinceNow < -3600
    }

    /// Writes the records this build used, when any was new or the set changed.
    package func save() {
        guard let file else { return }
        let entries = current.withLock { $0 }
        guard decoded > 0 || entries.count != previous.count else { return }
        let sorted = entries.values.sorted { $0.path < $1.path }
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard (try? BinaryCoder.encode(sorted, format: Self.format, to: file)) != nil else { return }
        // Records of an older schema (or other languages) are not read by this build; one set is kept.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where (name.hasPrefix("records-") && name.hasSuffix(".bin") && name != file.lastPathComponent)
            || (name.hasPrefix(".records-") && name.hasSuffix(".tmp") && Self.isStale(folder.appendingPathComponent(name))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

/// Field by field, in its `CodingKeys` order: the bytes `Codable` writes, without its
/// containers (a records file holds tens of thousands of entries, read every build).
extension RecordCache.Entry: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(path: try reader.string(), stamp: try FileStamp(record: reader), bytes: try reader.data())
    }

    func write(record writer: BinaryRecordWriter) {
        writer.string(path)
        stamp.write(record: writer)
        writer.data(bytes)
    }
}
