/* Fuzz target: any bytes through the bitstream analyzer (every option) and
 * the tree. Properties: failures are clean (a diag with an offset), and a
 * tree that decodes re-encodes, decodes again and re-encodes to the same
 * bytes. */
#include "bcx/bitstream.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void drop(void *ctx, const char *p, size_t n)
{
	(void)ctx;
	(void)p;
	(void)n;
}

static void check(bool ok)
{
	if (!ok)
		abort();
}

static void analyze(const uint8_t *data, size_t size)
{
	static const bcx_bs_analyze_opts modes[] = {
		{.filename = "f", .dump = true, .dump_blockinfo = true, .non_symbolic = true,
		 .show_binary_blobs = true},
		{.filename = "f", .dump = true, .json = true},
		{.filename = "f"},
	};
	bcx_bs_sink sink = {drop, NULL};
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_status s = bcx_bs_analyze(data, size, &modes[i], &sink, NULL, &d);
		check(s == BCX_OK || (d.code == s && d.has_offset && d.message[0]));
	}
}

static void round_trip(const uint8_t *data, size_t size)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	if (bcx_bs_tree_read(&t, data, size, NULL, &d) != BCX_OK) {
		check(d.has_offset && d.message[0]);
		return;
	}
	bcx_buf a, b;
	bcx_buf_init(&a, NULL);
	bcx_buf_init(&b, NULL);
	check(bcx_bs_tree_write(t, &a, &d) == BCX_OK);
	bcx_bs_tree_free(t);
	t = NULL;
	check(bcx_bs_tree_read(&t, a.data, a.len, NULL, &d) == BCX_OK);
	check(bcx_bs_tree_write(t, &b, &d) == BCX_OK);
	check(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
	bcx_bs_tree_free(t);
	bcx_buf_free(&a);
	bcx_buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	analyze(data, size);
	round_trip(data, size);
	return 0;
}
