import Common
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The metadata of every cache entry (URL, ETag, Last-Modified, date, status), keyed by the
/// entry's path in the cache (`api/v2/pokemon/1/index.json`, `sprites/pokemon/1.png`).
///
/// On disk it is two files under `.pokedex/`: `metadata.json`, a snapshot, and
/// `metadata.log`, one JSON line per record set since. A fetch appends to the log (one
/// `write(2)` per entry, no file to create) and folds it into the snapshot when it ends. A
/// killed fetch loses nothing: the next one reads the log; a line cut short is skipped,
/// and the entry it described is still usable, only not revalidatable.
final class MetadataJournal: @unchecked Sendable {
    private let snapshotFile: String
    private let logFile: String
    /// Guards `records` and `dirty`; held only for a table's read or write.
    private let lock = NSLock()
    /// Guards `log` and the files, and orders the appends; taken before `lock` when both are
    /// held. A reader (every sprite's state asks) never waits for a writer's `write(2)`.
    private let appending = NSLock()
    private var records: [String: CacheMetadata] = [:]
    private var log: Int32 = -1
    /// Whether the files on disk lag behind `records` or hold a log to fold in.
    private var dirty = false

    /// Loads what `layout`'s cache remembers; an unreadable journal counts as empty.
    init(layout: CacheLayout) {
        snapshotFile = layout.root.appendingPathComponent(".pokedex/metadata.json").path
        logFile = layout.root.appendingPathComponent(".pokedex/metadata.log").path
        let decoder = JSONDecoder()
        if let data = FileManager.default.contents(atPath: snapshotFile),
           let snapshot = try? decoder.decode([String: CacheMetadata].self, from: data) {
            records = snapshot
        }
        if let data = FileManager.default.contents(atPath: logFile) {
            dirty = true
            for line in data.split(separator: UInt8(ascii: "\n")) {
                guard let entry = try? decoder.decode([String: CacheMetadata].self, from: Data(line)) else { continue }
                records.merge(entry) { _, new in new }
            }
        }
        importLegacyFolder(layout.root.appendingPathComponent(".pokedex/meta", isDirectory: true))
    }

    deinit {
        if log >= 0 { close(log) }
    }

    /// The record of the entry at `key`, a path relative to the cache root.
    func record(for key: String) -> CacheMetadata? {
        lock.withLock { records[key] }
    }

    /// Every record, for tools that list what the cache holds.
    var allRecords: [String: CacheMetadata] {
        lock.withLock { records }
    }

    /// Sets the record of `key` and appends it to the log.
    func set(_ record: CacheMetadata, for key: String) throws(PokeAPIFailure) {
        // Spelled out before the lock: eight workers store at once, and only the append is shared.
        let line = Self.line(key, record)
        let result: Result<Void, PokeAPIFailure> = appending.withLock {
            if log < 0 {
                log = open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
                if log < 0, errno == ENOENT, (try? AtomicFile.makeFolders(parentFolder(of: logFile))) != nil {
                    log = open(logFile, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644)
                }
                guard log >= 0 else { return .failure(.unwritable(path: logFile, reason: "the metadata log (\(Self.errorText()))")) }
            }
            guard line.withUnsafeBytes({ bytes in AtomicFile.writeAll(log, bytes) }) else {
                return .failure(.unwritable(path: logFile, reason: "the metadata log (\(Self.errorText()))"))
            }
            // Still under `appending`: a compaction cannot fall between the line and the record.
            lock.withLock {
                records[key] = record
                dirty = true
            }
            return .success(())
        }
        try result.get()
    }

    /// Writes the snapshot and empties the log; a fetch calls it when it ends.
    func compact() throws(PokeAPIFailure) {
        let result: Result<Void, PokeAPIFailure> = appending.withLock {
            guard let records = lock.withLock({ dirty ? records : nil }) else { return .success(()) }
            let data = Self.snapshot(records)
            let written = Result { () throws(PokeAPIFailure) in _ = try AtomicFile.write(data, to: snapshotFile) }
            guard case .success = written else { return written }
            if log >= 0 {
                close(log)
                log = -1
            }
            unlink(logFile)
            lock.withLock { dirty = false }
            return .success(())
        }
        try result.get()
    }
}

extension MetadataJournal {
    /// One log line, `{"<key>":{...}}` and a newline, written by hand: `JSONEncoder` cost
    /// more than the rest of recording an entry.
    static func line(_ key: String, _ record: CacheMetadata) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(key.utf8.count + record.url.utf8.count + 160)
        bytes.append(UInt8(ascii: "{"))
        appendMember(key, record, to: &bytes)
        bytes += "}\n".utf8
        return bytes
    }

    /// The snapshot: every record, sorted by key, one per line.
    static func snapshot(_ records: [String: CacheMetadata]) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(records.count * 200 + 8)
        bytes += "{\n".utf8
        for (number, key) in records.keys.sorted().enumerated() {
            if number > 0 { bytes += ",\n".utf8 }
            appendMember(key, records[key]!, to: &bytes)
        }
        bytes += "\n}\n".utf8
        return Data(bytes)
    }

    /// `"<key>":{"etag":...,"fetched_at":...,"last_modified":...,"status":...,"url":...}`,
    /// appended to `bytes` with no string in between.
    static func appendMember(_ key: String, _ record: CacheMetadata, to bytes: inout [UInt8]) {
        appendQuoted(key, to: &bytes)
        bytes += ":{\"etag\":".utf8
        if let etag = record.etag { appendQuoted(etag, to: &bytes) } else { bytes += "null".utf8 }
        bytes += ",\"fetched_at\":".utf8
        appendQuoted(record.fetchedAt, to: &bytes)
        bytes += ",\"last_modified\":".utf8
        if let lastModified = record.lastModified { appendQuoted(lastModified, to: &bytes) } else { bytes += "null".utf8 }
        bytes += ",\"status\":".utf8
        bytes += String(record.status).utf8
        bytes += ",\"url\":".utf8
        appendQuoted(record.url, to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}

private extension MetadataJournal {
    static func errorText() -> String {
        String(cString: strerror(errno))
    }

    /// Reads the one-file-per-entry metadata of caches written before the journal, then
    /// removes it; the next ``compact()`` keeps it in the snapshot.
    func importLegacyFolder(_ folder: URL) {
        let base = folder.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return }
        let decoder = JSONDecoder()
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".json"), let data = FileManager.default.contents(atPath: base + "/" + relative),
                  let record = try? decoder.decode(CacheMetadata.self, from: data) else { continue }
            let entry = String(relative.dropLast(".json".count))
            let key: String
            if entry.hasPrefix("api/") {
                key = entry.hasSuffix("/_list") ? String(entry.dropLast("_list".count)) + "index.json" : entry + "/index.json"
            } else {
                key = entry
            }
            records[key] = records[key] ?? record
            dirty = true
        }
        if (try? compact()) != nil { try? FileManager.default.removeItem(atPath: base) }
    }
}
