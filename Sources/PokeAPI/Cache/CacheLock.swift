import Common
import Foundation

/// The fetch's exclusive lock on the cache, held while a fetch writes; released at deinit.
struct CacheLock: Sendable {
    private let lock: FileLock

    /// Takes the lock without waiting; throws ``PokeAPIFailure/cacheLocked(path:)`` when taken.
    init(file: URL) throws(PokeAPIFailure) {
        do {
            lock = try FileLock(file)
        } catch {
            switch error {
            case .held: throw .cacheLocked(path: file.path)
            case .unopenable(let reason): throw .unwritable(path: file.path, reason: "the lock file (\(reason))")
            }
        }
    }
}
