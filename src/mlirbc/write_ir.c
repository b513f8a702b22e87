/* What each op writes (spec §9-§10): its attribute dictionary and
 * properties for the target version, which ops are isolated, and the IR
 * and Properties sections.
 *
 * Properties of registered ops (v >= 5) are encoded natively when MLIR 22's
 * generated layouts (layouts.c) have the op. A registered op without a known layout writes no
 * properties; its inherent attributes go into its attribute dictionary,
 * which MLIR's reader moves into the op's properties (measured with
 * mlir-opt-22; docs/formats/mlirbc.md, "Writer"). */
#include "wwriter.h"

#include <string.h>

static const mw_named *find_named(const mw_module *m, const mw_named *v, uint32_t n,
				  const char *name, size_t len)
{
	for (uint32_t i = 0; i < n; i++) {
		mbc_str s = mw_strattr_bytes(m, v[i].name);
		if (s.n == len && memcmp(s.p, name, len) == 0)
			return &v[i];
	}
	return NULL;
}

/* writeSparseArray (spec §9). */
static void sparse_array(mw_module *m, const int32_t *v, uint32_t n)
{
	uint32_t nz = 0, last = 0;
	for (uint32_t i = 0; i < n; i++)
		if (v[i]) {
			nz++;
			last = i;
		}
	if (last > 256 || nz > n / 2) {
		mw_tb_varint(m, (uint64_t)n << 1);
		for (uint32_t i = 0; i < n; i++)
			mw_tb_varint(m, (uint64_t)(uint32_t)v[i]);
		return;
	}
	mw_tb_varint(m, ((uint64_t)nz << 1) | 1);
	if (!nz)
		return;
	unsigned bits = 0;
	while (bits < 32 && (last >> bits))
		bits++;
	mw_tb_varint(m, bits);
	for (uint32_t i = 0; i < n; i++)
		if (v[i])
			mw_tb_varint(m, ((uint64_t)(uint32_t)v[i] << bits) | i);
}

/* A property of op that cannot be written: the message names both. */
static void fail_prop(mw_module *m, const mw_op *op, const char *what, const char *name,
		      size_t len)
{
	const mw_opname *on = &m->opnames[op->name];
	mbc_str d = mw_string_bytes(m, m->dialects[on->dialect].name);
	mbc_str o = mw_string_bytes(m, on->name);
	mw_fail(m, BCX_ERR_MALFORMED, "%s '%.*s' of %.*s.%.*s (MLIR %u's layout)", what, (int)len,
		name, (int)d.n, (const char *)d.p, (int)o.n, (const char *)o.p,
		mbc_release_major(m->rel));
}

/* Every property must be one the layout names. */
static bool check_props(mw_module *m, const mw_op *op, const mw_opx *x, const mbc_oplayout *l)
{
	for (uint32_t i = 0; i < x->nprops; i++) {
		mbc_str s = mw_strattr_bytes(m, x->props[i].name);
		mbc_field f;
		if (!mbc_layout_field(l, (const char *)s.p, s.n, &f)) {
			fail_prop(m, op, "no property", (const char *)s.p, s.n);
			return false;
		}
	}
	return true;
}

/* The segment sizes of op as given (an array attribute), or NULL. */
static const mw_named *segments(mw_module *m, const mw_op *op, const mw_opx *x, const mbc_field *f)
{
	const mw_named *s = find_named(m, x->props, x->nprops, f->name, f->len);
	if (s && (!s->seg || s->nseg != f->nseg)) {
		mw_fail(m, BCX_ERR_MALFORMED, "%.*s must be an array<i32> of %u elements", (int)f->len,
			f->name, f->nseg);
		return NULL;
	}
	if (!s)
		fail_prop(m, op, "missing property", f->name, f->len);
	return s;
}

/* A value field ('e' 'b' 'o') from a converted file (kind set) or from
 * text, where it is the attribute MLIR prints for it: N : i32, unit or
 * false, [] or [N]. Absent: MLIR's zero value. */
