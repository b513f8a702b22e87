/* Op verifiers of reduce and scan: operands, results, identities and dim,
 * then the body (two scalar block arguments per operand, a yield of one
 * value per operand), as the reference's aggregate verifiers check them. */
#include "tileir/print/print.h"
#include "tileir/verify/verify.h"

/* The element type of identity i: its typed attribute's type. */
static uint32_t identity_type(const bcx_tileir_attr *ids, uint32_t i)
{
	return ids && i < ids->n ? ids->elems[i].type : UINT32_MAX - 1;
}

static bool bf16_f16_pair(const vf_ctx *v, uint32_t a, uint32_t b)
{
	unsigned x = vf_tag(v, a), y = vf_tag(v, b);
	return (x == BCX_TILEIR_T_BF16 && y == BCX_TILEIR_T_F16) ||
	       (x == BCX_TILEIR_T_F16 && y == BCX_TILEIR_T_BF16);
}

static bool operands_results(vf_ctx *v, const bcx_tileir_op *op, bool scan)
{
	uint32_t n = op->n_operands;
	const bcx_tileir_attr *ids = vf_attr(op, "identities");
	if (n == 0)
		return vf_op(v, "expect at least 1 operand");
	if (n != op->n_results)
		return vf_op(v, "expect same number of operands and results");
	if (ids && ids->n != n)
		return vf_op(v, "expect identities to match the number of operands but got: %u "
				"operands and %u identities", n, ids->n);
	for (uint32_t i = 0; ids && i < n; i++) {
		uint32_t e = vf_elem(v, vf_opd_type(v, op, i)), it = identity_type(ids, i);
		if (bf16_f16_pair(v, e, it) || vf_type_eq(v, e, it))
			continue;
		vf_begin(v, true);
		vf_printf(v, "expect same type for operand at index: %u and identity at index: %u "
			     "but got: ", i, i);
		vf_type(v, e);
		vf_printf(v, " and ");
		vf_type(v, it);
		vf_end(v);
		return false;
	}
	const bcx_tileir_attr *d = vf_attr(op, "dim");
	int64_t dim = d ? (int32_t)d->u : 0, rank = vf_rank(v, vf_opd_type(v, op, 0));
	if (dim < 0 || dim >= rank)
		return vf_op(v, "dimension (%lld) is out of bound [0, %lld)", (long long)dim,
			     (long long)rank);
	for (uint32_t i = 0; scan && i < n; i++)
		if (!vf_type_eq(v, vf_opd_type(v, op, i), op->result_types[i]))
			return vf_op(v, "expect same type for operand at index: %u and result at "
					"index: %u", i, i);
	return true;
}

/* "expect same type for operand at index: I and SECOND at index: J" or,
 * with second NULL, the block-argument pair form. */
static bool elem_pair(vf_ctx *v, const char *second, uint32_t i, uint32_t a, uint32_t j,
		      uint32_t b)
{
	if (vf_type_eq(v, vf_elem(v, a), vf_elem(v, b)))
		return true;
	vf_begin(v, true);
	if (second)
		vf_printf(v, "expect same type for operand at index: %u and %s at index: %u but got: ",
			  i, second, j);
	else
		vf_printf(v, "expect same element type for block argument at index: %u and %u but "
			     "got: ", i, j);
	vf_type(v, vf_elem(v, a));
	vf_printf(v, " and ");
	vf_type(v, vf_elem(v, b));
	vf_end(v);
	return false;
}

