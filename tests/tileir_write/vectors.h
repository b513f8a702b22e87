/* Access to the Tile IR vectors' index (index.tsv) and writer refusals
 * (rejected.txt) for the writer tests. */
#ifndef BCX_TEST_TILEIR_VECTORS_H
#define BCX_TEST_TILEIR_VECTORS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct tv_row {
	char name[96];
	char version[24];   /* "13.1", "13.3.7", ... */
	char result[16];    /* ok, rejected, reader-error */
	bool debuginfo;
} tv_row;

/* All rows of DIR/index.tsv (DIR relative to the shared folder, e.g.
 * "vectors/tileir"); *n receives the count. Free with free(). */
tv_row *tv_index(const char *dir, size_t *n);
/* The row for (name, version) or NULL. */
const tv_row *tv_find(const tv_row *rows, size_t n, const char *name, const char *version);
/* The text after "error: " of the first error line the reference printed
 * for (name, version) in rejected.txt, or NULL. Static buffer. */
const char *tv_rejection(const char *dir, const char *name, const char *version);

#endif
