/* Number literals and dictionary keys, as MLIR's parser reads them: the
 * token layer under types, attributes and locations. */
#include "tileir/parse/asm_internal.h"
#include "tileir/model/tables.h"
#include "common/internal.h"

#include <stdlib.h>
#include <string.h>

bcx_status ap_number(asm_parser *p, num *n)
{
	memset(n, 0, sizeof *n);
	n->sline = p->lx.t.line;
	n->scol = p->lx.t.col;
	n->neg = mlir_accept(&p->lx, '-');
	mlir_tok t = p->lx.t;
	/* MLIR reports a literal's errors at the literal, after its sign */
	n->line = t.line;
	n->col = t.col;
	if (t.k == MLIR_TK_INT) {
		n->is_hex = t.n > 2 && t.p[1] == 'x';
		/* the custom form's dense parser knows a float element type
		 * already and refuses the literal itself, as MLIR's attribute
		 * parser (its message names no op) */
		if (p->dense_kind == 2 && !n->is_hex) {
			p->lx.prefix = NULL;
			return ap_fail(p, "unexpected decimal integer literal for a floating "
				       "point value");
		}
		if (!mlir_tok_u64(&t, &n->u))
			return ap_fail(p, "integer literal too large");
		/* the custom form's dense parser reads an integer as int64_t
		 * first (MLIR's parseInteger), so -0 is 0 there */
		n->int64 = p->dense_kind == 1;
		if (n->int64 && n->u > (uint64_t)INT64_MAX + n->neg)
			return ap_error_at(p, n->sline, n->scol, "integer value too large");
		n->f = (double)n->u;
	} else if (t.k == MLIR_TK_FLOAT) {
		char *buf = bcx_arena_alloc(p->arena, t.n + 1); /* any length MLIR takes */
		if (!buf)
			return ap_nomem(p);
		memcpy(buf, t.p, t.n);
		buf[t.n] = 0;
		n->f = strtod(buf, NULL);
		n->is_float = true;
	} else {
		/* in the custom form the element type came first, and the
		 * reference's dense parser says which literal it wanted */
		return ap_fail(p, "%s", p->dense_kind == 1   ? "expected integer value"
					: p->dense_kind == 2 ? "expected floating point literal"
							     : "expected a number");
	}
	if (n->neg)
		n->f = -n->f;
	return ap_next(p);
}

/* Element bits of value n under scalar type tag, by MLIR's rules: an
 * integer's magnitude must fit the width, and a negative one must come out
 * with its sign bit set once negated (so -0 and -129 : i8 are refused,
 * 255 and -128 : i8 are taken); a hex float gives the bits, which must fit;
 * a decimal float rounds, and one too large becomes infinity where the
 * format has it. what names the context in the message ("type" inside a
 * dense literal, "attribute" for a typed number). */
bcx_status ap_num_bits(asm_parser *p, const num *n, uint8_t tag, const char *what,
		       uint64_t *bits)
{
	unsigned w = tir_tag_bits(tag);
	uint64_t mask = w >= 64 ? UINT64_MAX : (1ull << w) - 1;
	if (n->is_bool && !(w == 1 && !tir_tag_is_float(tag)))
		return ap_error_at(p, n->line, n->col, "%s",
				  tir_tag_is_float(tag) ? "expected floating point literal"
							: "expected integer value");
	if (tir_tag_is_float(tag)) {
		if (!n->is_float && !n->is_hex)
			return ap_error_at(p, n->line, n->col,
					  "unexpected decimal integer literal for a floating point "
					  "value");
		if (n->is_hex && n->neg && p->dense_kind == 2)
			p->lx.prefix = NULL; /* MLIR's float parser's words, as below */
		if (n->is_hex && n->neg)
			return ap_error_at(p, n->line, n->col,
					  "hexadecimal float literal should not have a leading minus");
		if (n->is_hex) {
			*bits = n->u;
			if (n->u & ~mask)
				return ap_error_at(p, n->line, n->col,
						  "float constant out of range for %s", what);
			return BCX_OK;
		}
		if (mlir_float_bits(n->f, tir_float_kind(tag), bits))
			return BCX_OK;
		/* too large: what MLIR's conversion (APFloat) gives, infinity
		 * where the format has one, else its NaN (f8E4M3FN: all ones
		 * after the sign), its largest value (f4E2M1FN, all ones too),
		 * or f8E8M0FNU's NaN for a positive value */
		const mlir_float_sem *fs = mlir_float_semantics(tir_float_kind(tag));
		unsigned mb = fs ? fs->prec - 1 : 0;
		uint64_t sign = n->f < 0 && fs && !fs->e8m0 ? 1ull << (fs->ebits + mb) : 0;
		if (fs && fs->ieee) { /* all-ones exponent */
			*bits = sign | ((1ull << fs->ebits) - 1) << mb;
			return BCX_OK;
		}
		if (fs && (fs->fn || fs->nonan || (fs->e8m0 && n->f > 0))) {
			*bits = sign | ((1ull << (fs->ebits + mb)) - 1);
			return BCX_OK;
		}
		return ap_error_at(p, n->line, n->col, "float constant out of range for %s",
				  what);
	}
	if (n->is_float)
		return ap_error_at(p, n->line, n->col, "expected an integer value");
	uint64_t v = n->neg ? (uint64_t)0 - n->u : n->u;
	/* the magnitude of the most negative value (none for a tag of no bits) */
	uint64_t neg_max = w == 0 ? 0 : w >= 64 ? 1ull << 63 : 1ull << (w - 1);
	bool fits = n->u <= mask;
	if (n->neg) /* negated, the sign bit must be set */
		fits = n->u != 0 && n->u <= neg_max;
	if (n->int64) { /* an int64_t in [-2^(w-1), 2^w - 1], reported at its sign */
		fits = n->neg ? n->u <= neg_max : n->u <= mask;
		if (!fits)
			return ap_error_at(p, n->sline, n->scol,
					  "integer constant out of range for %s", what);
	}
	if (!fits)
		return ap_error_at(p, n->line, n->col, "integer constant out of range%s%s",
				  what ? " for " : "", what ? what : "");
	*bits = v & mask;
	return BCX_OK;
}

