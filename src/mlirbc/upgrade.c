/* The changes bcx convert makes to an older release's file so that MLIR 22
 * reads it with the same meaning (upgrades.def): ops MLIR 22 dropped, and
 * properties whose field or storage changed. */
#include "upgrade.h"

#include <string.h>

/* UNIT_TO_ENUM, ADD_GROUPS and VAR_TYPE are applied to the decoded properties (mbc_upgrade_view),
 * for bcx dis and bcx convert alike; I64_ARRAY makes a new entry, in
 * convert (mbc_upgrade_props), and is printed as one (print_generic.c). */

static const up_row rows[] = {
#define MBC_UPGRADE(release, op, field, action, to, value) {release, op, field, action, to, value},
#include "upgrades.def"
};

const up_row *mbc_upgrade_rows(size_t *n)
{
	*n = sizeof rows / sizeof *rows;
	return rows;
}

static const up_row *find(const mbc_module *r, const mbc_op *op, const char *field, size_t n)
{
	const mbc_opname *on = &r->opnames[op->name];
	unsigned rel = mbc_release_major(r->rel);
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++)
		if (rows[i].release == rel && strcmp(rows[i].op, on->full) == 0 &&
		    strlen(rows[i].field) == n && memcmp(rows[i].field, field, n) == 0)
			return &rows[i];
	return NULL;
}

static bool empty_dict(mbc_module *r, uint32_t attrs)
{
	const mbc_ent *d;
	return attrs == MBC_NONE || (mbc_attr(r, attrs, &d, NULL) == BCX_OK && d->n == 0);
}

static bool holds_nothing(mbc_module *r, const mbc_op *op)
{
	return !op->nopr && !op->nres && !op->nregions && !op->nsucc && op->props == MBC_NONE &&
	       empty_dict(r, op->attrs);
}

bool mbc_upgrade_hidden(mbc_module *r, const mbc_op *op)
{
	if (r->rel == mbc_release_current())
		return false;
	const up_row *u = find(r, op, "", 0);
	return u && u->action == DROP_OP && holds_nothing(r, op);
}

bool mbc_upgrade_i64_array(mbc_module *r, const mbc_op *op, const mbc_named *p)
{
	if (r->rel == mbc_release_current() || p->kind || p->in_dict)
		return false;
	const up_row *u = find(r, op, p->name, p->len);
	return u && u->action == I64_ARRAY;
}

/* Insert-sort the last entry of pr[0..n) by name (the list is sorted). */
static void sort_last(mbc_named *pr, uint32_t n)
{
	for (uint32_t i = n - 1; i > 0; i--) {
		const mbc_named *a = &pr[i - 1], *b = &pr[i];
		uint32_t k = a->len < b->len ? a->len : b->len;
		int c = memcmp(a->name, b->name, k);
		if (c < 0 || (c == 0 && a->len <= b->len))
			break;
		mbc_named t = pr[i - 1];
		pr[i - 1] = pr[i];
		pr[i] = t;
	}
}

static uint32_t find_named(const mbc_named *pr, uint32_t n, const char *name)
{
	uint32_t i = 0, len = (uint32_t)strlen(name);
	while (i < n && !(pr[i].len == len && memcmp(pr[i].name, name, len) == 0))
		i++;
	return i;
}

/* ADD_GROUPS: the array added when the field is absent (segment sizes:
 * printed and written as array<i32: ...>). */
static void add_groups(mbc_module *r, const mbc_op *op, const up_row *u, mbc_named *pr,
		       uint32_t *n, uint32_t cap)
{
	if (find_named(pr, *n, u->to) < *n || *n == cap)
		return;
	int32_t *seg = mbc_alloc_array(r->arena, (size_t)(u->value ? u->value : 1), sizeof *seg);
	if (!seg)
		return; /* shown without it; convert then names the missing field */
	for (uint64_t k = 0; k < u->value; k++)
		seg[k] = k ? 0 : (int32_t)op->nopr;
	pr[(*n)++] = (mbc_named){u->to, (uint32_t)strlen(u->to), MBC_NONE, seg, (uint32_t)u->value,
				 0, false, 0, NULL, 0, false};
	sort_last(pr, *n);
}

