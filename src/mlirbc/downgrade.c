/* Writing MLIR 22's model for an older release (--mlir-release 19): the
 * rows of upgrades.def read backwards, where the meaning is unambiguous
 * (write_ir.c calls this on every registered op whose layouts differ).
 * What has no form in the older release is refused, naming the op and
 * the field. gpu.module_end is added back by convert.c, which builds the
 * op tree. */
#include "upgrade.h"

#include <stdio.h>
#include <string.h>

static bool op_is(const mw_module *m, const mw_op *op, const char *full)
{
	const mw_opname *on = &m->opnames[op->name];
	mbc_str d = mw_string_bytes(m, m->dialects[on->dialect].name);
	mbc_str o = mw_string_bytes(m, on->name);
	size_t n = strlen(full);
	return d.n + 1 + o.n == n && memcmp(full, d.p, d.n) == 0 && full[d.n] == '.' &&
	       memcmp(full + d.n + 1, o.p, o.n) == 0;
}

static uint32_t prop_at(const mw_module *m, const mw_opx *x, const char *name)
{
	size_t n = strlen(name);
	for (uint32_t i = 0; i < x->nprops; i++) {
		mbc_str s = mw_strattr_bytes(m, x->props[i].name);
		if (s.n == n && memcmp(s.p, name, n) == 0)
			return i;
	}
	return MW_NONE;
}

static void drop(mw_opx *x, uint32_t i)
{
	memmove(&x->props[i], &x->props[i + 1], (x->nprops - i - 1) * sizeof *x->props);
	x->nprops--;
}

static bool refuse(mw_module *m, const up_row *u, const char *why)
{
	mw_fail(m, BCX_ERR_UNSUPPORTED, "property '%s' of %s %s: MLIR %u cannot hold it", u->to,
		u->op, why, u->release);
	return false;
}

/* noWrapFlags = value (inbounds) becomes the unit `inbounds`; none is
 * nothing; other flags have no MLIR 19 form. */
static bool enum_to_unit(mw_module *m, mw_opx *x, const up_row *u, uint32_t i)
{
	/* read from a file: the field; from text: the attribute printed for it */
	uint64_t v = x->props[i].ival;
	bool known = x->props[i].kind == 'e' ||
		     (!x->props[i].kind && mw_ent_int(m, x->props[i].value, &v));
	if (!known || (v != 0 && v != u->value)) {
		char why[64];
		snprintf(why, sizeof why, "is %llu (only %llu or 0 are)", (unsigned long long)v,
			 (unsigned long long)u->value);
		return refuse(m, u, why);
	}
	if (!v) {
		drop(x, i);
		return true;
	}
	x->props[i] = (mw_named){mw_string_attr(m, u->field, strlen(u->field)), mw_unit_attr(m),
				  NULL, 0, 0, false, 0, false};
	mw_sort_named(m, x->props, x->nprops);
	return m->status == BCX_OK;
}

/* A DenseI64ArrayAttr becomes the ArrayAttr of i64 IntegerAttrs. */
static bool i64_array(mw_module *m, mw_opx *x, const up_row *u, uint32_t i)
{
	uint32_t n, cap = m->ent[x->props[i].value].ntpl; /* a bound on the count */
	uint64_t *v = mw_alloc(m, cap + 1, sizeof *v);
	uint32_t *ids = mw_alloc(m, cap + 1, sizeof *ids);
	if (!v || !ids)
		return false;
	if (x->props[i].kind || !mw_ent_i64_array(m, x->props[i].value, v, cap, &n))
		return refuse(m, u, "is not a DenseI64ArrayAttr");
	for (uint32_t k = 0; k < n; k++)
		ids[k] = mw_i64_attr(m, (int64_t)v[k]);
	x->props[i].value = mw_array_attr(m, ids, n);
	x->props[i].seg = NULL;
	return m->status == BCX_OK;
}

/* The group sizes an upgrade adds (every operand in the first group)
 * are dropped; others mean operand bundles MLIR 19 has not. */
static bool groups(mw_module *m, const mw_op *op, mw_opx *x, const up_row *u, uint32_t i)
{
	const mw_named *p = &x->props[i];
	bool same = p->nseg == u->value && (p->seg || !p->nseg);
	for (uint32_t k = 0; same && k < p->nseg; k++)
		same = p->seg[k] == (k ? 0 : (int32_t)op->nopr);
	if (!same)
		return refuse(m, u, "holds operand groups other than the one of every operand");
	drop(x, i);
	return true;
}

/* varType equal to the element type of its variable's memref (what MLIR
 * 22's parser gives a file without it) is dropped; another is refused. */
static bool var_type(mw_module *m, const mw_op *op, mw_opx *x, const up_row *u, uint32_t i)
{
	uint64_t code, vcode;
	uint32_t t, elem;
	bool same = u->value < op->nopr && x->props[i].value != MW_NONE &&
		    mw_ent_first_ref(m, x->props[i].value, MW_REC_TYPE, &code, &t) &&
		    code == MBC_A_TYPE &&
		    mw_ent_first_ref(m, m->values[op->opr[u->value]].type, MW_REC_TYPE, &vcode, &elem) &&
		    (vcode == MBC_T_MEMREF || vcode == MBC_T_MEMREF_SPACE) && elem == t;
	if (!same)
		return refuse(m, u, "is not the element type of its variable's memref");
	drop(x, i);
	return true;
}

bool mw_downgrade(mw_module *m, const mw_op *op, mw_opx *x)
{
	size_t nrows;
	const up_row *rows = mbc_upgrade_rows(&nrows);
	unsigned rel = mbc_release_major(m->rel);
	for (size_t k = 0; k < nrows && m->status == BCX_OK; k++) {
		const up_row *u = &rows[k];
		if (u->release != rel || u->action == DROP_OP || !op_is(m, op, u->op))
			continue;
		uint32_t i = prop_at(m, x, u->to);
		if (i == MW_NONE)
			continue;
		bool good = u->action == UNIT_TO_ENUM ? enum_to_unit(m, x, u, i)
			    : u->action == I64_ARRAY  ? i64_array(m, x, u, i)
			    : u->action == ADD_GROUPS ? groups(m, op, x, u, i)
			    : u->action == VAR_TYPE   ? var_type(m, op, x, u, i)
						      : true; /* MLIR 16's rows: not written */
		if (!good)
			return false;
	}
	return m->status == BCX_OK;
}

bool mw_downgrade_rewrites(const mw_module *m, const mw_op *op, const char *name, size_t n)
{
	size_t nrows;
	const up_row *rows = mbc_upgrade_rows(&nrows);
	for (size_t k = 0; m->rel && k < nrows; k++)
		if (rows[k].release == mbc_release_major(m->rel) && rows[k].action == I64_ARRAY &&
		    strlen(rows[k].to) == n && memcmp(rows[k].to, name, n) == 0 &&
		    op_is(m, op, rows[k].op))
			return true;
	return false;
}

const char *mw_downgrade_terminator(const mw_module *m, const mw_op *op)
{
	size_t nrows;
	const up_row *rows = mbc_upgrade_rows(&nrows);
	for (size_t k = 0; m->rel && k < nrows; k++)
		if (rows[k].release == mbc_release_major(m->rel) && rows[k].action == DROP_OP &&
		    *rows[k].to && op_is(m, op, rows[k].to))
			return rows[k].op;
	return NULL;
}
