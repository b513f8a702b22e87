/* The llvm dialect's attributes that its bytecode encodes (debug info,
 * loop annotations), printed as MLIR 22 prints them, from the syntax table
 * dialect_syn.def: `#llvm.di_file<"a.c" in "/d">`, struct formats
 * `<tag = DW_TAG_base_type, name = "int", ...>` with the optional
 * parameters at their defaults left out, DWARF and enum names, flag sets,
 * and the parameters whose class is an llvm attribute printed without
 * their `#llvm.mnemonic` prefix (or as their alias). Also the alias walk's
 * view of them: the alias stem and the attributes inside, in print order. */
#include "dialect_syn.h"
#include "print.h"
#include "mlir/text.h"

#include <string.h>

#define PUTS(p, lit) bcx_buf_put_bytes((p)->b, (lit), sizeof(lit) - 1)

static bool is_llvm_attr(const mbc_module *m, const mbc_ent *e)
{
	mbc_str d = mbc_string(m, m->dialects[e->dialect].name);
	return e->code == MBC_RAW && !e->is_type && d.n == 4 && memcmp(d.p, "llvm", 4) == 0;
}

/* The kind's syntax, from the entry's first varint (no decode). */
static const mbc_dsyn *syn_of(const mbc_module *m, const mbc_ent *e)
{
	if (!is_llvm_attr(m, e))
		return NULL;
	bcx_cursor c;
	bcx_cur_init(&c, e->blob, (size_t)e->nblob, NULL);
	uint64_t code = bcx_cur_prefixvarint(&c, "kind code");
	return bcx_cur_ok(&c) ? mbc_dsyn_by_code(code) : NULL;
}

const char *mbc_llvm_alias(const mbc_module *m, const mbc_ent *e)
{
	const mbc_dsyn *s = syn_of(m, e);
	return s && s->alias ? s->mnemonic : NULL;
}

static bool aliased(const mbc_pctx *p, uint32_t i)
{
	return p->aliases && p->attr_alias && i < p->m->nall && p->attr_alias[i] >= 0;
}

static bool put_body(mbc_pctx *p, const mbc_dvals *v);

/* A parameter whose class is an llvm attribute of mnemonic target: its
 * alias, else its body without the prefix (a text entry's as well), else
 * (some other attribute, in a file MLIR would not have written) whole. */
static bool put_stripped(mbc_pctx *p, uint32_t i, const char *target)
{
	const mbc_ent *e;
	if (i >= p->m->nall || mbc_attr(p->m, i, &e, NULL) != BCX_OK)
		return false;
	if (!aliased(p, i)) {
		const mbc_dsyn *s = syn_of(p->m, e);
		if (s && strcmp(s->mnemonic, target) == 0)
			return mbc_print_llvm(p, e, true);
		size_t tn = strlen(target);
		if (e->code == MBC_TEXT && e->nblob > 6 + tn && memcmp(e->blob, "#llvm.", 6) == 0 &&
		    memcmp(e->blob + 6, target, tn) == 0 && e->blob[6 + tn] == '<') {
			mbc_print_text(p, e, 6 + tn);
			return true;
		}
	}
	mbc_print_attr(p, i, ELIDE_NEVER);
	return true;
}

/* One value of a parameter (a list's element, or its only field). */
static bool put_value(mbc_pctx *p, const mbc_dpar *par, const mbc_dfield *f)
{
	switch (par->kind) {
	case 'U': case 'N':
		bcx_buf_put_udec(p->b, f->value);
		return true;
	case 'O': /* an optional integer: (value << 1) | present */
		bcx_buf_put_udec(p->b, f->value >> 1);
		return true;
	case 'B':
		bcx_buf_puts(p->b, f->value ? "true" : "false");
		return true;
	case 'E': {
		const char *name = mbc_dsyn_name(par->table, f->value);
		if (name)
			bcx_buf_puts(p->b, name);
		return name != NULL;
	}
	case 'F':
		return mbc_dsyn_put_flags(p->b, par->table, f->value);
	case 'X':
		return f->value <= UINT32_MAX && put_stripped(p, (uint32_t)f->value, par->target);
	default: /* 'A' */
		if (f->code == 'S') {
			if (f->value >= p->m->nstrings)
				return false;
			mbc_str s = mbc_string(p->m, (uint32_t)f->value);
			mlir_print_string(p->b, s.p, s.n);
			return true;
		}
		if (f->value >= p->m->nall)
			return false;
		mbc_print_attr(p, (uint32_t)f->value, ELIDE_NEVER);
		return true;
	}
}

