#define _POSIX_C_SOURCE 200809L
/* XIP against the reference vectors (tests/varint/data, copied from
 * ../shared/vectors/xip so that these tests always run):
 *  - xip_vectors.txt: every untagged, `big` and `big-v2019` row encodes to
 *    exactly its bytes (64-bit and wide API) and decodes back; `big-v2023`
 *    rows belong to the revision we do not implement and are skipped;
 *  - xip_decode_only.txt: each row decodes to its value or fails; `v2023`
 *    rows fail as truncated, since 0xFC announces 64 payload bytes in 2019;
 *  - every truncation of every row is BCX_ERR_TRUNCATED, and every bit flip
 *    of a 64-bit row decodes cleanly;
 *  - every 1- and 2-byte input decodes consistently in both APIs. */
#include "testutil.h"
#include "vcodec.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#ifndef VARINT_DATA_DIR
#error "VARINT_DATA_DIR must name tests/varint/data"
#endif

typedef struct xrow {
	int line;
	char value[400];
	char hex[1200];
	char tag[16];
} xrow;

static bool parse_row(char *line, xrow *r)
{
	r->tag[0] = '\0';
	int n = sscanf(line, "%399s %1199s %15s", r->value, r->hex, r->tag);
	return n >= 2;
}

typedef void (*row_fn)(const xrow *r);

static size_t for_each_row(const char *name, row_fn fn)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", VARINT_DATA_DIR, name);
	size_t size;
	char *text = (char *)tu_read_file(path, &size);
	if (!T_CHECKF(text != NULL, "cannot read %s", path))
		return 0;
	size_t count = 0;
	int lineno = 0;
	for (char *save = NULL, *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		lineno++;
		if (l[0] == '#' || l[0] == '\0')
			continue;
		xrow r;
		r.line = lineno;
		if (!T_CHECKF(parse_row(l, &r), "%s: bad line '%s'", name, l))
			continue;
		fn(&r);
		count++;
	}
	free(text);
	return count;
}

static void check_truncations(const uint8_t *b, size_t n, int line)
{
	int64_t v;
	uint8_t wide[BCX_XIP_WIDE_MAX];
	size_t wl, used;
	for (size_t k = 0; k < n; k++) {
		T_CHECKF(bcx_xip_decode(b, k, &v, &used, NULL) == BCX_ERR_TRUNCATED,
			 "line %d cut to %zu bytes", line, k);
		T_CHECKF(bcx_xip_decode_wide(b, k, wide, &wl, &used, NULL) == BCX_ERR_TRUNCATED,
			 "line %d cut to %zu bytes (wide)", line, k);
	}
}

/* Every single-bit flip decodes cleanly in both decoders; a success
 * re-encodes to at most the bytes used. */
static void check_flips(uint8_t *b, size_t n, int line)
{
	unsigned bad = 0;
	for (size_t bit = 0; bit < n * 8; bit++) {
		b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		uint8_t w[BCX_XIP_WIDE_MAX], e[BCX_XIP_MAX];
		size_t wl = 0, used = 0, en = 0, u64 = 0;
		int64_t v;
		bcx_status s = bcx_xip_decode_wide(b, n, w, &wl, &used, NULL);
		bcx_status s64 = bcx_xip_decode(b, n, &v, &u64, NULL);
		if (s == BCX_OK)
			bad += bcx_xip_encode_wide(w, wl, e, &en, NULL) != BCX_OK || en > used ||
			       used > n || (s64 != BCX_OK && s64 != BCX_ERR_OVERFLOW);
		else
			bad += s != BCX_ERR_TRUNCATED || s64 != s;
		b[bit / 8] ^= (uint8_t)(1u << (bit % 8));
	}
	T_CHECKF(bad == 0, "line %d: %u bad flips", line, bad);
}

/* The decimal text back from the wide bytes must equal the row's text. */
static void check_text(const uint8_t *be, size_t len, const xrow *r)
{
	char dec[BCX_WIDE_DEC_MAX];
	T_CHECKF(bcx_wide_to_decimal(be, len, dec, sizeof dec) > 0 && strcmp(dec, r->value) == 0,
		 "line %d: decimal text %s", r->line, dec);
}

