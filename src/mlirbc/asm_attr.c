/* Attributes, types and locations of generic-form text, as the builtin
 * dialect's bytecode encodes them (spec §7); other dialects' attributes and
 * types, and builtin ones without a custom encoding (affine maps, strided
 * layouts, float formats other than bf16..f128), are kept as their text. */
#include "asm.h"
#include "limits.h"
#include "mlir/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool ps_fail(ps *p, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return mlir_fail(&p->lx, "%s", msg);
}

static bool ok(const ps *p)
{
	return p->lx.status == BCX_OK && p->m->status == BCX_OK;
}

bool ps_raw_at(ps *p, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(p->lx.end - p->lx.p) >= n && memcmp(p->lx.p, s, n) == 0;
}

void ps_raw_skip(ps *p, size_t n)
{
	mlir_skip_raw(&p->lx, n);
}

/* Reposition the lexer at the current token's first character + k. */
static void rewind_to(ps *p, const char *at)
{
	mlir_lex *lx = &p->lx;
	const char *s = lx->t.k == MLIR_TK_HASH || lx->t.k == MLIR_TK_BANG ? lx->t.p - 1 : lx->t.p;
	mlir_set_place(lx, s, lx->t.line, lx->t.col);
	mlir_skip_raw(lx, (size_t)(at - s));
}

long ps_unescape(ps *p)
{
	size_t need = p->lx.t.n + 1;
	if (need > p->csbuf) {
		char *b = bcx_arena_alloc(p->m->arena, need * 2);
		if (!b)
			return mw_fail(p->m, BCX_ERR_NOMEM, "out of memory"), -1;
		p->sbuf = b;
		p->csbuf = need * 2;
	}
	long n = mlir_str_value(&p->lx.t, p->sbuf, p->csbuf);
	if (n < 0)
		ps_fail(p, "invalid escape in string literal");
	return n;
}

uint32_t ps_string_attr(ps *p)
{
	long n = ps_unescape(p);
	if (n < 0)
		return MW_NONE;
	uint32_t id = mw_string_attr(p->m, p->sbuf, (size_t)n);
	mlir_next(&p->lx);
	return id;
}

/* ------------------------------------------------------------------ */
/* Text kept as it is                                                  */
/* ------------------------------------------------------------------ */

/* From start to the end of a balanced <...> that follows the current
 * token (if one does); the lexer moves past it. */
static bool balanced_end(ps *p, const char **end)
{
	mlir_lex *lx = &p->lx;
	const char *q = lx->p;
	if (q < lx->end && *q == '<') {
		int depth = 0;
		for (; q < lx->end; q++) {
			/* the bytecode keeps this text NUL-terminated, and MLIR's
			 * lexer ends its input at a NUL: refuse one here */
			if (*q == '\0')
				break;
			if (*q == '"') {
				for (q++; q < lx->end && *q != '"' && *q != '\0'; q++)
					if (*q == '\\' && q + 1 < lx->end && q[1] != '\0')
						q++;
				if (q < lx->end && *q == '\0')
					break;
			} else if (*q == '<' || *q == '(' || *q == '[' || *q == '{') {
				depth++;
			} else if ((*q == '>' && q[-1] != '-' && (q + 1 >= lx->end || q[1] != '=')) ||
				   *q == ')' || *q == ']' || *q == '}') {
				/* not the '>' of "->" or ">=" (affine maps and sets) */
				if (--depth == 0)
					break;
			}
		}
		if (q < lx->end && *q == '\0')
			return ps_fail(p, "unexpected NUL byte in attribute or type");
		if (q >= lx->end)
			return ps_fail(p, "unbalanced '<' in attribute or type");
		q++;
	}
	ps_raw_skip(p, (size_t)(q - lx->p));
	*end = q;
	return mlir_next(lx);
}

/* A text entry of the current token's dialect-prefixed text. */
static uint32_t text_entry(ps *p, bool type, bool builtin_kw, unsigned extra)
{
	mlir_lex *lx = &p->lx;
	const char *start = builtin_kw ? lx->t.p : lx->t.p - 1;
	const char *name = lx->t.p;
	size_t nlen = lx->t.n;
	mlir_tok first = lx->t;
	const char *end = NULL;
	if (!balanced_end(p, &end))
		return MW_NONE;
	if (!type && !builtin_kw && mlir_is_punct(lx, ':')) {
		/* a typed attribute: MLIR keeps "#d.a<...> : type" as its text */
		mlir_next(lx);
		if (ps_type(p) == MW_NONE)
			return MW_NONE;
		end = lx->t.s; /* the next token's start: blanks before it trimmed */
		while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' ||
				       end[-1] == '\r'))
			end--;
	}
	uint32_t d;
	if (builtin_kw) {
		d = mw_builtin(p->m);
	} else {
		const char *dot = memchr(name, '.', nlen);
		d = mw_dialect_id(p->m, name, dot ? (size_t)(dot - name) : nlen);
	}
	size_t n = (size_t)(end - start);
	if (!builtin_kw && !ps_expand_aliases(p, &start, &n, &first))
		return MW_NONE;
	return mw_text_entry(p->m, d, type, start, n, extra);
}

