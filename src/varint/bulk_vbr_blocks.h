/* VBR word walk, included by bulk_kernels.h for the AVX2 + BMI2 table only.
 *
 * VBR chunks have a fixed width, so in a 64-bit word read from a chunk
 * boundary the stop bits sit at fixed places: one PEXT packs the payload of
 * the word's whole chunks (width 6: ten chunks, 50 payload bits), another
 * marks where values end, numbered in that packed payload, so every value
 * that ends in the word is its packed bits between two ends (BZHI and a
 * shift), with no load per value. A value still open at the word's end
 * carries its bits into the next word, and the next word starts at a known
 * bit (ten chunks on), so the only chain from word to word is that carry.
 * The first few values of a word are taken without a branch on how many
 * there are: a loop on the count would mispredict about once a word. */

enum { VB_VBR_SLOTS = 5, VB_VBR_WORDS = 32 };

/* A word's shape for a width: whole chunks per word, the bits a word
 * steps over and the payload bits it holds, and the masks of the payload
 * bits, of the first bit after each stop bit, and of both (the stop bit
 * moved up by one lands where the next value starts in the packed payload,
 * the last one on the bit just past it). A word is at most 63 bits, so
 * that the bit after its last stop bit is in it. */
typedef struct vb_vbr_word {
	unsigned width, chunks, bits, pbits;
	uint64_t payload, next, payload_next;
} vb_vbr_word;

static inline vb_vbr_word vb_vbr_word_of(unsigned width)
{
	/* 63, not 64: the bit after the last stop bit stays in the word. */
	vb_vbr_word g = {width, 63 / width, 63 / width * width, 63 / width * (width - 1), 0, 0, 0};
	uint64_t chunk = ((uint64_t)1 << (width - 1)) - 1;
	for (unsigned c = 0; c < g.chunks; c++) {
		g.payload |= chunk << (c * width);
		g.next |= (uint64_t)1 << ((c + 1) * width);
	}
	g.payload_next = g.payload | (uint64_t)1 << g.bits;
	return g;
}

/* 64 bits of p from bit pos: 9 bytes readable at pos / 8; `near`: the
 * shift is small enough that 8 bytes hold the word. */
static inline uint64_t vb_bits64(const uint8_t *p, uint64_t pos, bool near)
{
	const uint8_t *q = p + pos / 8;
	unsigned s = (unsigned)(pos & 7);
	uint64_t w = vb_load64(q) >> s;
	return near ? w : w | ((uint64_t)q[8] << 1) << (63 - s);
}

/* The open value: payload bits gathered so far and how many. */
typedef struct vb_vbr_open {
	uint64_t acc;
	unsigned bits;
} vb_vbr_open;

/* The values ending in the word at bit pos into out + *ip (room for
 * chunks and `slots` values; the first `slots` are taken without a branch
 * on how many there are). False, storing nothing, when the open
 * value is one bcx_bit_vbr() refuses (a chunk at shift 64 or more, or a
 * payload bit past bit 63): the single decoder then reports it. */
VB_WALK bool vb_vbr_word_take(const uint8_t *p, uint64_t pos, bool near, unsigned slots,
                              const vb_vbr_word *g, vb_vbr_open *o, uint64_t *out, size_t *ip)
{
	uint64_t w = vb_bits64(p, pos, near);
	uint64_t pl = _pext_u64(w, g->payload);
	/* Bit e set: a value ends just below bit e of pl. */
	uint64_t ends = _pext_u64(~w << 1 & g->next, g->payload_next);
	if (__builtin_expect(ends == 0, 0)) { /* the open value goes on */
		if (o->bits + g->pbits >= 64)
			return false; /* more than 64 payload bits and not ended */
		o->acc |= pl << o->bits;
		o->bits += g->pbits;
		return true;
	}
	/* The first value finishes the open one. */
	unsigned e = (unsigned)_tzcnt_u64(ends);
	uint64_t first = _bzhi_u64(pl, e);
	if (__builtin_expect(((first >> 1) >> (63 - o->bits)) != 0 || o->bits + e >= 63 + g->width,
	                     0))
		return false;
	uint64_t *dst = out + *ip;
	dst[0] = o->acc | first << o->bits;
	/* Slots past the word's last end store junk that is never counted
	 * (TZCNT of 0 is 64, so BZHI keeps all and the shift is masked). */
	unsigned at = e, last = 63 - (unsigned)__builtin_clzll(ends);
	*ip += (unsigned)__builtin_popcountll(ends);
	uint64_t rest = _blsr_u64(ends);
	for (unsigned j = 1; j < slots; j++) {
		e = (unsigned)_tzcnt_u64(rest);
		dst[j] = _bzhi_u64(pl, e) >> (at & 63);
		at = e;
		rest = _blsr_u64(rest);
	}
	for (unsigned j = slots; rest; j++) { /* more values than slots */
		e = (unsigned)_tzcnt_u64(rest);
		dst[j] = _bzhi_u64(pl, e) >> at;
		at = e;
		rest = _blsr_u64(rest);
	}
	o->acc = pl >> last;
	o->bits = g->pbits - last;
	return true;
}

