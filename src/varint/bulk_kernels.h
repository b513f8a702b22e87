/* The bulk decoding kernels, included once per instruction set by
 * bulk_scalar.c, bulk_sse4.c and bulk_avx2.c with VB_SIMD set to 0, 1 or 2
 * and VB_OPS naming the table to define.
 *
 * Each kernel first runs the block walks of bulk_blocks.h and
 * bulk_vbr_blocks.h, which find where the values of a whole block end and
 * take them with no branch on a length. Where a walk stops (near the end
 * of the input, or at a value it cannot vouch for) the word code below
 * decodes from 8-byte little-endian loads while at least 16 bytes remain:
 * the length comes from the lowest stop bit of the loaded word and the
 * value from masking and packing its payload groups. Anything unusual (an
 * error, a form that does not fit the word, the last 16 bytes) goes to the
 * single-value decoder, so the results and errors are the single
 * decoder's by construction. SIMD pays on runs of one-byte values: 16
 * bytes are checked at once and widened to 64 bits with PMOVZX/PMOVSX. */
#include "varint/bulk.h"

#include <string.h>
#if VB_SIMD
#include <immintrin.h>
/* Everything below is compiled for the table's instruction set (the
 * headers above are not). */
#ifdef __clang__
#if VB_SIMD == 1
#pragma clang attribute push(__attribute__((target("sse4.1"))), apply_to = function)
#else
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2"))), apply_to = function)
#endif
#else
#pragma GCC push_options
#if VB_SIMD == 1
#pragma GCC target("sse4.1")
#else
#pragma GCC target("avx2,bmi,bmi2")
#endif
#endif
#endif

#define VB_STOP 0x8080808080808080ull
#define VB_LOW7 0x7f7f7f7f7f7f7f7full

static inline uint64_t vb_load64(const uint8_t *p)
{
	uint64_t x;
	memcpy(&x, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	x = __builtin_bswap64(x);
#endif
	return x;
}

/* The 7-bit groups of the bytes of x (bit 7 of each byte ignored), packed
 * together: LEB128's payload. */
static inline uint64_t vb_pack7(uint64_t x)
{
#if VB_SIMD == 2
	return _pext_u64(x, VB_LOW7);
#else
	x &= VB_LOW7;
	x = (x & 0x007f007f007f007full) | ((x & 0x7f007f007f007f00ull) >> 1);
	x = (x & 0x00003fff00003fffull) | ((x & 0x3fff00003fff0000ull) >> 2);
	return (x & 0x000000000fffffffull) | ((x & 0x0fffffff00000000ull) >> 4);
#endif
}

static inline uint64_t vb_zigzag(uint64_t u)
{
	return (u >> 1) ^ (0 - (u & 1));
}

#if VB_SIMD
/* Widen 16 bytes to 16 64-bit values at out, zero- or sign-extending. */
static inline void vb_widen16(__m128i x, uint64_t *out, int sign)
{
#if VB_SIMD == 2
	for (int k = 0; k < 4; k++) {
		__m256i y = sign ? _mm256_cvtepi8_epi64(x) : _mm256_cvtepu8_epi64(x);
		_mm256_storeu_si256((__m256i *)(void *)(out + 4 * k), y);
		x = _mm_srli_si128(x, 4);
	}
#else
	for (int k = 0; k < 8; k++) {
		__m128i y = sign ? _mm_cvtepi8_epi64(x) : _mm_cvtepu8_epi64(x);
		_mm_storeu_si128((__m128i *)(void *)(out + 2 * k), y);
		x = _mm_srli_si128(x, 2);
	}
#endif
}

/* vb_zigzag() over out[0..k), a vector at a time: the block walks store
 * plain values and this pass signs them while they are in the cache (per
 * value, the sign rule lengthened the walk's loop by a third). */
#if VB_SIMD == 2
static inline __m256i vb_zigzag4(__m256i u)
{
	__m256i neg =
	    _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_and_si256(u, _mm256_set1_epi64x(1)));
	return _mm256_xor_si256(_mm256_srli_epi64(u, 1), neg);
}
#endif