uint32_t ps_text_body(ps *p, const char *prefix, const char *dialect)
{
	mlir_lex *lx = &p->lx;
	if (!mlir_is_punct(lx, '<'))
		return ps_fail(p, "expected '<'"), MW_NONE;
	const char *start = lx->t.p;
	mlir_tok first = lx->t;
	rewind_to(p, start);
	const char *end = NULL;
	if (!balanced_end(p, &end))
		return MW_NONE;
	size_t np = strlen(prefix), nb = (size_t)(end - start);
	if (!ps_expand_aliases(p, &start, &nb, &first))
		return MW_NONE;
	char *text = bcx_arena_alloc(p->m->arena, np + nb);
	if (!text)
		return mw_fail(p->m, BCX_ERR_NOMEM, "out of memory"), MW_NONE;
	memcpy(text, prefix, np);
	memcpy(text + np, start, nb);
	uint32_t d = mw_dialect_id(p->m, dialect, strlen(dialect));
	return mw_text_entry(p->m, d, false, text, np + nb, 0);
}

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

static uint32_t finish_type(ps *p, mw_tinfo ti)
{
	uint32_t id = mw_tb_finish(p->m, mw_builtin(p->m), MW_E_TYPE | MW_E_CUSTOM, 0);
	if (id != MW_NONE)
		p->m->ent[id].ti = ti;
	return id;
}

static uint32_t simple_type(ps *p, unsigned code, mw_tinfo ti)
{
	mw_tb_start(p->m);
	mw_tb_varint(p->m, code);
	mlir_next(&p->lx);
	return finish_type(p, ti);
}

bool ps_types(ps *p, char close, size_t *first, uint32_t *n)
{
	*n = 0;
	*first = p->ntys;
	if (mlir_accept(&p->lx, close))
		return ok(p);
	do {
		uint32_t t = ps_type(p);
		if (t == MW_NONE || !PS_ROOM(p, p->tys, p->ntys, p->ctys))
			return false;
		p->tys[p->ntys++] = t;
		(*n)++;
	} while (mlir_accept(&p->lx, ','));
	return mlir_expect(&p->lx, close);
}

static uint32_t function_type(ps *p)
{
	size_t in, out;
	uint32_t nin, nout;
	mlir_next(&p->lx);
	if (!ps_types(p, ')', &in, &nin) || !mlir_expect(&p->lx, 'A'))
		return MW_NONE;
	if (mlir_accept(&p->lx, '(')) {
		if (!ps_types(p, ')', &out, &nout))
			return MW_NONE;
	} else {
		uint32_t t = ps_type(p);
		if (t == MW_NONE || !PS_ROOM(p, p->tys, p->ntys, p->ctys))
			return MW_NONE;
		out = p->ntys;
		p->tys[p->ntys++] = t;
		nout = 1;
	}
	mw_tb_start(p->m);
	mw_tb_varint(p->m, MBC_T_FUNCTION);
	mw_tb_varint(p->m, nin);
	for (uint32_t i = 0; i < nin; i++)
		mw_tb_ref(p->m, MW_REC_TYPE, p->tys[in + i]);
	mw_tb_varint(p->m, nout);
	for (uint32_t i = 0; i < nout; i++)
		mw_tb_ref(p->m, MW_REC_TYPE, p->tys[out + i]);
	p->ntys = in;
	return finish_type(p, (mw_tinfo){0});
}

/* "x" glued to the next dimension or type (MLIR lexes 4x8xf32 as one run). */
static bool skip_x(ps *p)
{
	if (p->lx.t.k != MLIR_TK_ID || p->lx.t.p[0] != 'x')
		return ps_fail(p, "expected 'x' in a shape");
	rewind_to(p, p->lx.t.p + 1);
	return mlir_next(&p->lx);
}

#define MAX_RANK 64

typedef struct shape {
	int64_t dims[MAX_RANK];
	uint8_t scalable[MAX_RANK];
	int rank;
	bool unranked, any_scalable;
} shape;

/* Dimensions up to the element type: "4x?x" or "*x" or "[8]x2x". */
static bool read_shape(ps *p, shape *s, bool vector)
{
	memset(s, 0, sizeof *s);
	if (mlir_is_punct(&p->lx, '*')) {
		s->unranked = true;
		mlir_next(&p->lx);
		return skip_x(p);
	}
	for (;;) {
		if (p->lx.t.k == MLIR_TK_INT || mlir_is_punct(&p->lx, '?')) {
			int n = mlir_dims(&p->lx, s->dims + s->rank, MAX_RANK - s->rank, !vector);
			if (n < 0)
				return false;
			s->rank += n;
		} else if (vector && mlir_is_punct(&p->lx, '[')) {
			mlir_next(&p->lx);
			uint64_t v;
			if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, &v) || v > INT64_MAX ||
			    s->rank >= MAX_RANK)
				return ps_fail(p, "expected a scalable dimension");
			s->dims[s->rank] = (int64_t)v;
			s->scalable[s->rank++] = 1;
			s->any_scalable = true;
			mlir_next(&p->lx);
			if (!mlir_is_punct(&p->lx, ']'))
				return ps_fail(p, "expected ']'");
			mlir_next(&p->lx);
			if (!skip_x(p))
				return false;
		} else {
			return ok(p);
		}
	}
}

