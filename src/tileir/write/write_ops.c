/* Operations, regions and blocks of the Tile IR writer, driven by the
 * operation table (spec §14, §15): result-count prefix, result types,
 * flags, attributes, operands and regions, with the version gates of §17. */
#include "tileir/write/write_internal.h"
#include "common/internal.h"

static bool is_terminator(uint16_t opcode)
{
	const bcx_tileir_opinfo *info = bcx_tileir_op_info(opcode);
	return info && info->terminator;
}


/* Is flag-carrying field f of op present? */
static bool field_present(const bcx_tileir_op *op, uint32_t k, uint32_t slot, uint32_t group)
{
	const bcx_tileir_field *f = &op->info->fields[k];
	if (f->kind == BCX_TILEIR_F_OPERAND)
		return op->segments[group] > 0;
	return op->attrs[slot].kind != BCX_TILEIR_A_NONE;
}

/* Flags value, refusing present fields that are newer than the target. */
static uint64_t op_flags(wctx *w, const bcx_tileir_op *op)
{
	uint64_t flags = 0;
	uint32_t slot = 0, group = 0;
	for (uint32_t k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		bool is_attr = f->kind == BCX_TILEIR_F_ATTR || f->kind == BCX_TILEIR_F_UNIT;
		if (f->flag_bit >= 0 && field_present(op, k, slot, group)) {
			if (wr_later(w, f->since))
				wr_fail(w, BCX_ERR_UNSUPPORTED,
					TIR_GATE_OPTIONAL,
					is_attr ? "attribute" : "operand", f->name,
					f->since & 0xFF, w->minor);
			flags |= 1ull << f->flag_bit;
		}
		slot += is_attr;
		group += f->kind == BCX_TILEIR_F_OPERAND;
	}
	return flags;
}

static void put_inline(wctx *w, bcx_buf *b, const bcx_tileir_op *op, const bcx_tileir_field *f,
		       const bcx_tileir_attr *a)
{
	switch (f->enc) {
	case BCX_TILEIR_E_ENUM:
	case BCX_TILEIR_E_U32:
	case BCX_TILEIR_E_U64:
		wr_uv(b, a->u);
		break;
	case BCX_TILEIR_E_BOOL:
		bcx_buf_put_u8(b, (uint8_t)(a->u != 0));
		break;
	case BCX_TILEIR_E_STR:
	case BCX_TILEIR_E_SYM:
		wr_uv(b, wr_mstr(w, a->index));
		break;
	case BCX_TILEIR_E_I32ARR:
		wr_uv(b, a->n);
		for (uint32_t i = 0; i < a->n; i++)
			bcx_buf_put_u32le(b, (uint32_t)a->ints[i]);
		break;
	case BCX_TILEIR_E_ARRAY:
		wr_uv(b, a->n);
		for (uint32_t i = 0; i < a->n; i++)
			wr_attr_sc(w, b, &a->elems[i]);
		break;
	case BCX_TILEIR_E_CONST:
		wr_uv(b, wr_const(w, a->type, a->index));
		break;
	case BCX_TILEIR_E_HINTS:
		wr_dict_body(w, b, a);
		break;
	case BCX_TILEIR_E_PRED:
		wr_attr_sc(w, b, a);
		break;
	case BCX_TILEIR_E_TYPE:
		wr_uv(b, wr_type(w, a->type));
		break;
	default:
		wr_fail(w, BCX_ERR_INVALID_ARG, "cuda_tile.%s: attribute '%s' has no encoding",
			op->info->name, f->name);
	}
}

/* Attribute payloads in declaration order (§14.4). */
static void op_attrs(wctx *w, bcx_buf *b, const bcx_tileir_op *op)
{
	uint32_t slot = 0;
	for (uint32_t k = 0; k < op->info->n_fields && wr_ok(w); k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		const bcx_tileir_attr *a = &op->attrs[slot++];
		if (f->kind == BCX_TILEIR_F_UNIT || a->kind == BCX_TILEIR_A_NONE ||
		    (f->optional && wr_later(w, f->since)))
			continue;
		if (!f->optional && wr_later(w, f->since)) {
			if (a->u != f->dflt)
				wr_fail(w, BCX_ERR_UNSUPPORTED,
					TIR_GATE_ATTR, f->name, f->since & 0xFF, w->minor);
			continue;
		}
		put_inline(w, b, op, f, a);
	}
}

static void put_value(wctx *w, bcx_buf *b, const bcx_tileir_op *op, uint32_t v)
{
	if (v >= w->n_values || !w->wire[v]) {
		wr_fail(w, BCX_ERR_INVALID_ARG, "cuda_tile.%s: operand %%%u is not in scope",
			op->info->name, v);
		return;
	}
	wr_uv(b, w->wire[v] - 1);
}

static void op_operands(wctx *w, bcx_buf *b, const bcx_tileir_op *op)
{
	const bcx_tileir_opinfo *info = op->info;
	if (info->opd_mode == BCX_TILEIR_OPD_COUNTED)
		wr_uv(b, op->n_operands);
	if (info->opd_mode != BCX_TILEIR_OPD_SEGMENTED) {
		for (uint32_t i = 0; i < op->n_operands; i++)
			put_value(w, b, op, op->operands[i]);
		return;
	}
	uint32_t at = 0, g = 0;
	for (uint32_t k = 0; k < info->n_fields; k++) {
		const bcx_tileir_field *f = &info->fields[k];
		if (f->kind != BCX_TILEIR_F_OPERAND)
			continue;
		uint32_t n = op->segments[g++];
		if (f->mult == BCX_TILEIR_VARIADIC)
			wr_uv(b, n);
		for (uint32_t i = 0; i < n; i++)
			put_value(w, b, op, op->operands[at + i]);
		at += n;
	}
}

