/* Buffered streaming output: decimal numbers without printf on the hot
 * path, printf without truncation, JSON string escaping. */
#include "common/out.h"

#include <stdarg.h>
#include <stdio.h>

void bcx_out_init(bcx_out *o, const bcx_sink *sink)
{
	o->sink = sink;
	o->status = BCX_OK;
	o->n = 0;
}

void bcx_out_flush(bcx_out *o)
{
	if (o->n && o->status == BCX_OK)
		o->status = o->sink->write(o->sink->ctx, o->buf, o->n);
	o->n = 0;
}

const char bcx_digits2[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

const uint64_t bcx_pow10[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
	10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
	100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull};

void bcx_out_putu(bcx_out *o, uint64_t v)
{
	char *p = bcx_out_room(o, 20);
	o->n = (size_t)(bcx_put_dec(p, v) - o->buf);
}

void bcx_out_puti(bcx_out *o, int64_t v)
{
	if (v < 0) {
		bcx_out_putc(o, '-');
		bcx_out_putu(o, (uint64_t)0 - (uint64_t)v);
		return;
	}
	bcx_out_putu(o, (uint64_t)v);
}

void bcx_out_printf(bcx_out *o, const char *fmt, ...)
{
	for (int pass = 0; pass < 2; pass++) {
		size_t room = sizeof o->buf - o->n;
		va_list ap;
		va_start(ap, fmt);
		int n = vsnprintf(o->buf + o->n, room, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if ((size_t)n < room) {
			o->n += (size_t)n;
			return;
		}
		bcx_out_flush(o); /* and try again with the whole buffer */
	}
	if (o->status == BCX_OK)
		o->status = BCX_ERR_LIMIT;
}

void bcx_out_indent(bcx_out *o, unsigned n)
{
	static const char spaces[] = "                                                                ";
	if (BCX_LIKELY(n <= 64 && o->n + 64 <= sizeof o->buf)) {
		memcpy(o->buf + o->n, spaces, 64); /* fixed size: a few moves */
		o->n += n;
		return;
	}
	while (n > 0) {
		unsigned k = n < sizeof spaces - 1 ? n : (unsigned)(sizeof spaces - 1);
		bcx_out_putn(o, spaces, k);
		n -= k;
	}
}

size_t bcx_json_escape_byte(char *e, uint8_t c)
{
	static const char hex[] = "0123456789abcdef";
	if (c == '"' || c == '\\') {
		e[0] = '\\';
		e[1] = (char)c;
		return 2;
	}
	if (c >= 0x20 && c <= 0x7E) {
		e[0] = (char)c;
		return 1;
	}
	memcpy(e, "\\u00", 4);
	e[4] = hex[c >> 4];
	e[5] = hex[c & 15];
	return 6;
}

void bcx_out_json_str(bcx_out *o, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *e = bcx_out_room(o, 6);
		o->n += bcx_json_escape_byte(e, p[i]);
	}
}
