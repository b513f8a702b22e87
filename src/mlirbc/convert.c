/* A read module into the writer's model (bcx convert): the tables, every
 * attribute and type re-encoded from its decoded fields, the IR with its
 * use-list orders, resources and dialect versions. Property bytes of an op
 * whose layout bcx does not know, and other dialects' custom encodings
 * not in dialect_enc.def, are kept as they are; they may hold indices, so
 * the attribute and type tables then keep the file's order (m->pinned). */
#include "wmodel.h"
#include "dialect_enc.h"
#include "mlir/text.h"

#include <string.h>

typedef struct cv {
	mbc_module *r;
	mw_module *m;
	uint32_t *amap, *tmap;  /* read index -> entry id + 1 */
	uint32_t *vmap;         /* read value -> model value */
	uint32_t *resmap;       /* read dialect-resource handle -> model resource */
	unsigned depth;         /* of cv_ent: other dialects' entries are not checked
				 * for cycles when read, so their references are here */
} cv;

static uint32_t cv_ent(cv *x, bool type, uint32_t i);

static uint32_t cv_str(cv *x, uint32_t i)
{
	mbc_str s = mbc_string(x->r, i);
	return mw_string(x->m, s.p, s.n);
}

static void ref_a(cv *x, uint32_t i) { mw_tb_ref(x->m, MW_REC_ATTR, cv_ent(x, false, i)); }
static void ref_t(cv *x, uint32_t i) { mw_tb_ref(x->m, MW_REC_TYPE, cv_ent(x, true, i)); }

static void list(cv *x, const uint32_t *v, uint32_t n, bool type)
{
	mw_tb_varint(x->m, n);
	for (uint32_t i = 0; i < n; i++)
		type ? ref_t(x, v[i]) : ref_a(x, v[i]);
}

static void shape(cv *x, const mbc_ent *e)
{
	mw_tb_varint(x->m, e->ndims);
	for (uint32_t i = 0; i < e->ndims; i++)
		mw_tb_svarint(x->m, e->dims[i]);
}

/* Width of the APInt an integer or float attribute of type t stores. */
static uint64_t value_width(cv *x, uint32_t t)
{
	const mbc_ent *e;
	if (mbc_type(x->r, t, &e, NULL) != BCX_OK)
		return 0;
	switch (e->code) {
	case MBC_T_INTEGER: return e->u[0];
	case MBC_T_INDEX: return 64;
	case MBC_T_BF16: case MBC_T_F16: return 16;
	case MBC_T_F32: return 32;
	case MBC_T_F64: return 64;
	case MBC_T_F80: return 80;
	case MBC_T_F128: return 128;
	case MBC_TEXT: {
		const mlir_float_sem *s =
			mlir_float_semantics(mlir_float_by_name((const char *)e->blob, (size_t)e->nblob));
		return s ? s->bits : 0;
	}
	default: return 0;
	}
}

static void apint(cv *x, const mbc_ent *e, uint64_t width)
{
	mw_module *m = x->m;
	if (width <= 8) {
		uint8_t b = (uint8_t)e->words[0];
		mw_tb_bytes(m, &b, 1);
	} else if (width <= 64) {
		mw_tb_svarint(m, (int64_t)e->words[0]);
	} else {
		mw_tb_varint(m, e->nwords);
		for (uint32_t i = 0; i < e->nwords; i++)
			mw_tb_svarint(m, (int64_t)e->words[i]);
	}
}

static void blob(cv *x, const mbc_ent *e)
{
	mw_tb_varint(x->m, e->nblob);
	mw_tb_bytes(x->m, e->blob, (size_t)e->nblob);
}

