import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, held until released or deinit.
package final class FileLock: Sendable {
    /// Why a lock could not be had.
    package enum Failure: Error, Sendable {
        /// The lock file cannot be created or opened (errno text).
        case unopenable(String)
        /// Another process holds it and did not let go within the wait.
        case held
    }

    private let descriptor: Int32

    /// Takes the lock on `file`, waiting up to `wait` for another holder (zero: not at all).
    /// The file is created if missing and never followed through a symlink.
    package init(_ file: URL, wait: Duration = .zero) throws(Failure) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else { throw .unopenable(String(cString: strerror(errno))) }
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                close(descriptor)
                throw .held
            }
            usleep(50_000)
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
