/*
 * The parse half of the directives ops.def's format column names: each
 * custom<Name>(args) and op<Name> reads what its printer of the same name
 * in print_directives.c (or print_module_custom.c for the module, globals
 * and entries) writes, plus what MLIR's parser of that construct accepts
 * beyond it.
 */
#include "tileir/parse/asm_custom.h"
#include "tileir/model/op_text.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/tables.h"

#include <stdio.h>
#include <string.h>

#include "common/internal.h"

/* The field of the op's row named name. */
static bcx_status field(ac_walk *w, const char *name, int *i)
{
	return ac_field_at(w, name, strlen(name), i);
}

/* The region a directive names: "#N" as its first argument. */
static bcx_status region_arg(ac_walk *w, const fmt_tok *t, unsigned *r)
{
	const char *s = t->args, *a;
	size_t n;
	*r = 0; /* set on every path: gcc -O2 cannot see BCX_TRY's return */
	if (!fmt_arg(&s, t->args + t->args_len, &a, &n) || n != 2 || a[0] != '#' ||
	    (unsigned)(a[1] - '0') >= w->op->n_regions)
		return ap_fail(w->p, "bad region argument in the format of cuda_tile.%s",
			       w->info->name);
	*r = (unsigned)(a[1] - '0');
	return BCX_OK;
}

/* rounding<mode>, or the op's default given as the second argument. The
 * modes an op takes are its row's (TIR_ROUNDING); without a list, the IEEE
 * ones, strictly. */
static const char ieee_modes[] = "'nearest_even', 'zero', 'negative_inf', 'positive_inf'";

/* rounding<mode>: the mode, checked against the op's list. MLIR reports a
 * bad one at the token after '>'. */
static bcx_status rounding_word(ac_walk *w, int i)
{
	asm_parser *p = w->p;
	bool strict;
	const char *modes = tir_rounding_modes(w->info->opcode, &strict);
	if (!modes) {
		modes = ieee_modes;
		strict = true;
	}
	mlir_tok t = p->lx.t;
	if (t.k != MLIR_TK_ID)
		return ap_fail(p, "expected valid keyword");
	bool known;
	BCX_TRY(ac_enum_set(w, i, t.p, t.n, &known));
	char word[48];
	snprintf(word, sizeof word, "'%.*s'", (int)(t.n > 40 ? 40 : t.n), t.p);
	bool listed = known && strstr(modes, word) != NULL;
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '>'));
	if (!known || (strict && !listed))
		return ap_fail(p, "expected rounding mode to be one of: %s%s%s", modes,
			       strict ? ", got: " : "", strict ? word : "");
	return BCX_OK;
}

static bcx_status rounding(ac_walk *w, const fmt_tok *t)
{
	asm_parser *p = w->p;
	const char *s = t->args, *end = t->args + t->args_len, *d;
	size_t dn;
	int i;
	BCX_TRY(ac_arg_field(w, t, &i));
	if (!fmt_arg(&s, end, &d, &dn) || !fmt_arg(&s, end, &d, &dn))
		return ap_fail(p, "Rounding needs a default");
	if (!mlir_is_id(&p->lx, "rounding")) {
		bool known;
		BCX_TRY(ac_enum_set(w, i, d, dn, &known));
		return known ? BCX_OK
			     : ap_fail(p, "bad default rounding mode of cuda_tile.%s", w->info->name);
	}
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '<'));
	return rounding_word(w, i);
}

static bcx_status keyword(ac_walk *w, const fmt_tok *t)
{
	int i;
	BCX_TRY(ac_arg_field(w, t, &i));
	return ac_enum_word(w, i);
}

