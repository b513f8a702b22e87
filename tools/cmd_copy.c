/* bcx copy: decode an LLVM bitstream file into a tree that keeps every
 * encoding choice and write it back (atomically). A file written by LLVM
 * comes back byte for byte. */
#include "cli.h"
#include "bcx/bitstream.h"

#include <string.h>

void cmd_copy_help(FILE *out);
int cmd_copy_run(int argc, char **argv);

void cmd_copy_help(FILE *out)
{
	fprintf(out, "Usage: bcx copy FILE -o OUT\n\n"
		     "Decode the LLVM bitstream FILE ('-' for stdin) completely - blocks,\n"
		     "abbreviation definitions, BLOCKINFO, records with the abbreviation each\n"
		     "one used, the wrapper header and its padding - and encode it again into\n"
		     "OUT ('-' for stdout). OUT is written to a temporary file and renamed.\n"
		     "Output equals the input for files written by LLVM; streams with\n"
		     "non-canonical encodings (extra VBR chunks, non-zero padding, wrong\n"
		     "block lengths) come out in canonical form.\n\n"
		     "Options:\n"
		     "  -o OUT   the output file (required)\n");
}

int cmd_copy_run(int argc, char **argv)
{
	const char *in = NULL, *out = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0) {
			if (++i >= argc)
				return cli_usage("copy", "-o needs a file name");
			out = argv[i];
		} else if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
			if (in)
				return cli_usage("copy", "more than one input file");
			in = argv[i];
		} else {
			return cli_usage("copy", "unknown option '%s'", argv[i]);
		}
	}
	if (!in || !out)
		return cli_usage("copy", in ? "missing -o OUT" : "missing FILE");
	cli_file f;
	if (!cli_file_load(&f, in))
		return EXIT_INPUT;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_tree *t = NULL;
	bcx_buf buf;
	bcx_buf_init(&buf, NULL);
	int rc = EXIT_INPUT;
	if (bcx_bs_tree_read(&t, f.data, f.size, NULL, &d) != BCX_OK ||
	    bcx_bs_tree_write(t, &buf, &d) != BCX_OK)
		cli_report(in, &d);
	else
		rc = cli_write_output(out, buf.data, buf.len);
	bcx_buf_free(&buf);
	bcx_bs_tree_free(t);
	cli_file_free(&f);
	return rc;
}
