/* The analyzer's walk: every block and record once, in order, with the
 * statistics llvm-bcanalyzer keeps (spec llvm-bitstream.md sections 9-10).
 * Blocks are walked iteratively; nesting is bounded by the reader. */
#include "analyze.h"

#include <stdlib.h>

static uint32_t hash32(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352dU;
	x ^= x >> 15;
	x *= 0x846ca68bU;
	x ^= x >> 16;
	return x;
}

/* Open-addressing tables: grow at half full. */
static an_block *find_block(an_state *s, uint32_t id)
{
	if (s->nblocks * 2 >= s->cap_blocks) {
		size_t ncap = s->cap_blocks ? s->cap_blocks * 2 : 64, bytes;
		if (!bcx_mul_ok(ncap, sizeof(an_block *), &bytes))
			return NULL;
		an_block **t = bcx_alloc(s->alloc, bytes);
		if (!t)
			return NULL;
		memset(t, 0, bytes);
		for (size_t i = 0; i < s->cap_blocks; i++) {
			an_block *b = s->blocks[i];
			if (!b)
				continue;
			size_t j = hash32(b->id) & (ncap - 1);
			while (t[j])
				j = (j + 1) & (ncap - 1);
			t[j] = b;
		}
		bcx_free(s->alloc, s->blocks, s->cap_blocks * sizeof(an_block *));
		s->blocks = t;
		s->cap_blocks = ncap;
	}
	size_t j = hash32(id) & (s->cap_blocks - 1);
	while (s->blocks[j] && s->blocks[j]->id != id)
		j = (j + 1) & (s->cap_blocks - 1);
	if (!s->blocks[j]) {
		an_block *b = bcx_alloc(s->alloc, sizeof *b);
		if (!b)
			return NULL;
		memset(b, 0, sizeof *b);
		b->id = id;
		s->blocks[j] = b;
		s->nblocks++;
	}
	return s->blocks[j];
}

static bool grow_codes(an_state *s, an_block *b)
{
	size_t ncap = b->cap_codes ? b->cap_codes * 2 : 32, bytes;
	if (!bcx_mul_ok(ncap, sizeof(an_code), &bytes))
		return false;
	an_code *t = bcx_alloc(s->alloc, bytes);
	if (!t)
		return false;
	memset(t, 0, bytes);
	for (size_t i = 0; i < b->cap_codes; i++) {
		if (!b->codes[i].used)
			continue;
		size_t j = hash32(b->codes[i].code) & (ncap - 1);
		while (t[j].used)
			j = (j + 1) & (ncap - 1);
		t[j] = b->codes[i];
	}
	bcx_free(s->alloc, b->codes, b->cap_codes * sizeof(an_code));
	b->codes = t;
	b->cap_codes = ncap;
	memset(b->code_at, 0, sizeof b->code_at); /* every place moved */
	return true;
}

static an_code *find_code_hashed(an_state *s, an_block *b, uint32_t code)
{
	if (b->ncodes * 2 >= b->cap_codes && !grow_codes(s, b))
		return NULL;
	size_t j = hash32(code) & (b->cap_codes - 1);
	while (b->codes[j].used && b->codes[j].code != code)
		j = (j + 1) & (b->cap_codes - 1);
	if (!b->codes[j].used) {
		b->codes[j].used = true;
		b->codes[j].code = code;
		b->ncodes++;
	}
	if (code < AN_DIRECT_CODES && j < UINT32_MAX)
		b->code_at[code] = (uint32_t)j + 1;
	return &b->codes[j];
}

static inline an_code *find_code(an_state *s, an_block *b, uint32_t code)
{
	if (BS_LIKELY(code < AN_DIRECT_CODES && b->code_at[code]))
		return &b->codes[b->code_at[code] - 1];
	return find_code_hashed(s, b, code);
}

static void free_stats(an_state *s)
{
	for (size_t i = 0; i < s->cap_blocks; i++) {
		an_block *b = s->blocks[i];
		if (!b)
			continue;
		bcx_free(s->alloc, b->codes, b->cap_codes * sizeof(an_code));
		bcx_free(s->alloc, b, sizeof *b);
	}
	bcx_free(s->alloc, s->blocks, s->cap_blocks * sizeof(an_block *));
}

static int cmp_block(const void *a, const void *b)
{
	uint32_t x = (*(an_block *const *)a)->id, y = (*(an_block *const *)b)->id;
	return (x > y) - (x < y);
}

