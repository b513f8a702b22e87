/* bcx dis: disassemble a CUDA Tile IR bytecode file to MLIR text. */
#include "cli.h"
#include "bcx/tileir.h"
#include "tapioca_cli.h"

#include <string.h>

void cmd_dis_help(FILE *out);
int cmd_dis_run(int argc, char **argv);

void cmd_dis_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx dis [--generic] [--function NAME] [-o OUT] FILE\n\n"
		"Disassemble CUDA Tile IR bytecode (versions 13.1, 13.2, 13.3) in MLIR's\n"
		"generic op form, byte for byte as NVIDIA's cuda-tile-translate prints it\n"
		"with -cudatilebc-to-mlir --mlir-print-op-generic. FILE may be '-' (stdin).\n\n"
		"Options:\n"
		"  --generic         generic op form (the default and, for now, only form)\n"
		"  --function NAME   print only the entry NAME (values numbered from 0);\n"
		"                    only that function's body is decoded\n"
		"  -o OUT            write to OUT (atomically) instead of stdout\n\n"
		"Invalid input is reported as FILE:OFFSET: message, exit status 1.\n"
		"A Tapioca TBON file (magic TBON) is printed as Tapioca assembly\n"
		"(docs/tapioca.md); only -o applies to it.\n");
}

typedef struct dis_args {
	const char *path, *out, *function;
} dis_args;

static int parse_args(int argc, char **argv, dis_args *a)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--generic") == 0)
			continue;
		if ((strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--function") == 0)) {
			if (i + 1 >= argc)
				return cli_usage("dis", "%s needs a value", argv[i]);
			*(argv[i][1] == 'o' ? &a->out : &a->function) = argv[i + 1];
			i++;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			return cli_usage("dis", "unknown option %s", argv[i]);
		} else if (a->path) {
			return cli_usage("dis", "more than one FILE");
		} else {
			a->path = argv[i];
		}
	}
	return a->path ? EXIT_OK : cli_usage("dis", "missing FILE");
}

static int disassemble(const cli_file *f, const dis_args *a)
{
	bcx_diag d = {0};
	bcx_tileir_module *m = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_status s = bcx_tileir_open(f->data, f->size, NULL, &m, &d);
	long fn = -1;
	if (s == BCX_OK && a->function) {
		fn = bcx_tileir_function_find(m, a->function, strlen(a->function));
		if (fn < 0)
			s = bcx_diag_set(&d, BCX_ERR_NOT_FOUND, -1, "no function named '%s'",
					 a->function);
	}
	if (s == BCX_OK)
		s = bcx_tileir_print_generic(m, fn, &out, &d);
	int rc = EXIT_INPUT;
	if (s == BCX_OK)
		rc = cli_write_output(a->out ? a->out : "-", out.data, out.len);
	else
		cli_report(f->name, &d);
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	return rc;
}

int cmd_dis_run(int argc, char **argv)
{
	if (tapioca_dis_claims(argc, argv))
		return tapioca_dis_main(argc, argv);
	dis_args a = {0};
	int rc = parse_args(argc, argv, &a);
	if (rc != EXIT_OK)
		return rc;
	cli_file f;
	if (!cli_file_load(&f, a.path))
		return EXIT_INPUT;
	rc = disassemble(&f, &a);
	cli_file_free(&f);
	return rc;
}
