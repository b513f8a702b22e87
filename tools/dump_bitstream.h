/* bcx dump / bcx stat for LLVM bitstream files (the analyzer front end). */
#ifndef BCX_TOOLS_DUMP_BITSTREAM_H
#define BCX_TOOLS_DUMP_BITSTREAM_H

#include "cli.h"

/* Parse the options of `dump` (dump = true) or `stat`, analyze the loaded
 * input and print the report. Returns the exit code. */
int bitstream_analyze_main(int argc, char **argv, const cli_file *input, bool dump);
/* The option lines shared by `bcx dump --help` and `bcx stat --help`. */
void bitstream_options_help(FILE *out, bool dump);

#endif
