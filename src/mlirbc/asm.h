/* The generic-form text parser behind bcx asm --format mlirbc: asm.c reads
 * ops, regions, blocks and values; asm_attr.c attributes, types and
 * locations; asm_dense.c the element literals. Everything lands in the
 * writer's model. Not installed. */
#ifndef BCX_MLIRBC_ASM_H
#define BCX_MLIRBC_ASM_H

#include "wmodel.h"
#include "mlir/lex.h"

typedef struct ps_def {
	uint32_t name;     /* in ps.names */
	uint32_t value;    /* first value, or block index */
	uint32_t count;    /* values defined under the name */
	uint32_t prev;     /* the definition it shadows + 1 */
	const char *src;   /* an alias: its definition's text (NULL otherwise) */
	size_t nsrc;
} ps_def;

typedef struct ps_pend {
	uint32_t name, k;  /* name and result number (#k) */
	uint32_t *slot;
	unsigned line, col;
} ps_pend;

/* Printer-style numbered names with a direct array each (asm_names.c). */
#define PS_NUM_FORMS 3

/* The one-word type cache of asm_attr.c: spelling (n bytes) to entry. */
#define PS_TCACHE_BITS 4
typedef struct ps_typecache {
	uint64_t key;
	uint32_t id;
	uint8_t n;                   /* 0: empty */
} ps_typecache;

typedef struct ps {
	mw_module *m;
	mlir_lex lx;
	const char *file;
	uint32_t file_attr;          /* StringAttr of the file name */
	mw_table names;              /* "%name", "^name", "#alias", "!alias" */
	mw_table res_keys;           /* (dialect, key string) of each resource */
	uint32_t *cur;               /* per name: definition + 1 */
	size_t ccur;
	uint32_t *num[PS_NUM_FORMS]; /* per number of %N, %argN, ^bbN: the same */
	size_t cnum[PS_NUM_FORMS];
	uint32_t num_limit;          /* the largest number kept there */
	ps_def *defs;                /* on the heap, as the scratch stacks below */
	size_t ndefs, cdefs;
	ps_pend *pend;
	size_t npend, cpend;
	size_t told;                 /* text length last given to m->text_read */
	unsigned depth;              /* regions */
	unsigned adepth;             /* attributes and types */
	char *sbuf;                  /* unescaped string literal */
	size_t csbuf;
	/* Scratch stacks on the heap for lists that end up in a template
	 * (types of a signature, elements of an array or dictionary): a
	 * list takes the top, nested lists go above it and are popped
	 * before it grows again; the caller pops the list when done. */
	uint32_t *tys;
	size_t ntys, ctys;
	mw_named *lst;
	size_t nlst, clst;
	uint32_t *bops;              /* the ops of the blocks being read */
	size_t nbops, cbops;
	bool file_locs_hashed;       /* a written loc("FILE":L:C) went to the table */
	uint64_t expanded;           /* bytes of text entries with aliases spelled out */
	ps_typecache tcache[1 << PS_TCACHE_BITS];
} ps;

/* asm_attr.c */
uint32_t ps_attr(ps *p);
uint32_t ps_type(ps *p);
uint32_t ps_loc(ps *p);               /* after 'loc': "(...)" */
/* A list of types up to close, at p->tys[*first ..] (pop: ntys = *first). */
bool ps_types(ps *p, char close, size_t *first, uint32_t *n);
/* Room for one more on a scratch stack (PS_ROOM(p, p->tys, p->ntys, p->ctys)). */
#define PS_ROOM(p, arr, n, cap) MW_HEAP_ROOM((p)->m, arr, n, cap)
/* A StringAttr of the current string token (unescaped); advances. */
uint32_t ps_string_attr(ps *p);
/* Unescape the current string token into p->sbuf; length or -1. */
long ps_unescape(ps *p);
/* asm_names.c: the id of a sigil + name (value, block or alias). */
uint32_t ps_name(ps *p, char sigil, const char *s, size_t n);
/* The definition of a name in scope + 1, 0 none. */
uint32_t ps_lookup(ps *p, uint32_t name);
/* Define name in the current scope. */
bool ps_define(ps *p, uint32_t name, uint32_t value, uint32_t count);
/* Undo a definition when its scope ends: the name's earlier one is back. */
void ps_unbind(ps *p, const ps_def *d);
/* A name as written (sigil included) for messages; snprintf's result. */
int ps_name_text(const ps *p, uint32_t name, char *out, size_t cap);
void ps_names_init(ps *p, size_t text_len);
void ps_names_free(ps *p);
bool ps_fail(ps *p, const char *fmt, ...) BCX_PRINTF(2, 3);
/* Raw access for what MLIR's lexer treats specially: skip blanks from the
 * lexer's position; does the text there start with s? */
bool ps_raw_at(ps *p, const char *s);
void ps_raw_skip(ps *p, size_t n);

/* A text entry of dialect: prefix, then the balanced <...> at the current
 * token (an attribute printed without its #dialect.mnemonic prefix). */
uint32_t ps_text_body(ps *p, const char *prefix, const char *dialect);
/* asm_expand.c: *s..*n with the aliases inside spelled out (an arena
 * copy; unchanged when it holds none), as MLIR writes a text entry; at:
 * the entry's first token, where a failure is reported. */
bool ps_expand_aliases(ps *p, const char **s, size_t *n, const mlir_tok *at);
/* asm_llvm.c: an llvm attribute whose encoding dialect_enc.def gives
 * (#llvm.di_file<...>, the current token), into that encoding; MW_NONE - 1
 * (nothing read) for any other attribute. */
uint32_t ps_llvm_attr(ps *p);

/* f80 and f128 have no entry in mlir/floats.def: their mw_tinfo.flt. */
#define PS_F80 250
#define PS_F128 251

/* The entry of FILE:line:col when it is an op's or argument's own
 * location (m->own; made an entry now), or MW_NONE: the caller interns it
 * then. */
uint32_t ps_file_loc(ps *p, uint64_t line, uint64_t col);

/* asm_dense.c */
uint32_t ps_dense(ps *p);             /* after 'dense' */
uint32_t ps_dense_array(ps *p);       /* after 'array' */
uint32_t ps_sparse(ps *p);            /* after 'sparse' */
uint32_t ps_dense_resource(ps *p);    /* after 'dense_resource' */
/* The resource key of a dialect (created on first mention). */
uint32_t ps_resource(ps *p, uint32_t dialect, const char *key, size_t n);
/* Whether the literal [-]v fits an integer type as MLIR's parser checks
 * it: no bits lost, a negative value keeps its sign, a positive signed
 * (or index) value does not set the sign bit, an unsigned one is not
 * negative; i0 holds only 0. */
bool ps_int_fits(uint64_t v, bool negative, const mw_tinfo *ti);
/* Encode an integer of a width as MLIR's APInt (spec §2) into the template. */
void ps_apint(mw_module *m, uint64_t lo, bool negative, uint32_t width);
/* The bits of a float literal token (with sign) in format k. */
bool ps_float_bits(ps *p, bool neg, int kind, uint64_t *lo, uint64_t *hi);

#endif
