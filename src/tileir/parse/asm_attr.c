/* Attribute values of the generic MLIR form (spec §21.3): enums, typed
 * numbers, strings, symbols, arrays, dictionaries, array<i32: ...>,
 * dense<...> constants and the cuda_tile predicate and hint attributes. */
#include "tileir/parse/asm_internal.h"
#include "tileir/model/limits.h"
#include "tileir/model/tables.h"
#include "tileir/build/build_internal.h"
#include "common/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUILT(call) ap_built(p, (call), &bd)


/* "N : type", "1.5 : f32", or a bare number (i64 / f64). */
static bcx_status typed_number(asm_parser *p, bcx_tileir_build_attr **out)
{
	num n;
	bcx_diag bd = {0};
	BCX_TRY(ap_number(p, &n));
	bcx_tileir_build_type t;
	if (mlir_accept(&p->lx, ':'))
		BCX_TRY(ap_number_type(p, &t));
	else
		BCX_TRY(BUILT(bcx_tileir_build_type_scalar(
			p->m, n.is_float ? BCX_TILEIR_T_F64 : BCX_TILEIR_T_I64, &t, &bd)));
	uint8_t tag = tb_type(p->m, t)->tag;
	uint64_t bits;
	BCX_TRY(ap_num_bits(p, &n, tag, "attribute", &bits));
	if (tir_tag_is_float(tag))
		return BUILT(bcx_tileir_build_attr_float(p->m, t, bits, out, &bd));
	return BUILT(bcx_tileir_build_attr_int(p->m, t, bits, out, &bd));
}

/* #cuda_tile.<mnemonic><value> of an enum of the table. */
static bcx_status enum_attr(asm_parser *p, const char *mn, size_t n, bcx_tileir_build_attr **out)
{
	for (unsigned id = 1; id < BCX_TILEIR_ENUM_COUNT; id++) {
		const char *m = bcx_tileir_enum_mnemonic(id);
		if (!m || strlen(m) != n || memcmp(m, mn, n) != 0)
			continue;
		BCX_TRY(ap_expect(p, '<'));
		for (unsigned v = 0; v < bcx_tileir_enum_count(id); v++)
			if (mlir_is_id(&p->lx, bcx_tileir_enum_value(id, v))) {
				bcx_diag bd = {0};
				BCX_TRY(ap_next(p));
				BCX_TRY(ap_expect(p, '>'));
				return BUILT(bcx_tileir_build_attr_enum(p->m, v, out, &bd));
			}
		return ap_fail(p, "unknown value for #cuda_tile.%.*s", (int)n, mn);
	}
	return ap_fail(p, "unknown attribute #cuda_tile.%.*s", (int)n, mn);
}

/* The signed integer after a keyword of div_by (every, along). */
static bcx_status keyword_int(asm_parser *p, int64_t *v)
{
	BCX_TRY(ap_next(p));
	return ap_signed_int(p, v);
}

/* div_by<D[, every E along A]> */
static bcx_status div_by(asm_parser *p, bcx_tileir_build_attr **out)
{
	int64_t every = 0, along = 0;
	uint64_t dv = 0; /* a uint64_t in the dialect's parser */
	bool he = false, ha = false;
	BCX_TRY(ap_expect(p, '<'));
	BCX_TRY(ap_unsigned_int(p, 64, &dv));
	if (mlir_accept(&p->lx, ',')) {
		if ((he = mlir_is_id(&p->lx, "every")))
			BCX_TRY(keyword_int(p, &every));
		if ((ha = mlir_is_id(&p->lx, "along")))
			BCX_TRY(keyword_int(p, &along));
	}
	bcx_diag bd = {0};
	BCX_TRY(ap_expect(p, '>'));
	return BUILT(bcx_tileir_build_attr_div_by(p->m, dv, he, every, ha, along, out, &bd));
}

static bcx_status bound(asm_parser *p, bool *has, int64_t *v)
{
	*has = !mlir_is_punct(&p->lx, '?');
	return *has ? ap_signed_int(p, v) : ap_next(p);
}

static bcx_status bounded(asm_parser *p, bcx_tileir_build_attr **out)
{
	bool hl, hu;
	int64_t lb = 0, ub = 0;
	bcx_diag bd = {0};
	BCX_TRY(ap_expect(p, '<'));
	BCX_TRY(bound(p, &hl, &lb));
	BCX_TRY(ap_expect(p, ','));
	BCX_TRY(bound(p, &hu, &ub));
	BCX_TRY(ap_expect(p, '>'));
	return BUILT(bcx_tileir_build_attr_bounded(p->m, hl, lb, hu, ub, out, &bd));
}

