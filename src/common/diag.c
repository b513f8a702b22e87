/* Status texts and the diagnostic record. */
#include "bcx/core.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char *bcx_version(void) { return BCX_VERSION_STRING; }

const char *bcx_status_str(bcx_status s)
{
	switch (s) {
	case BCX_OK: return "ok";
	case BCX_ERR_TRUNCATED: return "truncated input";
	case BCX_ERR_MALFORMED: return "malformed input";
	case BCX_ERR_LIMIT: return "limit exceeded";
	case BCX_ERR_NOMEM: return "out of memory";
	case BCX_ERR_UNSUPPORTED: return "unsupported";
	case BCX_ERR_INVALID_ARG: return "invalid argument";
	case BCX_ERR_IO: return "input/output error";
	case BCX_ERR_OVERFLOW: return "value out of range";
	case BCX_ERR_NOT_FOUND: return "not found";
	}
	return "unknown status";
}

void bcx_diag_clear(bcx_diag *d)
{
	if (d)
		memset(d, 0, sizeof *d);
}

/* Where a failure is: byte or bit offset (has_offset), and for text its
 * line and column. */
typedef struct diag_place {
	bool has, bits;
	uint64_t off;
	uint32_t line, column;
} diag_place;

static diag_place byte_place(int64_t offset)
{
	return (diag_place){offset >= 0, false, offset >= 0 ? (uint64_t)offset : 0, 0, 0};
}

/* Fill d unless it already holds a failure (the first one wins). */
static bcx_status diag_fill(bcx_diag *d, bcx_status code, diag_place at, const char *fmt,
			    va_list ap) BCX_PRINTF(4, 0);
static bcx_status diag_fill(bcx_diag *d, bcx_status code, diag_place at, const char *fmt,
			    va_list ap)
{
	if (!d || d->code != BCX_OK || code == BCX_OK)
		return code;
	d->code = code;
	d->has_offset = at.has;
	d->is_bit_offset = at.bits;
	d->offset = at.off;
	d->line = at.line;
	d->column = at.column;
	if (fmt)
		vsnprintf(d->message, sizeof d->message, fmt, ap);
	else
		snprintf(d->message, sizeof d->message, "%s", bcx_status_str(code));
	return code;
}

bcx_status bcx_diag_set(bcx_diag *d, bcx_status code, int64_t offset, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_fill(d, code, byte_place(offset), fmt, ap);
	va_end(ap);
	return code;
}

bcx_status bcx_diag_set_bits(bcx_diag *d, bcx_status code, uint64_t bit_offset,
			     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_fill(d, code, (diag_place){true, true, bit_offset, 0, 0}, fmt, ap);
	va_end(ap);
	return code;
}

bcx_status bcx_diag_set_text(bcx_diag *d, bcx_status code, int64_t offset, uint32_t line,
			     uint32_t column, const char *fmt, ...)
{
	diag_place at = byte_place(offset);
	at.line = line;
	at.column = column;
	va_list ap;
	va_start(ap, fmt);
	diag_fill(d, code, at, fmt, ap);
	va_end(ap);
	return code;
}

void bcx_diag_context(bcx_diag *d, const char *fmt, ...)
{
	if (!d || d->context[0])
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->context, sizeof d->context, fmt, ap);
	va_end(ap);
}

bcx_limits bcx_limits_resolve(const bcx_limits *l)
{
	bcx_limits r = l ? *l : (bcx_limits){0};
	if (!r.max_depth)
		r.max_depth = BCX_LIMIT_DEPTH;
	if (!r.max_count)
		r.max_count = BCX_LIMIT_COUNT;
	if (!r.max_total)
		r.max_total = BCX_LIMIT_TOTAL;
	return r;
}

void bcx_options_copy(void *dst, size_t dst_size, const void *src)
{
	size_t n = 0;
	memset(dst, 0, dst_size);
	if (src)
		memcpy(&n, src, sizeof n);
	if (n > dst_size)
		n = dst_size;
	if (n > sizeof n)
		memcpy((unsigned char *)dst + sizeof n, (const unsigned char *)src + sizeof n,
		       n - sizeof n);
	memcpy(dst, &dst_size, sizeof dst_size);
}
