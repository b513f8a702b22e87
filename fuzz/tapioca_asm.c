/* Fuzz target: the Tapioca assembler. Any text ends in a clean error at a
 * place in the text (text_diag.h) or a file that loads (what bcx writes,
 * bcx reads), whose disassembly assembles back to the same bytes. */
#include "bcx/tapioca.h"
#include "text_diag.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_buf b, t, b2;
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&t, NULL);
	bcx_buf_init(&b2, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = bcx_tapioca_asm((const char *)data, size, &b, &d);
	if (s == BCX_ERR_MALFORMED && !text_diag_ok(&d, data, size))
		__builtin_trap();
	if (s == BCX_OK) {
		bcx_tapioca_module *m = NULL;
		if (bcx_tapioca_load(b.data, b.len, NULL, &m, NULL) != BCX_OK)
			__builtin_trap();
		bcx_tapioca_free(m);
		if (bcx_tapioca_dis(b.data, b.len, &t, NULL) != BCX_OK ||
		    bcx_tapioca_asm((const char *)t.data, t.len, &b2, NULL) != BCX_OK ||
		    b2.len != b.len || memcmp(b.data, b2.data, b.len) != 0)
			__builtin_trap();
	}
	bcx_buf_free(&b);
	bcx_buf_free(&t);
	bcx_buf_free(&b2);
	return 0;
}
