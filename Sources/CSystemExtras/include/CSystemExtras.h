#ifndef CSYSTEMEXTRAS_H
#define CSYSTEMEXTRAS_H

/* System calls Swift's Glibc module does not expose: renameat2's RENAME_EXCHANGE (the
 * syscall wrapper is variadic, which Swift cannot call) and O_TMPFILE; and a folder
 * removed with the *at calls, so the old site can go two folders at a time. */

/** Swaps two paths in one step (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np
 *  RENAME_SWAP). Returns 0, or the errno: EINVAL or ENOSYS where the file system or
 *  kernel cannot, ENOENT when either path is missing. */
int pokedex_exchange_paths(const char *first, const char *second);

/** The O_TMPFILE flag (with O_DIRECTORY) where the platform has it, else 0. */
int pokedex_unnamed_file_flag(void);

/** Removes a folder and everything in it, never following a symlink out (a symlink
 *  inside is removed, not what it names), reading each entry's kind from the listing
 *  rather than a stat of it. Returns 0 (also when nothing is there), or the last errno. */
int pokedex_remove_tree(const char *path);

/** Makes the allocator (glibc's) give every block of `threshold` bytes or more a mapping
 *  of its own, returned to the system when freed, instead of a place in a heap that stays
 *  as large as it ever was. Returns 0, or -1 where the C library has no such setting. */
int pokedex_map_large_allocations(unsigned long threshold);

/** Makes the allocator keep freed blocks below `threshold` bytes for reuse, and give back
 *  the top of a heap only when more than `trim` bytes are free there. Returns 0, or -1
 *  where the C library has no such setting. */
int pokedex_reuse_freed_blocks(unsigned long threshold, unsigned long trim);

/** Gives memory the allocator holds free back to the system (glibc's malloc_trim). */
void pokedex_release_free_memory(void);

/** The bytes the allocator holds free in its heaps, every thread's arena together (glibc's
 *  mallinfo2().fordblks), or 0 where the C library does not say. */
unsigned long pokedex_free_bytes(void);

/** The GNU build ID the linker wrote into this executable (its NT_GNU_BUILD_ID note, a
 *  hash of the linked bytes), copied into `buffer`. Returns its length, or 0 where there is
 *  none or it is longer than `capacity` (another platform, a linker told not to write one). */
int pokedex_build_id(unsigned char *buffer, int capacity);

#endif