static void body(vf_ctx *v, const bcx_tileir_op *op)
{
	if (op->n_regions == 0 || op->regions[0].n_blocks != 1)
		return;
	const bcx_tileir_block *b = &op->regions[0].blocks[0];
	uint32_t n = op->n_operands;
	if (b->n_ops == 0 || b->n_args != 2 * n) {
		vf_op(v, b->n_ops ? "expect %u block arguments but got: %u" : "expect non-empty block",
		      2 * n, b->n_args);
		return;
	}
	for (uint32_t i = 0; i < b->n_args; i++)
		if (!vf_is_tile(v, b->arg_types[i]) || vf_rank(v, b->arg_types[i]) != 0) {
			vf_begin(v, true);
			vf_printf(v, "expect 0-rank tile type at index: %u but got: ", i);
			vf_type(v, b->arg_types[i]);
			vf_end(v);
			return;
		}
	for (uint32_t i = 0; i + 1 < b->n_args; i += 2)
		if (!elem_pair(v, NULL, i, b->arg_types[i], i + 1,
			       b->arg_types[i + 1]))
			return;
	for (uint32_t i = 0; i < n; i++)
		if (!elem_pair(v, "block argument", i, vf_opd_type(v, op, i), 2 * i,
			       b->arg_types[2 * i]))
			return;
	const bcx_tileir_op *y = &b->ops[b->n_ops - 1];
	if (y->opcode != BCX_TILEIR_OP_yield)
		return; /* the terminator rule reports it */
	if (y->n_operands != n) {
		vf_op(v, "expect number of terminators operands (%u) to match number of operands (%u)",
		      y->n_operands, n);
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		if (!elem_pair(v, "terminator argument", i, vf_opd_type(v, op, i), i,
			       vf_opd_type(v, y, i)))
			return;
}

/* Does result type r equal operand type o with dimension dim dropped? */
static bool reduced_type_is(const vf_ctx *v, uint32_t r, uint32_t o, uint32_t dim)
{
	uint32_t rank = vf_rank(v, o);
	if (!vf_is_tile(v, r) || !vf_is_tile(v, o) || vf_rank(v, r) + 1 != rank ||
	    !vf_type_eq(v, vf_elem(v, r), vf_elem(v, o)))
		return false;
	const int64_t *rd = vf_dims(v, r), *od = vf_dims(v, o);
	for (uint32_t i = 0, j = 0; i < rank; i++)
		if (i != dim && rd[j++] != od[i])
			return false;
	return true;
}

/* '!cuda_tile.tile<8xf32>' with dimension dim dropped. */
static void reduced_type(vf_ctx *v, uint32_t o, uint32_t dim)
{
	const int64_t *d = vf_dims(v, o);
	vf_printf(v, "'!cuda_tile.tile<");
	for (uint32_t i = 0, n = vf_rank(v, o); i < n; i++)
		if (i != dim)
			vf_printf(v, "%lldx", (long long)d[i]);
	tir_print_type(&v->msg, v->m, vf_elem(v, o), true);
	vf_printf(v, ">'");
}

/* Reduce infers its result types (each operand's shape without `dim`); the
 * reference compares them with the written ones after the op's own
 * verifier and reports the pair of messages MLIR gives for any op that
 * infers its result types. As there, the body is not checked after them. */
static bool inferred_results(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *d = vf_attr(op, "dim");
	uint32_t dim = d ? (uint32_t)(int32_t)d->u : 0, n = op->n_operands;
	for (uint32_t i = 0; i < n; i++) {
		if (reduced_type_is(v, op->result_types[i], vf_opd_type(v, op, i), dim))
			continue;
		vf_begin(v, true);
		vf_printf(v, "inferred type(s) ");
		for (uint32_t k = 0; k < n; k++) {
			vf_printf(v, k ? ", " : "");
			reduced_type(v, vf_opd_type(v, op, k), dim);
		}
		vf_printf(v, " are incompatible with return type(s) of operation ");
		vf_type_list(v, op->result_types, op->n_results);
		vf_end(v);
		return vf_op(v, "failed to infer returned types");
	}
	return true;
}

void vf_check_aggregate(vf_ctx *v, const bcx_tileir_op *op)
{
	if (!operands_results(v, op, op->opcode == BCX_TILEIR_OP_scan))
		return;
	if (op->opcode != BCX_TILEIR_OP_reduce || inferred_results(v, op))
		body(v, op);
}
