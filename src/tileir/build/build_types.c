/* Interned types of the Tile IR builder (spec §7). A type's number is the
 * index of its canonical key (tag + parameters, dependencies as numbers);
 * the constructors check the verifier rules of §7.2 so that the writer
 * only ever sees types the reference reader accepts. */
#include "tileir/model/limits.h"
#include "common/internal.h"
#include "tileir/model/tables.h"
#include "tileir/model/type_rules.h"
#include "tileir/build/build_internal.h"

#include <string.h>


const bcx_tileir_type *tb_type(const bcx_tileir_builder *m, uint32_t t) { return &m->m->types[t]; }
bool tb_type_valid(const bcx_tileir_builder *m, uint32_t t) { return t < m->m->n_types; }

uint64_t tb_tile_count(const bcx_tileir_type *ti)
{
	uint64_t n = 1;
	for (uint32_t i = 0; i < ti->rank; i++)
		n *= (uint64_t)ti->shape[i];
	return n;
}

/* A type's key is written into a buffer sized beforehand (key_bound): on
 * the stack for all but huge types, since every type the text names is
 * interned again. */
typedef struct key_out {
	uint8_t *p;
	size_t n;
} key_out;

static void key_uv(key_out *k, uint64_t v)
{
	do {
		uint8_t b = v & 0x7f;
		v >>= 7;
		k->p[k->n++] = (uint8_t)(b | (v ? 0x80 : 0));
	} while (v);
}

static void key_i64s(key_out *k, const int64_t *v, uint32_t n)
{
	key_uv(k, n);
	for (uint32_t i = 0; i < n; i++)
		key_uv(k, (uint64_t)v[i]);
}

/* The most bytes type_key writes for t (10 a number, 1 a byte field). */
static size_t key_bound(const bcx_tileir_type *t)
{
	return 10 * (8 + (size_t)t->rank + t->n_strides + t->n_dim_map + t->n_inputs +
		     t->n_outputs) + 8;
}

/* Everything that tells two types apart. */
static void type_key(key_out *k, const bcx_tileir_type *t)
{
	k->p[k->n++] = t->tag;
	key_uv(k, t->elem);
	key_i64s(k, t->shape, t->rank);
	key_i64s(k, t->strides, t->n_strides);
	key_uv(k, t->n_dim_map);
	for (uint32_t i = 0; i < t->n_dim_map; i++)
		key_uv(k, (uint32_t)t->dim_map[i]);
	key_uv(k, t->sparse_dim);
	k->p[k->n++] = t->has_padding;
	k->p[k->n++] = t->padding_value;
	key_uv(k, t->n_inputs);
	key_uv(k, t->n_outputs);
	for (uint32_t i = 0; i < t->n_inputs + t->n_outputs; i++)
		key_uv(k, t->params[i]);
}

static void *dup(bcx_tileir_builder *m, const void *p, size_t n, size_t elem)
{
	if (!p || n == 0)
		return NULL;
	void *q = bcx_arena_alloc(m->arena, n * elem);
	if (q)
		memcpy(q, p, n * elem);
	return q;
}

/* Intern t (its arrays are copied when new); sign tells apart types that
 * only MLIR distinguishes (0 for all but tb_type_scalar_signed's). */
static bcx_status intern_signed(bcx_tileir_builder *m, const bcx_tileir_type *t, char sign,
				bcx_tileir_build_type *out, bcx_diag *d)
{
	bcx_tileir_module *mm = m->m;
	uint8_t stack[256];
	size_t bound = key_bound(t) + 1;
	key_out k = {bound <= sizeof stack ? stack : bcx_alloc(m->alloc, bound), 0};
	bcx_status st = BCX_ERR_NOMEM;
	uint32_t idx = 0;
	if (k.p) {
		type_key(&k, t);
		if (sign)
			k.p[k.n++] = (uint8_t)sign;
		st = wr_table_intern(&m->type_keys, k.p, k.n, &idx);
		if (k.p != stack)
			bcx_free(m->alloc, k.p, bound);
	}
	if (st)
		return bcx_diag_set(d, st, -1, "out of memory while interning a type");
	if (idx < mm->n_types) {
		*out = idx;
		return BCX_OK;
	}
	if (!BCX_VEC_ROOM(m->arena, mm->types, mm->n_types, m->cap_types))
		return bcx_nomem(d);
	bcx_tileir_type c = *t;
	c.shape = dup(m, t->shape, t->rank, sizeof *t->shape);
	c.strides = dup(m, t->strides, t->n_strides, sizeof *t->strides);
	c.dim_map = dup(m, t->dim_map, t->n_dim_map, sizeof *t->dim_map);
	c.params = dup(m, t->params, (size_t)t->n_inputs + t->n_outputs, sizeof *t->params);
	mm->types[mm->n_types++] = c;
	*out = idx;
	return BCX_OK;
}

