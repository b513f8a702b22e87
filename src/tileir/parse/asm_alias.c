/* Aliases of the Tile IR assembler (spec §21.3): "#name = ..." and
 * "!name = ..." on the top level are recorded where they stand and parsed
 * where they are used, in the context of the use (a type, an attribute, a
 * location), through the callback the user gives ap_alias_parse; so this
 * layer calls no parser above it. */
#include "tileir/parse/asm_internal.h"
#include "common/internal.h"

#include <string.h>

/* The alias key: the token with its sigil ("#loc1", "!t"). */
static bool alias_key(const mlir_tok *t, const char **k, size_t *n)
{
	if (t->k != MLIR_TK_HASH && t->k != MLIR_TK_BANG)
		return false;
	*k = t->s;
	*n = (size_t)(t->p + t->n - t->s);
	return true;
}

/* Skip an alias value: tokens up to the next top-level item, with
 * brackets balanced. */
static bcx_status skip_value(asm_parser *p)
{
	int depth = 0;
	for (bool first = true;; first = false) {
		mlir_tok t = p->lx.t;
		if (t.k == MLIR_TK_EOF)
			return depth == 0 ? BCX_OK : ap_fail(p, "unbalanced brackets in an alias");
		if (depth == 0 && !first &&
		    (((t.k == MLIR_TK_HASH || t.k == MLIR_TK_BANG) && mlir_peek(&p->lx).ch == '=') ||
		     t.k == MLIR_TK_STR ||
		     (t.k == MLIR_TK_ID && t.n > 10 && memcmp(t.p, "cuda_tile.", 10) == 0)))
			return BCX_OK;
		if (t.k == MLIR_TK_PUNCT && strchr("([{<", t.ch))
			depth++;
		if (t.k == MLIR_TK_PUNCT && strchr(")]}>", t.ch) && --depth < 0)
			return ap_fail(p, "unbalanced brackets in an alias");
		BCX_TRY(ap_next(p));
	}
}

bcx_status ap_alias_def(asm_parser *p)
{
	const char *k = NULL;
	size_t n = 0;
	uint32_t idx;
	if (!alias_key(&p->lx.t, &k, &n))
		return ap_fail(p, "expected an alias name");
	if (wr_table_find(&p->aliases, k, n, &idx))
		return ap_fail(p, "redefinition of alias '%.*s'", (int)(n > 60 ? 60 : n), k);
	if (wr_table_intern(&p->aliases, k, n, &idx) ||
	    ap_grow_keep(p, &p->alias, idx, &p->cap_alias, sizeof *p->alias) != BCX_OK)
		return ap_nomem(p);
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '='));
	p->alias[idx] = (ap_alias){mlir_tell(&p->lx), NULL, 0};
	if (p->lx.t.k == MLIR_TK_EOF)
		return ap_fail(p, "expected an attribute, type or location");
	return skip_value(p);
}

ap_alias *ap_alias_find(asm_parser *p)
{
	const char *k;
	size_t n;
	uint32_t idx;
	if (!alias_key(&p->lx.t, &k, &n) || !wr_table_find(&p->aliases, k, n, &idx))
		return NULL;
	return &p->alias[idx];
}

bcx_status ap_alias_parse(asm_parser *p, ap_alias *a, bcx_status (*fn)(asm_parser *, void *),
			  void *out)
{
	if (a->state == 1)
		return ap_fail(p, "alias '%.*s' refers to itself",
			       (int)(p->lx.t.p + p->lx.t.n - p->lx.t.s > 60 ? 60
				     : p->lx.t.p + p->lx.t.n - p->lx.t.s), p->lx.t.s);
	if (p->lx.depth + 1 > MLIR_MAX_DEPTH)
		return ap_fail(p, "aliases nested too deeply");
	mlir_lex saved = p->lx;
	uint8_t state = a->state;
	a->state = 1;
	p->lx.depth++;
	bcx_status ok = ap_status(p, mlir_seek(&p->lx, a->at));
	if (ok == BCX_OK)
		ok = fn(p, out);
	a->state = state;
	bcx_status st = p->lx.status;
	p->lx = saved;
	p->lx.status = st;
	BCX_TRY(ok);
	return ap_next(p); /* past the alias name */
}
