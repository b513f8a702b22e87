/* The MLIR text lexer shared by every format that reads MLIR text (Tile IR's
 * assembler today, MLIR bytecode's later): tokens of MLIR's op syntax with
 * 1-based line and column. Errors are reported as "FILE:LINE:COL: message"
 * in the diag message, the first one wins. Not installed. */
#ifndef BCX_MLIR_LEX_H
#define BCX_MLIR_LEX_H

#include "bcx/core.h"
#include "common/textlex.h"

#include <stdarg.h>

typedef enum mlir_tk {
	MLIR_TK_EOF,
	MLIR_TK_ID,     /* bare identifier, may contain '.', '$' and digits */
	MLIR_TK_VALUE,  /* %name (p/n exclude the '%'), may end in #N */
	MLIR_TK_BLOCK,  /* ^name */
	MLIR_TK_SYM,    /* @name or @"name" */
	MLIR_TK_HASH,   /* #name */
	MLIR_TK_BANG,   /* !name */
	MLIR_TK_STR,    /* "..." (p/n span the raw text between the quotes) */
	MLIR_TK_INT,    /* decimal or 0x hex digits, no sign */
	MLIR_TK_FLOAT,  /* decimal with '.' or exponent, no sign */
	MLIR_TK_PUNCT,  /* one of ( ) { } [ ] < > , : = ? * - + and "->" as '>' with arrow */
} mlir_tk;

typedef struct mlir_tok {
	mlir_tk k;
	const char *p;
	size_t n;
	const char *s;  /* where the token starts (its sigil or quote included) */
	unsigned line, col;
	char ch;        /* MLIR_TK_PUNCT: the character; 'A' for "->" */
} mlir_tok;

typedef struct mlir_lex {
	const char *file;
	const char *src, *p, *end;
	bcx_text_pos pos;  /* p's line, and where it starts */
	unsigned depth;   /* nesting of regions/attributes, bounded */
	mlir_tok t;        /* the current token */
	bcx_diag *diag;
	bcx_status status;
	/* Put before every message: MLIR names the op whose custom parser
	 * failed ("custom op 'cuda_tile.addf' "); NULL outside one. */
	const char *prefix;
} mlir_lex;

/* Nesting of regions and attributes in text: the library-wide default. */
#define MLIR_MAX_DEPTH BCX_LIMIT_DEPTH

/* The byte offset of the 1-based line:col in the text src..end, or -1 when
 * the text has no such place. */
int64_t mlir_text_offset(const char *src, const char *end, unsigned line, unsigned col);

void mlir_lex_init(mlir_lex *lx, const char *file, const char *src, size_t n, bcx_diag *diag);
/* Advance to the next token; false after an error. */
bool mlir_next(mlir_lex *lx);
/* A place in the text to come back to: the current token's start. */
typedef struct mlir_pos {
	const char *p;
	unsigned line, col;
} mlir_pos;
mlir_pos mlir_tell(const mlir_lex *lx);
/* Continue lexing at pos (the token there becomes current). */
bool mlir_seek(mlir_lex *lx, mlir_pos pos);
/* Put the lexer at p, whose place is line:col (a token's), for a caller
 * that reads characters there itself; */
void mlir_set_place(mlir_lex *lx, const char *p, unsigned line, unsigned col);
/* and move it n bytes on (not past the end), counting the lines passed. */
void mlir_skip_raw(mlir_lex *lx, size_t n);
/* The token after the current one, without moving or failing (an
 * unlexable token comes back as MLIR_TK_EOF). */
mlir_tok mlir_peek(const mlir_lex *lx);
/* Fail at the current token (first error wins). Always returns false. */
/* An allocation failed: BCX_ERR_NOMEM at the current token (a full heap
 * is not bad text). */
bool mlir_nomem(mlir_lex *lx);
/* A failure of status st (a builder's, say) with its message at the
 * current token. */
bool mlir_fail_status(mlir_lex *lx, bcx_status st, const char *msg);
bool mlir_fail(mlir_lex *lx, const char *fmt, ...) BCX_PRINTF(2, 3);
bool mlir_fail_at(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
	BCX_PRINTF(4, 5);
/* mlir_fail_at with the caller's va_list. */
bool mlir_vfail_at(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, va_list ap)
	BCX_PRINTF(4, 0);
/* Token tests. */
bool mlir_is_punct(const mlir_lex *lx, char c);
bool mlir_is_id(const mlir_lex *lx, const char *word);
/* Consume an expected punctuation / keyword, or fail naming it. */
bool mlir_expect(mlir_lex *lx, char c);
bool mlir_expect_id(mlir_lex *lx, const char *word);
/* Consume punctuation if present. */
bool mlir_accept(mlir_lex *lx, char c);
/*
 * Dimension list of a shaped type read straight from the characters at the
 * current token (MLIR lexes "4x8xf32" as one run): reads "D x D x ... x"
 * where D is a decimal or '?', stores up to `max` values (INT64_MIN for '?')
 * and leaves the current token at the element type. Returns the count or -1.
 */
int mlir_dims(mlir_lex *lx, int64_t *dims, int max, bool allow_dynamic);
/* "D x D x ... D" without a trailing element type (the tile=(...) of
 * views); leaves the current token after the last dimension. */
int mlir_dims_list(mlir_lex *lx, int64_t *dims, int max);
/* Parse an unsigned integer token's value; false on overflow. */
bool mlir_tok_u64(const mlir_tok *t, uint64_t *v);
/* Value of a hex digit, or -1. */
int mlir_hexval(char c);
/* Unescape a MLIR_TK_STR into buf (cap bytes); returns length or -1. */
long mlir_str_value(const mlir_tok *t, char *buf, size_t cap);

#endif

