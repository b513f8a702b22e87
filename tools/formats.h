/* The format registry: each format has a sniff test on the first bytes and
 * one entry point per verb it supports (NULL = not supported). Every verb
 * detects the input's format and dispatches here. */
#ifndef BCX_TOOLS_FORMATS_H
#define BCX_TOOLS_FORMATS_H

#include "cli.h"

/* The verbs that read one input and dispatch on its format. */
typedef enum cli_verb {
#define VERB(id, name, many, summary) CLI_##id,
#include "verbs.def"
#undef VERB
	CLI_VERB_COUNT
} cli_verb;

typedef int (*cli_verb_fn)(const cli_input *in, const cli_args *a);

typedef struct cli_format {
	const char *id;   /* short name for --format and option rows: "tileir" */
	const char *name; /* "CUDA Tile IR bytecode" */
	bool (*sniff)(const uint8_t *data, size_t size);
	/* Optional: a closer name for these bytes ("LLVM bitcode" rather than
	 * "LLVM bitstream"). */
	const char *(*describe)(const uint8_t *data, size_t size);
	cli_verb_fn verbs[CLI_VERB_COUNT];
	/* For bcx --version: the versions of the format bcx reads ("13.1 to
	 * 13.3"); NULL for the kinds of input that are only recognised. */
	const char *versions;
} cli_format;

#define FORMAT(stem) extern const cli_format cli_format_##stem;
#include "formats.def"
#undef FORMAT

/* For text: what reads this kind of text ("`bcx asm --format tapioca` reads
 * it"), from what the text looks like. */
const char *cli_text_hint(const uint8_t *data, size_t size);
/* For compressed data: the command that decompresses it to stdout. */
const char *cli_compressed_tool(const uint8_t *data, size_t size);
/* For data that no format accepts: the format whose magic it is the start
 * of (a file cut short), or NULL. */
const char *cli_truncated_magic(const uint8_t *data, size_t size);

/* The format whose sniff accepts data, or NULL. */
const cli_format *cli_format_detect(const uint8_t *data, size_t size);
/* The format with this id, or NULL. */
const cli_format *cli_format_by_id(const char *id);
/* The name of what data is: describe() if the format has one, else name. */
const char *cli_format_describe(const cli_format *f, const uint8_t *data, size_t size);
/* Print "verb" names that f supports as "`bcx dump` or `bcx stat`". */
void cli_format_suggest(const cli_format *f, char *out, size_t cap);
/* The ids of the formats that have verb v, bytecode formats only, as
 * "tileir, mlirbc, tapioca" (what --format takes for asm). */
void cli_format_list(cli_verb v, char *out, size_t cap);
/* Print up to 8 leading bytes in hex ("42 43 c0 de"). */
void cli_hex_bytes(const uint8_t *data, size_t size, char *out, size_t cap);
/* The verb's name ("dump"). */
const char *cli_verb_name(cli_verb v);
/* Whether it reads several files, a report each (verbs.def). */
bool cli_verb_many(cli_verb v);

/* Run a dispatching verb: parse, open the input, detect, check that every
 * option given applies to the format, dispatch. */
int cli_run_verb(cli_verb v, int argc, char **argv);
/* Print the verb's usage and options (bcx VERB --help). */
void cli_verb_help(cli_verb v, FILE *out);

/* The text formats' entry points (formats.c's text row): asm of any
 * text (verbs.c, by --format), verify of Tile IR text (tileir_cli.c). */
int cli_text_asm(const cli_input *in, const cli_args *a);
int cli_tileir_verify_text(const cli_input *in, const cli_args *a);

/* bcx varint, which takes no input file (cmd_varint.c). */
int cmd_varint_run(int argc, char **argv);
void cmd_varint_help(FILE *out);
/* The codecs' names, comma-separated, as `bcx varint` takes them. */
void cmd_varint_codecs(FILE *out);

#endif
