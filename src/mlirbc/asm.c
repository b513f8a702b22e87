/* Generic-form MLIR text into the writer's model: alias definitions, ops
 * with results, operands, successors, properties, regions, attributes, a
 * function type and a location, blocks with arguments, and the
 * dialect_resources block. Values and blocks are named in scopes (a
 * region's names end with it); a use before the definition is resolved
 * when its region ends (graph regions, branches to later blocks). Ops get
 * the location MLIR's parser gives them: FILE:LINE:COL of the op name. */
#include "asm.h"

#include <string.h>

static bool ok(const ps *p)
{
	return p->lx.status == BCX_OK && p->m->status == BCX_OK;
}

/* ------------------------------------------------------------------ */
/* Scopes                                                              */
/* ------------------------------------------------------------------ */

typedef struct scope_mark {
	size_t defs, pend;
} scope_mark;

static bool resolve(ps *p, const ps_pend *r)
{
	uint32_t d = ps_lookup(p, r->name);
	if (!d)
		return false;
	const ps_def *def = &p->defs[d - 1];
	if (r->k >= def->count)
		return mlir_fail_at(&p->lx, r->line, r->col, "result number %u of %u", r->k, def->count);
	*r->slot = def->value + r->k;
	return true;
}

/* End of a region: resolve what was used before its definition, then
 * forget the region's names. */
static void close_scope(ps *p, scope_mark mk)
{
	size_t keep = mk.pend;
	for (size_t i = mk.pend; i < p->npend && ok(p); i++)
		if (!resolve(p, &p->pend[i]))
			p->pend[keep++] = p->pend[i];
	p->npend = keep;
	while (p->ndefs > mk.defs)
		ps_unbind(p, &p->defs[--p->ndefs]);
}

static void report_unresolved(ps *p)
{
	if (p->npend && ok(p)) {
		const ps_pend *r = &p->pend[0];
		char name[300];
		ps_name_text(p, r->name, name, sizeof name);
		mlir_fail_at(&p->lx, r->line, r->col, "use of undeclared value or block '%s'", name);
	}
}

/* A value or block reference into *slot, maybe resolved later. */
static bool use(ps *p, char sigil, uint32_t *slot)
{
	mlir_tok t = p->lx.t;
	size_t n = t.n;
	uint32_t k = 0;
	const char *hash = sigil == '%' ? memchr(t.p, '#', n) : NULL;
	if (hash) {
		n = (size_t)(hash - t.p);
		for (const char *q = hash + 1; q < t.p + t.n; q++)
			k = k * 10 + (uint32_t)(*q - '0');
		if (t.p + t.n - hash > 8)
			return ps_fail(p, "result number too large");
	}
	ps_pend r = {ps_name(p, sigil, t.p, n), k, slot, t.line, t.col};
	if (r.name == MW_NONE)
		return false;
	if (!resolve(p, &r) && ok(p)) {
		if (!PS_ROOM(p, p->pend, p->npend, p->cpend))
			return false;
		p->pend[p->npend++] = r;
	}
	return mlir_next(&p->lx);
}

/* ------------------------------------------------------------------ */
/* Ops                                                                 */
/* ------------------------------------------------------------------ */

static bool parse_op(ps *p, uint32_t parent);

typedef struct results {
	mlir_tok names[64];
	uint32_t counts[64];
	uint32_t n, total;
} results;

static bool parse_results(ps *p, results *rs)
{
	mlir_lex *lx = &p->lx;
	rs->n = rs->total = 0;
	if (lx->t.k != MLIR_TK_VALUE)
		return true;
	do {
		if (lx->t.k != MLIR_TK_VALUE || rs->n == 64)
			return ps_fail(p, "expected a result name");
		rs->names[rs->n] = lx->t;
		mlir_next(lx);
		uint64_t c = 1;
		if (mlir_accept(lx, ':')) {
			if (lx->t.k != MLIR_TK_INT || !mlir_tok_u64(&lx->t, &c) || c == 0 || c > 65536)
				return ps_fail(p, "expected a result count");
			mlir_next(lx);
		}
		rs->counts[rs->n++] = (uint32_t)c;
		rs->total += (uint32_t)c;
	} while (mlir_accept(lx, ','));
	return mlir_expect(lx, '=');
}

/* How many references of kind k stand in a list "r, r, ..." from the
 * current token, read ahead on a copy of the lexer (at most max + 1).
 * Operand and successor arrays are allocated at their size once: a
 * reference used before its definition is kept as a pointer into the
 * array, which must therefore never move. */
