/* Attribute and type entries (spec §6-§7), decoded on first reference.
 * Builtin custom encodings are decoded into mbc_ent fields; text fallbacks
 * keep their assembly text; other dialects' custom encodings stay raw
 * bytes. References are decoded recursively (depth-capped), so a decoded
 * entry only points at decoded entries; a cycle is an error. */
#include "internal.h"
#include "limits.h"
#include "mlir/text.h"

#include <string.h>

static const char *const attr_names[MBC_A_COUNT] = {
#define MBC_ATTR(code, NAME, text) [code] = text,
#include "mlirbc.def"
};
static const char *const type_names[MBC_T_COUNT] = {
#define MBC_TYPE(code, NAME, text) [code] = text,
#include "mlirbc.def"
};

const char *mbc_attr_kind_name(const mbc_ent *e)
{
	if (e->code == MBC_TEXT)
		return "text";
	if (e->code == MBC_RAW)
		return "raw";
	if (e->is_type)
		return e->code < MBC_T_COUNT ? type_names[e->code] : "?";
	return e->code < MBC_A_COUNT ? attr_names[e->code] : "?";
}

typedef struct dctx {
	mbc_module *m;
	bcx_diag *diag;
	unsigned depth;
} dctx;

static bcx_status decode(dctx *x, mbc_ent *e, uint32_t index);

/* Slot markers while an entry is being decoded and once it failed (only
 * their addresses are used). */
static mbc_ent busy_mark, bad_mark;

static bcx_status get(dctx *x, bool type, uint32_t i, const mbc_ent **out)
{
	mbc_module *m = x->m;
	mbc_slot *sl = type ? &m->types[i] : &m->attrs[i];
	if (sl->e && sl->e != &busy_mark && sl->e != &bad_mark) {
		*out = sl->e;
		return BCX_OK;
	}
	if (sl->e == &busy_mark)
		return bcx_diag_set(x->diag, BCX_ERR_MALFORMED, (int64_t)sl->off,
				    "%s %u refers to itself", type ? "type" : "attribute", i);
	if (sl->e == &bad_mark)
		return bcx_diag_set(x->diag, BCX_ERR_MALFORMED, (int64_t)sl->off,
				    "%s %u is malformed", type ? "type" : "attribute", i);
	if (x->depth >= MBC_MAX_DEPTH)
		return bcx_diag_set(x->diag, BCX_ERR_LIMIT, (int64_t)sl->off,
				    "attributes and types nest deeper than %d", MBC_MAX_DEPTH);
	mbc_ent *e = bcx_arena_alloc(m->arena, sizeof *e);
	if (!e)
		return bcx_diag_set(x->diag, BCX_ERR_NOMEM, -1, "out of memory");
	*e = (mbc_ent){.off = sl->off, .len = sl->len, .dialect = mbc_slot_dialect(sl),
		       .custom = mbc_slot_custom(sl), .is_type = type};
	x->depth++;
	sl->e = &busy_mark;
	bcx_status s = decode(x, e, i);
	x->depth--;
	if (s != BCX_OK) {
		sl->e = &bad_mark; /* failed: not decoded twice */
		return s;
	}
	sl->e = e;
	*out = e;
	return BCX_OK;
}

/* A reference read from c and decoded; returns the index (0 on failure). */
static uint32_t ref(dctx *x, bcx_cursor *c, bool type, const mbc_ent **out)
{
	static const mbc_ent none = {0};
	*out = &none;
	uint32_t lim = type ? x->m->ntypes : x->m->nattrs;
	uint32_t i = mbc_index(c, lim, type ? "type index" : "attribute index");
	bcx_status s;
	if (bcx_cur_ok(c) && (s = get(x, type, i, out)) != BCX_OK)
		c->status = s;
	return i;
}

static uint32_t ref_attr(dctx *x, bcx_cursor *c)
{
	const mbc_ent *e;
	return ref(x, c, false, &e);
}
static uint32_t ref_type(dctx *x, bcx_cursor *c)
{
	const mbc_ent *e;
	return ref(x, c, true, &e);
}

/* A StringAttr reference (names, file names). */
static uint32_t ref_string_attr(dctx *x, bcx_cursor *c, const char *what)
{
	const mbc_ent *e;
	size_t at = bcx_cur_offset(c);
	uint32_t i = ref(x, c, false, &e);
	if (bcx_cur_ok(c) && !(e->code == MBC_A_STRING || e->code == MBC_A_STRING_TYPED))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%s: expected a StringAttr, got %s", what,
				mbc_attr_kind_name(e));
	return i;
}

