/* The IR section (spec §10): ops, regions, blocks, value ids, use-list
 * orders. The regions of an isolated op in a v >= 2 file sit in their own
 * nested IR section; they are skipped on the first pass and decoded by
 * mbc_materialize() with a fresh value scope. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* One value scope (the root, or an isolated op's regions). */
typedef struct scope {
	uint32_t *map;        /* scope id -> global value, MBC_NONE when not yet seen */
	size_t reserved, cap; /* ids reserved by the open regions */
	size_t limit;         /* the bytes of the section: no scope holds more values */
	size_t pending_at;    /* m->pending when the scope began */
} scope;

typedef struct region_state {
	uint32_t base, nv, next, nblocks;
} region_state;

typedef struct irctx {
	mbc_module *m;
	bcx_diag *diag;
	bcx_cursor *c;
	scope *sc;
	unsigned depth;
} irctx;

static bool parse_region(irctx *x, mbc_region *r, mbc_op *owner);

static bool fail(irctx *x, bcx_status code, size_t at, const char *fmt, ...) BCX_PRINTF(4, 5);
static bool fail(irctx *x, bcx_status code, size_t at, const char *fmt, ...)
{
	char msg[BCX_DIAG_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	bcx_cur_fail_at(x->c, at, code, "%s", msg);
	return false;
}

static bool ok(irctx *x) { return bcx_cur_ok(x->c); }

/* n items of size bytes, not zeroed: from the body pool while a body is
 * loaded (mbc_body_load), else from the module's arena. */
static void *tree_alloc(mbc_module *m, size_t n, size_t size)
{
	size_t total;
	if (!bcx_mul_ok(n, size, &total))
		return NULL;
	return m->in_body ? mbc_pool_alloc(&m->pool, total) : bcx_arena_alloc(m->arena, total);
}

static void *alloc(irctx *x, size_t n, size_t size)
{
	void *p = tree_alloc(x->m, n ? n : 1, size);
	if (p)
		memset(p, 0, (n ? n : 1) * size);
	if (!p)
		bcx_cur_fail(x->c, BCX_ERR_NOMEM, "out of memory");
	return p;
}

/* Small uint32 arrays (result types, operands, results, successors, block
 * arguments) packed end to end in chunks rather than one 16-byte-aligned
 * arena allocation each (most hold one or two entries). Not zeroed: the
 * reader fills every entry before anything reads it. */
static uint32_t *u32s(irctx *x, uint32_t n)
{
	static uint32_t empty[1];
	mbc_module *m = x->m;
	if (n == 0)
		return empty;
	if (n > m->u32_left) {
		size_t want = n > 4096 ? n : 4096;
		uint32_t *p = tree_alloc(m, want, sizeof *p);
		if (!p) {
			bcx_cur_fail(x->c, BCX_ERR_NOMEM, "out of memory");
			return NULL;
		}
		m->u32_next = p;
		m->u32_left = want;
	}
	uint32_t *p = m->u32_next;
	m->u32_next += n;
	m->u32_left -= n;
	return p;
}

/* The value table grows through the allocator's realloc (not the arena,
 * which would keep every outgrown copy); freed by bcx_mlirbc_close. */
static bool values_room(mbc_module *m)
{
	return m->nvalues < (size_t)MBC_NONE &&
	       bcx_heap_room(bcx_arena_allocator(m->arena), &m->values, m->nvalues, &m->cvalues,
			     sizeof *m->values, 1024);
}

/* A new global value (zeroed), or MBC_NONE. */
static uint32_t new_value(irctx *x)
{
	mbc_module *m = x->m;
	if (m->nvalues >= MBC_NONE - 1 || !values_room(m)) {
		bcx_cur_fail(x->c, BCX_ERR_NOMEM, "out of memory");
		return MBC_NONE;
	}
	memset(&m->values[m->nvalues], 0, sizeof *m->values);
	return (uint32_t)m->nvalues++;
}

static bool reserve(irctx *x, uint32_t nv, size_t at)
{
	scope *s = x->sc;
	if (nv > s->limit - s->reserved)
		return fail(x, BCX_ERR_MALFORMED, at, "%s", "region value count exceeds the section");
	size_t need = s->reserved + nv;
	if (need && !bcx_heap_room(bcx_arena_allocator(x->m->arena), &s->map, need - 1, &s->cap,
				   sizeof *s->map, 16))
		return fail(x, BCX_ERR_NOMEM, at, "%s", "out of memory");
	for (size_t i = s->reserved; i < need; i++)
		s->map[i] = MBC_NONE;
	s->reserved = need;
	return true;
}

/* Define the next value of region rs: returns its global number. */
static uint32_t define(irctx *x, region_state *rs, size_t at)
{
	if (rs->next >= rs->base + rs->nv) {
		fail(x, BCX_ERR_MALFORMED, at, "%s",
		     "value index range was outside of the expected range for the parent region");
		return MBC_NONE;
	}
	uint32_t id = rs->next++;
	uint32_t g = x->sc->map[id];
	if (g == MBC_NONE) {
		g = new_value(x);
		if (g == MBC_NONE)
			return g;
		x->sc->map[id] = g;
	} else {
		x->m->values[g].pending = false;
		x->m->pending--;
	}
	return g;
}

/* Operand: a value id of the current scope, maybe not defined yet. */
static uint32_t use(irctx *x)
{
	size_t at = bcx_cur_offset(x->c);
	uint64_t id = mbc_varint(x->c, "operand");
	if (!ok(x))
		return 0;
	if (id >= x->sc->reserved) {
		fail(x, BCX_ERR_MALFORMED, at, "%s", "invalid value reference (out of range)");
		return 0;
	}
	uint32_t g = x->sc->map[id];
	if (g == MBC_NONE) {
		g = new_value(x);
		if (g == MBC_NONE)
			return 0;
		x->m->values[g].pending = true;
		x->m->pending++;
		x->sc->map[id] = g;
	}
	return g;
}

static bool uselists(irctx *x, uint32_t n, mbc_uselist **out, uint32_t *count)
{
	bcx_cursor *c = x->c;
	uint32_t ne = 1;
	if (n > 1) {
		size_t at = bcx_cur_offset(c);
		ne = mbc_count(c, 2, "use-list count");
		if (ok(x) && ne > n)
			return fail(x, BCX_ERR_MALFORMED, at, "%s", "more use-list orders than values");
	}
	mbc_uselist *u = alloc(x, ne, sizeof *u);
	if (!u)
		return false;
	for (uint32_t i = 0; i < ne && ok(x); i++) {
		u[i].value = n > 1 ? mbc_index(c, n, "use-list value") : 0;
		uint64_t v = mbc_varint(c, "use-list size");
		u[i].pairs = v & 1;
		size_t at = bcx_cur_offset(c);
		if (ok(x) && (v >> 1) > bcx_cur_remaining(c))
			return fail(x, BCX_ERR_TRUNCATED, at, "%s", "use-list longer than the section");
		u[i].n = (uint32_t)(v >> 1);
		u[i].idx = alloc(x, u[i].n, sizeof *u[i].idx);
		for (uint32_t k = 0; k < u[i].n && ok(x); k++)
			u[i].idx[k] = mbc_varint(c, "use-list index");
	}
	*out = u;
	*count = ne;
	return ok(x);
}

/* An attribute reference that must decode (and be a location or a
 * dictionary when asked). A location is only checked for its kind here:
 * it is decoded when printed (or by bcx_mlirbc_load_all), which keeps a
 * file's thousands of locations out of memory. */
static uint32_t attr_ref(irctx *x, const char *what, int want)
{
	size_t at = bcx_cur_offset(x->c);
	uint32_t i = mbc_index(x->c, x->m->nattrs, what);
	const mbc_ent *e = NULL;
	bool is_loc = false;
	if (!ok(x))
		return MBC_NONE;
	bcx_status s = want == 1 ? mbc_attr_is_loc(x->m, i, &is_loc, x->diag)
				 : mbc_attr(x->m, i, &e, x->diag);
	if (s != BCX_OK) {
		x->c->status = s;
		return MBC_NONE;
	}
	if (want == 1 && !is_loc)
		fail(x, BCX_ERR_MALFORMED, at, "%s is not a location", what);
	if (want == 2 && e->code != MBC_A_DICT)
		fail(x, BCX_ERR_MALFORMED, at, "%s is not a DictionaryAttr", what);
	return i;
}

static uint32_t type_ref(irctx *x, const char *what)
{
	uint32_t i = mbc_index(x->c, x->m->ntypes, what);
	const mbc_ent *e;
	bcx_status s;
	if (ok(x) && (s = mbc_type(x->m, i, &e, x->diag)) != BCX_OK)
		x->c->status = s;
	return i;
}

/* Results, operands, successors: "count, then count items". */
static uint32_t *items(irctx *x, uint32_t *n, const char *what)
{
	*n = mbc_count(x->c, 1, what);
	return ok(x) ? u32s(x, *n) : NULL;
}

static bool parse_regions(irctx *x, mbc_op *op)
{
	bool ok2 = true;
	for (uint32_t i = 0; i < op->nregions && ok2; i++)
		ok2 = parse_region(x, &op->regions[i], op);
	return ok2;
}

/* An isolated op's regions in a scope of their own. */
static bool isolated_regions(irctx *x, mbc_op *op)
{
	scope s = {0};
	s.limit = x->sc->limit;
	s.pending_at = x->m->pending;
	scope *outer = x->sc;
	x->sc = &s;
	bool r = parse_regions(x, op);
	if (r && x->m->pending != s.pending_at)
		r = fail(x, BCX_ERR_MALFORMED, bcx_cur_offset(x->c), "%s",
			 "not all forward unresolved forward operand references");
	bcx_free(bcx_arena_allocator(x->m->arena), s.map, s.cap * sizeof *s.map);
	x->sc = outer;
	return r;
}

static bool op_regions(irctx *x, mbc_op *op)
{
	mbc_module *m = x->m;
	uint64_t v = mbc_varint(x->c, "region count");
	op->isolated = v & 1;
	if (ok(x) && (v >> 1) > bcx_cur_remaining(x->c) + 1)
		return fail(x, BCX_ERR_TRUNCATED, bcx_cur_offset(x->c), "%s",
			    "more regions than bytes left");
	op->nregions = (uint32_t)(v >> 1);
	op->regions = alloc(x, op->nregions, sizeof *op->regions);
	if (!ok(x))
		return false;
	if (op->nregions == 0)
		return true;
	if (op->isolated && m->version >= 2) {
		unsigned id;
		uint64_t align;
		bcx_cursor sub;
		size_t at = bcx_cur_offset(x->c);
		if (mbc_section_hdr(x->c, &id, &sub, &align) && id != MBC_SEC_IR)
			return fail(x, BCX_ERR_MALFORMED, at, "%s",
				    "expected an IR section for the isolated regions");
		bcx_cur_join(x->c, &sub);
		op->lazy = true;
		op->lazy_off = (uint64_t)(sub.p - m->data);
		op->lazy_len = bcx_cur_remaining(&sub);
		m->nlazy++;
		return ok(x);
	}
	if (x->depth >= MBC_MAX_DEPTH)
		return fail(x, BCX_ERR_LIMIT, bcx_cur_offset(x->c), "%s", "regions nest deeper than 64");
	x->depth++;
	bool r = op->isolated ? isolated_regions(x, op) : parse_regions(x, op);
	x->depth--;
	return r;
}

static bool parse_op(irctx *x, mbc_op *op, region_state *rs)
{
	mbc_module *m = x->m;
	bcx_cursor *c = x->c;
	op->off = bcx_cur_offset(c);
	op->depth = x->depth;
	op->name = mbc_index(c, m->nopnames, "op name");
	size_t mat = bcx_cur_offset(c);
	op->mask = bcx_cur_u8(c, "op mask");
	op->attrs = op->props = MBC_NONE;
	if (ok(x) && (op->mask & 0x40) && m->version < 5)
		return fail(x, BCX_ERR_MALFORMED, mat, "%s", "op properties in a file older than version 5");
	if (ok(x) && (op->mask & 0x20) && m->version < 3)
		return fail(x, BCX_ERR_MALFORMED, mat, "%s", "use-list orders in a file older than version 3");
	op->loc = attr_ref(x, "op location", 1);
	if (op->mask & 0x01)
		op->attrs = attr_ref(x, "op attributes", 2);
	if (op->mask & 0x40) {
		op->props = mbc_index(c, m->nprops, "op properties");
		/* decoded now, as MLIR's reader does: a bad entry fails the read
		 * (not kept: the printer keeps what it prints) */
		mbc_named pr[MBC_MAX_PROPS];
		uint32_t np;
		bool opaque;
		bcx_status s;
		if (ok(x) && (s = mbc_op_props_once(m, op, pr, &np, MBC_MAX_PROPS, &opaque,
						    x->diag)) != BCX_OK)
			x->c->status = s;
	}
	if (ok(x) && (op->mask & 0x02)) {
		op->res_types = items(x, &op->nres, "result count");
		for (uint32_t i = 0; i < op->nres && ok(x); i++)
			op->res_types[i] = type_ref(x, "result type");
	}
	if (ok(x) && (op->mask & 0x04)) {
		op->operands = items(x, &op->nopr, "operand count");
		for (uint32_t i = 0; i < op->nopr && ok(x); i++)
			op->operands[i] = use(x);
	}
	if (ok(x) && (op->mask & 0x08)) {
		op->succ = items(x, &op->nsucc, "successor count");
		for (uint32_t i = 0; i < op->nsucc && ok(x); i++)
			op->succ[i] = rs ? mbc_index(c, rs->nblocks, "successor")
					 : mbc_index(c, 0, "successor");
	}
	if (ok(x) && (op->mask & 0x20))
		uselists(x, op->nres, &op->uses, &op->nuse);
	/* results are defined before the op's regions are read */
	op->res = ok(x) && rs && op->nres ? u32s(x, op->nres) : NULL; /* root: no values */
	for (uint32_t i = 0; i < op->nres && ok(x) && op->res; i++) {
		uint32_t g = define(x, rs, (size_t)op->off);
		if (g == MBC_NONE)
			break;
		op->res[i] = g;
		mbc_value *v = &m->values[g];
		v->kind = 1;
		v->type = op->res_types[i];
		v->res_no = i;
		v->multi = op->nres > 1;
	}
	m->nops++;
	if (ok(x) && (op->mask & 0x10))
		op_regions(x, op);
	return ok(x);
}

static bool parse_block(irctx *x, mbc_block *b, region_state *rs)
{
	mbc_module *m = x->m;
	bcx_cursor *c = x->c;
	uint64_t v = mbc_varint(c, "block header");
	if (ok(x) && (v >> 1) > bcx_cur_remaining(c) / 3)
		return fail(x, BCX_ERR_TRUNCATED, bcx_cur_offset(c), "%s", "more ops than bytes left");
	b->nops = (uint32_t)(v >> 1);
	if (ok(x) && (v & 1)) {
		b->nargs = mbc_count(c, 1, "argument count");
		b->arg_types = ok(x) ? u32s(x, b->nargs) : NULL;
		b->arg_locs = ok(x) ? u32s(x, b->nargs) : NULL;
		b->args = ok(x) ? u32s(x, b->nargs) : NULL;
		for (uint32_t i = 0; i < b->nargs && ok(x); i++) {
			size_t at = bcx_cur_offset(c);
			bool has_loc = true;
			if (m->version >= 4) {
				uint64_t t = mbc_varint(c, "argument type");
				has_loc = t & 1;
				if (ok(x) && (t >> 1) >= m->ntypes)
					return fail(x, BCX_ERR_MALFORMED, at, "%s", "argument type out of range");
				const mbc_ent *e;
				if (ok(x) && mbc_type(m, (uint32_t)(t >> 1), &e, x->diag) != BCX_OK) {
					x->c->status = x->diag && x->diag->code ? x->diag->code
										: BCX_ERR_MALFORMED;
					return false;
				}
				b->arg_types[i] = (uint32_t)(t >> 1);
			} else {
				b->arg_types[i] = type_ref(x, "argument type");
			}
			b->arg_locs[i] = has_loc ? attr_ref(x, "argument location", 1) : MBC_NONE;
			uint32_t g = ok(x) ? define(x, rs, at) : MBC_NONE;
			if (g == MBC_NONE)
				return false;
			b->args[i] = g;
			m->values[g].kind = 2;
			m->values[g].type = b->arg_types[i];
		}
		if (ok(x) && m->version >= 3) {
			uint8_t f = bcx_cur_u8(c, "use-list flag");
			if (ok(x) && f)
				uselists(x, b->nargs, &b->uses, &b->nuse);
		}
	}
	b->ops = ok(x) ? alloc(x, b->nops, sizeof *b->ops) : NULL;
	for (uint32_t i = 0; i < b->nops && ok(x); i++)
		parse_op(x, &b->ops[i], rs);
	return ok(x);
}

static bool parse_region(irctx *x, mbc_region *r, mbc_op *owner)
{
	(void)owner;
	bcx_cursor *c = x->c;
	r->nblocks = mbc_count(c, 1, "block count");
	if (!ok(x) || r->nblocks == 0)
		return ok(x);
	size_t at = bcx_cur_offset(c);
	r->nvalues = mbc_count(c, 1, "value count");
	r->blocks = ok(x) ? alloc(x, r->nblocks, sizeof *r->blocks) : NULL;
	if (!ok(x) || !reserve(x, r->nvalues, at))
		return false;
	region_state rs = {(uint32_t)(x->sc->reserved - r->nvalues), r->nvalues, 0, r->nblocks};
	rs.next = rs.base;
	for (uint32_t i = 0; i < r->nblocks && ok(x); i++)
		parse_block(x, &r->blocks[i], &rs);
	x->sc->reserved = rs.base; /* siblings reuse the ids */
	return ok(x);
}

static bcx_status finish(irctx *x, const char *what)
{
	if (!ok(x))
		bcx_diag_context(x->diag, "section IR%s", what);
	return x->c->status;
}

bcx_status mbc_read_ir(mbc_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	c.p = m->data + m->sec[MBC_SEC_IR].off;
	c.end = c.p + m->sec[MBC_SEC_IR].len;
	scope s = {0};
	s.limit = bcx_cur_remaining(&c);
	irctx x = {m, diag, &c, &s, 0};
	size_t at = bcx_cur_offset(&c);
	uint64_t v = mbc_varint(&c, "root block header");
	if (ok(&x) && v != 2)
		fail(&x, BCX_ERR_MALFORMED, at, "%s", "expected exactly one root op and no arguments");
	if (ok(&x))
		parse_op(&x, &m->root, NULL);
	if (ok(&x) && !bcx_cur_at_end(&c))
		fail(&x, BCX_ERR_MALFORMED, bcx_cur_offset(&c), "%s", "unexpected trailing data after the root op");
	if (ok(&x) && m->pending)
		fail(&x, BCX_ERR_MALFORMED, bcx_cur_offset(&c), "%s",
		     "not all forward unresolved forward operand references");
	bcx_free(bcx_arena_allocator(m->arena), s.map, s.cap * sizeof *s.map);
	return finish(&x, "");
}

bcx_status mbc_materialize(mbc_module *m, mbc_op *op, bcx_diag *diag)
{
	if (!op->lazy)
		return BCX_OK;
	/* a second attempt would only allocate the same tree again */
	if (op->lazy_failed)
		return bcx_diag_set(diag, (bcx_status)op->lazy_failed, (int64_t)op->lazy_off,
				    "section IR (isolated region): this region failed to decode before");
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	c.p = m->data + op->lazy_off;
	c.end = c.p + op->lazy_len;
	scope s = {0};
	s.limit = bcx_cur_remaining(&c);
	irctx x = {m, diag, &c, &s, op->depth + 1};
	size_t pending = m->pending;
	s.pending_at = pending;
	if (x.depth > MBC_MAX_DEPTH)
		fail(&x, BCX_ERR_LIMIT, (size_t)op->lazy_off, "%s", "regions nest deeper than 64");
	else
		parse_regions(&x, op);
	if (ok(&x) && !bcx_cur_at_end(&c))
		fail(&x, BCX_ERR_MALFORMED, bcx_cur_offset(&c), "%s",
		     "unexpected trailing data in an isolated region's IR section");
	if (ok(&x) && m->pending != pending)
		fail(&x, BCX_ERR_MALFORMED, bcx_cur_offset(&c), "%s",
		     "not all forward unresolved forward operand references");
	bcx_free(bcx_arena_allocator(m->arena), s.map, s.cap * sizeof *s.map);
	if (ok(&x)) {
		op->lazy = false;
		m->nlazy_loaded++;
	} else {
		/* leave the op lazy with no partial regions */
		for (uint32_t i = 0; i < op->nregions; i++)
			memset(&op->regions[i], 0, sizeof op->regions[i]);
		m->pending = pending;
		op->lazy_failed = (uint8_t)(c.status ? c.status : BCX_ERR_MALFORMED);
	}
	return finish(&x, " (isolated region)");
}

static bcx_status walk(mbc_module *m, mbc_op *op, bcx_diag *diag)
{
	BCX_TRY(mbc_materialize(m, op, diag));
	for (uint32_t r = 0; r < op->nregions; r++)
		for (uint32_t b = 0; b < op->regions[r].nblocks; b++) {
			mbc_block *blk = &op->regions[r].blocks[b];
			for (uint32_t i = 0; i < blk->nops; i++)
				BCX_TRY(walk(m, &blk->ops[i], diag));
		}
	return BCX_OK;
}

bcx_status mbc_materialize_all(mbc_module *m, mbc_op *op, bcx_diag *diag)
{
	return walk(m, op, diag);
}

/* ---- counting without decoding (bcx dis --function) ----
 * The printer numbers values module-wide, so one function's names depend
 * on how many values the functions printed after it define. These walk an
 * isolated op's nested IR section only to count what the printer counts:
 * entry-block arguments, and one name per other block argument and per op
 * with results. Nothing is allocated and no attribute is decoded; indices
 * are range-checked so a bad file still fails cleanly. */

static bool scan_regions(irctx *x, uint32_t n, mbc_vcount *vc);

static void scan_uselists(irctx *x, uint32_t n)
{
	uint32_t ne = n > 1 ? mbc_count(x->c, 2, "use-list count") : 1;
	for (uint32_t i = 0; i < ne && ok(x); i++) {
		if (n > 1)
			mbc_index(x->c, n, "use-list value");
		uint64_t len = mbc_varint(x->c, "use-list size") >> 1;
		for (uint64_t k = 0; k < len && ok(x); k++)
			mbc_varint(x->c, "use-list index");
	}
}

/* count, then that many varints */
static uint32_t scan_items(irctx *x, const char *what)
{
	uint32_t n = mbc_count(x->c, 1, what);
	for (uint32_t i = 0; i < n && ok(x); i++)
		mbc_varint(x->c, what);
	return n;
}

static bool scan_op(irctx *x, mbc_vcount *vc)
{
	mbc_module *m = x->m;
	bcx_cursor *c = x->c;
	mbc_index(c, m->nopnames, "op name");
	uint8_t mask = bcx_cur_u8(c, "op mask");
	mbc_index(c, m->nattrs, "op location");
	if (mask & 0x01)
		mbc_index(c, m->nattrs, "op attributes");
	if (mask & 0x40)
		mbc_index(c, m->nprops, "op properties");
	uint32_t nres = 0;
	if (ok(x) && (mask & 0x02))
		nres = scan_items(x, "result count");
	if (ok(x) && (mask & 0x04))
		scan_items(x, "operand count");
	if (ok(x) && (mask & 0x08))
		scan_items(x, "successor count");
	if (ok(x) && (mask & 0x20))
		scan_uselists(x, nres);
	vc->values += nres != 0;
	if (!ok(x) || !(mask & 0x10))
		return ok(x);
	uint64_t v = mbc_varint(c, "region count");
	if (ok(x) && (v >> 1) > bcx_cur_remaining(c) + 1)
		return fail(x, BCX_ERR_TRUNCATED, bcx_cur_offset(c), "%s", "more regions than bytes left");
	if (!ok(x) || (v >> 1) == 0)
		return ok(x);
	if (x->depth >= MBC_MAX_DEPTH)
		return fail(x, BCX_ERR_LIMIT, bcx_cur_offset(c), "%s", "regions nest deeper than 64");
	x->depth++;
	if ((v & 1) && m->version >= 2) {
		unsigned id;
		uint64_t align;
		bcx_cursor sub;
		size_t at = bcx_cur_offset(c);
		if (mbc_section_hdr(c, &id, &sub, &align) && id != MBC_SEC_IR)
			return fail(x, BCX_ERR_MALFORMED, at, "%s",
				    "expected an IR section for the isolated regions");
		if (ok(x)) {
			x->c = &sub;
			scan_regions(x, (uint32_t)(v >> 1), vc);
			x->c = c;
			bcx_cur_join(c, &sub);
		}
	} else {
		scan_regions(x, (uint32_t)(v >> 1), vc);
	}
	x->depth--;
	return ok(x);
}

static void scan_block(irctx *x, bool entry, mbc_vcount *vc)
{
	mbc_module *m = x->m;
	bcx_cursor *c = x->c;
	uint64_t v = mbc_varint(c, "block header");
	if (ok(x) && (v >> 1) > bcx_cur_remaining(c) / 3) {
		fail(x, BCX_ERR_TRUNCATED, bcx_cur_offset(c), "%s", "more ops than bytes left");
		return;
	}
	if (ok(x) && (v & 1)) {
		uint32_t nargs = mbc_count(c, 1, "argument count");
		for (uint32_t i = 0; i < nargs && ok(x); i++) {
			uint64_t t = mbc_varint(c, "argument type");
			if (m->version < 4 || (t & 1))
				mbc_index(c, m->nattrs, "argument location");
		}
		*(entry ? &vc->args : &vc->values) += nargs;
		if (ok(x) && m->version >= 3 && bcx_cur_u8(c, "use-list flag") && ok(x))
			scan_uselists(x, nargs);
	}
	for (uint64_t i = 0; i < (v >> 1) && ok(x); i++)
		scan_op(x, vc);
}

static bool scan_regions(irctx *x, uint32_t n, mbc_vcount *vc)
{
	for (uint32_t r = 0; r < n && ok(x); r++) {
		uint32_t nblocks = mbc_count(x->c, 1, "block count");
		if (ok(x) && nblocks)
			mbc_count(x->c, 1, "value count");
		for (uint32_t b = 0; b < nblocks && ok(x); b++)
			scan_block(x, b == 0, vc);
	}
	return ok(x);
}

bcx_status mbc_count_lazy(mbc_module *m, const mbc_op *op, mbc_vcount *vc, bcx_diag *diag)
{
	if (!op->lazy)
		return BCX_OK;
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	c.p = m->data + op->lazy_off;
	c.end = c.p + op->lazy_len;
	irctx x = {m, diag, &c, NULL, op->depth + 1};
	if (x.depth > MBC_MAX_DEPTH)
		fail(&x, BCX_ERR_LIMIT, (size_t)op->lazy_off, "%s", "regions nest deeper than 64");
	else
		scan_regions(&x, op->nregions, vc);
	if (ok(&x) && !bcx_cur_at_end(&c))
		fail(&x, BCX_ERR_MALFORMED, bcx_cur_offset(&c), "%s",
		     "unexpected trailing data in an isolated region's IR section");
	return finish(&x, " (isolated region)");
}
