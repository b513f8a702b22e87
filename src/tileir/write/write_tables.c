/* Interning tables and section framing of the Tile IR writer (spec §5,
 * §6.1, §7.1, §8.1, §18.3). Everything is keyed on bytes: a type record's
 * bytes are canonical once its dependencies have indices (§7.4), and a
 * constant's key is its type index followed by its splat-collapsed data. */
#include "tileir/write/write_internal.h"
#include "common/internal.h"
#include "bcx/varint.h"
#include "bcx/tileir.h"

#include <string.h>

void wr_sv(bcx_buf *b, int64_t v) { bcx_buf_put_uleb128(b, bcx_zigzag_encode(v)); }

void wr_table_init(wr_table *t, const bcx_allocator *a)
{
	memset(t, 0, sizeof *t);
	t->alloc = a ? a : bcx_default_allocator();
	bcx_buf_init(&t->data, t->alloc);
}

void wr_table_free(wr_table *t)
{
	bcx_buf_free(&t->data);
	bcx_free(t->alloc, t->off, (size_t)(t->cap + 1) * sizeof *t->off);
	bcx_free(t->alloc, t->slot, (size_t)t->nslot * sizeof *t->slot);
	t->off = NULL;
	t->slot = NULL;
	t->n = t->cap = t->nslot = 0;
}

void wr_table_clear(wr_table *t)
{
	/* a large table is given back: clearing it for every small function
	 * after it would cost its size each time */
	if (t->nslot > 4096) {
		const bcx_allocator *a = t->alloc;
		wr_table_free(t);
		wr_table_init(t, a);
		return;
	}
	if (t->slot)
		memset(t->slot, 0, (size_t)t->nslot * sizeof *t->slot);
	t->n = 0;
	t->data.len = 0;
}

/* The parser hashes every type's text and every value name: the common
 * word-at-a-time hash. Only slots depend on it, never the tables' order. */
static uint32_t key_hash(const uint8_t *p, size_t n)
{
	return (uint32_t)bcx_hash_bytes(p, n);
}

static bool key_eq(const wr_table *t, uint32_t i, const void *p, size_t n)
{
	/* An empty key may sit in a table that holds no bytes yet (data NULL). */
	return wr_table_len(t, i) == n && (n == 0 || memcmp(wr_table_key(t, i), p, n) == 0);
}

/* Double the slot array and re-insert every key. */
static bcx_status rehash(wr_table *t)
{
	uint32_t ns = t->nslot ? t->nslot * 2 : 64;
	if (ns < t->nslot)
		return BCX_ERR_LIMIT;
	uint64_t *s = bcx_alloc(t->alloc, (size_t)ns * sizeof *s);
	if (!s)
		return BCX_ERR_NOMEM;
	memset(s, 0, (size_t)ns * sizeof *s);
	for (uint32_t k = 0; k < t->nslot; k++) {
		uint32_t h = (uint32_t)(t->slot[k] >> 32) & (ns - 1);
		if (!t->slot[k])
			continue;
		while (s[h])
			h = (h + 1) & (ns - 1);
		s[h] = t->slot[k];
	}
	bcx_free(t->alloc, t->slot, (size_t)t->nslot * sizeof *t->slot);
	t->slot = s;
	t->nslot = ns;
	return BCX_OK;
}

/* Room for off[n + 1] (off has cap + 1 entries once made). */
static bcx_status grow_off(wr_table *t)
{
	size_t entries = t->off ? (size_t)t->cap + 1 : 0;
	bool first = t->off == NULL;
	if (t->n >= UINT32_MAX / 2)
		return BCX_ERR_LIMIT;
	if (!bcx_heap_room(t->alloc, &t->off, (size_t)t->n + 1, &entries, sizeof *t->off, 33))
		return BCX_ERR_NOMEM;
	if (first)
		t->off[0] = 0;
	t->cap = (uint32_t)(entries - 1);
	return BCX_OK;
}

/* The slot that holds key [p, p+n) of hash full, or the empty slot where
 * it would go. */
