#define _GNU_SOURCE
#include "CSystemExtras.h"
#include <string.h>

#if defined(__linux__)
#include <elf.h>
#include <link.h>

struct found { unsigned char *buffer; int capacity; int length; };

/* The first object dl_iterate_phdr reports is the executable: its PT_NOTE segments are
 * read for the NT_GNU_BUILD_ID note (name "GNU"), and the walk stops there. A segment's
 * notes are padded to its alignment: 4 bytes, or 8 in a segment aligned to 8 (x86-64's
 * .note.gnu.property, which a linker may merge with the build ID's segment); glibc reads
 * them the same way. Any other alignment is not a note segment this walk can read. */
static int first_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct found *found = data;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type != PT_NOTE) continue;
        const size_t align = header->p_align == 8 ? 8 : 4;
        if (header->p_align > 8) continue;
        const unsigned char *note = (const unsigned char *)(info->dlpi_addr + header->p_vaddr);
        const unsigned char *end = note + header->p_memsz;
        while (end - note >= (long)sizeof(ElfW(Nhdr))) {
            const ElfW(Nhdr) *head = (const ElfW(Nhdr) *)note;
            const unsigned char *name = note + sizeof(ElfW(Nhdr));
            const unsigned char *description = name + ((head->n_namesz + align - 1) & ~(align - 1));
            if (description + head->n_descsz > end) break;
            if (head->n_type == NT_GNU_BUILD_ID && head->n_namesz == 4 && memcmp(name, "GNU", 4) == 0
                && head->n_descsz > 0 && (int)head->n_descsz <= found->capacity) {
                memcpy(found->buffer, description, head->n_descsz);
                found->length = (int)head->n_descsz;
                return 1;
            }
            note = description + ((head->n_descsz + align - 1) & ~(align - 1));
        }
    }
    return 1;
}

int pokedex_build_id(unsigned char *buffer, int capacity) {
    struct found found = { buffer, capacity, 0 };
    dl_iterate_phdr(first_object, &found);
    return found.length;
}
#else
int pokedex_build_id(unsigned char *buffer, int capacity) {
    (void)buffer; (void)capacity;
    return 0;
}
#endif
