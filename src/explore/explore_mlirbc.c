/* MLIR bytecode in the explorer: the sections, and the IR as the reader
 * decodes it, each op from its offset to where the next op that is not
 * inside it begins (the format writes an op's regions right after it);
 * isolated regions stay lazy until expanded. The text is the generic form;
 * a full load is the check. */
#include "explore/explore.h"

#include "bcx/mlirbc.h"
#include "mlirbc/internal.h"

#include <string.h>

#define MOD(e) ((bcx_mlirbc_module *)(e)->state)

static bool sniff(const uint8_t *data, size_t size)
{
	return bcx_mlirbc_is_mlirbc(data, size);
}

static bcx_status add_regions(bcx_explore *e, uint32_t parent, const mbc_op *op, uint64_t limit,
			      bcx_diag *d);

/* Offset of the first op of the first block with ops from region r, block
 * b on, else limit. */
static uint64_t next_start(const mbc_op *op, uint32_t r, uint32_t b, uint64_t limit)
{
	for (; r < op->nregions; r++, b = 0)
		for (; b < op->regions[r].nblocks; b++)
			if (op->regions[r].blocks[b].nops)
				return op->regions[r].blocks[b].ops[0].off;
	return limit;
}

static bcx_status add_op(bcx_explore *e, uint32_t parent, const mbc_op *op, uint64_t end,
			 bcx_diag *d)
{
	bcx_mlirbc_module *m = MOD(e);
	const char *name = op->name < m->nopnames ? m->opnames[op->name].full : "<op>";
	uint32_t n;
	/* the op as a number too: expanding it decodes into it */
	BCX_TRY(xp_add(e, parent, "op", name, op->off, end, (xp_ref){op, (uintptr_t)op}, &n, d));
	if (op->lazy) {
		e->nodes[n].lazy = true;
		return BCX_OK;
	}
	return add_regions(e, n, op, end, d);
}

static bcx_status add_block(bcx_explore *e, uint32_t parent, const mbc_block *b, uint64_t limit,
			    bcx_diag *d)
{
	for (uint32_t i = 0; i < b->nops; i++) {
		uint64_t end = i + 1 < b->nops ? b->ops[i + 1].off : limit;
		BCX_TRY(add_op(e, parent, &b->ops[i], end, d));
	}
	return BCX_OK;
}

/* Nesting is bounded by the reader's depth limit (MBC_MAX_DEPTH). */
static bcx_status add_regions(bcx_explore *e, uint32_t parent, const mbc_op *op, uint64_t limit,
			      bcx_diag *d)
{
	for (uint32_t r = 0; r < op->nregions; r++) {
		const mbc_region *reg = &op->regions[r];
		uint32_t under = parent;
		if (op->nregions > 1) {
			uint64_t b = next_start(op, r, 0, limit), end = next_start(op, r + 1, 0, limit);
			BCX_TRY(xp_addf(e, parent, "region", b, end, (xp_ref){reg, r}, &under, d,
					"region #%u", r));
		}
		for (uint32_t k = 0; k < reg->nblocks; k++) {
			uint64_t end = next_start(op, r, k + 1, limit);
			uint32_t blk = under;
			if (reg->nblocks > 1) {
				uint64_t b = next_start(op, r, k, limit);
				BCX_TRY(xp_addf(e, under, "block", b, end, (xp_ref){&reg->blocks[k], k},
						&blk, d, "^bb%u", k));
			}
			BCX_TRY(add_block(e, blk, &reg->blocks[k], end, d));
		}
	}
	return BCX_OK;
}

static bcx_status open_mlirbc(bcx_explore *e, bcx_diag *d)
{
	bcx_mlirbc_module *m = NULL;
	BCX_TRY(bcx_mlirbc_open(e->data, e->size, e->alloc, &m, d));
	e->state = m;
	uint64_t first = e->size;
	for (unsigned k = 0; k < m->nsec; k++)
		if (m->sec[m->sec_order[k]].hdr < first)
			first = m->sec[m->sec_order[k]].hdr;
	BCX_TRY(xp_addf(e, 0, "header", 0, first, (xp_ref){0}, NULL, d, "header (version %llu)",
			(unsigned long long)m->version));
	for (unsigned k = 0; k < m->nsec; k++) {
		unsigned id = m->sec_order[k];
		const mbc_section *s = &m->sec[id];
		uint32_t n;
		BCX_TRY(xp_addf(e, 0, "section", s->hdr, s->off + s->len, (xp_ref){NULL, id}, &n, d,
				"section %s (%llu bytes)", mbc_section_names[id],
				(unsigned long long)s->len));
		if (id == MBC_SEC_IR)
			BCX_TRY(add_op(e, n, &m->root, s->off + s->len, d));
	}
	return BCX_OK;
}

static bcx_status expand_mlirbc(bcx_explore *e, uint32_t node, bcx_diag *d)
{
	mbc_op *op = (mbc_op *)(uintptr_t)e->refs[node].i;
	BCX_TRY(mbc_materialize(MOD(e), op, d));
	return add_regions(e, node, op, e->nodes[node].end, d);
}

static void op_line(void *ctx, const mbc_op *op, size_t pending)
{
	xp_op_span(ctx, op, pending);
}

/* The whole module's text, every op linked: the isolated regions are
 * expanded first, so that their ops have nodes (and stay decoded). */
static bcx_status text_mlirbc(bcx_explore *e, uint32_t node, bcx_diag *d)
{
	(void)node;
	for (size_t i = 0; i < e->n_nodes; i++) /* expanding appends: the loop sees them */
		BCX_TRY(bcx_explore_expand(e, i, d));
	xp_op_map t;
	bcx_status s = xp_op_map_build(&t, e, d);
	if (s == BCX_OK) {
		bcx_sink sink = xp_text_sink(e);
		s = mbc_print_generic_hooked(MOD(e), 0, &sink, op_line, &t, d);
		if (s == BCX_OK && t.status != BCX_OK)
			s = bcx_nomem(d);
	}
	xp_op_map_free(&t);
	return s;
}

static bcx_status check_mlirbc(bcx_explore *e, bcx_diag *d)
{
	bcx_diag ld;
	bcx_diag_clear(&ld);
	bcx_status s = bcx_mlirbc_load_all(MOD(e), &ld);
	if (s == BCX_OK)
		return BCX_OK;
	if (s == BCX_ERR_NOMEM)
		return bcx_nomem(d);
	return xp_finding(e, ld.offset, false, false, ld.message, ld.context, d);
}

static void close_mlirbc(bcx_explore *e)
{
	bcx_mlirbc_close(MOD(e));
}

const xp_format xp_mlirbc = {"mlirbc", sniff, open_mlirbc, expand_mlirbc, text_mlirbc,
			     check_mlirbc, close_mlirbc};
