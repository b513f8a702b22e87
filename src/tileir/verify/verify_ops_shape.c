/* Op verifiers about shapes: permute, reshape, broadcast, cat, extract,
 * the mma family, iota, pack/unpack and select (facts from the reference's
 * CudaTile.cpp; the table rules have already checked the element classes). */
#include "tileir/model/tables.h"
#include "tileir/verify/verify.h"

static void permute(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t src = vf_opd_type(v, op, 0), res = vf_res_type(v, op, 0);
	uint32_t rank = vf_rank(v, src);
	const bcx_tileir_attr *p = vf_attr(op, "permutation");
	uint32_t n = p ? p->n : 0;
	if (rank < 2) {
		vf_op(v, "expects at least rank 2, but got: %u", rank);
		return;
	}
	if (n != rank) {
		vf_op(v, "expect permutation size (%u) to equal the rank of the source (%u)", n,
		      rank);
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		for (uint32_t j = 0; j < i; j++)
			if (p->ints[i] == p->ints[j]) {
				vf_op(v, "expect permutation elements to be unique");
				return;
			}
	for (uint32_t i = 0; i < n; i++)
		if (p->ints[i] < 0 || p->ints[i] >= (int64_t)rank) {
			vf_op(v, "permutation element at index %u (%lld) is out of bound [0, %u)", i,
			      (long long)p->ints[i], rank);
			return;
		}
	const int64_t *sd = vf_dims(v, src), *rd = vf_dims(v, res);
	for (uint32_t i = 0; i < n; i++)
		if (rd[i] != sd[p->ints[i]]) {
			vf_op(v, "result shape invalid at index %u, expected: %lld, but got: %lld", i,
			      (long long)sd[p->ints[i]], (long long)rd[i]);
			return;
		}
}

static void broadcast(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t src = vf_opd_type(v, op, 0), res = vf_res_type(v, op, 0);
	const int64_t *sd = vf_dims(v, src), *rd = vf_dims(v, res);
	for (uint32_t i = 0, n = vf_rank(v, src); i < n; i++) {
		if (sd[i] == rd[i] || sd[i] == 1)
			continue;
		vf_begin(v, true);
		vf_printf(v, "expects the shape of source tile to be compatible with that of the "
			     "result tile, but got: ");
		vf_shape(v, src);
		vf_printf(v, " and ");
		vf_shape(v, res);
		vf_end(v);
		return;
	}
}

static void cat(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t l = vf_opd_type(v, op, 0), r = vf_opd_type(v, op, 1), res = vf_res_type(v, op, 0);
	const bcx_tileir_attr *a = vf_attr(op, "dim");
	int64_t dim = a ? (int64_t)a->u : 0;
	int64_t rank = vf_rank(v, l);
	if (dim < 0 || dim >= rank) {
		vf_op(v, "expect dim to be [0, %lld), but got: %lld", (long long)rank,
		      (long long)dim);
		return;
	}
	const int64_t *ld = vf_dims(v, l), *rd = vf_dims(v, r), *od = vf_dims(v, res);
	if (ld[dim] + rd[dim] != od[dim]) {
		vf_op(v, "invalid concat at position %lld, expected: %lld but got: %lld",
		      (long long)dim, (long long)(ld[dim] + rd[dim]), (long long)od[dim]);
		return;
	}
	for (int64_t i = 0; i < rank; i++) {
		if (i == dim)
			continue;
		if (ld[i] != rd[i]) {
			vf_op(v, "expect lhs and rhs shapes to match at non-concat position %lld, "
				 "expected: %lld but got: %lld", (long long)i, (long long)ld[i],
			      (long long)rd[i]);
			return;
		}
		if (ld[i] != od[i]) {
			vf_op(v, "expect lhs and result shapes to match at non-concat position %lld, "
				 "expected: %lld but got: %lld", (long long)i, (long long)ld[i],
			      (long long)od[i]);
			return;
		}
	}
}

static void extract(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t src = vf_opd_type(v, op, 0), res = vf_res_type(v, op, 0);
	if (!vf_type_eq(v, vf_elem(v, src), vf_elem(v, res))) {
		vf_op(v, "source and result element type do not match");
		return;
	}
	uint32_t rank = vf_rank(v, src);
	const int64_t *sd = vf_dims(v, src), *rd = vf_dims(v, res);
	for (uint32_t i = 0; i < rank; i++)
		if (rd[i] <= 0 || sd[i] % rd[i] != 0) {
			vf_op(v, "source dimension %u size (%lld) must be evenly divisible by result "
				 "dimension %u size (%lld)", i, (long long)sd[i], i, (long long)rd[i]);
			return;
		}
	if (op->n_operands - 1 != rank)
		vf_op(v, "expected %u indices, but got %u", rank, op->n_operands - 1);
}

/* One "shape error" of the mma family; names are lhs, rhs, acc. */
static bool mma_dim(vf_ctx *v, const char *an, uint32_t a, uint32_t ai, const char *bn,
		    uint32_t b, uint32_t bi, bool lead_space)
{
	int64_t x = vf_dims(v, a)[ai], y = vf_dims(v, b)[bi];
	if (x == y)
		return true;
	vf_begin(v, true);
	vf_printf(v, "%sshape error: dim %u of %s (%lld) and dim %u of %s (%lld) must match, but "
		     "got %s shape (", lead_space ? " " : "", ai, an, (long long)x, bi, bn,
		  (long long)y, an);
	vf_shape(v, a);
	vf_printf(v, ") and %s shape (", bn);
	vf_shape(v, b);
	vf_printf(v, ")");
	vf_end(v);
	return false;
}

static bool mma_shapes(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t l = vf_opd_type(v, op, 0), r = vf_opd_type(v, op, 1), acc = vf_opd_type(v, op, 2);
	uint32_t rank = vf_rank(v, l);
	if (rank != 2 && rank != 3)
		return vf_op(v, "operands must be 2D or 3D tiles");
	uint32_t b = rank == 3;
	if (b && (!mma_dim(v, "lhs", l, 0, "rhs", r, 0, false) ||
		  !mma_dim(v, "lhs", l, 0, "acc", acc, 0, false)))
		return false;
	return mma_dim(v, "lhs", l, b + 1, "rhs", r, b, true) &&
	       mma_dim(v, "lhs", l, b, "acc", acc, b, true) &&
	       mma_dim(v, "rhs", r, b + 1, "acc", acc, b + 1, true);
}

/* mmaf_scaled: the scales' shapes against lhs and rhs (batch, M and N
 * equal, K of lhs_scale = K of rhs_scale and a divisor of lhs's K), the
 * element types a scale type allows, and the block size (K / scale K). */
static bool scale_types(vf_ctx *v, unsigned scale, unsigned elem)
{
	if (scale == BCX_TILEIR_T_F8E4M3FN && elem != BCX_TILEIR_T_F4E2M1FN)
		return vf_op(v, "unsupported combination of element types. Scale type 'f8E4M3FN' "
				"expects lhs and rhs element types to be 'f4E2M1FN', but got '%s'",
			     bcx_tileir_type_tag_name(elem));
	if (scale == BCX_TILEIR_T_F8E8M0FNU && elem != BCX_TILEIR_T_F8E4M3FN &&
	    elem != BCX_TILEIR_T_F8E5M2 && elem != BCX_TILEIR_T_F4E2M1FN)
		return vf_op(v, "unsupported combination of element types. Scale type 'f8E8M0FNU' "
				"expects lhs and rhs element types to be one of {'f8E4M3FN', "
				"'f8E5M2', 'f4E2M1FN'}, but got '%s'", bcx_tileir_type_tag_name(elem));
	return true;
}

static bool block_size(vf_ctx *v, unsigned scale, unsigned elem, int64_t n)
{
	if ((elem == BCX_TILEIR_T_F8E4M3FN || elem == BCX_TILEIR_T_F8E5M2) && n != 32)
		return vf_op(v, "shape error: f8 element type requires block scale factor of "
				"lhs_scale and rhs_scale to be 32, but got %lld", (long long)n);
	if (elem != BCX_TILEIR_T_F4E2M1FN)
		return true;
	if (scale == BCX_TILEIR_T_F8E4M3FN && n != 16)
		return vf_op(v, "shape error: f4E2M1FN element type with f8E4M3FN scales requires "
				"block scale factor of lhs_scale and rhs_scale to be 16, but got %lld",
			     (long long)n);
	if (scale == BCX_TILEIR_T_F8E8M0FNU && n != 16 && n != 32)
		return vf_op(v, "shape error: f4E2M1FN element type with f8E8M0FNU scales requires "
				"block scale factor of lhs_scale and rhs_scale to be 16 or 32, but "
				"got %lld", (long long)n);
	return true;
}

static void mmaf_scaled(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t l = vf_opd_type(v, op, 0), r = vf_opd_type(v, op, 1);
	uint32_t ls = vf_opd_type(v, op, 3), rs = vf_opd_type(v, op, 4);
	uint32_t b = vf_rank(v, l) == 3, row = b, col = b + 1;
	if ((b && (!mma_dim(v, "lhs", l, 0, "lhs_scale", ls, 0, false) ||
		   !mma_dim(v, "rhs", r, 0, "rhs_scale", rs, 0, false))) ||
	    !mma_dim(v, "lhs", l, row, "lhs_scale", ls, row, false) ||
	    !mma_dim(v, "rhs", r, col, "rhs_scale", rs, col, false) ||
	    !mma_dim(v, "lhs_scale", ls, col, "rhs_scale", rs, row, false))
		return;
	unsigned scale = vf_elem_tag(v, ls), elem = vf_elem_tag(v, l);
	if (!scale_types(v, scale, elem))
		return;
	int64_t k = vf_dims(v, l)[col], sk = vf_dims(v, ls)[col];
	if (sk <= 0 || k % sk != 0) {
		vf_begin(v, true);
		vf_printf(v, "shape error: dim %u of lhs_scale (%lld) must be a divisor of dim %u of "
			     "lhs (%lld), but got lhs_scale shape (", col, (long long)sk, col,
			  (long long)k);
		vf_shape(v, ls);
		vf_printf(v, ") and lhs shape (");
		vf_shape(v, l);
		vf_printf(v, ")");
		vf_end(v);
		return;
	}
	block_size(v, scale, elem, k / sk);
}

/* mmaf: which accumulator element types each input element type allows. */
static void mmaf_types(vf_ctx *v, const bcx_tileir_op *op)
{
	unsigned in = vf_elem_tag(v, vf_opd_type(v, op, 0));
	unsigned out = vf_elem_tag(v, vf_opd_type(v, op, 2));
	bool f16_ok = in == BCX_TILEIR_T_F4E2M1FN || in == BCX_TILEIR_T_F8E4M3FN ||
		      in == BCX_TILEIR_T_F8E5M2 || in == BCX_TILEIR_T_F16;
	bool f32_in = in == BCX_TILEIR_T_BF16 || in == BCX_TILEIR_T_TF32 || in == BCX_TILEIR_T_F32;
	const char *allowed = f16_ok ? "'f16', 'f32'" : f32_in ? "'f32'"
						  : in == BCX_TILEIR_T_F64 ? "'f64'" : NULL;
	if (!allowed) {
		vf_begin(v, true);
		vf_printf(v, "unsupported input element type: ");
		vf_type(v, vf_elem(v, vf_opd_type(v, op, 0)));
		vf_end(v);
		return;
	}
	bool ok = f16_ok ? out == BCX_TILEIR_T_F16 || out == BCX_TILEIR_T_F32
		: f32_in ? out == BCX_TILEIR_T_F32 : out == BCX_TILEIR_T_F64;
	if (ok)
		return;
	vf_begin(v, true);
	vf_printf(v, "unsupported combination of element types. Input type ");
	vf_type(v, vf_elem(v, vf_opd_type(v, op, 0)));
	vf_printf(v, " expects accumulator/result type to be one of {%s}, but got ", allowed);
	vf_type(v, vf_elem(v, vf_opd_type(v, op, 2)));
	vf_end(v);
}

static void iota(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t res = vf_res_type(v, op, 0);
	unsigned et = vf_elem_tag(v, res);
	if (!vf_is_tile(v, res) || !tir_tag_is_int(et) || et == BCX_TILEIR_T_I4) {
		vf_begin(v, true);
		vf_printf(v, "result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but "
			     "got ");
		vf_type(v, res);
		vf_end(v);
		return;
	}
	if (vf_rank(v, res) != 1) {
		vf_op(v, "expects result type to be 1-d tile");
		return;
	}
	uint64_t n = (uint64_t)vf_dims(v, res)[0];
	unsigned bits = tir_tag_bits(et);
	if (bits < 64 && n > (UINT64_C(1) << bits)) {
		vf_begin(v, true);
		vf_printf(v, "the number of elements %llu exceeds the maximum value of element "
			     "type ", (unsigned long long)n);
		vf_type(v, vf_elem(v, res));
		vf_end(v);
	}
}

static uint64_t bits_of(const vf_ctx *v, uint32_t t)
{
	unsigned et = vf_elem_tag(v, t);
	unsigned w = et == BCX_TILEIR_T_TF32 ? 32 : tir_tag_bits(et);
	uint64_t n = vf_elems(v, t);
	return n > UINT64_MAX / 64 ? UINT64_MAX : n * w;
}

static void pack(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t src = vf_opd_type(v, op, 0), res = vf_res_type(v, op, 0);
	if (vf_rank(v, src) != 1) {
		vf_op(v, "expects source and result to be rank-1 tiles");
		return;
	}
	if (tir_tag_bits(vf_elem_tag(v, src)) == tir_tag_bits(vf_elem_tag(v, res))) {
		vf_op(v, "expects source and result to have different element type widths");
		return;
	}
	uint64_t a = bits_of(v, src), b = bits_of(v, res);
	if (a % 8)
		vf_op(v, "expects source tile to be byte-aligned");
	else if (b % 8)
		vf_op(v, "expects result tile to be byte-aligned");
	else if (a != b)
		vf_op(v, "expects source and result to have the same size in bytes, but got source "
			 "tile size %llu bytes and result tile size %llu bytes",
		      (unsigned long long)(a / 8), (unsigned long long)(b / 8));
}

/* The ops' own verifiers (TIR_VERIFY in ops.def). */
void vf_permute(vf_ctx *v, const bcx_tileir_op *op) { permute(v, op); }
void vf_broadcast(vf_ctx *v, const bcx_tileir_op *op) { broadcast(v, op); }
void vf_cat(vf_ctx *v, const bcx_tileir_op *op) { cat(v, op); }
void vf_extract(vf_ctx *v, const bcx_tileir_op *op) { extract(v, op); }
void vf_iota(vf_ctx *v, const bcx_tileir_op *op) { iota(v, op); }
void vf_pack(vf_ctx *v, const bcx_tileir_op *op) { pack(v, op); }

void vf_reshape(vf_ctx *v, const bcx_tileir_op *op)
{
	if (vf_elems(v, vf_opd_type(v, op, 0)) != vf_elems(v, vf_res_type(v, op, 0)))
		vf_op(v, "expected source tile and result tile to have the same number of elements");
}

void vf_mmaf(vf_ctx *v, const bcx_tileir_op *op)
{
	if (mma_shapes(v, op))
		mmaf_types(v, op);
}

void vf_mmai(vf_ctx *v, const bcx_tileir_op *op) { mma_shapes(v, op); }

void vf_mmaf_scaled(vf_ctx *v, const bcx_tileir_op *op)
{
	if (mma_shapes(v, op))
		mmaf_scaled(v, op);
}

void vf_select(vf_ctx *v, const bcx_tileir_op *op)
{
	if (vf_elem_tag(v, vf_res_type(v, op, 0)) == BCX_TILEIR_T_F4E2M1FN)
		vf_op(v, "cannot operate on sub-byte type F4E2M1FN");
}
