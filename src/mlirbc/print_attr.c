/* Builtin attributes and types in MLIR's text syntax (AsmPrinter.cpp of
 * MLIR 22). Text-fallback entries are printed as stored (the writer
 * printed them canonically); other dialects' custom encodings, which only
 * their dialect can read, print as #bcx.raw<"dialect", "0x..">. */
#include "print.h"
#include "limits.h"
#include "mlir/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool mbc_out_room(mbc_pctx *p)
{
	if (!p->max_out || p->emitted + p->b->len <= p->max_out) {
		if (p->flush && p->b->len >= MBC_FLUSH_AT)
			p->flush(p->flush_ctx);
		return true;
	}
	mbc_pfail(p, BCX_ERR_LIMIT,
		  "the text would be longer than %llu bytes (attributes the file shares are "
		  "printed in full at each use)", (unsigned long long)p->max_out);
	return false;
}

bool mbc_rewind(mbc_pctx *p, mbc_mark mark, const char *what)
{
	if (p->emitted == mark.emitted) {
		p->b->len = mark.len;
		return true;
	}
	mbc_pfail(p, BCX_ERR_MALFORMED, "%s does not print in its syntax, after 64 KiB of its text",
		  what);
	return false;
}

void mbc_pfail(mbc_pctx *p, bcx_status s, const char *fmt, ...)
{
	if (p->status != BCX_OK)
		return;
	p->status = s;
	char msg[BCX_DIAG_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	bcx_diag_set(p->diag, s, -1, "%s", msg);
}

static const mbc_ent *A(mbc_pctx *p, uint32_t i)
{
	const mbc_ent *e = NULL;
	bcx_status s = mbc_attr(p->m, i, &e, p->diag);
	if (s != BCX_OK) {
		if (p->status == BCX_OK)
			p->status = s;
		return NULL;
	}
	return e;
}

static const mbc_ent *T(mbc_pctx *p, uint32_t i)
{
	const mbc_ent *e = NULL;
	bcx_status s = mbc_type(p->m, i, &e, p->diag);
	if (s != BCX_OK) {
		if (p->status == BCX_OK)
			p->status = s;
		return NULL;
	}
	return e;
}

static void puts_(mbc_pctx *p, const char *s) { bcx_buf_puts(p->b, s); }
/* A string literal, without strlen. */
#define PUTS(p, lit) bcx_buf_put_bytes((p)->b, (lit), sizeof(lit) - 1)
static void putc_(mbc_pctx *p, char c) { bcx_buf_put_u8(p->b, (uint8_t)c); }

static void put_str(mbc_pctx *p, uint32_t s)
{
	mbc_str v = mbc_string(p->m, s);
	mlir_print_string(p->b, v.p, v.n);
}

void mbc_print_key(mbc_pctx *p, mbc_str s) { mlir_print_ident(p->b, s.p, s.n); }

static void put_raw(mbc_pctx *p, const mbc_ent *e)
{
	if (mbc_print_quant(p, e) || mbc_print_llvm(p, e, false))
		return;
	mbc_str d = mbc_string(p->m, p->m->dialects[e->dialect].name);
	bcx_buf_printf(p->b, "%sbcx.raw<", e->is_type ? "!" : "#");
	mlir_print_string(p->b, d.p, d.n);
	PUTS(p, ", \"0x");
	for (uint64_t i = 0; i < e->nblob; i++)
		bcx_buf_printf(p->b, "%02X", e->blob[i]);
	PUTS(p, "\">");
}

/* ---- numbers ---- */

/* Signed (or unsigned) decimal of a `width`-bit value held in words. */
static void put_apint(mbc_pctx *p, const uint64_t *w, uint32_t nw, uint64_t width, bool sign)
{
	if (width <= 64) {
		uint64_t v = nw ? w[0] : 0;
		if (width < 64)
			v &= (1ull << width) - 1;
		if (sign && width && (v >> (width - 1)) & 1) {
			putc_(p, '-');
			v = (width < 64 ? (1ull << width) : 0) - v; /* the magnitude */
		}
		bcx_buf_put_udec(p->b, v);
		return;
	}
	/* wide: sign-extend into n words, negate when negative, divide by 10 */
	uint32_t n = (uint32_t)((width + 63) / 64);
	uint64_t t[MBC_INT_VALUE_BITS_MAX / 64];
	if (!mbc_int_value_fits(width)) { /* the reader refused it already */
		mbc_pfail(p, BCX_ERR_LIMIT, "integer wider than %u bits", MBC_INT_VALUE_BITS_MAX);
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		t[i] = i < nw ? w[i] : (nw && (int64_t)w[nw - 1] < 0 ? ~0ull : 0);
	unsigned top = (unsigned)(width - 64 * (n - 1));
	if (top < 64)
		t[n - 1] &= (1ull << top) - 1;
	bool neg = sign && ((t[n - 1] >> (top - 1)) & 1);
	if (neg) {
		uint64_t carry = 1;
		for (uint32_t i = 0; i < n; i++) {
			t[i] = ~t[i] + carry;
			carry = carry && t[i] == 0;
		}
		if (top < 64)
			t[n - 1] &= (1ull << top) - 1;
	}
	/* 32-bit limbs so the division needs no 128-bit type */
	uint32_t l[MBC_INT_VALUE_BITS_MAX / 32];
	for (uint32_t i = 0; i < n; i++) {
		l[2 * i] = (uint32_t)t[i];
		l[2 * i + 1] = (uint32_t)(t[i] >> 32);
	}
	char digits[MBC_INT_VALUE_BITS_MAX * 31 / 100 + 2]; /* log10(2) < 0.31 */
	size_t k = 0;
	for (;;) {
		bool zero = true;
		uint64_t rem = 0;
		for (uint32_t i = 2 * n; i-- > 0;) {
			uint64_t cur = (rem << 32) | l[i];
			l[i] = (uint32_t)(cur / 10);
			rem = cur % 10;
			zero = zero && l[i] == 0;
		}
		digits[k++] = (char)('0' + (int)rem);
		if (zero || k == sizeof digits)
			break;
	}
	if (neg)
		putc_(p, '-');
	while (k)
		putc_(p, digits[--k]);
}

/* MLIR float kind of a float type entry; F80/F128 return NONE. */
static mlir_float float_kind(const mbc_ent *t)
{
	switch (t->code) {
	case MBC_T_BF16: return MLIR_FLT_BF16;
	case MBC_T_F16: return MLIR_FLT_F16;
	case MBC_T_F32: return MLIR_FLT_F32;
	case MBC_T_F64: return MLIR_FLT_F64;
	case MBC_TEXT: return mlir_float_by_name((const char *)t->blob, (size_t)t->nblob);
	default: return MLIR_FLT_NONE;
	}
}

/* f80/f128: printed through f64 when the value is exactly a normal
 * double, else as MLIR's hex of the bit pattern. */
static void put_wide_float(mbc_pctx *p, const mbc_ent *t, const uint64_t *w, uint32_t nw)
{
	uint64_t lo = nw > 0 ? w[0] : 0, hi = nw > 1 ? w[1] : 0;
	bool f80 = t->code == MBC_T_F80;
	uint64_t exp = f80 ? (hi & 0x7fff) : (hi >> 48) & 0x7fff;
	uint64_t neg = f80 ? (hi >> 15) & 1 : hi >> 63;
	uint64_t top52; /* the fraction's top 52 bits */
	bool exact;
	if (f80) {
		top52 = (lo & 0x7fffffffffffffffull) >> 11;
		exact = (lo >> 63) == 1 && (lo & 0x7ff) == 0;
	} else {
		top52 = ((hi & 0xffffffffffffull) << 4) | (lo >> 60);
		exact = (lo & ((1ull << 60) - 1)) == 0;
	}
	int e = (int)exp - 16383;
	uint64_t bits = 0;
	bool ok = false;
	if (exp == 0 && (f80 ? lo == 0 : (lo == 0 && (hi & 0xffffffffffffull) == 0))) {
		bits = neg << 63;
		ok = true;
	} else if (exp != 0 && exp != 0x7fff && exact && e >= -1022 && e <= 1023) {
		bits = (neg << 63) | ((uint64_t)(e + 1023) << 52) | top52;
		ok = true;
	}
	if (ok) {
		/* printed in place (nothing flushes b meanwhile); a failure to
		 * grow b stays in its sticky status, which the printer returns */
		size_t at = p->b->len;
		if (!mlir_print_float(p->b, MLIR_FLT_F64, bits))
			return;
		p->b->len = at; /* the double's hex is not this format's spelling */
	}
	if (f80)
		bcx_buf_printf(p->b, "0x%04llX%016llX", (unsigned long long)(hi & 0xffff),
			       (unsigned long long)lo);
	else
		bcx_buf_printf(p->b, "0x%016llX%016llX", (unsigned long long)hi, (unsigned long long)lo);
}

static void put_float(mbc_pctx *p, const mbc_ent *t, const uint64_t *w, uint32_t nw)
{
	if (t->code == MBC_T_F80 || t->code == MBC_T_F128) {
		put_wide_float(p, t, w, nw);
		return;
	}
	mlir_print_float(p->b, float_kind(t), nw ? w[0] : 0);
}

/* ---- types ---- */

static void put_dims(mbc_pctx *p, const mbc_ent *t)
{
	for (uint32_t i = 0; i < t->ndims; i++) {
		bool sc = t->flags && t->flags[i];
		if (sc)
			putc_(p, '[');
		if (t->dims[i] == INT64_MIN)
			putc_(p, '?');
		else
			bcx_buf_printf(p->b, "%lld", (long long)t->dims[i]);
		if (sc)
			putc_(p, ']');
		putc_(p, 'x');
	}
}

static void put_type_list(mbc_pctx *p, const uint32_t *l, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			PUTS(p, ", ");
		mbc_print_type(p, l[i]);
	}
}

/* Is the layout attribute the identity map of rank n (then not printed)? */
bool mbc_identity_layout(mbc_pctx *p, uint32_t attr, uint32_t rank)
{
	const mbc_ent *l = A(p, attr);
	if (!l || l->code != MBC_TEXT)
		return false;
	char want[512];
	size_t k = 0;
	k += (size_t)snprintf(want + k, sizeof want - k, "affine_map<(");
	for (uint32_t pass = 0; pass < 2 && k < sizeof want; pass++) {
		for (uint32_t i = 0; i < rank && k < sizeof want; i++)
			k += (size_t)snprintf(want + k, sizeof want - k, "%sd%u", i ? ", " : "", i);
		if (k < sizeof want)
			k += (size_t)snprintf(want + k, sizeof want - k, pass ? ")>" : ") -> (");
	}
	return k < sizeof want && l->nblob == k && memcmp(l->blob, want, k) == 0;
}

void mbc_print_type_body(mbc_pctx *p, uint32_t type)
{
	const mbc_ent *t = T(p, type);
	if (!t)
		return;
	if (p->depth > MBC_MAX_DEPTH + 8) {
		mbc_pfail(p, BCX_ERR_LIMIT, "types nest too deep to print");
		return;
	}
	if (!mbc_out_room(p))
		return;
	p->depth++;
	switch (t->code) {
	case MBC_TEXT:
		bcx_buf_put_bytes(p->b, t->blob, (size_t)t->nblob);
		break;
	case MBC_RAW:
		put_raw(p, t);
		break;
	case MBC_T_INTEGER:
		bcx_buf_printf(p->b, "%si%llu", t->u[1] == 1 ? "s" : t->u[1] == 2 ? "u" : "",
			       (unsigned long long)t->u[0]);
		break;
	case MBC_T_INDEX: PUTS(p, "index"); break;
	case MBC_T_BF16: PUTS(p, "bf16"); break;
	case MBC_T_F16: PUTS(p, "f16"); break;
	case MBC_T_F32: PUTS(p, "f32"); break;
	case MBC_T_F64: PUTS(p, "f64"); break;
	case MBC_T_F80: PUTS(p, "f80"); break;
	case MBC_T_F128: PUTS(p, "f128"); break;
	case MBC_T_NONE: PUTS(p, "none"); break;
	case MBC_T_FUNCTION: {
		uint32_t nin = (uint32_t)t->u[0], nout = t->n - nin;
		putc_(p, '(');
		put_type_list(p, t->list, nin);
		PUTS(p, ") -> ");
		const mbc_ent *r = nout == 1 ? T(p, t->list[nin]) : NULL;
		bool wrap = nout != 1 || (r && r->code == MBC_T_FUNCTION);
		if (wrap)
			putc_(p, '(');
		put_type_list(p, t->list + nin, nout);
		if (wrap)
			putc_(p, ')');
		break;
	}
	case MBC_T_COMPLEX:
		PUTS(p, "complex<");
		mbc_print_type(p, t->r[0]);
		putc_(p, '>');
		break;
	case MBC_T_MEMREF: case MBC_T_MEMREF_SPACE:
		PUTS(p, "memref<");
		put_dims(p, t);
		mbc_print_type(p, t->r[0]);
		if (!mbc_identity_layout(p, t->r[1], t->ndims)) {
			PUTS(p, ", ");
			mbc_print_attr(p, t->r[1], ELIDE_NEVER);
		}
		if (t->code == MBC_T_MEMREF_SPACE) {
			PUTS(p, ", ");
			mbc_print_attr(p, t->r[2], ELIDE_MAY);
		}
		putc_(p, '>');
		break;
	case MBC_T_TENSOR: case MBC_T_TENSOR_ENC: case MBC_T_VECTOR: case MBC_T_VECTOR_SCALABLE:
		puts_(p, t->code >= MBC_T_VECTOR ? "vector<" : "tensor<");
		put_dims(p, t);
		mbc_print_type(p, t->r[0]);
		if (t->code == MBC_T_TENSOR_ENC) {
			PUTS(p, ", ");
			mbc_print_attr(p, t->r[2], ELIDE_NEVER);
		}
		putc_(p, '>');
		break;
	case MBC_T_TUPLE:
		PUTS(p, "tuple<");
		put_type_list(p, t->list, t->n);
		putc_(p, '>');
		break;
	case MBC_T_UMEMREF: case MBC_T_UMEMREF_SPACE: case MBC_T_UTENSOR:
		puts_(p, t->code == MBC_T_UTENSOR ? "tensor<*x" : "memref<*x");
		mbc_print_type(p, t->r[0]);
		if (t->code == MBC_T_UMEMREF_SPACE) {
			PUTS(p, ", ");
			mbc_print_attr(p, t->r[2], ELIDE_MAY);
		}
		putc_(p, '>');
		break;
	default:
		mbc_pfail(p, BCX_ERR_MALFORMED, "type %u has unknown kind %u", type, t->code);
	}
	p->depth--;
}

static void print_type_uncached(mbc_pctx *p, uint32_t type)
{
	if (p->aliases && p->type_alias && type < p->m->ntypes && p->type_alias[type] >= 0) {
		const char *stem = mbc_alias_stem(p->m, type, true);
		bcx_buf_printf(p->b, "!%s", stem);
		if (p->type_alias[type])
			bcx_buf_printf(p->b, "%d", p->type_alias[type]);
		return;
	}
	mbc_print_type_body(p, type);
}

/* A file names a handful of types thousands of times: each is printed
 * once and its text copied after that. Any distinct[N] inside has its id
 * from the first print, so the text cannot change. */
void mbc_print_type(mbc_pctx *p, uint32_t type)
{
	if (!p->type_text || type >= p->m->ntypes) {
		print_type_uncached(p, type);
		return;
	}
	mbc_str *t = &p->type_text[type];
	if (t->p) {
		bcx_buf_put_bytes(p->b, t->p, t->n);
		return;
	}
	mbc_mark start = mbc_mark_at(p);
	print_type_uncached(p, type);
	size_t n = p->b->len - start.len;
	if (p->status != BCX_OK || p->b->status != BCX_OK || n > MBC_TYPE_TEXT_MAX ||
	    p->emitted != start.emitted) /* part of it flushed */
		return;
	char *copy = bcx_arena_memdup(p->m->arena, p->b->data + start.len, n ? n : 1);
	if (copy) /* else printed anew next time */
		*t = (mbc_str){(const uint8_t *)copy, (uint32_t)n};
}

/* ---- dense elements ---- */

typedef struct elem {
	const mbc_ent *t;     /* element type (the complex's element for complex) */
	bool complex;
	unsigned bits;        /* storage bits of one scalar (1 for i1) */
	bool is_float;
	uint64_t width;       /* integer width */
	bool sign;
} elem;

static bool elem_of(mbc_pctx *p, uint32_t type, elem *el)
{
	memset(el, 0, sizeof *el);
	const mbc_ent *t = T(p, type);
	if (t && t->code == MBC_T_COMPLEX) {
		el->complex = true;
		t = T(p, t->r[0]);
	}
	if (!t)
		return false;
	el->t = t;
	if (t->code == MBC_T_INTEGER || t->code == MBC_T_INDEX) {
		el->width = t->code == MBC_T_INDEX ? 64 : t->u[0];
		el->sign = !(t->code == MBC_T_INTEGER && t->u[1] == 2);
		el->bits = el->width == 1 ? 1 : (unsigned)((el->width + 7) / 8 * 8);
		return mbc_int_value_fits(el->width);
	}
	unsigned fb = 0;
	switch (t->code) {
	case MBC_T_F80: fb = 80; break;
	case MBC_T_F128: fb = 128; break;
	case MBC_T_BF16: case MBC_T_F16: fb = 16; break;
	case MBC_T_F32: fb = 32; break;
	case MBC_T_F64: fb = 64; break;
	case MBC_TEXT: {
		const mlir_float_sem *s = mlir_float_semantics(float_kind(t));
		fb = s ? s->bits : 0;
		break;
	}
	default: break;
	}
	el->is_float = true;
	el->bits = (fb + 7) / 8 * 8;
	return fb != 0;
}

static uint64_t load_le(const uint8_t *q, unsigned bytes)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < bytes && i < 8; i++)
		v |= (uint64_t)q[i] << (8 * i);
	return v;
}

