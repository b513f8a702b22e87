/* Importing a read module (bcx/tileir.h) into the builder: types, debug
 * records and attributes. Used by read->write and `bcx convert`; the
 * writer then re-registers everything in the reference order (spec §18),
 * so the file's own table order does not matter. */
#include "tileir/limits.h"
#include "tileir/convert_internal.h"

#include "bcx/varint.h"

#include <string.h>

bool cv_fail(cv_ctx *c, bcx_status st, const char *msg)
{
	if (c->st == BCX_OK) {
		c->st = st;
		bcx_diag_set(c->d, st, -1, "%s", msg);
	}
	return false;
}

static bool built(cv_ctx *c, bcx_status st)
{
	if (st != BCX_OK && c->st == BCX_OK)
		c->st = st;
	return st == BCX_OK;
}

static bool i64_to_i32(cv_ctx *c, const int64_t *in, uint32_t n, int32_t *out)
{
	for (uint32_t i = 0; i < n; i++) {
		if (in[i] < INT32_MIN || in[i] > INT32_MAX)
			return cv_fail(c, BCX_ERR_MALFORMED, "view parameter out of range");
		out[i] = (int32_t)in[i];
	}
	return true;
}

static bool view(cv_ctx *c, const bcx_tileir_type *t, bcx_tb_type tv, bcx_tb_type *out)
{
	int32_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], map[TIR_LIMIT_RANK];
	if (t->rank > TIR_LIMIT_RANK || t->n_strides > TIR_LIMIT_RANK ||
	    t->n_dim_map > TIR_LIMIT_RANK)
		return cv_fail(c, BCX_ERR_LIMIT, "view rank above 64");
	bcx_tb_padding pad = t->has_padding ? (bcx_tb_padding)t->padding_value : BCX_TB_PAD_NONE;
	if (!i64_to_i32(c, t->shape, t->rank, tile) ||
	    !i64_to_i32(c, t->strides, t->n_strides, trav))
		return false;
	for (uint32_t i = 0; i < t->n_dim_map; i++)
		map[i] = t->dim_map[i];
	const int32_t *dm = t->n_dim_map == t->rank ? map : NULL;
	if (t->tag == BCX_TILEIR_T_PARTITION_VIEW)
		return built(c, bcx_tb_type_partition_view(c->b, tv, tile, t->rank, dm, pad, out, c->d));
	if (t->tag == BCX_TILEIR_T_STRIDED_VIEW)
		return built(c, bcx_tb_type_strided_view(c->b, tv, tile, trav, t->rank, dm, pad, out,
							 c->d));
	return built(c, bcx_tb_type_gather_scatter_view(c->b, tv, tile, t->rank, t->sparse_dim, pad,
							out, c->d));
}

static bool func_type(cv_ctx *c, const bcx_tileir_type *t, bcx_tb_type *out)
{
	size_t n = (size_t)t->n_inputs + t->n_outputs;
	bcx_tb_type *p = bcx_arena_calloc(c->arena, (size_t)n + 1, sizeof *p);
	if (!p)
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < n; i++)
		if (!cv_type(c, t->params[i], &p[i]))
			return false;
	return built(c, bcx_tb_type_func(c->b, p, t->n_inputs, p + t->n_inputs, t->n_outputs, out,
					 c->d));
}

static bool convert_type(cv_ctx *c, const bcx_tileir_type *t, bcx_tb_type *out)
{
	bcx_tb_type e = 0;
	if (t->tag == BCX_TILEIR_T_FUNCTION)
		return func_type(c, t, out);
	if (t->tag == BCX_TILEIR_T_TOKEN)
		return built(c, bcx_tb_type_token(c->b, out, c->d));
	if (t->tag != BCX_TILEIR_T_POINTER && t->tag != BCX_TILEIR_T_TILE &&
	    t->tag != BCX_TILEIR_T_TENSOR_VIEW && t->tag != BCX_TILEIR_T_PARTITION_VIEW &&
	    t->tag != BCX_TILEIR_T_STRIDED_VIEW && t->tag != BCX_TILEIR_T_GATHER_SCATTER_VIEW)
		return built(c, bcx_tb_type_scalar(c->b, (bcx_tb_scalar)t->tag, out, c->d));
	if (!cv_type(c, t->elem, &e))
		return false;
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
		return built(c, bcx_tb_type_ptr(c->b, e, out, c->d));
	case BCX_TILEIR_T_TILE:
		return built(c, bcx_tb_type_tile(c->b, e, t->shape, t->rank, out, c->d));
	case BCX_TILEIR_T_TENSOR_VIEW:
		return built(c, bcx_tb_type_tensor_view(c->b, e, t->shape, t->strides, t->rank, out,
							c->d));
	default:
		return view(c, t, e, out);
	}
}

/* A second file type with the same structure as an earlier one is a type
 * MLIR keeps apart (ui64 next to i64): keep it apart too (§18 byte order). */
