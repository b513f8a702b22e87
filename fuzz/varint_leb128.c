/* Fuzz target: LEB128, unsigned, signed and zigzag. Byte 0 picks the width
 * limit (1..64, low 6 bits); the rest is a run of values. Properties: a
 * decoded value fits the limit; it re-encodes to at most the bytes used
 * and decodes back; a shortest-length input is byte-identical to the
 * re-encoding; the cursor readers agree with the array readers. */
#include "bcx/varint.h"

#define CHECK(c) ((c) ? (void)0 : __builtin_trap())

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++)
		CHECK(a[i] == b[i]);
}

static void check_u(const uint8_t *p, uint64_t v, size_t used, unsigned bits)
{
	CHECK(bits == 64 || v >> bits == 0);
	uint8_t e[BCX_LEB128_MAX];
	size_t en = bcx_uleb128_encode(v, e);
	CHECK(en == bcx_uleb128_length(v) && en <= used);
	uint64_t v2 = 0;
	size_t u2 = 0;
	CHECK(bcx_uleb128_decode(e, en, bits, &v2, &u2, NULL) == BCX_OK && v2 == v && u2 == en);
	if (en == used)
		same_bytes(e, p, en);
}

static void check_s(const uint8_t *p, int64_t v, size_t used, unsigned bits)
{
	if (bits < 64)
		CHECK(v >= -((int64_t)1 << (bits - 1)) && v < ((int64_t)1 << (bits - 1)));
	uint8_t e[BCX_LEB128_MAX];
	size_t en = bcx_sleb128_encode(v, e);
	CHECK(en == bcx_sleb128_length(v) && en <= used);
	int64_t v2 = 0;
	size_t u2 = 0;
	CHECK(bcx_sleb128_decode(e, en, bits, &v2, &u2, NULL) == BCX_OK && v2 == v && u2 == en);
	if (en == used)
		same_bytes(e, p, en);
}

/* A run of values of one kind; returns when the input ends or fails. */
static void run(const uint8_t *data, size_t size, unsigned bits, int is_signed)
{
	bcx_cursor c;
	bcx_cur_init(&c, data, size, NULL);
	size_t off = 0;
	while (off < size) {
		size_t used = 0;
		uint64_t u = 0;
		int64_t s = 0;
		bcx_status st = is_signed
			? bcx_sleb128_decode(data + off, size - off, bits, &s, &used, NULL)
			: bcx_uleb128_decode(data + off, size - off, bits, &u, &used, NULL);
		int64_t cs = is_signed ? bcx_cur_sleb128(&c, bits, "v") : 0;
		uint64_t cu = is_signed ? 0 : bcx_cur_uleb128(&c, bits, "v");
		CHECK(c.status == st);
		if (st != BCX_OK) {
			CHECK(st == BCX_ERR_TRUNCATED || st == BCX_ERR_MALFORMED ||
			      st == BCX_ERR_OVERFLOW);
			return;
		}
		CHECK(used >= 1 && used <= BCX_LEB128_MAX && used <= size - off);
		CHECK(cs == s && cu == u && bcx_cur_offset(&c) == off + used);
		if (is_signed)
			check_s(data + off, s, used, bits);
		else
			check_u(data + off, u, used, bits);
		if (!is_signed && bits == 64)
			CHECK(bcx_zigzag_encode(bcx_zigzag_decode(u)) == u);
		off += used;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	unsigned bits = (data[0] & 63u) + 1;
	run(data + 1, size - 1, bits, 0);
	run(data + 1, size - 1, bits, 1);
	run(data + 1, size - 1, 64, 0);
	run(data + 1, size - 1, 64, 1);
	return 0;
}