static void put_shape(mw_module *m, const shape *s)
{
	mw_tb_varint(m, (uint64_t)s->rank);
	for (int i = 0; i < s->rank; i++)
		mw_tb_svarint(m, s->dims[i]);
}

static mw_tinfo shaped_info(const shape *s, uint32_t elem)
{
	mw_tinfo ti = {MW_TY_SHAPED, 0, !s->unranked, (uint32_t)s->rank, elem, 1};
	for (int i = 0; i < s->rank; i++) {
		if (s->dims[i] < 0)
			ti.ranked = false;
		else if (ti.nelems <= UINT32_MAX)
			ti.nelems *= (uint64_t)s->dims[i];
	}
	return ti;
}

static bool is_layout(const mw_module *m, uint32_t a)
{
	return a != MW_NONE && (m->ent[a].flags & MW_E_LAYOUT);
}

static uint32_t memref_type(ps *p)
{
	mw_module *m = p->m;
	shape s;
	uint32_t elem, layout = MW_NONE, space = MW_NONE;
	mlir_next(&p->lx);
	if (!mlir_expect(&p->lx, '<') || !read_shape(p, &s, false) || (elem = ps_type(p)) == MW_NONE)
		return MW_NONE;
	while (mlir_accept(&p->lx, ',')) {
		uint32_t a = ps_attr(p);
		if (a == MW_NONE)
			return MW_NONE;
		if (layout == MW_NONE && space == MW_NONE && is_layout(m, a) && !s.unranked)
			layout = a;
		else if (space == MW_NONE)
			space = a;
		else
			return ps_fail(p, "too many parameters in a memref type"), MW_NONE;
	}
	if (!mlir_expect(&p->lx, '>'))
		return MW_NONE;
	if (!s.unranked && layout == MW_NONE)
		layout = mw_identity_layout(m, (uint32_t)s.rank);
	mw_tb_start(m);
	if (s.unranked) {
		mw_tb_varint(m, space == MW_NONE ? MBC_T_UMEMREF : MBC_T_UMEMREF_SPACE);
		if (space != MW_NONE)
			mw_tb_ref(m, MW_REC_ATTR, space);
		mw_tb_ref(m, MW_REC_TYPE, elem);
	} else {
		mw_tb_varint(m, space == MW_NONE ? MBC_T_MEMREF : MBC_T_MEMREF_SPACE);
		if (space != MW_NONE)
			mw_tb_ref(m, MW_REC_ATTR, space);
		put_shape(m, &s);
		mw_tb_ref(m, MW_REC_TYPE, elem);
		mw_tb_ref(m, MW_REC_ATTR, layout);
	}
	return finish_type(p, shaped_info(&s, elem));
}

static uint32_t tensor_or_vector(ps *p, bool vector)
{
	mw_module *m = p->m;
	shape s;
	uint32_t elem, enc = MW_NONE;
	mlir_next(&p->lx);
	if (!mlir_expect(&p->lx, '<') || !read_shape(p, &s, vector) || (elem = ps_type(p)) == MW_NONE)
		return MW_NONE;
	if (!vector && !s.unranked && mlir_accept(&p->lx, ',') && (enc = ps_attr(p)) == MW_NONE)
		return MW_NONE;
	if (!mlir_expect(&p->lx, '>'))
		return MW_NONE;
	if (vector && s.unranked)
		return ps_fail(p, "vector types have a shape"), MW_NONE;
	mw_tb_start(m);
	if (s.unranked) {
		mw_tb_varint(m, MBC_T_UTENSOR);
	} else if (vector && s.any_scalable) {
		mw_tb_varint(m, MBC_T_VECTOR_SCALABLE);
		mw_tb_varint(m, (uint64_t)s.rank);
		mw_tb_bytes(m, s.scalable, (size_t)s.rank);
		put_shape(m, &s);
	} else {
		mw_tb_varint(m, vector ? MBC_T_VECTOR : enc != MW_NONE ? MBC_T_TENSOR_ENC : MBC_T_TENSOR);
		if (enc != MW_NONE)
			mw_tb_ref(m, MW_REC_ATTR, enc);
		put_shape(m, &s);
	}
	mw_tb_ref(m, MW_REC_TYPE, elem);
	return finish_type(p, shaped_info(&s, elem));
}