static bcx_status same_elements(asm_parser *p, bcx_tileir_build_attr **out)
{
	int64_t v[256];
	uint32_t n = 0;
	BCX_TRY(ap_expect(p, '<'));
	BCX_TRY(ap_expect(p, '['));
	while (!mlir_is_punct(&p->lx, ']')) {
		if (n)
			BCX_TRY(ap_expect(p, ','));
		if (n >= 256)
			return ap_fail(p, "too many values");
		BCX_TRY(ap_signed_int(p, &v[n++]));
	}
	bcx_diag bd = {0};
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '>'));
	return BUILT(bcx_tileir_build_attr_same_elements(p->m, v, n, out, &bd));
}

/* key = value, ... up to the closing character. */
bcx_status ap_dict_entries(asm_parser *p, char close, bcx_tileir_build_attr **out)
{
	mlir_tok seen[64];
	const char *keys[64];
	size_t lens[64];
	bcx_tileir_build_attr *vals[64];
	uint32_t n = 0;
	while (!mlir_is_punct(&p->lx, close)) {
		if (n)
			BCX_TRY(ap_expect(p, ','));
		if (n >= 64)
			return ap_fail(p, "too many dictionary entries");
		if (p->lx.t.k != MLIR_TK_ID && p->lx.t.k != MLIR_TK_STR)
			return ap_fail(p, "expected a dictionary key");
		BCX_TRY(ap_key_unique(p, seen, n));
		seen[n] = p->lx.t;
		keys[n] = ap_tok_dup(p);
		lens[n] = p->lx.t.n;
		if (!keys[n])
			return ap_nomem(p);
		BCX_TRY(ap_next(p));
		if (!mlir_accept(&p->lx, '=')) {
			bcx_diag bd = {0};
			BCX_TRY(BUILT(bcx_tileir_build_attr_unit(p->m, &vals[n++], &bd)));
			continue;
		}
		BCX_TRY(ap_attr(p, &vals[n++]));
	}
	bcx_diag bd = {0};
	BCX_TRY(ap_next(p));
	if (!out) /* read and dropped */
		return BCX_OK;
	return BUILT(bcx_tileir_build_attr_dict(p->m, keys, lens, vals, n, out, &bd));
}

static bcx_status hints(asm_parser *p, bcx_tileir_build_attr **out)
{
	bcx_tileir_build_attr *dict;
	bcx_diag bd = {0};
	BCX_TRY(ap_expect(p, '<'));
	BCX_TRY(ap_dict_entries(p, '>', &dict));
	return BUILT(bcx_tileir_build_attr_hints(p->m, dict, out, &bd));
}

bcx_status ap_cuda_attr(asm_parser *p, const char *mn, size_t n, bcx_tileir_build_attr **out)
{
#define MN(s) (n == sizeof(s) - 1 && memcmp(mn, s, n) == 0)
	if (MN("div_by"))
		return div_by(p, out);
	if (MN("bounded"))
		return bounded(p, out);
	if (MN("same_elements"))
		return same_elements(p, out);
	if (MN("optimization_hints"))
		return hints(p, out);
#undef MN
	return enum_attr(p, mn, n, out);
}

static bcx_status attr_alias(asm_parser *p, void *out)
{
	return ap_attr(p, out);
}

/* #cuda_tile.<mnemonic>... or #alias */
static bcx_status hash_attr(asm_parser *p, bcx_tileir_build_attr **out)
{
	mlir_tok t = p->lx.t;
	ap_alias *a = ap_alias_find(p);
	if (a)
		return ap_alias_parse(p, a, attr_alias, out);
	if (t.n < 10 || memcmp(t.p, "cuda_tile.", 10) != 0)
		return ap_fail(p, "undefined symbol alias id '#%.*s'", (int)(t.n > 60 ? 60 : t.n),
			       t.p);
	BCX_TRY(ap_next(p));
	return ap_cuda_attr(p, t.p + 10, t.n - 10, out);
}

