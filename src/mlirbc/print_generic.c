/* The generic op form exactly as mlir-opt-22 --mlir-print-op-generic
 * prints it: value names in the printer's own order (regions taken from a
 * LIFO stack, unique ids), block labels with predecessor comments,
 * properties <{...}>, aliases (#map, #distinct) at the top, or every
 * location inline with BCX_MLIRBC_DEBUGINFO (as with
 * --mlir-print-debuginfo --mlir-print-local-scope), and the dialect
 * resources at the end. Each op line is built in a small buffer and
 * streamed through bcx_out. */
#include "print.h"
#include "common/out.h"
#include "mlir/text.h"

#include <stdlib.h>
#include <string.h>

/* A string literal, without strlen. */
#define PUTS(b, lit) bcx_buf_put_bytes((b), (lit), sizeof(lit) - 1)

typedef struct body_count body_count;

typedef struct gctx {
	mbc_pctx p;
	bcx_out *out;
	bool debuginfo;
	uint32_t next_value, next_arg;
	body_count *counts;   /* see add_count */
	size_t ncounts, ccounts;
	mbc_op_hook hook;     /* mbc_print_generic_hooked's, else NULL */
	void *hook_ctx;
} gctx;

/* ---- value numbering (SSANameState with unique ids) ---- */

static void number_region(gctx *g, mbc_region *r)
{
	mbc_value *v = g->p.m->values;
	for (uint32_t b = 0; b < r->nblocks; b++) {
		mbc_block *blk = &r->blocks[b];
		for (uint32_t i = 0; i < blk->nargs; i++) {
			mbc_value *a = &v[blk->args[i]];
			a->entry_arg = b == 0;
			a->name = b == 0 ? g->next_arg++ : g->next_value++;
		}
		for (uint32_t o = 0; o < blk->nops; o++) {
			mbc_op *op = &blk->ops[o];
			if (op->nres) {
				for (uint32_t i = 0; i < op->nres; i++)
					v[op->res[i]].name = g->next_value;
				g->next_value++;
			}
		}
	}
}

/* ---- what a subtree numbers ---- */

/* The counts of the bodies the alias walk decoded, in the order it loaded
 * them, which is file order: numbering then finds them by offset instead
 * of reading those bodies' bytes once more. */
typedef struct body_count {
	uint64_t off;         /* the lazy op's nested IR section */
	mbc_vcount vc;
} body_count;

