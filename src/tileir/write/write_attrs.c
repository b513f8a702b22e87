/* Attributes and dense constants of the Tile IR writer (spec §8, §13).
 * Self-contained attributes carry their kind as the wire tag; the writer
 * never emits the Bool tag (3): like the reference it writes booleans as
 * i1 Integers (§18.4). */
#include "tileir/model/tables.h"
#include "tileir/write/write_internal.h"

#include <string.h>

uint32_t wr_str(wctx *w, const void *p, size_t n)
{
	uint32_t idx = 0;
	if (!wr_ok(w))
		return 0;
	bcx_status st = wr_table_intern(&w->strings, p ? p : "", n, &idx);
	if (st)
		wr_fail(w, st, "out of memory while writing strings");
	return idx;
}

uint32_t wr_mstr(wctx *w, uint32_t idx)
{
	bcx_tileir_str s = bcx_tileir_string(w->m, idx);
	return wr_str(w, s.ptr, s.len);
}

uint32_t wr_const(wctx *w, uint32_t type, uint32_t index)
{
	/* A constant is used by many ops: encode it once per type. */
	if (index < w->m->n_constants && w->const_map[index] && w->const_type[index] == type)
		return w->const_map[index] - 1;
	uint32_t t = wr_type(w, type), idx = 0;
	bcx_buf *data = &w->data, *key = &w->key, *raw = &w->raw;
	uint64_t count = 0;
	if (!wr_ok(w))
		return 0;
	data->len = key->len = raw->len = 0;
	bcx_status st = tir_dense_raw(w->m, type, index, raw, &count, w->d);
	if (st) {
		w->st = st;
		return 0;
	}
	unsigned tag = w->m->types[w->m->types[type].elem].tag;
	tir_dense_encode(data, tag, count, raw->data, raw->len, w->i1_bytes);
	wr_uv(key, t);
	wr_uv(key, data->len);
	bcx_buf_put_bytes(key, data->data, data->len);
	st = key->status ? key->status : data->status;
	if (!st)
		st = wr_table_intern(&w->consts, key->data, key->len, &idx);
	if (st)
		return wr_fail(w, st, "out of memory while writing constants"), 0;
	w->const_map[index] = idx + 1; /* index < n_constants: tir_dense_raw checked it */
	w->const_type[index] = type;
	return idx;
}

/* APFloat bits (§13.5): raw byte up to 8 bits, else zig-zag varint. */
static void put_float_bits(bcx_buf *b, unsigned width, uint64_t bits)
{
	if (width <= 8)
		bcx_buf_put_u8(b, (uint8_t)bits);
	else
		wr_sv(b, (int64_t)bits);
}

static bool key_before(const wctx *w, const bcx_tileir_attr *d, uint32_t p, uint32_t i)
{
	bcx_tileir_str a = bcx_tileir_string(w->m, d->keys[p]);
	bcx_tileir_str b = bcx_tileir_string(w->m, d->keys[i]);
	size_t l = a.len < b.len ? a.len : b.len;
	int c = l ? memcmp(a.ptr, b.ptr, l) : 0;
	return c < 0 || (c == 0 && a.len < b.len);
}

/* Dictionary body: count, then key/value pairs sorted by key bytes (an
 * insertion sort: dictionaries are small, and it keeps equal keys in order). */
