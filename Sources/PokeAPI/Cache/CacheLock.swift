import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on the cache, held while a fetch writes; released on `unlock` or deinit.
final class CacheLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock without waiting; throws ``PokeAPIFailure/cacheLocked(path:)`` when taken.
    init(file: URL) throws(PokeAPIFailure) {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .unwritable(path: file.path, reason: "the lock file's folder")
        }
        let descriptor = open(file.path, O_CREAT | O_RDWR | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: file.path, reason: "the lock file") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw .cacheLocked(path: file.path)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
