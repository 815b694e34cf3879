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