void wr_dict_body(wctx *w, bcx_buf *b, const bcx_tileir_attr *dict)
{
	uint32_t n = dict->n, small[64], *order = small;
	if (n > 64 && !(order = bcx_alloc(w->alloc, (size_t)n * sizeof *order))) {
		wr_fail(w, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = i;
		for (; j > 0 && !key_before(w, dict, order[j - 1], i); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	wr_uv(b, n);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = order[i];
		wr_uv(b, wr_mstr(w, dict->keys[k]));
		wr_attr_sc(w, b, &dict->elems[k]);
	}
	if (order != small)
		bcx_free(w->alloc, order, (size_t)n * sizeof *order);
}

static void put_pred(bcx_buf *b, const bcx_tileir_attr *a)
{
	bcx_buf_put_u8(b, a->kind);
	if (a->kind == BCX_TILEIR_A_DIV_BY)
		wr_uv(b, a->u);
	bcx_buf_put_u8(b, (uint8_t)(a->flags & 3));
	if (a->flags & 1)
		wr_sv(b, a->a);
	if (a->flags & 2)
		wr_sv(b, a->b);
}

static void put_integer(wctx *w, bcx_buf *b, const bcx_tileir_attr *a)
{
	bool is_bool = a->kind == BCX_TILEIR_A_BOOL ||
		       w->m->types[a->type].tag == BCX_TILEIR_T_I1;
	uint32_t t = a->kind == BCX_TILEIR_A_BOOL ? wr_type_tag(w, BCX_TILEIR_T_I1)
						  : wr_type(w, a->type);
	bcx_buf_put_u8(b, BCX_TILEIR_A_INTEGER);
	wr_uv(b, t);
	if (is_bool)
		bcx_buf_put_u8(b, (uint8_t)(a->u != 0));
	else
		wr_uv(b, a->u);
}

void wr_attr_sc(wctx *w, bcx_buf *b, const bcx_tileir_attr *a)
{
	if (!wr_ok(w) || ++w->nest > w->limits.max_depth) {
		wr_fail(w, BCX_ERR_LIMIT, "attributes nested too deeply");
		return;
	}
	bool typed = a->kind == BCX_TILEIR_A_INTEGER || a->kind == BCX_TILEIR_A_FLOAT ||
		     a->kind == BCX_TILEIR_A_TYPE || a->kind == BCX_TILEIR_A_DENSE;
	if (typed && !bcx_tileir_type_at(w->m, a->type)) {
		wr_fail(w, BCX_ERR_MALFORMED, "attribute type %u out of range", a->type);
		return;
	}
	switch (a->kind) {
	case BCX_TILEIR_A_INTEGER:
	case BCX_TILEIR_A_BOOL:
		put_integer(w, b, a);
		break;
	case BCX_TILEIR_A_FLOAT:
		bcx_buf_put_u8(b, a->kind);
		wr_uv(b, wr_type(w, a->type));
		put_float_bits(b, tir_tag_bits(w->m->types[a->type].tag), a->u);
		break;
	case BCX_TILEIR_A_TYPE:
		bcx_buf_put_u8(b, a->kind);
		wr_uv(b, wr_type(w, a->type));
		break;
	case BCX_TILEIR_A_STRING:
		bcx_buf_put_u8(b, a->kind);
		wr_uv(b, wr_mstr(w, a->index));
		break;
	case BCX_TILEIR_A_ARRAY:
		bcx_buf_put_u8(b, a->kind);
		wr_uv(b, a->n);
		for (uint32_t i = 0; i < a->n; i++)
			wr_attr_sc(w, b, &a->elems[i]);
		break;
	case BCX_TILEIR_A_DENSE:
		bcx_buf_put_u8(b, a->kind);
		wr_uv(b, wr_type(w, a->type));
		wr_uv(b, wr_const(w, a->type, a->index));
		break;
	case BCX_TILEIR_A_DIV_BY:
	case BCX_TILEIR_A_BOUNDED:
		put_pred(b, a);
		break;
	case BCX_TILEIR_A_SAME_ELEMENTS:
		bcx_buf_put_u8(b, a->kind);
		wr_uv(b, a->n);
		for (uint32_t i = 0; i < a->n; i++)
			bcx_buf_put_u64le(b, (uint64_t)a->ints[i]);
		break;
	case BCX_TILEIR_A_DICT:
	case BCX_TILEIR_A_HINTS:
		bcx_buf_put_u8(b, a->kind);
		wr_dict_body(w, b, a);
		break;
	default:
		wr_fail(w, BCX_ERR_INVALID_ARG, "attribute kind cannot be self-contained");
		break;
	}
	w->nest--;
}
