#define _POSIX_C_SOURCE 200809L
#include "testutil.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static unsigned long passed, failed;
static const char *shared_dir;

void tu_init(int argc, char **argv)
{
	struct stat st;
	if (argc > 1 && stat(argv[1], &st) == 0 && S_ISDIR(st.st_mode))
		shared_dir = argv[1];
}

int tu_finish(void)
{
	printf("%lu passed, %lu failed\n", passed, failed);
	if (passed + failed == 0) /* a test that checked nothing proves nothing */
		fprintf(stderr, "no check ran\n");
	return failed || passed + failed == 0 ? 1 : 0;
}

bool tu_check(bool ok, const char *file, int line, const char *fmt, ...)
{
	if (ok) {
		passed++;
		return true;
	}
	failed++;
	if (failed <= 50) {
		va_list ap;
		va_start(ap, fmt);
		fprintf(stderr, "%s:%d: check failed: ", file, line);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		va_end(ap);
	}
	return false;
}

bool tu_check_u(unsigned long long a, unsigned long long b, const char *file, int line,
		const char *as, const char *bs)
{
	return tu_check(a == b, file, line, "%s == %s (%llu vs %llu)", as, bs, a, b);
}

bool tu_check_i(long long a, long long b, const char *file, int line, const char *as,
		const char *bs)
{
	return tu_check(a == b, file, line, "%s == %s (%lld vs %lld)", as, bs, a, b);
}

bool tu_check_mem(const void *a, size_t an, const void *b, size_t bn, const char *file,
		  int line, const char *what)
{
	if (an == bn && (an == 0 || memcmp(a, b, an) == 0))
		return tu_check(true, file, line, "%s", what);
	size_t i = 0;
	while (i < an && i < bn && ((const uint8_t *)a)[i] == ((const uint8_t *)b)[i])
		i++;
	return tu_check(false, file, line, "%s: %zu vs %zu bytes, first difference at %zu", what,
			an, bn, i);
}

const char *tu_shared_dir(void) { return shared_dir; }

void tu_require_shared(void)
{
	if (!shared_dir) {
		printf("skipped: shared vectors folder not found\n");
		exit(77);
	}
}

const char *tu_shared_path(const char *rel)
{
	static char buf[4096];
	snprintf(buf, sizeof buf, "%s/%s", shared_dir ? shared_dir : ".", rel);
	return buf;
}

uint8_t *tu_read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, len = 0;
	uint8_t *buf = malloc(cap);
	for (;;) {
		if (len + 1 >= cap) {
			cap *= 2;
			buf = realloc(buf, cap);
		}
		size_t n = fread(buf + len, 1, cap - len - 1, f);
		if (n == 0)
			break;
		len += n;
	}
	fclose(f);
	buf[len] = 0;
	*size = len;
	return buf;
}

uint64_t tu_rand(uint64_t *s)
{
	uint64_t x = *s ? *s : 0x9e3779b97f4a7c15ull;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

const char *tu_diag_where(const char *file, const bcx_diag *d, const char *text, size_t size)
{
	static char buf[BCX_DIAG_MSG_MAX + 128];
	if (!d->line) {
		snprintf(buf, sizeof buf, "%s", d->message);
		return buf;
	}
	if (text && d->has_offset) {
		/* the offset's line and column, counted in bytes */
		uint32_t line = 1, col = 1;
		for (size_t i = 0; i < d->offset && i < size; i++, col++)
			if (text[i] == '\n')
				line++, col = 0;
		T_CHECKF(d->offset <= size && line == d->line && col == d->column,
			 "offset %llu is %u:%u, the diagnostic says %u:%u",
			 (unsigned long long)d->offset, line, col, d->line, d->column);
	}
	snprintf(buf, sizeof buf, "%s:%u:%u: %s", file, d->line, d->column, d->message);
	return buf;
}

const char *tu_diag_pos(const bcx_diag *d)
{
	static char buf[32];
	buf[0] = 0;
	if (d->line)
		snprintf(buf, sizeof buf, "%u:%u", d->line, d->column);
	return buf;
}
