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
        let mapped = pokedex_map_large_allocations(UInt(threshold)) == 0
        if mapped { largeBlockThreshold.store(threshold, ordering: .relaxed) }
        return mapped
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
    /// the system (glibc's `malloc_trim`) if there is at least `least` of it, and once more
    /// when `body` ends (a serve between builds holds no more): only in a process whose C
    /// library took ``mapLargeBlocks(threshold:)``, and never during a
    /// ``reusingFreedBlocks(_:)``, which keeps freed blocks on purpose (`whileReusing`: even
    /// then, for tests, which share the process with catalogs being built).
    ///
    /// glibc gives each thread that allocates an arena of its own. What a site's pages and
    /// indexes free in one thread's arena stays resident there while another thread's
    /// arena grows for what it makes next: at ten times the dex, 15 MB lay free through the
    /// render in a run that peaked at 169 MB and 40 MB in one that peaked at 180 MB, and the
    /// same build peaked anywhere from 160 to 192 MB as the threads happened to take the
    /// work. Given back every second, it peaked at 161.0-163.2 MB in three runs (every
    /// quarter second: 160.6-164.2 MB in twelve, with four times the `madvise` calls;
    /// docs/BENCHMARKS.md, 48th landing). The mirror's build holds 4-6 MB free and never
    /// gives back: below `least` there is little to gain, and each page given back and used
    /// again is a page fault (at ten times the dex, about a quarter more of them). Two arenas
    /// for all the threads held the peak as well, but their locks were waited on 35-75 times
    /// as often (1.04x the user CPU at the mirror's size).
    ///
    /// `released` is told each time (for tests); ``isReleasing`` is true within `body`.
    package static func releasingFreedMemory<Result, Failure: Error>(
        every interval: Duration = .seconds(1), least: Int = 8 << 20, whileReusing: Bool = false,
        released: (@Sendable () -> Void)? = nil, _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        guard largeBlockThreshold.load(ordering: .relaxed) > 0 else { return try await body() }
        @Sendable func release() { if releaseFreedMemory(least: least, whileReusing: whileReusing) { released?() } }
        // Above the build's own priority: a pool busy with its pages does not hold it back.
        let releaser = Task.detached(priority: .high) {
            while true {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { return }
                release()
            }
        }
        let outcome = await $isReleasing.withValue(true) { () async -> Swift.Result<Result, Failure> in
            do throws(Failure) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        releaser.cancel()
        await releaser.value
        release()
        return try outcome.get()
    }

    /// Gives what the allocator holds free back to the system if at least `least` of it is,
    /// and no ``reusingFreedBlocks(_:)`` is running (unless `whileReusing`); says whether it did.
    @discardableResult
    package static func releaseFreedMemory(least: Int, whileReusing: Bool = false) -> Bool {
        // Under the reuse lock: a stretch that keeps freed blocks does not start meanwhile.
        reuse.withLock { depth in
            guard depth == 0 || whileReusing, freeBytes >= least else { return false }
            pokedex_release_free_memory()
            return true
        }
    }

    /// True within the body of a ``releasingFreedMemory(every:least:whileReusing:released:_:)``
    /// that gives memory back (for tests: a site build runs in one).
    @TaskLocal package static var isReleasing = false

    /// The bytes the allocator holds free in its heaps, or 0 where the C library does not say.
    package static var freeBytes: Int { Int(pokedex_free_bytes()) }
}
