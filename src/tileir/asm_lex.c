/* Tokenizer for the generic MLIR op syntax of Tile IR modules (spec §21).
 * Positions are 1-based line and column; every error message starts with
 * "FILE:LINE:COL: " so that editors can jump to it. */
#include "tileir/asm_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void asm_lex_init(asm_lex *lx, const char *file, const char *src, size_t n, bcx_diag *diag)
{
	memset(lx, 0, sizeof *lx);
	lx->file = file ? file : "<input>";
	lx->src = lx->p = src;
	lx->end = src + n;
	lx->line = lx->col = 1;
	lx->diag = diag;
}

static bool vfail(asm_lex *lx, unsigned line, unsigned col, const char *fmt, va_list ap)
	BCX_PRINTF(4, 0);

static bool vfail(asm_lex *lx, unsigned line, unsigned col, const char *fmt, va_list ap)
{
	if (lx->status != BCX_OK)
		return false;
	char msg[200];
	vsnprintf(msg, sizeof msg, fmt, ap);
	lx->status = BCX_ERR_MALFORMED;
	bcx_diag_set(lx->diag, BCX_ERR_MALFORMED, -1, "%s:%u:%u: %s", lx->file, line, col, msg);
	lx->t.k = TK_EOF;
	return false;
}

bool asm_fail(asm_lex *lx, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(lx, lx->t.line, lx->t.col, fmt, ap);
	va_end(ap);
	return false;
}

bool asm_fail_at(asm_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(lx, line, col, fmt, ap);
	va_end(ap);
	return false;
}

static int peekc(const asm_lex *lx, size_t k)
{
	return (size_t)(lx->end - lx->p) > k ? (unsigned char)lx->p[k] : -1;
}

static void adv(asm_lex *lx)
{
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->p++;
}

/* Skip blanks and // comments. */
static void skip_space(asm_lex *lx)
{
	while (lx->p < lx->end) {
		int c = peekc(lx, 0);
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			adv(lx);
		else if (c == '/' && peekc(lx, 1) == '/')
			while (lx->p < lx->end && *lx->p != '\n')
				adv(lx);
		else
			break;
	}
}

static bool is_idc(int c, bool first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
		return true;
	return !first && ((c >= '0' && c <= '9') || c == '$' || c == '.');
}

static void lex_ident(asm_lex *lx)
{
	while (lx->p < lx->end && is_idc(peekc(lx, 0), false))
		adv(lx);
}

static bool lex_string(asm_lex *lx)
{
	adv(lx); /* opening quote */
	lx->t.p = lx->p;
	while (lx->p < lx->end && *lx->p != '"') {
		if (*lx->p == '\n')
			return asm_fail(lx, "newline in string literal");
		if (*lx->p == '\\' && lx->p + 1 < lx->end)
			adv(lx);
		adv(lx);
	}
	if (lx->p >= lx->end)
		return asm_fail(lx, "unterminated string literal");
	lx->t.n = (size_t)(lx->p - lx->t.p);
	adv(lx);
	return true;
}