static void check_64(const xrow *r, const uint8_t *want, size_t wn)
{
	errno = 0;
	int64_t val = strtoll(r->value, NULL, 10);
	if (!T_CHECKF(errno == 0, "line %d: not an int64", r->line))
		return;
	uint8_t got[BCX_XIP_MAX64];
	size_t gn = bcx_xip_encode(val, got);
	T_CHECKF(gn == wn && memcmp(got, want, wn) == 0, "line %d: encode %s", r->line, r->value);
	T_CHECKF(bcx_xip_length(val) == wn, "line %d: length", r->line);
	int64_t back = 0;
	size_t used = 0;
	T_CHECKF(bcx_xip_decode(want, wn, &back, &used, NULL) == BCX_OK && back == val &&
			 used == wn,
		 "line %d: decode %s", r->line, r->hex);
}

static void encode_row(const xrow *r)
{
	if (strcmp(r->tag, "big-v2023") == 0)
		return;
	uint8_t want[BCX_XIP_MAX + 8], be[BCX_XIP_WIDE_MAX], got[BCX_XIP_MAX];
	size_t wn = vc_hex(r->hex, want, sizeof want), bl = 0, gn = 0;
	if (!T_CHECKF(wn != (size_t)-1 && wn <= BCX_XIP_MAX, "line %d: bad hex", r->line))
		return;
	if (!T_CHECKF(bcx_wide_parse(r->value, be, &bl, NULL) == BCX_OK, "line %d: parse",
		      r->line))
		return;
	check_text(be, bl, r);
	T_CHECKF(bcx_xip_encode_wide(be, bl, got, &gn, NULL) == BCX_OK && gn == wn &&
			 memcmp(got, want, wn) == 0,
		 "line %d: wide encode %s", r->line, r->value);
	uint8_t dec[BCX_XIP_WIDE_MAX];
	size_t dl = 0, used = 0;
	T_CHECKF(bcx_xip_decode_wide(want, wn, dec, &dl, &used, NULL) == BCX_OK && used == wn &&
			 dl == bl && memcmp(dec, be, bl) == 0,
		 "line %d: wide decode", r->line);
	if (r->tag[0] == '\0') {
		check_64(r, want, wn);
		check_flips(want, wn, r->line);
	} else {
		int64_t v;
		T_CHECKF(bcx_xip_decode(want, wn, &v, &used, NULL) == BCX_ERR_OVERFLOW,
			 "line %d: 64-bit decode of a wide value must overflow", r->line);
	}
	check_truncations(want, wn, r->line);
}

static void decode_only_row(const xrow *r)
{
	uint8_t in[BCX_XIP_MAX + 8], dec[BCX_XIP_WIDE_MAX], be[BCX_XIP_WIDE_MAX];
	size_t n = vc_hex(r->hex, in, sizeof in), dl = 0, used = 0, bl = 0;
	int64_t v = 0;
	bcx_status s64 = bcx_xip_decode(in, n, &v, &used, NULL);
	bcx_status sw = bcx_xip_decode_wide(in, n, dec, &dl, &used, NULL);
	if (strcmp(r->value, "error") == 0 || strcmp(r->tag, "v2023") == 0) {
		T_CHECKF(s64 == BCX_ERR_TRUNCATED && sw == BCX_ERR_TRUNCATED,
			 "line %d: %s must be truncated", r->line, r->hex);
		return;
	}
	T_CHECKF(bcx_wide_parse(r->value, be, &bl, NULL) == BCX_OK, "line %d", r->line);
	T_CHECKF(sw == BCX_OK && used == n && dl == bl && memcmp(dec, be, bl) == 0,
		 "line %d: wide decode of %s", r->line, r->hex);
	/* Our 64-bit reader also takes the `big` row: its extra bytes are sign. */
	T_CHECKF(s64 == BCX_OK && v == strtoll(r->value, NULL, 10), "line %d: decode of %s",
		 r->line, r->hex);
	check_truncations(in, n, r->line);
}

/* Every 1- and 2-byte input: both decoders agree, and re-encoding the value
 * gives the canonical form, never longer than the input. */
