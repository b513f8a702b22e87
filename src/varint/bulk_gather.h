/* AVX2 value steps, included by bulk_blocks.h in the AVX2 + BMI2 table:
 * four values at a time from a list of where they start (a byte array
 * at[], value j from at[j] to at[j + 1]), by one gather of the 8-byte
 * words at the starts; every lane then does the same work whatever its
 * length, so there is no branch on a length. The lists are padded past
 * their last value with its end (length 0) so that a last group of fewer
 * than four reads inside the block's padding. */

/* The words at the starts (four 8-byte loads: on the machines measured a
 * gather cost more than the loads and inserts), their lengths (0 past the
 * list) and, with skip9, whether a length is 9 (-1 or 0). A 9-byte
 * PrefixVarInt or XIP has a first byte of header only, so its word is
 * loaded one byte later: `from` is at[] with those starts moved
 * (vb_skip_nines), or at[] itself. */
typedef struct vb_words4 {
	__m256i w, len, nine;
} vb_words4;

static inline vb_words4 vb_words4_at(const uint8_t *q, const uint8_t *at, const uint8_t *from,
                                     bool skip9)
{
	int32_t a0, a1;
	memcpy(&a0, at, 4);
	memcpy(&a1, at + 1, 4);
	vb_words4 r;
	__m256i start = _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(a0));
	r.len = _mm256_sub_epi64(_mm256_cvtepu8_epi64(_mm_cvtsi32_si128(a1)), start);
	r.nine = skip9 ? _mm256_cmpeq_epi64(r.len, _mm256_set1_epi64x(9)) : _mm256_setzero_si256();
	r.w = _mm256_setr_epi64x(
	    (long long)vb_load64(q + from[0]), (long long)vb_load64(q + from[1]),
	    (long long)vb_load64(q + from[2]), (long long)vb_load64(q + from[3]));
	return r;
}

/* from[j] = at[j], plus one where value j has 9 bytes, for j < k + 4
 * (at[] readable, from[] writable to k + 20). */
static inline void vb_skip_nines(const uint8_t *at, unsigned k, uint8_t *from)
{
	for (unsigned j = 0; j < k + 4; j += 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(at + j));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(at + j + 1));
		__m128i nine = _mm_cmpeq_epi8(_mm_sub_epi8(b, a), _mm_set1_epi8(9));
		_mm_storeu_si128((__m128i *)(void *)(from + j), _mm_sub_epi8(a, nine));
	}
}

/* The low 8 * len bytes of w (len 0..8; more keeps none). */
static inline __m256i vb_low_bytes4(__m256i w, __m256i len)
{
	__m256i keep = _mm256_sub_epi64(_mm256_set1_epi64x(64), _mm256_slli_epi64(len, 3));
	return _mm256_and_si256(w, _mm256_srlv_epi64(_mm256_set1_epi64x(-1), keep));
}

/* Sign extension of the low `bits` bits of x: (x ^ m) - m, m the sign bit. */
static inline __m256i vb_sext4(__m256i x, __m256i bits)
{
	__m256i m =
	    _mm256_sllv_epi64(_mm256_set1_epi64x(1), _mm256_sub_epi64(bits, _mm256_set1_epi64x(1)));
	return _mm256_sub_epi64(_mm256_xor_si256(x, m), m);
}

/* PrefixVarInt: the word masked to the length and shifted by it (the
 * 9-byte form is the whole word). */
static inline __m256i vb_prefix_at4(const uint8_t *q, const uint8_t *at, const uint8_t *from)
{
	vb_words4 r = vb_words4_at(q, at, from, true);
	__m256i x = vb_low_bytes4(r.w, _mm256_add_epi64(r.len, r.nine));
	return _mm256_srlv_epi64(x, _mm256_andnot_si256(r.nine, r.len));
}

/* XIP: the first byte's header bits (1 Tiny, 3 Small and Medium, all 8
 * for Large; none when the word starts after it) are shifted out of it,
 * which leaves the value as the big-endian number of the value's bytes;
 * then a sign extension from its top bit. */
static inline __m256i vb_xip_at4(const uint8_t *q, const uint8_t *at, const uint8_t *from)
{
	vb_words4 r = vb_words4_at(q, at, from, true);
	const __m256i hdr_t = _mm256_setr_epi8(8, 1, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 1,
	                                       3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
	const __m256i swap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	                                      7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	__m256i low2 = _mm256_and_si256(r.w, _mm256_set1_epi64x(3));
	__m256i hdr = _mm256_shuffle_epi8(
	    hdr_t, _mm256_or_si256(low2, _mm256_set1_epi64x((long long)0x8080808080808000ull)));
	hdr = _mm256_andnot_si256(r.nine, hdr);
	__m256i b = _mm256_and_si256(r.w, _mm256_set1_epi64x(0xff));
	__m256i w = _mm256_or_si256(_mm256_xor_si256(r.w, b), _mm256_srlv_epi64(b, hdr));
	__m256i bytes8 = _mm256_slli_epi64(_mm256_add_epi64(r.len, r.nine), 3);
	__m256i x = _mm256_srlv_epi64(_mm256_shuffle_epi8(w, swap),
	                              _mm256_sub_epi64(_mm256_set1_epi64x(64), bytes8));
	return vb_sext4(x, _mm256_sub_epi64(bytes8, hdr));
}

/* LEB128 of up to 8 bytes: the 7-bit groups packed (pairs of bytes, then
 * PMADDWD for pairs of 14-bit groups, then the two 28-bit halves), signed
 * from bit 7 * len - 1 for SLEB128. A longer value's lane is wrong: *long_
 * gets a bit for each lane whose length is over 8, for the caller to
 * redo. */
static inline __m256i vb_leb_at4(const uint8_t *q, const uint8_t *at, int kind, unsigned *long_)
{
	vb_words4 r = vb_words4_at(q, at, at, false);
	__m256i x = _mm256_and_si256(vb_low_bytes4(r.w, r.len), _mm256_set1_epi8(0x7f));
	x = _mm256_or_si256(_mm256_and_si256(x, _mm256_set1_epi16(0x7f)),
	                    _mm256_and_si256(_mm256_srli_epi16(x, 1), _mm256_set1_epi16(0x3f80)));
	x = _mm256_madd_epi16(x, _mm256_set1_epi32(1 | 1 << 30));
	x = _mm256_or_si256(
	    _mm256_and_si256(x, _mm256_set1_epi64x(0x0fffffff)),
	    _mm256_srli_epi64(_mm256_andnot_si256(_mm256_set1_epi64x(0x0fffffff), x), 4));
	*long_ = (unsigned)_mm256_movemask_pd(
	    _mm256_castsi256_pd(_mm256_cmpgt_epi64(r.len, _mm256_set1_epi64x(8))));
	if (kind == BCX_VB_SLEB)
		x = vb_sext4(x, _mm256_sub_epi64(_mm256_slli_epi64(r.len, 3), r.len));
	else if (kind == BCX_VB_ZLEB)
		x = vb_zigzag4(x);
	return x;
}
