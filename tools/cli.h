/* Shared pieces of the bcx command-line tool: exit codes, the one option
 * parser (a table per verb), the input file, checked output and the one
 * diagnostic shape. The tool uses only the public headers. */
#ifndef BCX_TOOLS_CLI_H
#define BCX_TOOLS_CLI_H

#include "bcx/core.h"

#include <stddef.h>
#include <stdio.h>

/* How every failed write is reported: "bcx: FILE: error: write failed: ..." */
#define CLI_WRITE_FAILED "write failed: "

/* Exit codes: success, invalid input (or a failed write), usage error. */
enum { EXIT_OK = 0, EXIT_INPUT = 1, EXIT_USAGE = 2 };

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

#define CLI_MAX_POSITIONAL 4
/* max_pos for commands that take any number of input files. */
#define CLI_ANY_FILES (-1)

/* Everything any verb's options can set. Each option row names one field
 * (by offset), so one parser serves every verb. */
typedef struct cli_args {
	const char *verb;                /* "dump", ... */
	const char *pos[CLI_MAX_POSITIONAL];
	int n_pos;
	char **files;                    /* with max_pos CLI_ANY_FILES: every positional */
	int n_files;
	const char *out;                 /* -o: NULL = stdout by default, "-" = stdout */
	const char *function, *target, *format, *codec;
	const char *entry, *max_steps, *max_heap, *max_depth; /* run */
	const char *bytecode_version;    /* asm/convert, MLIR bytecode */
	const char *mlir_release;        /* asm/convert, MLIR bytecode: 19 or 22 */
	bool json, pretty, all, generic, i1_bytes, trace, debuginfo, no_verify, hints, strict, gc_stress;
	bool dump_blockinfo, non_symbolic, show_binary_blobs, no_histogram, llvm_dump;
	unsigned given;                  /* bit i: option row i was on the command line */
} cli_args;

typedef struct cli_opt {
	const char *name;     /* "--json" or "-o" */
	const char *metavar;  /* NULL for a flag, else the value's name in --help */
	size_t field;         /* offsetof(cli_args, ...): bool for flags, const char * else */
	const char *only;     /* format id the option applies to ("tileir"), NULL = all */
	bool llvm_spelling;   /* also accept llvm-bcanalyzer's one-dash "-name" */
	const char *help;
} cli_opt;

#define CLI_FLAG(name, field, only, help) {name, NULL, offsetof(cli_args, field), only, false, help}
#define CLI_VALUE(name, meta, field, only, help) {name, meta, offsetof(cli_args, field), only, false, help}

/*
 * Parse argv (argv[0] is the verb) against opts (n rows, at most 32):
 * "--opt=value" and "--opt value" both work, "--" ends the options, "-"
 * and anything starting with "-" and a digit are positional. Unknown
 * options (with the closest name as "did you mean"), missing values, values
 * given to flags and more than max_pos positionals are usage errors,
 * reported in one shape. With max_pos CLI_ANY_FILES every positional is
 * kept, in order, in a->files (argv's own slots, reused). Returns EXIT_OK
 * or EXIT_USAGE.
 */
int cli_parse(int argc, char **argv, const cli_opt *opts, size_t n, int max_pos, cli_args *a);
/* The candidate closest to word (at most 2 edits, a third of its length),
 * for "did you mean"; NULL when none is that close. */
const char *cli_closest(const char *word, const char *const *candidates, size_t n);
/* Print the option rows as --help lines. */
void cli_print_options(FILE *out, const cli_opt *opts, size_t n);

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

typedef struct cli_input {
	const char *path;        /* as given */
	const char *name;        /* for messages: the path, "-" shown as <stdin>,
				    control bytes as \XX */
	const uint8_t *data;
	size_t size;
	bcx_file_view view;      /* the mapping or buffer behind data */
	char *escaped;           /* name when it had to be escaped, else NULL */
} cli_input;

/* Open path ("-" = stdin): mapped when it is a regular file. Reports and
 * returns false on failure. */
bool cli_input_open(cli_input *in, const char *path);
void cli_input_close(cli_input *in);

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