/* One scalar of `bytes` little-endian bytes (at most
 * MBC_INT_VALUE_BITS_MAX / 8, which elem_of checked). */
static void put_scalar_at(mbc_pctx *p, const elem *el, const uint8_t *q, unsigned bytes)
{
	uint64_t w[MBC_INT_VALUE_BITS_MAX / 64];
	uint32_t nw = (bytes + 7) / 8;
	for (uint32_t i = 0; i < nw; i++)
		w[i] = load_le(q + 8 * i, bytes - 8 * i);
	if (el->is_float)
		put_float(p, el->t, w, nw);
	else if (el->width == 1)
		puts_(p, w[0] & 1 ? "true" : "false");
	else
		put_apint(p, w, nw, el->width, el->sign);
}

static void put_scalar(mbc_pctx *p, const elem *el, uint64_t v)
{
	uint8_t q[8];
	for (unsigned i = 0; i < 8; i++)
		q[i] = (uint8_t)(v >> (8 * i));
	put_scalar_at(p, el, q, 8);
}

/* Element k of a raw buffer (i1 bit-packed). */
static void put_elem(mbc_pctx *p, const elem *el, const uint8_t *data, uint64_t k, bool packed)
{
	if (el->bits == 1 && packed) {
		put_scalar(p, el, (data[k / 8] >> (k % 8)) & 1);
		return;
	}
	unsigned bytes = el->bits / 8;
	if (el->complex) {
		putc_(p, '(');
		put_scalar_at(p, el, data + 2 * k * bytes, bytes);
		putc_(p, ',');
		put_scalar_at(p, el, data + (2 * k + 1) * bytes, bytes);
		putc_(p, ')');
		return;
	}
	put_scalar_at(p, el, data + k * (bytes ? bytes : 1), bytes ? bytes : 1);
}

