/* Interned types of the Tile IR builder (spec §7). A type's number is the
 * index of its canonical key (tag + parameters, dependencies as numbers);
 * the constructors check the verifier rules of §7.2 so that the writer
 * only ever sees types the reference reader accepts. */
#include "tileir/limits.h"
#include "common/internal.h"
#include "tileir/tables.h"
#include "tileir/build_internal.h"

#include <string.h>

#define TB_MAX_TILE_ELEMS (1u << 24)

const tb_typeinfo *tb_type(const bcx_tb_module *m, uint32_t t) { return &m->types[t]; }
bool tb_type_valid(const bcx_tb_module *m, uint32_t t) { return t < m->n_types; }

uint64_t tb_tile_count(const tb_typeinfo *ti)
{
	uint64_t n = 1;
	for (uint32_t i = 0; i < ti->rank; i++)
		n *= (uint64_t)ti->shape[i];
	return n;
}

bool tb_grow(bcx_tb_module *m, void **arr, uint32_t n, uint32_t *cap, size_t elem)
{
	if (n < *cap)
		return true;
	uint32_t nc = *cap ? *cap * 2 : 8;
	if (nc <= *cap)
		return false;
	void *p = bcx_arena_grow(m->arena, *arr, n, nc, elem);
	if (!p)
		return false;
	*arr = p;
	*cap = nc;
	return true;
}

static void key_i64s(bcx_buf *k, const int64_t *v, uint32_t n)
{
	for (uint32_t i = 0; v && i < n; i++)
		wr_uv(k, (uint64_t)v[i]);
}

static void key_i32s(bcx_buf *k, const int32_t *v, uint32_t n)
{
	for (uint32_t i = 0; v && i < n; i++)
		wr_uv(k, (uint32_t)v[i]);
}

static void type_key(bcx_buf *k, const tb_typeinfo *t)
{
	bcx_buf_put_u8(k, t->tag);
	wr_uv(k, t->elem);
	wr_uv(k, t->rank);
	key_i64s(k, t->shape, t->rank);
	key_i64s(k, t->strides, t->rank);
	key_i32s(k, t->tile, t->rank);
	key_i32s(k, t->dim_map, t->rank);
	key_i32s(k, t->trav, t->rank);
	wr_uv(k, t->sparse_dim);
	bcx_buf_put_u8(k, t->pad);
	wr_uv(k, t->n_in);
	for (uint32_t i = 0; i < t->n_in; i++)
		wr_uv(k, t->ins[i]);
	wr_uv(k, t->n_out);
	for (uint32_t i = 0; i < t->n_out; i++)
		wr_uv(k, t->outs[i]);
	wr_uv(k, t->uniq);
}

static void *dup(bcx_tb_module *m, const void *p, size_t n, size_t elem)
{
	if (!p || n == 0)
		return NULL;
	void *q = bcx_arena_alloc(m->arena, n * elem);
	if (q)
		memcpy(q, p, n * elem);
	return q;
}

/* Intern t (its arrays are copied when new). */
static bcx_status intern(bcx_tb_module *m, const tb_typeinfo *t, bcx_tb_type *out, bcx_diag *d)
{
	bcx_buf k;
	bcx_buf_init(&k, m->alloc);
	type_key(&k, t);
	uint32_t idx = 0;
	bcx_status st = k.status ? k.status : wr_table_intern(&m->type_keys, k.data, k.len, &idx);
	bcx_buf_free(&k);
	if (st)
		return bcx_diag_set(d, st, -1, "out of memory while interning a type");
	if (idx < m->n_types) {
		*out = idx;
		return BCX_OK;
	}
	if (!tb_grow(m, (void **)&m->types, m->n_types, &m->cap_types, sizeof *m->types))
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	tb_typeinfo c = *t;
	c.shape = dup(m, t->shape, t->rank, sizeof *t->shape);
	c.strides = dup(m, t->strides, t->rank, sizeof *t->strides);
	c.tile = dup(m, t->tile, t->rank, sizeof *t->tile);
	c.dim_map = dup(m, t->dim_map, t->rank, sizeof *t->dim_map);
	c.trav = dup(m, t->trav, t->rank, sizeof *t->trav);
	c.ins = dup(m, t->ins, t->n_in, sizeof *t->ins);
	c.outs = dup(m, t->outs, t->n_out, sizeof *t->outs);
	m->types[m->n_types++] = c;
	*out = idx;
	return BCX_OK;
}


bcx_status bcx_tb_type_scalar(bcx_tb_module *m, bcx_tb_scalar s, bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out || tir_tag_bits((uint8_t)s) == 0)
		return bcx_bad_arg(d, "not a scalar type tag");
	tb_typeinfo t = {.tag = (uint8_t)s, .elem = BCX_TB_NONE, .pad = BCX_TB_PAD_NONE};
	return intern(m, &t, out, d);
}

bcx_status bcx_tb_type_token(bcx_tb_module *m, bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	tb_typeinfo t = {.tag = BCX_TILEIR_T_TOKEN, .elem = BCX_TB_NONE, .pad = BCX_TB_PAD_NONE};
	return intern(m, &t, out, d);
}

