/* Tile IR verification beside decoding: for one bytecode file, the best
 * of several runs of reading it (open + every body decoded) and of
 * verifying the decoded module, in ms and as a share of the read; then
 * what verifying adds to disassembly, as bcx dis does it: printing the
 * custom form of a freshly opened module (to a sink that only counts the
 * bytes) without verification and with it (each body verified as it is
 * decoded for printing). */
#define _POSIX_C_SOURCE 200809L
#include "bcx/tileir.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static bcx_status count_bytes(void *ctx, const void *p, size_t n)
{
	(void)p;
	*(size_t *)ctx += n;
	return BCX_OK;
}

static bool count_error(void *ctx, const struct bcx_tileir_verify_error *e)
{
	(void)e;
	++*(size_t *)ctx;
	return true;
}

/* Open + print the custom form, verifying or not: ms, or < 0 on failure. */
static double dis_ms(const uint8_t *data, size_t size, bool verify, size_t *text)
{
	bcx_diag d;
	bcx_tileir_module *m = NULL;
	size_t errors = 0;
	*text = 0;
	bcx_sink sink = {count_bytes, text};
	bcx_tileir_print_options o = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	if (verify) {
		o.verify_fn = count_error;
		o.verify_ctx = &errors;
	}
	double t0 = now_ms();
	bcx_status s = bcx_tileir_open(data, size, NULL, &m, &d);
	if (s == BCX_OK)
		s = bcx_tileir_print_custom(m, -1, &o, &sink, &d);
	double t1 = now_ms();
	bcx_tileir_close(m);
	if (s != BCX_OK)
		fprintf(stderr, "dis: %s\n", d.message);
	return s == BCX_OK ? t1 - t0 : -1;
}

static void dis_rows(const uint8_t *data, size_t size, int runs)
{
	double best[2] = {1e30, 1e30};
	size_t text = 0;
	for (int r = 0; r < runs; r++)
		for (int v = 0; v < 2; v++) {
			double t = dis_ms(data, size, v == 1, &text);
			if (t < 0)
				return;
			best[v] = t < best[v] ? t : best[v];
		}
	printf("%-34s %9.3f ms  (%zu bytes of text)\n", "dis (open + print), no verify",
	       best[0], text);
	printf("%-34s %9.3f ms  (verifying adds %.1f%%)\n", "dis, verifying while printing",
	       best[1], 100.0 * (best[1] - best[0]) / best[0]);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench_tileir_verify FILE.tileirbc [RUNS]\n");
		return 2;
	}
	int runs = argc > 2 ? atoi(argv[2]) : 5;
	uint8_t *data = NULL;
	size_t size = 0;
	bcx_diag d;
	if (bcx_file_read(argv[1], NULL, 0, &data, &size, &d) != BCX_OK) {
		fprintf(stderr, "%s: %s\n", argv[1], d.message);
		return 1;
	}
	double best_read = 1e30, best_verify = 1e30;
	size_t errors = 0, functions = 0;
	for (int r = 0; r < runs; r++) {
		bcx_tileir_module *m = NULL;
		double t0 = now_ms();
		if (bcx_tileir_read(data, size, NULL, &m, &d) != BCX_OK) {
			fprintf(stderr, "%s: %s\n", argv[1], d.message);
			return 1;
		}
		double t1 = now_ms();
		bcx_status s = bcx_tileir_verify(m, NULL, NULL, NULL, &errors, &d);
		double t2 = now_ms();
		if (s != BCX_OK && s != BCX_ERR_MALFORMED) {
			fprintf(stderr, "%s: %s\n", argv[1], d.message);
			return 1;
		}
		functions = bcx_tileir_function_count(m);
		bcx_tileir_close(m);
		best_read = t1 - t0 < best_read ? t1 - t0 : best_read;
		best_verify = t2 - t1 < best_verify ? t2 - t1 : best_verify;
	}
	printf("%-34s %9.3f ms  (%zu functions, best of %d)\n", "read (open + decode all bodies)",
	       best_read, functions, runs);
	printf("%-34s %9.3f ms  (%.1f%% of the read, %.2f us per function, %zu errors)\n",
	       "verify (decoded module)", best_verify, 100.0 * best_verify / best_read,
	       functions ? 1e3 * best_verify / (double)functions : 0.0, errors);
	dis_rows(data, size, runs);
	bcx_free(NULL, data, size);
	return 0;
}
