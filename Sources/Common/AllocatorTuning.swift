import CSystemExtras
import Synchronization

/// How the process asks the C allocator to behave: set when the command starts, and
/// for the length of a fetch's crawl.
package enum AllocatorTuning {
    /// Blocks of 128 KiB or more (a page's output, a file's bytes, a table of a few
    /// thousand rows) get mappings of their own, returned to the system when freed.
    ///
    /// glibc's default starts there but raises the bar to the largest block freed so far,
    /// up to 32 MiB; then the large blocks a build frees between its stages (decoding,
    /// rendering, the search index) stay in heaps that no later block of another size or
    /// thread fits, and the process holds memory it no longer uses. At ten times the dex
    /// that was about 20 MB of a 180 MB peak; at the mirror's size it changes nothing.
    /// Where the C library has no such setting this does nothing, and says so (false).
    @discardableResult
    package static func mapLargeBlocks(threshold: Int = 128 * 1024) -> Bool {
        largeBlockThreshold.store(threshold, ordering: .relaxed)
        return pokedex_map_large_allocations(UInt(threshold)) == 0
    }

    /// The threshold the command asked for with ``mapLargeBlocks(threshold:)``, to return to.
    private static let largeBlockThreshold = Atomic(0)

    /// glibc's own starting thresholds for mapping and trimming.
    private static let defaultThreshold = 128 * 1024

    /// Runs `body` with freed blocks of up to 4 MiB kept for reuse, then returns to
    /// ``mapLargeBlocks(threshold:)`` and gives what is free back to the system; stretches
    /// that overlap (a fetch and a catalog, or several catalogs) share one. A process that
    /// never asked for mapped large blocks keeps glibc's own adaptive setting, which
    /// reuses them anyway.
    ///
    /// A fetch receives thousands of bodies of 10 KB to 1 MB, one after the other, and a
    /// catalog reads thousands of files of that size, each with a tape of its own: with
    /// each large block mapped and unmapped, every page of each was a fresh page fault
    /// (64,000 in a cold fetch of the mirror, 19,000 with reuse; the fetch's system time
    /// fell by a sixth, the catalog's by a third). It holds a few MB more at its peak, and
    /// gives them back when it ends.
    package static func reusingFreedBlocks<Result, Failure: Error>(_ body: () async throws(Failure) -> Result) async throws(Failure) -> Result {
        reuse.withLock { depth in
            depth += 1
            let threshold = largeBlockThreshold.load(ordering: .relaxed)
            if depth == 1, threshold > 0 { pokedex_reuse_freed_blocks(4 << 20, 64 << 20) }
        }
        defer {
            reuse.withLock { depth in
                depth -= 1
                let threshold = largeBlockThreshold.load(ordering: .relaxed)
                if depth == 0, threshold > 0 {
                    pokedex_reuse_freed_blocks(UInt(threshold), UInt(defaultThreshold))
                    pokedex_release_free_memory()
                }
            }
        }
        return try await body()
    }

    /// How many ``reusingFreedBlocks(_:)`` are running.
    private static let reuse = Mutex(0)

    /// Runs `body` while, every `interval`, what the allocator holds free is given back to
    /// the system (glibc's `malloc_trim`) if there is at least `least` of it: only in a
    /// process that asked for ``mapLargeBlocks(threshold:)``, and never during a
    /// ``reusingFreedBlocks(_:)``, which keeps freed blocks on purpose.
    ///
    /// glibc gives each thread that allocates an arena of its own. What a site's pages and
    /// indexes free in one thread's arena stays resident there while another thread's
    /// arena grows for what it makes next: at ten times the dex, 15 MB lay free while the
    /// pages were rendered in some runs and 40 MB in others, as the threads happened to take
    /// the work, and the peak was 160 MB or 190 MB. Given back four times a second, the peak
    /// was 160-166 MB (docs/BENCHMARKS.md, 48th landing). Below `least` it is not worth it:
    /// every page given back and used again is a page fault, and the mirror's build (4-6 MB
    /// free) spent 0.3-0.5 s more system time when it gave back as little. One arena for
    /// every thread held the peak too, at a cost: 40 times the waits on its lock, 3-9% more CPU.
    /// `released` is told each time (for tests).
    package static func releasingFreedMemory<Result, Failure: Error>(
        every interval: Duration = .milliseconds(250), least: Int = 8 << 20, released: (@Sendable () -> Void)? = nil,
        _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        guard largeBlockThreshold.load(ordering: .relaxed) > 0 else { return try await body() }
        let releaser = Task.detached {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { break }
                if reuse.withLock({ $0 == 0 }), freeBytes >= least {
                    pokedex_release_free_memory()
                    released?()
                }
            }
        }
        defer { releaser.cancel() }
        return try await body()
    }

    /// The bytes the allocator holds free in its heaps, or 0 where the C library does not say.
    package static var freeBytes: Int { Int(pokedex_free_bytes()) }
}
