import Common
import Synchronization
import Testing

/// `BoundedConcurrency.blocking`: every position once, each result in its place.
@Suite("Blocking work on every core")
struct BlockingTests {
    @Test("every position is run once and its result kept in its place, whatever the count", arguments: [0, 1, 31, 32, 33, 65, 1000, 4099])
    func everyPositionOnce(count: Int) {
        let calls = Mutex([Int](repeating: 0, count: count))
        let results = BoundedConcurrency.blocking(count) { position in
            calls.withLock { $0[position] += 1 }
            return position * 3 + 1
        }
        #expect(results == (0..<count).map { $0 * 3 + 1 })
        #expect(calls.withLock { $0 }.allSatisfy { $0 == 1 })
    }

    @Test("taken a position at a time, or a few, every position is run once and kept in its place", arguments: [(1, 1), (18, 1), (18, 5), (100, 7)])
    func smallerRuns(count: Int, run: Int) {
        let calls = Mutex([Int](repeating: 0, count: count))
        let results = BoundedConcurrency.blocking(count, run: run) { position in
            calls.withLock { $0[position] += 1 }
            return position * 3 + 1
        }
        #expect(results == (0..<count).map { $0 * 3 + 1 })
        #expect(calls.withLock { $0 }.allSatisfy { $0 == 1 })
    }
}