static void attr_body(cv *x, const mbc_ent *e)
{
	mw_module *m = x->m;
	switch (e->code) {
	case MBC_A_ARRAY: case MBC_A_FUSED_LOC: list(x, e->list, e->n, false); break;
	case MBC_A_FUSED_LOC_MD: list(x, e->list, e->n, false); ref_a(x, e->r[0]); break;
	case MBC_A_DICT:
		mw_tb_varint(m, e->n / 2);
		for (uint32_t i = 0; i < e->n; i++)
			ref_a(x, e->list[i]);
		break;
	case MBC_A_STRING: mw_tb_ref(m, MW_REC_STR, cv_str(x, e->r[0])); break;
	case MBC_A_STRING_TYPED:
		mw_tb_ref(m, MW_REC_STR, cv_str(x, e->r[0]));
		ref_t(x, e->r[1]);
		break;
	case MBC_A_FLAT_SYMREF: case MBC_A_DISTINCT: ref_a(x, e->r[0]); break;
	case MBC_A_SYMREF: ref_a(x, e->r[0]); list(x, e->list, e->n, false); break;
	case MBC_A_TYPE: ref_t(x, e->r[0]); break;
	case MBC_A_INTEGER: case MBC_A_FLOAT:
		ref_t(x, e->r[0]);
		apint(x, e, value_width(x, e->r[0]));
		break;
	case MBC_A_CALLSITE_LOC: case MBC_A_NAME_LOC: ref_a(x, e->r[0]); ref_a(x, e->r[1]); break;
	case MBC_A_FILE_LOC:
		ref_a(x, e->r[0]);
		mw_tb_varint(m, e->u[0]);
		mw_tb_varint(m, e->u[1]);
		break;
	case MBC_A_FILE_RANGE:
		ref_a(x, e->r[0]);
		mw_tb_varint(m, e->nwords);
		for (uint32_t i = 0; i < e->nwords; i++)
			mw_tb_varint(m, e->words[i]);
		break;
	case MBC_A_DENSE_RESOURCE:
		ref_t(x, e->r[0]);
		mw_tb_ref(m, MW_REC_RES, x->resmap[e->u[0]]);
		break;
	case MBC_A_DENSE_ARRAY: ref_t(x, e->r[0]); mw_tb_varint(m, e->u[0]); blob(x, e); break;
	case MBC_A_DENSE_ELEMENTS: ref_t(x, e->r[0]); blob(x, e); break;
	case MBC_A_DENSE_STRINGS:
		ref_t(x, e->r[0]);
		mw_tb_varint(m, e->u[0]);
		for (uint32_t i = 0; i < e->n; i++)
			mw_tb_ref(m, MW_REC_STR, cv_str(x, e->list[i]));
		break;
	case MBC_A_SPARSE_ELEMENTS: ref_t(x, e->r[0]); ref_a(x, e->r[1]); ref_a(x, e->r[2]); break;
	default: break; /* UnitAttr, UnknownLoc: the code alone */
	}
}

static void type_body(cv *x, const mbc_ent *e)
{
	mw_module *m = x->m;
	switch (e->code) {
	case MBC_T_INTEGER: mw_tb_varint(m, (e->u[0] << 2) | e->u[1]); break;
	case MBC_T_FUNCTION:
		list(x, e->list, (uint32_t)e->u[0], true);
		list(x, e->list + e->u[0], e->n - (uint32_t)e->u[0], true);
		break;
	case MBC_T_COMPLEX: case MBC_T_UMEMREF: case MBC_T_UTENSOR: ref_t(x, e->r[0]); break;
	case MBC_T_UMEMREF_SPACE: ref_a(x, e->r[2]); ref_t(x, e->r[0]); break;
	case MBC_T_MEMREF: case MBC_T_MEMREF_SPACE:
		if (e->code == MBC_T_MEMREF_SPACE)
			ref_a(x, e->r[2]);
		shape(x, e);
		ref_t(x, e->r[0]);
		ref_a(x, e->r[1]);
		break;
	case MBC_T_TENSOR: case MBC_T_TENSOR_ENC: case MBC_T_VECTOR:
		if (e->code == MBC_T_TENSOR_ENC)
			ref_a(x, e->r[2]);
		shape(x, e);
		ref_t(x, e->r[0]);
		break;
	case MBC_T_VECTOR_SCALABLE:
		mw_tb_varint(m, e->ndims);
		mw_tb_bytes(m, e->flags, e->ndims);
		shape(x, e);
		ref_t(x, e->r[0]);
		break;
	case MBC_T_TUPLE: list(x, e->list, e->n, true); break;
	default: break; /* the code alone */
	}
}