/* <elem: values> : tile<...> */
static bcx_status dense(ac_walk *w, const fmt_tok *t)
{
	asm_parser *p = w->p;
	int i;
	bcx_tileir_build_type elem;
	unsigned line = p->lx.t.line, col = p->lx.t.col;
	BCX_TRY(ac_arg_field(w, t, &i));
	BCX_TRY(ap_expect(p, '<'));
	BCX_TRY(ap_type(p, &elem));
	BCX_TRY(ap_expect(p, ':'));
	p->dense_kind = tir_tag_is_float(tb_type(p->m, elem)->tag) ? 2 : 1;
	p->dense_elem = elem;
	bcx_status st = ap_dense_values(p, &w->f[i].attr);
	p->dense_kind = 0;
	BCX_TRY(st);
	if (tb_type(p->m, w->f[i].attr->a.type)->elem != elem)
		return ap_error_at(p, line, col, "the element type before ':' differs from the tile's");
	return BCX_OK;
}

static bcx_status if_region(ac_walk *w, const fmt_tok *t)
{
	unsigned r;
	BCX_TRY(region_arg(w, t, &r));
	return ac_region(w, r, &w->op->regions[r]);
}

/* Region r of the op, its entry block taking the arguments args holds. */
static bcx_status region_with_args(ac_walk *w, unsigned r, const ap_block *args)
{
	ap_block **b = &w->op->regions[r];
	BCX_TRY(ac_region(w, r, b));
	if (!*b && !(*b = bcx_arena_calloc(w->p->arena, 1, sizeof **b)))
		return ap_nomem(w->p);
	(*b)->args = args->args;
	(*b)->arg_types = args->arg_types;
	(*b)->n_args = args->n_args;
	return BCX_OK;
}

/* (%a: T, ...) {region} */
static bcx_status arg_region(ac_walk *w, const fmt_tok *t)
{
	unsigned r;
	ap_block args = {0};
	BCX_TRY(region_arg(w, t, &r));
	BCX_TRY(ap_block_arg_list(w->p, &args));
	return region_with_args(w, r, &args);
}

/* ", T" once for every index, or ", T" per index. */
static bcx_status index_types(ac_walk *w, const fmt_tok *t)
{
	int i;
	BCX_TRY(ac_arg_field(w, t, &i));
	uint32_t n = w->f[i].n, k = 0;
	bcx_tileir_build_type *ty = bcx_arena_alloc(w->p->arena, ((size_t)n + 1) * sizeof *ty);
	if (!ty)
		return ap_nomem(w->p);
	while (k < n && mlir_accept(&w->p->lx, ','))
		BCX_TRY(ap_type(w->p, &ty[k++]));
	if (k == 1)
		for (; k < n; k++)
			ty[k] = ty[0];
	if (k != n)
		return ap_fail(w->p, "expected one index type, or one per index (%u)", n);
	return ac_set_types(w, i, ty, n);
}

/* The results of a shape query, once its "src" operand's type is known
 * (*n: the names on the left, or AC_ANY): get_tensor_shape has one per
 * dimension of the tensor view, get_index_space_shape one per index of
 * a grid view. */
static bcx_status shape_results(ac_walk *w, uint32_t *n)
{
	bool tensor = strcmp(w->info->name, "get_tensor_shape") == 0;
	int src;
	if (!tensor && strcmp(w->info->name, "get_index_space_shape") != 0)
		return BCX_OK;
	BCX_TRY(field(w, "src", &src));
	if (w->f[src].n_types != 1)
		return BCX_OK;
	const bcx_tileir_type *v = tb_type(w->p->m, w->f[src].types[0]);
	if (tensor && v->tag != BCX_TILEIR_T_TENSOR_VIEW) {
		char txt[112];
		return ap_fail(w->p, "expected tensor_view, got '%s'",
			       ap_type_text(w->p, w->f[src].types[0], txt, sizeof txt));
	}
	bool grid = v->tag == BCX_TILEIR_T_PARTITION_VIEW || v->tag == BCX_TILEIR_T_STRIDED_VIEW;
	if ((tensor || grid) && *n != AC_ANY && *n != v->rank)
		return ap_error_at(w->p, w->op->line, w->op->col,
				   "operation defines %u results but was provided %u to bind",
				   v->rank, *n);
	if (tensor)
		*n = v->rank;
	return BCX_OK;
}

