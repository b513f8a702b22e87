/* Tile IR verification beside decoding: for one bytecode file, the best
 * of several runs of reading it (open + every body decoded) and of
 * verifying the decoded module, in ms and as a share of the read. */
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
	bcx_free(NULL, data, size);
	return 0;
}
