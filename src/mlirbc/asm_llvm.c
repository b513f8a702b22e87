/* The llvm dialect's attributes that its bytecode encodes (debug info,
 * loop annotations), read from their own syntax into that encoding, by
 * the table the printer uses (dialect_syn.def) and the wire fields of
 * dialect_enc.def. Their parameters are attributes of the same file (so
 * `scope = #di_file` is the alias's entry, and `distinct[0]<>` one entry
 * wherever it appears), which text kept whole could not give. */
#include "asm.h"
#include "dialect_syn.h"

#include <stdio.h>
#include <string.h>

/* One wire slot's value: a number, an entry or string id, or a list. */
typedef struct pval {
	bool set;
	uint64_t v;
	uint64_t *list;
	uint32_t n;
	size_t cap;
} pval;

#define MAX_SLOTS 32

static bool ok(const ps *p)
{
	return p->lx.status == BCX_OK && p->m->status == BCX_OK;
}

static bool push(ps *p, pval *v, uint64_t x)
{
	if (!bcx_vec_room_from(p->m->arena, &v->list, v->n, &v->cap, sizeof *v->list, 4))
		return mw_fail(p->m, BCX_ERR_NOMEM, "out of memory"), false;
	v->list[v->n++] = x;
	v->set = true;
	return true;
}

static uint32_t body(ps *p, const mbc_dsyn *s);

/* A name of a table (keyword); flags also as "A|B". */
static bool named(ps *p, const mbc_dpar *par, uint64_t *v)
{
	mlir_lex *lx = &p->lx;
	if (lx->t.k == MLIR_TK_ID) {
		if (!mbc_dsyn_value(par->table, lx->t.p, lx->t.n, v))
			return ps_fail(p, "invalid %s name '%.*s'", par->name, (int)lx->t.n, lx->t.p);
		return mlir_next(lx);
	}
	if (par->kind != 'F' || lx->t.k != MLIR_TK_STR)
		return ps_fail(p, "expected a name for parameter '%s'", par->name);
	*v = 0;
	for (const char *q = lx->t.p, *end = lx->t.p + lx->t.n; q <= end;) {
		const char *bar = memchr(q, '|', (size_t)(end - q));
		size_t n = (size_t)((bar ? bar : end) - q);
		uint64_t bit;
		if (!mbc_dsyn_value(par->table, q, n, &bit))
			return ps_fail(p, "invalid %s flag '%.*s'", par->name, (int)n, q);
		*v |= bit;
		q += n + 1;
	}
	return mlir_next(lx);
}

static bool number(ps *p, uint64_t *v)
{
	if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, v))
		return ps_fail(p, "expected an unsigned integer");
	return mlir_next(&p->lx);
}

/* A parameter whose class is an llvm attribute: an attribute (alias or
 * whole), or its body without the #llvm.mnemonic prefix. */
static uint32_t stripped(ps *p, const char *target)
{
	if (p->lx.t.k == MLIR_TK_HASH)
		return ps_attr(p);
	const mbc_dsyn *s = mbc_dsyn_by_mnemonic(target, strlen(target));
	if (!s || s->code == MBC_DSYN_TEXT) { /* a kind the bytecode keeps as its text */
		char prefix[64];
		snprintf(prefix, sizeof prefix, "#llvm.%s", target);
		return ps_text_body(p, prefix, "llvm");
	}
	if (p->adepth >= MLIR_MAX_DEPTH)
		return ps_fail(p, "attributes nest deeper than %u", MLIR_MAX_DEPTH), MW_NONE;
	p->adepth++;
	uint32_t id = body(p, s);
	p->adepth--;
	return id;
}

