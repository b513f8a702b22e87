/* The op property layouts of each MLIR release, generated from MLIR's own
 * op definitions by tools/mlirgen/mlirgen.py (gen/ops_N.def, whose header
 * gives the format and the command that regenerates it), and the choice
 * of a release by a file's producer string (spec §13). */
#include "internal.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* A layout's five strings are offsets into one pool of char arrays, not
 * pointers: 8,000 rows of pointers were 300 KB of relocated data that every
 * start of the tool wrote (and faulted in) page by page, whatever it ran;
 * the pool is read-only data, read only where a layout is looked at. Each
 * row of a .def is one line, so a pool member is named by its release, its
 * column and its line. */
struct mbc_oplayout {
	uint32_t name, fields, inherent, defaults, types;
};

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define MEMBER(col) CAT(REL_ID, CAT(col, __LINE__))
#define MBC_OP(n, f, i, d, t)                                                                  \
	char MEMBER(_n)[sizeof n], MEMBER(_f)[sizeof f], MEMBER(_i)[sizeof i],                 \
		MEMBER(_d)[sizeof d], MEMBER(_t)[sizeof t];
static const struct layout_pool {
#define REL_ID r16
#include "gen/ops_16.def"
#undef REL_ID
#define REL_ID r19
#include "gen/ops_19.def"
#undef REL_ID
#define REL_ID r22
#include "gen/ops_22.def"
#undef REL_ID
#define REL_ID rtest
#include "ops_test.def"
#undef REL_ID
#undef MBC_OP
} pool = {
#define MBC_OP(n, f, i, d, t) n, f, i, d, t,
#include "gen/ops_16.def"
#include "gen/ops_19.def"
#include "gen/ops_22.def"
#include "ops_test.def"
#undef MBC_OP
};

#define AT(col) (uint32_t)offsetof(struct layout_pool, MEMBER(col))
#define MBC_OP(n, f, i, d, t) {AT(_n), AT(_f), AT(_i), AT(_d), AT(_t)},
#define REL_ID r16
static const mbc_oplayout ops16[] = {
#include "gen/ops_16.def"
};
#undef REL_ID
#define REL_ID r19
static const mbc_oplayout ops19[] = {
#include "gen/ops_19.def"
};
#undef REL_ID
#define REL_ID r22
static const mbc_oplayout ops22[] = {
#include "gen/ops_22.def"
};
#undef REL_ID
#define REL_ID rtest
static const mbc_oplayout ops_test[] = {
#include "ops_test.def"
};
#undef REL_ID
#undef MBC_OP
#undef AT
#undef MEMBER

/* The text of a layout's column. */
#define STR(l, col) ((const char *)&pool + (l)->col)

struct mbc_release {
	unsigned major;
	bool native;          /* writes properties entries (v >= 5) */
	const char *producer; /* what its mlir-opt writes (measured) */
	const mbc_oplayout *ops;
	size_t n;
};

#define REL(major, native, producer, t) {major, native, producer, t, sizeof t / sizeof *t}
static const mbc_release releases[] = {REL(16, false, "MLIR16.0.6", ops16),
				       REL(19, true, "MLIR19.1.7", ops19),
				       REL(22, true, "MLIR22.1.8", ops22)};
#undef REL
#define NREL (sizeof releases / sizeof *releases)

const mbc_release *mbc_release_current(void)
{
	return &releases[NREL - 1];
}

unsigned mbc_release_major(const mbc_release *r)
{
	return r->major;
}

const char *mbc_release_producer(const mbc_release *r)
{
	return r->producer;
}

const mbc_release *mbc_release_by_major(unsigned major)
{
	for (size_t i = 0; i < NREL; i++)
		if (releases[i].major == major && releases[i].native)
			return &releases[i];
	return NULL;
}

/* The major version of an "MLIR<major>.<minor>..." producer, 0 if it is
 * not one. */
static unsigned producer_major(mbc_str p)
{
	if (p.n < 5 || memcmp(p.p, "MLIR", 4) != 0)
		return 0;
	unsigned v = 0;
	for (uint32_t i = 4; i < p.n && p.p[i] >= '0' && p.p[i] <= '9' && v < 100000; i++)
		v = v * 10 + (unsigned)(p.p[i] - '0');
	return v;
}

const mbc_release *mbc_release_for(mbc_str producer, uint64_t version, char *note, size_t cap)
{
	unsigned want = producer_major(producer);
	const mbc_release *best = NULL;
	unsigned dist = 0;
	note[0] = 0;
	/* a file with properties entries needs a release that writes them;
	 * ties go to the newer release */
	for (size_t i = 0; i < NREL; i++) {
		const mbc_release *r = &releases[i];
		if (version >= 5 && !r->native)
			continue;
		unsigned d = r->major > want ? r->major - want : want - r->major;
		if (!best || d <= dist) {
			best = r;
			dist = d;
		}
	}
	if (!want) {
		best = mbc_release_current();
		snprintf(note, cap, "producer \"%.*s\" names no MLIR release: read with MLIR %u's op layouts",
			 (int)(producer.n < 40 ? producer.n : 40), (const char *)producer.p, best->major);
	} else if (dist) {
		snprintf(note, cap, "producer \"%.*s\": bcx has no op layouts of MLIR %u, read with "
			 "MLIR %u's, the nearest", (int)(producer.n < 40 ? producer.n : 40),
			 (const char *)producer.p, want, best->major);
	}
	return best;
}

