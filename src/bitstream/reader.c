/* The bitstream cursor: entries, blocks, enter and skip (spec
 * llvm-bitstream.md section 3). */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>

bcx_status bs_fail(bcx_bs_reader *r, uint64_t bit, bcx_status code, const char *fmt, ...)
{
	if (r->bc.status != BCX_OK)
		return r->bc.status;
	r->bc.status = code;
	if (r->diag && r->diag->code == BCX_OK) {
		char msg[BCX_DIAG_MSG_MAX];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		bcx_diag_set_bits(r->diag, code, bit, "%s", msg);
		if (r->depth > 0)
			bcx_diag_context(r->diag, "block %u", r->frames[r->depth].block_id);
	}
	return code;
}

/* The chunks after the first from one 64-bit window (>= 57 bits): most
 * multi-chunk values end inside it. Stops early (leaving the rest to the
 * careful loop) at the window's end or at a chunk that would overflow. */
static bool vbr_window(bcx_bitcursor *b, unsigned w, unsigned result_bits, uint64_t *v,
		       unsigned *shift)
{
	uint64_t pos = b->pos, hi = (uint64_t)1 << (w - 1), mask = ((uint64_t)1 << w) - 1;
	uint64_t win = bs_load64(b->data + (pos >> 3)) >> (pos & 7);
	unsigned avail = 64 - (unsigned)(pos & 7), used = 0;
	while (used + w <= avail && *shift < result_bits) {
		uint64_t piece = (win >> used) & mask, payload = piece & (hi - 1);
		if (result_bits - *shift < 64 && (payload >> (result_bits - *shift)) != 0)
			break;
		used += w;
		*v |= payload << *shift;
		if (!(piece & hi)) {
			b->pos = pos + used;
			return true;
		}
		*shift += w - 1;
	}
	b->pos = pos + used;
	return false;
}

/* Continuation of bs_vbr() after a first chunk with the high bit set. Like
 * LLVM we stop once the shift reaches the result width ("unterminated
 * VBR"); unlike LLVM we also reject payload bits beyond it. */
uint64_t bs_vbr_slow(bcx_bitcursor *b, unsigned w, uint64_t first, unsigned result_bits)
{
	uint64_t start = b->pos - w;
	uint64_t hi = (uint64_t)1 << (w - 1);
	uint64_t v = first & (hi - 1);
	unsigned shift = w - 1;
	if (BS_LIKELY(b->pos + 64 <= b->limit) && vbr_window(b, w, result_bits, &v, &shift))
		return v;
	for (;;) {
		if (shift >= result_bits) {
			b->pos = start;
			bcx_bit_fail(b, BCX_ERR_OVERFLOW,
				     "unterminated VBR%u: value wider than %u bits", w, result_bits);
			return 0;
		}
		uint64_t piece = bs_read(b, w);
		if (BS_UNLIKELY(b->status != BCX_OK))
			return 0;
		uint64_t payload = piece & (hi - 1);
		if (result_bits - shift < 64 && (payload >> (result_bits - shift)) != 0) {
			b->pos = start;
			bcx_bit_fail(b, BCX_ERR_OVERFLOW, "VBR%u value wider than %u bits", w,
				     result_bits);
			return 0;
		}
		v |= payload << shift;
		if (!(piece & hi))
			return v;
		shift += w - 1;
	}
}

