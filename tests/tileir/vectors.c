#define _POSIX_C_SOURCE 200809L
#include "vectors.h"
#include "testutil.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static const char *const dirs[] = {"vectors/tileir", "vectors/tileir/coverage",
				   "vectors/tileir/legacy", "vectors/tileir/invalid"};

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n >= k && strcmp(s + n - k, suf) == 0;
}

size_t tv_list(const char *suffix, char ***paths)
{
	size_t n = 0, cap = 64;
	char **v = malloc(cap * sizeof *v);
	for (size_t d = 0; v && d < sizeof dirs / sizeof dirs[0]; d++) {
		char dir[4096];
		snprintf(dir, sizeof dir, "%s", tu_shared_path(dirs[d]));
		DIR *dp = opendir(dir);
		for (struct dirent *e; dp && (e = readdir(dp));) {
			if (!ends_with(e->d_name, suffix))
				continue;
			if (n == cap)
				v = realloc(v, (cap *= 2) * sizeof *v);
			size_t len = strlen(dir) + strlen(e->d_name) + 2;
			v[n] = malloc(len);
			snprintf(v[n++], len, "%s/%s", dir, e->d_name);
		}
		if (dp)
			closedir(dp);
	}
	if (v)
		qsort(v, n, sizeof *v, cmp);
	*paths = v;
	return n;
}

void tv_free(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

/* NAME.vV.generic.mlir -> NAME.vV.tileirbc; legacy/F.generic.mlir -> F;
 * invalid/F.err.txt -> F. */
void tv_bytecode_for(const char *path, const char *suffix, char *out, size_t cap)
{
	size_t n = strlen(path) - strlen(suffix);
	bool bare = strstr(path, "/legacy/") || strstr(path, "/invalid/");
	snprintf(out, cap, "%.*s%s", (int)n, path, bare ? "" : ".tileirbc");
}