static void put_nested(mbc_pctx *p, const mbc_ent *t, uint32_t dim, uint64_t *k,
		       void (*one)(mbc_pctx *, const void *, uint64_t), const void *ctx)
{
	if (dim == t->ndims) {
		one(p, ctx, (*k)++);
		return;
	}
	putc_(p, '[');
	for (int64_t i = 0; i < t->dims[dim]; i++) {
		if (i)
			PUTS(p, ", ");
		put_nested(p, t, dim + 1, k, one, ctx);
	}
	putc_(p, ']');
}

typedef struct dense_ctx {
	const elem *el;
	const uint8_t *data;
	bool splat;
	const mbc_module *m;
	const mbc_ent *strs;
} dense_ctx;

static void one_elem(mbc_pctx *p, const void *c, uint64_t k)
{
	const dense_ctx *d = c;
	put_elem(p, d->el, d->data, d->splat ? 0 : k, true);
}

static void one_string(mbc_pctx *p, const void *c, uint64_t k)
{
	const dense_ctx *d = c;
	put_str(p, d->strs->list[d->splat ? 0 : k]);
}

static uint64_t count_of(const mbc_ent *t)
{
	uint64_t n = 1;
	for (uint32_t i = 0; i < t->ndims; i++)
		n *= t->dims[i] < 0 ? 0 : (uint64_t)t->dims[i];
	return n;
}

