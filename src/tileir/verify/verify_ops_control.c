/* Op verifiers of the control-flow ops: for, loop, if, and the
 * terminators break, continue and return, whose operands must match what
 * the op they leave expects (facts from the reference's CudaTile.cpp). */
#include "tileir/verify/verify.h"

static const bcx_tileir_block *region_block(const bcx_tileir_op *op, uint32_t r)
{
	return r < op->n_regions && op->regions[r].n_blocks ? &op->regions[r].blocks[0] : NULL;
}

/* The types of an op's operands [first, first + n) against a type list. */
static bool operands_match(const vf_ctx *v, const bcx_tileir_op *op, uint32_t first, uint32_t n,
			   const uint32_t *types, uint32_t nt)
{
	if (n != nt)
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (!vf_type_eq(v, vf_opd_type(v, op, first + i), types[i]))
			return false;
	return true;
}

/* The nearest enclosing op of one of the opcodes, through cuda_tile.if only. */
static const bcx_tileir_op *loop_through_ifs(vf_ctx *v, uint16_t a, uint16_t b, const char *list)
{
	for (size_t up = 1;; up++) {
		const vf_frame *f = vf_parent(v, up);
		if (f && (f->op->opcode == a || f->op->opcode == b))
			return f->op;
		if (!f || f->op->opcode != BCX_TILEIR_OP_if) {
			vf_op(v, "can only be nested within a ancestor chain of %s operations", list);
			return NULL;
		}
	}
}

static void break_op(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_op *loop = loop_through_ifs(v, BCX_TILEIR_OP_loop, BCX_TILEIR_OP_loop,
						     "'cuda_tile.loop', 'cuda_tile.if'");
	if (!loop || operands_match(v, op, 0, op->n_operands, loop->result_types, loop->n_results))
		return;
	vf_begin(v, true);
	vf_printf(v, "operand types must correspond to the parent loop result types: (");
	vf_value_types(v, op->operands, op->n_operands);
	vf_printf(v, ") vs (");
	vf_type_list(v, loop->result_types, loop->n_results);
	vf_printf(v, ")");
	vf_end(v);
}

/* continue in a loop passes the loop's iter values: its operand types. */
static bool same_operand_types(const vf_ctx *v, const bcx_tileir_op *a, const bcx_tileir_op *b)
{
	if (a->n_operands != b->n_operands)
		return false;
	for (uint32_t i = 0; i < a->n_operands; i++)
		if (!vf_type_eq(v, vf_opd_type(v, a, i), vf_opd_type(v, b, i)))
			return false;
	return true;
}

static void continue_op(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_op *loop =
		loop_through_ifs(v, BCX_TILEIR_OP_for, BCX_TILEIR_OP_loop,
				 "'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if'");
	if (!loop)
		return;
	bool is_for = loop->opcode == BCX_TILEIR_OP_for;
	if (is_for ? operands_match(v, op, 0, op->n_operands, loop->result_types, loop->n_results)
		   : same_operand_types(v, op, loop))
		return;
	vf_begin(v, false);
	vf_printf(v, "`%s` is missing a valid terminator. `continue` op should have operand "
		     "types that match the parent loop %s: (",
		  is_for ? "for" : "loop", is_for ? "return types" : "iter_values");
	if (is_for)
		vf_type_list(v, loop->result_types, loop->n_results);
	else
		vf_value_types(v, loop->operands, loop->n_operands);
	vf_printf(v, "), but found: (");
	vf_value_types(v, op->operands, op->n_operands);
	vf_printf(v, ")");
	vf_end(v);
}

static void return_op(vf_ctx *v, const bcx_tileir_op *op)
{
	for (size_t up = 1;; up++) {
		const vf_frame *f = vf_parent(v, up);
		if (f && f->op->opcode == BCX_TILEIR_OP_if)
			continue;
		if (f) {
			vf_op(v, "must be used within a cuda_tile.entry, or cuda_tile.if operation");
			return;
		}
		break;
	}
	const bcx_tileir_function *fn = &v->m->functions[v->fn];
	const bcx_tileir_type *sig = vf_ty(v, fn->signature);
	uint32_t outs = sig ? sig->n_outputs : 0;
	bcx_tileir_str name = bcx_tileir_string(v->m, fn->name);
	if (op->n_operands != outs) {
		vf_op(v, "has %u operands, but enclosing function (@%.*s) returns %u", op->n_operands,
		      (int)name.len, (const char *)name.ptr, outs);
	} else if (fn->flags & BCX_TILEIR_FN_TESTING) { /* its results, in type */
		for (uint32_t i = 0; i < outs; i++) {
			if (vf_type_eq(v, vf_opd_type(v, op, i), sig->params[sig->n_inputs + i]))
				continue;
			vf_begin(v, false);
			vf_printf(v, "type of return operand %u (", i);
			vf_type(v, vf_opd_type(v, op, i));
			vf_printf(v, ") doesn't match function result type (");
			vf_type(v, sig->params[sig->n_inputs + i]);
			vf_printf(v, ") in function @%.*s", (int)name.len, (const char *)name.ptr);
			vf_end(v);
			return;
		}
	} else if (op->n_operands)
		vf_op(v, "has %u operands, but entry function must return 0 operands",
		      op->n_operands);
}

