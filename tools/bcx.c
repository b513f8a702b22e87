/* bcx: the command-line tool. main() dispatches to the subcommands listed
 * in commands.def; each lives in its own cmd_*.c file. */
#include "cli.h"

#include <string.h>

#define CMD(name, stem, summary)                                                               \
	int cmd_##stem##_run(int argc, char **argv);                                           \
	void cmd_##stem##_help(FILE *out);
#include "commands.def"
#undef CMD

static const cli_command commands[] = {
#define CMD(name, stem, summary) {name, summary, cmd_##stem##_run, cmd_##stem##_help},
#include "commands.def"
#undef CMD
};

static void usage(FILE *out)
{
	fprintf(out, "Usage: bcx [--help] [--version] COMMAND [ARGS...]\n\n"
		     "Read, write, verify, inspect, disassemble and assemble compiler bytecode:\n"
		     "CUDA Tile IR bytecode, LLVM bitstream files, and the integer codecs they use.\n\n"
		     "Commands:\n");
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\nRun 'bcx COMMAND --help' for the options of one command.\n"
		     "Exit status: 0 success, 1 invalid input, 2 usage error.\n");
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	const char *cmd = argv[1];
	if (cli_is_help(cmd) || strcmp(cmd, "help") == 0) {
		if (argc > 2 && strcmp(cmd, "help") == 0)
			cmd = argv[2];
		else {
			usage(stdout);
			return EXIT_OK;
		}
		for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
			if (strcmp(commands[i].name, cmd) == 0) {
				commands[i].help(stdout);
				return EXIT_OK;
			}
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		printf("bcx %s\n", bcx_version());
		return EXIT_OK;
	}
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
		if (strcmp(commands[i].name, cmd) != 0)
			continue;
		if (argc > 2 && cli_is_help(argv[2])) {
			commands[i].help(stdout);
			return EXIT_OK;
		}
		return commands[i].run(argc - 1, argv + 1);
	}
	cli_error("unknown command '%s'; run 'bcx --help' for the list", cmd);
	return EXIT_USAGE;
}