/* Element k of a dense attribute: its element type and its bytes, NULL
 * when k is past its elements or the data does not fit the type. */
static const uint8_t *dense_at(mbc_pctx *p, uint32_t attr, uint64_t k, elem *el, bool *packed)
{
	const mbc_ent *a = A(p, attr), *t;
	if (!a || a->code != MBC_A_DENSE_ELEMENTS || !(t = T(p, a->r[0])) ||
	    !elem_of(p, t->r[0], el) || el->complex)
		return NULL;
	uint64_t one = el->bits == 1 ? 1 : el->bits / 8, n = count_of(t);
	*packed = el->bits == 1 && a->nblob != 1;
	if (a->nblob == one || (el->bits == 1 && a->nblob == 1))
		k = 0; /* a splat */
	else if (k >= n || (el->bits == 1 ? (n + 7) / 8 : n * one) != a->nblob)
		return NULL;
	return *packed ? a->blob : a->blob + k * one;
}

void mbc_print_dense_elem(mbc_pctx *p, uint32_t attr, uint64_t k)
{
	elem el;
	bool packed;
	const uint8_t *q = dense_at(p, attr, k, &el, &packed);
	if (!q)
		mbc_pfail(p, BCX_ERR_MALFORMED, "dense element %llu missing", (unsigned long long)k);
	else
		put_elem(p, &el, q, packed ? k : 0, packed);
}