static bool grab_list(dctx *x, bcx_cursor *c, mbc_ent *e, uint32_t n)
{
	e->list = bcx_arena_calloc(x->m->arena, n ? n : 1, sizeof *e->list);
	if (!e->list)
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
	return e->list != NULL;
}

/* count, then count references */
static void list_of(dctx *x, bcx_cursor *c, mbc_ent *e, bool type)
{
	uint32_t n = mbc_count(c, 1, "list length");
	if (!bcx_cur_ok(c) || !grab_list(x, c, e, n))
		return;
	e->n = n;
	for (uint32_t i = 0; i < n && bcx_cur_ok(c); i++)
		e->list[i] = type ? ref_type(x, c) : ref_attr(x, c);
}

static void shape(dctx *x, bcx_cursor *c, mbc_ent *e)
{
	uint32_t n = mbc_count(c, 1, "rank");
	if (!bcx_cur_ok(c))
		return;
	e->dims = bcx_arena_calloc(x->m->arena, n ? n : 1, sizeof *e->dims);
	if (!e->dims) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	e->ndims = n;
	for (uint32_t i = 0; i < n && bcx_cur_ok(c); i++) {
		size_t at = bcx_cur_offset(c);
		e->dims[i] = mbc_svarint(c, "dimension");
		if (bcx_cur_ok(c) && e->dims[i] < 0 && e->dims[i] != INT64_MIN)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "negative dimension %lld",
					(long long)e->dims[i]);
	}
}

static void blob(bcx_cursor *c, mbc_ent *e)
{
	uint64_t n = mbc_varint(c, "blob length");
	e->nblob = n;
	e->blob = bcx_cur_bytes(c, (size_t)(n > SIZE_MAX ? SIZE_MAX : n), "blob");
}

/* Width in bits of an integer-like type (IntegerType, i0 included, or
 * index); false if t is neither. */
static bool int_width(const mbc_ent *t, uint64_t *w)
{
	*w = t->code == MBC_T_INDEX ? 64 : t->u[0];
	return t->code == MBC_T_INTEGER || t->code == MBC_T_INDEX;
}

/* Bits of a float type's format, 0 if the type is not a float. */
static unsigned float_bits(const mbc_ent *t)
{
	switch (t->code) {
	case MBC_T_BF16:
	case MBC_T_F16:
		return 16;
	case MBC_T_F32:
		return 32;
	case MBC_T_F64:
		return 64;
	case MBC_T_F80:
		return 80;
	case MBC_T_F128:
		return 128;
	case MBC_TEXT: {
		const mlir_float_sem *s =
			mlir_float_semantics(mlir_float_by_name((const char *)t->blob, (size_t)t->nblob));
		return s ? s->bits : 0;
	}
	default:
		return 0;
	}
}

/* APInt with a known width (§2) into e->words. */
static void apint(dctx *x, bcx_cursor *c, mbc_ent *e, uint64_t width)
{
	uint64_t nw = width <= 64 ? 1 : 0;
	if (width > 64) {
		size_t at = bcx_cur_offset(c);
		nw = mbc_varint(c, "APInt word count");
		if (bcx_cur_ok(c) && (nw == 0 || nw > (width + 63) / 64 || nw > bcx_cur_remaining(c)))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "APInt of %llu words for %llu bits",
					(unsigned long long)nw, (unsigned long long)width);
	}
	if (!bcx_cur_ok(c))
		return;
	e->words = bcx_arena_calloc(x->m->arena, (size_t)nw, sizeof *e->words);
	if (!e->words) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	e->nwords = (uint32_t)nw;
	if (width <= 8) {
		e->words[0] = bcx_cur_u8(c, "APInt byte");
	} else {
		for (uint64_t i = 0; i < nw; i++)
			e->words[i] = (uint64_t)mbc_svarint(c, "APInt word");
	}
	if (width < 64)
		e->words[0] &= (1ull << width) - 1;
}