static uint32_t wrapped_type(ps *p, unsigned code)
{
	size_t v;
	uint32_t n;
	mlir_next(&p->lx);
	if (!mlir_expect(&p->lx, '<') || !ps_types(p, '>', &v, &n))
		return MW_NONE;
	if (code == MBC_T_COMPLEX && n != 1)
		return ps_fail(p, "complex takes one element type"), MW_NONE;
	mw_tb_start(p->m);
	mw_tb_varint(p->m, code);
	if (code == MBC_T_TUPLE)
		mw_tb_varint(p->m, n);
	for (uint32_t i = 0; i < n; i++)
		mw_tb_ref(p->m, MW_REC_TYPE, p->tys[v + i]);
	mw_tinfo ti = {code == MBC_T_COMPLEX ? MW_TY_COMPLEX : MW_TY_OTHER, 0, false, 0,
		       n ? p->tys[v] : MW_NONE, 0};
	p->ntys = v;
	return finish_type(p, ti);
}

/* iN, siN, uiN */
static bool int_type_name(const mlir_tok *t, uint32_t *w, unsigned *sign)
{
	size_t k = t->n > 2 && t->p[0] == 's' && t->p[1] == 'i' ? 2
		   : t->n > 2 && t->p[0] == 'u' && t->p[1] == 'i' ? 2
		   : t->n > 1 && t->p[0] == 'i' ? 1 : 0;
	if (!k)
		return false;
	uint64_t v = 0;
	for (size_t i = k; i < t->n; i++) {
		if (t->p[i] < '0' || t->p[i] > '9' || v > MBC_INT_TYPE_BITS_MAX)
			return false;
		v = v * 10 + (uint64_t)(t->p[i] - '0');
	}
	if (v > MBC_INT_TYPE_BITS_MAX)
		return false;
	*w = (uint32_t)v;
	*sign = k == 1 ? 0 : t->p[0] == 's' ? 1 : 2;
	return true;
}

/* A type named by a keyword; *word tells whether that one token was all
 * of it (i32, f32, index: no parameters). */
static uint32_t keyword_type(ps *p, bool *word)
{
	mlir_tok t = p->lx.t;
	uint32_t w;
	unsigned sign;
	*word = true;
	if (int_type_name(&t, &w, &sign)) {
		mlir_next(&p->lx);
		return mw_int_type(p->m, w, sign);
	}
	static const struct { const char *name; unsigned code; int flt; } simple[] = {
		{"index", MBC_T_INDEX, 0}, {"none", MBC_T_NONE, 0}, {"bf16", MBC_T_BF16, 1},
		{"f16", MBC_T_F16, 1}, {"f32", MBC_T_F32, 1}, {"f64", MBC_T_F64, 1},
		{"f80", MBC_T_F80, 1}, {"f128", MBC_T_F128, 1}};
	for (size_t i = 0; i < sizeof simple / sizeof *simple; i++)
		if (mlir_is_id(&p->lx, simple[i].name)) {
			mlir_float k = mlir_float_by_name(t.p, t.n);
			const mlir_float_sem *fs = mlir_float_semantics(k);
			mw_tinfo ti = {simple[i].flt ? MW_TY_FLOAT : MW_TY_INDEX, (uint8_t)k, false,
				       fs ? fs->bits : 64, MW_NONE, 0};
			if (simple[i].code == MBC_T_F80 || simple[i].code == MBC_T_F128) {
				ti.flt = simple[i].code == MBC_T_F80 ? PS_F80 : PS_F128;
				ti.width = simple[i].code == MBC_T_F80 ? 80 : 128;
			}
			if (simple[i].code == MBC_T_NONE)
				ti.kind = MW_TY_OTHER;
			return simple_type(p, simple[i].code, ti);
		}
	mlir_float k = mlir_float_by_name(t.p, t.n);
	if (k != MLIR_FLT_NONE) {
		mlir_next(&p->lx);
		uint32_t id = mw_text_entry(p->m, mw_builtin(p->m), true, t.p, t.n, 0);
		if (id != MW_NONE)
			p->m->ent[id].ti = (mw_tinfo){MW_TY_FLOAT, (uint8_t)k, false,
						      mlir_float_semantics(k)->bits, MW_NONE, 0};
		return id;
	}
	*word = false;
	if (mlir_is_id(&p->lx, "memref"))
		return memref_type(p);
	if (mlir_is_id(&p->lx, "tensor") || mlir_is_id(&p->lx, "vector"))
		return tensor_or_vector(p, mlir_is_id(&p->lx, "vector"));
	if (mlir_is_id(&p->lx, "complex"))
		return wrapped_type(p, MBC_T_COMPLEX);
	if (mlir_is_id(&p->lx, "tuple"))
		return wrapped_type(p, MBC_T_TUPLE);
	return ps_fail(p, "unknown type '%.*s'", (int)(t.n > 40 ? 40 : t.n), t.p), MW_NONE;
}

/* One-word types come by the million (every signature names them): a
 * small cache by spelling (up to 8 bytes) skips building and interning
 * their template again. */
