/* The analyzer's JSON: the same information as the text (every block and
 * record with --dump, the statistics always) as one JSON document. Operand
 * values are unsigned; names are null when the text says UnknownXxx. */
#include "analyze.h"

/* docs/schema/llvm-bitstream.schema.json describes this version. */
#define AN_JSON_SCHEMA_VERSION "1"

static void sep(an_state *s)
{
	if (!s->json_first)
		bcx_out_putc(s->out, ',');
	s->json_first = false;
}

static void jname(bcx_out *o, bcx_bs_name nm)
{
	if (!nm.s) {
		bcx_out_puts(o, "null");
		return;
	}
	bcx_out_putc(o, '"');
	bcx_out_json_str(o, (const uint8_t *)nm.s, nm.len);
	bcx_out_putc(o, '"');
}

static void jkey_u(bcx_out *o, const char *key, uint64_t v)
{
	bcx_out_puts(o, key);
	bcx_out_putu(o, v);
}

void an_json_begin(an_state *s)
{
	bcx_out *o = s->out;
	const char *fn = s->opts->filename ? s->opts->filename : "-";
	bcx_out_puts(o, "{\"format\":\"llvm-bitstream\",\"schema_version\":" AN_JSON_SCHEMA_VERSION
		     ",\"file\":\"");
	bcx_out_json_str(o, (const uint8_t *)fn, strlen(fn));
	bcx_out_puts(o, "\",\"stream_type\":\"");
	bcx_out_puts(o, bcx_bs_kind_name(s->r->kind));
	bcx_out_putc(o, '"');
	jkey_u(o, ",\"magic\":", s->r->magic);
	bcx_bs_wrapper w;
	if (bcx_bs_reader_wrapper(s->r, &w)) {
		jkey_u(o, ",\"wrapper\":{\"magic\":", w.magic);
		jkey_u(o, ",\"version\":", w.version);
		jkey_u(o, ",\"offset\":", w.offset);
		jkey_u(o, ",\"size\":", w.size);
		jkey_u(o, ",\"cputype\":", w.cputype);
		bcx_out_putc(o, '}');
	}
	if (s->opts->dump)
		bcx_out_puts(o, ",\"blocks\":[");
	s->json_first = true;
}

void an_json_blockinfo_stub(an_state *s, uint64_t entry_bit)
{
	sep(s);
	bcx_out_puts(s->out, "{\"block\":\"BLOCKINFO_BLOCK\",\"id\":0");
	jkey_u(s->out, ",\"bit_offset\":", entry_bit);
	bcx_out_puts(s->out, ",\"collapsed\":true}");
}

void an_json_block_open(an_state *s, an_frame *f)
{
	bcx_out *o = s->out;
	sep(s);
	bcx_out_puts(o, "{\"block\":");
	jname(o, bs_block_name(s->r->kind, an_bi(s, f), f->block_id));
	jkey_u(o, ",\"id\":", f->block_id);
	jkey_u(o, ",\"bit_offset\":", f->entry_bit);
	jkey_u(o, ",\"num_words\":", f->num_words);
	jkey_u(o, ",\"code_width\":", f->width);
	bcx_out_puts(o, ",\"entries\":[");
	s->json_first = true;
}

void an_json_block_close(an_state *s, an_frame *f)
{
	(void)f;
	bcx_out_puts(s->out, "]}");
	s->json_first = false;
}

static void md_index(an_state *s, an_frame *f, const bcx_bs_entry *e, const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	if (rec->code == AN_MD_INDEX_OFFSET) {
		if (!an_md_index_offset(f, rec))
			bcx_out_puts(o, ",\"invalid_record\":true");
	} else if (rec->code == AN_MD_INDEX) {
		bcx_out_puts(o, f->md_index_expected == e->bit_pos ? ",\"offset_match\":true"
							      : ",\"offset_match\":false");
		jkey_u(o, ",\"offset_expected\":", f->md_index_expected);
		jkey_u(o, ",\"offset_actual\":", e->bit_pos);
	}
}

static void ops(bcx_out *o, const bcx_bs_record *rec)
{
	bcx_out_puts(o, ",\"ops\":[");
	for (size_t i = 0; i < rec->nops; i++) {
		if (i)
			bcx_out_putc(o, ',');
		bcx_out_putu(o, rec->ops[i]);
	}
	bcx_out_putc(o, ']');
	size_t at = an_record_string_at(rec);
	if (at != SIZE_MAX) {
		bcx_out_puts(o, ",\"string\":\"");
		for (size_t j = at; j < rec->nops; j++) {
			uint8_t c = (uint8_t)rec->ops[j];
			bcx_out_json_str(o, &c, 1);
		}
		bcx_out_putc(o, '"');
	}
}