static bool keep_apart(cv_ctx *c, uint32_t idx, bcx_tb_type *out)
{
	if (*out >= c->n_owner) {
		uint32_t n = *out + 64;
		uint32_t *g = bcx_arena_grow(c->arena, c->owner, c->n_owner, n, sizeof *g);
		if (!g)
			return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
		memset(g + c->n_owner, 0, (n - c->n_owner) * sizeof *g);
		c->owner = g;
		c->n_owner = n;
	}
	if (!c->owner[*out]) {
		c->owner[*out] = idx + 1;
		return true;
	}
	return c->owner[*out] == idx + 1 ||
	       built(c, tb_type_distinct(c->b, *out, idx + 1, out, c->d));
}

bool cv_type(cv_ctx *c, uint32_t idx, bcx_tb_type *out)
{
	if (idx == BCX_TILEIR_TYPE_IMPLICIT_TOKEN)
		return built(c, bcx_tb_type_token(c->b, out, c->d));
	if (idx >= c->n_types)
		return cv_fail(c, BCX_ERR_MALFORMED, "type index out of range");
	if (c->type_map[idx]) {
		*out = c->type_map[idx] - 1;
		return true;
	}
	if (++c->depth > 64)
		return cv_fail(c, BCX_ERR_LIMIT, "types nested too deeply");
	bool ok = convert_type(c, bcx_tileir_type_at(c->src, idx), out) && keep_apart(c, idx, out);
	c->depth--;
	if (ok)
		c->type_map[idx] = *out + 1;
	return ok;
}

/* NUL-terminated copy of string idx. */
const char *cv_cstr(cv_ctx *c, uint64_t idx)
{
	bcx_tileir_str s = bcx_tileir_string(c->src, (size_t)idx);
	return bcx_arena_memdup(c->arena, s.ptr ? (const void *)s.ptr : "", s.len);
}

static bool convert_loc(cv_ctx *c, const bcx_tileir_debug_record *r, bcx_tb_loc **out)
{
	bcx_tb_loc *a = NULL, *b = NULL;
	const uint64_t *f = r->f;
	switch (r->tag) {
	case BCX_TILEIR_DI_COMPILE_UNIT:
		return cv_loc(c, f[0], &a) && built(c, bcx_tb_di_compile_unit(c->b, a, out, c->d));
	case BCX_TILEIR_DI_FILE:
		return built(c, bcx_tb_di_file(c->b, cv_cstr(c, f[0]), cv_cstr(c, f[1]), out, c->d));
	case BCX_TILEIR_DI_LEXICAL_BLOCK:
		return cv_loc(c, f[0], &a) && cv_loc(c, f[1], &b) &&
		       built(c, bcx_tb_di_lexical_block(c->b, a, b, f[2], f[3], out, c->d));
	case BCX_TILEIR_DI_LOC:
		return cv_loc(c, f[0], &a) &&
		       built(c, bcx_tb_di_loc(c->b, a, cv_cstr(c, f[1]), f[2], f[3], out, c->d));
	case BCX_TILEIR_DI_SUBPROGRAM:
		return cv_loc(c, f[0], &a) && cv_loc(c, f[4], &b) &&
		       built(c, bcx_tb_di_subprogram(c->b, a, f[1], cv_cstr(c, f[2]),
						     cv_cstr(c, f[3]), b, f[5], out, c->d));
	case BCX_TILEIR_DI_CALL_SITE:
		return cv_loc(c, f[0], &a) && cv_loc(c, f[1], &b) &&
		       built(c, bcx_tb_di_callsite(c->b, a, b, out, c->d));
	default:
		*out = NULL;
		return true;
	}
}

/* Two equal records in the file come from two different MLIR locations
 * (e.g. callsite("f":1:1 at X) and callsite(unknown at X)); keep them apart
 * so that the writer emits both, as the reference did. */
static bool apart_loc(cv_ctx *c, uint64_t ref, bcx_tb_loc *l)
{
	const bcx_tileir_debug_record *r = bcx_tileir_debug_record_at(c->src, (size_t)(ref - 1));
	uint8_t key[1 + 6 * 10];
	size_t n = 0;
	key[n++] = r->tag;
	for (unsigned i = 0; i < r->n && i < 6; i++)
		n += bcx_uleb128_encode(r->f[i], key + n);
	uint32_t idx, before = c->rec_keys.n;
	if (wr_table_intern(&c->rec_keys, key, n, &idx))
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	if (idx >= before) {
		c->rec_owner[idx] = ref;
		return true;
	}
	if (l && c->rec_owner[idx] != ref)
		l->uniq = (uint32_t)ref;
	return true;
}

bool cv_loc(cv_ctx *c, uint64_t ref, bcx_tb_loc **out)
{
	*out = NULL;
	if (ref == 0)
		return true;
	if (ref > c->n_locs)
		return cv_fail(c, BCX_ERR_MALFORMED, "debug record reference out of range");
	if (c->loc_map[ref - 1]) {
		*out = c->loc_map[ref - 1];
		return true;
	}
	if (++c->depth > 64)
		return cv_fail(c, BCX_ERR_LIMIT, "debug records nested too deeply");
	bool ok = convert_loc(c, bcx_tileir_debug_record_at(c->src, (size_t)(ref - 1)), out) &&
		  apart_loc(c, ref, *out);
	c->depth--;
	if (ok)
		c->loc_map[ref - 1] = *out;
	return ok;
}
