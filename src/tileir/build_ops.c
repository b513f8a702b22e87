/* Building operations by opcode, checked against the operation table
 * (src/tileir/ops.def, spec §14 and §16): result and operand counts per
 * declared group, attribute names and kinds, required attributes and the
 * number of regions. */
#include "tileir/build_internal.h"

#include <string.h>

static bcx_status bad(bcx_diag *d, const char *op, const char *msg, const char *what)
{
	return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "cuda_tile.%s: %s%s%s%s", op, msg,
			    what ? " '" : "", what ? what : "", what ? "'" : "");
}

uint32_t bcx_tb_opcode(const char *name, size_t n)
{
	char buf[64];
	if (!name || n >= sizeof buf)
		return BCX_TB_NONE;
	memcpy(buf, name, n);
	buf[n] = 0;
	const bcx_tileir_opinfo *info = bcx_tileir_op_by_name(buf);
	return info ? info->opcode : BCX_TB_NONE;
}

/* Does attribute a fit the inline encoding of field f (spec §13.3)? */
static bool attr_fits(const bcx_tileir_field *f, const bcx_tb_attr *a)
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
		return a->kind == BCX_TILEIR_A_DIV_BY || a->kind == BCX_TILEIR_A_SAME_ELEMENTS || a->kind == BCX_TILEIR_A_BOUNDED;
	case BCX_TILEIR_E_TYPE:
		return a->kind == BCX_TILEIR_A_TYPE;
	default:
		return false;
	}
}

/* Place the named attributes into the op's per-field slots. */
static bcx_status set_attrs(bcx_tb_module *m, bcx_tb_op *op, const bcx_tb_opspec *s, bcx_diag *d)
{
	const bcx_tileir_opinfo *info = op->info;
	for (uint32_t i = 0; i < s->n_attrs; i++) {
		const char *nm = s->attrs[i].name;
		uint32_t slot = 0, k;
		for (k = 0; k < info->n_fields; k++) {
			const bcx_tileir_field *f = &info->fields[k];
			if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
				continue;
			if (nm && strcmp(f->name, nm) == 0)
				break;
			slot++;
		}
		if (k == info->n_fields)
			return bad(d, info->name, "unknown attribute", nm ? nm : "(null)");
		if (!s->attrs[i].value || !attr_fits(&info->fields[k], s->attrs[i].value))
			return bad(d, info->name, "wrong kind of value for attribute", nm);
		if (op->attrs[slot])
			return bad(d, info->name, "attribute given twice:", nm);
		op->attrs[slot] = s->attrs[i].value;
	}
	uint32_t slot = 0;
	for (uint32_t k = 0; k < info->n_fields; k++) {
		const bcx_tileir_field *f = &info->fields[k];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		if (!op->attrs[slot] && !f->optional && f->kind == BCX_TILEIR_F_ATTR) {
			if (f->since == info->since)
				return bad(d, info->name, "missing required attribute", f->name);
			/* A later required attribute takes its declared default. */
			bcx_status st = bcx_tb_attr_enum(m, f->dflt, &op->attrs[slot], d);
			if (st)
				return st;
		}
		slot++;
	}
	return BCX_OK;
}

/* Operand group sizes: given, or derived when only one group can vary. */
static bcx_status set_segments(bcx_tb_op *op, const bcx_tb_opspec *s, bcx_diag *d)
{
	const bcx_tileir_opinfo *info = op->info;
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
			op->seg[g] = n;
			sum += n;
		} else if (f->mult == BCX_TILEIR_ONE) {
			op->seg[g] = 1;
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
		op->seg[vg] = s->n_operands - fixed;
	return BCX_OK;
}

static bcx_status check_results(const bcx_tb_module *m, const bcx_tileir_opinfo *info,
				const bcx_tb_opspec *s, bcx_diag *d)
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

static bcx_status alloc_op(bcx_tb_module *m, bcx_tb_op *op, const bcx_tb_opspec *s, bcx_diag *d)
{
	const bcx_tileir_opinfo *info = op->info;
	bcx_arena *a = m->arena;
	op->result_types = bcx_arena_calloc(a, (size_t)s->n_results + 1, sizeof *op->result_types);
	op->operands = bcx_arena_calloc(a, (size_t)s->n_operands + 1, sizeof *op->operands);
	op->seg = bcx_arena_calloc(a, (size_t)info->n_operands + 1, sizeof *op->seg);
	op->attrs = bcx_arena_calloc(a, (size_t)info->n_attrs + 1, sizeof *op->attrs);
	op->regions = bcx_arena_calloc(a, (size_t)info->n_regions + 1, sizeof *op->regions);
	if (!op->result_types || !op->operands || !op->seg || !op->attrs || !op->regions)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	if (s->n_results)
		memcpy(op->result_types, s->result_types, s->n_results * sizeof *op->result_types);
	if (s->n_operands)
		memcpy(op->operands, s->operands, s->n_operands * sizeof *op->operands);
	op->n_results = s->n_results;
	op->n_operands = s->n_operands;
	op->n_regions = info->n_regions;
	op->loc = s->loc;
	return BCX_OK;
}