/* One type for every result of the group. */
static bcx_status first_type(ac_walk *w, const fmt_tok *t)
{
	int i;
	BCX_TRY(ac_arg_field(w, t, &i));
	uint32_t n = ac_result_count(w, i);
	BCX_TRY(shape_results(w, &n));
	if (n == AC_ANY)
		return ap_fail(w->p, "cuda_tile.%s needs its result names", w->info->name);
	bcx_tileir_build_type *ty = bcx_arena_alloc(w->p->arena, ((size_t)n + 1) * sizeof *ty);
	if (!ty)
		return ap_nomem(w->p);
	BCX_TRY(ap_type(w->p, &ty[0]));
	for (uint32_t k = 1; k < n; k++)
		ty[k] = ty[0];
	return ac_set_types(w, i, ty, n);
}

/* div_by<..>, bounded<..>, same_elements<..>: no "#cuda_tile." prefix. */
static bcx_status assume(ac_walk *w, const fmt_tok *t)
{
	int i;
	mlir_tok k = w->p->lx.t;
	BCX_TRY(ac_arg_field(w, t, &i));
	if (k.k == MLIR_TK_HASH)
		return ap_attr(w->p, &w->f[i].attr);
	if (k.k != MLIR_TK_ID)
		return ap_fail(w->p, "expected assume predicate attribute");
	BCX_TRY(ap_next(w->p));
	return ap_cuda_attr(w->p, k.p, k.n, &w->f[i].attr);
}

/* A global's visibility: "private", "public" or nothing (public). */
static bcx_status visibility(ac_walk *w, const fmt_tok *t)
{
	int i;
	BCX_TRY(ac_arg_field(w, t, &i));
	if (!mlir_is_id(&w->p->lx, "private") && !mlir_is_id(&w->p->lx, "public"))
		return BCX_OK;
	return ac_enum_word(w, i);
}

/* The module's body: a region of globals and entries. */
static bcx_status body(ac_walk *w, const fmt_tok *t)
{
	unsigned r;
	BCX_TRY(region_arg(w, t, &r));
	return ap_module_body(w->p, &w->op->regions[r]);
}

/* The custom<Name> rows of model/directives.def. */
static const struct {
	const char *name;
	bcx_status (*parse)(ac_walk *, const fmt_tok *);
	char first; /* the punctuation it starts with, for an optional group */
} dirs[] = {
#define TIR_DIR(kind, name, fn, first, printed) TIR_DIR_##kind(name, fn, first)
#define TIR_DIR_CUSTOM(name, fn, first) {#name, fn, first},
#define TIR_DIR_OP(name, fn, first)
#include "tileir/model/directives.def"
#undef TIR_DIR_OP
#undef TIR_DIR_CUSTOM
};

bcx_status ac_custom(ac_walk *w, const fmt_tok *t)
{
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (fmt_is(t->text, t->len, dirs[i].name))
			return dirs[i].parse(w, t);
	return ap_fail(w->p, "cuda_tile.%s: no parser for custom<%.*s>", w->info->name,
		       (int)t->len, t->text);
}

bool ac_custom_starts(ac_walk *w, const fmt_tok *t)
{
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (fmt_is(t->text, t->len, dirs[i].name))
			return dirs[i].first ? mlir_is_punct(&w->p->lx, dirs[i].first)
					     : fmt_is(t->text, t->len, "Rounding") &&
						       mlir_is_id(&w->p->lx, "rounding");
	return false;
}

/* ---- whole ops ---- */

static bcx_status one_value(ac_walk *w, const char *name)
{
	int i;
	BCX_TRY(field(w, name, &i));
	return ac_values(w, i);
}

/* iter_values(%a = %init, ...): block arguments and the init operands,
 * after those args holds already (its arrays of *cap and *tcap slots). */
