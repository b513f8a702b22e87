/* The llvm dialect's attributes that the bytecode keeps as text
 * (`di_module`, `di_common_block`, `tbaa_tag`, the `loop_*` parts: no
 * encoding in LLVMDialectBytecode.td). MLIR writes such an entry in local
 * scope, parses it on reading and prints the attributes inside with their
 * aliases. Here each llvm attribute named in the text, `#llvm.K<...>` or a
 * parameter of the syntax table's kind X without its prefix (`file = <"a"
 * in "/d">`), becomes an attribute of its own: the file's entry with the
 * same text (or, for an encoded kind, the same local-scope print), else a
 * new one past nattrs, so that equal attributes are one, as MLIR uniques
 * them, and the alias walk finds them. A `distinct[N]` inside makes the
 * text one of its entry only (MLIR parses each entry on its own). */
#include "dialect_syn.h"
#include "print.h"
#include "mlir/lex.h"

#include <string.h>

typedef struct tkey {
	uint64_t h;
	const uint8_t *k;
	size_t n;
	uint32_t scope;       /* the entry whose text holds it, or UINT32_MAX */
	uint32_t idx;         /* attribute + 1, 0 an empty slot */
} tkey;

typedef struct tkid {
	uint32_t idx;
	uint64_t start, end;
	bool stripped;
} tkid;

typedef struct tctx {
	mbc_module *m;
	const bcx_allocator *a;
	uint32_t llvm;        /* the llvm dialect's index */
	tkey *tab;            /* open addressing, a power of two */
	size_t cap, used;
	tkid *kids;           /* a stack: a node's children above its parent's */
	size_t nkids, ckids;
	/* What the new attributes may take (entries, slots, keys, copies) and
	 * what the keys of the file's encoded ones may: bytes left, each a
	 * multiple of the input, so memory stays bounded by it */
	uint64_t budget, seed_budget;
	uint32_t root;        /* the file entry being read */
	bool nomem;
} tctx;

static const char PREFIX[] = "#llvm.";
#define NPREFIX (sizeof PREFIX - 1)

static bool has_distinct(const uint8_t *s, size_t n)
{
	static const char d[] = "distinct[";
	for (size_t i = 0; i + sizeof d - 1 <= n; i++)
		if (s[i] == 'd' && memcmp(s + i, d, sizeof d - 1) == 0)
			return true;
	return false;
}

static bool grow_tab(tctx *x)
{
	size_t cap = x->cap ? x->cap * 2 : 64;
	tkey *t = bcx_alloc(x->a, cap * sizeof *t);
	if (!t)
		return !(x->nomem = true);
	memset(t, 0, cap * sizeof *t);
	for (size_t i = 0; i < x->cap; i++) {
		if (!x->tab[i].idx)
			continue;
		size_t j = (size_t)(x->tab[i].h >> 32) & (cap - 1);
		while (t[j].idx)
			j = (j + 1) & (cap - 1);
		t[j] = x->tab[i];
	}
	bcx_free(x->a, x->tab, x->cap * sizeof *x->tab);
	x->tab = t;
	x->cap = cap;
	return true;
}

/* The slot of a key: its entry, or the empty slot where it goes. */
static tkey *find(tctx *x, const uint8_t *k, size_t n, uint32_t scope, uint64_t h)
{
	size_t j = (size_t)(h >> 32) & (x->cap - 1);
	for (;; j = (j + 1) & (x->cap - 1)) {
		tkey *t = &x->tab[j];
		if (!t->idx || (t->h == h && t->n == n && t->scope == scope && memcmp(t->k, k, n) == 0))
			return t;
	}
}

static void put_key(tctx *x, const uint8_t *k, size_t n, uint32_t idx)
{
	if ((x->used + 1) * 2 > x->cap && !grow_tab(x))
		return;
	uint32_t scope = has_distinct(k, n) ? x->root : UINT32_MAX;
	uint64_t h = bcx_hash_bytes(k, n) ^ scope;
	tkey *t = find(x, k, n, scope, h);
	if (!t->idx) {
		*t = (tkey){h, k, n, scope, idx + 1};
		x->used++;
	}
}

