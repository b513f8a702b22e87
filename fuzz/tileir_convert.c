/* Fuzz target: bytes -> read -> write for 13.1, 13.2 and 13.3.
 * Whatever the writer produces must read back, and writing it again must
 * give the same bytes (the writer is a fixed point of read -> write). */
#include "bcx/tileir.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* read + write; returns the status, a malloc'd copy of the bytes in *out. */
static bcx_status rewrite(const uint8_t *data, size_t size, uint8_t minor, uint8_t **out,
			  size_t *n)
{
	bcx_tileir_module *src = NULL;
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = minor};
	uint8_t *bytes = NULL;
	bcx_status st = bcx_tileir_read(data, size, NULL, &src, NULL);
	if (!st)
		st = bcx_tileir_write(src, &o, &bytes, n, NULL);
	if (!st) {
		*out = malloc(*n ? *n : 1);
		if (!*out)
			st = BCX_ERR_NOMEM;
		else
			memcpy(*out, bytes, *n);
		bcx_tileir_free_bytes(src, bytes, *n);
	}
	bcx_tileir_close(src);
	return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (uint8_t minor = 1; minor <= 3; minor++) {
		uint8_t *a = NULL, *b = NULL;
		size_t na = 0, nb = 0;
		if (rewrite(data, size, minor, &a, &na) == BCX_OK) {
			if (rewrite(a, na, minor, &b, &nb) != BCX_OK || na != nb ||
			    memcmp(a, b, na) != 0)
				__builtin_trap();
		}
		free(a);
		free(b);
	}
	return 0;
}
