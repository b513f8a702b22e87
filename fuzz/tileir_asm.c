/* Fuzz target: random text into the Tile IR assembler. Any input must give
 * a module or an error at a place in the text (text_diag.h); a module must
 * then write (or be refused cleanly) for every target version. */
#include "bcx/tileir_build.h"
#include "text_diag.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_tileir_builder *m = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	if (bcx_tileir_assemble("f.mlir", (const char *)data, size, NULL, &m, &d) != BCX_OK) {
		if (!text_diag_ok(&d, data, size))
			__builtin_trap();
		return 0;
	}
	for (uint8_t minor = 1; minor <= 3; minor++) {
		bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options),
		                              .major = 13,
		                              .minor = minor,
		                              .i1_byte_per_element = minor == 2};
		uint8_t *out = NULL;
		size_t n = 0;
		if (bcx_tileir_builder_write(m, &o, &out, &n, &d) == BCX_OK)
			bcx_tileir_builder_free_bytes(m, out, n);
	}
	bcx_tileir_builder_free(m);
	return 0;
}