static const mbc_vcount *find_count(const gctx *g, uint64_t off)
{
	size_t lo = 0, hi = g->ncounts;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (g->counts[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->ncounts && g->counts[lo].off == off ? &g->counts[lo].vc : NULL;
}

/* A slot for the body at off, or SIZE_MAX (out of memory, or not in file
 * order: numbering then reads the bytes, as without a table). */
static size_t add_count(gctx *g, uint64_t off)
{
	const bcx_allocator *a = bcx_arena_allocator(g->p.m->arena);
	if (g->ncounts && g->counts[g->ncounts - 1].off >= off)
		return SIZE_MAX;
	if (!bcx_heap_room(a, &g->counts, g->ncounts, &g->ccounts, sizeof *g->counts, 64))
		return SIZE_MAX;
	/* zero until the walk has counted the body */
	g->counts[g->ncounts] = (body_count){off, {0, 0}};
	return g->ncounts++;
}

/* Values a region's own blocks name (not its ops' regions). */
static void count_blocks(const mbc_region *r, mbc_vcount *vc)
{
	for (uint32_t b = 0; b < r->nblocks; b++) {
		*(b == 0 ? &vc->args : &vc->values) += r->blocks[b].nargs;
		for (uint32_t o = 0; o < r->blocks[b].nops; o++)
			vc->values += r->blocks[b].ops[o].nres != 0;
	}
}

/* Everything the printer numbers below op (its regions, not op itself);
 * a lazy op from the alias walk's count or its bytes. Depth is bounded by
 * the reader. */
static bcx_status count_op(gctx *g, const mbc_op *op, mbc_vcount *vc)
{
	if (op->lazy) {
		const mbc_vcount *known = find_count(g, op->lazy_off);
		if (!known)
			return mbc_count_lazy(g->p.m, op, vc, g->p.diag);
		vc->values += known->values;
		vc->args += known->args;
		return BCX_OK;
	}
	for (uint32_t r = 0; r < op->nregions; r++) {
		const mbc_region *reg = &op->regions[r];
		count_blocks(reg, vc);
		for (uint32_t b = 0; b < reg->nblocks; b++)
			for (uint32_t o = 0; o < reg->blocks[b].nops; o++)
				BCX_TRY(count_op(g, &reg->blocks[b].ops[o], vc));
	}
	return BCX_OK;
}

/* What the LIFO stack holds: a region, or a lazy op whose regions (all
 * of them, popped one after the other) are counted from its bytes and
 * numbered when it is printed. */
typedef struct pending_region {
	mbc_region *r;
	mbc_op *lazy;
} pending_region;

typedef struct region_stack {
	pending_region *st;
	size_t n, cap;
	const bcx_allocator *a;
} region_stack;

static bool push(region_stack *s, mbc_region *r, mbc_op *lazy)
{
	if (!bcx_heap_room(s->a, &s->st, s->n, &s->cap, sizeof *s->st, 64))
		return false;
	s->st[s->n++] = (pending_region){r, lazy};
	return true;
}

static bool push_op(region_stack *s, mbc_op *op)
{
	if (op->lazy)
		return op->nregions == 0 || push(s, NULL, op);
	for (uint32_t k = 0; k < op->nregions; k++)
		if (!push(s, &op->regions[k], NULL))
			return false;
	return true;
}

/* A lazy op's regions take the next numbers: note where they start and
 * step past what they define. */
static bcx_status number_lazy(gctx *g, mbc_op *op)
{
	mbc_vcount vc = {0, 0};
	BCX_TRY(count_op(g, op, &vc));
	uint64_t v = g->next_value + vc.values, a = g->next_arg + vc.args;
	if (v > UINT32_MAX || a > UINT32_MAX)
		return bcx_diag_set(g->p.diag, BCX_ERR_LIMIT, -1, "more values than bcx numbers");
	op->first_value = g->next_value;
	op->first_arg = g->next_arg;
	g->next_value = (uint32_t)v;
	g->next_arg = (uint32_t)a;
	return BCX_OK;
}

/* Number from op's regions down, in the printer's LIFO region order. */
static bcx_status number_values(gctx *g, mbc_op *from)
{
	mbc_module *m = g->p.m;
	if (from->lazy) {
		/* numbered when it is loaded, from here on (nothing after it
		 * here needs its count) */
		from->first_value = g->next_value;
		from->first_arg = g->next_arg;
		return BCX_OK;
	}
	region_stack s = {NULL, 0, 0, bcx_arena_allocator(m->arena)};
	bcx_status st = BCX_OK;
	bool room = true;
	for (uint32_t i = 0; i < from->nregions && room; i++)
		room = push(&s, &from->regions[i], NULL);
	while (room && st == BCX_OK && s.n) {
		pending_region pr = s.st[--s.n];
		if (pr.lazy) {
			st = number_lazy(g, pr.lazy);
			continue;
		}
		mbc_region *r = pr.r;
		number_region(g, r);
		for (uint32_t b = 0; b < r->nblocks && room; b++)
			for (uint32_t o = 0; o < r->blocks[b].nops && room; o++)
				room = push_op(&s, &r->blocks[b].ops[o]);
	}
	bcx_free(s.a, s.st, s.cap * sizeof *s.st);
	if (!room)
		return bcx_diag_set(g->p.diag, BCX_ERR_NOMEM, -1, "out of memory");
	return st;
}

/* Decode a lazy op's regions for printing or the alias walk, numbering
 * their values from where number_values left room for them. */
static bcx_status load_body(gctx *g, mbc_op *op, mbc_body *b, bool number)
{
	BCX_TRY(mbc_body_load(g->p.m, op, b, g->p.diag));
	if (!number)
		return BCX_OK;
	uint32_t v = g->next_value, a = g->next_arg;
	g->next_value = op->first_value;
	g->next_arg = op->first_arg;
	bcx_status s = number_values(g, op);
	g->next_value = v;
	g->next_arg = a;
	if (s != BCX_OK)
		mbc_body_release(g->p.m, b);
	return s;
}

static void flush_line(gctx *g);

/* ---- aliases (collected in the order MLIR's alias walk visits them) ---- */

/* The alias walk, as MLIR's AliasInitializer: every attribute and type
 * the printed text holds, in the order of first visit (preorder), each
 * with its alias depth: 1 for an aliased entry holding no aliased one, 0
 * for others holding none, else one more than the deepest it holds.
 * Aliases are then defined by depth, types before attributes, by name,
 * and by order of visit, and numbered per name in that order. */
typedef struct alias_walk {
	gctx *g;
	bcx_status status;    /* a body that failed to decode */
	uint8_t *seen_a, *seen_t; /* depth + 1 once visited */
	uint32_t *order;      /* visit order: attr i as i, type j as nall + j */
	size_t n;
	unsigned depth;
} alias_walk;

static unsigned visit_type(alias_walk *w, uint32_t t);
static unsigned visit_attr(alias_walk *w, uint32_t i);

/* The depth of an entry from the deepest of its children. */
static unsigned own_depth(unsigned deepest, bool aliased)
{
	return deepest ? deepest + 1 : aliased;
}

static unsigned max_u(unsigned a, unsigned b)
{
	return a > b ? a : b;
}

/* A dialect attribute's children, for mbc_llvm_children. */
typedef struct child_walk {
	alias_walk *w;
	unsigned d;
} child_walk;

static void visit_child(void *ctx, uint32_t attr)
{
	child_walk *c = ctx;
	c->d = max_u(c->d, visit_attr(c->w, attr));
}

static unsigned visit_attr_list(alias_walk *w, const uint32_t *l, uint32_t n, uint32_t step)
{
	unsigned d = 0;
	for (uint32_t k = step - 1; k < n; k += step)
		d = max_u(d, visit_attr(w, l[k]));
	return d;
}

static unsigned visit_attr(alias_walk *w, uint32_t i)
{
	mbc_module *m = w->g->p.m;
	const mbc_ent *e, *r;
	if (i >= m->nall || w->depth > MBC_MAX_DEPTH + 8 || mbc_attr(m, i, &e, NULL) != BCX_OK)
		return 0;
	if (w->seen_a[i])
		return w->seen_a[i] - 1u;
	w->seen_a[i] = 1;
	w->order[w->n++] = i;
	w->depth++;
	unsigned d = 0;
	switch (e->code) {
	case MBC_A_ARRAY: case MBC_A_FUSED_LOC:
		d = visit_attr_list(w, e->list, e->n, 1);
		break;
	case MBC_A_DICT: /* the keys are strings: never aliased */
		d = visit_attr_list(w, e->list, e->n, 2);
		break;
	case MBC_A_FUSED_LOC_MD:
		d = visit_attr(w, e->r[0]);
		d = max_u(d, visit_attr_list(w, e->list, e->n, 1));
		break;
	case MBC_A_CALLSITE_LOC:
		d = visit_attr(w, e->r[0]);
		d = max_u(d, visit_attr(w, e->r[1]));
		break;
	case MBC_A_NAME_LOC: /* an unknown child location is not printed */
		if (mbc_attr(m, e->r[1], &r, NULL) == BCX_OK && r->code != MBC_A_UNKNOWN_LOC)
			d = visit_attr(w, e->r[1]);
		break;
	case MBC_A_STRING_TYPED: case MBC_A_TYPE: case MBC_A_DENSE_RESOURCE:
	case MBC_A_DENSE_ELEMENTS: case MBC_A_DENSE_STRINGS:
		d = visit_type(w, e->code == MBC_A_STRING_TYPED ? e->r[1] : e->r[0]);
		break;
	case MBC_A_SPARSE_ELEMENTS:
		d = visit_attr(w, e->r[1]);
		d = max_u(d, visit_attr(w, e->r[2]));
		d = max_u(d, visit_type(w, e->r[0]));
		break;
	case MBC_A_DISTINCT:
		d = visit_attr(w, e->r[0]);
		break;
	case MBC_TEXT: /* the llvm attributes named inside (llvm_text.c) */
		d = visit_attr_list(w, e->list, e->n, 1);
		break;
	case MBC_RAW: { /* the llvm dialect's, through its syntax table */
		child_walk c = {w, 0};
		mbc_llvm_children(m, e, visit_child, &c);
		d = c.d;
		break;
	}
	default:
		break;
	}
	w->depth--;
	d = own_depth(d, mbc_alias_stem(m, i, false) != NULL);
	w->seen_a[i] = (uint8_t)(d + 1);
	return d;
}

static unsigned visit_type(alias_walk *w, uint32_t i)
{
	mbc_module *m = w->g->p.m;
	const mbc_ent *e;
	if (i >= m->ntypes || w->depth > MBC_MAX_DEPTH + 8 || mbc_type(m, i, &e, NULL) != BCX_OK)
		return 0;
	if (w->seen_t[i])
		return w->seen_t[i] - 1u;
	w->seen_t[i] = 1;
	w->order[w->n++] = m->nall + i;
	w->depth++;
	unsigned d = 0;
	switch (e->code) {
	case MBC_T_FUNCTION: case MBC_T_TUPLE:
		for (uint32_t k = 0; k < e->n; k++)
			d = max_u(d, visit_type(w, e->list[k]));
		break;
	case MBC_T_MEMREF: case MBC_T_MEMREF_SPACE: case MBC_T_TENSOR: case MBC_T_TENSOR_ENC:
	case MBC_T_VECTOR: case MBC_T_VECTOR_SCALABLE: case MBC_T_COMPLEX: case MBC_T_UMEMREF:
	case MBC_T_UMEMREF_SPACE: case MBC_T_UTENSOR:
		d = visit_type(w, e->r[0]);
		if ((e->code == MBC_T_MEMREF || e->code == MBC_T_MEMREF_SPACE) &&
		    !mbc_identity_layout(&w->g->p, e->r[1], e->ndims))
			d = max_u(d, visit_attr(w, e->r[1]));
		if (e->r[2] != MBC_NONE)
			d = max_u(d, visit_attr(w, e->r[2]));
		break;
	default:
		break;
	}
	w->depth--;
	d = own_depth(d, mbc_alias_stem(m, i, true) != NULL);
	w->seen_t[i] = (uint8_t)(d + 1);
	return d;
}

static bcx_status props_of(gctx *g, const mbc_op *op, mbc_named *pr, uint32_t *n, bool *opaque)
{
	bcx_status s = mbc_op_props(g->p.m, op, pr, n, MBC_MAX_PROPS, opaque, g->p.diag);
	if (s == BCX_OK && !*opaque)
		mbc_upgrade_view(g->p.m, op, pr, n, MBC_MAX_PROPS);
	return s;
}

static void visit_op(alias_walk *w, mbc_op *op)
{
	mbc_module *m = w->g->p.m;
	mbc_body body = {0};
	if (w->status != BCX_OK)
		return;
	size_t slot = SIZE_MAX;
	if (op->lazy) {
		/* decoded for the walk and released: printing decodes it again */
		w->status = load_body(w->g, op, &body, false);
		if (w->status != BCX_OK)
			return;
		slot = add_count(w->g, op->lazy_off);
	}
	for (uint32_t r = 0; r < op->nregions; r++)
		for (uint32_t b = 0; b < op->regions[r].nblocks; b++) {
			mbc_block *blk = &op->regions[r].blocks[b];
			for (uint32_t i = 0; i < blk->nargs; i++)
				visit_type(w, blk->arg_types[i]);
			for (uint32_t i = 0; i < blk->nops; i++)
				visit_op(w, &blk->ops[i]);
		}
	for (uint32_t i = 0; i < op->nopr; i++)
		visit_type(w, m->values[op->operands[i]].type);
	for (uint32_t i = 0; i < op->nres; i++)
		visit_type(w, op->res_types[i]);
	if (op->attrs != MBC_NONE)
		visit_attr(w, op->attrs);
	mbc_named pr[MBC_MAX_PROPS];
	uint32_t n = 0;
	bool opaque;
	if (props_of(w->g, op, pr, &n, &opaque) == BCX_OK)
		for (uint32_t i = 0; i < n; i++)
			if (pr[i].attr != MBC_NONE)
				visit_attr(w, pr[i].attr);
	if (slot != SIZE_MAX) {
		/* the lazy ops inside were counted as the walk left them */
		mbc_vcount vc = {0, 0};
		if (count_op(w->g, op, &vc) == BCX_OK)
			w->g->counts[slot].vc = vc;
		else
			w->g->ncounts = slot; /* numbering reads the bytes */
	}
	mbc_body_release(m, &body);
}

/* One alias to define, with its sort key. */
typedef struct alias_def {
	unsigned depth;
	bool is_type;
	const char *stem;
	uint32_t index;       /* attribute or type index */
	size_t visit;         /* position in the walk */
} alias_def;

static int cmp_alias(const void *a, const void *b)
{
	const alias_def *x = a, *y = b;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	if (x->is_type != y->is_type)
		return x->is_type ? -1 : 1;
	int c = strcmp(x->stem, y->stem);
	if (c)
		return c;
	return (x->visit > y->visit) - (x->visit < y->visit);
}

/* The next number of a stem (stems come from one table: few). */
static int32_t next_number(const char **stems, int32_t *counts, size_t *nstems, const char *stem)
{
	size_t k = 0;
	while (k < *nstems && strcmp(stems[k], stem) != 0)
		k++;
	if (k == MBC_ALIAS_STEMS)
		return counts[k - 1]++; /* not reached: every stem is in the table */
	if (k == *nstems) {
		stems[k] = stem;
		counts[k] = 0;
		(*nstems)++;
	}
	return counts[k]++;
}

static void define_alias(gctx *g, const alias_def *a, int32_t number)
{
	bcx_buf *b = g->p.b;
	b->len = 0;
	bcx_buf_put_u8(b, a->is_type ? '!' : '#');
	bcx_buf_puts(b, a->stem);
	if (number)
		bcx_buf_put_udec(b, (uint64_t)number);
	PUTS(b, " = ");
	if (a->is_type)
		mbc_print_type_body(&g->p, a->index);
	else
		mbc_print_attr_body(&g->p, a->index, ELIDE_NEVER);
	bcx_buf_put_u8(b, '\n');
	flush_line(g);
}

/* Walk, sort and number the aliases, then print their definitions (each
 * printed with the aliases numbered before it, which are all it holds). */
static bcx_status aliases(gctx *g)
{
	mbc_module *m = g->p.m;
	bcx_arena *ar = m->arena;
	if (!mbc_may_alias(m)) {
		/* nothing can be aliased: no walk (it would decode every body) */
		g->p.aliases = false;
		return BCX_OK;
	}
	BCX_TRY(mbc_llvm_text_read(m, g->p.diag));
	if (m->nall > m->nattrs) /* distinct[N] read inside text entries get ids too */
		g->p.distinct_id = bcx_arena_calloc(ar, (size_t)m->nall + 1, sizeof(uint32_t));
	size_t total = (size_t)m->nall + m->ntypes + 1;
	alias_walk w = {g, BCX_OK, bcx_arena_calloc(ar, m->nall + 1, 1), bcx_arena_calloc(ar, m->ntypes + 1, 1),
			bcx_arena_calloc(ar, total, sizeof(uint32_t)), 0, 0};
	g->p.attr_alias = bcx_arena_calloc(ar, m->nall + 1, sizeof(int32_t));
	g->p.type_alias = bcx_arena_calloc(ar, m->ntypes + 1, sizeof(int32_t));
	if (!w.seen_a || !w.seen_t || !w.order || !g->p.attr_alias || !g->p.type_alias ||
	    !g->p.distinct_id)
		return bcx_diag_set(g->p.diag, BCX_ERR_NOMEM, -1, "out of memory");
	for (uint32_t i = 0; i < m->nall; i++)
		g->p.attr_alias[i] = -1;
	for (uint32_t i = 0; i < m->ntypes; i++)
		g->p.type_alias[i] = -1;
	visit_op(&w, &m->root);
	BCX_TRY(w.status);
	alias_def *defs = bcx_arena_alloc(ar, (w.n + 1) * sizeof *defs);
	if (!defs)
		return bcx_diag_set(g->p.diag, BCX_ERR_NOMEM, -1, "out of memory");
	size_t n = 0;
	for (size_t k = 0; k < w.n; k++) {
		uint32_t id = w.order[k];
		bool is_type = id >= m->nall;
		uint32_t idx = is_type ? id - m->nall : id;
		const char *stem = mbc_alias_stem(m, idx, is_type);
		if (stem)
			defs[n++] = (alias_def){(is_type ? w.seen_t[idx] : w.seen_a[idx]) - 1u, is_type,
						stem, idx, k};
	}
	qsort(defs, n, sizeof *defs, cmp_alias);
	const char *stems[MBC_ALIAS_STEMS];
	int32_t counts[MBC_ALIAS_STEMS];
	size_t nstems = 0;
	for (size_t k = 0; k < n; k++) {
		int32_t number = next_number(stems, counts, &nstems, defs[k].stem);
		(defs[k].is_type ? g->p.type_alias : g->p.attr_alias)[defs[k].index] = number;
		define_alias(g, &defs[k], number);
	}
	return g->p.status;
}

/* ---- ops ---- */

static void put_indent(bcx_buf *b, unsigned indent)
{
	static const char sp[] = "                                ";
	for (; indent > sizeof sp - 1; indent -= (unsigned)(sizeof sp - 1))
		bcx_buf_put_bytes(b, sp, sizeof sp - 1);
	bcx_buf_put_bytes(b, sp, indent);
}

static void put_value(gctx *g, uint32_t v)
{
	const mbc_value *val = &g->p.m->values[v];
	bcx_buf *b = g->p.b;
	bool arg = val->kind == 2 && val->entry_arg;
	if (arg)
		PUTS(b, "%arg");
	else
		bcx_buf_put_u8(b, '%');
	bcx_buf_put_udec(b, val->name);
	if (!arg && val->multi) {
		bcx_buf_put_u8(b, '#');
		bcx_buf_put_udec(b, val->res_no);
	}
}

static void flush_line(gctx *g)
{
	if (g->p.b->len == 0) /* nothing yet (its data may still be NULL) */
		return;
	bcx_out_putn(g->out, (const char *)g->p.b->data, g->p.b->len);
	g->p.emitted += g->p.b->len;
	g->p.b->len = 0;
}

static void flush_ctx(void *g)
{
	flush_line(g);
}

static void print_region(gctx *g, mbc_region *r, unsigned indent);

/* A property that is not an attribute, as MLIR 22's getPropertiesAsAttr
 * shows it (after its name); a default not in the file, as spelled. */
static void put_value_prop(bcx_buf *b, const mbc_named *p)
{
	if (p->kind == 'd')
		bcx_buf_printf(b, " = %.*s", (int)p->ntext, p->text);
	else if (p->kind == 'e')
		bcx_buf_printf(b, " = %ld : i32", (long)(int32_t)(uint32_t)p->ival);
	else if (p->kind == 'b' && !p->ival)
		PUTS(b, " = false");
	else if (p->kind == 'o' && p->present)
		bcx_buf_printf(b, " = [%lld]", (long long)p->ival);
	else if (p->kind == 'o')
		PUTS(b, " = []");
}

/* Attribute i, or false with the printer failed at its decoding error: an
 * entry that does not decode stops the print, never drops out of it. */
static bool attr_or_fail(gctx *g, uint32_t i, const mbc_ent **e)
{
	if (g->p.status != BCX_OK)
		return false;
	bcx_status s = mbc_attr(g->p.m, i, e, g->p.diag);
	if (s != BCX_OK)
		g->p.status = s;
	return s == BCX_OK;
}

/* An older release's ArrayAttr of i64 as the DenseI64ArrayAttr MLIR 22
 * holds instead (upgrades.def); false, nothing printed, when an element
 * is not an i64 integer (bcx convert refuses that file). */
static bool put_i64_array(gctx *g, uint32_t attr)
{
	mbc_module *m = g->p.m;
	const mbc_ent *a, *e, *t;
	if (mbc_attr(m, attr, &a, NULL) != BCX_OK || a->code != MBC_A_ARRAY)
		return false;
	for (uint32_t i = 0; i < a->n; i++)
		if (mbc_attr(m, a->list[i], &e, NULL) != BCX_OK || e->code != MBC_A_INTEGER ||
		    mbc_type(m, e->r[0], &t, NULL) != BCX_OK || t->code != MBC_T_INTEGER ||
		    t->u[0] != 64 || t->u[1] != 0 || e->nwords != 1)
			return false;
	PUTS(g->p.b, "array<i64");
	for (uint32_t i = 0; i < a->n; i++) {
		mbc_attr(m, a->list[i], &e, NULL);
		bcx_buf_printf(g->p.b, "%s%lld", i ? ", " : ": ", (long long)(int64_t)e->words[0]);
	}
	bcx_buf_put_u8(g->p.b, '>');
	return true;
}

static void put_props(gctx *g, const mbc_op *op)
{
	mbc_module *m = g->p.m;
	mbc_named pr[MBC_MAX_PROPS];
	uint32_t n = 0;
	bool opaque = false;
	bcx_buf *b = g->p.b;
	bcx_status s = props_of(g, op, pr, &n, &opaque);
	if (s != BCX_OK) {
		g->p.status = s;
		return;
	}
	if (opaque) {
		const mbc_prop *pp = &m->props[op->props];
		PUTS(b, " <#bcx.opaque_properties<\"0x");
		for (uint64_t i = 0; i < pp->len; i++)
			bcx_buf_printf(b, "%02X", m->data[pp->off + i]);
		PUTS(b, "\">>");
		return;
	}
	if (!n)
		return;
	if (!m->opnames[op->name].registered) {
		PUTS(b, " <");
		mbc_print_attr(&g->p, pr[0].attr, ELIDE_NEVER);
		bcx_buf_put_u8(b, '>');
		return;
	}
	PUTS(b, " <{");
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			PUTS(b, ", ");
		mbc_str name = {(const uint8_t *)pr[i].name, pr[i].len};
		mbc_print_key(&g->p, name);
		if (pr[i].kind == 't') { /* a TypeAttr prints as its type */
			PUTS(b, " = ");
			mbc_print_type(&g->p, (uint32_t)pr[i].ival);
			continue;
		}
		if (pr[i].kind) {
			put_value_prop(b, &pr[i]);
			continue;
		}
		if (pr[i].seg) {
			PUTS(b, " = array<i32");
			for (uint32_t k = 0; k < pr[i].nseg; k++)
				bcx_buf_printf(b, "%s%d", k ? ", " : ": ", pr[i].seg[k]);
			bcx_buf_put_u8(b, '>');
			continue;
		}
		const mbc_ent *v;
		if (!attr_or_fail(g, pr[i].attr, &v))
			return;
		if (v->code == MBC_A_UNIT)
			continue;
		PUTS(b, " = ");
		if (!mbc_upgrade_i64_array(m, op, &pr[i]) || !put_i64_array(g, pr[i].attr))
			mbc_print_attr(&g->p, pr[i].attr, ELIDE_NEVER);
	}
	PUTS(b, "}>");
}

/* The discardable attributes: the dictionary's entries that are not
 * inherent to MLIR 22's op (below v5, or from an older release). */
static void put_attr_dict(gctx *g, const mbc_op *op)
{
	mbc_module *m = g->p.m;
	const mbc_ent *d;
	if (op->attrs == MBC_NONE || !attr_or_fail(g, op->attrs, &d))
		return;
	bcx_buf *b = g->p.b;
	bool any = false;
	for (uint32_t i = 0; i + 1 < d->n; i += 2) {
		const mbc_ent *k, *v;
		if (!attr_or_fail(g, d->list[i], &k) || !attr_or_fail(g, d->list[i + 1], &v))
			return;
		if (mbc_is_inherent(m, op, mbc_string(m, k->r[0])))
			continue;
		if (any)
			PUTS(b, ", ");
		else
			PUTS(b, " {");
		any = true;
		mbc_print_key(&g->p, mbc_string(m, k->r[0]));
		if (v->code != MBC_A_UNIT) {
			PUTS(b, " = ");
			mbc_print_attr(&g->p, d->list[i + 1], ELIDE_NEVER);
		}
	}
	if (any)
		bcx_buf_put_u8(b, '}');
}

static void put_types(gctx *g, const uint32_t *vals, const uint32_t *types, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			PUTS(g->p.b, ", ");
		mbc_print_type(&g->p, types ? types[i] : g->p.m->values[vals[i]].type);
	}
}

