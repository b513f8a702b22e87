/* A counting allocator for fuzz targets: the library's memory use must be
 * bounded by a small multiple of the input size, so targets pass this and
 * check the peak of live bytes. Not thread-safe (one per call). */
#ifndef BCX_FUZZ_PEAK_ALLOC_H
#define BCX_FUZZ_PEAK_ALLOC_H

#include "bcx/core.h"

#include <stdlib.h>

typedef struct peak_alloc {
	size_t live, peak;
	bcx_allocator a;
} peak_alloc;

static void *peak_fn(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
	peak_alloc *p = ctx;
	if (new_size == 0) {
		free(ptr);
		p->live -= old_size;
		return NULL;
	}
	void *q = realloc(ptr, new_size);
	if (!q)
		return NULL;
	p->live = p->live - old_size + new_size;
	if (p->live > p->peak)
		p->peak = p->live;
	return q;
}

static inline void peak_init(peak_alloc *p)
{
	p->live = p->peak = 0;
	p->a.fn = peak_fn;
	p->a.ctx = p;
}

/* 128 bytes per input byte (the factor the Tile IR robustness test uses)
 * plus 256 KiB for tables whose size does not depend on the input (the
 * bitstream analyzer builds about 84 KB of them per run). */
static inline bool peak_ok(const peak_alloc *p, size_t input_size)
{
	return p->peak <= 128 * input_size + 262144;
}

#endif