static uint32_t named_type(ps *p)
{
	const mlir_tok *t = &p->lx.t;
	if (t->n > 8)
		return keyword_type(p, &(bool){false});
	uint64_t key = 0;
	memcpy(&key, t->p, t->n);
	ps_typecache *c = &p->tcache[(key * 0x9e3779b97f4a7c15u) >> (64 - PS_TCACHE_BITS)];
	if (c->n == t->n && c->key == key) {
		mlir_next(&p->lx);
		return c->id;
	}
	uint8_t n = (uint8_t)t->n;
	bool word;
	uint32_t id = keyword_type(p, &word);
	if (word && id != MW_NONE)
		*c = (ps_typecache){key, id, n};
	return id;
}

uint32_t ps_type(ps *p)
{
	if (p->adepth >= MLIR_MAX_DEPTH)
		return ps_fail(p, "types nest deeper than %u", MLIR_MAX_DEPTH), MW_NONE;
	p->adepth++;
	uint32_t id = MW_NONE;
	mlir_lex *lx = &p->lx;
	if (mlir_is_punct(lx, '('))
		id = function_type(p);
	else if (lx->t.k == MLIR_TK_ID)
		id = named_type(p);
	else if (lx->t.k == MLIR_TK_BANG) {
		uint32_t a = ps_lookup(p, ps_name(p, '!', lx->t.p, lx->t.n));
		if (a) {
			id = p->defs[a - 1].value;
			mlir_next(lx);
		} else {
			id = text_entry(p, true, false, 0);
		}
	} else if (ok(p))
		ps_fail(p, "expected a type");
	p->adepth--;
	return ok(p) ? id : MW_NONE;
}

/* ------------------------------------------------------------------ */
/* Locations                                                           */
/* ------------------------------------------------------------------ */

static uint32_t loc_inner(ps *p);

static uint32_t finish_attr(ps *p, unsigned extra)
{
	return mw_tb_finish(p->m, mw_builtin(p->m), MW_E_CUSTOM | extra, 0);
}

static bool tok_uint(ps *p, uint64_t *v)
{
	if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, v) || *v > UINT32_MAX)
		return ps_fail(p, "expected a line or column number");
	return mlir_next(&p->lx);
}

/* "file":L[:C][ to [L2]:C2] */
static uint32_t file_loc(ps *p, uint32_t file)
{
	uint64_t v[4];
	int n = 0;
	if (!tok_uint(p, &v[n++]))
		return MW_NONE;
	if (mlir_accept(&p->lx, ':') && !tok_uint(p, &v[n++]))
		return MW_NONE;
	if (n == 2 && mlir_is_id(&p->lx, "to")) {
		mlir_next(&p->lx);
		if (mlir_accept(&p->lx, ':')) {
			if (!tok_uint(p, &v[n++]))
				return MW_NONE;
		} else {
			if (!tok_uint(p, &v[n++]) || !mlir_expect(&p->lx, ':') || !tok_uint(p, &v[n++]))
				return MW_NONE;
		}
	}
	if (n == 2 && file == p->file_attr) {
		uint32_t own = ps_file_loc(p, v[0], v[1]);
		if (own != MW_NONE)
			return own;
	}
	mw_tb_start(p->m);
	if (n == 2) {
		mw_tb_varint(p->m, MBC_A_FILE_LOC);
		mw_tb_ref(p->m, MW_REC_ATTR, file);
	} else {
		mw_tb_varint(p->m, MBC_A_FILE_RANGE);
		mw_tb_ref(p->m, MW_REC_ATTR, file);
		mw_tb_varint(p->m, (uint64_t)n);
	}
	for (int i = 0; i < n; i++)
		mw_tb_varint(p->m, v[i]);
	return finish_attr(p, MW_E_LOC);
}

static uint32_t unknown_loc(ps *p)
{
	mw_tb_start(p->m);
	mw_tb_varint(p->m, MBC_A_UNKNOWN_LOC);
	return finish_attr(p, MW_E_LOC);
}

static uint32_t fused_loc(ps *p)
{
	uint32_t md = MW_NONE, locs[256], n = 0;
	mlir_next(&p->lx);
	if (mlir_accept(&p->lx, '<')) {
		if ((md = ps_attr(p)) == MW_NONE || !mlir_expect(&p->lx, '>'))
			return MW_NONE;
	}
	if (!mlir_expect(&p->lx, '['))
		return MW_NONE;
	if (!mlir_is_punct(&p->lx, ']'))
		do {
			if (n == 256)
				return ps_fail(p, "more than 256 fused locations"), MW_NONE;
			if ((locs[n++] = loc_inner(p)) == MW_NONE)
				return MW_NONE;
		} while (mlir_accept(&p->lx, ','));
	if (!mlir_expect(&p->lx, ']'))
		return MW_NONE;
	mw_tb_start(p->m);
	mw_tb_varint(p->m, md == MW_NONE ? MBC_A_FUSED_LOC : MBC_A_FUSED_LOC_MD);
	mw_tb_varint(p->m, n);
	for (uint32_t i = 0; i < n; i++)
		mw_tb_ref(p->m, MW_REC_ATTR, locs[i]);
	if (md != MW_NONE)
		mw_tb_ref(p->m, MW_REC_ATTR, md);
	return finish_attr(p, MW_E_LOC);
}