/* Which results go on the wire (results newer than the target are left
 * out and must be unused, §14.2). Returns the count; marks skip[]. */
static uint32_t wire_results(wctx *w, const bcx_tileir_op *op, bool *skip)
{
	uint32_t fixed = 0, r = 0, n = 0;
	for (uint32_t k = 0; k < op->info->n_fields; k++)
		fixed += op->info->fields[k].kind == BCX_TILEIR_F_RESULT &&
			 op->info->fields[k].mult != BCX_TILEIR_VARIADIC;
	for (uint32_t k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		if (f->kind != BCX_TILEIR_F_RESULT)
			continue;
		uint32_t cnt = f->mult == BCX_TILEIR_VARIADIC ? op->n_results - fixed : 1;
		for (uint32_t i = 0; i < cnt && r < op->n_results; i++, r++) {
			skip[r] = wr_later(w, f->since);
			n += !skip[r];
			if (skip[r] && wr_used(w, op->first_result + r))
				wr_fail(w, BCX_ERR_UNSUPPORTED,
					"result '%s' requires bytecode version 13.%u but is being "
					"used and targeting 13.%u. Cannot serialize to older "
					"bytecode version when newer features are used.",
					f->name, f->since & 0xFF, w->minor);
		}
	}
	return n;
}

static void push_value(wctx *w, uint32_t v)
{
	w->wire[v] = w->sp + 1;
	w->stack[w->sp++] = v;
}

static void pop_to(wctx *w, uint32_t sp)
{
	while (w->sp > sp)
		w->wire[w->stack[--w->sp]] = 0;
}

static void op_regions(wctx *w, bcx_buf *b, const bcx_tileir_op *op)
{
	if (op->info->n_regions == 0)
		return;
	wr_uv(b, op->n_regions);
	for (uint32_t i = 0; i < op->n_regions && wr_ok(w); i++) {
		const bcx_tileir_region *r = &op->regions[i];
		if (r->n_blocks > 1) {
			wr_fail(w, BCX_ERR_UNSUPPORTED, "regions with several blocks");
			return;
		}
		wr_uv(b, r->n_blocks);
		if (r->n_blocks)
			wr_block_ops(w, b, &r->blocks[0], true);
	}
}

static void write_op(wctx *w, bcx_buf *b, const bcx_tileir_op *op)
{
	const bcx_tileir_opinfo *info = op->info;
	if (info->unregistered) {
		char nm[TIR_MESSAGE_NAME_CAP];
		tir_message_name(op->name, nm, sizeof nm);
		wr_fail(w, BCX_ERR_UNSUPPORTED,
			"unregistered operation '%s' cannot be written to bytecode", nm);
		return;
	}
	if (wr_later(w, info->since)) {
		wr_fail(w, BCX_ERR_UNSUPPORTED,
			TIR_GATE_OP,
			info->name, w->minor);
		return;
	}
	wr_uv(b, info->opcode);
	if (w->fn_has_list)
		bcx_buf_put_u64le(&w->refs, wr_loc(w, op->loc));
	bool small[32], *skip = small;
	if (op->n_results > 32 &&
	    !(skip = bcx_alloc(w->alloc, op->n_results * sizeof *skip))) {
		wr_fail(w, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	uint32_t nres = wire_results(w, op, skip);
	if (info->result_count)
		wr_uv(b, nres);
	for (uint32_t r = 0; r < op->n_results; r++)
		if (!skip[r])
			wr_uv(b, wr_type(w, op->result_types[r]));
	if (info->flags_since && !wr_later(w, info->flags_since))
		wr_uv(b, op_flags(w, op));
	else if (info->flags_since)
		(void)op_flags(w, op);
	op_attrs(w, b, op);
	op_operands(w, b, op);
	op_regions(w, b, op);
	for (uint32_t r = 0; r < op->n_results; r++)
		if (!skip[r])
			push_value(w, op->first_result + r);
	if (skip != small)
		bcx_free(w->alloc, skip, op->n_results * sizeof *skip);
}

void wr_block_ops(wctx *w, bcx_buf *b, const bcx_tileir_block *blk, bool header)
{
	if (++w->depth > w->limits.max_depth) {
		wr_fail(w, BCX_ERR_LIMIT, "regions nested too deeply");
		return;
	}
	uint32_t sp = w->sp;
	if (header) {
		wr_uv(b, blk->n_args);
		for (uint32_t i = 0; i < blk->n_args; i++)
			wr_uv(b, wr_type(w, blk->arg_types[i]));
		wr_uv(b, blk->n_ops);
	}
	for (uint32_t i = 0; i < blk->n_args; i++)
		push_value(w, blk->first_arg + i);
	uint16_t last = blk->n_ops ? blk->ops[blk->n_ops - 1].opcode : 0xFFFF;
	if (!header && last != BCX_TILEIR_OP_return) /* the function body (§12, module verifier) */
		wr_fail(w, BCX_ERR_INVALID_ARG, "entry body must end with cuda_tile.return");
	else if (!is_terminator(last))
		wr_fail(w, BCX_ERR_INVALID_ARG, "block must end with a terminator "
			"(return, yield, continue or break)");
	for (uint32_t i = 0; i < blk->n_ops && wr_ok(w); i++) {
		/* A built op's arrays lie apart from the op array: fetch the
		 * next op's while this one is written. */
		if (i + 1 < blk->n_ops)
			BCX_PREFETCH(blk->ops[i + 1].result_types);
		write_op(w, b, &blk->ops[i]);
	}
	pop_to(w, sp);
	w->depth--;
}
