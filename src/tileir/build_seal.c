/* Sealing a built module: the builder's op nodes (which can still grow)
 * laid out as the model's contiguous blocks, so that a built module is read
 * by the writer and the printers exactly as a read one. Sealing again after
 * more was built lays the bodies out anew. Value ids stay the builder's:
 * unique in their function, in creation order (an op's results come before
 * the values of its regions). */
#include "tileir/build_internal.h"
#include "common/internal.h"

static bool seal_block(bcx_tileir_builder *m, const bcx_tileir_build_block *b,
                       bcx_tileir_block *out);

static bool seal_regions(bcx_tileir_builder *m, const bcx_tileir_build_op *node, bcx_tileir_op *op)
{
	uint32_t n = node->op.n_regions;
	bcx_tileir_region *r = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *r);
	if (!r)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		if (!node->regions[i])
			continue;
		bcx_tileir_block *blk = bcx_arena_calloc(m->arena, 1, sizeof *blk);
		if (!blk || !seal_block(m, node->regions[i], blk))
			return false;
		r[i] = (bcx_tileir_region){1, blk};
	}
	op->regions = r;
	return true;
}

static bool seal_block(bcx_tileir_builder *m, const bcx_tileir_build_block *b,
                       bcx_tileir_block *out)
{
	bcx_tileir_op *ops = bcx_arena_calloc(m->arena, b->n_ops ? b->n_ops : 1, sizeof *ops);
	if (!ops)
		return false;
	for (size_t i = 0; i < b->n_ops; i++) {
		ops[i] = b->ops[i]->op;
		if (!seal_regions(m, b->ops[i], &ops[i]))
			return false;
	}
	*out = (bcx_tileir_block){.n_args = b->n_args, .first_arg = b->first_arg,
				  .arg_types = b->arg_types, .n_ops = (uint32_t)b->n_ops,
				  .ops = ops};
	return true;
}

bcx_status tb_seal(bcx_tileir_builder *m, bcx_diag *d)
{
	if (m->sealed)
		return BCX_OK;
	bcx_tileir_module *mm = m->m;
	for (size_t i = 0; i < mm->n_functions; i++) {
		const bcx_tileir_build_func *f = m->funcs[i];
		bcx_tileir_body *body = bcx_arena_calloc(m->arena, 1, sizeof *body);
		if (!body || !seal_block(m, &f->body, &body->block))
			return bcx_nomem(d);
		body->n_values = f->n_values;
		body->value_types = f->value_types;
		body->n_ops_total = f->n_ops;
		mm->functions[i].body = body;
	}
	mm->bodies_decoded = mm->n_functions;
	m->sealed = true;
	return BCX_OK;
}

bcx_tileir_module *bcx_tileir_builder_model(bcx_tileir_builder *m, bcx_diag *d)
{
	if (!m) {
		bcx_bad_arg(d, "null argument");
		return NULL;
	}
	return tb_seal(m, d) == BCX_OK ? m->m : NULL;
}

bcx_status bcx_tileir_builder_write(bcx_tileir_builder *m, const bcx_tileir_write_options *o,
                                    uint8_t **out, size_t *out_len, bcx_diag *d)
{
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(tb_seal(m, d));
	return bcx_tileir_write(m->m, o, out, out_len, d);
}

bcx_status bcx_tileir_builder_write_file(bcx_tileir_builder *m, const bcx_tileir_write_options *o,
                                         const char *path, bcx_diag *d)
{
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(tb_seal(m, d));
	return bcx_tileir_write_file(m->m, o, path, d);
}

void bcx_tileir_builder_free_bytes(const bcx_tileir_builder *m, uint8_t *bytes, size_t len)
{
	if (m)
		bcx_tileir_free_bytes(m->m, bytes, len);
}
