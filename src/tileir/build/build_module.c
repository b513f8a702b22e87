/* The Tile IR builder: module, attributes, debug locations, globals and
 * entry functions (bcx/tileir_build.h). Operations are in build_ops.c. */
#include "tileir/build/build_internal.h"
#include "common/internal.h"
#include "tileir/model/tables.h"

#include <string.h>

bcx_tileir_builder *bcx_tileir_builder_new(const bcx_allocator *a)
{
	bcx_tileir_module *mm = bcx_tileir_module_new(a);
	bcx_tileir_builder *m = mm ? bcx_arena_calloc(mm->arena, 1, sizeof *m) : NULL;
	if (!m) {
		bcx_tileir_close(mm);
		return NULL;
	}
	m->m = mm;
	m->arena = mm->arena;
	m->alloc = bcx_arena_allocator(mm->arena);
	wr_table *t[] = {&m->type_keys, &m->str_keys, &m->rec_keys, &m->const_keys};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		wr_table_init(t[i], m->alloc);
	return m;
}

void bcx_tileir_builder_free(bcx_tileir_builder *m)
{
	if (!m)
		return;
	wr_table *t[] = {&m->type_keys, &m->str_keys, &m->rec_keys, &m->const_keys};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		wr_table_free(t[i]);
	bcx_free(m->alloc, m->m->functions, m->cap_funcs * sizeof *m->m->functions);
	bcx_free(m->alloc, m->funcs, m->cap_nodes * sizeof *m->funcs);
	bcx_free(m->alloc, m->m->strings, m->cap_strings * sizeof *m->m->strings);
	bcx_tileir_close(m->m);
}

bcx_status tb_string(bcx_tileir_builder *m, const void *s, size_t n, uint32_t *out, bcx_diag *d)
{
	bcx_tileir_module *mm = m->m;
	if ((!s && n) || n > UINT32_MAX)
		return bcx_bad_arg(d, "bad string argument");
	if (wr_table_intern(&m->str_keys, s ? s : "", n, out))
		return bcx_nomem(d);
	if (*out < mm->n_strings)
		return BCX_OK;
	if (!bcx_heap_room(m->alloc, &mm->strings, mm->n_strings, &m->cap_strings,
			   sizeof *mm->strings, 16))
		return bcx_nomem(d);
	const uint8_t *p = (const uint8_t *)bcx_arena_memdup(m->arena, s ? s : "", n);
	if (!p)
		return bcx_nomem(d);
	mm->strings[mm->n_strings++] = (bcx_tileir_str){p, n};
	return BCX_OK;
}

bcx_status bcx_tileir_build_set_producer(bcx_tileir_builder *m, const char *s, size_t n,
                                         bcx_diag *d)
{
	if (!m || (!s && n))
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(tb_string(m, s, n, &m->m->producer, d));
	m->m->has_producer = true;
	return BCX_OK;
}

/* ---- attributes ---- */

static bcx_tileir_attr *new_attr(bcx_tileir_builder *m, bcx_tileir_attr_kind k)
{
	bcx_tileir_build_attr *h =
	    bcx_arena_calloc(m->handles ? m->handles : m->arena, 1, sizeof *h);
	if (h)
		h->a.kind = (uint8_t)k;
	return h ? &h->a : NULL;
}

/* The handle of a model attribute made by new_attr(). */
static bcx_tileir_build_attr *handle(bcx_tileir_attr *a)
{
	return (bcx_tileir_build_attr *)(void *)a; /* the attribute is the handle's first member */
}

#define NEW_ATTR(kind)                                    \
	if (!m || !out)                                   \
		return bcx_bad_arg(d, "null argument");          \
	bcx_tileir_attr *a = new_attr(m, kind);           \
	if (!a)                                           \
		return bcx_nomem(d)

static bool type_is(const bcx_tileir_builder *m, uint32_t t, bool (*pred)(unsigned))
{
	return tb_type_valid(m, t) && pred(tb_type(m, t)->tag);
}

bcx_status bcx_tileir_build_attr_int(bcx_tileir_builder *m, bcx_tileir_build_type int_type,
                                     uint64_t value, bcx_tileir_build_attr **out, bcx_diag *d)
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
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_float(bcx_tileir_builder *m, bcx_tileir_build_type float_type,
                                       uint64_t bits, bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_FLOAT);
	if (!type_is(m, float_type, tir_tag_is_float))
		return bcx_bad_arg(d, "float attribute needs a float type");
	unsigned w = tir_tag_bits(tb_type(m, float_type)->tag);
	if (w < 64 && (bits >> w) != 0)
		return bcx_bad_arg(d, "float bit pattern wider than its type");
	a->type = float_type;
	a->u = bits;
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_bool(bcx_tileir_builder *m, bool v, bcx_tileir_build_attr **out,
                                      bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_BOOL);
	/* Written as an i1 Integer, like the reference (spec §13.2). */
	bcx_status st = bcx_tileir_build_type_scalar(m, BCX_TILEIR_T_I1, &a->type, d);
	if (st)
		return st;
	a->u = v;
	*out = handle(a);
	return BCX_OK;
}