/* VAR_TYPE: the element type of the operand's ranked memref type (a
 * TypeAttr, kind 't'); nothing for another type. */
static void add_var_type(mbc_module *r, const mbc_op *op, const up_row *u, mbc_named *pr,
			 uint32_t *n, uint32_t cap)
{
	const mbc_ent *t;
	if (find_named(pr, *n, u->to) < *n || *n == cap || u->value >= op->nopr)
		return;
	uint32_t v = op->operands[u->value];
	if (v >= r->nvalues || !r->values[v].kind || mbc_type(r, r->values[v].type, &t, NULL) != BCX_OK ||
	    (t->code != MBC_T_MEMREF && t->code != MBC_T_MEMREF_SPACE))
		return; /* convert then names the missing field */
	pr[(*n)++] = (mbc_named){u->to, (uint32_t)strlen(u->to), MBC_NONE, NULL, 0, 't', true, t->r[0],
				 NULL, 0, false};
	sort_last(pr, *n);
}

const char *mbc_upgrade_rename(const mbc_module *r, const mbc_op *op, const char *name, size_t n)
{
	if (r->rel == mbc_release_current())
		return NULL;
	const up_row *u = find(r, op, name, n);
	return u && u->action == RENAME ? u->to : NULL;
}

/* The operands an affine map's text stands for: its dims and symbols,
 * "affine_map<(d0, d1)[s0] -> ...>" 3; -1 when the text is not that. */
static int64_t map_operands(const uint8_t *p, size_t n)
{
	static const char head[] = "affine_map<";
	size_t i = sizeof head - 1;
	if (n < i || memcmp(p, head, i) != 0)
		return -1;
	int64_t count = 0;
	for (int part = 0; part < 2; part++) {
		char open = part ? '[' : '(', close = part ? ']' : ')';
		while (i < n && p[i] == ' ')
			i++;
		if (i == n || p[i] != open)
			return part ? count : -1; /* no symbols */
		bool any = false;
		for (i++; i < n && p[i] != close; i++) {
			any = true;
			count += p[i] == ',';
		}
		if (i == n)
			return -1;
		count += any;
		i++;
	}
	return count;
}

/* The attribute of the op's dictionary named name, or MBC_NONE. */
static uint32_t dict_value(mbc_module *r, const mbc_op *op, const char *name, size_t n)
{
	const mbc_ent *d, *k;
	if (op->attrs == MBC_NONE || mbc_attr(r, op->attrs, &d, NULL) != BCX_OK)
		return MBC_NONE;
	for (uint32_t i = 0; i + 1 < d->n; i += 2) {
		if (mbc_attr(r, d->list[i], &k, NULL) != BCX_OK)
			return MBC_NONE;
		mbc_str key = mbc_string(r, k->r[0]);
		if (key.n == n && memcmp(key.p, name, n) == 0)
			return d->list[i + 1];
	}
	return MBC_NONE;
}

const char *mbc_upgrade_map_groups(mbc_module *r, const mbc_op *op, int32_t *seg, uint32_t *nseg,
				   uint32_t cap)
{
	if (r->rel == mbc_release_current())
		return NULL;
	const mbc_opname *on = &r->opnames[op->name];
	unsigned rel = mbc_release_major(r->rel);
	for (size_t k = 0; k < sizeof rows / sizeof *rows; k++) {
		const up_row *u = &rows[k];
		if (u->release != rel || u->action != MAP_GROUPS || strcmp(u->op, on->full) != 0 ||
		    u->value == 0 || u->value > cap)
			continue;
		int64_t left = op->nopr;
		uint32_t g = 0;
		for (const char *f = u->field; *f && g + 1 < u->value; g++) {
			size_t len = strcspn(f, " ");
			const mbc_ent *e;
			uint32_t a = dict_value(r, op, f, len);
			int64_t c = a == MBC_NONE || mbc_attr(r, a, &e, NULL) != BCX_OK || e->code != MBC_TEXT
					    ? -1 : map_operands(e->blob, (size_t)e->nblob);
			if (c < 0 || c > left)
				return NULL; /* convert then names the missing field */
			seg[g] = (int32_t)c;
			left -= c;
			f += len + (f[len] == ' ');
		}
		seg[g++] = (int32_t)left;
		*nseg = g;
		return u->to;
	}
	return NULL;
}

