/*
 * The directives that ops.def's format column names: custom<Name>(args)
 * for one element, op<Name> for an op printed whole. Each prints what the
 * dialect's own printer of that name prints (spec §21).
 */
#include "common/internal.h"
#include "tileir/print/print_custom.h"

#include <string.h>

/* The field a directive's first argument names, resolved with the format. */
static const bcx_tileir_field *field_arg(const cop *c, const ctok *t)
{
	return t->field >= 0 ? &c->info->fields[t->field] : NULL;
}

static const bcx_tileir_attr *attr_arg(const cop *c, const ctok *t, const bcx_tileir_field **f)
{
	*f = field_arg(c, t);
	if (!*f || ((*f)->kind != BCX_TILEIR_F_ATTR && (*f)->kind != BCX_TILEIR_F_UNIT))
		return NULL;
	return &c->op->attrs[t->slot];
}

static cgroup operands_arg(const cop *c, const ctok *t)
{
	const bcx_tileir_field *f = field_arg(c, t);
	cgroup g = {NULL, 0};
	if (!f || f->kind != BCX_TILEIR_F_OPERAND)
		return g;
	uint32_t at = 0;
	for (unsigned i = 0; i < t->slot; i++)
		at += c->op->segments[i];
	return (cgroup){c->op->operands + at, c->op->segments[t->slot]};
}

/* The word after the first argument ("nearest_even" in Rounding). */
static bool second_arg(const fmt_tok *t, const char **a, size_t *n)
{
	const char *s = t->args, *end = t->args + t->args_len;
	return fmt_arg(&s, end, a, n) && fmt_arg(&s, end, a, n);
}

static const bcx_tileir_region *region_arg(const cop *c, const fmt_tok *t)
{
	const char *a, *s = t->args;
	size_t n;
	if (!fmt_arg(&s, t->args + t->args_len, &a, &n) || n < 2 || a[0] != '#')
		return NULL;
	unsigned r = (unsigned)(a[1] - '0');
	return r < c->op->n_regions ? &c->op->regions[r] : NULL;
}

static bool region_nonempty(const bcx_tileir_region *r)
{
	return r && r->n_blocks && r->blocks[0].n_ops;
}

bool cp_custom_present(cprint *p, const cop *c, const fmt_tok *t)
{
	(void)p;
	return region_nonempty(region_arg(c, t));
}

/* rounding<mode>, unless mode is the op's default given as the 2nd arg. */
static bool rounding(cprint *p, const cop *c, const ctok *t)
{
	const char *d;
	size_t dn;
	const bcx_tileir_field *f;
	const bcx_tileir_attr *v = attr_arg(c, t, &f);
	if (!v || !second_arg(&t->t, &d, &dn))
		return false;
	if (v->kind != BCX_TILEIR_A_ENUM)
		return true;
	const char *name = bcx_tileir_enum_value(f->enum_id, v->u);
	if (name && !fmt_is(d, dn, name))
	{
		BCX_BUF_LIT(p->o, "rounding<");
		bcx_buf_puts(p->o, name);
		bcx_buf_add_u8(p->o, '>');
	}
	return true;
}

/* An enumerator as a bare keyword. */
static bool keyword(cprint *p, const cop *c, const ctok *t)
{
	const bcx_tileir_field *f;
	const bcx_tileir_attr *v = attr_arg(c, t, &f);
	if (!v)
		return false;
	const char *name = bcx_tileir_enum_value(f->enum_id, v->u);
	bcx_buf_puts(p->o, name ? name : "?");
	return true;
}

/* <elem: values> : tile<...> */
static bool dense(cprint *p, const cop *c, const ctok *t)
{
	const bcx_tileir_field *f;
	const bcx_tileir_attr *v = attr_arg(c, t, &f);
	if (!v || v->kind != BCX_TILEIR_A_DENSE || v->type >= p->m->n_types)
		return false;
	bcx_buf_add_u8(p->o, '<');
	cp_type(p, p->m->types[v->type].elem);
	BCX_BUF_LIT(p->o, ": ");
	if (!tir_print_dense_values(p->o, p->m, v->type, v->index)) {
		p->status = bcx_diag_set(p->diag, BCX_ERR_MALFORMED, (long long)c->op->offset,
					 "constant %u does not fit its type", v->index);
		return true;
	}
	BCX_BUF_LIT(p->o, "> : ");
	cp_type(p, v->type);
	return true;
}

/* The region of if/else: the yield is left out when it yields nothing. */
static bool if_region(cprint *p, const cop *c, const ctok *t)
{
	const bcx_tileir_region *r = region_arg(c, &t->t);
	if (!r)
		return false;
	cp_region(p, r, cp_shows_terminator(c->op, r));
	return true;
}