static inline void vb_zigzag_n(uint64_t *out, size_t k)
{
	size_t j = 0;
#if VB_SIMD == 2
	for (; j + 4 <= k; j += 4) {
		__m256i u = _mm256_loadu_si256((const __m256i *)(void *)(out + j));
		_mm256_storeu_si256((__m256i *)(void *)(out + j), vb_zigzag4(u));
	}
#else
	const __m128i one = _mm_set1_epi64x(1);
	for (; j + 2 <= k; j += 2) {
		__m128i u = _mm_loadu_si128((const __m128i *)(void *)(out + j));
		__m128i neg = _mm_sub_epi64(_mm_setzero_si128(), _mm_and_si128(u, one));
		u = _mm_xor_si128(_mm_srli_epi64(u, 1), neg);
		_mm_storeu_si128((__m128i *)(void *)(out + j), u);
	}
#endif
	for (; j < k; j++)
		out[j] = vb_zigzag(out[j]);
}

/* Number of leading set bits of a 16-bit lane mask. */
static inline unsigned vb_run(unsigned mask)
{
	return (unsigned)__builtin_ctz(~mask | 0x10000u);
}

enum { VB_MIN_RUN = 4 };

/* Counts k values of k bytes as done; true when there were any. */
static inline bool vb_took(size_t k, size_t *i, size_t *off)
{
	*i += k;
	*off += k;
	return k != 0;
} /* shorter runs are cheaper one at a time */

static inline __m128i vb_half(__m128i x) /* each byte >> 1 */
{
	return _mm_and_si128(_mm_srli_epi16(x, 1), _mm_set1_epi8(0x7f));
}
static inline __m128i vb_zz8(__m128i u) /* zigzag of bytes 0..127, as int8 */
{
	__m128i neg = _mm_sub_epi8(_mm_setzero_si128(), _mm_and_si128(u, _mm_set1_epi8(1)));
	return _mm_xor_si128(vb_half(u), neg);
}

/* Leading one-byte PrefixVarInts of p[0..16): stores 16 values, returns
 * how many of them are real (0 when the run is too short). */
static inline size_t vb_run_prefix(const uint8_t *p, uint64_t *out, int zig)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	unsigned k = vb_run((unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 7)));
	if (k < VB_MIN_RUN)
		return 0;
	__m128i u = vb_half(x);
	vb_widen16(zig ? vb_zz8(u) : u, out, zig);
	return k;
}

static inline size_t vb_run_leb(const uint8_t *p, uint64_t *out, int kind)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	unsigned k = vb_run(~(unsigned)_mm_movemask_epi8(x) & 0xffffu);
	if (k < VB_MIN_RUN)
		return 0;
	if (kind == BCX_VB_SLEB) /* copy bit 6 to bit 7: the int8 value */
		x = _mm_or_si128(x, _mm_add_epi8(_mm_and_si128(x, _mm_set1_epi8(0x40)),
		                                 _mm_and_si128(x, _mm_set1_epi8(0x40))));
	else if (kind == BCX_VB_ZLEB)
		x = vb_zz8(x);
	vb_widen16(x, out, kind != BCX_VB_ULEB);
	return k;
}

static inline size_t vb_run_xip(const uint8_t *p, uint64_t *out)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	unsigned k = vb_run((unsigned)_mm_movemask_epi8(_mm_slli_epi16(x, 7)));
	if (k < VB_MIN_RUN)
		return 0;
	/* Tiny: the byte as int8, shifted right arithmetically by one. */
	__m128i s = _mm_or_si128(vb_half(x), _mm_and_si128(x, _mm_set1_epi8((char)0x80)));
	vb_widen16(s, out, 1);
	return k;
}
#endif

/* A LEB128 value of 9 or 10 bytes at p (16 bytes readable; the first 8
 * all have bit 7 set): its length, or 0 when the single-value decoder must
 * decide (excess bits in the 10th byte, anything longer). */
static inline unsigned vb_leb_long(const uint8_t *p, int kind, uint64_t *v)
{
	uint64_t lo = vb_pack7(vb_load64(p) & VB_LOW7);
	unsigned b8 = p[8], b9 = p[9];
	if (b8 < 0x80) { /* 9 bytes, 63 bits */
		lo |= (uint64_t)b8 << 56;
		*v = kind == BCX_VB_SLEB ? (uint64_t)((int64_t)(lo << 1) >> 1) : lo;
		return 9;
	}
	lo |= (uint64_t)(b8 & 0x7f) << 56;
	/* 10 bytes: the last byte holds bit 63 and, signed, six sign copies. */
	if (kind == BCX_VB_SLEB ? (b9 == 0 || b9 == 0x7f) : b9 <= 1) {
		*v = lo | (uint64_t)(b9 & 1) << 63;
		return 10;
	}
	return 0;
}

