/* The assembler's second half: the parsed tree of a module (asm_parse.c)
 * handed to the builder top-down, so that every operand name is resolved
 * against the values defined before it, as MLIR's dominance rule wants.
 * This layer speaks the builder's idiom: each step returns a bcx_status
 * (BCX_TRY), its message and place recorded in the lexer as the parse
 * layers record theirs (ap_error_at; ap_status for a parse layer's
 * answer). */
#include "tileir/parse/asm_internal.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/op_text.h"
#include "tileir/print/print.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Bind a value name; type is the type its definition's text gave when
 * the value's own type may differ (an entry's block argument), else NONE. */
static bcx_status bind_typed(asm_parser *p, const char *name, size_t n,
			     bcx_tileir_build_value v, bcx_tileir_build_type type)
{
	uint32_t idx;
	if (wr_table_intern(&p->names, name, n, &idx) ||
	    ap_grow_keep(p, &p->name_of, idx, &p->cap_names, sizeof *p->name_of) != BCX_OK)
		return ap_status(p, mlir_nomem(&p->lx));
	p->name_of[idx].val = v;
	p->name_of[idx].type = type;
	return BCX_OK;
}

static bcx_status bind(asm_parser *p, const char *name, size_t n, bcx_tileir_build_value v)
{
	return bind_typed(p, name, n, v, BCX_TILEIR_NONE);
}

/* "name#k" into buf (at least 92 bytes), the key of result k of a result
 * group (MLIR's %x#k), name cut at 80 bytes: built by hand, as snprintf
 * for every grouped result showed in the profile. */
static size_t group_key(char *buf, const char *name, size_t n, uint32_t k)
{
	char digits[10];
	size_t nd = 0;
	n = n > 80 ? 80 : n;
	memcpy(buf, name, n);
	buf[n++] = '#';
	do
		digits[nd++] = (char)('0' + k % 10);
	while ((k /= 10) != 0);
	while (nd)
		buf[n++] = digits[--nd];
	return n;
}

static bcx_status bind_results(asm_parser *p, const ap_op *op, bcx_tileir_build_value first)
{
	uint32_t at = 0;
	for (uint32_t i = 0; i < op->n_results; i++) {
		const ap_ref *r = &op->results[i];
		if (r->count == 1)
			BCX_TRY(bind(p, r->name, r->n, first + at));
		for (uint32_t k = 0; r->count > 1 && k < r->count; k++) {
			char buf[96];
			BCX_TRY(bind(p, buf, group_key(buf, r->name, r->n, k), first + at + k));
		}
		at += r->count;
	}
	return BCX_OK;
}

static bcx_status lookup(asm_parser *p, const bcx_tileir_build_block *blk, const ap_ref *r,
			 bcx_tileir_build_value *v)
{
	uint32_t idx;
	if (!wr_table_find(&p->names, r->name, r->n, &idx))
		return ap_error_at(p, r->line, r->col, "use of undeclared SSA value name '%%%.*s'",
				   (int)(r->n > 60 ? 60 : r->n), r->name);
	*v = p->name_of[idx].val;
	const uint32_t *vt = blk->fn ? blk->fn->value_types : NULL;
	bcx_tileir_build_type def = p->name_of[idx].type;
	if (def == BCX_TILEIR_NONE && vt)
		def = vt[*v];
	if (r->type != BCX_TILEIR_NONE && def != BCX_TILEIR_NONE && def != r->type) {
		char a[112], b[112];
		return ap_error_at(p, r->line, r->col,
				   "use of value '%%%.*s' expects different type than prior uses: "
				   "'%s' vs '%s'", (int)(r->n > 60 ? 60 : r->n), r->name,
				   ap_type_text(p, r->type, a, sizeof a), ap_type_text(p, def, b, sizeof b));
	}
	return BCX_OK;
}

static bcx_status build_block(asm_parser *p, bcx_tileir_build_block *blk, const ap_block *b);

