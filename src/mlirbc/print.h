/* Printing attributes, types and locations in MLIR's syntax (as MLIR 22's
 * AsmPrinter writes them), shared by the generic printer and the dump. */
#ifndef BCX_MLIRBC_PRINT_H
#define BCX_MLIRBC_PRINT_H

#include "internal.h"

typedef enum { ELIDE_NEVER, ELIDE_MAY } mbc_elide;

typedef struct mbc_pctx {
	mbc_module *m;
	bcx_diag *diag;
	bcx_buf *b;
	bool aliases;          /* print #map etc. for aliased attributes */
	int32_t *attr_alias;   /* per attribute: alias number, -1 none */
	int32_t *type_alias;
	uint32_t *distinct_id; /* per attribute (up to nall when aliasing, else
				* nattrs): id + 1 once printed */
	uint32_t next_distinct;
	bcx_status status;     /* first printing failure */
	unsigned depth;
	/* per type: its text once printed, or NULL when not kept (off while
	 * aliases are still being numbered, since the text depends on them) */
	mbc_str *type_text;
	/* Bytes printed before what b holds, and the bound of that plus b's
	 * length (mbc_out_max; 0: none). An attribute the file shares is
	 * printed in full at each use (MLIR does not alias arrays, nor
	 * anything under --debuginfo), so a small file can stand for text
	 * exponential in its size: the bound keeps time and memory linear. */
	uint64_t emitted, max_out;
	/* Writes b out and empties it (adding its length to emitted), or
	 * NULL: the generic printer streams a long line through it, so its
	 * memory stays bounded by the input and not by the text. */
	void (*flush)(void *ctx);
	void *flush_ctx;
} mbc_pctx;

/* Bytes of text b may hold before mbc_out_room flushes it. */
#define MBC_FLUSH_AT 65536

/* Where printing stands (for mbc_rewind). */
typedef struct mbc_mark {
	uint64_t emitted;
	size_t len;
} mbc_mark;

static inline mbc_mark mbc_mark_at(const mbc_pctx *p)
{
	return (mbc_mark){p->emitted, p->b->len};
}

/* Takes back what was printed since mark (an entry that turned out not
 * to print in its syntax and is printed raw instead); when part of it is
 * already written out, fails p (a malformed entry behind 64 KiB of text). */
bool mbc_rewind(mbc_pctx *p, mbc_mark mark, const char *what);

/* The printers' bound of the text of module m: 4 MiB plus 1024 bytes a
 * byte of input, far above what real files print (a file's debug info
 * printed in full at each op under --debuginfo is some 100 bytes a byte). */
static inline uint64_t mbc_out_max(const mbc_module *m)
{
	uint64_t per = (uint64_t)m->size > (UINT64_MAX >> 11) ? UINT64_MAX >> 1 : (uint64_t)m->size << 10;
	return per + ((uint64_t)4 << 20);
}

/* Whether p may print more; when not, p fails with the limit error.
 * Flushes b when it is long and p has a flush. */
bool mbc_out_room(mbc_pctx *p);

/* Texts longer than this are printed anew each time, which bounds what
 * the type cache holds by the number of types, i.e. by the input. */
#define MBC_TYPE_TEXT_MAX 256

void mbc_print_attr(mbc_pctx *p, uint32_t attr, mbc_elide e);
void mbc_print_type(mbc_pctx *p, uint32_t type);
/* The attribute without its alias (alias definitions). */
void mbc_print_attr_body(mbc_pctx *p, uint32_t attr, mbc_elide e);
void mbc_print_type_body(mbc_pctx *p, uint32_t type);
/* Is the memref layout attribute the identity map of that rank (which
 * MLIR does not print)? */
bool mbc_identity_layout(mbc_pctx *p, uint32_t attr, uint32_t rank);
/* loc(...) of a location attribute. */
void mbc_print_loc(mbc_pctx *p, uint32_t attr);
/* alias.c: the alias stem of an attribute/type ("map", "loc", "di_file",
 * ...), or NULL. */
const char *mbc_alias_stem(mbc_module *m, uint32_t index, bool type);
/* At least the number of different stems mbc_alias_stem can return. */
#define MBC_ALIAS_STEMS 64
/* A dictionary's entries "k = v, k2" (no braces). */
void mbc_print_dict_entries(mbc_pctx *p, const mbc_ent *dict);
/* Key of a named attribute: bare when an identifier, else quoted. */
void mbc_print_key(mbc_pctx *p, mbc_str s);
/* Element k of a DenseIntOrFPElementsAttr (a splat's one element for any
 * k), as dense<...> prints it; an integer element's value. */
void mbc_print_dense_elem(mbc_pctx *p, uint32_t attr, uint64_t k);
bool mbc_dense_int(mbc_pctx *p, uint32_t attr, uint64_t k, int64_t *v);
/* print_quant.c: a quant type's raw entry as MLIR prints it; false (and
 * nothing printed) when it cannot be decoded. */
bool mbc_print_quant(mbc_pctx *p, const mbc_ent *e);
/* print_llvm.c: an llvm dialect attribute's raw entry as MLIR prints it
 * (without its #llvm.mnemonic prefix when stripped); false (and nothing
 * printed) when its encoding has no syntax or cannot be decoded. */
bool mbc_print_llvm(mbc_pctx *p, const mbc_ent *e, bool stripped);
/* A text entry from byte skip of its text, with the llvm attributes read
 * inside it (mbc_llvm_text_read) printed as attributes: their aliases. */
void mbc_print_text(mbc_pctx *p, const mbc_ent *e, size_t skip);
/* Its alias stem, NULL when MLIR does not alias the kind. */
const char *mbc_llvm_alias(const mbc_module *m, const mbc_ent *e);
/* fn for every attribute its text holds, in the order printed. */
void mbc_llvm_children(mbc_module *m, const mbc_ent *e, void (*fn)(void *ctx, uint32_t attr),
		       void *ctx);
/* A failure while printing (first wins); printing continues harmlessly. */
void mbc_pfail(mbc_pctx *p, bcx_status s, const char *fmt, ...) BCX_PRINTF(3, 4);

#endif
