/* Debug records and the debug section of the Tile IR writer (spec §11,
 * §18.2 step 5). Records are uniqued by value with their dependencies
 * registered first; their strings are only registered when the section is
 * written, so the dedup key holds the string bytes, not string indices.
 * Field layouts come from bcx/tileir_debug.def. */
#include "tileir/write/write_internal.h"

#include "bcx/varint.h"

#include <string.h>

/* Is ref a record the writer can name (0 and unknown-tag records cannot)? */
static const bcx_tileir_debug_record *record(const wctx *w, uint64_t ref)
{
	const bcx_tileir_debug_record *r =
		ref ? bcx_tileir_debug_record_at(w->m, (size_t)(ref - 1)) : NULL;
	return r && r->tag != BCX_TILEIR_DI_UNKNOWN ? r : NULL;
}

/* Two equal records of the model come from two different MLIR locations
 * (e.g. callsite("f":1:1 at X) and callsite(unknown at X)); the first one
 * met owns the content, a later one keeps its reference as a separator so
 * that both are written, as the reference did. */
static uint64_t apart(wctx *w, uint64_t ref, const bcx_tileir_debug_record *r)
{
	uint8_t raw[1 + 6 * 10];
	size_t n = 0;
	uint32_t idx = 0;
	raw[n++] = r->tag;
	for (unsigned i = 0; i < r->n && i < 6; i++)
		n += bcx_uleb128_encode(r->f[i], raw + n);
	if (wr_table_intern(&w->rec_content, raw, n, &idx))
		return wr_fail(w, BCX_ERR_NOMEM, "out of memory"), 0;
	if (idx >= w->m->n_debug_records)
		return 0;
	if (!w->rec_owner[idx])
		w->rec_owner[idx] = ref;
	return w->rec_owner[idx] == ref ? 0 : ref;
}

/* The key of record r: its tag, then its fields in wire order with records
 * as their wire indices and strings as their bytes (strings are registered
 * only when the section is written), then the separator of apart(). */
static void rec_key(wctx *w, bcx_buf *k, const bcx_tileir_debug_record *r,
		    const uint32_t *refs, uint64_t uniq)
{
	const char *f = bcx_tileir_debug_fields(r->tag);
	bcx_buf_put_u8(k, r->tag);
	for (unsigned i = 0, nr = 0; f && f[i] && i < r->n; i++) {
		if (f[i] == 'r') {
			wr_uv(k, refs[nr++]);
		} else if (f[i] == 's') {
			bcx_tileir_str s = bcx_tileir_string(w->m, (size_t)r->f[i]);
			wr_uv(k, s.len);
			bcx_buf_put_bytes(k, s.ptr, s.len);
		} else {
			wr_uv(k, r->f[i]);
		}
	}
	wr_uv(k, uniq); /* after the fields: put_record() stops before it */
}

uint32_t wr_loc(wctx *w, uint64_t ref)
{
	const bcx_tileir_debug_record *r = record(w, ref);
	if (!r || !wr_ok(w))
		return 0;
	if (++w->nest > w->limits.max_depth) {
		wr_fail(w, BCX_ERR_LIMIT, "debug locations nested too deeply");
		return 0;
	}
	/* Dependencies first, in field order: file then compile unit,
	 * scope then file, callee then caller (§11.4). */
	uint32_t refs[6] = {0};
	const char *f = bcx_tileir_debug_fields(r->tag);
	for (unsigned i = 0, nr = 0; f && f[i] && i < r->n; i++)
		if (f[i] == 'r')
			refs[nr++] = wr_loc(w, r->f[i]);
	w->nest--;
	uint64_t uniq = apart(w, ref, r);
	bcx_buf *k = &w->key; /* free again: the recursive calls above are done */
	k->len = 0;
	rec_key(w, k, r, refs, uniq);
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
	bcx_buf_init(&recs, w->alloc);
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
