/* The llvm dialect's attribute syntax table (dialect_syn.def): lookups by
 * kind code and mnemonic, the enum and DWARF names, bit enum flags as MLIR
 * prints them, and an entry's wire fields sorted into parameter slots. */
#include "dialect_syn.h"

#include <string.h>

static const mbc_dpar pars[] = {
#define MBC_DPAR(name, slot, kind, table, optional, array, target) \
	{name, slot, (#kind)[0], MBC_DT_##table, optional, array, target},
#include "dialect_syn.def"
};

static const mbc_dsyn syns[] = {
#define MBC_DSYN(code, name, mnemonic, format, alias, first, count) \
	{code, #name, mnemonic, MBC_DF_##format, alias, pars + (first), count},
#include "dialect_syn.def"
};

typedef struct dname {
	uint8_t table;
	uint64_t value;
	const char *name;
} dname;

/* sorted by table, then value */
static const dname names[] = {
#define MBC_DNAME(table, value, name) {MBC_DT_##table, value, name},
#include "dialect_syn.def"
};

typedef struct dbit {
	uint8_t table;
	uint64_t value;
	const char *name;
	bool group;
} dbit;

static const dbit bits[] = {
#define MBC_DBIT(table, value, name, group) {MBC_DT_##table, value, name, group},
#include "dialect_syn.def"
};

#define COUNT(a) (sizeof(a) / sizeof *(a))

const mbc_dsyn *mbc_dsyn_by_code(uint64_t code)
{
	for (size_t i = 0; i < COUNT(syns); i++)
		if (syns[i].code == code && code != MBC_DSYN_TEXT)
			return &syns[i];
	return NULL;
}

const mbc_dsyn *mbc_dsyn_by_mnemonic(const char *s, size_t n)
{
	for (size_t i = 0; i < COUNT(syns); i++)
		if (strlen(syns[i].mnemonic) == n && memcmp(syns[i].mnemonic, s, n) == 0)
			return &syns[i];
	return NULL;
}

const char *mbc_dsyn_name(unsigned table, uint64_t v)
{
	size_t lo = 0, hi = COUNT(names);
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const dname *d = &names[mid];
		if (d->table < table || (d->table == table && d->value < v))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < COUNT(names) && names[lo].table == table && names[lo].value == v ?
		       names[lo].name : NULL;
}

bool mbc_dsyn_value(unsigned table, const char *s, size_t n, uint64_t *v)
{
	for (size_t i = 0; i < COUNT(names); i++)
		if (names[i].table == table && strlen(names[i].name) == n &&
		    memcmp(names[i].name, s, n) == 0) {
			*v = names[i].value;
			return true;
		}
	for (size_t i = 0; i < COUNT(bits); i++)
		if (bits[i].table == table && strlen(bits[i].name) == n &&
		    memcmp(bits[i].name, s, n) == 0) {
			*v = bits[i].value;
			return true;
		}
	return false;
}

/* As MLIR's generated stringify: no bits is the zero case's name; else
 * the groups, last declared first, each taking its bits away, then the
 * single bits in declaration order, joined by '|'. A value that is one
 * case's is a keyword; other values of several bits are quoted. */
bool mbc_dsyn_put_flags(bcx_buf *b, unsigned table, uint64_t v)
{
	uint64_t valid = 0;
	bool named = false;
	const char *zero = NULL;
	for (size_t i = 0; i < COUNT(bits); i++)
		if (bits[i].table == table) {
			valid |= bits[i].value;
			named |= bits[i].value == v;
			if (!bits[i].value)
				zero = bits[i].name;
		}
	if (v & ~valid || (!v && !zero))
		return false;
	if (!v) {
		bcx_buf_puts(b, zero);
		return true;
	}
	bool quote = !named && (v & (v - 1));
	if (quote)
		bcx_buf_put_u8(b, '"');
	uint64_t left = v;
	bool first = true;
	for (size_t k = COUNT(bits); k-- > 0;)
		if (bits[k].table == table && bits[k].group && bits[k].value &&
		    (left & bits[k].value) == bits[k].value) {
			bcx_buf_puts(b, first ? "" : "|");
			bcx_buf_puts(b, bits[k].name);
			left &= ~bits[k].value;
			first = false;
		}
	for (size_t k = 0; k < COUNT(bits); k++)
		if (bits[k].table == table && !bits[k].group && bits[k].value &&
		    (left & bits[k].value) == bits[k].value) {
			bcx_buf_puts(b, first ? "" : "|");
			bcx_buf_puts(b, bits[k].name);
			first = false;
		}
	if (quote)
		bcx_buf_put_u8(b, '"');
	return true;
}

bool mbc_dvals_read(mbc_dvals *v, const bcx_allocator *a, const uint8_t *p, size_t n)
{
	memset(v, 0, sizeof *v);
	if (!mbc_denc_collect(a, (const uint8_t *)"llvm", 4, false, p, n, &v->f, &v->n, &v->cap))
		return false;
	v->syn = v->f[0].code == 'k' ? mbc_dsyn_by_code(v->f[0].value) : NULL;
	/* a slot is one field, or a count field and its elements */
	for (size_t i = 1; v->syn && i < v->n && v->nslots < COUNT(v->slot); v->nslots++) {
		v->slot[v->nslots] = (uint32_t)i;
		i += 1 + (v->f[i].code == '#' && v->f[i].present ? (size_t)v->f[i].value : 0);
	}
	return v->syn != NULL;
}

void mbc_dvals_free(mbc_dvals *v, const bcx_allocator *a)
{
	mbc_denc_free(a, v->f, v->cap);
	v->f = NULL;
}

const mbc_dfield *mbc_dvals_at(const mbc_dvals *v, const mbc_dpar *par)
{
	return par->slot >= 0 && (uint32_t)par->slot < v->nslots ? &v->f[v->slot[par->slot]] : NULL;
}

bool mbc_dvals_is_default(const mbc_dvals *v, const mbc_dpar *par)
{
	const mbc_dfield *f = mbc_dvals_at(v, par);
	if (!f)
		return true;
	if (f->code == '#' || f->code == 'A')
		return !f->present || (f->code == '#' && f->value == 0);
	if (par->kind == 'A' || par->kind == 'X')
		return false; /* a required attribute or string */
	return f->value == 0;
}