/* reduce/scan: a new line, the block's arguments, then the region. */
static bool arg_region(cprint *p, const cop *c, const ctok *t)
{
	const bcx_tileir_region *r = region_arg(c, &t->t);
	if (!r || !r->n_blocks)
		return false;
	cp_newline(p);
	cp_block_args(p, &r->blocks[0]);
	bcx_buf_add_u8(p->o, ' ');
	cp_region(p, r, true);
	return true;
}

/* ", type" once when every index has the same type, else one per index. */
static bool index_types(cprint *p, const cop *c, const ctok *t)
{
	if (!field_arg(c, t))
		return false;
	cgroup g = operands_arg(c, t);
	bool same = true;
	for (uint32_t i = 1; i < g.n; i++)
		same &= cp_value_type(p, g.v[i]) == cp_value_type(p, g.v[0]);
	for (uint32_t i = 0; i < (same && g.n ? 1 : g.n); i++) {
		BCX_BUF_LIT(p->o, ", ");
		cp_type(p, cp_value_type(p, g.v[i]));
	}
	return true;
}

static bool first_type(cprint *p, const cop *c, const ctok *t)
{
	const bcx_tileir_field *f = field_arg(c, t);
	if (!f || f->kind != BCX_TILEIR_F_RESULT)
		return false;
	if (c->op->n_results) /* its one (variadic) result field: all alike */
		cp_type(p, c->op->result_types[0]);
	return true;
}

static bool assume(cprint *p, const cop *c, const ctok *t)
{
	const bcx_tileir_field *f;
	const bcx_tileir_attr *v = attr_arg(c, t, &f);
	if (!v)
		return false;
	tir_print_predicate(p->o, v, false);
	return true;
}

/* The custom<Name> rows of model/directives.def; a row the printer writes
 * as a whole model record (ITEM) has no function here. */
#define TIR_DIR(kind, name, fn, first, printed) TIR_DIR_##kind(name, TIR_DIR_##printed(fn))
#define TIR_DIR_FN(fn) fn
#define TIR_DIR_ITEM(fn) NULL
static const struct {
	const char *name;
	bool (*fn)(cprint *, const cop *, const ctok *);
} dirs[] = {
#define TIR_DIR_CUSTOM(name, fn) {#name, fn},
#define TIR_DIR_OP(name, fn)
#include "tileir/model/directives.def"
#undef TIR_DIR_OP
#undef TIR_DIR_CUSTOM
};

int cp_directive(const fmt_tok *t)
{
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (fmt_is(t->text, t->len, dirs[i].name))
			return (int)i;
	return -1;
}

bool cp_custom(cprint *p, const cop *c, const ctok *t)
{
	return t->dir >= 0 && dirs[t->dir].fn && dirs[t->dir].fn(p, c, t);
}

/* ---- whole ops ---- */

static void iter_values(cprint *p, const bcx_tileir_block *b, uint32_t first_arg,
			cgroup init)
{
	BCX_BUF_LIT(p->o, "iter_values(");
	for (uint32_t i = 0; i < init.n; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		cp_value(p, b->first_arg + first_arg + i);
		BCX_BUF_LIT(p->o, " = ");
		cp_value(p, init.v[i]);
	}
	bcx_buf_add_u8(p->o, ')');
}

static void operand_types(cprint *p, cgroup g)
{
	for (uint32_t i = 0; i < g.n; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		cp_type(p, cp_value_type(p, g.v[i]));
	}
}

/* A loop body: its continue is left out when it carries no values. */
static void loop_region(cprint *p, const bcx_tileir_op *op)
{
	cp_region(p, &op->regions[0], cp_shows_terminator(op, &op->regions[0]));
}

/* The single operand of group name, or false when the group is empty. */
static bool one(const cop *c, const char *name, uint32_t *v)
{
	cgroup g = cp_operands(c, name, strlen(name));
	if (g.n != 1)
		return false;
	*v = g.v[0];
	return true;
}

