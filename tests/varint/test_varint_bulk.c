/* The bulk decoders against loops of the single-value decoders, on every
 * dispatch path this CPU runs (the portable one always): encoded random
 * values, every truncation of them, over-long and too-wide forms, and
 * random bytes. */
#include "bulk_check.h"
#include "testutil.h"

static const char *const codec_names[BC_COUNT] = {"prefix", "prefix-signed", "uleb", "sleb",
                                                  "zleb",   "vbr",           "svbr", "xip"};

static const bcx_vbulk_path all_paths[] = {BCX_VBULK_SCALAR, BCX_VBULK_SSE4, BCX_VBULK_AVX2,
                                           BCX_VBULK_BEST};
static int paths_run;

/* VBR from bit `start` (0 for the byte codecs). */
static void same_at(bc_codec c, unsigned arg, const uint8_t *p, size_t n, uint64_t start,
                    size_t count, const char *what)
{
	for (size_t k = 0; k < sizeof all_paths / sizeof all_paths[0]; k++) {
		if (!bcx_vbulk_for(all_paths[k]))
			continue;
		const char *why = bc_compare_at(c, arg, all_paths[k], p, n, start, count);
		T_CHECKF(!why, "%s/%u path %d, %s (%zu bytes, bit %llu, %zu values): %s differs",
		         codec_names[c], arg, (int)all_paths[k], what, n, (unsigned long long)start,
		         count, why ? why : "");
	}
}

static void same(bc_codec c, unsigned arg, const uint8_t *p, size_t n, size_t count,
                 const char *what)
{
	same_at(c, arg, p, n, 0, count, what);
}

/* When set, 15 of 16 values are one-byte ones: long runs of them, broken
 * now and then, are what the one-byte shortcuts of the block kernels see. */
static bool mostly_bytes;

/* A value of up to 64 bits with mostly short values, as in real streams. */
static uint64_t some_value(uint64_t *s)
{
	uint64_t r = tu_rand(s);
	unsigned bits = (unsigned)(tu_rand(s) % 65);
	if (mostly_bytes && tu_rand(s) % 16 != 0) /* < 64: one byte in every codec */
		return r & 63;
	uint64_t v = bits == 64 ? r : r & (((uint64_t)1 << bits) - 1);
	return (tu_rand(s) & 3) == 0 ? ~v : v; /* some negatives */
}

/* Writes `count` encoded values; returns the byte length. */
static size_t encode_run(bc_codec c, unsigned arg, uint64_t *s, size_t count, uint8_t *out)
{
	size_t len = 0;
	bcx_bitbuf w;
	bcx_bitbuf_init(&w, NULL);
	for (size_t i = 0; i < count; i++) {
		uint64_t v = some_value(s);
		switch (c) {
		case BC_PREFIX:
			len += bcx_prefixvarint_encode(v, out + len);
			break;
		case BC_PREFIX_S:
			len += bcx_prefixvarint_encode_signed((int64_t)v, out + len);
			break;
		case BC_ULEB:
			if (arg < 64)
				v &= ((uint64_t)1 << arg) - 1;
			len += bcx_uleb128_encode(v, out + len);
			break;
		case BC_SLEB:
			if (arg < 64)
				v = (uint64_t)((int64_t)(v << (64 - arg)) >> (64 - arg));
			len += bcx_sleb128_encode((int64_t)v, out + len);
			break;
		case BC_ZLEB:
			len += bcx_uleb128_encode(v, out + len);
			break;
		case BC_VBR:
			bcx_bitbuf_emit_vbr(&w, v, arg);
			break;
		case BC_SVBR:
			bcx_bitbuf_emit_vbr(&w, bcx_svbr_encode((int64_t)v), arg);
			break;
		default:
			len += bcx_xip_encode((int64_t)v, out + len);
			break;
		}
	}
	if (c == BC_VBR || c == BC_SVBR) {
		bcx_bitbuf_align32(&w);
		len = w.bytes.len;
		memcpy(out, w.bytes.data, len);
	}
	bcx_bitbuf_free(&w);
	return len;
}

static unsigned arg_for(bc_codec c, uint64_t *s)
{
	static const unsigned leb_widths[] = {1, 5, 7, 8, 13, 32, 33, 56, 63, 64, 64, 64};
	if (c == BC_ULEB || c == BC_SLEB)
		return leb_widths[tu_rand(s) % (sizeof leb_widths / sizeof leb_widths[0])];
	if (c == BC_VBR || c == BC_SVBR)
		return 2 + (unsigned)(tu_rand(s) % 31);
	return 64;
}

enum { VALUES = 300, BUF = VALUES * 80 };