static void put_signature(gctx *g, const mbc_op *op)
{
	bcx_buf *b = g->p.b;
	PUTS(b, " : (");
	put_types(g, op->operands, NULL, op->nopr);
	PUTS(b, ") -> ");
	const mbc_ent *t = NULL;
	bool bare = op->nres == 1 && mbc_type(g->p.m, op->res_types[0], &t, NULL) == BCX_OK &&
		    t->code != MBC_T_FUNCTION;
	if (!bare)
		bcx_buf_put_u8(b, '(');
	put_types(g, NULL, op->res_types, op->nres);
	if (!bare)
		bcx_buf_put_u8(b, ')');
}

static void print_op(gctx *g, mbc_op *op, unsigned indent)
{
	mbc_module *m = g->p.m;
	bcx_buf *b = g->p.b;
	mbc_body body = {0};
	if (g->p.status != BCX_OK)
		return;
	if (op->lazy) {
		/* decoded, printed and released: one isolated region at a time */
		bcx_status s = load_body(g, op, &body, true);
		if (s != BCX_OK) {
			g->p.status = s;
			return;
		}
	}
	if (g->hook) /* the line buffer is empty: the op's line begins here */
		g->hook(g->hook_ctx, op, g->out->n + b->len);
	put_indent(b, indent);
	if (op->nres && op->res) {
		bcx_buf_put_u8(b, '%');
		bcx_buf_put_udec(b, m->values[op->res[0]].name);
		if (op->nres > 1) {
			bcx_buf_put_u8(b, ':');
			bcx_buf_put_udec(b, op->nres);
		}
		PUTS(b, " = ");
	}
	const mbc_opname *on = &m->opnames[op->name];
	mlir_print_string(b, (const uint8_t *)on->full, on->full_len);
	bcx_buf_put_u8(b, '(');
	for (uint32_t i = 0; i < op->nopr; i++) {
		if (i)
			PUTS(b, ", ");
		put_value(g, op->operands[i]);
	}
	bcx_buf_put_u8(b, ')');
	if (op->nsucc) {
		bcx_buf_put_u8(b, '[');
		for (uint32_t i = 0; i < op->nsucc; i++) {
			if (i)
				PUTS(b, ", ");
			PUTS(b, "^bb");
			bcx_buf_put_udec(b, op->succ[i]);
		}
		bcx_buf_put_u8(b, ']');
	}
	put_props(g, op);
	if (op->nregions) {
		PUTS(b, " (");
		for (uint32_t i = 0; i < op->nregions; i++) {
			if (i)
				PUTS(b, ", ");
			print_region(g, &op->regions[i], indent);
		}
		bcx_buf_put_u8(b, ')');
	}
	put_attr_dict(g, op);
	put_signature(g, op);
	if (g->debuginfo) {
		bcx_buf_put_u8(b, ' ');
		mbc_print_loc(&g->p, op->loc);
	}
	bcx_buf_put_u8(b, '\n');
	flush_line(g);
	mbc_body_release(m, &body);
}

