/* Type registration of the Tile IR writer (spec §7, §7.4, §18.2): a type
 * gets its wire index after the types it refers to, depth first, and its
 * record is encoded for the target (legacy partition_view before 13.3). */
#include "tileir/tables.h"
#include "tileir/build_internal.h"

static void put_i64s(bcx_buf *b, const int64_t *v, uint32_t n)
{
	wr_uv(b, n);
	for (uint32_t i = 0; i < n; i++)
		bcx_buf_put_u64le(b, (uint64_t)v[i]);
}

static void put_i32s(bcx_buf *b, const int32_t *v, uint32_t n)
{
	wr_uv(b, n);
	for (uint32_t i = 0; i < n; i++)
		bcx_buf_put_u32le(b, (uint32_t)v[i]);
}

/* Unified bitfield of 13.3 view types (§7.3). */
static void view_flags(bcx_buf *b, const tb_typeinfo *t)
{
	wr_uv(b, t->pad != BCX_TB_PAD_NONE ? 1 : 0);
}

static void view_pad(bcx_buf *b, const tb_typeinfo *t)
{
	if (t->pad != BCX_TB_PAD_NONE)
		wr_uv(b, t->pad);
}

static void encode_view(wctx *w, bcx_buf *b, const tb_typeinfo *t, uint32_t tv)
{
	if (t->tag == BCX_TILEIR_T_PARTITION_VIEW && w->minor < 3) {
		put_i32s(b, t->tile, t->rank);
		wr_uv(b, tv);
		put_i32s(b, t->dim_map, t->rank);
		bcx_buf_put_u8(b, t->pad != BCX_TB_PAD_NONE);
		view_pad(b, t);
		return;
	}
	view_flags(b, t);
	put_i32s(b, t->tile, t->rank);
	if (t->tag == BCX_TILEIR_T_STRIDED_VIEW)
		put_i32s(b, t->trav, t->rank);
	wr_uv(b, tv);
	if (t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW)
		wr_uv(b, t->sparse_dim);
	else
		put_i32s(b, t->dim_map, t->rank);
	view_pad(b, t);
}

/* Register dependencies, then encode the record into b. */
static void encode_type(wctx *w, bcx_buf *b, const tb_typeinfo *t)
{
	uint32_t dep = 0;
	if (t->tag == BCX_TILEIR_T_FUNCTION) {
		/* Inputs, then results, each with its dependencies (§7.2);
		 * the second calls below only look the indices up. */
		for (uint32_t i = 0; i < t->n_in; i++)
			wr_type(w, t->ins[i]);
		for (uint32_t i = 0; i < t->n_out; i++)
			wr_type(w, t->outs[i]);
		wr_uv(b, t->tag);
		wr_uv(b, t->n_in);
		for (uint32_t i = 0; i < t->n_in; i++)
			wr_uv(b, wr_type(w, t->ins[i]));
		wr_uv(b, t->n_out);
		for (uint32_t i = 0; i < t->n_out; i++)
			wr_uv(b, wr_type(w, t->outs[i]));
		return;
	}
	if (t->elem != BCX_TB_NONE)
		dep = wr_type(w, t->elem);
	wr_uv(b, t->tag);
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
		wr_uv(b, dep);
		break;
	case BCX_TILEIR_T_TILE:
		wr_uv(b, dep);
		put_i64s(b, t->shape, t->rank);
		break;
	case BCX_TILEIR_T_TENSOR_VIEW:
		wr_uv(b, dep);
		put_i64s(b, t->shape, t->rank);
		put_i64s(b, t->strides, t->rank);
		break;
	case BCX_TILEIR_T_PARTITION_VIEW:
	case BCX_TILEIR_T_STRIDED_VIEW:
	case BCX_TILEIR_T_GATHER_SCATTER_VIEW:
		encode_view(w, b, t, dep);
		break;
	default:
		break;
	}
}

uint32_t wr_type(wctx *w, uint32_t t)
{
	if (!wr_ok(w))
		return 0;
	if (w->type_map[t])
		return w->type_map[t] - 1;
	if (++w->tnest > w->limits.max_depth) {
		wr_fail(w, BCX_ERR_LIMIT, "types nested too deeply");
		return 0;
	}
	bcx_buf b;
	bcx_buf_init(&b, w->m->alloc);
	/* Key: varint uniq (0 for ordinary types), then the record (§7.4). */
	wr_uv(&b, tb_type(w->m, t)->uniq);
	encode_type(w, &b, tb_type(w->m, t));
	w->tnest--;
	uint32_t idx = 0;
	bcx_status st = b.status ? b.status : wr_table_intern(&w->types, b.data, b.len, &idx);
	bcx_buf_free(&b);
	if (st) {
		wr_fail(w, st, "out of memory while writing types");
		return 0;
	}
	w->type_map[t] = idx + 1;
	return idx;
}


bool wr_check_types(wctx *w)
{
	for (uint32_t i = 0; i < w->types.n && wr_ok(w); i++) {
		const uint8_t *k = wr_table_key(&w->types, i);
		size_t skip = wr_uv_len(k, wr_table_len(&w->types, i));
		uint8_t tag = skip < wr_table_len(&w->types, i) ? k[skip] : 0;
		unsigned since = (unsigned)(bcx_tileir_type_tag_since(tag) & 0xFF);
		if (since > w->minor)
			wr_fail(w, BCX_ERR_UNSUPPORTED,
				"type '%s' requires bytecode version 13.%u+, targeting 13.%u",
				tir_type_class_name(tag), since, w->minor);
	}
	return wr_ok(w);
}
