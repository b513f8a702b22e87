/* Fuzz target: any bytes through the bitstream analyzer (every option) and
 * the tree. Properties: failures are clean (a diag with an offset); a
 * tree that decodes re-encodes, decodes again to the same tree and
 * re-encodes to the same bytes; the analyzer accepts the copy of a file it
 * accepts; memory stays within the bound of peak_alloc.h. */
#include "bcx/bitstream.h"
#include "peak_alloc.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bcx_status drop(void *ctx, const void *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
	return BCX_OK;
}


static void check(bool ok)
{
	if (!ok)
		abort();
}

static void analyze(const uint8_t *data, size_t size)
{
	static const bcx_bs_analyze_options modes[] = {
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f", .dump = true, .dump_blockinfo = true, .non_symbolic = true,
		 .show_binary_blobs = true},
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f", .dump = true, .json = true},
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f"},
	};
	bcx_sink sink = {drop, NULL};
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		bcx_diag d;
		bcx_diag_clear(&d);
		peak_alloc pa;
		peak_init(&pa);
		bcx_status s = bcx_bs_analyze(data, size, &modes[i], &sink, &pa.a, &d);
		check(s == BCX_OK || (d.code == s && d.has_offset && d.message[0]));
		check(pa.live == 0 && peak_ok(&pa, size));
	}
}

/* The analyzer accepts a copy of a file it accepts. (Its text may differ:
 * a block's NumWords is printed as read, and the copy writes the true
 * length; the trees are compared instead.) */
static void copy_analyzes(const uint8_t *orig, size_t n_orig, const uint8_t *copy,
			  size_t n_copy)
{
	static const bcx_bs_analyze_options o = {.size = sizeof(bcx_bs_analyze_options), .filename = "f", .dump = true};
	bcx_sink sink = {drop, NULL};
	bcx_diag d;
	if (bcx_bs_analyze(orig, n_orig, &o, &sink, NULL, &d) == BCX_OK)
		check(bcx_bs_analyze(copy, n_copy, &o, &sink, NULL, &d) == BCX_OK);
}

static bool same_abbrev(const bcx_bs_abbrev *x, const bcx_bs_abbrev *y)
{
	if (!x || !y)
		return x == y;
	if (x->nops != y->nops || x->array_at != y->array_at)
		return false;
	for (uint32_t i = 0; i < x->nops; i++)
		if (x->ops[i].kind != y->ops[i].kind || x->ops[i].value != y->ops[i].value)
			return false;
	return true;
}

/* Two trees hold the same blocks, abbreviations and records (num_words
 * aside: see copy_analyzes). */
static void same_nodes(const bcx_bs_node *x, const bcx_bs_node *y)
{
	for (; x && y; x = x->next, y = y->next) {
		check(x->kind == y->kind && same_abbrev(x->abbrev, y->abbrev));
		if (x->kind == BCX_BS_NODE_BLOCK) {
			check(x->block_id == y->block_id && x->code_width == y->code_width);
			same_nodes(x->children, y->children);
		} else if (x->kind == BCX_BS_NODE_RECORD) {
			check(x->abbrev_id == y->abbrev_id && x->code == y->code);
			check(x->nops == y->nops && x->has_blob == y->has_blob);
			check(x->blob_len == y->blob_len);
			check(!x->nops || memcmp(x->ops, y->ops, x->nops * sizeof *x->ops) == 0);
			check(!x->blob_len || memcmp(x->blob, y->blob, x->blob_len) == 0);
		}
	}
	check(!x && !y);
}

static void round_trip(const uint8_t *data, size_t size)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	peak_alloc pa;
	peak_init(&pa);
	bcx_status s = bcx_bs_tree_read(&t, data, size, &pa.a, &d);
	check(peak_ok(&pa, size));
	if (s != BCX_OK) {
		check(d.has_offset && d.message[0] && pa.live == 0);
		return;
	}
	bcx_buf a, b;
	bcx_buf_init(&a, NULL);
	bcx_buf_init(&b, NULL);
	check(bcx_bs_tree_write(t, &a, &d) == BCX_OK);
	bcx_bs_tree *t0 = t;
	t = NULL;
	check(bcx_bs_tree_read(&t, a.data, a.len, NULL, &d) == BCX_OK);
	same_nodes(bcx_bs_tree_top(t0), bcx_bs_tree_top(t));
	bcx_bs_tree_free(t0);
	check(pa.live == 0);
	check(bcx_bs_tree_write(t, &b, &d) == BCX_OK);
	check(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
	bcx_bs_tree_free(t);
	copy_analyzes(data, size, a.data, a.len);
	bcx_buf_free(&a);
	bcx_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	analyze(data, size);
	round_trip(data, size);
	return 0;
}