/* Pointee and tensor_view element set of §7.2 (numbers, not i4). */
static bool is_pointee(const bcx_tb_module *m, uint32_t t)
{
	if (!tb_type_valid(m, t))
		return false;
	uint8_t g = tb_type(m, t)->tag;
	return tir_tag_bits(g) != 0 && g != BCX_TILEIR_T_I4;
}

bcx_status bcx_tb_type_ptr(bcx_tb_module *m, bcx_tb_type pointee, bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out || !is_pointee(m, pointee))
		return bcx_bad_arg(d, "pointer pointee must be an integer or float type other than i4");
	tb_typeinfo t = {.tag = BCX_TILEIR_T_POINTER, .elem = pointee, .pad = BCX_TB_PAD_NONE};
	return intern(m, &t, out, d);
}

static bool pow2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

static bcx_status check_tile(const bcx_tb_module *m, bcx_tb_type elem, const int64_t *shape,
			     uint32_t rank, bcx_diag *d)
{
	bool ok = is_pointee(m, elem) ||
		  (tb_type_valid(m, elem) && (tb_type(m, elem)->tag == BCX_TILEIR_T_POINTER ||
					      tb_type(m, elem)->tag == BCX_TILEIR_T_I4));
	if (!ok)
		return bcx_bad_arg(d, "tile element must be a number or pointer type");
	if (rank > TIR_LIMIT_RANK || (rank && !shape))
		return bcx_bad_arg(d, "tile rank too large or shape missing");
	uint64_t n = 1;
	bool even = false;
	for (uint32_t i = 0; i < rank; i++) {
		if (!pow2(shape[i]) || shape[i] > (int64_t)TB_MAX_TILE_ELEMS)
			return bcx_bad_arg(d, "tile dimensions must be positive powers of two");
		n *= (uint64_t)shape[i];
		even |= shape[i] % 2 == 0;
		if (n > TB_MAX_TILE_ELEMS)
			return bcx_bad_arg(d, "tile has more than 16777216 elements");
	}
	if (tb_type(m, elem)->tag == BCX_TILEIR_T_F4E2M1FN && (rank == 0 || !even))
		return bcx_bad_arg(d, "f4E2M1FN tile needs rank >= 1 and an even dimension");
	return BCX_OK;
}

bcx_status bcx_tb_type_tile(bcx_tb_module *m, bcx_tb_type elem, const int64_t *shape,
			    uint32_t rank, bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_tile(m, elem, shape, rank, d);
	if (st)
		return st;
	tb_typeinfo t = {.tag = BCX_TILEIR_T_TILE, .elem = elem, .rank = rank, .shape = shape,
			 .pad = BCX_TB_PAD_NONE};
	return intern(m, &t, out, d);
}

bcx_status bcx_tb_type_tensor_view(bcx_tb_module *m, bcx_tb_type elem, const int64_t *shape,
				   const int64_t *strides, uint32_t rank, bcx_tb_type *out,
				   bcx_diag *d)
{
	if (!m || !out || !is_pointee(m, elem))
		return bcx_bad_arg(d, "tensor_view element must be an integer or float type other than i4");
	if (rank > TIR_LIMIT_RANK || (rank && (!shape || !strides)))
		return bcx_bad_arg(d, "tensor_view rank too large or shape/strides missing");
	for (uint32_t i = 0; i < rank; i++)
		if ((shape[i] <= 0 && shape[i] != BCX_TB_DYNAMIC) ||
		    (strides[i] <= 0 && strides[i] != BCX_TB_DYNAMIC))
			return bcx_bad_arg(d, "tensor_view sizes and strides must be positive or dynamic");
	tb_typeinfo t = {.tag = BCX_TILEIR_T_TENSOR_VIEW, .elem = elem, .rank = rank, .shape = shape,
			 .strides = strides, .pad = BCX_TB_PAD_NONE};
	return intern(m, &t, out, d);
}

/* Shared checks of the three view types (§7.2). */
static bcx_status check_view(const bcx_tb_module *m, bcx_tb_type tv, const int32_t *tile,
			     uint32_t rank, const int32_t *dim_map, bcx_tb_padding pad, bcx_diag *d)
{
	if (!tb_type_valid(m, tv) || tb_type(m, tv)->tag != BCX_TILEIR_T_TENSOR_VIEW)
		return bcx_bad_arg(d, "a view must reference a tensor_view type");
	const tb_typeinfo *t = tb_type(m, tv);
	if (rank == 0 || rank != t->rank || !tile)
		return bcx_bad_arg(d, "view tile rank must equal the tensor_view rank and be non-zero");
	uint64_t seen = 0; /* rank <= TIR_LIMIT_RANK = 64 bits */
	for (uint32_t i = 0; i < rank; i++) {
		if (!pow2(tile[i]))
			return bcx_bad_arg(d, "view tile dimensions must be positive powers of two");
		if (dim_map && (dim_map[i] < 0 || (uint32_t)dim_map[i] >= rank ||
				((seen >> dim_map[i]) & 1)))
			return bcx_bad_arg(d, "dim_map must be a permutation of 0..rank-1");
		if (dim_map)
			seen |= 1ull << dim_map[i];
	}
	if (pad != BCX_TB_PAD_NONE && pad > BCX_TB_PAD_NEG_INF)
		return bcx_bad_arg(d, "unknown padding value");
	if (pad != BCX_TB_PAD_NONE && pad != BCX_TB_PAD_ZERO &&
	    !tir_tag_is_float(tb_type(m, t->elem)->tag))
		return bcx_bad_arg(d, "padding values other than zero need a float element type");
	return BCX_OK;
}

