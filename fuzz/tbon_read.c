/* Fuzz target: the TBON reader. A file that reads must write back to the
 * same bytes when it is in canonical form, and the dump must succeed. */
#include "bcx/tbon.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_arena *a = bcx_arena_new(NULL);
	if (!a)
		return 0;
	bcx_limits lim = {32, 1u << 16, 1u << 18};
	bcx_tbon_file f;
	if (bcx_tbon_read(data, size, a, &lim, &f, NULL) == BCX_OK) {
		bcx_buf b;
		bcx_buf_init(&b, NULL);
		if (bcx_tbon_dump(data, size, true, &lim, &b, NULL) != BCX_OK)
			__builtin_trap();
		bcx_buf_free(&b);
		bcx_buf_init(&b, NULL);
		/* What bcx reads it writes (these limits are within the writer's),
		 * and reads back; the bytes may only differ where the input used a
		 * long length form or a non-minimal XIP. */
		bcx_tbon_file g;
		if (bcx_tbon_write(&f, &b, NULL) != BCX_OK ||
		    bcx_tbon_read(b.data, b.len, a, &lim, &g, NULL) != BCX_OK)
			__builtin_trap();
		bcx_buf_free(&b);
	}
	bcx_arena_free(a);
	return 0;
}
