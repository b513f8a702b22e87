/* Attributes (spec §13): self-contained (tagged) payloads and the inline
 * encodings of operation attributes. */
#include "tileir/read/read.h"
#include "tileir/model/tables.h"

#include "bcx/varint.h"

#include <string.h>


static void *alloc_n(bcx_tileir_module *m, bcx_cursor *c, size_t n, size_t size)
{
	void *p = bcx_arena_calloc(m->arena, n ? n : 1, size);
	if (!p)
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
	return p;
}

static bool read_integer(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	a->type = tir_type_index(m, c, "IntegerAttr type");
	/* On a failed read the index is 0, which need not name a type. */
	if (!bcx_cur_ok(c))
		return false;
	if (!tir_is_int_type(m, a->type))
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "failed to read valid IntegerType for IntegerAttr") == BCX_OK;
	unsigned bits = tir_tag_bits(m->types[a->type].tag);
	if (bits == 1) {
		a->u = bcx_cur_u8(c, "i1 IntegerAttr value") != 0;
		return bcx_cur_ok(c);
	}
	at = bcx_cur_offset(c);
	a->u = bcx_cur_uleb128(c, 64, "IntegerAttr value");
	if (bcx_cur_ok(c) && bits < 64 && (a->u >> bits))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "value %llu does not fit in %u bits",
				(unsigned long long)a->u, bits);
	return bcx_cur_ok(c);
}

/*
 * A varint read as the reference's EncodingReader reads it (§3.2): at most
 * ten bytes, the tenth contributing only its bit 0. cutile-python and
 * cuTile.jl zig-zag the *unsigned* pattern of a float, so an f64 with the
 * sign bit set becomes a 65-bit number (tenth byte 02 or 03); the
 * reference drops bit 64, which clears the sign, and so does bcx.
 */
static uint64_t read_varint_as_reference(bcx_cursor *c, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint64_t r = 0;
	for (unsigned shift = 0; shift < 70 && bcx_cur_ok(c); shift += 7) {
		uint8_t b = bcx_cur_u8(c, what);
		r |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return r;
	}
	if (bcx_cur_ok(c))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%s: varint longer than 10 bytes", what);
	return 0;
}

/* §13.5: raw byte up to 8 bits, zig-zag varint of the pattern up to 64. */
static bool read_float(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	a->type = tir_type_index(m, c, "FloatAttr type");
	/* On a failed read the index is 0, which need not name a type. */
	if (!bcx_cur_ok(c))
		return false;
	if (!tir_is_float_type(m, a->type))
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "failed to read valid FloatType for FloatAttr") == BCX_OK;
	unsigned bits = tir_tag_bits(m->types[a->type].tag);
	at = bcx_cur_offset(c);
	if (bits <= 8) {
		a->u = bcx_cur_u8(c, "FloatAttr value");
	} else {
		uint64_t z = read_varint_as_reference(c, "FloatAttr value");
		a->u = (z >> 1) ^ (0 - (z & 1));
	}
	if (bcx_cur_ok(c) && bits < 64 && (a->u >> bits))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "value 0x%llx does not fit in %u bits",
				(unsigned long long)a->u, bits);
	return bcx_cur_ok(c);
}

static bool is_typed_kind(uint8_t k)
{
	return k == BCX_TILEIR_A_INTEGER || k == BCX_TILEIR_A_FLOAT || k == BCX_TILEIR_A_BOOL ||
	       k == BCX_TILEIR_A_STRING || k == BCX_TILEIR_A_DENSE;
}

/* Array payload: n, then n self-contained typed attributes. */
bool tir_read_array_payload(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a,
			    unsigned depth)
{
	a->kind = BCX_TILEIR_A_ARRAY;
	a->n = tir_count(c, 1, "failed to read size for ArrayAttr");
	bcx_tileir_attr *e = alloc_n(m, c, a->n, sizeof *e);
	for (uint32_t i = 0; i < a->n && bcx_cur_ok(c); i++) {
		size_t at = bcx_cur_offset(c);
		if (!tir_read_attr_tagged(m, c, &e[i], depth + 1))
			break;
		if (!is_typed_kind(e[i].kind))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					"ArrayAttr contains non-TypedAttr elements or is null");
	}
	a->elems = e;
	return bcx_cur_ok(c);
}

static bool check_key(bcx_tileir_module *m, bcx_cursor *c, const uint32_t *keys, uint32_t i,
		      size_t at)
{
	bcx_tileir_str k = m->strings[keys[i]];
	if (k.len == 0)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "invalid empty attribute name for DictionaryAttr element %u",
				       i) == BCX_OK;
	for (uint32_t j = 0; j < i; j++) {
		bcx_tileir_str o = m->strings[keys[j]];
		if (o.len == k.len && memcmp(o.ptr, k.ptr, k.len) == 0)
			return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					       "failed to parse DictionaryAttr, duplicate key found: \"%.*s\"",
					       (int)k.len, (const char *)k.ptr) == BCX_OK;
	}
	return true;
}

