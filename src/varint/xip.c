/* XIP (XVM integer packing), the 2019-07..2023-01 revision: see
 * ../shared/spec/xip-and-tapioca-notes.md part A. Every multi-byte field is
 * big-endian; values are signed. Arithmetic is done on uint64_t so that no
 * shift ever touches a sign bit (notes A.7, "C pitfalls"). */
#include "bcx/varint.h"

#include <string.h>

enum { XIP_TINY, XIP_SMALL, XIP_MEDIUM, XIP_LARGE };

/* Form and total length from the first byte (notes A.2). Large: bits 2-7
 * hold (payload bytes - 1), so the total is 2..65 bytes. */
static int xip_form(uint8_t b0, size_t *len)
{
	if (b0 & 1) {
		*len = 1;
		return XIP_TINY;
	}
	if (b0 & 2) {
		*len = (b0 & 4) ? 3 : 2;
		return (b0 & 4) ? XIP_MEDIUM : XIP_SMALL;
	}
	*len = 2 + (size_t)(b0 >> 2);
	return XIP_LARGE;
}

/* Significant bits of v in two's complement, sign bit included (notes
 * A.4's `s`): 0 and -1 need 1, 63 and -64 need 7, 64 needs 8. */
static unsigned xip_sig_bits(int64_t v)
{
	uint64_t u = v < 0 ? ~(uint64_t)v : (uint64_t)v;
	return u ? (unsigned)(65 - __builtin_clzll(u)) : 1;
}

/* Sign-extend the low `bits` (1..64) bits of x. The subtraction wraps in
 * uint64_t; the final conversion is the usual two's-complement one. */
static int64_t sext(uint64_t x, unsigned bits)
{
	uint64_t m = (uint64_t)1 << (bits - 1);
	if (bits < 64)
		x &= (m << 1) - 1;
	return (int64_t)((x ^ m) - m);
}

size_t bcx_xip_length(int64_t v)
{
	unsigned s = xip_sig_bits(v);
	if (s <= 7)
		return 1;
	if (s <= 13)
		return 2;
	if (s <= 21)
		return 3;
	return 1 + (s + 7) / 8;
}

/* The writer's choice (notes A.4): Tiny for 1..7 bits, Small for 9..13,
 * Medium for 17..21, Large otherwise -- including 8 and 14..16 bits, where
 * Large has the same length as Small/Medium and upstream prefers it. */
size_t bcx_xip_encode(int64_t v, uint8_t out[BCX_XIP_MAX64])
{
	unsigned s = xip_sig_bits(v);
	uint64_t u = (uint64_t)v;
	if (s <= 7) {
		out[0] = (uint8_t)(u << 1 | 1);
		return 1;
	}
	if (s >= 9 && s <= 13) {
		out[0] = (uint8_t)((u >> 8 & 0x1f) << 3 | 2);
		out[1] = (uint8_t)u;
		return 2;
	}
	if (s >= 17 && s <= 21) {
		out[0] = (uint8_t)((u >> 16 & 0x1f) << 3 | 6);
		out[1] = (uint8_t)(u >> 8);
		out[2] = (uint8_t)u;
		return 3;
	}
	size_t n = (s + 7) / 8;
	out[0] = (uint8_t)((n - 1) << 2);
	for (size_t i = 0; i < n; i++)
		out[1 + i] = (uint8_t)(u >> (8 * (n - 1 - i)));
	return n + 1;
}

size_t bcx_wide_minimal_len(const uint8_t *be, size_t len)
{
	size_t i = 0;
	/* A leading 00 (FF) byte is redundant when the next byte's top bit
	 * already says positive (negative). */
	while (len - i > 1 && ((be[i] == 0x00 && !(be[i + 1] & 0x80)) ||
			       (be[i] == 0xff && (be[i + 1] & 0x80))))
		i++;
	return len - i;
}

static bcx_status xip_truncated(size_t need, size_t n, bcx_diag *diag)
{
	return bcx_diag_set(diag, BCX_ERR_TRUNCATED, (int64_t)n,
			    "XIP value truncated: the first byte announces %zu bytes, %zu present",
			    need, n);
}

