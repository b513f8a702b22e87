/* Fuzz target: random text into the Tile IR assembler. Any input must give
 * a module or a "FILE:LINE:COL: message" error; a module must then write
 * (or be refused cleanly) for every target version. */
#include "bcx/tileir_build.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_tb_module *m = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	if (bcx_tb_assemble("f.mlir", (const char *)data, size, NULL, &m, &d) != BCX_OK) {
		if (strncmp(d.message, "f.mlir:", 7) != 0)
			__builtin_trap();
		return 0;
	}
	for (uint8_t minor = 1; minor <= 3; minor++) {
		bcx_tb_write_options o = {.major = 13, .minor = minor, .i1_byte_per_element = minor == 2};
		uint8_t *out = NULL;
		size_t n = 0;
		if (bcx_tb_write(m, &o, &out, &n, &d) == BCX_OK)
			bcx_tb_free_bytes(m, out, n);
	}
	bcx_tb_module_free(m);
	return 0;
}