static uint32_t count_refs(const ps *p, mlir_tk k, uint32_t max)
{
	mlir_lex look = p->lx;
	look.diag = NULL;
	uint32_t n = 0;
	while (look.t.k == k && n <= max) {
		n++;
		if (!mlir_next(&look) || !mlir_is_punct(&look, ',') || !mlir_next(&look))
			break;
	}
	return n;
}

/* (%a, %b#1) */
static bool parse_operands(ps *p, uint32_t id)
{
	mlir_lex *lx = &p->lx;
	if (!mlir_expect(lx, '('))
		return false;
	if (mlir_accept(lx, ')'))
		return true;
	uint32_t cap = count_refs(p, MLIR_TK_VALUE, UINT32_MAX - 1);
	uint32_t *v = mw_alloc(p->m, cap, sizeof *v);
	if (!v)
		return false;
	p->m->ops[id].opr = v;
	do {
		mw_op *op = &p->m->ops[id];
		if (lx->t.k != MLIR_TK_VALUE || op->nopr == cap)
			return ps_fail(p, "expected an operand");
		op->nopr++;
		if (!use(p, '%', &v[op->nopr - 1]))
			return false;
	} while (mlir_accept(lx, ','));
	return mlir_expect(lx, ')');
}

/* [^a, ^b(...)]: up to 256 blocks */
static bool parse_successors(ps *p, uint32_t id)
{
	mlir_lex *lx = &p->lx;
	mlir_next(lx);
	uint32_t cap = count_refs(p, MLIR_TK_BLOCK, 256), n = 0;
	uint32_t *v = mw_alloc(p->m, cap, sizeof *v);
	mw_opx *x = v ? mw_op_x(p->m, &p->m->ops[id]) : NULL;
	if (!x)
		return false;
	x->succ = v;
	do {
		if (lx->t.k != MLIR_TK_BLOCK || n == cap || n == 256)
			return ps_fail(p, "expected a successor block");
		x->nsucc = ++n; /* use() makes no op's rarer parts: x stays */
		if (!use(p, '^', &v[n - 1]))
			return false;
	} while (mlir_accept(lx, ','));
	return mlir_expect(lx, ']');
}

/* A dictionary's entries as a named list (the op's attributes). */
static bool named_list(ps *p, mw_named **out, uint32_t *n)
{
	uint32_t d = ps_attr(p);
	if (d == MW_NONE)
		return false;
	uint32_t cnt = mw_dict_count(p->m, d);
	*out = mw_alloc(p->m, cnt, sizeof **out);
	if (!*out)
		return false;
	*n = mw_dict_entries(p->m, d, *out, cnt);
	return true;
}

static bool parse_regions(ps *p, uint32_t id);

/* ': (inputs) -> results' : the result types of the op. */
static bool parse_signature(ps *p, uint32_t id, const results *rs)
{
	mlir_lex *lx = &p->lx;
	size_t in, out;
	uint32_t nin, nout, one;
	if (!mlir_expect(lx, ':') || !mlir_expect(lx, '(') || !ps_types(p, ')', &in, &nin) ||
	    !mlir_expect(lx, 'A'))
		return false;
	p->ntys = in;
	const uint32_t *outv = &one;
	if (mlir_accept(lx, '(')) {
		if (!ps_types(p, ')', &out, &nout))
			return false;
		outv = p->tys + out;
		p->ntys = out;
	} else {
		if ((one = ps_type(p)) == MW_NONE)
			return false;
		nout = 1;
	}
	mw_op *op = &p->m->ops[id];
	if (nin != op->nopr)
		return ps_fail(p, "%u operands but %u operand types", op->nopr, nin);
	if (nout != rs->total)
		return ps_fail(p, "%u results named but %u result types", rs->total, nout);
	op->nres = nout;
	op->first_res = mw_new_values(p->m, nout, id, false);
	for (uint32_t i = 0; i < nout && ok(p); i++)
		p->m->values[op->first_res + i].type = outv[i];
	return ok(p);
}

static bool define_results(ps *p, uint32_t id, const results *rs)
{
	uint32_t v = p->m->ops[id].first_res;
	for (uint32_t i = 0; i < rs->n; i++) {
		if (!ps_define(p, ps_name(p, '%', rs->names[i].p, rs->names[i].n), v, rs->counts[i]))
			return false;
		v += rs->counts[i];
	}
	return true;
}