/* The predecessors of every block of a region, found in one pass over its
 * ops: block k's are from[start[k]] .. from[start[k + 1] - 1], in
 * ascending order (the blocks are visited in order), one entry per
 * successor slot, as MLIR lists them. */
typedef struct preds {
	uint32_t *start;      /* nblocks + 1 */
	uint32_t *from;
	size_t size;          /* bytes of the one allocation */
} preds;

static void count_succ(const mbc_region *r, uint32_t *start)
{
	for (uint32_t b = 0; b < r->nblocks; b++)
		for (uint32_t o = 0; o < r->blocks[b].nops; o++) {
			const mbc_op *op = &r->blocks[b].ops[o];
			for (uint32_t s = 0; s < op->nsucc; s++)
				if (op->succ[s] < r->nblocks)
					start[op->succ[s] + 1]++;
		}
}

static void fill_preds(const mbc_region *r, preds *pr)
{
	uint32_t *next = pr->from + pr->start[r->nblocks]; /* a cursor per block */
	memcpy(next, pr->start, r->nblocks * sizeof *next);
	for (uint32_t b = 0; b < r->nblocks; b++)
		for (uint32_t o = 0; o < r->blocks[b].nops; o++) {
			const mbc_op *op = &r->blocks[b].ops[o];
			for (uint32_t s = 0; s < op->nsucc; s++)
				if (op->succ[s] < r->nblocks)
					pr->from[next[op->succ[s]]++] = b;
		}
}

