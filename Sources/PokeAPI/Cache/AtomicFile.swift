import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files whole or not at all: a temporary file beside the destination, then `rename(2)`.
///
/// A process killed at any moment leaves the old file or the new one, never a truncated
/// one; what it leaves is a `.partial` file, which ``ResourceCache/recoverInterruptedRun()``
/// removes. The temporary file sits in the destination's own folder because a rename
/// across folders takes a lock on the whole file system, which serialises concurrent
/// writers. There is no `fsync` per file: a disk flush per entry (thousands in a fetch)
/// would guard against power loss, which the cache survives anyway, since every read
/// checks what it reads and a file that does not decode is fetched again.
enum AtomicFile {
    /// The suffix of temporary files; nothing else in a cache ends with it.
    static let temporarySuffix = ".partial"

    /// Writes `data` to `destination`, creating missing folders on the way.
    static func write(_ data: Data, to destination: String) throws(PokeAPIFailure) {
        let folder = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        let temporary = "\(folder)/.\(name).\(UInt32.random(in: .min ... .max))\(temporarySuffix)"
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            try makeFolders(folder)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw failure(destination, "a file") }
        let written = data.withUnsafeBytes { buffer in writeAll(descriptor, buffer) }
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, destination) == 0 else {
            let error = failure(destination, "the file")
            unlink(temporary)
            throw error
        }
    }

    /// `mkdir -p`: creates `folder` and its missing parents.
    static func makeFolders(_ folder: String) throws(PokeAPIFailure) {
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return }
        let parent = (folder as NSString).deletingLastPathComponent
        guard errno == ENOENT, !parent.isEmpty, parent != folder else { throw failure(folder, "the folder") }
        try makeFolders(parent)
        guard mkdir(folder, 0o755) == 0 || errno == EEXIST else { throw failure(folder, "the folder") }
    }

    /// Whether `name` is one of this type's temporary files.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(temporarySuffix)
    }
}

extension AtomicFile {
    /// Writes all of `buffer` to an open descriptor, retrying short writes.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        guard var base = buffer.baseAddress else { return true }
        var remaining = buffer.count
        while remaining > 0 {
            // 64 KB at a time: one write of a whole 500 KB pokemon spent 10 times longer
            // copying into the page cache (a cold source buffer) than the same bytes in pieces.
            let count = systemWrite(descriptor, base, min(remaining, 65536))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            base += count
            remaining -= count
        }
        return true
    }
}

private extension AtomicFile {
    static func systemWrite(_ descriptor: Int32, _ base: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, base, count)
        #else
        Darwin.write(descriptor, base, count)
        #endif
    }

    static func failure(_ path: String, _ what: String) -> PokeAPIFailure {
        .unwritable(path: path, reason: "\(what) (\(String(cString: strerror(errno))))")
    }
}
