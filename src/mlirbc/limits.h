/* Limits the reader and the text parser share, so that what bcx writes
 * it reads back, and what it refuses to read it refuses to write. */
#ifndef BCX_MLIRBC_LIMITS_H
#define BCX_MLIRBC_LIMITS_H

#include <stdbool.h>
#include <stdint.h>

/* The widest integer type MLIR has (IntegerType::kMaxWidth). */
#define MBC_INT_TYPE_BITS_MAX 16777215u

/* The widest integer value (IntegerAttr, dense and sparse elements) bcx
 * decodes and prints. Printing a value in decimal is quadratic in its
 * size, so a file cannot make the printer spend long on one number; types
 * may be wider (`i8192` as a type is read, printed and written). */
#define MBC_INT_VALUE_BITS_MAX 4096u

static inline bool mbc_int_value_fits(uint64_t bits)
{
	return bits <= MBC_INT_VALUE_BITS_MAX;
}

#endif