/* One value of a parameter into its slot. */
static bool value(ps *p, const mbc_dpar *par, pval *v, char wire)
{
	uint64_t x = 0;
	uint32_t id;
	switch (par->kind) {
	case 'U': case 'N': case 'O':
		if (!number(p, &x))
			return false;
		if (par->kind == 'O' && x > UINT32_MAX)
			return ps_fail(p, "parameter '%s' out of range", par->name);
		x = par->kind == 'O' ? (x << 1) | 1 : x;
		break;
	case 'B':
		if (!mlir_is_id(&p->lx, "true") && !mlir_is_id(&p->lx, "false"))
			return ps_fail(p, "expected true or false");
		x = mlir_is_id(&p->lx, "true");
		mlir_next(&p->lx);
		break;
	case 'E': case 'F':
		if (!named(p, par, &x))
			return false;
		break;
	default: /* 'A' 'X' */
		if (wire == 'S') {
			if (p->lx.t.k != MLIR_TK_STR)
				return ps_fail(p, "expected a string for parameter '%s'", par->name);
			long n = ps_unescape(p);
			if (n < 0)
				return false;
			x = mw_string(p->m, p->sbuf, (size_t)n);
			mlir_next(&p->lx);
			break;
		}
		id = par->kind == 'X' ? stripped(p, par->target) : ps_attr(p);
		if (id == MW_NONE)
			return false;
		x = id;
		break;
	}
	if (par->array)
		return push(p, v, x);
	v->set = true;
	v->v = x;
	return ok(p);
}

/* Is the text at the ',' the start of the next `name =`? */
static bool next_is_param(ps *p)
{
	mlir_pos at = mlir_tell(&p->lx);
	mlir_next(&p->lx);
	bool yes = p->lx.t.k == MLIR_TK_ID && mlir_peek(&p->lx).k == MLIR_TK_PUNCT &&
		   mlir_peek(&p->lx).ch == '=';
	mlir_seek(&p->lx, at);
	return yes;
}

static const mbc_dpar *find_par(const mbc_dsyn *s, const mlir_tok *t)
{
	for (uint32_t k = 0; k < s->npar; k++)
		if (strlen(s->par[k].name) == t->n && memcmp(s->par[k].name, t->p, t->n) == 0)
			return &s->par[k];
	return NULL;
}

/* The wire code of a parameter's slot ('?' lists: their element's). */
static char wire_of(const char *spec, int slot)
{
	for (int k = 0; *spec; k++) {
		bool list = *spec == '?' || *spec == '*';
		char c = list ? spec[1] : spec[0];
		if (k == slot)
			return c;
		spec += list ? 2 : 1;
	}
	return 0;
}

/* `<` name = value, ... `>`, in any order, each at most once. */
static bool parse_struct(ps *p, const mbc_dsyn *s, const char *spec, pval *vals)
{
	mlir_lex *lx = &p->lx;
	bool seen[64] = {false};
	if (!mlir_expect(lx, '<'))
		return false;
	while (ok(p) && !mlir_is_punct(lx, '>')) {
		const mbc_dpar *par = lx->t.k == MLIR_TK_ID ? find_par(s, &lx->t) : NULL;
		if (!par || seen[par - s->par])
			return ps_fail(p, par ? "duplicate parameter '%.*s'" : "unknown parameter '%.*s'",
				       (int)lx->t.n, lx->t.p);
		seen[par - s->par] = true;
		mlir_next(lx);
		pval scratch = {0};
		pval *v = par->slot >= 0 ? &vals[par->slot] : &scratch; /* not in the bytecode */
		if (!mlir_expect(lx, '=') || !value(p, par, v, wire_of(spec, par->slot)))
			return false;
		while (par->array && mlir_is_punct(lx, ',') && !next_is_param(p))
			if (!mlir_next(lx) || !value(p, par, v, wire_of(spec, par->slot)))
				return false;
		if (!mlir_is_punct(lx, '>') && !mlir_expect(lx, ','))
			return false;
	}
	for (uint32_t k = 0; k < s->npar; k++)
		if (!s->par[k].optional && !seen[k])
			return ps_fail(p, "#llvm.%s is missing its parameter '%s'", s->mnemonic,
				       s->par[k].name);
	return mlir_expect(lx, '>');
}

/* MLIR's custom<ExpressionArg>: DW_OP_LLVM_convert's operands after the
 * first may be DW_ATE_ names. */
static bool parse_elem(ps *p, const mbc_dsyn *s, pval *vals)
{
	mlir_lex *lx = &p->lx;
	if (!value(p, &s->par[0], &vals[0], 'v'))
		return false;
	if (!mlir_accept(lx, '('))
		return true;
	do {
		uint64_t x;
		if (lx->t.k == MLIR_TK_ID) {
			if (!mbc_dsyn_value(MBC_DT_DW_ATE, lx->t.p, lx->t.n, &x))
				return ps_fail(p, "invalid encoding name '%.*s'", (int)lx->t.n, lx->t.p);
			mlir_next(lx);
		} else if (!number(p, &x)) {
			return false;
		}
		if (!push(p, &vals[1], x))
			return false;
	} while (mlir_accept(lx, ','));
	return mlir_expect(lx, ')');
}

