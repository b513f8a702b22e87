/* Tapioca assembler (docs/tapioca.md, "Assembly language"). Two passes:
 * the first collects symbol names (so load_global may name a later
 * symbol), the second parses everything and resolves labels per function.
 * Every symbol's value is an entry of the file's const pool, in source
 * order, and the Symbols map names each with a const ref.
 * Errors fill the diagnostic's line, column and byte offset. */
#include "internal.h"
#include "bcx/varint.h"
#include "common/textlex.h"
#include "common/internal.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lex {
	const char *start, *s, *end;
	bcx_text_pos pos; /* s's line, and where it starts */
	bcx_diag *d;
	bool failed;
	bcx_arena *a;
} lex;

typedef struct fixup {
	uint32_t at;
	const char *label;
	size_t len;
	unsigned line, col;
	bool rel8;
} fixup;

/* Byte strings to numbers (symbol names, labels, serialized constants):
 * open addressing, so each lookup costs the key's length and assembly stays
 * linear in the source. Entries of an older generation count as empty, so
 * the per-function tables are emptied in constant time. */
typedef struct tab_entry {
	const char *s;
	size_t n;
	uint64_t hash;
	uint32_t val, gen;
} tab_entry;

typedef struct table {
	tab_entry *e;
	size_t cap, n; /* n: entries of generation gen */
	uint32_t gen;
} table;

typedef struct asm_state {
	lex L;
	table names; /* symbol name -> number (source order) */
	size_t nnames;
	bcx_tbon_value *syms; /* Symbols: name, const ref pairs */
	size_t nsyms, capsyms;
	bcx_tbon_value *pool; /* the symbols' values, in source order */
	size_t cappool;
	/* the current function */
	uint32_t *code;
	size_t ncode, capcode;
	bcx_tbon_value *consts;
	size_t nconsts, capconsts;
	table const_tab; /* serialized constant -> index */
	bcx_buf scratch;  /* a constant being serialized */
	fixup *fix;
	size_t nfix, capfix;
	table labels; /* label -> instruction index */
} asm_state;

/* The first error wins: the status and message with the place at. */
static bool report(lex *L, bcx_status code, const char *at, const char *msg)
{
	if (L->failed)
		return false;
	L->failed = true;
	/* a decoded copy (a quoted name) is not in the text: the place is here */
	if ((uintptr_t)at < (uintptr_t)L->start || (uintptr_t)at > (uintptr_t)L->end)
		at = L->s;
	bcx_diag_set_text(L->d, code, at - L->start, L->pos.line, bcx_text_col(&L->pos, at), "%s",
			  msg);
	return false;
}

static bool fail(lex *L, const char *at, const char *fmt, ...) BCX_PRINTF(3, 4);
static bool fail(lex *L, const char *at, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	return report(L, BCX_ERR_MALFORMED, at, msg);
}

/* The allocator failed while reading the text at `at`: a full heap is not
 * bad input, so the status says NOMEM (the place still helps). */
static bool nomem(lex *L, const char *at) { return report(L, BCX_ERR_NOMEM, at, "out of memory"); }

/* Room for need items in the arena array *p (the library's one step). */
static bool grow(lex *L, void **p, size_t *cap, size_t need, size_t sz)
{
	return need <= *cap || bcx_vec_room_from(L->a, p, need - 1, cap, sz, 16) ||
	       nomem(L, L->s);
}

static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 1099511628211ull;
	return h ^ (h >> 31);
}

/* The entry for s (hash h), or the empty slot where it would go. */
static tab_entry *tab_slot(const table *t, const char *s, size_t n, uint64_t h)
{
	size_t mask = t->cap - 1;
	for (size_t j = (size_t)h & mask;; j = (j + 1) & mask) {
		tab_entry *e = &t->e[j];
		if (e->gen != t->gen || (e->hash == h && e->n == n && memcmp(e->s, s, n) == 0))
			return e;
	}
}

/* The value of s, or -1. */
static int64_t tab_get(const table *t, const char *s, size_t n)
{
	if (!t->cap)
		return -1;
	const tab_entry *e = tab_slot(t, s, n, hash_bytes(s, n));
	return e->gen == t->gen ? (int64_t)e->val : -1;
}

/* Add s (not present) with value val; s must outlive the table. */
static bool tab_put(lex *L, table *t, const char *s, size_t n, uint32_t val)
{
	if (2 * (t->n + 1) > t->cap) {
		table g = {NULL, t->cap ? 2 * t->cap : 64, 0, 1};
		if (!(g.e = bcx_arena_calloc(L->a, g.cap, sizeof *g.e)))
			return nomem(L, L->s);
		for (size_t i = 0; i < t->cap; i++)
			if (t->e[i].gen == t->gen) {
				tab_entry *e = tab_slot(&g, t->e[i].s, t->e[i].n, t->e[i].hash);
				*e = t->e[i];
				e->gen = g.gen;
				g.n++;
			}
		*t = g;
	}
	uint64_t h = hash_bytes(s, n);
	tab_entry *e = tab_slot(t, s, n, h);
	*e = (tab_entry){s, n, h, val, t->gen};
	t->n++;
	return true;
}

static void tab_clear(table *t)
{
	t->gen++;
	t->n = 0;
}

/* ---- tokens ---- */

