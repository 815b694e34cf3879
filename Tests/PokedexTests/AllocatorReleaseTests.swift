import Common
import Foundation
import Synchronization
import Testing

/// What a build frees is given back to the system while it runs (the ten-times peak's
/// swing, docs/BENCHMARKS.md, 48th landing), but not while a catalog keeps freed blocks for
/// reuse, and not when too little lies free to be worth the page faults.
@Suite("memory given back while a site is built")
struct AllocatorReleaseTests {
    /// Counts the releases of one stretch (other tests build sites, and so release, at once).
    final class Releases: Sendable {
        let count = Atomic(0)
        func tell() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Waits until `releases` reaches `count`, for at most `seconds`.
    static func wait(for releases: Releases, toReach count: Int, seconds: Double = 20) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while releases.value < count, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return releases.value >= count
    }

    @Test("freed memory is given back again and again while the body runs, and no more once it returns")
    func releasesWhileRunning() async throws {
        #if os(Linux)
        #expect(AllocatorTuning.mapLargeBlocks())
        let releases = Releases()
        let reached = await AllocatorTuning.releasingFreedMemory(every: .milliseconds(20), least: 0, released: releases.tell) {
            await Self.wait(for: releases, toReach: 3)
        }
        #expect(reached, "given back \(releases.value) times")
        let after = releases.value
        try await Task.sleep(for: .milliseconds(200))
        #expect(releases.value == after)
        #else
        print("skipped: only glibc's allocator can be asked to give memory back")
        #endif
    }

    @Test("nothing is given back while less than the least lies free")
    func notBelowTheLeast() async throws {
        #if os(Linux)
        #expect(AllocatorTuning.mapLargeBlocks())
        #expect(AllocatorTuning.freeBytes < Int.max)
        let releases = Releases()
        let control = Releases()
        // The same stretch with no least gives back: the wait is long enough to see it.
        await AllocatorTuning.releasingFreedMemory(every: .milliseconds(20), least: Int.max, released: releases.tell) {
            await AllocatorTuning.releasingFreedMemory(every: .milliseconds(20), least: 0, released: control.tell) {
                _ = await Self.wait(for: control, toReach: 3)
            }
        }
        #expect(control.value >= 3)
        #expect(releases.value == 0)
        #else
        print("skipped: only glibc's allocator can be asked to give memory back")
        #endif
    }

    @Test("nothing is given back while a catalog keeps freed blocks for reuse")
    func notWhileReusing() async throws {
        #if os(Linux)
        #expect(AllocatorTuning.mapLargeBlocks())
        let releases = Releases()
        await AllocatorTuning.releasingFreedMemory(every: .milliseconds(20), least: 0, released: releases.tell) {
            let during = await AllocatorTuning.reusingFreedBlocks {
                try? await Task.sleep(for: .milliseconds(300))
                return releases.value
            }
            #expect(during == 0)
            // Once the reuse ends, the releases start: the test could see them.
            #expect(await Self.wait(for: releases, toReach: 1))
        }
        #expect(releases.value >= 1)
        #else
        print("skipped: only glibc's allocator can be asked to give memory back")
        #endif
    }
}