/* A parameter's value: a list's elements joined by ", ". */
static bool put_param(mbc_pctx *p, const mbc_dvals *v, const mbc_dpar *par)
{
	const mbc_dfield *f = mbc_dvals_at(v, par);
	if (!f || (f->code == 'A' && !f->present))
		return false; /* a required parameter the bytes lack */
	if (f->code != '#')
		return put_value(p, par, f);
	for (uint64_t k = 0; f->present && k < f->value; k++) {
		if (k)
			PUTS(p, ", ");
		if (!put_value(p, par, f + 1 + k))
			return false;
	}
	return true;
}

static bool put_struct(mbc_pctx *p, const mbc_dvals *v)
{
	const mbc_dsyn *s = v->syn;
	bool first = true;
	bcx_buf_put_u8(p->b, '<');
	for (uint32_t k = 0; k < s->npar; k++) {
		const mbc_dpar *par = &s->par[k];
		if (par->optional && mbc_dvals_is_default(v, par))
			continue;
		if (!first)
			PUTS(p, ", ");
		first = false;
		bcx_buf_puts(p->b, par->name);
		PUTS(p, " = ");
		if (!put_param(p, v, par))
			return false;
	}
	bcx_buf_put_u8(p->b, '>');
	return true;
}

/* MLIR's custom<ExpressionArg> (C++, not in the .td files): the operands
 * of DW_OP_LLVM_convert after the first are DW_ATE_ names. */
static bool put_expr_elem(mbc_pctx *p, const mbc_dvals *v)
{
	const mbc_dpar *op = &v->syn->par[0], *args = &v->syn->par[1];
	const mbc_dfield *f = mbc_dvals_at(v, op), *a = mbc_dvals_at(v, args);
	if (!f || !put_value(p, op, f))
		return false;
	if (mbc_dvals_is_default(v, args))
		return true;
	const char *name = mbc_dsyn_name(op->table, f->value);
	bool convert = name && strcmp(name, "DW_OP_LLVM_convert") == 0;
	bcx_buf_put_u8(p->b, '(');
	for (uint64_t k = 0; k < a->value; k++) {
		const char *ate = convert && k ? mbc_dsyn_name(MBC_DT_DW_ATE, a[1 + k].value) : NULL;
		if (k)
			PUTS(p, ", ");
		if (ate)
			bcx_buf_puts(p->b, ate);
		else
			bcx_buf_put_udec(p->b, a[1 + k].value);
	}
	bcx_buf_put_u8(p->b, ')');
	return true;
}

static bool put_body(mbc_pctx *p, const mbc_dvals *v)
{
	const mbc_dpar *par = v->syn->par;
	switch (v->syn->format) {
	case MBC_DF_FILE: /* `<` $name `in` $directory `>` */
		bcx_buf_put_u8(p->b, '<');
		if (!put_param(p, v, &par[0]))
			return false;
		PUTS(p, " in ");
		if (!put_param(p, v, &par[1]))
			return false;
		bcx_buf_put_u8(p->b, '>');
		return true;
	case MBC_DF_EXPR: /* `<` ( `[` $operations^ `]` )? `>` */
		bcx_buf_put_u8(p->b, '<');
		if (!mbc_dvals_is_default(v, &par[0])) {
			bcx_buf_put_u8(p->b, '[');
			if (!put_param(p, v, &par[0]))
				return false;
			bcx_buf_put_u8(p->b, ']');
		}
		bcx_buf_put_u8(p->b, '>');
		return true;
	case MBC_DF_EXPR_ELEM:
		return put_expr_elem(p, v);
	default:
		return put_struct(p, v);
	}
}

