/* LLVM bitstreams in the explorer: blocks, abbreviation definitions and
 * records as the bitstream cursor meets them, each with its bit range in
 * the file (a wrapper header's bytes are counted in). The text is the
 * analyzer's dump; a failed read stops the tree where it failed, and the
 * check reports it. */
#include "explore/explore.h"

#include "bcx/bitstream.h"

#include <stdio.h>

typedef struct bs_walk {
	bcx_explore *e;
	bcx_bs_reader *r;
	uint64_t base;   /* bits before the payload (the wrapper header) */
	bcx_diag *d;
} bs_walk;

static bool sniff(const uint8_t *data, size_t size)
{
	return bcx_bs_sniff(data, size);
}

static void name_of(char *dst, size_t n, bcx_bs_name nm, const char *what, uint32_t id)
{
	if (nm.s)
		snprintf(dst, n, "%.*s", (int)(nm.len < 80 ? nm.len : 80), nm.s);
	else
		snprintf(dst, n, "%s %u", what, id);
}

static bcx_status walk_block(bs_walk *w, uint32_t parent, uint32_t block_id, unsigned depth);

static bcx_status add_subblock(bs_walk *w, uint32_t parent, const bcx_bs_entry *en,
			       unsigned depth)
{
	bcx_explore *e = w->e;
	if (en->block_id == 0)
		BCX_TRY(bcx_bs_read_blockinfo(w->r));
	char label[96];
	name_of(label, sizeof label, bcx_bs_block_name(w->r, en->block_id), "block", en->block_id);
	uint32_t n;
	BCX_TRY(xp_add(e, parent, "block", label, w->base + en->bit_pos, w->base + en->bit_pos,
		       (xp_ref){NULL, en->block_id}, &n, w->d));
	BCX_FAIL_IF(depth >= e->limits.max_depth, w->d, BCX_ERR_LIMIT, -1,
		    "blocks nested deeper than %u", e->limits.max_depth);
	bcx_status s = bcx_bs_enter_block(w->r, NULL, NULL);
	if (s == BCX_OK)
		s = walk_block(w, n, en->block_id, depth + 1);
	/* where the block ended, or where reading it failed: past every
	 * child read */
	uint64_t at = w->base + bcx_bs_reader_bitpos(w->r);
	if (at > e->nodes[n].end)
		e->nodes[n].end = at;
	return s;
}

static bcx_status add_record(bs_walk *w, uint32_t parent, uint32_t block_id,
			     const bcx_bs_entry *en)
{
	bcx_bs_record rec;
	BCX_TRY(bcx_bs_read_record(w->r, en, &rec));
	char label[128];
	name_of(label, sizeof label, bcx_bs_record_name(w->r, block_id, rec.code), "record",
		rec.code);
	return xp_addf(w->e, parent, "record", w->base + en->bit_pos, w->base + rec.end_bit,
		       (xp_ref){NULL, rec.code}, NULL, w->d, "%s (%zu ops)", label, rec.nops);
}

/* Entries until the block (or, at the top, the stream) ends. */
static bcx_status walk_block(bs_walk *w, uint32_t parent, uint32_t block_id, unsigned depth)
{
	for (;;) {
		bcx_bs_entry en;
		BCX_TRY(bcx_bs_next(w->r, &en));
		switch (en.kind) {
		case BCX_BS_ENTRY_EOF:
		case BCX_BS_ENTRY_END_BLOCK:
			return BCX_OK;
		case BCX_BS_ENTRY_SUBBLOCK:
			BCX_TRY(add_subblock(w, parent, &en, depth));
			break;
		case BCX_BS_ENTRY_ABBREV:
			BCX_TRY(xp_add(w->e, parent, "abbrev", "DEFINE_ABBREV", w->base + en.bit_pos,
				       w->base + bcx_bs_reader_bitpos(w->r), (xp_ref){0}, NULL, w->d));
			break;
		case BCX_BS_ENTRY_RECORD:
			BCX_TRY(add_record(w, parent, block_id, &en));
			break;
		}
	}
}

static bcx_status open_bitstream(bcx_explore *e, bcx_diag *d)
{
	bcx_bs_reader *r = NULL;
	BCX_TRY(bcx_bs_reader_new(&r, e->data, e->size, e->alloc, d));
	e->state = r;
	size_t psize;
	const uint8_t *payload = bcx_bs_reader_payload(r, &psize);
	bcx_diag wd;
	bcx_diag_clear(&wd);
	bs_walk w = {e, r, (uint64_t)(payload - e->data) * 8, &wd};
	e->nodes[0].bits = true;
	e->nodes[0].end = (uint64_t)e->size * 8;
	if (w.base)
		BCX_TRY(xp_add(e, 0, "header", "wrapper header", 0, w.base, (xp_ref){0}, NULL, d));
	BCX_TRY(xp_add(e, 0, "header", "magic", w.base, w.base + 32, (xp_ref){0}, NULL, d));
	bcx_status s = walk_block(&w, 0, 0, 0);
	/* The reader is kept for names only; a failed walk keeps what it
	 * found, and the check reports the failure. */
	return s == BCX_ERR_NOMEM ? bcx_nomem(d) : BCX_OK;
}

static bcx_status text_bitstream(bcx_explore *e, uint32_t node, bcx_diag *d)
{
	(void)node;
	bcx_bs_analyze_options o = BCX_OPTIONS_INIT(bcx_bs_analyze_options);
	o.dump = true;
	o.no_histogram = true;
	bcx_sink sink = xp_text_sink(e);
	bcx_diag ad;
	bcx_diag_clear(&ad);
	bcx_status s = bcx_bs_analyze(e->data, e->size, &o, &sink, e->alloc, &ad);
	/* A malformed stream's text up to the failure is still its text. */
	return s == BCX_ERR_NOMEM ? bcx_nomem(d) : BCX_OK;
}

static bcx_status check_bitstream(bcx_explore *e, bcx_diag *d)
{
	bcx_bs_tree *t = NULL;
	bcx_diag td;
	bcx_diag_clear(&td);
	bcx_status s = bcx_bs_tree_read(&t, e->data, e->size, e->alloc, &td);
	bcx_bs_tree_free(t);
	if (s == BCX_OK)
		return BCX_OK;
	if (s == BCX_ERR_NOMEM)
		return bcx_nomem(d);
	return xp_finding(e, td.offset, td.is_bit_offset, false, td.message, td.context, d);
}

static void close_bitstream(bcx_explore *e)
{
	bcx_bs_reader_free(e->state);
}

const xp_format xp_bitstream = {"llvm-bitstream", sniff, open_bitstream, NULL, text_bitstream,
				check_bitstream, close_bitstream};
