/* Importing a whole read module into the builder: globals, entries (with
 * hints and locations), bodies op by op, and the producer. */
#include "tileir/convert_internal.h"

#include <string.h>

static bool ok(cv_ctx *c, bcx_status st)
{
	if (st != BCX_OK && c->st == BCX_OK)
		c->st = st;
	return st == BCX_OK;
}

static bool value(cv_ctx *c, uint32_t id, bcx_tb_value *out)
{
	if (id >= c->n_vals || c->val_map[id] == BCX_TB_NONE)
		return cv_fail(c, BCX_ERR_MALFORMED, "operand refers to an unknown value");
	*out = c->val_map[id];
	return true;
}

static bool block(cv_ctx *c, bcx_tb_block *dst, const bcx_tileir_block *src);

/* Named attributes of op from its per-field slots. */
static bool op_attrs(cv_ctx *c, const bcx_tileir_op *op, bcx_tb_named_attr *na, uint32_t *n)
{
	uint32_t slot = 0;
	*n = 0;
	for (uint32_t k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		const bcx_tileir_attr *a = &op->attrs[slot++];
		if (a->kind == BCX_TILEIR_A_NONE)
			continue;
		na[*n].name = f->name;
		if (!cv_attr(c, a, &na[(*n)++].value))
			return false;
	}
	return true;
}

static bool op_regions(cv_ctx *c, const bcx_tileir_op *op, bcx_tb_op *dst)
{
	for (uint32_t r = 0; r < op->n_regions; r++) {
		const bcx_tileir_region *reg = &op->regions[r];
		if (reg->n_blocks == 0)
			continue;
		if (reg->n_blocks > 1)
			return cv_fail(c, BCX_ERR_UNSUPPORTED, "regions with several blocks");
		const bcx_tileir_block *b = &reg->blocks[0];
		bcx_tb_type *types = bcx_arena_calloc(c->arena, (size_t)b->n_args + 1, sizeof *types);
		bcx_tb_block *nb;
		if (!types)
			return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
		for (uint32_t i = 0; i < b->n_args; i++)
			if (!cv_type(c, b->arg_types[i], &types[i]))
				return false;
		if (!ok(c, bcx_tb_region_add_block(c->b, dst, r, types, b->n_args, &nb, c->d)))
			return false;
		for (uint32_t i = 0; i < b->n_args && b->first_arg + i < c->n_vals; i++)
			c->val_map[b->first_arg + i] = bcx_tb_block_arg(nb, i);
		if (!block(c, nb, b))
			return false;
	}
	return true;
}

static bool op(cv_ctx *c, bcx_tb_block *dst, const bcx_tileir_op *op)
{
	bcx_tb_named_attr na[16];
	bcx_tb_type *rt = bcx_arena_calloc(c->arena, (size_t)op->n_results + 1, sizeof *rt);
	bcx_tb_value *opd = bcx_arena_calloc(c->arena, (size_t)op->n_operands + 1, sizeof *opd);
	uint32_t nna;
	bcx_tb_loc *loc;
	if (op->info->n_attrs > 16) /* the table's widest op (entry) has 5 */
		return cv_fail(c, BCX_ERR_LIMIT, "operation with more than 16 attributes");
	if (!rt || !opd)
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	for (uint32_t i = 0; i < op->n_results; i++)
		if (!cv_type(c, op->result_types[i], &rt[i]))
			return false;
	for (uint32_t i = 0; i < op->n_operands; i++)
		if (!value(c, op->operands[i], &opd[i]))
			return false;
	if (!op_attrs(c, op, na, &nna) || !cv_loc(c, op->loc, &loc))
		return false;
	bcx_tb_opspec s = {op->opcode, rt, op->n_results, opd, op->n_operands, op->segments,
			   op->info->n_operands, na, nna, loc};
	bcx_tb_op *built;
	if (!ok(c, bcx_tb_op_add(c->b, dst, &s, &built, c->d)) || !op_regions(c, op, built))
		return false;
	for (uint32_t i = 0; i < op->n_results && op->first_result + i < c->n_vals; i++)
		c->val_map[op->first_result + i] = bcx_tb_op_result(built, i);
	return true;
}

static bool block(cv_ctx *c, bcx_tb_block *dst, const bcx_tileir_block *src)
{
	if (++c->depth > 64)
		return cv_fail(c, BCX_ERR_LIMIT, "regions nested too deeply");
	for (uint32_t i = 0; i < src->n_ops; i++)
		if (!op(c, dst, &src->ops[i]))
			return false;
	c->depth--;
	return true;
}

