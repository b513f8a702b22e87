/* Fuzz target: VBR-N on the bit cursor and LLVM's signed rule. Byte 0
 * picks the width (2..32); the rest is a bitstream of values read back to
 * back. Properties: a decoded value re-encodes (bit writer and byte
 * encoder, which must agree) to at most the bits used and decodes back; a
 * shortest-length input is bit-identical to the re-encoding; the sign
 * rule round-trips every 64-bit pattern; failures leave a clean status. */
#include "bcx/varint.h"

#define CHECK(c) ((c) ? (void)0 : __builtin_trap())

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned bit_at(const uint8_t *p, uint64_t i)
{
	return ((unsigned)p[i >> 3] >> (i & 7)) & 1u;
}

static void check_value(const uint8_t *data, uint64_t start, uint64_t used, uint64_t v,
			unsigned w)
{
	uint8_t e[32]; /* VBR2 of a 64-bit value: 128 bits */
	size_t en = bcx_vbr_encode_bytes(v, w, e, sizeof e);
	uint64_t bits = bcx_vbr_length_bits(v, w);
	CHECK(en == (bits + 7) / 8 && bits <= used && bits % w == 0);
	uint64_t v2 = 0;
	size_t ub = 0;
	CHECK(bcx_vbr_decode_bytes(e, en, w, &v2, &ub, NULL) == BCX_OK && v2 == v && ub == bits);
	if (bits == used)
		for (uint64_t i = 0; i < bits; i++)
			CHECK(bit_at(e, i) == bit_at(data, start + i));
	bcx_bitbuf b;
	bcx_bitbuf_init(&b, NULL);
	bcx_bitbuf_emit_vbr(&b, v, w);
	CHECK(bcx_bitbuf_bit_pos(&b) == bits);
	bcx_bitbuf_align32(&b);
	if (bcx_bitbuf_status(&b) == BCX_OK)
		for (size_t i = 0; i < en; i++)
			CHECK(b.bytes.data[i] == e[i]);
	bcx_bitbuf_free(&b);
	CHECK(bcx_svbr_encode(bcx_svbr_decode(v)) == v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned w = 2 + data[0] % 31u;
	data++;
	size--;
	bcx_bitcursor b;
	bcx_bit_init(&b, data, size, NULL);
	while (!bcx_bit_at_end(&b)) {
		uint64_t start = bcx_bit_pos(&b);
		uint64_t v = bcx_bit_vbr(&b, w);
		if (!bcx_bit_ok(&b)) {
			CHECK(b.status == BCX_ERR_TRUNCATED || b.status == BCX_ERR_OVERFLOW);
			break;
		}
		CHECK(bcx_bit_pos(&b) > start && bcx_bit_pos(&b) <= (uint64_t)size * 8);
		check_value(data, start, bcx_bit_pos(&b) - start, v, w);
	}
	/* The 32-bit reader takes a subset of what the 64-bit one takes. */
	bcx_bitcursor b32, b64;
	bcx_bit_init(&b32, data, size, NULL);
	bcx_bit_init(&b64, data, size, NULL);
	uint32_t v32 = bcx_bit_vbr32(&b32, w);
	uint64_t v64 = bcx_bit_vbr(&b64, w);
	if (bcx_bit_ok(&b32))
		CHECK(bcx_bit_ok(&b64) && v64 == v32 && b64.pos == b32.pos);
	return 0;
}