static bool for_op(cprint *p, const cop *c)
{
	const bcx_tileir_op *op = c->op;
	uint32_t lb, ub, step;
	if (op->n_regions < 1 || !op->regions[0].n_blocks || op->regions[0].blocks[0].n_args < 1 ||
	    !one(c, "lowerBound", &lb) || !one(c, "upperBound", &ub) || !one(c, "step", &step))
		return false;
	cgroup init = cp_operands(c, "initValues", 10);
	if (op->regions[0].blocks[0].n_args < 1 + init.n)
		return false;
	const bcx_tileir_block *b = &op->regions[0].blocks[0];
	const bcx_tileir_attr *u = cp_attr(c, "unsignedCmp", 11);
	if (u && u->kind != BCX_TILEIR_A_NONE)
		BCX_BUF_LIT(p->o, " unsigned");
	bcx_buf_add_u8(p->o, ' ');
	cp_value(p, b->first_arg);
	BCX_BUF_LIT(p->o, " in (");
	cp_value(p, lb);
	BCX_BUF_LIT(p->o, " to ");
	cp_value(p, ub);
	BCX_BUF_LIT(p->o, ", step ");
	cp_value(p, step);
	BCX_BUF_LIT(p->o, ") : ");
	cp_type(p, b->arg_types[0]);
	bcx_buf_add_u8(p->o, ' ');
	if (init.n) {
		iter_values(p, b, 1, init);
		BCX_BUF_LIT(p->o, " -> (");
		operand_types(p, init);
		BCX_BUF_LIT(p->o, ") ");
	}
	loop_region(p, op);
	return true;
}

static bool loop_op(cprint *p, const cop *c)
{
	const bcx_tileir_op *op = c->op;
	if (op->n_regions < 1 || !op->regions[0].n_blocks)
		return false;
	cgroup init = cp_operands(c, "initValues", 10);
	if (op->regions[0].blocks[0].n_args < init.n)
		return false;
	bool ret = op->n_results != 0;
	bcx_buf_add_u8(p->o, ' ');
	if (init.n) {
		iter_values(p, &op->regions[0].blocks[0], 0, init);
		bcx_buf_add_u8(p->o, ' ');
	}
	if (init.n || ret)
		BCX_BUF_LIT(p->o, ": ");
	if (init.n) {
		operand_types(p, init);
		bcx_buf_add_u8(p->o, ' ');
		if (ret)
			BCX_BUF_LIT(p->o, "-> ");
	}
	if (ret) {
		cp_types(p, op->result_types, op->n_results);
		bcx_buf_add_u8(p->o, ' ');
	}
	loop_region(p, op);
	return true;
}

/* shape = [..], strides = [..]: static sizes from the result type, '?'
 * places from the dynamic operands in order. */
static void mixed_list(cprint *p, const int64_t *d, uint32_t n, cgroup dyn, uint32_t *k)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		if (d[i] != BCX_TILEIR_DYNAMIC)
			bcx_buf_put_idec(p->o, d[i]);
		else if (*k < dyn.n)
			cp_value(p, dyn.v[(*k)++]);
	}
}

static bool tensor_view_op(cprint *p, const cop *c)
{
	const bcx_tileir_op *op = c->op;
	if (op->n_results != 1 || op->result_types[0] >= p->m->n_types)
		return false;
	const bcx_tileir_type *t = &p->m->types[op->result_types[0]];
	uint32_t base;
	if (t->tag != BCX_TILEIR_T_TENSOR_VIEW || !one(c, "base", &base))
		return false;
	cgroup shape = cp_operands(c, "dynamicShape", 12);
	cgroup strides = cp_operands(c, "dynamicStrides", 14);
	uint32_t k = 0;
	bcx_buf_add_u8(p->o, ' ');
	cp_value(p, base);
	BCX_BUF_LIT(p->o, ", shape = [");
	mixed_list(p, t->shape, t->rank, shape, &k);
	BCX_BUF_LIT(p->o, "], strides = [");
	k = 0;
	mixed_list(p, t->strides, t->n_strides, strides, &k);
	BCX_BUF_LIT(p->o, "] : ");
	if (shape.n || strides.n) {
		cp_type(p, cp_value_type(p, shape.n ? shape.v[0] : strides.v[0]));
		BCX_BUF_LIT(p->o, " -> ");
	}
	cp_type(p, op->result_types[0]);
	return true;
}

/* The op<Name> rows of model/directives.def. */
static const struct {
	const char *name;
	bool (*fn)(cprint *, const cop *);
} whole_ops[] = {
#define TIR_DIR_CUSTOM(name, fn)
#define TIR_DIR_OP(name, fn) {#name, fn},
#include "tileir/model/directives.def"
#undef TIR_DIR_OP
#undef TIR_DIR_CUSTOM
#undef TIR_DIR_ITEM
#undef TIR_DIR_FN
#undef TIR_DIR
};

bool cp_whole_op(cprint *p, const cop *c, const fmt_tok *t)
{
	for (size_t i = 0; i < sizeof whole_ops / sizeof whole_ops[0]; i++)
		if (fmt_is(t->text, t->len, whole_ops[i].name))
			return whole_ops[i].fn && whole_ops[i].fn(p, c);
	return false;
}
