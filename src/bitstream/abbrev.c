/* Abbreviation definitions and record decoding (spec llvm-bitstream.md
 * section 4; section 3 for unabbreviated records). */
#include "internal.h"

bool bs_push_local(bcx_bs_reader *r, const bcx_bs_abbrev *ab)
{
	if (!bcx_heap_room(r->alloc, &r->local, r->nlocal, &r->cap_local, sizeof *r->local, 32))
		return false;
	r->local[r->nlocal++] = ab;
	return true;
}

static bool read_abbrev_op(bcx_bs_reader *r, bcx_bs_abbrev_op *op)
{
	bcx_bitcursor *b = &r->bc;
	uint64_t at = b->pos;
	if (bs_read(b, 1)) {
		op->kind = BCX_BS_OP_LITERAL;
		op->value = bs_vbr(b, 8, 64);
		return b->status == BCX_OK;
	}
	op->kind = (uint8_t)bs_read(b, 3);
	op->value = 0;
	if (b->status != BCX_OK)
		return false;
	if (op->kind < BCX_BS_OP_FIXED || op->kind > BCX_BS_OP_BLOB) {
		bs_fail(r, at, BCX_ERR_MALFORMED, "invalid abbreviation operand encoding %u",
			op->kind);
		return false;
	}
	if (op->kind == BCX_BS_OP_FIXED || op->kind == BCX_BS_OP_VBR) {
		op->value = bs_vbr(b, 5, 64);
		if (b->status == BCX_OK && op->value > 32) {
			bs_fail(r, at, BCX_ERR_MALFORMED,
				"Fixed or VBR abbreviation operand of width %llu (at most 32)",
				(unsigned long long)op->value);
			return false;
		}
	}
	return b->status == BCX_OK;
}

/* DEFINE_ABBREV body. Every operand takes at least 4 bits, which bounds the
 * count before anything is allocated. */
const bcx_bs_abbrev *bs_read_abbrev_def(bcx_bs_reader *r)
{
	uint64_t at = r->bc.pos;
	uint32_t n = (uint32_t)bs_vbr(&r->bc, 5, 32);
	if (r->bc.status != BCX_OK)
		return NULL;
	if (n == 0) {
		bs_fail(r, at, BCX_ERR_MALFORMED, "abbreviation with no operands");
		return NULL;
	}
	if ((uint64_t)n * 4 > bcx_bit_remaining(&r->bc)) {
		bs_fail(r, at, BCX_ERR_TRUNCATED, "abbreviation of %u operands runs past the end", n);
		return NULL;
	}
	bcx_bs_abbrev *ab = bcx_arena_alloc(r->arena, sizeof *ab + (size_t)n * sizeof ab->ops[0]);
	if (!ab) {
		bs_fail(r, at, BCX_ERR_NOMEM, "out of memory");
		return NULL;
	}
	ab->nops = n;
	ab->array_at = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (!read_abbrev_op(r, &ab->ops[i]))
			return NULL;
		if (ab->ops[i].kind == BCX_BS_OP_ARRAY && !ab->array_at)
			ab->array_at = i;
	}
	return ab;
}
