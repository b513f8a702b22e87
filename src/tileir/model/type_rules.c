/* The reference's tile and view type rules (type_rules.h). */
#include "tileir/model/type_rules.h"
#include "tileir/model/limits.h"
#include "tileir/model/tables.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdarg.h>
#include <stdio.h>

static const char *say(char *buf, const char *fmt, ...) BCX_PRINTF(2, 3);
static const char *say(char *buf, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, TIR_RULE_MSG_CAP, fmt, ap);
	va_end(ap);
	return buf;
}

/* "4, 8", as MLIR prints an ArrayRef, into text (TIR_RULE_MSG_CAP / 2). */
static const char *list(const int64_t *v, uint32_t n, char *text)
{
	size_t k = 0, cap = TIR_RULE_MSG_CAP / 2;
	text[0] = 0;
	for (uint32_t i = 0; i < n && k < cap; i++)
		k += (size_t)snprintf(text + k, cap - k, "%s%lld", i ? ", " : "", (long long)v[i]);
	return text;
}

const char *tir_tile_problem(unsigned elem_tag, const int64_t *dims, uint32_t n, char *buf)
{
	char text[TIR_RULE_MSG_CAP / 2];
	if (elem_tag == BCX_TILEIR_T_F4E2M1FN) { /* two elements a byte */
		bool even = false;
		for (uint32_t i = 0; i < n; i++)
			even = even || dims[i] % 2 == 0;
		if (!even)
			return say(buf, "F4E2M1FN tiles must have an even number of elements");
	}
	int64_t count = 1;
	for (uint32_t i = 0; i < n; i++) {
		if (dims[i] <= 0)
			return say(buf, "all dimensions must be positive constants, got %s",
				   list(dims, n, text));
		if (dims[i] & (dims[i] - 1))
			return say(buf, "all dimensions must be powers of two, got %s",
				   list(dims, n, text));
		if (count > (1 << 24) / dims[i])
			return say(buf, "tile would exceed the maximum of 16777216 elements");
		count *= dims[i];
	}
	return NULL;
}

bool tir_tag_is_pointee(unsigned tag)
{
	return tag != BCX_TILEIR_T_I4 && (tir_tag_is_int(tag) || tir_tag_is_float(tag));
}

/* "4, ?", as the reference lists a tensor_view's sizes (? for dynamic),
 * into text (TIR_RULE_MSG_CAP / 2). */
static const char *dyn_list(const int64_t *v, uint32_t n, char *text)
{
	size_t k = 0, cap = TIR_RULE_MSG_CAP / 2;
	text[0] = 0;
	for (uint32_t i = 0; i < n && k < cap; i++)
		k += v[i] == BCX_TILEIR_DYNAMIC
			     ? (size_t)snprintf(text + k, cap - k, "%s?", i ? ", " : "")
			     : (size_t)snprintf(text + k, cap - k, "%s%lld", i ? ", " : "",
						(long long)v[i]);
	return text;
}

static bool all_positive_or_dynamic(const int64_t *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		if (v[i] <= 0 && v[i] != BCX_TILEIR_DYNAMIC)
			return false;
	return true;
}

const char *tir_tensor_view_problem(unsigned elem_tag, const int64_t *shape, uint32_t rank,
				    const int64_t *strides, uint32_t n_strides, char *buf)
{
	char text[TIR_RULE_MSG_CAP / 2];
	if (!tir_tag_is_pointee(elem_tag))
		return say(buf, "tensor_view element must be an integer or float type other than i4");
	if (rank != n_strides)
		return say(buf, "expected shape and stride to be of same rank but got shape of rank "
				"%u and stride of rank %u", rank, n_strides);
	if (!all_positive_or_dynamic(shape, rank))
		return say(buf, "dimensions must have strictly positive constant sizes but got [%s]",
			   dyn_list(shape, rank, text));
	if (!all_positive_or_dynamic(strides, n_strides))
		return say(buf, "dimensions must have strictly positive constant strides but got [%s]",
			   dyn_list(strides, n_strides, text));
	return NULL;
}

