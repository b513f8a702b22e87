/* Hostile input: every truncation and at least 1000 byte flips of every
 * MLIR bytecode vector (and of each version file) give a clean error
 * (status + message + offset) or a module that loads, prints and dumps;
 * never a crash or sanitizer report, and the module's memory stays within
 * a fixed multiple of the input size. */
#include "testutil.h"
#include "mb_common.h"
#include "mlirbc/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FLIPS_PER_FILE = 1200, MEMORY_FACTOR = 128 };

static unsigned long n_ok, n_refused;

/* Without bcx_mlirbc_load_all: bcx dis (locations checked by kind only)
 * and bcx dis --function for the vectors' symbols print or fail cleanly. */
static void lazy(const uint8_t *data, size_t size)
{
	static const char *const names[] = {"f", "arith", "loops", "cfg", "uses", "top", "ext"};
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	if (bcx_mlirbc_open(data, size, NULL, &m, &d) != BCX_OK)
		return;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink sink = {bcx_buf_sink_write, &out};
	for (size_t k = 0; k <= sizeof names / sizeof *names; k++) {
		bcx_diag pd = {0};
		out.len = 0;
		bcx_status s = k == 0 ? bcx_mlirbc_print_generic(m, 0, &sink, &pd)
				      : bcx_mlirbc_print_function(m, names[k - 1], 0, &sink, &pd);
		T_CHECKF(s == BCX_OK ? out.len > 0 : (pd.code == s && pd.message[0]),
			 "lazy output %zu failed silently", k);
	}
	size_t foot = bcx_arena_footprint(m->arena);
	T_CHECKF(foot <= (size_t)MEMORY_FACTOR * size + 65536, "memory %zu for %zu input bytes", foot,
		 size);
	bcx_buf_free(&out);
	bcx_mlirbc_close(m);
}

/* Load, print and dump; true when accepted, else the refusal is in
 * *refusal (when not NULL). */
static bool exercise(const uint8_t *data, size_t size, bcx_diag *refusal)
{
	lazy(data, size);
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	bcx_status s = bcx_mlirbc_open(data, size, NULL, &m, &d);
	if (s == BCX_OK)
		s = bcx_mlirbc_load_all(m, &d);
	if (s != BCX_OK) {
		if (!T_CHECKF(d.code == s && d.message[0] && d.has_offset,
			      "refusal without a message or offset (status %d: %s)", s, d.message)) {
			FILE *f = fopen("/tmp/mlirbc_bad.bin", "wb");
			if (f) {
				fwrite(data, 1, size, f);
				fclose(f);
			}
		}
		bcx_mlirbc_close(m);
		n_refused++;
		if (refusal)
			*refusal = d;
		return false;
	}
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	for (int k = 0; k < 4; k++) {
		bcx_diag pd = {0};
		s = k < 2 ? mb_print(m, 0, (unsigned)k, &out, &pd) : mb_print(m, k - 1, 0, &out, &pd);
		T_CHECKF(s == BCX_OK || (pd.code == s && pd.message[0]), "output %d failed silently", k);
		if (k >= 2)
			T_CHECKF(s == BCX_OK, "dump failed on a loaded module: %s", pd.message);
	}
	size_t foot = bcx_arena_footprint(m->arena);
	T_CHECKF(foot <= (size_t)MEMORY_FACTOR * size + 65536, "memory %zu for %zu input bytes", foot,
		 size);
	bcx_buf_free(&out);
	bcx_mlirbc_close(m);
	n_ok++;
	return true;
}

/* A cut file is refused as cut: BCX_ERR_TRUNCATED at an offset inside the
 * prefix. A cut between two top-level sections leaves a well-formed file
 * without the sections that must follow: that is MLIR's own message. */
static void refused_as_cut(const bcx_diag *d, size_t n, const char *rel)
{
	bool cut = d->code == BCX_ERR_TRUNCATED ||
		   (d->code == BCX_ERR_MALFORMED &&
		    !strncmp(d->message, "missing data for top-level section: ", 36));
	T_CHECKF(cut && d->has_offset && d->offset <= n,
		 "%s: prefix of %zu bytes: status %d at %llu (%s), not truncated", rel, n,
		 (int)d->code, (unsigned long long)d->offset, d->message);
}

static void one_file(const char *rel, uint64_t *rng)
{
	size_t size;
	uint8_t *data = tu_read_file(tu_shared_path(rel), &size);
	T_CHECKF(data != NULL, "missing %s", rel);
	if (!data)
		return;
	T_CHECKF(exercise(data, size, NULL), "%s refused", rel);
	for (size_t n = 0; n < size; n++) {
		uint8_t *copy = malloc(n ? n : 1); /* exact size: overreads are caught */
		memcpy(copy, data, n);
		bcx_diag d = {0};
		T_CHECKF(!exercise(copy, n, &d), "%s: prefix of %zu bytes accepted", rel, n);
		refused_as_cut(&d, n, rel);
		free(copy);
	}
	uint8_t *copy = malloc(size);
	for (unsigned i = 0; i < FLIPS_PER_FILE; i++) {
		memcpy(copy, data, size);
		unsigned nflips = 1 + (unsigned)(tu_rand(rng) % 3);
		for (unsigned k = 0; k < nflips; k++) {
			size_t at = (size_t)(tu_rand(rng) % size);
			uint64_t r = tu_rand(rng);
			copy[at] = (uint8_t)((r & 1) ? copy[at] ^ (1u << ((r >> 1) % 8)) : (r >> 8));
		}
		exercise(copy, size, NULL);
	}
	free(copy);
	free(data);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	uint64_t rng = 0x6d6c6972626331ull;
	char rel[256];
	for (unsigned i = 0; i < mb_nvectors; i++) {
		snprintf(rel, sizeof rel, "vectors/mlir/%s.mlirbc", mb_vectors[i]);
		one_file(rel, &rng);
	}
	for (unsigned i = 0; i < mb_nversion_stems; i++)
		for (int v = 0; v < 6; v++) {
			snprintf(rel, sizeof rel, "vectors/mlir/versions/%s.v%d.mlirbc",
				 mb_version_stems[i], v);
			one_file(rel, &rng);
		}
	printf("%lu accepted, %lu refused\n", n_ok, n_refused);
	return tu_finish();
}