/* Linear in the region's ops and successors; false when out of memory. */
static bool find_preds(gctx *g, const mbc_region *r, preds *pr)
{
	const bcx_allocator *a = g->p.m->pool.a;
	size_t nb = (size_t)r->nblocks + 1, n = 0, size;
	memset(pr, 0, sizeof *pr);
	for (uint32_t b = 0; b < r->nblocks; b++)
		for (uint32_t o = 0; o < r->blocks[b].nops; o++)
			n += r->blocks[b].ops[o].nsucc;
	/* start[nb], from[n], then next[nb - 1] for fill_preds */
	if (!bcx_add_ok(n, 2 * nb, &size) || !bcx_mul_ok(size, sizeof(uint32_t), &size))
		return false;
	pr->start = bcx_alloc(a, size);
	if (!pr->start)
		return false;
	pr->size = size;
	memset(pr->start, 0, nb * sizeof *pr->start);
	count_succ(r, pr->start);
	for (size_t k = 1; k < nb; k++)
		pr->start[k] += pr->start[k - 1];
	pr->from = pr->start + nb;
	fill_preds(r, pr);
	return true;
}

/* "  // pred: ^bb0" and friends for block k. */
static void put_preds(gctx *g, const preds *pr, uint32_t k)
{
	bcx_buf *out = g->p.b;
	uint32_t i = pr->start[k], n = pr->start[k + 1] - i;
	if (n == 0) {
		if (k)
			PUTS(out, "  // no predecessors");
		return;
	}
	if (n == 1) {
		PUTS(out, "  // pred: ^bb");
		bcx_buf_put_udec(out, pr->from[i]);
		return;
	}
	PUTS(out, "  // ");
	bcx_buf_put_udec(out, n);
	PUTS(out, " preds: ");
	for (uint32_t j = 0; j < n; j++) {
		if (j)
			PUTS(out, ", ");
		PUTS(out, "^bb");
		bcx_buf_put_udec(out, pr->from[i + j]);
	}
}

