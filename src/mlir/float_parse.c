/* Decimal values to the bit patterns of MLIR's float formats, rounded to
 * nearest-even the way MLIR's parser converts a literal (spec §21.3). */
#include "mlir/text.h"

#include <string.h>

/* Round the significand sig (with the implicit bit) right by shift bits,
 * to nearest, ties to even. */
static uint64_t rne_shift(uint64_t sig, unsigned shift)
{
	if (shift == 0)
		return sig;
	if (shift > 63)
		return 0;
	uint64_t r = sig >> shift, rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
	return r + (rem > half || (rem == half && (r & 1)));
}

bool mlir_float_bits(double v, mlir_float k, uint64_t *bits)
{
	uint64_t d;
	memcpy(&d, &v, sizeof d);
	unsigned dexp = (unsigned)(d >> 52) & 0x7FF;
	if (dexp == 0x7FF)
		return false; /* inf and NaN are written as hex bit patterns */
	if (k == MLIR_FLT_F64 || k == MLIR_FLT_F32) {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, sizeof u);
		*bits = k == MLIR_FLT_F64 ? d : u;
		return k == MLIR_FLT_F64 || ((u >> 23) & 0xFF) != 0xFF;
	}
	const mlir_float_sem *fs = mlir_float_semantics(k);
	bool neg = d >> 63;
	if (!fs || (fs->e8m0 && neg && v != 0))
		return false;
	int eb = (int)fs->ebits, mb = (int)fs->prec - 1;
	uint64_t s = neg && !fs->e8m0 ? 1ull << (eb + mb) : 0, mant = d & ((1ull << 52) - 1);
	int bias = fs->bias, biased = (int)dexp - 1023 + bias;
	if (fs->e8m0 && (dexp == 0 || biased < 0)) {
		/* no zero and no subnormals: what is below 2^-127, zero
		 * included, becomes 2^-127, as APFloat makes it */
		*bits = 0;
		return true;
	}
	if (fs->nuz)
		s = 0; /* no negative zero; a negative value is put back below */
	if (dexp == 0) { /* zero or a double subnormal: rounds to zero here */
		*bits = s;
		return true;
	}
	uint64_t sig = mant | (1ull << 52), r;
	/* f8E8M0FNU's exponent field 0 is a normal value, 2^-127 */
	if (biased >= 1 || fs->e8m0)
		r = ((uint64_t)(biased - 1) << mb) + rne_shift(sig, (unsigned)(52 - mb));
	else
		r = rne_shift(sig, (unsigned)(52 - mb + 1 - biased));
	/* overflow: not representable as a finite value (in a format with
	 * infinities, a rounded value whose exponent field is all ones is one) */
	if (r >> (eb + mb) || (fs->ieee && (r >> mb) == (1ull << eb) - 1))
		return false;
	if (fs->nuz && neg && r)
		s = 1ull << (eb + mb);
	*bits = s | r;
	return true;
}