typedef struct vb_leb_range {
	uint64_t umax;
	int64_t smin, smax;
} vb_leb_range;

static inline bool vb_leb_fits(uint64_t v, int kind, const vb_leb_range *r)
{
	return kind == BCX_VB_SLEB ? (int64_t)v >= r->smin && (int64_t)v <= r->smax : v <= r->umax;
}

#include "varint/bulk_blocks.h"

static bcx_status VB_FN(prefix)(const uint8_t *p, size_t n, uint64_t *out, size_t count,
                                size_t *done, size_t *used, bcx_diag *diag, int zig)
{
	size_t i = 0, off = 0;
	while (i < count && n - off >= 16) {
#if VB_SIMD
		vb_prefix_blocks_of(p, n, zig, out, count, &i, &off);
		if (i == count || n - off < 16)
			break;
#endif
#if VB_SIMD
		if (count - i >= 16 && vb_took(vb_run_prefix(p + off, out + i, zig), &i, &off))
			continue;
#endif
		uint64_t w = vb_load64(p + off);
		unsigned len = (unsigned)__builtin_ctz((unsigned)(w & 0xff) | 0x100u) + 1;
		if (__builtin_expect(len == 9, 0)) {
			uint64_t v = vb_load64(p + off + 1);
			out[i++] = zig ? vb_zigzag(v) : v;
			off += 9;
			continue;
		}
		/* Every value that ends inside the word: the lengths chain
		 * through the register, not through loads. */
		unsigned at = 0; /* bytes of w used */
		do {
			uint64_t x = w >> (8 * at);
			uint64_t v = (x & (~0ull >> (64 - 8 * len))) >> len;
			out[i++] = zig ? vb_zigzag(v) : v;
			at += len;
			len = (unsigned)__builtin_ctz((unsigned)(x >> (8 * len - 1) >> 1 & 0xff) |
			                              0x100u) +
			      1;
		} while (at + len <= 8 && at < 8 && i < count);
		off += at;
	}
	bcx_status s = BCX_OK;
	for (; i < count; i++) {
		uint64_t v = 0;
		size_t len = 0;
		s = bcx_vbulk_one_prefix(p, n, off, &v, &len, diag);
		if (s != BCX_OK)
			break;
		out[i] = zig ? vb_zigzag(v) : v;
		off += len;
	}
	*done = i;
	*used = off;
	return s;
}

/* Every value that ends inside the 8-byte word w, found from its clear
 * stop bits (the lengths chain through the register, not through loads).
 * Stops before a value out of range. Returns the bytes used. */
static inline unsigned vb_leb_words(uint64_t w, uint64_t ends, int kind, const vb_leb_range *r,
                                    uint64_t *out, size_t *i, size_t count)
{
	unsigned start = 0;
	do {
		unsigned end = (unsigned)__builtin_ctzll(ends) + 1, bits = end - start;
		uint64_t x = vb_pack7((w >> start) & (~0ull >> (64 - bits)) & VB_LOW7);
		if (kind == BCX_VB_SLEB) {
			unsigned sh = 64 - bits / 8 * 7;
			x = (uint64_t)((int64_t)(x << sh) >> sh);
		}
		if (!vb_leb_fits(x, kind, r))
			break;
		out[(*i)++] = kind == BCX_VB_ZLEB ? vb_zigzag(x) : x;
		start = end;
		ends &= ends - 1;
	} while (ends && *i < count);
	return start / 8;
}

