/* The analyzer's own output pieces: the text tables of operand indexes,
 * abbreviation IDs and short numbers, LLVM's escaping, names. The buffer
 * and number printing are common/out.h; record lines are an_line.c. */
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