/* Loop-carried values and results may not be views (for, loop, if). */
static bool not_view(vf_ctx *v, uint32_t type, const char *what, uint32_t i)
{
	if (vf_tag(v, type) == BCX_TILEIR_T_TENSOR_VIEW)
		return vf_op(v, "%s %u is a tensor_view, which is not supported", what, i);
	if (vf_is_view(v, type))
		return vf_op(v, "%s %u is a tile view, which is not supported", what, i);
	return true;
}

/* Both loops: iter values (block arguments after `skip`) against inits. */
static void loop_iters(vf_ctx *v, const bcx_tileir_op *op, uint32_t inits, uint32_t skip)
{
	const bcx_tileir_block *b = region_block(op, 0);
	if (!b)
		return;
	uint32_t n_init = op->n_operands - inits, n_iter = b->n_args - skip;
	if (n_iter != n_init) {
		vf_op(v, "mismatch in number of region iterator values and loop iterator inits: %u "
			 "vs %u", n_iter, n_init);
		return;
	}
	for (uint32_t i = 0; i < n_init; i++) {
		uint32_t it = b->arg_types[skip + i], in = vf_opd_type(v, op, inits + i);
		if (!not_view(v, it, "loop-carried value", i))
			return;
		if (vf_type_eq(v, in, it))
			continue;
		vf_begin(v, true);
		vf_printf(v, "init value %u and region iter_value %u have different type: ", i, i);
		vf_type(v, in);
		vf_printf(v, " != ");
		vf_type(v, it);
		vf_end(v);
		return;
	}
	for (uint32_t i = 0; i < op->n_results; i++)
		if (!not_view(v, op->result_types[i], "result type", i))
			return;
}

static void for_op(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_block *b = region_block(op, 0);
	if (!b)
		return;
	if (b->n_args == 0) {
		vf_op(v, "expected at least one block argument for induction variable");
		return;
	}
	uint32_t iv = b->arg_types[0], lb = vf_opd_type(v, op, 0);
	if (!vf_type_eq(v, iv, lb)) {
		vf_begin(v, true);
		vf_printf(v, "expected induction variable to be same type as bounds and step: ");
		vf_type(v, iv);
		vf_printf(v, " vs ");
		vf_type(v, lb);
		vf_end(v);
		return;
	}
	loop_iters(v, op, 3, 1);
}

/* One branch of an if: what its yield gives against the op's results. */
static bool if_branch(vf_ctx *v, const bcx_tileir_op *op, uint32_t r, const char *name)
{
	const bcx_tileir_block *b = region_block(op, r);
	const bcx_tileir_op *y = b && b->n_ops ? &b->ops[b->n_ops - 1] : NULL;
	if (!y || y->opcode != BCX_TILEIR_OP_yield)
		return true;
	if (operands_match(v, y, 0, y->n_operands, op->result_types, op->n_results))
		return true;
	vf_begin(v, true);
	if (op->n_results && !y->n_operands) {
		vf_printf(v, "has return type of ");
		vf_type_list(v, op->result_types, op->n_results);
		vf_printf(v, " but %s branch does not yield anything", name);
	} else if (!op->n_results) {
		vf_printf(v, "does not return a value, but %s branch yields ", name);
		vf_value_types(v, y->operands, y->n_operands);
	} else {
		vf_printf(v, "type does not match yield type, %s branch yields ", name);
		vf_value_types(v, y->operands, y->n_operands);
		vf_printf(v, " but op result type is ");
		vf_type_list(v, op->result_types, op->n_results);
	}
	vf_end(v);
	return false;
}

static void if_op(vf_ctx *v, const bcx_tileir_op *op)
{
	for (uint32_t i = 0; i < op->n_results; i++)
		if (!not_view(v, op->result_types[i], "result type", i))
			return;
	if (!region_block(op, 0)) {
		vf_op(v, "must define then branch");
		return;
	}
	if (!if_branch(v, op, 0, "then"))
		return;
	if (region_block(op, 1))
		if_branch(v, op, 1, "else");
	else if (op->n_results)
		vf_op(v, "has non-empty return type, must define else branch");
}

/* The ops' own verifiers (TIR_VERIFY in ops.def). */
void vf_break(vf_ctx *v, const bcx_tileir_op *op) { break_op(v, op); }
void vf_continue(vf_ctx *v, const bcx_tileir_op *op) { continue_op(v, op); }
void vf_return(vf_ctx *v, const bcx_tileir_op *op) { return_op(v, op); }
void vf_for(vf_ctx *v, const bcx_tileir_op *op) { for_op(v, op); }
void vf_loop(vf_ctx *v, const bcx_tileir_op *op) { loop_iters(v, op, 0, 0); }
void vf_if(vf_ctx *v, const bcx_tileir_op *op) { if_op(v, op); }
