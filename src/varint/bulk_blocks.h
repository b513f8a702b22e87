/* Block kernels, included by bulk_kernels.h inside its instruction set.
 *
 * Random value lengths make a loop that branches on the length mispredict
 * about once per value. These loops find where values end for a whole
 * block first and then walk the ends with no branch on a length:
 *  - LEB128 and VBR: a value ends at every clear stop bit, so the ends of
 *    64 bytes (64 chunks for VBR) are one mask, read with MOVEMASK (SIMD)
 *    or a multiply-gather (portable), and for VBR with PEXT (BMI2 only,
 *    bulk_vbr_blocks.h); nothing chains one value to the next except
 *    clearing the lowest set bit.
 *  - PrefixVarInt and XIP (SIMD only): the length is in a value's first
 *    byte, so the length each of 32 bytes would give is computed at once
 *    (PSHUFB) into 4-bit fields of two registers, and the walk chains
 *    through those registers, not through a load.
 * The walk leaves the block's loop only once per block. A value the fast
 * code cannot vouch for (an error, an over-long or too-wide form) stops
 * the walk before it is stored; the caller's slower code then decides it
 * with the single-value decoder. Loads stay inside the padding each loop
 * checks before a block. */

enum { VB_BLOCK = 64, VB_PAD = 16 };

/* The walks are inlined into small dispatchers with constant kinds (and
 * VBR's common width 6), so each copy has no test of the kind per value. */
#define VB_WALK static inline __attribute__((always_inline))

#if !VB_SIMD
/* Portable code for a run of one-byte LEB128 values: a plain loop over
 * bytes, which the compiler vectorises. */
static inline void vb_widen_bytes(const uint8_t *p, uint64_t *out, unsigned k, int kind)
{
	for (unsigned j = 0; j < k; j++) {
		uint64_t b = p[j];
		out[j] = kind == BCX_VB_ULEB   ? b
		         : kind == BCX_VB_SLEB ? (uint64_t)((int64_t)(int8_t)(uint8_t)(b << 1) >> 1)
		                               : vb_zigzag(b);
	}
}
#endif

/* Bit 7 of each byte of x, gathered into 8 bits. */
static inline uint64_t vb_top_bits(uint64_t x)
{
	return (((x >> 7) & 0x0101010101010101ull) * 0x0102040810204080ull) >> 56;
}

/* Bit j set when p[j] (j < 64) has bit 7 clear: where LEB128 values end. */
static inline uint64_t vb_leb_ends64(const uint8_t *p)
{
	uint64_t m = 0;
#if VB_SIMD == 2
	for (int k = 0; k < 2; k++) {
		__m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * k));
		m |= (uint64_t)(uint32_t)_mm256_movemask_epi8(x) << (32 * k);
	}
#elif VB_SIMD == 1
	for (int k = 0; k < 4; k++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * k));
		m |= (uint64_t)(unsigned)_mm_movemask_epi8(x) << (16 * k);
	}
#else
	for (int k = 0; k < 8; k++)
		m |= vb_top_bits(vb_load64(p + 8 * k)) << (8 * k);
#endif
	return ~m;
}

/* The low `bits` bits of x: 1..64, or with BMI2 up to 255 (64 and more
 * keep all of x). */
static inline uint64_t vb_low_bits(uint64_t x, unsigned bits)
{
#if VB_SIMD == 2
	return _bzhi_u64(x, bits);
#else
	return x & (~0ull >> (64 - bits));
#endif
}

/* The low `bytes` (1..8) bytes of x. */
static inline uint64_t vb_low_bytes(uint64_t x, unsigned bytes)
{
	return vb_low_bits(x, 8 * bytes);
}

/* The LEB128 value of len bytes at q (its last byte has bit 7 clear; 16
 * bytes readable) into *v; false when the single decoder must decide.
 * `full`: max_bits is 64, so every value that decodes fits. */
VB_WALK bool vb_leb_at(const uint8_t *q, unsigned len, int kind, bool full,
                       const vb_leb_range *r, uint64_t *v)
{
	uint64_t x = 0;
	if (__builtin_expect(len > 8, 0)) {
		if (vb_leb_long(q, kind, &x) != len)
			return false;
	} else {
		x = vb_pack7(vb_low_bytes(vb_load64(q), len));
		if (kind == BCX_VB_SLEB) {
			unsigned sh = 64 - 7 * len;
			x = (uint64_t)((int64_t)(x << sh) >> sh);
		}
	}
	*v = kind == BCX_VB_ZLEB ? vb_zigzag(x) : x;
	return full || vb_leb_fits(x, kind, r);
}

/* LEB128 by blocks of 64 bytes while 80 bytes and room for 64 values
 * remain. `byte_run`: one-byte values are always in range (widened 16 at
 * a time by SIMD). */
