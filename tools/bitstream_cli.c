/* The LLVM bitstream format in the bcx tool: dump and stat (the text of
 * llvm-bcanalyzer -dump and llvm-bcanalyzer, byte for byte, or JSON) and
 * copy (decode into a tree, encode again). */
#include "formats.h"
#include "bcx/bitstream.h"

#include <stdlib.h>
#include <string.h>

/* A known magic, or else the shape of a bitstream with an unknown magic
 * (llvm-bcanalyzer reads those too): whole 32-bit words and a first entry
 * that is ENTER_SUBBLOCK (2-bit ID 1 right after the magic). */
static bool bitstream_sniff(const uint8_t *data, size_t size)
{
	if (bcx_bs_sniff(data, size))
		return true;
	return size >= 8 && size % 4 == 0 && (data[4] & 3) == 1;
}

static const char *bitstream_describe(const uint8_t *p, size_t n)
{
	static const struct { const char magic[5]; const char *name; } kinds[] = {
		{"BC\xc0\xde", "LLVM bitcode"},
		{"\xde\xc0\x17\x0b", "wrapped LLVM bitcode"},
		{"CPCH", "a Clang AST file (LLVM bitstream)"},
		{"DIAG", "Clang serialized diagnostics (LLVM bitstream)"},
		{"RMRK", "LLVM remarks (LLVM bitstream)"},
	};
	for (size_t i = 0; n >= 4 && i < sizeof kinds / sizeof kinds[0]; i++)
		if (memcmp(p, kinds[i].magic, 4) == 0)
			return kinds[i].name;
	return "an LLVM bitstream";
}

typedef struct analyze_job {
	const cli_input *in;
	bcx_bs_analyze_options o;
} analyze_job;

static bcx_status produce_analysis(void *ctx, const bcx_sink *out, bcx_diag *d)
{
	const analyze_job *j = ctx;
	return bcx_bs_analyze(j->in->data, j->in->size, &j->o, out, NULL, d);
}

/* The analyzer writes its report in 64 KiB pieces as it goes; on malformed
 * input the text so far stays on stdout (as llvm-bcanalyzer leaves it), and
 * a file named by -o is left as it was. */
static int analyze(const cli_input *in, const cli_args *a, bool dump)
{
	analyze_job j = {in, BCX_OPTIONS_INIT(bcx_bs_analyze_options)};
	j.o.dump = dump;
	j.o.filename = in->path;
	j.o.json = a->json;
	j.o.no_histogram = a->no_histogram;
	j.o.dump_blockinfo = a->dump_blockinfo;
	j.o.non_symbolic = a->non_symbolic;
	j.o.show_binary_blobs = a->show_binary_blobs;
	return cli_stream_run(a, in->name, produce_analysis, &j);
}

static int bitstream_dump(const cli_input *in, const cli_args *a) { return analyze(in, a, true); }
static int bitstream_stat(const cli_input *in, const cli_args *a) { return analyze(in, a, false); }

static int bitstream_copy(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	bcx_buf buf;
	bcx_buf_init(&buf, NULL);
	int rc = EXIT_INPUT;
	if (bcx_bs_tree_read(&t, in->data, in->size, NULL, &d) != BCX_OK ||
	    bcx_bs_tree_write(t, &buf, &d) != BCX_OK)
		cli_report(in->name, &d);
	else
		rc = cli_write_output(a, buf.data, buf.len, true);
	bcx_buf_free(&buf);
	bcx_bs_tree_free(t);
	return rc;
}

/* Per block ID: how many blocks, their words (as their length fields
 * say) and the records directly in them. IDs above 255 share a row. */
typedef struct block_stat {
	uint64_t blocks, words, records;
} block_stat;

static void count_blocks(const bcx_bs_node *n, block_stat *st, unsigned depth)
{
	for (; n && depth < 512; n = n->next) {
		if (n->kind != BCX_BS_NODE_BLOCK)
			continue;
		block_stat *s = &st[n->block_id < 256 ? n->block_id : 256];
		s->blocks++;
		s->words += n->num_words;
		for (const bcx_bs_node *c = n->children; c; c = c->next)
			s->records += c->kind == BCX_BS_NODE_RECORD;
		count_blocks(n->children, st, depth + 1);
	}
}