static bcx_status build_regions(asm_parser *p, const ap_op *op, bcx_tileir_build_op *built)
{
	bcx_diag bd = {0};
	if (op->n_regions != op->info->n_regions)
		return ap_error_at(p, op->line, op->col, "cuda_tile.%s expects %u regions, got %u",
				   op->info->name, op->info->n_regions, op->n_regions);
	for (uint32_t r = 0; r < op->n_regions; r++) {
		const ap_block *b = op->regions[r];
		bcx_tileir_build_block *nb;
		if (!b)
			continue;
		BCX_TRY(ap_built_at(p, bcx_tileir_build_region_add_block(p->m, built, r, b->arg_types,
									  b->n_args, &nb, &bd),
				    &bd, op->line, op->col));
		for (uint32_t i = 0; i < b->n_args; i++)
			BCX_TRY(bind(p, b->args[i].name, b->args[i].n, bcx_tileir_build_block_arg(nb, i)));
		BCX_TRY(build_block(p, nb, b));
	}
	return BCX_OK;
}

/* A constant attribute (E_CONST) goes on the wire untyped, typed by the
 * op's first result, so the text's two types must be one: the reference's
 * AllTypesMatch<[value, result]>, a verifier rule. */
static bcx_status const_typed(asm_parser *p, const ap_op *op)
{
	const bcx_tileir_field *res = NULL;
	for (uint32_t k = 0; k < op->info->n_fields && !res; k++)
		if (op->info->fields[k].kind == BCX_TILEIR_F_RESULT)
			res = &op->info->fields[k];
	for (uint32_t i = 0; res && op->n_res_types && i < op->n_attrs; i++) {
		const bcx_tileir_attr *a = &op->attrs[i].value->a;
		bool is_const = false;
		for (uint32_t k = 0; k < op->info->n_fields; k++)
			is_const |= op->info->fields[k].enc == BCX_TILEIR_E_CONST &&
				    op->info->fields[k].kind == BCX_TILEIR_F_ATTR &&
				    strcmp(op->info->fields[k].name, op->attrs[i].name) == 0;
		if (is_const && a->kind == BCX_TILEIR_A_DENSE && a->type != op->res_types[0])
			return ap_late(p, op->name_line, op->name_col,
				       "'cuda_tile.%s' op failed to verify that all of {%s, %s} have "
				       "same type", op->info->name, op->attrs[i].name, res->name);
	}
	return BCX_OK;
}


/* An integer attribute (I32Attr, I64Attr) goes on the wire as a bare
 * number, so the text's type must be the attribute's own, and a confined
 * one's value in its range: the reference's verifier rules, given late. */
static bcx_status int_typed(asm_parser *p, const ap_op *op)
{
	for (uint32_t i = 0; i < op->n_attrs; i++) {
		const bcx_tileir_attr *a = &op->attrs[i].value->a;
		const bcx_tileir_field *f = ap_attr_field(op, i);
		if (!f || a->kind != BCX_TILEIR_A_INTEGER ||
		    (f->enc != BCX_TILEIR_E_U32 && f->enc != BCX_TILEIR_E_U64))
			continue;
		unsigned w = f->enc == BCX_TILEIR_E_U32 ? 32 : 64;
		bcx_tileir_build_type want;
		bcx_diag bd = {0};
		BCX_TRY(ap_built(p, bcx_tileir_build_type_scalar(
							 p->m, w == 32 ? BCX_TILEIR_T_I32 : BCX_TILEIR_T_I64,
							 &want, &bd), &bd));
		const char *words = tir_confined_words(op->info->opcode, f->name);
		bool negative = a->u >> (w - 1) & 1;
		if (a->type != want || (*words && negative))
			BCX_TRY(ap_late(p, op->name_line, op->name_col,
				"'cuda_tile.%s' op attribute '%s' failed to satisfy constraint: %u-bit "
				"signless integer attribute%s", op->info->name, f->name, w, words));
	}
	return BCX_OK;
}

