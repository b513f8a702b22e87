/* The Tile IR builder: module, attributes, debug locations, globals and
 * entry functions (bcx/tileir_build.h). Operations are in build_ops.c. */
#include "tileir/build_internal.h"
#include "common/internal.h"
#include "tileir/tables.h"

#include <string.h>

bcx_tb_module *bcx_tb_module_new(const bcx_allocator *a)
{
	bcx_arena *ar = bcx_arena_new(a);
	if (!ar)
		return NULL;
	bcx_tb_module *m = bcx_arena_calloc(ar, 1, sizeof *m);
	if (!m) {
		bcx_arena_free(ar);
		return NULL;
	}
	m->arena = ar;
	m->alloc = bcx_arena_allocator(ar);
	wr_table_init(&m->type_keys, m->alloc);
	return m;
}

void bcx_tb_module_free(bcx_tb_module *m)
{
	if (!m)
		return;
	wr_table_free(&m->type_keys);
	bcx_arena_free(m->arena);
}



bcx_status bcx_tb_set_producer(bcx_tb_module *m, const char *s, size_t n, bcx_diag *d)
{
	if (!m || (!s && n))
		return bcx_bad_arg(d, "null argument");
	m->producer = bcx_arena_memdup(m->arena, s ? s : "", n);
	if (!m->producer)
		return bcx_nomem(d);
	m->producer_len = n;
	m->has_producer = true;
	return BCX_OK;
}

/* ---- attributes ---- */

static bcx_tb_attr *new_attr(bcx_tb_module *m, bcx_tileir_attr_kind k)
{
	bcx_tb_attr *a = bcx_arena_calloc(m->arena, 1, sizeof *a);
	if (a)
		a->kind = k;
	return a;
}

#define NEW_ATTR(kind)                                    \
	if (!m || !out)                                   \
		return bcx_bad_arg(d, "null argument");          \
	bcx_tb_attr *a = new_attr(m, kind);               \
	if (!a)                                           \
		return bcx_nomem(d)

static bool type_is(const bcx_tb_module *m, uint32_t t, bool (*pred)(unsigned))
{
	return tb_type_valid(m, t) && pred(tb_type(m, t)->tag);
}

bcx_status bcx_tb_attr_int(bcx_tb_module *m, bcx_tb_type int_type, uint64_t value,
			   bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_INTEGER);
	if (!type_is(m, int_type, tir_tag_is_int))
		return bcx_bad_arg(d, "integer attribute needs an integer type");
	unsigned w = tir_tag_bits(tb_type(m, int_type)->tag);
	if (w < 64 && (value >> w) != 0)
		return bcx_diag_set(d, BCX_ERR_OVERFLOW, -1, "value %llu does not fit in %u bits",
				    (unsigned long long)value, w);
	a->type = int_type;
	a->u = value;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_float(bcx_tb_module *m, bcx_tb_type float_type, uint64_t bits,
			     bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_FLOAT);
	if (!type_is(m, float_type, tir_tag_is_float))
		return bcx_bad_arg(d, "float attribute needs a float type");
	unsigned w = tir_tag_bits(tb_type(m, float_type)->tag);
	if (w < 64 && (bits >> w) != 0)
		return bcx_bad_arg(d, "float bit pattern wider than its type");
	a->type = float_type;
	a->u = bits;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_bool(bcx_tb_module *m, bool v, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_BOOL);
	/* Written as an i1 Integer, like the reference (spec §13.2). */
	bcx_status st = bcx_tb_type_scalar(m, BCX_TB_I1, &a->type, d);
	if (st)
		return st;
	a->u = v;
	*out = a;
	return BCX_OK;
}

static bcx_status bytes_attr(bcx_tb_module *m, bcx_tileir_attr_kind k, const void *s, size_t n,
			     bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(k);
	if ((!s && n) || n > UINT32_MAX)
		return bcx_bad_arg(d, "bad string argument");
	a->bytes = (const uint8_t *)bcx_arena_memdup(m->arena, s ? s : "", n);
	if (!a->bytes)
		return bcx_nomem(d);
	a->n = (uint32_t)n;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_string(bcx_tb_module *m, const char *s, size_t n, bcx_tb_attr **out,
			      bcx_diag *d)
{
	return bytes_attr(m, BCX_TILEIR_A_STRING, s, n, out, d);
}

bcx_status bcx_tb_attr_symbol(bcx_tb_module *m, const char *s, size_t n, bcx_tb_attr **out,
			      bcx_diag *d)
{
	if (n == 0)
		return bcx_bad_arg(d, "empty symbol reference is invalid");
	return bytes_attr(m, BCX_TILEIR_A_SYMBOL, s, n, out, d);
}

bcx_status bcx_tb_attr_type(bcx_tb_module *m, bcx_tb_type t, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_TYPE);
	if (!tb_type_valid(m, t))
		return bcx_bad_arg(d, "not a type of this module");
	a->type = t;
	a->u = t;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_enum(bcx_tb_module *m, uint64_t value, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_ENUM);
	a->u = value;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_unit(bcx_tb_module *m, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_UNIT);
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_i32_array(bcx_tb_module *m, const int32_t *v, uint32_t n,
				 bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_I32_ARRAY);
	if (n && !v)
		return bcx_bad_arg(d, "null array");
	a->i32 = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *a->i32);
	if (!a->i32)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++) {
		if (v[i] == INT32_MAX || v[i] == INT32_MIN)
			return bcx_bad_arg(d, "array contains an unsupported value (INT32_MIN/INT32_MAX)");
		a->i32[i] = v[i];
	}
	a->n = n;
	*out = a;
	return BCX_OK;
}

