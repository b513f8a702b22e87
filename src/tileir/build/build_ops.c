/* Building operations by opcode, checked against the operation table
 * (src/tileir/model/ops.def, spec §14 and §16): result and operand counts per
 * declared group, attribute names and kinds, required attributes and the
 * number of regions. */
#include "tileir/build/build_internal.h"
#include "common/internal.h"

#include <string.h>

static bcx_status bad(bcx_diag *d, const char *op, const char *msg, const char *what)
{
	return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "cuda_tile.%s: %s%s%s%s", op, msg,
			    what ? " '" : "", what ? what : "", what ? "'" : "");
}

uint32_t bcx_tileir_build_opcode(const char *name, size_t n)
{
	char buf[64];
	if (!name || n >= sizeof buf)
		return BCX_TILEIR_NONE;
	memcpy(buf, name, n);
	buf[n] = 0;
	const bcx_tileir_opinfo *info = bcx_tileir_op_by_name(buf);
	return info ? info->opcode : BCX_TILEIR_NONE;
}

/* Does attribute a fit the inline encoding of field f (spec §13.3)? */
static bool attr_fits(const bcx_tileir_field *f, const bcx_tileir_attr *a)
{
	if (f->kind == BCX_TILEIR_F_UNIT)
		return a->kind == BCX_TILEIR_A_UNIT;
	switch (f->enc) {
	case BCX_TILEIR_E_ENUM: /* integer-backed enums print as "N : i32" */
		return (a->kind == BCX_TILEIR_A_ENUM || a->kind == BCX_TILEIR_A_INTEGER) &&
		       a->u < bcx_tileir_enum_count(f->enum_id);
	case BCX_TILEIR_E_U32:
		return (a->kind == BCX_TILEIR_A_ENUM || a->kind == BCX_TILEIR_A_INTEGER) && a->u <= UINT32_MAX;
	case BCX_TILEIR_E_U64:
		return a->kind == BCX_TILEIR_A_ENUM || a->kind == BCX_TILEIR_A_INTEGER;
	case BCX_TILEIR_E_BOOL:
		return a->kind == BCX_TILEIR_A_BOOL;
	case BCX_TILEIR_E_STR:
		return a->kind == BCX_TILEIR_A_STRING;
	case BCX_TILEIR_E_SYM:
		return a->kind == BCX_TILEIR_A_SYMBOL;
	case BCX_TILEIR_E_I32ARR:
		return a->kind == BCX_TILEIR_A_I32_ARRAY;
	case BCX_TILEIR_E_ARRAY:
		return a->kind == BCX_TILEIR_A_ARRAY;
	case BCX_TILEIR_E_CONST:
		return a->kind == BCX_TILEIR_A_DENSE;
	case BCX_TILEIR_E_HINTS:
		return a->kind == BCX_TILEIR_A_HINTS;
	case BCX_TILEIR_E_PRED:
		return a->kind == BCX_TILEIR_A_DIV_BY || a->kind == BCX_TILEIR_A_SAME_ELEMENTS ||
		       a->kind == BCX_TILEIR_A_BOUNDED;
	case BCX_TILEIR_E_TYPE:
		return a->kind == BCX_TILEIR_A_TYPE;
	default:
		return false;
	}
}

