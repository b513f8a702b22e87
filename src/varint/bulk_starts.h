/* PrefixVarInt and XIP block walk, included by bulk_blocks.h inside its
 * instruction set (SIMD tables only: computing the lengths a byte at a time
 * costs the portable code more than the walk saves, so it keeps the word
 * code).
 *
 * A value's length is in its first byte, so where the next value starts
 * depends on where this one starts: walked one value at a time, that is a
 * chain of dependent steps through every value. Instead, for each 16-byte
 * chunk, PSHUFB computes J1[b] = b + length(b) for all 16 bytes at once
 * (the start that follows a value starting at b), then by doubling J2, J4,
 * J8 and J16 (Jk[b]: the start k values after b; 16 and more stand for
 * "past the chunk" and map to themselves). Only J16[entry] (where the
 * chunk's first value starts, 0..8) chains one chunk to the next: one
 * byte load per 16 bytes. The starts from the entry, P[k] = J^k(entry),
 * come from the same tables in four steps with no chain, and go to a small
 * array; the values are then taken from that array with no branch on a
 * length, the length being the distance to the next start. */

enum { VB_CHUNKS = 8, VB_STARTS_BLOCK = 16 * VB_CHUNKS };

/* J applied to each lane of `at`: J[at] when at < 16, else at itself (max
 * works because J[b] >= b). at + 112 keeps bit 7 clear below 16 and sets
 * it (PSHUFB gives 0) from 16 on. */
static inline __m128i vb_jump(__m128i j, __m128i at)
{
	__m128i idx = _mm_adds_epu8(at, _mm_set1_epi8(112));
	return _mm_max_epu8(_mm_shuffle_epi8(j, idx), at);
}

typedef struct vb_jumps {
	__m128i j[4]; /* J1, J2, J4, J8 */
} vb_jumps;

/* The jump tables of a chunk from its 16 lengths; J16 is stored to j16. */
static inline void vb_jumps_of(__m128i lens, vb_jumps *t, uint8_t j16[16])
{
	const __m128i iota = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
	t->j[0] = _mm_add_epi8(lens, iota);
	for (int k = 1; k < 4; k++)
		t->j[k] = vb_jump(t->j[k - 1], t->j[k - 1]);
	_mm_storeu_si128((__m128i *)(void *)j16, vb_jump(t->j[3], t->j[3]));
}

/* The starts J^k(entry), k = 0..15: step s fills lanes 2^s .. 2^(s+1)-1
 * from the lanes 2^s below; the max keeps the lanes already filled (lanes
 * above hold an earlier, smaller start until their step). */
static inline __m128i vb_starts(const vb_jumps *t, unsigned entry)
{
	__m128i s = _mm_set1_epi8((char)entry);
	s = _mm_max_epu8(s, _mm_slli_si128(vb_jump(t->j[0], s), 1));
	s = _mm_max_epu8(s, _mm_slli_si128(vb_jump(t->j[1], s), 2));
	s = _mm_max_epu8(s, _mm_slli_si128(vb_jump(t->j[2], s), 4));
	return _mm_max_epu8(s, _mm_slli_si128(vb_jump(t->j[3], s), 8));
}

/* How many of the starts are values in the chunk: below 16, and not a
 * stop (length 0, where J1[b] = b and the starts stay put). */
static inline unsigned vb_starts_in(const vb_jumps *t, __m128i s, bool stops)
{
	__m128i in = _mm_cmpeq_epi8(_mm_min_epu8(s, _mm_set1_epi8(15)), s);
	if (stops)
		in = _mm_andnot_si128(_mm_cmpeq_epi8(vb_jump(t->j[0], s), s), in);
	return (unsigned)__builtin_popcount((unsigned)_mm_movemask_epi8(in));
}

/* The starts of a block of VB_CHUNKS chunks at q, from entry 0: their
 * offsets to at[0..count) and the end of the last value to at[count];
 * returns count. *whole is false when a stop ended it (the end is then
 * the stop's offset). 16 bytes past the block readable. */
VB_WALK unsigned vb_block_starts(const uint8_t *q, __m128i (*lens16)(const uint8_t *), bool stops,
                                 uint8_t at[VB_STARTS_BLOCK + 32], bool *whole)
{
	unsigned count = 0, entry = 0, end = VB_STARTS_BLOCK;
	*whole = true;
	for (unsigned c = 0; c < VB_CHUNKS; c++) {
		vb_jumps t;
		uint8_t j16[16];
		vb_jumps_of(lens16(q + 16 * c), &t, j16);
		__m128i s = vb_starts(&t, entry);
		_mm_storeu_si128((__m128i *)(void *)(at + count),
		                 _mm_add_epi8(s, _mm_set1_epi8((char)(16 * c))));
		count += vb_starts_in(&t, s, stops);
		unsigned exit = j16[entry];
		if (stops && __builtin_expect(exit < 16, 0)) {
			end = 16 * c + exit;
			*whole = false;
			break;
		}
		entry = exit - 16;
	}
	at[count] = (uint8_t)(end + (*whole ? entry : 0));
	return count;
}