/* FILE:LINE:COL of an op or a block argument, as MLIR's parser gives it.
 * These come in text order, each new, a million in a large module: they
 * are the model's own locations (mw_own_loc), no entries, where an equal
 * loc("FILE":L:C) written in the text finds them (ps_file_loc). Once such
 * a written one was hashed, or if the order ever breaks, they are
 * interned like any entry. */
static uint32_t op_location(ps *p, unsigned line, unsigned col)
{
	mw_module *m = p->m;
	const mw_ownloc *last = m->nown ? &m->own[m->nown - 1] : NULL;
	if (!p->file_locs_hashed &&
	    !(last && (last->line > line || (last->line == line && last->col >= col))))
		return mw_own_loc(m, line, col);
	return mw_file_loc(m, p->file_attr, line, col);
}

uint32_t ps_file_loc(ps *p, uint64_t line, uint64_t col)
{
	const mw_module *m = p->m;
	size_t lo = 0, hi = m->nown;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const mw_ownloc *e = &m->own[mid];
		if (e->line == line && e->col == col)
			return mw_own_loc_entry(p->m, (uint32_t)mid);
		if (e->line < line || (e->line == line && e->col < col))
			lo = mid + 1;
		else
			hi = mid;
	}
	p->file_locs_hashed = true;
	return MW_NONE;
}

/* Every MiB the caller hears how much of the text is read (text_read):
 * one that mapped it gives those pages back, so the text read is not held
 * while the model grows (a quarter of the peak memory when it was). */
#define PS_TEXT_STEP ((size_t)1 << 20)

static void text_read(ps *p, size_t at)
{
	mw_module *m = p->m;
	if (m->text_read && at > p->told) {
		m->text_read(m->text_read_ctx, at);
		p->told = at;
	}
}

/* A block's ops are gathered on a heap scratch stack while it is read
 * (a nested region's above them, popped before the block goes on) and
 * given their exact room in the arena when it ends: grown there, each
 * block's list left every smaller copy behind (13 of the arena's 25 MB on
 * 50,000 functions). base: where the block's ops start on the stack. */
static bool end_block(ps *p, mw_region *r, size_t base)
{
	size_t k = p->nbops - base;
	if (!k)
		return true;
	uint32_t *v = mw_alloc(p->m, k, sizeof *v);
	if (!v)
		return false;
	memcpy(v, p->bops + base, k * sizeof *v);
	mw_block *blk = &r->blocks[r->nblocks - 1];
	blk->ops = v;
	blk->nops = blk->cops = (uint32_t)k;
	p->nbops = base;
	return true;
}

static bool parse_op(ps *p, uint32_t parent)
{
	mlir_lex *lx = &p->lx;
	if ((size_t)(lx->t.s - lx->src) - p->told >= PS_TEXT_STEP)
		text_read(p, (size_t)(lx->t.s - lx->src));
	results rs;
	if (!parse_results(p, &rs))
		return false;
	if (lx->t.k != MLIR_TK_STR)
		return ps_fail(p, "expected an operation name in quotes");
	uint32_t id = mw_new_op(p->m, parent);
	if (id == MW_NONE || !MW_HEAP_ROOM(p->m, p->bops, p->nbops, p->cbops))
		return false;
	p->bops[p->nbops++] = id;
	long n = ps_unescape(p);
	if (n < 0)
		return false;
	p->m->ops[id].name = mw_opname_id(p->m, p->sbuf, (size_t)n, -1);
	p->m->ops[id].loc = op_location(p, lx->t.line, lx->t.col);
	p->m->ops[id].line = lx->t.line;
	p->m->ops[id].col = lx->t.col;
	mlir_next(lx);
	if (!parse_operands(p, id))
		return false;
	if (mlir_is_punct(lx, '[') && !parse_successors(p, id))
		return false;
	if (mlir_accept(lx, '<')) {
		if (!mlir_is_punct(lx, '{'))
			return ps_fail(p, "expected '<{' properties");
		/* the dictionary only: its list is made when the op is written */
		uint32_t d = ps_attr(p);
		if (d == MW_NONE || !mlir_expect(lx, '>'))
			return false;
		p->m->ops[id].props_attr = d;
	}
	if (mlir_is_punct(lx, '(') && !parse_regions(p, id))
		return false;
	if (mlir_is_punct(lx, '{')) {
		mw_named *attrs;
		uint32_t nattrs;
		mw_opx *x = named_list(p, &attrs, &nattrs) ? mw_op_x(p->m, &p->m->ops[id]) : NULL;
		if (!x)
			return false;
		x->attrs = attrs;
		x->nattrs = nattrs;
	}
	if (!parse_signature(p, id, &rs))
		return false;
	if (mlir_is_id(lx, "loc")) {
		mlir_next(lx);
		uint32_t loc = ps_loc(p);
		if (loc == MW_NONE)
			return false;
		p->m->ops[id].loc = loc;
	}
	p->m->ops[id].end = p->m->nops - 1;
	return define_results(p, id, &rs);
}

