/* The generic-form parser of the Tile IR assembler (spec §21). An op is
 * parsed completely (its result types come after its regions) into a small
 * tree, then built top-down with the builder so that every operand name is
 * resolved against the values defined before it. */
#include "tileir/asm_internal.h"
#include "tileir/build_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct ap_ref {
	const char *name;
	size_t n;
	uint32_t count;         /* results: "%x:3" */
	unsigned line, col;
} ap_ref;

typedef struct ap_block ap_block;

typedef struct ap_op {
	const bcx_tileir_opinfo *info;
	ap_ref *results, *operands;
	uint32_t n_results, n_operands;
	bcx_tb_named_attr *attrs;
	uint32_t n_attrs, n_segments;
	uint32_t *segments;     /* operandSegmentSizes, or NULL */
	ap_block **regions;
	uint32_t n_regions;
	bcx_tb_type *res_types;
	uint32_t n_res_types;
	unsigned line, col;
} ap_op;

struct ap_block {
	ap_ref *args;
	bcx_tb_type *arg_types;
	uint32_t n_args;
	ap_op **ops;
	uint32_t n_ops;
};

static bool grow(asm_parser *p, void **arr, uint32_t n, uint32_t *cap, size_t elem)
{
	if (n < *cap)
		return true;
	uint32_t nc = *cap ? *cap * 2 : 4;
	void *g = nc > *cap ? bcx_arena_grow(p->arena, *arr, n, nc, elem) : NULL;
	if (!g)
		return mlir_fail(&p->lx, "out of memory");
	*arr = g;
	*cap = nc;
	return true;
}

static ap_ref ref_here(const asm_parser *p)
{
	return (ap_ref){p->lx.t.p, p->lx.t.n, 1, p->lx.t.line, p->lx.t.col};
}

static bool result_names(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	do {
		if (p->lx.t.k != MLIR_TK_VALUE)
			return mlir_fail(&p->lx, "expected a result name");
		if (!grow(p, (void **)&op->results, op->n_results, &cap, sizeof *op->results))
			return false;
		ap_ref *r = &op->results[op->n_results++];
		*r = ref_here(p);
		if (!mlir_next(&p->lx))
			return false;
		if (mlir_accept(&p->lx, ':')) {
			uint64_t c;
			if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, &c) || c == 0 || c > 65536)
				return mlir_fail(&p->lx, "expected a result count");
			r->count = (uint32_t)c;
			if (!mlir_next(&p->lx))
				return false;
		}
	} while (mlir_accept(&p->lx, ','));
	return mlir_expect(&p->lx, '=');
}

static bool operand_list(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	if (!mlir_expect(&p->lx, '('))
		return false;
	while (!mlir_is_punct(&p->lx, ')')) {
		if (op->n_operands && !mlir_expect(&p->lx, ','))
			return false;
		if (p->lx.t.k != MLIR_TK_VALUE)
			return mlir_fail(&p->lx, "expected an operand");
		if (!grow(p, (void **)&op->operands, op->n_operands, &cap, sizeof *op->operands))
			return false;
		op->operands[op->n_operands++] = ref_here(p);
		if (!mlir_next(&p->lx))
			return false;
	}
	return mlir_next(&p->lx);
}

static bool segments(asm_parser *p, ap_op *op)
{
	bcx_tb_attr *a;
	if (!ap_attr(p, &a))
		return false;
	if (a->kind != BCX_TILEIR_A_I32_ARRAY)
		return mlir_fail(&p->lx, "operandSegmentSizes must be array<i32: ...>");
	op->segments = bcx_arena_calloc(p->arena, (size_t)a->n + 1, sizeof *op->segments);
	if (!op->segments)
		return mlir_fail(&p->lx, "out of memory");
	for (uint32_t i = 0; i < a->n; i++) {
		if (a->i32[i] < 0)
			return mlir_fail(&p->lx, "negative operand segment size");
		op->segments[i] = (uint32_t)a->i32[i];
	}
	op->n_segments = a->n;
	return true;
}