static uint32_t remap_str(void *ctx, uint32_t i) { return cv_str(ctx, i); }
static uint32_t remap_ent(void *ctx, bool type, uint32_t i) { return cv_ent(ctx, type, i); }

static bool cv_dialect(cv *x, const mbc_ent *e)
{
	mbc_remap rm = {x, remap_str, remap_ent};
	if (x->depth > MBC_MAX_DEPTH + 8) {
		mw_fail(x->m, BCX_ERR_LIMIT, "attributes nest deeper than %u (or refer to themselves)",
			MBC_MAX_DEPTH + 8);
		return true; /* failed: nothing more is written */
	}
	x->depth++;
	bool ok = mbc_remap_dialect(x->r, x->m, e, &rm);
	x->depth--;
	return ok;
}

static uint32_t cv_ent(cv *x, bool type, uint32_t i)
{
	mw_module *m = x->m;
	uint32_t *memo = type ? &x->tmap[i] : &x->amap[i];
	if (*memo)
		return *memo - 1;
	const mbc_ent *e;
	if ((type ? mbc_type(x->r, i, &e, m->diag) : mbc_attr(x->r, i, &e, m->diag)) != BCX_OK) {
		mw_fail(m, m->diag ? m->diag->code : BCX_ERR_MALFORMED, "bad entry");
		return MW_NONE;
	}
	unsigned flags = (type ? MW_E_TYPE : 0) | (e->custom ? MW_E_CUSTOM : 0);
	uint32_t salt = 0;
	mw_tb_start(m);
	if (e->code == MBC_RAW && cv_dialect(x, e)) {
		/* the indices inside renumbered (convert_dialect.c) */
	} else if (e->code == MBC_TEXT || e->code == MBC_RAW) {
		mw_tb_bytes(m, e->blob, (size_t)e->nblob);
		m->pinned |= e->code == MBC_RAW;
	} else {
		mw_tb_varint(m, e->code);
		type ? type_body(x, e) : attr_body(x, e);
		salt = !type && e->code == MBC_A_DISTINCT ? i + 1 : 0;
	}
	uint32_t id = mw_tb_finish(m, e->dialect, flags, salt);
	if (id == MW_NONE)
		return id;
	if (!type && e->code == MBC_A_STRING) {
		m->ent[id].flags |= MW_E_STRATTR;
		m->ent[id].aux = cv_str(x, e->r[0]);
	}
	m->ent[id].src = i + 1;
	*memo = id + 1;
	return id;
}

/* ------------------------------------------------------------------ */
/* Tables                                                              */
/* ------------------------------------------------------------------ */

static void tables(cv *x)
{
	mbc_module *r = x->r;
	mw_module *m = x->m;
	for (uint32_t i = 0; i < r->ndialects; i++) {
		mbc_str s = mbc_string(r, r->dialects[i].name);
		uint32_t d = mw_dialect_id(m, s.p, s.n);
		if (d != i)
			mw_fail(m, BCX_ERR_MALFORMED, "dialect %u is listed twice", i);
		else if (r->dialects[i].has_version) {
			m->dialects[d].version = r->data + r->dialects[i].ver_off;
			m->dialects[d].nversion = (uint32_t)r->dialects[i].ver_len;
		}
	}
	for (uint32_t i = 0; i < r->nres && m->status == BCX_OK; i++) {
		const mbc_resource *s = &r->res[i];
		if (!BCX_VEC_ROOM(m->arena, m->res, m->nres, m->cres)) {
			mw_fail(m, BCX_ERR_NOMEM, "out of memory");
			return;
		}
		mw_resource *d = &m->res[m->nres++];
		memset(d, 0, sizeof *d);
		d->external = s->external;
		d->group = s->external ? cv_str(x, s->group) : s->group;
		d->key = cv_str(x, s->key);
		d->kind = s->kind;
		d->align = s->align;
		d->data = s->data;
		d->ndata = s->ndata;
		d->value = s->kind == MBC_RES_STRING ? cv_str(x, (uint32_t)s->value) : s->value;
	}
	x->resmap = mw_alloc(m, r->ndialect_res, sizeof *x->resmap);
	for (uint32_t h = 0; x->resmap && h < r->ndialect_res; h++)
		x->resmap[h] = r->dialect_res[h];
	/* the properties are written in MLIR 22's layouts: a producer naming
	 * another release would have them read with that release's */
	if (r->rel == mbc_release_current() && !r->rel_note[0]) {
		m->producer = r->producer.p;
		m->nproducer = r->producer.n;
	}
}