/* ^name(%a: type loc(...), ...): */
static bool block_label(ps *p, mw_region *r, uint32_t owner)
{
	mlir_lex *lx = &p->lx;
	if (!ps_define(p, ps_name(p, '^', lx->t.p, lx->t.n), r->nblocks, 1))
		return false;
	mw_block *blk = mw_new_block(p->m, r);
	if (!blk || !mlir_next(lx))
		return false;
	if (mlir_accept(lx, '(')) {
		do {
			if (lx->t.k != MLIR_TK_VALUE)
				return ps_fail(p, "expected a block argument");
			mlir_tok name = lx->t;
			uint32_t v = mw_new_values(p->m, 1, owner, true);
			if (v == MW_NONE)
				return false;
			blk = &r->blocks[r->nblocks - 1];
			if (!blk->nargs)
				blk->first_arg = v;
			blk->nargs++;
			mlir_next(lx);
			uint32_t t;
			if (!mlir_expect(lx, ':') || (t = ps_type(p)) == MW_NONE)
				return false;
			p->m->values[v].type = t;
			p->m->values[v].loc = op_location(p, name.line, name.col);
			if (mlir_is_id(lx, "loc")) {
				mlir_next(lx);
				if ((p->m->values[v].loc = ps_loc(p)) == MW_NONE)
					return false;
			}
			if (!ps_define(p, ps_name(p, '%', name.p, name.n), v, 1))
				return false;
		} while (mlir_accept(lx, ','));
		if (!mlir_expect(lx, ')'))
			return false;
	}
	return mlir_expect(lx, ':');
}

static bool parse_region(ps *p, uint32_t id, uint32_t ri)
{
	mlir_lex *lx = &p->lx;
	if (p->depth >= MLIR_MAX_DEPTH)
		return ps_fail(p, "regions nest deeper than %u", MLIR_MAX_DEPTH);
	if (!mlir_expect(lx, '{'))
		return false;
	p->depth++;
	scope_mark mk = {p->ndefs, p->npend};
	mw_region *r = &p->m->ops[id].regions[ri];
	size_t base = p->nbops;
	if (!mlir_is_punct(lx, '}') && lx->t.k != MLIR_TK_BLOCK && !mw_new_block(p->m, r))
		return false;
	while (ok(p) && !mlir_is_punct(lx, '}')) {
		if (lx->t.k == MLIR_TK_BLOCK) {
			if (!end_block(p, r, base) || !block_label(p, r, id))
				return false;
			continue;
		}
		if (lx->t.k == MLIR_TK_EOF)
			return ps_fail(p, "expected '}' to end the region");
		if (!parse_op(p, id))
			return false;
		r = &p->m->ops[id].regions[ri];
	}
	if (!end_block(p, r, base))
		return false;
	close_scope(p, mk);
	p->depth--;
	return mlir_expect(lx, '}');
}

/* Up to 64 regions; the array grows between regions (nothing points into
 * it while one is read), most ops having one. */
static bool parse_regions(ps *p, uint32_t id)
{
	mlir_lex *lx = &p->lx;
	mlir_next(lx);
	size_t cap = 0;
	do {
		mw_op *op = &p->m->ops[id];
		if (op->nregions == 64)
			return ps_fail(p, "more than 64 regions");
		/* one slot at first: nearly every op with regions has one */
		if (!bcx_vec_room_from(p->m->arena, &op->regions, op->nregions, &cap,
				       sizeof *op->regions, 1))
			return mw_fail(p->m, BCX_ERR_NOMEM, "out of memory"), false;
		op->nregions++;
		if (!parse_region(p, id, op->nregions - 1))
			return false;
	} while (mlir_accept(lx, ','));
	return mlir_expect(lx, ')');
}

/* ------------------------------------------------------------------ */
/* Top level                                                           */
/* ------------------------------------------------------------------ */

