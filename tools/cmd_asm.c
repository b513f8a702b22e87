/* bcx asm: assemble Tile IR generic-form MLIR text into bytecode. */
#include "cli.h"
#include "tileir_args.h"
#include "tapioca_cli.h"

#include <string.h>

void cmd_asm_help(FILE *out);
int cmd_asm_run(int argc, char **argv);

void cmd_asm_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx asm [OPTIONS] FILE.mlir\n\n"
		"Assemble a CUDA Tile IR module written in MLIR's generic op form (as\n"
		"printed by `bcx dis --generic` or cuda-tile-translate\n"
		"--mlir-print-op-generic) into Tile IR bytecode, byte for byte as NVIDIA's\n"
		"writer encodes it. FILE may be '-' for stdin.\n\n"
		"Options:\n"
		"  -o FILE          output file (default: stdout); written atomically\n"
		"  --target 13.x    format version 13.1, 13.2 or 13.3 (default 13.3);\n"
		"                   13.x.TAG also sets the header tag\n"
		"  --i1-bytes       write i1 constants one byte per element (newest NVIDIA\n"
		"                   tools) instead of packed bits\n\n"
		"An empty optimization_hints attribute is written as absent. Errors are\n"
		"printed as FILE:LINE:COL: message; a feature the target version lacks is\n"
		"refused with the version that introduced it. Exit status 1 on errors.\n\n"
		"bcx asm --format tapioca FILE.tasm -o FILE.tbon (also chosen for any *.tasm)\n"
		"assembles Tapioca VM assembly into a TBON object file (docs/tapioca.md).\n");
}

int cmd_asm_run(int argc, char **argv)
{
	if (tapioca_asm_claims(argc, argv))
		return tapioca_asm_main(argc, argv);
	tileir_write_args a;
	int rc = tileir_parse_write_args(argc, argv, &a);
	if (rc != EXIT_OK)
		return rc;
	cli_file f;
	if (!cli_file_load(&f, a.in))
		return EXIT_INPUT;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tb_module *m = NULL;
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_status st = bcx_tb_assemble(a.in, (const char *)f.data, f.size, NULL, &m, &d);
	if (st == BCX_OK)
		st = bcx_tb_write(m, &a.opt, &bytes, &n, &d);
	cli_file_free(&f);
	if (st != BCX_OK) {
		/* Parse errors already carry FILE:LINE:COL. */
		if (strncmp(d.message, a.in, strlen(a.in)) == 0)
			fprintf(stderr, "%s\n", d.message);
		else
			fprintf(stderr, "%s: error: %s\n", a.in, d.message);
		bcx_tb_module_free(m);
		return EXIT_INPUT;
	}
	rc = cli_write_output(a.out, bytes, n);
	bcx_tb_free_bytes(m, bytes, n);
	bcx_tb_module_free(m);
	return rc;
}