static bcx_status iter_values(ac_walk *w, ap_block *args, uint32_t *cap, uint32_t *tcap)
{
	asm_parser *p = w->p;
	int init;
	BCX_TRY(field(w, "initValues", &init));
	BCX_TRY(ap_expect_id(p, "iter_values"));
	BCX_TRY(ap_expect(p, '('));
	for (bool first = true; !mlir_is_punct(&p->lx, ')'); first = false) {
		ap_ref r;
		if (!first)
			BCX_TRY(ap_expect(p, ','));
		BCX_TRY(ap_grow(p, &args->args, args->n_args, cap, sizeof *args->args));
		BCX_TRY(ap_grow(p, &args->arg_types, args->n_args, tcap, sizeof *args->arg_types));
		BCX_TRY(ap_value_ref(p, &args->args[args->n_args++]));
		BCX_TRY(ap_expect(p, '='));
		BCX_TRY(ap_value_ref(p, &r));
		BCX_TRY(ac_add_ref(w, init, &r));
	}
	return ap_next(p);
}

/* The types of the init values: the iteration arguments' and results'. */
static bcx_status carried_types(ac_walk *w, ap_block *args, const bcx_tileir_build_type *t,
				uint32_t n, uint32_t first)
{
	int init, res;
	BCX_TRY(field(w, "initValues", &init));
	BCX_TRY(field(w, "resultValues", &res));
	if (n != w->f[init].n)
		return ap_fail(w->p, "found different number of iter_values and types "
			       "(%u values, %u types)",
			       w->f[init].n, n);
	for (uint32_t k = 0; k < n; k++)
		args->arg_types[first + k] = t[k];
	return ac_set_types(w, init, t, n);
}

static bcx_status type_list(asm_parser *p, bcx_tileir_build_type **t, uint32_t *n, char close)
{
	uint32_t cap = 0;
	*n = 0;
	*t = NULL;
	do {
		if (close && mlir_is_punct(&p->lx, close))
			break;
		BCX_TRY(ap_grow(p, t, *n, &cap, sizeof **t));
		BCX_TRY(ap_type(p, &(*t)[(*n)++]));
	} while (mlir_accept(&p->lx, ','));
	return close ? ap_expect(p, close) : BCX_OK;
}

/* The result types, then the loop's region with its arguments. */
static bcx_status loop_end(ac_walk *w, ap_block *args, const bcx_tileir_build_type *t, uint32_t n)
{
	int res;
	BCX_TRY(field(w, "resultValues", &res));
	BCX_TRY(ac_set_types(w, res, t, n));
	return region_with_args(w, 0, args);
}

/* for's "%iv in (%lb to %ub, step %s) : T": its one block argument. */
static bcx_status for_range(ac_walk *w, ap_block *args, uint32_t *cap, uint32_t *tcap)
{
	asm_parser *p = w->p;
	BCX_TRY(ap_grow(p, &args->args, 0, cap, sizeof *args->args));
	BCX_TRY(ap_grow(p, &args->arg_types, 0, tcap, sizeof *args->arg_types));
	BCX_TRY(ap_value_ref(p, &args->args[0]));
	BCX_TRY(ap_expect_id(p, "in"));
	BCX_TRY(ap_expect(p, '('));
	BCX_TRY(one_value(w, "lowerBound"));
	BCX_TRY(ap_expect_id(p, "to"));
	BCX_TRY(one_value(w, "upperBound"));
	BCX_TRY(ap_expect(p, ','));
	BCX_TRY(ap_expect_id(p, "step"));
	BCX_TRY(one_value(w, "step"));
	BCX_TRY(ap_expect(p, ')'));
	BCX_TRY(ap_expect(p, ':'));
	BCX_TRY(ap_type(p, &args->arg_types[0]));
	args->n_args = 1;
	return BCX_OK;
}

/* for [unsigned] %iv in (%lb to %ub, step %s) : T
 *     [iter_values(%a = %v, ...) -> (T, ...)] {region} */
