/* Op verifiers of the memory, view and token ops: atomics, view
 * construction, shape queries, globals, alloca, print and join_tokens
 * (facts from the reference's CudaTile.cpp and SharedVerifiers.h). */
#include "tileir/model/tables.h"
#include "tileir/verify/verify.h"

#include <string.h>

enum { MODE_ADDF = 4, MODE_XCHG = 9, ORDER_WEAK = 0, SCOPE_SYS = 2 };

static uint32_t pointee(const vf_ctx *v, uint32_t ptr_tile)
{
	const bcx_tileir_type *p = vf_ty(v, vf_elem(v, ptr_tile));
	return p && p->tag == BCX_TILEIR_T_POINTER ? p->elem : UINT32_MAX - 1;
}

/* "expected pointee type ('f32') to match element type of 'arg' ('i32')" */
static bool pointee_matches(vf_ctx *v, uint32_t ptrs, uint32_t val, const char *name)
{
	uint32_t pt = pointee(v, ptrs), et = vf_elem(v, val);
	if (vf_type_eq(v, pt, et))
		return true;
	vf_begin(v, true);
	vf_printf(v, "expected pointee type (");
	vf_type(v, pt);
	vf_printf(v, ") to match element type of '%s' (", name);
	vf_type(v, et);
	vf_printf(v, ")");
	vf_end(v);
	return false;
}

bool vf_atomic_mode(vf_ctx *v, unsigned mode, uint32_t elem)
{
	unsigned tag = vf_tag(v, elem), bits = tir_tag_bits(tag);
	bool is_int = tir_tag_is_int(tag), is_float = tir_tag_is_float(tag);
	const char *name = bcx_tileir_enum_value(BCX_TILEIR_ENUM_ATOMIC_MODE, mode);
	if (mode == MODE_ADDF) {
		if (!(tag == BCX_TILEIR_T_F16 || tag == BCX_TILEIR_T_BF16 || tag == BCX_TILEIR_T_F32 ||
		      tag == BCX_TILEIR_T_F64))
			return vf_op(v, "'%s' works only with floats f16, bf16, f32, and f64", name);
	} else if (mode == MODE_XCHG) {
		if (!(is_int || is_float) || (bits != 32 && bits != 64))
			return vf_op(v, "'%s' works only with integers or float of 32 or 64 bitwidth",
				     name);
	} else if (name && (!is_int || (bits != 32 && bits != 64))) {
		return vf_op(v, "'%s' works only with integers i32 and i64", name);
	}
	return true;
}

static bool ordering(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *o = vf_attr(op, "memory_ordering_semantics");
	if (o && o->u == ORDER_WEAK)
		return vf_op(v, "memory ordering semantics must be one of: relaxed, acquire, release, "
				"acq_rel");
	return true;
}

static bool mask_shape(vf_ctx *v, const bcx_tileir_op *op, uint32_t val, const char *text)
{
	uint32_t at, n;
	if (vf_group(op, "mask", &at, &n) && n == 1 &&
	    !vf_same_shape(v, vf_opd_type(v, op, at), val))
		return vf_op(v, "%s", text);
	return true;
}

static void atomic_rmw(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t ptrs = vf_opd_type(v, op, 0), arg = vf_opd_type(v, op, 1);
	const bcx_tileir_attr *mode = vf_attr(op, "mode");
	if (pointee_matches(v, ptrs, arg, "arg") &&
	    mask_shape(v, op, arg, "failed to verify that all of {pointers, arg, mask} have same shape") &&
	    (!mode || vf_atomic_mode(v, (unsigned)mode->u, vf_elem(v, arg))))
		ordering(v, op);
}

static void atomic_cas(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t ptrs = vf_opd_type(v, op, 0), val = vf_opd_type(v, op, 2);
	if (!pointee_matches(v, ptrs, val, "val"))
		return;
	unsigned tag = vf_elem_tag(v, val), bits = tir_tag_bits(tag);
	if (!(tir_tag_is_int(tag) || tir_tag_is_float(tag)) || (bits != 32 && bits != 64)) {
		vf_op(v, "expect only float or integer types with 32 or 64 bit");
		return;
	}
	if (mask_shape(v, op, val, "failed to verify that all of {pointers, val, cmp and mask} have same shape"))
		ordering(v, op);
}

/* make_partition_view and friends: the operand is the view's tensor_view. */
static void view_of(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t tv = vf_opd_type(v, op, 0), res = vf_res_type(v, op, 0);
	const bcx_tileir_type *r = vf_ty(v, res);
	if (!r || vf_type_eq(v, tv, r->elem))
		return;
	vf_begin(v, true);
	vf_printf(v, "expected the type of the provided tensor_view value (");
	vf_type(v, tv);
	vf_printf(v, ") to be the same as the view's tensor_view type (");
	vf_type(v, r->elem);
	vf_printf(v, ")");
	vf_end(v);
}

static uint32_t count_dynamic(const int64_t *d, uint32_t n)
{
	uint32_t k = 0;
	for (uint32_t i = 0; i < n; i++)
		k += d[i] == BCX_TILEIR_DYNAMIC;
	return k;
}