static uint32_t pair_loc(ps *p, unsigned code, uint32_t a, uint32_t b)
{
	if (a == MW_NONE || b == MW_NONE)
		return MW_NONE;
	mw_tb_start(p->m);
	mw_tb_varint(p->m, code);
	mw_tb_ref(p->m, MW_REC_ATTR, a);
	mw_tb_ref(p->m, MW_REC_ATTR, b);
	return finish_attr(p, MW_E_LOC);
}

static uint32_t loc_inner(ps *p)
{
	mlir_lex *lx = &p->lx;
	if (p->adepth >= MLIR_MAX_DEPTH)
		return ps_fail(p, "locations nest deeper than %u", MLIR_MAX_DEPTH), MW_NONE;
	p->adepth++;
	uint32_t id = MW_NONE;
	if (mlir_is_id(lx, "unknown")) {
		mlir_next(lx);
		id = unknown_loc(p);
	} else if (mlir_is_id(lx, "callsite")) {
		mlir_next(lx);
		uint32_t a = MW_NONE, b = MW_NONE;
		if (mlir_expect(lx, '(') && (a = loc_inner(p)) != MW_NONE && mlir_expect_id(lx, "at") &&
		    (b = loc_inner(p)) != MW_NONE && mlir_expect(lx, ')'))
			id = pair_loc(p, MBC_A_CALLSITE_LOC, a, b);
	} else if (mlir_is_id(lx, "fused")) {
		id = fused_loc(p);
	} else if (lx->t.k == MLIR_TK_STR) {
		uint32_t s = ps_string_attr(p);
		if (s != MW_NONE && mlir_accept(lx, ':'))
			id = file_loc(p, s);
		else if (s != MW_NONE && mlir_accept(lx, '(')) {
			uint32_t child = loc_inner(p);
			if (child != MW_NONE && mlir_expect(lx, ')'))
				id = pair_loc(p, MBC_A_NAME_LOC, s, child);
		} else if (s != MW_NONE)
			id = pair_loc(p, MBC_A_NAME_LOC, s, unknown_loc(p));
	} else if (lx->t.k == MLIR_TK_HASH) {
		id = ps_attr(p);
	} else {
		ps_fail(p, "expected a location");
	}
	p->adepth--;
	return ok(p) ? id : MW_NONE;
}

uint32_t ps_loc(ps *p)
{
	if (!mlir_expect(&p->lx, '('))
		return MW_NONE;
	uint32_t id = loc_inner(p);
	return id != MW_NONE && mlir_expect(&p->lx, ')') ? id : MW_NONE;
}

/* ------------------------------------------------------------------ */
/* Attributes                                                          */
/* ------------------------------------------------------------------ */

static uint32_t list_attr(ps *p, unsigned code, char close, bool dict)
{
	mw_module *m = p->m;
	size_t first = p->nlst;
	uint32_t n = 0;
	mlir_next(&p->lx);
	if (!mlir_is_punct(&p->lx, close))
		do {
			/* by index: a nested list may move the stack */
			if (!PS_ROOM(p, p->lst, p->nlst, p->clst))
				return MW_NONE;
			size_t at = p->nlst++;
			n++;
			memset(&p->lst[at], 0, sizeof p->lst[at]);
			uint32_t name = MW_NONE, value;
			if (dict) {
				if (p->lx.t.k == MLIR_TK_STR) {
					name = ps_string_attr(p);
				} else if (p->lx.t.k == MLIR_TK_ID) {
					name = mw_string_attr(m, p->lx.t.p, p->lx.t.n);
					mlir_next(&p->lx);
				} else {
					return ps_fail(p, "expected an attribute name"), MW_NONE;
				}
				if (mlir_accept(&p->lx, '=')) {
					value = ps_attr(p);
				} else {
					mw_tb_start(m);
					mw_tb_varint(m, MBC_A_UNIT);
					value = finish_attr(p, 0);
				}
			} else {
				value = ps_attr(p);
			}
			if (!ok(p))
				return MW_NONE;
			p->lst[at].name = name;
			p->lst[at].value = value;
		} while (mlir_accept(&p->lx, ','));
	if (!mlir_expect(&p->lx, close))
		return MW_NONE;
	mw_named *v = p->lst + first;
	p->nlst = first;
	if (dict)
		return mw_dict(m, v, n);
	mw_tb_start(m);
	mw_tb_varint(m, code);
	mw_tb_varint(m, n);
	for (uint32_t i = 0; i < n; i++)
		mw_tb_ref(m, MW_REC_ATTR, v[i].value);
	return finish_attr(p, 0);
}