static bcx_status VB_FN(leb)(const uint8_t *p, size_t n, unsigned max_bits, uint64_t *out,
                             size_t count, size_t *done, size_t *used, bcx_diag *diag, int kind)
{
	size_t i = 0, off = 0;
	/* Values outside these bounds go to the single decoder for its error. */
	vb_leb_range r = {max_bits >= 64 ? ~0ull : ((uint64_t)1 << max_bits) - 1,
	                  max_bits >= 64 ? INT64_MIN : -((int64_t)1 << (max_bits - 1)),
	                  max_bits >= 64 ? INT64_MAX : ((int64_t)1 << (max_bits - 1)) - 1};
	bcx_status s = BCX_OK;
	while (i < count) {
		vb_leb_blocks_of(p, n, kind, max_bits, &r, out, count, &i, &off);
		if (i == count)
			break;
		uint64_t v = 0;
		size_t len = 0;
		if (n - off >= 16) {
#if VB_SIMD
			if (count - i >= 16 && max_bits >= 7 &&
			    vb_took(vb_run_leb(p + off, out + i, kind), &i, &off))
				continue;
#endif
			uint64_t w = vb_load64(p + off);
			uint64_t ends = ~w & VB_STOP;
			if (ends) {
				unsigned k = vb_leb_words(w, ends, kind, &r, out, &i, count);
				off += k;
				if (k)
					continue;
			} else {
				len = vb_leb_long(p + off, kind, &v);
				if (!vb_leb_fits(v, kind, &r))
					len = 0;
			}
		}
		if (len == 0) {
			s = bcx_vbulk_one_leb(p, n, off, max_bits, kind, &v, &len, diag);
			if (s != BCX_OK)
				break;
		} else if (kind == BCX_VB_ZLEB) {
			v = vb_zigzag(v);
		}
		out[i++] = v;
		off += len;
	}
	*done = i;
	*used = off;
	return s;
}

static bcx_status VB_FN(xip)(const uint8_t *p, size_t n, uint64_t *out, size_t count, size_t *done,
                             size_t *used, bcx_diag *diag)
{
	size_t i = 0, off = 0;
	bcx_status s = BCX_OK;
	while (i < count) {
#if VB_SIMD
		vb_xip_blocks(p, n, out, count, &i, &off);
		if (i == count)
			break;
#endif
		uint64_t v = 0;
		size_t len = 0;
		if (n - off >= 16) {
#if VB_SIMD
			if (count - i >= 16 && vb_took(vb_run_xip(p + off, out + i), &i, &off))
				continue;
#endif
			const bcx_xip_form *f = &bcx_xip_forms[p[off]];
			v = vb_xip_at(p + off, f);
			len = f->len;
		}
		if (len == 0) {
			s = bcx_vbulk_one_xip(p, n, off, &v, &len, diag);
			if (s != BCX_OK)
				break;
		}
		out[i++] = v;
		off += len;
	}
	*done = i;
	*used = off;
	return s;
}

/* VBR: chunks of width bits, the top bit of each saying "more". The
 * masks describe the chunks that fit whole in 56 bits (what one 8-byte
 * load gives from any bit position): stop bits, and for each step of the
 * packing, the payload to keep and the payload to move down. */
typedef struct vb_vbr_masks {
	uint64_t stop;
	unsigned steps;
	uint64_t keep[6], move[6];
	uint64_t payload;
} vb_vbr_masks;

static void vb_vbr_setup(unsigned width, vb_vbr_masks *m)
{
	unsigned chunks = 56 / width;
	uint64_t all = ((uint64_t)1 << (chunks * width)) - 1;
	m->stop = 0;
	for (unsigned c = 0; c < chunks; c++)
		m->stop |= (uint64_t)1 << (c * width + width - 1);
	m->payload = all & ~m->stop;
	/* Step s joins pairs of groups (width-1) << s bits wide that start
	 * width << s apart, moving the upper one down by 1 << s. */
	m->steps = 0;
	for (unsigned s = 0; (width << s) < 56 && s < 6; s++) {
		unsigned g = (width - 1) << s, field = (width << s) * 2;
		uint64_t lo = 0, hi = 0;
		for (unsigned at = 0; at < 64; at += field) {
			uint64_t grp = (((uint64_t)1 << g) - 1) << at;
			lo |= grp;
			if (at + (width << s) < 64)
				hi |= grp << (width << s);
		}
		m->keep[s] = lo;
		m->move[s] = hi;
		m->steps = s + 1;
	}
}

static inline uint64_t vb_vbr_pack(uint64_t x, const vb_vbr_masks *m)
{
#if VB_SIMD == 2
	return _pext_u64(x, m->payload);
#else
	for (unsigned s = 0; s < m->steps; s++)
		x = (x & m->keep[s]) | ((x & m->move[s]) >> (1u << s));
	return x;
#endif
}

static inline uint64_t vb_svbr(uint64_t u)
{
	uint64_t neg = 0 - (u & 1);
	uint64_t r = ((u >> 1) ^ neg) - neg;
	return r | (uint64_t)(u == 1) << 63;
}