static void test_all_short_inputs(void)
{
	unsigned bad = 0;
	for (unsigned x = 0; x < 0x10000; x++) {
		uint8_t in[2] = {(uint8_t)(x >> 8), (uint8_t)x};
		for (size_t n = 1; n <= 2; n++) {
			int64_t v;
			size_t used, used_w, wl;
			uint8_t w[BCX_XIP_WIDE_MAX], re[BCX_XIP_MAX64];
			bcx_status s = bcx_xip_decode(in, n, &v, &used, NULL);
			bcx_status sw = bcx_xip_decode_wide(in, n, w, &wl, &used_w, NULL);
			if (s != sw || (s != BCX_OK && s != BCX_ERR_TRUNCATED)) {
				bad++;
				continue;
			}
			if (s != BCX_OK)
				continue;
			size_t rn = bcx_xip_encode(v, re);
			int64_t v2;
			size_t u2;
			if (used != used_w || rn > used ||
			    bcx_xip_decode(re, rn, &v2, &u2, NULL) != BCX_OK || v2 != v)
				bad++;
		}
	}
	T_EQ_U(bad, 0);
}

static void test_wide_api_edges(void)
{
	uint8_t out[BCX_XIP_MAX], be[80] = {0};
	size_t n = 0;
	T_EQ_U(bcx_xip_encode_wide(be, 0, out, &n, NULL), BCX_ERR_INVALID_ARG);
	/* 65 bytes whose first only repeats the sign: fine. */
	memset(be, 0xff, 65);
	T_CHECK(bcx_xip_encode_wide(be, 65, out, &n, NULL) == BCX_OK && n == 1 && out[0] == 0xff);
	be[1] = 0x7f; /* now -2^519 + ..., needs 65 bytes */
	T_EQ_U(bcx_xip_encode_wide(be, 65, out, &n, NULL), BCX_ERR_OVERFLOW);
	size_t bl;
	T_EQ_U(bcx_wide_parse("", be, &bl, NULL), BCX_ERR_MALFORMED);
	T_EQ_U(bcx_wide_parse("-", be, &bl, NULL), BCX_ERR_MALFORMED);
	T_EQ_U(bcx_wide_parse("12a", be, &bl, NULL), BCX_ERR_MALFORMED);
	T_EQ_U(bcx_wide_parse("0x", be, &bl, NULL), BCX_ERR_MALFORMED);
	T_CHECK(bcx_wide_parse("-0x80", be, &bl, NULL) == BCX_OK && bl == 1 && be[0] == 0x80);
	T_CHECK(bcx_wide_parse("0xff", be, &bl, NULL) == BCX_OK && bl == 2 && be[1] == 0xff);
	/* 2^511 - 1 fits, 2^511 does not; -2^511 fits, -2^511 - 1 does not. */
	char hex[140] = "0x7";
	memset(hex + 3, 'f', 127);
	hex[130] = '\0';
	T_CHECK(bcx_wide_parse(hex, be, &bl, NULL) == BCX_OK && bl == 64);
	memcpy(hex, "0x8", 3);
	memset(hex + 3, '0', 127);
	T_EQ_U(bcx_wide_parse(hex, be, &bl, NULL), BCX_ERR_OVERFLOW);
	char neg[142] = "-";
	strcpy(neg + 1, hex);
	T_CHECK(bcx_wide_parse(neg, be, &bl, NULL) == BCX_OK && bl == 64 && be[0] == 0x80);
	neg[strlen(neg) - 1] = '1';
	T_EQ_U(bcx_wide_parse(neg, be, &bl, NULL), BCX_ERR_OVERFLOW);
	char dec[BCX_WIDE_DEC_MAX];
	static const uint8_t zero = 0;
	T_CHECK(bcx_wide_to_decimal(&zero, 1, dec, sizeof dec) == 1 && strcmp(dec, "0") == 0);
	T_EQ_U(bcx_wide_to_decimal(&zero, 1, dec, 1), 0);
	T_EQ_U(bcx_wide_to_decimal(&zero, 0, dec, sizeof dec), 0);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	size_t rows = for_each_row("xip_vectors.txt", encode_row);
	T_EQ_U(rows, 257);
	rows = for_each_row("xip_decode_only.txt", decode_only_row);
	T_EQ_U(rows, 17);
	test_all_short_inputs();
	test_wide_api_edges();
	return tu_finish();
}
