/* Element literals: dense<...>, array<T: ...>, sparse<...>,
 * dense_resource<...>, and the APInt/APFloat encodings of numbers (spec §2,
 * §7.1: MLIR's raw buffers, splats stored as one element, i1 bit-packed). */
#include "asm.h"
#include "limits.h"
#include "mlir/text.h"

#include <stdlib.h>
#include <string.h>

bool ps_int_fits(uint64_t v, bool negative, const mw_tinfo *ti)
{
	uint32_t w = ti->kind == MW_TY_INDEX ? 64 : ti->width;
	bool is_signed = ti->kind == MW_TY_INDEX || ti->flt == 1;
	if (w == 0)
		return v == 0 && !negative;
	if (negative && ti->flt == 2)
		return false;
	if (negative) /* -v in w bits has its sign bit set */
		return v != 0 && (w > 64 || v - 1 < (1ull << (w - 1)));
	if (w < 64 && v >> w)
		return false;
	return !is_signed || w > 64 || !(v >> (w - 1));
}

void ps_apint(mw_module *m, uint64_t v, bool negative, uint32_t width)
{
	if (width <= 8) {
		uint8_t b = (uint8_t)(v & ((1u << width) - 1));
		mw_tb_bytes(m, &b, 1);
	} else if (width < 64) {
		mw_tb_svarint(m, (int64_t)(v & ((1ull << width) - 1)));
	} else if (width == 64) {
		mw_tb_svarint(m, (int64_t)v);
	} else if (negative) {
		/* sign-extended to the width: every word set above the first */
		uint32_t nw = (width + 63) / 64;
		mw_tb_varint(m, nw);
		mw_tb_svarint(m, (int64_t)v);
		for (uint32_t i = 1; i < nw; i++) {
			uint32_t bits = width - 64 * i;
			mw_tb_svarint(m, bits >= 64 ? -1 : (int64_t)((1ull << bits) - 1));
		}
	} else {
		mw_tb_varint(m, 1);
		mw_tb_svarint(m, (int64_t)v);
	}
}

/* x87 80-bit and IEEE quad from a double (exact). */
static void wide_float(double d, int kind, uint64_t *lo, uint64_t *hi)
{
	uint64_t b;
	memcpy(&b, &d, 8);
	uint64_t sign = b >> 63, e = (b >> 52) & 0x7FF, mant = b & ((1ull << 52) - 1);
	*lo = *hi = 0;
	if (e == 0 && mant == 0) {
		*hi = kind == PS_F80 ? sign << 15 : sign << 63;
		return;
	}
	uint64_t e15 = e - 1023 + 16383;
	if (kind == PS_F80) {
		*lo = (1ull << 63) | (mant << 11);
		*hi = (sign << 15) | e15;
	} else {
		*lo = mant << 60;
		*hi = (sign << 63) | (e15 << 48) | (mant >> 4);
	}
}

bool ps_float_bits(ps *p, bool neg, int kind, uint64_t *lo, uint64_t *hi)
{
	const mlir_tok *t = &p->lx.t;
	*hi = 0;
	if (t->k == MLIR_TK_INT && t->n > 2 && t->p[1] == 'x') {
		if (!mlir_tok_u64(t, lo) || neg)
			return ps_fail(p, "invalid hexadecimal float");
		return true;
	}
	char buf[128];
	if (t->n >= sizeof buf)
		return ps_fail(p, "float literal too long");
	memcpy(buf, t->p, t->n);
	buf[t->n] = 0;
	double d = strtod(buf, NULL);
	if (neg)
		d = -d;
	if (kind == PS_F80 || kind == PS_F128) {
		wide_float(d, kind, lo, hi);
		return true;
	}
	if (!mlir_float_bits(d, (mlir_float)kind, lo))
		return ps_fail(p, "float literal out of range for its type");
	return true;
}

/* ------------------------------------------------------------------ */
/* Element lists                                                       */
/* ------------------------------------------------------------------ */

typedef struct elem {
	mlir_tok t;
	bool neg;
} elem;

/* On the heap, freed when the attribute is encoded (elems_free): an op's
 * array<i32: ...> would otherwise leave its list in the arena, and a module
 * has as many of them as ops. */