/* Place the named attributes into the op's per-field slots. */
static bcx_status set_attrs(const bcx_tileir_opinfo *info, bcx_tileir_attr *attrs,
			    const bcx_tileir_build_opspec *s, bcx_diag *d)
{
	for (uint32_t i = 0; i < s->n_attrs; i++) {
		const char *nm = s->attrs[i].name;
		uint32_t slot = 0, k;
		for (k = 0; k < info->n_fields; k++) {
			const bcx_tileir_field *f = &info->fields[k];
			if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
				continue;
			/* the assembler passes the row's own names: equal pointers */
			if (nm && (f->name == nm || strcmp(f->name, nm) == 0))
				break;
			slot++;
		}
		if (k == info->n_fields)
			return bad(d, info->name, "unknown attribute", nm ? nm : "(null)");
		if (!s->attrs[i].value || !attr_fits(&info->fields[k], &s->attrs[i].value->a))
			return bad(d, info->name, "wrong kind of value for attribute", nm);
		if (attrs[slot].kind != BCX_TILEIR_A_NONE)
			return bad(d, info->name, "attribute given twice:", nm);
		attrs[slot] = s->attrs[i].value->a;
	}
	uint32_t slot = 0;
	for (uint32_t k = 0; k < info->n_fields; k++) {
		const bcx_tileir_field *f = &info->fields[k];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		if (attrs[slot].kind == BCX_TILEIR_A_NONE && !f->optional &&
		    f->kind == BCX_TILEIR_F_ATTR) {
			if (f->since == info->since) /* MLIR's words */
				return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1,
						    "'cuda_tile.%s' op requires attribute '%s'",
						    info->name, f->name);
			/* A later required attribute takes its declared default. */
			attrs[slot] = (bcx_tileir_attr){.kind = BCX_TILEIR_A_ENUM, .u = f->dflt};
		}
		slot++;
	}
	return BCX_OK;
}

/* Operand group sizes: given, or derived when only one group can vary. */
static bcx_status set_segments(const bcx_tileir_opinfo *info, uint32_t *seg,
			       const bcx_tileir_build_opspec *s, bcx_diag *d)
{
	uint32_t g = 0, fixed = 0, varying = 0, vg = 0, sum = 0;
	for (uint32_t k = 0; k < info->n_fields; k++) {
		const bcx_tileir_field *f = &info->fields[k];
		if (f->kind != BCX_TILEIR_F_OPERAND)
			continue;
		if (s->segments) {
			if (g >= s->n_segments)
				return bad(d, info->name, "too few operand segment sizes", NULL);
			uint32_t n = s->segments[g];
			if ((f->mult == BCX_TILEIR_ONE && n != 1) ||
			    (f->mult == BCX_TILEIR_OPTIONAL && n > 1))
				return bad(d, info->name, "bad size for operand group", f->name);
			seg[g] = n;
			sum += n;
		} else if (f->mult == BCX_TILEIR_ONE) {
			seg[g] = 1;
			fixed++;
		} else {
			varying++;
			vg = g;
		}
		g++;
	}
	if (s->segments) {
		if (s->n_segments != g || sum != s->n_operands)
			return bad(d, info->name, "operand segment sizes do not match the operands",
				   NULL);
		return BCX_OK;
	}
	if (s->n_operands < fixed || (varying == 0 && s->n_operands != fixed))
		return bad(d, info->name, "wrong number of operands", NULL);
	if (varying > 1 && s->n_operands != fixed)
		return bad(d, info->name, "operand segment sizes needed", NULL);
	if (varying == 1)
		seg[vg] = s->n_operands - fixed;
	return BCX_OK;
}

static bcx_status check_results(const bcx_tileir_builder *m, const bcx_tileir_opinfo *info,
				const bcx_tileir_build_opspec *s, bcx_diag *d)
{
	bool var = false;
	uint32_t fixed = 0;
	for (uint32_t k = 0; k < info->n_fields; k++)
		if (info->fields[k].kind == BCX_TILEIR_F_RESULT) {
			if (info->fields[k].mult == BCX_TILEIR_VARIADIC)
				var = true;
			else
				fixed++;
		}
	if (var ? s->n_results < fixed : s->n_results != fixed)
		return bad(d, info->name, "wrong number of results", NULL);
	if (s->n_results && !s->result_types)
		return bad(d, info->name, "result types missing", NULL);
	for (uint32_t i = 0; i < s->n_results; i++)
		if (!tb_type_valid(m, s->result_types[i]))
			return bad(d, info->name, "result type is not a type of this module", NULL);
	return BCX_OK;
}

