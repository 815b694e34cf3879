#include "CSystemExtras.h"

#include <stdlib.h> /* defines __GLIBC__ where the C library is glibc */

#ifdef __GLIBC__
#include <malloc.h>
#endif

int pokedex_map_large_allocations(unsigned long threshold) {
#ifdef __GLIBC__
    return mallopt(M_MMAP_THRESHOLD, (int)threshold) == 1 ? 0 : -1;
#else
    (void)threshold;
    return -1;
#endif
}

int pokedex_reuse_freed_blocks(unsigned long threshold, unsigned long trim) {
#ifdef __GLIBC__
    int mapped = mallopt(M_MMAP_THRESHOLD, (int)threshold);
    int trimmed = mallopt(M_TRIM_THRESHOLD, (int)trim);
    return mapped == 1 && trimmed == 1 ? 0 : -1;
#else
    (void)threshold;
    (void)trim;
    return -1;
#endif
}

void pokedex_release_free_memory(void) {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

unsigned long pokedex_free_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return (unsigned long)mallinfo2().fordblks;
#elif defined(__GLIBC__)
    /* Before glibc 2.33: the same count in an int, enough to compare with a few MB. */
    return (unsigned long)(unsigned int)mallinfo().fordblks;
#else
    return 0;
#endif
}