/* Tiny, Small and Medium: a signed 5-bit field in bits 3-7 of the first
 * byte (Tiny: 7 bits in 1-7), then the following bytes (notes A.3). */
static int64_t xip_short_value(int form, const uint8_t *p)
{
	if (form == XIP_TINY)
		return sext(p[0] >> 1, 7);
	if (form == XIP_SMALL)
		return sext((uint64_t)(p[0] >> 3) << 8 | p[1], 13);
	return sext((uint64_t)(p[0] >> 3) << 16 | (uint64_t)p[1] << 8 | p[2], 21);
}

bcx_status bcx_xip_decode(const uint8_t *p, size_t n, int64_t *v, size_t *used, bcx_diag *diag)
{
	if (n == 0)
		return bcx_diag_set(diag, BCX_ERR_TRUNCATED, 0, "XIP value: no bytes");
	size_t len;
	int form = xip_form(p[0], &len);
	if (n < len)
		return xip_truncated(len, n, diag);
	if (form != XIP_LARGE) {
		*v = xip_short_value(form, p);
		*used = len;
		return BCX_OK;
	}
	/* Large: payload p[1..len). More than 8 bytes is fine when the extra
	 * ones only repeat the sign. */
	size_t k = bcx_wide_minimal_len(p + 1, len - 1);
	if (k > 8)
		return bcx_diag_set(diag, BCX_ERR_OVERFLOW, 0,
				    "XIP value needs %zu bytes, more than 64 bits", k);
	const uint8_t *q = p + len - k;
	uint64_t u = 0;
	for (size_t i = 0; i < k; i++)
		u = u << 8 | q[i];
	*v = sext(u, (unsigned)(8 * k));
	*used = len;
	return BCX_OK;
}

/* int64 to its minimal big-endian two's-complement bytes. */
static size_t int64_to_wide(int64_t v, uint8_t out[8])
{
	uint64_t u = (uint64_t)v;
	uint8_t tmp[8];
	for (int i = 0; i < 8; i++)
		tmp[i] = (uint8_t)(u >> (56 - 8 * i));
	size_t k = bcx_wide_minimal_len(tmp, 8);
	memcpy(out, tmp + 8 - k, k);
	return k;
}

bcx_status bcx_xip_encode_wide(const uint8_t *be, size_t be_len, uint8_t out[BCX_XIP_MAX],
			       size_t *out_len, bcx_diag *diag)
{
	if (be_len == 0)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "XIP: empty wide value");
	size_t k = bcx_wide_minimal_len(be, be_len);
	const uint8_t *q = be + be_len - k;
	if (k > BCX_XIP_WIDE_MAX)
		return bcx_diag_set(diag, BCX_ERR_OVERFLOW, -1,
				    "XIP value needs %zu bytes, more than 64 (512 bits)", k);
	if (k <= 8) {
		/* Same value, same choice of form as the 64-bit writer. */
		uint64_t u = 0;
		for (size_t i = 0; i < k; i++)
			u = u << 8 | q[i];
		*out_len = bcx_xip_encode(sext(u, (unsigned)(8 * k)), out);
		return BCX_OK;
	}
	/* 9..64 bytes: Large, header (k - 1) << 2 = 0x20..0xFC (notes A.6). */
	out[0] = (uint8_t)((k - 1) << 2);
	memcpy(out + 1, q, k);
	*out_len = k + 1;
	return BCX_OK;
}

bcx_status bcx_xip_decode_wide(const uint8_t *p, size_t n, uint8_t out[BCX_XIP_WIDE_MAX],
			       size_t *out_len, size_t *used, bcx_diag *diag)
{
	if (n == 0)
		return bcx_diag_set(diag, BCX_ERR_TRUNCATED, 0, "XIP value: no bytes");
	size_t len;
	int form = xip_form(p[0], &len);
	if (n < len)
		return xip_truncated(len, n, diag);
	if (form != XIP_LARGE) {
		*out_len = int64_to_wide(xip_short_value(form, p), out);
	} else {
		size_t k = bcx_wide_minimal_len(p + 1, len - 1);
		memcpy(out, p + len - k, k);
		*out_len = k;
	}
	*used = len;
	return BCX_OK;
}
