import Foundation
import Testing
@testable import PokeAPI

@Suite("The request gate")
struct RequestGateTests {
    /// Counts how many bodies run at once.
    final class Meter: @unchecked Sendable {
        private let lock = NSLock()
        private var current = 0
        private(set) var highest = 0
        private(set) var finished = 0

        func begin() { lock.withLock { current += 1; highest = max(highest, current) } }
        func end() { lock.withLock { current -= 1; finished += 1 } }
    }

    @Test("never lets more than its limit through, and lets every caller through in the end", arguments: [1, 3, 8])
    func boundsConcurrency(limit: Int) async throws {
        let gate = RequestGate(limit: limit)
        let meter = Meter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    await gate.withSlot {
                        meter.begin()
                        try? await Task.sleep(for: .milliseconds(2))
                        meter.end()
                    }
                }
            }
        }
        #expect(meter.finished == 40)
        #expect(meter.highest <= limit)
        #expect(meter.highest >= 1)
    }

    @Test("a body that throws gives its slot back")
    func throwingBodyReleases() async throws {
        struct Failure: Error {}
        let gate = RequestGate(limit: 1)
        for _ in 0..<3 {
            await #expect(throws: Failure.self) { try await gate.withSlot { throw Failure() } }
        }
        let value = await gate.withSlot { 42 }
        #expect(value == 42)
    }
}
