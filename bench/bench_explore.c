/*
 * Explorer benchmark (bcx/explore.h) on one file, as the browser page uses
 * it: open (the tree down to the lazy function bodies), the node under a
 * byte in the middle (which decodes that body), the text of that function
 * with its spans, and the verifier over every body. CPU time of this
 * process, median of REPS runs, each on a fresh handle.
 * Usage: bench_explore FILE [REPS]
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "bcx/explore.h"
#include "common/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

enum { OPEN, FIND, TEXT, CHECK, STEPS };
static const char *const names[STEPS] = {"open (tables, lazy functions)",
					 "node under the middle byte", "text of its function",
					 "verify every body"};

static bool run(const uint8_t *data, size_t size, double t[STEPS], size_t *nodes)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_explore *e = NULL;
	double t0 = cpu_now();
	if (bcx_explore_open(data, size, NULL, &e, &d) != BCX_OK) {
		fprintf(stderr, "bench_explore: %s\n", d.message);
		return false;
	}
	double t1 = cpu_now();
	*nodes = bcx_explore_node_count(e);
	size_t at = 0, nf = 0;
	bcx_explore_text text;
	bool ok = bcx_explore_find(e, size / 2, &at, &d) == BCX_OK;
	double t2 = cpu_now();
	ok = ok && bcx_explore_get_text(e, at, &text, &d) == BCX_OK;
	double t3 = cpu_now();
	ok = ok && bcx_explore_check(e, &nf, &d) == BCX_OK;
	double t4 = cpu_now();
	bcx_explore_close(e);
	t[OPEN] = t1 - t0, t[FIND] = t2 - t1, t[TEXT] = t3 - t2, t[CHECK] = t4 - t3;
	if (!ok)
		fprintf(stderr, "bench_explore: %s\n", d.message);
	return ok;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench_explore FILE [REPS]\n");
		return 2;
	}
	int reps = argc > 2 ? atoi(argv[2]) : 7;
	reps = reps < 1 ? 1 : reps > 101 ? 101 : reps;
	uint8_t *data;
	size_t size, nodes = 0;
	bcx_diag d;
	bcx_diag_clear(&d);
	if (bcx_file_read(argv[1], NULL, 0, &data, &size, &d) != BCX_OK) {
		fprintf(stderr, "bench_explore: %s\n", d.message);
		return 1;
	}
	double t[101][STEPS];
	for (int r = 0; r < reps; r++)
		if (!run(data, size, t[r], &nodes))
			return 1;
	printf("file: %s, %zu bytes; %zu nodes after open; CPU time, median of %d\n", argv[1],
	       size, nodes, reps);
	for (int s = 0; s < STEPS; s++) {
		double v[101];
		for (int r = 0; r < reps; r++)
			v[r] = t[r][s];
		qsort(v, (size_t)reps, sizeof v[0], cmp);
		printf("  %-32s %9.3f ms\n", names[s], v[reps / 2] * 1e3);
	}
	bcx_free(NULL, data, size);
	return 0;
}
