/* Type and operand queries of the verifier. Every query takes any type
 * index: one out of range (or the implicit 13.1 print token) answers as a
 * type without shape, so a rule never reads outside the type table. */
#include "tileir/model/tables.h"
#include "tileir/verify/verify.h"

#include <string.h>

bool vf_is_view(const vf_ctx *v, uint32_t t)
{
	unsigned tag = vf_tag(v, t);
	return tag == BCX_TILEIR_T_PARTITION_VIEW || tag == BCX_TILEIR_T_STRIDED_VIEW ||
	       tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW;
}

const int64_t *vf_dims(const vf_ctx *v, uint32_t t)
{
	const bcx_tileir_type *ty = vf_ty(v, t);
	return ty && ty->rank ? ty->shape : NULL;
}

uint64_t vf_elems(const vf_ctx *v, uint32_t t)
{
	uint64_t n = 1;
	const int64_t *d = vf_dims(v, t);
	for (uint32_t i = 0, r = vf_rank(v, t); i < r; i++)
		if (d[i] <= 0 || __builtin_mul_overflow(n, (uint64_t)d[i], &n))
			return UINT64_MAX;
	return n;
}

static bool same_i64(const int64_t *a, const int64_t *b, uint32_t n)
{
	return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}

bool vf_same_shape(const vf_ctx *v, uint32_t a, uint32_t b)
{
	uint32_t n = vf_rank(v, a);
	return n == vf_rank(v, b) && same_i64(vf_dims(v, a), vf_dims(v, b), n);
}

/* Types refer only to earlier entries of the table, so the recursion is
 * bounded by the nesting the reader allowed; depth is a second guard. */
static bool eq_at(const vf_ctx *v, uint32_t a, uint32_t b, unsigned depth)
{
	if (a == b)
		return true;
	const bcx_tileir_type *x = vf_ty(v, a), *y = vf_ty(v, b);
	if (!x || !y || depth > 16 || x->tag != y->tag || x->rank != y->rank ||
	    x->n_strides != y->n_strides || x->n_dim_map != y->n_dim_map ||
	    x->has_padding != y->has_padding || x->padding_value != y->padding_value ||
	    x->sparse_dim != y->sparse_dim || x->n_inputs != y->n_inputs ||
	    x->n_outputs != y->n_outputs)
		return false;
	if (!same_i64(x->shape, y->shape, x->rank) ||
	    !same_i64(x->strides, y->strides, x->n_strides) ||
	    (x->n_dim_map && memcmp(x->dim_map, y->dim_map, x->n_dim_map * sizeof *x->dim_map)))
		return false;
	for (uint32_t i = 0; i < x->n_inputs + x->n_outputs; i++)
		if (!eq_at(v, x->params[i], y->params[i], depth + 1))
			return false;
	bool has_elem = x->tag == BCX_TILEIR_T_POINTER || x->tag == BCX_TILEIR_T_TILE ||
			x->tag == BCX_TILEIR_T_TENSOR_VIEW || vf_is_view(v, a);
	return !has_elem || eq_at(v, x->elem, y->elem, depth + 1);
}

bool vf_type_eq(const vf_ctx *v, uint32_t a, uint32_t b) { return eq_at(v, a, b, 0); }

const bcx_tileir_attr *vf_attr(const bcx_tileir_op *op, const char *name)
{
	uint32_t slot = 0;
	for (unsigned k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		if (f->name[0] == name[0] && strcmp(f->name, name) == 0)
			return op->attrs[slot].kind == BCX_TILEIR_A_NONE ? NULL : &op->attrs[slot];
		slot++;
	}
	return NULL;
}

bool vf_group(const bcx_tileir_op *op, const char *name, uint32_t *first, uint32_t *n)
{
	uint32_t g = 0, at = 0;
	for (unsigned k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		if (f->kind != BCX_TILEIR_F_OPERAND)
			continue;
		if (f->name[0] == name[0] && strcmp(f->name, name) == 0) {
			*first = at;
			*n = op->segments[g];
			return at <= op->n_operands && *n <= op->n_operands - at;
		}
		at += op->segments[g++];
	}
	return false;
}