/* How many words from bit pos may be taken with no check between them:
 * each starts 16 bytes before the end of the input, and before each there
 * is room for its values (a word stores at most chunks, writes `room`). */
static inline size_t vb_vbr_span(size_t n, uint64_t pos, size_t left, size_t room,
                                 const vb_vbr_word *g)
{
	if (pos / 8 >= n || n - pos / 8 < 16 || left < room)
		return 0;
	size_t bytes = n - 16 - (size_t)(pos / 8);
	size_t by_bytes = bytes >= 1 ? (bytes * 8 - 8) / g->bits + 1 : 1;
	size_t by_room = (left - room) / g->chunks + 1;
	size_t k = by_bytes < by_room ? by_bytes : by_room;
	return k < VB_VBR_WORDS ? k : VB_VBR_WORDS;
}

/* k words from *posp with `slots` slots; false where a value stops it. */
VB_WALK bool vb_vbr_run(const uint8_t *p, bool near, unsigned slots, const vb_vbr_word *g,
                        vb_vbr_open *o, uint64_t *out, size_t *ip, uint64_t *posp, size_t k)
{
	for (; k; k--) {
		if (!vb_vbr_word_take(p, *posp, near, slots, g, o, out, ip))
			return false;
		*posp += g->bits;
	}
	return true;
}

/* VBR by blocks of up to VB_VBR_WORDS words while 16 bytes and room for a
 * word's values remain. A block that held under two values a word (long
 * values) has the next one taken with two slots a word, not
 * VB_VBR_SLOTS: the unused slots cost the mostly-large VBR6 row a third
 * of its speed. Signed, the rule is applied to a block's values a vector
 * at a time while they are in the cache (the pass's loop exits
 * mispredict, so a block is 32 words: with 8, signed VBR6 mixed ran at
 * 1.03 GB/s against 1.3 unsigned). Leaves *posp at the first value not
 * taken. */
VB_WALK void vb_vbr_words(const uint8_t *p, size_t n, unsigned width, bool near, int sign,
                          uint64_t *out, size_t count, size_t *ip, uint64_t *posp)
{
	vb_vbr_word g = vb_vbr_word_of(width);
	size_t room = g.chunks > VB_VBR_SLOTS ? g.chunks : VB_VBR_SLOTS, i = *ip;
	uint64_t pos = *posp;
	vb_vbr_open o = {0, 0};
	bool sparse = false;
	for (size_t k = vb_vbr_span(n, pos, count - i, room, &g); k;
	     k = vb_vbr_span(n, pos, count - i, room, &g)) {
		size_t from = i;
		uint64_t at = pos;
		bool ok = sparse ? vb_vbr_run(p, near, 2, &g, &o, out, &i, &pos, k)
		                 : vb_vbr_run(p, near, VB_VBR_SLOTS, &g, &o, out, &i, &pos, k);
		sparse = (i - from) * g.bits < 2 * (pos - at);
		if (sign)
			vb_svbr_n(out + from, i - from);
		if (!ok)
			break;
	}
	*ip = i;
	*posp = pos - (uint64_t)(o.bits / (width - 1)) * width; /* the open value's start */
}

/* Width 6 (LLVM's operands) gets its own copy, and one with 8-byte loads
 * when its words start at most 4 bits into a byte (60-bit steps keep
 * that once it holds). */
static void vb_vbr_blocks_of(const uint8_t *p, size_t n, unsigned width, int sign, uint64_t *out,
                             size_t count, size_t *ip, uint64_t *posp)
{
	if (width == 6 && *posp % 4 == 0)
		vb_vbr_words(p, n, 6, true, sign, out, count, ip, posp);
	else if (width == 6)
		vb_vbr_words(p, n, 6, false, sign, out, count, ip, posp);
	else
		vb_vbr_words(p, n, width, false, sign, out, count, ip, posp);
}