bool mbc_print_llvm(mbc_pctx *p, const mbc_ent *e, bool stripped)
{
	if (!is_llvm_attr(p->m, e) || p->depth > MBC_MAX_DEPTH + 8)
		return false;
	const bcx_allocator *a = p->m->pool.a;
	mbc_dvals v;
	if (!mbc_dvals_read(&v, a, e->blob, (size_t)e->nblob))
		return false;
	mbc_mark start = mbc_mark_at(p);
	if (!stripped) {
		PUTS(p, "#llvm.");
		bcx_buf_puts(p->b, v.syn->mnemonic);
	}
	p->depth++;
	bool ok = put_body(p, &v);
	p->depth--;
	if (!ok && !mbc_rewind(p, start, "an llvm dialect attribute"))
		ok = true; /* p failed: not printed raw */
	mbc_dvals_free(&v, a);
	return ok;
}

/* A `distinct[N]<...>` read inside a text entry (llvm_text.c), with the
 * id the printer gives it (MLIR numbers them as it prints), once. */
static bool put_distinct_text(mbc_pctx *p, uint32_t c, const mbc_ent *ce)
{
	static const char head[] = "distinct[";
	const uint8_t *close = ce->nblob > sizeof head ? memchr(ce->blob, ']', (size_t)ce->nblob) : NULL;
	if (!close || memcmp(ce->blob, head, sizeof head - 1) != 0 || !p->distinct_id ||
	    c >= p->m->nall)
		return false;
	uint32_t *id = &p->distinct_id[c];
	if (!*id)
		*id = ++p->next_distinct;
	bcx_buf_printf(p->b, "distinct[%u", *id - 1);
	mbc_print_text(p, ce, (size_t)(close - ce->blob));
	return true;
}

void mbc_print_text(mbc_pctx *p, const mbc_ent *e, size_t skip)
{
	size_t at = skip;
	/* without aliases (local scope) the text as stored is MLIR's */
	uint32_t n = p->aliases && p->depth <= MBC_MAX_DEPTH + 8 ? e->n : 0;
	p->depth++;
	for (uint32_t k = 0; k < n && mbc_out_room(p); k++) {
		uint64_t start = e->words[3 * k], end = e->words[3 * k + 1];
		uint32_t c = e->list[k];
		const mbc_ent *ce;
		if (start < at || end > e->nblob || mbc_attr(p->m, c, &ce, NULL) != BCX_OK)
			break;
		bcx_buf_put_bytes(p->b, e->blob + at, (size_t)(start - at));
		if (e->words[3 * k + 2] && !aliased(p, c) && ce->code == MBC_TEXT && ce->nblob >= end - start)
			mbc_print_text(p, ce, (size_t)(ce->nblob - (end - start))); /* without its prefix */
		else if (ce->code != MBC_TEXT || !put_distinct_text(p, c, ce))
			mbc_print_attr(p, c, ELIDE_NEVER);
		at = (size_t)end;
	}
	p->depth--;
	bcx_buf_put_bytes(p->b, e->blob + at, (size_t)e->nblob - at);
}

void mbc_llvm_children(mbc_module *m, const mbc_ent *e, void (*fn)(void *ctx, uint32_t attr),
		       void *ctx)
{
	const bcx_allocator *a = m->pool.a;
	mbc_dvals v;
	if (!is_llvm_attr(m, e) || !mbc_dvals_read(&v, a, e->blob, (size_t)e->nblob))
		return;
	for (uint32_t k = 0; k < v.syn->npar; k++) {
		const mbc_dpar *par = &v.syn->par[k];
		const mbc_dfield *f = mbc_dvals_at(&v, par);
		if (!f || mbc_dvals_is_default(&v, par) || (par->kind != 'A' && par->kind != 'X'))
			continue;
		uint64_t n = f->code == '#' ? f->value : 1;
		const mbc_dfield *x = f->code == '#' ? f + 1 : f;
		for (uint64_t j = 0; j < n; j++)
			if ((x[j].code == 'a' || (x[j].code == 'A' && x[j].present)) &&
			    x[j].value < m->nall)
				fn(ctx, (uint32_t)x[j].value);
	}
	mbc_dvals_free(&v, a);
}
