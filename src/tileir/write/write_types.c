/* Type registration of the Tile IR writer (spec §7, §7.4, §18.2): a type
 * gets its wire index after the types it refers to, depth first, and its
 * record is encoded for the target (legacy partition_view before 13.3). */
#include "tileir/model/tables.h"
#include "tileir/model/limits.h"
#include "tileir/write/write_internal.h"

static void put_i64s(bcx_buf *b, const int64_t *v, uint32_t n)
{
	wr_uv(b, n);
	for (uint32_t i = 0; i < n; i++)
		bcx_buf_put_u64le(b, (uint64_t)v[i]);
}

/* An i32 list from the model's 64-bit view parameters (§7.3). */
static bool put_i32s(wctx *w, bcx_buf *b, const int64_t *v, uint32_t n)
{
	wr_uv(b, n);
	for (uint32_t i = 0; i < n; i++) {
		if (v[i] < INT32_MIN || v[i] > INT32_MAX)
			return wr_fail(w, BCX_ERR_MALFORMED, "view parameter out of range");
		bcx_buf_put_u32le(b, (uint32_t)(int32_t)v[i]);
	}
	return true;
}

/* The dim_map of a view: the model's when it has one per dimension, else
 * the identity (what the reference prints and writes for a view without). */
static void put_dim_map(bcx_buf *b, const bcx_tileir_type *t)
{
	wr_uv(b, t->rank);
	for (uint32_t i = 0; i < t->rank; i++)
		bcx_buf_put_u32le(b, t->n_dim_map == t->rank ? (uint32_t)t->dim_map[i] : i);
}

static void view_pad(bcx_buf *b, const bcx_tileir_type *t)
{
	if (t->has_padding)
		wr_uv(b, t->padding_value);
}

static void encode_view(wctx *w, bcx_buf *b, const bcx_tileir_type *t, uint32_t tv)
{
	if (t->tag == BCX_TILEIR_T_PARTITION_VIEW && wr_later(w, BCX_TILEIR_V13_3)) {
		put_i32s(w, b, t->shape, t->rank);
		wr_uv(b, tv);
		put_dim_map(b, t);
		bcx_buf_put_u8(b, t->has_padding);
		view_pad(b, t);
		return;
	}
	wr_uv(b, t->has_padding ? 1 : 0); /* the 13.3 views' bitfield (§7.3) */
	put_i32s(w, b, t->shape, t->rank);
	if (t->tag == BCX_TILEIR_T_STRIDED_VIEW)
		put_i32s(w, b, t->strides, t->rank);
	wr_uv(b, tv);
	if (t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW)
		wr_uv(b, t->sparse_dim);
	else
		put_dim_map(b, t);
	view_pad(b, t);
}

static bool is_view(unsigned tag)
{
	return tag == BCX_TILEIR_T_PARTITION_VIEW || tag == BCX_TILEIR_T_STRIDED_VIEW ||
	       tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW;
}

/* Register dependencies, then encode the record into b. */
static void encode_type(wctx *w, bcx_buf *b, const bcx_tileir_type *t)
{
	if (t->tag == BCX_TILEIR_T_FUNCTION) {
		/* Inputs, then results, each with its dependencies (§7.2);
		 * the second pass below only looks the indices up. */
		for (uint32_t i = 0; i < t->n_inputs + t->n_outputs; i++)
			wr_type(w, t->params[i]);
		wr_uv(b, t->tag);
		wr_uv(b, t->n_inputs);
		for (uint32_t i = 0; i < t->n_inputs; i++)
			wr_uv(b, wr_type(w, t->params[i]));
		wr_uv(b, t->n_outputs);
		for (uint32_t i = 0; i < t->n_outputs; i++)
			wr_uv(b, wr_type(w, t->params[t->n_inputs + i]));
		return;
	}
	bool has_dep = t->tag == BCX_TILEIR_T_POINTER || t->tag == BCX_TILEIR_T_TILE ||
		       t->tag == BCX_TILEIR_T_TENSOR_VIEW || is_view(t->tag);
	uint32_t dep = has_dep ? wr_type(w, t->elem) : 0;
	wr_uv(b, t->tag);
	if (t->tag == BCX_TILEIR_T_POINTER) {
		wr_uv(b, dep);
	} else if (t->tag == BCX_TILEIR_T_TILE) {
		wr_uv(b, dep);
		put_i64s(b, t->shape, t->rank);
	} else if (t->tag == BCX_TILEIR_T_TENSOR_VIEW) {
		wr_uv(b, dep);
		put_i64s(b, t->shape, t->rank);
		put_i64s(b, t->strides, t->rank);
	} else if (is_view(t->tag)) {
		encode_view(w, b, t, dep);
	}
}

