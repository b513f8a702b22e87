#define _POSIX_C_SOURCE 200809L
/* Every .bc of the shared LLVM vectors: the analyzer's text equals the
 * saved llvm-bcanalyzer-22 output (dump, statistics, every option that has
 * a saved file), the copy is byte-identical, and every truncation and many
 * bit flips give a clean error or valid output. */
#include "bs_common.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

/* Saved outputs: <name>.<suffix>.txt made with these options. */
static const struct {
	const char *suffix;
	bcx_bs_analyze_options opts;
} variants[] = {
	{"dump", {.size = sizeof(bcx_bs_analyze_options), .dump = true}},
	{"stats", {.size = sizeof(bcx_bs_analyze_options), .dump = false}},
	{"dump-blockinfo", {.size = sizeof(bcx_bs_analyze_options), .dump = true, .dump_blockinfo = true}},
	{"dump-non-symbolic", {.size = sizeof(bcx_bs_analyze_options), .dump = true, .non_symbolic = true}},
	{"dump-show-binary-blobs", {.size = sizeof(bcx_bs_analyze_options), .dump = true, .show_binary_blobs = true}},
	{"stats-disable-histogram", {.size = sizeof(bcx_bs_analyze_options), .no_histogram = true}},
};

static unsigned compared;

static void check_variants(const char *dir, const char *file, const uint8_t *data, size_t size)
{
	char path[4096];
	size_t stem = strlen(file) - 3; /* without ".bc" */
	for (size_t i = 0; i < sizeof variants / sizeof variants[0]; i++) {
		snprintf(path, sizeof path, "%s/%.*s.%s.txt", dir, (int)stem, file,
			 variants[i].suffix);
		size_t want_len;
		uint8_t *want = tu_read_file(path, &want_len);
		if (!want)
			continue;
		bcx_bs_analyze_options o = variants[i].opts;
		o.filename = file; /* as typed inside the vector folder */
		bcx_buf got;
		bcx_buf_init(&got, NULL);
		bcx_diag d;
		bcx_diag_clear(&d);
		T_CHECKF(bs_analyze_buf(data, size, &o, &got, &d) == BCX_OK, "%s: %s", path,
			 d.message);
		T_CHECKF(got.len == want_len && memcmp(got.data, want, want_len) == 0,
			 "%s: output differs", path);
		compared++;
		bcx_buf_free(&got);
		free(want);
	}
}

static void check_copy(const char *file, const uint8_t *data, size_t size)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	if (T_CHECKF(bcx_bs_tree_read(&t, data, size, NULL, &d) == BCX_OK, "%s: %s", file,
		     d.message) &&
	    T_CHECK(bcx_bs_tree_write(t, &out, &d) == BCX_OK))
		T_CHECKF(out.len == size && memcmp(out.data, data, size) == 0,
			 "%s: copy is not byte-identical", file);
	bcx_bs_tree_free(t);
	bcx_buf_free(&out);
}

/* What a prefix of n bytes of a valid file must give: BCX_ERR_TRUNCATED
 * with an offset inside it; BCX_ERR_MALFORMED when n is not a multiple of
 * 4 (as LLVM's reader refuses such a stream); BCX_OK only when the prefix
 * ends where a top-level block does, which a copy shows (it gives the
 * prefix back byte for byte). The analyzer must say the same as the tree. */
static void check_prefix(const char *file, const uint8_t *data, size_t n)
{
	bcx_diag d, ad;
	bcx_diag_clear(&d);
	bcx_diag_clear(&ad);
	bcx_bs_tree *t = NULL;
	bcx_status s = bcx_bs_tree_read(&t, data, n, NULL, &d);
	bcx_bs_analyze_options o = BCX_OPTIONS_INIT(bcx_bs_analyze_options);
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	T_CHECKF(bs_analyze_buf(data, n, &o, &text, &ad) == s,
		 "%s cut at %zu: analyzer status differs from the tree's %d", file, n, s);
	bcx_buf_free(&text);
	if (s == BCX_OK) {
		bcx_buf out;
		bcx_buf_init(&out, NULL);
		T_CHECKF(bcx_bs_tree_write(t, &out, &d) == BCX_OK && out.len == n &&
				 memcmp(out.data, data, n) == 0,
			 "%s cut at %zu: accepted, but not at the end of a top-level block", file, n);
		bcx_buf_free(&out);
	} else if (n % 4 != 0) {
		T_CHECKF(s == BCX_ERR_MALFORMED && strstr(d.message, "multiple of 4"),
			 "%s cut at %zu: status %d (%s), not the multiple-of-4 refusal", file, n, s,
			 d.message);
	} else {
		uint64_t end = d.is_bit_offset ? (uint64_t)n * 8 : n;
		T_CHECKF(s == BCX_ERR_TRUNCATED && d.has_offset && d.offset <= end,
			 "%s cut at %zu: status %d (%s) at %llu, not truncated inside it", file, n, s,
			 d.message, (unsigned long long)d.offset);
	}
	bcx_bs_tree_free(t);
}

/* Every prefix: the facts above, then the clean-failure stress (an exact
 * copy, so ASan sees any read past the end). */
static void check_truncations(const char *file, const uint8_t *data, size_t size)
{
	for (size_t n = 0; n < size; n++) {
		check_prefix(file, data, n);
		bs_stress_one(data, n);
	}
}

static void check_flips(const uint8_t *data, size_t size, uint64_t *seed)
{
	uint8_t *m = malloc(size);
	if (!m)
		return;
	for (int k = 0; k < 300; k++) {
		memcpy(m, data, size);
		int nflips = 1 + (int)(tu_rand(seed) % 3);
		for (int j = 0; j < nflips; j++) {
			uint64_t bit = tu_rand(seed) % ((uint64_t)size * 8);
			m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		}
		bs_stress_one(m, size);
	}
	free(m);
}

static void run_dir(const char *dir, uint64_t *seed, unsigned *files)
{
	DIR *dp = opendir(dir);
	if (!T_CHECKF(dp != NULL, "cannot open %s", dir))
		return;
	struct dirent *e;
	while ((e = readdir(dp)) != NULL) {
		size_t len = strlen(e->d_name);
		if (len < 4 || strcmp(e->d_name + len - 3, ".bc") != 0)
			continue;
		char path[4096];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		size_t size;
		uint8_t *data = tu_read_file(path, &size);
		if (!T_CHECKF(data != NULL, "cannot read %s", path))
			continue;
		check_variants(dir, e->d_name, data, size);
		check_copy(e->d_name, data, size);
		check_truncations(e->d_name, data, size);
		check_flips(data, size, seed);
		free(data);
		(*files)++;
	}
	closedir(dp);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	uint64_t seed = 0x62697473747265ULL;
	unsigned files = 0;
	char dir[4096];
	snprintf(dir, sizeof dir, "%s", tu_shared_path("vectors/llvm"));
	run_dir(dir, &seed, &files);
	snprintf(dir, sizeof dir, "%s", tu_shared_path("vectors/llvm/synthetic"));
	run_dir(dir, &seed, &files);
	T_CHECKF(files >= 15, "only %u .bc vectors found", files);
	T_CHECKF(compared >= 40, "only %u saved outputs compared", compared);
	printf("%u files, %u saved outputs compared\n", files, compared);
	return tu_finish();
}
