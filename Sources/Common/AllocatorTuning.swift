import CSystemExtras

/// How the process asks the C allocator to behave, set once when the command starts.
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
        pokedex_map_large_allocations(UInt(threshold)) == 0
    }
}
