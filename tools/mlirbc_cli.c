/* MLIR bytecode in the bcx tool: dis (generic op form, --debuginfo for
 * inline locations) and dump (structure, --json). */
#include "formats.h"
#include "bcx/mlirbc.h"

#include <stdlib.h>

static bool mlirbc_sniff(const uint8_t *data, size_t size)
{
	return bcx_mlirbc_is_mlirbc(data, size);
}

static int print_text(const cli_input *in, const cli_args *a, bool dump)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_mlirbc_module *m = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink sink = {bcx_buf_sink_write, &out};
	bcx_status s = bcx_mlirbc_open(in->data, in->size, NULL, &m, &d);
	if (s == BCX_OK)
		s = dump ? bcx_mlirbc_dump(m, a->json ? BCX_MLIRBC_JSON : 0, &sink, &d)
			 : bcx_mlirbc_print_generic(m, a->debuginfo ? BCX_MLIRBC_DEBUGINFO : 0, &sink,
						    &d);
	int rc = EXIT_INPUT;
	if (s == BCX_OK)
		rc = cli_write_output(a, out.data, out.len, false);
	else
		cli_report(in->name, &d);
	bcx_buf_free(&out);
	bcx_mlirbc_close(m);
	return rc;
}

static int mlirbc_dis(const cli_input *in, const cli_args *a) { return print_text(in, a, false); }
static int mlirbc_dump(const cli_input *in, const cli_args *a) { return print_text(in, a, true); }

const cli_format cli_format_mlirbc = {
	"mlirbc",
	"MLIR bytecode",
	mlirbc_sniff,
	NULL,
	{[CLI_DIS] = mlirbc_dis, [CLI_DUMP] = mlirbc_dump},
};
