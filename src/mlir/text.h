/* The MLIR text layer shared by every format that prints or parses MLIR:
 * float formats and their text, string escaping, identifiers. The lexer is
 * in lex.h. Not installed. */
#ifndef BCX_MLIR_TEXT_H
#define BCX_MLIR_TEXT_H

#include "bcx/core.h"

typedef enum mlir_float {
	MLIR_FLT_NONE = 0,
#define MLIR_FLOAT(ID, ...) MLIR_FLT_##ID,
#include "mlir/floats.def"
#undef MLIR_FLOAT
	MLIR_FLT_COUNT
} mlir_float;

/* A float format's properties (floats.def). */
typedef struct mlir_float_sem {
	const char *name;
	unsigned bits, prec, ebits;
	int bias;
	bool ieee, fn, nonan, e8m0, nuz;
} mlir_float_sem;

/* The semantics of k, NULL for MLIR_FLT_NONE or an unknown k. */
const mlir_float_sem *mlir_float_semantics(mlir_float k);
/* The format named `name` ("f32", "bf16", ...), MLIR_FLT_NONE if none. */
mlir_float mlir_float_by_name(const char *name, size_t len);

/* MLIR's text for the bit pattern `bits` of format k (spec §21.3); returns
 * true when it printed hex (the caller then keeps an elidable type). */
bool mlir_print_float(bcx_buf *o, mlir_float k, uint64_t bits);
/* The bit pattern of the finite decimal value v in format k, rounded to
 * nearest-even as MLIR's parser rounds; false when v is not finite there. */
bool mlir_float_bits(double v, mlir_float k, uint64_t *bits);

/* Whether bits of format k is a non-negative integer that fits 64 bits,
 * as APFloat::convertToInteger sees it: 1 (value in *out), 0 (no), or -1
 * (NaN). +0 is the integer 0; -0 is not (APFloat: inexact). */
int mlir_float_to_u64(mlir_float k, uint64_t bits, uint64_t *out);

/* "..." with MLIR's escapes (\\ and \XX for anything not printable). */
void mlir_print_string(bcx_buf *o, const uint8_t *p, size_t n);
/* True when [p, p+n) is a bare identifier ([A-Za-z_][A-Za-z0-9_$.]*). */
bool mlir_is_bare_ident(const uint8_t *p, size_t n);
/* A dictionary key or symbol: bare when it is an identifier, else quoted. */
void mlir_print_ident(bcx_buf *o, const uint8_t *p, size_t n);

#endif
