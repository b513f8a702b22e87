/* Hostile input: every truncation and a deterministic sample of byte flips
 * of every Tile IR vector must give a clean error (status + message) or a
 * module that prints; never a crash or sanitizer report, and memory stays
 * within a fixed multiple of the input size. */
#include "testutil.h"
#include "vectors.h"
#include "bcx/tileir.h"

#include <stdlib.h>
#include <string.h>

enum { FLIPS_PER_FILE = 1500, MEMORY_FACTOR = 128 };

static unsigned long n_ok, n_refused;
static double worst_ratio; /* arena bytes per input byte, above 64 KiB */

/* Open, decode everything, print and dump; returns true when accepted,
 * else the reader's refusal is in *refusal (when not NULL). */
static bool exercise(const uint8_t *data, size_t size, bcx_diag *refusal)
{
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	bcx_status s = bcx_tileir_read(data, size, NULL, &m, &d);
	if (s != BCX_OK) {
		T_CHECKF(d.code == s && d.message[0], "refusal without a message (status %d)", s);
		n_refused++;
		if (refusal)
			*refusal = d;
		return false;
	}
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	s = bcx_tileir_print_generic(m, -1, &(bcx_sink){bcx_buf_sink_write, &out}, &d);
	T_CHECKF(s == BCX_OK || d.message[0], "print failed without a message");
	out.len = 0;
	bcx_tileir_print_options di = {.size = sizeof di, .debuginfo = (size & 2) != 0};
	s = bcx_tileir_print_custom(m, -1, &di, &(bcx_sink){bcx_buf_sink_write, &out}, &d);
	T_CHECKF(s == BCX_OK || d.message[0], "custom print failed without a message");
	out.len = 0;
	s = bcx_tileir_dump(m, (size & 1) != 0, &(bcx_sink){bcx_buf_sink_write, &out}, &d);
	T_CHECKF(s == BCX_OK || d.message[0], "dump failed without a message");
	/* all memory: the module's and its decoded bodies' */
	size_t foot = bcx_tileir_footprint(m);
	if (foot > 65536 && (double)(foot - 65536) / (double)size > worst_ratio)
		worst_ratio = (double)(foot - 65536) / (double)size;
	T_CHECKF(foot <= (size_t)MEMORY_FACTOR * size + 65536, "memory %zu for %zu input bytes",
		 foot, size);
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	n_ok++;
	return true;
}

/* Read a file; the status, the diagnostic in d. */
static bcx_status read_only(const uint8_t *data, size_t size, bcx_diag *d)
{
	bcx_tileir_module *m = NULL;
	bcx_status s = bcx_tileir_read(data, size, NULL, &m, d);
	bcx_tileir_close(m);
	return s;
}

/* A cut valid file is refused as cut: BCX_ERR_TRUNCATED at an offset inside
 * the prefix (where the reader ran out), never another status. (A prefix of
 * an invalid vector may meet the file's own fault first.) */
static void truncations(const uint8_t *data, size_t size, const char *path)
{
	bcx_diag whole = {0};
	bool valid = read_only(data, size, &whole) == BCX_OK;
	for (size_t n = 0; n < size; n++) {
		uint8_t *copy = malloc(n ? n : 1); /* exact size: overreads are caught */
		memcpy(copy, data, n);
		bcx_diag d = {0};
		T_CHECKF(!exercise(copy, n, &d), "%s: prefix of %zu bytes accepted", path, n);
		T_CHECKF(!valid || (d.code == BCX_ERR_TRUNCATED && d.has_offset && d.offset <= n),
			 "%s: prefix of %zu bytes: status %d at %llu (%s), not truncated", path, n,
			 (int)d.code, (unsigned long long)d.offset, d.message);
		free(copy);
	}
}

static void flips(const uint8_t *data, size_t size, uint64_t *rng)
{
	uint8_t *copy = malloc(size);
	/* The three 24 KB files cost most per sample; keep the whole run short. */
	unsigned n = size > 16384 ? FLIPS_PER_FILE / 3 : FLIPS_PER_FILE;
	for (unsigned i = 0; i < n; i++) {
		memcpy(copy, data, size);
		size_t at = (size_t)(tu_rand(rng) % size);
		copy[at] ^= (uint8_t)(1 + tu_rand(rng) % 255);
		if (i & 1) /* every other sample flips a second byte as well */
			copy[tu_rand(rng) % size] ^= (uint8_t)(1u << (tu_rand(rng) % 8));
		exercise(copy, size, NULL);
	}
	free(copy);
}

static void run_suffix(const char *suffix, uint64_t *rng)
{
	char **paths;
	size_t n = tv_list(suffix, &paths);
	for (size_t i = 0; i < n; i++) {
		size_t size;
		uint8_t *data = tu_read_file(paths[i], &size);
		if (!data || !size)
			continue;
		truncations(data, size, paths[i]);
		flips(data, size, rng);
		free(data);
	}
	tv_free(paths, n);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	uint64_t rng = 0x9e3779b97f4a7c15ull;
	run_suffix(".tileirbc", &rng);
	run_suffix(".bc", &rng);
	printf("%lu mutated inputs accepted, %lu refused; worst memory %.1f bytes per input byte\n",
	       n_ok, n_refused, worst_ratio);
	T_CHECK(n_ok > 0 && n_refused > 0);
	return tu_finish();
}
