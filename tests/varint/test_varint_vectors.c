/* Hand-checked vector tables for PrefixVarInt, LEB128 (unsigned, signed,
 * zigzag), VBR and LLVM's signed VBR; every row encodes to exactly its
 * bytes, decodes back, every truncation of it is BCX_ERR_TRUNCATED, and
 * every bit flip of it decodes cleanly.
 * Then the decoders' documented edge rules (docs/formats/varint.md). */
#include "testutil.h"
#include "vcodec.h"

#include <string.h>

typedef struct vrow {
	const char *codec;
	uint64_t value; /* bit pattern; signed codecs read it as int64_t */
	const char *hex;
} vrow;

#define S(x) ((uint64_t)(int64_t)(x))

static const vrow rows[] = {
	/* PrefixVarInt: mlir-bytecode.md section 2 "varint" examples ... */
	{"prefix", 0, "01"}, {"prefix", 1, "03"}, {"prefix", 6, "0d"}, {"prefix", 63, "7f"},
	{"prefix", 127, "ff"}, {"prefix", 128, "02 02"}, {"prefix", 0x7000, "04 80 03"},
	{"prefix", UINT64_MAX, "00 ff ff ff ff ff ff ff ff"},
	/* ... and by hand: (v << n | 1 << (n-1)) little-endian in n bytes. */
	{"prefix", 16383, "fe ff"}, {"prefix", 16384, "04 00 02"},
	{"prefix", (1ull << 56) - 1, "80 ff ff ff ff ff ff ff"},
	{"prefix", 1ull << 56, "00 00 00 00 00 00 00 00 01"},
	/* zigzag PrefixVarInt: spec examples, then i32 -1 and f16 1.5 as
	 * zero-extended bit patterns (spec "APInt"/"APFloat"), then edges. */
	{"zigzag", S(12), "31"}, {"zigzag", S(-42), "a7"},
	{"zigzag", S(INT64_MIN), "00 ff ff ff ff ff ff ff ff"},
	{"zigzag", 0xffffffffull, "d0 ff ff ff 3f"}, {"zigzag", 0x3e00, "04 e0 03"},
	{"zigzag", 0xbfb999999999999aull, "00 cb cc cc cc cc cc 8c 80"},
	{"zigzag", S(-1), "03"}, {"zigzag", S(0), "01"},
	{"zigzag", S(INT64_MAX), "00 fe ff ff ff ff ff ff ff"},
	/* unsigned LEB128: tileir-bytecode.md 3.2, then DWARF's examples. */
	{"uleb", 0, "00"}, {"uleb", 1, "01"}, {"uleb", 127, "7f"}, {"uleb", 128, "80 01"},
	{"uleb", 256, "80 02"}, {"uleb", 300, "ac 02"}, {"uleb", 16383, "ff 7f"},
	{"uleb", 16384, "80 80 01"}, {"uleb", 0xffffffff, "ff ff ff ff 0f"},
	{"uleb", 1ull << 63, "80 80 80 80 80 80 80 80 80 01"},
	{"uleb", UINT64_MAX, "ff ff ff ff ff ff ff ff ff 01"},
	{"uleb", 2, "02"}, {"uleb", 129, "81 01"}, {"uleb", 130, "82 01"},
	{"uleb", 12857, "b9 64"},
	/* zigzag over LEB128 (Tile IR signed varint): tileir-bytecode.md 3.3. */
	{"zleb", S(0), "00"}, {"zleb", S(-1), "01"}, {"zleb", S(1), "02"},
	{"zleb", S(-2), "03"}, {"zleb", S(63), "7e"}, {"zleb", S(-64), "7f"},
	{"zleb", S(64), "80 01"}, {"zleb", S(42), "54"}, {"zleb", S(-4), "07"},
	{"zleb", S(INT64_MIN), "ff ff ff ff ff ff ff ff ff 01"},
	{"zleb", S(INT64_MAX), "fe ff ff ff ff ff ff ff ff 01"},
	{"zleb", 0x3f800000, "80 80 80 f8 07"}, {"zleb", 0xff800000, "80 80 80 f8 1f"},
	/* signed LEB128: DWARF's examples, then the 64-bit edges. */
	{"sleb", S(2), "02"}, {"sleb", S(-2), "7e"}, {"sleb", S(127), "ff 00"},
	{"sleb", S(-127), "81 7f"}, {"sleb", S(128), "80 01"}, {"sleb", S(-128), "80 7f"},
	{"sleb", S(129), "81 01"}, {"sleb", S(-129), "ff 7e"}, {"sleb", S(0), "00"},
	{"sleb", S(-1), "7f"}, {"sleb", S(63), "3f"}, {"sleb", S(64), "c0 00"},
	{"sleb", S(-64), "40"}, {"sleb", S(-65), "bf 7f"},
	{"sleb", S(INT64_MIN), "80 80 80 80 80 80 80 80 80 7f"},
	{"sleb", S(INT64_MAX), "ff ff ff ff ff ff ff ff ff 00"},
	/* VBR: llvm-bitstream.md 1 (VBR6 of 1000 = fields 0x28, 0x1f), then by
	 * hand: fields packed LSB first, padded with zero bits. */
	{"vbr6", 1000, "e8 07"}, {"vbr6", 0, "00"}, {"vbr6", 31, "1f"}, {"vbr6", 32, "60 00"},
	{"vbr4", 7, "07"}, {"vbr4", 8, "18"}, {"vbr2", 5, "1b"}, {"vbr2", 0, "00"},
	{"vbr8", UINT64_MAX, "ff ff ff ff ff ff ff ff ff 01"},
	{"vbr32", 0xffffffff, "ff ff ff ff 01 00 00 00"}, {"vbr32", 0x7fffffff, "ff ff ff 7f"},
	/* LLVM signed VBR (emitSignedInt64): 2000 = fields 0x30 0x3e 0x01. */
	{"svbr6", S(1000), "b0 1f 00"}, {"svbr6", S(-1), "03"}, {"svbr6", S(0), "00"},
	{"svbr6", S(1), "02"}, {"svbr6", S(INT64_MIN), "01"},
	{"svbr8", S(INT64_MAX), "fe ff ff ff ff ff ff ff ff 01"},
	{"svbr8", S(-INT64_MAX), "ff ff ff ff ff ff ff ff ff 01"},
};

