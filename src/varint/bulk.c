/* Bulk decoders: the public entry points, the choice of kernel table and
 * the single-value slow path every table shares (errors, rare long forms
 * and the last bytes of the input go through the single-value decoders,
 * which is what makes the bulk results identical to theirs). */
#include "varint/bulk.h"

/* The diagnostic of the value at `off` counts from p. Only a diagnostic
 * this call filled is moved: a caller's earlier one stays as it was. */
static bcx_status shift_diag(bcx_status s, bcx_diag *diag, bool was_clear, uint64_t off)
{
	if (s != BCX_OK && diag && was_clear && diag->has_offset && !diag->is_bit_offset)
		diag->offset += off;
	return s;
}

static bool diag_clear(const bcx_diag *diag)
{
	return !diag || diag->code == BCX_OK;
}

bcx_status bcx_vbulk_one_prefix(const uint8_t *p, size_t n, size_t off, uint64_t *v, size_t *len,
                                bcx_diag *diag)
{
	bool clear = diag_clear(diag);
	bcx_status s = bcx_prefixvarint_decode(p + off, n - off, v, len, diag);
	return shift_diag(s, diag, clear, off);
}

bcx_status bcx_vbulk_one_leb(const uint8_t *p, size_t n, size_t off, unsigned max_bits, int kind,
                             uint64_t *v, size_t *len, bcx_diag *diag)
{
	bool clear = diag_clear(diag);
	bcx_status s;
	if (kind == BCX_VB_SLEB) {
		int64_t x = 0;
		s = bcx_sleb128_decode(p + off, n - off, max_bits, &x, len, diag);
		*v = (uint64_t)x;
	} else {
		s = bcx_uleb128_decode(p + off, n - off, max_bits, v, len, diag);
		if (kind == BCX_VB_ZLEB)
			*v = (uint64_t)bcx_zigzag_decode(*v);
	}
	return shift_diag(s, diag, clear, off);
}

bcx_status bcx_vbulk_one_xip(const uint8_t *p, size_t n, size_t off, uint64_t *v, size_t *len,
                             bcx_diag *diag)
{
	bool clear = diag_clear(diag);
	int64_t x = 0;
	bcx_status s = bcx_xip_decode(p + off, n - off, &x, len, diag);
	*v = (uint64_t)x;
	return shift_diag(s, diag, clear, off);
}

/* A bit cursor over the whole input reports bit offsets from p itself. */
bcx_status bcx_vbulk_one_vbr(const uint8_t *p, size_t n, unsigned width, uint64_t *bit_pos,
                             uint64_t *v, bcx_diag *diag)
{
	bcx_bitcursor b;
	bcx_bit_init(&b, p, n, diag);
	if (!bcx_bit_seek(&b, *bit_pos))
		return b.status;
	*v = bcx_bit_vbr(&b, width);
	if (b.status == BCX_OK)
		*bit_pos = b.pos;
	return b.status;
}

/* Table of XIP first bytes (see bulk.h): Tiny 1 byte (7 bits above bit 0),
 * Small 2 and Medium 3 (13 and 21 bits above 3 header bits), Large 1 + k
 * (8k bits after the header byte), k = (b >> 2) + 1 <= 8; longer Large
 * forms have length 0. */
#define XF_LARGE(b) ((b) >> 2 <= 7 ? (((b) >> 2) + 2) : 0)
#define XF_K(b) ((b) >> 2 <= 7 ? ((b) >> 2) + 1 : 8) /* 8 keeps shifts defined */
#define XF_TINY(b) ((b)&1)
#define XF_MID(b) (((b)&3) == 2) /* Small or Medium */
#define XF_LEN(b) (XF_TINY(b) ? 1 : XF_MID(b) ? 2 + (((b) >> 2) & 1) : XF_LARGE(b))
/* Tiny: 7 bits above the header bit; Small, Medium: 5 bits above 3 header
 * bits and 1 or 2 whole bytes; Large: k whole bytes. */