static bool value_field(mw_module *m, const mw_named *p, const mbc_field *f, bool *present,
			uint64_t *v)
{
	*present = false;
	*v = 0;
	if (!p)
		return true;
	if (p->kind) {
		*present = p->present || p->kind != 'o';
		*v = p->ival;
		return true;
	}
	if (f->kind != 'o') {
		*present = true;
		return mw_ent_int(m, p->value, v);
	}
	uint32_t el, n;
	if (!mw_ent_array(m, p->value, &el, 1, &n))
		return false;
	*present = n == 1;
	return !n || mw_ent_int(m, el, v);
}

/* ODS writeProperties (spec §9), field by field as the op's generated
 * layout lists them (layouts.c). */
static void layout_props(mw_writer *w, mw_op *op, const mw_opx *x, const mbc_oplayout *l)
{
	mw_module *m = w->m;
	mbc_field f;
	mw_tb_start(m);
	for (const char *q = mbc_layout_fields(l); (q = mbc_next_field(q, &f));) {
		const mw_named *p = find_named(m, x->props, x->nprops, f.name, f.len);
		bool present;
		uint64_t v;
		switch (f.kind) {
		case '?':
			if (p)
				mw_tb_ref(m, MW_REC_OPTATTR, p->value);
			else
				mw_tb_varint(m, 0);
			break;
		case 'a':
			if (p)
				mw_tb_ref(m, MW_REC_ATTR, p->value);
			else
				fail_prop(m, op, "missing property", f.name, f.len);
			break;
		case '<':
			if (w->v < 6 && (p = segments(m, op, x, &f)))
				mw_tb_ref(m, MW_REC_ATTR, p->value);
			break;
		case '>':
			if (w->v >= 6 && (p = segments(m, op, x, &f)))
				sparse_array(m, p->seg, p->nseg);
			break;
		default:
			if (!value_field(m, p, &f, &present, &v)) {
				fail_prop(m, op, "not a value of the kind of property", f.name, f.len);
				break;
			}
			if (f.kind != 'e') {
				uint8_t b = f.kind == 'b' ? v != 0 : present;
				mw_tb_bytes(m, &b, 1);
			}
			if (f.kind == 'e') /* an enum of 32 bits, as an i32 in text */
				mw_tb_varint(m, v & 0xffffffffu);
			else if (f.kind == 'o' && present)
				mw_tb_varint(m, v);
		}
	}
}

/* Keep the template just built as op's properties. */
static void keep_props(mw_module *m, mw_op *op)
{
	mw_tb_take(m, &m->scratch2, &op->ptpl, &op->nptpl);
	op->has_props = true;
}

/* Whether a property is a value field of the op's layout ('e' 'b' 'o'):
 * a file before v5 has no place for it, and MLIR drops it. */
static bool value_prop(const mw_module *m, const mw_named *p, const mbc_oplayout *l)
{
	if (p->kind)
		return true;
	mbc_str s = mw_strattr_bytes(m, p->name);
	mbc_field f;
	for (const char *q = l ? mbc_layout_fields(l) : ""; (q = mbc_next_field(q, &f));)
		if (f.len == s.n && memcmp(f.name, s.p, s.n) == 0)
			return f.kind == 'e' || f.kind == 'b' || f.kind == 'o';
	return false;
}

/* The dictionary of attrs plus (merged) props. */
static uint32_t merged_dict(mw_module *m, const mw_op *op, const mw_opx *x, bool with_props)
{
	uint32_t n = x->nattrs + (with_props ? x->nprops : 0);
	if (!n)
		return MW_NONE;
	mw_named *v = mw_alloc(m, n, sizeof *v);
	if (!v)
		return MW_NONE;
	if (x->nattrs)
		memcpy(v, x->attrs, x->nattrs * sizeof *v);
	n = x->nattrs;
	const mbc_oplayout *l = m->opnames[op->name].layout;
	for (uint32_t i = 0; with_props && i < x->nprops; i++)
		if (!value_prop(m, &x->props[i], l))
			v[n++] = x->props[i];
	return n ? mw_dict(m, v, n) : MW_NONE;
}

