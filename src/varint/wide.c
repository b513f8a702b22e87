/* Text for wide (up to 512-bit) values: decimal or 0x-hex in, decimal out.
 * Values are big-endian two's-complement byte arrays, as in the wide XIP
 * API. The work buffer has one byte more than the widest value so that
 * 2^511 (the magnitude of the most negative value) fits before negation. */
#include "bcx/varint.h"

#include <string.h>

enum { WORK = BCX_XIP_WIDE_MAX + 1 };

/* mag = mag * base + digit over WORK big-endian bytes; false on carry out. */
static bool mul_add(uint8_t mag[WORK], unsigned base, unsigned digit)
{
	unsigned carry = digit;
	for (size_t i = WORK; i-- > 0;) {
		unsigned x = mag[i] * base + carry;
		mag[i] = (uint8_t)x;
		carry = x >> 8;
	}
	return carry == 0;
}

static void negate(uint8_t *b, size_t len)
{
	unsigned carry = 1;
	for (size_t i = len; i-- > 0;) {
		unsigned x = (uint8_t)~b[i] + carry;
		b[i] = (uint8_t)x;
		carry = x >> 8;
	}
}

static int digit_value(char c, unsigned base)
{
	int d = -1;
	if (c >= '0' && c <= '9')
		d = c - '0';
	else if (base == 16 && c >= 'a' && c <= 'f')
		d = c - 'a' + 10;
	else if (base == 16 && c >= 'A' && c <= 'F')
		d = c - 'A' + 10;
	return d;
}

bcx_status bcx_wide_parse(const char *text, uint8_t out[BCX_XIP_WIDE_MAX], size_t *out_len,
			  bcx_diag *diag)
{
	const char *s = text;
	bool neg = *s == '-';
	if (neg || *s == '+')
		s++;
	unsigned base = 10;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (!*s)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, -1, "'%s' is not a number", text);
	uint8_t mag[WORK] = {0};
	for (const char *c = s; *c; c++) {
		int d = digit_value(*c, base);
		if (d < 0)
			return bcx_diag_set(diag, BCX_ERR_MALFORMED, (int64_t)(c - text),
					    "'%s': '%c' is not a %s digit", text, *c,
					    base == 16 ? "hex" : "decimal");
		if (!mul_add(mag, base, (unsigned)d))
			return bcx_diag_set(diag, BCX_ERR_OVERFLOW, -1,
					    "%s is outside -2^511 .. 2^511-1", text);
	}
	/* In range when mag < 2^511 (or <= 2^511 for a negative value). */
	bool big = mag[0] != 0 || (mag[1] & 0x80);
	bool is_min = mag[0] == 0 && mag[1] == 0x80;
	for (size_t i = 2; is_min && i < WORK; i++)
		is_min = mag[i] == 0;
	if (big && !(neg && is_min))
		return bcx_diag_set(diag, BCX_ERR_OVERFLOW, -1, "%s is outside -2^511 .. 2^511-1",
				    text);
	if (neg)
		negate(mag, WORK);
	size_t k = bcx_wide_minimal_len(mag, WORK);
	memcpy(out, mag + WORK - k, k);
	*out_len = k;
	return BCX_OK;
}

/* mag /= 10 over len big-endian bytes; returns the remainder. */
static unsigned div10(uint8_t *mag, size_t len)
{
	unsigned rem = 0;
	for (size_t i = 0; i < len; i++) {
		unsigned x = rem << 8 | mag[i];
		mag[i] = (uint8_t)(x / 10);
		rem = x % 10;
	}
	return rem;
}

static bool is_zero(const uint8_t *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (b[i])
			return false;
	return true;
}

size_t bcx_wide_to_decimal(const uint8_t *be, size_t len, char *out, size_t cap)
{
	if (len == 0 || len > BCX_XIP_WIDE_MAX)
		return 0;
	/* One extra leading byte keeps the magnitude of -2^511 unsigned. */
	uint8_t mag[WORK];
	bool neg = (be[0] & 0x80) != 0;
	memset(mag, neg ? 0xff : 0, WORK - len);
	memcpy(mag + WORK - len, be, len);
	if (neg)
		negate(mag, WORK);
	char rev[BCX_WIDE_DEC_MAX];
	size_t nd = 0;
	do
		rev[nd++] = (char)('0' + div10(mag, WORK));
	while (!is_zero(mag, WORK));
	size_t total = nd + (neg ? 1 : 0);
	if (total + 1 > cap)
		return 0;
	size_t o = 0;
	if (neg)
		out[o++] = '-';
	while (nd > 0)
		out[o++] = rev[--nd];
	out[o] = '\0';
	return o;
}