/* ------------------------------------------------------------------ */
/* IR                                                                  */
/* ------------------------------------------------------------------ */

static mw_uselist *uses(cv *x, const mbc_uselist *u, uint32_t n)
{
	mw_uselist *v = mw_alloc(x->m, n, sizeof *v);
	for (uint32_t i = 0; v && i < n; i++)
		v[i] = (mw_uselist){u[i].value, u[i].pairs, u[i].n, u[i].idx};
	return v;
}

/* Segment sizes of a DenseI32ArrayAttr read from the file. */
static void seg_values(cv *x, mw_named *nv, uint32_t attr)
{
	const mbc_ent *e;
	if (mbc_attr(x->r, attr, &e, NULL) != BCX_OK || e->code != MBC_A_DENSE_ARRAY ||
	    e->nblob != e->u[0] * 4)
		return;
	nv->seg = mw_alloc(x->m, (size_t)e->u[0], sizeof *nv->seg);
	nv->nseg = (uint32_t)e->u[0];
	for (uint32_t i = 0; nv->seg && i < nv->nseg; i++)
		memcpy(&nv->seg[i], e->blob + 4 * i, 4);
}

/* An older release's segment sizes with the groups MLIR 22 added
 * (ZERO_GROUPS rows of upgrades.def). */
static void add_zero_groups(cv *x, const mbc_op *src, mbc_str name, mw_named *nv)
{
	int32_t seg[64];
	uint32_t n = nv->seg ? mbc_upgrade_zero_groups(x->r, src, (const char *)name.p, name.n,
						       nv->seg, nv->nseg, seg, 64) : 0;
	int32_t *kept = n ? mw_alloc(x->m, n, sizeof *kept) : NULL;
	if (!kept)
		return;
	memcpy(kept, seg, n * sizeof *kept);
	nv->seg = kept;
	nv->nseg = n;
	nv->value = mw_i32_array(x->m, kept, n);
}

/* The segment sizes an older release's op did not have (MAP_GROUPS rows):
 * added after the dictionary's inherent attributes (room for them was
 * allocated with the properties), then sorted by name with them. */
static void add_map_groups(cv *x, const mbc_op *src, mw_opx *ox)
{
	int32_t seg[64];
	uint32_t n = 0;
	const char *to = mbc_upgrade_map_groups(x->r, src, seg, &n, 64);
	int32_t *kept = to ? mw_alloc(x->m, n, sizeof *kept) : NULL;
	if (!kept)
		return;
	memcpy(kept, seg, n * sizeof *kept);
	ox->props[ox->nprops++] = (mw_named){mw_string_attr(x->m, to, strlen(to)),
					     mw_i32_array(x->m, kept, n), kept, n, 0, false, 0, true};
	mw_sort_named(x->m, ox->props, ox->nprops);
}

