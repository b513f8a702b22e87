/* bcx convert: re-encode a Tile IR bytecode file for another version. */
#include "cli.h"
#include "tileir_args.h"
#include "bcx/tileir.h"

#include <string.h>

void cmd_convert_help(FILE *out);
int cmd_convert_run(int argc, char **argv);

void cmd_convert_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx convert IN --target 13.x -o OUT\n\n"
		"Read the CUDA Tile IR bytecode file IN and write it again for format\n"
		"version 13.1, 13.2 or 13.3, byte for byte as NVIDIA's writer encodes the\n"
		"same module for that version. A module that uses something the target\n"
		"cannot express (an op, type, attribute or global property introduced\n"
		"later) is refused with a message naming it and the version that\n"
		"introduced it; nothing is written then.\n\n"
		"Options:\n"
		"  --target 13.x[.TAG]  target version (required)\n"
		"  -o FILE              output file ('-' = stdout); written atomically\n"
		"  --i1-bytes           write i1 constants one byte per element\n");
}

static int parse_args(int argc, char **argv, tileir_write_args *a)
{
	int rc = tileir_parse_write_args(argc, argv, a);
	if (rc != EXIT_OK)
		return rc;
	if (!a->has_target)
		return cli_usage("convert", "missing --target 13.x");
	return a->out ? EXIT_OK : cli_usage("convert", "missing -o OUT");
}

int cmd_convert_run(int argc, char **argv)
{
	tileir_write_args a;
	int rc = parse_args(argc, argv, &a);
	if (rc != EXIT_OK)
		return rc;
	cli_file f;
	if (!cli_file_load(&f, a.in))
		return EXIT_INPUT;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_module *src = NULL;
	bcx_tb_module *m = NULL;
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_status st = bcx_tileir_read(f.data, f.size, NULL, &src, &d);
	if (st == BCX_OK && (st = bcx_tb_import(src, NULL, &m, &d)) == BCX_OK)
		st = bcx_tb_write(m, &a.opt, &bytes, &n, &d);
	if (st == BCX_OK)
		rc = cli_write_output(a.out, bytes, n);
	else
		cli_report(a.in, &d);
	bcx_tb_free_bytes(m, bytes, n);
	bcx_tb_module_free(m);
	bcx_tileir_close(src);
	cli_file_free(&f);
	return st == BCX_OK ? rc : EXIT_INPUT;
}
