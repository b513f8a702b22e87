/* Attributes and dense constants of the Tile IR writer (spec §8, §13).
 * Self-contained attributes carry a tag; the writer never emits the Bool
 * tag (3): like the reference it writes booleans as i1 Integers (§18.4). */
#include "tileir/build_internal.h"
#include "tileir/tables.h"

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

/* Splat test over n elements of esz bytes. */
static bool all_equal(const uint8_t *p, size_t n, size_t esz)
{
	for (size_t i = 1; i < n; i++)
		if (memcmp(p, p + i * esz, esz) != 0)
			return false;
	return true;
}

/* MLIR's dense storage of the attribute's data (§8.2, §8.4). */
static void dense_bytes(wctx *w, bcx_buf *b, const bcx_tb_attr *a)
{
	const tb_typeinfo *ti = tb_type(w->m, a->type);
	unsigned bits = tir_tag_bits(tb_type(w->m, ti->elem)->tag);
	size_t esz = (bits + 7) / 8, count = (size_t)tb_tile_count(ti);
	bool splat = a->n == esz || all_equal(a->bytes, count, esz);
	if (bits != 1) {
		bcx_buf_put_bytes(b, a->bytes, splat ? esz : a->n);
		return;
	}
	if (splat) {
		bool v = a->bytes[0] != 0;
		bcx_buf_put_u8(b, (uint8_t)(v ? (w->i1_bytes ? 0x01 : 0xFF) : 0x00));
		return;
	}
	if (w->i1_bytes) {
		for (size_t i = 0; i < count; i++)
			bcx_buf_put_u8(b, a->bytes[i] != 0);
		return;
	}
	for (size_t i = 0; i < count; i += 8) {
		uint8_t byte = 0;
		for (size_t k = 0; k < 8 && i + k < count; k++)
			byte |= (uint8_t)((a->bytes[i + k] != 0) << k);
		bcx_buf_put_u8(b, byte);
	}
}

uint32_t wr_const(wctx *w, const bcx_tb_attr *a)
{
	uint32_t t = wr_type(w, a->type), idx = 0;
	bcx_buf *data = &w->data, *key = &w->key;
	data->len = key->len = 0;
	dense_bytes(w, data, a);
	wr_uv(key, t);
	wr_uv(key, data->len);
	bcx_buf_put_bytes(key, data->data, data->len);
	bcx_status st = key->status ? key->status : data->status;
	if (!st)
		st = wr_table_intern(&w->consts, key->data, key->len, &idx);
	if (st)
		wr_fail(w, st, "out of memory while writing constants");
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

static bool key_before(const bcx_tb_attr *d, uint32_t p, uint32_t i)
{
	size_t l = d->key_lens[p] < d->key_lens[i] ? d->key_lens[p] : d->key_lens[i];
	int c = memcmp(d->keys[p], d->keys[i], l);
	return c < 0 || (c == 0 && d->key_lens[p] < d->key_lens[i]);
}

/* Dictionary body: count, then key/value pairs sorted by key bytes (an
 * insertion sort: dictionaries are small, and it keeps equal keys in order). */
void wr_dict_body(wctx *w, bcx_buf *b, const bcx_tb_attr *dict)
{
	uint32_t n = dict->n, small[64], *order = small;
	if (n > 64 && !(order = bcx_alloc(w->m->alloc, (size_t)n * sizeof *order))) {
		wr_fail(w, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t j = i;
		for (; j > 0 && !key_before(dict, order[j - 1], i); j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	wr_uv(b, n);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t k = order[i];
		wr_uv(b, wr_str(w, dict->keys[k], dict->key_lens[k]));
		wr_attr_sc(w, b, dict->elems[k]);
	}
	if (order != small)
		bcx_free(w->m->alloc, order, (size_t)n * sizeof *order);
}

static void put_pred(bcx_buf *b, const bcx_tb_attr *a)
{
	if (a->kind == BCX_TILEIR_A_DIV_BY) {
		bcx_buf_put_u8(b, BCX_TILEIR_A_DIV_BY);
		wr_uv(b, a->u);
	} else {
		bcx_buf_put_u8(b, BCX_TILEIR_A_BOUNDED);
	}
	bcx_buf_put_u8(b, (uint8_t)((a->has_a ? 1 : 0) | (a->has_b ? 2 : 0)));
	if (a->has_a)
		wr_sv(b, a->a);
	if (a->has_b)
		wr_sv(b, a->b);
}

void wr_attr_sc(wctx *w, bcx_buf *b, const bcx_tb_attr *a)
{
	if (!wr_ok(w) || ++w->nest > w->limits.max_depth) {
		wr_fail(w, BCX_ERR_LIMIT, "attributes nested too deeply");
		return;
	}
	switch (a->kind) {
	case BCX_TILEIR_A_INTEGER:
	case BCX_TILEIR_A_BOOL: {
		bool is_bool = a->kind == BCX_TILEIR_A_BOOL || tb_type(w->m, a->type)->tag == BCX_TILEIR_T_I1;
		uint32_t t = wr_type(w, a->type);
		bcx_buf_put_u8(b, BCX_TILEIR_A_INTEGER);
		wr_uv(b, t);
		if (is_bool)
			bcx_buf_put_u8(b, (uint8_t)(a->u != 0));
		else
			wr_uv(b, a->u);
		break;
	}
	case BCX_TILEIR_A_FLOAT:
		bcx_buf_put_u8(b, BCX_TILEIR_A_FLOAT);
		wr_uv(b, wr_type(w, a->type));
		put_float_bits(b, tir_tag_bits(tb_type(w->m, a->type)->tag), a->u);
		break;
	case BCX_TILEIR_A_TYPE:
		bcx_buf_put_u8(b, BCX_TILEIR_A_TYPE);
		wr_uv(b, wr_type(w, a->type));
		break;
	case BCX_TILEIR_A_STRING:
		bcx_buf_put_u8(b, BCX_TILEIR_A_STRING);
		wr_uv(b, wr_str(w, a->bytes, a->n));
		break;
	case BCX_TILEIR_A_ARRAY:
		bcx_buf_put_u8(b, BCX_TILEIR_A_ARRAY);
		wr_uv(b, a->n);
		for (uint32_t i = 0; i < a->n; i++)
			wr_attr_sc(w, b, a->elems[i]);
		break;
	case BCX_TILEIR_A_DENSE: {
		bcx_buf_put_u8(b, BCX_TILEIR_A_DENSE);
		wr_uv(b, wr_type(w, a->type));
		wr_uv(b, wr_const(w, a));
		break;
	}
	case BCX_TILEIR_A_DIV_BY:
	case BCX_TILEIR_A_BOUNDED:
		put_pred(b, a);
		break;
	case BCX_TILEIR_A_SAME_ELEMENTS:
		bcx_buf_put_u8(b, BCX_TILEIR_A_SAME_ELEMENTS);
		wr_uv(b, a->n);
		for (uint32_t i = 0; i < a->n; i++)
			bcx_buf_put_u64le(b, (uint64_t)a->i64[i]);
		break;
	case BCX_TILEIR_A_DICT:
		bcx_buf_put_u8(b, BCX_TILEIR_A_DICT);
		wr_dict_body(w, b, a);
		break;
	case BCX_TILEIR_A_HINTS:
		bcx_buf_put_u8(b, BCX_TILEIR_A_HINTS);
		wr_dict_body(w, b, a->elems[0]);
		break;
	default:
		wr_fail(w, BCX_ERR_INVALID_ARG, "attribute kind cannot be self-contained");
		break;
	}
	w->nest--;
}
