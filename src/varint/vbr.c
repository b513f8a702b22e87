/* VBR-N size and signed-rule helpers, and a byte-array form used by tests
 * and the CLI. The bit-level reader and writer are bcx_bit_vbr() and
 * bcx_bitbuf_emit_vbr() (spec llvm-bitstream.md 1). */
#include "bcx/varint.h"

#include <string.h>

uint64_t bcx_vbr_length_bits(uint64_t v, unsigned width)
{
	if (width < 2 || width > 32)
		return 0;
	uint64_t chunks = 1;
	while (v >> (width - 1)) {
		v >>= width - 1;
		chunks++;
	}
	return chunks * width;
}

/* LLVM emitSignedInt64: (v << 1) | sign, on the magnitude. INT64_MIN has no
 * magnitude in 64 bits; LLVM writes it as 1 ("negative zero"). */
uint64_t bcx_svbr_encode(int64_t v)
{
	if (v >= 0)
		return (uint64_t)v << 1;
	return ((uint64_t)0 - (uint64_t)v) << 1 | 1;
}

int64_t bcx_svbr_decode(uint64_t u)
{
	if ((u & 1) == 0)
		return (int64_t)(u >> 1);
	if (u != 1)
		return -(int64_t)(u >> 1);
	return INT64_MIN;
}

/* OR `width` bits of x into out at bit position pos, LSB first. */
static void put_bits(uint8_t *out, uint64_t pos, uint64_t x, unsigned width)
{
	while (width > 0) {
		unsigned bit = (unsigned)(pos & 7);
		unsigned take = 8 - bit < width ? 8 - bit : width;
		out[pos >> 3] |= (uint8_t)((x & ((1u << take) - 1)) << bit);
		x >>= take;
		pos += take;
		width -= take;
	}
}

/* The same bits bcx_bitbuf_emit_vbr() writes, without a buffer to grow. */
size_t bcx_vbr_encode_bytes(uint64_t v, unsigned width, uint8_t *out, size_t cap)
{
	uint64_t bits = bcx_vbr_length_bits(v, width);
	size_t n = (size_t)((bits + 7) / 8);
	if (bits == 0 || n > cap)
		return 0;
	memset(out, 0, n);
	uint64_t hi = (uint64_t)1 << (width - 1), pos = 0;
	do {
		uint64_t piece = v & (hi - 1);
		v >>= width - 1;
		put_bits(out, pos, v ? piece | hi : piece, width);
		pos += width;
	} while (v);
	return n;
}

bcx_status bcx_vbr_decode_bytes(const uint8_t *p, size_t n, unsigned width, uint64_t *v,
				size_t *used_bits, bcx_diag *diag)
{
	bcx_bitcursor b;
	bcx_bit_init(&b, p, n, diag);
	uint64_t r = bcx_bit_vbr(&b, width);
	if (b.status != BCX_OK)
		return b.status;
	*v = r;
	*used_bits = (size_t)b.pos;
	return BCX_OK;
}