/* Write the result to a->out (NULL or "-" = stdout) with the library's
 * checked writer. Binary output to a terminal needs an explicit "-o -".
 * Reports failures; returns the exit code. */
int cli_write_output(const cli_args *a, const void *data, size_t size, bool binary);
/* The same for text or bytes gathered in b, whose failed status (out of
 * memory) is reported instead. */
int cli_emit(const cli_args *a, const bcx_buf *b, bool binary);

/* Text written as it is produced: open the output of -o (or stdout), write
 * through .sink, then close it: committed when ok (a replaced file appears
 * whole, at once), else left as it was. Both return an exit code and
 * report failures in the one shape. */
/* JSON leaves in one layout whatever wrote it: one line with ", " and ": "
 * between items, or (pretty) one item a line, indented by two spaces a
 * level; either way followed by a newline. */
typedef struct cli_json_layout {
	bool on, pretty;
	bool in_string, escape;
	bool open;              /* after '{' or '[': the next byte decides */
	bool any;               /* something was written */
	unsigned depth;
} cli_json_layout;

typedef struct cli_stream {
	bcx_file_out *f;
	bcx_sink sink;
	const char *shown;
	bool failed;            /* a write to the output failed */
	cli_json_layout json;   /* with --json: what goes out is laid out */
} cli_stream;
/* Report a text parser's failure: "FILE:LINE:COL: message" becomes the
 * one message shape with the source line and a caret. */
void cli_report_text(const cli_input *in, const bcx_diag *d);
int cli_stream_open(const cli_args *a, cli_stream *o);
int cli_stream_close(cli_stream *o, bool ok);

/* Open the output, run produce into it, close it. A failure of produce is
 * reported against `input`; a failed write against the output. */
typedef bcx_status (*cli_producer)(void *ctx, const bcx_sink *out, bcx_diag *d);
int cli_stream_run(const cli_args *a, const char *input, cli_producer produce, void *ctx);
/* Run produce into an open stream, then commit it (or abort it when
 * produce fails, reporting its diagnostic against input): the exit code. */
int cli_stream_produce(cli_stream *out, const char *input, cli_producer produce, void *ctx);

/* ------------------------------------------------------------------ */
/* Messages: "bcx: FILE:OFFSET: error: message"                        */
/* ------------------------------------------------------------------ */

/* The display name of an input path ("-" is <stdin>). */
const char *cli_display_name(const char *path);
/* A library diagnostic about file (binary input): FILE[:OFFSET]: error: ... */
void cli_report(const char *file, const bcx_diag *d);
/* A message with a severity ("error", "warning", "note"); file may be NULL,
 * offset < 0 means none. */
void cli_message(const char *severity, const char *file, long long offset, const char *fmt, ...)
	BCX_PRINTF(4, 5);
/* A message about text input at LINE:COL, followed by the source line and a
 * caret under the column (clang's layout). */
void cli_text_message(const char *severity, const char *file, const uint8_t *text, size_t size,
		      unsigned long line, unsigned long col, const char *msg);
/* Usage error: "bcx VERB: message" and a hint; returns EXIT_USAGE. */
int cli_usage(const char *verb, const char *fmt, ...) BCX_PRINTF(2, 3);
/* Exit code for a status: EXIT_OK, or EXIT_INPUT for any failure. */
int cli_exit_for(bcx_status s);

/* Append s (n bytes) to b with every byte outside printable ASCII, and '"'
 * and '\\', written as MLIR escapes them (\0A, \1B, \22): names come from
 * untrusted files and must not reach a terminal raw. No quotes added. */
void cli_put_escaped(bcx_buf *b, const uint8_t *s, size_t n);
/* A file name as messages show it: its control bytes as \XX, so that a
 * name from the command line or a directory cannot drive the terminal. */
void cli_fput_path(FILE *f, const char *path);
/* Append s (n bytes) to b as a JSON string literal, quotes included. Bytes
 * from 0x7f up are \u00XX, as the library's bcx_json_escape_byte writes
 * them: names need not be UTF-8, and JSON text must be. */
void cli_json_string(bcx_buf *b, const uint8_t *s, size_t n);

/* True when arg equals "-h" or "--help". */
bool cli_is_help(const char *arg);

#endif