an_block **an_sorted_blocks(an_state *s)
{
	an_block **v = bcx_alloc(s->alloc, (s->nblocks ? s->nblocks : 1) * sizeof *v);
	if (!v) {
		bs_fail(s->r, s->r->bc.pos, BCX_ERR_NOMEM, "out of memory");
		return NULL;
	}
	size_t n = 0;
	for (size_t i = 0; i < s->cap_blocks; i++)
		if (s->blocks[i])
			v[n++] = s->blocks[i];
	qsort(v, n, sizeof *v, cmp_block);
	return v;
}

/* Count descending, then code descending: the reference sorts
 * (count, code) pairs and walks them backwards. */
static int cmp_code(const void *a, const void *b)
{
	const an_code *x = a, *y = b;
	if (x->count != y->count)
		return x->count < y->count ? 1 : -1;
	return (x->code < y->code) - (x->code > y->code);
}

an_code *an_sorted_codes(an_state *s, const an_block *b)
{
	an_code *v = bcx_alloc(s->alloc, (b->ncodes ? b->ncodes : 1) * sizeof *v);
	if (!v) {
		bs_fail(s->r, s->r->bc.pos, BCX_ERR_NOMEM, "out of memory");
		return NULL;
	}
	size_t n = 0;
	for (size_t i = 0; i < b->cap_codes; i++)
		if (b->codes[i].used)
			v[n++] = b->codes[i];
	qsort(v, n, sizeof *v, cmp_code);
	return v;
}

static bcx_status nomem(an_state *s)
{
	return bs_fail(s->r, s->r->bc.pos, BCX_ERR_NOMEM, "out of memory");
}

/* ENTER_SUBBLOCK: BLOCKINFO is read first (its table replaces the old one)
 * and then walked like any block, as the reference does. */
static bcx_status open_block(an_state *s, const bcx_bs_entry *e)
{
	const bcx_bs_analyze_options *o = s->opts;
	bcx_bs_reader *r = s->r;
	uint64_t start = r->pending_pos;
	bool dump = o->dump;
	if (e->block_id == 0) {
		if (o->dump && !o->dump_blockinfo) {
			if (o->json)
				an_json_blockinfo_stub(s, e->bit_pos);
			else {
				bcx_out_indent(s->out, 2 * s->depth);
				bcx_out_puts(s->out, "<BLOCKINFO_BLOCK/>\n");
			}
		}
		if (bcx_bs_read_blockinfo(r) != BCX_OK)
			return r->bc.status;
		dump = o->dump && o->dump_blockinfo;
	}
	unsigned width;
	uint32_t num_words;
	if (bcx_bs_enter_block(r, &width, &num_words) != BCX_OK)
		return r->bc.status; /* also when nested too deep: frames has room */
	an_frame *f = &s->frames[s->depth + 1];
	memset(f, 0, sizeof *f);
	f->width = width;
	f->num_words = num_words;
	if (!(f->st = find_block(s, e->block_id)))
		return nomem(s);
	s->depth++;
	f->st->instances++;
	f->block_id = e->block_id;
	f->start = f->sub_start = start;
	f->entry_bit = e->bit_pos;
	f->dump = dump;
	if (dump && !o->json)
		an_lines_attach(s, f);
	if (dump)
		(o->json ? an_json_block_open : an_text_block_open)(s, f);
	return BCX_OK;
}

static void close_block(an_state *s)
{
	an_frame *f = &s->frames[s->depth];
	uint64_t end = s->r->bc.pos;
	f->st->bits += end - f->start;
	if (f->dump)
		(s->opts->json ? an_json_block_close : an_text_block_close)(s, f);
	s->depth--;
	if (s->depth > 0) {
		an_frame *p = &s->frames[s->depth];
		p->st->subblocks++;
		p->start += end - f->sub_start;
	} else {
		s->ntop++;
	}
}

/* A record read: its statistics, then its line. */
static bcx_status count_record(an_state *s, const bcx_bs_entry *e, const bcx_bs_record *rec)
{
	an_frame *f = &s->frames[s->depth];
	an_block *b = f->st;
	an_code *c = find_code(s, b, rec->code);
	if (!c)
		return nomem(s);
	b->records++;
	c->count++;
	c->bits += rec->end_bit - e->bit_pos;
	if (e->abbrev_id != 3) {
		c->abbreviated++;
		b->abbreviated++;
	}
	if (!f->dump)
		return BCX_OK;
	return (s->opts->json ? an_json_record : an_text_record)(s, f, e, rec);
}

