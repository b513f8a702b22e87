/* bcx dump and bcx stat for LLVM bitstream files: the output of
 * llvm-bcanalyzer -dump and llvm-bcanalyzer, byte for byte, or JSON. */
#include "dump_bitstream.h"
#include "formats.h"
#include "bcx/bitstream.h"

#include <string.h>

/* A known magic, or else the shape of a bitstream with an unknown magic
 * (llvm-bcanalyzer reads those too): whole 32-bit words and a first entry
 * that is ENTER_SUBBLOCK (2-bit ID 1 right after the magic). */
bool bitstream_sniff(const uint8_t *data, size_t size)
{
	if (bcx_bs_sniff(data, size))
		return true;
	return size >= 8 && size % 4 == 0 && (data[4] & 3) == 1;
}

int bitstream_dump_main(int argc, char **argv, const cli_file *input)
{
	return bitstream_analyze_main(argc, argv, input, true);
}

void bitstream_options_help(FILE *out, bool dump)
{
	fprintf(out, "  --json               the same information as one JSON document\n"
		     "  -o FILE              write to FILE (atomically) instead of stdout\n"
		     "  --disable-histogram  no per-record histogram in the statistics\n");
	if (dump)
		fprintf(out,
			"  --dump-blockinfo     dump the BLOCKINFO block's records too\n"
			"  --non-symbolic       also print block IDs and record codes next to names\n"
			"  --show-binary-blobs  print every blob, escaped, even when not printable\n");
}

/* Accept "--name" and LLVM's "-name". */
static bool is_opt(const char *arg, const char *name)
{
	if (arg[0] != '-')
		return false;
	arg += arg[1] == '-' ? 2 : 1;
	return strcmp(arg, name) == 0;
}

static bool parse_flag(const char *a, bcx_bs_analyze_opts *o, bool dump)
{
	if (is_opt(a, "json"))
		o->json = true;
	else if (is_opt(a, "disable-histogram"))
		o->no_histogram = true;
	else if (dump && is_opt(a, "dump-blockinfo"))
		o->dump_blockinfo = true;
	else if (dump && is_opt(a, "non-symbolic"))
		o->non_symbolic = true;
	else if (dump && is_opt(a, "show-binary-blobs"))
		o->show_binary_blobs = true;
	else if (dump && is_opt(a, "dump"))
		; /* llvm-bcanalyzer's spelling of this command */
	else
		return false;
	return true;
}

static bcx_status file_write(void *ctx, const void *p, size_t n)
{
	return fwrite(p, 1, n, ctx) == n ? BCX_OK : BCX_ERR_IO;
}

static int run(const cli_file *input, const bcx_bs_analyze_opts *o, const char *out_path)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf buf;
	bcx_buf_init(&buf, NULL);
	bcx_sink sink = {file_write, stdout};
	if (out_path && strcmp(out_path, "-") != 0)
		sink = (bcx_sink){bcx_buf_sink_write, &buf};
	else
		setvbuf(stdout, NULL, _IONBF, 0); /* the analyzer writes 64 KiB blocks */
	bcx_status s = bcx_bs_analyze(input->data, input->size, o, &sink, NULL, &d);
	fflush(stdout);
	int rc = EXIT_OK;
	if (s != BCX_OK) {
		cli_report(input->name, &d);
		rc = EXIT_INPUT;
	} else if (sink.ctx == &buf) {
		rc = buf.status == BCX_OK ? cli_write_output(out_path, buf.data, buf.len)
					  : (cli_error("out of memory"), EXIT_INPUT);
	}
	bcx_buf_free(&buf);
	return rc;
}

int bitstream_analyze_main(int argc, char **argv, const cli_file *input, bool dump)
{
	const char *cmd = dump ? "dump" : "stat";
	bcx_bs_analyze_opts o;
	memset(&o, 0, sizeof o);
	o.dump = dump;
	o.filename = input->name;
	const char *out_path = NULL;
	bool seen_file = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-o") == 0) {
			if (++i >= argc)
				return cli_usage(cmd, "-o needs a file name");
			out_path = argv[i];
		} else if (a[0] != '-' || strcmp(a, "-") == 0) {
			if (seen_file)
				return cli_usage(cmd, "more than one input file");
			seen_file = true;
		} else if (!parse_flag(a, &o, dump)) {
			return cli_usage(cmd, "unknown option '%s'", a);
		}
	}
	return run(input, &o, out_path);
}