static uint64_t num_elements(const mbc_ent *t, bool *ok)
{
	uint64_t n = 1;
	*ok = t->code == MBC_T_TENSOR || t->code == MBC_T_TENSOR_ENC || t->code == MBC_T_VECTOR ||
	      t->code == MBC_T_VECTOR_SCALABLE;
	for (uint32_t i = 0; *ok && i < t->ndims; i++) {
		if (t->dims[i] < 0 || (t->dims[i] && n > UINT32_MAX / (uint64_t)t->dims[i]))
			*ok = false;
		else
			n *= (uint64_t)t->dims[i];
	}
	return n;
}

static void decode_dict(dctx *x, bcx_cursor *c, mbc_ent *e)
{
	uint32_t n = mbc_count(c, 2, "dictionary size");
	if (!bcx_cur_ok(c) || !grab_list(x, c, e, 2 * n))
		return;
	e->n = 2 * n;
	for (uint32_t i = 0; i < n && bcx_cur_ok(c); i++) {
		e->list[2 * i] = ref_string_attr(x, c, "dictionary key");
		e->list[2 * i + 1] = ref_attr(x, c);
	}
}

static void decode_attr(dctx *x, bcx_cursor *c, mbc_ent *e)
{
	const mbc_ent *t;
	size_t at = bcx_cur_offset(c);
	switch (e->code) {
	case MBC_A_ARRAY:
	case MBC_A_FUSED_LOC:
		list_of(x, c, e, false);
		break;
	case MBC_A_FUSED_LOC_MD:
		list_of(x, c, e, false);
		e->r[0] = ref_attr(x, c);
		break;
	case MBC_A_DICT:
		decode_dict(x, c, e);
		break;
	case MBC_A_STRING:
		e->r[0] = mbc_index(c, x->m->nstrings, "string index");
		break;
	case MBC_A_STRING_TYPED:
		e->r[0] = mbc_index(c, x->m->nstrings, "string index");
		e->r[1] = ref_type(x, c);
		break;
	case MBC_A_FLAT_SYMREF:
		e->r[0] = ref_string_attr(x, c, "symbol");
		break;
	case MBC_A_SYMREF:
		e->r[0] = ref_string_attr(x, c, "symbol");
		list_of(x, c, e, false);
		for (uint32_t i = 0; i < e->n && bcx_cur_ok(c); i++)
			if (x->m->attrs[e->list[i]].e->code != MBC_A_FLAT_SYMREF) /* decoded by list_of */
				bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
						"nested symbol reference is not a FlatSymbolRefAttr");
		break;
	case MBC_A_TYPE:
		e->r[0] = ref_type(x, c);
		break;
	case MBC_A_UNIT:
	case MBC_A_UNKNOWN_LOC:
		break;
	case MBC_A_INTEGER: {
		uint64_t w = 0;
		e->r[0] = ref(x, c, true, &t);
		if (bcx_cur_ok(c) && !int_width(t, &w))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "IntegerAttr of a %s", mbc_attr_kind_name(t));
		else if (bcx_cur_ok(c) && !mbc_int_value_fits(w))
			bcx_cur_fail_at(c, at, BCX_ERR_LIMIT, "integer wider than %u bits",
					MBC_INT_VALUE_BITS_MAX);
		if (bcx_cur_ok(c))
			apint(x, c, e, w);
		break;
	}
	case MBC_A_FLOAT:
		e->r[0] = ref(x, c, true, &t);
		if (bcx_cur_ok(c) && !float_bits(t))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "FloatAttr of a non-float type");
		if (bcx_cur_ok(c))
			apint(x, c, e, float_bits(t));
		break;
	case MBC_A_CALLSITE_LOC:
	case MBC_A_NAME_LOC:
		e->r[0] = e->code == MBC_A_NAME_LOC ? ref_string_attr(x, c, "name") : ref_attr(x, c);
		e->r[1] = ref_attr(x, c);
		break;
	case MBC_A_FILE_LOC:
		e->r[0] = ref_string_attr(x, c, "file name");
		e->u[0] = mbc_varint(c, "line");
		e->u[1] = mbc_varint(c, "column");
		break;
	case MBC_A_FILE_RANGE: {
		e->r[0] = ref_string_attr(x, c, "file name");
		uint64_t n = mbc_varint(c, "range length");
		if (bcx_cur_ok(c) && n > 4)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "FileLineColRange with %llu values",
					(unsigned long long)n);
		if (!bcx_cur_ok(c))
			break;
		e->words = bcx_arena_calloc(x->m->arena, 4, sizeof *e->words);
		if (!e->words) {
			bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
			break;
		}
		e->nwords = (uint32_t)n;
		for (uint64_t i = 0; i < n; i++)
			e->words[i] = mbc_varint(c, "range value");
		break;
	}
	case MBC_A_DENSE_RESOURCE:
		e->r[0] = ref_type(x, c);
		e->u[0] = mbc_index(c, x->m->ndialect_res, "resource handle");
		break;
	case MBC_A_DENSE_ARRAY:
		e->r[0] = ref_type(x, c);
		e->u[0] = mbc_varint(c, "array size");
		blob(c, e);
		break;
	case MBC_A_DENSE_ELEMENTS:
		e->r[0] = ref(x, c, true, &t);
		blob(c, e);
		break;
	case MBC_A_DENSE_STRINGS: {
		e->r[0] = ref(x, c, true, &t);
		e->u[0] = mbc_varint(c, "isSplat");
		bool ok = true;
		uint64_t n = e->u[0] ? 1 : num_elements(t, &ok);
		if (bcx_cur_ok(c) && (!ok || n > bcx_cur_remaining(c)))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					"dense strings do not fit their type or the entry");
		if (!bcx_cur_ok(c) || !grab_list(x, c, e, (uint32_t)n))
			break;
		e->n = (uint32_t)n;
		for (uint32_t i = 0; i < e->n && bcx_cur_ok(c); i++)
			e->list[i] = mbc_index(c, x->m->nstrings, "string index");
		break;
	}
	case MBC_A_SPARSE_ELEMENTS:
		e->r[0] = ref_type(x, c);
		e->r[1] = ref_attr(x, c);
		e->r[2] = ref_attr(x, c);
		break;
	case MBC_A_DISTINCT:
		e->r[0] = ref_attr(x, c);
		break;
	default:
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "unknown builtin attribute code %u", e->code);
	}
}

