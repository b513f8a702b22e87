/* The lexing rules the text readers share: the MLIR lexer (src/mlir/lex.c,
 * for the Tile IR and MLIR assemblers) and the Tapioca assembler's
 * (src/tapioca/tasm.c): character classes, digits, escapes, and the place
 * in the text (line and column). Each keeps its own token shapes where
 * the two syntaxes differ; what is written here is the same in both.
 * Internal. */
#ifndef BCX_COMMON_TEXTLEX_H
#define BCX_COMMON_TEXTLEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Character classes, one table lookup a byte: a lexer runs over every byte
 * of its text, and a chain of comparisons a byte showed in the assemblers'
 * profiles. ID0/ID are MLIR's bare-identifier characters; PUNCT and SIGIL
 * are MLIR's one-character tokens (tasm does not look at them). */
enum {
	BCX_TX_BLANK = 1,   /* ' ', '\t', '\r' */
	BCX_TX_ID0 = 2,     /* starts a bare identifier: letters, '_' */
	BCX_TX_ID = 4,      /* continues one: also digits, '$', '.' */
	BCX_TX_DIGIT = 8,
	BCX_TX_HEX = 16,
	BCX_TX_PUNCT = 32,  /* ( ) { } [ ] < > , : = ? * - + */
	BCX_TX_SIGIL = 64,  /* % ^ @ # ! */
	BCX_TX_NEWLINE = 128,
	BCX_TX_SPACE = BCX_TX_BLANK | BCX_TX_NEWLINE,
};
extern const uint8_t bcx_text_cls[256];

/* Is c (a byte, or -1 for "no byte") of one of the classes in k? */
static inline bool bcx_text_is(int c, unsigned k)
{
	return c >= 0 && (bcx_text_cls[c & 0xff] & k);
}

/* The first byte at or after p (before end) not of a class in k. */
static inline const char *bcx_text_skip(const char *p, const char *end, unsigned k)
{
	while (p < end && (bcx_text_cls[(unsigned char)*p] & k))
		p++;
	return p;
}

/* The value of a hex digit (either case), or -1. */
static inline int bcx_text_hexval(int c)
{
	if (bcx_text_is(c, BCX_TX_DIGIT))
		return c - '0';
	return bcx_text_is(c, BCX_TX_HEX) ? (c | 0x20) - 'a' + 10 : -1;
}

/* Digits p[0..n) in base 10 or 16 (no prefix, no sign) to *v; false when
 * a byte is not a digit of the base or the value passes UINT64_MAX. */
bool bcx_text_u64(const char *p, size_t n, unsigned base, uint64_t *v);

/* Where a lexer is in its text, as both keep it: the 1-based line and
 * where that line starts. A column is asked for only where a token or a
 * message needs one (bcx_text_col), so moving along a line costs nothing;
 * MLIR's lexer and the Tapioca note both count it in bytes from 1. */
typedef struct bcx_text_pos {
	unsigned line;
	const char *line_start;
} bcx_text_pos;

/* Past the newline at nl: the next line starts after it. */
static inline void bcx_text_newline(bcx_text_pos *pos, const char *nl)
{
	pos->line++;
	pos->line_start = nl + 1;
}

/* The 1-based column of p, a byte of the current line. */
static inline unsigned bcx_text_col(const bcx_text_pos *pos, const char *p)
{
	return (unsigned)(p - pos->line_start) + 1;
}

/* The place of p, a byte known to be at line:col (a token's). */
static inline bcx_text_pos bcx_text_pos_at(unsigned line, const char *p, unsigned col)
{
	return (bcx_text_pos){line, p - (col - 1)};
}

/* The character a one-letter escape \e stands for (\n \t \" \\, the same
 * in both syntaxes), or -1: the byte escapes differ (MLIR writes \HH, the
 * Tapioca note \xHH), so each lexer reads those itself. */
int bcx_text_escape(char e);

#endif