/* <{ name [= value], ... }> */
static bool properties(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	bool first = true;
	if (!mlir_expect(&p->lx, '{'))
		return false;
	while (!mlir_is_punct(&p->lx, '}')) {
		if (!first && !mlir_expect(&p->lx, ','))
			return false;
		first = false;
		if (p->lx.t.k != MLIR_TK_ID)
			return mlir_fail(&p->lx, "expected an attribute name");
		char *name = ap_tok_dup(p);
		bool is_seg = mlir_is_id(&p->lx, "operandSegmentSizes");
		if (!name || !mlir_next(&p->lx))
			return false;
		if (is_seg) {
			if (!mlir_expect(&p->lx, '=') || !segments(p, op))
				return false;
			continue;
		}
		if (!grow(p, (void **)&op->attrs, op->n_attrs, &cap, sizeof *op->attrs))
			return false;
		bcx_tb_named_attr *na = &op->attrs[op->n_attrs++];
		na->name = name;
		bcx_diag bd = {0};
		if (mlir_accept(&p->lx, '=') ? !ap_attr(p, &na->value)
					    : !ap_built(p, bcx_tb_attr_unit(p->m, &na->value, &bd), &bd))
			return false;
	}
	return mlir_next(&p->lx) && mlir_expect(&p->lx, '>');
}

static bool parse_op(asm_parser *p, ap_op **out);

static bool block_args(asm_parser *p, ap_block *b)
{
	uint32_t cap = 0, tcap = 0;
	if (!mlir_next(&p->lx))
		return false;
	if (!mlir_accept(&p->lx, '('))
		return mlir_expect(&p->lx, ':');
	while (!mlir_is_punct(&p->lx, ')')) {
		if (b->n_args && !mlir_expect(&p->lx, ','))
			return false;
		if (p->lx.t.k != MLIR_TK_VALUE)
			return mlir_fail(&p->lx, "expected a block argument");
		if (!grow(p, (void **)&b->args, b->n_args, &cap, sizeof *b->args) ||
		    !grow(p, (void **)&b->arg_types, b->n_args, &tcap, sizeof *b->arg_types))
			return false;
		b->args[b->n_args] = ref_here(p);
		if (!mlir_next(&p->lx) || !mlir_expect(&p->lx, ':') ||
		    !ap_type(p, &b->arg_types[b->n_args]))
			return false;
		b->n_args++;
	}
	return mlir_next(&p->lx) && mlir_expect(&p->lx, ':');
}

/* '{' [^bb(args):] op* '}'; *out is NULL for an empty region. */
static bool region(asm_parser *p, ap_block **out)
{
	ap_block *b = bcx_arena_calloc(p->arena, 1, sizeof *b);
	uint32_t cap = 0;
	bool label = false;
	if (!b || !mlir_expect(&p->lx, '{'))
		return b ? false : mlir_fail(&p->lx, "out of memory");
	if (p->lx.t.k == MLIR_TK_BLOCK) {
		label = true;
		if (!block_args(p, b))
			return false;
	}
	while (!mlir_is_punct(&p->lx, '}')) {
		if (p->lx.t.k == MLIR_TK_EOF)
			return mlir_fail(&p->lx, "expected '}' at the end of a region");
		if (!grow(p, (void **)&b->ops, b->n_ops, &cap, sizeof *b->ops) ||
		    !parse_op(p, &b->ops[b->n_ops++]))
			return false;
	}
	*out = (label || b->n_ops) ? b : NULL;
	return mlir_next(&p->lx);
}

static bool regions(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	if (++p->lx.depth > MLIR_MAX_DEPTH)
		return mlir_fail(&p->lx, "regions nested too deeply");
	do {
		if (!grow(p, (void **)&op->regions, op->n_regions, &cap, sizeof *op->regions) ||
		    !region(p, &op->regions[op->n_regions++]))
			return false;
	} while (mlir_accept(&p->lx, ','));
	p->lx.depth--;
	return mlir_expect(&p->lx, ')');
}

/* Skip a trailing loc(...) (locations are not part of the generic form
 * we assemble). */