/* MLIR 17 on: a flag byte per dimension, then the shape. */
static void scalable_flags(dctx *x, bcx_cursor *c, mbc_ent *e, size_t at)
{
	uint32_t n = mbc_count(c, 1, "scalable dims");
	if (!bcx_cur_ok(c))
		return;
	e->flags = bcx_arena_calloc(x->m->arena, n ? n : 1, 1);
	if (!e->flags) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		e->flags[i] = bcx_cur_u8(c, "scalable flag");
	shape(x, c, e);
	if (bcx_cur_ok(c) && e->ndims != n)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%u scalable flags for rank %u", n,
				e->ndims);
}

/* MLIR 16 and before: only trailing dimensions could be scalable, and the
 * entry holds their number before the shape. Decoded into the flags of
 * MLIR 17 on, which is what the printer and the writer take. */
static void trailing_scalable(dctx *x, bcx_cursor *c, mbc_ent *e, size_t at)
{
	uint64_t n = mbc_varint(c, "number of scalable dims");
	shape(x, c, e);
	if (!bcx_cur_ok(c))
		return;
	if (n > e->ndims) {
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%llu scalable dims for rank %u",
				(unsigned long long)n, e->ndims);
		return;
	}
	e->flags = bcx_arena_calloc(x->m->arena, e->ndims ? e->ndims : 1, 1);
	if (!e->flags) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	memset(e->flags + e->ndims - n, 1, (size_t)n);
}

