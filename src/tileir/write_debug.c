/* Debug records and the debug section of the Tile IR writer (spec §11,
 * §18.2 step 5). Records are uniqued by value with their dependencies
 * registered first; their strings are only registered when the section is
 * written, so the dedup key holds the string bytes, not string indices. */
#include "tileir/build_internal.h"

#include <string.h>

static void key_str(bcx_buf *k, const char *s)
{
	size_t n = strlen(s);
	wr_uv(k, n);
	bcx_buf_put_bytes(k, s, n);
}

/* Fill the key of l, whose referenced records already have indices a, b. */
static void loc_key(bcx_buf *k, const bcx_tb_loc *l, uint32_t a, uint32_t b)
{
	bcx_buf_put_u8(k, (uint8_t)l->kind);
	switch (l->kind) {
	case BCX_TILEIR_DI_COMPILE_UNIT:
		wr_uv(k, a);
		break;
	case BCX_TILEIR_DI_FILE:
		key_str(k, l->s1);
		key_str(k, l->s2);
		break;
	case BCX_TILEIR_DI_LEXICAL_BLOCK:
		wr_uv(k, a);
		wr_uv(k, b);
		wr_uv(k, l->line);
		wr_uv(k, l->col);
		break;
	case BCX_TILEIR_DI_LOC:
		wr_uv(k, a);
		key_str(k, l->s1);
		wr_uv(k, l->line);
		wr_uv(k, l->col);
		break;
	case BCX_TILEIR_DI_SUBPROGRAM:
		wr_uv(k, a);
		wr_uv(k, l->line);
		key_str(k, l->s1);
		key_str(k, l->s2);
		wr_uv(k, b);
		wr_uv(k, l->col);
		break;
	case BCX_TILEIR_DI_CALL_SITE:
		wr_uv(k, a);
		wr_uv(k, b);
		break;
	}
	wr_uv(k, l->uniq); /* after the fields: put_record() stops before it */
}

/* 1-based record index of l (0 for NULL = unknown location). */
uint32_t wr_loc(wctx *w, const bcx_tb_loc *l)
{
	if (!l || !wr_ok(w))
		return 0;
	if (++w->nest > w->limits.max_depth) {
		wr_fail(w, BCX_ERR_LIMIT, "debug locations nested too deeply");
		return 0;
	}
	/* Dependencies first, in field order: file then compile unit,
	 * scope then file, callee then caller (§11.4). */
	uint32_t a = wr_loc(w, l->a);
	uint32_t b = wr_loc(w, l->b);
	w->nest--;
	bcx_buf *k = &w->key; /* free again: the recursive calls above are done */
	k->len = 0;
	loc_key(k, l, a, b);
	uint32_t idx = 0;
	bcx_status st = k->status ? k->status : wr_table_intern(&w->debug, k->data, k->len, &idx);
	if (st)
		return wr_fail(w, st, "out of memory while writing debug records"), 0;
	return idx + 1;
}

/* Re-encode one key as the wire record, registering its strings. */
static void put_record(wctx *w, bcx_buf *out, const uint8_t *k, size_t n)
{
	bcx_cursor c;
	bcx_cur_init(&c, k, n, NULL);
	unsigned tag = bcx_cur_u8(&c, NULL);
	wr_uv(out, tag);
	const char *f = bcx_tileir_debug_fields(tag);
	for (; f && *f; f++) {
		uint64_t v = bcx_cur_uleb128(&c, 64, NULL);
		if (*f == 's') {
			const uint8_t *s = bcx_cur_bytes(&c, (size_t)v, NULL);
			v = wr_str(w, s, (size_t)v);
		}
		wr_uv(out, v);
	}
}

void wr_debug_payload(wctx *w, bcx_buf *p)
{
	wr_uv(p, w->n_lists);
	bcx_buf_pad_to(p, 4, WR_PAD);
	for (uint32_t i = 0; i < w->n_lists; i++)
		bcx_buf_put_u32le(p, w->list_start[i]);
	wr_uv(p, w->refs.len / 8);
	bcx_buf_pad_to(p, 8, WR_PAD);
	bcx_buf_put_bytes(p, w->refs.data, w->refs.len);
	bcx_buf recs;
	bcx_buf_init(&recs, w->m->alloc);
	wr_uv(p, w->debug.n);
	bcx_buf_pad_to(p, 4, WR_PAD);
	for (uint32_t i = 0; i < w->debug.n; i++) {
		bcx_buf_put_u32le(p, (uint32_t)recs.len);
		put_record(w, &recs, wr_table_key(&w->debug, i), wr_table_len(&w->debug, i));
	}
	bcx_buf_put_bytes(p, recs.data, recs.len);
	if (recs.status && !p->status)
		p->status = recs.status;
	bcx_buf_free(&recs);
}
