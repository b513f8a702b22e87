/* VBR block kernel, included by bulk_kernels.h for the AVX2 + BMI2 table
 * only (see bulk_blocks.h for the idea): the stop bits of 64 chunks, gathered
 * from 56-bit windows, say where every value of the block ends. */

/* The stop bits of the chunks of one window (x inverted: set = ends). */
static inline uint64_t vb_vbr_stops(uint64_t x, const vb_vbr_masks *m)
{
	return _pext_u64(x, m->stop);
}

/* The geometry of a block: chunks per window, windows per block, the
 * chunks a value may have ((k - 1) * (width - 1) < 64, as bcx_bit_vbr),
 * and the bytes a block may read from its first byte. */
typedef struct vb_vbr_block {
	unsigned chunks, wins, max_chunks;
	uint64_t need;
} vb_vbr_block;

VB_WALK vb_vbr_block vb_vbr_block_of(unsigned width)
{
	vb_vbr_block b;
	b.chunks = 56 / width;
	b.wins = 64 / b.chunks;
	b.max_chunks = 63 / (width - 1) + 1;
	b.need = ((uint64_t)(b.wins + 2) * b.chunks * width + 7) / 8 + VB_PAD;
	return b;
}

/* The VBR value of len chunks from bit bp (its last chunk ends it) into
 * *v; false when the single decoder must decide. Values longer than one
 * window take a second one. */
VB_WALK bool vb_vbr_at(const uint8_t *p, uint64_t bp, unsigned len, unsigned width,
                             const vb_vbr_block *b, const vb_vbr_masks *m, uint64_t *v)
{
	uint64_t w = vb_load64(p + bp / 8) >> (bp & 7);
	/* PEXT keeps only the window's chunks; the mask only needs to cut
	 * the chunks after this value. */
	uint64_t x = vb_vbr_pack(vb_low_bits(w, len * width), m);
	if (__builtin_expect(len > b->chunks, 0)) {
		if (len > 2 * b->chunks || len > b->max_chunks)
			return false;
		uint64_t bp2 = bp + (uint64_t)b->chunks * width;
		uint64_t w2 = vb_load64(p + bp2 / 8) >> (bp2 & 7);
		uint64_t y = vb_vbr_pack(vb_low_bits(w2, (len - b->chunks) * width), m);
		unsigned sh = b->chunks * (width - 1);
		if (y >> (64 - sh)) /* payload past bit 63 */
			return false;
		x |= y << sh;
	}
	*v = x;
	return true;
}

/* Where the values of a list of chunk ends (see vb_list_ends) lie, from
 * bit `bit0` of the block's first byte, 16 at a time: the byte each
 * starts in, its bit in that byte and its bit count (at most 64, enough
 * for any value that fits a window). Returns a bit for each value longer
 * than a window. */
typedef struct vb_vbr_list {
	uint16_t byte[64 + 32], shift[64 + 32], bits[64 + 32];
} vb_vbr_list;

static inline uint64_t vb_vbr_list_of(const uint8_t *at, unsigned k, unsigned bit0,
                                      unsigned width, unsigned chunks, vb_vbr_list *l)
{
	const __m256i w = _mm256_set1_epi16((short)width);
	uint64_t longs = 0;
	for (unsigned j = 0; j < k; j += 16) {
		__m256i a = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(at + j)));
		__m256i b = _mm256_cvtepu8_epi16(
		    _mm_loadu_si128((const __m128i *)(const void *)(at + j + 1)));
		__m256i bit = _mm256_add_epi16(_mm256_mullo_epi16(a, w), _mm256_set1_epi16((short)bit0));
		__m256i len = _mm256_sub_epi16(b, a);
		_mm256_storeu_si256((__m256i *)(void *)(l->byte + j), _mm256_srli_epi16(bit, 3));
		_mm256_storeu_si256((__m256i *)(void *)(l->shift + j),
		                    _mm256_and_si256(bit, _mm256_set1_epi16(7)));
		_mm256_storeu_si256((__m256i *)(void *)(l->bits + j),
		                    _mm256_min_epu16(_mm256_mullo_epi16(len, w), _mm256_set1_epi16(64)));
		__m256i lng = _mm256_cmpgt_epi16(len, _mm256_set1_epi16((short)chunks));
		uint64_t m = (uint64_t)_pext_u32((uint32_t)_mm256_movemask_epi8(lng), 0x55555555u);
		longs |= m << j;
	}
	return k < 64 ? longs & (((uint64_t)1 << k) - 1) : longs;
}

/* VBR by blocks of 64 (or fewer, a multiple of the window's) chunks: the
 * ends listed, each value's place computed 16 at a time, then each value
 * one load, shift, mask and PEXT with no branch on a length (on vectors,
 * packing the chunks took more instructions than PEXT); the few longer
 * than a window are redone one at a time, and the first the fast code
 * cannot vouch for ends the walk. */
VB_WALK void vb_vbr_blocks(const uint8_t *p, size_t n, unsigned width, const vb_vbr_masks *m,
                           uint64_t *out, size_t count, size_t *ip, uint64_t *posp)
{
	vb_vbr_block b = vb_vbr_block_of(width);
	unsigned total = b.chunks * b.wins;
	size_t i = *ip;
	uint64_t pos = *posp;
	while (pos / 8 <= n && n - pos / 8 >= b.need && count - i >= total) {
		uint64_t ends = 0;
		for (unsigned k = 0; k < b.wins; k++) {
			uint64_t q = pos + (uint64_t)k * b.chunks * width;
			uint64_t w = vb_load64(p + q / 8) >> (q & 7);
			ends |= vb_vbr_stops(~w, m) << (k * b.chunks);
		}
		uint8_t at[64 + 32] = {0};
		vb_vbr_list l;
		unsigned k = vb_list_ends(ends, at), good = k;
		if (k == 0)
			break;
		uint64_t longs = vb_vbr_list_of(at, k, (unsigned)(pos & 7), width, b.chunks, &l);
		const uint8_t *q = p + pos / 8;
		/* PEXT keeps only the window's chunks; the mask only needs to
		 * cut the chunks after the value. */
		for (unsigned j = 0; j < k; j++) {
			uint64_t x = vb_load64(q + l.byte[j]) >> l.shift[j];
			out[i + j] = vb_vbr_pack(vb_low_bits(x, l.bits[j]), m);
		}
		for (; longs; longs &= longs - 1) {
			unsigned j = (unsigned)__builtin_ctzll(longs);
			if (!vb_vbr_at(p, pos + (uint64_t)at[j] * width, (unsigned)(at[j + 1] - at[j]),
			               width, &b, m, out + i + j)) {
				good = j;
				break;
			}
		}
		i += good;
		pos += (uint64_t)at[good] * width;
		if (good < k)
			break;
	}
	*ip = i;
	*posp = pos;
}

/* Plain VBR values (the caller applies the signed rule to the block). */
static void vb_vbr_blocks_of(const uint8_t *p, size_t n, unsigned width, const vb_vbr_masks *m,
                             uint64_t *out, size_t count, size_t *ip, uint64_t *posp)
{
	if (width == 6)
		vb_vbr_blocks(p, n, 6, m, out, count, ip, posp);
	else
		vb_vbr_blocks(p, n, width, m, out, count, ip, posp);
}
