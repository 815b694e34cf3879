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
/// decoded only when the catalog asks for it. The file's key includes ``Wire/shapeKey``
/// (through ``DerivedShapes/schemaKey``): records of another schema are never read. Its table names exactly the records the last
/// build used (the file may hold older ones no table names, until it is written anew); a
/// corrupt or foreign file only means a slower build.
///
/// One cache serves every language of a build (``CatalogLoader/records``): what one
/// language's catalog decoded, the next one takes as it is.
package final class RecordCache: Sendable {
    /// Where one record is in a records file: its file's path (and the type it was read
    /// as), the stamp it was read at, and its bytes' place from the file's start.
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

    /// 9: texts in a language a build drops are read too (a malformed one fails), so records
    /// an older binary made of a file it read leniently are made again.
    static let format = "pokedex-records-9"
    /// What a records file starts with: eight bytes that say it is one, then where its
    /// committed part ends (``headerSize`` bytes in all).
    static let magic = Array("pkdxrec\u{1}".utf8)
    static let headerSize = 16
    /// The most one record may take (a pokemon's record is tens of kilobytes).
    static let largest = 1 << 28
    /// The most a table may take (ten times the dex's is 3 MB).
    static let largestTable = 1 << 26

    let file: URL?
    /// The last build's records file, open for reading (its records are read one at a time,
    /// when asked for, with `pread`), and its table.
    private let reader: Int32?
    private let previous: [String: Entry]
    /// The last file's keys in its table's order, when that order is the sorted one (as
    /// every save writes it): the next table is merged from them, not sorted again.
    private let previousKeys: [String]
    /// The last file's committed length and identity when it was opened: a save appends to
    /// it only while it is still that file, committed as it was (``save()``).
    private let previousFile: RecordFileIdentity?
    private let current = Mutex<[String: (stamp: FileStamp, bytes: Bytes)]>([:])
    /// The records this build made, written to the next file as they are made (none when
    /// no records are kept).
    private let made: RecordBytes?
    private let decodedCount = Mutex(0)
    /// How many derived records this build made (``keep(_:name:)``).
    private let derivedCount = Mutex(0)
    /// The values already decoded in this process (``DecodedValues``); kept only when the
    /// cache serves several catalogs, since holding every decoded file for the whole build
    /// costs memory one catalog has no use for.
    private let values: DecodedValues?

    /// The records kept in `folder` (nil keeps none: every record is decoded).
    /// The file records are kept in under `folder`, for texts in `languages`.
    static func file(in folder: URL, languages: Set<String>?) -> URL {
        var key = Fingerprint()
        key.add(DerivedShapes.schemaKey)
        for language in (languages ?? ["*"]).sorted() { key.add(language) }
        return folder.appendingPathComponent(".pokedex/records-\(key.hex).bin")
    }

    /// `verify`: decode every file again, whatever the kept records say (they are rewritten).
    ///
    /// The file is a header (``magic``, then where the committed part ends), every record's
    /// bytes, then a table of entries, then the table's length in eight bytes, where the
    /// committed part ends: the records come first because a build writes them as it makes
    /// them (``RecordBytes``), and only then knows its table. Bytes past the committed part
    /// (an append killed before it was committed, or under way in another build) are not
    /// read. A save appends records and a table and only then moves the header's end, so
    /// the file stays whole at every moment (``save()``). Only the table is read here; a
    /// record is read when a build takes it. Neither mapped nor read whole: at ten times the
    /// dex the file is 190 MB, and a mapping the table's reading touches end to end stayed
    /// resident through the whole catalog.
    ///
    /// `values`: what earlier catalogs of this process decoded, to take instead of reading
    /// it again (and to keep what this one decodes); values of another records file are let go.
    package init(folder: URL?, languages: Set<String>? = nil, verify: Bool = false, values: DecodedValues? = nil) {
        file = folder.map { Self.file(in: $0, languages: languages) }
        self.values = values
        made = file.map { RecordBytes(folder: $0.deletingLastPathComponent(), reserving: Self.headerSize) }
        var previous: [String: Entry] = [:]
        var previousKeys: [String] = []
        var previousFile: RecordFileIdentity?
        var reader: Int32?
        if !verify, let file {
            // Not blocking: a FIFO in its place is refused by the check below, not waited on.
            let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0, let identity = Self.identity(of: descriptor),
               let tail = Self.read(descriptor, offset: identity.committed - 8, length: 8) {
                let size = identity.committed
                let stated = tail.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                // A table (or a record) bigger than any real one is a corrupt or hostile file
                // (a sparse one can claim a terabyte): refused before anything is allocated.
                let tableLength = stated <= UInt64(min(size - 8 - Self.headerSize, Self.largestTable)) ? Int(stated) : -1
                let tableStart = size - 8 - tableLength
                if tableLength >= 0, let table = Self.read(descriptor, offset: tableStart, length: tableLength),
                   let entries = (try? BinaryCoder.decode([Entry].self, from: table, format: Self.format)) ?? nil {
                    var sorted = true
                    previous.reserveCapacity(entries.count)
                    previousKeys.reserveCapacity(entries.count)
                    for entry in entries where entry.offset >= Self.headerSize && entry.length >= 0 && entry.length <= Self.largest
                        && entry.offset <= tableStart && entry.length <= tableStart - entry.offset {
                        if let last = previousKeys.last, last >= entry.path { sorted = false }
                        previous[entry.path] = entry
                        previousKeys.append(entry.path)
                    }
                    if !sorted { previousKeys = [] }
                    previousFile = identity
                    reader = descriptor
                }
            }
            if reader == nil, descriptor >= 0 { close(descriptor) }
        }
        self.previous = previous
        self.previousKeys = previousKeys
        self.previousFile = previousFile
        values?.bind(to: file, as: previousFile)
        self.reader = reader
        // A build takes about as many records as the last one kept: grown one doubling at a
        // time instead, the table was copied a dozen times, each copy under the lock every
        // core takes records through (5% of taking the pokemon in a one-resource rebuild).
        current.withLock { $0.reserveCapacity(previous.count) }
    }

    deinit {
        if let reader { close(reader) }
    }

    /// Where the committed part of the records file open as `descriptor` ends, as its header
    /// says; nil when it is no records file, or says more than the file holds.
    static func committed(_ descriptor: Int32, fileSize: Int) -> Int? {
        guard fileSize >= headerSize + 8, let header = read(descriptor, offset: 0, length: headerSize),
              Array(header.prefix(magic.count)) == magic else { return nil }
        let stated = header.dropFirst(magic.count).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        guard stated >= UInt64(headerSize + 8), stated <= UInt64(fileSize) else { return nil }
        return Int(stated)
    }

    /// The records file at `file` as it is now (nil when there is none, or it is no records file).
    static func identity(of file: URL) -> RecordFileIdentity? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return identity(of: descriptor)
    }

    /// The records file open as `descriptor` (nil when it is not a regular file, or no records file).
    static func identity(of descriptor: Int32) -> RecordFileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              let committed = committed(descriptor, fileSize: Int(info.st_size)) else { return nil }
        return RecordFileIdentity(committed: committed, device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The header of a records file whose committed part ends at `end`.
    static func header(committed end: Int) -> [UInt8] {
        magic + withUnsafeBytes(of: UInt64(end).littleEndian) { Array($0) }
    }

    /// `length` bytes of `descriptor` at `offset`, or nil when it has fewer.
    private static func read(_ descriptor: Int32, offset: Int, length: Int) -> Data? {
        var data = Data(count: length)
        let complete = data.withUnsafeMutableBytes { WholeFile.read(descriptor, into: $0, at: offset) }
        return complete ? data : nil
    }

    /// How many records of the last build's file were found whole (within the file, before its table).
    var keptCount: Int { previous.count }

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
        // made bytes stay in the file.
        let already = current.withLock { current -> Bool in
            guard let record = current[key], record.stamp == stamp, case .made = record.bytes else { return false }
            return true
        }
        if !already, let stamp, let made, let place = (try? BinaryCoder.encoded(value, format: "", made.keep)) ?? nil {
            current.withLock { $0[key] = (stamp, .made(place)) }
            values?.keep(value, key: key, stamp: stamp)
        }
        return value
    }

    /// The kept record of `path` when it was read at `stamp` (by this build or the last), else nil.
    /// `keptForm`: written in its kept form (``BinaryKept``), as derived records are.
    func kept<T: Codable & Sendable>(_ type: T.Type, path: String, stamp: FileStamp, keptForm: Bool = false) -> T? {
        let key = Self.key(path, T.self)
        if let values, let value = values.value(T.self, key: key, stamp: stamp), holds(key, stamp: stamp) {
            return value
        }
        guard let kept = previous[key], kept.stamp == stamp, let reader,
              let bytes = Self.read(reader, offset: kept.offset, length: kept.length),
              let value = (try? BinaryCoder.decode(T.self, from: bytes, format: "", kept: keptForm)) ?? nil else { return nil }
        current.withLock { $0[key] = (stamp, .kept(offset: kept.offset, length: kept.length)) }
        values?.keep(value, key: key, stamp: stamp)
        return value
    }

    /// Whether the record of `key` at `stamp` goes into the next file: made or taken by this
    /// build already, or in the last file, carried now without reading it. A value held in
    /// memory is taken only then: a record the file lost (another build wrote it meanwhile)
    /// is read or decoded again, and so kept.
    private func holds(_ key: String, stamp: FileStamp) -> Bool {
        current.withLock { current in
            if let record = current[key] { return record.stamp == stamp }
            guard let kept = previous[key], kept.stamp == stamp else { return false }
            current[key] = (stamp, .kept(offset: kept.offset, length: kept.length))
            return true
        }
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
        guard let made, let place = (try? BinaryCoder.encoded(value, format: "", kept: true, made.keep)) ?? nil else { return }
        derivedCount.withLock { $0 += 1 }
        current.withLock { $0[key] = (Self.derivedStamp, .made(place)) }
        values?.keep(value, key: key, stamp: Self.derivedStamp)
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

    /// A temporary file of a save that was killed, not one another build is writing: its
    /// writer held a lock on it (``RecordBytes``), which the kernel let go when the writer
    /// died, so it can be taken now. Not one written to in the last minute (made, but not
    /// locked yet); where locks do not work, one an hour old. A killed build's file stayed
    /// an hour before: 27 MB on the mirror, ten times that at ten times the dex.
    static func isStale(_ file: URL) -> Bool {
        // Non-blocking: a FIFO by that name would hold the open, and the save, for good.
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // Its type and its age from the one open file.
        guard let stamp = FileStamp.of(descriptor: descriptor) else { return false }
        let age = Date().timeIntervalSince1970 - Double(stamp.modified) / 1_000_000_000
        guard age > 60 else { return false }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
        return errno != EWOULDBLOCK && age > 3600
    }

    /// Completes the records file this build wrote as it went, when any record was new or
    /// the set changed. Call it once, when every catalog sharing this cache is built.
    ///
    /// Most builds change a few records of thousands: their records and a new table are
    /// appended to the last file past its committed part, and only then does its header say
    /// the part ends after them. No committed byte is changed (a build reading the file
    /// still finds its records where its table says) and the records it keeps are neither
    /// read nor copied (27 MB on the mirror, ten times that at ten times the dex). When the
    /// file would grow past twice the records its table names, or it is not the file this
    /// build read, committed as it was, a new one is written instead: the records this build
    /// made, those it kept from the last file (copied in runs of neighbours, never held
    /// whole), then the table and the header, renamed over the last file. Either way the
    /// table is sorted by key.
    package func save() {
        guard let file, let made else { return }
        let records = current.withLock { $0 }
        guard decoded > 0 || derivedMade > 0 || records.count != previous.count else { return }
        guard let written = made.finish() else { return }
        defer { close(written.descriptor) }
        let keys = sortedKeys(records)
        if !append(keys, records, written, to: file) { rewrite(keys, records, written, as: file) }
        // The file as this save left it: the values held with it stay good while it is so.
        values?.saved(Self.identity(of: file))
        unlink(written.path)
        // Records of an older schema (or other languages) are not read by this build; one set is kept.
        let folder = file.deletingLastPathComponent()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where (name.hasPrefix("records-") && name.hasSuffix(".bin") && name != file.lastPathComponent)
            || ((name.hasPrefix(".records-") || name.hasPrefix(".shapes-")) && name.hasSuffix(".tmp") && Self.isStale(folder.appendingPathComponent(name))) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The keys of `records` in order: the last table's (already sorted) with the new ones
    /// merged in, so only the new ones are sorted.
    private func sortedKeys(_ records: [String: (stamp: FileStamp, bytes: Bytes)]) -> [String] {
        guard !previousKeys.isEmpty else { return records.keys.sorted() }
        let fresh = records.keys.filter { previous[$0] == nil }.sorted()
        var keys: [String] = []
        keys.reserveCapacity(records.count)
        var next = fresh.startIndex
        for key in previousKeys where records[key] != nil {
            while next < fresh.endIndex, fresh[next] < key {
                keys.append(fresh[next])
                next += 1
            }
            keys.append(key)
        }
        keys.append(contentsOf: fresh[next...])
        return keys
    }

    /// The table for `keys`: made records at `base` plus their place in `written`, kept ones
    /// where `keptAt` puts them (given each one's index in the table, where it was, and its length).
    private func entries(_ keys: [String], _ records: [String: (stamp: FileStamp, bytes: Bytes)],
                         _ written: RecordBytes.Finished, base: Int,
                         keptAt: (Int, Int, Int) -> Int) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        for key in keys {
            let record = records[key]!
            switch record.bytes {
            case let .made(place):
                entries.append(Entry(path: key, stamp: record.stamp, offset: base + written.offset(of: place), length: place.length))
            case let .kept(from, length):
                entries.append(Entry(path: key, stamp: record.stamp, offset: keptAt(entries.count, from, length), length: length))
            }
        }
        return entries
    }

    /// Appends this build's records and the table to the last file and commits them; false
    /// (and the file as it was) when it is not the file this build read, committed as it
    /// was, another build is appending to it, it has other names (links made by a backup
    /// would change with it), it would grow past twice its live records, or a write fails.
    private func append(_ keys: [String], _ records: [String: (stamp: FileStamp, bytes: Bytes)],
                        _ written: RecordBytes.Finished, to file: URL) -> Bool {
        guard let previousFile else { return false }
        let live = records.values.reduce(0) { total, record in
            switch record.bytes {
            case let .made(place): total + place.length
            case let .kept(_, length): total + length
            }
        }
        let made = written.end - Self.headerSize
        // Half the file read by no table (records changed since, tables of past builds): a new file.
        guard previousFile.committed + made <= 2 * live else { return false }
        let target = open(file.path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard target >= 0 else { return false }
        defer { close(target) }
        var info = stat()
        // Locked for the append (two builds sharing a cache), then checked: still the very
        // file this build read, with nothing committed since.
        guard flock(target, LOCK_EX | LOCK_NB) == 0, fstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1,
              UInt64(info.st_dev) == previousFile.device, UInt64(info.st_ino) == previousFile.inode,
              Self.committed(target, fileSize: Int(info.st_size)) == previousFile.committed else { return false }
        // Past the committed part: what a killed append left there is written over.
        var end = previousFile.committed
        do {
            try Self.withBuffer { try Self.copy(from: written.descriptor, (Self.headerSize, made), to: target, at: &end, through: $0) }
            let entries = entries(keys, records, written, base: previousFile.committed - Self.headerSize) { _, from, _ in from }
            try Self.finish(target, table: try BinaryCoder.encode(entries, format: Self.format), at: &end)
            // The commit: eight bytes of one page, written after everything they point to is
            // on the disk (else a power cut could keep the header and lose what it points to,
            // which could then read back as records of zeros).
            guard WholeFile.sync(target) else { throw CocoaError(.fileWriteUnknown) }
            let header = Self.header(committed: end)
            guard header.withUnsafeBytes({ WholeFile.write(target, UnsafeRawBufferPointer(rebasing: $0[Self.magic.count...]), at: Self.magic.count) }) else {
                throw CocoaError(.fileWriteUnknown)
            }
            _ = ftruncate(target, off_t(end))
            return true
        } catch {
            // Cut back to the committed part (the header still ends the file there).
            _ = ftruncate(target, off_t(previousFile.committed))
            return false
        }
    }

    /// Writes a new records file: this build's records, then the kept ones copied from the
    /// last file, then the table; renamed over `file`. Nothing is kept when a step fails.
    private func rewrite(_ keys: [String], _ records: [String: (stamp: FileStamp, bytes: Bytes)],
                         _ written: RecordBytes.Finished, as file: URL) {
        var keptOnes: [(index: Int, from: Int, length: Int)] = []
        var entries = entries(keys, records, written, base: 0) { index, from, length in
            keptOnes.append((index, from, length))
            return 0
        }
        do {
            guard let reader = keptOnes.isEmpty ? -1 : reader else { throw CocoaError(.fileReadUnknown) }
            // Kept records in the last file's order, so that neighbours there are copied together.
            keptOnes.sort { $0.from < $1.from }
            var end = written.end
            try Self.withBuffer { buffer in
                var run: (from: Int, length: Int)?
                for kept in keptOnes {
                    if let current = run, current.from + current.length == kept.from {
                        run = (current.from, current.length + kept.length)
                    } else {
                        if let current = run { try Self.copy(from: reader, current, to: written.descriptor, at: &end, through: buffer) }
                        run = (kept.from, kept.length)
                    }
                    entries[kept.index].offset = end + kept.from - run!.from
                }
                if let current = run { try Self.copy(from: reader, current, to: written.descriptor, at: &end, through: buffer) }
            }
            try Self.finish(written.descriptor, table: try BinaryCoder.encode(entries, format: Self.format), at: &end)
            guard Self.header(committed: end).withUnsafeBytes({ WholeFile.write(written.descriptor, $0, at: 0) }),
                  rename(written.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            return
        }
    }

    /// Writes `table` at `end` of `descriptor`, then its length (what ends a records file's
    /// committed part), and moves `end` past them.
    private static func finish(_ descriptor: Int32, table: Data, at end: inout Int) throws {
        var tail = UInt64(table.count).littleEndian
        guard table.withUnsafeBytes({ WholeFile.write(descriptor, $0, at: end) }),
              withUnsafeBytes(of: &tail, { WholeFile.write(descriptor, $0, at: end + table.count) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        end += table.count + 8
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

extension RecordCache {
    /// `body` with one buffer of a megabyte, for every run a save copies.
    private static func withBuffer(_ body: (UnsafeMutableRawBufferPointer) throws -> Void) throws {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        try body(buffer)
    }

    /// Copies `run` of `source` to `descriptor` at `end` through `buffer` (a buffer's worth
    /// at a time), and moves `end` past it.
    private static func copy(from source: Int32, _ run: (from: Int, length: Int), to descriptor: Int32, at end: inout Int,
                             through buffer: UnsafeMutableRawBufferPointer) throws {
        var done = 0
        while done < run.length {
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[..<min(run.length - done, buffer.count)])
            guard WholeFile.read(source, into: chunk, at: run.from + done) else { throw CocoaError(.fileReadUnknown) }
            guard WholeFile.write(descriptor, UnsafeRawBufferPointer(chunk), at: end + done) else { throw CocoaError(.fileWriteUnknown) }
            done += chunk.count
        }
        end += run.length
    }
}

/// Values a process decoded from one records file (or decoded from JSON and kept in it), by
/// record key, each with the stamp it was read at: a later catalog's ``RecordCache`` of the
/// same file takes a value from here instead of reading and decoding its record again. A
/// build in several languages keeps one for its catalogs; `pokedex serve` keeps one for as
/// long as it serves, so a data edit decodes only the files that changed, not the records
/// of all the others.
///
/// The values stand for the file as this process last opened or saved it: another build
/// that wrote it meanwhile (`pokedex build --verify` in another terminal, records made
/// again of a file edited without changing its stamp) lets them go, and its records are read.
package final class DecodedValues: Sendable {
    private struct State {
        /// The records file the values were read from, and as it was when last opened or saved.
        var file: URL?
        var identity: RecordFileIdentity?
        var table: [String: (stamp: FileStamp, value: any Sendable)] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// How many values are held.
    package var count: Int { state.withLock { $0.table.count } }

    /// Held for the records file `file`, found as `identity`, from now on: values of another
    /// file (another schema, another set of languages), or of this one before another build
    /// wrote it, are let go.
    func bind(to file: URL?, as identity: RecordFileIdentity?) {
        state.withLock { state in
            if state.file != file || state.identity != identity { state.table = [:] }
            state.file = file
            state.identity = identity
        }
    }

    /// The file the values are held for, as a save of them left it.
    func saved(_ identity: RecordFileIdentity?) {
        state.withLock { $0.identity = identity }
    }

    /// The value of `key` read at `stamp`, if held.
    func value<T>(_ type: T.Type, key: String, stamp: FileStamp) -> T? {
        guard let seen = state.withLock({ $0.table[key] }), seen.stamp == stamp else { return nil }
        return seen.value as? T
    }

    func keep(_ value: any Sendable, key: String, stamp: FileStamp) {
        state.withLock { $0.table[key] = (stamp, value) }
    }
}

/// A records file as a process last saw it: which file it is, and where its committed part
/// ends. A build that writes it changes one or the other (an append moves the end, a new
/// file is another inode).
struct RecordFileIdentity: Equatable, Sendable {
    var committed: Int
    var device: UInt64
    var inode: UInt64
}
