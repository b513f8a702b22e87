/* Helpers shared by the bitstream tests. */
#include "bs_common.h"

#include <stdlib.h>
#include <string.h>

bcx_status bs_sink_write(void *ctx, const void *p, size_t n)
{
	return bcx_buf_sink_write(ctx, p, n);
}

bcx_status bs_analyze_buf(const uint8_t *data, size_t size, const bcx_bs_analyze_options *o,
			  bcx_buf *buf, bcx_diag *d)
{
	bcx_sink sink = {bs_sink_write, buf};
	return bcx_bs_analyze(data, size, o, &sink, NULL, d);
}

void bs_check_clean_error(bcx_status s, const bcx_diag *d, const char *what)
{
	if (s == BCX_OK)
		return;
	T_CHECKF(d->code == s && d->message[0] && d->has_offset,
		 "%s: unclean error (status %d, diag code %d, '%s')", what, (int)s, (int)d->code,
		 d->message);
}

static void stress_analyze(const uint8_t *data, size_t size)
{
	static const bcx_bs_analyze_options modes[] = {
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f.bc", .dump = true},
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f.bc", .dump = true, .dump_blockinfo = true, .non_symbolic = true,
		 .show_binary_blobs = true},
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f.bc", .dump = true, .json = true},
		{.size = sizeof(bcx_bs_analyze_options), .filename = "f.bc", .no_histogram = true},
	};
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_sink sink = {bs_sink_write, NULL};
		bcx_status s = bcx_bs_analyze(data, size, &modes[i], &sink, NULL, &d);
		bs_check_clean_error(s, &d, "analyze");
	}
}

/* decode -> write -> decode -> write gives the same bytes twice. */
static void stress_tree(const uint8_t *data, size_t size)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	bcx_status s = bcx_bs_tree_read(&t, data, size, NULL, &d);
	bs_check_clean_error(s, &d, "tree");
	if (s != BCX_OK)
		return;
	bcx_buf a, b;
	bcx_buf_init(&a, NULL);
	bcx_buf_init(&b, NULL);
	s = bcx_bs_tree_write(t, &a, &d);
	bcx_bs_tree_free(t);
	t = NULL;
	if (T_CHECKF(s == BCX_OK, "re-encoding a decoded tree failed: %s", d.message) &&
	    T_CHECK(bcx_bs_tree_read(&t, a.data, a.len, NULL, &d) == BCX_OK)) {
		T_CHECK(bcx_bs_tree_write(t, &b, &d) == BCX_OK);
		T_EQ_MEM(a.data, a.len, b.data, b.len);
	}
	bcx_bs_tree_free(t);
	bcx_buf_free(&a);
	bcx_buf_free(&b);
}

void bs_stress_one(const uint8_t *data, size_t size)
{
	/* An exact-size copy so that ASan sees any read past the end. */
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy)
		return;
	memcpy(copy, data, size);
	stress_analyze(copy, size);
	stress_tree(copy, size);
	free(copy);
}
