/* Aliases inside an attribute or type that the bytecode keeps as text.
 * MLIR writes such an entry in local scope (its aliases spelled out) and
 * parses it on its own when it reads the file, so an alias of the text
 * (`#llvm.di_module<file = #di_file, ...>`) must be replaced by what it
 * stands for before the text is stored. */
#include "asm.h"

#include <string.h>

/* The text of an alias definition, NULL when the name is not one. */
static const ps_def *alias_of(ps *p, const mlir_tok *t)
{
	if ((t->k != MLIR_TK_HASH && t->k != MLIR_TK_BANG) || memchr(t->p, '.', t->n))
		return NULL; /* #dialect.mnemonic is no alias */
	uint32_t name = ps_name(p, t->k == MLIR_TK_HASH ? '#' : '!', t->p, t->n);
	uint32_t d = name == MW_NONE ? 0 : ps_lookup(p, name);
	return d && p->defs[d - 1].src ? &p->defs[d - 1] : NULL;
}

/* s..s+n into out with each alias replaced by its expanded definition;
 * false when p failed (nesting, the size bound, memory). */
static bool expand(ps *p, bcx_buf *out, const char *s, size_t n, const mlir_tok *at)
{
	if (p->adepth >= MLIR_MAX_DEPTH)
		return mlir_fail_at(&p->lx, at->line, at->col, "aliases nest deeper than %u",
				    MLIR_MAX_DEPTH);
	mlir_lex lx;
	mlir_lex_init(&lx, p->file, s, n, NULL);
	const char *copied = s;
	while (mlir_next(&lx) && lx.t.k != MLIR_TK_EOF) {
		const ps_def *d = alias_of(p, &lx.t);
		if (!d)
			continue;
		bcx_buf_put_bytes(out, copied, (size_t)(lx.t.s - copied));
		p->adepth++;
		bool good = expand(p, out, d->src, d->nsrc, at);
		p->adepth--;
		if (!good)
			return false;
		copied = lx.t.p + lx.t.n;
	}
	bcx_buf_put_bytes(out, copied, (size_t)(s + n - copied));
	if (out->status != BCX_OK)
		return mw_fail(p->m, BCX_ERR_NOMEM, "out of memory"), false;
	/* what one alias stands for may be used many times, and by many
	 * entries: all of them together are bounded by the input */
	uint64_t max = (uint64_t)(p->lx.end - p->lx.src) * 16 + 65536;
	if (p->expanded + out->len > max)
		return mlir_fail_at(&p->lx, at->line, at->col, "text entries with their aliases "
				    "spelled out would be longer than %llu bytes",
				    (unsigned long long)max);
	return true;
}

bool ps_expand_aliases(ps *p, const char **s, size_t *n, const mlir_tok *at)
{
	mlir_lex lx;
	mlir_lex_init(&lx, p->file, *s, *n, NULL);
	while (mlir_next(&lx) && lx.t.k != MLIR_TK_EOF && !alias_of(p, &lx.t))
		;
	if (lx.t.k == MLIR_TK_EOF || lx.status != BCX_OK)
		return true; /* nothing to replace (or text the lexer cannot read: kept) */
	bcx_buf out;
	bcx_buf_init(&out, bcx_arena_allocator(p->m->arena));
	bool good = expand(p, &out, *s, *n, at);
	/* text entries end with a NUL in bytecode: one from an alias's string
	 * cannot be written (the text itself was checked as it was read) */
	if (good && out.len && memchr(out.data, 0, out.len))
		good = mlir_fail_at(&p->lx, at->line, at->col,
				    "a NUL byte inside the text of an attribute or type (from an alias)");
	char *copy = good ? bcx_arena_alloc(p->m->arena, out.len) : NULL;
	if (good && !copy) {
		mw_fail(p->m, BCX_ERR_NOMEM, "out of memory");
		good = false;
	}
	if (good) {
		p->expanded += out.len;
		memcpy(copy, out.data, out.len);
		*s = copy;
		*n = out.len;
	}
	bcx_buf_free(&out);
	return good;
}