static bcx_status intern(bcx_tileir_builder *m, const bcx_tileir_type *t,
			 bcx_tileir_build_type *out, bcx_diag *d)
{
	return intern_signed(m, t, 0, out, d);
}

bcx_status tb_type_scalar_signed(bcx_tileir_builder *m, bcx_tileir_type_tag s, char sign,
				 bcx_tileir_build_type *out, bcx_diag *d)
{
	if (tir_tag_bits((uint8_t)s) == 0 || tir_tag_is_float((uint8_t)s) || (sign != 'u' && sign != 's'))
		return bcx_bad_arg(d, "not an integer type tag");
	bcx_tileir_type t = {.tag = (uint8_t)s};
	return intern_signed(m, &t, sign, out, d);
}

bcx_status bcx_tileir_build_type_scalar(bcx_tileir_builder *m, bcx_tileir_type_tag s,
                                        bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out || tir_tag_bits((uint8_t)s) == 0)
		return bcx_bad_arg(d, "not a scalar type tag");
	bcx_tileir_type t = {.tag = (uint8_t)s};
	return intern(m, &t, out, d);
}

bcx_status bcx_tileir_build_type_token(bcx_tileir_builder *m, bcx_tileir_build_type *out,
                                       bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	if (m->token_type1) {
		*out = m->token_type1 - 1;
		return BCX_OK;
	}
	bcx_tileir_type t = {.tag = BCX_TILEIR_T_TOKEN};
	BCX_TRY(intern(m, &t, out, d));
	m->token_type1 = *out + 1;
	return BCX_OK;
}

static bool is_pointee(const bcx_tileir_builder *m, uint32_t t)
{
	return tb_type_valid(m, t) && tir_tag_is_pointee(tb_type(m, t)->tag);
}

bcx_status bcx_tileir_build_type_ptr(bcx_tileir_builder *m, bcx_tileir_build_type pointee,
                                     bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out || !is_pointee(m, pointee))
		return bcx_bad_arg(d, "pointer pointee must be an integer or float type other than i4");
	bcx_tileir_type t = {.tag = BCX_TILEIR_T_POINTER, .elem = pointee};
	return intern(m, &t, out, d);
}

static bcx_status check_tile(const bcx_tileir_builder *m, bcx_tileir_build_type elem,
                             const int64_t *shape, uint32_t rank, bcx_diag *d)
{
	bool ok = is_pointee(m, elem) ||
		  (tb_type_valid(m, elem) && (tb_type(m, elem)->tag == BCX_TILEIR_T_POINTER ||
					      tb_type(m, elem)->tag == BCX_TILEIR_T_I4));
	if (!ok)
		return bcx_bad_arg(d, "tile element must be a number or pointer type");
	if (rank > TIR_LIMIT_RANK || (rank && !shape))
		return bcx_bad_arg(d, "tile rank too large or shape missing");
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_tile_problem(tb_type(m, elem)->tag, shape, rank, buf);
	return why ? bcx_bad_arg(d, why) : BCX_OK;
}

bcx_status bcx_tileir_build_type_tile(bcx_tileir_builder *m, bcx_tileir_build_type elem,
                                      const int64_t *shape, uint32_t rank,
                                      bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_tile(m, elem, shape, rank, d);
	if (st)
		return st;
	bcx_tileir_type t = {.tag = BCX_TILEIR_T_TILE, .elem = elem, .rank = rank, .shape = shape};
	return intern(m, &t, out, d);
}