static int cmp_name(const char *a, const char *b, size_t blen)
{
	size_t alen = strlen(a), n = alen < blen ? alen : blen;
	int r = memcmp(a, b, n);
	return r ? r : (alen > blen) - (alen < blen);
}

/* Binary search: the tables are sorted by the bytes of the op name. */
static const mbc_oplayout *search(const mbc_oplayout *ops, size_t count, const char *name,
				  size_t n)
{
	size_t lo = 0, hi = count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_name(STR(&ops[mid], name), name, n);
		if (c == 0)
			return &ops[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

const mbc_oplayout *mbc_find_layout(const mbc_release *r, const char *name, size_t n)
{
	const mbc_oplayout *l = search(r->ops, r->n, name, n);
	return l ? l : search(ops_test, sizeof ops_test / sizeof *ops_test, name, n);
}

bool mbc_layout_native(const mbc_oplayout *l)
{
	return strcmp(STR(l, fields), "-") != 0;
}

const char *mbc_next_field(const char *p, mbc_field *f)
{
	while (*p == ' ')
		p++;
	if (!*p || *p == '-')
		return NULL;
	const char *e = p;
	while (*e && *e != ' ')
		e++;
	const char *end = e;
	f->kind = 'a';
	f->nseg = 0;
	if (e[-1] == '?') {
		f->kind = '?';
		end = e - 1;
	} else if (e[-1] == '<' || e[-1] == '>') {
		f->kind = e[-1];
		end = memchr(p, '#', (size_t)(e - p));
		for (const char *q = end + 1; *q >= '0' && *q <= '9'; q++)
			f->nseg = f->nseg * 10 + (unsigned)(*q - '0');
	} else if (e - p > 2 && e[-2] == ':') {
		f->kind = e[-1];
		end = e - 2;
	}
	f->name = p;
	f->len = (uint32_t)(end - p);
	return e;
}

const char *mbc_layout_fields(const mbc_oplayout *l)
{
	return STR(l, fields);
}

const char *mbc_layout_defaults(const mbc_oplayout *l)
{
	return STR(l, defaults);
}

/* Whether the space-separated list holds the word. */
static bool has_word(const char *p, const char *w, size_t n)
{
	while (*p) {
		const char *e = strchr(p, ' ');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && memcmp(p, w, n) == 0)
			return true;
		if (!e)
			break;
		p = e + 1;
	}
	return false;
}

const char *mbc_next_default(const char *p, mbc_str *name, mbc_str *text)
{
	const char *eq = strchr(p, '='), *end = eq;
	/* a default's text holds no ';' followed by a name and '=' */
	while (end && *end && !(end[0] == ';' && strchr(end + 1, '=')))
		end++;
	if (!*p || !eq)
		return NULL;
	*name = (mbc_str){(const uint8_t *)p, (uint32_t)(eq - p)};
	*text = (mbc_str){(const uint8_t *)eq + 1, (uint32_t)(end - eq - 1)};
	return *end ? end + 1 : end;
}

bool mbc_layout_default_text(const mbc_oplayout *l, const char *name, size_t n, mbc_str *text)
{
	mbc_str k;
	for (const char *p = STR(l, defaults); (p = mbc_next_default(p, &k, text));)
		if (k.n == n && memcmp(k.p, name, n) == 0)
			return text->n > 0;
	return false;
}

bool mbc_layout_default_valued(const mbc_oplayout *l, const char *name, size_t n)
{
	for (const char *p = STR(l, defaults); *p;) {
		const char *eq = strchr(p, '=');
		if (!eq)
			break;
		if ((size_t)(eq - p) == n && memcmp(p, name, n) == 0 &&
		    (p == STR(l, defaults) || p[-1] == ';'))
			return true;
		p = eq + 1;
	}
	return false;
}

bool mbc_layout_inherent(const mbc_oplayout *l, const char *name, size_t n)
{
	return has_word(STR(l, inherent), name, n);
}

bool mbc_layout_field(const mbc_oplayout *l, const char *name, size_t n, mbc_field *f)
{
	for (const char *p = STR(l, fields); (p = mbc_next_field(p, f));)
		if (f->len == n && memcmp(f->name, name, n) == 0)
			return true;
	return false;
}

mbc_str mbc_layout_attr_type(const mbc_oplayout *l, const char *name, size_t n)
{
	for (const char *p = STR(l, types); *p;) {
		const char *eq = strchr(p, '='), *end = strchr(p, ';');
		if (!eq)
			break;
		if (!end)
			end = eq + strlen(eq);
		if ((size_t)(eq - p) == n && memcmp(p, name, n) == 0)
			return (mbc_str){(const uint8_t *)eq + 1, (uint32_t)(end - eq - 1)};
		p = *end ? end + 1 : end;
	}
	return (mbc_str){NULL, 0};
}
