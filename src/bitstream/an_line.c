/* The start of each record line of the text dump, "<indent><NAME", kept
 * per block ID, depth, BLOCKINFO entry and code: a dump prints the same
 * few dozen starts a million times, so each is made once (name lookup,
 * indent, the text of unknown codes) and then copied as one 64-byte move. */
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