static bool is_value(char kind)
{
	return kind == 'e' || kind == 'b' || kind == 'o';
}

/* Whether a property is its op's default in MLIR 22, as spelled in the
 * table (`modifiers = #acc<data_clause_modifier none>` of acc.copyin). */
static bool is_default(const mw_module *m, const mbc_oplayout *cur, const mw_named *p,
		       const char *name, size_t n)
{
	mbc_str def, text = mw_ent_text(m, p->value);
	return !p->kind && text.n && mbc_layout_default_text(cur, name, n, &def) && def.n == text.n &&
	       memcmp(def.p, text.p, def.n) == 0;
}

/* Writing for an older release (MLIR 19) what the model holds in MLIR
 * 22's terms: an op it lacks or a property whose kind changed is refused
 * (naming both); an attribute its op does not have is written as a
 * discardable one, as that release holds it (func.func's no_inline,
 * affine.if's condition), unless MLIR 22 gives it a default (a value the
 * older release has no notion of) or it is not an attribute: those are
 * refused by check_props. */
static bool for_release(mw_module *m, mw_op *op, mw_opx *x)
{
	const mw_opname *on = &m->opnames[op->name];
	if (!on->cur || on->layout == on->cur)
		return true;
	if (!on->layout) {
		mbc_str d = mw_string_bytes(m, m->dialects[on->dialect].name);
		mbc_str o = mw_string_bytes(m, on->name);
		return mw_fail(m, BCX_ERR_UNSUPPORTED, "%.*s.%.*s is not an op of MLIR %u", (int)d.n,
			       (const char *)d.p, (int)o.n, (const char *)o.p,
			       mbc_release_major(m->rel)), false;
	}
	if (!mw_downgrade(m, op, x))
		return false;
	uint32_t keep = 0;
	mw_named *moved = mw_alloc(m, x->nattrs + x->nprops + 1, sizeof *moved);
	if (!moved)
		return false;
	if (x->nattrs)
		memcpy(moved, x->attrs, x->nattrs * sizeof *moved);
	uint32_t nmoved = x->nattrs;
	for (uint32_t i = 0; i < x->nprops; i++) {
		mbc_str s = mw_strattr_bytes(m, x->props[i].name);
		const char *name = (const char *)s.p;
		mbc_field f, g;
		bool old = mbc_layout_field(on->layout, name, s.n, &f);
		bool now = mbc_layout_field(on->cur, name, s.n, &g);
		mbc_str a = mbc_layout_attr_type(on->cur, name, s.n);
		mbc_str b = mbc_layout_attr_type(on->layout, name, s.n);
		if (old && now && !mw_downgrade_rewrites(m, op, name, s.n) &&
		    (is_value(f.kind) != is_value(g.kind) ||
				   (a.n && b.n && (a.n != b.n || memcmp(a.p, b.p, a.n) != 0)))) {
			fail_prop(m, op, "kind changed for property", name, s.n);
			return false;
		}
		if (!old && is_default(m, on->cur, &x->props[i], name, s.n))
			continue; /* what MLIR 22 fills in: the older op has no such field */
		if (!old && !mbc_layout_inherent(on->layout, name, s.n) && !x->props[i].kind &&
		    (x->props[i].from_dict || !mbc_layout_default_valued(on->cur, name, s.n)) &&
		    !is_value(now ? g.kind : 0))
			moved[nmoved++] = x->props[i];
		else
			x->props[keep++] = x->props[i];
	}
	x->nprops = keep;
	x->attrs = moved;
	x->nattrs = nmoved;
	return true;
}