/* Lengths a first byte gives, 16 at once. PrefixVarInt: trailing zeros of
 * the byte plus one (9 for a zero byte), from one table per nibble. */
static inline __m128i vb_prefix_lens16(const uint8_t *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i low = _mm_set1_epi8(0x0f);
	/* Low nibble: its trailing zeros + 1, or "more than 4" (16). High
	 * nibble: 4 + its trailing zeros + 1, 9 when zero. */
	const __m128i lo_t = _mm_setr_epi8(16, 1, 2, 1, 3, 1, 2, 1, 4, 1, 2, 1, 3, 1, 2, 1);
	const __m128i hi_t = _mm_setr_epi8(9, 5, 6, 5, 7, 5, 6, 5, 8, 5, 6, 5, 7, 5, 6, 5);
	__m128i lo = _mm_shuffle_epi8(lo_t, _mm_and_si128(x, low));
	__m128i hi = _mm_shuffle_epi8(hi_t, _mm_and_si128(_mm_srli_epi16(x, 4), low));
	return _mm_min_epu8(lo, hi);
}

/* XIP: 1 for Tiny, 2 or 3 for Small and Medium (all from the low nibble),
 * 2 + (b >> 2) for Large up to 8 payload bytes (b < 32), 0 (a stop) for
 * longer Large forms. */
static inline __m128i vb_xip_lens16(const uint8_t *p)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
	const __m128i short_t = _mm_setr_epi8(0, 1, 2, 1, 0, 1, 3, 1, 0, 1, 2, 1, 0, 1, 3, 1);
	__m128i len = _mm_shuffle_epi8(short_t, _mm_and_si128(x, _mm_set1_epi8(0x0f)));
	__m128i large = _mm_add_epi8(_mm_and_si128(_mm_srli_epi16(x, 2), _mm_set1_epi8(0x3f)),
	                             _mm_set1_epi8(2));
	__m128i fits = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(31)), x);
	__m128i is_large = _mm_and_si128(_mm_cmpeq_epi8(len, _mm_setzero_si128()), fits);
	return _mm_or_si128(len, _mm_and_si128(large, is_large));
}

