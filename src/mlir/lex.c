/* Tokenizer for MLIR's op syntax (Tile IR spec §21).
 * Positions are 1-based line and column (counting bytes); an error fills
 * the diagnostic's line, column and byte offset, and the message is the
 * reason alone (the caller shows "FILE:LINE:COL: " from the fields). */
#include "mlir/lex.h"
#include "common/textlex.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

void mlir_lex_init(mlir_lex *lx, const char *file, const char *src, size_t n, bcx_diag *diag)
{
	memset(lx, 0, sizeof *lx);
	lx->file = file ? file : "<input>";
	lx->src = lx->p = src;
	lx->end = src + n;
	lx->pos = (bcx_text_pos){1, src};
	lx->diag = diag;
}

/* The byte offset of line:col in src..end, or -1. One scan, on failure only. */
int64_t mlir_text_offset(const char *src, const char *end, unsigned line, unsigned col)
{
	const char *p = src;
	for (unsigned l = 1; l < line; l++) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl)
			return -1;
		p = nl + 1;
	}
	return col >= 1 && (size_t)(col - 1) <= (size_t)(end - p) ? (int64_t)(p - src) + col - 1 : -1;
}

static bool vfail(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, va_list ap)
	BCX_PRINTF(4, 0);

static bool vfail_status(mlir_lex *lx, bcx_status st, unsigned line, unsigned col,
			 const char *fmt, va_list ap) BCX_PRINTF(5, 0);

static bool vfail_status(mlir_lex *lx, bcx_status st, unsigned line, unsigned col,
			 const char *fmt, va_list ap)
{
	if (lx->status != BCX_OK)
		return false;
	char msg[BCX_DIAG_MSG_MAX];
	vsnprintf(msg, sizeof msg, fmt, ap);
	lx->status = st;
	bcx_diag_set_text(lx->diag, st, mlir_text_offset(lx->src, lx->end, line, col), line, col,
			  "%s%s", lx->prefix ? lx->prefix : "", msg);
	lx->t.k = MLIR_TK_EOF;
	return false;
}

static bool vfail(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, va_list ap)
{
	return vfail_status(lx, BCX_ERR_MALFORMED, line, col, fmt, ap);
}

static bool fail_status(mlir_lex *lx, bcx_status st, const char *fmt, ...) BCX_PRINTF(3, 4);
static bool fail_status(mlir_lex *lx, bcx_status st, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail_status(lx, st, lx->t.line, lx->t.col, fmt, ap);
	va_end(ap);
	return false;
}

bool mlir_nomem(mlir_lex *lx)
{
	return fail_status(lx, BCX_ERR_NOMEM, "out of memory");
}

bool mlir_fail_status(mlir_lex *lx, bcx_status st, const char *msg)
{
	return fail_status(lx, st == BCX_OK ? BCX_ERR_MALFORMED : st, "%s", msg);
}

bool mlir_fail(mlir_lex *lx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(lx, lx->t.line, lx->t.col, fmt, ap);
	va_end(ap);
	return false;
}

bool mlir_vfail_at(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, va_list ap)
{
	return vfail(lx, line, col, fmt, ap);
}

bool mlir_fail_at(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(lx, line, col, fmt, ap);
	va_end(ap);
	return false;
}

static int peekc(const mlir_lex *lx, size_t k)
{
	return (size_t)(lx->end - lx->p) > k ? (unsigned char)lx->p[k] : -1;
}

static void adv(mlir_lex *lx)
{
	if (*lx->p == '\n')
		bcx_text_newline(&lx->pos, lx->p);
	lx->p++;
}

/* The column of the lexer's place. */
static unsigned here_col(const mlir_lex *lx)
{
	return bcx_text_col(&lx->pos, lx->p);
}

/* The character classes are the shared table's (common/textlex.h). */
enum {
	C_SPACE = BCX_TX_SPACE,
	C_ID0 = BCX_TX_ID0,
	C_ID = BCX_TX_ID,
	C_DIGIT = BCX_TX_DIGIT,
	C_HEX = BCX_TX_HEX,
	C_PUNCT = BCX_TX_PUNCT,
	C_SIGIL = BCX_TX_SIGIL,
};
static bool is_idc(int c, bool first) { return bcx_text_is(c, first ? C_ID0 : C_ID); }
static bool is_digit(int c) { return bcx_text_is(c, C_DIGIT); }
static bool is_hex(int c) { return bcx_text_is(c, C_HEX); }

