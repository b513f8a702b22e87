/* Attribute values of the generic MLIR form (spec §21.3): enums, typed
 * numbers, strings, symbols, arrays, dictionaries, array<i32: ...>,
 * dense<...> constants and the cuda_tile predicate and hint attributes. */
#include "tileir/parse/asm_internal.h"
#include "tileir/model/limits.h"
#include "tileir/model/tables.h"
#include "tileir/build/build_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUILT(call) (ap_built(p, (call), &bd) == BCX_OK)


/* "N : type", "1.5 : f32", or a bare number (i64 / f64). */
static bool typed_number(asm_parser *p, bcx_tileir_build_attr **out)
{
	num n;
	bcx_diag bd = {0};
	if (ap_number(p, &n) != BCX_OK)
		return false;
	bcx_tileir_build_type t;
	if (mlir_accept(&p->lx, ':')) {
		if (ap_number_type(p, &t) != BCX_OK)
			return false;
	} else if (!BUILT(bcx_tileir_build_type_scalar(
	               p->m, n.is_float ? BCX_TILEIR_T_F64 : BCX_TILEIR_T_I64, &t, &bd))) {
		return false;
	}
	uint8_t tag = tb_type(p->m, t)->tag;
	uint64_t bits;
	if (ap_num_bits(p, &n, tag, "attribute", &bits) != BCX_OK)
		return false;
	if (tir_tag_is_float(tag))
		return BUILT(bcx_tileir_build_attr_float(p->m, t, bits, out, &bd));
	return BUILT(bcx_tileir_build_attr_int(p->m, t, bits, out, &bd));
}

/* #cuda_tile.<mnemonic><value> of an enum of the table. */
static bool enum_attr(asm_parser *p, const char *mn, size_t n, bcx_tileir_build_attr **out)
{
	for (unsigned id = 1; id < BCX_TILEIR_ENUM_COUNT; id++) {
		const char *m = bcx_tileir_enum_mnemonic(id);
		if (!m || strlen(m) != n || memcmp(m, mn, n) != 0)
			continue;
		if (!mlir_expect(&p->lx, '<'))
			return false;
		for (unsigned v = 0; v < bcx_tileir_enum_count(id); v++)
			if (mlir_is_id(&p->lx, bcx_tileir_enum_value(id, v))) {
				bcx_diag bd = {0};
				return mlir_next(&p->lx) && mlir_expect(&p->lx, '>') &&
				       BUILT(bcx_tileir_build_attr_enum(p->m, v, out, &bd));
			}
		return mlir_fail(&p->lx, "unknown value for #cuda_tile.%.*s", (int)n, mn);
	}
	return mlir_fail(&p->lx, "unknown attribute #cuda_tile.%.*s", (int)n, mn);
}

/* div_by<D[, every E along A]> */
static bool div_by(asm_parser *p, bcx_tileir_build_attr **out)
{
	int64_t every = 0, along = 0;
	uint64_t dv = 0; /* a uint64_t in the dialect's parser */
	bool he = false, ha = false;
	if (!mlir_expect(&p->lx, '<') || ap_unsigned_int(p, 64, &dv) != BCX_OK)
		return false;
	if (mlir_accept(&p->lx, ',')) {
		if (mlir_is_id(&p->lx, "every")) {
			he = true;
			if (!mlir_next(&p->lx) || ap_signed_int(p, &every) != BCX_OK)
				return false;
		}
		if (mlir_is_id(&p->lx, "along")) {
			ha = true;
			if (!mlir_next(&p->lx) || ap_signed_int(p, &along) != BCX_OK)
				return false;
		}
	}
	bcx_diag bd = {0};
	return mlir_expect(&p->lx, '>') &&
	       BUILT(bcx_tileir_build_attr_div_by(p->m, dv, he, every, ha, along, out, &bd));
}

static bool bound(asm_parser *p, bool *has, int64_t *v)
{
	*has = !mlir_is_punct(&p->lx, '?');
	return *has ? ap_signed_int(p, v) == BCX_OK : mlir_next(&p->lx);
}