static bool is_digit(int c) { return c >= '0' && c <= '9'; }
static bool is_hex(int c)
{
	return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static void lex_number(asm_lex *lx)
{
	lx->t.k = TK_INT;
	if (peekc(lx, 0) == '0' && peekc(lx, 1) == 'x' && is_hex(peekc(lx, 2))) {
		adv(lx);
		adv(lx);
		while (is_hex(peekc(lx, 0)))
			adv(lx);
		return;
	}
	while (is_digit(peekc(lx, 0)))
		adv(lx);
	if (peekc(lx, 0) == '.' && is_digit(peekc(lx, 1))) {
		lx->t.k = TK_FLOAT;
		adv(lx);
		while (is_digit(peekc(lx, 0)))
			adv(lx);
	}
	int c = peekc(lx, 0);
	if ((c == 'e' || c == 'E') &&
	    (is_digit(peekc(lx, 1)) ||
	     ((peekc(lx, 1) == '+' || peekc(lx, 1) == '-') && is_digit(peekc(lx, 2))))) {
		lx->t.k = TK_FLOAT;
		adv(lx);
		adv(lx);
		while (is_digit(peekc(lx, 0)))
			adv(lx);
	}
}

/* Sigil tokens: %value, ^block, @sym, #attr, !type. */
static bool lex_sigil(asm_lex *lx, int c)
{
	static const struct { char c; asm_tk k; } map[] = {
		{'%', TK_VALUE}, {'^', TK_BLOCK}, {'@', TK_SYM}, {'#', TK_HASH}, {'!', TK_BANG}};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (map[i].c == c)
			lx->t.k = map[i].k;
	adv(lx);
	if (c == '@' && peekc(lx, 0) == '"')
		return lex_string(lx);
	lx->t.p = lx->p;
	if (!is_idc(peekc(lx, 0), c != '%' && c != '^'))
		return asm_fail(lx, "expected a name after '%c'", c);
	lex_ident(lx);
	if (c == '%' && peekc(lx, 0) == '#' && is_digit(peekc(lx, 1))) {
		adv(lx);
		while (is_digit(peekc(lx, 0)))
			adv(lx);
	}
	lx->t.n = (size_t)(lx->p - lx->t.p);
	return true;
}

bool asm_next(asm_lex *lx)
{
	if (lx->status != BCX_OK)
		return false;
	skip_space(lx);
	lx->t = (asm_tok){TK_EOF, lx->p, 0, lx->line, lx->col, 0};
	if (lx->p >= lx->end)
		return true;
	int c = peekc(lx, 0);
	if (c == '"') {
		lx->t.k = TK_STR;
		return lex_string(lx);
	}
	if (c && strchr("%^@#!", c))
		return lex_sigil(lx, c);
	if (is_digit(c)) {
		lex_number(lx);
	} else if (is_idc(c, true)) {
		lx->t.k = TK_ID;
		lex_ident(lx);
	} else if (c == '-' && peekc(lx, 1) == '>') {
		lx->t.k = TK_PUNCT;
		lx->t.ch = 'A';
		adv(lx);
		adv(lx);
	} else if (c && strchr("(){}[]<>,:=?*-+", c)) {
		lx->t.k = TK_PUNCT;
		lx->t.ch = (char)c;
		adv(lx);
	} else {
		return asm_fail(lx, "unexpected character '%c'", c >= 32 && c < 127 ? c : '?');
	}
	lx->t.n = (size_t)(lx->p - lx->t.p);
	return true;
}

bool asm_is_punct(const asm_lex *lx, char c)
{
	return lx->t.k == TK_PUNCT && lx->t.ch == c;
}

bool asm_is_id(const asm_lex *lx, const char *word)
{
	return lx->t.k == TK_ID && strlen(word) == lx->t.n && memcmp(lx->t.p, word, lx->t.n) == 0;
}

bool asm_accept(asm_lex *lx, char c)
{
	if (!asm_is_punct(lx, c))
		return false;
	return asm_next(lx);
}

bool asm_expect(asm_lex *lx, char c)
{
	if (asm_is_punct(lx, c))
		return asm_next(lx);
	if (lx->t.k == TK_EOF && lx->status == BCX_OK)
		return asm_fail(lx, "expected '%s' but reached the end of the input",
				c == 'A' ? "->" : (char[2]){c, 0});
	return asm_fail(lx, "expected '%s' but found '%.*s'", c == 'A' ? "->" : (char[2]){c, 0},
			(int)(lx->t.n > 40 ? 40 : lx->t.n), lx->t.p);
}

bool asm_expect_id(asm_lex *lx, const char *word)
{
	if (asm_is_id(lx, word))
		return asm_next(lx);
	return asm_fail(lx, "expected '%s' but found '%.*s'", word,
			(int)(lx->t.n > 40 ? 40 : lx->t.n), lx->t.p);
}

/* asm_fail_at for the int-returning dimension readers. */
static int dims_fail(asm_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
	BCX_PRINTF(4, 5);

static int dims_fail(asm_lex *lx, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vfail(lx, line, col, fmt, ap);
	va_end(ap);
	return -1;
}

/* Reposition the lexer at the start of the current token. */
static void rewind_tok(asm_lex *lx)
{
	lx->p = lx->t.p;
	if (lx->t.k == TK_STR || lx->t.k == TK_VALUE || lx->t.k == TK_SYM ||
	    lx->t.k == TK_HASH || lx->t.k == TK_BANG || lx->t.k == TK_BLOCK)
		lx->p--;
	lx->line = lx->t.line;
	lx->col = lx->t.col;
}

int asm_dims(asm_lex *lx, int64_t *dims, int max, bool allow_dynamic)
{
	rewind_tok(lx);
	int n = 0;
	for (;;) {
		int c = peekc(lx, 0);
		if (!is_digit(c) && c != '?')
			break;
		unsigned line = lx->line, col = lx->col;
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
			return dims_fail(lx, lx->line, lx->col, "expected 'x' after a dimension");
		adv(lx);
		if (n >= max)
			return dims_fail(lx, line, col, "too many dimensions (at most %d)", max);
		dims[n++] = v;
	}
	if (!asm_next(lx))
		return -1;
	return n;
}

bool asm_tok_u64(const asm_tok *t, uint64_t *v)
{
	uint64_t r = 0;
	bool hex = t->n > 2 && t->p[1] == 'x';
	for (size_t i = hex ? 2 : 0; i < t->n; i++) {
		char c = t->p[i];
		unsigned d = is_digit(c) ? (unsigned)(c - '0')
					 : (unsigned)((c | 0x20) - 'a' + 10);
		unsigned base = hex ? 16 : 10;
		if (r > (UINT64_MAX - d) / base)
			return false;
		r = r * base + d;
	}
	*v = r;
	return true;
}

int asm_hexval(char c)
{
	if (is_digit(c))
		return c - '0';
	return (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : -1;
}

long asm_str_value(const asm_tok *t, char *buf, size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < t->n; i++) {
		char c = t->p[i];
		if (c == '\\' && i + 1 < t->n) {
			char e = t->p[++i];
			if (e == 'n')
				c = '\n';
			else if (e == 't')
				c = '\t';
			else if (e == '"' || e == '\\')
				c = e;
			else if (i + 1 < t->n && asm_hexval(e) >= 0 && asm_hexval(t->p[i + 1]) >= 0)
				c = (char)(asm_hexval(e) * 16 + asm_hexval(t->p[++i]));
			else
				return -1;
		}
		if (o >= cap)
			return -1;
		buf[o++] = c;
	}
	return (long)o;
}

int asm_dims_list(asm_lex *lx, int64_t *dims, int max)
{
	rewind_tok(lx);
	int n = 0;
	do {
		unsigned line = lx->line, col = lx->col;
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
	if (!asm_next(lx))
		return -1;
	return n;
}
