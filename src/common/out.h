/* The one buffered text output of the library: bytes collect in a 64 KiB
 * buffer that is handed to the caller's bcx_sink whenever it fills, so a
 * printer streams its output and never holds it whole. The first failed
 * sink write is kept (sticky) and nothing is written after it; the producer
 * checks bcx_out_status() once, at the end. Internal: not exported. */
#ifndef BCX_COMMON_OUT_H
#define BCX_COMMON_OUT_H

#include "common/internal.h"

#include <string.h>

#define BCX_OUT_SIZE (1u << 16)

typedef struct bcx_out {
	const bcx_sink *sink;
	bcx_status status; /* first failed write (or LIMIT); output stops there */
	size_t n;          /* bytes waiting in buf */
	char buf[BCX_OUT_SIZE];
} bcx_out;

void bcx_out_init(bcx_out *o, const bcx_sink *sink);
/* Hand what is buffered to the sink. */
void bcx_out_flush(bcx_out *o);
static inline bcx_status bcx_out_status(const bcx_out *o) { return o->status; }

static inline void bcx_out_putn(bcx_out *o, const char *p, size_t n)
{
	if (BCX_UNLIKELY(o->n + n > sizeof o->buf)) {
		bcx_out_flush(o);
		if (n > sizeof o->buf) {
			if (o->status == BCX_OK)
				o->status = o->sink->write(o->sink->ctx, p, n);
			return;
		}
	}
	if (BCX_LIKELY(n)) /* an empty buffer's p may be NULL, which memcpy may not take */
		memcpy(o->buf + o->n, p, n);
	o->n += n;
}
static inline void bcx_out_putc(bcx_out *o, char c)
{
	if (BCX_UNLIKELY(o->n == sizeof o->buf))
		bcx_out_flush(o);
	o->buf[o->n++] = c;
}
static inline void bcx_out_puts(bcx_out *o, const char *s) { bcx_out_putn(o, s, strlen(s)); }
/* Room for at least n bytes at o->buf + o->n (n <= BCX_OUT_SIZE), for
 * printers that write digits in place. */
static inline char *bcx_out_room(bcx_out *o, size_t n)
{
	if (BCX_UNLIKELY(o->n + n > sizeof o->buf))
		bcx_out_flush(o);
	return o->buf + o->n;
}

/* "00" "01" ... "99": two decimal digits per entry. */
extern const char bcx_digits2[201];
extern const uint64_t bcx_pow10[20];

/* Decimal digits of v at p (room for 20 bytes); returns the end. The length
 * is found first so the digits go straight to their place, two per
 * division: number printing is the dumps' hot path, hence inline. */
static inline char *bcx_put_dec(char *p, uint64_t v)
{
	/* digits = floor(log10(v)) + 1 from the bit length (1233/4096 ~ log10 2) */
	unsigned bits = v ? 64 - (unsigned)__builtin_clzll(v) : 1;
	unsigned n = (bits * 1233) >> 12;
	n += n < 20 && v >= bcx_pow10[n];
	n += n == 0;
	char *e = p + n, *q = e;
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		q -= 2;
		q[0] = bcx_digits2[2 * r];
		q[1] = bcx_digits2[2 * r + 1];
	}
	if (v >= 10) {
		q[-2] = bcx_digits2[2 * v];
		q[-1] = bcx_digits2[2 * v + 1];
	} else {
		q[-1] = (char)('0' + v);
	}
	return e;
}
void bcx_out_putu(bcx_out *o, uint64_t v);
void bcx_out_puti(bcx_out *o, int64_t v);
/* printf straight into the buffer; text longer than the whole buffer sets
 * BCX_ERR_LIMIT rather than being cut short. */
void bcx_out_printf(bcx_out *o, const char *fmt, ...) BCX_PRINTF(2, 3);
/* n spaces. */
void bcx_out_indent(bcx_out *o, unsigned n);

/* JSON (RFC 8259) string contents, without the quotes: '"' and '\\'
 * escaped, printable ASCII as is, every other byte as \u00XX (the input is
 * bytes, not known UTF-8 text, so each byte is one code point). The escape
 * of one byte goes to e (room for 6); returns its length. */
size_t bcx_json_escape_byte(char *e, uint8_t c);
void bcx_out_json_str(bcx_out *o, const uint8_t *p, size_t n);

#endif