static bcx_status str_attr(bcx_tileir_builder *m, bcx_tileir_attr_kind k, const void *s, size_t n,
			   bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(k);
	BCX_TRY(tb_string(m, s, n, &a->index, d));
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_string(bcx_tileir_builder *m, const char *s, size_t n,
                                        bcx_tileir_build_attr **out, bcx_diag *d)
{
	return str_attr(m, BCX_TILEIR_A_STRING, s, n, out, d);
}

bcx_status bcx_tileir_build_attr_symbol(bcx_tileir_builder *m, const char *s, size_t n,
                                        bcx_tileir_build_attr **out, bcx_diag *d)
{
	if (n == 0)
		return bcx_bad_arg(d, "empty symbol reference is invalid");
	return str_attr(m, BCX_TILEIR_A_SYMBOL, s, n, out, d);
}

bcx_status bcx_tileir_build_attr_type(bcx_tileir_builder *m, bcx_tileir_build_type t,
                                      bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_TYPE);
	if (!tb_type_valid(m, t))
		return bcx_bad_arg(d, "not a type of this module");
	a->type = t;
	a->u = t;
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_enum(bcx_tileir_builder *m, uint64_t value,
                                      bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_ENUM);
	a->u = value;
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_unit(bcx_tileir_builder *m, bcx_tileir_build_attr **out,
                                      bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_UNIT);
	*out = handle(a);
	return BCX_OK;
}

/* n 64-bit integers in the arena, each checked against [lo, hi]. */
static bcx_status ints(bcx_tileir_builder *m, bcx_tileir_attr *a, const void *v, bool wide,
		       uint32_t n, bcx_diag *d)
{
	if (n && !v)
		return bcx_bad_arg(d, "null array");
	int64_t *p = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *p);
	if (!p)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++) {
		int64_t x = wide ? ((const int64_t *)v)[i] : ((const int32_t *)v)[i];
		if (!wide && (x == INT32_MAX || x == INT32_MIN))
			return bcx_bad_arg(d, "array contains an unsupported value (INT32_MIN/INT32_MAX)");
		if (wide && (x == INT64_MAX || x == INT64_MIN))
			return bcx_bad_arg(d, "same_elements cannot hold INT64_MIN or INT64_MAX");
		p[i] = x;
	}
	a->ints = p;
	a->n = n;
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_i32_array(bcx_tileir_builder *m, const int32_t *v, uint32_t n,
				 bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_I32_ARRAY);
	BCX_TRY(ints(m, a, v, false, n, d));
	*out = handle(a);
	return BCX_OK;
}

/* Array elements must be typed attributes (spec §13.2, tag 6). */
static bool typed_attr(const bcx_tileir_build_attr *e)
{
	return e && (e->a.kind == BCX_TILEIR_A_INTEGER || e->a.kind == BCX_TILEIR_A_FLOAT ||
		     e->a.kind == BCX_TILEIR_A_BOOL || e->a.kind == BCX_TILEIR_A_STRING ||
		     e->a.kind == BCX_TILEIR_A_DENSE);
}

/* The model keeps an aggregate's elements side by side: copy them. */
static bcx_tileir_attr *copy_elems(bcx_tileir_builder *m, bcx_tileir_build_attr *const *v,
                                   uint32_t n)
{
	bcx_tileir_attr *e = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *e);
	for (uint32_t i = 0; e && i < n; i++)
		e[i] = v[i]->a;
	return e;
}

bcx_status bcx_tileir_build_attr_array(bcx_tileir_builder *m, bcx_tileir_build_attr *const *elems,
                                       uint32_t n, bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_ARRAY);
	if (n && !elems)
		return bcx_bad_arg(d, "null array");
	for (uint32_t i = 0; i < n; i++)
		if (!typed_attr(elems[i]))
			return bcx_bad_arg(d, "array elements must be integer, float, bool, string or "
				      "dense attributes");
	if (!(a->elems = copy_elems(m, elems, n)))
		return bcx_nomem(d);
	a->n = n;
	*out = handle(a);
	return BCX_OK;
}

static bool valid_dict_value(const bcx_tileir_build_attr *v)
{
	return v && v->a.kind != BCX_TILEIR_A_ENUM && v->a.kind != BCX_TILEIR_A_UNIT &&
	       v->a.kind != BCX_TILEIR_A_I32_ARRAY && v->a.kind != BCX_TILEIR_A_SYMBOL;
}