static bool parse_body(ps *p, const mbc_dsyn *s, const char *spec, pval *vals)
{
	mlir_lex *lx = &p->lx;
	const mbc_dpar *par = s->par;
	switch (s->format) {
	case MBC_DF_FILE:
		return mlir_expect(lx, '<') && value(p, &par[0], &vals[0], 'S') &&
		       mlir_expect_id(lx, "in") && value(p, &par[1], &vals[1], 'S') &&
		       mlir_expect(lx, '>');
	case MBC_DF_EXPR:
		if (!mlir_expect(lx, '<'))
			return false;
		if (mlir_accept(lx, '[')) {
			do {
				if (!value(p, &par[0], &vals[0], 'A'))
					return false;
			} while (mlir_accept(lx, ','));
			if (!mlir_expect(lx, ']'))
				return false;
		}
		return mlir_expect(lx, '>');
	case MBC_DF_EXPR_ELEM:
		return parse_elem(p, s, vals);
	default:
		return parse_struct(p, s, spec, vals);
	}
}

/* One scalar field of the encoding. */
static bool put_field(ps *p, const mbc_dsyn *s, char c, int slot, const pval *v)
{
	mw_module *m = p->m;
	uint8_t byte = (uint8_t)v->v;
	switch (c) {
	case 'S': case 'a':
		if (!v->set) {
			const char *name = "?";
			for (uint32_t k = 0; k < s->npar; k++)
				if (s->par[k].slot == slot)
					name = s->par[k].name;
			return ps_fail(p, "#llvm.%s is missing its parameter '%s'", s->mnemonic, name);
		}
		mw_tb_ref(m, c == 'S' ? MW_REC_STR : MW_REC_ATTR, (uint32_t)v->v);
		return true;
	case 'A':
		if (v->set)
			mw_tb_ref(m, MW_REC_OPTATTR, (uint32_t)v->v);
		else
			mw_tb_varint(m, 0);
		return true;
	case 'b':
		mw_tb_bytes(m, &byte, 1);
		return true;
	default: /* 'v' */
		mw_tb_varint(m, v->v);
		return true;
	}
}

/* The encoding, field by field as dialect_enc.def gives it; a list is a
 * presence byte, then (when not empty) its count and elements. */
static uint32_t encode(ps *p, const mbc_dsyn *s, const char *spec, const pval *vals)
{
	mw_module *m = p->m;
	mw_tb_start(m);
	mw_tb_varint(m, s->code);
	bool good = true;
	for (int slot = 0; *spec && good; slot++) {
		const pval *v = &vals[slot];
		if (*spec == '?') {
			uint8_t present = v->n > 0;
			mw_tb_bytes(m, &present, 1);
			if (present)
				mw_tb_varint(m, v->n);
			for (uint32_t k = 0; k < v->n; k++)
				if (spec[1] == 'A')
					mw_tb_ref(m, MW_REC_OPTATTR, (uint32_t)v->list[k]);
				else
					mw_tb_varint(m, v->list[k]);
			spec += 2;
			continue;
		}
		good = put_field(p, s, *spec++, slot, v);
	}
	uint32_t id = mw_tb_finish(m, mw_dialect_id(m, "llvm", 4), MW_E_CUSTOM, 0);
	return good ? id : MW_NONE;
}

static uint32_t body(ps *p, const mbc_dsyn *s)
{
	const char *spec = mbc_denc_spec((const uint8_t *)"llvm", 4, false, s->code);
	pval vals[MAX_SLOTS];
	memset(vals, 0, sizeof vals);
	if (!spec || strlen(spec) > MAX_SLOTS || !parse_body(p, s, spec, vals))
		return MW_NONE;
	return encode(p, s, spec, vals);
}

uint32_t ps_llvm_attr(ps *p)
{
	mlir_lex *lx = &p->lx;
	if (lx->t.k != MLIR_TK_HASH || lx->t.n < 6 || memcmp(lx->t.p, "llvm.", 5) != 0)
		return MW_NONE - 1;
	const mbc_dsyn *s = mbc_dsyn_by_mnemonic(lx->t.p + 5, lx->t.n - 5);
	if (!s || s->code == MBC_DSYN_TEXT)
		return MW_NONE - 1;
	mlir_next(lx);
	return body(p, s);
}