static bcx_status i32_array(asm_parser *p, bcx_tileir_build_attr **out)
{
	int32_t v[256];
	uint32_t n = 0;
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '<'));
	BCX_TRY(ap_expect_id(p, "i32"));
	if (mlir_accept(&p->lx, ':')) {
		do { /* each an i32 literal by MLIR's rule (4294967295 is -1, -0 is
		      * out of range), refused at the token after it */
			uint64_t x;
			num e;
			if (n >= 256)
				return ap_fail(p, "too many values");
			BCX_TRY(ap_number(p, &e));
			e.line = p->lx.t.line;
			e.col = p->lx.t.col;
			BCX_TRY(ap_num_bits(p, &e, BCX_TILEIR_T_I32, NULL, &x));
			v[n++] = (int32_t)(uint32_t)x;
		} while (mlir_accept(&p->lx, ','));
	}
	bcx_diag bd = {0};
	BCX_TRY(ap_expect(p, '>'));
	return BUILT(bcx_tileir_build_attr_i32_array(p->m, v, n, out, &bd));
}

static bcx_status array(asm_parser *p, bcx_tileir_build_attr **out)
{
	bcx_tileir_build_attr *v[256];
	uint32_t n = 0, seen = 0;
	BCX_TRY(ap_next(p));
	while (!mlir_is_punct(&p->lx, ']')) {
		if (seen++)
			BCX_TRY(ap_expect(p, ','));
		if (n >= 256)
			return ap_fail(p, "too many array elements");
		if (mlir_is_punct(&p->lx, '{')) { /* arg_attrs entries: ignored dictionaries */
			bcx_tileir_build_attr *d;
			BCX_TRY(ap_next(p));
			BCX_TRY(ap_dict_entries(p, '}', &d));
			continue;
		}
		BCX_TRY(ap_attr(p, &v[n++]));
	}
	bcx_diag bd = {0};
	BCX_TRY(ap_next(p));
	return BUILT(bcx_tileir_build_attr_array(p->m, v, n, out, &bd));
}

static bcx_status ap_dense(asm_parser *p, bcx_tileir_build_attr **out);

/* A string or symbol attribute: its text unescaped, then built. */
static bcx_status text_attr(asm_parser *p, bool sym, bcx_tileir_build_attr **out)
{
	bcx_diag bd = {0};
	char *buf;
	size_t n;
	BCX_TRY(ap_string_value(p, &buf, &n));
	BCX_TRY(BUILT(sym ? bcx_tileir_build_attr_symbol(p->m, buf, n, out, &bd)
			  : bcx_tileir_build_attr_string(p->m, buf, n, out, &bd)));
	return ap_next(p);
}

/* "(T, ...) -> T" as a type attribute. */
static bcx_status func_type_attr(asm_parser *p, bcx_tileir_build_attr **out)
{
	bcx_tileir_build_type *ins, *outs, f;
	uint32_t ni, no;
	bcx_diag bd = {0};
	BCX_TRY(ap_func_type(p, &ins, &ni, &outs, &no));
	BCX_TRY(BUILT(bcx_tileir_build_type_func(p->m, ins, ni, outs, no, &f, &bd)));
	return BUILT(bcx_tileir_build_attr_type(p->m, f, out, &bd));
}

/* ap_attr at the current token, its nesting counted by the caller. */
static bcx_status attr_one(asm_parser *p, bcx_tileir_build_attr **out)
{
	mlir_lex *lx = &p->lx;
	bcx_diag bd = {0};
	if (lx->t.k == MLIR_TK_HASH)
		return hash_attr(p, out);
	if (lx->t.k == MLIR_TK_STR || lx->t.k == MLIR_TK_SYM)
		return text_attr(p, lx->t.k == MLIR_TK_SYM, out);
	if (mlir_is_id(lx, "true") || mlir_is_id(lx, "false")) {
		BCX_TRY(BUILT(bcx_tileir_build_attr_bool(p->m, mlir_is_id(lx, "true"), out, &bd)));
		return ap_next(p);
	}
	if (mlir_is_id(lx, "dense"))
		return ap_dense(p, out);
	if (mlir_is_id(lx, "array"))
		return i32_array(p, out);
	if (mlir_is_punct(lx, '['))
		return array(p, out);
	if (mlir_is_punct(lx, '{')) {
		BCX_TRY(ap_next(p));
		return ap_dict_entries(p, '}', out);
	}
	if (mlir_is_punct(lx, '('))
		return func_type_attr(p, out);
	if (lx->t.k == MLIR_TK_INT || lx->t.k == MLIR_TK_FLOAT || mlir_is_punct(lx, '-'))
		return typed_number(p, out);
	bcx_tileir_build_type t;
	BCX_TRY(ap_type(p, &t));
	return BUILT(bcx_tileir_build_attr_type(p->m, t, out, &bd));
}

