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

/* The region a directive names: "#N" as its first argument. */
static int region_arg(ac_walk *w, const fmt_tok *t)
{
	const char *s = t->args, *a;
	size_t n;
	if (!fmt_arg(&s, t->args + t->args_len, &a, &n) || n != 2 || a[0] != '#' ||
	    (unsigned)(a[1] - '0') >= w->op->n_regions)
		return mlir_fail(&w->p->lx, "bad region argument in the format of cuda_tile.%s",
				w->info->name), -1;
	return a[1] - '0';
}

/* rounding<mode>, or the op's default given as the second argument. The
 * modes an op takes are its row's (TIR_ROUNDING); without a list, the IEEE
 * ones, strictly. */
static const char ieee_modes[] = "'nearest_even', 'zero', 'negative_inf', 'positive_inf'";

/* rounding<mode>: the mode, checked against the op's list. MLIR reports a
 * bad one at the token after '>'. */
static bool rounding_word(ac_walk *w, int i)
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
		return mlir_fail(&p->lx, "expected valid keyword");
	bool known = ac_enum_set(w, i, t.p, t.n);
	char word[48];
	snprintf(word, sizeof word, "'%.*s'", (int)(t.n > 40 ? 40 : t.n), t.p);
	bool listed = known && strstr(modes, word) != NULL;
	if (!mlir_next(&p->lx) || !mlir_expect(&p->lx, '>'))
		return false;
	if (!known || (strict && !listed))
		return mlir_fail(&p->lx, "expected rounding mode to be one of: %s%s%s", modes,
				strict ? ", got: " : "", strict ? word : "");
	return true;
}

static bool rounding(ac_walk *w, const fmt_tok *t)
{
	const char *s = t->args, *end = t->args + t->args_len, *d;
	size_t dn;
	int i = ac_arg_field(w, t);
	if (i < 0 || !fmt_arg(&s, end, &d, &dn) || !fmt_arg(&s, end, &d, &dn))
		return i >= 0 && mlir_fail(&w->p->lx, "Rounding needs a default");
	if (!mlir_is_id(&w->p->lx, "rounding"))
		return ac_enum_set(w, i, d, dn) ||
		       mlir_fail(&w->p->lx, "bad default rounding mode of cuda_tile.%s", w->info->name);
	return mlir_next(&w->p->lx) && mlir_expect(&w->p->lx, '<') && rounding_word(w, i);
}

static bool keyword(ac_walk *w, const fmt_tok *t)
{
	int i = ac_arg_field(w, t);
	return i >= 0 && ac_enum_word(w, i);
}

/* <elem: values> : tile<...> */
static bool dense(ac_walk *w, const fmt_tok *t)
{
	asm_parser *p = w->p;
	int i = ac_arg_field(w, t);
	bcx_tileir_build_type elem;
	unsigned line = p->lx.t.line, col = p->lx.t.col;
	if (i < 0 || !mlir_expect(&p->lx, '<') || ap_type(p, &elem) != BCX_OK ||
	    !mlir_expect(&p->lx, ':'))
		return false;
	p->dense_kind = tir_tag_is_float(tb_type(p->m, elem)->tag) ? 2 : 1;
	p->dense_elem = elem;
	bool ok = ap_dense_values(p, &w->f[i].attr) == BCX_OK;
	p->dense_kind = 0;
	if (!ok)
		return false;
	if (tb_type(p->m, w->f[i].attr->a.type)->elem != elem)
		return mlir_fail_at(&p->lx, line, col,
				   "the element type before ':' differs from the tile's");
	return true;
}

static bool if_region(ac_walk *w, const fmt_tok *t)
{
	int r = region_arg(w, t);
	return r >= 0 && ac_region(w, (unsigned)r, &w->op->regions[r]);
}

/* (%a: T, ...) {region} */
static bool arg_region(ac_walk *w, const fmt_tok *t)
{
	int r = region_arg(w, t);
	ap_block args = {0};
	if (r < 0 || ap_block_arg_list(w->p, &args) != BCX_OK ||
	    !ac_region(w, (unsigned)r, &w->op->regions[r]))
		return false;
	ap_block *b = w->op->regions[r];
	if (!b && !(b = w->op->regions[r] = bcx_arena_calloc(w->p->arena, 1, sizeof *b)))
		return mlir_nomem(&w->p->lx);
	b->args = args.args;
	b->arg_types = args.arg_types;
	b->n_args = args.n_args;
	return true;
}