static void check_row(const vrow *r)
{
	const vcodec *c = vc_find(r->codec);
	uint8_t want[VC_MAX], got[VC_MAX];
	size_t wn = vc_hex(r->hex, want, sizeof want);
	if (!T_CHECKF(c && wn != (size_t)-1, "bad row %s %s", r->codec, r->hex))
		return;
	size_t gn = vc_encode(c, r->value, got);
	T_CHECKF(gn == wn && memcmp(got, want, wn) == 0, "%s encode %llu: want %s", c->name,
		 (unsigned long long)r->value, r->hex);
	T_CHECKF(vc_length(c, r->value) == wn, "%s length of %s", c->name, r->hex);
	uint64_t v = 0;
	size_t used = 0;
	bcx_status s = vc_decode(c, want, wn, &v, &used);
	T_CHECKF(s == BCX_OK && v == r->value && used == wn, "%s decode %s: status %d value %llu",
		 c->name, r->hex, s, (unsigned long long)v);
	/* Every truncation, the empty input included, is a clean TRUNCATED. */
	for (size_t k = 0; k < wn; k++)
		T_CHECKF(vc_decode(c, want, k, &v, &used) == BCX_ERR_TRUNCATED,
			 "%s: %s cut to %zu bytes", c->name, r->hex, k);
}

/* Every single-bit flip of a row decodes cleanly: a documented status, and
 * when it succeeds, a value within the input that round-trips. */
static void check_flips(const vrow *r)
{
	const vcodec *c = vc_find(r->codec);
	uint8_t b[VC_MAX], e[VC_MAX];
	size_t n = vc_hex(r->hex, b, sizeof b);
	unsigned bad = 0;
	for (size_t bit = 0; bit < n * 8; bit++) {
		b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		uint64_t v = 0, v2 = 0;
		size_t used = 0, u2 = 0;
		bcx_status s = vc_decode(c, b, n, &v, &used);
		if (s == BCX_OK) {
			size_t en = vc_encode(c, v, e);
			if (used > n || en > used || vc_decode(c, e, en, &v2, &u2) != BCX_OK || v2 != v)
				bad++;
		} else if (s != BCX_ERR_TRUNCATED && s != BCX_ERR_MALFORMED &&
			   s != BCX_ERR_OVERFLOW) {
			bad++;
		}
		b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	}
	T_CHECKF(bad == 0, "%s %s: %u bad flips", r->codec, r->hex, bad);
}

static bcx_status dec(const char *codec, const char *hex, uint64_t *v, size_t *used)
{
	uint8_t b[VC_MAX];
	size_t n = vc_hex(hex, b, sizeof b);
	return vc_decode(vc_find(codec), b, n, v, used);
}

/* Readers accept over-long encodings (Tile IR's, MLIR's and LLVM's readers
 * all do); writers never produce them. */
static void test_overlong_accepted(void)
{
	uint64_t v;
	size_t used;
	T_CHECK(dec("uleb", "80 00", &v, &used) == BCX_OK && v == 0 && used == 2);
	T_CHECK(dec("uleb", "ff 80 80 80 80 80 80 80 80 00", &v, &used) == BCX_OK && v == 127);
	T_CHECK(dec("sleb", "ff ff 7f", &v, &used) == BCX_OK && v == S(-1) && used == 3);
	T_CHECK(dec("sleb", "80 80 80 80 80 80 80 80 80 00", &v, &used) == BCX_OK && v == 0);
	T_CHECK(dec("prefix", "02 00", &v, &used) == BCX_OK && v == 0 && used == 2);
	T_CHECK(dec("prefix", "00 05 00 00 00 00 00 00 00", &v, &used) == BCX_OK && v == 5);
	T_CHECK(dec("vbr6", "20 00", &v, &used) == BCX_OK && v == 0 && used == 2);
}