static uint32_t get_key(tctx *x, const uint8_t *k, size_t n)
{
	uint32_t scope = has_distinct(k, n) ? x->root : UINT32_MAX;
	uint64_t h = bcx_hash_bytes(k, n) ^ scope;
	tkey *t = x->cap ? find(x, k, n, scope, h) : NULL;
	return t && t->idx ? t->idx - 1 : UINT32_MAX;
}

/* n bytes from a budget, in the module's arena */
static uint8_t *take(tctx *x, uint64_t *budget, size_t n)
{
	if (n > *budget)
		return NULL;
	uint8_t *p = bcx_arena_alloc(x->m->arena, n ? n : 1);
	x->nomem |= p == NULL;
	if (p)
		*budget -= n;
	return p;
}

/* What a new attribute costs: its entry, its slot and its key (the
 * slots and the table are doubled as they grow). */
#define NODE_COST (sizeof(mbc_ent) + 2 * sizeof(mbc_slot) + 2 * sizeof(tkey))

/* A new attribute past the file's: a text entry of the llvm dialect. */
static uint32_t add_node(tctx *x, const uint8_t *text, size_t n, uint64_t off)
{
	mbc_module *m = x->m;
	if (m->nall == UINT32_MAX - 1 || x->budget < NODE_COST)
		return UINT32_MAX;
	x->budget -= NODE_COST;
	if (!bcx_vec_room(m->arena, &m->attrs, m->nall, &m->cattrs, sizeof *m->attrs))
		return x->nomem = true, UINT32_MAX;
	mbc_ent *e = bcx_arena_alloc(m->arena, sizeof *e);
	if (!e)
		return x->nomem = true, UINT32_MAX;
	*e = (mbc_ent){.off = off, .dialect = x->llvm, .code = MBC_TEXT, .blob = text, .nblob = n};
	m->attrs[m->nall] = (mbc_slot){off, 0, x->llvm, e};
	return m->nall++;
}

static void scan(tctx *x, mbc_ent *e, unsigned depth);

/* The end of the balanced <...> at the current token, NULL if none. */
static const char *balanced_end(mlir_lex *lx)
{
	unsigned level = 0;
	do {
		if (lx->t.k == MLIR_TK_EOF)
			return NULL;
		if (lx->t.k != MLIR_TK_PUNCT)
			continue;
		if (strchr("<([{", lx->t.ch))
			level++;
		else if (strchr(">)]}", lx->t.ch) && --level == 0)
			return lx->t.p + 1;
	} while (mlir_next(lx));
	return NULL;
}

/* The attribute of the text start..end (target: the kind's mnemonic when
 * the text lacks its prefix), pushed as a child of the node being read. */
static bool child(tctx *x, const mbc_ent *parent, const char *start, const char *end,
		  const char *target, unsigned depth)
{
	size_t n = (size_t)(end - start), tn = target ? strlen(target) : 0;
	const uint8_t *key = (const uint8_t *)start;
	if (target) {
		uint8_t *k = take(x, &x->budget, NPREFIX + tn + n);
		if (!k)
			return false;
		memcpy(k, PREFIX, NPREFIX);
		memcpy(k + NPREFIX, target, tn);
		memcpy(k + NPREFIX + tn, start, n);
		key = k;
		n += NPREFIX + tn;
	}
	uint32_t idx = get_key(x, key, n);
	if (idx == UINT32_MAX) {
		idx = add_node(x, key, n, parent->off);
		if (idx == UINT32_MAX)
			return false;
		put_key(x, key, n, idx);
	}
	mbc_ent *e = x->m->attrs[idx].e;
	if (e && e->code == MBC_TEXT && depth < MBC_MAX_DEPTH)
		scan(x, e, depth + 1);
	if (!BCX_VEC_ROOM(x->m->arena, x->kids, x->nkids, x->ckids))
		return !(x->nomem = true);
	uint64_t at = (uint64_t)(start - (const char *)parent->blob);
	x->kids[x->nkids++] = (tkid){idx, at, at + (uint64_t)(end - start), target != NULL};
	return true;
}

