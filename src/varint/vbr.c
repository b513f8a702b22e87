/* VBR-N size and signed-rule helpers, and a byte-array form used by tests
 * and the CLI. The bit-level reader and writer are bcx_bit_vbr() and
 * bcx_bitbuf_emit_vbr() (spec llvm-bitstream.md 1). */
#include "bcx/varint.h"

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

size_t bcx_vbr_encode_bytes(uint64_t v, unsigned width, uint8_t *out, size_t cap)
{
	uint64_t bits = bcx_vbr_length_bits(v, width);
	if (bits == 0 || (bits + 7) / 8 > cap)
		return 0;
	bcx_bitbuf w;
	bcx_bitbuf_init(&w, NULL);
	bcx_bitbuf_emit_vbr(&w, v, width);
	bcx_bitbuf_align32(&w);
	size_t n = (size_t)((bits + 7) / 8);
	bool ok = bcx_bitbuf_status(&w) == BCX_OK;
	for (size_t i = 0; ok && i < n; i++)
		out[i] = w.bytes.data[i];
	bcx_bitbuf_free(&w);
	return ok ? n : 0;
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