static void prepare_listed(mw_writer *w, mw_op *op, mw_opx *x)
{
	mw_module *m = w->m;
	const mw_opname *on = &m->opnames[op->name];
	op->has_props = false;
	if (on->registered && !for_release(m, op, x))
		return;
	if (x->opaque && w->v < 5) {
		mbc_str s = mw_string_bytes(m, on->name);
		mw_fail(m, BCX_ERR_UNSUPPORTED,
			"the properties of %.*s cannot be written for version %u: their layout is "
			"unknown to bcx", (int)s.n, (const char *)s.p, w->v);
		return;
	}
	if (w->v >= 5 && on->registered && on->layout && !*mbc_layout_fields(on->layout)) {
		/* an op without properties writes no entry */
		if (!check_props(m, op, x, on->layout))
			return;
		op->dict = merged_dict(m, op, x, false);
	} else if (w->v >= 5 && on->registered && on->layout) {
		if (!check_props(m, op, x, on->layout))
			return;
		layout_props(w, op, x, on->layout);
		keep_props(m, op);
		op->dict = merged_dict(m, op, x, false);
	} else if (w->v >= 5 && x->opaque) {
		mw_tb_start(m);
		mw_tb_bytes(m, x->opaque, x->nopaque);
		keep_props(m, op);
		op->dict = merged_dict(m, op, x, false);
	} else if (w->v >= 5 && !on->registered) {
		uint32_t pa = op->props_attr;
		if (pa == MW_NONE && x->nprops)
			pa = mw_dict(m, x->props, x->nprops);
		if (pa != MW_NONE) {
			mw_tb_start(m);
			mw_tb_ref(m, MW_REC_ATTR, pa);
			keep_props(m, op);
		}
		op->dict = merged_dict(m, op, x, false);
	} else {
		/* v < 5, or a registered op whose layout bcx does not know:
		 * inherent attributes in the dictionary; an unregistered op's
		 * properties are dropped below v5, as MLIR drops them */
		op->dict = merged_dict(m, op, x, on->registered);
	}
}

static bool is_segment_name(mbc_str s)
{
	return (s.n == 19 && !memcmp(s.p, "operandSegmentSizes", 19)) ||
	       (s.n == 18 && !memcmp(s.p, "resultSegmentSizes", 18));
}

/* Segment sizes given as array<i32: ...>: their values (v6 stores them as
 * a sparse array). The template is raw [code 17], a type reference, raw
 * [count, byte count, bytes]. */
static void segment_values(mw_module *m, mw_named *v, uint32_t nv)
{
	for (uint32_t i = 0; i < nv; i++) {
		if (!is_segment_name(mw_strattr_bytes(m, v[i].name)))
			continue;
		const mw_ent *e = &m->ent[v[i].value];
		const uint8_t *t = m->ents.pool.data + e->tpl;
		uint32_t l0, rl;
		if (e->ntpl < 3 * MW_REC_SIZE + 1 || t[0] != MW_REC_RAW)
			continue;
		memcpy(&l0, t + 1, 4);
		const uint8_t *q = t + MW_REC_SIZE + 1;
		if (l0 != 1 || t[5] != MBC_A_DENSE_ARRAY * 2 + 1 || q[0] != MW_REC_TYPE ||
		    q[MW_REC_SIZE] != MW_REC_RAW)
			continue;
		q += MW_REC_SIZE;
		memcpy(&rl, q + 1, 4);
		if (rl > e->ntpl)
			continue;
		bcx_cursor c;
		bcx_cur_init(&c, q + MW_REC_SIZE, rl, NULL);
		uint64_t n = mbc_varint(&c, "count"), nb = mbc_varint(&c, "bytes");
		const uint8_t *data = bcx_cur_ok(&c) && nb == n * 4 && n <= 4096
					      ? bcx_cur_bytes(&c, (size_t)nb, "data") : NULL;
		int32_t *seg = data ? mw_alloc(m, (size_t)n, sizeof *seg) : NULL;
		for (uint64_t k = 0; seg && k < n; k++)
			memcpy(&seg[k], data + 4 * k, 4);
		v[i].seg = seg;
		v[i].nseg = seg ? (uint32_t)n : 0;
	}
}

/* A registered op read from text holds its properties as the dictionary
 * written (props_attr): their list is made here, in the writer's scratch,
 * for the time the op is prepared, not kept for each op of the module
 * (40 bytes a property). */