/* The model op of spec, its arrays in the arena, and its handle. */
static bcx_status make_op(bcx_tileir_builder *m, const bcx_tileir_opinfo *info,
			  const bcx_tileir_build_opspec *s, bcx_tileir_op *op,
			  bcx_tileir_build_op *h, bcx_diag *d)
{
	/* One block for the op's arrays, attributes first (they need 8-byte
	 * alignment), then the 32-bit ones: the writer and the printers read
	 * them together, op after op. */
	size_t n32 = (size_t)s->n_results + s->n_operands + info->n_operands;
	size_t bytes = (size_t)info->n_attrs * sizeof(bcx_tileir_attr) + n32 * sizeof(uint32_t);
	uint8_t *blk = bytes ? bcx_arena_calloc(m->arena, 1, bytes) : NULL;
	h->regions = info->n_regions
		? bcx_arena_calloc(m->arena, info->n_regions, sizeof *h->regions) : NULL;
	if ((bytes && !blk) || (info->n_regions && !h->regions))
		return bcx_nomem(d);
	bcx_tileir_attr *attrs = info->n_attrs ? (bcx_tileir_attr *)(void *)blk : NULL;
	uint32_t *u32 = blk ? (uint32_t *)(void *)(blk + info->n_attrs * sizeof *attrs) : NULL;
	uint32_t *rt = s->n_results ? u32 : NULL;
	uint32_t *opd = s->n_operands ? u32 + s->n_results : NULL;
	uint32_t *seg = info->n_operands ? u32 + s->n_results + s->n_operands : NULL;
	if (s->n_results)
		memcpy(rt, s->result_types, s->n_results * sizeof *rt);
	if (s->n_operands)
		memcpy(opd, s->operands, s->n_operands * sizeof *opd);
	*op = (bcx_tileir_op){.opcode = info->opcode, .info = info, .n_results = s->n_results,
			      .result_types = rt, .n_operands = s->n_operands, .operands = opd,
			      .segments = seg, .attrs = attrs, .n_regions = info->n_regions,
			      .regions = h->regions, .loc = s->loc ? s->loc->ref : 0};
	BCX_TRY(set_segments(info, seg, s, d));
	return set_attrs(info, attrs, s, d);
}

static bcx_status check_spec(const bcx_tileir_builder *m, bcx_tileir_build_block *blk,
			     const bcx_tileir_build_opspec *s, const bcx_tileir_opinfo *info,
			     bcx_diag *d)
{
	if (!info)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "unknown opcode %u", s->opcode);
	if (info->structural)
		return bad(d, info->name, "cannot appear inside a function body", NULL);
	if (s->n_operands && !s->operands)
		return bad(d, info->name, "operands missing", NULL);
	if (s->n_attrs && !s->attrs)
		return bad(d, info->name, "attributes missing", NULL);
	const bcx_tileir_function *fn = &m->m->functions[blk->fn->index];
	/* Entries return nothing; the assembler's functions that do (a test
	 * function's, an entry the verifier refuses) are the verifier's. */
	if (info->opcode == BCX_TILEIR_OP_return && s->n_operands &&
	    !(fn->flags & (BCX_TILEIR_FN_TESTING | BCX_TILEIR_FN_TOPLEVEL)) &&
	    tb_type(m, fn->signature)->n_outputs == 0)
		return bad(d, info->name, "takes no operands: entries return nothing", NULL);
	if (s->loc && s->loc->kind != BCX_TILEIR_DI_LOC && s->loc->kind != BCX_TILEIR_DI_CALL_SITE)
		return bad(d, info->name, "op location must be a DILoc or a call site", NULL);
	for (uint32_t i = 0; i < s->n_operands; i++)
		if (s->operands[i] >= blk->fn->body.n_values)
			return bad(d, info->name, "operand is not a value of this function", NULL);
	return BCX_OK;
}

