#ifndef CSYSTEMEXTRAS_H
#define CSYSTEMEXTRAS_H

/* System calls Swift's Glibc module does not expose: renameat2's RENAME_EXCHANGE (the
 * syscall wrapper is variadic, which Swift cannot call) and O_TMPFILE. */

/** Swaps two paths in one step (Linux renameat2 RENAME_EXCHANGE, macOS renamex_np
 *  RENAME_SWAP). Returns 0, or the errno: EINVAL or ENOSYS where the file system or
 *  kernel cannot, ENOENT when either path is missing. */
int pokedex_exchange_paths(const char *first, const char *second);

/** The O_TMPFILE flag (with O_DIRECTORY) where the platform has it, else 0. */
int pokedex_unnamed_file_flag(void);

#endif
