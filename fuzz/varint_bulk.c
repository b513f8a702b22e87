/* Fuzz target: the bulk integer decoders. Byte 0 picks the codec, byte 1
 * the width (LEB128 1..64, VBR 2..33 so that a bad width is seen too),
 * byte 2 the number of values; the rest is the input. Property: on every
 * dispatch path this CPU has, the bulk decoder gives what a loop of the
 * single-value decoder gives (tests/varint/bulk_check.h). The input is
 * also checked repeated to 600 bytes, since the block kernels only run
 * with 80 bytes and 64 values left, so that they meet the fuzzer's bytes
 * too, at every alignment of the repeat. */
#include "../tests/varint/bulk_check.h"

#define CHECK(c) ((c) ? (void)0 : __builtin_trap())

enum { TILED = 600 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_paths(bc_codec c, unsigned arg, const uint8_t *p, size_t n, size_t count)
{
	static const bcx_vbulk_path paths[] = {BCX_VBULK_SCALAR, BCX_VBULK_SSE4, BCX_VBULK_AVX2};
	for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++)
		if (bcx_vbulk_for(paths[k]))
			CHECK(bc_compare(c, arg, paths[k], p, n, count) == NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	bc_codec c = (bc_codec)(data[0] % BC_COUNT);
	unsigned arg = c == BC_VBR || c == BC_SVBR ? 2 + data[1] % 32u : 1 + data[1] % 64u;
	size_t count = data[2] ? data[2] : 4096;
	check_paths(c, arg, data + 3, size - 3, count);
	if (size > 3 && size - 3 < TILED) {
		uint8_t tiled[TILED];
		for (size_t i = 0; i < TILED; i++)
			tiled[i] = data[3 + i % (size - 3)];
		check_paths(c, arg, tiled, TILED, count < 256 ? 256 : count);
	}
	return 0;
}
