/* Region structure, as the reference's traits state it: how many blocks a
 * region holds (SizedRegion), which terminator ends it
 * (SingleBlockImplicitTerminator), which ops a terminator may sit in
 * (ParentOneOf), and that a terminator is last in its block. */
#include "tileir/verify/verify.h"

#include <string.h>

typedef struct region_rule {
	uint16_t opcode;
	const char *names[2];  /* region names as the reference declares them */
	bool may_be_empty[2];  /* MaxSizedRegion<1>: 0 or 1 blocks */
	int terminator;        /* the one terminator, or -1 for any */
} region_rule;

static const region_rule region_rules[] = {
	{BCX_TILEIR_OP_for, {"region"}, {false}, BCX_TILEIR_OP_continue},
	{BCX_TILEIR_OP_loop, {"region"}, {false}, -1},
	{BCX_TILEIR_OP_if, {"thenRegion", "elseRegion"}, {false, true}, -1},
	{BCX_TILEIR_OP_reduce, {"body"}, {false}, BCX_TILEIR_OP_yield},
	{BCX_TILEIR_OP_scan, {"body"}, {false}, BCX_TILEIR_OP_yield},
};

/* ParentOneOf of the terminators, in the reference's message order. */
typedef struct parent_rule {
	uint16_t opcode;
	const char *list;      /* as the message names them */
	uint16_t parents[3];
	uint8_t n;
} parent_rule;

static const parent_rule parent_rules[] = {
	{BCX_TILEIR_OP_yield, "cuda_tile.if, cuda_tile.reduce, cuda_tile.scan",
	 {BCX_TILEIR_OP_if, BCX_TILEIR_OP_reduce, BCX_TILEIR_OP_scan}, 3},
	{BCX_TILEIR_OP_break, "cuda_tile.if, cuda_tile.loop", {BCX_TILEIR_OP_if, BCX_TILEIR_OP_loop},
	 2},
	{BCX_TILEIR_OP_continue, "cuda_tile.for, cuda_tile.if, cuda_tile.loop",
	 {BCX_TILEIR_OP_for, BCX_TILEIR_OP_if, BCX_TILEIR_OP_loop}, 3},
	{BCX_TILEIR_OP_return, "cuda_tile.entry, cuda_tile.if",
	 {BCX_TILEIR_OP_entry, BCX_TILEIR_OP_if}, 2},
};

static void check_sizes(vf_ctx *v, const bcx_tileir_op *op, const region_rule *r)
{
	for (uint32_t k = 0; k < op->n_regions && k < 2; k++) {
		uint32_t n = op->regions[k].n_blocks;
		if (n == 1 || (n == 0 && r->may_be_empty[k]))
			continue;
		vf_op(v, "region #%u ('%s') failed to verify constraint: region with %s1 blocks", k,
		      r->names[k], r->may_be_empty[k] ? "at most " : "");
	}
	if (r->terminator < 0 || op->n_regions == 0 || op->regions[0].n_blocks != 1)
		return;
	const bcx_tileir_block *b = &op->regions[0].blocks[0];
	if (b->n_ops && b->ops[b->n_ops - 1].opcode == r->terminator)
		return;
	vf_begin(v, true);
	vf_printf(v, "expects regions to end with 'cuda_tile.%s'",
		  bcx_tileir_op_info((uint32_t)r->terminator)->name);
	if (b->n_ops)
		vf_printf(v, ", found 'cuda_tile.%s'", b->ops[b->n_ops - 1].info->name);
	vf_end(v);
}

static void check_parent(vf_ctx *v, const parent_rule *r)
{
	const vf_frame *p = vf_parent(v, 1);
	uint16_t parent = p ? p->op->opcode : BCX_TILEIR_OP_entry; /* the body's op is the entry */
	for (unsigned i = 0; i < r->n; i++)
		if (r->parents[i] == parent)
			return;
	vf_op(v, "expects parent op to be one of '%s'", r->list);
}

/* A terminator anywhere but last: the reader only checks the last op. */
static void check_last(vf_ctx *v)
{
	if (v->op_index + 1 < v->block->n_ops)
		vf_op(v, "must be the last operation in the parent block");
}

void vf_check_regions(vf_ctx *v, const bcx_tileir_op *op)
{
	for (size_t i = 0; i < sizeof region_rules / sizeof region_rules[0]; i++)
		if (region_rules[i].opcode == op->opcode)
			check_sizes(v, op, &region_rules[i]);
	if (!op->info->terminator)
		return;
	check_last(v);
	for (size_t i = 0; i < sizeof parent_rules / sizeof parent_rules[0]; i++)
		if (parent_rules[i].opcode == op->opcode)
			check_parent(v, &parent_rules[i]);
}
