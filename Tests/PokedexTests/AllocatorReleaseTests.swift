import Common
import Foundation
import Synchronization
import Testing

/// Whether the C library is glibc, which takes the allocator's settings (asked as the command asks).
enum GlibcAllocator {
    static var available: Bool {
        #if canImport(Glibc)
        return AllocatorTuning.mapLargeBlocks()
        #else
        return false
        #endif
    }
}

/// What a build frees is given back to the system while it runs (the ten-times peak's
/// swing, docs/BENCHMARKS.md, 48th landing), but not while a catalog keeps freed blocks for
/// reuse, and not when too little lies free to be worth the page faults.
@Suite("memory given back while a site is built", .enabled(if: GlibcAllocator.available, "skipped: only glibc's allocator gives memory back on request"))
struct AllocatorReleaseTests {
    /// Counts the releases of one stretch (other tests build sites, and so release, at once).
    final class Releases: Sendable {
        let count = Atomic(0)
        func tell() { count.add(1, ordering: .relaxed) }
        var value: Int { count.load(ordering: .relaxed) }
    }

    /// Waits until `releases` reaches `count`, for at most `seconds`.
    static func wait(for releases: Releases, toReach count: Int, seconds: Double = 60) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while releases.value < count, Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
        return releases.value >= count
    }

    @Test("freed memory is given back again and again while the body runs, once as it ends, and no more once it returns")
    func releasesWhileRunning() async throws {
        #expect(AllocatorTuning.mapLargeBlocks())
        #expect(AllocatorTuning.freeBytes > 0, "the C library says how much it holds free")
        let releases = Releases()
        let (reached, inside) = await AllocatorTuning.releasingFreedMemory(every: .milliseconds(20), least: 0, whileReusing: true,
                                                                            released: releases.tell) {
            (await Self.wait(for: releases, toReach: 2), AllocatorTuning.isReleasing)
        }
        #expect(reached, "given back \(releases.value) times")
        #expect(inside)
        #expect(!AllocatorTuning.isReleasing)
        let after = releases.value
        try await Task.sleep(for: .milliseconds(200))
        #expect(releases.value == after, "given back after the body returned")
        // The release as it ends: a body that returns at once still gives back once.
        let ending = Releases()
        await AllocatorTuning.releasingFreedMemory(every: .seconds(60), least: 0, whileReusing: true, released: ending.tell) {}
        #expect(ending.value == 1)
    }

    @Test("nothing is given back while less than the least lies free")
    func notBelowTheLeast() async throws {
        #expect(AllocatorTuning.mapLargeBlocks())
        #expect(!AllocatorTuning.releaseFreedMemory(least: Int.max, whileReusing: true))
        // The control: with no least it gives back.
        #expect(AllocatorTuning.releaseFreedMemory(least: 0, whileReusing: true))
        let releases = Releases()
        await AllocatorTuning.releasingFreedMemory(every: .milliseconds(20), least: Int.max, whileReusing: true, released: releases.tell) {
            try? await Task.sleep(for: .milliseconds(200))
        }
        #expect(releases.value == 0)
    }

    @Test("nothing is given back while a catalog keeps freed blocks for reuse")
    func notWhileReusing() async throws {
        #expect(AllocatorTuning.mapLargeBlocks())
        // Other tests' catalogs may keep blocks at any moment: only the stretch's inside is known.
        let (during, control) = await AllocatorTuning.reusingFreedBlocks {
            (AllocatorTuning.releaseFreedMemory(least: 0), AllocatorTuning.releaseFreedMemory(least: 0, whileReusing: true))
        }
        #expect(!during)
        #expect(control, "told to give back even then, it does")
    }
}