static bool bounded(asm_parser *p, bcx_tileir_build_attr **out)
{
	bool hl, hu;
	int64_t lb = 0, ub = 0;
	bcx_diag bd = {0};
	return mlir_expect(&p->lx, '<') && bound(p, &hl, &lb) && mlir_expect(&p->lx, ',') &&
	       bound(p, &hu, &ub) && mlir_expect(&p->lx, '>') &&
	       BUILT(bcx_tileir_build_attr_bounded(p->m, hl, lb, hu, ub, out, &bd));
}

static bool same_elements(asm_parser *p, bcx_tileir_build_attr **out)
{
	int64_t v[256];
	uint32_t n = 0;
	if (!mlir_expect(&p->lx, '<') || !mlir_expect(&p->lx, '['))
		return false;
	while (!mlir_is_punct(&p->lx, ']')) {
		if ((n && !mlir_expect(&p->lx, ',')) || n >= 256 ||
		    ap_signed_int(p, &v[n++]) != BCX_OK)
			return n >= 256 ? mlir_fail(&p->lx, "too many values") : false;
	}
	bcx_diag bd = {0};
	return mlir_next(&p->lx) && mlir_expect(&p->lx, '>') &&
	       BUILT(bcx_tileir_build_attr_same_elements(p->m, v, n, out, &bd));
}

/* key = value, ... up to the closing character. */
bool ap_dict_entries(asm_parser *p, char close, bcx_tileir_build_attr **out)
{
	mlir_tok seen[64];
	const char *keys[64];
	size_t lens[64];
	bcx_tileir_build_attr *vals[64];
	uint32_t n = 0;
	while (!mlir_is_punct(&p->lx, close)) {
		if (n && !mlir_expect(&p->lx, ','))
			return false;
		if (n >= 64)
			return mlir_fail(&p->lx, "too many dictionary entries");
		if (p->lx.t.k != MLIR_TK_ID && p->lx.t.k != MLIR_TK_STR)
			return mlir_fail(&p->lx, "expected a dictionary key");
		if (ap_key_unique(p, seen, n) != BCX_OK)
			return false;
		seen[n] = p->lx.t;
		keys[n] = ap_tok_dup(p);
		lens[n] = p->lx.t.n;
		if (!keys[n] || !mlir_next(&p->lx))
			return false;
		if (!mlir_accept(&p->lx, '=')) {
			bcx_diag bd = {0};
			if (!BUILT(bcx_tileir_build_attr_unit(p->m, &vals[n++], &bd)))
				return false;
			continue;
		}
		if (!ap_attr(p, &vals[n++]))
			return false;
	}
	bcx_diag bd = {0};
	return mlir_next(&p->lx) &&
	       (!out || BUILT(bcx_tileir_build_attr_dict(p->m, keys, lens, vals, n, out, &bd)));
}

static bool hints(asm_parser *p, bcx_tileir_build_attr **out)
{
	bcx_tileir_build_attr *dict;
	bcx_diag bd = {0};
	return mlir_expect(&p->lx, '<') && ap_dict_entries(p, '>', &dict) &&
	       BUILT(bcx_tileir_build_attr_hints(p->m, dict, out, &bd));
}

bool ap_cuda_attr(asm_parser *p, const char *mn, size_t n, bcx_tileir_build_attr **out)
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
	return ap_status(p, ap_attr(p, out));
}

/* #cuda_tile.<mnemonic>... or #alias */
static bool hash_attr(asm_parser *p, bcx_tileir_build_attr **out)
{
	mlir_tok t = p->lx.t;
	ap_alias *a = ap_alias_find(p);
	if (a)
		return ap_alias_parse(p, a, attr_alias, out) == BCX_OK;
	if (t.n < 10 || memcmp(t.p, "cuda_tile.", 10) != 0)
		return mlir_fail(&p->lx, "undefined symbol alias id '#%.*s'", (int)(t.n > 60 ? 60 : t.n),
				t.p);
	return mlir_next(&p->lx) && ap_cuda_attr(p, t.p + 10, t.n - 10, out);
}

