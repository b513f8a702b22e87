/* Buffered output of the analyzer: decimal numbers without printf on the
 * hot path, LLVM's escaping, and JSON strings. */
#include "analyze.h"

#include <stdarg.h>
#include <stdio.h>

void an_flush(an_out *o)
{
	if (o->n)
		o->sink->write(o->sink->ctx, o->buf, o->n);
	o->n = 0;
}

void an_putu(an_out *o, uint64_t v)
{
	char tmp[24];
	char *p = tmp + sizeof tmp;
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	an_putn(o, p, (size_t)(tmp + sizeof tmp - p));
}

void an_puti(an_out *o, int64_t v)
{
	if (v < 0) {
		an_putc(o, '-');
		an_putu(o, (uint64_t)0 - (uint64_t)v);
		return;
	}
	an_putu(o, (uint64_t)v);
}

void an_printf(an_out *o, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		an_putn(o, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void an_indent(an_out *o, unsigned n)
{
	static const char spaces[] = "                                                                ";
	while (n > 0) {
		unsigned k = n < sizeof spaces - 1 ? n : (unsigned)(sizeof spaces - 1);
		an_putn(o, spaces, k);
		n -= k;
	}
}

void an_escaped(an_out *o, const uint8_t *p, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];
		if (c == '\\')
			an_putn(o, "\\\\", 2);
		else if (c == '\t')
			an_putn(o, "\\t", 2);
		else if (c == '\n')
			an_putn(o, "\\n", 2);
		else if (c == '"')
			an_putn(o, "\\\"", 2);
		else if (c >= 0x20 && c <= 0x7E)
			an_putc(o, (char)c);
		else {
			char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
			an_putn(o, e, 4);
		}
	}
}

void an_json_str(an_out *o, const uint8_t *p, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];
		if (c == '"' || c == '\\') {
			an_putc(o, '\\');
			an_putc(o, (char)c);
		} else if (c >= 0x20 && c <= 0x7E) {
			an_putc(o, (char)c);
		} else {
			/* Bytes, not UTF-8 text: each one as a code point U+00XX. */
			char e[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
			an_putn(o, e, 6);
		}
	}
}

void an_name(an_out *o, bcx_bs_name nm, const char *unknown, uint32_t id)
{
	if (nm.s) {
		an_putn(o, nm.s, nm.len);
		return;
	}
	an_puts(o, unknown);
	an_putu(o, id);
}

bool an_blob_printable(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] < 0x20 || p[i] > 0x7E)
			return false;
	return true;
}

size_t an_record_string_at(const bcx_bs_record *rec)
{
	if (!rec->abbrev || !rec->abbrev->array_at)
		return SIZE_MAX;
	size_t at = rec->abbrev->array_at - 1;
	for (size_t j = at; j < rec->nops; j++) {
		uint8_t c = (uint8_t)rec->ops[j];
		if (c < 0x20 || c > 0x7E)
			return SIZE_MAX;
	}
	return at;
}