/* The op's dictionary entries, split into discardable and inherent. */
static void op_attrs(cv *x, const mbc_op *src, mw_opx *ox, bool split)
{
	mw_module *m = x->m;
	if (src->attrs == MBC_NONE)
		return;
	const mbc_ent *d;
	if (mbc_attr(x->r, src->attrs, &d, m->diag) != BCX_OK) {
		mw_fail(m, BCX_ERR_MALFORMED, "bad attribute dictionary");
		return;
	}
	uint32_t n = d->n / 2;
	ox->attrs = mw_alloc(m, n, sizeof *ox->attrs);
	ox->props = mw_alloc(m, n + MBC_MAX_PROPS, sizeof *ox->props);
	for (uint32_t i = 0; i < n && ox->attrs && ox->props; i++) {
		mw_named nv = {cv_ent(x, false, d->list[2 * i]), cv_ent(x, false, d->list[2 * i + 1]),
			       NULL, 0, 0, false, 0, false};
		mbc_str key = mbc_string(x->r, x->r->attrs[d->list[2 * i]].e->r[0]);
		if (split && mbc_is_inherent(x->r, src, key)) {
			mbc_str name = mbc_inherent_name(x->r, src, key);
			if (name.p != key.p)
				nv.name = mw_string_attr(m, name.p, name.n);
			nv.from_dict = true;
			seg_values(x, &nv, d->list[2 * i + 1]);
			add_zero_groups(x, src, name, &nv);
			ox->props[ox->nprops++] = nv;
		}
		else
			ox->attrs[ox->nattrs++] = nv;
	}
	if (split && ox->props)
		add_map_groups(x, src, ox);
}

/* One decoded property in the model: an attribute, segment sizes, or a
 * value field (kept as its value: MLIR has no attribute for it). */
static mw_named cv_prop(cv *x, const mbc_named *p)
{
	mw_module *m = x->m;
	mw_named nv = {mw_string_attr(m, p->name, p->len), MW_NONE, NULL, 0, p->kind, p->present,
		       p->ival, false};
	if (p->kind == 't') { /* an upgrade's TypeAttr (upgrades.def) */
		nv.kind = 0;
		nv.value = mw_type_attr(m, cv_ent(x, true, (uint32_t)p->ival));
	} else if (p->attr != MBC_NONE) {
		nv.value = cv_ent(x, false, p->attr);
		seg_values(x, &nv, p->attr);
	} else if (p->seg) {
		nv.seg = p->seg;
		nv.nseg = p->nseg;
		nv.value = mw_i32_array(m, p->seg, p->nseg);
	}
	return nv;
}

static bool is_value(char kind)
{
	return kind == 'e' || kind == 'b' || kind == 'o';
}

/* A file of another release (MLIR 19) is written in MLIR 22's layouts:
 * an op MLIR 22 does not have, or a property whose kind changed (an
 * ArrayAttr that became a DenseI64ArrayAttr, an attribute that became a
 * Property<>), cannot be carried over; the message names the op and the
 * field. Fields MLIR 22 added or dropped are left to check_props. */
static bool upgradable(cv *x, const mbc_op *src, const mbc_named *pr, uint32_t np)
{
	const mbc_opname *on = &x->r->opnames[src->name];
	unsigned rel = mbc_release_major(x->r->rel);
	for (uint32_t i = 0; i < np; i++) {
		mbc_field f;
		if (pr[i].in_dict || pr[i].kind == 'd' ||
		    !mbc_layout_field(on->cur, pr[i].name, pr[i].len, &f))
			continue;
		mbc_str a = mbc_layout_attr_type(on->layout, pr[i].name, pr[i].len);
		mbc_str b = mbc_layout_attr_type(on->cur, pr[i].name, pr[i].len);
		bool changed = is_value(pr[i].kind) != is_value(f.kind) ||
			       (a.n && b.n && (a.n != b.n || memcmp(a.p, b.p, a.n) != 0));
		if (changed) {
			mw_fail(x->m, BCX_ERR_UNSUPPORTED,
				"property '%.*s' of %s changed kind from MLIR %u (%.*s) to MLIR 22 (%.*s)",
				(int)pr[i].len, pr[i].name, on->full, rel, a.n ? (int)a.n : 5,
				a.n ? (const char *)a.p : "value", b.n ? (int)b.n : 5,
				b.n ? (const char *)b.p : "value");
			return false;
		}
	}
	return true;
}

/* An older release's file written for MLIR 22: the rows of upgrades.def
 * apply (written for its own release, it keeps its ops as they are). */
static bool upgrading(const cv *x)
{
	return x->r->rel != mbc_release_current() && x->m->rel == mbc_release_current();
}