static bool i32_array(asm_parser *p, bcx_tileir_build_attr **out)
{
	int32_t v[256];
	uint32_t n = 0;
	if (!mlir_next(&p->lx) || !mlir_expect(&p->lx, '<') || !mlir_expect_id(&p->lx, "i32"))
		return false;
	if (mlir_accept(&p->lx, ':')) {
		do { /* each an i32 literal by MLIR's rule (4294967295 is -1, -0 is
		      * out of range), refused at the token after it */
			uint64_t x;
			num e;
			if (n >= 256)
				return mlir_fail(&p->lx, "too many values");
			if (ap_number(p, &e) != BCX_OK)
				return false;
			e.line = p->lx.t.line;
			e.col = p->lx.t.col;
			if (ap_num_bits(p, &e, BCX_TILEIR_T_I32, NULL, &x) != BCX_OK)
				return false;
			v[n++] = (int32_t)(uint32_t)x;
		} while (mlir_accept(&p->lx, ','));
	}
	bcx_diag bd = {0};
	return mlir_expect(&p->lx, '>') && BUILT(bcx_tileir_build_attr_i32_array(p->m, v, n, out, &bd));
}

static bool array(asm_parser *p, bcx_tileir_build_attr **out)
{
	bcx_tileir_build_attr *v[256];
	uint32_t n = 0, seen = 0;
	if (!mlir_next(&p->lx))
		return false;
	while (!mlir_is_punct(&p->lx, ']')) {
		if ((seen++ && !mlir_expect(&p->lx, ',')) || n >= 256)
			return n >= 256 ? mlir_fail(&p->lx, "too many array elements") : false;
		if (mlir_is_punct(&p->lx, '{')) { /* arg_attrs entries: ignored dictionaries */
			bcx_tileir_build_attr *d;
			if (!mlir_next(&p->lx) || !ap_dict_entries(p, '}', &d))
				return false;
			continue;
		}
		if (!ap_attr(p, &v[n++]))
			return false;
	}
	bcx_diag bd = {0};
	return mlir_next(&p->lx) && BUILT(bcx_tileir_build_attr_array(p->m, v, n, out, &bd));
}

static bool ap_dense(asm_parser *p, bcx_tileir_build_attr **out);