static uint32_t flat_symbol(ps *p)
{
	mlir_tok t = p->lx.t;
	uint32_t s;
	if (t.n && t.p[-1] == '"') {
		long n = ps_unescape(p);
		if (n < 0)
			return MW_NONE;
		s = mw_string_attr(p->m, p->sbuf, (size_t)n);
	} else {
		s = mw_string_attr(p->m, t.p, t.n);
	}
	mlir_next(&p->lx);
	mw_tb_start(p->m);
	mw_tb_varint(p->m, MBC_A_FLAT_SYMREF);
	mw_tb_ref(p->m, MW_REC_ATTR, s);
	return finish_attr(p, 0);
}

static uint32_t symbol_ref(ps *p)
{
	mw_module *m = p->m;
	mlir_tok t = p->lx.t;
	uint32_t root = MW_NONE;
	if (t.n && t.p[-1] == '"') {
		long n = ps_unescape(p);
		if (n >= 0)
			root = mw_string_attr(m, p->sbuf, (size_t)n);
	} else {
		root = mw_string_attr(m, t.p, t.n);
	}
	uint32_t flat = flat_symbol(p), nested[64], n = 0;
	while (ok(p) && mlir_is_punct(&p->lx, ':') && ps_raw_at(p, ":")) {
		ps_raw_skip(p, 1);
		mlir_next(&p->lx);
		if (p->lx.t.k != MLIR_TK_SYM || n == 64)
			return ps_fail(p, "expected a nested symbol"), MW_NONE;
		nested[n++] = flat_symbol(p);
	}
	if (!n || !ok(p))
		return ok(p) ? flat : MW_NONE;
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_SYMREF);
	mw_tb_ref(m, MW_REC_ATTR, root);
	mw_tb_varint(m, n);
	for (uint32_t i = 0; i < n; i++)
		mw_tb_ref(m, MW_REC_ATTR, nested[i]);
	return finish_attr(p, 0);
}

static uint32_t string_attr(ps *p)
{
	mw_module *m = p->m;
	long n = ps_unescape(p);
	if (n < 0)
		return MW_NONE;
	uint32_t s = mw_string(m, p->sbuf, (size_t)n);
	mlir_next(&p->lx);
	if (!mlir_accept(&p->lx, ':'))
		return mw_string_attr(m, mw_string_bytes(m, s).p, mw_string_bytes(m, s).n);
	uint32_t t = ps_type(p);
	if (t == MW_NONE)
		return MW_NONE;
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_STRING_TYPED);
	mw_tb_ref(m, MW_REC_STR, s);
	mw_tb_ref(m, MW_REC_TYPE, t);
	return finish_attr(p, 0);
}

/* An integer or float literal with an optional ": type". */
static uint32_t number_attr(ps *p, bool neg)
{
	mw_module *m = p->m;
	mlir_tok t = p->lx.t;
	mlir_next(&p->lx);
	bool is_float = t.k == MLIR_TK_FLOAT;
	uint32_t type;
	if (mlir_accept(&p->lx, ':')) {
		type = ps_type(p);
	} else {
		type = is_float ? MW_NONE : mw_int_type(m, 64, 0);
		if (is_float) {
			mw_tb_start(m);
			mw_tb_varint(m, MBC_T_F64);
			type = finish_type(p, (mw_tinfo){MW_TY_FLOAT, MLIR_FLT_F64, false, 64, MW_NONE, 0});
		}
	}
	if (type == MW_NONE)
		return MW_NONE;
	mw_tinfo ti = m->ent[type].ti;
	mlir_tok saved = p->lx.t;
	p->lx.t = t;
	mw_tb_start(m);
	if (ti.kind == MW_TY_FLOAT) {
		uint64_t lo, hi;
		bool good = ps_float_bits(p, neg, ti.flt, &lo, &hi);
		mw_tb_varint(m, MBC_A_FLOAT);
		mw_tb_ref(m, MW_REC_TYPE, type);
		if (good && ti.width > 64) {
			mw_tb_varint(m, hi ? 2 : 1);
			mw_tb_svarint(m, (int64_t)lo);
			if (hi)
				mw_tb_svarint(m, (int64_t)hi);
		} else if (good) {
			ps_apint(m, lo, false, ti.width);
		}
	} else if ((ti.kind == MW_TY_INT || ti.kind == MW_TY_INDEX) && !is_float) {
		uint64_t v = 0;
		if (ti.kind == MW_TY_INT && !mbc_int_value_fits(ti.width))
			ps_fail(p, "integer wider than %u bits", MBC_INT_VALUE_BITS_MAX);
		else if (!mlir_tok_u64(&t, &v) || !ps_int_fits(v, neg, &ti))
			ps_fail(p, "integer constant out of range for attribute");
		mw_tb_varint(m, MBC_A_INTEGER);
		mw_tb_ref(m, MW_REC_TYPE, type);
		ps_apint(m, neg ? 0 - v : v, neg, ti.kind == MW_TY_INDEX ? 64 : ti.width);
	} else {
		ps_fail(p, "a number needs an integer, index or float type");
	}
	p->lx.t = saved;
	return ok(p) ? finish_attr(p, 0) : MW_NONE;
}