bcx_status bcx_bs_reader_new(bcx_bs_reader **out, const void *data, size_t size,
			     const bcx_allocator *a, bcx_diag *diag)
{
	*out = NULL;
	if (!data && size)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no input");
	bcx_bs_reader *r = bcx_alloc(a, sizeof *r);
	if (!r)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	memset(r, 0, sizeof *r);
	r->alloc = a;
	r->diag = diag;
	r->arena = bcx_arena_new(a);
	if (!r->arena) {
		bcx_free(a, r, sizeof *r);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	r->frames[0].width = 2; /* top level: 2-bit abbreviation IDs */
	r->ops_left = (uint64_t)size * 8 * BS_OPS_PER_BIT + 65536;
	bcx_status s = bs_open_payload(r, data ? data : (const uint8_t *)"", size);
	if (s != BCX_OK) {
		bcx_bs_reader_free(r);
		return s;
	}
	*out = r;
	return BCX_OK;
}

void bcx_bs_reader_free(bcx_bs_reader *r)
{
	if (!r)
		return;
	bcx_free(r->alloc, r->local, r->cap_local * sizeof *r->local);
	bcx_free(r->alloc, r->ops, r->cap_ops * sizeof *r->ops);
	bcx_arena_free(r->arena);
	bcx_free(r->alloc, r, sizeof *r);
}

bcx_bs_kind bcx_bs_reader_kind(const bcx_bs_reader *r) { return r->kind; }
uint32_t bcx_bs_reader_magic(const bcx_bs_reader *r) { return r->magic; }
uint64_t bcx_bs_reader_bitpos(const bcx_bs_reader *r) { return r->bc.pos; }
unsigned bcx_bs_reader_depth(const bcx_bs_reader *r) { return r->depth; }
uint32_t bcx_bs_reader_block_id(const bcx_bs_reader *r) { return r->frames[r->depth].block_id; }
unsigned bcx_bs_reader_code_width(const bcx_bs_reader *r) { return r->frames[r->depth].width; }

bool bcx_bs_reader_wrapper(const bcx_bs_reader *r, bcx_bs_wrapper *hdr)
{
	if (r->wrapped && hdr)
		*hdr = r->wrap;
	return r->wrapped;
}

const uint8_t *bcx_bs_reader_payload(const bcx_bs_reader *r, size_t *size)
{
	if (size)
		*size = r->payload_size;
	return r->payload;
}

/* END_BLOCK: align (LLVM lets the alignment run past the end; then the
 * stream is simply over) and restore the parent's scope. */
static void leave_block(bcx_bs_reader *r)
{
	r->bc.pos = (r->bc.pos + 31) & ~(uint64_t)31;
	r->nlocal = r->frames[r->depth].local_base;
	r->depth--;
}

static bcx_status next_toplevel(bcx_bs_reader *r, bcx_bs_entry *e)
{
	if (bcx_bit_at_end(&r->bc))
		return BCX_OK; /* e->kind is BCX_BS_ENTRY_EOF */
	uint32_t id = (uint32_t)bs_read(&r->bc, 2);
	if (r->bc.status == BCX_OK && id != 1)
		return bs_fail(r, e->bit_pos, BCX_ERR_MALFORMED,
			       "invalid record at top level (abbreviation ID %u; only "
			       "ENTER_SUBBLOCK is allowed)", id);
	e->abbrev_id = 1;
	return r->bc.status;
}

static bcx_status read_entry_id(bcx_bs_reader *r, bcx_bs_entry *e)
{
	if (r->depth == 0)
		return next_toplevel(r, e);
	if (bcx_bit_at_end(&r->bc))
		return bs_fail(r, e->bit_pos, BCX_ERR_TRUNCATED,
			       "premature end of bitstream inside block %u",
			       r->frames[r->depth].block_id);
	e->abbrev_id = (uint32_t)bs_read(&r->bc, r->frames[r->depth].width);
	return r->bc.status;
}

bcx_status bcx_bs_next(bcx_bs_reader *r, bcx_bs_entry *e)
{
	memset(e, 0, sizeof *e);
	e->bit_pos = r->bc.pos;
	if (r->bc.status != BCX_OK)
		return r->bc.status;
	if (r->pending_block)
		return bs_fail(r, e->bit_pos, BCX_ERR_INVALID_ARG,
			       "a sub-block must be entered or skipped first");
	e->abbrev_id = UINT32_MAX;
	if (read_entry_id(r, e) != BCX_OK || e->abbrev_id == UINT32_MAX)
		return r->bc.status; /* error, or EOF at top level */
	switch (e->abbrev_id) {
	case 0:
		e->kind = BCX_BS_ENTRY_END_BLOCK;
		leave_block(r);
		break;
	case 1:
		e->kind = BCX_BS_ENTRY_SUBBLOCK;
		e->block_id = (uint32_t)bs_vbr(&r->bc, 8, 32);
		r->pending_block = r->bc.status == BCX_OK;
		r->pending_id = e->block_id;
		r->pending_pos = r->bc.pos;
		break;
	case 2:
		e->kind = BCX_BS_ENTRY_ABBREV;
		e->abbrev = bs_read_abbrev_def(r);
		if (e->abbrev && !bs_push_local(r, e->abbrev))
			return bs_fail(r, e->bit_pos, BCX_ERR_NOMEM, "out of memory");
		break;
	default:
		e->kind = BCX_BS_ENTRY_RECORD;
		if (e->abbrev_id >= 4 && !(e->abbrev = bs_lookup_abbrev(r, e->abbrev_id)))
			return bs_fail(r, e->bit_pos, BCX_ERR_MALFORMED,
				       "undefined abbreviation ID %u in block %u", e->abbrev_id,
				       r->frames[r->depth].block_id);
		break;
	}
	return r->bc.status;
}

/* Code width (VBR4, 1..32), align32, length word (spec section 3). */
static bcx_status read_block_header(bcx_bs_reader *r, unsigned *width, uint32_t *num_words)
{
	if (!r->pending_block)
		return bs_fail(r, r->bc.pos, BCX_ERR_INVALID_ARG, "no sub-block to enter");
	r->pending_block = false;
	uint64_t at = r->bc.pos;
	uint32_t w = (uint32_t)bs_vbr(&r->bc, 4, 32);
	if (r->bc.status == BCX_OK && (w == 0 || w > 32))
		return bs_fail(r, at, BCX_ERR_MALFORMED, "block %u has code width %u (must be 1..32)",
			       r->pending_id, w);
	if (!bcx_bit_align32(&r->bc))
		return r->bc.status;
	r->pending_pos = r->bc.pos; /* errors about the length point at it */
	*num_words = (uint32_t)bs_read(&r->bc, 32);
	*width = w;
	return r->bc.status;
}

bcx_status bcx_bs_enter_block(bcx_bs_reader *r, unsigned *code_width, uint32_t *num_words)
{
	unsigned w = 0;
	uint32_t n = 0;
	uint64_t id_end = r->pending_pos;
	if (read_block_header(r, &w, &n) != BCX_OK)
		return r->bc.status;
	uint64_t at = r->pending_pos;
	if (r->depth >= BCX_BS_MAX_DEPTH)
		return bs_fail(r, id_end, BCX_ERR_LIMIT, "blocks nested deeper than %d",
			       BCX_BS_MAX_DEPTH);
	/* The length word is not needed to walk a block, but one that points
	 * past the end means the file was cut. A payload that ends mid-word
	 * (possible inside a wrapper) still counts its last word. */
	if (r->bc.pos + (uint64_t)n * 32 > ((r->bc.limit + 31) & ~(uint64_t)31))
		return bs_fail(r, at, BCX_ERR_TRUNCATED,
			       "block %u of %u words runs past the end of the bitstream",
			       r->pending_id, n);
	bs_frame *f = &r->frames[++r->depth];
	f->block_id = r->pending_id;
	f->width = w;
	f->bi = bs_bi_find(r->bi, f->block_id);
	f->local_base = r->nlocal;
	if (code_width)
		*code_width = w;
	if (num_words)
		*num_words = n;
	return BCX_OK;
}

bcx_status bcx_bs_skip_block(bcx_bs_reader *r)
{
	unsigned w = 0;
	uint32_t n = 0;
	if (read_block_header(r, &w, &n) != BCX_OK)
		return r->bc.status;
	uint64_t at = r->pending_pos;
	uint64_t end = r->bc.pos + (uint64_t)n * 32;
	if (end > r->bc.limit)
		return bs_fail(r, at, BCX_ERR_TRUNCATED,
			       "block %u of %u words runs past the end of the bitstream",
			       r->pending_id, n);
	r->bc.pos = end;
	return BCX_OK;
}
