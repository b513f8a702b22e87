/* MLIR bytecode in the bcx tool: dis (generic op form, --debuginfo for
 * inline locations) and dump (structure, --json). */
#include "formats.h"
#include "bcx/mlirbc.h"

#include <stdlib.h>

static bool mlirbc_sniff(const uint8_t *data, size_t size)
{
	return bcx_mlirbc_is_mlirbc(data, size);
}

typedef struct text_job {
	bcx_mlirbc_module *m;
	bool dump;
	unsigned flags;
} text_job;

static bcx_status produce_text(void *ctx, const bcx_sink *out, bcx_diag *d)
{
	const text_job *j = ctx;
	return j->dump ? bcx_mlirbc_dump(j->m, j->flags, out, d)
		       : bcx_mlirbc_print_generic(j->m, j->flags, out, d);
}

/* The text streams to the output as it is made. */
static int print_text(const cli_input *in, const cli_args *a, bool dump)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	text_job j = {NULL, dump,
		      dump ? (a->json ? BCX_MLIRBC_JSON : 0u)
			   : (a->debuginfo ? BCX_MLIRBC_DEBUGINFO : 0u)};
	int rc;
	if (bcx_mlirbc_open(in->data, in->size, NULL, &j.m, &d) != BCX_OK) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	} else {
		rc = cli_stream_run(a, in->name, produce_text, &j);
	}
	bcx_mlirbc_close(j.m);
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
