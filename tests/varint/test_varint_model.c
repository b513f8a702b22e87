/* The LEB128, PrefixVarInt and VBR readers against small models written
 * straight from the specs with 128-bit arithmetic (so no bit can silently
 * fall off), over many random inputs biased towards continuation bytes,
 * every width limit 1..64 and every VBR width 2..32. Status, value and
 * length must all agree, including which error comes first: the readers
 * report the first problem in stream order. */
#include "testutil.h"
#include "vcodec.h"

#include <string.h>

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

enum { TRIES = 40000 };

/* Random bytes, mostly 0x80/0xff/0x7f/0x00 so that long values and the
 * 10th-byte edge are common. */
static size_t random_input(uint64_t *st, uint8_t *b, size_t cap)
{
	static const uint8_t pick[] = {0x80, 0xff, 0x7f, 0x00, 0x81, 0x01, 0x40, 0xc0};
	size_t n = (size_t)(tu_rand(st) % cap);
	for (size_t i = 0; i < n; i++) {
		uint64_t r = tu_rand(st);
		b[i] = (r & 3) ? pick[(r >> 2) % 8] : (uint8_t)(r >> 8);
	}
	return n;
}

/* Unsigned LEB128 (tileir-bytecode.md 3.2) with our limits. */
static bcx_status model_uleb(const uint8_t *p, size_t n, unsigned bits, uint64_t *v, size_t *used)
{
	u128 r = 0;
	for (size_t i = 0;; i++) {
		if (i >= BCX_LEB128_MAX)
			return BCX_ERR_MALFORMED;
		if (i >= n)
			return BCX_ERR_TRUNCATED;
		r |= (u128)(p[i] & 0x7f) << (7 * i);
		if (r >> bits)
			return BCX_ERR_OVERFLOW;
		if (!(p[i] & 0x80)) {
			*v = (uint64_t)r;
			*used = i + 1;
			return BCX_OK;
		}
	}
}

static bcx_status model_sleb(const uint8_t *p, size_t n, unsigned bits, int64_t *v, size_t *used)
{
	u128 r = 0;
	size_t i = 0;
	for (;; i++) {
		if (i >= BCX_LEB128_MAX)
			return BCX_ERR_MALFORMED;
		if (i >= n)
			return BCX_ERR_TRUNCATED;
		r |= (u128)(p[i] & 0x7f) << (7 * i);
		if (!(p[i] & 0x80))
			break;
	}
	i128 s = (i128)r;
	if (p[i] & 0x40)
		s -= (i128)1 << (7 * (i + 1));
	i128 lim = (i128)1 << (bits - 1);
	if (s < -lim || s >= lim)
		return BCX_ERR_OVERFLOW;
	*v = (int64_t)s;
	*used = i + 1;
	return BCX_OK;
}

/* PrefixVarInt (mlir-bytecode.md 2). */
static bcx_status model_prefix(const uint8_t *p, size_t n, uint64_t *v, size_t *used)
{
	if (n == 0)
		return BCX_ERR_TRUNCATED;
	size_t len = 1;
	while (len <= 8 && !(p[0] & (1u << (len - 1))))
		len++;
	if (n < len)
		return BCX_ERR_TRUNCATED;
	u128 r = 0;
	for (size_t i = 0; i < len; i++)
		r |= (u128)p[i] << (8 * i);
	*v = (uint64_t)(len == 9 ? r >> 8 : r >> len);
	*used = len;
	return BCX_OK;
}

static unsigned bit_at(const uint8_t *p, size_t i) { return (unsigned)(p[i / 8] >> (i % 8)) & 1u; }

/* VBR-w (llvm-bitstream.md 1) with LLVM's unterminated rule and our
 * refusal of bits above 63. */
static bcx_status model_vbr(const uint8_t *p, size_t n, unsigned w, uint64_t *v, size_t *bits)
{
	u128 r = 0;
	size_t pos = 0;
	for (unsigned shift = 0;; shift += w - 1) {
		if (shift >= 64)
			return BCX_ERR_OVERFLOW;
		if (pos + w > n * 8)
			return BCX_ERR_TRUNCATED;
		uint64_t chunk = 0;
		for (unsigned k = 0; k < w; k++)
			chunk |= (uint64_t)bit_at(p, pos + k) << k;
		pos += w;
		r |= (u128)(chunk & (((uint64_t)1 << (w - 1)) - 1)) << shift;
		if (r >> 64)
			return BCX_ERR_OVERFLOW;
		if (!(chunk >> (w - 1))) {
			*v = (uint64_t)r;
			*bits = pos;
			return BCX_OK;
		}
	}
}

