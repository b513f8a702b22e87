/* Region structure, as the rows of ops.def state the reference's traits
 * (TIR_REGION, TIR_PARENTS): how many blocks a region holds (SizedRegion),
 * which terminator ends it (SingleBlockImplicitTerminator), which ops a
 * terminator may sit in (ParentOneOf), and that a terminator is last in
 * its block. */
#include "tileir/verify/verify.h"

#include "tileir/model/regions.h"

/* The rows' TIR_REGION: block counts, then the terminator each must end with. */
static void check_sizes(vf_ctx *v, const bcx_tileir_op *op)
{
	for (uint32_t k = 0; k < op->n_regions; k++) {
		const tir_region_rule *r = tir_region_of(op->opcode, k);
		uint32_t n = op->regions[k].n_blocks;
		if (!r || n == 1 || (n == 0 && r->may_be_empty))
			continue;
		vf_op(v, "region #%u ('%s') failed to verify constraint: region with %s1 blocks", k,
		      r->name, r->may_be_empty ? "at most " : "");
	}
	for (uint32_t k = 0; k < op->n_regions; k++) {
		int ends = tir_region_ends(op->opcode, k);
		if (ends < 0 || op->regions[k].n_blocks != 1)
			continue;
		const bcx_tileir_block *b = &op->regions[k].blocks[0];
		if (b->n_ops && b->ops[b->n_ops - 1].opcode == ends)
			continue;
		vf_begin(v, true);
		vf_printf(v, "expects regions to end with 'cuda_tile.%s'",
			  bcx_tileir_op_info((uint32_t)ends)->name);
		if (b->n_ops)
			vf_printf(v, ", found 'cuda_tile.%s'", b->ops[b->n_ops - 1].info->name);
		vf_end(v);
	}
}

/* The row's TIR_PARENTS (ParentOneOf). */
static void check_parent(vf_ctx *v, const bcx_tileir_op *op)
{
	unsigned n;
	const uint16_t *parents = tir_parents_of(op->opcode, &n);
	if (!parents)
		return;
	const vf_frame *p = vf_parent(v, 1);
	uint16_t parent = p ? p->op->opcode : BCX_TILEIR_OP_entry; /* the body's op is the entry */
	for (unsigned i = 0; i < n; i++)
		if (parents[i] == parent)
			return;
	vf_begin(v, true);
	vf_printf(v, "expects parent op to be one of '");
	for (unsigned i = 0; i < n; i++)
		vf_printf(v, "%scuda_tile.%s", i ? ", " : "", bcx_tileir_op_info(parents[i])->name);
	vf_printf(v, "'");
	vf_end(v);
}

/* A terminator anywhere but last: the reader only checks the last op. */
static void check_last(vf_ctx *v)
{
	if (v->op_index + 1 < v->block->n_ops)
		vf_op(v, "must be the last operation in the parent block");
}

void vf_check_regions(vf_ctx *v, const bcx_tileir_op *op)
{
	if (op->n_regions)
		check_sizes(v, op);
	if (!op->info->terminator)
		return;
	check_last(v);
	check_parent(v, op);
}