typedef struct elems {
	elem *v;
	uint32_t n;
	size_t cap;
	bool nested;    /* written as a list (not a single value) */
	bool hex;       /* one "0x..." string: the raw buffer */
} elems;

static bool add_elem(ps *p, elems *e, bool neg)
{
	if (e->n >= (1u << 24))
		return ps_fail(p, "too many elements");
	if (!PS_ROOM(p, e->v, e->n, e->cap))
		return false;
	e->v[e->n++] = (elem){p->lx.t, neg};
	return mlir_next(&p->lx);
}

static void elems_free(ps *p, elems *e)
{
	mw_heap_free(p->m, e->v, e->cap * sizeof *e->v);
	*e = (elems){0};
}

static bool read_elems(ps *p, elems *e, unsigned depth)
{
	mlir_lex *lx = &p->lx;
	if (depth > MLIR_MAX_DEPTH)
		return ps_fail(p, "element lists nest too deep");
	if (mlir_is_punct(lx, '[') || mlir_is_punct(lx, '(')) {
		char close = mlir_is_punct(lx, '[') ? ']' : ')';
		e->nested |= close == ']';
		mlir_next(lx);
		if (mlir_accept(lx, close))
			return true;
		do {
			if (!read_elems(p, e, depth + 1))
				return false;
		} while (mlir_accept(lx, ','));
		return mlir_expect(lx, close);
	}
	bool neg = mlir_accept(lx, '-');
	if (lx->t.k == MLIR_TK_INT || lx->t.k == MLIR_TK_FLOAT || lx->t.k == MLIR_TK_STR ||
	    mlir_is_id(lx, "true") || mlir_is_id(lx, "false"))
		return add_elem(p, e, neg);
	return ps_fail(p, "expected an element value");
}

/* The most bytes one element takes (the widest integer). */
#define ELEM_MAX ((int)(MBC_INT_VALUE_BITS_MAX / 8))

/* Bytes of one element of a scalar type into out (at most ELEM_MAX). */
static int encode_elem(ps *p, const elem *el, const mw_tinfo *ti, uint8_t *out, bool array)
{
	mlir_tok saved = p->lx.t;
	p->lx.t = el->t;
	uint64_t lo = 0, hi = 0;
	int n = 0;
	if (ti->kind == MW_TY_FLOAT) {
		if (ps_float_bits(p, el->neg, ti->flt, &lo, &hi))
			n = (int)((ti->width + 7) / 8);
	} else if (ti->kind == MW_TY_INT || ti->kind == MW_TY_INDEX) {
		uint32_t w = ti->kind == MW_TY_INDEX ? 64 : ti->width;
		if (mlir_is_id(&p->lx, "true") || mlir_is_id(&p->lx, "false"))
			lo = mlir_is_id(&p->lx, "true");
		else if (el->t.k != MLIR_TK_INT || !mlir_tok_u64(&el->t, &lo))
			ps_fail(p, "expected an integer element");
		else if (!mbc_int_value_fits(w))
			ps_fail(p, "integer wider than %u bits", MBC_INT_VALUE_BITS_MAX);
		else if (!ps_int_fits(lo, el->neg, ti))
			ps_fail(p, "integer constant out of range for type");
		if (el->neg)
			lo = 0 - lo;
		hi = el->neg ? UINT64_MAX : 0;
		n = w == 1 && !array ? 1 : (int)((w + 7) / 8);
		if (w == 1)
			lo &= 1;
	} else {
		ps_fail(p, "elements of this type are not supported");
	}
	p->lx.t = saved;
	if (p->lx.status != BCX_OK || n > ELEM_MAX)
		return 0;
	/* hi: the second word of a float, else the sign extension */
	for (int i = 0; i < n; i++)
		out[i] = (uint8_t)(i < 8 ? lo >> (8 * i) : i < 16 ? hi >> (8 * (i - 8)) : hi);
	return n;
}

/* The raw buffer of elements of element type et (complex: pairs). */
static bool raw_buffer(ps *p, const elems *e, uint32_t et, bcx_buf *out, bool *i1)
{
	mw_module *m = p->m;
	mw_tinfo ti = m->ent[et].ti;
	if (ti.kind == MW_TY_COMPLEX)
		ti = m->ent[ti.elem].ti;
	*i1 = ti.kind == MW_TY_INT && ti.width == 1;
	for (uint32_t i = 0; i < e->n; i++) {
		uint8_t b[ELEM_MAX];
		int n = encode_elem(p, &e->v[i], &ti, b, false);
		bcx_buf_put_bytes(out, b, (size_t)n);
	}
	return p->lx.status == BCX_OK;
}