static void print_block(gctx *g, mbc_region *r, const preds *pr, uint32_t k, unsigned indent,
			bool label)
{
	mbc_block *blk = &r->blocks[k];
	bcx_buf *b = g->p.b;
	if (label) {
		put_indent(b, indent);
		PUTS(b, "^bb");
		bcx_buf_put_udec(b, k);
		if (blk->nargs) {
			bcx_buf_put_u8(b, '(');
			for (uint32_t i = 0; i < blk->nargs; i++) {
				if (i)
					PUTS(b, ", ");
				put_value(g, blk->args[i]);
				PUTS(b, ": ");
				mbc_print_type(&g->p, blk->arg_types[i]);
				if (g->debuginfo) {
					bcx_buf_put_u8(b, ' ');
					if (blk->arg_locs[i] == MBC_NONE)
						PUTS(b, "loc(unknown)");
					else
						mbc_print_loc(&g->p, blk->arg_locs[i]);
				}
			}
			bcx_buf_put_u8(b, ')');
		}
		bcx_buf_put_u8(b, ':');
		put_preds(g, pr, k);
		bcx_buf_put_u8(b, '\n');
	}
	flush_line(g);
	for (uint32_t i = 0; i < blk->nops; i++)
		if (!mbc_upgrade_hidden(g->p.m, &blk->ops[i]))
			print_op(g, &blk->ops[i], indent + 2);
}