/* Is the token #llvm.mnemonic? */
static bool is_llvm_tok(const mlir_tok *t)
{
	return t->k == MLIR_TK_HASH && t->n > NPREFIX - 1 && memcmp(t->p, PREFIX + 1, NPREFIX - 1) == 0;
}

static const mbc_dpar *param(const mbc_dsyn *s, const mlir_tok *t)
{
	for (uint32_t k = 0; s && t->k == MLIR_TK_ID && k < s->npar; k++)
		if (strlen(s->par[k].name) == t->n && memcmp(s->par[k].name, t->p, t->n) == 0)
			return &s->par[k];
	return NULL;
}

/* At `distinct[N]`: the lexer on the `<` after it, or false. */
static bool distinct_head(mlir_lex *lx)
{
	if (!mlir_is_id(lx, "distinct") || mlir_peek(lx).k != MLIR_TK_PUNCT || mlir_peek(lx).ch != '[')
		return false;
	mlir_next(lx);
	mlir_next(lx);
	return lx->t.k == MLIR_TK_INT && mlir_next(lx) && mlir_is_punct(lx, ']') && mlir_next(lx) &&
	       mlir_is_punct(lx, '<');
}

/* The child at the current token, an llvm attribute whole, the body of
 * parameter par's kind X without its prefix, or a `distinct[N]<...>`
 * (printed with the printer's own N), read up to its end: 1; 0 none
 * there; -1 text that does not read. */
static int token(tctx *x, mbc_ent *e, mlir_lex *lx, const mbc_dpar *par, unsigned depth)
{
	const char *start = lx->t.s;
	const char *target = NULL;
	if (par && par->kind == 'X' && mlir_is_punct(lx, '<')) {
		target = par->target;
	} else if (is_llvm_tok(&lx->t) && mlir_peek(lx).k == MLIR_TK_PUNCT && mlir_peek(lx).ch == '<') {
		mlir_next(lx);
	} else if (mlir_is_id(lx, "distinct")) {
		if (!distinct_head(lx))
			return -1;
	} else {
		return 0;
	}
	const char *end = balanced_end(lx);
	return end && child(x, e, start, end, target, depth) ? 1 : -1;
}

/* Read a text entry's children into its list and words (once). */
static void scan(tctx *x, mbc_ent *e, unsigned depth)
{
	if (e->u[1] || x->nomem)
		return;
	e->u[1] = 1;
	mlir_lex lx;
	mlir_lex_init(&lx, NULL, (const char *)e->blob, (size_t)e->nblob, NULL);
	if (!mlir_next(&lx) || (!is_llvm_tok(&lx.t) && !mlir_is_id(&lx, "distinct")))
		return;
	/* NULL for a kind of no table row: its parameters are not known, the
	 * llvm attributes written whole inside still are */
	const mbc_dsyn *s = lx.t.k == MLIR_TK_HASH
				    ? mbc_dsyn_by_mnemonic(lx.t.p + NPREFIX - 1, lx.t.n - (NPREFIX - 1))
				    : NULL;
	size_t base = x->nkids;
	unsigned level = 0;
	mlir_tok prev = lx.t;
	const mbc_dpar *par = NULL; /* the parameter whose value is being read */
	int got = 0;
	while (got >= 0 && mlir_next(&lx) && lx.t.k != MLIR_TK_EOF) {
		/* a value of par starts after `=`, a list's next one after `,`
		 * (tbaa's members: in braces) */
		bool value = prev.k == MLIR_TK_PUNCT && strchr("=,{", prev.ch) && level <= 2;
		if (level == 1 && mlir_is_punct(&lx, '='))
			par = param(s, &prev);
		else if ((got = token(x, e, &lx, value ? par : NULL, depth)) != 0)
			; /* a child, read to its end */
		else if (lx.t.k == MLIR_TK_PUNCT && strchr("<([{", lx.t.ch))
			level++;
		else if (lx.t.k == MLIR_TK_PUNCT && strchr(">)]}", lx.t.ch) && level-- == 0)
			got = -1;
		prev = lx.t;
	}
	bool good = got >= 0;
	size_t n = x->nkids - base;
	if (good && lx.status == BCX_OK && level == 0 && n) {
		uint32_t *list = mbc_alloc_array(x->m->arena, n, sizeof *list);
		uint64_t *words = mbc_alloc_array(x->m->arena, n, 3 * sizeof *words);
		x->nomem |= !list || !words;
		for (size_t k = 0; list && words && k < n; k++) {
			const tkid *c = &x->kids[base + k];
			list[k] = c->idx;
			words[3 * k] = c->start;
			words[3 * k + 1] = c->end;
			words[3 * k + 2] = c->stripped;
		}
		if (list && words) {
			e->list = list;
			e->n = (uint32_t)n;
			e->words = words;
			e->nwords = (uint32_t)(3 * n);
		}
	}
	x->nkids = base;
}

