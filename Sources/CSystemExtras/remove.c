#define _GNU_SOURCE
#include "CSystemExtras.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Empties the folder open at `folder` (closed here), never following a symlink. */
static int remove_contents(int folder) {
    DIR *listing = fdopendir(folder);
    if (listing == NULL) {
        int error = errno;
        close(folder);
        return error;
    }
    int result = 0;
    struct dirent *entry;
    while ((entry = readdir(listing)) != NULL) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        int isFolder = entry->d_type == DT_DIR;
        if (entry->d_type == DT_UNKNOWN) {
            struct stat status;
            if (fstatat(dirfd(listing), name, &status, AT_SYMLINK_NOFOLLOW) != 0) { result = errno; continue; }
            isFolder = S_ISDIR(status.st_mode);
        }
        if (isFolder) {
            int inner = openat(dirfd(listing), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner < 0) { result = errno; continue; }
            int error = remove_contents(inner);
            if (error != 0) result = error;
            if (unlinkat(dirfd(listing), name, AT_REMOVEDIR) != 0) result = errno;
        } else if (unlinkat(dirfd(listing), name, 0) != 0) {
            result = errno;
        }
    }
    closedir(listing);
    return result;
}

int pokedex_remove_tree(const char *path) {
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) {
        if (errno == ENOENT) return 0;
        /* Not a folder (or a symlink to one): the link or file itself goes. */
        return unlink(path) == 0 ? 0 : errno;
    }
    int result = remove_contents(folder);
    if (rmdir(path) != 0 && result == 0) result = errno;
    return result;
}
