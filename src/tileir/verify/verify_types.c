/* Type verification done while reading (spec §7.2 notes, §20.2 T9/T10):
 * the rules the reference's type constructors check. */
#include "tileir/model/limits.h"
#include "tileir/read/read.h"
#include "tileir/model/tables.h"

bool tir_is_int_type(const bcx_tileir_module *m, uint32_t type)
{
	return type < m->n_types && tir_tag_is_int(m->types[type].tag);
}

bool tir_is_float_type(const bcx_tileir_module *m, uint32_t type)
{
	return type < m->n_types && tir_tag_is_float(m->types[type].tag);
}

/* Pointee / tensor_view element set: every number type except i4. */
static bool tag_is_pointee(unsigned tag)
{
	return tag != BCX_TILEIR_T_I4 && (tir_tag_is_int(tag) || tir_tag_is_float(tag));
}

static bool pow2_dims(const int64_t *d, uint32_t n, uint64_t *total)
{
	*total = 1;
	for (uint32_t i = 0; i < n; i++) {
		if (d[i] <= 0 || (d[i] & (d[i] - 1)) || d[i] > (1 << 24))
			return false;
		*total *= (uint64_t)d[i];
		if (*total > (1u << 24))
			return false;
	}
	return true;
}

static bool verify_tile(const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	unsigned et = m->types[t->elem].tag;
	uint64_t total;
	if (!(tir_tag_is_int(et) || tir_tag_is_float(et) || et == BCX_TILEIR_T_POINTER))
		return false;
	if (!pow2_dims(t->shape, t->rank, &total))
		return false;
	if (et == BCX_TILEIR_T_F4E2M1FN) {
		bool even = false;
		for (uint32_t i = 0; i < t->rank; i++)
			even |= (t->shape[i] % 2) == 0;
		return t->rank >= 1 && even;
	}
	return true;
}

static bool verify_tensor_view(const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	if (!tag_is_pointee(m->types[t->elem].tag) || t->n_strides != t->rank)
		return false;
	for (uint32_t i = 0; i < t->rank; i++)
		if ((t->shape[i] <= 0 && t->shape[i] != BCX_TILEIR_DYNAMIC) ||
		    (t->strides[i] <= 0 && t->strides[i] != BCX_TILEIR_DYNAMIC))
			return false;
	return true;
}

static bool is_permutation(const int32_t *d, uint32_t n)
{
	uint64_t seen = 0; /* n <= TIR_LIMIT_RANK, checked before */
	if (n > TIR_LIMIT_RANK)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		if (d[i] < 0 || (uint32_t)d[i] >= n || (seen >> d[i]) & 1)
			return false;
		seen |= 1ull << d[i];
	}
	return true;
}

static bool verify_view(const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	const bcx_tileir_type *tv = &m->types[t->elem];
	uint64_t total;
	if (tv->tag != BCX_TILEIR_T_TENSOR_VIEW || t->rank == 0 || t->rank != tv->rank)
		return false;
	if (!pow2_dims(t->shape, t->rank, &total))
		return false;
	if (t->has_padding && t->padding_value != 0 && !tir_tag_is_float(m->types[tv->elem].tag))
		return false;
	if (t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW)
		return true;
	if (t->n_dim_map != t->rank || !is_permutation(t->dim_map, t->n_dim_map))
		return false;
	return t->tag != BCX_TILEIR_T_STRIDED_VIEW || t->n_strides == t->rank;
}


static bool verify_one(const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	if (t->rank > TIR_LIMIT_RANK || t->n_strides > TIR_LIMIT_RANK || t->n_dim_map > TIR_LIMIT_RANK)
		return false;
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
		return tag_is_pointee(m->types[t->elem].tag);
	case BCX_TILEIR_T_TILE:
		return verify_tile(m, t);
	case BCX_TILEIR_T_TENSOR_VIEW:
		return verify_tensor_view(m, t);
	case BCX_TILEIR_T_PARTITION_VIEW:
	case BCX_TILEIR_T_GATHER_SCATTER_VIEW:
	case BCX_TILEIR_T_STRIDED_VIEW:
		return verify_view(m, t);
	case BCX_TILEIR_T_FUNCTION:
		for (uint32_t i = 0; i < t->n_inputs + t->n_outputs; i++)
			if (m->types[t->params[i]].tag == BCX_TILEIR_T_FUNCTION)
				return false;
		return true;
	default:
		return true;
	}
}

bool tir_verify_type(bcx_tileir_module *m, uint32_t i, bcx_cursor *c);
bool tir_verify_type(bcx_tileir_module *m, uint32_t i, bcx_cursor *c)
{
	const bcx_tileir_type *t = &m->types[i];
	if (verify_one(m, t))
		return true;
	bcx_cur_fail_at(c, t->offset, BCX_ERR_MALFORMED,
			"type %u (%s) fails verification: invalid parameters", i,
			bcx_tileir_type_tag_name(t->tag));
	return false;
}