static void random_values(uint64_t *s, uint8_t *buf)
{
	for (int round = 0; round < 24; round++)
		for (int c = 0; c < BC_COUNT; c++) {
			mostly_bytes = round >= 12;
			unsigned arg =
			    round < 3 && (c == BC_VBR || c == BC_SVBR) ? 6 : arg_for((bc_codec)c, s);
			size_t n = encode_run((bc_codec)c, arg, s, VALUES, buf);
			same((bc_codec)c, arg, buf, n, VALUES, "all values");
			same((bc_codec)c, arg, buf, n, VALUES / 3, "a prefix of the values");
			same((bc_codec)c, arg, buf, n, VALUES + 5, "more values than present");
		}
	mostly_bytes = false;
}

/* Every cut of a short run: truncation inside each value. */
static void truncations(uint64_t *s, uint8_t *buf)
{
	for (int c = 0; c < BC_COUNT; c++) {
		unsigned arg = c == BC_VBR || c == BC_SVBR ? 6 : 64;
		size_t n = encode_run((bc_codec)c, arg, s, 40, buf);
		for (size_t cut = 0; cut <= n; cut++)
			same((bc_codec)c, arg, buf, cut, 40, "truncated");
	}
}

/* A hostile value in the middle of a run of valid ones, so that the block
 * kernels (LEB128: 64-byte blocks, 80 bytes and 64 values left;
 * PrefixVarInt and XIP: 128-byte blocks of 16-byte chunks, 144 bytes and
 * 132 values left) meet it at a block's start, inside the first block (in
 * its first and a later chunk) and in the second one, the word kernels
 * with 16 bytes left, and the tail at the end. */
static void hostile(const uint8_t *bad, size_t bad_len)
{
	static const size_t leads[] = {0, 11, 22, 70, 141};
	uint8_t buf[400];
	for (size_t l = 0; l < sizeof leads / sizeof leads[0]; l++) {
		size_t n = 0, lead = leads[l];
		for (size_t i = 0; i < lead; i++)
			buf[n++] = 0x03; /* one-byte value in every byte codec */
		memcpy(buf + n, bad, bad_len);
		n += bad_len;
		for (size_t i = 0; i < 160; i++)
			buf[n++] = 0x03;
		for (int c = 0; c < BC_COUNT; c++) {
			static const unsigned widths[] = {1, 7, 8, 32, 63, 64};
			for (size_t k = 0; k < sizeof widths / sizeof widths[0]; k++) {
				unsigned arg =
				    c == BC_VBR || c == BC_SVBR ? 2 + widths[k] % 31 : widths[k];
				same((bc_codec)c, arg, buf, n, lead + 170, "hostile");
				for (size_t cut = lead; cut <= lead + bad_len + 1; cut++)
					same((bc_codec)c, arg, buf, cut, lead + 170, "hostile cut");
			}
		}
	}
}

static void hostile_forms(void)
{
	uint8_t b[80];
	/* Over-long LEB128 zero of 1..12 bytes; 0xff groups of 1..12 bytes
	 * with every last byte that matters past 64 bits. */
	for (size_t len = 1; len <= 12; len++) {
		static const uint8_t lasts[] = {0x00, 0x01, 0x02, 0x3f, 0x40, 0x7e, 0x7f};
		for (size_t k = 0; k < sizeof lasts; k++) {
			memset(b, 0x80, len - 1);
			b[len - 1] = lasts[k];
			hostile(b, len);
			memset(b, 0xff, len - 1);
			hostile(b, len);
		}
	}
	/* PrefixVarInt: 9-byte forms; XIP: Large with 1..64 payload bytes that
	 * repeat the sign or not. */
	for (unsigned k = 1; k <= 64; k++) {
		b[0] = (uint8_t)((k - 1) << 2);
		memset(b + 1, k & 1 ? 0xff : 0x00, k);
		b[k] ^= 0x80;
		hostile(b, k + 1);
		b[1] ^= 0x40;
		hostile(b, k + 1);
	}
	memset(b, 0xff, 9);
	b[0] = 0;
	hostile(b, 9);
}

/* VBR streams that start at any bit of a byte (the word walk reads its
 * 64-bit words with one load or, further into a byte, with a ninth byte),
 * with a hostile value after `lead` valid ones, so that it ends a word,
 * spans two or lands anywhere in one: chunks with the stop bit set and
 * payload `fill`, then a last chunk with payload `last`, `k` chunks in
 * all, around the most bcx_bit_vbr() takes. */