bool mbc_dense_int(mbc_pctx *p, uint32_t attr, uint64_t k, int64_t *v)
{
	elem el;
	bool packed;
	const uint8_t *q = dense_at(p, attr, k, &el, &packed);
	if (!q || el.is_float || el.bits > 64 || packed)
		return false;
	unsigned bytes = el.bits / 8;
	uint64_t u = load_le(q, bytes);
	if (bytes < 8 && el.sign && (u >> (8 * bytes - 1)) & 1)
		u |= ~0ull << (8 * bytes); /* sign-extended */
	*v = (int64_t)u;
	return true;
}

/* The body of dense<...> for a DenseIntOrFPElementsAttr (also sparse<>). */
static void dense_body(mbc_pctx *p, const mbc_ent *a, bool allow_hex)
{
	const mbc_ent *t = T(p, a->r[0]);
	elem el;
	if (!t || !elem_of(p, t->r[0], &el) || t->code == MBC_T_UTENSOR ||
	    !(t->code == MBC_T_TENSOR || t->code == MBC_T_TENSOR_ENC || t->code == MBC_T_VECTOR ||
	      t->code == MBC_T_VECTOR_SCALABLE)) {
		mbc_pfail(p, BCX_ERR_UNSUPPORTED, "dense elements of an unsupported type");
		return;
	}
	uint64_t n = count_of(t);
	uint64_t one = el.bits == 1 ? 1 : (el.bits / 8) * (el.complex ? 2 : 1);
	uint64_t full = el.bits == 1 ? (n + 7) / 8 : n * one;
	bool splat;
	if (el.bits == 1 && !el.complex)
		splat = a->nblob == 1 && (a->blob[0] == 0 || a->blob[0] == 0xff) && n != 0;
	else /* i0 elements take no bytes: never a splat */
		splat = a->nblob == one && n != 0 && one != 0;
	if (!splat && a->nblob != full) {
		mbc_pfail(p, BCX_ERR_MALFORMED, "dense elements: %llu bytes for %llu elements",
			  (unsigned long long)a->nblob, (unsigned long long)n);
		return;
	}
	if (n == 0)
		return;
	dense_ctx d = {&el, a->blob, splat, p->m, NULL};
	if (splat || n == 1) {
		if (el.bits == 1 && !el.complex)
			put_scalar(p, &el, a->blob[0] & 1);
		else
			put_elem(p, &el, a->blob, 0, false);
		return;
	}
	if (allow_hex && n > 100) {
		PUTS(p, "\"0x");
		for (uint64_t i = 0; i < a->nblob; i++)
			bcx_buf_printf(p->b, "%02X", a->blob[i]);
		putc_(p, '"');
		return;
	}
	uint64_t k = 0;
	put_nested(p, t, 0, &k, one_elem, &d);
}

