/* The allocation-failure sweep (as Lua's ltests and SQLite's malloc tests
 * do it): each scenario runs once with an allocator that counts, then once
 * for every allocation k with an allocator that fails the k-th request.
 * Each run must end in BCX_ERR_NOMEM (never another status: a full heap
 * is not bad input) or in BCX_OK with every byte of output the same as
 * without a failure (an allocation that only speeds things up may fail),
 * and every byte allocated must be freed again. */
#ifndef BCX_TEST_SWEEP_H
#define BCX_TEST_SWEEP_H

#include "bcx/core.h"

#include <stddef.h>
#include <stdint.h>

/* A scenario: the work, with the allocator to use and its output going to
 * out; its status. */
typedef bcx_status (*scenario_fn)(const bcx_allocator *a, const void *arg, const bcx_sink *out);

/* Run fn failing each allocation in turn (see above). */
void sweep(const char *name, scenario_fn fn, const void *arg);
/* Run fn with its output failing at each write in turn: the failure must
 * come back as BCX_ERR_IO, with everything freed. */
void sink_sweep(const char *name, scenario_fn fn, const void *arg);

typedef struct bytes {
	uint8_t *p;
	size_t n;
} bytes;

/* examples/NAME read whole into b (malloc'd); false (a failed check) when
 * it cannot be read. */
bool load_example(const char *name, bytes *b);
/* The bytes a scenario writes, made with the default allocator (malloc'd;
 * empty, with a failed check, when the scenario fails). */
bytes made(scenario_fn fn, const void *arg);
/* The whole buffer to the sink, or the buffer's failure (a writer that
 * ran out of memory leaves it in the buffer's status). */
bcx_status buf_to_sink(const bcx_buf *b, bcx_status s, const bcx_sink *sinkp);

/* ---- Scenarios more than one program runs (scenarios.c) ---- */

typedef struct bcx_tileir_builder bcx_tileir_builder;
/* The bytes a builder writes, to the sink (when s is still OK); frees b. */
bcx_status builder_bytes(bcx_tileir_builder *b, bcx_status s, const bcx_sink *sinkp);
/* Tile IR text (arg) assembled: the bytes. */
bcx_status tileir_assemble_bytes(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp);
/* MLIR generic text (arg) assembled: the bytes. */
bcx_status mlirbc_assemble(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp);

#endif