static bool skip_loc(asm_parser *p)
{
	if (!mlir_is_id(&p->lx, "loc"))
		return true;
	if (!mlir_next(&p->lx) || !mlir_expect(&p->lx, '('))
		return false;
	for (int depth = 1; depth > 0;) {
		if (p->lx.t.k == MLIR_TK_EOF)
			return mlir_fail(&p->lx, "unterminated loc(...)");
		depth += mlir_is_punct(&p->lx, '(') - mlir_is_punct(&p->lx, ')');
		if (!mlir_next(&p->lx))
			return false;
	}
	return true;
}

static bool op_name(asm_parser *p, ap_op *op)
{
	mlir_tok t = p->lx.t;
	if (t.k != MLIR_TK_STR)
		return mlir_fail(&p->lx, "expected an operation name in quotes");
	char buf[64];
	if (t.n < 10 || t.n >= sizeof buf || memcmp(t.p, "cuda_tile.", 10) != 0)
		return mlir_fail(&p->lx, "unknown operation \"%.*s\"", (int)(t.n > 60 ? 60 : t.n), t.p);
	memcpy(buf, t.p + 10, t.n - 10);
	buf[t.n - 10] = 0;
	op->info = bcx_tileir_op_by_name(buf);
	if (!op->info)
		return mlir_fail(&p->lx, "unknown operation \"%.*s\"", (int)t.n, t.p);
	return mlir_next(&p->lx);
}

static bool parse_op(asm_parser *p, ap_op **out)
{
	ap_op *op = bcx_arena_calloc(p->arena, 1, sizeof *op);
	if (!op)
		return mlir_fail(&p->lx, "out of memory");
	op->line = p->lx.t.line;
	op->col = p->lx.t.col;
	if (p->lx.t.k == MLIR_TK_VALUE && !result_names(p, op))
		return false;
	if (!op_name(p, op) || !operand_list(p, op))
		return false;
	if (mlir_accept(&p->lx, '<') && !properties(p, op))
		return false;
	if (mlir_accept(&p->lx, '(') && !regions(p, op))
		return false;
	if (mlir_is_punct(&p->lx, '{'))
		return mlir_fail(&p->lx, "discardable attributes are not supported");
	bcx_tb_type *ins;
	uint32_t n_in;
	if (!mlir_expect(&p->lx, ':') ||
	    !ap_func_type(p, &ins, &n_in, &op->res_types, &op->n_res_types) || !skip_loc(p))
		return false;
	if (n_in != op->n_operands)
		return mlir_fail_at(&p->lx, op->line, op->col,
				   "operation has %u operands but %u operand types", op->n_operands,
				   n_in);
	*out = op;
	return true;
}

/* ---- building ---- */

static bool bind(asm_parser *p, const char *name, size_t n, bcx_tb_value v)
{
	uint32_t idx;
	if (wr_table_intern(&p->names, name, n, &idx) ||
	    !grow(p, (void **)&p->name_val, idx, &p->cap_names, sizeof *p->name_val))
		return mlir_fail(&p->lx, "out of memory");
	p->name_val[idx] = v;
	return true;
}

static bool bind_results(asm_parser *p, const ap_op *op, bcx_tb_value first)
{
	uint32_t at = 0;
	for (uint32_t i = 0; i < op->n_results; i++) {
		const ap_ref *r = &op->results[i];
		if (r->count == 1 && !bind(p, r->name, r->n, first + at))
			return false;
		for (uint32_t k = 0; r->count > 1 && k < r->count; k++) {
			char buf[96];
			int len = snprintf(buf, sizeof buf, "%.*s#%u", (int)(r->n > 80 ? 80 : r->n),
					   r->name, k);
			if (!bind(p, buf, (size_t)len, first + at + k))
				return false;
		}
		at += r->count;
	}
	return true;
}

static bool lookup(asm_parser *p, const ap_ref *r, bcx_tb_value *v)
{
	uint32_t idx;
	if (!wr_table_find(&p->names, r->name, r->n, &idx))
		return mlir_fail_at(&p->lx, r->line, r->col, "use of undefined value '%%%.*s'",
				   (int)(r->n > 60 ? 60 : r->n), r->name);
	*v = p->name_val[idx];
	return true;
}