#define XF_PEXT(b)                                                                                 \
	(XF_TINY(b)                 ? 0xfe00000000000000ull                                        \
	 : XF_MID(b) && ((b)&4)     ? 0xf8ffff0000000000ull                                        \
	 : XF_MID(b)                ? 0xf8ff000000000000ull                                        \
	                            : ~0ull << (64 - 8 * XF_K(b)))
#define XF(b)                                                                                      \
	{                                                                                          \
		XF_PEXT(b), XF_LEN(b), XF_TINY(b) || XF_MID(b) ? 0 : 1,                            \
		    XF_TINY(b)  ? 1                                                                \
		    : XF_MID(b) ? 2 + (((b) >> 2) & 1)                                             \
		                : XF_K(b),                                                         \
		    XF_TINY(b)  ? 1                                                                \
		    : XF_MID(b) ? 3                                                                \
		                : 0,                                                               \
		    XF_TINY(b)  ? 7                                                                \
		    : XF_MID(b) ? 13 + 8 * (((b) >> 2) & 1)                                        \
		                : 8 * XF_K(b)                                                      \
	}
/* M(b) for b = 0..255, comma-separated. */
#define XF4(M, b) M(b), M((b) + 1), M((b) + 2), M((b) + 3)
#define XF16(M, b) XF4(M, b), XF4(M, (b) + 4), XF4(M, (b) + 8), XF4(M, (b) + 12)
#define XF64(M, b) XF16(M, b), XF16(M, (b) + 16), XF16(M, (b) + 32), XF16(M, (b) + 48)
#define XF256(M) XF64(M, 0), XF64(M, 64), XF64(M, 128), XF64(M, 192)
const bcx_xip_form bcx_xip_forms[256] = {XF256(XF)};

/* A pure function of the CPU: asked on each call, never remembered. */
const bcx_vbulk_ops *bcx_vbulk_for(bcx_vbulk_path path)
{
#ifdef BCX_VBULK_X86
	__builtin_cpu_init();
	bool avx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
	bool sse4 = __builtin_cpu_supports("sse4.1");
	switch (path) {
	case BCX_VBULK_BEST:
		return avx2 ? &bcx_vbulk_avx2 : sse4 ? &bcx_vbulk_sse4 : &bcx_vbulk_scalar;
	case BCX_VBULK_SCALAR:
		return &bcx_vbulk_scalar;
	case BCX_VBULK_SSE4:
		return sse4 ? &bcx_vbulk_sse4 : NULL;
	case BCX_VBULK_AVX2:
		return avx2 ? &bcx_vbulk_avx2 : NULL;
	}
	return NULL;
#else
	return path == BCX_VBULK_BEST || path == BCX_VBULK_SCALAR ? &bcx_vbulk_scalar : NULL;
#endif
}

static bcx_status no_path(size_t *done, bcx_diag *diag)
{
	*done = 0;
	return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1,
	                    "this CPU cannot run the requested integer decoder");
}

bcx_status bcx_vbulk_prefix(bcx_vbulk_path path, const uint8_t *p, size_t n, uint64_t *out,
                            size_t count, size_t *done, size_t *used, bcx_diag *diag, int zig)
{
	const bcx_vbulk_ops *ops = bcx_vbulk_for(path);
	*used = 0;
	return ops ? ops->prefix(p, n, out, count, done, used, diag, zig) : no_path(done, diag);
}

bcx_status bcx_vbulk_leb(bcx_vbulk_path path, const uint8_t *p, size_t n, unsigned max_bits,
                         uint64_t *out, size_t count, size_t *done, size_t *used, bcx_diag *diag,
                         int kind)
{
	const bcx_vbulk_ops *ops = bcx_vbulk_for(path);
	*used = 0;
	*done = 0;
	if (max_bits < 1 || max_bits > 64)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1,
		                    "LEB128 width %u is outside 1..64", max_bits);
	return ops ? ops->leb(p, n, max_bits, out, count, done, used, diag, kind)
	           : no_path(done, diag);
}

