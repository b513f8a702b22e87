/* Ops outside the dialect (bcx/tileir_build.h): opaque typed ops that MLIR
 * text may hold with -allow-unregistered-dialect, and the source position
 * the assembler records on every op. */
#include "tileir/build/build_internal.h"
#include "common/internal.h"

#include <string.h>

static bcx_status check(const bcx_tileir_builder *m, const bcx_tileir_build_block *blk,
			const char *name, size_t n, const bcx_tileir_build_value *opds,
			uint32_t n_opds, const bcx_tileir_build_type *res, uint32_t n_res,
			bcx_diag *d)
{
	if (!m || !blk || (n && !name) || (n_opds && !opds) || (n_res && !res))
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	if (n == 0)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "an operation needs a name");
	/* the dialect is registered: a name in it must be one of its ops */
	if (n >= 10 && memcmp(name, "cuda_tile.", 10) == 0)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1,
				    "'%.*s' is in the cuda_tile dialect but not one of its operations",
				    (int)(n > 60 ? 60 : n), name);
	for (uint32_t i = 0; i < n_opds; i++)
		if (opds[i] >= blk->fn->body.n_values)
			return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1,
					    "operand is not a value of this function");
	for (uint32_t i = 0; i < n_res; i++)
		if (!tb_type_valid(m, res[i]))
			return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1,
					    "result type is not a type of this module");
	return BCX_OK;
}

bcx_status bcx_tileir_build_op_add_unregistered(bcx_tileir_builder *m,
						bcx_tileir_build_block *blk, const char *name,
						size_t name_len,
						const bcx_tileir_build_value *operands,
						uint32_t n_operands,
						const bcx_tileir_build_type *result_types,
						uint32_t n_results, bcx_tileir_build_loc *loc,
						bcx_tileir_build_op **out, bcx_diag *d)
{
	if (!m)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	bcx_tileir_build_op *h = bcx_arena_calloc(m->arena, 1, sizeof *h);
	if (!h)
		return bcx_nomem(d);
	bcx_tileir_build_unreg u = {name, name_len, operands, n_operands, result_types, n_results,
				    loc};
	return tb_op_add_unregistered(m, blk, &u, h, out, d);
}

bcx_status tb_op_add_unregistered(bcx_tileir_builder *m, bcx_tileir_build_block *blk,
				  const bcx_tileir_build_unreg *u, bcx_tileir_build_op *h,
				  bcx_tileir_build_op **out, bcx_diag *d)
{
	const char *name = u->name;
	size_t name_len = u->name_len;
	uint32_t n_results = u->n_results, n_operands = u->n_operands;
	const bcx_tileir_build_value *operands = u->operands;
	const bcx_tileir_build_type *result_types = u->result_types;
	bcx_tileir_build_loc *loc = u->loc;
	BCX_TRY(check(m, blk, name, name_len, operands, n_operands, result_types, n_results, d));
	if (loc && loc->kind != BCX_TILEIR_DI_LOC && loc->kind != BCX_TILEIR_DI_CALL_SITE)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1,
				    "op location must be a DILoc or a call site");
	*h = (bcx_tileir_build_op){0};
	uint32_t *u32 = bcx_arena_calloc(m->arena, (size_t)n_results + n_operands + 1,
					 sizeof *u32);
	char *nm = bcx_arena_memdup(m->arena, name, name_len);
	if (!u32 || !nm || !BCX_VEC_ROOM(m->arena, blk->ops, blk->mb->n_ops, blk->cap_ops))
		return bcx_nomem(d);
	if (n_results)
		memcpy(u32, result_types, n_results * sizeof *u32);
	if (n_operands)
		memcpy(u32 + n_results, operands, n_operands * sizeof *u32);
	bcx_tileir_op op = {.opcode = BCX_TILEIR_OPCODE_UNREGISTERED, .info = &tir_unregistered_op,
			    .n_results = n_results, .result_types = n_results ? u32 : NULL,
			    .n_operands = n_operands, .operands = n_operands ? u32 + n_results : NULL,
			    .loc = loc ? loc->ref : 0,
			    .name = {(const uint8_t *)nm, name_len}};
	return tb_append_op(m, blk, &op, h, out, d);
}

bcx_status bcx_tileir_build_op_set_source(bcx_tileir_build_op *op, uint32_t line, uint32_t col,
					  bcx_diag *d)
{
	if (!op)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	/* The builder's array, and the model's copy when a compaction made one
	 * (tb_compact: the builder block keeps its older array). */
	bcx_tileir_op *own = &op->blk->ops[op->index];
	own->line = line;
	own->col = col;
	if (op->blk->mb->ops != op->blk->ops) {
		bcx_tileir_op *copy; /* the builder made the copy: it is ours to change */
		const bcx_tileir_op *at = &op->blk->mb->ops[op->index];
		memcpy(&copy, &at, sizeof copy);
		copy->line = line;
		copy->col = col;
	}
	return BCX_OK;
}