bool ap_build_block(asm_parser *p, bcx_tb_block *blk, const ap_block *b);

static bool build_op(asm_parser *p, bcx_tb_block *blk, const ap_op *op)
{
	bcx_tb_value *opds = bcx_arena_calloc(p->arena, (size_t)op->n_operands + 1, sizeof *opds);
	if (!opds)
		return mlir_fail(&p->lx, "out of memory");
	for (uint32_t i = 0; i < op->n_operands; i++)
		if (!lookup(p, &op->operands[i], &opds[i]))
			return false;
	uint32_t named = 0;
	for (uint32_t i = 0; i < op->n_results; i++)
		named += op->results[i].count;
	if (named != op->n_res_types)
		return mlir_fail_at(&p->lx, op->line, op->col, "%u result names but %u result types",
				   named, op->n_res_types);
	bcx_tb_opspec s = {op->info->opcode, op->res_types, op->n_res_types, opds,
			   op->n_operands, op->segments, op->n_segments, op->attrs, op->n_attrs,
			   NULL};
	bcx_tb_op *built;
	bcx_diag bd = {0};
	if (bcx_tb_op_add(p->m, blk, &s, &built, &bd))
		return mlir_fail_at(&p->lx, op->line, op->col, "%s", bd.message);
	if (op->n_regions != op->info->n_regions)
		return mlir_fail_at(&p->lx, op->line, op->col, "cuda_tile.%s expects %u regions, got %u",
				   op->info->name, op->info->n_regions, op->n_regions);
	for (uint32_t r = 0; r < op->n_regions; r++) {
		const ap_block *b = op->regions[r];
		bcx_tb_block *nb;
		if (!b)
			continue;
		if (bcx_tb_region_add_block(p->m, built, r, b->arg_types, b->n_args, &nb, &bd))
			return mlir_fail_at(&p->lx, op->line, op->col, "%s", bd.message);
		for (uint32_t i = 0; i < b->n_args; i++)
			if (!bind(p, b->args[i].name, b->args[i].n, bcx_tb_block_arg(nb, i)))
				return false;
		if (!ap_build_block(p, nb, b))
			return false;
	}
	return bind_results(p, op, bcx_tb_op_result(built, 0));
}

bool ap_build_block(asm_parser *p, bcx_tb_block *blk, const ap_block *b)
{
	for (uint32_t i = 0; i < b->n_ops; i++)
		if (!build_op(p, blk, b->ops[i]))
			return false;
	return true;
}

/* The attribute named `name` of op, or NULL. */
static bcx_tb_attr *prop(const ap_op *op, const char *name)
{
	for (uint32_t i = 0; i < op->n_attrs; i++)
		if (strcmp(op->attrs[i].name, name) == 0)
			return op->attrs[i].value;
	return NULL;
}

static bool build_global(asm_parser *p, const ap_op *op)
{
	bcx_tb_attr *name = prop(op, "sym_name"), *val = prop(op, "value");
	bcx_tb_attr *al = prop(op, "alignment"), *vis = prop(op, "symbol_visibility");
	if (!name || name->kind != BCX_TILEIR_A_STRING || !val)
		return mlir_fail_at(&p->lx, op->line, op->col, "global needs sym_name and value");
	bcx_tb_global_spec g = {(const char *)name->bytes, name->n, val, al ? al->u : 0,
				vis && vis->u == 1, prop(op, "constant") != NULL};
	bcx_diag bd = {0};
	if (bcx_tb_global_add(p->m, &g, &bd))
		return mlir_fail_at(&p->lx, op->line, op->col, "%s", bd.message);
	return true;
}