static void decode_type(dctx *x, bcx_cursor *c, mbc_ent *e)
{
	size_t at = bcx_cur_offset(c);
	switch (e->code) {
	case MBC_T_INTEGER: {
		uint64_t v = mbc_varint(c, "integer type");
		e->u[0] = v >> 2;
		e->u[1] = v & 3;
		if (bcx_cur_ok(c) && (e->u[1] == 3 || e->u[0] > MBC_INT_TYPE_BITS_MAX))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "invalid integer type %llu",
					(unsigned long long)v);
		break;
	}
	case MBC_T_INDEX: case MBC_T_BF16: case MBC_T_F16: case MBC_T_F32:
	case MBC_T_F64: case MBC_T_F80: case MBC_T_F128: case MBC_T_NONE:
		break;
	case MBC_T_FUNCTION: {
		list_of(x, c, e, true);
		uint32_t nin = e->n;
		uint32_t *in = e->list;
		list_of(x, c, e, true);
		if (!bcx_cur_ok(c))
			break;
		uint32_t *all = bcx_arena_calloc(x->m->arena, (size_t)nin + e->n + 1, sizeof *all);
		if (!all) {
			bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
			break;
		}
		memcpy(all, in, nin * sizeof *all);
		memcpy(all + nin, e->list, e->n * sizeof *all);
		e->list = all;
		e->u[0] = nin;
		e->n += nin;
		break;
	}
	case MBC_T_COMPLEX: case MBC_T_UMEMREF: case MBC_T_UTENSOR:
		e->r[0] = ref_type(x, c);
		break;
	case MBC_T_UMEMREF_SPACE:
		e->r[2] = ref_attr(x, c);
		e->r[0] = ref_type(x, c);
		break;
	case MBC_T_MEMREF: case MBC_T_MEMREF_SPACE:
		if (e->code == MBC_T_MEMREF_SPACE)
			e->r[2] = ref_attr(x, c);
		shape(x, c, e);
		e->r[0] = ref_type(x, c);
		e->r[1] = ref_attr(x, c);
		break;
	case MBC_T_TENSOR: case MBC_T_TENSOR_ENC: case MBC_T_VECTOR:
		if (e->code == MBC_T_TENSOR_ENC)
			e->r[2] = ref_attr(x, c);
		shape(x, c, e);
		e->r[0] = ref_type(x, c);
		break;
	case MBC_T_VECTOR_SCALABLE:
		if (mbc_release_major(x->m->rel) <= 16)
			trailing_scalable(x, c, e, at);
		else
			scalable_flags(x, c, e, at);
		e->r[0] = ref_type(x, c);
		break;
	case MBC_T_TUPLE:
		list_of(x, c, e, true);
		break;
	default:
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "unknown builtin type code %u", e->code);
	}
}

static bool is_builtin(const mbc_module *m, uint32_t dialect)
{
	mbc_str s = mbc_string(m, m->dialects[dialect].name);
	return s.n == 7 && memcmp(s.p, "builtin", 7) == 0;
}

static bcx_status decode(dctx *x, mbc_ent *e, uint32_t index)
{
	mbc_module *m = x->m;
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, x->diag);
	c.p = m->data + e->off;
	c.end = c.p + e->len;
	e->r[0] = e->r[1] = e->r[2] = MBC_NONE;
	const char *what = e->is_type ? "type" : "attribute";
	if (!e->custom) {
		if (e->len == 0 || c.p[e->len - 1] != 0)
			bcx_cur_fail(&c, BCX_ERR_MALFORMED, "%s %u: text entry is not NUL-terminated", what,
				     index);
		e->code = MBC_TEXT;
		e->blob = c.p;
		e->nblob = e->len ? e->len - 1 : 0;
		if (bcx_cur_ok(&c) && memchr(e->blob, 0, (size_t)e->nblob))
			bcx_cur_fail(&c, BCX_ERR_MALFORMED, "%s %u: NUL inside its text", what, index);
		c.p = c.end;
	} else if (!is_builtin(m, e->dialect)) {
		e->code = MBC_RAW;
		e->blob = c.p;
		e->nblob = e->len;
		c.p = c.end;
	} else {
		size_t at = bcx_cur_offset(&c);
		uint64_t code = mbc_varint(&c, "kind code");
		uint64_t lim = e->is_type ? MBC_T_COUNT : MBC_A_COUNT;
		if (bcx_cur_ok(&c) && code >= lim)
			bcx_cur_fail_at(&c, at, BCX_ERR_MALFORMED, "unknown builtin %s code %llu", what,
					(unsigned long long)code);
		e->code = (uint8_t)code;
		if (bcx_cur_ok(&c)) {
			if (e->is_type)
				decode_type(x, &c, e);
			else
				decode_attr(x, &c, e);
		}
	}
	if (bcx_cur_ok(&c) && !bcx_cur_at_end(&c))
		bcx_cur_fail(&c, BCX_ERR_MALFORMED, "unexpected trailing bytes after %s entry %u", what,
			     index);
	if (!bcx_cur_ok(&c))
		bcx_diag_context(x->diag, "section AttrType, %s %u", what, index);
	return c.status;
}

bcx_status mbc_attr(mbc_module *m, uint32_t i, const mbc_ent **out, bcx_diag *diag)
{
	if (i >= m->nall)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, -1, "attribute index %u out of range", i);
	dctx x = {m, diag, 0};
	return get(&x, false, i, out);
}