static bcx_status check_spec(bcx_tb_block *blk, const bcx_tb_opspec *s,
			     const bcx_tileir_opinfo *info, bcx_diag *d)
{
	if (!info)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "unknown opcode %u", s->opcode);
	if (info->structural)
		return bad(d, info->name, "cannot appear inside a function body", NULL);
	if (s->n_operands && !s->operands)
		return bad(d, info->name, "operands missing", NULL);
	if (s->n_attrs && !s->attrs)
		return bad(d, info->name, "attributes missing", NULL);
	if (info->opcode == BCX_TILEIR_OP_return && s->n_operands) /* every function is an entry */
		return bad(d, info->name, "takes no operands: entries return nothing", NULL);
	if (s->loc && s->loc->kind != BCX_TILEIR_DI_LOC && s->loc->kind != BCX_TILEIR_DI_CALL_SITE)
		return bad(d, info->name, "op location must be a DILoc or a call site", NULL);
	for (uint32_t i = 0; i < s->n_operands; i++)
		if (s->operands[i] >= blk->fn->n_values)
			return bad(d, info->name, "operand is not a value of this function", NULL);
	return BCX_OK;
}

bcx_status bcx_tb_op_add(bcx_tb_module *m, bcx_tb_block *blk, const bcx_tb_opspec *s,
			 bcx_tb_op **out, bcx_diag *d)
{
	if (!m || !blk || !s)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	const bcx_tileir_opinfo *info = bcx_tileir_op_info(s->opcode);
	bcx_status st = check_spec(blk, s, info, d);
	if (!st)
		st = check_results(m, info, s, d);
	if (st)
		return st;
	bcx_tb_op *op = bcx_arena_calloc(m->arena, 1, sizeof *op);
	if (!op)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	op->info = info;
	op->fn = blk->fn;
	if ((st = alloc_op(m, op, s, d)) || (st = set_segments(op, s, d)) ||
	    (st = set_attrs(m, op, s, d)))
		return st;
	if (blk->fn->n_values > UINT32_MAX - s->n_results - 1)
		return bcx_diag_set(d, BCX_ERR_LIMIT, -1, "too many values in one function");
	if (!tb_grow(m, (void **)&blk->ops, blk->n_ops, &blk->cap_ops, sizeof *blk->ops))
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	op->first_result = blk->fn->n_values;
	blk->fn->n_values += s->n_results;
	blk->ops[blk->n_ops++] = op;
	if (out)
		*out = op;
	return BCX_OK;
}

bcx_tb_value bcx_tb_op_result(const bcx_tb_op *op, uint32_t i)
{
	return op && i < op->n_results ? op->first_result + i : BCX_TB_NONE;
}

bcx_status bcx_tb_region_add_block(bcx_tb_module *m, bcx_tb_op *op, uint32_t region,
				   const bcx_tb_type *arg_types, uint32_t n_args,
				   bcx_tb_block **out, bcx_diag *d)
{
	if (!m || !op || (n_args && !arg_types))
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	if (region >= op->n_regions)
		return bad(d, op->info->name, "has no such region", NULL);
	if (op->regions[region])
		return bad(d, op->info->name, "regions hold at most one block", NULL);
	for (uint32_t i = 0; i < n_args; i++)
		if (!tb_type_valid(m, arg_types[i]))
			return bad(d, op->info->name, "block argument type is not a type", NULL);
	bcx_tb_block *b = bcx_arena_calloc(m->arena, 1, sizeof *b);
	uint32_t *types = bcx_arena_calloc(m->arena, (size_t)n_args + 1, sizeof *types);
	if (!b || !types)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	if (op->fn->n_values > UINT32_MAX - n_args - 1)
		return bcx_diag_set(d, BCX_ERR_LIMIT, -1, "too many values in one function");
	if (n_args)
		memcpy(types, arg_types, n_args * sizeof *types);
	b->fn = op->fn;
	b->n_args = n_args;
	b->arg_types = types;
	b->first_arg = op->fn->n_values;
	op->fn->n_values += n_args;
	op->regions[region] = b;
	if (out)
		*out = b;
	return BCX_OK;
}