static void dense_array(mbc_pctx *p, const mbc_ent *a)
{
	elem el;
	if (!elem_of(p, a->r[0], &el) || el.complex) {
		mbc_pfail(p, BCX_ERR_UNSUPPORTED, "dense array of an unsupported element type");
		return;
	}
	uint64_t bytes = el.bits == 1 ? 1 : el.bits / 8;
	if (a->u[0] > a->nblob || a->u[0] * bytes != a->nblob) {
		mbc_pfail(p, BCX_ERR_MALFORMED, "dense array of %llu elements in %llu bytes",
			  (unsigned long long)a->u[0], (unsigned long long)a->nblob);
		return;
	}
	PUTS(p, "array<");
	mbc_print_type(p, a->r[0]);
	for (uint64_t i = 0; i < a->u[0]; i++) {
		puts_(p, i ? ", " : ": ");
		put_elem(p, &el, a->blob, i, false);
	}
	putc_(p, '>');
}

static void dense_strings(mbc_pctx *p, const mbc_ent *a)
{
	const mbc_ent *t = T(p, a->r[0]);
	if (!t)
		return;
	dense_ctx d = {NULL, NULL, a->u[0] != 0, p->m, a};
	uint64_t n = count_of(t);
	if (d.splat || n == 1) {
		if (a->n)
			put_str(p, a->list[0]);
		return;
	}
	uint64_t k = 0;
	if (n && n == a->n)
		put_nested(p, t, 0, &k, one_string, &d);
}

/* ---- attributes ---- */

void mbc_print_dict_entries(mbc_pctx *p, const mbc_ent *d)
{
	for (uint32_t i = 0; i + 1 < d->n; i += 2) {
		if (i)
			PUTS(p, ", ");
		const mbc_ent *k = A(p, d->list[i]), *v = A(p, d->list[i + 1]);
		if (!k || !v)
			return;
		mbc_print_key(p, mbc_string(p->m, k->r[0]));
		if (v->code != MBC_A_UNIT) {
			PUTS(p, " = ");
			mbc_print_attr(p, d->list[i + 1], ELIDE_NEVER);
		}
	}
}

static void put_symbol(mbc_pctx *p, uint32_t string_attr)
{
	const mbc_ent *s = A(p, string_attr);
	if (!s)
		return;
	putc_(p, '@');
	mbc_print_key(p, mbc_string(p->m, s->r[0]));
}

static void loc_body(mbc_pctx *p, uint32_t attr);

static void put_file(mbc_pctx *p, uint32_t string_attr)
{
	const mbc_ent *s = A(p, string_attr);
	if (s)
		put_str(p, s->r[0]);
}

/* A location inside another: its alias when it has one. */
static void nested_loc(mbc_pctx *p, uint32_t attr)
{
	if (p->aliases && p->attr_alias && attr < p->m->nall && p->attr_alias[attr] >= 0)
		mbc_print_attr(p, attr, ELIDE_NEVER);
	else
		loc_body(p, attr);
}

