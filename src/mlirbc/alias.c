/* Which attributes and types MLIR's printer aliases, and under which
 * name (aliases.def and the builtin kinds). */
#include "print.h"

#include <string.h>

typedef struct alias_row {
	const char *name, *stem;
	size_t n;
} alias_row;

static const alias_row rows[] = {
#define MBC_ALIAS(name, stem) {name, stem, sizeof(name) - 1},
#include "aliases.def"
};

/* the table's stems and loc, distinct, tuple */
_Static_assert(sizeof rows / sizeof *rows + 3 <= MBC_ALIAS_STEMS, "MBC_ALIAS_STEMS too small");

static bool name_char(uint8_t c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '$';
}

const char *mbc_alias_of_text(const uint8_t *text, size_t n)
{
	for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
		const alias_row *r = &rows[i];
		if (n >= r->n && memcmp(text, r->name, r->n) == 0 && (n == r->n || !name_char(text[r->n])))
			return r->stem;
	}
	return NULL;
}

static bool is_loc(uint8_t code)
{
	switch (code) {
	case MBC_A_CALLSITE_LOC: case MBC_A_FILE_LOC: case MBC_A_FUSED_LOC: case MBC_A_FUSED_LOC_MD:
	case MBC_A_NAME_LOC: case MBC_A_UNKNOWN_LOC: case MBC_A_FILE_RANGE:
		return true;
	default:
		return false;
	}
}

const char *mbc_alias_stem(mbc_module *m, uint32_t index, bool type)
{
	const mbc_ent *e = NULL;
	if (type) {
		if (mbc_type(m, index, &e, NULL) != BCX_OK)
			return NULL;
		if (e->code == MBC_TEXT)
			return mbc_alias_of_text(e->blob, (size_t)e->nblob);
		return e->code == MBC_T_TUPLE && e->n > 16 ? "tuple" : NULL;
	}
	if (mbc_attr(m, index, &e, NULL) != BCX_OK)
		return NULL;
	if (e->code == MBC_TEXT)
		return mbc_alias_of_text(e->blob, (size_t)e->nblob);
	if (e->code == MBC_RAW)
		return mbc_llvm_alias(m, e);
	if (is_loc(e->code))
		return "loc";
	if (e->code == MBC_A_DISTINCT) {
		const mbc_ent *r = NULL;
		if (mbc_attr(m, e->r[0], &r, NULL) == BCX_OK && r->code != MBC_A_UNIT)
			return "distinct";
	}
	return NULL;
}