/* The first byte at or after q that is not of class k. */
static const char *scan(const mlir_lex *lx, const char *q, unsigned k)
{
	return bcx_text_skip(q, lx->end, k);
}

/* Skip blanks and // comments, counting lines by the newlines passed. */
static void skip_space(mlir_lex *lx)
{
	const char *q = lx->p;
	for (;;) {
		for (; q < lx->end && (bcx_text_cls[(unsigned char)*q] & C_SPACE); q++)
			if (*q == '\n')
				bcx_text_newline(&lx->pos, q);
		if ((size_t)(lx->end - q) < 2 || q[0] != '/' || q[1] != '/')
			break;
		const char *nl = memchr(q, '\n', (size_t)(lx->end - q));
		q = nl ? nl : lx->end;
	}
	lx->p = q;
}

static void lex_ident(mlir_lex *lx)
{
	lx->p = scan(lx, lx->p, C_ID);
}

/* The escape at the backslash q (before end): its length, and in *byte
 * the byte it stands for; 0 when it is not one of MLIR's (\" \\ \n \t
 * and \HH, two hex digits: tasm's byte escape is \xHH). */
static size_t escape_at(const char *q, const char *end, char *byte)
{
	int s = q + 1 < end ? bcx_text_escape(q[1]) : -1;
	if (s >= 0) {
		*byte = (char)s;
		return 2;
	}
	int hi = q + 2 < end ? bcx_text_hexval((unsigned char)q[1]) : -1;
	int lo = hi >= 0 ? bcx_text_hexval((unsigned char)q[2]) : -1;
	if (lo < 0)
		return 0;
	*byte = (char)(hi * 16 + lo);
	return 3;
}

/* The body of a string after its opening quote: a newline ends it in
 * error, and so do a vertical tab and a form feed, as in MLIR's lexer. */
static bool lex_string(mlir_lex *lx)
{
	adv(lx); /* opening quote */
	lx->t.p = lx->p;
	const char *q = lx->p;
	for (;;) {
		while (q < lx->end && *q != '"' && *q != '\\' && *q != '\n' && *q != '\v' &&
		       *q != '\f')
			q++;
		lx->p = q;
		if (q >= lx->end || *q != '\\')
			break;
		/* anything but MLIR's escapes (a newline too) is refused at the
		 * backslash, as MLIR does */
		char byte;
		size_t esc = escape_at(q, lx->end, &byte);
		if (!esc)
			return mlir_fail_at(lx, lx->pos.line, here_col(lx), "unknown escape in string literal");
		lx->p = q + esc;
		q = lx->p;
	}
	if (lx->p < lx->end && *lx->p == '\n')
		return mlir_fail(lx, "newline in string literal");
	if (lx->p < lx->end && (*lx->p == '\v' || *lx->p == '\f'))
		return mlir_fail_at(lx, lx->pos.line, here_col(lx), "expected '\"' in string literal");
	if (lx->p >= lx->end)
		return mlir_fail(lx, "unterminated string literal");
	lx->t.n = (size_t)(lx->p - lx->t.p);
	adv(lx);
	return true;
}

static void lex_number(mlir_lex *lx)
{
	lx->t.k = MLIR_TK_INT;
	if (peekc(lx, 0) == '0' && peekc(lx, 1) == 'x' && is_hex(peekc(lx, 2))) {
		lx->p = scan(lx, lx->p + 2, C_HEX);
		return;
	}
	lx->p = scan(lx, lx->p, C_DIGIT);
	/* MLIR's float literal is digits '.' digits* [exponent]: without the
	 * point, "1e400" is the integer 1 followed by the word e400 (tasm's
	 * numbers differ: its note takes strtod's forms, so this stays here) */
	if (peekc(lx, 0) != '.')
		return;
	lx->t.k = MLIR_TK_FLOAT;
	lx->p = scan(lx, lx->p + 1, C_DIGIT);
	int c = peekc(lx, 0);
	if ((c == 'e' || c == 'E') &&
	    (is_digit(peekc(lx, 1)) ||
	     ((peekc(lx, 1) == '+' || peekc(lx, 1) == '-') && is_digit(peekc(lx, 2)))))
		lx->p = scan(lx, lx->p + 2, C_DIGIT);
}

