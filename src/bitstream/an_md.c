/* METADATA_STRINGS (METADATA_BLOCK code 35, spec llvm-bitstream.md 7 and
 * 9.2): [count, offset] + a blob holding `count` VBR6 lengths in bytes
 * [0, offset) and then the characters. The analyzer prints every string. */
#include "analyze.h"

static void json_sep(an_state *s)
{
	if (!s->json_first)
		bcx_out_putc(s->out, ',');
	s->json_first = false;
}

static bcx_status bad(an_state *s, const bcx_bs_entry *e, const char *why)
{
	return bs_fail(s->r, e->bit_pos, BCX_ERR_MALFORMED, "METADATA_STRINGS: %s", why);
}

/* One string; LLVM loops with do { } while (--count), so a count of 0
 * runs until the lengths are used up (and then fails, as it does). */
static bcx_status one_string(an_state *s, an_frame *f, bcx_bitcursor *lens, const uint8_t **chars,
			     size_t *left, const bcx_bs_entry *e, bool json)
{
	bcx_out *o = s->out;
	if (bcx_bit_at_end(lens))
		return bad(s, e, "bad length");
	uint32_t n = (uint32_t)bs_vbr(lens, 6, 32);
	if (lens->status != BCX_OK)
		return bad(s, e, "bad length");
	if (*left < n)
		return bad(s, e, "truncated chars");
	if (json) {
		json_sep(s);
		bcx_out_putc(o, '"');
		bcx_out_json_str(o, *chars, n);
		bcx_out_putc(o, '"');
	} else {
		bcx_out_indent(o, 2 * (s->depth - 1) + 4);
		bcx_out_putc(o, '\'');
		an_escaped(o, *chars, n);
		bcx_out_putn(o, "'\n", 2);
	}
	(void)f;
	*chars += n;
	*left -= n;
	return BCX_OK;
}

bcx_status an_md_strings(an_state *s, an_frame *f, const bcx_bs_entry *e,
			 const bcx_bs_record *rec, bool json)
{
	bcx_out *o = s->out;
	if (rec->blob_len == 0)
		return bad(s, e, "cannot decode empty blob");
	if (rec->nops != 2)
		return bad(s, e, "decoding metadata strings blob needs two record entries");
	uint32_t count = (uint32_t)rec->ops[0];
	uint32_t off = (uint32_t)rec->ops[1];
	size_t lens_len = off < rec->blob_len ? off : rec->blob_len;
	bcx_bitcursor lens;
	bcx_bit_init(&lens, rec->blob, lens_len, NULL);
	const uint8_t *chars = rec->blob + lens_len;
	size_t left = rec->blob_len - lens_len;
	if (json) {
		bcx_out_puts(o, ",\"strings\":[");
		s->json_first = true;
	} else {
		bcx_out_puts(o, " num-strings = ");
		bcx_out_putu(o, count);
		bcx_out_puts(o, " {\n");
	}
	do {
		if (one_string(s, f, &lens, &chars, &left, e, json) != BCX_OK)
			return s->r->bc.status;
	} while (--count);
	if (json) {
		bcx_out_putc(o, ']');
	} else {
		bcx_out_indent(o, 2 * (s->depth - 1) + 2);
		bcx_out_putc(o, '}');
	}
	return BCX_OK;
}