bcx_status mbc_type(mbc_module *m, uint32_t i, const mbc_ent **out, bcx_diag *diag)
{
	if (i >= m->ntypes)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, -1, "type index %u out of range", i);
	dctx x = {m, diag, 0};
	return get(&x, true, i, out);
}

static bool loc_code(uint64_t code)
{
	switch (code) {
	case MBC_A_CALLSITE_LOC: case MBC_A_FILE_LOC: case MBC_A_FUSED_LOC:
	case MBC_A_FUSED_LOC_MD: case MBC_A_NAME_LOC: case MBC_A_UNKNOWN_LOC:
	case MBC_A_FILE_RANGE:
		return true;
	default:
		return false;
	}
}

bcx_status mbc_attr_is_loc(mbc_module *m, uint32_t i, bool *is_loc, bcx_diag *diag)
{
	if (i >= m->nattrs)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, -1, "attribute index %u out of range", i);
	const mbc_slot *sl = &m->attrs[i];
	const mbc_ent *e;
	if (sl->e == NULL && (!mbc_slot_custom(sl) || is_builtin(m, mbc_slot_dialect(sl)))) {
		/* text (any location's fallback) or a builtin kind code */
		bcx_cursor c;
		bcx_cur_init(&c, m->data, m->size, NULL);
		c.p = m->data + sl->off;
		c.end = c.p + sl->len;
		uint64_t code = mbc_slot_custom(sl) ? mbc_varint(&c, "kind code") : MBC_TEXT;
		if (bcx_cur_ok(&c) && sl->len > 0) {
			*is_loc = code == MBC_TEXT || loc_code(code);
			return BCX_OK;
		}
	}
	/* decoded already, another dialect's entry, or unreadable: decode */
	BCX_TRY(mbc_attr(m, i, &e, diag));
	*is_loc = e->code == MBC_TEXT || loc_code(e->code);
	return BCX_OK;
}

/* Read from each entry's first bytes, without decoding it: a text entry
 * with an alias (mbc_alias_of_text), a builtin DistinctAttr, a builtin
 * tuple type (mbc_alias_stem's cases, taken broadly). An entry whose kind
 * cannot be read counts as possible; *container is set for a builtin
 * dictionary or array, which may hold a location (aliased as #loc). */
static bool may_alias(const mbc_module *m, const mbc_slot *sl, bool type, bool *container)
{
	const uint8_t *p = m->data + sl->off;
	*container = false;
	if (!mbc_slot_custom(sl))
		return sl->len > 0 && mbc_alias_of_text(p, sl->len - 1) != NULL;
	if (!is_builtin(m, mbc_slot_dialect(sl))) {
		/* the llvm dialect's debug info: aliased, or holding aliased */
		mbc_str d = mbc_string(m, m->dialects[mbc_slot_dialect(sl)].name);
		return !type && d.n == 4 && memcmp(d.p, "llvm", 4) == 0;
	}
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, NULL);
	c.p = p;
	c.end = p + sl->len;
	uint64_t code = mbc_varint(&c, "kind code");
	*container = !type && (code == MBC_A_DICT || code == MBC_A_ARRAY);
	return !bcx_cur_ok(&c) || code == (type ? MBC_T_TUPLE : MBC_A_DISTINCT);
}

/* A dictionary or array holding a location (decoded to know). */
static bool holds_loc(mbc_module *m, uint32_t i)
{
	const mbc_ent *e;
	if (mbc_attr(m, i, &e, NULL) != BCX_OK)
		return true; /* the walk reports it */
	uint32_t step = e->code == MBC_A_DICT ? 2 : 1;
	for (uint32_t k = step - 1; k < e->n; k += step) {
		const mbc_ent *c;
		if (mbc_attr(m, e->list[k], &c, NULL) != BCX_OK || loc_code(c->code))
			return true;
	}
	return false;
}

bool mbc_may_alias(mbc_module *m)
{
	bool container;
	for (uint32_t i = 0; i < m->nattrs; i++)
		if (may_alias(m, &m->attrs[i], false, &container) || (container && holds_loc(m, i)))
			return true;
	for (uint32_t i = 0; i < m->ntypes; i++)
		if (may_alias(m, &m->types[i], true, &container))
			return true;
	return false;
}