static bool alias_def(ps *p)
{
	mlir_lex *lx = &p->lx;
	bool type = lx->t.k == MLIR_TK_BANG;
	uint32_t name = ps_name(p, type ? '!' : '#', lx->t.p, lx->t.n);
	if (ps_lookup(p, name))
		return ps_fail(p, "redefinition of alias '%.*s'", (int)lx->t.n, lx->t.p);
	mlir_next(lx);
	if (!mlir_expect(lx, '='))
		return false;
	const char *src = lx->t.s;
	uint32_t v = type ? ps_type(p) : ps_attr(p);
	if (v == MW_NONE || !ps_define(p, name, v, 1))
		return false;
	/* kept for the text entries that use the alias (asm_expand.c) */
	const char *end = lx->t.s;
	while (end > src && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\n' || end[-1] == '\r'))
		end--;
	p->defs[p->ndefs - 1].src = src;
	p->defs[p->ndefs - 1].nsrc = (size_t)(end - src);
	return true;
}

/* "0x" + alignment (4 bytes LE) + data, or true/false, or a string. */
static bool resource_value(ps *p, mw_resource *r)
{
	mlir_lex *lx = &p->lx;
	if (mlir_is_id(lx, "true") || mlir_is_id(lx, "false")) {
		r->kind = MBC_RES_BOOL;
		r->value = mlir_is_id(lx, "true");
		return mlir_next(lx);
	}
	if (lx->t.k != MLIR_TK_STR)
		return ps_fail(p, "expected a resource value");
	const mlir_tok *t = &lx->t;
	if (t->n >= 10 && t->p[0] == '0' && t->p[1] == 'x') {
		size_t nb = (t->n - 2) / 2;
		uint8_t *d = mw_alloc(p->m, nb, 1);
		for (size_t i = 0; d && i < nb; i++) {
			int a = mlir_hexval(t->p[2 + 2 * i]), b = mlir_hexval(t->p[3 + 2 * i]);
			if (a < 0 || b < 0)
				return ps_fail(p, "invalid hex in a resource blob");
			d[i] = (uint8_t)(a * 16 + b);
		}
		if (!d)
			return false;
		r->kind = MBC_RES_BLOB;
		r->align = (uint64_t)d[0] | (uint64_t)d[1] << 8 | (uint64_t)d[2] << 16 |
			   (uint64_t)d[3] << 24;
		if (r->align == 0 || (r->align & (r->align - 1)) || r->align > 4096)
			return ps_fail(p, "resource blob alignment %llu is not a power of two up to 4096",
				       (unsigned long long)r->align);
		r->data = d + 4;
		r->ndata = nb - 4;
		return mlir_next(lx);
	}
	long n = ps_unescape(p);
	if (n < 0)
		return false;
	r->kind = MBC_RES_STRING;
	r->value = mw_string(p->m, p->sbuf, (size_t)n);
	return mlir_next(lx);
}

/* {-# dialect_resources: { dialect: { key: value, ... } } #-} */
static bool resources(ps *p)
{
	mlir_lex *lx = &p->lx;
	ps_raw_skip(p, 2);
	mlir_next(lx);
	do {
		if (!mlir_is_id(lx, "dialect_resources"))
			return ps_fail(p, "only dialect_resources are supported");
		mlir_next(lx);
		if (!mlir_expect(lx, ':') || !mlir_expect(lx, '{'))
			return false;
		while (lx->t.k == MLIR_TK_ID) {
			uint32_t d = mw_dialect_id(p->m, lx->t.p, lx->t.n);
			mlir_next(lx);
			if (!mlir_expect(lx, ':') || !mlir_expect(lx, '{'))
				return false;
			/* entries separated by commas, none after the last (MLIR's
			 * parser wants a key after each comma) */
			while (lx->t.k == MLIR_TK_ID || lx->t.k == MLIR_TK_STR) {
				uint32_t r = ps_resource(p, d, lx->t.p, lx->t.n);
				mlir_next(lx);
				if (r == MW_NONE || !mlir_expect(lx, ':') ||
				    !resource_value(p, &p->m->res[r]))
					return false;
				if (!mlir_accept(lx, ','))
					break;
				if (lx->t.k != MLIR_TK_ID && lx->t.k != MLIR_TK_STR)
					return ps_fail(p, "expected a resource key after ','");
			}
			if (!mlir_expect(lx, '}'))
				return false;
			if (mlir_accept(lx, ',') && lx->t.k != MLIR_TK_ID)
				return ps_fail(p, "expected a dialect name after ','");
		}
		if (!mlir_is_punct(lx, '}'))
			return ps_fail(p, "expected '}'");
	} while (false);
	/* the lexer stands on the last '}'; "#-}" follows */
	while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\n' || *lx->p == '\t' || *lx->p == '\r'))
		ps_raw_skip(p, 1);
	if (!ps_raw_at(p, "#-}"))
		return ps_fail(p, "expected '#-}'");
	ps_raw_skip(p, 3);
	return mlir_next(lx);
}

/* The ops at the top; one builtin.module is the root, anything else is
 * wrapped in one (at FILE:0:0, as MLIR's parser does). */
static bool top_level(ps *p)
{
	mlir_lex *lx = &p->lx;
	mw_module *m = p->m;
	uint32_t root = mw_new_op(m, MW_NONE);
	if (root == MW_NONE)
		return false;
	m->ops[root].name = mw_opname_id(m, "builtin.module", 14, 1);
	m->ops[root].loc = op_location(p, 0, 0);
	m->ops[root].regions = mw_alloc(m, 1, sizeof(mw_region));
	m->ops[root].nregions = 1;
	mw_region *r = m->ops[root].regions;
	if (!r || !mw_new_block(m, r))
		return false;
	scope_mark mk = {p->ndefs, p->npend};
	while (ok(p) && lx->t.k != MLIR_TK_EOF) {
		if (lx->t.k == MLIR_TK_HASH || lx->t.k == MLIR_TK_BANG) {
			if (!alias_def(p))
				return false;
		} else if (mlir_is_punct(lx, '{') && ps_raw_at(p, "-#")) {
			if (!resources(p))
				return false;
		} else if (!parse_op(p, root)) {
			return false;
		}
	}
	if (!end_block(p, r, 0))
		return false;
	close_scope(p, mk);
	report_unresolved(p);
	m->ops[root].end = m->nops - 1;
	return ok(p);
}

/* A single top-level builtin.module replaces the implicit one. */
static void unwrap(mw_module *m)
{
	mw_block *b = &m->ops[0].regions[0].blocks[0];
	if (b->nops != 1 || m->ops[1].nregions != 1)
		return;
	mbc_str n = mw_string_bytes(m, m->opnames[m->ops[1].name].name);
	mbc_str d = mw_string_bytes(m, m->dialects[m->opnames[m->ops[1].name].dialect].name);
	if (n.n != 6 || memcmp(n.p, "module", 6) || d.n != 7 || memcmp(d.p, "builtin", 7) ||
	    m->ops[1].nres)
		return;
	/* drop op 0: shift every op index down by one */
	memmove(m->ops, m->ops + 1, (m->nops - 1) * sizeof *m->ops);
	m->nops--;
	for (uint32_t i = 0; i < m->nops; i++) {
		mw_op *op = &m->ops[i];
		op->parent = op->parent == 0 || op->parent == MW_NONE ? MW_NONE : op->parent - 1;
		op->end--;
		for (uint32_t r = 0; r < op->nregions; r++)
			for (uint32_t k = 0; k < op->regions[r].nblocks; k++)
				for (uint32_t j = 0; j < op->regions[r].blocks[k].nops; j++)
					op->regions[r].blocks[k].ops[j]--;
	}
	for (uint32_t i = 0; i < m->nvalues; i++)
		m->values[i].owner--;
}

bcx_status mw_parse_text(mw_module *m, const char *file, const char *text, size_t n)
{
	ps p;
	memset(&p, 0, sizeof p);
	p.m = m;
	p.file = file;
	ps_names_init(&p, n);
	mlir_lex_init(&p.lx, file, text, n, m->diag);
	m->file = file;
	m->line = &p.lx.t.line;
	m->col = &p.lx.t.col;
	p.file_attr = m->own_file = mw_string_attr(m, file, strlen(file));
	if (mlir_next(&p.lx) && top_level(&p)) {
		unwrap(m);
		text_read(&p, n);
	}
	m->line = m->col = NULL;
	ps_names_free(&p);
	mw_heap_free(m, p.tys, p.ctys * sizeof *p.tys);
	mw_heap_free(m, p.lst, p.clst * sizeof *p.lst);
	mw_heap_free(m, p.bops, p.cbops * sizeof *p.bops);
	mw_heap_free(m, p.defs, p.cdefs * sizeof *p.defs);
	mw_heap_free(m, p.pend, p.cpend * sizeof *p.pend);
	if (p.lx.status != BCX_OK && m->status == BCX_OK)
		m->status = p.lx.status;
	return m->status;
}