/* Array elements must be typed attributes (spec §13.2, tag 6). */
static bool typed_attr(const bcx_tb_attr *e)
{
	return e && (e->kind == BCX_TILEIR_A_INTEGER || e->kind == BCX_TILEIR_A_FLOAT || e->kind == BCX_TILEIR_A_BOOL ||
		     e->kind == BCX_TILEIR_A_STRING || e->kind == BCX_TILEIR_A_DENSE);
}

bcx_status bcx_tb_attr_array(bcx_tb_module *m, bcx_tb_attr *const *elems, uint32_t n,
			     bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_ARRAY);
	if (n && !elems)
		return bcx_bad_arg(d, "null array");
	a->elems = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *a->elems);
	if (!a->elems)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++) {
		if (!typed_attr(elems[i]))
			return bcx_bad_arg(d, "array elements must be integer, float, bool, string or "
				      "dense attributes");
		a->elems[i] = elems[i];
	}
	a->n = n;
	*out = a;
	return BCX_OK;
}

static bool valid_dict_value(const bcx_tb_attr *v)
{
	return v && v->kind != BCX_TILEIR_A_ENUM && v->kind != BCX_TILEIR_A_UNIT && v->kind != BCX_TILEIR_A_I32_ARRAY &&
	       v->kind != BCX_TILEIR_A_SYMBOL;
}

bcx_status bcx_tb_attr_dict(bcx_tb_module *m, const char *const *keys, const size_t *key_lens,
			    bcx_tb_attr *const *vals, uint32_t n, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_DICT);
	if (n && (!keys || !vals))
		return bcx_bad_arg(d, "null dictionary arrays");
	a->elems = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *a->elems);
	a->keys = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *a->keys);
	a->key_lens = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *a->key_lens);
	if (!a->elems || !a->keys || !a->key_lens)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++) {
		size_t kl = key_lens ? key_lens[i] : (keys[i] ? strlen(keys[i]) : 0);
		if (!keys[i] || kl == 0)
			return bcx_bad_arg(d, "dictionary keys must be non-empty");
		if (!valid_dict_value(vals[i]))
			return bcx_bad_arg(d, "dictionary value kind cannot be encoded");
		for (uint32_t j = 0; j < i; j++)
			if (a->key_lens[j] == kl && memcmp(a->keys[j], keys[i], kl) == 0)
				return bcx_bad_arg(d, "duplicate dictionary key");
		a->keys[i] = bcx_arena_memdup(m->arena, keys[i], kl);
		if (!a->keys[i])
			return bcx_nomem(d);
		a->key_lens[i] = kl;
		a->elems[i] = vals[i];
	}
	a->n = n;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_hints(bcx_tb_module *m, bcx_tb_attr *dict, bcx_tb_attr **out,
			     bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_HINTS);
	if (!dict || dict->kind != BCX_TILEIR_A_DICT)
		return bcx_bad_arg(d, "optimization hints need a dictionary");
	for (uint32_t i = 0; i < dict->n; i++)
		if (dict->elems[i]->kind != BCX_TILEIR_A_DICT)
			return bcx_bad_arg(d, "optimization hint values must be dictionaries");
	a->elems = bcx_arena_calloc(m->arena, 1, sizeof *a->elems);
	if (!a->elems)
		return bcx_nomem(d);
	a->elems[0] = dict;
	a->n = 1;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_dense(bcx_tb_module *m, bcx_tb_type tile, const void *data, size_t n,
			     bcx_tb_attr **out, bcx_diag *d)
{
	if (!m || !tb_type_valid(m, tile) || tb_type(m, tile)->tag != BCX_TILEIR_T_TILE)
		return bcx_bad_arg(d, "dense elements need a tile type");
	const tb_typeinfo *ti = tb_type(m, tile);
	unsigned bits = tir_tag_bits(tb_type(m, ti->elem)->tag);
	if (bits == 0)
		return bcx_bad_arg(d, "dense elements need a tile of a number type");
	size_t esz = (bits + 7) / 8, total;
	if (!bcx_mul_ok(esz, (size_t)tb_tile_count(ti), &total) || (n != esz && n != total))
		return bcx_bad_arg(d, "dense data must hold one element or every element");
	bcx_status st = bytes_attr(m, BCX_TILEIR_A_DENSE, data, n, out, d);
	if (st == BCX_OK)
		(*out)->type = tile;
	return st;
}

bcx_status bcx_tb_attr_div_by(bcx_tb_module *m, uint64_t divisor, bool has_every, int64_t every,
			      bool has_along, int64_t along, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_DIV_BY);
	if (has_every != has_along) /* the reference verifier's rule */
		return bcx_bad_arg(d, "'div_by' 'every'/'along' must be used in combination");
	a->u = divisor;
	a->has_a = has_every;
	a->a = every;
	a->has_b = has_along;
	a->b = along;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_same_elements(bcx_tb_module *m, const int64_t *v, uint32_t n,
				     bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_SAME_ELEMENTS);
	if (n && !v)
		return bcx_bad_arg(d, "null array");
	a->i64 = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *a->i64);
	if (!a->i64)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++) {
		if (v[i] == INT64_MAX || v[i] == INT64_MIN)
			return bcx_bad_arg(d, "same_elements cannot hold INT64_MIN or INT64_MAX");
		a->i64[i] = v[i];
	}
	a->n = n;
	*out = a;
	return BCX_OK;
}

bcx_status bcx_tb_attr_bounded(bcx_tb_module *m, bool has_lb, int64_t lb, bool has_ub,
			       int64_t ub, bcx_tb_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_BOUNDED);
	a->has_a = has_lb;
	a->a = lb;
	a->has_b = has_ub;
	a->b = ub;
	*out = a;
	return BCX_OK;
}
