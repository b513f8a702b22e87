/* Fuzz target: PrefixVarInt (unsigned and zigzag). The input is a run of
 * values read back to back. Properties: a successful decode uses 1..9
 * bytes within the input; re-encoding the value gives at most that many
 * bytes and decodes to the same value; an input already of the shortest
 * length is byte-identical to the re-encoding; the cursor reader agrees. */
#include "bcx/varint.h"

#define CHECK(c) ((c) ? (void)0 : __builtin_trap())

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void one(const uint8_t *p, size_t n, uint64_t v, size_t used)
{
	CHECK(used >= 1 && used <= BCX_PREFIXVARINT_MAX && used <= n);
	uint8_t e[BCX_PREFIXVARINT_MAX];
	size_t en = bcx_prefixvarint_encode(v, e);
	CHECK(en == bcx_prefixvarint_length(v) && en <= used);
	uint64_t v2 = 0;
	size_t u2 = 0;
	CHECK(bcx_prefixvarint_decode(e, en, &v2, &u2, NULL) == BCX_OK && v2 == v && u2 == en);
	if (en == used)
		for (size_t i = 0; i < en; i++)
			CHECK(e[i] == p[i]);
	int64_t s = 0;
	CHECK(bcx_prefixvarint_decode_signed(p, n, &s, &u2, NULL) == BCX_OK && u2 == used);
	CHECK(bcx_zigzag_encode(s) == v);
	en = bcx_prefixvarint_encode_signed(s, e);
	CHECK(bcx_prefixvarint_decode_signed(e, en, &s, &u2, NULL) == BCX_OK &&
	      bcx_zigzag_encode(s) == v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_cursor c;
	bcx_cur_init(&c, data, size, NULL);
	size_t off = 0;
	while (off < size) {
		uint64_t v = 0;
		size_t used = 0;
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_status st = bcx_prefixvarint_decode(data + off, size - off, &v, &used, &d);
		uint64_t cv = bcx_cur_prefixvarint(&c, "value");
		if (st != BCX_OK) {
			/* The only way to fail is to run out of bytes. */
			CHECK(st == BCX_ERR_TRUNCATED && d.code == st && c.status == st);
			break;
		}
		CHECK(c.status == BCX_OK && cv == v && bcx_cur_offset(&c) == off + used);
		one(data + off, size - off, v, used);
		off += used;
	}
	return 0;
}
