/* Arguments shared by the Tile IR writing commands (`bcx asm`, `bcx convert`):
 * one input, -o OUT, --target 13.x[.tag] and --i1-bytes. */
#ifndef BCX_TOOLS_TILEIR_ARGS_H
#define BCX_TOOLS_TILEIR_ARGS_H

#include "cli.h"
#include "bcx/tileir_build.h"

typedef struct tileir_write_args {
	const char *in, *out;
	bool has_target;
	bcx_tb_write_options opt; /* target 13.3 unless --target says otherwise */
} tileir_write_args;

/* Accepts M.m or M.m.t with M.m in 13.1..13.3 and t <= 65535. */
bool tileir_parse_target(const char *s, bcx_tb_write_options *o);

/* Parse argv (argv[0] is the command name). Returns EXIT_OK, or the usage
 * error's exit code after printing it. A missing input is a usage error. */
int tileir_parse_write_args(int argc, char **argv, tileir_write_args *a);

#endif
