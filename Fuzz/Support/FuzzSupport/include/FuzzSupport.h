#ifndef FUZZSUPPORT_H
#define FUZZSUPPORT_H

#include <stddef.h>
#include <stdint.h>

/* libFuzzer's driver, for executables that keep their own main (SwiftPM renames a
 * Swift executable's entry point, so libFuzzer's main cannot be used). */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
