#define _POSIX_C_SOURCE 200809L
/* The sweep's harness (sweep.h): the counting, failing allocator and sink. */
#include "sweep.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct counter {
	unsigned long calls;    /* allocations and growths seen */
	unsigned long fail_at;  /* the call that fails (0: none) */
	bool failed;            /* that call came */
	long long live;         /* bytes allocated and not freed */
} counter;

static void *count_alloc(void *ctx, void *ptr, size_t old, size_t n)
{
	counter *c = ctx;
	if (n == 0) {
		c->live -= (long long)old;
		free(ptr);
		return NULL;
	}
	if (n > old && ++c->calls == c->fail_at) {
		c->failed = true;
		return NULL;
	}
	void *p = realloc(ptr, n);
	if (p)
		c->live += (long long)n - (long long)old;
	return p;
}

/* Every byte of a scenario's output, hashed (FNV-1a). */
static bcx_status hash_bytes(void *ctx, const void *p, size_t n)
{
	uint64_t *h = ctx;
	for (size_t i = 0; i < n; i++)
		*h = (*h ^ ((const uint8_t *)p)[i]) * 0x100000001b3ull;
	return BCX_OK;
}


void sweep(const char *name, scenario_fn fn, const void *arg)
{
	counter c = {0};
	bcx_allocator a = {count_alloc, &c};
	uint64_t want = 0xcbf29ce484222325ull, got;
	bcx_sink out = {hash_bytes, &want};
	bcx_status s = fn(&a, arg, &out);
	if (!T_CHECKF(s == BCX_OK, "%s: status %d without a failure", name, s) ||
	    !T_CHECKF(c.live == 0, "%s: %lld bytes leaked without a failure", name, c.live))
		return;
	unsigned long total = c.calls, bad = 0;
	for (unsigned long k = 1; k <= total && bad < 5; k++) {
		c = (counter){.fail_at = k};
		got = 0xcbf29ce484222325ull;
		out.ctx = &got;
		s = fn(&a, arg, &out);
		bool ok = s == BCX_ERR_NOMEM ? c.failed : s == BCX_OK && got == want;
		bad += !T_CHECKF(ok, "%s: allocation %lu of %lu failed: status %d (%s)%s", name, k,
				 total, s, bcx_status_str(s),
				 s == BCX_OK ? ", output differs" : "");
		bad += !T_CHECKF(c.live == 0, "%s: allocation %lu failed: %lld bytes leaked", name,
				 k, c.live);
	}
	printf("%s: %lu allocations, each made to fail\n", name, total);
}

/* A sink that fails its k-th write (0: none), counting the writes. */
typedef struct failing_sink {
	unsigned long writes, fail_at;
} failing_sink;

static bcx_status failing_write(void *ctx, const void *p, size_t n)
{
	failing_sink *f = ctx;
	(void)p;
	(void)n;
	return ++f->writes == f->fail_at ? BCX_ERR_IO : BCX_OK;
}

void sink_sweep(const char *name, scenario_fn fn, const void *arg)
{
	counter c = {0};
	bcx_allocator a = {count_alloc, &c};
	failing_sink f = {0};
	bcx_sink out = {failing_write, &f};
	if (!T_CHECKF(fn(&a, arg, &out) == BCX_OK, "%s: fails without a failing write", name))
		return;
	unsigned long total = f.writes, bad = 0;
	for (unsigned long k = 1; k <= total && bad < 5; k++) {
		c = (counter){0};
		f = (failing_sink){.fail_at = k};
		bcx_status s = fn(&a, arg, &out);
		bad += !T_CHECKF(s == BCX_ERR_IO, "%s: write %lu of %lu failed: status %d (%s)",
				 name, k, total, s, bcx_status_str(s));
		bad += !T_CHECKF(c.live == 0, "%s: write %lu failed: %lld bytes leaked", name, k,
				 c.live);
	}
	printf("%s: %lu writes, each made to fail\n", name, total);
}




bool load_example(const char *name, bytes *b)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", BCX_EXAMPLES_DIR, name);
	FILE *f = fopen(path, "rb");
	b->p = NULL;
	b->n = 0;
	if (!T_CHECKF(f != NULL, "cannot open %s", path))
		return false;
	uint8_t chunk[4096];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
		uint8_t *p = realloc(b->p, b->n + k);
		if (!p)
			break;
		memcpy(p + b->n, chunk, k);
		b->p = p;
		b->n += k;
	}
	fclose(f);
	return T_CHECKF(b->n > 0, "%s is empty", path);
}

bytes made(scenario_fn fn, const void *arg)
{
	bytes b = {0};
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink to = {bcx_buf_sink_write, &out};
	if (T_CHECK(fn(NULL, arg, &to) == BCX_OK) && T_CHECK(out.status == BCX_OK)) {
		b.p = out.data; /* the buffer's memory, taken over */
		b.n = out.len;
		return b;
	}
	bcx_buf_free(&out);
	return b;
}

bcx_status buf_to_sink(const bcx_buf *b, bcx_status s, const bcx_sink *sinkp)
{
	if (s == BCX_OK)
		s = b->status;
	return s == BCX_OK ? sinkp->write(sinkp->ctx, b->data, b->len) : s;
}