bcx_status bcx_tileir_build_type_tensor_view(bcx_tileir_builder *m, bcx_tileir_build_type elem,
                                             const int64_t *shape, const int64_t *strides,
                                             uint32_t rank, bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out || !tb_type_valid(m, elem))
		return bcx_bad_arg(d, "null argument or element type not of this builder");
	if (rank > TIR_LIMIT_RANK || (rank && (!shape || !strides)))
		return bcx_bad_arg(d, "tensor_view rank too large or shape/strides missing");
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_tensor_view_problem(tb_type(m, elem)->tag, shape, rank, strides, rank, buf);
	if (why)
		return bcx_bad_arg(d, why);
	bcx_tileir_type t = {.tag = BCX_TILEIR_T_TENSOR_VIEW, .elem = elem, .rank = rank,
			     .shape = shape, .n_strides = rank, .strides = strides};
	return intern(m, &t, out, d);
}

/* Checks of the three view types (§7.2): the arguments, then the
 * reference's rules (model/type_rules.c). */
static bcx_status check_view(const bcx_tileir_builder *m, uint8_t tag, bcx_tileir_build_type tv,
                             const int32_t *tile, const int32_t *trav, uint32_t rank,
                             const int32_t *dim_map, uint32_t sparse_dim,
                             bcx_tileir_padding pad, bcx_diag *d)
{
	if (!tb_type_valid(m, tv) || tb_type(m, tv)->tag != BCX_TILEIR_T_TENSOR_VIEW)
		return bcx_bad_arg(d, "a view must reference a tensor_view type");
	if (rank > TIR_LIMIT_RANK || (rank && !tile))
		return bcx_bad_arg(d, "view tile rank too large or tile shape missing");
	if (pad != BCX_TILEIR_PAD_NONE && pad > BCX_TILEIR_PAD_NEG_INF)
		return bcx_bad_arg(d, "unknown padding value");
	const bcx_tileir_type *t = tb_type(m, tv);
	int64_t shape[TIR_LIMIT_RANK], strides[TIR_LIMIT_RANK], map[TIR_LIMIT_RANK];
	for (uint32_t i = 0; i < rank; i++) {
		shape[i] = tile[i];
		strides[i] = trav ? trav[i] : 0;
		map[i] = dim_map ? dim_map[i] : 0;
	}
	tir_view_parts v = {.tag = tag, .tile = shape, .rank = rank, .tv_rank = t->rank,
			    .tv_elem_tag = tb_type(m, t->elem)->tag, .dim_map = dim_map ? map : NULL,
			    .n_map = rank, .trav = trav ? strides : NULL, .n_trav = rank,
			    .sparse_dim = sparse_dim, .pad = pad};
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_view_problem(&v, buf);
	return why ? bcx_bad_arg(d, why) : BCX_OK;
}

/* A view type: tile shape and traversal strides widened to the model's
 * 64 bits, dim_map the identity when not given (gather_scatter has none). */
static bcx_status view(bcx_tileir_builder *m, uint8_t tag, bcx_tileir_build_type tv,
                       const int32_t *tile, const int32_t *trav, uint32_t rank,
                       const int32_t *dim_map, uint32_t sparse_dim, bcx_tileir_padding pad,
                       bcx_tileir_build_type *out, bcx_diag *d)
{
	int64_t shape[TIR_LIMIT_RANK], strides[TIR_LIMIT_RANK];
	int32_t map[TIR_LIMIT_RANK];
	for (uint32_t i = 0; i < rank; i++) {
		shape[i] = tile[i];
		strides[i] = trav ? trav[i] : 0;
		map[i] = dim_map ? dim_map[i] : (int32_t)i;
	}
	bool gsv = tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW;
	bcx_tileir_type t = {.tag = tag, .elem = tv, .rank = rank, .shape = shape,
			     .n_strides = trav ? rank : 0, .strides = trav ? strides : NULL,
			     .n_dim_map = gsv ? 0 : rank, .dim_map = gsv ? NULL : map,
			     .sparse_dim = sparse_dim, .has_padding = pad != BCX_TILEIR_PAD_NONE,
			     .padding_value = pad != BCX_TILEIR_PAD_NONE ? (uint8_t)pad : 0};
	return intern(m, &t, out, d);
}