/* Blanks without the newline: the assembly language is line-oriented. */
static void skip_ws(lex *L)
{
	L->s = bcx_text_skip(L->s, L->end, BCX_TX_BLANK);
	if (L->s < L->end && *L->s == ';')
		while (L->s < L->end && *L->s != '\n')
			L->s++;
}

static bool at_eol(lex *L)
{
	skip_ws(L);
	return L->s >= L->end || *L->s == '\n';
}

/* tasm's name characters are MLIR's bare-identifier ones plus '@'
 * anywhere, and a name may also start with '.' or '$' (MLIR's may not). */
static bool is_id(char c, bool first)
{
	return bcx_text_is((unsigned char)c, first ? BCX_TX_ID0 : BCX_TX_ID) || c == '@' ||
	       (first && (c == '.' || c == '$'));
}

static size_t ident(lex *L, const char **out)
{
	skip_ws(L);
	*out = L->s;
	if (L->s >= L->end || !is_id(*L->s, true))
		return 0;
	while (L->s < L->end && is_id(*L->s, false))
		L->s++;
	return (size_t)(L->s - *out);
}

static bool eat(lex *L, char c)
{
	skip_ws(L);
	if (L->s < L->end && *L->s == c) {
		L->s++;
		return true;
	}
	return false;
}

static bool expect(lex *L, char c)
{
	return eat(L, c) || fail(L, L->s, "expected '%c'", c);
}

static bool word_is(const char *s, size_t n, const char *w)
{
	return strlen(w) == n && memcmp(s, w, n) == 0;
}

/* A quoted string with \n \t \\ \" \xNN escapes, copied to the arena
 * (sized by the literal itself, so many strings cost their own length). */
static bool string_lit(lex *L, const char **out, size_t *len)
{
	const char *start = L->s, *q = ++L->s;
	while (q < L->end && *q != '"' && *q != '\n')
		q += *q == '\\' && q + 1 < L->end ? 2 : 1;
	if (q >= L->end || *q != '"')
		return fail(L, start, "unterminated string");
	char *buf = bcx_arena_alloc(L->a, (size_t)(q - L->s) + 1);
	size_t n = 0;
	if (!buf)
		return nomem(L, start);
	while (L->s < q) {
		char c = *L->s++;
		if (c == '\\') {
			/* the note's byte escape is \xHH, MLIR's \HH */
			char e = *L->s++;
			int s = bcx_text_escape(e);
			if (s >= 0) c = (char)s;
			else if (e == 'x') {
				int hi = L->s + 1 < q ? bcx_text_hexval((unsigned char)L->s[0]) : -1;
				int lo = hi >= 0 ? bcx_text_hexval((unsigned char)L->s[1]) : -1;
				if (lo < 0)
					return fail(L, L->s, "bad \\x escape");
				c = (char)(hi << 4 | lo);
				L->s += 2;
			} else return fail(L, L->s - 1, "unknown escape \\%c", e);
		}
		buf[n++] = c;
	}
	if (!bcx_tbon_utf8_ok((const uint8_t *)buf, n))
		return fail(L, start, TBON_MSG_UTF8);
	L->s++;
	*out = buf;
	*len = n;
	return true;
}

/* ---- values ---- */

static const struct { const char *name; uint8_t type; } type_names[] = {
	{"i8", 0x10}, {"i16", 0x11}, {"i32", 0x12}, {"i64", 0x13}, {"ixip", 0x17},
	{"u8", 0x18}, {"u16", 0x19}, {"u32", 0x1A}, {"u64", 0x1B}, {"uva", 0x1F},
	{"byte", 0x08}, {"f16", 0x09}, {"f32", 0x0A}, {"f64", 0x0B}, {"f128", 0x0C},
	{"bool", 0x06}, {"object", 0x04}, {"nil", 0x05},
};

static int type_by_name(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
		if (word_is(s, n, type_names[i].name))
			return type_names[i].type;
	return -1;
}

/* The note's number syntax (strtod/strtoull forms, a 'u' suffix for
 * unsigned), not MLIR's: "1e3" is a float here, two tokens in MLIR. */
