/*
 * Floating-point text exactly as MLIR's printer writes it (spec §21.3):
 * the shortest-of-two decimal forms that read back to the same bits, else
 * the bit pattern in hex. The decimal conversion follows the arbitrary-
 * precision algorithm of LLVM's APFloat::toString (digits are produced from
 * the exact value significand * 2^exp, then cut in two stages), so the
 * digits agree with the reference for every value and format.
 */
#include "mlir/text.h"

#include <stdlib.h>
#include <string.h>

#define BN_LIMBS 96 /* 3072 bits: f64 denormals need about 2600 */

typedef struct bignum {
	uint32_t w[BN_LIMBS];
	unsigned n; /* limbs in use */
} bignum;

static void bn_set(bignum *b, uint64_t v)
{
	memset(b, 0, sizeof *b);
	b->w[0] = (uint32_t)v;
	b->w[1] = (uint32_t)(v >> 32);
	b->n = 2;
}

static void bn_trim(bignum *b)
{
	while (b->n && !b->w[b->n - 1])
		b->n--;
}

static void bn_mul_small(bignum *b, uint32_t k)
{
	uint64_t carry = 0;
	for (unsigned i = 0; i < b->n; i++) {
		uint64_t t = (uint64_t)b->w[i] * k + carry;
		b->w[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry && b->n < BN_LIMBS)
		b->w[b->n++] = (uint32_t)carry;
}

static uint32_t bn_divmod_small(bignum *b, uint32_t k)
{
	uint64_t rem = 0;
	for (unsigned i = b->n; i-- > 0;) {
		uint64_t cur = (rem << 32) | b->w[i];
		b->w[i] = (uint32_t)(cur / k);
		rem = cur % k;
	}
	bn_trim(b);
	return (uint32_t)rem;
}

static void bn_shl(bignum *b, unsigned s)
{
	for (unsigned i = 0; i < s; i++)
		bn_mul_small(b, 2);
}

static unsigned bn_active_bits(const bignum *b)
{
	unsigned n = b->n;
	while (n && !b->w[n - 1])
		n--;
	if (!n)
		return 0;
	uint32_t top = b->w[n - 1];
	unsigned bits = 0;
	while (top) {
		bits++;
		top >>= 1;
	}
	return (n - 1) * 32 + bits;
}

static bool bn_is_zero(const bignum *b)
{
	for (unsigned i = 0; i < b->n; i++)
		if (b->w[i])
			return false;
	return true;
}

/* First stage of APFloat's AdjustToPrecision: drop whole decimal digits by
 * truncating division when the value has far more bits than needed. */
static void adjust_bits(bignum *b, int *exp, unsigned prec)
{
	unsigned bits = bn_active_bits(b);
	unsigned required = (prec * 196 + 58) / 59;
	if (bits <= required)
		return;
	unsigned tens = (bits - required) * 59 / 196;
	*exp += (int)tens;
	for (unsigned i = 0; i < tens; i++)
		bn_divmod_small(b, 10);
}

/* Second stage: round half up on the decimal digits (buf[0] least). */
static void adjust_digits(char *buf, unsigned *n, int *exp, unsigned prec)
{
	if (*n <= prec)
		return;
	unsigned first = *n - prec;
	if (buf[first - 1] < '5') {
		while (first < *n && buf[first] == '0')
			first++;
	} else {
		for (unsigned i = first; i != *n; i++) {
			if (buf[i] == '9') {
				first++;
			} else {
				buf[i]++;
				break;
			}
		}
		if (first == *n) {
			*exp += (int)first;
			buf[0] = '1';
			*n = 1;
			return;
		}
	}
	*exp += (int)first;
	memmove(buf, buf + first, *n - first);
	*n -= first;
}

/* Digits of sig * 2^exp, least significant first, with exp now decimal. */
static unsigned make_digits(uint64_t sig, int exp, unsigned prec, char *buf, int *dexp)
{
	bignum v;
	while (sig && !(sig & 1)) {
		sig >>= 1;
		exp++;
	}
	bn_set(&v, sig);
	if (exp > 0) {
		bn_shl(&v, (unsigned)exp);
		exp = 0;
	} else {
		for (int i = 0; i < -exp; i++)
			bn_mul_small(&v, 5);
	}
	bn_trim(&v);
	adjust_bits(&v, &exp, prec);
	unsigned n = 0;
	bool trail = true;
	while (!bn_is_zero(&v)) {
		uint32_t d = bn_divmod_small(&v, 10);
		if (trail && !d) {
			exp++;
		} else {
			buf[n++] = (char)('0' + d);
			trail = false;
		}
	}
	adjust_digits(buf, &n, &exp, prec);
	*dexp = exp;
	return n;
}

/* APFloat::toStringImpl formatting of digits buf[0..n) (least first). */
static void format_digits(bcx_buf *o, bool neg, const char *buf, unsigned n, int exp,
			  unsigned prec, unsigned max_pad, bool trunc_zero)
{
	if (neg)
		bcx_buf_put_u8(o, '-');
	bool sci;
	if (!max_pad) {
		sci = true;
	} else if (exp >= 0) {
		sci = (unsigned)exp > max_pad || n + (unsigned)exp > prec;
	} else {
		int msd = exp + (int)(n - 1);
		sci = msd < 0 && (unsigned)-msd > max_pad;
	}
	if (sci) {
		exp += (int)(n - 1);
		bcx_buf_put_u8(o, (uint8_t)buf[n - 1]);
		bcx_buf_put_u8(o, '.');
		if (n == 1 && trunc_zero)
			bcx_buf_put_u8(o, '0');
		for (unsigned i = 1; i < n; i++)
			bcx_buf_put_u8(o, (uint8_t)buf[n - 1 - i]);
		if (!trunc_zero && prec > n - 1)
			for (unsigned i = 0; i < prec - n + 1; i++)
				bcx_buf_put_u8(o, '0');
		bcx_buf_printf(o, "%c%c%s%d", trunc_zero ? 'E' : 'e', exp >= 0 ? '+' : '-',
			       (!trunc_zero && abs(exp) < 10) ? "0" : "", abs(exp));
		return;
	}
	if (exp >= 0) {
		for (unsigned i = 0; i < n; i++)
			bcx_buf_put_u8(o, (uint8_t)buf[n - 1 - i]);
		for (int i = 0; i < exp; i++)
			bcx_buf_put_u8(o, '0');
		return;
	}
	int whole = exp + (int)n;
	unsigned i = 0;
	if (whole > 0) {
		for (; i < (unsigned)whole; i++)
			bcx_buf_put_u8(o, (uint8_t)buf[n - 1 - i]);
		bcx_buf_put_u8(o, '.');
	} else {
		bcx_buf_puts(o, "0.");
		for (int z = 0; z < -whole; z++)
			bcx_buf_put_u8(o, '0');
	}
	for (; i < n; i++)
		bcx_buf_put_u8(o, (uint8_t)buf[n - 1 - i]);
}


/* Exact power-of-two scaling and rounding on doubles, written out so that
 * the library needs no libm (all values here are exactly representable). */
static double scale2(double x, int e)
{
	for (; e > 0; e--)
		x *= 2.0;
	for (; e < 0; e++)
		x *= 0.5;
	return x;
}

static int exponent_of(double a) /* floor(log2 a) for a > 0 */
{
	int e = 0;
	while (a >= 2.0) {
		a *= 0.5;
		e++;
	}
	while (a < 1.0) {
		a *= 2.0;
		e--;
	}
	return e;
}

static double round_even(double x) /* 0 <= x < 2^52 */
{
	volatile double big = 4503599627370496.0;
	volatile double t = x + big;
	return t - big;
}

static bool neg_bit(double d)
{
	uint64_t b;
	memcpy(&b, &d, sizeof b);
	return b >> 63;
}

typedef mlir_float_sem fsem;

typedef enum { FC_ZERO, FC_FINITE, FC_SPECIAL } fclass;

/* Decompose a bit pattern into sign and value = sig * 2^exp. */
static fclass decompose(const fsem *s, uint64_t bits, bool *neg, uint64_t *sig, int *exp)
{
	if (s->e8m0) {
		*neg = false;
		if (bits == 0xff)
			return FC_SPECIAL;
		*sig = 1;
		*exp = (int)bits - 127;
		return FC_FINITE;
	}
	unsigned mbits = s->prec - 1;
	uint64_t man = bits & ((1ull << mbits) - 1);
	uint64_t e = (bits >> mbits) & ((1ull << s->ebits) - 1);
	uint64_t emax = (1ull << s->ebits) - 1;
	*neg = (bits >> (s->bits - 1)) & 1;
	if ((s->ieee && e == emax) || (s->fn && e == emax && man == (1ull << mbits) - 1) ||
	    (s->nuz && *neg && e == 0 && man == 0))
		return FC_SPECIAL;
	if (e == 0 && man == 0)
		return FC_ZERO;
	*sig = e ? man | (1ull << mbits) : man;
	*exp = (e ? (int)e : 1) - s->bias - (int)mbits;
	return FC_FINITE;
}

static double value_of(bool neg, uint64_t sig, int exp)
{
	double v = scale2((double)sig, exp);
	return neg ? -v : v;
}

/* Largest finite value of a format, as a double. */
static double max_finite(const fsem *s)
{
	if (s->e8m0)
		return scale2(1.0, 127);
	unsigned mbits = s->prec - 1;
	int emax = (int)((1u << s->ebits) - 1) - s->bias - (s->ieee ? 1 : 0);
	uint64_t sig = (1ull << s->prec) - 1;
	if (s->fn)
		sig--; /* S.1111.111 is the NaN */
	return scale2((double)sig, emax - (int)mbits);
}

/* Does text read back (round to nearest even) as exactly `v`? */
static bool reads_back(const fsem *s, mlir_float tag, const char *text, double v)
{
	double d = tag == MLIR_FLT_F32 ? (double)strtof(text, NULL) : strtod(text, NULL);
	if (tag != MLIR_FLT_F32 && tag != MLIR_FLT_F64) {
		double a = neg_bit(d) ? -d : d;
		if (a != 0) {
			int e = exponent_of(a);
			int emin = s->e8m0 ? -127 : 1 - s->bias;
			int q = (e < emin ? emin : e) - (int)(s->prec - 1);
			a = scale2(round_even(scale2(a, -q)), q);
			if (a > max_finite(s))
				return false;
		}
		if (s->e8m0 && a < scale2(1.0, -127)) /* no zero: the smallest */
			a = scale2(1.0, -127);
		d = neg_bit(d) ? -a : a;
	}
	return d == v && neg_bit(d) == neg_bit(v);
}

static void put_hex(bcx_buf *o, uint64_t bits)
{
	bcx_buf_printf(o, "0x%llX", (unsigned long long)bits);
}

/* When the work buffer t ran out of memory: o takes its status (the text
 * would otherwise come out shorter, or as hex, with o still OK) and t is
 * freed. */
static bool failed_into(bcx_buf *o, bcx_buf *t)
{
	if (t->status == BCX_OK)
		return false;
	if (o->status == BCX_OK)
		o->status = t->status;
	bcx_buf_free(t);
	return true;
}

bool mlir_print_float(bcx_buf *o, mlir_float tag, uint64_t bits)
{
	const fsem *sp = mlir_float_semantics(tag);
	bool neg = false;
	uint64_t sig = 0;
	int exp = 0;
	if (!sp) {
		put_hex(o, bits);
		return true;
	}
	fsem s = *sp;
	fclass c = decompose(&s, bits, &neg, &sig, &exp);
	if (c == FC_SPECIAL) {
		put_hex(o, bits);
		return true;
	}
	if (c == FC_ZERO) {
		bcx_buf_puts(o, neg ? "-0.000000e+00" : "0.000000e+00");
		return false;
	}
	char digits[800];
	char text[900];
	int dexp;
	unsigned n = make_digits(sig, exp, 6, digits, &dexp);
	bcx_buf t = {0};
	bcx_buf_init(&t, o->alloc);
	format_digits(&t, neg, digits, n, dexp, 6, 0, false);
	if (failed_into(o, &t))
		return false;
	double v = value_of(neg, sig, exp);
	size_t len = t.len < sizeof text - 1 ? t.len : sizeof text - 1;
	memcpy(text, t.data, len);
	text[len] = 0;
	if (t.status == BCX_OK && reads_back(&s, tag, text, v)) {
		bcx_buf_put_bytes(o, text, len);
		bcx_buf_free(&t);
		return false;
	}
	t.len = 0;
	unsigned prec = 2 + s.prec * 59 / 196;
	n = make_digits(sig, exp, prec, digits, &dexp);
	format_digits(&t, neg, digits, n, dexp, prec, 3, true);
	if (failed_into(o, &t))
		return false;
	bool dot = memchr(t.data, '.', t.len) != NULL;
	if (dot)
		bcx_buf_put_bytes(o, t.data, t.len);
	else
		put_hex(o, bits);
	bcx_buf_free(&t);
	return !dot;
}

/* APFloat::convertToInteger(width 64, unsigned, toward zero) as MLIR uses
 * it to name constants: 1 with *out set when exact, 0 when inexact, out of
 * range or negative non-zero, -1 for NaN. */
int mlir_float_to_u64(mlir_float k, uint64_t bits, uint64_t *out)
{
	const mlir_float_sem *s = mlir_float_semantics(k);
	if (!s)
		return 0;
	unsigned mbits = s->e8m0 ? 0 : s->prec - 1;
	unsigned sign_bits = s->e8m0 ? 0 : 1;
	uint64_t mant = mbits ? bits & ((1ull << mbits) - 1) : 0;
	uint64_t emax = (1ull << s->ebits) - 1;
	uint64_t e = (bits >> mbits) & emax;
	bool neg = sign_bits && (bits >> (s->bits - 1) & 1);
	bool nan = s->e8m0 ? e == emax
		 : s->ieee ? (e == emax && mant)
		 : s->fn ? (e == emax && mant == (1ull << mbits) - 1)
		 : s->nuz ? (neg && e == 0 && mant == 0) : false;
	if (nan)
		return -1;
	if (s->ieee && e == emax)
		return 0; /* infinity */
	if (e == 0 && mant == 0 && !s->e8m0) {
		/* APFloat converts -0 to the integer 0 but calls it inexact
		 * (negative zero is no integer), and MLIR names only exact ones */
		*out = 0;
		return !neg;
	}
	/* value = m * 2^x with m an integer */
	uint64_t m = (e || s->e8m0) && mbits ? mant | 1ull << mbits : mant;
	if (s->e8m0)
		m = 1;
	int64_t x = (int64_t)(e ? e : 1) - s->bias - (int64_t)mbits;
	if (neg)
		return 0;
	while (x < 0) {
		if (m & 1)
			return 0;
		m >>= 1;
		x++;
	}
	for (; x > 0; x--) {
		if (m >> 63)
			return 0;
		m <<= 1;
	}
	*out = m;
	return 1;
}
