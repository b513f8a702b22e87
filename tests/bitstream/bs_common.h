/* Helpers shared by the bitstream tests. */
#ifndef BCX_TEST_BS_COMMON_H
#define BCX_TEST_BS_COMMON_H

#include "testutil.h"
#include "bcx/bitstream.h"

/* A sink that appends to a bcx_buf (ctx) or drops everything (ctx NULL). */
bcx_status bs_sink_write(void *ctx, const void *p, size_t n);

/* Analyze into buf; returns the status. */
bcx_status bs_analyze_buf(const uint8_t *data, size_t size, const bcx_bs_analyze_options *o,
			  bcx_buf *buf, bcx_diag *d);

/* A failure must be clean: the diag holds the same code, a message and a
 * (bit) offset. */
void bs_check_clean_error(bcx_status s, const bcx_diag *d, const char *what);

/* Everything a damaged input may go through: every analyzer mode, the
 * tree, and (when the tree decodes) the re-encoding round trip. */
void bs_stress_one(const uint8_t *data, size_t size);

#endif