static void loc_body(mbc_pctx *p, uint32_t attr)
{
	const mbc_ent *e = A(p, attr);
	if (!e)
		return;
	if (p->depth > MBC_MAX_DEPTH + 8) {
		mbc_pfail(p, BCX_ERR_LIMIT, "locations nest too deep to print");
		return;
	}
	p->depth++;
	switch (e->code) {
	case MBC_A_UNKNOWN_LOC: PUTS(p, "unknown"); break;
	case MBC_A_FILE_LOC:
		put_file(p, e->r[0]);
		bcx_buf_printf(p->b, ":%llu:%llu", (unsigned long long)e->u[0], (unsigned long long)e->u[1]);
		break;
	case MBC_A_FILE_RANGE: {
		uint64_t v[4] = {0, 0, 0, 0};
		uint64_t *w = e->words;
		switch (e->nwords) {
		case 1: v[0] = v[2] = w[0]; break;
		case 2: v[0] = v[2] = w[0]; v[1] = v[3] = w[1]; break;
		case 3: v[0] = v[2] = w[0]; v[1] = w[1]; v[3] = w[2]; break;
		case 4: memcpy(v, w, sizeof v); break;
		default: break;
		}
		put_file(p, e->r[0]);
		bcx_buf_printf(p->b, ":%llu:%llu", (unsigned long long)v[0], (unsigned long long)v[1]);
		if (v[2] != v[0])
			bcx_buf_printf(p->b, " to %llu:%llu", (unsigned long long)v[2], (unsigned long long)v[3]);
		else if (v[3] != v[1])
			bcx_buf_printf(p->b, " to :%llu", (unsigned long long)v[3]);
		break;
	}
	case MBC_A_NAME_LOC: {
		put_file(p, e->r[0]);
		const mbc_ent *c = A(p, e->r[1]);
		if (c && c->code != MBC_A_UNKNOWN_LOC) {
			putc_(p, '(');
			nested_loc(p, e->r[1]);
			putc_(p, ')');
		}
		break;
	}
	case MBC_A_CALLSITE_LOC:
		PUTS(p, "callsite(");
		nested_loc(p, e->r[0]);
		PUTS(p, " at ");
		nested_loc(p, e->r[1]);
		putc_(p, ')');
		break;
	case MBC_A_FUSED_LOC: case MBC_A_FUSED_LOC_MD:
		PUTS(p, "fused");
		if (e->code == MBC_A_FUSED_LOC_MD) {
			putc_(p, '<');
			mbc_print_attr(p, e->r[0], ELIDE_NEVER);
			putc_(p, '>');
		}
		putc_(p, '[');
		for (uint32_t i = 0; i < e->n; i++) {
			if (i)
				PUTS(p, ", ");
			nested_loc(p, e->list[i]);
		}
		putc_(p, ']');
		break;
	case MBC_TEXT:
		/* an OpaqueLoc or other text location: "loc(...)" as stored */
		if (e->nblob > 5 && memcmp(e->blob, "loc(", 4) == 0 && e->blob[e->nblob - 1] == ')')
			bcx_buf_put_bytes(p->b, e->blob + 4, (size_t)e->nblob - 5);
		else
			bcx_buf_put_bytes(p->b, e->blob, (size_t)e->nblob);
		break;
	default:
		mbc_print_attr(p, attr, ELIDE_NEVER);
	}
	p->depth--;
}

void mbc_print_loc(mbc_pctx *p, uint32_t attr)
{
	PUTS(p, "loc(");
	loc_body(p, attr);
	putc_(p, ')');
}

static void typed_suffix(mbc_pctx *p, uint32_t type)
{
	PUTS(p, " : ");
	mbc_print_type(p, type);
}

static void put_resource_key(mbc_pctx *p, uint64_t handle)
{
	const mbc_resource *r = &p->m->res[p->m->dialect_res[handle]];
	mbc_str k = mbc_string(p->m, r->key);
	mbc_print_key(p, k);
}