static uint32_t hex_buffer(ps *p, const elem *el, bcx_buf *out)
{
	const mlir_tok *t = &el->t;
	for (size_t i = 2; i + 1 < t->n; i += 2) {
		int a = mlir_hexval(t->p[i]), b = mlir_hexval(t->p[i + 1]);
		if (a < 0 || b < 0)
			return ps_fail(p, "invalid hex string"), MW_NONE;
		bcx_buf_put_u8(out, (uint8_t)(a * 16 + b));
	}
	return (t->n & 1) ? (ps_fail(p, "odd hex string"), MW_NONE) : 0;
}

/* DenseIntOrFPElementsAttr / DenseStringElementsAttr of type `type`. */
static uint32_t encode_dense(ps *p, const elems *e, uint32_t type)
{
	mw_module *m = p->m;
	mw_tinfo ti = m->ent[type].ti;
	if (ti.kind != MW_TY_SHAPED)
		return ps_fail(p, "dense elements need a shaped type"), MW_NONE;
	uint32_t et = ti.elem;
	mw_tinfo eti = m->ent[et].ti;
	bool numeric = eti.kind == MW_TY_INT || eti.kind == MW_TY_INDEX || eti.kind == MW_TY_FLOAT ||
		       eti.kind == MW_TY_COMPLEX;
	uint64_t per = eti.kind == MW_TY_COMPLEX ? 2 : 1;
	bool hex = numeric && e->n == 1 && e->v[0].t.k == MLIR_TK_STR && e->v[0].t.n > 2 &&
		   e->v[0].t.p[0] == '0' && e->v[0].t.p[1] == 'x';
	if (!hex && e->n != per && (!ti.ranked || e->n != ti.nelems * per))
		return ps_fail(p, "%u elements for a type of %llu", e->n,
			       (unsigned long long)(ti.nelems * per)), MW_NONE;
	bcx_buf b;
	bcx_buf_init(&b, bcx_arena_allocator(m->arena));
	uint32_t id = MW_NONE;
	mw_tb_start(m);
	if (!numeric) {
		bool splat = true;
		for (uint32_t i = 1; i < e->n; i++)
			splat &= e->v[i].t.n == e->v[0].t.n && !memcmp(e->v[i].t.p, e->v[0].t.p, e->v[0].t.n);
		mw_tb_varint(m, MBC_A_DENSE_STRINGS);
		mw_tb_ref(m, MW_REC_TYPE, type);
		mw_tb_varint(m, splat);
		for (uint32_t i = 0; i < (splat ? 1 : e->n); i++) {
			mlir_tok saved = p->lx.t;
			p->lx.t = e->v[i].t;
			long n = e->v[i].t.k == MLIR_TK_STR ? ps_unescape(p) : -1;
			p->lx.t = saved;
			if (n < 0) {
				ps_fail(p, "expected string elements");
				break;
			}
			mw_tb_ref(m, MW_REC_STR, mw_string(m, p->sbuf, (size_t)n));
		}
	} else {
		bool i1 = false;
		if (hex)
			hex_buffer(p, &e->v[0], &b);
		else
			raw_buffer(p, e, et, &b, &i1);
		/* a failed element leaves the buffer short: no element size to
		 * step by, and nothing to write */
		bool ok = p->lx.status == BCX_OK;
		size_t esz = ok && e->n ? (size_t)(b.len / e->n * per) : 0;
		bool splat = !hex && e->n > per && esz > 0;
		for (size_t i = esz; splat && i < b.len; i += esz)
			splat = !memcmp(b.data, b.data + i, esz);
		if (splat || (!hex && e->n == per))
			b.len = esz;
		if (i1 && !hex) {
			/* i1: one bit each; a splat is one 0x00/0xFF byte */
			size_t n = b.len;
			uint8_t packed[1] = {0};
			bcx_buf pb;
			bcx_buf_init(&pb, bcx_arena_allocator(m->arena));
			if (n == 1) {
				packed[0] = b.data[0] ? 0xFF : 0;
				bcx_buf_put_bytes(&pb, packed, 1);
			} else {
				for (size_t i = 0; i < n; i++) {
					if (i % 8 == 0)
						bcx_buf_put_u8(&pb, 0);
					if (b.data[i] && pb.status == BCX_OK)
						pb.data[pb.len - 1] |= (uint8_t)(1u << (i % 8));
				}
			}
			bcx_buf_free(&b);
			b = pb;
		}
		mw_tb_varint(m, MBC_A_DENSE_ELEMENTS);
		mw_tb_ref(m, MW_REC_TYPE, type);
		mw_tb_varint(m, b.len);
		mw_tb_bytes(m, b.data, b.len);
	}
	if (b.status != BCX_OK)
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
	bcx_buf_free(&b);
	id = mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
	return p->lx.status == BCX_OK ? id : MW_NONE;
}