/* ", T" once for every index, or ", T" per index. */
static bool index_types(ac_walk *w, const fmt_tok *t)
{
	int i = ac_arg_field(w, t);
	if (i < 0)
		return false;
	uint32_t n = w->f[i].n, k = 0;
	bcx_tileir_build_type *ty = bcx_arena_alloc(w->p->arena, ((size_t)n + 1) * sizeof *ty);
	if (!ty)
		return mlir_nomem(&w->p->lx);
	while (k < n && mlir_accept(&w->p->lx, ','))
		if (ap_type(w->p, &ty[k++]) != BCX_OK)
			return false;
	if (k == 1)
		for (; k < n; k++)
			ty[k] = ty[0];
	if (k != n)
		return mlir_fail(&w->p->lx, "expected one index type, or one per index (%u)", n);
	return ac_set_types(w, i, ty, n);
}

/* One type for every result of the group. */
static bool first_type(ac_walk *w, const fmt_tok *t)
{
	int i = ac_arg_field(w, t);
	if (i < 0)
		return false;
	uint32_t n = ac_result_count(w, i);
	int src = strcmp(w->info->name, "get_tensor_shape") == 0 ? ac_field_at(w, "src", 3) : -1;
	if (src >= 0 && w->f[src].n_types == 1) {
		/* one result per dimension of the view */
		const bcx_tileir_type *tv = tb_type(w->p->m, w->f[src].types[0]);
		char txt[112];
		if (tv->tag != BCX_TILEIR_T_TENSOR_VIEW)
			return mlir_fail(&w->p->lx, "expected tensor_view, got '%s'",
					 ap_type_text(w->p, w->f[src].types[0], txt, sizeof txt));
		if (n != AC_ANY && n != tv->rank)
			return mlir_fail_at(&w->p->lx, w->op->line, w->op->col,
					   "operation defines %u results but was provided %u to bind",
					   tv->rank, n);
		n = tv->rank;
	}
	src = strcmp(w->info->name, "get_index_space_shape") == 0 ? ac_field_at(w, "src", 3) : -1;
	if (src >= 0 && w->f[src].n_types == 1) {
		/* one result per index of a grid view */
		const bcx_tileir_type *v = tb_type(w->p->m, w->f[src].types[0]);
		bool grid = v->tag == BCX_TILEIR_T_PARTITION_VIEW || v->tag == BCX_TILEIR_T_STRIDED_VIEW;
		if (grid && n != AC_ANY && n != v->rank)
			return mlir_fail_at(&w->p->lx, w->op->line, w->op->col,
					   "operation defines %u results but was provided %u to bind",
					   v->rank, n);
	}
	if (n == AC_ANY)
		return mlir_fail(&w->p->lx, "cuda_tile.%s needs its result names", w->info->name);
	bcx_tileir_build_type *ty = bcx_arena_alloc(w->p->arena, ((size_t)n + 1) * sizeof *ty);
	if (!ty || ap_type(w->p, &ty[0]) != BCX_OK)
		return ty ? false : mlir_nomem(&w->p->lx);
	for (uint32_t k = 1; k < n; k++)
		ty[k] = ty[0];
	return ac_set_types(w, i, ty, n);
}

/* div_by<..>, bounded<..>, same_elements<..>: no "#cuda_tile." prefix. */
static bool assume(ac_walk *w, const fmt_tok *t)
{
	int i = ac_arg_field(w, t);
	mlir_tok k = w->p->lx.t;
	if (i < 0)
		return false;
	if (k.k == MLIR_TK_HASH)
		return ap_attr(w->p, &w->f[i].attr) == BCX_OK;
	if (k.k != MLIR_TK_ID)
		return mlir_fail(&w->p->lx, "expected assume predicate attribute");
	return mlir_next(&w->p->lx) && ap_cuda_attr(w->p, k.p, k.n, &w->f[i].attr) == BCX_OK;
}

