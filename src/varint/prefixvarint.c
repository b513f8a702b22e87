/* PrefixVarInt as MLIR bytecode writes it (spec mlir-bytecode.md, 2):
 * the number of trailing zero bits k of the first byte says how many extra
 * bytes follow; the (k+1)-byte little-endian number shifted right by k+1 is
 * the value. First byte 0x00: 8 extra bytes hold the whole value. */
#include "bcx/varint.h"

size_t bcx_prefixvarint_length(uint64_t v)
{
	/* n bytes (1..8) carry 7n bits. */
	for (size_t n = 1; n <= 8; n++)
		if (n == 8 ? v < ((uint64_t)1 << 56) : v < ((uint64_t)1 << (7 * n)))
			return n;
	return 9;
}

size_t bcx_prefixvarint_encode(uint64_t v, uint8_t out[BCX_PREFIXVARINT_MAX])
{
	if (v < 0x80) { /* the common case: one byte, low bit set */
		out[0] = (uint8_t)(v << 1 | 1);
		return 1;
	}
	size_t n = bcx_prefixvarint_length(v);
	if (n == 9) {
		out[0] = 0;
		for (int i = 0; i < 8; i++)
			out[1 + i] = (uint8_t)(v >> (8 * i));
		return 9;
	}
	uint64_t enc = (v << n) | ((uint64_t)1 << (n - 1));
	for (size_t i = 0; i < n; i++)
		out[i] = (uint8_t)(enc >> (8 * i));
	return n;
}

bcx_status bcx_prefixvarint_decode(const uint8_t *p, size_t n, uint64_t *v, size_t *used,
				   bcx_diag *diag)
{
	if (n == 0)
		return bcx_diag_set(diag, BCX_ERR_TRUNCATED, 0, "PrefixVarInt: no bytes");
	uint8_t b0 = p[0];
	if (b0 & 1) {
		*v = b0 >> 1;
		*used = 1;
		return BCX_OK;
	}
	size_t len = b0 ? (size_t)__builtin_ctz(b0) + 1 : 9;
	if (n < len)
		return bcx_diag_set(diag, BCX_ERR_TRUNCATED, (int64_t)n,
				    "PrefixVarInt: needs %zu bytes, %zu left", len, n);
	uint64_t r = 0;
	if (len == 9) {
		for (int i = 8; i >= 1; i--)
			r = r << 8 | p[i];
	} else {
		for (size_t i = len; i-- > 0;)
			r = r << 8 | p[i];
		r >>= len;
	}
	*v = r;
	*used = len;
	return BCX_OK;
}

size_t bcx_prefixvarint_encode_signed(int64_t v, uint8_t out[BCX_PREFIXVARINT_MAX])
{
	return bcx_prefixvarint_encode(bcx_zigzag_encode(v), out);
}

bcx_status bcx_prefixvarint_decode_signed(const uint8_t *p, size_t n, int64_t *v,
					  size_t *used, bcx_diag *diag)
{
	uint64_t u = 0;
	bcx_status s = bcx_prefixvarint_decode(p, n, &u, used, diag);
	if (s == BCX_OK)
		*v = bcx_zigzag_decode(u);
	return s;
}

uint64_t bcx_cur_prefixvarint(bcx_cursor *c, const char *what)
{
	if (c->status != BCX_OK)
		return 0;
	if (c->p != c->end && (*c->p & 1))
		return *c->p++ >> 1;
	uint64_t v = 0;
	size_t used = 0;
	bcx_status s = bcx_prefixvarint_decode(c->p, bcx_cur_remaining(c), &v, &used, NULL);
	if (s != BCX_OK) {
		/* Error path only: decode again to get the message, so the
		 * hot path does not clear a diagnostic for every value. */
		bcx_diag d;
		bcx_diag_clear(&d);
		s = bcx_prefixvarint_decode(c->p, bcx_cur_remaining(c), &v, &used, &d);
		bcx_cur_fail(c, s, "%s: %s", what ? what : "varint", d.message);
		return 0;
	}
	c->p += used;
	return v;
}

void bcx_buf_put_prefixvarint(bcx_buf *w, uint64_t v)
{
	uint8_t tmp[BCX_PREFIXVARINT_MAX];
	bcx_buf_put_bytes(w, tmp, bcx_prefixvarint_encode(v, tmp));
}