static uint32_t dense(ps *p, elems *e)
{
	mlir_lex *lx = &p->lx;
	mlir_next(lx);
	if (!mlir_expect(lx, '<'))
		return MW_NONE;
	if (!mlir_is_punct(lx, '>') && !read_elems(p, e, 0))
		return MW_NONE;
	uint32_t t;
	if (!mlir_expect(lx, '>') || !mlir_expect(lx, ':') || (t = ps_type(p)) == MW_NONE)
		return MW_NONE;
	return encode_dense(p, e, t);
}

uint32_t ps_dense(ps *p)
{
	elems e = {0};
	uint32_t id = dense(p, &e);
	elems_free(p, &e);
	return id;
}

static uint32_t dense_array(ps *p, elems *e)
{
	mlir_lex *lx = &p->lx;
	mw_module *m = p->m;
	uint32_t t;
	mlir_next(lx);
	if (!mlir_expect(lx, '<') || (t = ps_type(p)) == MW_NONE)
		return MW_NONE;
	if (mlir_accept(lx, ':'))
		do {
			if (!read_elems(p, e, 0))
				return MW_NONE;
		} while (mlir_accept(lx, ','));
	if (!mlir_expect(lx, '>'))
		return MW_NONE;
	mw_tinfo ti = m->ent[t].ti;
	bcx_buf b;
	bcx_buf_init(&b, bcx_arena_allocator(m->arena));
	for (uint32_t i = 0; i < e->n; i++) {
		uint8_t v[ELEM_MAX];
		int n = encode_elem(p, &e->v[i], &ti, v, true);
		bcx_buf_put_bytes(&b, v, (size_t)n);
	}
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_DENSE_ARRAY);
	mw_tb_ref(m, MW_REC_TYPE, t);
	mw_tb_varint(m, e->n);
	mw_tb_varint(m, b.len);
	mw_tb_bytes(m, b.data, b.len);
	bcx_buf_free(&b);
	uint32_t id = mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
	return p->lx.status == BCX_OK ? id : MW_NONE;
}

uint32_t ps_dense_array(ps *p)
{
	elems e = {0};
	uint32_t id = dense_array(p, &e);
	elems_free(p, &e);
	return id;
}

/* tensor<d0 x d1 x elem> */
static uint32_t tensor_type(mw_module *m, const int64_t *dims, int rank, uint32_t et)
{
	mw_tb_start(m);
	mw_tb_varint(m, MBC_T_TENSOR);
	mw_tb_varint(m, (uint64_t)rank);
	uint64_t n = 1;
	for (int i = 0; i < rank; i++) {
		mw_tb_svarint(m, dims[i]);
		n *= (uint64_t)dims[i];
	}
	mw_tb_ref(m, MW_REC_TYPE, et);
	uint32_t id = mw_tb_finish(m, mw_builtin(m), MW_E_TYPE | MW_E_CUSTOM, 0);
	if (id != MW_NONE)
		m->ent[id].ti = (mw_tinfo){MW_TY_SHAPED, 0, true, (uint32_t)rank, et, n};
	return id;
}