static bcx_status build_op(asm_parser *p, bcx_tileir_build_block *blk, const ap_op *op)
{
	bcx_tileir_build_value *opds =
	    bcx_arena_calloc(p->arena, (size_t)op->n_operands + 1, sizeof *opds);
	if (!opds)
		return ap_status(p, mlir_nomem(&p->lx));
	for (uint32_t i = 0; i < op->n_operands; i++)
		BCX_TRY(lookup(p, blk, &op->operands[i], &opds[i]));
	uint32_t named = 0;
	for (uint32_t i = 0; i < op->n_results; i++)
		named += op->results[i].count;
	if (op->n_results && named != op->n_res_types)
		return ap_error_at(p, op->line, op->col,
				   "operation defines %u results but was provided %u to bind",
				   op->n_res_types, named);
	bcx_tileir_build_loc *loc = NULL;
	BCX_TRY(ap_loc_build(p, op->loc, op->line, op->col, &loc));
	BCX_TRY(const_typed(p, op));
	BCX_TRY(int_typed(p, op));
	bcx_tileir_build_opspec s = {op->info->opcode, op->res_types, op->n_res_types, opds,
			   op->n_operands, op->segments, op->n_segments, op->attrs, op->n_attrs,
			   loc};
	/* the op's handle lives while its regions are built and its results
	 * bound: here, not in the module's arena */
	bcx_tileir_build_op handle, *built;
	bcx_tileir_build_unreg u = {op->uname, op->uname_len, opds, op->n_operands,
				    op->res_types, op->n_res_types, loc};
	bcx_diag bd = {0};
	bcx_status st = op->info->unregistered
		? tb_op_add_unregistered(p->m, blk, &u, &handle, &built, &bd)
		: tb_op_add(p->m, blk, &s, &handle, &built, &bd);
	/* the builder's and the verifier's messages point where MLIR's op
	 * location is: the name */
	if (!st)
		st = bcx_tileir_build_op_set_source(built, op->name_line, op->name_col, &bd);
	if (st)
		return ap_built_at(p, bd.code, &bd, op->name_line, op->name_col);
	BCX_TRY(build_regions(p, op, built));
	return bind_results(p, op, bcx_tileir_build_op_result(built, 0));
}

static bcx_status build_block(asm_parser *p, bcx_tileir_build_block *blk, const ap_block *b)
{
	if (!tb_block_reserve(p->m, blk, blk->mb->n_ops + (size_t)b->n_ops))
		return ap_status(p, mlir_nomem(&p->lx));
	for (uint32_t i = 0; i < b->n_ops; i++) {
		if (b->ops[i]->info->structural)
			return ap_error_at(p, b->ops[i]->line, b->ops[i]->col,
					   "cuda_tile.%s is not allowed inside a function",
					   b->ops[i]->info->name);
		BCX_TRY(build_op(p, blk, b->ops[i]));
	}
	return BCX_OK;
}

/* The attribute named `name` of op, or NULL. */
static bcx_tileir_build_attr *prop(const ap_op *op, const char *name)
{
	for (uint32_t i = 0; i < op->n_attrs; i++)
		if (strcmp(op->attrs[i].name, name) == 0)
			return op->attrs[i].value;
	return NULL;
}

/* The text of a string attribute built into the module. */
static bcx_tileir_str attr_str(const asm_parser *p, const bcx_tileir_build_attr *a)
{
	return bcx_tileir_string(p->m->m, a->a.index);
}

static bcx_status build_global(asm_parser *p, const ap_op *op)
{
	bcx_tileir_build_attr *name = prop(op, "sym_name"), *val = prop(op, "value");
	bcx_tileir_build_attr *al = prop(op, "alignment"), *vis = prop(op, "symbol_visibility");
	if (!name || name->a.kind != BCX_TILEIR_A_STRING || !val)
		return ap_error_at(p, op->line, op->col, "global needs sym_name and value");
	BCX_TRY(int_typed(p, op));
	bcx_tileir_str nm = attr_str(p, name);
	bcx_tileir_build_global_spec g = {(const char *)nm.ptr, nm.len, val, al ? al->a.u : 0,
				vis && vis->a.u == 1, prop(op, "constant") != NULL};
	bcx_diag bd = {0};
	if (bcx_tileir_build_global_add(p->m, &g, &bd))
		return ap_built_at(p, bd.code, &bd, op->line, op->col);
	bcx_tileir_global *mg = &p->m->m->globals[p->m->m->n_globals - 1];
	mg->line = op->line;
	mg->col = op->col;
	return BCX_OK;
}

/* The values the ops of b and of the regions inside define (the parse
 * nests no deeper than MLIR_MAX_DEPTH). */