bcx_status bcx_tileir_build_op_add(bcx_tileir_builder *m, bcx_tileir_build_block *blk,
                                   const bcx_tileir_build_opspec *s, bcx_tileir_build_op **out,
                                   bcx_diag *d)
{
	if (!m || !blk || !s)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	bcx_tileir_build_op *h = bcx_arena_calloc(m->arena, 1, sizeof *h);
	if (!h)
		return bcx_nomem(d);
	return tb_op_add(m, blk, s, h, out, d);
}

bcx_status tb_op_add(bcx_tileir_builder *m, bcx_tileir_build_block *blk,
		     const bcx_tileir_build_opspec *s, bcx_tileir_build_op *h,
		     bcx_tileir_build_op **out, bcx_diag *d)
{
	const bcx_tileir_opinfo *info = bcx_tileir_op_info(s->opcode);
	bcx_status st = check_spec(m, blk, s, info, d);
	if (!st)
		st = check_results(m, info, s, d);
	if (st)
		return st;
	bcx_tileir_op op;
	BCX_TRY(make_op(m, info, s, &op, h, d));
	bcx_tileir_block *mb = blk->mb;
	if (!BCX_VEC_ROOM(m->arena, blk->ops, mb->n_ops, blk->cap_ops))
		return bcx_nomem(d);
	return tb_append_op(m, blk, &op, h, out, d);
}

bcx_status tb_append_op(bcx_tileir_builder *m, bcx_tileir_build_block *blk, bcx_tileir_op *op,
			bcx_tileir_build_op *h, bcx_tileir_build_op **out, bcx_diag *d)
{
	BCX_TRY(tb_new_values(m, blk->fn, op->result_types, op->n_results, &op->first_result, d));
	bcx_tileir_block *mb = blk->mb;
	h->blk = blk;
	h->index = mb->n_ops;
	blk->ops[mb->n_ops++] = *op;
	mb->ops = blk->ops; /* the array may have moved */
	blk->fn->body.n_ops_total++;
	if (out)
		*out = h;
	return BCX_OK;
}
bcx_tileir_build_value bcx_tileir_build_op_result(const bcx_tileir_build_op *op, uint32_t i)
{
	const bcx_tileir_op *o = op ? &op->blk->ops[op->index] : NULL;
	return o && i < o->n_results ? o->first_result + i : BCX_TILEIR_NONE;
}

bcx_status bcx_tileir_build_region_add_block(bcx_tileir_builder *m, bcx_tileir_build_op *op,
                                             uint32_t region,
                                             const bcx_tileir_build_type *arg_types,
                                             uint32_t n_args, bcx_tileir_build_block **out,
                                             bcx_diag *d)
{
	if (!m || !op || (n_args && !arg_types))
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	const bcx_tileir_op *o = &op->blk->ops[op->index];
	const char *name = o->info->name;
	if (region >= o->n_regions)
		return bad(d, name, "has no such region", NULL);
	if (op->regions[region].n_blocks)
		return bad(d, name, "regions hold at most one block", NULL);
	for (uint32_t i = 0; i < n_args; i++)
		if (!tb_type_valid(m, arg_types[i]))
			return bad(d, name, "block argument type is not a type", NULL);
	bcx_tileir_build_block *b = bcx_arena_calloc(m->arena, 1, sizeof *b);
	bcx_tileir_block *mb = bcx_arena_calloc(m->arena, 1, sizeof *mb);
	uint32_t *types = bcx_arena_calloc(m->arena, (size_t)n_args + 1, sizeof *types);
	if (!b || !mb || !types)
		return bcx_nomem(d);
	if (n_args)
		memcpy(types, arg_types, n_args * sizeof *types);
	BCX_TRY(tb_new_values(m, op->blk->fn, types, n_args, &mb->first_arg, d));
	mb->n_args = n_args;
	mb->arg_types = types;
	b->mb = mb;
	b->fn = op->blk->fn;
	op->regions[region] = (bcx_tileir_region){1, mb};
	if (out)
		*out = b;
	return BCX_OK;
}