bcx_status an_json_record(an_state *s, an_frame *f, const bcx_bs_entry *e,
			  const bcx_bs_record *rec)
{
	bcx_out *o = s->out;
	sep(s);
	bcx_out_puts(o, "{\"record\":");
	jname(o, bs_record_name(s->r->kind, an_bi(s, f), f->block_id, rec->code));
	jkey_u(o, ",\"code\":", rec->code);
	jkey_u(o, ",\"bit_offset\":", e->bit_pos);
	jkey_u(o, ",\"bit_size\":", rec->end_bit - e->bit_pos);
	if (e->abbrev_id != 3)
		jkey_u(o, ",\"abbrev\":", e->abbrev_id);
	ops(o, rec);
	if (f->block_id == AN_METADATA_BLOCK)
		md_index(s, f, e, rec);
	if (rec->has_blob) {
		if (f->block_id == AN_METADATA_BLOCK && rec->code == AN_MD_STRINGS) {
			jkey_u(o, ",\"num_strings\":", (uint32_t)rec->ops[0]);
			if (an_md_strings(s, f, e, rec, true) != BCX_OK)
				return s->r->bc.status;
		} else {
			jkey_u(o, ",\"blob_len\":", rec->blob_len);
			bcx_out_puts(o, ",\"blob\":\"");
			bcx_out_json_str(o, rec->blob, rec->blob_len);
			bcx_out_putc(o, '"');
		}
	}
	bcx_out_putc(o, '}');
	s->json_first = false;
	return BCX_OK;
}

static void histogram(an_state *s, const an_block *b)
{
	bcx_out *o = s->out;
	an_code *v = an_sorted_codes(s, b);
	if (!v)
		return;
	bcx_out_puts(o, ",\"histogram\":[");
	for (size_t i = 0; i < b->ncodes; i++) {
		const an_code *c = &v[i];
		bcx_out_puts(o, i ? ",{\"code\":" : "{\"code\":");
		bcx_out_putu(o, c->code);
		bcx_out_puts(o, ",\"name\":");
		jname(o, bs_record_name(s->r->kind, bs_bi_find(s->r->bi, b->id), b->id, c->code));
		jkey_u(o, ",\"count\":", c->count);
		jkey_u(o, ",\"bits\":", c->bits);
		jkey_u(o, ",\"abbreviated\":", c->abbreviated);
		bcx_out_putc(o, '}');
	}
	bcx_out_putc(o, ']');
	bcx_free(s->alloc, v, (b->ncodes ? b->ncodes : 1) * sizeof *v);
}

static void block_stats(an_state *s, const an_block *b, uint64_t total)
{
	bcx_out *o = s->out;
	jkey_u(o, "{\"id\":", b->id);
	bcx_out_puts(o, ",\"name\":");
	jname(o, bs_block_name(s->r->kind, bs_bi_find(s->r->bi, b->id), b->id));
	jkey_u(o, ",\"instances\":", b->instances);
	jkey_u(o, ",\"total_bits\":", b->bits);
	bcx_out_printf(o, ",\"percent_of_file\":%.4f", (double)b->bits * 100.0 / (double)total);
	jkey_u(o, ",\"subblocks\":", b->subblocks);
	jkey_u(o, ",\"abbrevs\":", b->abbrevs);
	jkey_u(o, ",\"records\":", b->records);
	jkey_u(o, ",\"abbreviated_records\":", b->abbreviated);
	if (!s->opts->no_histogram)
		histogram(s, b);
	bcx_out_putc(o, '}');
}

void an_json_stats(an_state *s)
{
	bcx_out *o = s->out;
	uint64_t total = (uint64_t)s->r->payload_size * 8;
	if (s->opts->dump)
		bcx_out_putc(o, ']');
	jkey_u(o, ",\"summary\":{\"total_bits\":", total);
	jkey_u(o, ",\"toplevel_blocks\":", s->ntop);
	bcx_out_puts(o, ",\"blocks\":[");
	an_block **v = an_sorted_blocks(s);
	if (!v)
		return;
	for (size_t i = 0; i < s->nblocks && s->r->bc.status == BCX_OK; i++) {
		if (i)
			bcx_out_putc(o, ',');
		block_stats(s, v[i], total);
	}
	bcx_free(s->alloc, v, (s->nblocks ? s->nblocks : 1) * sizeof *v);
	bcx_out_puts(o, "]}}\n");
}