static void test_leb(uint64_t *st)
{
	unsigned bad = 0;
	for (int t = 0; t < TRIES; t++) {
		uint8_t b[16];
		size_t n = random_input(st, b, sizeof b);
		unsigned bits = 1 + (unsigned)(tu_rand(st) % 64);
		uint64_t u1 = 0, u2 = 0;
		int64_t s1 = 0, s2 = 0;
		size_t n1 = 0, n2 = 0;
		bcx_status a = bcx_uleb128_decode(b, n, bits, &u1, &n1, NULL);
		bcx_status m = model_uleb(b, n, bits, &u2, &n2);
		if (a != m || (a == BCX_OK && (u1 != u2 || n1 != n2)))
			bad++;
		a = bcx_sleb128_decode(b, n, bits, &s1, &n1, NULL);
		m = model_sleb(b, n, bits, &s2, &n2);
		if (a != m || (a == BCX_OK && (s1 != s2 || n1 != n2)))
			bad++;
	}
	T_EQ_U(bad, 0);
}

static void test_prefix(uint64_t *st)
{
	unsigned bad = 0;
	for (int t = 0; t < TRIES; t++) {
		uint8_t b[12];
		size_t n = random_input(st, b, sizeof b);
		if (n && (tu_rand(st) & 1))
			b[0] = (uint8_t)(1u << (tu_rand(st) % 9)); /* every length, 0x00 too */
		uint64_t u1 = 0, u2 = 0;
		size_t n1 = 0, n2 = 0;
		bcx_status a = bcx_prefixvarint_decode(b, n, &u1, &n1, NULL);
		bcx_status m = model_prefix(b, n, &u2, &n2);
		if (a != m || (a == BCX_OK && (u1 != u2 || n1 != n2)))
			bad++;
	}
	T_EQ_U(bad, 0);
}

/* Chunks with the continuation bit set 90% of the time and payloads that
 * are often all ones, so that the 64-bit edges are reached; sometimes cut
 * short. */
static size_t random_vbr_input(uint64_t *st, unsigned w, uint8_t *b, size_t cap)
{
	memset(b, 0, cap);
	size_t pos = 0;
	uint64_t hi = (uint64_t)1 << (w - 1);
	while (pos + w <= cap * 8) {
		uint64_t r = tu_rand(st);
		uint64_t payload = (r & 1) ? hi - 1 : (r >> 8) & (hi - 1);
		if ((r >> 1) % 4 == 0)
			payload >>= (r >> 3) % w;
		bool more = (r >> 4) % 10 != 0;
		uint64_t chunk = more ? payload | hi : payload;
		for (unsigned k = 0; k < w; k++, pos++)
			b[pos / 8] |= (uint8_t)(((chunk >> k) & 1) << (pos % 8));
		if (!more)
			break;
	}
	size_t n = (pos + 7) / 8;
	if (tu_rand(st) % 8 == 0 && n > 0)
		n = (size_t)(tu_rand(st) % n);
	return n;
}

static void test_vbr(uint64_t *st)
{
	unsigned bad = 0;
	for (int t = 0; t < TRIES; t++) {
		uint8_t b[24];
		unsigned w = 2 + (unsigned)(tu_rand(st) % 31);
		size_t n = (t & 1) ? random_input(st, b, sizeof b)
				   : random_vbr_input(st, w, b, sizeof b);
		uint64_t u1 = 0, u2 = 0;
		size_t n1 = 0, n2 = 0;
		bcx_status a = bcx_vbr_decode_bytes(b, n, w, &u1, &n1, NULL);
		bcx_status m = model_vbr(b, n, w, &u2, &n2);
		if (a != m || (a == BCX_OK && (u1 != u2 || n1 != n2))) {
			if (bad++ < 5)
				fprintf(stderr, "vbr%u: %zu bytes: bcx %d model %d\n", w, n, a, m);
		}
	}
	T_EQ_U(bad, 0);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	uint64_t st = 0x1eb128;
	test_leb(&st);
	test_prefix(&st);
	test_vbr(&st);
	return tu_finish();
}