static size_t count_values(const ap_block *b)
{
	size_t n = 0;
	for (uint32_t i = 0; i < b->n_ops; i++) {
		const ap_op *op = b->ops[i];
		n += op->n_res_types;
		for (uint32_t r = 0; r < op->n_regions; r++)
			if (op->regions[r])
				n += op->regions[r]->n_args + count_values(op->regions[r]);
	}
	return n;
}

static bcx_status build_entry(asm_parser *p, const ap_op *op)
{
	bcx_tileir_build_attr *name = prop(op, "sym_name"), *ft = prop(op, "function_type");
	bcx_tileir_build_attr *hints = prop(op, "optimization_hints");
	if (!name || name->a.kind != BCX_TILEIR_A_STRING || !ft || ft->a.kind != BCX_TILEIR_A_TYPE ||
	    tb_type(p->m, ft->a.type)->tag != BCX_TILEIR_T_FUNCTION)
		return ap_error_at(p, op->line, op->col, "entry needs sym_name and function_type");
	/* An empty hints attribute in the generic form is written as absent:
	 * the reference's generic printer shows one on every entry. The custom
	 * printer leaves an empty one out, so there it was meant. */
	if (hints && !op->custom && (hints->a.kind != BCX_TILEIR_A_HINTS || hints->a.n == 0))
		hints = hints->a.kind == BCX_TILEIR_A_HINTS ? NULL : hints;
	const bcx_tileir_type *fti = tb_type(p->m, ft->a.type);
	bcx_tileir_build_loc *loc = NULL;
	BCX_TRY(ap_loc_build(p, op->loc, op->line, op->col, &loc));
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *body;
	bcx_diag bd = {0};
	bcx_tileir_str nm = attr_str(p, name);
	/* TB_FN_ANY_ARGS: an entry of tile arguments is the verifier's to
	 * report, in the reference's words */
	/* results, like tile arguments, are the verifier's to refuse on an entry */
	if (tb_func_add(p->m, (const char *)nm.ptr, nm.len, ft->a.type, fti->params, fti->n_inputs,
			hints, loc,
	                op->testing ? BCX_TILEIR_FN_TESTING : TB_FN_ANY_ARGS, &f, &body, &bd))
		return ap_built_at(p, bd.code, &bd, op->line, op->col);
	bcx_tileir_function *mf = &p->m->m->functions[p->m->m->n_functions - 1];
	mf->line = op->line;
	mf->col = op->col;
	const ap_block *b = op->n_regions ? op->regions[0] : NULL;
	if (!b || b->n_args != fti->n_inputs)
		return ap_error_at(p, op->line, op->col,
				   "entry body must have one argument per function input");
	if (!tb_values_reserve(p->m, f, f->body.n_values + count_values(b)))
		return ap_status(p, mlir_nomem(&p->lx));
	wr_table_clear(&p->names);
	/* The body's values are the signature's; the block's own argument
	 * types are checked against it as the reference's verifier does, and
	 * are the types its parser holds the names' uses to. */
	for (uint32_t i = 0; i < b->n_args; i++) {
		char x[160], y[160];
		if (b->arg_types[i] != fti->params[i])
			BCX_TRY(ap_late(p, op->line, op->col,
			     "'cuda_tile.%s' op type of entry block argument #%u('%s') must match the "
			     "type of the corresponding argument in function signature('%s')",
			     op->testing ? "testing$func" : "entry", i,
			     ap_type_text(p, b->arg_types[i], x, sizeof x),
			     ap_type_text(p, fti->params[i], y, sizeof y)));
		BCX_TRY(bind_typed(p, b->args[i].name, b->args[i].n, bcx_tileir_build_func_arg(f, i),
				   b->arg_types[i]));
	}
	return build_block(p, body, b);
}

/* An op of the module's body. */
static bcx_status module_item(asm_parser *p, const ap_op *op)
{
	bcx_tileir_build_loc *loc; /* checked like every location, then dropped */
	if (strcmp(op->info->name, "global") == 0)
		BCX_TRY(build_global(p, op));
	else if (strcmp(op->info->name, "entry") == 0)
		BCX_TRY(build_entry(p, op));
	else
		return ap_error_at(p, op->line, op->col,
				   "only entry and global ops are allowed in the module body");
	return ap_loc_build(p, op->loc, op->line, op->col, &loc);
}