static bcx_status for_op(ac_walk *w)
{
	asm_parser *p = w->p;
	ap_block args = {0};
	uint32_t cap = 0, tcap = 0;
	int u;
	BCX_TRY(field(w, "unsignedCmp", &u));
	if (mlir_is_id(&p->lx, "unsigned")) {
		bcx_diag bd = {0};
		BCX_TRY(ap_next(p));
		BCX_TRY(ap_built(p, bcx_tileir_build_attr_unit(p->m, &w->f[u].attr, &bd), &bd));
	}
	BCX_TRY(for_range(w, &args, &cap, &tcap));
	bcx_tileir_build_type *t = NULL;
	uint32_t n = 0;
	if (mlir_is_id(&p->lx, "iter_values")) {
		BCX_TRY(iter_values(w, &args, &cap, &tcap));
		BCX_TRY(ap_expect(p, 'A'));
		BCX_TRY(ap_expect(p, '('));
		BCX_TRY(type_list(p, &t, &n, ')'));
		BCX_TRY(carried_types(w, &args, t, n, 1));
	}
	return loop_end(w, &args, t, n);
}

/* loop [iter_values(...)] [: T, ... [-> R, ...]] {region}; without
 * iteration values the types after ':' are the results'. */
static bcx_status loop_op(ac_walk *w)
{
	asm_parser *p = w->p;
	ap_block args = {0};
	bcx_tileir_build_type *t = NULL, *r = NULL;
	uint32_t n = 0, nr = 0, cap = 0, tcap = 0;
	bool init = mlir_is_id(&p->lx, "iter_values");
	if (init)
		BCX_TRY(iter_values(w, &args, &cap, &tcap));
	if (mlir_accept(&p->lx, ':'))
		BCX_TRY(type_list(p, &t, &n, 0));
	if (!init) {
		r = t;
		nr = n;
	} else {
		BCX_TRY(carried_types(w, &args, t, n, 0));
		if (mlir_accept(&p->lx, 'A'))
			BCX_TRY(type_list(p, &r, &nr, 0));
	}
	return loop_end(w, &args, r, nr);
}

/* One list of make_tensor_view as written: each entry's size
 * (BCX_TILEIR_DYNAMIC for a value) and place, and where the list began. */
#define TV_MAX 16
typedef struct tv_list {
	int64_t v[TV_MAX];
	unsigned line[TV_MAX], col[TV_MAX];
	uint32_t n;
	unsigned at_line, at_col;
} tv_list;

/* One entry of a list: a value into group g, or an integer into *v. */
static bcx_status mixed_entry(ac_walk *w, int g, int64_t *v)
{
	asm_parser *p = w->p;
	*v = BCX_TILEIR_DYNAMIC;
	if (p->lx.t.k == MLIR_TK_VALUE) {
		ap_ref r;
		BCX_TRY(ap_value_ref(p, &r));
		return ac_add_ref(w, g, &r);
	}
	if (p->lx.t.k != MLIR_TK_INT && !mlir_is_punct(&p->lx, '-') &&
	    !mlir_is_id(&p->lx, "true") && !mlir_is_id(&p->lx, "false"))
		return ap_fail(p, "expected either integer or SSA value");
	return ap_signed_int(p, v);
}

/* [a, %b, ...]: static sizes are in the result type, values go to the
 * group of dynamic ones. MLIR takes an entry that is neither an integer nor
 * a value as "expected either integer or SSA value". */
static bcx_status mixed_list(ac_walk *w, const char *group, tv_list *l)
{
	asm_parser *p = w->p;
	int g;
	l->n = 0;
	l->at_line = p->lx.t.line;
	l->at_col = p->lx.t.col;
	BCX_TRY(field(w, group, &g));
	BCX_TRY(ap_expect(p, '['));
	for (bool first = true; !mlir_is_punct(&p->lx, ']'); first = false) {
		if (!first)
			BCX_TRY(ap_expect(p, ','));
		unsigned line = p->lx.t.line, col = p->lx.t.col;
		int64_t v;
		BCX_TRY(mixed_entry(w, g, &v));
		if (l->n == TV_MAX)
			return ap_error_at(p, line, col, "too many entries");
		l->v[l->n] = v;
		l->line[l->n] = line;
		l->col[l->n++] = col;
	}
	return ap_next(p);
}