static mlir_tk sigil_kind(int c)
{
	switch (c) {
	case '%': return MLIR_TK_VALUE;
	case '^': return MLIR_TK_BLOCK;
	case '@': return MLIR_TK_SYM;
	case '#': return MLIR_TK_HASH;
	default: return MLIR_TK_BANG;
	}
}

/* Sigil tokens: %value, ^block, @sym, #attr, !type. */
static bool lex_sigil(mlir_lex *lx, int c)
{
	lx->t.k = sigil_kind(c);
	adv(lx);
	if (c == '@' && peekc(lx, 0) == '"')
		return lex_string(lx);
	lx->t.p = lx->p;
	/* SSA and block names are MLIR's suffix-id, which may hold '-' too */
	bool suffix = c == '%' || c == '^';
	if (!is_idc(peekc(lx, 0), !suffix) && !(suffix && peekc(lx, 0) == '-'))
		return mlir_fail(lx, "expected a name after '%c'", c);
	const char *q = lx->p;
	while ((q = scan(lx, q, C_ID)) < lx->end && suffix && *q == '-')
		q++;
	lx->p = q;
	if (c == '%' && peekc(lx, 0) == '#' && is_digit(peekc(lx, 1)))
		lx->p = scan(lx, lx->p + 1, C_DIGIT);
	lx->t.n = (size_t)(lx->p - lx->t.p);
	return true;
}

bool mlir_next(mlir_lex *lx)
{
	if (lx->status != BCX_OK)
		return false;
	skip_space(lx);
	lx->t = (mlir_tok){MLIR_TK_EOF, lx->p, 0, lx->p, lx->pos.line, here_col(lx), 0};
	if (lx->p >= lx->end)
		return true;
	int c = (unsigned char)*lx->p;
	unsigned k = bcx_text_cls[c];
	if (c == '"') {
		lx->t.k = MLIR_TK_STR;
		return lex_string(lx);
	}
	if (k & C_SIGIL)
		return lex_sigil(lx, c);
	if (k & C_DIGIT) {
		lex_number(lx);
	} else if (k & C_ID0) {
		lx->t.k = MLIR_TK_ID;
		lex_ident(lx);
	} else if (c == '-' && peekc(lx, 1) == '>') {
		lx->t.k = MLIR_TK_PUNCT;
		lx->t.ch = 'A';
		lx->p += 2;
	} else if (k & C_PUNCT) {
		lx->t.k = MLIR_TK_PUNCT;
		lx->t.ch = (char)c;
		lx->p++;
	} else {
		return mlir_fail(lx, "unexpected character '%c'", c >= 32 && c < 127 ? c : '?');
	}
	lx->t.n = (size_t)(lx->p - lx->t.p);
	return true;
}

mlir_pos mlir_tell(const mlir_lex *lx)
{
	return (mlir_pos){lx->t.s ? lx->t.s : lx->p, lx->t.line, lx->t.col};
}

bool mlir_seek(mlir_lex *lx, mlir_pos pos)
{
	if (lx->status != BCX_OK || !pos.p || pos.p < lx->src || pos.p > lx->end)
		return false;
	mlir_set_place(lx, pos.p, pos.line, pos.col);
	return mlir_next(lx);
}

void mlir_set_place(mlir_lex *lx, const char *p, unsigned line, unsigned col)
{
	lx->p = p;
	lx->pos = bcx_text_pos_at(line, p, col);
}

void mlir_skip_raw(mlir_lex *lx, size_t n)
{
	for (size_t i = 0; i < n && lx->p < lx->end; i++)
		adv(lx);
}

mlir_tok mlir_peek(const mlir_lex *lx)
{
	mlir_lex look = *lx;
	look.diag = NULL;
	if (!mlir_next(&look))
		look.t.k = MLIR_TK_EOF;
	return look.t;
}

bool mlir_is_punct(const mlir_lex *lx, char c)
{
	return lx->t.k == MLIR_TK_PUNCT && lx->t.ch == c;
}

bool mlir_is_id(const mlir_lex *lx, const char *word)
{
	return lx->t.k == MLIR_TK_ID && strlen(word) == lx->t.n && memcmp(lx->t.p, word, lx->t.n) == 0;
}

bool mlir_accept(mlir_lex *lx, char c)
{
	if (!mlir_is_punct(lx, c))
		return false;
	return mlir_next(lx);
}