/* A block's name: LLVM's table as llvm-bcanalyzer prints it, and for
 * bitcode the block IDs that llvm-bcanalyzer-22 leaves unnamed, from
 * LLVMBitCodes.h. */
static bcx_bs_name block_name(bcx_bs_reader *r, unsigned id, const char *what)
{
	static const char sync_scopes[] = "SYNC_SCOPE_NAMES_BLOCK_ID";
	bcx_bs_name nm = r && id < 256 ? bcx_bs_block_name(r, id) : (bcx_bs_name){NULL, 0};
	if (!nm.s && id == 26 && strstr(what, "LLVM bitcode"))
		nm = (bcx_bs_name){sync_scopes, sizeof sync_scopes - 1};
	return nm;
}

static void info_report(const cli_input *in, const block_stat *st, bool json, bcx_buf *b)
{
	/* Names from LLVM's table for LLVM IR streams (none for others). */
	bcx_bs_reader *r = NULL;
	if (bcx_bs_reader_new(&r, in->data, in->size, NULL, NULL) != BCX_OK)
		r = NULL;
	const char *what = bitstream_describe(in->data, in->size);
	bool wrapped = in->size >= 4 && memcmp(in->data, "\xde\xc0\x17\x0b", 4) == 0;
	if (json) {
		bcx_buf_printf(b, "{\"format\": \"llvm-bitstream\", \"schema_version\": 1, \"kind\": ");
		cli_json_string(b, (const uint8_t *)what, strlen(what));
		bcx_buf_printf(b, ", \"wrapped\": %s, \"size\": %zu, \"blocks\": [",
			       wrapped ? "true" : "false", in->size);
	} else {
		bcx_buf_printf(b, "format:    %s\nsize:      %zu bytes%s\n\nblocks by ID:\n"
				  "  block_id  blocks       bytes   records  name\n",
			       what, in->size, wrapped ? " (wrapper header)" : "");
	}
	const char *sep = "";
	for (unsigned id = 0; id <= 256; id++) {
		if (!st[id].blocks)
			continue;
		bcx_bs_name nm = block_name(r, id, what);
		if (json) {
			bcx_buf_printf(b, "%s\n  {\"block_id\": %u, \"blocks\": %llu, \"bytes\": %llu, "
					  "\"records\": %llu, \"name\": ",
				       sep, id, (unsigned long long)st[id].blocks,
				       (unsigned long long)st[id].words * 4,
				       (unsigned long long)st[id].records);
			if (nm.s)
				cli_json_string(b, (const uint8_t *)nm.s, nm.len);
			else
				bcx_buf_puts(b, "null");
			bcx_buf_puts(b, "}");
			sep = ",";
		} else {
			bcx_buf_printf(b, "  %7u%s %7llu %11llu %9llu  %.*s\n", id, id == 256 ? "+" : " ",
				       (unsigned long long)st[id].blocks,
				       (unsigned long long)st[id].words * 4,
				       (unsigned long long)st[id].records, nm.s ? (int)nm.len : 1,
				       nm.s ? nm.s : "-");
		}
	}
	if (json)
		bcx_buf_puts(b, "]}\n");
	bcx_bs_reader_free(r);
}

static int bitstream_info(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	bcx_buf buf;
	bcx_buf_init(&buf, NULL);
	int rc = EXIT_INPUT;
	block_stat *st = calloc(257, sizeof *st);
	if (!st) {
		cli_message("error", NULL, -1, "out of memory");
	} else if (bcx_bs_tree_read(&t, in->data, in->size, NULL, &d) != BCX_OK) {
		cli_report(in->name, &d);
	} else {
		count_blocks(bcx_bs_tree_top(t), st, 0);
		info_report(in, st, a->json, &buf);
		rc = cli_emit(a, &buf, false);
	}
	free(st);
	bcx_buf_free(&buf);
	bcx_bs_tree_free(t);
	return rc;
}

const cli_format cli_format_bitstream = {
	"bitstream",
	"LLVM bitstream",
	bitstream_sniff,
	bitstream_describe,
	{[CLI_DUMP] = bitstream_dump, [CLI_STAT] = bitstream_stat, [CLI_COPY] = bitstream_copy,
	 [CLI_INFO] = bitstream_info},
	"any (bitcode, wrapped, Clang, remarks)",
};