/* LEB128: more than 10 bytes is malformed; bits beyond max_bits are an
 * overflow, never dropped (the Tile IR reference drops them). */
static void test_leb_limits(void)
{
	uint64_t v;
	size_t used;
	T_EQ_U(dec("uleb", "80 80 80 80 80 80 80 80 80 80 00", &v, &used), BCX_ERR_MALFORMED);
	T_EQ_U(dec("uleb", "ff ff ff ff ff ff ff ff ff 02", &v, &used), BCX_ERR_OVERFLOW);
	T_EQ_U(dec("uleb", "ff ff ff ff ff ff ff ff ff 7f", &v, &used), BCX_ERR_OVERFLOW);
	T_EQ_U(dec("sleb", "ff ff ff ff ff ff ff ff ff 01", &v, &used), BCX_ERR_OVERFLOW);
	T_EQ_U(dec("sleb", "80 80 80 80 80 80 80 80 80 40", &v, &used), BCX_ERR_OVERFLOW);
	T_EQ_U(dec("sleb", "80 80 80 80 80 80 80 80 80 80 00", &v, &used), BCX_ERR_MALFORMED);

	static const uint8_t u300[] = {0xac, 0x02}, s_m1[] = {0x7f}, s_64[] = {0xc0, 0x00};
	int64_t s;
	T_EQ_U(bcx_uleb128_decode(u300, 2, 9, &v, &used, NULL), BCX_OK);
	T_EQ_U(bcx_uleb128_decode(u300, 2, 8, &v, &used, NULL), BCX_ERR_OVERFLOW);
	T_EQ_U(bcx_uleb128_decode(u300, 2, 0, &v, &used, NULL), BCX_ERR_INVALID_ARG);
	T_EQ_U(bcx_uleb128_decode(u300, 2, 65, &v, &used, NULL), BCX_ERR_INVALID_ARG);
	T_CHECK(bcx_sleb128_decode(s_m1, 1, 1, &s, &used, NULL) == BCX_OK && s == -1);
	T_EQ_U(bcx_sleb128_decode(s_64, 2, 7, &s, &used, NULL), BCX_ERR_OVERFLOW);
	T_CHECK(bcx_sleb128_decode(s_64, 2, 8, &s, &used, NULL) == BCX_OK && s == 64);

	/* The cursor forms report the offset of the value and stop there. */
	static const uint8_t two[] = {0x05, 0xff, 0xff};
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_cursor c;
	bcx_cur_init(&c, two, sizeof two, &d);
	T_EQ_U(bcx_cur_uleb128(&c, 32, "first"), 5);
	T_EQ_U(bcx_cur_uleb128(&c, 32, "count"), 0);
	T_EQ_U(c.status, BCX_ERR_TRUNCATED);
	T_CHECK(d.has_offset && d.offset == 1 && strstr(d.message, "count") != NULL);
}

/* VBR: a continuation bit still set when the shift reaches 64 is
 * "unterminated" (LLVM's rule); payload bits above bit 63 are refused
 * instead of dropped. Both are BCX_ERR_OVERFLOW. */
static void test_vbr_limits(void)
{
	uint64_t v;
	size_t used;
	/* VBR6 0x20 x 13: shifts 0, 5, ..., 60, then 65 >= 64. */
	static const uint8_t cont[] = {0x20, 0x08, 0x82, 0x20, 0x08, 0x82, 0x20, 0x08, 0x82, 0x20};
	size_t bits;
	T_EQ_U(bcx_vbr_decode_bytes(cont, sizeof cont, 6, &v, &bits, NULL), BCX_ERR_OVERFLOW);
	/* VBR32: 0x7fffffff|cont twice, then payload 4 at shift 62 sets bit
	 * 64, which LLVM would drop; payload 3 (bits 62, 63) is the maximum. */
	T_EQ_U(dec("vbr32", "ff ff ff ff ff ff ff ff 04 00 00 00", &v, &used), BCX_ERR_OVERFLOW);
	T_CHECK(dec("vbr32", "ff ff ff ff ff ff ff ff 03 00 00 00", &v, &used) == BCX_OK &&
		v == UINT64_MAX);
	T_EQ_U(bcx_vbr_decode_bytes(cont, sizeof cont, 1, &v, &bits, NULL), BCX_ERR_INVALID_ARG);
	T_EQ_U(bcx_vbr_decode_bytes(cont, sizeof cont, 33, &v, &bits, NULL), BCX_ERR_INVALID_ARG);
	uint8_t out[8];
	T_EQ_U(bcx_vbr_encode_bytes(1000, 6, out, 1), 0);
	T_EQ_U(bcx_vbr_encode_bytes(1000, 33, out, sizeof out), 0);
	T_EQ_U(bcx_vbr_length_bits(1000, 6), 12);
	T_EQ_U(bcx_vbr_length_bits(0, 2), 2);
	T_EQ_U(bcx_svbr_decode(1), INT64_MIN);
	T_EQ_U(bcx_svbr_decode(0), 0);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		check_row(&rows[i]);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		check_flips(&rows[i]);
	test_overlong_accepted();
	test_leb_limits();
	test_vbr_limits();
	return tu_finish();
}