static void prepare_op(mw_writer *w, mw_op *op)
{
	mw_module *m = w->m;
	/* a copy: the lists are worked on here, and not needed after */
	mw_opx x = mw_op_rare(m, op);
	bool listed = x.props || op->props_attr == MW_NONE || !m->opnames[op->name].registered;
	if (listed) {
		prepare_listed(w, op, &x);
		return;
	}
	uint32_t n = mw_dict_count(m, op->props_attr);
	if (!MW_HEAP_ROOM(m, w->plist, n, w->cplist))
		return;
	x.nprops = mw_dict_entries(m, op->props_attr, w->plist, n);
	x.props = w->plist;
	segment_values(m, x.props, x.nprops);
	prepare_listed(w, op, &x);
}

bcx_status mw_prepare_ops(mw_writer *w)
{
	mw_module *m = w->m;
	m->scratch2.len = 0;
	for (uint32_t i = 0; i < m->nops && m->status == BCX_OK; i++) {
		m->at = &m->ops[i];
		prepare_op(w, &m->ops[i]);
	}
	if (m->status == BCX_OK)
		m->at = NULL;
	if (m->scratch2.status != BCX_OK)
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
	return m->status;
}

/* A use of value v inside the regions of op x? */
static bool inside(const mw_module *m, uint32_t x, const mw_value *v)
{
	const mw_op *o = &m->ops[x];
	return v->arg ? v->owner >= x && v->owner <= o->end : v->owner > x && v->owner <= o->end;
}

void mw_find_isolated(mw_module *m)
{
	for (uint32_t i = 0; i < m->nops; i++)
		m->ops[i].isolated = true;
	for (uint32_t u = 1; u < m->nops; u++) {
		const mw_op *op = &m->ops[u];
		for (uint32_t k = 0; k < op->nopr; k++) {
			const mw_value *v = &m->values[op->opr[k]];
			for (uint32_t x = op->parent; x != MW_NONE && !inside(m, x, v);
			     x = m->ops[x].parent)
				m->ops[x].isolated = false;
		}
	}
}

/* ------------------------------------------------------------------ */
/* IR section                                                          */
/* ------------------------------------------------------------------ */

static void put_flag(bcx_buf *b, uint64_t v, bool flag)
{
	mw_put_varint(b, (v << 1) | flag);
}

static void uselists(bcx_buf *b, const mw_uselist *u, uint32_t nu, uint32_t nvalues)
{
	if (nvalues != 1)
		mw_put_varint(b, nu);
	for (uint32_t i = 0; i < nu; i++) {
		if (nvalues != 1)
			mw_put_varint(b, u[i].value);
		put_flag(b, u[i].n, u[i].pairs);
		for (uint32_t k = 0; k < u[i].n; k++)
			mw_put_varint(b, u[i].idx[k]);
	}
}

/* The index of op's properties entry, deduplicated by bytes. */
static uint32_t props_index(mw_writer *w, const mw_op *op)
{
	mw_module *m = w->m;
	w->pbuf.len = 0;
	mw_emit_template(w, &w->pbuf, m->scratch2.data + op->ptpl, op->nptpl);
	if (w->pbuf.status != BCX_OK) {
		mw_fail(m, BCX_ERR_NOMEM, "out of memory");
		return 0;
	}
	bool added;
	return mw_intern(m, &w->props, w->pbuf.data, w->pbuf.len, &added);
}

static void write_regions(mw_writer *w, bcx_buf *b, const mw_op *op);