static uint32_t bool_attr(ps *p, bool v)
{
	mlir_next(&p->lx);
	uint32_t t = mw_int_type(p->m, 1, 0);
	mw_tb_start(p->m);
	mw_tb_varint(p->m, MBC_A_INTEGER);
	mw_tb_ref(p->m, MW_REC_TYPE, t);
	uint8_t b = v;
	mw_tb_bytes(p->m, &b, 1);
	return finish_attr(p, 0);
}

static uint32_t distinct_attr(ps *p)
{
	mlir_lex *lx = &p->lx;
	uint64_t id;
	mlir_next(lx);
	if (!mlir_expect(lx, '[') || lx->t.k != MLIR_TK_INT || !mlir_tok_u64(&lx->t, &id) ||
	    id >= UINT32_MAX)
		return ps_fail(p, "expected distinct[N]<attribute>"), MW_NONE;
	mlir_next(lx);
	uint32_t a = MW_NONE;
	if (!mlir_expect(lx, ']') || !mlir_expect(lx, '<'))
		return MW_NONE;
	if (mlir_is_punct(lx, '>')) { /* distinct[N]<> refers to unit */
		mw_tb_start(p->m);
		mw_tb_varint(p->m, MBC_A_UNIT);
		a = finish_attr(p, 0);
	} else {
		a = ps_attr(p);
	}
	if (a == MW_NONE || !mlir_expect(lx, '>'))
		return MW_NONE;
	mw_tb_start(p->m);
	mw_tb_varint(p->m, MBC_A_DISTINCT);
	mw_tb_ref(p->m, MW_REC_ATTR, a);
	return mw_tb_finish(p->m, mw_builtin(p->m), MW_E_CUSTOM, (uint32_t)id + 1);
}

static uint32_t keyword_attr(ps *p)
{
	mlir_lex *lx = &p->lx;
	if (mlir_is_id(lx, "unit")) {
		mlir_next(lx);
		mw_tb_start(p->m);
		mw_tb_varint(p->m, MBC_A_UNIT);
		return finish_attr(p, 0);
	}
	if (mlir_is_id(lx, "true") || mlir_is_id(lx, "false"))
		return bool_attr(p, mlir_is_id(lx, "true"));
	if (mlir_is_id(lx, "dense"))
		return ps_dense(p);
	if (mlir_is_id(lx, "array"))
		return ps_dense_array(p);
	if (mlir_is_id(lx, "sparse"))
		return ps_sparse(p);
	if (mlir_is_id(lx, "distinct"))
		return distinct_attr(p);
	if (mlir_is_id(lx, "loc")) {
		mlir_next(lx);
		return ps_loc(p);
	}
	if (mlir_is_id(lx, "affine_map") || mlir_is_id(lx, "strided"))
		return text_entry(p, false, true, MW_E_LAYOUT);
	if (mlir_is_id(lx, "affine_set"))
		return text_entry(p, false, true, 0);
	if (mlir_is_id(lx, "dense_resource"))
		return ps_dense_resource(p);
	return MW_NONE - 1; /* not a keyword attribute: a type */
}

static uint32_t type_attr(ps *p)
{
	return mw_type_attr(p->m, ps_type(p));
}

static uint32_t attr_inner(ps *p)
{
	mlir_lex *lx = &p->lx;
	switch (lx->t.k) {
	case MLIR_TK_STR:
		return string_attr(p);
	case MLIR_TK_SYM:
		return symbol_ref(p);
	case MLIR_TK_INT:
	case MLIR_TK_FLOAT:
		return number_attr(p, false);
	case MLIR_TK_HASH: {
		uint32_t a = ps_lookup(p, ps_name(p, '#', lx->t.p, lx->t.n));
		if (a) {
			mlir_next(lx);
			return p->defs[a - 1].value;
		}
		a = ps_llvm_attr(p);
		return a != MW_NONE - 1 ? a : text_entry(p, false, false, 0);
	}
	case MLIR_TK_PUNCT:
		if (lx->t.ch == '[')
			return list_attr(p, MBC_A_ARRAY, ']', false);
		if (lx->t.ch == '{')
			return list_attr(p, MBC_A_DICT, '}', true);
		if (lx->t.ch == '-') {
			mlir_next(lx);
			if (lx->t.k != MLIR_TK_INT && lx->t.k != MLIR_TK_FLOAT)
				return ps_fail(p, "expected a number after '-'"), MW_NONE;
			return number_attr(p, true);
		}
		return type_attr(p);
	case MLIR_TK_ID: {
		uint32_t a = keyword_attr(p);
		return a == MW_NONE - 1 ? type_attr(p) : a;
	}
	default:
		return type_attr(p);
	}
}

uint32_t ps_attr(ps *p)
{
	if (p->adepth >= MLIR_MAX_DEPTH)
		return ps_fail(p, "attributes nest deeper than %u", MLIR_MAX_DEPTH), MW_NONE;
	p->adepth++;
	uint32_t id = attr_inner(p);
	p->adepth--;
	return ok(p) ? id : MW_NONE;
}
