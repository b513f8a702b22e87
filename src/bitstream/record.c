/* Reading one record, unabbreviated (spec llvm-bitstream.md section 3) or
 * through an abbreviation (section 4). Operands go to a buffer owned by the
 * reader and reused from record to record. */
#include "internal.h"

static const char char6_chars[65] =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";

/* Room for need operands (the callers have checked need against the bits
 * left, so it is bounded by the input before anything is allocated). */
static bool reserve_ops(bcx_bs_reader *r, size_t need)
{
	if (BS_LIKELY(need <= r->cap_ops))
		return true;
	return bcx_heap_room(r->alloc, &r->ops, need - 1, &r->cap_ops, sizeof *r->ops, 64);
}

/* One scalar field; Fixed(0) and VBR(0) are the literal 0. */
static inline uint64_t read_scalar(bcx_bitcursor *b, const bcx_bs_abbrev_op *op)
{
	switch (op->kind) {
	case BCX_BS_OP_FIXED:
		return bs_read(b, (unsigned)op->value);
	case BCX_BS_OP_VBR:
		return op->value ? bs_vbr(b, (unsigned)op->value, 64) : 0;
	case BCX_BS_OP_CHAR6:
		return (uint8_t)char6_chars[bs_read(b, 6)];
	default:
		return op->value;
	}
}

/* The payloads of nine VBR6 chunks at the bottom of x put side by side,
 * their continuation bits dropped, in four steps that each close the gaps
 * of half the groups (no loop over the chunks). */
static inline uint64_t vbr6_pack(uint64_t x)
{
	x &= 0x1f7df7df7df7dfull;                  /* payloads of chunks 0..8 */
	x -= (x & 0x7c07c07c07c0ull) >> 1;         /* odd chunks down 1: 10-bit pairs */
	x -= (x & 0x3ff0003ff000ull) * 3 >> 2;     /* odd pairs down 2: 20-bit quads */
	x -= (x & 0xfffff000000ull) * 15 >> 4;     /* second quad down 4 */
	x -= (x & 0x1f000000000000ull) * 255 >> 8; /* ninth chunk down 8 */
	return x;
}

/* A VBR6 value of 10 to 13 chunks (46 to 64 bits) at bit pos: nine chunks
 * from one window, up to four from the next. The 64-bit constants of
 * floating-point tables are of this kind, and the cursor's chunk loop took
 * hundreds of instructions for each. False, with nothing read, near the
 * end of the input and for a value the cursor must report (wider than 64
 * bits, or unterminated). */
static bool vbr6_long(const bcx_bitcursor *b, uint64_t pos, uint64_t *v, unsigned *bits)
{
	uint64_t next = pos + 54;
	if (next + 64 > b->limit)
		return false;
	uint64_t first = bs_load64(b->data + (pos >> 3)) >> (pos & 7);
	uint64_t x = bs_load64(b->data + (next >> 3)) >> (next & 7);
	uint64_t stop = ~x & 0x820820ull; /* continuation bits of chunks 9..12 */
	if ((~first & 0x20820820820820ull) || !stop)
		return false;
	unsigned end = (unsigned)__builtin_ctzll(stop) + 1;
	uint64_t tail = vbr6_pack(x & (((uint64_t)1 << end) - 1));
	if (tail >> 19)
		return false; /* payload past bit 63 */
	*v = vbr6_pack(first) | tail << 45;
	*bits = 54 + end;
	return true;
}

/* One VBR6 value from the window win at bit *used, if it ends inside the
 * window's 57 bits (at most 9 chunks, 45 bits: no overflow possible).
 * Values of one and two chunks, most of them, take a test each; longer
 * ones are found by their first clear continuation bit and packed with no
 * loop over their chunks (the loop had taken 7 instructions a chunk). */
static inline bool vbr6_in_window(uint64_t win, unsigned *used, uint64_t *out)
{
	unsigned u = *used;
	if (u + 6 > 57)
		return false;
	uint64_t x = win >> u;
	if (BS_LIKELY(!(x & 32))) {
		*out = x & 31;
		*used = u + 6;
		return true;
	}
	if (!(x & 2048)) {
		if (u + 12 > 57)
			return false;
		*out = (x & 31) | (x >> 1 & (31 << 5));
		*used = u + 12;
		return true;
	}
	uint64_t stop = ~x & 0x20820820820820ull; /* continuation bits of chunks 0..8 */
	unsigned end = stop ? (unsigned)__builtin_ctzll(stop) + 1 : 64;
	if (u + end > 57)
		return false;
	*out = vbr6_pack(x & (((uint64_t)1 << end) - 1));
	*used = u + end;
	return true;
}

/* One scalar field at the bottom of the window win (the buffer holds all
 * 64 bits): its value and bit count, or false for a VBR value that does not
 * end in the window and for an array or a blob. */