uint32_t mbc_upgrade_zero_groups(const mbc_module *r, const mbc_op *op, const char *name, size_t n,
				 const int32_t *old, uint32_t nold, int32_t *seg, uint32_t cap)
{
	if (r->rel == mbc_release_current())
		return 0;
	const up_row *u = find(r, op, name, n);
	if (!u || u->action != ZERO_GROUPS)
		return 0;
	uint32_t added = 0, total;
	for (uint64_t v = u->value; v; v &= v - 1)
		added++;
	total = nold + added;
	if (total > cap || total > 64 || (u->value >> total) != 0)
		return 0; /* not the length that row is for: left to convert's checks */
	for (uint32_t i = 0, j = 0; i < total; i++)
		seg[i] = (u->value >> i) & 1 ? 0 : old[j++];
	return total;
}

/* MAP_GROUPS and ZERO_GROUPS on the decoded properties. */
static void view_groups(mbc_module *r, const mbc_op *op, mbc_named *pr, uint32_t *n, uint32_t cap)
{
	int32_t seg[64];
	uint32_t nseg = 0;
	const char *to = mbc_upgrade_map_groups(r, op, seg, &nseg, 64);
	if (to && find_named(pr, *n, to) == *n && *n < cap) {
		int32_t *kept = mbc_alloc_array(r->arena, nseg, sizeof *kept);
		if (!kept)
			return;
		memcpy(kept, seg, nseg * sizeof *kept);
		pr[(*n)++] = (mbc_named){to, (uint32_t)strlen(to), MBC_NONE, kept, nseg, 0, false, 0,
					 NULL, 0, false};
		sort_last(pr, *n);
	}
	for (uint32_t i = 0; i < *n; i++) {
		const mbc_ent *e;
		if (pr[i].attr == MBC_NONE || mbc_attr(r, pr[i].attr, &e, NULL) != BCX_OK ||
		    e->code != MBC_A_DENSE_ARRAY || e->nblob != e->u[0] * 4 || e->u[0] > 64)
			continue;
		int32_t old[64];
		memcpy(old, e->blob, (size_t)e->nblob);
		nseg = mbc_upgrade_zero_groups(r, op, pr[i].name, pr[i].len, old, (uint32_t)e->u[0],
					      seg, 64);
		int32_t *kept = nseg ? mbc_alloc_array(r->arena, nseg, sizeof *kept) : NULL;
		if (!kept)
			continue;
		memcpy(kept, seg, nseg * sizeof *kept);
		pr[i].attr = MBC_NONE;
		pr[i].seg = kept;
		pr[i].nseg = nseg;
	}
}

