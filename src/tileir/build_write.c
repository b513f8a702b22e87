/* A built module is a model like a read one: handing it to the writer and
 * the printers needs no conversion. */
#include "tileir/build_internal.h"
#include "common/internal.h"

#include <string.h>

static void *copy(bcx_tileir_builder *m, const void *p, size_t n, bool *ok)
{
	if (!n)
		return NULL;
	void *q = bcx_arena_alloc(m->arena, n);
	if (q)
		memcpy(q, p, n);
	*ok &= q != NULL;
	return q;
}

/* A block's ops side by side, then each op's arrays and nested blocks in
 * the order a walk meets them, as a read module has them. Only what is
 * fixed once an op is made moves; regions stay, since blocks can still be
 * added to them. A builder block keeps its own (older, equally valid)
 * array, so adding to it later needs nothing from here. */
static bool compact_block(bcx_tileir_builder *m, bcx_tileir_block *mb, unsigned depth)
{
	bool ok = depth <= BCX_LIMIT_DEPTH * 4;
	bcx_tileir_op *ops = ok ? copy(m, mb->ops, mb->n_ops * sizeof *ops, &ok) : NULL;
	for (uint32_t i = 0; ok && i < mb->n_ops; i++) {
		bcx_tileir_op *op = &ops[i];
		op->attrs = copy(m, op->attrs, op->info->n_attrs * sizeof *op->attrs, &ok);
		op->result_types = copy(m, op->result_types, op->n_results * sizeof(uint32_t), &ok);
		op->operands = copy(m, op->operands, op->n_operands * sizeof(uint32_t), &ok);
		op->segments = copy(m, op->segments, op->info->n_operands * sizeof(uint32_t), &ok);
		for (uint32_t r = 0; ok && r < op->n_regions; r++) {
			bcx_tileir_block *nb; /* the builder made it: it is ours to change */
			memcpy(&nb, &op->regions[r].blocks, sizeof nb);
			if (op->regions[r].n_blocks)
				ok = compact_block(m, nb, depth + 1);
		}
	}
	if (ok && mb->n_ops)
		mb->ops = ops;
	return ok;
}

bcx_status tb_compact(bcx_tileir_builder *m, bcx_diag *d)
{
	if (!m->dirty)
		return BCX_OK;
	for (size_t i = 0; i < m->m->n_functions; i++)
		if (!compact_block(m, &m->funcs[i]->body.block, 0))
			return bcx_nomem(d);
	m->dirty = false;
	return BCX_OK;
}

bcx_tileir_module *bcx_tileir_builder_model(bcx_tileir_builder *m, bcx_diag *d)
{
	if (!m) {
		bcx_bad_arg(d, "null argument");
		return NULL;
	}
	return tb_compact(m, d) == BCX_OK ? m->m : NULL;
}

bcx_status bcx_tileir_builder_write(bcx_tileir_builder *m, const bcx_tileir_write_options *o,
                                    uint8_t **out, size_t *out_len, bcx_diag *d)
{
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(tb_compact(m, d));
	return bcx_tileir_write(m->m, o, out, out_len, d);
}

bcx_status bcx_tileir_builder_write_file(bcx_tileir_builder *m, const bcx_tileir_write_options *o,
                                         const char *path, bcx_diag *d)
{
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(tb_compact(m, d));
	return bcx_tileir_write_file(m->m, o, path, d);
}

void bcx_tileir_builder_free_bytes(const bcx_tileir_builder *m, uint8_t *bytes, size_t len)
{
	if (m)
		bcx_tileir_free_bytes(m->m, bytes, len);
}