static inline bool scalar_in_window(uint64_t win, const bcx_bs_abbrev_op *op, uint64_t *v,
				    unsigned *bits)
{
	unsigned w = (unsigned)op->value;
	switch (op->kind) {
	case BCX_BS_OP_FIXED:
		*v = win & (((uint64_t)1 << w) - 1);
		*bits = w;
		return true;
	case BCX_BS_OP_VBR:
		if (w == 6) { /* most VBR fields: shifts the compiler knows */
			*bits = 0;
			return vbr6_in_window(win, bits, v);
		}
		if (w == 0) {
			*v = 0;
			*bits = 0;
			return true;
		}
		return bs_vbr_window(win, w, 57, v, bits);
	case BCX_BS_OP_CHAR6:
		*v = (uint8_t)char6_chars[win & 63];
		*bits = 6;
		return true;
	case BCX_BS_OP_LITERAL:
		*v = op->value;
		*bits = 0;
		return true;
	default:
		return false;
	}
}

/* Fields ops[i..end) into o[k..] with the position in a register while
 * each field ends in a 64-bit window of the buffer (through the cursor,
 * every field would wait for the previous one's store of the position).
 * Returns how many fields it read; the caller reads the rest through the
 * cursor, which sees the end of the input and reports errors. `step` is 0
 * for an array's one element kind, 1 for an abbreviation's operands. */
static uint32_t fields_fast(bcx_bitcursor *b, const bcx_bs_abbrev_op *ops, unsigned step,
			    uint32_t count, uint64_t *restrict o)
{
	const uint8_t *data = b->data;
	uint64_t pos = b->pos, limit = b->limit;
	uint32_t k = 0;
	for (; k < count && pos + 64 <= limit; k++) {
		uint64_t win = bs_load64(data + (pos >> 3)) >> (pos & 7);
		unsigned bits;
		if (!scalar_in_window(win, &ops[k * step], &o[k], &bits))
			break;
		pos += bits;
	}
	b->pos = pos;
	return k;
}

/* n VBR6 operands (the body of every unabbreviated record), decoded from
 * one 64-bit window after another, values longer than a window from two
 * (vbr6_long); the end of the input and errors go through bs_vbr(). */
static void vbr6_run(bcx_bitcursor *b, uint64_t *restrict o, uint32_t n)
{
	uint32_t i = 0;
	uint64_t pos = b->pos;
	while (i < n && pos + 64 <= b->limit) {
		uint64_t win = bs_load64(b->data + (pos >> 3)) >> (pos & 7);
		unsigned used = 0;
		while (i < n && vbr6_in_window(win, &used, &o[i]))
			i++;
		if (used == 0 && vbr6_long(b, pos, &o[i], &used)) {
			i++;
		} else if (used == 0) { /* near the end, or an error to report */
			b->pos = pos;
			o[i++] = bs_vbr(b, 6, 64);
			if (b->status != BCX_OK)
				return;
			used = (unsigned)(b->pos - pos);
		}
		pos += used;
	}
	b->pos = pos;
	for (; i < n && b->status == BCX_OK; i++)
		o[i] = bs_vbr(b, 6, 64);
}

bcx_status bs_read_unabbrev(bcx_bs_reader *r, bcx_bs_record *rec)
{
	bcx_bitcursor *b = &r->bc;
	uint64_t at = b->pos, head[2];
	unsigned used = 0, k = 0;
	if (BS_LIKELY(at + 64 <= b->limit)) {
		/* Code and count from one window while each is at most six
		 * chunks (30 bits: a 32-bit result with nothing to report). */
		uint64_t win = bs_load64(b->data + (at >> 3)) >> (at & 7);
		for (unsigned u = 0; k < 2 && vbr6_in_window(win, &u, &head[k]) && u - used <= 36;)
			used = u, k++;
		b->pos = at + used;
	}
	for (; k < 2; k++)
		head[k] = bs_vbr(b, 6, 32);
	rec->code = (uint32_t)head[0];
	uint32_t n = (uint32_t)head[1];
	if (b->status != BCX_OK)
		return b->status;
	if ((uint64_t)n * 6 > bcx_bit_remaining(b))
		return bs_fail(r, at, BCX_ERR_TRUNCATED,
			       "record of %u operands runs past the end of the bitstream", n);
	if (!reserve_ops(r, n))
		return bs_fail(r, at, BCX_ERR_NOMEM, "out of memory");
	vbr6_run(b, r->ops, n);
	rec->nops = n;
	return b->status;
}