/* sparse<indices, values> : type; indices are tensor<N x rank x i64>. */
static uint32_t sparse(ps *p, elems *idx, elems *val)
{
	mlir_lex *lx = &p->lx;
	mw_module *m = p->m;
	uint32_t t;
	mlir_next(lx);
	if (!mlir_expect(lx, '<'))
		return MW_NONE;
	/* sparse<> : T has no indices (tensor<0 x rank x i64>) and no values */
	bool empty = mlir_is_punct(lx, '>');
	if ((!empty && (!read_elems(p, idx, 0) || !mlir_expect(lx, ',') || !read_elems(p, val, 0))) ||
	    !mlir_expect(lx, '>') || !mlir_expect(lx, ':') || (t = ps_type(p)) == MW_NONE)
		return MW_NONE;
	mw_tinfo ti = m->ent[t].ti;
	if (ti.kind != MW_TY_SHAPED)
		return ps_fail(p, "sparse elements need a shaped type"), MW_NONE;
	/* as MLIR's parser shapes them: indices tensor<N x rank x i64> (a
	 * single literal is one tuple), values tensor<N x elem> (a single
	 * literal is one value); sparse<> has none */
	int64_t rank = (int64_t)ti.width;
	int64_t per = m->ent[ti.elem].ti.kind == MW_TY_COMPLEX ? 2 : 1;
	int64_t rows = empty ? 0 : !idx->nested ? 1 : rank ? (int64_t)idx->n / rank : (int64_t)idx->n;
	int64_t dims[2] = {rows, rank};
	int64_t vdims[1] = {empty ? 0 : val->nested ? (int64_t)val->n / per : 1};
	uint32_t i64 = mw_int_type(m, 64, 0);
	uint32_t it = tensor_type(m, dims, 2, i64);
	uint32_t vt = tensor_type(m, vdims, 1, ti.elem);
	uint32_t ia = it == MW_NONE ? MW_NONE : encode_dense(p, idx, it);
	uint32_t va = vt == MW_NONE ? MW_NONE : encode_dense(p, val, vt);
	if (ia == MW_NONE || va == MW_NONE)
		return MW_NONE;
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_SPARSE_ELEMENTS);
	mw_tb_ref(m, MW_REC_TYPE, t);
	mw_tb_ref(m, MW_REC_ATTR, ia);
	mw_tb_ref(m, MW_REC_ATTR, va);
	return mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM, 0);
}

uint32_t ps_sparse(ps *p)
{
	elems idx = {0}, val = {0};
	uint32_t id = sparse(p, &idx, &val);
	elems_free(p, &idx);
	elems_free(p, &val);
	return id;
}

uint32_t ps_resource(ps *p, uint32_t dialect, const char *key, size_t n)
{
	mw_module *m = p->m;
	uint32_t k = mw_string(m, key, n);
	/* (dialect, key) interned: its id is the resource's index, as the text
	 * makes every resource here and in that order */
	uint32_t both[2] = {dialect, k};
	bool added;
	uint32_t id = k == MW_NONE ? MW_NONE : mw_intern(m, &p->res_keys, both, sizeof both, &added);
	if (id == MW_NONE || !added)
		return id;
	if (id != m->nres)
		return mw_fail(m, BCX_ERR_MALFORMED, "resource table out of step"), MW_NONE;
	if (!BCX_VEC_ROOM(m->arena, m->res, m->nres, m->cres))
		return mw_fail(m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	mw_resource *r = &m->res[m->nres];
	memset(r, 0, sizeof *r);
	r->group = dialect;
	r->key = k;
	r->kind = MBC_RES_BLOB;
	return m->nres++;
}

uint32_t ps_dense_resource(ps *p)
{
	mlir_lex *lx = &p->lx;
	mlir_next(lx);
	if (!mlir_expect(lx, '<'))
		return MW_NONE;
	if (lx->t.k != MLIR_TK_ID && lx->t.k != MLIR_TK_STR)
		return ps_fail(p, "expected a resource name"), MW_NONE;
	uint32_t r = ps_resource(p, mw_builtin(p->m), lx->t.p, lx->t.n);
	mlir_next(lx);
	uint32_t t;
	if (!mlir_expect(lx, '>') || !mlir_expect(lx, ':') || (t = ps_type(p)) == MW_NONE)
		return MW_NONE;
	mw_tb_start(p->m);
	mw_tb_varint(p->m, MBC_A_DENSE_RESOURCE);
	mw_tb_ref(p->m, MW_REC_TYPE, t);
	mw_tb_ref(p->m, MW_REC_RES, r);
	return mw_tb_finish(p->m, mw_builtin(p->m), MW_E_CUSTOM, 0);
}
