/* The analyzer's own output pieces: operand lists, LLVM's escaping, names.
 * The buffer and number printing are common/out.h. */
#include "analyze.h"

void an_optext_init(an_optext *t)
{
	for (unsigned i = 0; i < AN_INDEX_TABLE; i++) {
		char txt[16] = " op";
		char *e = bcx_put_dec(txt + 3, i);
		*e++ = '=';
		memcpy(&t->index_text[i], txt, 8); /* " op1023=" is 8 bytes */
		t->index_len[i] = (uint8_t)(e - txt);
	}
	for (unsigned i = 0; i < 1000; i++) {
		char txt[4] = {(char)('0' + i / 100), (char)('0' + i / 10 % 10), (char)('0' + i % 10), 0};
		unsigned n = i >= 100 ? 3 : i >= 10 ? 2 : 1;
		memcpy(t->dec3z[i], txt, 4);
		memmove(txt, txt + 3 - n, n);
		txt[3] = (char)n;
		memcpy(t->dec3[i], txt, 4);
	}
	for (unsigned i = 0; i < AN_ABBREV_TEXT; i++) {
		char txt[32] = " abbrevid=";
		char *e = bcx_put_dec(txt + 10, i);
		memcpy(t->abbrev_text[i], txt, 16);
		t->abbrev_len[i] = (uint8_t)(e - txt);
	}
}

/* The decimal digits of v < 10^8 as eight ASCII bytes, most significant
 * first in memory, with no branch on its length (3- to 5-digit operand
 * values come in no order a branch could learn): four digits per 32-bit
 * half, two per 16-bit quarter, one per byte. *zeros receives the count
 * of leading zero digits (0..7), already shifted out of the result. */
static uint64_t dec8(uint32_t v, unsigned *zeros)
{
	uint64_t x = v / 10000 | (uint64_t)(v % 10000) << 32;
	uint64_t hi = ((x * 10486) >> 20) & 0x0000007f0000007full; /* / 100 */
	x = hi | (x - hi * 100) << 16;
	hi = ((x * 103) >> 10) & 0x000f000f000f000full; /* / 10 */
	x = hi | (x - hi * 10) << 8;
	unsigned z = (unsigned)__builtin_ctzll(x | (uint64_t)1 << 56) >> 3;
	*zeros = z;
	return (x + 0x3030303030303030ull) >> (8 * z);
}

/* " op<i>=<v>" at p, which has room for AN_OP_TEXT bytes. */
static inline char *op_text(char *p, const an_optext *t, size_t i, uint64_t v)
{
	if (BS_LIKELY(i < AN_INDEX_TABLE)) {
		memcpy(p, &t->index_text[i], 8);
		p += t->index_len[i];
	} else {
		memcpy(p, " op", 3);
		p = bcx_put_dec(p + 3, i);
		*p++ = '=';
	}
	/* Most operands have 1 to 3 digits, most others 4 to 6: one or two
	 * 4-byte words from the tables (the byte after the digits is
	 * overwritten by what follows). */
	if (v < 1000) {
		memcpy(p, t->dec3[v], 4);
		return p + t->dec3[v][3];
	}
	if (v < 1000000) {
		uint32_t hi = (uint32_t)v / 1000, lo = (uint32_t)v - hi * 1000;
		memcpy(p, t->dec3[hi], 4);
		p += t->dec3[hi][3];
		memcpy(p, t->dec3z[lo], 4);
		return p + 3;
	}
	if (v < 100000000) {
		unsigned zeros;
		uint64_t text = dec8((uint32_t)v, &zeros);
		memcpy(p, &text, 8);
		return p + 8 - zeros;
	}
	if (v >> 63) {
		*p++ = '-';
		v = (uint64_t)0 - v;
	}
	return bcx_put_dec(p, v);
}

/* Bytes one operand may take: " op" + 20 digits + "=" + "-" + 20 digits. */
#define AN_OP_TEXT 48
/* Operands formatted between two checks for room in the buffer. */
#define AN_OP_CHUNK 512

void an_ops(bcx_out *o, const an_optext *t, const uint64_t *ops, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t end = n - i > AN_OP_CHUNK ? i + AN_OP_CHUNK : n;
		char *p = bcx_out_room(o, (end - i) * AN_OP_TEXT);
		for (; i < end; i++)
			p = op_text(p, t, i, ops[i]);
		o->n = (size_t)(p - o->buf);
	}
}

void an_escaped(bcx_out *o, const uint8_t *p, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n; i++) {
		uint8_t c = p[i];
		if (c == '\\')
			bcx_out_putn(o, "\\\\", 2);
		else if (c == '\t')
			bcx_out_putn(o, "\\t", 2);
		else if (c == '\n')
			bcx_out_putn(o, "\\n", 2);
		else if (c == '"')
			bcx_out_putn(o, "\\\"", 2);
		else if (c >= 0x20 && c <= 0x7E)
			bcx_out_putc(o, (char)c);
		else {
			char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
			bcx_out_putn(o, e, 4);
		}
	}
}

void an_name(bcx_out *o, bcx_bs_name nm, const char *unknown, uint32_t id)
{
	if (nm.s) {
		bcx_out_putn(o, nm.s, nm.len);
		return;
	}
	bcx_out_puts(o, unknown);
	bcx_out_putu(o, id);
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