static bcx_status read_array(bcx_bs_reader *r, const bcx_bs_abbrev *ab, uint32_t i,
			     size_t *nops)
{
	bcx_bitcursor *b = &r->bc;
	uint64_t at = b->pos;
	if (i + 2 != ab->nops)
		return bs_fail(r, at, BCX_ERR_MALFORMED,
			       "array is not the second-to-last operand of its abbreviation");
	const bcx_bs_abbrev_op *elt = &ab->ops[i + 1];
	bool scalar = elt->kind == BCX_BS_OP_CHAR6 ||
		      ((elt->kind == BCX_BS_OP_FIXED || elt->kind == BCX_BS_OP_VBR) && elt->value);
	if (!scalar)
		return bs_fail(r, at, BCX_ERR_MALFORMED,
			       "array element must be a Fixed, VBR or Char6 encoding");
	uint32_t n = (uint32_t)bs_vbr(b, 6, 32);
	uint64_t min_bits = elt->kind == BCX_BS_OP_CHAR6 ? 6 : elt->value;
	if (b->status != BCX_OK)
		return b->status;
	if ((uint64_t)n * min_bits > bcx_bit_remaining(b))
		return bs_fail(r, at, BCX_ERR_TRUNCATED,
			       "array of %u elements runs past the end of the bitstream", n);
	if (!reserve_ops(r, *nops + n + ab->nops))
		return bs_fail(r, at, BCX_ERR_NOMEM, "out of memory");
	uint64_t *restrict o = r->ops + *nops;
	uint32_t k0 = fields_fast(b, elt, 0, n, o);
	if (elt->kind == BCX_BS_OP_CHAR6)
		for (uint32_t k = k0; k < n; k++)
			o[k] = (uint8_t)char6_chars[bs_read(b, 6)];
	else if (elt->kind == BCX_BS_OP_FIXED)
		for (uint32_t k = k0; k < n; k++)
			o[k] = bs_read(b, (unsigned)elt->value);
	else
		for (uint32_t k = k0; k < n; k++)
			o[k] = bs_vbr(b, (unsigned)elt->value, 64);
	*nops += n;
	return b->status;
}

/* Blob: VBR6 length, align32, bytes, zero padding to 32 bits. */
static bcx_status read_blob(bcx_bs_reader *r, bcx_bs_record *rec)
{
	bcx_bitcursor *b = &r->bc;
	uint64_t at = b->pos;
	uint32_t n = (uint32_t)bs_vbr(b, 6, 32);
	if (b->status != BCX_OK)
		return b->status;
	uint64_t start = (b->pos + 31) & ~(uint64_t)31;
	uint64_t end = start + (((uint64_t)n + 3) & ~(uint64_t)3) * 8;
	if (end > b->limit)
		return bs_fail(r, at, BCX_ERR_TRUNCATED,
			       "blob of %u bytes runs past the end of the bitstream", n);
	rec->blob = b->data + start / 8;
	rec->blob_len = n;
	rec->has_blob = true;
	b->pos = end;
	return BCX_OK;
}

bcx_status bs_read_abbreviated(bcx_bs_reader *r, const bcx_bs_abbrev *ab,
				bcx_bs_record *rec)
{
	bcx_bitcursor *b = &r->bc;
	const bcx_bs_abbrev_op *op = &ab->ops[0];
	if (op->kind == BCX_BS_OP_ARRAY || op->kind == BCX_BS_OP_BLOB)
		return bs_fail(r, b->pos, BCX_ERR_MALFORMED,
			       "abbreviation starts with an array or a blob");
	rec->code = (uint32_t)read_scalar(b, op);
	if (!reserve_ops(r, ab->nops))
		return bs_fail(r, b->pos, BCX_ERR_NOMEM, "out of memory");
	size_t n = 0;
	uint64_t *restrict o = r->ops;
	uint32_t i = 1;
	if (b->status == BCX_OK) {
		i += fields_fast(b, &ab->ops[1], 1, ab->nops - 1, o);
		n = i - 1;
	}
	for (; i < ab->nops && b->status == BCX_OK; i++) {
		op = &ab->ops[i];
		if (op->kind == BCX_BS_OP_ARRAY) {
			if (read_array(r, ab, i, &n) != BCX_OK)
				return b->status;
			o = r->ops; /* the array may have moved the buffer */
			i++;
		} else if (op->kind == BCX_BS_OP_BLOB) {
			if (read_blob(r, rec) != BCX_OK)
				return b->status;
		} else {
			o[n++] = read_scalar(b, op);
		}
	}
	rec->nops = n;
	return b->status;
}

bcx_status bcx_bs_read_record(bcx_bs_reader *r, const bcx_bs_entry *e, bcx_bs_record *rec)
{
	if (r->bc.status != BCX_OK)
		return r->bc.status;
	if (e->kind != BCX_BS_ENTRY_RECORD)
		return bs_fail(r, r->bc.pos, BCX_ERR_INVALID_ARG, "entry is not a record");
	return bs_read_record_body(r, e->abbrev_id, e->abbrev, e->bit_pos, rec);
}
