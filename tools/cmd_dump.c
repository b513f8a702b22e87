/* bcx dump: detect the format from the magic and hand over to it. */
#include "formats.h"
#include "tapioca_cli.h"

#include <string.h>

void cmd_dump_help(FILE *out);
int cmd_dump_run(int argc, char **argv);

static const dump_format formats[] = {
	{"Tapioca TBON", tbon_sniff, tapioca_dump_main},
	{"CUDA Tile IR bytecode", tileir_sniff, tileir_dump_main},
	{"LLVM bitstream", bitstream_sniff, bitstream_dump_main},
};

void cmd_dump_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx dump [OPTIONS] FILE\n\n"
		"Print the structure of FILE ('-' for stdin). The format is detected from\n"
		"its first bytes: CUDA Tile IR bytecode, or any LLVM bitstream (bitcode,\n"
		"wrapped bitcode, other bitstream files).\n\n"
		"Options:\n"
		"  --json            the same information as JSON\n"
		"  -o FILE           write to FILE instead of stdout\n"
		"  (a Tapioca TBON object file is shown as its value tree with byte offsets)\n"
		"  --function NAME   (Tile IR) only this function's body\n"
		"  --dump-blockinfo, --non-symbolic, --show-binary-blobs, --disable-histogram\n"
		"                    (bitstream) as llvm-bcanalyzer's options of the same name;\n"
		"                    the text is that of llvm-bcanalyzer -dump FILE\n");
}

static const char *find_file_arg(int argc, char **argv)
{
	static const char *const with_value[] = DUMP_VALUE_OPTIONS;
	for (int i = 1; i < argc; i++) {
		bool takes_value = false;
		for (const char *const *o = with_value; *o; o++)
			takes_value |= strcmp(argv[i], *o) == 0;
		if (takes_value) {
			i++;
			continue;
		}
		if (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)
			return argv[i];
	}
	return NULL;
}

int cmd_dump_run(int argc, char **argv)
{
	const char *path = find_file_arg(argc, argv);
	if (!path)
		return cli_usage("dump", "missing FILE");
	cli_file f;
	if (!cli_file_load(&f, path))
		return EXIT_INPUT;
	int rc = -1;
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (formats[i].sniff(f.data, f.size)) {
			rc = formats[i].dump(argc, argv, &f);
			break;
		}
	if (rc < 0) {
		cli_error("%s:0: unknown format: not CUDA Tile IR bytecode nor an LLVM bitstream", path);
		rc = EXIT_INPUT;
	}
	cli_file_free(&f);
	return rc;
}