bcx_status ap_int_literal(asm_parser *p, uint8_t tag, const char *what, uint64_t *bits)
{
	num n;
	BCX_TRY(ap_number(p, &n));
	return ap_num_bits(p, &n, tag, what, bits);
}

bcx_status ap_signed_int(asm_parser *p, int64_t *v)
{
	/* MLIR's parseInteger takes the keywords too, as a one-bit value
	 * sign-extended to the width asked for: true is -1, false 0. */
	bool t = mlir_is_id(&p->lx, "true");
	if (t || mlir_is_id(&p->lx, "false")) {
		*v = t ? -1 : 0;
		return ap_next(p);
	}
	num n;
	BCX_TRY(ap_number(p, &n));
	if (n.is_float || n.u > (uint64_t)INT64_MAX + n.neg)
		return ap_error_at(p, n.line, n.col, "expected a 64-bit integer");
	*v = n.neg ? (int64_t)(0 - n.u) : (int64_t)n.u;
	return BCX_OK;
}

/* An unsigned number of 32 or 64 bits, read as MLIR's parseInteger reads
 * one: true and false are a one-bit -1 and 0; a negative literal is
 * negated in 4 bits per significant digit (one more when its top bit is
 * set) and wraps to the width when that is at most the width (for 32
 * bits, -1 is 4294967295 and -100000000 is too large); a larger value is
 * too large. Errors are at the sign, in MLIR's words. */
bcx_status ap_unsigned_int(asm_parser *p, unsigned bits, uint64_t *v)
{
	unsigned line = p->lx.t.line, col = p->lx.t.col;
	uint64_t max = bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
	bool t = mlir_is_id(&p->lx, "true");
	if (t || mlir_is_id(&p->lx, "false")) {
		*v = t ? max : 0;
		return ap_next(p);
	}
	bool neg = mlir_accept(&p->lx, '-');
	if (p->lx.t.k != MLIR_TK_INT)
		return ap_fail(p, "expected integer value");
	if (!mlir_tok_u64(&p->lx.t, v) || *v > max)
		return ap_error_at(p, line, col, "integer value too large");
	if (neg && *v) {
		const char *d = p->lx.t.p, *end = d + p->lx.t.n;
		if (end - d > 2 && d[1] == 'x')
			d += 2;
		while (*d == '0') /* leading zeros are not counted */
			d++;
		uint64_t width = 4 * (uint64_t)(end - d);
		if (width > 64 || (*v >> (width - 1)) & 1)
			width++;
		if (width > bits)
			return ap_error_at(p, line, col, "integer value too large");
		*v = (0 - *v) & max;
	}
	return ap_next(p);
}

/* The text of a dictionary key token: a bare name, or a string's
 * contents (escapes kept; a key with one is compared as written). */
static void key_text(const mlir_tok *t, const char **s, size_t *n)
{
	bool str = t->k == MLIR_TK_STR && t->n >= 2;
	*s = str ? t->p + 1 : t->p;
	*n = str ? t->n - 2 : t->n;
}

bcx_status ap_key_unique(asm_parser *p, const mlir_tok *seen, uint32_t n)
{
	const char *s, *o;
	size_t len, olen;
	key_text(&p->lx.t, &s, &len);
	for (uint32_t i = 0; i < n; i++) {
		key_text(&seen[i], &o, &olen);
		if (olen == len && memcmp(o, s, len) == 0)
			return ap_fail(p, "duplicate key '%.*s' in dictionary attribute",
				      (int)(len > 60 ? 60 : len), s);
	}
	return BCX_OK;
}
