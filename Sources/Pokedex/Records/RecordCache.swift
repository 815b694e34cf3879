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
    /// Where one record is in a records file: its file's path (and the type it was read
    /// as), the stamp it was read at, and its bytes' place after the table of entries.
    struct Entry: Codable, Sendable {
        var path: String
        var stamp: FileStamp
        var offset: Int
        var length: Int
    }

    /// A record this build uses: still in the last build's file, or made by this build.
    private enum Bytes: Sendable {
        case kept(offset: Int, length: Int)
        case made(RecordBytes.Place)
    }

    static let format = "pokedex-records-6"
    /// The most a table or one record may take (a pokemon's record is tens of kilobytes,
    /// the table of ten times the dex 3 MB).
    static let largest = 1 << 28

    let file: URL?
    /// The last build's records file, open for reading (its records are read one at a time,
    /// when asked for, with `pread`), its table, and where its bytes begin.
    private let reader: Int32?
    private let previous: [String: Entry]
    private let bytesStart: Int
    private let current = Mutex<[String: (stamp: FileStamp, bytes: Bytes)]>([:])
    /// The bytes of the records this build made.
    private let made = RecordBytes()
    private let decodedCount = Mutex(0)
    /// How many derived records this build made (``keep(_:name:)``).
    private let derivedCount = Mutex(0)
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
    ///
    /// The file is a table of entries (its length first, in eight bytes) and then every
    /// record's bytes. Only the table is read here; a record is read when a build takes it.
    /// Neither mapped nor read whole: at ten times the dex the file is 190 MB, and a mapping
    /// the table's reading touches end to end stayed resident through the whole catalog.
    package init(folder: URL?, languages: Set<String>? = nil, verify: Bool = false, keepsValues: Bool = false) {
        self.keepsValues = keepsValues
        file = folder.map { Self.file(in: $0, languages: languages) }
        var previous: [String: Entry] = [:]
        var reader: Int32?
        var bytesStart = 0
        if !verify, let file {
            // Not blocking: a FIFO in its place is refused by the check below, not waited on.
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            var info = stat()
            if descriptor >= 0, fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
               let head = Self.read(descriptor, offset: 0, length: 8) {
                let size = Int(info.st_size)
                let stated = head.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                // A table (or a record) bigger than any real one is a corrupt or hostile file
                // (a sparse one can claim a terabyte): refused before anything is allocated.
                let tableLength = stated <= UInt64(min(max(size - 8, 0), Self.largest)) ? Int(stated) : -1
                if tableLength >= 0, let table = Self.read(descriptor, offset: 8, length: tableLength),
                   let entries = (try? BinaryCoder.decode([Entry].self, from: table, format: Self.format)) ?? nil {
                    bytesStart = 8 + tableLength
                    for entry in entries where entry.offset >= 0 && entry.length >= 0 && entry.length <= Self.largest
                        && entry.offset <= size - bytesStart && entry.length <= size - bytesStart - entry.offset {
                        previous[entry.path] = entry
                    }
                    reader = descriptor
                }
            }
            if reader == nil, descriptor >= 0 { close(descriptor) }
        }
        self.previous = previous
        self.reader = reader
        self.bytesStart = bytesStart
    }

    deinit {
        if let reader { close(reader) }
    }

    /// `length` bytes of `descriptor` at `offset`, or nil when it has fewer.
    private static func read(_ descriptor: Int32, offset: Int, length: Int) -> Data? {
        var data = Data(count: length)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            var done = 0
            while done < length {
                let count = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// How many records this build decoded from JSON (the rest came from the cache).
    package var decoded: Int { decodedCount.withLock { $0 } }

    /// How many derived records this build made (the rest were taken as kept).
    package var derivedMade: Int { derivedCount.withLock { $0 } }

    /// The record of `path` (with `stamp`): the kept one when the file is unchanged, else
    /// `decodeJSON()`, kept for next time.
    func record<T: Codable & Sendable>(_ type: T.Type, path: String, stamp: FileStamp?, decodeJSON: () throws(CatalogIssue) -> T) throws(CatalogIssue) -> T {
        if let stamp, let value = kept(type, path: path, stamp: stamp) { return value }
        let key = Self.key(path, T.self)
        let value = try decodeJSON()
        decodedCount.withLock { $0 += 1 }
        // A file read twice in one build (its bytes made once already) is not kept twice:
        // made bytes are freed only with the cache.
        let already = current.withLock { current -> Bool in
            guard let record = current[key], record.stamp == stamp, case .made = record.bytes else { return false }
            return true
        }
        if !already, let stamp, let place = try? BinaryCoder.encoded(value, format: "", made.keep) {
            current.withLock { $0[key] = (stamp, .made(place)) }
            if keepsValues { values.withLock { $0[key] = (stamp, value) } }
        }
        return value
    }

    /// The kept record of `path` when it was read at `stamp` (by this build or the last), else nil.
    /// `keptForm`: written in its kept form (``BinaryKept``), as derived records are.
    func kept<T: Codable & Sendable>(_ type: T.Type, path: String, stamp: FileStamp, keptForm: Bool = false) -> T? {
        let key = Self.key(path, T.self)
        if keepsValues, let seen = values.withLock({ $0[key] }), seen.stamp == stamp, let value = seen.value as? T {
            return value
        }
        guard let kept = previous[key], kept.stamp == stamp, let reader,
              let bytes = Self.read(reader, offset: bytesStart + kept.offset, length: kept.length),
              let value = (try? BinaryCoder.decode(T.self, from: bytes, format: "", kept: keptForm)) ?? nil else { return nil }
        current.withLock { $0[key] = (stamp, .kept(offset: kept.offset, length: kept.length)) }
        if keepsValues { values.withLock { $0[key] = (stamp, value) } }
        return value
    }

    /// The stamp every derived record is kept under: no file has a negative size. Whether
    /// one is still good is the record's own business (``DerivedRecord``).
    private static let derivedStamp = FileStamp(size: -1, modified: 0, inode: 0)

    /// The derived record kept as `name` by the last build (or this one), if any.
    func derived<T: Codable & Sendable>(_ type: T.Type, name: String) -> T? {
        kept(type, path: "derived:" + name, stamp: Self.derivedStamp, keptForm: true)
    }

    /// Keeps a derived record made by this build as `name`, for the next one.
    func keep<T: Codable & Sendable>(_ value: T, name: String) {
        let key = Self.key("derived:" + name, T.self)
        guard let place = try? BinaryCoder.encoded(value, format: "", kept: true, made.keep) else { return }
        derivedCount.withLock { $0 += 1 }
        current.withLock { $0[key] = (Self.derivedStamp, .made(place)) }
        if keepsValues { values.withLock { $0[key] = (Self.derivedStamp, value) } }
    }

    /// Keeps the last build's record under `key` (``key(_:_:)``) for the next build without
    /// reading it: a derived record taken whole read none of the records it was made from.
    func carry(_ key: String) {
        guard let kept = previous[key] else { return }
        current.withLock { current in
            if current[key] == nil { current[key] = (kept.stamp, .kept(offset: kept.offset, length: kept.length)) }
        }
    }

    /// A file read as two types keeps two records (one key each would undo the other).
    /// The type's name is the text `String(reflecting:)` gives (which ends in this very
    /// call), without the `Mirror` and the casts it takes to get there: that was 1.5% of
    /// a one-resource rebuild, one per record looked up. A private type would be named by
    /// a memory address that moves with every run, so no record type may be private.
    static func key<T>(_ path: String, _ type: T.Type) -> String {
        path + " " + _typeName(T.self, qualified: true)
    }

    /// A temporary file of a save that was killed (an hour old), not one another build is writing.
    private static func isStale(_ file: URL) -> Bool {
        guard let modified = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate] as? Date else { return false }
        return modified.timeIntervalSinceNow < -3600
    }

    /// Writes the records this build used, when any was new or the set changed: the table,
    /// then each record's bytes, into a new file renamed over the old one. Those this build
    /// made are written from where they lie, a thousand at a call; those kept from the last
    /// file are copied from it, a run of neighbours at a time, never held whole.
    package func save() {
        guard let file else { return }
        let records = current.withLock { $0 }
        guard decoded > 0 || derivedMade > 0 || records.count != previous.count else { return }
        var entries: [Entry] = []
        entries.reserveCapacity(records.count)
        var offset = 0
        // The keys alone are sorted: sorting the entries moved every record's tuple around.
        let ordered = records.keys.sorted().map { ($0, records[$0]!) }
        for (path, record) in ordered {
            let length: Int
            switch record.bytes {
            case let .kept(_, kept): length = kept
            case let .made(place): length = place.length
            }
            entries.append(Entry(path: path, stamp: record.stamp, offset: offset, length: length))
            offset += length
        }
        let folder = file.deletingLastPathComponent()
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            let table = try BinaryCoder.encode(entries, format: Self.format)
            let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var output = RecordsOutput(descriptor: descriptor, reader: reader, readerStart: bytesStart)
            defer { output.release() }
            var head = UInt64(table.count).littleEndian
            try withUnsafeBytes(of: &head) { head throws in try output.writeNow(head) }
            try table.withUnsafeBytes { table throws in try output.writeNow(table) }
            for (_, record) in ordered {
                switch record.bytes {
                case let .made(place): try output.add(made.bytes(at: place))
                case let .kept(from, length): try output.addKept(from: from, length: length)
                }
            }
            try output.finish()
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        // Records of an older schema (or other languages) are not read by this build; one set is kept.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where (name.hasPrefix("records-") && name.hasSuffix(".bin") && name != file.lastPathComponent)
            || (name.hasPrefix(".records-") && name.hasSuffix(".tmp") && Self.isStale(folder.appendingPathComponent(name))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}

/// Field by field, in its `CodingKeys` order: the bytes `Codable` writes, without its
/// containers (a records file's table holds tens of thousands of entries, read every build).
extension RecordCache.Entry: BinaryRecord {
    init(record reader: BinaryRecordReader) throws {
        self.init(path: try reader.string(), stamp: try FileStamp(record: reader), offset: try reader.int(), length: try reader.int())
    }

    func write(record writer: BinaryRecordWriter) {
        writer.string(path)
        stamp.write(record: writer)
        writer.int(offset)
        writer.int(length)
    }
}

/// A records file being written: bytes that stay put until ``finish()`` are gathered and
/// written together (`writev`); bytes of the last file are copied in runs of neighbours.
private struct RecordsOutput {
    let descriptor: Int32
    /// The last records file, and where its records' bytes begin.
    let reader: Int32?
    let readerStart: Int
    private var vectors: [iovec] = []
    /// Kept bytes waiting to be copied: where they begin after `readerStart`, how many.
    private var run: (from: Int, length: Int)?
    private var scratch: UnsafeMutableRawBufferPointer?

    /// The most vectors one `writev` takes on Linux (`IOV_MAX`).
    private static let batch = 1024
    private static let scratchSize = 1 << 20

    init(descriptor: Int32, reader: Int32?, readerStart: Int) {
        self.descriptor = descriptor
        self.reader = reader
        self.readerStart = readerStart
        vectors.reserveCapacity(Self.batch)
    }

    /// Writes `bytes` now, after everything added before them.
    mutating func writeNow(_ bytes: UnsafeRawBufferPointer) throws {
        try add(bytes)
        try flushVectors()
    }

    /// Adds bytes that stay where they are until ``finish()``.
    mutating func add(_ bytes: UnsafeRawBufferPointer) throws {
        if run != nil { try flushRun() }
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: bytes.count))
        if vectors.count == Self.batch { try flushVectors() }
    }

    /// Adds `length` bytes of the last file, `from` bytes after its records begin.
    mutating func addKept(from: Int, length: Int) throws {
        guard length > 0 else { return }
        if !vectors.isEmpty { try flushVectors() }
        if let current = run, current.from + current.length == from {
            run = (current.from, current.length + length)
        } else {
            try flushRun()
            run = (from, length)
        }
    }

    mutating func finish() throws {
        try flushVectors()
        try flushRun()
    }

    /// Frees the copy buffer.
    mutating func release() {
        scratch?.deallocate()
        scratch = nil
    }

    private mutating func flushVectors() throws {
        var start = 0
        while start < vectors.count {
            let count = vectors.count - start
            let written = vectors.withUnsafeBufferPointer { writev(descriptor, $0.baseAddress! + start, Int32(count)) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw CocoaError(.fileWriteUnknown) }
            var left = written
            while start < vectors.count, left >= vectors[start].iov_len {
                left -= vectors[start].iov_len
                start += 1
            }
            if left > 0 {
                vectors[start].iov_base += left
                vectors[start].iov_len -= left
            }
        }
        vectors.removeAll(keepingCapacity: true)
    }

    private mutating func flushRun() throws {
        guard let (from, length) = run else { return }
        run = nil
        guard let reader else { throw CocoaError(.fileReadUnknown) }
        let buffer = scratch ?? UnsafeMutableRawBufferPointer.allocate(byteCount: Self.scratchSize, alignment: 16)
        scratch = buffer
        var done = 0
        while done < length {
            let count = min(length - done, Self.scratchSize)
            var filled = 0
            while filled < count {
                let got = pread(reader, buffer.baseAddress! + filled, count - filled, off_t(readerStart + from + done + filled))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { throw CocoaError(.fileReadUnknown) }
                filled += got
            }
            var sent = 0
            while sent < count {
                let wrote = write(descriptor, buffer.baseAddress! + sent, count - sent)
                if wrote < 0, errno == EINTR { continue }
                guard wrote > 0 else { throw CocoaError(.fileWriteUnknown) }
                sent += wrote
            }
            done += count
        }
    }
}