static void make_tensor_view(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_type *tv = vf_ty(v, vf_res_type(v, op, 0));
	uint32_t base = pointee(v, vf_opd_type(v, op, 0)), at, n;
	if (!tv)
		return;
	if (!vf_type_eq(v, tv->elem, base)) {
		vf_begin(v, true);
		vf_printf(v, "expected pointer to ");
		vf_type(v, tv->elem);
		vf_printf(v, " to build tensor_view of this type, got ");
		vf_type(v, base);
		vf_end(v);
		return;
	}
	uint32_t want = count_dynamic(tv->shape, tv->rank);
	if (vf_group(op, "dynamicShape", &at, &n) && n != want) {
		vf_op(v, "expected %u dynamic shape operands, got %u", want, n);
		return;
	}
	want = count_dynamic(tv->strides, tv->n_strides);
	if (vf_group(op, "dynamicStrides", &at, &n) && n != want)
		vf_op(v, "expected %u dynamic stride operands, got %u", want, n);
}

/* The index space rank of a view: its tile rank, or for a gather/scatter
 * view the same (one index per dimension). */
static void shape_query(vf_ctx *v, const bcx_tileir_op *op, bool tensor)
{
	uint32_t rank = vf_rank(v, vf_opd_type(v, op, 0));
	if (op->n_results != rank)
		vf_op(v, tensor ? "expected %u results due to tensor rank, but got %u"
				: "expected %u results due to view index space rank, but got %u",
		      rank, op->n_results);
}

static void get_global(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *a = vf_attr(op, "name");
	bcx_tileir_str want = bcx_tileir_string(v->m, a ? a->index : UINT32_MAX);
	for (size_t i = 0; i < v->m->n_globals; i++) {
		bcx_tileir_str g = bcx_tileir_string(v->m, v->m->globals[i].name);
		if (g.len != want.len || (g.len && memcmp(g.ptr, want.ptr, g.len)))
			continue;
		uint32_t ge = vf_elem(v, v->m->globals[i].type), pt = pointee(v, vf_res_type(v, op, 0));
		if (vf_type_eq(v, ge, pt))
			return;
		vf_begin(v, true);
		vf_printf(v, "pointee type of result type ");
		vf_type(v, vf_elem(v, vf_res_type(v, op, 0)));
		vf_printf(v, " does not match type ");
		vf_type(v, ge);
		vf_printf(v, " of the global @%.*s", (int)g.len, (const char *)g.ptr);
		vf_end(v);
		return;
	}
	vf_op(v, "'%.*s' does not reference a valid global", (int)want.len, (const char *)want.ptr);
}

static void alloca_op(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *a = vf_attr(op, "alignment");
	uint64_t align = a ? a->u : 0;
	if (align == 0 || (align & (align - 1)) || align > INT64_MAX) {
		vf_op(v, "'alignment' must be power of two");
		return;
	}
	uint32_t pt = pointee(v, vf_res_type(v, op, 0));
	unsigned tag = vf_tag(v, pt), bits = tir_tag_bits(tag);
	uint64_t size = tag == BCX_TILEIR_T_I1 ? 1 : tag == BCX_TILEIR_T_TF32 ? 4 : bits / 8;
	if (align >= size)
		return;
	vf_begin(v, true);
	vf_printf(v, "'alignment' (%llu) must be at least the natural size (%llu bytes) for "
		     "element type ", (unsigned long long)align, (unsigned long long)size);
	vf_type(v, pt);
	vf_end(v);
}

/* print_tko: one operand per format expression ("%%" is none). */
static void print_op(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *a = vf_attr(op, "str");
	bcx_tileir_str s = bcx_tileir_string(v->m, a ? a->index : UINT32_MAX);
	uint32_t want = 0, at = 0, n = 0;
	for (size_t i = 0; i < s.len; i++) {
		if (s.ptr[i] != '%')
			continue;
		size_t j = i + 1;
		while (j < s.len && !strchr("diuoxXeEfFgGaAcsSpn%", s.ptr[j]))
			j++;
		if (j >= s.len) {
			vf_op(v, "found unterminated format expression");
			return;
		}
		want += !(j == i + 1 && s.ptr[j] == '%');
		i = j == i + 1 && s.ptr[j] == '%' ? j : i;
	}
	vf_group(op, "args", &at, &n);
	if (want != n)
		vf_op(v, "incorrect number of operands: expected %u, found %u", want, n);
}

/* The ops' own verifiers (TIR_VERIFY in ops.def). */
void vf_atomic_rmw(vf_ctx *v, const bcx_tileir_op *op) { atomic_rmw(v, op); }
void vf_atomic_cas(vf_ctx *v, const bcx_tileir_op *op) { atomic_cas(v, op); }
void vf_view_of(vf_ctx *v, const bcx_tileir_op *op) { view_of(v, op); }
void vf_make_tensor_view(vf_ctx *v, const bcx_tileir_op *op) { make_tensor_view(v, op); }
void vf_get_tensor_shape(vf_ctx *v, const bcx_tileir_op *op) { shape_query(v, op, true); }
void vf_get_index_space_shape(vf_ctx *v, const bcx_tileir_op *op) { shape_query(v, op, false); }
void vf_get_global(vf_ctx *v, const bcx_tileir_op *op) { get_global(v, op); }
void vf_alloca(vf_ctx *v, const bcx_tileir_op *op) { alloca_op(v, op); }
void vf_print(vf_ctx *v, const bcx_tileir_op *op) { print_op(v, op); }

void vf_join_tokens(vf_ctx *v, const bcx_tileir_op *op)
{
	if (op->n_operands < 2)
		vf_op(v, "expect two or more tokens");
}
