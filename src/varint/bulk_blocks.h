/* Block kernels, included by bulk_kernels.h inside its instruction set.
 *
 * Random value lengths make a loop that branches on the length mispredict
 * about once per value. These loops find where values end for a whole
 * block first and then walk the ends with no branch on a length:
 *  - LEB128: a value ends at every byte with bit 7 clear, so the ends of
 *    64 bytes are one mask, read with MOVEMASK (SIMD) or a multiply-gather
 *    (portable); nothing chains one value to the next except clearing the
 *    lowest set bit. VBR (BMI2 only) takes a word of chunks at a time the
 *    same way: bulk_vbr_blocks.h.
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
VB_WALK bool vb_leb_at(const uint8_t *q, unsigned len, int kind, bool full, const vb_leb_range *r,
                       uint64_t *v)
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
	/* SIMD: zigzag is a vector pass over the block (vb_leb_blocks). */
	*v = kind == BCX_VB_ZLEB && !VB_SIMD ? vb_zigzag(x) : x;
	return full || vb_leb_fits(x, kind, r);
}

/* LEB128 by blocks of 64 bytes while 80 bytes and room for 64 values
 * remain. `byte_run`: one-byte values are always in range (widened 16 at
 * a time by SIMD). */
VB_WALK void vb_leb_blocks(const uint8_t *p, size_t n, int kind, bool full, const vb_leb_range *r,
                           bool byte_run, uint64_t *out, size_t count, size_t *ip, size_t *offp)
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
#if VB_SIMD
		size_t from = i;
#endif
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
#if VB_SIMD
		if (kind == BCX_VB_ZLEB)
			vb_zigzag_n(out + from, i - from);
#endif
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

#if VB_SIMD == 2
#include "varint/bulk_gather.h"
#endif
#if VB_SIMD
#include "varint/bulk_starts.h"
#endif

#if VB_SIMD == 2
/* The ends of a mask as a list: at[0] = 0, at[j + 1] = 1 + the position
 * of its j-th set bit; returns the count. 8 bits at a time: PDEP spreads
 * them to bytes (times 0xff: whole bytes), PEXT keeps those bytes of the
 * positions 1..8. */
static inline unsigned vb_list_ends(uint64_t ends, uint8_t *at)
{
	unsigned k = 0;
	at[0] = 0;
	for (unsigned b = 0; b < 64; b += 8) {
		uint64_t bits = ends >> b & 0xff;
		uint64_t bytes = _pdep_u64(bits, 0x0101010101010101ull) * 0xff;
		uint64_t pos = _pext_u64(0x0807060504030201ull + 0x0101010101010101ull * b, bytes);
		memcpy(at + 1 + k, &pos, 8);
		k += (unsigned)__builtin_popcountll(bits);
	}
	return k;
}

/* LEB128 with max_bits 64 by blocks of 64 bytes, the values four at a
 * time (bulk_gather.h); the few longer than 8 bytes are redone one at a
 * time, and the first the fast code cannot vouch for ends the walk. */
VB_WALK bool vb_leb_gather_blocks(const uint8_t *p, size_t n, int kind, uint64_t *out, size_t count,
                                  size_t *ip, size_t *offp)
{
	size_t i = *ip, off = *offp;
	while (n - off >= VB_BLOCK + VB_PAD && count - i >= VB_BLOCK + 4) {
		const uint8_t *q = p + off;
		uint64_t ends = vb_leb_ends64(q);
		if ((ends & 0xffff) == 0xffff) { /* one-byte values */
			for (int k = 0; k < (ends == ~0ull ? 4 : 1); k++)
				vb_took(vb_run_leb(p + off, out + i, kind), &i, &off);
			continue;
		}
		uint8_t at[VB_BLOCK + 16];
		unsigned k = vb_list_ends(ends, at), good = k;
		if (k == 0)
			break;
		/* Values of more than 4 bytes on average: the older walk is
		 * faster on those (measured: 20% on mostly large values). */
		if (k < VB_BLOCK / 4) {
			*ip = i;
			*offp = off;
			return true;
		}
		memset(at + k + 1, at[k], 4);
		uint64_t longs = 0;
		for (unsigned j = 0; j < k; j += 4) {
			unsigned l;
			__m256i v = vb_leb_at4(q, at + j, kind, &l);
			_mm256_storeu_si256((__m256i *)(void *)(out + i + j), v);
			longs |= (uint64_t)l << j;
		}
		/* Many long values: the older walk, which takes them in line,
		 * does the next block or two (returns true). */
		bool sparse = 4 * (unsigned)__builtin_popcountll(longs) > k;
		for (; longs; longs &= longs - 1) {
			unsigned j = (unsigned)__builtin_ctzll(longs);
			uint64_t v;
			if (!vb_leb_at(q + at[j], (unsigned)(at[j + 1] - at[j]), kind, true, NULL,
			               &v)) {
				good = j;
				break;
			}
			out[i + j] = kind == BCX_VB_ZLEB ? vb_zigzag(v) : v;
		}
		i += good;
		off += at[good];
		if (good < k || sparse) {
			*ip = i;
			*offp = off;
			return good == k;
		}
	}
	*ip = i;
	*offp = off;
	return false;
}
#endif

static void vb_leb_blocks_of(const uint8_t *p, size_t n, int kind, unsigned max_bits,
                             const vb_leb_range *r, uint64_t *out, size_t count, size_t *ip,
                             size_t *offp)
{
	bool run = max_bits >= 7;
#if VB_SIMD == 2
	/* Then the older walk for what is left. */
	while (max_bits == 64) {
		bool sparse = kind == BCX_VB_SLEB
		                  ? vb_leb_gather_blocks(p, n, BCX_VB_SLEB, out, count, ip, offp)
		              : kind == BCX_VB_ZLEB
		                  ? vb_leb_gather_blocks(p, n, BCX_VB_ZLEB, out, count, ip, offp)
		                  : vb_leb_gather_blocks(p, n, BCX_VB_ULEB, out, count, ip, offp);
		if (!sparse)
			break;
		/* A count that lets the older walk take some blocks: it needs
		 * room for a block of one-byte values to take one, so with
		 * long values a smaller count gave it one block a call. */
		size_t from = *ip,
		       lim = count - from > 16 * VB_BLOCK ? from + 16 * VB_BLOCK : count;
		vb_leb_blocks(p, n, kind, true, r, run, out, lim, ip, offp);
		if (*ip == from)
			break;
	}
#endif
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
static void vb_prefix_blocks_of(const uint8_t *p, size_t n, int zig, uint64_t *out, size_t count,
                                size_t *ip, size_t *offp)
{
	if (zig)
		vb_prefix_blocks(p, n, 1, out, count, ip, offp);
	else
		vb_prefix_blocks(p, n, 0, out, count, ip, offp);
}
#endif
