/* Tapioca VM commands of the bcx tool: bcx run, bcx asm --format tapioca,
 * bcx dis FILE.tbon, bcx dump FILE.tbon. Each *_main takes the command's
 * argument vector (argv[0] is the command name). */
#ifndef BCX_TOOLS_TAPIOCA_CLI_H
#define BCX_TOOLS_TAPIOCA_CLI_H

#include "cli.h"

bool tbon_sniff(const uint8_t *data, size_t size);
/* True when `bcx asm` should assemble Tapioca (--format tapioca or *.tasm). */
bool tapioca_asm_claims(int argc, char **argv);
/* True when the FILE argument of `bcx dis` is a TBON file. */
bool tapioca_dis_claims(int argc, char **argv);
int tapioca_asm_main(int argc, char **argv);
int tapioca_dis_main(int argc, char **argv);
int tapioca_run_main(int argc, char **argv);
int tapioca_dump_main(int argc, char **argv, const cli_file *input);
void tapioca_run_help(FILE *out);

#endif
