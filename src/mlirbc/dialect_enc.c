/* Other dialects' attribute and type encodings that their TableGen
 * bytecode definitions fix (dialect_enc.def, generated): the fields of an
 * entry's bytes in wire order, for the printer (quant types), the alias
 * walk and bcx convert (which renumbers the indices inside). */
#include "dialect_enc.h"

#include <string.h>

typedef struct denc_row {
	const char *dialect;
	bool type;
	uint8_t code;
	const char *name, *fields;
} denc_row;

static const denc_row rows[] = {
#define ATTR false
#define TYPE true
#define MBC_DENC(dialect, kind, code, name, fields) {dialect, kind, code, #name, fields},
#include "dialect_enc.def"
#undef ATTR
#undef TYPE
};

static const denc_row *find_row(const uint8_t *dialect, size_t dn, bool type, uint64_t code)
{
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const denc_row *r = &rows[i];
		if (r->type == type && r->code == code && strlen(r->dialect) == dn &&
		    memcmp(r->dialect, dialect, dn) == 0)
			return r;
	}
	return NULL;
}

const char *mbc_denc_spec(const uint8_t *dialect, size_t dn, bool type, uint64_t code)
{
	const denc_row *r = find_row(dialect, dn, type, code);
	return r ? r->fields : NULL;
}

typedef struct walk {
	bcx_cursor c;
	const uint8_t *base;
	mbc_dfield_fn fn;
	void *ctx;
} walk;

static void emit(walk *w, char code, const uint8_t *start, uint64_t value, bool present)
{
	mbc_dfield f = {code, (uint32_t)(start - w->base), (uint32_t)(w->c.p - start), value,
			present};
	if (bcx_cur_ok(&w->c))
		w->fn(w->ctx, &f);
}

/* The spec past one field's code ("*?v" is one field). */
static const char *field_end(const char *spec)
{
	while (*spec == '*' || *spec == '?')
		spec++;
	return spec + 1;
}

/* One field of code *spec; returns the spec past it. Nesting is bounded
 * by the spec (a few codes), not by the input. */
static const char *field(walk *w, const char *spec)
{
	const uint8_t *start = w->c.p;
	char code = *spec++;
	if (code == '*' || code == '?') {
		/* ?X: a presence byte first (an absent list is that byte alone) */
		bool present = code == '*' || bcx_cur_u8(&w->c, "presence") == 1;
		uint64_t n = present ? bcx_cur_prefixvarint(&w->c, "count") : 0;
		if (bcx_cur_ok(&w->c) && n > bcx_cur_remaining(&w->c))
			bcx_cur_fail(&w->c, BCX_ERR_MALFORMED, "count past the entry");
		emit(w, '#', start, n, present);
		const char *next = spec;
		for (uint64_t i = 0; present && i < n && bcx_cur_ok(&w->c); i++)
			next = field(w, spec);
		return present && n ? next : field_end(spec);
	}
	uint64_t v = 0;
	bool present = true;
	switch (code) {
	case 'b':
		v = bcx_cur_u8(&w->c, "bool");
		break;
	case 'B':
		v = bcx_cur_prefixvarint(&w->c, "blob size");
		bcx_cur_skip(&w->c, v > SIZE_MAX ? SIZE_MAX : (size_t)v, "blob");
		break;
	case 'A':
		v = bcx_cur_prefixvarint(&w->c, "optional attribute");
		present = v & 1;
		v >>= 1;
		break;
	default: /* v s S a t f: one varint */
		v = bcx_cur_prefixvarint(&w->c, "field");
		break;
	}
	emit(w, code, start, v, present);
	return spec;
}

bool mbc_denc_walk(const uint8_t *dialect, size_t dn, bool type, const uint8_t *p, size_t n,
		   mbc_dfield_fn fn, void *ctx, const char **name)
{
	walk w = {.base = p, .fn = fn, .ctx = ctx};
	bcx_cur_init(&w.c, p, n, NULL);
	uint64_t code = bcx_cur_prefixvarint(&w.c, "kind code");
	const denc_row *r = bcx_cur_ok(&w.c) ? find_row(dialect, dn, type, code) : NULL;
	if (!r)
		return false;
	if (name)
		*name = r->name;
	emit(&w, 'k', p, code, true);
	for (const char *spec = r->fields; *spec && bcx_cur_ok(&w.c);)
		spec = field(&w, spec);
	return bcx_cur_ok(&w.c) && bcx_cur_at_end(&w.c);
}

typedef struct collected {
	mbc_dfield *f;
	size_t n, cap;
} collected;

static void collect(void *ctx, const mbc_dfield *f)
{
	collected *c = ctx;
	if (c->n < c->cap)
		c->f[c->n++] = *f;
}

bool mbc_denc_collect(const bcx_allocator *a, const uint8_t *dialect, size_t dn, bool type,
		      const uint8_t *p, size_t n, mbc_dfield **f, size_t *nf, size_t *cap)
{
	collected c = {NULL, 0, n + 1}; /* each field takes a byte, the kind code one */
	size_t size;
	if (!bcx_mul_ok(c.cap, sizeof *c.f, &size) || !(c.f = bcx_alloc(a, size)))
		return false;
	if (!mbc_denc_walk(dialect, dn, type, p, n, collect, &c, NULL) || c.n == 0) {
		bcx_free(a, c.f, size);
		return false;
	}
	*f = c.f;
	*nf = c.n;
	*cap = c.cap;
	return true;
}

void mbc_denc_free(const bcx_allocator *a, mbc_dfield *f, size_t cap)
{
	if (f)
		bcx_free(a, f, cap * sizeof *f);
}