/* True when the 16 bytes at p are all one-byte values (lengths of 1). */
static inline bool vb_all_ones16(__m128i lens)
{
	return _mm_movemask_epi8(_mm_cmpeq_epi8(lens, _mm_set1_epi8(1))) == 0xffff;
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

/* The older walk, for long values: with few values a block, computing
 * the starts of every byte costs more than walking value to value. 32
 * lengths (PSHUFB) as 4-bit fields of two registers, shifted down by each
 * length, for up to `spans` spans of 32 bytes; xip selects XIP (whose
 * long Large form, length 0, ends the walk: returns false) over
 * PrefixVarInt. */
static inline uint64_t vb_nibbles(__m128i len) /* 16 lengths < 16 into 4-bit fields */
{
	__m128i pairs = _mm_maddubs_epi16(len, _mm_set1_epi16(0x1001));
	return (uint64_t)_mm_cvtsi128_si64(_mm_packus_epi16(pairs, pairs));
}

VB_WALK bool vb_spans(const uint8_t *p, size_t n, bool xip, int zig, uint64_t *out, size_t count,
                      size_t *ip, size_t *offp, size_t spans)
{
	__m128i (*lens16)(const uint8_t *) = xip ? vb_xip_lens16 : vb_prefix_lens16;
	size_t i = *ip, off = *offp;
	unsigned len = 1;
	for (; spans && n - off >= 32 + VB_PAD && count - i >= 32 && len; spans--) {
		uint64_t lo = vb_nibbles(lens16(p + off)), hi = vb_nibbles(lens16(p + off + 16));
		if (lo == 0x1111111111111111ull) { /* one-byte values */
			for (int k = 0; k < (hi == lo ? 2 : 1); k++)
				vb_took(xip ? vb_run_xip(p + off, out + i)
				            : vb_run_prefix(p + off, out + i, zig),
				        &i, &off);
			continue;
		}
		const uint8_t *q = p + off, *end = q + 32;
		uint64_t *o = out + i;
		do {
			len = (unsigned)lo & 15;
			if (xip && __builtin_expect(len == 0, 0))
				break;
			uint64_t v = xip ? vb_xip_at(q, &bcx_xip_forms[*q]) : vb_prefix_at(q, len);
			*o++ = zig ? vb_zigzag(v) : v;
			q += len;
			lo = lo >> (4 * len) | hi << (64 - 4 * len);
			hi >>= 4 * len;
		} while (q < end);
		off = (size_t)(q - p);
		i = (size_t)(o - out);
	}
	*ip = i;
	*offp = off;
	return len != 0;
}

/* Blocks with fewer values than VB_DENSE (over 4 bytes a value) send the
 * next VB_SPANS_SPARSE spans (2 KB) to vb_spans, and the starts are tried
 * again only after spans as dense: handing vb_spans 128 bytes a time cost
 * the mostly-large rows about 4% more instructions (PrefixVarInt 37.8
 * against 36.5 a value, XIP 43.5 against 41.1, AVX2 callgrind). */
enum { VB_DENSE = VB_STARTS_BLOCK / 4, VB_SPANS_SPARSE = 64 };

/* The values of k starts at q + at[] into o: four at a time with AVX2
 * (at[] is padded past at[k] so the last group reads inside the block's
 * padding; o has room for three more values), else one at a time. */
VB_WALK void vb_prefix_values(const uint8_t *q, uint8_t *at, unsigned k, int zig, uint64_t *o)
{
#if VB_SIMD == 2
	uint8_t from[VB_STARTS_BLOCK + 32];
	memset(at + k + 1, at[k], 4);
	vb_skip_nines(at, k, from);
	for (unsigned j = 0; j < k; j += 4) {
		__m256i v = vb_prefix_at4(q, at + j, from + j);
		_mm256_storeu_si256((__m256i *)(void *)(o + j), zig ? vb_zigzag4(v) : v);
	}
#else
	for (unsigned j = 0; j < k; j++)
		o[j] = vb_prefix_at(q + at[j], (unsigned)(at[j + 1] - at[j]));
	if (zig)
		vb_zigzag_n(o, k);
#endif
}

VB_WALK void vb_prefix_blocks(const uint8_t *p, size_t n, int zig, uint64_t *out, size_t count,
                              size_t *ip, size_t *offp)
{
	size_t i = *ip, off = *offp;
	bool dense = true;
	while (n - off >= VB_STARTS_BLOCK + VB_PAD && count - i >= VB_STARTS_BLOCK + 4) {
		const uint8_t *q = p + off;
		if (vb_all_ones16(vb_prefix_lens16(q))) { /* one-byte values */
			vb_took(vb_run_prefix(q, out + i, zig), &i, &off);
			continue;
		}
		if (!dense) {
			size_t from = i;
			vb_spans(p, n, false, zig, out, count, &i, &off, VB_SPANS_SPARSE);
			dense = i - from >= VB_DENSE * VB_SPANS_SPARSE / 4;
			continue;
		}
		uint8_t at[VB_STARTS_BLOCK + 32] = {0};
		bool whole;
		unsigned k = vb_block_starts(q, vb_prefix_lens16, false, at, &whole);
		vb_prefix_values(q, at, k, zig, out + i);
		i += k;
		off += at[k];
		dense = k >= VB_DENSE;
	}
	*ip = i;
	*offp = off;
}

VB_WALK void vb_xip_values(const uint8_t *q, uint8_t *at, unsigned k, uint64_t *o)
{
#if VB_SIMD == 2
	uint8_t from[VB_STARTS_BLOCK + 32];
	memset(at + k + 1, at[k], 4);
	vb_skip_nines(at, k, from);
	for (unsigned j = 0; j < k; j += 4)
		_mm256_storeu_si256((__m256i *)(void *)(o + j), vb_xip_at4(q, at + j, from + j));
#else
	for (unsigned j = 0; j < k; j++)
		o[j] = vb_xip_at(q + at[j], &bcx_xip_forms[q[at[j]]]);
#endif
}

/* XIP by blocks, as PrefixVarInt; a long Large form stops it. */
VB_WALK void vb_xip_blocks(const uint8_t *p, size_t n, uint64_t *out, size_t count, size_t *ip,
                           size_t *offp)
{
	size_t i = *ip, off = *offp;
	bool dense = VB_SIMD == 2; /* SSE4.1: always the walk (see above) */
	while (n - off >= VB_STARTS_BLOCK + VB_PAD && count - i >= VB_STARTS_BLOCK + 4) {
		const uint8_t *q = p + off;
		if (vb_all_ones16(vb_xip_lens16(q))) {
			vb_took(vb_run_xip(q, out + i), &i, &off);
			continue;
		}
		if (!dense) {
			size_t from = i;
			if (!vb_spans(p, n, true, 0, out, count, &i, &off, VB_SPANS_SPARSE))
				break;
			dense = VB_SIMD == 2 && i - from >= VB_DENSE * VB_SPANS_SPARSE / 4;
			continue;
		}
		uint8_t at[VB_STARTS_BLOCK + 32] = {0};
		bool whole;
		unsigned k = vb_block_starts(q, vb_xip_lens16, true, at, &whole);
		vb_xip_values(q, at, k, out + i);
		i += k;
		off += at[k];
		if (!whole)
			break;
		dense = k >= VB_DENSE;
	}
	*ip = i;
	*offp = off;
}