/* Dictionary payload; kind HINTS additionally requires dictionary values. */
bool tir_read_dict(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a, uint8_t kind,
		   unsigned depth)
{
	a->kind = kind;
	a->n = tir_count(c, 2, "failed to read size for DictionaryAttr");
	uint32_t *keys = alloc_n(m, c, a->n, sizeof *keys);
	bcx_tileir_attr *e = alloc_n(m, c, a->n, sizeof *e);
	for (uint32_t i = 0; i < a->n && bcx_cur_ok(c); i++) {
		size_t at = bcx_cur_offset(c);
		keys[i] = tir_str_index(m, c, "DictionaryAttr key");
		if (!bcx_cur_ok(c) || !check_key(m, c, keys, i, at))
			break;
		bcx_tileir_str k = m->strings[keys[i]];
		at = bcx_cur_offset(c);
		if (!tir_read_attr_tagged(m, c, &e[i], depth + 1)) {
			bcx_diag_context(c->diag, "DictionaryAttr value for key %.*s", (int)k.len,
					 (const char *)k.ptr);
			break;
		}
		if (kind == BCX_TILEIR_A_HINTS && e[i].kind != BCX_TILEIR_A_DICT)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					"failed to parse OptimizationHintsAttr: value for %.*s is not a dictionary",
					(int)k.len, (const char *)k.ptr);
	}
	a->keys = keys;
	a->elems = e;
	return bcx_cur_ok(c);
}

static bool read_div_by(bcx_cursor *c, bcx_tileir_attr *a)
{
	a->u = bcx_cur_uleb128(c, 64, "div_by divisor");
	size_t at = bcx_cur_offset(c);
	a->flags = bcx_cur_u8(c, "div_by flags");
	/* The reference verifier requires both or neither (and its printer
	 * would print a missing `along`). */
	if (bcx_cur_ok(c) && (a->flags & 3) != 0 && (a->flags & 3) != 3)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "'div_by' 'every'/'along' must be used in combination") == BCX_OK;
	if (a->flags & 1)
		a->a = bcx_zigzag_decode(bcx_cur_uleb128(c, 64, "div_by every"));
	if (a->flags & 2)
		a->b = bcx_zigzag_decode(bcx_cur_uleb128(c, 64, "div_by along"));
	return bcx_cur_ok(c);
}

static bool read_bounded(bcx_cursor *c, bcx_tileir_attr *a)
{
	a->flags = bcx_cur_u8(c, "bounded flags");
	if (a->flags & 1)
		a->a = bcx_zigzag_decode(bcx_cur_uleb128(c, 64, "bounded lower bound"));
	if (a->flags & 2)
		a->b = bcx_zigzag_decode(bcx_cur_uleb128(c, 64, "bounded upper bound"));
	return bcx_cur_ok(c);
}

static bool read_same_elements(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a)
{
	a->n = tir_count(c, 8, "same_elements values");
	int64_t *v = alloc_n(m, c, a->n, sizeof *v);
	for (uint32_t i = 0; i < a->n && bcx_cur_ok(c); i++) {
		size_t at = bcx_cur_offset(c);
		v[i] = (int64_t)bcx_cur_u64le(c, "same_elements value");
		if (bcx_cur_ok(c) && (v[i] == INT64_MAX || v[i] == INT64_MIN))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "array contains unsupported value %lld",
					(long long)v[i]);
	}
	a->ints = v;
	return bcx_cur_ok(c);
}

static bool read_tagged_payload(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a,
				unsigned depth, size_t at)
{
	switch (a->kind) {
	case BCX_TILEIR_A_INTEGER: return read_integer(m, c, a);
	case BCX_TILEIR_A_FLOAT: return read_float(m, c, a);
	case BCX_TILEIR_A_BOOL: a->u = bcx_cur_u8(c, "BoolAttr") != 0; return bcx_cur_ok(c);
	case BCX_TILEIR_A_TYPE: a->type = tir_type_index(m, c, "TypeAttr"); return bcx_cur_ok(c);
	case BCX_TILEIR_A_STRING: a->index = tir_str_index(m, c, "StringAttr"); return bcx_cur_ok(c);
	case BCX_TILEIR_A_ARRAY: return tir_read_array_payload(m, c, a, depth);
	case BCX_TILEIR_A_DIV_BY: return read_div_by(c, a);
	case BCX_TILEIR_A_SAME_ELEMENTS: return read_same_elements(m, c, a);
	case BCX_TILEIR_A_DICT: return tir_read_dict(m, c, a, BCX_TILEIR_A_DICT, depth);
	case BCX_TILEIR_A_HINTS: return tir_read_dict(m, c, a, BCX_TILEIR_A_HINTS, depth);
	case BCX_TILEIR_A_BOUNDED: return read_bounded(c, a);
	default:
		/* Tag 7: the reference reader refuses self-contained dense
		 * elements (coverage vector cov_030). */
		return bcx_cur_fail_at(c, at, BCX_ERR_UNSUPPORTED,
				       a->kind == BCX_TILEIR_A_DENSE
					       ? "unknown DenseElementsAttr based Attr"
					       : "unsupported AttributeTag %u for self-contained attribute",
				       a->kind) == BCX_OK;
	}
}

bool tir_read_attr_tagged(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a,
			  unsigned depth)
{
	size_t at = bcx_cur_offset(c);
	memset(a, 0, sizeof *a);
	if (depth >= m->opts.limits.max_depth) /* depth counts from 0 */
		return bcx_cur_fail(c, BCX_ERR_LIMIT, "attributes nested deeper than %u",
				    m->opts.limits.max_depth) == BCX_OK;
	uint64_t tag = bcx_cur_uleb128(c, 64, "attribute tag");
	if (!bcx_cur_ok(c))
		return false;
	if (tag == 0 || tag > BCX_TILEIR_A_BOUNDED)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "unsupported AttributeTag %llu for self-contained attribute",
				       (unsigned long long)tag) == BCX_OK;
	a->kind = (uint8_t)tag;
	return read_tagged_payload(m, c, a, depth, at);
}