static bool function(cv_ctx *c, size_t i)
{
	const bcx_tileir_function *f = bcx_tileir_function_at(c->src, i);
	const bcx_tileir_body *body;
	bcx_tb_type sig;
	bcx_tb_attr *hints = NULL;
	bcx_tb_loc *loc = NULL;
	if (!ok(c, bcx_tileir_body_get(c->src, i, &body, c->d)) || !cv_type(c, f->signature, &sig))
		return false;
	if (f->has_hints && !cv_attr(c, &f->hints, &hints))
		return false;
	if (f->loc_list) {
		const bcx_tileir_debug_list *l = bcx_tileir_debug_list_at(c->src, f->loc_list - 1);
		if (!l || l->n == 0 || !cv_loc(c, l->refs[0], &loc))
			return l && l->n ? false : cv_fail(c, BCX_ERR_MALFORMED, "bad debug list");
	}
	const tb_typeinfo *st = tb_type(c->b, sig);
	bcx_tileir_str name = bcx_tileir_string(c->src, f->name);
	bcx_tb_func *fn;
	bcx_tb_block *blk;
	if (!ok(c, bcx_tb_entry_add(c->b, (const char *)name.ptr, name.len, st->ins, st->n_in, hints,
				    loc, &fn, &blk, c->d)))
		return false;
	c->n_vals = body->n_values;
	c->val_map = bcx_arena_calloc(c->arena, (size_t)c->n_vals + 1, sizeof *c->val_map);
	if (!c->val_map)
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	memset(c->val_map, 0xFF, ((size_t)c->n_vals + 1) * sizeof *c->val_map);
	for (uint32_t a = 0; a < st->n_in && a < c->n_vals; a++)
		c->val_map[a] = bcx_tb_func_arg(fn, a);
	return block(c, blk, &body->block);
}

static bool global(cv_ctx *c, size_t i)
{
	const bcx_tileir_global *g = bcx_tileir_global_at(c->src, i);
	bcx_tileir_attr dense = {.kind = BCX_TILEIR_A_DENSE, .type = g->type, .index = g->value};
	bcx_tb_global_spec s = {0};
	bcx_tileir_str name = bcx_tileir_string(c->src, g->name);
	if (!cv_attr(c, &dense, &s.value))
		return false;
	s.name = (const char *)name.ptr;
	s.name_len = name.len;
	s.alignment = g->alignment;
	s.is_private = g->visibility == 1;
	s.is_constant = g->is_constant;
	return ok(c, bcx_tb_global_add(c->b, &s, c->d));
}

static bool import_all(cv_ctx *c)
{
	bcx_tileir_str prod;
	if (bcx_tileir_producer(c->src, &prod) &&
	    !ok(c, bcx_tb_set_producer(c->b, (const char *)prod.ptr, prod.len, c->d)))
		return false;
	for (size_t i = 0; i < bcx_tileir_global_count(c->src); i++)
		if (!global(c, i))
			return false;
	for (size_t i = 0; i < bcx_tileir_function_count(c->src); i++)
		if (!function(c, i))
			return false;
	return true;
}

bcx_status bcx_tb_import(bcx_tileir_module *src, const bcx_allocator *a, bcx_tb_module **out,
			 bcx_diag *d)
{
	if (!src || !out)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	cv_ctx c = {.src = src, .d = d};
	c.b = bcx_tb_module_new(a);
	c.arena = bcx_arena_new(a);
	c.n_types = bcx_tileir_type_count(src);
	c.n_locs = bcx_tileir_debug_record_count(src);
	wr_table_init(&c.rec_keys, a);
	if (c.arena) {
		c.type_map = bcx_arena_calloc(c.arena, c.n_types + 1, sizeof *c.type_map);
		c.loc_map = bcx_arena_calloc(c.arena, c.n_locs + 1, sizeof *c.loc_map);
		c.rec_owner = bcx_arena_calloc(c.arena, c.n_locs + 1, sizeof *c.rec_owner);
	}
	if (!c.b || !c.arena || !c.type_map || !c.loc_map || !c.rec_owner)
		cv_fail(&c, BCX_ERR_NOMEM, "out of memory");
	else
		import_all(&c);
	wr_table_free(&c.rec_keys);
	bcx_arena_free(c.arena);
	if (c.st) {
		bcx_tb_module_free(c.b);
		return c.st;
	}
	*out = c.b;
	return BCX_OK;
}