void mbc_upgrade_view(mbc_module *r, const mbc_op *op, mbc_named *pr, uint32_t *n, uint32_t cap)
{
	if (r->rel == mbc_release_current())
		return;
	view_groups(r, op, pr, n, cap);
	const mbc_opname *on = &r->opnames[op->name];
	unsigned rel = mbc_release_major(r->rel);
	for (size_t k = 0; k < sizeof rows / sizeof *rows; k++) {
		const up_row *u = &rows[k];
		if (u->release != rel || strcmp(u->op, on->full) != 0)
			continue;
		if (u->action == ADD_GROUPS)
			add_groups(r, op, u, pr, n, cap);
		if (u->action == VAR_TYPE)
			add_var_type(r, op, u, pr, n, cap);
		if (u->action != UNIT_TO_ENUM)
			continue;
		uint32_t i = find_named(pr, *n, u->field);
		bool unit = i < *n && pr[i].kind == 0 && pr[i].attr != MBC_NONE;
		if (i == *n && *n == cap)
			continue;
		if (i == *n)
			(*n)++;
		else
			memmove(&pr[i], &pr[i + 1], (*n - i - 1) * sizeof *pr); /* re-sorted below */
		pr[*n - 1] = (mbc_named){u->to, (uint32_t)strlen(u->to), MBC_NONE, NULL, 0, 'e', true,
					 unit ? u->value : 0, NULL, 0, false};
		sort_last(pr, *n);
	}
}

bool mbc_upgrade_drops(mbc_module *r, mw_module *m, const mbc_op *op)
{
	const up_row *u = find(r, op, "", 0);
	if (!u || u->action != DROP_OP)
		return false;
	if (!holds_nothing(r, op))
		mw_fail(m, BCX_ERR_UNSUPPORTED,
			"%s (MLIR %u) is not an op of MLIR 22 and holds operands, results, regions "
			"or attributes: not left out", u->op, u->release);
	return true;
}

/* An ArrayAttr of i64 IntegerAttrs as a DenseI64ArrayAttr. */
static uint32_t i64_array(mbc_module *r, mw_module *m, const up_row *u, uint32_t attr)
{
	const mbc_ent *a, *e, *t;
	if (mbc_attr(r, attr, &a, NULL) != BCX_OK || a->code != MBC_A_ARRAY)
		return mw_fail(m, BCX_ERR_UNSUPPORTED, "property '%s' of %s (MLIR %u) is not an ArrayAttr",
			       u->field, u->op, u->release), MW_NONE;
	uint64_t *v = mw_alloc(m, a->n, sizeof *v);
	for (uint32_t i = 0; v && i < a->n; i++) {
		if (mbc_attr(r, a->list[i], &e, NULL) != BCX_OK || e->code != MBC_A_INTEGER ||
		    mbc_type(r, e->r[0], &t, NULL) != BCX_OK || t->code != MBC_T_INTEGER ||
		    t->u[0] != 64 || t->u[1] != 0 || e->nwords != 1)
			return mw_fail(m, BCX_ERR_UNSUPPORTED,
				       "property '%s' of %s (MLIR %u): element %u is not an i64 integer",
				       u->field, u->op, u->release, i), MW_NONE;
		v[i] = e->words[0];
	}
	return v || !a->n ? mw_i64_array(m, v, a->n) : MW_NONE;
}

static bool rewrite(mbc_module *r, mw_module *m, const up_row *u, const mbc_named *p, mw_named *out)
{
	*out = (mw_named){mw_string_attr(m, u->to, strlen(u->to)), MW_NONE, NULL, 0, 0, false, 0,
			  false};
	if (p->attr == MBC_NONE)
		return false; /* nothing to carry: MLIR 22 refuses the op without it */
	out->value = i64_array(r, m, u, p->attr);
	return out->value != MW_NONE;
}

bool mbc_upgrade_props(mbc_module *r, mw_module *m, const mbc_op *op, mbc_named *pr, uint32_t *n,
		       mw_named *out, uint32_t *nout)
{
	uint32_t k = 0;
	*nout = 0;
	for (uint32_t i = 0; i < *n; i++) {
		const up_row *u = pr[i].kind == 0 && !pr[i].in_dict ?
					  find(r, op, pr[i].name, pr[i].len) : NULL;
		if (!u || u->action != I64_ARRAY) {
			pr[k++] = pr[i];
			continue;
		}
		if (rewrite(r, m, u, &pr[i], &out[*nout]))
			(*nout)++;
		if (m->status != BCX_OK)
			return false;
	}
	*n = k;
	return true;
}
