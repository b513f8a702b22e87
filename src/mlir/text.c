/* Strings, identifiers and float format lookups of MLIR's text syntax. */
#include "mlir/text.h"

#include <string.h>

static const mlir_float_sem sems[MLIR_FLT_COUNT] = {
#define MLIR_FLOAT(ID, name, bits, prec, ebits, bias, ieee, fn, nonan, e8m0, nuz) \
	[MLIR_FLT_##ID] = {name, bits, prec, ebits, bias, ieee, fn, nonan, e8m0, nuz},
#include "mlir/floats.def"
#undef MLIR_FLOAT
};

const mlir_float_sem *mlir_float_semantics(mlir_float k)
{
	return k > MLIR_FLT_NONE && k < MLIR_FLT_COUNT ? &sems[k] : NULL;
}

mlir_float mlir_float_by_name(const char *name, size_t len)
{
	for (unsigned k = MLIR_FLT_NONE + 1; k < MLIR_FLT_COUNT; k++)
		if (strlen(sems[k].name) == len && memcmp(sems[k].name, name, len) == 0)
			return (mlir_float)k;
	return MLIR_FLT_NONE;
}

void mlir_print_string(bcx_buf *o, const uint8_t *p, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	bcx_buf_put_u8(o, '"');
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];
		if (c == '\\') {
			bcx_buf_puts(o, "\\\\");
		} else if (c >= 0x20 && c < 0x7f && c != '"') {
			bcx_buf_put_u8(o, c);
		} else {
			bcx_buf_put_u8(o, '\\');
			bcx_buf_put_u8(o, (uint8_t)hex[c >> 4]);
			bcx_buf_put_u8(o, (uint8_t)hex[c & 15]);
		}
	}
	bcx_buf_put_u8(o, '"');
}

bool mlir_is_bare_ident(const uint8_t *p, size_t n)
{
	if (!n)
		return false;
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];
		bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
		bool digit = c >= '0' && c <= '9';
		if (!(alpha || (i && (digit || c == '$' || c == '.'))))
			return false;
	}
	return true;
}

void mlir_print_ident(bcx_buf *o, const uint8_t *p, size_t n)
{
	if (mlir_is_bare_ident(p, n))
		bcx_buf_put_bytes(o, p, n);
	else
		mlir_print_string(o, p, n);
}