/* Entries other than records; false at the end of the stream or on an
 * error (then in the reader's status), true when the entry was a record,
 * now read into rec. */
static bool other_entry(an_state *s, bcx_bs_entry *e, bcx_bs_record *rec, bool *record)
{
	bcx_bs_reader *r = s->r;
	*record = false;
	if (bcx_bs_next(r, e) != BCX_OK)
		return false;
	switch (e->kind) {
	case BCX_BS_ENTRY_EOF:
		return false;
	case BCX_BS_ENTRY_SUBBLOCK:
		return open_block(s, e) == BCX_OK;
	case BCX_BS_ENTRY_END_BLOCK:
		close_block(s);
		return true;
	case BCX_BS_ENTRY_ABBREV:
		s->frames[s->depth].st->abbrevs++;
		return true;
	case BCX_BS_ENTRY_RECORD:
		*record = true;
		return bcx_bs_read_record(r, e, rec) == BCX_OK;
	}
	return true;
}

static bcx_status walk(an_state *s)
{
	bcx_bs_reader *r = s->r;
	for (;;) {
		bcx_bs_entry e;
		bcx_bs_record rec;
		if (BS_UNLIKELY(!bs_next_record(r, &e, &rec))) {
			bool record;
			if (!other_entry(s, &e, &rec, &record))
				return r->bc.status;
			if (!record)
				continue;
		}
		/* One call of count_record, which the compiler then inlines. */
		if (r->bc.status != BCX_OK || count_record(s, &e, &rec) != BCX_OK)
			return r->bc.status;
	}
}

static void print_wrapper(an_state *s)
{
	bcx_bs_wrapper w;
	if (!s->opts->dump || s->opts->json || !bcx_bs_reader_wrapper(s->r, &w))
		return;
	bcx_out_printf(s->out,
		  "<BITCODE_WRAPPER_HEADER Magic=0x%08x Version=0x%08x Offset=0x%08x "
		  "Size=0x%08x CPUType=0x%08x/>\n",
		  w.magic, w.version, w.offset, w.size, w.cputype);
}

bcx_status bcx_bs_analyze(const void *data, size_t size, const bcx_bs_analyze_options *options,
			  const bcx_sink *sink, const bcx_allocator *a, bcx_diag *diag)
{
	struct an_output {
		bcx_out out;
		an_optext optext;
		bcx_bs_analyze_options opts;
	} *ao = bcx_alloc(a, sizeof *ao);
	if (!ao)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	bcx_out *out = &ao->out;
	const bcx_bs_analyze_options *opts = &ao->opts;
	bcx_options_copy(&ao->opts, sizeof ao->opts, options);
	bcx_out_init(out, sink);
	an_optext_init(&ao->optext);
	an_state s;
	memset(&s, 0, sizeof s);
	s.opts = opts;
	s.alloc = a;
	s.out = out;
	s.optext = &ao->optext;
	bcx_status st = bcx_bs_reader_new(&s.r, data, size, a, diag);
	if (st == BCX_OK) {
		print_wrapper(&s);
		if (opts->json)
			an_json_begin(&s);
		st = walk(&s);
		if (st == BCX_OK)
			(opts->json ? an_json_stats : an_text_stats)(&s);
		if (st == BCX_OK && s.r->bc.status != BCX_OK)
			st = s.r->bc.status;
	}
	bcx_out_flush(out);
	if (st == BCX_OK && out->status != BCX_OK)
		st = bcx_diag_set(diag, out->status, -1,
				  out->status == BCX_ERR_LIMIT ? "an output line is over 64 KiB"
							      : "writing the output failed");
	free_stats(&s);
	an_lines_free(&s);
	bcx_bs_reader_free(s.r);
	bcx_free(a, ao, sizeof *ao);
	return st;
}

bool an_md_index_offset(an_frame *f, const bcx_bs_record *rec)
{
	if (rec->nops != 2)
		return false;
	/* Two 32-bit halves of the distance from the end of this record. */
	f->md_index_expected = rec->end_bit + rec->ops[0] + (rec->ops[1] << 32);
	return true;
}
