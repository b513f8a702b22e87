/* The tree: every block, abbreviation definition and record of a file,
 * with the abbreviation each record used, the code widths, the wrapper
 * header and the bytes around the payload - enough to write the file
 * back byte for byte (tree_write.c). The tree keeps the reader (and so its
 * arena, which holds the abbreviation definitions) alive. */
#include "internal.h"

struct bcx_bs_tree {
	bcx_bs_reader *r;         /* owns the arena and the definitions */
	const bcx_allocator *alloc;
	uint8_t *prefix;          /* bytes before the payload (wrapper header) */
	size_t prefix_len;
	uint8_t *tail;            /* bytes after the payload (wrapper padding) */
	size_t tail_len;
	size_t payload_len;
	uint32_t magic;
	bcx_bs_node *top;
	size_t budget;            /* bytes the arena may still grow by */
};

typedef struct tree_level {
	bcx_bs_node *block;       /* NULL at top level */
	bcx_bs_node **tail;       /* where the next sibling goes */
	bool in_blockinfo;        /* the block is a child of a BLOCKINFO block */
	uint64_t end_bit;         /* where its length word says it ends */
} tree_level;

static void *talloc(bcx_bs_tree *t, size_t n)
{
	size_t fp = bcx_arena_footprint(t->r->arena);
	if (fp > t->budget || n > t->budget - fp)
		return NULL;
	return bcx_arena_alloc(t->r->arena, n);
}

static bcx_status limit(bcx_bs_tree *t, uint64_t at)
{
	size_t fp = bcx_arena_footprint(t->r->arena);
	if (fp <= t->budget)
		return bs_fail(t->r, at, BCX_ERR_NOMEM, "out of memory");
	return bs_fail(t->r, at, BCX_ERR_LIMIT,
		       "decoded tree would exceed %zu bytes (a bound of 64 times the input)",
		       t->budget);
}

static bcx_bs_node *new_node(bcx_bs_tree *t, tree_level *lv, bcx_bs_node_kind kind)
{
	bcx_bs_node *n = talloc(t, sizeof *n);
	if (!n)
		return NULL;
	memset(n, 0, sizeof *n);
	n->kind = kind;
	*lv->tail = n;
	lv->tail = &n->next;
	return n;
}

static bcx_status add_record(bcx_bs_tree *t, tree_level *lv, const bcx_bs_entry *e)
{
	bcx_bs_record rec;
	if (bcx_bs_read_record(t->r, e, &rec) != BCX_OK)
		return t->r->bc.status;
	bcx_bs_node *n = new_node(t, lv, BCX_BS_NODE_RECORD);
	uint64_t *ops = rec.nops ? talloc(t, rec.nops * sizeof *ops) : NULL;
	uint8_t *blob = rec.blob_len ? talloc(t, rec.blob_len) : NULL;
	if (!n || (rec.nops && !ops) || (rec.blob_len && !blob))
		return limit(t, e->bit_pos);
	if (rec.nops)
		memcpy(ops, rec.ops, rec.nops * sizeof *ops);
	if (rec.blob_len)
		memcpy(blob, rec.blob, rec.blob_len);
	n->abbrev_id = e->abbrev_id;
	n->abbrev = rec.abbrev;
	n->code = rec.code;
	n->ops = ops;
	n->nops = rec.nops;
	n->blob = blob;
	n->blob_len = rec.blob_len;
	n->has_blob = rec.has_blob;
	return BCX_OK;
}

static bcx_status add_block(bcx_bs_tree *t, tree_level *lv, const bcx_bs_entry *e)
{
	bcx_bs_reader *r = t->r;
	if (e->block_id == 0 && bcx_bs_read_blockinfo(r) != BCX_OK)
		return r->bc.status;
	unsigned width;
	uint32_t words;
	if (bcx_bs_enter_block(r, &width, &words) != BCX_OK)
		return r->bc.status;
	bcx_bs_node *n = new_node(t, lv, BCX_BS_NODE_BLOCK);
	if (!n)
		return limit(t, e->bit_pos);
	n->block_id = e->block_id;
	n->code_width = width;
	n->num_words = words;
	lv[1].block = n;
	lv[1].tail = &n->children;
	lv[1].in_blockinfo = lv[0].block && lv[0].block->block_id == 0;
	lv[1].end_bit = r->bc.pos + (uint64_t)words * 32;
	return BCX_OK;
}

/*
 * The BLOCKINFO pass (bcx_bs_read_blockinfo, like LLVM's) skips a nested
 * block by its length word; the walk reads the block through. When the two
 * disagree, the pass saw other bits than the tree holds, and a copy (which
 * writes the true length) would build another BLOCKINFO table or be
 * refused: found by fuzzing (fuzz/corpus/bitstream_read/
 * regress_blockinfo_nested_length.bc). The analyzer, like llvm-bcanalyzer,
 * still accepts such a file; the tree refuses what it cannot copy.
 */
static bcx_status check_end(bcx_bs_tree *t, const tree_level *lv, uint64_t at)
{
	if (!lv->in_blockinfo || t->r->bc.pos == lv->end_bit)
		return BCX_OK;
	return bs_fail(t->r, at, BCX_ERR_MALFORMED,
		       "block %u inside BLOCKINFO ends at bit %llu, but its length word says "
		       "bit %llu (the BLOCKINFO pass would read other bits)",
		       lv->block->block_id, (unsigned long long)t->r->bc.pos,
		       (unsigned long long)lv->end_bit);
}

