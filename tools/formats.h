/* The formats `bcx dump` knows, each with a magic test and a dump entry.
 * cmd_dump.c picks the format from the file's first bytes. */
#ifndef BCX_TOOLS_FORMATS_H
#define BCX_TOOLS_FORMATS_H

#include "cli.h"

/* Each dump function receives the whole `dump` argument vector (argv[0] is
 * "dump") and the loaded input, parses its own options, and returns an
 * exit code. */
typedef struct dump_format {
	const char *name;
	bool (*sniff)(const uint8_t *data, size_t size);
	int (*dump)(int argc, char **argv, const cli_file *input);
} dump_format;

bool tileir_sniff(const uint8_t *data, size_t size);
int tileir_dump_main(int argc, char **argv, const cli_file *input);
bool bitstream_sniff(const uint8_t *data, size_t size);
int bitstream_dump_main(int argc, char **argv, const cli_file *input);

/* Options of `bcx dump` that take a value (so that the FILE argument can be
 * found before the format is known). */
#define DUMP_VALUE_OPTIONS {"-o", "--function", NULL}

#endif