VB_WALK void vb_leb_blocks(const uint8_t *p, size_t n, int kind, bool full,
                           const vb_leb_range *r, bool byte_run, uint64_t *out, size_t count, size_t *ip,
                                 size_t *offp)
{
	size_t i = *ip, off = *offp;
	while (n - off >= VB_BLOCK + VB_PAD && count - i >= VB_BLOCK) {
		uint64_t ends = vb_leb_ends64(p + off);
#if VB_SIMD
		if (byte_run && (ends & 0xffff) == 0xffff) { /* one-byte values */
			for (int k = 0; k < (ends == ~0ull ? 4 : 1); k++)
				vb_took(vb_run_leb(p + off, out + i, kind), &i, &off);
			continue;
		}
#else
		if (byte_run && ends == ~0ull) {
			vb_widen_bytes(p + off, out + i, VB_BLOCK, kind);
			i += VB_BLOCK;
			off += VB_BLOCK;
			continue;
		}
#endif
		unsigned start = 0;
		bool ok = true;
		while (ends) {
			unsigned end = (unsigned)__builtin_ctzll(ends) + 1;
			uint64_t v = 0;
			ok = vb_leb_at(p + off + start, end - start, kind, full, r, &v);
			if (!ok)
				break;
			out[i++] = v;
			start = end;
			ends &= ends - 1;
		}
		off += start;
		if (!ok || start == 0)
			break;
	}
	*ip = i;
	*offp = off;
}

/* The XIP value of form f at q, 16 bytes readable. */
static inline uint64_t vb_xip_at(const uint8_t *q, const bcx_xip_form *form)
{
	bcx_xip_form f = *form;
	uint64_t be = __builtin_bswap64(vb_load64(q + f.start));
#if VB_SIMD == 2
	uint64_t x = _pext_u64(be, f.pext);
#else
	/* The header bits sit below the value's top bits in the first byte;
	 * the bytes after it are whole. */
	uint64_t x = be >> (64 - 8 * f.bytes);
	unsigned rest = 8 * (f.bytes - 1u);
	x = (x >> rest >> f.hdr) << rest | (x & (((uint64_t)1 << rest) - 1));
#endif
	return (uint64_t)((int64_t)(x << (64 - f.bits)) >> (64 - f.bits));
}

/* PrefixVarInt and XIP walks: with SIMD only, since computing 32 lengths
 * a byte at a time costs the portable code more than the walk saves (it
 * keeps the word code). */
#if VB_SIMD
/* 16 byte lengths (each < 16) into 4-bit fields: even + 16 * odd, then
 * 16 bytes to 8. */
static inline uint64_t vb_nibbles(__m128i len)
{
	__m128i pairs = _mm_maddubs_epi16(len, _mm_set1_epi16(0x1001));
	return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(pairs, pairs));
}

/* PrefixVarInt lengths: trailing zeros of the first byte plus one (9 for
 * a zero byte), from one table per nibble. */
static inline uint64_t vb_prefix_lens16(const uint8_t *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i low = _mm_set1_epi8(0x0f);
	/* Low nibble: its trailing zeros + 1, or "more than 4" (16). High
	 * nibble: 4 + its trailing zeros + 1, 9 when zero. */
	const __m128i lo_t = _mm_setr_epi8(16, 1, 2, 1, 3, 1, 2, 1, 4, 1, 2, 1, 3, 1, 2, 1);
	const __m128i hi_t = _mm_setr_epi8(9, 5, 6, 5, 7, 5, 6, 5, 8, 5, 6, 5, 7, 5, 6, 5);
	__m128i lo = _mm_shuffle_epi8(lo_t, _mm_and_si128(x, low));
	__m128i hi = _mm_shuffle_epi8(hi_t, _mm_and_si128(_mm_srli_epi16(x, 4), low));
	return vb_nibbles(_mm_min_epu8(lo, hi));
}

/* The PrefixVarInt of len (1..9) bytes at q, 16 bytes readable; no branch
 * on the length. The 9-byte form is the 8 bytes after the first: loaded
 * one byte later, all 64 bits kept, not shifted. */
static inline uint64_t vb_prefix_at(const uint8_t *q, unsigned len)
{
	unsigned nine = (len + 7) >> 4; /* 1 when len is 9 */
	uint64_t w = vb_load64(q + nine);
	return vb_low_bits(w, 8 * len - 8 * nine) >> (len - 9 * nine);
}

/* The 4-bit length fields of a 32-byte span: lo for bytes 0..15, hi for
 * 16..31. The walk shifts the pair down to the next value's field, so one
 * span costs one mispredicted exit for about 14 mixed values. */
typedef struct vb_lens {
	uint64_t lo, hi;
} vb_lens;

enum { VB_SPAN = 32 };

static inline void vb_lens_drop(vb_lens *l, unsigned len) /* len 1..15 */
{
	unsigned sh = 4 * len;
	l->lo = l->lo >> sh | l->hi << (64 - sh);
	l->hi >>= sh;
}

