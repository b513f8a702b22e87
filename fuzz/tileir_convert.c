/* Fuzz target: bytes -> read -> import -> write for 13.1, 13.2 and 13.3.
 * Whatever the writer produces must read back, and writing it again must
 * give the same bytes (the writer is a fixed point of read -> write). */
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* read + import + write; returns the status, bytes in *out. */
static bcx_status rewrite(const uint8_t *data, size_t size, uint8_t minor, bcx_tb_module **m,
			  uint8_t **out, size_t *n)
{
	bcx_tileir_module *src = NULL;
	bcx_tb_write_options o = {.major = 13, .minor = minor};
	bcx_status st = bcx_tileir_read(data, size, NULL, &src, NULL);
	if (!st)
		st = bcx_tb_import(src, NULL, m, NULL);
	if (!st)
		st = bcx_tb_write(*m, &o, out, n, NULL);
	bcx_tileir_close(src);
	return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	for (uint8_t minor = 1; minor <= 3; minor++) {
		bcx_tb_module *m1 = NULL, *m2 = NULL;
		uint8_t *a = NULL, *b = NULL;
		size_t na = 0, nb = 0;
		if (rewrite(data, size, minor, &m1, &a, &na) == BCX_OK) {
			if (rewrite(a, na, minor, &m2, &b, &nb) != BCX_OK || na != nb ||
			    memcmp(a, b, na) != 0)
				__builtin_trap();
		}
		bcx_tb_free_bytes(m1, a, na);
		bcx_tb_free_bytes(m2, b, nb);
		bcx_tb_module_free(m1);
		bcx_tb_module_free(m2);
	}
	return 0;
}