static bool is_llvm(const mbc_module *m, uint32_t dialect)
{
	mbc_str d = mbc_string(m, m->dialects[dialect].name);
	return d.n == 4 && memcmp(d.p, "llvm", 4) == 0;
}

/* The file's encoded llvm attributes that MLIR aliases, keyed by their
 * local-scope print (what the text of an equal one says). */
static void key_encoded(tctx *x, uint32_t i)
{
	const mbc_ent *e;
	if (mbc_attr(x->m, i, &e, NULL) != BCX_OK || !mbc_llvm_alias(x->m, e))
		return;
	bcx_buf b;
	bcx_buf_init(&b, x->a);
	mbc_pctx p = {.m = x->m, .b = &b, .max_out = x->seed_budget};
	mbc_print_attr_body(&p, i, ELIDE_NEVER);
	uint8_t *k = p.status == BCX_OK && b.status == BCX_OK && !has_distinct(b.data, b.len)
			     ? take(x, &x->seed_budget, b.len) : NULL;
	if (k) {
		memcpy(k, b.data, b.len);
		put_key(x, k, b.len, i);
	}
	bcx_buf_free(&b);
}

bcx_status mbc_llvm_text_read(mbc_module *m, bcx_diag *diag)
{
	if (m->text_read)
		return BCX_OK;
	m->text_read = true;
	uint64_t share = (uint64_t)m->size * 32 + 65536;
	tctx x = {.m = m, .a = bcx_arena_allocator(m->arena), .budget = share, .seed_budget = share};
	uint32_t llvm = UINT32_MAX;
	for (uint32_t d = 0; d < m->ndialects && llvm == UINT32_MAX; d++)
		if (is_llvm(m, d))
			llvm = d;
	if (llvm == UINT32_MAX)
		return BCX_OK;
	x.llvm = llvm;
	bool any = false;
	for (uint32_t i = 0; i < m->nattrs; i++)
		any |= mbc_slot_dialect(&m->attrs[i]) == llvm && !mbc_slot_custom(&m->attrs[i]);
	for (uint32_t i = 0; any && i < m->nattrs && !x.nomem; i++) {
		const mbc_ent *e;
		if (mbc_slot_dialect(&m->attrs[i]) != llvm)
			continue;
		if (mbc_slot_custom(&m->attrs[i]))
			key_encoded(&x, i);
		else if (mbc_attr(m, i, &e, NULL) == BCX_OK && e->code == MBC_TEXT)
			put_key(&x, e->blob, (size_t)e->nblob, (x.root = i));
	}
	for (uint32_t i = 0; any && i < m->nattrs && !x.nomem; i++) {
		mbc_slot *sl = &m->attrs[i];
		const mbc_ent *e;
		if (mbc_slot_dialect(sl) == llvm && !mbc_slot_custom(sl) &&
		    mbc_attr(m, i, &e, NULL) == BCX_OK && e->code == MBC_TEXT) {
			x.root = i;
			scan(&x, sl->e, 0);
		}
	}
	bcx_free(x.a, x.tab, x.cap * sizeof *x.tab);
	return x.nomem ? bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory") : BCX_OK;
}
