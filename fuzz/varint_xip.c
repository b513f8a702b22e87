/* Fuzz target: XIP, 64-bit and wide decoders, and the wide-value text
 * helpers. The input is a run of values read back to back. Properties: a
 * successful decode uses at most the input; the 64-bit and wide decoders
 * agree (or the 64-bit one reports OVERFLOW for a value wider than 64
 * bits); re-encoding gives at most the bytes used, decodes to the same
 * value, and re-encoding that is byte-identical (the writer's form is a
 * fixed point); decimal text of the value parses back to the same bytes. */
#include "bcx/varint.h"

#include <string.h>

#define CHECK(c) ((c) ? (void)0 : __builtin_trap())

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_wide(const uint8_t *w, size_t wl, size_t used)
{
	CHECK(wl >= 1 && wl <= BCX_XIP_WIDE_MAX && bcx_wide_minimal_len(w, wl) == wl);
	uint8_t e[BCX_XIP_MAX], e2[BCX_XIP_MAX], w2[BCX_XIP_WIDE_MAX];
	size_t en = 0, en2 = 0, wl2 = 0, u2 = 0;
	CHECK(bcx_xip_encode_wide(w, wl, e, &en, NULL) == BCX_OK && en <= used);
	CHECK(bcx_xip_decode_wide(e, en, w2, &wl2, &u2, NULL) == BCX_OK && u2 == en);
	CHECK(wl2 == wl && memcmp(w2, w, wl) == 0);
	CHECK(bcx_xip_encode_wide(w2, wl2, e2, &en2, NULL) == BCX_OK && en2 == en);
	CHECK(memcmp(e, e2, en) == 0);
	char text[BCX_WIDE_DEC_MAX];
	CHECK(bcx_wide_to_decimal(w, wl, text, sizeof text) > 0);
	CHECK(bcx_wide_parse(text, w2, &wl2, NULL) == BCX_OK && wl2 == wl);
	CHECK(memcmp(w2, w, wl) == 0);
}

static void check_64(int64_t v, const uint8_t *w, size_t wl, size_t used)
{
	uint8_t e[BCX_XIP_MAX64], e2[BCX_XIP_MAX];
	size_t en = bcx_xip_encode(v, e), en2 = 0;
	CHECK(en == bcx_xip_length(v) && en <= used && en <= BCX_XIP_MAX64);
	int64_t v2 = 0;
	size_t u2 = 0;
	CHECK(bcx_xip_decode(e, en, &v2, &u2, NULL) == BCX_OK && v2 == v && u2 == en);
	/* The wide writer makes the same choice for the same value. */
	CHECK(bcx_xip_encode_wide(w, wl, e2, &en2, NULL) == BCX_OK && en2 == en);
	CHECK(memcmp(e, e2, en) == 0);
}

/* Text input: whatever parses must print and parse back identically. */
static void check_text(const uint8_t *data, size_t size)
{
	char text[200];
	if (size >= sizeof text)
		return;
	memcpy(text, data, size);
	text[size] = '\0';
	uint8_t w[BCX_XIP_WIDE_MAX];
	size_t wl = 0;
	if (bcx_wide_parse(text, w, &wl, NULL) == BCX_OK)
		check_wide(w, wl, BCX_XIP_MAX);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t off = 0;
	while (off < size) {
		int64_t v = 0;
		uint8_t w[BCX_XIP_WIDE_MAX];
		size_t used = 0, used_w = 0, wl = 0;
		bcx_status s = bcx_xip_decode(data + off, size - off, &v, &used, NULL);
		bcx_status sw = bcx_xip_decode_wide(data + off, size - off, w, &wl, &used_w, NULL);
		if (sw != BCX_OK) {
			CHECK(sw == BCX_ERR_TRUNCATED && s == sw);
			break;
		}
		CHECK(used_w >= 1 && used_w <= size - off && used_w <= BCX_XIP_MAX);
		check_wide(w, wl, used_w);
		if (wl > 8) {
			CHECK(s == BCX_ERR_OVERFLOW);
		} else {
			CHECK(s == BCX_OK && used == used_w);
			check_64(v, w, wl, used);
		}
		off += used_w;
	}
	check_text(data, size);
	return 0;
}
