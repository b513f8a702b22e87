/* The analyzer's text: llvm-bcanalyzer's -dump block lines (spec
 * llvm-bitstream.md section 9; record lines are an_line.c) and its
 * statistics (section 10). */
#include "analyze.h"

void an_text_block_open(an_state *s, an_frame *f)
{
	bcx_out *o = s->out;
	bcx_bs_name nm = bs_block_name(s->r->kind, an_bi(s, f), f->block_id);
	f->name = nm;
	bcx_out_indent(o, 2 * (s->depth - 1));
	bcx_out_putc(o, '<');
	an_name(o, nm, "UnknownBlock", f->block_id);
	if (s->opts->non_symbolic && nm.s) {
		bcx_out_puts(o, " BlockID=");
		bcx_out_putu(o, f->block_id);
	}
	bcx_out_puts(o, " NumWords=");
	bcx_out_putu(o, f->num_words);
	bcx_out_puts(o, " BlockCodeSize=");
	bcx_out_putu(o, f->width);
	bcx_out_putn(o, ">\n", 2);
}

void an_text_block_close(an_state *s, an_frame *f)
{
	bcx_out *o = s->out;
	bcx_out_indent(o, 2 * (s->depth - 1));
	bcx_out_putn(o, "</", 2);
	/* The name chosen when the block opened, even if a BLOCKINFO block
	 * inside it renamed it since: the reference keeps that string. */
	an_name(o, f->name, "UnknownBlock", f->block_id);
	bcx_out_putn(o, ">\n", 2);
}

static void size_line(bcx_out *o, const char *label, uint64_t bits)
{
	bcx_out_printf(o, "%s%llub/%.2fB/%lluW\n", label, (unsigned long long)bits, (double)bits / 8.0,
		  (unsigned long long)(bits / 32));
}

static void histogram(an_state *s, const an_block *b)
{
	bcx_out *o = s->out;
	an_code *v = an_sorted_codes(s, b);
	if (!v)
		return;
	bcx_out_puts(o, "\tRecord Histogram:\n");
	bcx_out_puts(o, "\t\t  Count    # Bits     b/Rec   % Abv  Record Kind\n");
	for (size_t i = 0; i < b->ncodes; i++) {
		const an_code *c = &v[i];
		bcx_out_printf(o, "\t\t%7llu %9llu", (unsigned long long)c->count,
			  (unsigned long long)c->bits);
		if (c->count > 1)
			bcx_out_printf(o, " %9.1f", (double)c->bits / (double)c->count);
		else
			bcx_out_puts(o, "          ");
		if (c->abbreviated)
			bcx_out_printf(o, " %7.2f", (double)c->abbreviated / (double)c->count * 100);
		else
			bcx_out_puts(o, "        ");
		bcx_out_puts(o, "  ");
		an_name(o, bs_record_name(s->r->kind, bs_bi_find(s->r->bi, b->id), b->id, c->code),
			"UnknownCode", c->code);
		bcx_out_putc(o, '\n');
	}
	bcx_out_putc(o, '\n');
	bcx_free(s->alloc, v, (b->ncodes ? b->ncodes : 1) * sizeof *v);
}

static void block_stats(an_state *s, const an_block *b, uint64_t total)
{
	bcx_out *o = s->out;
	bcx_bs_name nm = bs_block_name(s->r->kind, bs_bi_find(s->r->bi, b->id), b->id);
	bcx_out_printf(o, "  Block ID #%u", b->id);
	if (nm.s) {
		bcx_out_puts(o, " (");
		bcx_out_putn(o, nm.s, nm.len);
		bcx_out_putc(o, ')');
	}
	bcx_out_printf(o, ":\n      Num Instances: %llu\n", (unsigned long long)b->instances);
	size_line(o, "         Total Size: ", b->bits);
	bcx_out_printf(o, "    Percent of file: %2.4f%%\n", (double)b->bits * 100.0 / (double)total);
	if (b->instances > 1) {
		double n = (double)b->instances, avg = (double)b->bits / n;
		bcx_out_printf(o, "       Average Size: %.2f/%.2fB/%lluW\n", avg, avg / 8,
			  (unsigned long long)(avg / 32));
		bcx_out_printf(o, "  Tot/Avg SubBlocks: %llu/%e\n", (unsigned long long)b->subblocks,
			  (double)b->subblocks / n);
		bcx_out_printf(o, "    Tot/Avg Abbrevs: %llu/%e\n", (unsigned long long)b->abbrevs,
			  (double)b->abbrevs / n);
		bcx_out_printf(o, "    Tot/Avg Records: %llu/%e\n", (unsigned long long)b->records,
			  (double)b->records / n);
	} else {
		bcx_out_printf(o, "      Num SubBlocks: %llu\n", (unsigned long long)b->subblocks);
		bcx_out_printf(o, "        Num Abbrevs: %llu\n", (unsigned long long)b->abbrevs);
		bcx_out_printf(o, "        Num Records: %llu\n", (unsigned long long)b->records);
	}
	if (b->records)
		bcx_out_printf(o, "    Percent Abbrevs: %2.4f%%\n",
			  (double)b->abbreviated * 100.0 / (double)b->records);
	bcx_out_putc(o, '\n');
	if (!s->opts->no_histogram && b->ncodes)
		histogram(s, b);
}

void an_text_stats(an_state *s)
{
	bcx_out *o = s->out;
	uint64_t total = (uint64_t)s->r->payload_size * 8;
	if (s->opts->dump)
		bcx_out_putn(o, "\n\n", 2);
	bcx_out_puts(o, "Summary of ");
	bcx_out_puts(o, s->opts->filename ? s->opts->filename : "-");
	bcx_out_puts(o, ":\n");
	size_line(o, "         Total size: ", total);
	bcx_out_printf(o, "        Stream type: %s\n", bcx_bs_kind_name(s->r->kind));
	bcx_out_printf(o, "  # Toplevel Blocks: %llu\n\n", (unsigned long long)s->ntop);
	bcx_out_puts(o, "Per-block Summary:\n");
	an_block **v = an_sorted_blocks(s);
	if (!v)
		return;
	for (size_t i = 0; i < s->nblocks && s->r->bc.status == BCX_OK; i++)
		block_stats(s, v[i], total);
	bcx_free(s->alloc, v, (s->nblocks ? s->nblocks : 1) * sizeof *v);
}