static uint32_t probe(const wr_table *t, const void *p, size_t n, uint32_t full)
{
	uint32_t h = full & (t->nslot - 1);
	for (; t->slot[h]; h = (h + 1) & (t->nslot - 1))
		if ((uint32_t)(t->slot[h] >> 32) == full &&
		    key_eq(t, (uint32_t)t->slot[h] - 1, p, n))
			break;
	return h;
}

bool wr_table_find(const wr_table *t, const void *p, size_t n, uint32_t *idx)
{
	if (!t->nslot)
		return false;
	uint64_t s = t->slot[probe(t, p, n, key_hash(p, n))];
	if (s)
		*idx = (uint32_t)s - 1;
	return s != 0;
}

bcx_status wr_table_intern(wr_table *t, const void *p, size_t n, uint32_t *idx)
{
	bcx_status st;
	if ((uint64_t)(t->n + 1) * 2 > t->nslot && (st = rehash(t)) != BCX_OK)
		return st;
	uint32_t full = key_hash(p, n);
	uint32_t h = probe(t, p, n, full);
	if (t->slot[h]) {
		*idx = (uint32_t)t->slot[h] - 1;
		return BCX_OK;
	}
	if (t->n == t->cap && (st = grow_off(t)) != BCX_OK)
		return st;
	bcx_buf_put_bytes(&t->data, p, n);
	if (t->data.status != BCX_OK)
		return t->data.status;
	t->off[t->n + 1] = t->data.len;
	t->slot[h] = (uint64_t)full << 32 | (t->n + 1);
	*idx = t->n++;
	return BCX_OK;
}

size_t wr_section_head(uint8_t *head, unsigned id, size_t len)
{
	size_t align = bcx_tileir_section_alignment(id), n = 0;
	head[n++] = (uint8_t)(id | (align > 1 ? 0x80u : 0u));
	n += bcx_uleb128_encode(len, head + n);
	if (align > 1)
		n += bcx_uleb128_encode(align, head + n);
	return n;
}

void wr_section(bcx_buf *out, unsigned id, const bcx_buf *payload)
{
	uint8_t head[WR_SECTION_HEAD_MAX];
	size_t align = bcx_tileir_section_alignment(id);
	bcx_buf_put_bytes(out, head, wr_section_head(head, id, payload->len));
	if (align > 1)
		bcx_buf_pad_to(out, align, WR_PAD);
	bcx_buf_put_bytes(out, payload->data, payload->len);
	if (payload->status != BCX_OK && out->status == BCX_OK)
		out->status = payload->status;
}

void wr_table_payload(bcx_buf *p, const wr_table *t, unsigned off_width,
		      unsigned count_align)
{
	wr_uv(p, t->n);
	bcx_buf_pad_to(p, count_align, WR_PAD);
	for (uint32_t i = 0; i < t->n; i++) {
		if (off_width == 8)
			bcx_buf_put_u64le(p, t->off[i]);
		else
			bcx_buf_put_u32le(p, (uint32_t)t->off[i]);
	}
	if (t->n)
		bcx_buf_put_bytes(p, t->data.data, t->data.len);
}

size_t wr_uv_len(const uint8_t *p, size_t n)
{
	size_t i = 0;
	while (i < n && (p[i] & 0x80))
		i++;
	return i < n ? i + 1 : n;
}

void wr_prefixed_payload(bcx_buf *p, const wr_table *t, unsigned offset_bytes)
{
	wr_uv(p, t->n);
	bcx_buf_pad_to(p, offset_bytes, WR_PAD);
	uint64_t at = 0;
	for (uint32_t i = 0; i < t->n; i++) {
		size_t skip = wr_uv_len(wr_table_key(t, i), wr_table_len(t, i));
		if (offset_bytes == 8)
			bcx_buf_put_u64le(p, at);
		else
			bcx_buf_put_u32le(p, (uint32_t)at);
		at += wr_table_len(t, i) - skip;
	}
	for (uint32_t i = 0; i < t->n; i++) {
		size_t skip = wr_uv_len(wr_table_key(t, i), wr_table_len(t, i));
		bcx_buf_put_bytes(p, wr_table_key(t, i) + skip, wr_table_len(t, i) - skip);
	}
}
