/* One record line of the text dump (spec llvm-bitstream.md section 9):
 * "<indent><NAME abbrevid=N op0=V ...", then "/>" and what a few records
 * add. The start of a line is kept per block ID, depth, BLOCKINFO entry
 * and code: a dump prints the same few dozen starts a million times, so
 * each is made once (name lookup, indent, the text of unknown codes) and
 * then copied as one 64-byte move. Operand values below 10^6 are one or
 * two copies from tables of digits, with no printf and no digit loop. */
#include "analyze.h"

static unsigned dec_len(uint64_t v)
{
	unsigned n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* The line start the long way; its length is given by text_len(). */
static void write_start(an_state *s, bcx_bs_name nm, uint32_t code)
{
	bcx_out *o = s->out;
	bcx_out_indent(o, 2 * s->depth);
	bcx_out_putc(o, '<');
	an_name(o, nm, "UnknownCode", code);
	if (s->opts->non_symbolic && nm.s) {
		bcx_out_puts(o, " codeid=");
		bcx_out_putu(o, code);
	}
}

static size_t text_len(const an_state *s, bcx_bs_name nm, uint32_t code)
{
	size_t n = 2 * (size_t)s->depth + 1;
	if (!nm.s)
		return n + strlen("UnknownCode") + dec_len(code);
	n += nm.len;
	if (s->opts->non_symbolic)
		n += strlen(" codeid=") + dec_len(code);
	return n;
}

void an_lines_attach(an_state *s, an_frame *f)
{
	an_lines **slot = &s->line_cache[f->block_id % AN_LINE_SLOTS];
	if (!*slot && (*slot = bcx_alloc(s->alloc, sizeof **slot)) != NULL) {
		memset(*slot, 0, sizeof **slot);
		(*slot)->gen = 1; /* entries start at 0: none is valid */
		(*slot)->key = UINT64_MAX; /* no frame's key */
	}
	f->lines = *slot;
	f->line_key = (uint64_t)f->block_id << 8 | s->depth;
}

void an_lines_free(an_state *s)
{
	for (size_t i = 0; i < AN_LINE_SLOTS; i++)
		bcx_free(s->alloc, s->line_cache[i], sizeof *s->line_cache[i]);
}

/* The entry for code in f's cache, the cache first retagged (emptied)
 * when another block, depth or BLOCKINFO table used it last. */
static an_linetext *entry(an_state *s, an_frame *f, uint32_t code)
{
	an_lines *c = f->lines;
	if (!c || code >= AN_LINE_CODES)
		return NULL;
	if (c->key != f->line_key || c->table != s->r->bi) {
		c->gen++;
		c->key = f->line_key;
		c->table = s->r->bi;
	}
	return &c->code[code];
}

void an_line_start_slow(an_state *s, an_frame *f, uint32_t code)
{
	bcx_out *o = s->out;
	an_linetext *e = entry(s, f, code);
	bcx_bs_name nm = bs_record_name(s->r->kind, an_bi(s, f), f->block_id, code);
	if (!e || e->gen == f->lines->gen) { /* no cache, or too long for it */
		write_start(s, nm, code);
		return;
	}
	size_t len = text_len(s, nm, code);
	e->gen = f->lines->gen;
	e->len = 0;
	if (len > AN_LINE_TEXT) {
		write_start(s, nm, code);
		return;
	}
	/* With room for the whole entry nothing is flushed while it is written. */
	bcx_out_room(o, sizeof *e);
	size_t at = o->n;
	write_start(s, nm, code);
	memcpy(e->text, o->buf + at, len);
	e->len = (uint8_t)len;
}

/* The decimal digits of v < 10^8 as eight digit values 0..9, one a byte,
 * most significant first in memory, with no branch on its length: four
 * digits per 32-bit half, two per 16-bit quarter, one per byte. */
static uint64_t digits8(uint32_t v)
{
	uint64_t x = v / 10000 | (uint64_t)(v % 10000) << 32;
	uint64_t hi = ((x * 10486) >> 20) & 0x0000007f0000007full; /* / 100 */
	x = hi | (x - hi * 100) << 16;
	hi = ((x * 103) >> 10) & 0x000f000f000f000full; /* / 10 */
	return hi | (x - hi * 10) << 8;
}

/* v < 10^8 as ASCII (here for 7 and 8 digits, the values past the
 * tables). *zeros receives the count of leading zero digits (0..7),
 * already shifted out of the result. */
static uint64_t dec8(uint32_t v, unsigned *zeros)
{
	uint64_t x = digits8(v);
	unsigned z = (unsigned)__builtin_ctzll(x | (uint64_t)1 << 56) >> 3;
	*zeros = z;
	return (x + 0x3030303030303030ull) >> (8 * z);
}

/* v in decimal at p, which has room for AN_OP_TEXT bytes. Most operands
 * have 1 to 3 digits, most others 4 to 6: one or two 4-byte words from
 * the tables (the byte after the digits is overwritten by what follows);
 * up to 10 digits with no digit loop. */
static inline char *value_text(char *p, const an_optext *t, uint64_t v)
{
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
	if (v < 10000000000ull) { /* 32-bit patterns: float constants, hashes */
		uint32_t hi = (uint32_t)(v / 100000000);
		uint64_t text = digits8((uint32_t)(v - hi * 100000000ull)) + 0x3030303030303030ull;
		memcpy(p, t->dec3[hi], 4);
		p += t->dec3[hi][3];
		memcpy(p, &text, 8);
		return p + 8;
	}
	if (v >> 63) {
		*p++ = '-';
		v = (uint64_t)0 - v;
	}
	return bcx_put_dec(p, v);
}

/* Bytes one operand may take: " op" + 20 digits + "=" + "-" + 20 digits. */
#define AN_OP_TEXT 48
/* Operands formatted after one check for room (below AN_INDEX_TABLE). */
#define AN_OP_RUN 512

/* Operands ops[from..n) one by one, each with its own check for room
 * (records longer than one run are rare). */
static void ops_tail(bcx_out *o, const an_optext *t, const uint64_t *ops, size_t from, size_t n)
{
	for (size_t i = from; i < n; i++) {
		char *p = bcx_out_room(o, AN_OP_TEXT);
		if (i < AN_INDEX_TABLE) {
			memcpy(p, &t->index_text[i], 8);
			p += t->index_len[i];
		} else {
			memcpy(p, " op", 3);
			p = bcx_put_dec(p + 3, i);
			*p++ = '=';
		}
		p = value_text(p, t, ops[i]);
		o->n = (size_t)(p - o->buf);
	}
}

/* METADATA_BLOCK extras (spec 9.2): INDEX_OFFSET gives where INDEX must be. */
static void md_index(an_state *s, an_frame *f, const bcx_bs_entry *e, const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	if (rec->code == AN_MD_INDEX_OFFSET) {
		if (!an_md_index_offset(f, rec))
			bcx_out_puts(o, "(Invalid record)");
	} else if (rec->code == AN_MD_INDEX) {
		if (f->md_index_expected == e->bit_pos) {
			bcx_out_puts(o, " (offset match)");
		} else {
			bcx_out_printf(o, " (offset mismatch: %llu vs %llu)",
				  (unsigned long long)f->md_index_expected,
				  (unsigned long long)e->bit_pos);
		}
	}
}

static void record_tail(an_state *s, const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	size_t at = an_record_string_at(rec);
	if (at != SIZE_MAX) {
		bcx_out_puts(o, " record string = '");
		for (size_t j = at; j < rec->nops; j++)
			bcx_out_putc(o, (char)(uint8_t)rec->ops[j]);
		bcx_out_putc(o, '\'');
	}
}

static void blob_text(an_state *s, const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	bcx_out_puts(o, " blob data = ");
	if (s->opts->show_binary_blobs) {
		bcx_out_putc(o, '\'');
		an_escaped(o, rec->blob, rec->blob_len);
		bcx_out_putc(o, '\'');
	} else if (an_blob_printable(rec->blob, rec->blob_len)) {
		bcx_out_putc(o, '\'');
		bcx_out_putn(o, (const char *)rec->blob, rec->blob_len);
		bcx_out_putc(o, '\'');
	} else {
		bcx_out_puts(o, "unprintable, ");
		bcx_out_putu(o, rec->blob_len);
		bcx_out_puts(o, " bytes.");
	}
}

/* The end of a line that has more than "/>": METADATA_BLOCK's index
 * check, an array shown as a string, a blob. */
static bcx_status line_end(an_state *s, an_frame *f, const bcx_bs_entry *e,
			   const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	if (f->block_id == AN_METADATA_BLOCK)
		md_index(s, f, e, rec);
	bcx_out_putn(o, "/>", 2);
	record_tail(s, rec);
	if (rec->has_blob) {
		if (f->block_id == AN_METADATA_BLOCK && rec->code == AN_MD_STRINGS) {
			if (an_md_strings(s, f, e, rec, false) != BCX_OK)
				return s->r->bc.status;
		} else {
			blob_text(s, rec);
		}
	}
	bcx_out_putc(o, '\n');
	return BCX_OK;
}

/* Room for " abbrevid=N" and for "/>\n". */
#define AN_ID_TEXT 32
#define AN_END_TEXT 4

bcx_status an_text_record(an_state *s, an_frame *f, const bcx_bs_entry *e,
			  const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	const an_optext *t = s->optext;
	an_line_start(s, f, rec->code);
	/* The abbreviation ID, the first run of operands and the end of a
	 * plain line after one check for room. */
	size_t n = rec->nops, run = n < AN_OP_RUN ? n : AN_OP_RUN;
	char *p = bcx_out_room(o, AN_ID_TEXT + run * AN_OP_TEXT + AN_END_TEXT);
	uint32_t id = e->abbrev_id;
	if (id != 3) {
		if (BS_LIKELY(id < AN_ABBREV_TEXT)) {
			memcpy(p, t->abbrev_text[id], 16);
			p += t->abbrev_len[id];
		} else {
			memcpy(p, " abbrevid=", 10);
			p = bcx_put_dec(p + 10, id);
		}
	}
	for (size_t i = 0; i < run; i++) {
		memcpy(p, &t->index_text[i], 8);
		p = value_text(p + t->index_len[i], t, rec->ops[i]);
	}
	if (BS_UNLIKELY(n > run || f->block_id == AN_METADATA_BLOCK || rec->has_blob ||
			(rec->abbrev && rec->abbrev->array_at))) {
		o->n = (size_t)(p - o->buf);
		ops_tail(o, t, rec->ops, run, n);
		return line_end(s, f, e, rec);
	}
	memcpy(p, "/>\n", 4);
	o->n = (size_t)(p + 3 - o->buf);
	return BCX_OK;
}