bcx_status bcx_tileir_build_attr_dict(bcx_tileir_builder *m, const char *const *keys,
                                      const size_t *key_lens, bcx_tileir_build_attr *const *vals,
                                      uint32_t n, bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_DICT);
	if (n && (!keys || !vals))
		return bcx_bad_arg(d, "null dictionary arrays");
	uint32_t *k = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *k);
	if (!k)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++) {
		size_t kl = key_lens ? key_lens[i] : (keys[i] ? strlen(keys[i]) : 0);
		if (!keys[i] || kl == 0)
			return bcx_bad_arg(d, "dictionary keys must be non-empty");
		if (!valid_dict_value(vals[i]))
			return bcx_bad_arg(d, "dictionary value kind cannot be encoded");
		BCX_TRY(tb_string(m, keys[i], kl, &k[i], d));
		for (uint32_t j = 0; j < i; j++)
			if (k[j] == k[i]) /* strings are interned: equal keys, equal indices */
				return bcx_bad_arg(d, "duplicate dictionary key");
	}
	if (!(a->elems = copy_elems(m, vals, n)))
		return bcx_nomem(d);
	a->keys = k;
	a->n = n;
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_hints(bcx_tileir_builder *m, bcx_tileir_build_attr *dict,
                                       bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_HINTS);
	if (!dict || dict->a.kind != BCX_TILEIR_A_DICT)
		return bcx_bad_arg(d, "optimization hints need a dictionary");
	for (uint32_t i = 0; i < dict->a.n; i++)
		if (dict->a.elems[i].kind != BCX_TILEIR_A_DICT)
			return bcx_bad_arg(d, "optimization hint values must be dictionaries");
	*a = dict->a; /* the model's hints are the dictionary itself, kind HINTS */
	a->kind = BCX_TILEIR_A_HINTS;
	*out = handle(a);
	return BCX_OK;
}

/* A constant of the model in MLIR's dense storage, as the reference's
 * default writer stores it (the writer re-encodes it for its target). */
static bcx_status new_constant(bcx_tileir_builder *m, unsigned tag, uint64_t count,
                               const void *data, size_t n, uint32_t type, uint32_t *out,
                               bcx_diag *d)
{
	bcx_tileir_module *mm = m->m;
	bcx_buf blob, key;
	bcx_buf_init(&blob, m->alloc);
	bcx_buf_init(&key, m->alloc);
	tir_dense_encode(&blob, tag, count, data, n, false);
	wr_uv(&key, type);
	bcx_buf_put_bytes(&key, blob.data, blob.len);
	bcx_status st = key.status ? key.status : blob.status;
	if (!st && wr_table_intern(&m->const_keys, key.data, key.len, out))
		st = BCX_ERR_NOMEM;
	if (!st && *out == mm->n_constants) {
		const uint8_t *p = (const uint8_t *)bcx_arena_memdup(
		    m->arena, blob.data ? blob.data : (const uint8_t *)"", blob.len);
		if (!p || !BCX_VEC_ROOM(m->arena, mm->constants, mm->n_constants, m->cap_consts))
			st = BCX_ERR_NOMEM;
		else
			mm->constants[mm->n_constants++] = (bcx_tileir_constant){0, {p, blob.len}};
	}
	bcx_buf_free(&blob);
	bcx_buf_free(&key);
	return st ? bcx_nomem(d) : BCX_OK;
}

bcx_status bcx_tileir_build_attr_dense(bcx_tileir_builder *m, bcx_tileir_build_type tile,
                                       const void *data, size_t n, bcx_tileir_build_attr **out,
                                       bcx_diag *d)
{
	if (!m || !tb_type_valid(m, tile) || tb_type(m, tile)->tag != BCX_TILEIR_T_TILE)
		return bcx_bad_arg(d, "dense elements need a tile type");
	const bcx_tileir_type *ti = tb_type(m, tile);
	unsigned tag = tb_type(m, ti->elem)->tag, bits = tir_tag_bits(tag);
	if (bits == 0)
		return bcx_bad_arg(d, "dense elements need a tile of a number type");
	size_t esz = (bits + 7) / 8, total;
	if (!bcx_mul_ok(esz, (size_t)tb_tile_count(ti), &total) || (n != esz && n != total))
		return bcx_bad_arg(d, "dense data must hold one element or every element");
	if (!data)
		return bcx_bad_arg(d, "bad string argument");
	NEW_ATTR(BCX_TILEIR_A_DENSE);
	BCX_TRY(new_constant(m, tag, tb_tile_count(ti), data, n, tile, &a->index, d));
	a->type = tile;
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_div_by(bcx_tileir_builder *m, uint64_t divisor, bool has_every,
                                        int64_t every, bool has_along, int64_t along,
                                        bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_DIV_BY);
	if (has_every != has_along) /* the reference verifier's rule */
		return bcx_bad_arg(d, "'div_by' 'every'/'along' must be used in combination");
	a->u = divisor;
	a->flags = (uint8_t)((has_every ? 1 : 0) | (has_along ? 2 : 0));
	a->a = every;
	a->b = along;
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_same_elements(bcx_tileir_builder *m, const int64_t *v, uint32_t n,
				     bcx_tileir_build_attr **out, bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_SAME_ELEMENTS);
	BCX_TRY(ints(m, a, v, true, n, d));
	*out = handle(a);
	return BCX_OK;
}

bcx_status bcx_tileir_build_attr_bounded(bcx_tileir_builder *m, bool has_lb, int64_t lb,
                                         bool has_ub, int64_t ub, bcx_tileir_build_attr **out,
                                         bcx_diag *d)
{
	NEW_ATTR(BCX_TILEIR_A_BOUNDED);
	a->flags = (uint8_t)((has_lb ? 1 : 0) | (has_ub ? 2 : 0));
	a->a = lb;
	a->b = ub;
	*out = handle(a);
	return BCX_OK;
}