static void tv_size(char *buf, size_t cap, int64_t v)
{
	if (v == BCX_TILEIR_DYNAMIC)
		snprintf(buf, cap, "dynamic");
	else
		snprintf(buf, cap, "%lld", (long long)v);
}

/* The written sizes against the view type's, as the reference's parser
 * compares them. */
static bcx_status tv_compare(asm_parser *p, const tv_list *l, const int64_t *want, uint32_t n,
			     const char *name)
{
	if (l->n != n)
		return ap_error_at(p, l->at_line, l->at_col,
				   "expected %s declaration to contain %u elements due to tensor_view "
				   "type, but %u were provided", name, n, l->n);
	for (uint32_t i = 0; i < n; i++) {
		if (l->v[i] == want[i])
			continue;
		char a[24], b[24];
		tv_size(a, sizeof a, want[i]);
		tv_size(b, sizeof b, l->v[i]);
		return ap_error_at(p, l->line[i], l->col[i],
				   "input %s dimension %u does not match tensor_view type (expected "
				   "%s, got %s)", name, i, a, b);
	}
	return BCX_OK;
}

/* Give every value of operand group `name` type t. */
static bcx_status group_type(ac_walk *w, const char *name, bcx_tileir_build_type t)
{
	int g;
	BCX_TRY(field(w, name, &g));
	for (uint32_t k = 0; k < w->f[g].n; k++)
		w->f[g].refs[k].type = t;
	return BCX_OK;
}

/* make_tensor_view's text: "%base, shape = [..], strides = [..] : [T ->] R",
 * R into *t. */
static bcx_status tv_text(ac_walk *w, tv_list *shape, tv_list *strides, bcx_tileir_build_type *t)
{
	asm_parser *p = w->p;
	BCX_TRY(one_value(w, "base"));
	BCX_TRY(ap_expect(p, ','));
	BCX_TRY(ap_expect_id(p, "shape"));
	BCX_TRY(ap_expect(p, '='));
	BCX_TRY(mixed_list(w, "dynamicShape", shape));
	BCX_TRY(ap_expect(p, ','));
	BCX_TRY(ap_expect_id(p, "strides"));
	BCX_TRY(ap_expect(p, '='));
	BCX_TRY(mixed_list(w, "dynamicStrides", strides));
	BCX_TRY(ap_expect(p, ':'));
	BCX_TRY(ap_type(p, t));
	if (!mlir_accept(&p->lx, 'A'))
		return BCX_OK;
	/* the type of the dynamic sizes, then the view's */
	BCX_TRY(group_type(w, "dynamicShape", *t));
	BCX_TRY(group_type(w, "dynamicStrides", *t));
	return ap_type(p, t);
}

/* %base, shape = [..], strides = [..] : [T ->] R */
static bcx_status tensor_view_op(ac_walk *w)
{
	asm_parser *p = w->p;
	bcx_tileir_build_type t;
	tv_list shape, strides;
	int res, b;
	BCX_TRY(field(w, "result", &res));
	BCX_TRY(tv_text(w, &shape, &strides, &t));
	const bcx_tileir_type *tv = tb_type(p->m, t);
	if (tv->tag != BCX_TILEIR_T_TENSOR_VIEW) {
		char txt[112];
		return ap_fail(p, "expected 'tensor_view' type, but got '%s'",
			       ap_type_text(p, t, txt, sizeof txt));
	}
	BCX_TRY(tv_compare(p, &shape, tv->shape, tv->rank, "shape"));
	BCX_TRY(tv_compare(p, &strides, tv->strides, tv->n_strides, "stride"));
	/* the base is a pointer tile to the view's elements */
	BCX_TRY(field(w, "base", &b));
	if (w->f[b].n == 1 && w->f[b].refs[0].type == BCX_TILEIR_NONE) {
		bcx_tileir_build_type ptr;
		bcx_diag bd = {0};
		BCX_TRY(ap_built(p, bcx_tileir_build_type_ptr(p->m, tv->elem, &ptr, &bd), &bd));
		BCX_TRY(ap_built(p, bcx_tileir_build_type_tile(p->m, ptr, NULL, 0,
							       &w->f[b].refs[0].type, &bd), &bd));
	}
	return ac_set_types(w, res, &t, 1);
}