static void op_props(cv *x, const mbc_op *src, mw_op *op, mw_opx *ox)
{
	mw_module *m = x->m;
	const mbc_opname *on = &x->r->opnames[src->name];
	mbc_named pr[MBC_MAX_PROPS];
	uint32_t np;
	bool opaque;
	if (src->props == MBC_NONE) {
		/* inherent attributes in the dictionary (mbc_is_inherent) */
		op_attrs(x, src, ox, true);
		return;
	}
	op_attrs(x, src, ox, on->registered > 0);
	if (mbc_op_props(x->r, src, pr, &np, MBC_MAX_PROPS, &opaque, m->diag) != BCX_OK) {
		mw_fail(m, m->diag ? m->diag->code : BCX_ERR_MALFORMED, "bad properties");
		return;
	}
	if (opaque) {
		const mbc_prop *p = &x->r->props[src->props];
		ox->opaque = x->r->data + p->off;
		ox->nopaque = (uint32_t)p->len;
		m->pinned = true;
		return;
	}
	if (!on->registered) {
		op->props_attr = cv_ent(x, false, pr[0].attr);
		return;
	}
	if (upgrading(x))
		mbc_upgrade_view(x->r, src, pr, &np, MBC_MAX_PROPS);
	mw_named up[MBC_MAX_PROPS];
	uint32_t nup = 0;
	if (upgrading(x) && !mbc_upgrade_props(x->r, m, src, pr, &np, up, &nup))
		return;
	if (x->r->rel != mbc_release_current() && !upgradable(x, src, pr, np))
		return;
	if (!ox->props)
		ox->props = mw_alloc(m, np + nup, sizeof *ox->props);
	for (uint32_t i = 0; ox->props && i < np; i++)
		if (pr[i].kind != 'd' && !pr[i].in_dict)
			ox->props[ox->nprops++] = cv_prop(x, &pr[i]);
	for (uint32_t i = 0; ox->props && i < nup; i++)
		ox->props[ox->nprops++] = up[i];
	if (nup)
		mw_sort_named(m, ox->props, ox->nprops);
}

static void cv_op(cv *x, const mbc_op *src, uint32_t parent);

/* Written for an older release: the terminator it requires and MLIR 22
 * dropped (upgrades.def), at the end of the owner's block, with the
 * owner's location (as that release's parser adds it). */
static void end_op(cv *x, uint32_t owner, mw_block *blk)
{
	mw_module *m = x->m;
	const char *name = m->status == BCX_OK && owner < m->nops && m->rel != mbc_release_current()
				   ? mw_downgrade_terminator(m, &m->ops[owner]) : NULL;
	if (!name)
		return;
	uint32_t id = mw_new_op(m, owner);
	if (id == MW_NONE)
		return;
	m->ops[id].name = mw_opname_id(m, name, strlen(name), 1);
	m->ops[id].loc = m->ops[owner].loc;
	m->ops[id].end = id;
	mw_block_add_op(m, blk, id);
}

static void cv_region(cv *x, const mbc_region *src, mw_region *r, uint32_t owner)
{
	mw_module *m = x->m;
	for (uint32_t b = 0; b < src->nblocks && m->status == BCX_OK; b++) {
		const mbc_block *sb = &src->blocks[b];
		mw_block *blk = mw_new_block(m, r);
		if (!blk)
			return;
		blk->nargs = sb->nargs;
		blk->first_arg = mw_new_values(m, sb->nargs, owner, true);
		for (uint32_t i = 0; i < sb->nargs && m->status == BCX_OK; i++) {
			mw_value *v = &m->values[blk->first_arg + i];
			v->type = cv_ent(x, true, sb->arg_types[i]);
			v->loc = sb->arg_locs[i] == MBC_NONE ? MW_NONE : cv_ent(x, false, sb->arg_locs[i]);
			x->vmap[sb->args[i]] = blk->first_arg + i;
		}
		blk->uses = uses(x, sb->uses, sb->nuse);
		blk->nuse = sb->nuse;
		for (uint32_t i = 0; i < sb->nops && m->status == BCX_OK; i++) {
			uint32_t id = m->nops;
			if (upgrading(x) && mbc_upgrade_drops(x->r, m, &sb->ops[i]))
				continue; /* an op MLIR 22 no longer has (upgrades.def) */
			cv_op(x, &sb->ops[i], owner);
			blk = &r->blocks[b]; /* regions do not move, blocks may not either */
			mw_block_add_op(m, blk, id);
		}
		end_op(x, owner, &r->blocks[b]);
	}
}