bcx_status ap_attr(asm_parser *p, bcx_tileir_build_attr **out)
{
	if (++p->lx.depth > MLIR_MAX_DEPTH)
		return ap_fail(p, "attributes nested too deeply");
	bcx_status st = attr_one(p, out);
	p->lx.depth--;
	return st;
}

/* ---- dense<...> : type ---- */

/* The literal's values, and its shape as the brackets give it (none for
 * a bare scalar, which fills any shape). */
typedef struct dense_acc {
	num *v;
	uint32_t n, cap;
	bool is_str, shaped;
	mlir_tok str;
	int64_t shape[TIR_LIMIT_RANK];
	int rank;
} dense_acc;

typedef struct dense_shape {
	int64_t d[TIR_LIMIT_RANK];
	int rank;
} dense_shape;

static bcx_status dense_elem(asm_parser *p, dense_acc *a)
{
	if (a->n == a->cap) {
		if (a->cap * (uint64_t)2 > (1u << 24) + 16)
			return ap_fail(p, "too many dense elements");
		BCX_TRY(ap_grow_from(p, p->keep, &a->v, a->n, &a->cap, sizeof *a->v, 16));
		p->dense_v = a->v;
		p->dense_cap = a->cap;
	}
	num *n = &a->v[a->n++];
	if (mlir_is_id(&p->lx, "true") || mlir_is_id(&p->lx, "false")) {
		memset(n, 0, sizeof *n);
		n->line = p->lx.t.line;
		n->col = p->lx.t.col;
		n->is_bool = true;
		n->u = mlir_is_id(&p->lx, "true");
		n->f = (double)n->u;
		return ap_next(p);
	}
	return ap_number(p, n);
}

static bool same_shape(const dense_shape *x, const dense_shape *y)
{
	return x->rank == y->rank && !memcmp(x->d, y->d, (size_t)x->rank * sizeof x->d[0]);
}

/* A scalar or a bracketed list, with its shape: every element of a list
 * must have the shape of the first (the reference's words when not). */
static bcx_status dense_list(asm_parser *p, dense_acc *a, dense_shape *sh)
{
	sh->rank = 0;
	if (!mlir_accept(&p->lx, '['))
		return dense_elem(p, a);
	if (++p->lx.depth > MLIR_MAX_DEPTH)
		return ap_fail(p, "dense literal nested too deeply");
	dense_shape first = {0}, cur;
	int64_t count = 0;
	while (!mlir_is_punct(&p->lx, ']')) {
		if (count)
			BCX_TRY(ap_expect(p, ','));
		BCX_TRY(dense_list(p, a, &cur));
		if (!count)
			first = cur;
		else if (!same_shape(&first, &cur))
			return ap_fail(p, "tensor literal is invalid; ranks are not consistent "
				       "between elements");
		count++;
	}
	if (first.rank >= (int)TIR_LIMIT_RANK)
		return ap_fail(p, "dense literal nested too deeply");
	sh->d[0] = count;
	memcpy(sh->d + 1, first.d, (size_t)first.rank * sizeof sh->d[0]);
	sh->rank = first.rank + 1;
	p->lx.depth--;
	return ap_next(p);
}

static const char *shape_text(const int64_t *d, int n, char *buf, size_t cap)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < n && k < cap; i++)
		k += (size_t)snprintf(buf + k, cap - k, "%s%lld", i ? ", " : "", (long long)d[i]);
	return buf;
}

