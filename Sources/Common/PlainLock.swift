#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a plain pthread mutex: for state that workers on few cores contend for.
///
/// `Synchronization.Mutex` on Linux spins when it finds the lock taken, then waits on a
/// priority-inheritance futex. Eight fetch workers on two cores often find the holder
/// descheduled: in a cold fetch of the shared mirror, those spins and the kernel's
/// priority-inheritance round trips were about a tenth of the fetch's CPU. glibc's default
/// mutex neither spins nor inherits priority; it sleeps on a plain futex at once.
///
/// Like `Mutex`, it owns its value: the value is reached only inside ``withLock(_:)``, and
/// a caller hands out nothing that would let another thread reach it outside the lock.
package final class PlainLock<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    package init(_ value: sending Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