static void cv_op(cv *x, const mbc_op *src, uint32_t parent)
{
	mw_module *m = x->m;
	uint32_t id = mw_new_op(m, parent);
	if (id == MW_NONE)
		return;
	mw_op *op = &m->ops[id];
	mbc_str full = {(const uint8_t *)x->r->opnames[src->name].full,
			x->r->opnames[src->name].full_len};
	const mbc_opname *on = &x->r->opnames[src->name];
	op->name = mw_opname_id(m, (const char *)full.p, full.n, on->registered);
	if (on->registered > 0 && !on->cur && x->r->rel != mbc_release_current()) {
		mw_fail(m, BCX_ERR_UNSUPPORTED, "%s (MLIR %u) is not an op of MLIR 22", on->full,
			mbc_release_major(x->r->rel));
		return;
	}
	op->loc = cv_ent(x, false, src->loc);
	mw_opx *ox = src->attrs != MBC_NONE || src->props != MBC_NONE || src->nsucc || src->nuse
			     ? mw_op_x(m, op) : NULL;
	if (!ox && m->status != BCX_OK)
		return;
	op_props(x, src, op, ox);
	op->nres = src->nres;
	op->first_res = mw_new_values(m, src->nres, id, false);
	for (uint32_t i = 0; i < src->nres && m->status == BCX_OK; i++) {
		m->values[op->first_res + i].type = cv_ent(x, true, src->res_types[i]);
		if (src->res)
			x->vmap[src->res[i]] = op->first_res + i;
	}
	op->nopr = src->nopr;
	op->opr = (uint32_t *)src->operands; /* read values; mapped at the end */
	if (ox) {
		ox = &m->opx[op->x - 1];
		ox->nsucc = src->nsucc;
		ox->succ = src->succ;
		ox->uses = uses(x, src->uses, src->nuse);
		ox->nuse = src->nuse;
	}
	op->nregions = src->nregions;
	op->regions = mw_alloc(m, src->nregions, sizeof *op->regions);
	for (uint32_t r = 0; r < src->nregions && op->regions && m->status == BCX_OK; r++) {
		cv_region(x, &src->regions[r], &op->regions[r], id);
		op = &m->ops[id];
	}
	m->ops[id].end = m->nops - 1;
}

/* Operands were read values; they become model values once all exist. */
static void map_operands(cv *x)
{
	mw_module *m = x->m;
	for (uint32_t i = 0; i < m->nops && m->status == BCX_OK; i++) {
		mw_op *op = &m->ops[i];
		uint32_t *v = mw_alloc(m, op->nopr, sizeof *v);
		for (uint32_t k = 0; v && k < op->nopr; k++)
			v[k] = x->vmap[op->opr[k]];
		op->opr = v;
	}
}

bcx_status mbc_to_model(mbc_module *r, mw_module *m)
{
	BCX_TRY(bcx_mlirbc_load_all(r, m->diag));
	cv x = {r, m, NULL, NULL, NULL, NULL, 0};
	x.amap = mw_alloc(m, r->nattrs, sizeof *x.amap);
	x.tmap = mw_alloc(m, r->ntypes, sizeof *x.tmap);
	x.vmap = mw_alloc(m, r->nvalues, sizeof *x.vmap);
	if (m->status != BCX_OK)
		return m->status;
	tables(&x);
	if (m->status == BCX_OK)
		cv_op(&x, &r->root, MW_NONE);
	map_operands(&x);
	/* every entry of the file, in its order (pinned output keeps them) */
	for (uint32_t i = 0; i < r->nattrs && m->status == BCX_OK; i++)
		cv_ent(&x, false, i);
	for (uint32_t i = 0; i < r->ntypes && m->status == BCX_OK; i++)
		cv_ent(&x, true, i);
	return m->status;
}