static bcx_status view(bcx_tb_module *m, tb_typeinfo *t, const int32_t *dim_map,
		       bcx_tb_type *out, bcx_diag *d)
{
	int32_t ident[TIR_LIMIT_RANK];
	if (t->tag != BCX_TILEIR_T_GATHER_SCATTER_VIEW && !dim_map) {
		for (uint32_t i = 0; i < t->rank; i++)
			ident[i] = (int32_t)i;
		dim_map = ident;
	}
	t->dim_map = t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW ? NULL : dim_map;
	return intern(m, t, out, d);
}

bcx_status bcx_tb_type_partition_view(bcx_tb_module *m, bcx_tb_type tensor_view,
				      const int32_t *tile_shape, uint32_t rank,
				      const int32_t *dim_map, bcx_tb_padding pad,
				      bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_view(m, tensor_view, tile_shape, rank, dim_map, pad, d);
	if (st)
		return st;
	tb_typeinfo t = {.tag = BCX_TILEIR_T_PARTITION_VIEW, .elem = tensor_view, .rank = rank,
			 .tile = tile_shape, .pad = (uint8_t)pad};
	return view(m, &t, dim_map, out, d);
}

bcx_status bcx_tb_type_strided_view(bcx_tb_module *m, bcx_tb_type tensor_view,
				    const int32_t *tile_shape, const int32_t *traversal_strides,
				    uint32_t rank, const int32_t *dim_map, bcx_tb_padding pad,
				    bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out || !traversal_strides)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_view(m, tensor_view, tile_shape, rank, dim_map, pad, d);
	if (st)
		return st;
	tb_typeinfo t = {.tag = BCX_TILEIR_T_STRIDED_VIEW, .elem = tensor_view, .rank = rank,
			 .tile = tile_shape, .trav = traversal_strides,
			 .pad = (uint8_t)pad};
	return view(m, &t, dim_map, out, d);
}

bcx_status bcx_tb_type_gather_scatter_view(bcx_tb_module *m, bcx_tb_type tensor_view,
					   const int32_t *tile_shape, uint32_t rank,
					   uint32_t sparse_dim, bcx_tb_padding pad,
					   bcx_tb_type *out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_status st = check_view(m, tensor_view, tile_shape, rank, NULL, pad, d);
	if (st)
		return st;
	tb_typeinfo t = {.tag = BCX_TILEIR_T_GATHER_SCATTER_VIEW, .elem = tensor_view, .rank = rank,
			 .tile = tile_shape, .sparse_dim = sparse_dim,
			 .pad = (uint8_t)pad};
	return view(m, &t, NULL, out, d);
}

bcx_status bcx_tb_type_func(bcx_tb_module *m, const bcx_tb_type *ins, uint32_t n_in,
			    const bcx_tb_type *outs, uint32_t n_out, bcx_tb_type *out,
			    bcx_diag *d)
{
	if (!m || !out || (n_in && !ins) || (n_out && !outs))
		return bcx_bad_arg(d, "null argument");
	for (uint32_t i = 0; i < n_in; i++)
		if (!tb_type_valid(m, ins[i]) || tb_type(m, ins[i])->tag == BCX_TILEIR_T_FUNCTION)
			return bcx_bad_arg(d, "function input must be a non-function type of this module");
	for (uint32_t i = 0; i < n_out; i++)
		if (!tb_type_valid(m, outs[i]) || tb_type(m, outs[i])->tag == BCX_TILEIR_T_FUNCTION)
			return bcx_bad_arg(d, "function result must be a non-function type of this module");
	tb_typeinfo t = {.tag = BCX_TILEIR_T_FUNCTION, .elem = BCX_TB_NONE, .n_in = n_in, .n_out = n_out,
			 .ins = ins, .outs = outs, .pad = BCX_TB_PAD_NONE};
	return intern(m, &t, out, d);
}

bcx_status tb_type_distinct(bcx_tb_module *m, uint32_t base, uint32_t uniq, uint32_t *out,
			    bcx_diag *d)
{
	if (!tb_type_valid(m, base))
		return bcx_bad_arg(d, "not a type of this module");
	tb_typeinfo t = *tb_type(m, base);
	t.uniq = uniq;
	return intern(m, &t, out, d);
}
