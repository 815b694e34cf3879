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
}