bcx_status ap_build_module(asm_parser *p, const ap_op *mod)
{
	if (strcmp(mod->info->name, "module") != 0)
		return ap_error_at(p, mod->line, mod->col, "expected \"cuda_tile.module\"");
	if (!prop(mod, "sym_name"))
		BCX_TRY(ap_late(p, mod->line, mod->col,
				"'cuda_tile.module' op requires attribute 'sym_name'"));
	bcx_tileir_build_attr *prod = prop(mod, "producer");
	bcx_diag bd = {0};
	bcx_tileir_str ps = prod ? attr_str(p, prod) : (bcx_tileir_str){0};
	if (prod && prod->a.kind == BCX_TILEIR_A_STRING &&
	    bcx_tileir_build_set_producer(p->m, (const char *)ps.ptr, ps.len, &bd))
		return ap_built_at(p, bd.code, &bd, mod->line, mod->col);
	bcx_tileir_build_loc *loc; /* checked like every location, then dropped */
	BCX_TRY(ap_loc_build(p, mod->loc, mod->line, mod->col, &loc));
	if (p->stream_failed) { /* a streamed item's error, now that all parsed */
		p->lx.status = p->stream_st;
		if (p->lx.diag && p->lx.diag->code == BCX_OK)
			*p->lx.diag = p->stream_diag;
		return ap_status(p, false);
	}
	const ap_block *b = mod->n_regions ? mod->regions[0] : NULL;
	for (uint32_t i = 0; b && i < b->n_ops; i++)
		BCX_TRY(module_item(p, b->ops[i]));
	return BCX_OK;
}

bcx_status ap_stream_item(asm_parser *p, const ap_op *op)
{
	if (p->stream_failed) /* the rest is only read, for a parse error first */
		return BCX_OK;
	/* built with the lexer put back after: the items that follow parse
	 * as if the module were built after the text */
	mlir_lex saved = p->lx;
	bcx_diag local;
	memset(&local, 0, sizeof local);
	p->lx.diag = &local;
	p->lx.prefix = NULL; /* as on the top level, outside the module's parser */
	p->lx.depth = 0;
	bcx_status st = module_item(p, op);
	p->lx = saved;
	if (st == BCX_OK)
		return BCX_OK;
	if (st == BCX_ERR_NOMEM)
		return ap_status(p, mlir_nomem(&p->lx));
	p->stream_failed = true;
	p->stream_st = st;
	p->stream_diag = local;
	return BCX_OK;
}

/* Module, entry and global: the ops that are not inside a function. */
static bool is_item(const ap_op *op)
{
	return op->info->structural;
}

static bcx_status build_item(asm_parser *p, const ap_op *op)
{
	bcx_tileir_build_loc *loc;
	const char *name = op->info->name;
	BCX_TRY(strcmp(name, "module") == 0   ? ap_build_module(p, op)
		: strcmp(name, "global") == 0 ? build_global(p, op)
		: build_entry(p, op));
	return ap_loc_build(p, op->loc, op->line, op->col, &loc);
}

bcx_status ap_build_top(asm_parser *p, const ap_block *top)
{
	if (top->n_ops == 1 && strcmp(top->ops[0]->info->name, "module") == 0)
		return ap_build_module(p, top->ops[0]);
	p->m->m->implicit_module = true;
	bcx_tileir_build_func *f = NULL;
	bcx_tileir_build_block *body = NULL;
	for (uint32_t i = 0; i < top->n_ops; i++) {
		const ap_op *op = top->ops[i];
		if (is_item(op))
			continue;
		bcx_diag bd = {0};
		if (!f && tb_func_add(p->m, "", 0, BCX_TILEIR_NONE, NULL, 0, NULL, NULL,
				      BCX_TILEIR_FN_TOPLEVEL, &f,
				      &body, &bd))
			return ap_built_at(p, bd.code, &bd, op->line, op->col);
		BCX_TRY(build_op(p, body, op));
	}
	for (uint32_t i = 0; i < top->n_ops; i++)
		if (is_item(top->ops[i]))
			BCX_TRY(build_item(p, top->ops[i]));
	return BCX_OK;
}
