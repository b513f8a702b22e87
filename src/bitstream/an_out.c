/* Buffered output of the analyzer: decimal numbers without printf on the
 * hot path, LLVM's escaping, and JSON strings. */
#include "analyze.h"

#include <stdarg.h>
#include <stdio.h>

void an_flush(an_out *o)
{
	if (o->n && o->status == BCX_OK)
		o->status = o->sink->write(o->sink->ctx, o->buf, o->n);
	o->n = 0;
}

static const char digits2[201] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

static const uint64_t pow10[20] = {
	1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull,
	100000000ull, 1000000000ull, 10000000000ull, 100000000000ull, 1000000000000ull,
	10000000000000ull, 100000000000000ull, 1000000000000000ull, 10000000000000000ull,
	100000000000000000ull, 1000000000000000000ull, 10000000000000000000ull};

/* Decimal digits of v at p (room for 20); returns the end. The length is
 * found first so the digits go straight to their place, two per division:
 * operand printing is the analyzer's hot path. */
static inline char *put_dec(char *p, uint64_t v)
{
	/* digits = floor(log10(v)) + 1 from the bit length (1233/4096 ~ log10 2) */
	unsigned bits = v ? 64 - (unsigned)__builtin_clzll(v) : 1;
	unsigned n = (bits * 1233) >> 12;
	n += n < 20 && v >= pow10[n];
	n += n == 0;
	char *e = p + n, *q = e;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		q -= 2;
		q[0] = digits2[2 * r];
		q[1] = digits2[2 * r + 1];
	}
	if (v >= 10) {
		q[-2] = digits2[2 * v];
		q[-1] = digits2[2 * v + 1];
	} else {
		q[-1] = (char)('0' + v);
	}
	return e;
}

void an_putu(an_out *o, uint64_t v)
{
	if (BS_UNLIKELY(o->n + 20 > sizeof o->buf))
		an_flush(o);
	o->n = (size_t)(put_dec(o->buf + o->n, v) - o->buf);
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

void an_out_init(an_out *o, const bcx_sink *sink)
{
	o->sink = sink;
	o->status = BCX_OK;
	o->n = 0;
	for (unsigned i = 0; i < AN_INDEX_TABLE; i++) {
		char t[16] = " op";
		char *e = put_dec(t + 3, i);
		*e++ = '=';
		memcpy(&o->index_text[i], t, 8); /* " op1023=" is 8 bytes */
		o->index_len[i] = (uint8_t)(e - t);
	}
}

void an_ops(an_out *o, const uint64_t *ops, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (BS_UNLIKELY(o->n + 64 > sizeof o->buf))
			an_flush(o);
		char *p = o->buf + o->n;
		if (BS_LIKELY(i < AN_INDEX_TABLE)) {
			memcpy(p, &o->index_text[i], 8);
			p += o->index_len[i];
		} else {
			memcpy(p, " op", 3);
			p = put_dec(p + 3, i);
			*p++ = '=';
		}
		uint64_t v = ops[i];
		if (v < 100) { /* most operands: one or two digits */
			if (v < 10) {
				*p++ = (char)('0' + v);
			} else {
				p[0] = digits2[2 * v];
				p[1] = digits2[2 * v + 1];
				p += 2;
			}
		} else {
			if (v >> 63) {
				*p++ = '-';
				v = (uint64_t)0 - v;
			}
			p = put_dec(p, v);
		}
		o->n = (size_t)(p - o->buf);
	}
}

/* Formats straight into the output buffer, flushing first when the text
 * would not fit; text longer than the whole buffer is an error (LIMIT), never
 * cut short silently. */
void an_printf(an_out *o, const char *fmt, ...)
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
		an_flush(o);
	}
	if (o->status == BCX_OK)
		o->status = BCX_ERR_LIMIT;
}

void an_indent(an_out *o, unsigned n)
{
	static const char spaces[] = "                                                                ";
	if (BS_LIKELY(n <= 64 && o->n + 64 <= sizeof o->buf)) {
		memcpy(o->buf + o->n, spaces, 64); /* fixed size: a few moves */
		o->n += n;
		return;
	}
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
