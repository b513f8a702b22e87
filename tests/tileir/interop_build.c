/* Front-end layout of a Tile IR file (see interop_build.h). */
#include "interop_build.h"

#include <string.h>

#define PAD 0xcb

void ib_init(ib_module *m, uint8_t minor)
{
	memset(m, 0, sizeof *m);
	m->minor = minor;
	bcx_buf_init(&m->funcs, NULL);
	bcx_buf_init(&m->globals, NULL);
	bcx_buf_init(&m->strings.data, NULL);
	bcx_buf_init(&m->types.data, NULL);
	bcx_buf_init(&m->consts.data, NULL);
	bcx_buf_init(&m->records.data, NULL);
}

void ib_free(ib_module *m)
{
	bcx_buf_free(&m->funcs);
	bcx_buf_free(&m->globals);
	bcx_buf_free(&m->strings.data);
	bcx_buf_free(&m->types.data);
	bcx_buf_free(&m->consts.data);
	bcx_buf_free(&m->records.data);
}

size_t ib_add(ib_items *t, const void *p, size_t n)
{
	if (t->count == IB_MAX_ITEMS)
		return t->count - 1;
	t->start[t->count] = t->data.len;
	bcx_buf_put_bytes(&t->data, p, n);
	return t->count++;
}

void ib_func(ib_module *m, size_t name, size_t sig, uint8_t flags, size_t loc,
	     const void *hints, size_t hints_len, const void *body, size_t body_len)
{
	bcx_buf_put_uleb128(&m->funcs, name);
	bcx_buf_put_uleb128(&m->funcs, sig);
	bcx_buf_put_u8(&m->funcs, flags);
	bcx_buf_put_uleb128(&m->funcs, loc);
	if (hints)
		bcx_buf_put_bytes(&m->funcs, hints, hints_len);
	bcx_buf_put_uleb128(&m->funcs, body_len);
	if (body_len)
		bcx_buf_put_bytes(&m->funcs, body, body_len);
	m->n_funcs++;
}

size_t ib_list(ib_module *m, const uint64_t *refs, size_t n)
{
	if (m->n_lists == IB_MAX_LISTS || n > 16)
		return 0;
	memcpy(m->lists[m->n_lists], refs, n * sizeof *refs);
	m->list_len[m->n_lists] = n;
	return ++m->n_lists;
}

/* count, padding (from the payload start), offsets of isz bytes, data. */
static void put_table(bcx_buf *o, const ib_items *t, unsigned isz)
{
	bcx_buf_put_uleb128(o, t->count);
	bcx_buf_pad_to(o, isz, PAD);
	for (size_t i = 0; i < t->count; i++) {
		if (isz == 8)
			bcx_buf_put_u64le(o, t->start[i]);
		else
			bcx_buf_put_u32le(o, (uint32_t)t->start[i]);
	}
	bcx_buf_put_bytes(o, t->data.data, t->data.len);
}

/* The alignment flag only when align > 1; padding counted from offset 0. */
static void put_section(bcx_buf *o, uint8_t id, unsigned align, const bcx_buf *p)
{
	bcx_buf_put_u8(o, (uint8_t)(id | (align > 1 ? 0x80 : 0)));
	bcx_buf_put_uleb128(o, p->len);
	if (align > 1) {
		bcx_buf_put_uleb128(o, align);
		bcx_buf_pad_to(o, align, PAD);
	}
	bcx_buf_put_bytes(o, p->data, p->len);
}

/* Spec §11.2: list starts (u32), all references (u64), then the records. */
static void put_debug(bcx_buf *o, const ib_module *m)
{
	bcx_buf_put_uleb128(o, m->n_lists);
	bcx_buf_pad_to(o, 4, PAD);
	size_t total = 0;
	for (size_t i = 0; i < m->n_lists; i++) {
		bcx_buf_put_u32le(o, (uint32_t)total);
		total += m->list_len[i];
	}
	bcx_buf_put_uleb128(o, total);
	bcx_buf_pad_to(o, 8, PAD);
	for (size_t i = 0; i < m->n_lists; i++)
		for (size_t k = 0; k < m->list_len[i]; k++)
			bcx_buf_put_u64le(o, m->lists[i][k]);
	put_table(o, &m->records, 4);
}

static void emit(bcx_buf *out, uint8_t id, unsigned align, bcx_buf *p)
{
	put_section(out, id, align, p);
	p->len = 0;
}

void ib_finish(ib_module *m, bcx_buf *out)
{
	static const uint8_t unknown_loc = 0x00;
	bcx_buf p;
	bcx_buf_init(&p, NULL);
	if (m->records.count == 0)
		ib_add(&m->records, &unknown_loc, 1);
	bcx_buf_put_bytes(out, "\x7fTileIR\0\x0d", 9);
	bcx_buf_put_u8(out, m->minor);
	bcx_buf_put_u16le(out, m->tag);
	bcx_buf_put_uleb128(&p, m->n_funcs);
	bcx_buf_put_bytes(&p, m->funcs.data, m->funcs.len);
	emit(out, 2, 8, &p);
	if (m->has_globals) {
		bcx_buf_put_uleb128(&p, m->n_globals);
		bcx_buf_put_bytes(&p, m->globals.data, m->globals.len);
		emit(out, 6, 1, &p);
	}
	put_table(&p, &m->consts, 8);
	emit(out, 4, 8, &p);
	put_debug(&p, m);
	emit(out, 3, 8, &p);
	put_table(&p, &m->types, 4);
	emit(out, 5, 4, &p);
	put_table(&p, &m->strings, 4);
	emit(out, 1, 4, &p);
	bcx_buf_put_u8(out, 0);
	bcx_buf_free(&p);
}
