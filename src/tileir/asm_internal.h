/* Internals of the Tile IR assembler: a tokenizer for MLIR's generic op
 * syntax (spec §21) and the parsed form handed to the builder. Errors are
 * reported as "FILE:LINE:COL: message" in the diag message. */
#ifndef BCX_TILEIR_ASM_INTERNAL_H
#define BCX_TILEIR_ASM_INTERNAL_H

#include "bcx/core.h"

typedef enum asm_tk {
	TK_EOF,
	TK_ID,     /* bare identifier, may contain '.', '$' and digits */
	TK_VALUE,  /* %name (p/n exclude the '%'), may end in #N */
	TK_BLOCK,  /* ^name */
	TK_SYM,    /* @name or @"name" */
	TK_HASH,   /* #name */
	TK_BANG,   /* !name */
	TK_STR,    /* "..." (p/n span the raw text between the quotes) */
	TK_INT,    /* decimal or 0x hex digits, no sign */
	TK_FLOAT,  /* decimal with '.' or exponent, no sign */
	TK_PUNCT,  /* one of ( ) { } [ ] < > , : = ? * - + and "->" as '>' with arrow */
} asm_tk;

typedef struct asm_tok {
	asm_tk k;
	const char *p;
	size_t n;
	unsigned line, col;
	char ch;        /* TK_PUNCT: the character; 'A' for "->" */
} asm_tok;

typedef struct asm_lex {
	const char *file;
	const char *src, *p, *end;
	unsigned line, col;
	unsigned depth;   /* nesting of regions/attributes, bounded */
	asm_tok t;        /* the current token */
	bcx_diag *diag;
	bcx_status status;
} asm_lex;

#define ASM_MAX_DEPTH 64

void asm_lex_init(asm_lex *lx, const char *file, const char *src, size_t n, bcx_diag *diag);
/* Advance to the next token; false after an error. */
bool asm_next(asm_lex *lx);
/* Fail at the current token (first error wins). Always returns false. */
bool asm_fail(asm_lex *lx, const char *fmt, ...) BCX_PRINTF(2, 3);
bool asm_fail_at(asm_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
	BCX_PRINTF(4, 5);
/* Token tests. */
bool asm_is_punct(const asm_lex *lx, char c);
bool asm_is_id(const asm_lex *lx, const char *word);
/* Consume an expected punctuation / keyword, or fail naming it. */
bool asm_expect(asm_lex *lx, char c);
bool asm_expect_id(asm_lex *lx, const char *word);
/* Consume punctuation if present. */
bool asm_accept(asm_lex *lx, char c);
/*
 * Dimension list of a shaped type read straight from the characters at the
 * current token (MLIR lexes "4x8xf32" as one run): reads "D x D x ... x"
 * where D is a decimal or '?', stores up to `max` values (INT64_MIN for '?')
 * and leaves the current token at the element type. Returns the count or -1.
 */
int asm_dims(asm_lex *lx, int64_t *dims, int max, bool allow_dynamic);
/* "D x D x ... D" without a trailing element type (the tile=(...) of
 * views); leaves the current token after the last dimension. */
int asm_dims_list(asm_lex *lx, int64_t *dims, int max);
/* Parse an unsigned integer token's value; false on overflow. */
bool asm_tok_u64(const asm_tok *t, uint64_t *v);
/* Value of a hex digit, or -1. */
int asm_hexval(char c);
/* Unescape a TK_STR into buf (cap bytes); returns length or -1. */
long asm_str_value(const asm_tok *t, char *buf, size_t cap);

#endif

/* ---- the parser (asm_type.c, asm_attr.c, asm_parse.c) ---- */
#include "bcx/tileir_build.h"
#include "tileir/write_internal.h"

typedef struct asm_parser {
	asm_lex lx;
	bcx_tb_module *m;
	bcx_arena *arena;       /* the parse tree; freed after building */
	wr_table names;         /* value names of the current function */
	uint32_t *name_val;     /* name index -> value number */
	uint32_t cap_names;
} asm_parser;

/* Report a builder failure (its diag) at the current token. */
bool ap_built(asm_parser *p, bcx_status st, const bcx_diag *bd);
/* A type in generic form; `!cuda_tile.` is optional. */
bool ap_type(asm_parser *p, bcx_tb_type *out);
/* A function type "(T, ...) -> T | (T, ...)". */
bool ap_func_type(asm_parser *p, bcx_tb_type **ins, uint32_t *n_in, bcx_tb_type **outs,
		  uint32_t *n_out);
/* An attribute value (after "name ="). */
bool ap_attr(asm_parser *p, bcx_tb_attr **out);
/* IEEE-style bits of a finite decimal value in the float type with tag. */
bool ap_float_bits(double v, uint8_t tag, uint64_t *bits);
/* Copy of the current token's text into the parse arena. */
char *ap_tok_dup(asm_parser *p);