/* The rules every view kind starts with: rank, then the tile's dimensions. */
static const char *shape_problem(const tir_view_parts *v, char *buf, char *text)
{
	if (v->rank == 0)
		return say(buf, "0-dimension tile shape is not supported");
	if (v->rank != v->tv_rank)
		return say(buf, "expected tensor_view rank and tile rank to match, got tensor_view "
				"of rank %u and tiles of rank %u", v->tv_rank, v->rank);
	if (v->tag != BCX_TILEIR_T_GATHER_SCATTER_VIEW && v->dim_map && v->n_map != v->rank)
		return say(buf, "expected dim_map to map exactly all %u dimensions of the tile, got "
				"%u mappings", v->rank, v->n_map);
	for (uint32_t i = 0; i < v->rank; i++)
		if (v->tile[i] <= 0)
			return say(buf, "tile shape dimensions must have positive length but got [%s]",
				   list(v->tile, v->rank, text));
	for (uint32_t i = 0; i < v->rank; i++)
		if (v->tile[i] & (v->tile[i] - 1))
			return say(buf, "tile shape dimensions must have power of two length but "
					"got [%s]", list(v->tile, v->rank, text));
	return NULL;
}

static const char *dim_map_problem(const tir_view_parts *v, char *buf)
{
	int32_t used[TIR_LIMIT_RANK];
	for (uint32_t i = 0; i < v->tv_rank && i < TIR_LIMIT_RANK; i++)
		used[i] = -1;
	for (uint32_t i = 0; v->dim_map && i < v->n_map; i++) {
		int64_t d = v->dim_map[i];
		if (d < 0)
			return say(buf, "target dimension must not be negative, got %lld", (long long)d);
		if (d >= (int64_t)v->tv_rank || d >= TIR_LIMIT_RANK)
			return say(buf, "target dimension is outside of tensor view dimensions, expected "
					"strictly less than %u, got %lld", v->tv_rank, (long long)d);
		if (used[d] >= 0)
			return say(buf, "target dimension %lld mapped at least twice (for tile "
					"dimensions %d and %u)", (long long)d, used[d], i);
		used[d] = (int32_t)i;
	}
	return NULL;
}

/* Special padding values are for float elements only. */
static const char *padding_problem(const tir_view_parts *v, char *buf)
{
	static const char *const names[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
	if (v->pad == BCX_TILEIR_PAD_NONE || v->pad == BCX_TILEIR_PAD_ZERO ||
	    v->pad >= sizeof names / sizeof *names || tir_tag_is_float(v->tv_elem_tag))
		return NULL;
	return say(buf, "padding_value %s can only be used with floating point element types, got "
			"%s", names[v->pad], bcx_tileir_type_tag_name(v->tv_elem_tag));
}

const char *tir_view_problem(const tir_view_parts *v, char *buf)
{
	char text[TIR_RULE_MSG_CAP / 2];
	const char *p = shape_problem(v, buf, text);
	if (p)
		return p;
	bool gather = v->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW;
	if (gather && v->sparse_dim >= v->tv_rank)
		return say(buf, "gather dimension is outside of tensor view dimensions, expected "
				"strictly less than %u, got %llu", v->tv_rank,
			   (unsigned long long)v->sparse_dim);
	if (!gather && (p = dim_map_problem(v, buf)) != NULL)
		return p;
	if ((p = tir_tile_problem(v->tv_elem_tag, v->tile, v->rank, buf)) != NULL ||
	    (p = padding_problem(v, buf)) != NULL)
		return p;
	if (v->tag != BCX_TILEIR_T_STRIDED_VIEW || !v->trav)
		return NULL;
	if (v->n_trav != v->rank)
		return say(buf, "expected %u traversal strides, got %u", v->rank, v->n_trav);
	for (uint32_t i = 0; i < v->n_trav; i++)
		if (v->trav[i] <= 0)
			return say(buf, "traversal strides must be strictly positive but got [%s]",
				   list(v->trav, v->n_trav, text));
	return NULL;
}