/* @name(%a: T, ...) [optimization_hints=<...>] {region} */
/* After "->": "T" or "(T, ...)". A function that returns values is a test
 * function's, or an entry the verifier refuses ("entry op must not return
 * values"), as the reference's does. */
static bcx_status entry_results(asm_parser *p, bcx_tileir_build_type **outs, uint32_t *n)
{
	uint32_t cap = 0;
	bool paren = mlir_accept(&p->lx, '(');
	if (paren && mlir_accept(&p->lx, ')'))
		return BCX_OK;
	do {
		BCX_TRY(ap_grow(p, outs, *n, &cap, sizeof **outs));
		BCX_TRY(ap_type(p, &(*outs)[*n]));
		(*n)++;
	} while (paren && mlir_accept(&p->lx, ','));
	return paren ? ap_expect(p, ')') : BCX_OK;
}

/* The entry's "@name" as its sym_name attribute. */
static bcx_status entry_name(ac_walk *w, int name)
{
	asm_parser *p = w->p;
	if (p->lx.t.k != MLIR_TK_SYM)
		return ap_fail(p, "expected valid '@'-identifier for symbol name");
	bcx_diag bd = {0};
	char *buf;
	size_t n;
	BCX_TRY(ap_string_value(p, &buf, &n));
	BCX_TRY(ap_built(p, bcx_tileir_build_attr_string(p->m, buf, n, &w->f[name].attr, &bd), &bd));
	return ap_next(p);
}

static bcx_status entry_op(ac_walk *w)
{
	asm_parser *p = w->p;
	int name, ft, hints;
	ap_block args = {0};
	bcx_tileir_build_type fty, *outs = NULL;
	uint32_t n_out = 0;
	bcx_diag bd = {0};
	BCX_TRY(field(w, "sym_name", &name));
	BCX_TRY(field(w, "function_type", &ft));
	BCX_TRY(field(w, "optimization_hints", &hints));
	BCX_TRY(entry_name(w, name));
	BCX_TRY(ap_block_arg_list(p, &args));
	if (mlir_accept(&p->lx, 'A'))
		BCX_TRY(entry_results(p, &outs, &n_out));
	BCX_TRY(ap_built(p, bcx_tileir_build_type_func(p->m, args.arg_types, args.n_args, outs, n_out,
							&fty, &bd), &bd));
	BCX_TRY(ap_built(p, bcx_tileir_build_attr_type(p->m, fty, &w->f[ft].attr, &bd), &bd));
	if (mlir_is_id(&p->lx, "optimization_hints")) {
		BCX_TRY(ap_next(p));
		BCX_TRY(ap_expect(p, '='));
		BCX_TRY(ap_cuda_attr(p, "optimization_hints", 18, &w->f[hints].attr));
	}
	return region_with_args(w, 0, &args);
}

/* The op<Name> rows of model/directives.def. */
static const struct {
	const char *name;
	bcx_status (*parse)(ac_walk *);
} whole_ops[] = {
#define TIR_DIR_CUSTOM(name, fn, first)
#define TIR_DIR_OP(name, fn, first) {#name, fn},
#include "tileir/model/directives.def"
#undef TIR_DIR_OP
#undef TIR_DIR_CUSTOM
#undef TIR_DIR
};

bcx_status ac_whole_op(ac_walk *w, const fmt_tok *t)
{
	for (size_t i = 0; i < sizeof whole_ops / sizeof whole_ops[0]; i++)
		if (fmt_is(t->text, t->len, whole_ops[i].name))
			return whole_ops[i].parse(w);
	return ap_fail(w->p, "cuda_tile.%s: no parser for op<%.*s>", w->info->name, (int)t->len,
		       t->text);
}