bcx_status bcx_tileir_build_type_partition_view(bcx_tileir_builder *m,
                                                bcx_tileir_build_type tensor_view,
                                                const int32_t *tile_shape, uint32_t rank,
                                                const int32_t *dim_map, bcx_tileir_padding pad,
                                                bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_view(m, BCX_TILEIR_T_PARTITION_VIEW, tensor_view, tile_shape, NULL,
				   rank, dim_map, 0, pad, d);
	if (st)
		return st;
	return view(m, BCX_TILEIR_T_PARTITION_VIEW, tensor_view, tile_shape, NULL, rank, dim_map, 0,
		    pad, out, d);
}

bcx_status bcx_tileir_build_type_strided_view(bcx_tileir_builder *m,
                                              bcx_tileir_build_type tensor_view,
                                              const int32_t *tile_shape,
                                              const int32_t *traversal_strides, uint32_t rank,
                                              const int32_t *dim_map, bcx_tileir_padding pad,
                                              bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out || !traversal_strides)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_view(m, BCX_TILEIR_T_STRIDED_VIEW, tensor_view, tile_shape,
				   traversal_strides, rank, dim_map, 0, pad, d);
	if (st)
		return st;
	return view(m, BCX_TILEIR_T_STRIDED_VIEW, tensor_view, tile_shape, traversal_strides, rank,
		    dim_map, 0, pad, out, d);
}

bcx_status bcx_tileir_build_type_gather_scatter_view(bcx_tileir_builder *m,
                                                     bcx_tileir_build_type tensor_view,
                                                     const int32_t *tile_shape, uint32_t rank,
                                                     uint32_t sparse_dim, bcx_tileir_padding pad,
                                                     bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_view(m, BCX_TILEIR_T_GATHER_SCATTER_VIEW, tensor_view, tile_shape,
				   NULL, rank, NULL, sparse_dim, pad, d);
	if (st)
		return st;
	return view(m, BCX_TILEIR_T_GATHER_SCATTER_VIEW, tensor_view, tile_shape, NULL, rank, NULL,
		    sparse_dim, pad, out, d);
}

bcx_status bcx_tileir_build_type_func(bcx_tileir_builder *m, const bcx_tileir_build_type *ins,
                                      uint32_t n_in, const bcx_tileir_build_type *outs,
                                      uint32_t n_out, bcx_tileir_build_type *out, bcx_diag *d)
{
	if (!m || !out || (n_in && !ins) || (n_out && !outs))
		return bcx_bad_arg(d, "null argument");
	for (uint32_t i = 0; i < n_in; i++)
		if (!tb_type_valid(m, ins[i]) || tb_type(m, ins[i])->tag == BCX_TILEIR_T_FUNCTION)
			return bcx_bad_arg(d, "function input must be a non-function type of this module");
	for (uint32_t i = 0; i < n_out; i++)
		if (!tb_type_valid(m, outs[i]) || tb_type(m, outs[i])->tag == BCX_TILEIR_T_FUNCTION)
			return bcx_bad_arg(d, "function result must be a non-function type of this module");
	if ((size_t)n_in + n_out > UINT32_MAX / 2)
		return bcx_bad_arg(d, "too many function parameters");
	uint32_t *params = bcx_arena_alloc(m->arena, ((size_t)n_in + n_out + 1) * sizeof *params);
	if (!params)
		return bcx_nomem(d);
	for (uint32_t i = 0; i < n_in; i++)
		params[i] = ins[i];
	for (uint32_t i = 0; i < n_out; i++)
		params[n_in + i] = outs[i];
	bcx_tileir_type t = {.tag = BCX_TILEIR_T_FUNCTION, .n_inputs = n_in, .n_outputs = n_out,
			     .params = params};
	return intern(m, &t, out, d);
}