static void attr_body(mbc_pctx *p, uint32_t attr, const mbc_ent *a, mbc_elide el)
{
	switch (a->code) {
	case MBC_TEXT: mbc_print_text(p, a, 0); break;
	case MBC_RAW: put_raw(p, a); break;
	case MBC_A_ARRAY:
		putc_(p, '[');
		for (uint32_t i = 0; i < a->n; i++) {
			if (i)
				PUTS(p, ", ");
			mbc_print_attr(p, a->list[i], ELIDE_MAY);
		}
		putc_(p, ']');
		break;
	case MBC_A_DICT:
		putc_(p, '{');
		mbc_print_dict_entries(p, a);
		putc_(p, '}');
		break;
	case MBC_A_STRING: put_str(p, a->r[0]); break;
	case MBC_A_STRING_TYPED:
		put_str(p, a->r[0]);
		typed_suffix(p, a->r[1]);
		break;
	case MBC_A_FLAT_SYMREF: put_symbol(p, a->r[0]); break;
	case MBC_A_SYMREF:
		put_symbol(p, a->r[0]);
		for (uint32_t i = 0; i < a->n; i++) {
			const mbc_ent *f = A(p, a->list[i]);
			PUTS(p, "::");
			if (f)
				put_symbol(p, f->r[0]);
		}
		break;
	case MBC_A_TYPE: mbc_print_type(p, a->r[0]); break;
	case MBC_A_UNIT: PUTS(p, "unit"); break;
	case MBC_A_INTEGER: {
		const mbc_ent *t = T(p, a->r[0]);
		if (!t)
			break;
		bool i1 = t->code == MBC_T_INTEGER && t->u[0] == 1 && t->u[1] == 0;
		if (i1) {
			puts_(p, a->words[0] & 1 ? "true" : "false");
			break;
		}
		uint64_t w = t->code == MBC_T_INDEX ? 64 : t->u[0];
		put_apint(p, a->words, a->nwords, w, !(t->code == MBC_T_INTEGER && t->u[1] == 2));
		if (!(el == ELIDE_MAY && t->code == MBC_T_INTEGER && t->u[0] == 64 && t->u[1] == 0))
			typed_suffix(p, a->r[0]);
		break;
	}
	case MBC_A_FLOAT: {
		const mbc_ent *t = T(p, a->r[0]);
		if (!t)
			break;
		put_float(p, t, a->words, a->nwords);
		if (!(el == ELIDE_MAY && t->code == MBC_T_F64))
			typed_suffix(p, a->r[0]);
		break;
	}
	case MBC_A_CALLSITE_LOC: case MBC_A_FILE_LOC: case MBC_A_FUSED_LOC: case MBC_A_FUSED_LOC_MD:
	case MBC_A_NAME_LOC: case MBC_A_UNKNOWN_LOC: case MBC_A_FILE_RANGE:
		mbc_print_loc(p, attr);
		break;
	case MBC_A_DENSE_RESOURCE:
		PUTS(p, "dense_resource<");
		put_resource_key(p, a->u[0]);
		putc_(p, '>');
		typed_suffix(p, a->r[0]);
		break;
	case MBC_A_DENSE_ARRAY: dense_array(p, a); break;
	case MBC_A_DENSE_ELEMENTS:
		PUTS(p, "dense<");
		dense_body(p, a, true);
		putc_(p, '>');
		typed_suffix(p, a->r[0]);
		break;
	case MBC_A_DENSE_STRINGS:
		PUTS(p, "dense<");
		dense_strings(p, a);
		putc_(p, '>');
		typed_suffix(p, a->r[0]);
		break;
	case MBC_A_SPARSE_ELEMENTS: {
		const mbc_ent *ix = A(p, a->r[1]), *vals = A(p, a->r[2]);
		if (!ix || !vals)
			break;
		const mbc_ent *it = T(p, ix->r[0]);
		PUTS(p, "sparse<");
		if (it && count_of(it) == 0) { /* no indices: no values either */
			putc_(p, '>');
			typed_suffix(p, a->r[0]);
			break;
		}
		if (ix->code == MBC_A_DENSE_ELEMENTS)
			dense_body(p, ix, false);
		PUTS(p, ", ");
		if (vals->code == MBC_A_DENSE_ELEMENTS)
			dense_body(p, vals, true);
		else if (vals->code == MBC_A_DENSE_STRINGS)
			dense_strings(p, vals);
		putc_(p, '>');
		typed_suffix(p, a->r[0]);
		break;
	}
	case MBC_A_DISTINCT: {
		uint32_t *id = p->distinct_id ? &p->distinct_id[attr] : NULL;
		if (id && !*id)
			*id = ++p->next_distinct;
		bcx_buf_printf(p->b, "distinct[%u]<", id ? *id - 1 : 0);
		const mbc_ent *r = A(p, a->r[0]);
		if (r && r->code != MBC_A_UNIT) /* distinct[0]<> refers to unit */
			mbc_print_attr(p, a->r[0], ELIDE_NEVER);
		putc_(p, '>');
		break;
	}
	default:
		mbc_pfail(p, BCX_ERR_MALFORMED, "attribute %u has unknown kind %u", attr, a->code);
	}
}

void mbc_print_attr_body(mbc_pctx *p, uint32_t attr, mbc_elide el)
{
	const mbc_ent *a = A(p, attr);
	if (!a)
		return;
	if (p->depth > MBC_MAX_DEPTH + 8) {
		mbc_pfail(p, BCX_ERR_LIMIT, "attributes nest too deep to print");
		return;
	}
	if (!mbc_out_room(p))
		return;
	p->depth++;
	attr_body(p, attr, a, el);
	p->depth--;
}

void mbc_print_attr(mbc_pctx *p, uint32_t attr, mbc_elide el)
{
	if (p->aliases && p->attr_alias && attr < p->m->nall && p->attr_alias[attr] >= 0) {
		bcx_buf_printf(p->b, "#%s", mbc_alias_stem(p->m, attr, false));
		if (p->attr_alias[attr])
			bcx_buf_printf(p->b, "%d", p->attr_alias[attr]);
		return;
	}
	mbc_print_attr_body(p, attr, el);
}
