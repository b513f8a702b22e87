/* Round trips for every codec (vcodec.h: prefix, zigzag, uleb, sleb, zleb,
 * xip, vbr2..32, svbr2..32) over every bit length 0..64: for each length
 * the boundary values 2^L - 1, 2^L, 2^L + 1 (and their negations for signed
 * codecs) and random values of exactly L significant bits. Each value must
 * encode to the length its definition gives, decode back with every byte
 * used, and fail as truncated when cut short. Then every 16-bit value, and
 * the wide XIP API over every byte length 1..64. */
#include "testutil.h"
#include "vcodec.h"

#include <string.h>

enum { RANDOM_PER_LENGTH = 24 };

static unsigned long failures_shown;

/* The byte-array VBR encoder and the bit writer must give the same bits. */
static bool same_as_bit_writer(const vcodec *c, uint64_t v, const uint8_t *b, size_t n)
{
	if (c->kind != VC_VBR && c->kind != VC_SVBR)
		return true;
	bcx_bitbuf w;
	bcx_bitbuf_init(&w, NULL);
	bcx_bitbuf_emit_vbr(&w, c->kind == VC_SVBR ? bcx_svbr_encode((int64_t)v) : v, c->width);
	uint64_t bits = bcx_bitbuf_bit_pos(&w);
	bcx_bitbuf_align32(&w);
	bool ok = bcx_bitbuf_status(&w) == BCX_OK && (bits + 7) / 8 == n &&
		  memcmp(w.bytes.data, b, n) == 0;
	bcx_bitbuf_free(&w);
	return ok;
}

static void round_trip(const vcodec *c, uint64_t v)
{
	uint8_t b[VC_MAX];
	size_t n = vc_encode(c, v, b);
	size_t want = vc_expected_length(c, v);
	uint64_t back = 0;
	size_t used = 0;
	bcx_status s = vc_decode(c, b, n, &back, &used);
	bool ok = n == want && vc_length(c, v) == want && s == BCX_OK && back == v && used == n;
	/* Cutting the last byte (and the whole value) must be TRUNCATED. */
	ok = ok && vc_decode(c, b, n - 1, &back, &used) == BCX_ERR_TRUNCATED;
	ok = ok && vc_decode(c, b, 0, &back, &used) == BCX_ERR_TRUNCATED;
	ok = ok && same_as_bit_writer(c, v, b, n);
	if (!ok && failures_shown++ < 20)
		fprintf(stderr, "%s: value 0x%llx: %zu bytes (want %zu), status %d, back 0x%llx\n",
			c->name, (unsigned long long)v, n, want, s, (unsigned long long)back);
	T_CHECK(ok);
}

/* A value with exactly `len` significant magnitude bits (top bit set). */
static uint64_t random_of_len(uint64_t *st, unsigned len)
{
	if (len == 0)
		return 0;
	uint64_t r = tu_rand(st);
	if (len < 64)
		r &= ((uint64_t)1 << len) - 1;
	return r | (uint64_t)1 << (len - 1);
}

static void values_of_len(const vcodec *c, unsigned len, uint64_t *st)
{
	uint64_t p = len < 64 ? (uint64_t)1 << len : 0; /* 2^64 wraps to 0 */
	uint64_t edges[] = {p - 1, p, p + 1, p - 2};
	for (size_t i = 0; i < 4; i++) {
		round_trip(c, edges[i]);
		if (c->is_signed)
			round_trip(c, (uint64_t)0 - edges[i]);
	}
	for (int i = 0; i < RANDOM_PER_LENGTH; i++) {
		uint64_t r = random_of_len(st, len);
		round_trip(c, r);
		if (c->is_signed) {
			round_trip(c, (uint64_t)0 - r);
			round_trip(c, ~r); /* -r - 1: the negative with the same width */
		}
	}
}

static void test_bit_lengths(void)
{
	uint64_t st = 0x5eed;
	for (size_t i = 0; i < vc_count(); i++)
		for (unsigned len = 0; len <= 64; len++)
			values_of_len(vc_at(i), len, &st);
}

static void test_all_16_bit(void)
{
	static const char *names[] = {"prefix", "zigzag", "uleb", "sleb", "zleb", "xip",
				      "vbr2", "vbr6", "svbr4", "vbr32"};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		const vcodec *c = vc_find(names[i]);
		for (int32_t x = -32768; x < 65536; x++)
			if (x >= 0 || c->is_signed)
				round_trip(c, (uint64_t)(int64_t)x);
	}
}

/* A random k-byte two's-complement value whose minimal form is k bytes. */
static void random_wide(uint64_t *st, uint8_t *be, size_t k)
{
	for (size_t i = 0; i < k; i++)
		be[i] = (uint8_t)tu_rand(st);
	if (k > 1 && (be[0] == 0x00 || be[0] == 0xff))
		be[0] ^= 0x01;
	if (k > 1 && be[0] == 0x01 && !(be[1] & 0x80))
		be[1] |= 0x80;
	if (k > 1 && be[0] == 0xfe && (be[1] & 0x80))
		be[1] &= 0x7f;
}

static void test_wide(void)
{
	uint64_t st = 0xface;
	for (size_t k = 1; k <= BCX_XIP_WIDE_MAX; k++) {
		for (int i = 0; i < 50; i++) {
			uint8_t be[BCX_XIP_WIDE_MAX], out[BCX_XIP_MAX], dec[BCX_XIP_WIDE_MAX];
			random_wide(&st, be, k);
			size_t n = 0, dl = 0, used = 0;
			bool ok = bcx_wide_minimal_len(be, k) == k &&
				  bcx_xip_encode_wide(be, k, out, &n, NULL) == BCX_OK;
			/* Above 8 bytes the form is always Large-k. */
			ok = ok && (k <= 8 || (n == k + 1 && out[0] == (uint8_t)((k - 1) << 2)));
			ok = ok && bcx_xip_decode_wide(out, n, dec, &dl, &used, NULL) == BCX_OK &&
			     used == n && dl == k && memcmp(dec, be, k) == 0;
			ok = ok && bcx_xip_decode_wide(out, n - 1, dec, &dl, &used, NULL) ==
					   BCX_ERR_TRUNCATED;
			char text[BCX_WIDE_DEC_MAX];
			uint8_t re[BCX_XIP_WIDE_MAX];
			size_t rl = 0;
			ok = ok && bcx_wide_to_decimal(be, k, text, sizeof text) > 0 &&
			     bcx_wide_parse(text, re, &rl, NULL) == BCX_OK && rl == k &&
			     memcmp(re, be, k) == 0;
			T_CHECKF(ok, "wide XIP round trip, %zu bytes, try %d", k, i);
		}
	}
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_bit_lengths();
	test_all_16_bit();
	test_wide();
	return tu_finish();
}
