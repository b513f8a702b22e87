/* Splitting and expectation parsing for NVIDIA's dialect tests (see
 * refcases.h). The rules follow MLIR's SourceMgrDiagnosticVerifierHandler:
 * "expected-KIND(-re)? (@(+N|-N|above|below))? {{TEXT}}"; @above and @below
 * skip lines that hold expectations themselves; @+N and @-N count lines. */
#define _POSIX_C_SOURCE 200809L
#include "refcases.h"
#include "testutil.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct line {
	const char *p;
	size_t n;
} line;

static bool is_split(line l)
{
	size_t i = 0;
	while (i < l.n && (l.p[i] == ' ' || l.p[i] == '\t'))
		i++;
	return l.n - i >= 8 && memcmp(l.p + i, "// -----", 8) == 0;
}

/* A case is empty when it has nothing but white space. */
static bool is_blank(line l)
{
	for (size_t i = 0; i < l.n; i++)
		if (!isspace((unsigned char)l.p[i]))
			return false;
	return true;
}

static const char *find(const char *p, size_t n, const char *needle)
{
	size_t k = strlen(needle);
	for (size_t i = 0; i + k <= n; i++)
		if (memcmp(p + i, needle, k) == 0)
			return p + i;
	return NULL;
}

static const struct {
	const char *word;
	rc_kind kind;
} kinds[] = {{"error", RC_ERROR}, {"warning", RC_WARNING}, {"note", RC_NOTE},
	     {"remark", RC_REMARK}};

/* Parse "expected-..." on line l (1-based number no). Returns 1 when the
 * line holds an expectation (filled into e; e->line is the raw designator:
 * 0 same line, or set through *where), 0 when it holds none, -1 when it is
 * malformed. where: 0 none, 1 above, 2 below, 3 relative (*rel). */
static int parse_expect(line l, rc_expect *e, int *where, long *rel)
{
	const char *s = find(l.p, l.n, "expected-");
	if (!s)
		return 0;
	const char *end = l.p + l.n;
	s += 9;
	size_t k = 0;
	for (; k < sizeof kinds / sizeof kinds[0]; k++) {
		size_t w = strlen(kinds[k].word);
		if ((size_t)(end - s) >= w && memcmp(s, kinds[k].word, w) == 0) {
			s += w;
			break;
		}
	}
	if (k == sizeof kinds / sizeof kinds[0])
		return 0; /* "expected-" in other text */
	memset(e, 0, sizeof *e);
	e->kind = kinds[k].kind;
	if (end - s >= 3 && memcmp(s, "-re", 3) == 0) {
		e->regex = true;
		s += 3;
	}
	while (s < end && *s == ' ')
		s++;
	*where = 0;
	if (s < end && *s == '@') {
		s++;
		if (end - s >= 5 && memcmp(s, "above", 5) == 0) {
			*where = 1;
			s += 5;
		} else if (end - s >= 5 && memcmp(s, "below", 5) == 0) {
			*where = 2;
			s += 5;
		} else if (s < end && (*s == '+' || *s == '-')) {
			char *stop;
			char buf[16] = {0};
			memcpy(buf, s, (size_t)(end - s) < 15 ? (size_t)(end - s) : 15);
			*rel = strtol(buf, &stop, 10);
			if (stop == buf + 1)
				return -1;
			*where = 3;
			s += stop - buf;
		} else {
			return -1;
		}
	}
	const char *open = find(s, (size_t)(end - s), "{{");
	if (!open)
		return -1;
	const char *close = NULL;
	for (const char *q = open + 2; q + 2 <= end; q++)
		if (q[0] == '}' && q[1] == '}')
			close = q;
	if (!close)
		return -1;
	e->text = open + 2;
	e->text_len = (size_t)(close - e->text);
	return 1;
}

static bool add_expect(rc_case *c, size_t *cap, const rc_expect *e)
{
	if (c->n_ex == *cap) {
		size_t nc = *cap ? *cap * 2 : 8;
		rc_expect *g = realloc(c->ex, nc * sizeof *g);
		if (!g)
			return false;
		c->ex = g;
		*cap = nc;
	}
	c->ex[c->n_ex++] = *e;
	return true;
}

/* Expectations of one case; lines[0..n) are its lines. */
static bool parse_case(rc_case *c, const line *lines, size_t n, const char *path)
{
	size_t cap = 0;
	unsigned last_plain = 0;     /* last line without an expectation */
	size_t first_pending = SIZE_MAX; /* @below entries waiting for a line */
	for (size_t i = 0; i < n; i++) {
		unsigned no = (unsigned)i + 1;
		rc_expect e;
		int where;
		long rel = 0;
		int r = parse_expect(lines[i], &e, &where, &rel);
		if (r < 0) {
			fprintf(stderr, "%s:%u: malformed expectation\n", path,
				c->first_line + no - 1);
			return false;
		}
		if (r == 0) {
			for (size_t j = first_pending; j < c->n_ex; j++)
				c->ex[j].line = no;
			first_pending = SIZE_MAX;
			last_plain = no;
			continue;
		}
		e.decl_line = no;
		e.line = where == 0 ? no
			: where == 1 ? last_plain
			: where == 3 ? (unsigned)((long)no + rel)
				     : 0;
		if (!add_expect(c, &cap, &e))
			return false;
		if (where == 2 && first_pending == SIZE_MAX)
			first_pending = c->n_ex - 1;
	}
	return true;
}

