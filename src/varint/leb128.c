/* LEB128, unsigned and signed (spec tileir-bytecode.md 3.2). Readers
 * accept over-long encodings (as the Tile IR reference reader does) up to
 * the 10-byte limit, but never drop bits: a value wider than max_bits is
 * BCX_ERR_OVERFLOW rather than silently truncated. */
#include "bcx/varint.h"

size_t bcx_uleb128_encode(uint64_t v, uint8_t out[BCX_LEB128_MAX])
{
	size_t n = 0;
	while (v >= 0x80) {
		out[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	out[n++] = (uint8_t)v;
	return n;
}

size_t bcx_uleb128_length(uint64_t v)
{
	size_t n = 1;
	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static bcx_status bad_width(unsigned max_bits, bcx_diag *diag)
{
	return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "LEB128 width %u is outside 1..64",
			    max_bits);
}

bcx_status bcx_uleb128_decode(const uint8_t *p, size_t n, unsigned max_bits, uint64_t *v,
			      size_t *used, bcx_diag *diag)
{
	if (max_bits < 1 || max_bits > 64)
		return bad_width(max_bits, diag);
	if (n > 0 && p[0] < 0x80 && max_bits >= 7) { /* one byte */
		*v = p[0];
		*used = 1;
		return BCX_OK;
	}
	uint64_t r = 0;
	for (size_t i = 0; i < BCX_LEB128_MAX; i++) {
		if (i >= n)
			return bcx_diag_set(diag, BCX_ERR_TRUNCATED, (int64_t)i,
					    "LEB128 value truncated after %zu byte%s", i,
					    i == 1 ? "" : "s");
		uint64_t group = p[i] & 0x7f;
		unsigned shift = (unsigned)(7 * i);
		if (group) {
			if (shift >= max_bits || (max_bits - shift < 7 && (group >> (max_bits - shift))))
				return bcx_diag_set(diag, BCX_ERR_OVERFLOW, 0,
						    "LEB128 value does not fit in %u bits", max_bits);
			r |= group << shift;
		}
		if (!(p[i] & 0x80)) {
			*v = r;
			*used = i + 1;
			return BCX_OK;
		}
	}
	return bcx_diag_set(diag, BCX_ERR_MALFORMED, 0, "LEB128 value longer than %d bytes",
			    BCX_LEB128_MAX);
}

size_t bcx_sleb128_encode(int64_t v, uint8_t out[BCX_LEB128_MAX])
{
	size_t n = 0;
	for (;;) {
		uint8_t b = (uint8_t)(v & 0x7f);
		v >>= 7; /* arithmetic: gcc and clang define it for negatives */
		bool done = (v == 0 && !(b & 0x40)) || (v == -1 && (b & 0x40));
		out[n++] = done ? b : (uint8_t)(b | 0x80);
		if (done)
			return n;
	}
}

size_t bcx_sleb128_length(int64_t v)
{
	uint8_t tmp[BCX_LEB128_MAX];
	return bcx_sleb128_encode(v, tmp);
}

bcx_status bcx_sleb128_decode(const uint8_t *p, size_t n, unsigned max_bits, int64_t *v,
			      size_t *used, bcx_diag *diag)
{
	if (max_bits < 1 || max_bits > 64)
		return bad_width(max_bits, diag);
	uint64_t r = 0;
	unsigned shift = 0;
	size_t i = 0;
	for (;; i++) {
		if (i >= BCX_LEB128_MAX)
			return bcx_diag_set(diag, BCX_ERR_MALFORMED, 0,
					    "LEB128 value longer than %d bytes", BCX_LEB128_MAX);
		if (i >= n)
			return bcx_diag_set(diag, BCX_ERR_TRUNCATED, (int64_t)i,
					    "LEB128 value truncated after %zu byte%s", i,
					    i == 1 ? "" : "s");
		if (shift < 64)
			r |= (uint64_t)(p[i] & 0x7f) << shift;
		shift += 7;
		if (!(p[i] & 0x80))
			break;
	}
	/* Sign-extend from the last group, then check the value fits: every
	 * bit from max_bits-1 up, in the full encoded width, must be a copy of
	 * the sign. */
	bool neg = (p[i] & 0x40) != 0;
	if (shift < 64 && neg)
		r |= ~(uint64_t)0 << shift;
	int64_t s = (int64_t)r;
	if (shift > 64) {
		/* Bits of the last byte above bit 63 must repeat the sign. */
		unsigned extra = shift - 64; /* bits beyond 64 in the last group */
		unsigned used_bits = 7 - extra;
		uint8_t hi = (uint8_t)((unsigned)(p[i] & 0x7f) >> used_bits);
		uint8_t want = (uint8_t)(neg ? (1u << extra) - 1 : 0);
		bool top = (r >> 63) != 0;
		if (hi != want || top != neg)
			return bcx_diag_set(diag, BCX_ERR_OVERFLOW, 0,
					    "LEB128 value does not fit in 64 bits");
	}
	if (max_bits < 64) {
		int64_t lo = -((int64_t)1 << (max_bits - 1));
		int64_t hi = ((int64_t)1 << (max_bits - 1)) - 1;
		if (s < lo || s > hi)
			return bcx_diag_set(diag, BCX_ERR_OVERFLOW, 0,
					    "LEB128 value does not fit in %u bits", max_bits);
	}
	*v = s;
	*used = i + 1;
	return BCX_OK;
}

/* ---- cursor and writer entry points ---- */

uint64_t bcx_cur_uleb128(bcx_cursor *c, unsigned max_bits, const char *what)
{
	if (c->status != BCX_OK)
		return 0;
	/* Fast path: one byte. */
	if (c->p != c->end && *c->p < 0x80 && max_bits >= 7)
		return *c->p++;
	uint64_t v = 0;
	size_t used = 0;
	bcx_status s = bcx_uleb128_decode(c->p, bcx_cur_remaining(c), max_bits, &v, &used, NULL);
	if (s != BCX_OK) {
		/* Error path only: decode again to get the message, so the
		 * hot path does not clear a diagnostic for every value. */
		bcx_diag d;
		bcx_diag_clear(&d);
		s = bcx_uleb128_decode(c->p, bcx_cur_remaining(c), max_bits, &v, &used, &d);
		bcx_cur_fail(c, s, "%s: %s", what ? what : "varint", d.message);
		return 0;
	}
	c->p += used;
	return v;
}

int64_t bcx_cur_sleb128(bcx_cursor *c, unsigned max_bits, const char *what)
{
	if (c->status != BCX_OK)
		return 0;
	int64_t v = 0;
	size_t used = 0;
	bcx_status s = bcx_sleb128_decode(c->p, bcx_cur_remaining(c), max_bits, &v, &used, NULL);
	if (s != BCX_OK) {
		/* Error path only: decode again to get the message, so the
		 * hot path does not clear a diagnostic for every value. */
		bcx_diag d;
		bcx_diag_clear(&d);
		s = bcx_sleb128_decode(c->p, bcx_cur_remaining(c), max_bits, &v, &used, &d);
		bcx_cur_fail(c, s, "%s: %s", what ? what : "varint", d.message);
		return 0;
	}
	c->p += used;
	return v;
}

void bcx_buf_put_uleb128(bcx_buf *w, uint64_t v)
{
	uint8_t tmp[BCX_LEB128_MAX];
	bcx_buf_put_bytes(w, tmp, bcx_uleb128_encode(v, tmp));
}

void bcx_buf_put_sleb128(bcx_buf *w, int64_t v)
{
	uint8_t tmp[BCX_LEB128_MAX];
	bcx_buf_put_bytes(w, tmp, bcx_sleb128_encode(v, tmp));
}
