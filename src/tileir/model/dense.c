/* Dense element data (spec §8.2, §8.4): buffer validation and decoding to
 * one 64-bit pattern per element. */
#include "tileir/read/read.h"
#include "tileir/model/tables.h"
#include "common/internal.h"

#include <string.h>

/* Element count and scalar tag of a tile type; false if not a number tile. */
static bool tile_shape_of(const bcx_tileir_module *m, uint32_t type, uint64_t *n,
			  unsigned *etag)
{
	if (type >= m->n_types || m->types[type].tag != BCX_TILEIR_T_TILE)
		return false;
	const bcx_tileir_type *t = &m->types[type];
	*etag = m->types[t->elem].tag;
	if (!tir_tag_bits(*etag))
		return false;
	*n = 1;
	for (uint32_t i = 0; i < t->rank; i++)
		*n *= (uint64_t)t->shape[i]; /* verified: <= 2^24 in total */
	return true;
}

static size_t elem_bytes(unsigned tag)
{
	return (tir_tag_bits(tag) + 7) / 8;
}

typedef enum { L_BAD, L_SPLAT, L_FULL, L_PACKED } layout;

/* Which layout a buffer of `size` bytes has (§8.4), as MLIR's
 * isValidRawBuffer decides it. i1 by default as the reference's MLIR
 * stores it (and cutile-python, cuTile.jl): a splat byte 00 or ff, else
 * bit-packed in ceil(n/8) bytes, so one byte per element is refused as
 * the reference refuses it; with i1_byte_splat, as NVIDIA's newest tools
 * (MLIR after February 2026) store it: one byte, a splat (any non-zero
 * byte is true), or one byte per element. */
static layout buffer_layout(const bcx_tileir_module *m, unsigned tag, uint64_t n,
			    const bcx_tileir_str *d)
{
	if (tag == BCX_TILEIR_T_I1 && m->opts.i1_byte_splat) {
		if (d->len == 1)
			return L_SPLAT;
		return d->len == n ? L_FULL : L_BAD;
	}
	if (tag == BCX_TILEIR_T_I1) {
		/* One element: MLIR takes any non-zero byte as true. */
		if (d->len == 1 && (n == 1 || d->ptr[0] == 0 || d->ptr[0] == 0xff))
			return L_SPLAT;
		return d->len == (n + 7) / 8 ? L_PACKED : L_BAD;
	}
	size_t eb = elem_bytes(tag);
	if (d->len == eb)
		return L_SPLAT;
	return d->len == n * eb ? L_FULL : L_BAD;
}

bcx_status tir_dense_check(const bcx_tileir_module *m, uint32_t type, uint32_t index,
			   bcx_cursor *c)
{
	uint64_t n = 0;
	unsigned tag = 0;
	if (!tile_shape_of(m, type, &n, &tag))
		return bcx_cur_fail(c, BCX_ERR_MALFORMED,
				    "expect Cuda Tile integer or float type but got type %u", type);
	if (index >= m->n_constants)
		return bcx_cur_fail(c, BCX_ERR_MALFORMED, "constant index %u out of bounds", index);
	if (buffer_layout(m, tag, n, &m->constants[index].data) == L_BAD)
		return bcx_cur_fail(c, BCX_ERR_MALFORMED,
				    "failed to validate buffer size and format (constant %u, %zu bytes for %llu elements)",
				    index, m->constants[index].data.len, (unsigned long long)n);
	return BCX_OK;
}