VB_WALK void vb_prefix_blocks(const uint8_t *p, size_t n, int zig, uint64_t *out,
                              size_t count, size_t *ip, size_t *offp)
{
	size_t i = *ip, off = *offp;
	while (n - off >= VB_SPAN + VB_PAD && count - i >= VB_SPAN) {
		vb_lens l = {vb_prefix_lens16(p + off), vb_prefix_lens16(p + off + 16)};
		if (l.lo == 0x1111111111111111ull) { /* one-byte values */
			for (int k = 0; k < (l.hi == l.lo ? 2 : 1); k++)
				vb_took(vb_run_prefix(p + off, out + i, zig), &i, &off);
			continue;
		}
		const uint8_t *q = p + off, *end = q + VB_SPAN;
		uint64_t *o = out + i;
		do {
			unsigned len = (unsigned)l.lo & 15;
			uint64_t v = vb_prefix_at(q, len);
			*o++ = zig ? vb_zigzag(v) : v;
			q += len;
			vb_lens_drop(&l, len);
		} while (q < end);
		off = (size_t)(q - p);
		i = (size_t)(o - out);
	}
	*ip = i;
	*offp = off;
}

/* XIP lengths, as bcx_xip_forms[].len: 1 for Tiny, 2 or 3 for Small and
 * Medium (all from the low nibble), 2 + (b >> 2) for Large up to 8
 * payload bytes (b < 32), 0 for longer Large forms. */
static inline uint64_t vb_xip_lens16(const uint8_t *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	const __m128i short_t = _mm_setr_epi8(0, 1, 2, 1, 0, 1, 3, 1, 0, 1, 2, 1, 0, 1, 3, 1);
	__m128i len = _mm_shuffle_epi8(short_t, _mm_and_si128(x, _mm_set1_epi8(0x0f)));
	__m128i large = _mm_add_epi8(_mm_and_si128(_mm_srli_epi16(x, 2), _mm_set1_epi8(0x3f)),
	                             _mm_set1_epi8(2));
	__m128i fits = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(31)), x);
	__m128i is_large = _mm_and_si128(_mm_cmpeq_epi8(len, _mm_setzero_si128()), fits);
	return vb_nibbles(_mm_or_si128(len, _mm_and_si128(large, is_large)));
}

/* XIP by blocks, as PrefixVarInt; a long Large form stops it. */
VB_WALK void vb_xip_blocks(const uint8_t *p, size_t n, uint64_t *out, size_t count,
                           size_t *ip, size_t *offp)
{
	size_t i = *ip, off = *offp;
	while (n - off >= VB_SPAN + VB_PAD && count - i >= VB_SPAN) {
		vb_lens l = {vb_xip_lens16(p + off), vb_xip_lens16(p + off + 16)};
		if (l.lo == 0x1111111111111111ull) {
			for (int k = 0; k < (l.hi == l.lo ? 2 : 1); k++)
				vb_took(vb_run_xip(p + off, out + i), &i, &off);
			continue;
		}
		const uint8_t *q = p + off, *end = q + VB_SPAN;
		uint64_t *o = out + i;
		unsigned len;
		do {
			len = (unsigned)l.lo & 15;
			if (__builtin_expect(len == 0, 0))
				break;
			*o++ = vb_xip_at(q, &bcx_xip_forms[*q]);
			q += len;
			vb_lens_drop(&l, len);
		} while (q < end);
		off = (size_t)(q - p);
		i = (size_t)(o - out);
		if (len == 0)
			break;
	}
	*ip = i;
	*offp = off;
}

#endif

static void vb_leb_blocks_of(const uint8_t *p, size_t n, int kind, unsigned max_bits,
                             const vb_leb_range *r, uint64_t *out, size_t count, size_t *ip,
                             size_t *offp)
{
	bool run = max_bits >= 7;
	if (max_bits < 64)
		vb_leb_blocks(p, n, kind, false, r, run, out, count, ip, offp);
	else if (kind == BCX_VB_SLEB)
		vb_leb_blocks(p, n, BCX_VB_SLEB, true, r, run, out, count, ip, offp);
	else if (kind == BCX_VB_ZLEB)
		vb_leb_blocks(p, n, BCX_VB_ZLEB, true, r, run, out, count, ip, offp);
	else
		vb_leb_blocks(p, n, BCX_VB_ULEB, true, r, run, out, count, ip, offp);
}

#if VB_SIMD
static void vb_prefix_blocks_of(const uint8_t *p, size_t n, int zig, uint64_t *out,
                                size_t count, size_t *ip, size_t *offp)
{
	if (zig)
		vb_prefix_blocks(p, n, 1, out, count, ip, offp);
	else
		vb_prefix_blocks(p, n, 0, out, count, ip, offp);
}
#endif