/* A value longer than the window's whole chunks (all their stop bits set):
 * the rest chunk by chunk, as bcx_bit_vbr() reads it. Returns false when
 * the single-value decoder must decide (an error, or the end of input). */
static inline bool vb_vbr_long(const uint8_t *p, size_t n, unsigned width, uint64_t w,
                               const vb_vbr_masks *m, uint64_t *pos, uint64_t *v)
{
	unsigned chunks = 56 / width, shift = chunks * (width - 1);
	uint64_t x = vb_vbr_pack(w & (m->payload | m->stop), m), q = *pos + chunks * width;
	uint64_t hi = (uint64_t)1 << (width - 1);
	for (;;) {
		if (shift >= 64 || q / 8 + 8 > n)
			return false;
		uint64_t c = (vb_load64(p + q / 8) >> (q & 7)) & ((hi << 1) - 1);
		uint64_t payload = c & (hi - 1);
		if (64 - shift < 64 && (payload >> (64 - shift)) != 0)
			return false;
		x |= payload << shift;
		q += width;
		shift += width - 1;
		if (!(c & hi))
			break;
	}
	*pos = q;
	*v = x;
	return true;
}

#if VB_SIMD == 2
/* vb_svbr() over out[0..k), four values at a time: the word walk stores
 * plain VBR values and this pass signs them while they are in the cache
 * (per value, the sign rule cost a third of the walk's instructions). */
static inline void vb_svbr_n(uint64_t *out, size_t k)
{
	const __m256i one = _mm256_set1_epi64x(1), top = _mm256_set1_epi64x(INT64_MIN);
	size_t j = 0;
	for (; j + 4 <= k; j += 4) {
		__m256i u = _mm256_loadu_si256((const __m256i *)(const void *)(out + j));
		__m256i neg = _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_and_si256(u, one));
		__m256i r = _mm256_sub_epi64(_mm256_xor_si256(_mm256_srli_epi64(u, 1), neg), neg);
		r = _mm256_or_si256(r, _mm256_and_si256(_mm256_cmpeq_epi64(u, one), top));
		_mm256_storeu_si256((__m256i *)(void *)(out + j), r);
	}
	for (; j < k; j++)
		out[j] = vb_svbr(out[j]);
}

#include "varint/bulk_vbr_blocks.h"
#endif

static bcx_status VB_FN(vbr)(const uint8_t *p, size_t n, unsigned width, uint64_t *bit_pos,
                             uint64_t *out, size_t count, size_t *done, bcx_diag *diag, int sign)
{
	size_t i = 0;
	uint64_t pos = *bit_pos;
	bcx_status s = BCX_OK;
	vb_vbr_masks m = {0};
	bool fast = width >= 2 && width <= 32;
	if (fast)
		vb_vbr_setup(width, &m);
	while (i < count) {
#if VB_SIMD == 2
		/* The block walk pays only where PEXT gathers the stop bits;
		 * without it the word code below is as fast. */
		if (fast) {
			vb_vbr_blocks_of(p, n, width, sign, out, count, &i, &pos);
			if (i == count)
				break;
		}
#endif
		uint64_t v = 0;
		if (fast && pos / 8 + 8 <= n) {
			uint64_t w = vb_load64(p + pos / 8) >> (pos & 7);
			uint64_t ends = ~w & m.stop;
			if (ends) { /* every value that ends in the window */
				unsigned start = 0;
				do {
					unsigned end = (unsigned)__builtin_ctzll(ends) + 1;
					uint64_t x = (w >> start) & (~0ull >> (64 - (end - start)));
					x = vb_vbr_pack(x, &m);
					out[i++] = sign ? vb_svbr(x) : x;
					start = end;
					ends &= ends - 1;
				} while (ends && i < count);
				pos += start;
				continue;
			}
			if (vb_vbr_long(p, n, width, w, &m, &pos, &v)) {
				out[i++] = sign ? vb_svbr(v) : v;
				continue;
			}
		}
		s = bcx_vbulk_one_vbr(p, n, width, &pos, &v, diag);
		if (s != BCX_OK)
			break;
		out[i++] = sign ? vb_svbr(v) : v;
	}
	*done = i;
	*bit_pos = pos;
	return s;
}

const bcx_vbulk_ops VB_OPS = {VB_NAME, VB_FN(prefix), VB_FN(leb), VB_FN(xip), VB_FN(vbr)};

#if VB_SIMD
#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif
