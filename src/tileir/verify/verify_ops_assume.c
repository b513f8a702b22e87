/* The assume op's predicates (div_by, same_elements, bounded) against the
 * type of the value they constrain (facts from the reference's
 * Attributes.cpp: each predicate's verifyWithAssumeOp). */
#include "tileir/model/tables.h"
#include "tileir/verify/verify.h"

/* The reference keeps the divisor at most 2^62 (a limit of its lowering). */
#define DIV_BY_MAX (UINT64_C(1) << 62)

static bool int_or_ptr(const vf_ctx *v, uint32_t t)
{
	unsigned tag = vf_elem_tag(v, t);
	return tag == BCX_TILEIR_T_POINTER || tir_tag_is_int(tag);
}

static void div_by(vf_ctx *v, const bcx_tileir_attr *a, uint32_t t)
{
	static const char *const kinds =
		"'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values";
	bool every = a->flags & 1, along = (a->flags & 2) != 0;
	if (a->u == 0 || (a->u & (a->u - 1))) {
		vf_op(v, "'cuda_tile.div_by' divisor must be a power of 2");
	} else if (every != along) {
		vf_op(v, "'cuda_tile.div_by' 'every'/'along' must be used in combination");
	} else if (a->u > DIV_BY_MAX) {
		vf_op(v, "'cuda_tile.div_by' divisor is too large");
	} else if (vf_tag(v, t) == BCX_TILEIR_T_TENSOR_VIEW) {
		if (every)
			vf_op(v, "'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value "
				 "is a tensor_view");
	} else if (!vf_is_tile(v, t)) {
		vf_op(v, "%s", kinds);
	} else if (vf_rank(v, t) == 0 && every) {
		vf_op(v, "'cuda_tile.div_by' 'every'/'along' cannot be used if the constrained value is a "
			 "0D tile");
	} else if (!int_or_ptr(v, t)) {
		vf_op(v, "%s", kinds);
	} else if (every && (a->b < 0 || a->b >= (int64_t)vf_rank(v, t))) {
		vf_op(v, "'cuda_tile.div_by' every_dim (%lld) must be >= 0 and < tile rank (%u)",
		      (long long)a->b, vf_rank(v, t));
	} else if (every && (a->a < 0 || a->a > vf_dims(v, t)[a->b])) {
		vf_op(v, "expected 'cuda_tile.div_by' every_dim to be within 0 and the size of the respective "
			 "dimension (%lld)", (long long)vf_dims(v, t)[a->b]);
	}
}

static void same_elements(vf_ctx *v, const bcx_tileir_attr *a, uint32_t t)
{
	if (!vf_is_tile(v, t) || !int_or_ptr(v, t)) {
		vf_op(v, "'cuda_tile.same_elements' is valid only for tile of integer/pointer values");
		return;
	}
	uint32_t rank = vf_rank(v, t);
	if (a->n != rank) {
		vf_op(v, "expected number of values in 'cuda_tile.same_elements' (%u) to match rank of "
			 "constrained tile (%u)", a->n, rank);
		return;
	}
	for (uint32_t i = 0; i < rank; i++)
		if (a->ints[i] < 0 || a->ints[i] > vf_dims(v, t)[i]) {
			vf_op(v, "expected 'cuda_tile.same_elements' value %u to be within 0 and the size of the "
				 "respective dimension (%lld)", i, (long long)vf_dims(v, t)[i]);
			return;
		}
}

static void bounded(vf_ctx *v, const bcx_tileir_attr *a, uint32_t t)
{
	unsigned tag = vf_elem_tag(v, t), bits = tir_tag_bits(tag);
	if (!vf_is_tile(v, t) || !tir_tag_is_int(tag) || bits == 0 || bits > 64) {
		vf_op(v, "'cuda_tile.bounded' is valid only for tile of integer values");
		return;
	}
	/* The signed range of the width: [-2^(w-1), 2^(w-1) - 1]. */
	int64_t max = (int64_t)((UINT64_C(1) << (bits - 1)) - 1), min = -max - 1;
	bool lo = a->flags & 1, hi = (a->flags & 2) != 0;
	const char *which = NULL;
	if (lo && (a->a > max || a->a < min))
		which = "lower";
	else if (hi && (a->b > max || a->b < min))
		which = "upper";
	if (which)
		vf_op(v, "'cuda_tile.bounded' expects %s bound to be within [%lld, %lld]", which,
		      (long long)min, (long long)max);
	else if (lo && hi && a->a > a->b)
		vf_op(v, "'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound");
}

void vf_check_assume(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *p = vf_attr(op, "predicate");
	uint32_t t = vf_res_type(v, op, 0);
	if (!p)
		return;
	switch (p->kind) {
	case BCX_TILEIR_A_DIV_BY: div_by(v, p, t); break;
	case BCX_TILEIR_A_SAME_ELEMENTS: same_elements(v, p, t); break;
	case BCX_TILEIR_A_BOUNDED: bounded(v, p, t); break;
	default: break;
	}
}