/* Key: varint uniq, then the record (§7.4); 0 for the first model type of
 * each content, the model index + 1 for a later equal one. */
static uint32_t intern_type(wctx *w, uint32_t t, bcx_buf *content)
{
	uint32_t c = 0, idx = 0, uniq = 0;
	bcx_status st = content->status ? content->status
		: wr_table_intern(&w->type_content, content->data, content->len, &c);
	if (!st && c < w->m->n_types + 1u) {
		if (!w->type_owner[c])
			w->type_owner[c] = t + 1;
		uniq = w->type_owner[c] == t + 1 ? 0 : t + 1;
	}
	bcx_buf *k = &w->key;
	k->len = 0;
	wr_uv(k, uniq);
	bcx_buf_put_bytes(k, content->data, content->len);
	if (!st)
		st = k->status ? k->status : wr_table_intern(&w->types, k->data, k->len, &idx);
	if (st)
		wr_fail(w, st, "out of memory while writing types");
	return idx;
}

uint32_t wr_type(wctx *w, uint32_t t)
{
	if (!wr_ok(w))
		return 0;
	if (t == BCX_TILEIR_TYPE_IMPLICIT_TOKEN)
		return wr_type_tag(w, BCX_TILEIR_T_TOKEN);
	if (t < w->m->n_types && w->type_map[t]) /* the common case: seen before */
		return w->type_map[t] - 1;
	const bcx_tileir_type *ty = bcx_tileir_type_at(w->m, t);
	if (!ty)
		return wr_fail(w, BCX_ERR_MALFORMED, "type index %u out of range", t), 0;
	if (++w->tnest > w->limits.max_depth)
		return wr_fail(w, BCX_ERR_LIMIT, "types nested too deeply"), 0;
	bcx_buf b;
	bcx_buf_init(&b, w->alloc);
	encode_type(w, &b, ty);
	w->tnest--;
	uint32_t idx = wr_ok(w) ? intern_type(w, t, &b) : 0;
	bcx_buf_free(&b);
	if (wr_ok(w))
		w->type_map[t] = idx + 1;
	return idx;
}

uint32_t wr_type_tag(wctx *w, unsigned tag)
{
	uint8_t key[2] = {0, (uint8_t)tag}; /* uniq 0, then the one-byte record */
	uint32_t idx = 0;
	bcx_status st = wr_ok(w) ? wr_table_intern(&w->types, key, sizeof key, &idx) : BCX_OK;
	if (st)
		wr_fail(w, st, "out of memory while writing types");
	return idx;
}

bool wr_check_types(wctx *w)
{
	for (uint32_t i = 0; i < w->types.n && wr_ok(w); i++) {
		const uint8_t *k = wr_table_key(&w->types, i);
		size_t skip = wr_uv_len(k, wr_table_len(&w->types, i));
		uint8_t tag = skip < wr_table_len(&w->types, i) ? k[skip] : 0;
		uint16_t since = bcx_tileir_type_tag_since(tag);
		if (wr_later(w, since))
			wr_fail(w, BCX_ERR_UNSUPPORTED,
				TIR_GATE_TYPE,
				tir_type_class_name(tag), since & 0xFF, w->minor);
	}
	return wr_ok(w);
}
