import Foundation

/// Lets at most `limit` requests be on the wire at once; the rest wait their turn in order.
///
/// The limit is the politeness the user chose with `--concurrency`. The crawl runs one
/// worker per slot, so its workers alone never wait here; the gate holds the bound for
/// every caller of the client together, and for any number of workers.
final class RequestGate: @unchecked Sendable {
    private let lock = NSLock()
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var next = 0

    init(limit: Int) {
        available = max(1, limit)
    }

    /// Runs `body` while holding one of the slots.
    func withSlot<T>(_ body: () async throws -> T) async rethrows -> T {
        await enter()
        defer { leave() }
        return try await body()
    }

    private func enter() async {
        let admitted = lock.withLock { () -> Bool in
            guard available > 0 else { return false }
            available -= 1
            return true
        }
        if admitted { return }
        await withCheckedContinuation { continuation in
            let admittedNow = lock.withLock { () -> Bool in
                if available > 0 {
                    available -= 1
                    return true
                }
                waiting.append(continuation)
                return false
            }
            if admittedNow { continuation.resume() }
        }
    }

    private func leave() {
        let successor = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard next < waiting.count else {
                available += 1
                waiting.removeAll(keepingCapacity: true)
                next = 0
                return nil
            }
            defer { next += 1 }
            return waiting[next]
        }
        successor?.resume()
    }
}