static size_t vbr_stream(bcx_bitbuf *w, uint64_t *s, unsigned width, unsigned start, size_t lead,
                         unsigned k, uint64_t fill, uint64_t last)
{
	uint64_t hi = (uint64_t)1 << (width - 1);
	bcx_bitbuf_emit(w, tu_rand(s), start);
	for (size_t i = 0; i < lead; i++)
		bcx_bitbuf_emit_vbr(w, tu_rand(s) >> (tu_rand(s) % 64), width);
	for (unsigned j = 1; j < k; j++)
		bcx_bitbuf_emit(w, hi | (fill & (hi - 1)), width);
	bcx_bitbuf_emit(w, last & (hi - 1), width);
	for (size_t i = 0; i < 80; i++)
		bcx_bitbuf_emit_vbr(w, tu_rand(s) & 31, width);
	bcx_bitbuf_align32(w);
	return lead + 81;
}

/* Every hostile length and last chunk after `lead` values from bit start. */
static void vbr_hostile_at(uint64_t *s, unsigned width, unsigned start, size_t lead)
{
	unsigned most = 63 / (width - 1) + 1; /* chunks bcx_bit_vbr() takes */
	/* The last chunk's payload bits at or past bit 64: valid, not. */
	unsigned below = (most - 1) * (width - 1);
	uint64_t fits = below >= 64 ? 0 : ((uint64_t)1 << (64 - below)) - 1;
	const uint64_t lasts[] = {0, 1, fits, fits + 1, ~0ull};
	for (unsigned k = most - 1; k <= most + 1; k++)
		for (size_t z = 0; z < sizeof lasts / sizeof lasts[0]; z++) {
			bcx_bitbuf w;
			bcx_bitbuf_init(&w, NULL);
			uint64_t fill = (z + lead) & 1 ? ~0ull : 0;
			size_t count = vbr_stream(&w, s, width, start, lead, k, fill, lasts[z]);
			T_CHECK(bcx_bitbuf_status(&w) == BCX_OK);
			for (int c = BC_VBR; c <= BC_SVBR; c++)
				same_at((bc_codec)c, width, w.bytes.data, w.bytes.len, start, count,
				        "hostile VBR");
			bcx_bitbuf_free(&w);
		}
}

static void vbr_hostile(uint64_t *s)
{
	static const unsigned widths[] = {2, 3, 5, 6, 7, 8, 11, 17, 31, 32};
	static const unsigned starts[] = {0, 1, 3, 4, 5, 7, 62};
	static const size_t leads[] = {0, 2, 7, 41};
	for (size_t a = 0; a < sizeof widths / sizeof widths[0]; a++)
		for (size_t b = 0; b < sizeof starts / sizeof starts[0]; b++)
			for (size_t l = 0; l < sizeof leads / sizeof leads[0]; l++)
				vbr_hostile_at(s, widths[a], starts[b], leads[l]);
}

static void random_bytes(uint64_t *s, uint8_t *buf)
{
	static const uint8_t biased[] = {0x00, 0x80, 0xff, 0x7f, 0x01, 0xfc, 0x02, 0x06};
	for (int round = 0; round < 120; round++) {
		size_t n = 16 + (size_t)(tu_rand(s) % 200);
		for (size_t i = 0; i < n; i++) {
			uint64_t r = tu_rand(s);
			buf[i] = round & 1 ? biased[r % sizeof biased] : (uint8_t)r;
		}
		for (int c = 0; c < BC_COUNT; c++)
			same((bc_codec)c, arg_for((bc_codec)c, s), buf, n, 1 + tu_rand(s) % 300,
			     "random bytes");
	}
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	uint64_t s = 0x1234567887654321ull;
	uint8_t *buf = malloc(BUF);
	T_CHECK(buf != NULL);
	if (!buf)
		return tu_finish();
	for (size_t k = 0; k < sizeof all_paths / sizeof all_paths[0]; k++)
		paths_run += bcx_vbulk_for(all_paths[k]) != NULL;
	printf("dispatch paths on this CPU: %d of 4 (scalar always)\n", paths_run);
	T_CHECK(bcx_vbulk_for(BCX_VBULK_SCALAR) != NULL && bcx_vbulk_for(BCX_VBULK_BEST) != NULL);
	random_values(&s, buf);
	truncations(&s, buf);
	hostile_forms();
	vbr_hostile(&s);
	random_bytes(&s, buf);
	/* A bad width is refused even with nothing to decode. */
	uint64_t out[1];
	size_t done = 1, used = 1;
	T_EQ_I(bcx_uleb128_decode_n(buf, 0, 0, out, 0, &done, &used, NULL), BCX_ERR_INVALID_ARG);
	T_EQ_U(done, 0);
	T_EQ_U(used, 0);
	free(buf);
	return tu_finish();
}
