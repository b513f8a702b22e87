/* Listing the Tile IR vectors of the shared folder for the tests. */
#ifndef BCX_TEST_TILEIR_VECTORS_H
#define BCX_TEST_TILEIR_VECTORS_H

#include <stddef.h>

/* Every file under vectors/tileir/{.,coverage,legacy,invalid} whose name
 * ends with suffix, as full paths (sorted); returns the count. The list is
 * freed with tv_free(). */
size_t tv_list(const char *suffix, char ***paths);
void tv_free(char **paths, size_t n);
/* The bytecode file that a .generic.mlir or .err.txt describes. */
void tv_bytecode_for(const char *path, const char *suffix, char *out, size_t cap);

#endif