bool ap_attr(asm_parser *p, bcx_tileir_build_attr **out)
{
	mlir_lex *lx = &p->lx;
	bcx_diag bd = {0};
	if (++lx->depth > MLIR_MAX_DEPTH)
		return mlir_fail(lx, "attributes nested too deeply");
	bool ok;
	if (lx->t.k == MLIR_TK_HASH)
		ok = hash_attr(p, out);
	else if (lx->t.k == MLIR_TK_STR) {
		char *buf = bcx_arena_alloc(p->arena, lx->t.n + 1);
		long n = buf ? mlir_str_value(&lx->t, buf, lx->t.n + 1) : -1;
		ok = n >= 0 ? BUILT(bcx_tileir_build_attr_string(p->m, buf, (size_t)n, out, &bd)) && mlir_next(lx)
			    : mlir_fail(lx, "bad escape in string literal");
	} else if (lx->t.k == MLIR_TK_SYM) {
		char *buf = bcx_arena_alloc(p->arena, lx->t.n + 1);
		long n = buf ? mlir_str_value(&lx->t, buf, lx->t.n + 1) : -1;
		ok = n >= 0 && BUILT(bcx_tileir_build_attr_symbol(p->m, buf, (size_t)n, out, &bd)) &&
		     mlir_next(lx);
	} else if (mlir_is_id(lx, "true") || mlir_is_id(lx, "false")) {
		ok = BUILT(bcx_tileir_build_attr_bool(p->m, mlir_is_id(lx, "true"), out, &bd)) && mlir_next(lx);
	} else if (mlir_is_id(lx, "dense")) {
		ok = ap_dense(p, out);
	} else if (mlir_is_id(lx, "array")) {
		ok = i32_array(p, out);
	} else if (mlir_is_punct(lx, '[')) {
		ok = array(p, out);
	} else if (mlir_is_punct(lx, '{')) {
		ok = mlir_next(lx) && ap_dict_entries(p, '}', out);
	} else if (mlir_is_punct(lx, '(')) {
		bcx_tileir_build_type *ins, *outs, f;
		uint32_t ni, no;
		ok = ap_func_type(p, &ins, &ni, &outs, &no) == BCX_OK &&
		     BUILT(bcx_tileir_build_type_func(p->m, ins, ni, outs, no, &f, &bd)) &&
		     BUILT(bcx_tileir_build_attr_type(p->m, f, out, &bd));
	} else if (lx->t.k == MLIR_TK_INT || lx->t.k == MLIR_TK_FLOAT || mlir_is_punct(lx, '-')) {
		ok = typed_number(p, out);
	} else {
		bcx_tileir_build_type t;
		ok = ap_type(p, &t) == BCX_OK &&
		     BUILT(bcx_tileir_build_attr_type(p->m, t, out, &bd));
	}
	lx->depth--;
	return ok;
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

static bool dense_elem(asm_parser *p, dense_acc *a)
{
	if (a->n == a->cap) {
		if (a->cap * (uint64_t)2 > (1u << 24) + 16)
			return mlir_fail(&p->lx, "too many dense elements");
		if (ap_grow_from(p, p->keep, &a->v, a->n, &a->cap, sizeof *a->v, 16) != BCX_OK)
			return false;
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
		return mlir_next(&p->lx);
	}
	return ap_number(p, n) == BCX_OK;
}

static bool same_shape(const dense_shape *x, const dense_shape *y)
{
	return x->rank == y->rank && !memcmp(x->d, y->d, (size_t)x->rank * sizeof x->d[0]);
}

/* A scalar or a bracketed list, with its shape: every element of a list
 * must have the shape of the first (the reference's words when not). */
static bool dense_list(asm_parser *p, dense_acc *a, dense_shape *sh)
{
	sh->rank = 0;
	if (!mlir_accept(&p->lx, '['))
		return dense_elem(p, a);
	if (++p->lx.depth > MLIR_MAX_DEPTH)
		return mlir_fail(&p->lx, "dense literal nested too deeply");
	dense_shape first = {0}, cur;
	int64_t count = 0;
	while (!mlir_is_punct(&p->lx, ']')) {
		if ((count && !mlir_expect(&p->lx, ',')) || !dense_list(p, a, &cur))
			return false;
		if (!count)
			first = cur;
		else if (!same_shape(&first, &cur))
			return mlir_fail(&p->lx, "tensor literal is invalid; ranks are not consistent "
					 "between elements");
		count++;
	}
	if (first.rank >= (int)TIR_LIMIT_RANK)
		return mlir_fail(&p->lx, "dense literal nested too deeply");
	sh->d[0] = count;
	memcpy(sh->d + 1, first.d, (size_t)first.rank * sizeof sh->d[0]);
	sh->rank = first.rank + 1;
	p->lx.depth--;
	return mlir_next(&p->lx);
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
static bool dense_hex(asm_parser *p, const dense_acc *a, bcx_tileir_build_type t, size_t esz,
		      size_t count, bcx_tileir_build_attr **out)
{
	if (a->str.n < 2 || a->str.p[0] != '0' || a->str.p[1] != 'x' || a->str.n % 2)
		return mlir_fail(&p->lx, "bad hex dense literal");
	size_t nb = (a->str.n - 2) / 2;
	uint8_t *raw = bcx_arena_alloc(p->arena, nb + 1);
	if (!raw)
		return mlir_nomem(&p->lx);
	for (size_t i = 0; i < nb; i++) {
		int h = mlir_hexval(a->str.p[2 + 2 * i]), l = mlir_hexval(a->str.p[3 + 2 * i]);
		if (h < 0 || l < 0)
			return mlir_fail(&p->lx, "bad hex dense literal");
		raw[i] = (uint8_t)(h * 16 + l);
	}
	bool i1 = tir_tag_bits(tb_type(p->m, tb_type(p->m, t)->elem)->tag) == 1;
	if (i1 && nb == (count + 7) / 8 && nb != count) {
		uint8_t *full = bcx_arena_alloc(p->arena, count + 1);
		if (!full)
			return mlir_nomem(&p->lx);
		for (size_t i = 0; i < count; i++)
			full[i] = (raw[i / 8] >> (i % 8)) & 1;
		raw = full;
		nb = count;
	}
	(void)esz;
	bcx_diag bd = {0};
	return BUILT(bcx_tileir_build_attr_dense(p->m, t, raw, nb, out, &bd));
}

bool ap_dense_values(asm_parser *p, bcx_tileir_build_attr **out)
{
	/* the numbers go to one array kept for every literal: each is turned
	 * into the attribute's bytes before the next is read */
	dense_acc a = {.v = p->dense_v, .cap = p->dense_cap};
	bcx_tileir_build_type t;
	if (p->lx.t.k == MLIR_TK_STR) {
		a.is_str = true;
		a.str = p->lx.t;
		if (!mlir_next(&p->lx))
			return false;
	} else {
		dense_shape sh;
		if (!dense_list(p, &a, &sh))
			return false;
		a.shaped = sh.rank > 0;
		a.rank = sh.rank;
		memcpy(a.shape, sh.d, (size_t)sh.rank * sizeof sh.d[0]);
	}
	if (!mlir_expect(&p->lx, '>') || !mlir_expect(&p->lx, ':'))
		return false;
	unsigned tline = p->lx.t.line, tcol = p->lx.t.col;
	if (ap_type(p, &t) != BCX_OK)
		return false;
	const bcx_tileir_type *ti = tb_type(p->m, t);
	if (ti->tag != BCX_TILEIR_T_TILE)
		return mlir_fail(&p->lx, "dense elements need a tile type");
	if (p->dense_kind && ti->elem != p->dense_elem) {
		char x[112], y[112];
		return mlir_fail_at(&p->lx, tline, tcol,
				   "mismatch between the element type: '%s' and the tile element type "
				   "'%s'", ap_type_text(p, p->dense_elem, x, sizeof x),
				   ap_type_text(p, ti->elem, y, sizeof y));
	}
	if (a.shaped && (a.rank != (int)ti->rank ||
			 memcmp(a.shape, ti->shape, (size_t)a.rank * sizeof a.shape[0]))) {
		char x[96], y[96];
		return mlir_fail_at(&p->lx, tline, tcol,
				   "inferred shape of elements literal ([%s]) does not match type "
				   "([%s])", shape_text(a.shape, a.rank, x, sizeof x),
				   shape_text(ti->shape, (int)ti->rank, y, sizeof y));
	}
	uint8_t et = tb_type(p->m, ti->elem)->tag;
	size_t esz = (tir_tag_bits(et) + 7) / 8, count = (size_t)tb_tile_count(ti);
	if (esz == 0)
		return mlir_fail(&p->lx, "dense elements need a number element type");
	if (a.is_str)
		return dense_hex(p, &a, t, esz, count, out);
	if (a.n != 1 && a.n != count)
		return mlir_fail(&p->lx, "dense literal has %u elements, the type has %zu", a.n, count);
	uint8_t *raw = bcx_arena_alloc(p->arena, a.n * esz + 1);
	if (!raw)
		return mlir_nomem(&p->lx);
	for (uint32_t i = 0; i < a.n; i++) {
		uint64_t bits;
		if (ap_num_bits(p, &a.v[i], et, "type", &bits) != BCX_OK)
			return false;
		for (size_t k = 0; k < esz; k++)
			raw[i * esz + k] = (uint8_t)(bits >> (8 * k));
	}
	bcx_diag bd = {0};
	return BUILT(bcx_tileir_build_attr_dense(p->m, t, raw, a.n * esz, out, &bd));
}

static bool ap_dense(asm_parser *p, bcx_tileir_build_attr **out)
{
	return mlir_next(&p->lx) && mlir_expect(&p->lx, '<') && ap_dense_values(p, out);
}
