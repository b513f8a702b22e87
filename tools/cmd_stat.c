/* bcx stat: the statistics of an LLVM bitstream file, as llvm-bcanalyzer
 * prints them without -dump. */
#include "dump_bitstream.h"

#include <string.h>

void cmd_stat_help(FILE *out);
int cmd_stat_run(int argc, char **argv);

void cmd_stat_help(FILE *out)
{
	fprintf(out, "Usage: bcx stat [OPTIONS] FILE\n\n"
		     "Print the statistics of an LLVM bitstream file ('-' for stdin): size,\n"
		     "stream type, and per block ID the instances, size, sub-blocks,\n"
		     "abbreviations, records and a record histogram. The text is the same as\n"
		     "llvm-bcanalyzer FILE prints.\n\n"
		     "Options:\n");
	bitstream_options_help(out, false);
}

int cmd_stat_run(int argc, char **argv)
{
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0) {
			i++;
			continue;
		}
		if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0) {
			path = argv[i];
			break;
		}
	}
	if (!path)
		return cli_usage("stat", "missing FILE");
	cli_file f;
	if (!cli_file_load(&f, path))
		return EXIT_INPUT;
	/* Any magic: like llvm-bcanalyzer, an unknown one is stream type
	 * "unknown" and the container is read all the same. */
	int rc = bitstream_analyze_main(argc, argv, &f, false);
	cli_file_free(&f);
	return rc;
}
