/* The llvm dialect's attribute syntax (dialect_syn.def, generated from
 * MLIR 22's LLVMAttrDefs.td, LLVMEnums.td and LLVM's Dwarf.def): one table
 * behind the printer (print_llvm.c), the alias walk and the text parser
 * (asm_llvm.c). Not installed. */
#ifndef BCX_MLIRBC_DIALECT_SYN_H
#define BCX_MLIRBC_DIALECT_SYN_H

#include "dialect_enc.h"

enum {
	MBC_DT_NONE,
#define MBC_DTAB(t) MBC_DT_##t,
#include "dialect_syn.def"
};
/* The code of a kind the bytecode keeps as text (no wire fields). */
#define MBC_DSYN_TEXT 255
enum { MBC_DF_STRUCT, MBC_DF_FILE, MBC_DF_EXPR, MBC_DF_EXPR_ELEM };

typedef struct mbc_dpar {
	const char *name;
	int slot;             /* wire field, -1 none */
	char kind;            /* U B O E F A X N (dialect_syn.def) */
	uint8_t table;        /* MBC_DT_* of E and F */
	bool optional, array;
	const char *target;   /* X: the mnemonic printed without its prefix */
} mbc_dpar;

typedef struct mbc_dsyn {
	uint8_t code;         /* the kind code of the bytecode encoding */
	const char *name, *mnemonic;
	uint8_t format;       /* MBC_DF_* */
	bool alias;           /* printed as #mnemonic, #mnemonic1, ... */
	const mbc_dpar *par;
	uint32_t npar;
} mbc_dsyn;

const mbc_dsyn *mbc_dsyn_by_code(uint64_t code);
const mbc_dsyn *mbc_dsyn_by_mnemonic(const char *s, size_t n);
/* The name of value v in a table, NULL when it has none. */
const char *mbc_dsyn_name(unsigned table, uint64_t v);
/* The value of a name in a table (bit enums: one case). */
bool mbc_dsyn_value(unsigned table, const char *s, size_t n, uint64_t *v);
/* A bit enum's value as MLIR prints it (quoted when it joins several
 * names with '|'); false, nothing printed, for bits the enum lacks. */
bool mbc_dsyn_put_flags(bcx_buf *b, unsigned table, uint64_t v);

/* The wire fields of an llvm attribute entry, and where each slot's first
 * field is (a list: its count field, the elements after it). */
typedef struct mbc_dvals {
	mbc_dfield *f;
	size_t n, cap;
	uint32_t slot[32];
	uint32_t nslots;
	const mbc_dsyn *syn;
} mbc_dvals;
/* Decode an llvm attribute's bytes into v (fields allocated from a, freed
 * with mbc_dvals_free); false when they are not an encoding with syntax. */
bool mbc_dvals_read(mbc_dvals *v, const bcx_allocator *a, const uint8_t *p, size_t n);
void mbc_dvals_free(mbc_dvals *v, const bcx_allocator *a);
/* The field a parameter reads, NULL when its slot is absent. */
const mbc_dfield *mbc_dvals_at(const mbc_dvals *v, const mbc_dpar *par);
/* A parameter at its default: omitted by the printer when optional. */
bool mbc_dvals_is_default(const mbc_dvals *v, const mbc_dpar *par);

#endif