static void print_region(gctx *g, mbc_region *r, unsigned indent)
{
	bcx_buf *b = g->p.b;
	PUTS(b, "{\n");
	if (r->nblocks) {
		preds pr;
		if (!find_preds(g, r, &pr)) {
			mbc_pfail(&g->p, BCX_ERR_NOMEM, "out of memory");
			return;
		}
		const mbc_block *e = &r->blocks[0];
		bool no_ops = e->nops == 0 || (e->nops == 1 && mbc_upgrade_hidden(g->p.m, &e->ops[0]));
		print_block(g, r, &pr, 0, indent, no_ops || e->nargs != 0);
		for (uint32_t k = 1; k < r->nblocks; k++)
			print_block(g, r, &pr, k, indent, true);
		bcx_free(g->p.m->pool.a, pr.start, pr.size);
	}
	put_indent(b, indent);
	bcx_buf_put_u8(b, '}');
}

/* ---- resources ---- */

static void put_resource(gctx *g, const mbc_resource *r)
{
	bcx_buf *b = g->p.b;
	PUTS(b, "      ");
	mbc_print_key(&g->p, mbc_string(g->p.m, r->key));
	PUTS(b, ": ");
	if (r->kind == MBC_RES_BOOL) {
		bcx_buf_puts(b, r->value ? "true" : "false");
	} else if (r->kind == MBC_RES_STRING) {
		mbc_str s = mbc_string(g->p.m, (uint32_t)r->value);
		mlir_print_string(b, s.p, s.n);
	} else {
		PUTS(b, "\"0x");
		uint32_t al = (uint32_t)r->align;
		for (int i = 0; i < 4; i++)
			bcx_buf_printf(b, "%02X", (al >> (8 * i)) & 0xff);
		for (uint64_t i = 0; i < r->ndata; i++)
			bcx_buf_printf(b, "%02X", r->data[i]);
		bcx_buf_put_u8(b, '"');
	}
	flush_line(g);
}

static void resource_group(gctx *g, bool external, bool *first_section)
{
	mbc_module *m = g->p.m;
	bcx_buf *b = g->p.b;
	bool open = false;
	uint32_t group = MBC_NONE;
	for (uint32_t i = 0; i < m->nres; i++) {
		const mbc_resource *r = &m->res[i];
		if (r->external != external || r->size == 0)
			continue;
		if (!open) {
			bcx_buf_puts(b, *first_section ? "\n{-#\n" : ",\n");
			bcx_buf_puts(b, external ? "  external_resources: {\n" : "  dialect_resources: {\n");
			*first_section = false;
			open = true;
		} else if (r->group == group) {
			PUTS(b, ",\n");
		}
		if (r->group != group) {
			if (group != MBC_NONE)
				PUTS(b, "\n    },\n");
			mbc_str s = mbc_string(m, external ? r->group : m->dialects[r->group].name);
			PUTS(b, "    ");
			mbc_print_key(&g->p, s);
			PUTS(b, ": {\n");
			group = r->group;
		}
		put_resource(g, r);
	}
	if (open)
		PUTS(b, "\n    }\n  }");
	flush_line(g);
}

static void resources(gctx *g)
{
	bool first = true;
	resource_group(g, false, &first);
	resource_group(g, true, &first);
	if (!first)
		PUTS(g->p.b, "\n#-}\n");
	flush_line(g);
}

/* Types print from their kept text from here on (the aliases are fixed). */
static bcx_status keep_type_text(gctx *g)
{
	mbc_module *m = g->p.m;
	g->p.type_text = bcx_arena_calloc(m->arena, (size_t)m->ntypes + 1, sizeof *g->p.type_text);
	return g->p.type_text ? BCX_OK : bcx_diag_set(g->p.diag, BCX_ERR_NOMEM, -1, "out of memory");
}

/* The printer of module m into sink: its output, its line buffer and the
 * distinct-attribute ids; gen_close flushes and frees them. */
static bcx_status gen_open(gctx *g, bcx_buf *line, bcx_mlirbc_module *m, unsigned flags,
			   const bcx_sink *sink, bcx_diag *diag)
{
	bcx_buf_init(line, bcx_arena_allocator(m->arena));
	*g = (gctx){.p = {.m = m, .diag = diag, .b = line, .status = BCX_OK},
		    .debuginfo = (flags & BCX_MLIRBC_DEBUGINFO) != 0};
	g->out = bcx_alloc(bcx_arena_allocator(m->arena), sizeof *g->out);
	if (g->out)
		bcx_out_init(g->out, sink);
	g->p.max_out = mbc_out_max(m);
	g->p.flush = flush_ctx;
	g->p.flush_ctx = g;
	g->p.distinct_id = bcx_arena_calloc(m->arena, m->nattrs + 1, sizeof(uint32_t));
	return g->out && g->p.distinct_id ? BCX_OK
					  : bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
}

/* The print's status s, with a failed line buffer or write reported. */
static bcx_status gen_close(gctx *g, bcx_status s)
{
	const bcx_allocator *a = bcx_arena_allocator(g->p.m->arena);
	if (s == BCX_OK && g->p.b->status != BCX_OK)
		s = bcx_diag_set(g->p.diag, g->p.b->status, -1, "out of memory");
	if (g->out) {
		bcx_out_flush(g->out);
		if (s == BCX_OK && bcx_out_status(g->out) != BCX_OK)
			s = bcx_diag_set(g->p.diag, bcx_out_status(g->out), -1, "write failed");
	}
	bcx_buf_free(g->p.b);
	bcx_free(a, g->out, sizeof *g->out);
	bcx_free(a, g->counts, g->ccounts * sizeof *g->counts);
	return s;
}

bcx_status bcx_mlirbc_print_generic(bcx_mlirbc_module *m, unsigned flags, const bcx_sink *sink,
				    bcx_diag *diag)
{
	return mbc_print_generic_hooked(m, flags, sink, NULL, NULL, diag);
}

