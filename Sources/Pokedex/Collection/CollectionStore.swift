import Common
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes the collection file safely.
///
/// Every change happens under an exclusive lock (`.<file>.lock` beside it), is written to a
/// temporary file, flushed to disk, and renamed over the old one, so a crash at any
/// moment leaves either the old or the new file. The previous version is kept as
/// `<file>.bak`. A malformed file is reported and never overwritten.
package struct CollectionStore: Sendable {
    package let file: URL
    /// How long to wait for another command's lock before giving up.
    package var lockTimeout: Duration

    package init(file: URL, lockTimeout: Duration = .seconds(5)) {
        self.file = file
        self.lockTimeout = lockTimeout
    }

    package var backup: URL { file.appendingPathExtension("bak") }
    var lockFile: URL {
        file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).lock")
    }

    /// The collection in the file; empty when there is no file yet.
    package func read() throws(CollectionError) -> TrainerCollection {
        try Self.load(file).collection
    }

    /// The collection with the line each `[[caught]]` entry starts on, keyed by its id,
    /// so a build can say where a hand-edited entry breaks the rules.
    package func readWithLines() throws(CollectionError) -> (collection: TrainerCollection, lines: [String: Int]) {
        try Self.load(file)
    }

    /// Runs `change` on the current collection under the lock and saves the result.
    ///
    /// Nothing is written when `change` throws or leaves the collection as it was.
    @discardableResult
    package func update<T>(_ change: (inout TrainerCollection) throws(CollectionError) -> T) throws(CollectionError) -> T {
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        let before = try Self.load(file).collection
        var after = before
        let result = try change(&after)
        if after != before {
            try save(after)
        }
        return result
    }

    /// Puts the backup back in place; the version it replaces becomes the new backup.
    package func restoreBackup() throws(CollectionError) -> TrainerCollection {
        let lock = try takeLock()
        defer { withExtendedLifetime(lock) {} }
        guard FileManager.default.fileExists(atPath: backup.path) else {
            throw .noBackup(backup.path)
        }
        let restored = try Self.load(backup).collection
        try save(restored)
        return restored
    }
}

private extension CollectionStore {
    /// The exclusive lock every change runs under, waiting up to `lockTimeout` for another command.
    func takeLock() throws(CollectionError) -> FileLock {
        do {
            return try FileLock(lockFile, wait: lockTimeout)
        } catch {
            switch error {
            case .held: throw .locked(file.path, lock: lockFile.path)
            case .unopenable(let reason): throw .unwritable(lockFile.path, reason)
            }
        }
    }

    static func load(_ url: URL) throws(CollectionError) -> (collection: TrainerCollection, lines: [String: Int]) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return (TrainerCollection(), [:])
        } catch {
            throw .unreadable(url.path, error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .malformed(CollectionFileError(file: url.path, line: 1, column: 1, message: "the file is not UTF-8 text"))
        }
        return try CollectionFile.decodeWithLines(text, file: url.path)
    }

    func save(_ collection: TrainerCollection) throws(CollectionError) {
        let text = CollectionFile.encode(collection)
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritable(directory.path, error.localizedDescription)
        }
        if FileManager.default.fileExists(atPath: file.path) {
            let previous: Data
            do { previous = try Data(contentsOf: file) } catch { throw .unreadable(file.path, error.localizedDescription) }
            try Self.writeAtomically(previous, to: backup)
        }
        try Self.writeAtomically(Data(text.utf8), to: file)
    }

    /// Writes `data` beside `target`, flushes it, renames it over `target`, flushes the folder.
    static func writeAtomically(_ data: Data, to target: URL) throws(CollectionError) {
        let directory = target.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(getpid()).tmp")
        // Created new, never through a symlink planted at that name: a leftover is removed first.
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(temporary.path, Self.errnoText()) }
        let ok = data.withUnsafeBytes { buffer in WholeFile.write(descriptor, buffer) } && fsync(descriptor) == 0
        let failure = ok ? nil : Self.errnoText()
        close(descriptor)
        guard ok else {
            unlink(temporary.path)
            throw .unwritable(target.path, failure ?? "write failed")
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = Self.errnoText()
            unlink(temporary.path)
            throw .unwritable(target.path, reason)
        }
        let folder = open(directory.path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}
