/* The LLVM bitstream format in the bcx tool: dump and stat (the text of
 * llvm-bcanalyzer -dump and llvm-bcanalyzer, byte for byte, or JSON) and
 * copy (decode into a tree, encode again). */
#include "formats.h"
#include "bcx/bitstream.h"

#include <errno.h>
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

/* Streaming to stdout keeps memory flat for big dumps; every fwrite is
 * checked and the first failure is kept. */
typedef struct out_stream {
	FILE *f;
	int err;
} out_stream;

static bcx_status stream_write(void *ctx, const void *p, size_t n)
{
	out_stream *o = ctx;
	if (!o->err && fwrite(p, 1, n, o->f) != n)
		o->err = errno ? errno : EIO;
	return o->err ? BCX_ERR_IO : BCX_OK;
}

static int analyze(const cli_input *in, const cli_args *a, bool dump)
{
	bcx_bs_analyze_opts o;
	memset(&o, 0, sizeof o);
	o.dump = dump;
	o.filename = in->path;
	o.json = a->json;
	o.no_histogram = a->no_histogram;
	o.dump_blockinfo = a->dump_blockinfo;
	o.non_symbolic = a->non_symbolic;
	o.show_binary_blobs = a->show_binary_blobs;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf buf;
	bcx_buf_init(&buf, NULL);
	out_stream os = {stdout, 0};
	bool to_stdout = !a->out || strcmp(a->out, "-") == 0;
	bcx_sink sink = to_stdout ? (bcx_sink){stream_write, &os} : (bcx_sink){bcx_buf_sink_write, &buf};
	if (to_stdout)
		setvbuf(stdout, NULL, _IONBF, 0); /* the analyzer writes 64 KiB blocks */
	bcx_status s = bcx_bs_analyze(in->data, in->size, &o, &sink, NULL, &d);
	int rc = EXIT_OK;
	if (to_stdout && !os.err && fflush(stdout) != 0)
		os.err = errno ? errno : EIO;
	if (os.err) {
		cli_message("error", "<stdout>", -1, "write failed: %s", strerror(os.err));
		clearerr(stdout); /* reported once, here */
		rc = EXIT_INPUT;
	} else if (s != BCX_OK) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	} else if (!to_stdout) {
		rc = buf.status == BCX_OK ? cli_write_output(a, buf.data, buf.len, false)
					  : (cli_message("error", NULL, -1, "out of memory"), EXIT_INPUT);
	}
	bcx_buf_free(&buf);
	return rc;
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

const cli_format cli_format_bitstream = {
	"bitstream",
	"LLVM bitstream",
	bitstream_sniff,
	bitstream_describe,
	{[CLI_DUMP] = bitstream_dump, [CLI_STAT] = bitstream_stat, [CLI_COPY] = bitstream_copy},
};