bcx_status mbc_print_generic_hooked(bcx_mlirbc_module *m, unsigned flags, const bcx_sink *sink,
				    mbc_op_hook hook, void *hook_ctx, bcx_diag *diag)
{
	if (!m || !sink)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no module or no sink");
	/* below version 2 the whole IR was decoded at open; above, each
	 * isolated region is decoded when printed (and for the alias walk) */
	gctx g;
	bcx_buf line;
	bcx_status s = gen_open(&g, &line, m, flags, sink, diag);
	g.hook = hook;
	g.hook_ctx = hook_ctx;
	/* the alias walk first: numbering takes the counts of the bodies it
	 * decoded */
	if (s == BCX_OK && !g.debuginfo) {
		g.p.aliases = true;
		s = aliases(&g);
	}
	if (s == BCX_OK)
		s = number_values(&g, &m->root);
	if (s == BCX_OK)
		s = keep_type_text(&g);
	if (s == BCX_OK) {
		print_op(&g, &m->root, 0);
		/* mlir-opt's layout: local scope prints no resources and no
		 * closing empty line */
		if (!g.debuginfo) {
			resources(&g);
			bcx_out_putc(g.out, '\n');
		}
		s = g.p.status;
	}
	return gen_close(&g, s);
}

/* ---- one top-level symbol (bcx dis --function) ---- */

static bool is_sym_name(mbc_module *m, uint32_t attr, const char *name, size_t len)
{
	const mbc_ent *e;
	if (attr == MBC_NONE || mbc_attr(m, attr, &e, NULL) != BCX_OK ||
	    (e->code != MBC_A_STRING && e->code != MBC_A_STRING_TYPED))
		return false;
	mbc_str s = mbc_string(m, e->r[0]);
	return s.n == len && memcmp(s.p, name, len) == 0;
}

/* Whether op's sym_name (a property, or in its attribute dictionary) is
 * name. */
static bool names_symbol(mbc_module *m, const mbc_op *op, const char *name, size_t len)
{
	mbc_named pr[MBC_MAX_PROPS];
	uint32_t n = 0;
	bool opaque = false;
	if (op->props != MBC_NONE &&
	    mbc_op_props_once(m, op, pr, &n, MBC_MAX_PROPS, &opaque, NULL) == BCX_OK && !opaque)
		for (uint32_t i = 0; i < n; i++)
			if (pr[i].len == 8 && memcmp(pr[i].name, "sym_name", 8) == 0 && !pr[i].seg)
				return is_sym_name(m, pr[i].attr, name, len);
	const mbc_ent *d, *k;
	if (op->attrs == MBC_NONE || mbc_attr(m, op->attrs, &d, NULL) != BCX_OK)
		return false;
	for (uint32_t i = 0; i + 1 < d->n; i += 2) {
		if (mbc_attr(m, d->list[i], &k, NULL) != BCX_OK)
			continue;
		mbc_str key = mbc_string(m, k->r[0]);
		if (key.n == 8 && memcmp(key.p, "sym_name", 8) == 0)
			return is_sym_name(m, d->list[i + 1], name, len);
	}
	return false;
}

/* The names the whole-module printer has reached when it starts on the
 * regions of the op at (ri, bi, oi) of the root: regions are taken LIFO,
 * so the root regions after ri, then region ri's own values, then the
 * ops after it in ri come first. */
static bcx_status names_before(gctx *g, uint32_t ri, uint32_t bi, uint32_t oi)
{
	mbc_module *m = g->p.m;
	mbc_vcount vc = {0, 0};
	for (uint32_t r = ri + 1; r < m->root.nregions; r++) {
		count_blocks(&m->root.regions[r], &vc);
		for (uint32_t b = 0; b < m->root.regions[r].nblocks; b++)
			for (uint32_t o = 0; o < m->root.regions[r].blocks[b].nops; o++)
				BCX_TRY(count_op(g, &m->root.regions[r].blocks[b].ops[o], &vc));
	}
	mbc_region *reg = &m->root.regions[ri];
	g->next_value = (uint32_t)vc.values;
	g->next_arg = (uint32_t)vc.args;
	number_region(g, reg); /* names the operands a non-isolated op may use */
	vc = (mbc_vcount){0, 0};
	for (uint32_t b = bi; b < reg->nblocks; b++)
		for (uint32_t o = b == bi ? oi + 1 : 0; o < reg->blocks[b].nops; o++)
			BCX_TRY(count_op(g, &reg->blocks[b].ops[o], &vc));
	uint64_t v = g->next_value + vc.values, a = g->next_arg + vc.args;
	if (v > UINT32_MAX || a > UINT32_MAX)
		return bcx_diag_set(g->p.diag, BCX_ERR_LIMIT, -1, "more values than bcx numbers");
	g->next_value = (uint32_t)v;
	g->next_arg = (uint32_t)a;
	return BCX_OK;
}

bcx_status bcx_mlirbc_print_function(bcx_mlirbc_module *m, const char *name, unsigned flags,
				     const bcx_sink *sink, bcx_diag *diag)
{
	if (!m || !sink || !name)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no module, name or sink");
	BCX_TRY(mbc_materialize(m, &m->root, diag));
	size_t len = strlen(name);
	uint32_t ri = 0, bi = 0, oi = 0;
	mbc_op *op = NULL;
	for (ri = 0; ri < m->root.nregions && !op; ri++)
		for (bi = 0; bi < m->root.regions[ri].nblocks && !op; bi++)
			for (oi = 0; oi < m->root.regions[ri].blocks[bi].nops && !op; oi++)
				if (names_symbol(m, &m->root.regions[ri].blocks[bi].ops[oi], name, len))
					op = &m->root.regions[ri].blocks[bi].ops[oi];
	if (!op)
		return bcx_diag_set(diag, BCX_ERR_NOT_FOUND, -1,
				    "no symbol @%s among the ops of the top-level module", name);
	ri--, bi--, oi--; /* the loops stepped past the match */
	BCX_TRY(mbc_materialize_all(m, op, diag));
	/* no alias definitions precede one op: aliased attributes print inline */
	gctx g;
	bcx_buf line;
	bcx_status s = gen_open(&g, &line, m, flags, sink, diag);
	if (s == BCX_OK)
		s = names_before(&g, ri, bi, oi);
	if (s == BCX_OK)
		s = number_values(&g, op);
	if (s == BCX_OK)
		s = keep_type_text(&g);
	if (s == BCX_OK) {
		print_op(&g, op, 2);
		s = g.p.status;
	}
	return gen_close(&g, s);
}