/* Build the attribute from the hex form (MLIR's raw storage). */
static bcx_status dense_hex(asm_parser *p, const dense_acc *a, bcx_tileir_build_type t,
			    size_t esz, size_t count, bcx_tileir_build_attr **out)
{
	if (a->str.n < 2 || a->str.p[0] != '0' || a->str.p[1] != 'x' || a->str.n % 2)
		return ap_fail(p, "bad hex dense literal");
	size_t nb = (a->str.n - 2) / 2;
	uint8_t *raw = bcx_arena_alloc(p->arena, nb + 1);
	if (!raw)
		return ap_nomem(p);
	for (size_t i = 0; i < nb; i++) {
		int h = mlir_hexval(a->str.p[2 + 2 * i]), l = mlir_hexval(a->str.p[3 + 2 * i]);
		if (h < 0 || l < 0)
			return ap_fail(p, "bad hex dense literal");
		raw[i] = (uint8_t)(h * 16 + l);
	}
	bool i1 = tir_tag_bits(tb_type(p->m, tb_type(p->m, t)->elem)->tag) == 1;
	if (i1 && nb == (count + 7) / 8 && nb != count) {
		uint8_t *full = bcx_arena_alloc(p->arena, count + 1);
		if (!full)
			return ap_nomem(p);
		for (size_t i = 0; i < count; i++)
			full[i] = (raw[i / 8] >> (i % 8)) & 1;
		raw = full;
		nb = count;
	}
	(void)esz;
	bcx_diag bd = {0};
	return BUILT(bcx_tileir_build_attr_dense(p->m, t, raw, nb, out, &bd));
}

bcx_status ap_dense_values(asm_parser *p, bcx_tileir_build_attr **out)
{
	/* the numbers go to one array kept for every literal: each is turned
	 * into the attribute's bytes before the next is read */
	dense_acc a = {.v = p->dense_v, .cap = p->dense_cap};
	bcx_tileir_build_type t;
	if (p->lx.t.k == MLIR_TK_STR) {
		a.is_str = true;
		a.str = p->lx.t;
		BCX_TRY(ap_next(p));
	} else {
		dense_shape sh;
		BCX_TRY(dense_list(p, &a, &sh));
		a.shaped = sh.rank > 0;
		a.rank = sh.rank;
		memcpy(a.shape, sh.d, (size_t)sh.rank * sizeof sh.d[0]);
	}
	BCX_TRY(ap_expect(p, '>'));
	BCX_TRY(ap_expect(p, ':'));
	unsigned tline = p->lx.t.line, tcol = p->lx.t.col;
	BCX_TRY(ap_type(p, &t));
	const bcx_tileir_type *ti = tb_type(p->m, t);
	if (ti->tag != BCX_TILEIR_T_TILE)
		return ap_fail(p, "dense elements need a tile type");
	if (p->dense_kind && ti->elem != p->dense_elem) {
		char x[112], y[112];
		return ap_error_at(p, tline, tcol,
				   "mismatch between the element type: '%s' and the tile element type "
				   "'%s'", ap_type_text(p, p->dense_elem, x, sizeof x),
				   ap_type_text(p, ti->elem, y, sizeof y));
	}
	if (a.shaped && (a.rank != (int)ti->rank ||
			 memcmp(a.shape, ti->shape, (size_t)a.rank * sizeof a.shape[0]))) {
		char x[96], y[96];
		return ap_error_at(p, tline, tcol,
				   "inferred shape of elements literal ([%s]) does not match type "
				   "([%s])", shape_text(a.shape, a.rank, x, sizeof x),
				   shape_text(ti->shape, (int)ti->rank, y, sizeof y));
	}
	uint8_t et = tb_type(p->m, ti->elem)->tag;
	size_t esz = (tir_tag_bits(et) + 7) / 8, count = (size_t)tb_tile_count(ti);
	if (esz == 0)
		return ap_fail(p, "dense elements need a number element type");
	if (a.is_str)
		return dense_hex(p, &a, t, esz, count, out);
	if (a.n != 1 && a.n != count)
		return ap_fail(p, "dense literal has %u elements, the type has %zu", a.n, count);
	uint8_t *raw = bcx_arena_alloc(p->arena, a.n * esz + 1);
	if (!raw)
		return ap_nomem(p);
	for (uint32_t i = 0; i < a.n; i++) {
		uint64_t bits;
		BCX_TRY(ap_num_bits(p, &a.v[i], et, "type", &bits));
		for (size_t k = 0; k < esz; k++)
			raw[i * esz + k] = (uint8_t)(bits >> (8 * k));
	}
	bcx_diag bd = {0};
	return BUILT(bcx_tileir_build_attr_dense(p->m, t, raw, a.n * esz, out, &bd));
}

static bcx_status ap_dense(asm_parser *p, bcx_tileir_build_attr **out)
{
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '<'));
	return ap_dense_values(p, out);
}