static uint64_t load_le(const uint8_t *p, size_t n)
{
	uint64_t v = 0;
	for (size_t i = 0; i < n; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

static uint64_t elem_at(unsigned tag, layout l, const bcx_tileir_str *d, uint64_t k)
{
	if (tag == BCX_TILEIR_T_I1) {
		if (l == L_SPLAT)
			return d->ptr[0] != 0;
		if (l == L_FULL)
			return d->ptr[k] != 0;
		return (d->ptr[k / 8] >> (k % 8)) & 1;
	}
	size_t eb = elem_bytes(tag);
	uint64_t v = load_le(d->ptr + (l == L_SPLAT ? 0 : k * eb), eb);
	unsigned bits = tir_tag_bits(tag);
	return bits < 64 ? v & ((1ull << bits) - 1) : v;
}

/* Packed i1 bits that MLIR takes for a splat: every byte 00, or every
 * byte ff except the last, which must have exactly the bits of the
 * elements set (its getKeyForBoolData). */
static bool packed_uniform(const bcx_tileir_str *d, uint64_t n)
{
	uint8_t fill = (d->ptr[0] & 1) ? 0xff : 0x00;
	size_t len = d->len;
	unsigned odd = (unsigned)(n % 8);
	if (fill && odd) {
		if (d->ptr[len - 1] != (uint8_t)((1u << odd) - 1))
			return false;
		len--;
	}
	for (size_t i = 0; i < len; i++)
		if (d->ptr[i] != fill)
			return false;
	return true;
}

/* Full buffer whose elements are byte-for-byte equal. */
static bool chunks_uniform(const bcx_tileir_str *d, size_t eb)
{
	for (size_t i = eb; i + eb <= d->len; i += eb)
		if (memcmp(d->ptr, d->ptr + i, eb) != 0)
			return false;
	return true;
}

/*
 * Whether MLIR holds the constant as a splat. Its dense storage compares
 * the elements of a full buffer and keeps one when all are equal, so such
 * a constant prints as one value, never as a list or hex string. NVIDIA's
 * writer collapses splats before writing; cutile-python and cuTile.jl
 * write tuples in full (docs/formats/tileir.md, "Other producers").
 */
static bool prints_as_splat(const tir_dense *v)
{
	switch ((layout)v->layout) {
	case L_SPLAT: return true;
	case L_PACKED: return packed_uniform(&v->data, v->n);
	case L_FULL: return chunks_uniform(&v->data, elem_bytes(v->tag));
	default: return false;
	}
}

bool tir_dense_open(const bcx_tileir_module *m, uint32_t type, uint32_t index, tir_dense *v)
{
	if (!tile_shape_of(m, type, &v->n, &v->tag) || index >= m->n_constants)
		return false;
	v->data = m->constants[index].data;
	v->layout = (unsigned)buffer_layout(m, v->tag, v->n, &v->data);
	v->splat = prints_as_splat(v);
	return v->layout != L_BAD;
}

uint64_t tir_dense_get(const tir_dense *v, uint64_t k)
{
	return elem_at(v->tag, (layout)v->layout, &v->data, k);
}

/* A checked constant opened for reading its elements: the one entry of
 * bcx_tileir_dense and tir_dense_raw. *stored: elements in the buffer (one
 * when it is a splat). */
static bcx_status dense_begin(const bcx_tileir_module *m, uint32_t type, uint32_t index,
			      tir_dense *v, size_t *stored, bcx_diag *diag)
{
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	if (tir_dense_check(m, type, index, &c) != BCX_OK)
		return c.status;
	tile_shape_of(m, type, &v->n, &v->tag);
	v->data = m->constants[index].data;
	v->layout = (unsigned)buffer_layout(m, v->tag, v->n, &v->data);
	*stored = v->layout == L_SPLAT ? 1 : (size_t)v->n;
	return BCX_OK;
}

bcx_status bcx_tileir_dense(bcx_tileir_module *m, uint32_t type, uint32_t index,
			    const uint64_t **elems, size_t *n_out, bool *splat, bcx_diag *diag)
{
	tir_dense v = {0};
	size_t count = 0;
	BCX_TRY(dense_begin(m, type, index, &v, &count, diag));
	*splat = v.layout == L_SPLAT;
	uint64_t *e = bcx_arena_calloc(m->arena, count, sizeof *e);
	if (!e)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	for (size_t k = 0; k < count; k++)
		e[k] = tir_dense_get(&v, k);
	*elems = e;
	*n_out = count;
	return BCX_OK;
}

bcx_status tir_dense_raw(const bcx_tileir_module *m, uint32_t type, uint32_t index, bcx_buf *raw,
			 uint64_t *count, bcx_diag *diag)
{
	tir_dense v = {0};
	size_t stored = 0;
	BCX_TRY(dense_begin(m, type, index, &v, &stored, diag));
	size_t esz = elem_bytes(v.tag);
	for (size_t k = 0; k < stored; k++) {
		uint64_t e = tir_dense_get(&v, k);
		for (size_t b = 0; b < esz; b++)
			bcx_buf_put_u8(raw, (uint8_t)(e >> (8 * b)));
	}
	*count = v.n;
	return raw->status ? bcx_diag_set(diag, raw->status, -1, "out of memory") : BCX_OK;
}

/* Splat test over n elements of esz bytes. */
static bool all_equal(const uint8_t *p, size_t n, size_t esz)
{
	for (size_t i = 1; i < n; i++)
		if (memcmp(p, p + i * esz, esz) != 0)
			return false;
	return true;
}

void tir_dense_encode(bcx_buf *b, unsigned tag, uint64_t count, const uint8_t *raw, size_t n,
		      bool i1_bytes)
{
	size_t esz = elem_bytes(tag);
	bool splat = n == esz || all_equal(raw, (size_t)count, esz);
	if (tag != BCX_TILEIR_T_I1) {
		bcx_buf_put_bytes(b, raw, splat ? esz : n);
		return;
	}
	if (splat) {
		bool v = raw[0] != 0;
		bcx_buf_put_u8(b, (uint8_t)(v ? (i1_bytes ? 0x01 : 0xFF) : 0x00));
		return;
	}
	if (i1_bytes) {
		for (size_t i = 0; i < count; i++)
			bcx_buf_put_u8(b, raw[i] != 0);
		return;
	}
	for (size_t i = 0; i < count; i += 8) {
		uint8_t byte = 0;
		for (size_t k = 0; k < 8 && i + k < count; k++)
			byte |= (uint8_t)((raw[i + k] != 0) << k);
		bcx_buf_put_u8(b, byte);
	}
}
