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

/* VBR by blocks of 64 (or fewer, a multiple of the window's) chunks. */
VB_WALK void vb_vbr_blocks(const uint8_t *p, size_t n, unsigned width, int sign,
                                 const vb_vbr_masks *m, uint64_t *out, size_t count,
                                 size_t *ip, uint64_t *posp)
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
		unsigned start = 0;
		bool ok = true;
		while (ends) {
			unsigned end = (unsigned)__builtin_ctzll(ends) + 1;
			uint64_t v = 0;
			ok = vb_vbr_at(p, pos + (uint64_t)start * width, end - start, width, &b, m,
			               &v);
			if (!ok)
				break;
			out[i++] = sign ? vb_svbr(v) : v;
			start = end;
			ends &= ends - 1;
		}
		pos += (uint64_t)start * width;
		if (!ok || start == 0)
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
		vb_vbr_blocks(p, n, 6, 0, m, out, count, ip, posp);
	else
		vb_vbr_blocks(p, n, width, 0, m, out, count, ip, posp);
}