static bool build_entry(asm_parser *p, const ap_op *op)
{
	bcx_tb_attr *name = prop(op, "sym_name"), *ft = prop(op, "function_type");
	bcx_tb_attr *hints = prop(op, "optimization_hints");
	if (!name || name->kind != BCX_TILEIR_A_STRING || !ft || ft->kind != BCX_TILEIR_A_TYPE ||
	    tb_type(p->m, ft->type)->tag != BCX_TILEIR_T_FUNCTION)
		return mlir_fail_at(&p->lx, op->line, op->col, "entry needs sym_name and function_type");
	/* An empty hints attribute is written as absent, so that disassembled
	 * reference files assemble back to their bytes. */
	if (hints && (hints->kind != BCX_TILEIR_A_HINTS || hints->elems[0]->n == 0))
		hints = hints->kind == BCX_TILEIR_A_HINTS ? NULL : hints;
	const tb_typeinfo *fti = tb_type(p->m, ft->type);
	if (fti->n_out)
		return mlir_fail_at(&p->lx, op->line, op->col, "entry op must not return values");
	bcx_tb_func *f;
	bcx_tb_block *body;
	bcx_diag bd = {0};
	if (bcx_tb_entry_add(p->m, (const char *)name->bytes, name->n, fti->ins, fti->n_in, hints,
			     NULL, &f, &body, &bd))
		return mlir_fail_at(&p->lx, op->line, op->col, "%s", bd.message);
	const ap_block *b = op->n_regions ? op->regions[0] : NULL;
	if (!b || b->n_args != fti->n_in)
		return mlir_fail_at(&p->lx, op->line, op->col,
				   "entry body must have one argument per function input");
	wr_table_free(&p->names);
	wr_table_init(&p->names, p->m->alloc);
	for (uint32_t i = 0; i < b->n_args; i++)
		if (!bind(p, b->args[i].name, b->args[i].n, bcx_tb_func_arg(f, i)))
			return false;
	return ap_build_block(p, body, b);
}

static bool build_module(asm_parser *p, const ap_op *mod)
{
	if (strcmp(mod->info->name, "module") != 0)
		return mlir_fail_at(&p->lx, mod->line, mod->col, "expected \"cuda_tile.module\"");
	bcx_tb_attr *prod = prop(mod, "producer");
	bcx_diag bd = {0};
	if (prod && prod->kind == BCX_TILEIR_A_STRING &&
	    bcx_tb_set_producer(p->m, (const char *)prod->bytes, prod->n, &bd))
		return mlir_fail_at(&p->lx, mod->line, mod->col, "%s", bd.message);
	const ap_block *b = mod->n_regions ? mod->regions[0] : NULL;
	for (uint32_t i = 0; b && i < b->n_ops; i++) {
		const ap_op *op = b->ops[i];
		bool ok = strcmp(op->info->name, "global") == 0 ? build_global(p, op)
			: strcmp(op->info->name, "entry") == 0  ? build_entry(p, op)
			: mlir_fail_at(&p->lx, op->line, op->col,
				      "only entry and global ops are allowed in the module body");
		if (!ok)
			return false;
	}
	return true;
}

bcx_status bcx_tb_assemble(const char *file, const char *text, size_t n,
			   const bcx_allocator *a, bcx_tb_module **out, bcx_diag *d)
{
	if (!out || (!text && n))
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	asm_parser p;
	memset(&p, 0, sizeof p);
	mlir_lex_init(&p.lx, file, text ? text : "", n, d);
	p.m = bcx_tb_module_new(a);
	p.arena = bcx_arena_new(a);
	if (!p.m || !p.arena) {
		bcx_tb_module_free(p.m);
		bcx_arena_free(p.arena);
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	}
	wr_table_init(&p.names, p.m->alloc);
	ap_op *mod = NULL;
	bool ok = mlir_next(&p.lx) && parse_op(&p, &mod) &&
		  (p.lx.t.k == MLIR_TK_EOF || mlir_fail(&p.lx, "unexpected text after the module")) &&
		  build_module(&p, mod);
	wr_table_free(&p.names);
	bcx_arena_free(p.arena);
	if (!ok) {
		bcx_tb_module_free(p.m);
		return p.lx.status ? p.lx.status : BCX_ERR_MALFORMED;
	}
	*out = p.m;
	return BCX_OK;
}