static bool add_case(rc_file *f, size_t *cap, const line *lines, size_t n, unsigned index,
		     unsigned first, const char *path)
{
	bool blank = true;
	for (size_t i = 0; i < n && blank; i++)
		blank = is_blank(lines[i]);
	if (blank)
		return true;
	if (f->n_cases == *cap) {
		size_t nc = *cap ? *cap * 2 : 16;
		rc_case *g = realloc(f->cases, nc * sizeof *g);
		if (!g)
			return false;
		f->cases = g;
		*cap = nc;
	}
	rc_case *c = &f->cases[f->n_cases];
	memset(c, 0, sizeof *c);
	c->index = index;
	c->first_line = first;
	c->text = lines[0].p;
	c->len = (size_t)(lines[n - 1].p + lines[n - 1].n - lines[0].p);
	f->n_cases++;
	return parse_case(c, lines, n, path);
}

static char *slurp(const char *path, size_t *size)
{
	FILE *fp = fopen(path, "rb");
	if (!fp)
		return NULL;
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	do {
		if (cap - len < 65536) {
			char *g = realloc(buf, cap + 65536 + 1);
			if (!g)
				break;
			buf = g;
			cap += 65536;
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
	} while (got > 0);
	fclose(fp);
	if (buf)
		buf[len] = '\0';
	*size = len;
	return buf;
}

bool rc_load(rc_file *f, const char *path)
{
	memset(f, 0, sizeof *f);
	f->data = slurp(path, &f->size);
	if (!f->data) {
		fprintf(stderr, "%s: cannot read\n", path);
		return false;
	}
	size_t nl = 1;
	for (size_t i = 0; i < f->size; i++)
		nl += f->data[i] == '\n';
	line *lines = calloc(nl, sizeof *lines);
	if (!lines)
		return false;
	size_t n = 0;
	for (const char *p = f->data, *end = f->data + f->size; p <= end && n < nl;) {
		const char *q = memchr(p, '\n', (size_t)(end - p));
		if (!q)
			q = end;
		lines[n++] = (line){p, (size_t)(q - p)};
		p = q + 1;
	}
	bool ok = true;
	size_t cap = 0, start = 0;
	unsigned chunk = 0;
	for (size_t i = 0; i <= n && ok; i++) {
		if (i < n && !is_split(lines[i]))
			continue;
		if (i > start)
			ok = add_case(f, &cap, lines + start, i - start, chunk, (unsigned)start + 1,
				      path);
		chunk++;
		start = i + 1;
	}
	free(lines);
	return ok;
}

void rc_free(rc_file *f)
{
	for (size_t i = 0; i < f->n_cases; i++)
		free(f->cases[i].ex);
	free(f->cases);
	free(f->data);
	memset(f, 0, sizeof *f);
}

size_t rc_count(const rc_case *c, rc_kind kind)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_ex; i++)
		n += c->ex[i].kind == kind;
	return n;
}

const rc_case *rc_case_at(const rc_file *f, unsigned index)
{
	for (size_t i = 0; i < f->n_cases; i++)
		if (f->cases[i].index == index)
			return &f->cases[i];
	return NULL;
}

#define REF "vectors/tileir/reference-tests/"

bool rc_each_row(void (*fn)(void *ctx, const rc_row *r), void *ctx)
{
	size_t len;
	char *tsv = (char *)tu_read_file(tu_shared_path(REF "cases.tsv"), &len);
	if (!T_CHECKF(tsv != NULL, "cannot read %s", REF "cases.tsv"))
		return false;
	char cur[256] = "", *save = NULL;
	rc_file f = {0};
	for (char *ln = strtok_r(tsv, "\n", &save); ln; ln = strtok_r(NULL, "\n", &save)) {
		char name[256], cls[32];
		rc_row r = {.name = name, .cls = cls, .file = &f};
		if (!T_CHECKF(sscanf(ln, "%255[^\t]\t%u\t%31[^\t]\t%u", name, &r.index, cls,
				     &r.n_errors) == 4, "cases.tsv: bad row '%s'", ln))
			continue;
		if (strcmp(name, cur) != 0) {
			rc_free(&f);
			char path[512];
			snprintf(path, sizeof path, REF "Dialect/CudaTile/%s", name);
			T_CHECKF(rc_load(&f, tu_shared_path(path)), "%s: load", name);
			snprintf(cur, sizeof cur, "%s", name);
			r.first = true;
		}
		r.c = rc_case_at(&f, r.index);
		fn(ctx, &r);
	}
	fn(ctx, NULL);
	rc_free(&f);
	free(tsv);
	return true;
}

/* ---- known differences ---- */

static bool known_is(const char *name, const char *file, unsigned index)
{
	size_t n = strlen(file);
	char num[16];
	snprintf(num, sizeof num, "%u", index);
	return strncmp(name, file, n) == 0 && name[n] == ':' && strcmp(name + n + 1, num) == 0;
}

bool rc_known_init(rc_known *k, const char *const *names, size_t n)
{
	k->names = names;
	k->n = n;
	k->seen = calloc(n ? n : 1, sizeof *k->seen);
	return T_CHECK(k->seen != NULL);
}

bool rc_known_judge(rc_known *k, const char *file, unsigned index, bool passed)
{
	for (size_t i = 0; i < k->n && k->seen; i++)
		if (known_is(k->names[i], file, index)) {
			k->seen[i] = true;
			return T_CHECKF(!passed, "%s:%u passes now: remove it from the known list",
					file, index);
		}
	return T_CHECKF(passed, "%s:%u fails and is not in the known list", file, index);
}

void rc_known_finish(rc_known *k)
{
	for (size_t i = 0; i < k->n && k->seen; i++)
		T_CHECKF(k->seen[i], "%s is in the known list but no such case was judged",
			 k->names[i]);
	free(k->seen);
	k->seen = NULL;
}