bcx_status bcx_vbulk_xip(bcx_vbulk_path path, const uint8_t *p, size_t n, int64_t *out,
                         size_t count, size_t *done, size_t *used, bcx_diag *diag)
{
	const bcx_vbulk_ops *ops = bcx_vbulk_for(path);
	*used = 0;
	return ops ? ops->xip(p, n, (uint64_t *)out, count, done, used, diag) : no_path(done, diag);
}

bcx_status bcx_vbulk_vbr(bcx_vbulk_path path, const uint8_t *p, size_t n, unsigned width,
                         uint64_t *bit_pos, uint64_t *out, size_t count, size_t *done,
                         bcx_diag *diag, int sign)
{
	const bcx_vbulk_ops *ops = bcx_vbulk_for(path);
	return ops ? ops->vbr(p, n, width, bit_pos, out, count, done, diag, sign)
	           : no_path(done, diag);
}

/* ---- public API ---- */

bcx_status bcx_prefixvarint_decode_n(const uint8_t *p, size_t n, uint64_t *out, size_t count,
                                     size_t *done, size_t *used, bcx_diag *diag)
{
	return bcx_vbulk_prefix(BCX_VBULK_BEST, p, n, out, count, done, used, diag, 0);
}

bcx_status bcx_prefixvarint_decode_signed_n(const uint8_t *p, size_t n, int64_t *out, size_t count,
                                            size_t *done, size_t *used, bcx_diag *diag)
{
	return bcx_vbulk_prefix(BCX_VBULK_BEST, p, n, (uint64_t *)out, count, done, used, diag, 1);
}

bcx_status bcx_uleb128_decode_n(const uint8_t *p, size_t n, unsigned max_bits, uint64_t *out,
                                size_t count, size_t *done, size_t *used, bcx_diag *diag)
{
	return bcx_vbulk_leb(BCX_VBULK_BEST, p, n, max_bits, out, count, done, used, diag,
	                     BCX_VB_ULEB);
}

bcx_status bcx_sleb128_decode_n(const uint8_t *p, size_t n, unsigned max_bits, int64_t *out,
                                size_t count, size_t *done, size_t *used, bcx_diag *diag)
{
	return bcx_vbulk_leb(BCX_VBULK_BEST, p, n, max_bits, (uint64_t *)out, count, done, used,
	                     diag, BCX_VB_SLEB);
}

bcx_status bcx_zleb128_decode_n(const uint8_t *p, size_t n, int64_t *out, size_t count,
                                size_t *done, size_t *used, bcx_diag *diag)
{
	return bcx_vbulk_leb(BCX_VBULK_BEST, p, n, 64, (uint64_t *)out, count, done, used, diag,
	                     BCX_VB_ZLEB);
}

bcx_status bcx_vbr_decode_n(const uint8_t *p, size_t n, unsigned width, uint64_t *bit_pos,
                            uint64_t *out, size_t count, size_t *done, bcx_diag *diag)
{
	return bcx_vbulk_vbr(BCX_VBULK_BEST, p, n, width, bit_pos, out, count, done, diag, 0);
}

bcx_status bcx_svbr_decode_n(const uint8_t *p, size_t n, unsigned width, uint64_t *bit_pos,
                             int64_t *out, size_t count, size_t *done, bcx_diag *diag)
{
	return bcx_vbulk_vbr(BCX_VBULK_BEST, p, n, width, bit_pos, (uint64_t *)out, count, done,
	                     diag, 1);
}

bcx_status bcx_xip_decode_n(const uint8_t *p, size_t n, int64_t *out, size_t count, size_t *done,
                            size_t *used, bcx_diag *diag)
{
	return bcx_vbulk_xip(BCX_VBULK_BEST, p, n, out, count, done, used, diag);
}