bool mlir_expect(mlir_lex *lx, char c)
{
	if (mlir_is_punct(lx, c))
		return mlir_next(lx);
	if (lx->t.k == MLIR_TK_EOF && lx->status == BCX_OK)
		return mlir_fail(lx, "expected '%s' but reached the end of the input",
				c == 'A' ? "->" : (char[2]){c, 0});
	return mlir_fail(lx, "expected '%s' but found '%.*s'", c == 'A' ? "->" : (char[2]){c, 0},
			(int)(lx->t.n > 40 ? 40 : lx->t.n), lx->t.p);
}

bool mlir_expect_id(mlir_lex *lx, const char *word)
{
	if (mlir_is_id(lx, word))
		return mlir_next(lx);
	return mlir_fail(lx, "expected '%s' but found '%.*s'", word,
			(int)(lx->t.n > 40 ? 40 : lx->t.n), lx->t.p);
}

/* mlir_fail_at for the int-returning dimension readers. */
static int dims_fail(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
	BCX_PRINTF(4, 5);

static int dims_fail(mlir_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(lx, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

/* Reposition the lexer at the start of the current token. */
static void rewind_tok(mlir_lex *lx)
{
	const char *p = lx->t.p;
	if (lx->t.k == MLIR_TK_STR || lx->t.k == MLIR_TK_VALUE || lx->t.k == MLIR_TK_SYM ||
	    lx->t.k == MLIR_TK_HASH || lx->t.k == MLIR_TK_BANG || lx->t.k == MLIR_TK_BLOCK)
		p--;
	mlir_set_place(lx, p, lx->t.line, lx->t.col);
}

int mlir_dims(mlir_lex *lx, int64_t *dims, int max, bool allow_dynamic)
{
	rewind_tok(lx);
	int n = 0;
	for (;;) {
		int c = peekc(lx, 0);
		if (!is_digit(c) && c != '?')
			break;
		unsigned line = lx->pos.line, col = here_col(lx);
		int64_t v = 0;
		if (c == '?') {
			if (!allow_dynamic)
				return dims_fail(lx, line, col, "dynamic dimension not allowed here");
			v = INT64_MIN;
			adv(lx);
		} else {
			while (is_digit(peekc(lx, 0))) {
				if (v > (INT64_MAX - 9) / 10)
					return dims_fail(lx, line, col, "dimension too large");
				v = v * 10 + (peekc(lx, 0) - '0');
				adv(lx);
			}
		}
		if (peekc(lx, 0) != 'x')
			return dims_fail(lx, lx->pos.line, here_col(lx), "expected 'x' after a dimension");
		adv(lx);
		if (n >= max)
			return dims_fail(lx, line, col, "too many dimensions (at most %d)", max);
		dims[n++] = v;
	}
	if (!mlir_next(lx))
		return -1;
	return n;
}

bool mlir_tok_u64(const mlir_tok *t, uint64_t *v)
{
	bool hex = t->n > 2 && t->p[1] == 'x';
	return hex ? bcx_text_u64(t->p + 2, t->n - 2, 16, v) : bcx_text_u64(t->p, t->n, 10, v);
}

int mlir_hexval(char c)
{
	return bcx_text_hexval((unsigned char)c);
}

long mlir_str_value(const mlir_tok *t, char *buf, size_t cap)
{
	size_t o = 0;
	const char *end = t->p + t->n;
	for (size_t i = 0; i < t->n; i++) {
		char c = t->p[i];
		if (c == '\\') {
			size_t len = escape_at(t->p + i, end, &c);
			if (!len)
				return -1;
			i += len - 1;
		}
		if (o >= cap)
			return -1;
		buf[o++] = c;
	}
	return (long)o;
}

int mlir_dims_list(mlir_lex *lx, int64_t *dims, int max)
{
	rewind_tok(lx);
	int n = 0;
	do {
		unsigned line = lx->pos.line, col = here_col(lx);
		if (!is_digit(peekc(lx, 0)))
			return dims_fail(lx, line, col, "expected a dimension");
		int64_t v = 0;
		while (is_digit(peekc(lx, 0))) {
			if (v > (INT64_MAX - 9) / 10)
				return dims_fail(lx, line, col, "dimension too large");
			v = v * 10 + (peekc(lx, 0) - '0');
			adv(lx);
		}
		if (n >= max)
			return dims_fail(lx, line, col, "too many dimensions (at most %d)", max);
		dims[n++] = v;
	} while (peekc(lx, 0) == 'x' && is_digit(peekc(lx, 1)) && (adv(lx), true));
	if (!mlir_next(lx))
		return -1;
	return n;
}
