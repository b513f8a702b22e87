/* Shared helpers of the bcx command-line tool. The tool uses only the
 * public headers; everything here is about arguments, files and messages. */
#ifndef BCX_TOOLS_CLI_H
#define BCX_TOOLS_CLI_H

#include "bcx/core.h"

#include <stdio.h>

/* Exit codes: success, invalid input, usage error. */
enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

typedef struct cli_command {
	const char *name;
	const char *summary;                 /* one line for `bcx --help` */
	int (*run)(int argc, char **argv);   /* argv[0] is the command name */
	void (*help)(FILE *out);             /* full help for `bcx CMD --help` */
} cli_command;

/* Print "bcx: FILE:OFFSET: message" (or without offset) to stderr. */
void cli_report(const char *file, const bcx_diag *d);
/* Print "bcx: message" to stderr. */
void cli_error(const char *fmt, ...) BCX_PRINTF(1, 2);
/* Usage error: prints "bcx CMD: message" and a hint, returns EXIT_USAGE. */
int cli_usage(const char *cmd, const char *fmt, ...) BCX_PRINTF(2, 3);
/* Exit code for a status: EXIT_OK, or EXIT_INPUT for any failure. */
int cli_exit_for(bcx_status s);

/* Load a whole file ("-" = stdin); on failure reports and returns false. */
typedef struct cli_file {
	uint8_t *data;
	size_t size;
	const char *name;
} cli_file;
bool cli_file_load(cli_file *f, const char *path);
void cli_file_free(cli_file *f);

/* Write text or bytes to "-" (stdout) or atomically to a file. Reports
 * errors; returns the exit code. */
int cli_write_output(const char *path, const void *data, size_t size);

/* True when arg equals "-h" or "--help". */
bool cli_is_help(const char *arg);

#endif