static bool number(lex *L, bool *is_float, int64_t *i, uint64_t *u, double *f, bool *is_u)
{
	skip_ws(L);
	const char *st = L->s;
	char buf[80];
	size_t n = 0;
	while (L->s < L->end && n < sizeof buf - 1 &&
	       (is_id(*L->s, false) || *L->s == '-' || *L->s == '+') && *L->s != '.' ) {
		if ((*L->s == '-' || *L->s == '+') && n && buf[n - 1] != 'e' && buf[n - 1] != 'E')
			break;
		buf[n++] = *L->s++;
		if (L->s < L->end && *L->s == '.' && n < sizeof buf - 1)
			buf[n++] = *L->s++;
	}
	buf[n] = 0;
	*is_float = *is_u = false;
	if (n == 0)
		return fail(L, st, "expected a number");
	char *ep;
	errno = 0;
	bool hex = (n > 2 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X')) ||
		   (n > 3 && buf[0] == '-' && buf[2] == 'x');
	/* Decimal or 0x hex: strtoull's base 0 would read a leading zero as
	 * octal (017 as 15), which no one writing a number means. */
	int base = hex ? 16 : 10;
	if (!hex && (strchr(buf, '.') || strchr(buf, 'e') || strchr(buf, 'E') ||
		     strstr(buf, "inf") || strstr(buf, "nan"))) {
		*f = strtod(buf, &ep);
		*is_float = true;
	} else if (n && buf[n - 1] == 'u') {
		buf[--n] = 0;
		*u = strtoull(buf, &ep, base);
		*is_u = true;
		if (buf[0] == '-')
			return fail(L, st, "negative unsigned number");
	} else if (buf[0] == '-') {
		*i = strtoll(buf, &ep, base);
	} else {
		*u = strtoull(buf, &ep, base);
		*i = (int64_t)*u;
		if (*u > INT64_MAX && !hex)
			return fail(L, st, "integer out of range (add 'u' for unsigned)");
	}
	/* strtod reports ERANGE for results in the subnormal range too: those
	 * (and an underflow to zero) are the correctly rounded binary64 value. */
	if (*is_float && !*ep && errno == ERANGE && isfinite(*f))
		errno = 0;
	if (*ep || (errno && !*is_float))
		return fail(L, st, "bad number '%s'", buf);
	if (errno)
		return fail(L, st, "'%s' is outside the binary64 range", buf);
	return true;
}

static bool value(lex *L, bcx_tbon_value *v, int elem, unsigned depth);

/* ixip:N, a signed VA of up to 512 bits in decimal or 0x hex (notes B.4). */
static bool ixip_lit(lex *L, bcx_tbon_value *v)
{
	skip_ws(L);
	const char *st = L->s;
	char buf[BCX_WIDE_DEC_MAX + 8];
	size_t n = 0;
	while (L->s < L->end && n < sizeof buf - 1 &&
	       (is_id(*L->s, false) || ((*L->s == '-' || *L->s == '+') && !n)))
		buf[n++] = *L->s++;
	buf[n] = 0;
	uint8_t be[BCX_XIP_WIDE_MAX];
	size_t len = 0;
	bcx_status s = bcx_wide_parse(buf, be, &len, NULL);
	if (s == BCX_ERR_OVERFLOW)
		return fail(L, st, "'%s' does not fit a signed VA (512 bits)", buf);
	if (s != BCX_OK)
		return fail(L, st, n ? "bad number '%s'" : "expected a number", buf);
	memset(v, 0, sizeof *v);
	return bcx_tbon_xip_value(L->a, be, len, v) || nomem(L, st);
}

/* A word of a typed scalar or element: nil (nil arrays), true/false. */
static bool word_scalar(lex *L, int t, const char *st, bcx_tbon_value *v)
{
	const char *w;
	size_t n = ident(L, &w);
	if (t == BCX_TBON_NIL) {
		v->kind = BCX_TBON_K_NIL;
		return word_is(w, n, "nil") || fail(L, st, "expected nil");
	}
	if (!word_is(w, n, "true") && !word_is(w, n, "false"))
		return fail(L, st, "expected true or false");
	v->kind = BCX_TBON_K_BOOL;
	v->b = word_is(w, n, "true");
	v->type = v->b ? 0x07 : 0x06;
	return true;
}

/* f16/f32/f64/f128 from raw bits (f64 also from a decimal float; f128 as
 * HI:LO, two 64-bit halves). */
static bool float_bits(lex *L, int t, const char *st, bool isf, double f, uint64_t u,
		       bcx_tbon_value *v)
{
	v->kind = BCX_TBON_K_FLOAT;
	if (isf) {
		if (t != 0x0B)
			return fail(L, st, "f16/f32/f128 values are written as raw bits 0x...");
		*v = bcx_tbon_f64(f);
		return true;
	}
	if (t == 0x0C) {
		bool isu;
		int64_t i;
		uint64_t lo = u, hi = 0;
		if (eat(L, ':')) {
			hi = u;
			if (!number(L, &isf, &i, &lo, &f, &isu))
				return false;
		}
		for (int k = 0; k < 8; k++) {
			v->f128[k] = (uint8_t)(hi >> (56 - 8 * k));
			v->f128[8 + k] = (uint8_t)(lo >> (56 - 8 * k));
		}
		v->f = bcx_f128_to_f64(v->f128);
		return true;
	}
	v->u = u;
	if (t == 0x09) {
		v->f = bcx_f16_to_f64((uint16_t)u);
	} else if (t == 0x0A) {
		uint32_t b32 = (uint32_t)u;
		float fl;
		memcpy(&fl, &b32, 4);
		v->f = fl;
	} else {
		memcpy(&v->f, &u, 8);
	}
	unsigned bits = t == 0x09 ? 16 : t == 0x0A ? 32 : 64;
	if (bits < 64 && u >> bits)
		return fail(L, st, "raw bits do not fit %u bits", bits);
	return true;
}

/* TYPE:VALUE, or an element of a typed array: t is the type byte. */
static bool scalar_typed(lex *L, int t, bcx_tbon_value *v)
{
	bool isf, isu;
	int64_t i = 0;
	uint64_t u = 0;
	double f = 0;
	const char *st = L->s;
	memset(v, 0, sizeof *v);
	v->type = (uint8_t)t;
	if (t == BCX_TBON_NIL || t == 0x06)
		return word_scalar(L, t, st, v);
	if (t == BCX_TBON_IVA)
		return ixip_lit(L, v);
	if (!number(L, &isf, &i, &u, &f, &isu))
		return false;
	if (t >= 0x09 && t <= 0x0C)
		return float_bits(L, t, st, isf, f, u, v);
	if (isf)
		return fail(L, st, "expected an integer");
	bool sgn = (t >= 0x10 && t <= 0x17);
	v->kind = sgn ? BCX_TBON_K_INT : BCX_TBON_K_UINT;
	if (sgn) {
		v->i = isu ? (int64_t)u : i;
		unsigned w = t == 0x10 ? 8 : t == 0x11 ? 16 : t == 0x12 ? 32 : 64;
		if (w < 64 && (v->i < -((int64_t)1 << (w - 1)) || v->i >= ((int64_t)1 << (w - 1))))
			return fail(L, st, "value does not fit i%u", w);
	} else {
		v->u = isu ? u : (uint64_t)i;
		unsigned w = t == 0x18 || t == 0x08 ? 8 : t == 0x19 ? 16 : t == 0x1A ? 32 : 64;
		if ((!isu && i < 0) || (w < 64 && v->u >> w))
			return fail(L, st, "value does not fit an unsigned %u-bit field", w);
	}
	return true;
}

static bool array_lit(lex *L, bcx_tbon_value *v, unsigned depth)
{
	memset(v, 0, sizeof *v);
	v->kind = BCX_TBON_K_ARRAY;
	v->type = BCX_TBON_ARRAY;
	v->elem = BCX_TBON_OBJECT;
	const char *save = L->s, *w;
	size_t n = ident(L, &w);
	int t = n ? type_by_name(w, n) : -1;
	if (t >= 0 && eat(L, ':'))
		v->elem = (uint8_t)t;
	else
		L->s = save;
	size_t cap = 0;
	while (!eat(L, ']')) {
		if (v->len && !expect(L, ','))
			return false;
		if (!grow(L, (void **)&v->items, &cap, v->len + 1, sizeof *v->items))
			return false;
		if (v->len >= BCX_LIMIT_COUNT)
			return fail(L, L->s, "more than %llu items", (unsigned long long)BCX_LIMIT_COUNT);
		if (!value(L, &v->items[v->len], v->elem == BCX_TBON_OBJECT ? -1 : v->elem, depth + 1))
			return false;
		v->len++;
		if (L->s >= L->end)
			return fail(L, L->s, "unterminated array");
	}
	return true;
}

static bool map_lit(lex *L, bcx_tbon_value *v, unsigned depth)
{
	memset(v, 0, sizeof *v);
	v->kind = BCX_TBON_K_MAP;
	v->type = BCX_TBON_MAP;
	size_t cap = 0;
	while (!eat(L, '}')) {
		if (v->len && !expect(L, ','))
			return false;
		if (v->len >= BCX_LIMIT_COUNT)
			return fail(L, L->s, "more than %llu pairs", (unsigned long long)BCX_LIMIT_COUNT);
		if (!grow(L, (void **)&v->items, &cap, 2 * v->len + 2, sizeof *v->items))
			return false;
		const char *key = (skip_ws(L), L->s);
		if (!value(L, &v->items[2 * v->len], -1, depth + 1) || !expect(L, ':') ||
		    !value(L, &v->items[2 * v->len + 1], -1, depth + 1))
			return false;
		/* where the key starts on this line (a literal is one line), in
		 * case it is a duplicate; the writer ignores offsets */
		v->items[2 * v->len].offset = (uint64_t)(key - L->pos.line_start);
		v->len++;
		if (L->s >= L->end)
			return fail(L, L->s, "unterminated map");
	}
	int64_t dup = bcx_tbon_dup_key(L->a, v);
	if (dup == -2)
		return nomem(L, L->s);
	if (dup >= 0) /* the reader's rule */
		return fail(L, L->pos.line_start + v->items[2 * dup].offset, TBON_MSG_DUP_KEY);
	return true;
}

/* elem >= 0: an element of a typed array (bare number of that type).
 * depth: where the value will sit in the file (internal.h), checked as the
 * reader checks it, which also bounds this recursion. */
static bool value(lex *L, bcx_tbon_value *v, int elem, unsigned depth)
{
	skip_ws(L);
	if (elem >= 0)
		return scalar_typed(L, elem, v);
	memset(v, 0, sizeof *v);
	if (depth > BCX_LIMIT_DEPTH)
		return fail(L, L->s, TBON_MSG_DEPTH, BCX_LIMIT_DEPTH);
	if (L->s >= L->end)
		return fail(L, L->s, "expected a value");
	if (*L->s == '"') {
		const char *s;
		size_t n;
		if (!string_lit(L, &s, &n))
			return false;
		*v = bcx_tbon_name(s, n);
		return true;
	}
	if (eat(L, '['))
		return array_lit(L, v, depth);
	if (eat(L, '{'))
		return map_lit(L, v, depth);
	const char *save = L->s, *w;
	size_t n = ident(L, &w);
	if (n) {
		if (word_is(w, n, "nil")) { v->kind = BCX_TBON_K_NIL; v->type = 0x05; return true; }
		if (word_is(w, n, "true") || word_is(w, n, "false")) {
			v->kind = BCX_TBON_K_BOOL;
			v->b = w[0] == 't';
			v->type = v->b ? 0x07 : 0x06;
			return true;
		}
		int t = type_by_name(w, n);
		if (t == BCX_TBON_BYTE && L->s < L->end && *L->s == ':')
			return fail(L, save, "byte is an array element type; a value of its own is u8");
		if (t >= 0 && t != 0x04 && eat(L, ':'))
			return scalar_typed(L, t, v);
		if (!word_is(w, n, "inf") && !word_is(w, n, "nan"))
			return fail(L, save, "unknown value '%.*s'", (int)n, w);
		L->s = save;
	}
	bool isf, isu;
	int64_t i = 0;
	uint64_t u = 0;
	double f = 0;
	if (!number(L, &isf, &i, &u, &f, &isu))
		return false;
	*v = isf ? bcx_tbon_f64(f) : isu ? bcx_tbon_uint(u) : bcx_tbon_int(i);
	return true;
}

/* ---- instructions ---- */

static bool reg(lex *L, unsigned *r)
{
	const char *w;
	size_t n = ident(L, &w);
	char *ep;
	if (n < 2 || w[0] != 'r')
		return fail(L, w, "expected a register r0..r255");
	unsigned long x = strtoul(w + 1, &ep, 10);
	if (ep != w + n || x > 255)
		return fail(L, w, "expected a register r0..r255");
	*r = (unsigned)x;
	return true;
}

static bool comma(lex *L) { return expect(L, ','); }

static bool small_uint(lex *L, unsigned long max, unsigned *out)
{
	bool isf, isu;
	int64_t i = 0;
	uint64_t u = 0;
	double f;
	const char *st = (skip_ws(L), L->s);
	if (!number(L, &isf, &i, &u, &f, &isu))
		return false;
	if (isf || i < 0 || (uint64_t)i > max)
		return fail(L, st, "expected an integer 0..%lu", max);
	*out = (unsigned)i;
	return true;
}

static bool jump_target(asm_state *A, bool rel8, uint32_t *field)
{
	lex *L = &A->L;
	const char *w;
	size_t n = ident(L, &w);
	if (!n)
		return fail(L, w, "expected a label");
	if (!grow(L, (void **)&A->fix, &A->capfix, A->nfix + 1,
		  sizeof *A->fix))
		return false;
	fixup *x = &A->fix[A->nfix++];
	x->at = (uint32_t)A->ncode;
	x->label = w;
	x->len = n;
	x->line = L->pos.line;
	x->col = bcx_text_col(&L->pos, w);
	x->rel8 = rel8;
	*field = 0;
	return true;
}

static int sym_index(asm_state *A, const char *s, size_t n)
{
	return (int)tab_get(&A->names, s, n);
}

/* Exact binary16 for d, or -1: the candidate from d's exponent, kept only
 * when it widens back to the same bits (NaN: the quiet NaN with no payload
 * the widening gives, of either sign). */
static long to_half(double d)
{
	long sign = signbit(d) ? 0x8000 : 0, h;
	double a = fabs(d);
	if (isnan(d))
		h = sign | 0x7C01;
	else if (isinf(d))
		h = sign | 0x7C00;
	else if (a < ldexp(1, -14)) /* zero or subnormal: a multiple of 2^-24 */
		h = sign | (long)(ldexp(a, 24) < 1024 ? ldexp(a, 24) : 0);
	else if (a > 65504)
		return -1;
	else {
		int e;
		frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
		h = sign | (long)(e + 14) << 10 | ((long)ldexp(a, 11 - e) & 0x3FF);
	}
	double x = bcx_f16_to_f64((uint16_t)h);
	return memcmp(&x, &d, 8) == 0 ? h : -1;
}

/* A constant of the current function, parsed at st: the index of an equal
 * one (compared by their TBON bytes, serialized once each), or a new entry.
 * fresh (.const) appends an entry even when an equal one exists, so a pool
 * is kept as written; inline operands then find the first of equals. */
static bool add_const(asm_state *A, const char *st, const bcx_tbon_value *v, bool fresh,
		      unsigned *idx)
{
	lex *L = &A->L;
	A->scratch.len = 0;
	bcx_diag d;
	bcx_diag_clear(&d);
	if (bcx_tbon_write_value(v, &A->scratch, &d) != BCX_OK)
		return d.code == BCX_ERR_NOMEM ? nomem(L, st) : fail(L, st, "%s", d.message);
	int64_t k = tab_get(&A->const_tab, (const char *)A->scratch.data, A->scratch.len);
	if (k >= 0 && !fresh) {
		*idx = (unsigned)k;
		return true;
	}
	if (A->nconsts >= 0x10000)
		return fail(L, st, "more than 65536 constants in one function");
	if (!grow(L, (void **)&A->consts, &A->capconsts, A->nconsts + 1, sizeof *v))
		return false;
	if (k < 0) {
		char *key = bcx_arena_alloc(L->a, A->scratch.len);
		if (!key)
			return nomem(L, st);
		memcpy(key, A->scratch.data, A->scratch.len);
		if (!tab_put(L, &A->const_tab, key, A->scratch.len, (uint32_t)A->nconsts))
			return false;
	}
	A->consts[A->nconsts] = *v;
	*idx = (unsigned)A->nconsts++;
	return true;
}

/* load_const's operand: a value, or #K, entry K of the pool so far. */
static bool const_index(asm_state *A, unsigned *idx)
{
	lex *L = &A->L;
	bcx_tbon_value v;
	const char *st = (skip_ws(L), L->s);
	if (eat(L, '#')) {
		if (!small_uint(L, 0xFFFF, idx))
			return false;
		return *idx < A->nconsts ||
		       fail(L, st, "constant #%u is not defined (%zu so far)", *idx, A->nconsts);
	}
	return value(L, &v, -1, TAP_DEPTH_CONST) && add_const(A, st, &v, false, idx);
}

/* .const VALUE: the next entry of the function's pool, as written. */
static bool const_directive(asm_state *A)
{
	lex *L = &A->L;
	bcx_tbon_value v;
	unsigned k;
	const char *st = (skip_ws(L), L->s);
	if (!value(L, &v, -1, TAP_DEPTH_CONST) || !add_const(A, st, &v, true, &k))
		return false;
	return at_eol(L) || fail(L, L->s, "unexpected text after the value");
}

static bool ri_operand(asm_state *A, unsigned op, uint32_t *imm)
{
	lex *L = &A->L;
	skip_ws(L);
	const char *st = L->s;
	bool isf, isu;
	int64_t i = 0;
	uint64_t u = 0;
	double f = 0;
	unsigned k = 0;
	enum tap_imm kind = bcx_tap_ops[op].imm;
	if (kind == IMM_CONST) {
		if (!const_index(A, &k))
			return false;
		*imm = k;
		return true;
	}
	if (kind == IMM_GLOBAL) {
		const char *w;
		size_t n;
		bool quoted = st < L->end && *st == '"';
		if (quoted) {
			if (!string_lit(L, &w, &n))
				return false;
		} else {
			n = ident(L, &w);
		}
		if (n > 1 && w[0] == '@' && !quoted) {
			for (unsigned h = 0; h < TAP_HOST_COUNT; h++)
				if (word_is(w + 1, n - 1, bcx_tap_hosts[h])) {
					*imm = TAP_HOST_BASE + h;
					return true;
				}
			return fail(L, st, "unknown host function '%.*s'", (int)n, w);
		}
		int s = sym_index(A, w, n);
		if (s < 0)
			return fail(L, st, "unknown symbol '%.*s'", (int)n, w);
		*imm = (uint32_t)s;
		return true;
	}
	if (kind == IMM_F16 && L->end - L->s > 5 && memcmp(L->s, "bits:", 5) == 0) {
		L->s += 5;
		return small_uint(L, 0xFFFF, &k) && ((*imm = k), true);
	}
	if (!number(L, &isf, &i, &u, &f, &isu))
		return false;
	if (kind == IMM_F16) {
		long h = to_half(isf ? f : isu ? (double)u : (double)i);
		if (h < 0)
			return fail(L, st, "not exactly representable as binary16; use load_const");
		*imm = (uint32_t)h;
		return true;
	}
	if (isf)
		return fail(L, st, "expected an integer");
	if (kind == IMM_I16) {
		if (isu || i < INT16_MIN || i > INT16_MAX)
			return fail(L, st, "immediate out of int16 range; use load_const");
		*imm = (uint32_t)(uint16_t)(int16_t)i;
	} else {
		uint64_t x = isu ? u : (uint64_t)i;
		if ((!isu && i < 0) || x > 0xFFFF)
			return fail(L, st, "immediate out of uint16 range; use load_const");
		*imm = (uint32_t)x;
	}
	return true;
}

static bool cond_code(lex *L, unsigned *cc)
{
	const char *w;
	size_t n = ident(L, &w);
	for (unsigned i = 0; i < TAP_NCOND; i++)
		if (word_is(w, n, bcx_tap_conds[i])) {
			*cc = i;
			return true;
		}
	return fail(L, w, "unknown condition '%.*s'", (int)n, w);
}

/* invoke rF, rA, N: the arguments rA .. rA+N-1 must be registers (the
 * verifier's rule). */
static bool invoke_operands(lex *L, unsigned *f, unsigned *a, unsigned *n)
{
	if (!reg(L, f) || !comma(L) || !reg(L, a) || !comma(L))
		return false;
	const char *st = (skip_ws(L), L->s);
	if (!small_uint(L, 255, n))
		return false;
	return *a + *n <= 256 || fail(L, st, "%u arguments from r%u run past r255", *n, *a);
}

static bool instruction(asm_state *A, const char *mn, size_t n)
{
	lex *L = &A->L;
	unsigned op = 256, a = 0, b = 0, c = 0;
	uint32_t field = 0;
	for (unsigned i = 0; i < 256; i++)
		if (bcx_tap_ops[i].name && word_is(mn, n, bcx_tap_ops[i].name))
			op = i;
	if (op == 256)
		return fail(L, mn, "unknown instruction '%.*s'", (int)n, mn);
	if (A->ncode >= 0xFFFFFF)
		return fail(L, mn, "function longer than 2^24 instructions");
	bool ok = true;
	switch (bcx_tap_ops[op].form) {
	case FORM_X: break;
	case FORM_RRR: ok = reg(L, &a) && comma(L) && reg(L, &b) && comma(L) && reg(L, &c); break;
	case FORM_J24: ok = jump_target(A, false, &field); break;
	case FORM_JRR: ok = jump_target(A, true, &field) && comma(L) && reg(L, &b) && comma(L) && reg(L, &c); break;
	case FORM_JRC: ok = jump_target(A, true, &field) && comma(L) && reg(L, &b) && comma(L) && cond_code(L, &c); break;
	case FORM_RI: ok = reg(L, &a) && comma(L) && ri_operand(A, op, &field); break;
	case FORM_RRN: ok = invoke_operands(L, &a, &b, &c); break;
	case FORM_R: ok = reg(L, &a); break;
	case FORM_NONE: ok = false; break;
	}
	if (!ok)
		return false;
	if (!at_eol(L))
		return fail(L, L->s, "unexpected text after the operands");
	if (!grow(L, (void **)&A->code, &A->capcode, A->ncode + 1, sizeof *A->code))
		return false;
	A->code[A->ncode++] = (uint32_t)op << 24 | a << 16 | b << 8 | c | field;
	return true;
}

/* A failure at the label's own line; the lexer's place stays where it is,
 * for the functions after this one. */
static bool fail_at_label(lex *L, const fixup *x, const char *fmt, ...) BCX_PRINTF(3, 4);
static bool fail_at_label(lex *L, const fixup *x, const char *fmt, ...)
{
	char msg[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	lex at = *L;
	at.pos = bcx_text_pos_at(x->line, x->label, x->col);
	fail(&at, x->label, "%s", msg);
	L->failed = true;
	return false;
}

static bool resolve(asm_state *A)
{
	lex *L = &A->L;
	for (size_t i = 0; i < A->nfix; i++) {
		fixup *x = &A->fix[i];
		int64_t at = tab_get(&A->labels, x->label, x->len);
		if (at < 0)
			return fail_at_label(L, x, "unknown label '%.*s'", (int)x->len, x->label);
		if (at >= (int64_t)A->ncode) /* the verifier's rule: targets are instructions */
			return fail_at_label(L, x, "label '%.*s' is past the last instruction",
					     (int)x->len, x->label);
		if (x->rel8) {
			int64_t d = at - (int64_t)x->at;
			if (d < -128 || d > 127)
				return fail_at_label(L, x, "label '%.*s' is %lld instructions away; "
						     "conditional jumps reach -128..127 (branch over a jmp)",
						     (int)x->len, x->label, (long long)d);
			A->code[x->at] |= (uint32_t)(uint8_t)(int8_t)d << 16;
		} else {
			A->code[x->at] |= (uint32_t)at;
		}
	}
	return true;
}

static bcx_tbon_value *vals(lex *L, size_t n)
{
	bcx_tbon_value *v = bcx_arena_calloc(L->a, n ? n : 1, sizeof *v);
	if (!v)
		nomem(L, L->s);
	return v;
}

/* {"bytecode": [u32...], "constpool": [...], "locals": [], "params": N} */
static bool finish_function(asm_state *A, unsigned params, bcx_tbon_value *out)
{
	lex *L = &A->L;
	if (!resolve(A))
		return false;
	bcx_tbon_value *kv = vals(L, 8), *code = vals(L, A->ncode);
	if (!kv || !code)
		return false;
	for (size_t i = 0; i < A->ncode; i++)
		code[i] = bcx_tbon_uint(A->code[i]);
	kv[0] = bcx_tbon_name("bytecode", 8);
	kv[1].kind = BCX_TBON_K_ARRAY; kv[1].type = BCX_TBON_ARRAY; kv[1].elem = BCX_TBON_U32;
	kv[1].items = code; kv[1].len = A->ncode;
	kv[2] = bcx_tbon_name("constpool", 9);
	kv[3].kind = BCX_TBON_K_ARRAY; kv[3].type = BCX_TBON_ARRAY; kv[3].elem = BCX_TBON_OBJECT;
	kv[3].items = A->consts; kv[3].len = A->nconsts;
	kv[4] = bcx_tbon_name("locals", 6);
	kv[5].kind = BCX_TBON_K_ARRAY; kv[5].type = BCX_TBON_ARRAY; kv[5].elem = BCX_TBON_OBJECT;
	kv[6] = bcx_tbon_name("params", 6);
	kv[7] = bcx_tbon_uint(params);
	memset(out, 0, sizeof *out);
	out->kind = BCX_TBON_K_MAP;
	out->type = BCX_TBON_MAP;
	out->items = kv;
	out->len = 4;
	return true;
}

/* ---- directives ---- */

static bool sym_name_tok(lex *L, const char **s, size_t *n)
{
	skip_ws(L);
	if (L->s < L->end && *L->s == '"')
		return string_lit(L, s, n);
	*n = ident(L, s);
	return *n ? true : fail(L, *s, "expected a symbol name");
}

/* The value goes to the file's const pool, which load_global indexes
 * (notes B.4); the Symbols map names it with a const ref. */
static bool add_symbol(asm_state *A, const char *s, size_t n, const bcx_tbon_value *v)
{
	lex *L = &A->L;
	if (!grow(L, (void **)&A->syms, &A->capsyms, 2 * A->nsyms + 2, sizeof *A->syms) ||
	    !grow(L, (void **)&A->pool, &A->cappool, A->nsyms + 1, sizeof *A->pool))
		return false;
	A->pool[A->nsyms] = *v;
	A->syms[2 * A->nsyms] = bcx_tbon_name(s, n);
	memset(&A->syms[2 * A->nsyms + 1], 0, sizeof *A->syms);
	A->syms[2 * A->nsyms + 1].kind = BCX_TBON_K_REF;
	A->syms[2 * A->nsyms + 1].type = BCX_TBON_REF;
	A->syms[2 * A->nsyms + 1].u = A->nsyms;
	A->nsyms++;
	return true;
}

static void next_line(lex *L)
{
	while (L->s < L->end && *L->s != '\n')
		L->s++;
	if (L->s < L->end) { /* the end of a last line without '\n' stays on it */
		bcx_text_newline(&L->pos, L->s);
		L->s++;
	}
}

/* Pass 1: names of .func and .global lines, in order. */
static bool collect_names(asm_state *A)
{
	lex *L = &A->L;
	const char *w, *s;
	size_t n, sn;
	while (L->s < L->end) {
		n = ident(L, &w);
		if (word_is(w, n, ".func") || word_is(w, n, ".global")) {
			skip_ws(L);
			const char *at = L->s; /* the name as written, quoted or not */
			if (!sym_name_tok(L, &s, &sn))
				return false;
			if (sym_index(A, s, sn) >= 0)
				return fail(L, at, "symbol '%.*s' defined twice", (int)sn, s);
			if (A->nnames >= TAP_HOST_BASE - 1)
				return fail(L, at, "more than %u symbols", TAP_HOST_BASE - 1);
			if (!tab_put(L, &A->names, s, sn, (uint32_t)A->nnames++))
				return false;
		}
		next_line(L);
	}
	return true;
}

static bool function_body(asm_state *A, const char *name, size_t name_len, unsigned params)
{
	lex *L = &A->L;
	A->ncode = A->nconsts = A->nfix = 0;
	A->consts = NULL;
	A->capconsts = 0;
	tab_clear(&A->labels);
	tab_clear(&A->const_tab);
	for (;;) {
		next_line(L);
		if (L->s >= L->end)
			return fail(L, L->s, "missing .end for function '%.*s'", (int)name_len, name);
		const char *w;
		size_t n = ident(L, &w);
		if (!n) {
			if (!at_eol(L))
				return fail(L, L->s, "expected an instruction or a label");
			continue;
		}
		if (word_is(w, n, ".end"))
			break;
		if (word_is(w, n, ".const")) {
			if (!const_directive(A))
				return false;
			continue;
		}
		if (eat(L, ':')) {
			if (tab_get(&A->labels, w, n) >= 0)
				return fail(L, w, "label '%.*s' defined twice", (int)n, w);
			if (!tab_put(L, &A->labels, w, n, (uint32_t)A->ncode))
				return false;
			n = ident(L, &w);
			if (!n) {
				if (!at_eol(L))
					return fail(L, L->s, "expected an instruction");
				continue;
			}
		}
		if (!instruction(A, w, n))
			return false;
	}
	bcx_tbon_value fn;
	return finish_function(A, params, &fn) && add_symbol(A, name, name_len, &fn);
}

static bool top_level(asm_state *A)
{
	lex *L = &A->L;
	while (L->s < L->end) {
		const char *w, *s;
		size_t n = ident(L, &w), sn;
		if (!n) {
			if (!at_eol(L))
				return fail(L, L->s, "expected .func or .global");
		} else if (word_is(w, n, ".func")) {
			unsigned params = 0;
			if (!sym_name_tok(L, &s, &sn) || !small_uint(L, 255, &params))
				return false;
			if (!at_eol(L))
				return fail(L, L->s, "unexpected text after .func NAME PARAMS");
			if (!function_body(A, s, sn, params))
				return false;
		} else if (word_is(w, n, ".global")) {
			bcx_tbon_value v;
			if (!sym_name_tok(L, &s, &sn) || !value(L, &v, -1, TAP_DEPTH_GLOBAL))
				return false;
			if (!at_eol(L))
				return fail(L, L->s, "unexpected text after the value");
			if (!add_symbol(A, s, sn, &v))
				return false;
		} else {
			return fail(L, w, "expected .func or .global, found '%.*s'", (int)n, w);
		}
		next_line(L);
	}
	return true;
}

bcx_status bcx_tapioca_asm(const char *text, size_t len, bcx_buf *out, bcx_diag *diag)
{
	asm_state A;
	memset(&A, 0, sizeof A);
	bcx_diag local; /* the status is the diagnostic's code */
	if (!diag)
		diag = &local;
	bcx_diag_clear(diag);
	A.L.a = bcx_arena_new(out->alloc);
	if (!A.L.a)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	A.L.d = diag;
	bcx_buf_init(&A.scratch, out->alloc);
	if (!len)
		text = ""; /* NULL with no bytes is allowed */
	A.L.start = A.L.s = text;
	A.L.end = text + len;
	A.L.pos = (bcx_text_pos){1, text};
	bool ok = collect_names(&A);
	A.L.s = text;
	A.L.pos = (bcx_text_pos){1, text};
	ok = ok && top_level(&A);
	bcx_status s = BCX_ERR_MALFORMED;
	if (ok) {
		bcx_tbon_value kv[4];
		bcx_tbon_file f;
		memset(&f, 0, sizeof f);
		memset(kv, 0, sizeof kv);
		kv[0] = bcx_tbon_name("Symbols", 7);
		kv[1].kind = BCX_TBON_K_MAP; kv[1].type = BCX_TBON_MAP;
		kv[1].items = A.syms; kv[1].len = A.nsyms;
		kv[2] = bcx_tbon_name("Declears", 8);
		kv[3].kind = BCX_TBON_K_MAP; kv[3].type = BCX_TBON_MAP;
		f.has_pool = true;
		f.pool = A.pool;
		f.pool_count = A.nsyms;
		f.root.kind = BCX_TBON_K_MAP;
		f.root.type = BCX_TBON_MAP;
		f.root.items = kv;
		f.root.len = 2;
		s = bcx_tbon_write(&f, out, diag);
	} else if (diag->code != BCX_OK) {
		s = diag->code;
	}
	bcx_buf_free(&A.scratch);
	bcx_arena_free(A.L.a);
	return s;
}
