/* Fuzz target: the Tile IR reader, every body, the generic printer and the
 * structural dump (text and JSON) on arbitrary bytes. */
#include "bcx/tileir.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	if (bcx_tileir_read(data, size, NULL, &m, &d) != BCX_OK)
		return 0;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_status s = bcx_tileir_print_generic(m, -1, &out, &d);
	out.len = 0;
	if (s == BCX_OK)
		s = bcx_tileir_dump(m, (size & 1) != 0, &out, &d);
	(void)s;
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	return 0;
}
