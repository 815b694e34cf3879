#define _GNU_SOURCE
#include "CSystemExtras.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int pokedex_exchange_paths(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
    if (syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE) == 0) return 0;
    return errno;
#elif defined(__APPLE__)
    if (renamex_np(first, second, RENAME_SWAP) == 0) return 0;
    return errno;
#else
    (void)first; (void)second;
    return ENOSYS;
#endif
}

int pokedex_unnamed_file_flag(void) {
#if defined(O_TMPFILE)
    return O_TMPFILE;
#else
    return 0;
#endif
}