static void write_op(mw_writer *w, bcx_buf *b, const mw_op *op)
{
	mw_module *m = w->m;
	mw_put_varint(b, m->opnames[op->name].index);
	size_t mask_at = b->len;
	uint8_t mask = 0;
	bcx_buf_put_u8(b, 0);
	mw_put_varint(b, mw_loc_index(w, op->loc));
	if (op->dict != MW_NONE) {
		mask |= 0x01;
		mw_put_varint(b, m->ent[op->dict].index);
	}
	if (op->has_props && w->v >= 5) {
		mask |= 0x40;
		mw_put_varint(b, props_index(w, op));
	}
	if (op->nres) {
		mask |= 0x02;
		mw_put_varint(b, op->nres);
		for (uint32_t i = 0; i < op->nres; i++)
			mw_put_varint(b, m->ent[m->values[op->first_res + i].type].index);
	}
	if (op->nopr) {
		mask |= 0x04;
		mw_put_varint(b, op->nopr);
		for (uint32_t i = 0; i < op->nopr; i++)
			mw_put_varint(b, m->values[op->opr[i]].id);
	}
	const mw_opx *x = op->x ? &m->opx[op->x - 1] : NULL;
	if (x && x->nsucc) {
		mask |= 0x08;
		mw_put_varint(b, x->nsucc);
		for (uint32_t i = 0; i < x->nsucc; i++)
			mw_put_varint(b, x->succ[i]);
	}
	if (x && x->nuse && w->v >= 3) {
		mask |= 0x20;
		uselists(b, x->uses, x->nuse, op->nres);
	}
	if (op->nregions)
		mask |= 0x10;
	if (b->status == BCX_OK)
		b->data[mask_at] = mask;
	if (op->nregions)
		write_regions(w, b, op);
}

static void write_block(mw_writer *w, bcx_buf *b, const mw_block *blk)
{
	mw_module *m = w->m;
	put_flag(b, blk->nops, blk->nargs != 0);
	if (blk->nargs) {
		mw_put_varint(b, blk->nargs);
		for (uint32_t i = 0; i < blk->nargs; i++) {
			const mw_value *v = &m->values[blk->first_arg + i];
			uint32_t loc = v->loc == MW_NONE ? w->unknown_loc : v->loc;
			uint32_t t = m->ent[v->type].index;
			bool has_loc = loc != w->unknown_loc;
			if (w->v >= 4) {
				put_flag(b, t, has_loc);
				if (has_loc)
					mw_put_varint(b, mw_loc_index(w, loc));
			} else {
				mw_put_varint(b, t);
				mw_put_varint(b, mw_loc_index(w, loc));
			}
		}
		if (w->v >= 3) {
			bcx_buf_put_u8(b, blk->nuse ? 0x20 : 0);
			if (blk->nuse)
				uselists(b, blk->uses, blk->nuse, blk->nargs);
		}
	}
	for (uint32_t i = 0; i < blk->nops; i++)
		write_op(w, b, &m->ops[blk->ops[i]]);
}

static void write_region(mw_writer *w, bcx_buf *b, const mw_region *r)
{
	mw_put_varint(b, r->nblocks);
	if (!r->nblocks)
		return;
	mw_put_varint(b, r->nvalues);
	for (uint32_t i = 0; i < r->nblocks; i++)
		write_block(w, b, &r->blocks[i]);
}

/* Isolated regions (v >= 2) go into a nested IR section of their own. */
static void write_regions(mw_writer *w, bcx_buf *b, const mw_op *op)
{
	put_flag(b, op->nregions, op->isolated);
	if (!(op->isolated && w->v >= 2)) {
		for (uint32_t i = 0; i < op->nregions; i++)
			write_region(w, b, &op->regions[i]);
		return;
	}
	size_t at = mw_section_open(b, MBC_SEC_IR);
	for (uint32_t i = 0; i < op->nregions; i++)
		write_region(w, b, &op->regions[i]);
	mw_section_close(b, at);
}

void mw_write_ir(mw_writer *w, bcx_buf *out)
{
	put_flag(out, 1, false);
	write_op(w, out, &w->m->ops[0]);
}

void mw_write_properties(mw_writer *w, bcx_buf *out)
{
	const mw_table *t = &w->props;
	mw_put_varint(out, t->n);
	for (uint32_t i = 0; i < t->n; i++) {
		mw_put_varint(out, t->keys[i].len);
		bcx_buf_put_bytes(out, t->pool.data + t->keys[i].off, t->keys[i].len);
	}
}