/* A global's visibility: "private", "public" or nothing (public). */
static bool visibility(ac_walk *w, const fmt_tok *t)
{
	int i = ac_arg_field(w, t);
	if (i < 0)
		return false;
	if (!mlir_is_id(&w->p->lx, "private") && !mlir_is_id(&w->p->lx, "public"))
		return true;
	return ac_enum_word(w, i);
}

/* The module's body: a region of globals and entries. */
static bool body(ac_walk *w, const fmt_tok *t)
{
	int r = region_arg(w, t);
	return r >= 0 && ap_module_body(w->p, &w->op->regions[r]) == BCX_OK;
}

static const struct {
	const char *name;
	bool (*parse)(ac_walk *, const fmt_tok *);
	char first; /* the punctuation it starts with, for an optional group */
} dirs[] = {
	{"Rounding", rounding, 0},     {"Keyword", keyword, 0},     {"Dense", dense, '<'},
	{"IfRegion", if_region, '{'},  {"ArgRegion", arg_region, '('}, {"IndexTypes", index_types, ','},
	{"FirstType", first_type, 0},  {"Assume", assume, 0},       {"Visibility", visibility, 0},
	{"Body", body, '{'},
};

bool ac_custom(ac_walk *w, const fmt_tok *t)
{
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++)
		if (fmt_is(t->text, t->len, dirs[i].name))
			return dirs[i].parse(w, t);
	return mlir_fail(&w->p->lx, "cuda_tile.%s: no parser for custom<%.*s>", w->info->name,
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

static int field(ac_walk *w, const char *name) { return ac_field_at(w, name, strlen(name)); }

static bool one_value(ac_walk *w, const char *name)
{
	int i = field(w, name);
	return i >= 0 && ac_values(w, i);
}

/* iter_values(%a = %init, ...): block arguments and the init operands,
 * after those args holds already (its arrays of *cap and *tcap slots). */
static bool iter_values(ac_walk *w, ap_block *args, uint32_t *cap, uint32_t *tcap)
{
	asm_parser *p = w->p;
	int init = field(w, "initValues");
	if (init < 0 || !mlir_expect_id(&p->lx, "iter_values") || !mlir_expect(&p->lx, '('))
		return false;
	for (bool first = true; !mlir_is_punct(&p->lx, ')'); first = false) {
		ap_ref r;
		if ((!first && !mlir_expect(&p->lx, ',')) ||
		    ap_grow(p, &args->args, args->n_args, cap, sizeof *args->args) != BCX_OK ||
		    ap_grow(p, &args->arg_types, args->n_args, tcap, sizeof *args->arg_types) != BCX_OK ||
		    ap_value_ref(p, &args->args[args->n_args++]) != BCX_OK ||
		    !mlir_expect(&p->lx, '=') ||
		    ap_value_ref(p, &r) != BCX_OK || !ac_add_ref(w, init, &r))
			return false;
	}
	return mlir_next(&p->lx);
}

/* The types of the init values: the iteration arguments' and results'. */
static bool carried_types(ac_walk *w, ap_block *args, const bcx_tileir_build_type *t, uint32_t n,
			  uint32_t first)
{
	int init = field(w, "initValues"), res = field(w, "resultValues");
	if (init < 0 || res < 0)
		return false;
	if (n != w->f[init].n)
		return mlir_fail(&w->p->lx, "found different number of iter_values and types "
				 "(%u values, %u types)",
				w->f[init].n, n);
	for (uint32_t k = 0; k < n; k++)
		args->arg_types[first + k] = t[k];
	return ac_set_types(w, init, t, n);
}

static bool type_list(asm_parser *p, bcx_tileir_build_type **t, uint32_t *n, char close)
{
	uint32_t cap = 0;
	*n = 0;
	*t = NULL;
	do {
		if (close && mlir_is_punct(&p->lx, close))
			break;
		if (ap_grow(p, t, *n, &cap, sizeof **t) != BCX_OK ||
		    ap_type(p, &(*t)[(*n)++]) != BCX_OK)
			return false;
	} while (mlir_accept(&p->lx, ','));
	return !close || mlir_expect(&p->lx, close);
}

static bool loop_body(ac_walk *w, ap_block *args)
{
	ap_block **b = &w->op->regions[0];
	if (!ac_region(w, 0, b))
		return false;
	if (!*b && !(*b = bcx_arena_calloc(w->p->arena, 1, sizeof **b)))
		return mlir_nomem(&w->p->lx);
	(*b)->args = args->args;
	(*b)->arg_types = args->arg_types;
	(*b)->n_args = args->n_args;
	return true;
}

/* for [unsigned] %iv in (%lb to %ub, step %s) : T
 *     [iter_values(%a = %v, ...) -> (T, ...)] {region} */
static bool for_op(ac_walk *w)
{
	asm_parser *p = w->p;
	ap_block args = {0};
	uint32_t cap = 0, tcap = 0;
	int u = field(w, "unsignedCmp");
	bcx_diag bd = {0};
	if (u < 0 || (mlir_is_id(&p->lx, "unsigned") &&
		      !(mlir_next(&p->lx) &&
			ap_built(p, bcx_tileir_build_attr_unit(p->m, &w->f[u].attr, &bd), &bd) == BCX_OK)))
		return false;
	if (ap_grow(p, &args.args, 0, &cap, sizeof *args.args) != BCX_OK ||
	    ap_grow(p, &args.arg_types, 0, &tcap, sizeof *args.arg_types) != BCX_OK ||
	    ap_value_ref(p, &args.args[0]) != BCX_OK || !mlir_expect_id(&p->lx, "in") ||
	    !mlir_expect(&p->lx, '(') || !one_value(w, "lowerBound") || !mlir_expect_id(&p->lx, "to") ||
	    !one_value(w, "upperBound") || !mlir_expect(&p->lx, ',') ||
	    !mlir_expect_id(&p->lx, "step") || !one_value(w, "step") || !mlir_expect(&p->lx, ')') ||
	    !mlir_expect(&p->lx, ':') || ap_type(p, &args.arg_types[0]) != BCX_OK)
		return false;
	args.n_args = 1;
	bcx_tileir_build_type *t = NULL;
	uint32_t n = 0;
	if (mlir_is_id(&p->lx, "iter_values") &&
	    !(iter_values(w, &args, &cap, &tcap) && mlir_expect(&p->lx, 'A') &&
	      mlir_expect(&p->lx, '(') &&
	      type_list(p, &t, &n, ')') && carried_types(w, &args, t, n, 1)))
		return false;
	int res = field(w, "resultValues");
	return res >= 0 && ac_set_types(w, res, t, n) && loop_body(w, &args);
}

/* loop [iter_values(...)] [: T, ... [-> R, ...]] {region}; without
 * iteration values the types after ':' are the results'. */
static bool loop_op(ac_walk *w)
{
	asm_parser *p = w->p;
	ap_block args = {0};
	bcx_tileir_build_type *t = NULL, *r = NULL;
	uint32_t n = 0, nr = 0, cap = 0, tcap = 0;
	bool init = mlir_is_id(&p->lx, "iter_values");
	if (init && !iter_values(w, &args, &cap, &tcap))
		return false;
	if (mlir_accept(&p->lx, ':') && !type_list(p, &t, &n, 0))
		return false;
	if (init && !carried_types(w, &args, t, n, 0))
		return false;
	if (!init) {
		r = t;
		nr = n;
	} else if (mlir_accept(&p->lx, 'A') && !type_list(p, &r, &nr, 0)) {
		return false;
	}
	int res = field(w, "resultValues");
	return res >= 0 && ac_set_types(w, res, r, nr) && loop_body(w, &args);
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

/* [a, %b, ...]: static sizes are in the result type, values go to the
 * group of dynamic ones. MLIR takes an entry that is neither an integer nor
 * a value as "expected either integer or SSA value". */
static bool mixed_list(ac_walk *w, const char *group, tv_list *l)
{
	asm_parser *p = w->p;
	int g = field(w, group);
	l->n = 0;
	l->at_line = p->lx.t.line;
	l->at_col = p->lx.t.col;
	if (g < 0 || !mlir_expect(&p->lx, '['))
		return false;
	for (bool first = true; !mlir_is_punct(&p->lx, ']'); first = false) {
		if (!first && !mlir_expect(&p->lx, ','))
			return false;
		unsigned line = p->lx.t.line, col = p->lx.t.col;
		int64_t v = BCX_TILEIR_DYNAMIC;
		if (p->lx.t.k == MLIR_TK_VALUE) {
			ap_ref r;
			if (ap_value_ref(p, &r) != BCX_OK || !ac_add_ref(w, g, &r))
				return false;
		} else if (p->lx.t.k != MLIR_TK_INT && !mlir_is_punct(&p->lx, '-') &&
			   !mlir_is_id(&p->lx, "true") && !mlir_is_id(&p->lx, "false")) {
			return mlir_fail(&p->lx, "expected either integer or SSA value");
		} else if (ap_signed_int(p, &v) != BCX_OK) {
			return false;
		}
		if (l->n == TV_MAX)
			return mlir_fail_at(&p->lx, line, col, "too many entries");
		l->v[l->n] = v;
		l->line[l->n] = line;
		l->col[l->n++] = col;
	}
	return mlir_next(&p->lx);
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
static bool tv_compare(asm_parser *p, const tv_list *l, const int64_t *want, uint32_t n,
		       const char *name)
{
	if (l->n != n)
		return mlir_fail_at(&p->lx, l->at_line, l->at_col,
				   "expected %s declaration to contain %u elements due to tensor_view "
				   "type, but %u were provided", name, n, l->n);
	for (uint32_t i = 0; i < n; i++) {
		if (l->v[i] == want[i])
			continue;
		char a[24], b[24];
		tv_size(a, sizeof a, want[i]);
		tv_size(b, sizeof b, l->v[i]);
		return mlir_fail_at(&p->lx, l->line[i], l->col[i],
				   "input %s dimension %u does not match tensor_view type (expected "
				   "%s, got %s)", name, i, a, b);
	}
	return true;
}

/* %base, shape = [..], strides = [..] : [T ->] R */
static bool tensor_view_op(ac_walk *w)
{
	asm_parser *p = w->p;
	bcx_tileir_build_type t;
	tv_list shape, strides;
	int res = field(w, "result");
	if (res < 0 || !one_value(w, "base") || !mlir_expect(&p->lx, ',') ||
	    !mlir_expect_id(&p->lx, "shape") || !mlir_expect(&p->lx, '=') ||
	    !mixed_list(w, "dynamicShape", &shape) || !mlir_expect(&p->lx, ',') ||
	    !mlir_expect_id(&p->lx, "strides") || !mlir_expect(&p->lx, '=') ||
	    !mixed_list(w, "dynamicStrides", &strides) || !mlir_expect(&p->lx, ':') ||
	    ap_type(p, &t) != BCX_OK)
		return false;
	if (mlir_accept(&p->lx, 'A')) {
		/* the type of the dynamic sizes, then the view's */
		int s = field(w, "dynamicShape"), d = field(w, "dynamicStrides");
		for (uint32_t k = 0; s >= 0 && k < w->f[s].n; k++)
			w->f[s].refs[k].type = t;
		for (uint32_t k = 0; d >= 0 && k < w->f[d].n; k++)
			w->f[d].refs[k].type = t;
		if (ap_type(p, &t) != BCX_OK)
			return false;
	}
	const bcx_tileir_type *tv = tb_type(p->m, t);
	if (tv->tag != BCX_TILEIR_T_TENSOR_VIEW) {
		char txt[112];
		return mlir_fail(&p->lx, "expected 'tensor_view' type, but got '%s'",
				 ap_type_text(p, t, txt, sizeof txt));
	}
	if (!tv_compare(p, &shape, tv->shape, tv->rank, "shape") ||
	    !tv_compare(p, &strides, tv->strides, tv->n_strides, "stride"))
		return false;
	/* the base is a pointer tile to the view's elements */
	int b = field(w, "base");
	bcx_tileir_build_type ptr, tile;
	bcx_diag bd = {0};
	if (b >= 0 && w->f[b].n == 1 && w->f[b].refs[0].type == BCX_TILEIR_NONE &&
	    !(ap_built(p, bcx_tileir_build_type_ptr(p->m, tv->elem, &ptr, &bd), &bd) == BCX_OK &&
	      ap_built(p, bcx_tileir_build_type_tile(p->m, ptr, NULL, 0, &tile, &bd), &bd) == BCX_OK))
		return false;
	if (b >= 0 && w->f[b].n == 1 && w->f[b].refs[0].type == BCX_TILEIR_NONE)
		w->f[b].refs[0].type = tile;
	return ac_set_types(w, res, &t, 1);
}

/* @name(%a: T, ...) [optimization_hints=<...>] {region} */
/* After "->": "T" or "(T, ...)". A function that returns values is a test
 * function's, or an entry the verifier refuses ("entry op must not return
 * values"), as the reference's does. */
static bool entry_results(asm_parser *p, bcx_tileir_build_type **outs, uint32_t *n)
{
	uint32_t cap = 0;
	bool paren = mlir_accept(&p->lx, '(');
	if (paren && mlir_accept(&p->lx, ')'))
		return true;
	do {
		if (ap_grow(p, outs, *n, &cap, sizeof **outs) != BCX_OK ||
		    ap_type(p, &(*outs)[*n]) != BCX_OK)
			return false;
		(*n)++;
	} while (paren && mlir_accept(&p->lx, ','));
	return !paren || mlir_expect(&p->lx, ')');
}

static bool entry_op(ac_walk *w)
{
	asm_parser *p = w->p;
	int name = field(w, "sym_name"), ft = field(w, "function_type");
	int hints = field(w, "optimization_hints");
	ap_block args = {0};
	bcx_tileir_build_type fty;
	bcx_diag bd = {0};
	if (name < 0 || ft < 0 || hints < 0)
		return false;
	if (p->lx.t.k != MLIR_TK_SYM)
		return mlir_fail(&p->lx, "expected valid '@'-identifier for symbol name");
	mlir_tok sym = p->lx.t;
	char *buf = bcx_arena_alloc(p->arena, sym.n + 1);
	long n = buf ? mlir_str_value(&sym, buf, sym.n + 1) : -1;
	if (n < 0 || ap_built(p, bcx_tileir_build_attr_string(p->m, buf, (size_t)n, &w->f[name].attr,
							     &bd), &bd) != BCX_OK ||
	    !mlir_next(&p->lx) || ap_block_arg_list(p, &args) != BCX_OK)
		return false;
	bcx_tileir_build_type *outs = NULL;
	uint32_t n_out = 0;
	if (mlir_accept(&p->lx, 'A') && !entry_results(p, &outs, &n_out))
		return false;
	if (ap_built(p, bcx_tileir_build_type_func(p->m, args.arg_types, args.n_args, outs, n_out,
						    &fty, &bd), &bd) != BCX_OK ||
	    ap_built(p, bcx_tileir_build_attr_type(p->m, fty, &w->f[ft].attr, &bd), &bd) != BCX_OK)
		return false;
	if (mlir_is_id(&p->lx, "optimization_hints") &&
	    !(mlir_next(&p->lx) && mlir_expect(&p->lx, '=') &&
	      ap_cuda_attr(p, "optimization_hints", 18, &w->f[hints].attr) == BCX_OK))
		return false;
	return loop_body(w, &args);
}

bool ac_whole_op(ac_walk *w, const fmt_tok *t)
{
	if (fmt_is(t->text, t->len, "For"))
		return for_op(w);
	if (fmt_is(t->text, t->len, "Loop"))
		return loop_op(w);
	if (fmt_is(t->text, t->len, "TensorView"))
		return tensor_view_op(w);
	if (fmt_is(t->text, t->len, "Entry"))
		return entry_op(w);
	return mlir_fail(&w->p->lx, "cuda_tile.%s: no parser for op<%.*s>", w->info->name,
			(int)t->len, t->text);
}