static bcx_status walk(bcx_bs_tree *t)
{
	bcx_bs_reader *r = t->r;
	tree_level lv[BCX_BS_MAX_DEPTH + 2];
	lv[0].block = NULL;
	lv[0].tail = &t->top;
	lv[0].in_blockinfo = false;
	for (;;) {
		bcx_bs_entry e;
		unsigned d = r->depth;
		if (bcx_bs_next(r, &e) != BCX_OK)
			return r->bc.status;
		bcx_status s = BCX_OK;
		switch (e.kind) {
		case BCX_BS_ENTRY_EOF:
			return BCX_OK;
		case BCX_BS_ENTRY_SUBBLOCK:
			s = add_block(t, &lv[d], &e);
			break;
		case BCX_BS_ENTRY_END_BLOCK:
			s = check_end(t, &lv[d], e.bit_pos);
			break;
		case BCX_BS_ENTRY_ABBREV: {
			bcx_bs_node *n = new_node(t, &lv[d], BCX_BS_NODE_ABBREV);
			if (!n)
				return limit(t, e.bit_pos);
			n->abbrev = e.abbrev;
			break;
		}
		case BCX_BS_ENTRY_RECORD:
			s = add_record(t, &lv[d], &e);
			break;
		}
		if (s != BCX_OK)
			return s;
	}
}

static bool keep_bytes(bcx_bs_tree *t, const uint8_t *p, size_t n, uint8_t **out)
{
	*out = NULL;
	if (!n)
		return true;
	*out = (uint8_t *)bcx_arena_memdup(t->r->arena, p, n);
	return *out != NULL;
}

bcx_status bcx_bs_tree_read(bcx_bs_tree **out, const void *data, size_t size,
			    const bcx_allocator *a, bcx_diag *diag)
{
	*out = NULL;
	bcx_bs_tree *t = bcx_alloc(a, sizeof *t);
	if (!t)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	memset(t, 0, sizeof *t);
	t->alloc = a;
	bcx_status s = bcx_bs_reader_new(&t->r, data, size, a, diag);
	if (s != BCX_OK) {
		bcx_free(a, t, sizeof *t);
		return s;
	}
	bcx_bs_reader *r = t->r;
	t->budget = size > SIZE_MAX / 64 - (1u << 20) ? SIZE_MAX : size * 64 + (1u << 20);
	t->magic = r->magic;
	t->payload_len = r->payload_size;
	size_t before = (size_t)(r->payload - (const uint8_t *)data);
	size_t after = size - before - r->payload_size;
	if (!keep_bytes(t, data, before, &t->prefix) ||
	    !keep_bytes(t, r->payload + r->payload_size, after, &t->tail))
		s = bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	t->prefix_len = before;
	t->tail_len = after;
	if (s == BCX_OK)
		s = walk(t);
	if (s != BCX_OK) {
		bcx_bs_tree_free(t);
		return s;
	}
	*out = t;
	return BCX_OK;
}

void bcx_bs_tree_free(bcx_bs_tree *t)
{
	if (!t)
		return;
	bcx_bs_reader_free(t->r);
	bcx_free(t->alloc, t, sizeof *t);
}

const bcx_bs_node *bcx_bs_tree_top(const bcx_bs_tree *t) { return t->top; }

/* ---- writing ---- */

static void write_nodes(bcx_bs_writer *w, const bcx_bs_node *n, unsigned depth)
{
	for (; n; n = n->next) {
		switch (n->kind) {
		case BCX_BS_NODE_BLOCK:
			bcx_bsw_enter_block(w, n->block_id, n->code_width);
			if (depth < BCX_BS_MAX_DEPTH)
				write_nodes(w, n->children, depth + 1);
			bcx_bsw_end_block(w);
			break;
		case BCX_BS_NODE_ABBREV:
			(void)bcx_bsw_define_abbrev(w, n->abbrev);
			break;
		case BCX_BS_NODE_RECORD:
			bcx_bsw_record_with(w, n->abbrev_id, n->abbrev, n->code, n->ops, n->nops,
					    n->has_blob ? (n->blob ? n->blob : (const uint8_t *)"") : NULL,
					    n->blob_len);
			break;
		}
	}
}

/* The payload may end inside its last word (possible in a wrapper): the
 * writer always completes the word, so cut it back to the original size
 * when the extra bytes are zero. */
bcx_status bcx_bs_tree_write(const bcx_bs_tree *t, bcx_buf *out, bcx_diag *diag)
{
	bcx_bs_writer *w;
	if (bcx_bsw_new(&w, t->alloc) != BCX_OK)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	bcx_bsw_magic(w, t->magic);
	write_nodes(w, t->top, 0);
	size_t start = out->len;
	bcx_buf_put_bytes(out, t->prefix, t->prefix_len);
	size_t payload_at = out->len;
	bcx_status s = bcx_bsw_finish(w, out, diag);
	bcx_bsw_free(w);
	if (s != BCX_OK)
		return s;
	size_t len = out->len - payload_at;
	if (len > t->payload_len && len - t->payload_len < 4) {
		bool zero = true;
		for (size_t i = payload_at + t->payload_len; i < out->len; i++)
			zero &= out->data[i] == 0;
		if (zero)
			out->len = payload_at + t->payload_len;
	}
	len = out->len - payload_at;
	if (t->prefix_len >= BCX_BS_WRAPPER_SIZE && len <= UINT32_MAX)
		bcx_buf_patch_u32le(out, start + 12, (uint32_t)len);
	bcx_buf_put_bytes(out, t->tail, t->tail_len);
	if (out->status != BCX_OK)
		return bcx_diag_set(diag, out->status, -1, "output buffer: %s",
				    bcx_status_str(out->status));
	return BCX_OK;
}
