/*
 * The C side of bench/run_python.sh: open a Tile IR module from its file and
 * print one function in the custom form, as `bcx dis --function NAME` does,
 * RUNS times; prints the best and the median time of one run in
 * microseconds. Each run starts from the file (mapped, or read whole with
 * "read") and ends with everything freed, so the Python package, timed on
 * the same steps, is compared with what a C program pays.
 *
 * usage: bench_tileir_one FILE.tileirbc NAME [RUNS] [map|read]
 */
#define _POSIX_C_SOURCE 200809L
#include "bcx/tileir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* One run: file -> module -> one function's text -> freed. The text's
 * length, or 0 on failure (after a message). */
static size_t one_run(const char *path, const char *name, bool map)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_file_view v = {0};
	uint8_t *data = NULL;
	size_t size = 0, len = 0;
	bcx_status s = map ? bcx_file_map(path, 0, &v, &d)
			   : bcx_file_read(path, NULL, 0, &data, &size, &d);
	const uint8_t *p = map ? v.data : data;
	size = map ? v.size : size;
	bcx_tileir_module *m = NULL;
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	if (s == BCX_OK)
		s = bcx_tileir_open(p, size, NULL, &m, &d);
	long f = s == BCX_OK ? bcx_tileir_function_find(m, name, strlen(name)) : -1;
	if (s == BCX_OK && f < 0)
		s = bcx_diag_set(&d, BCX_ERR_NOT_FOUND, -1, "no function '%s'", name);
	bcx_sink sink = {bcx_buf_sink_write, &text};
	if (s == BCX_OK)
		s = bcx_tileir_print_custom(m, f, NULL, &sink, &d);
	if (s == BCX_OK)
		len = text.len;
	else
		fprintf(stderr, "bench_tileir_one: %s: %s\n", path, d.message);
	bcx_buf_free(&text);
	bcx_tileir_close(m);
	if (map)
		bcx_file_unmap(&v);
	else
		bcx_free(NULL, data, size);
	return len;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: bench_tileir_one FILE.tileirbc NAME [RUNS] [map|read]\n");
		return 2;
	}
	int runs = argc > 3 ? atoi(argv[3]) : 200;
	bool map = !(argc > 4 && strcmp(argv[4], "read") == 0);
	if (runs < 1 || runs > 100000)
		runs = 200;
	double *t = malloc((size_t)runs * sizeof *t);
	if (!t)
		return 1;
	size_t len = 0;
	for (int i = 0; i < runs; i++) {
		double t0 = now();
		len = one_run(argv[1], argv[2], map);
		t[i] = now() - t0;
		if (!len) {
			free(t);
			return 1;
		}
	}
	qsort(t, (size_t)runs, sizeof *t, cmp_double);
	printf("C       %-5s best %9.1f us  median %9.1f us  (%zu bytes of text, %d runs)\n",
	       map ? "map" : "read", t[0] * 1e6, t[runs / 2] * 1e6, len, runs);
	free(t);
	return 0;
}
