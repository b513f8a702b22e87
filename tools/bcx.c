/* bcx: the command-line tool. main() finds the command; the verbs that
 * read a bytecode file go through the format registry (verbs.c), varint
 * has its own file. */
#include "formats.h"
#include "bcx/tileir.h"

#include <errno.h>
#include <string.h>


typedef struct command {
	const char *name;
	const char *summary; /* one line for `bcx --help` */
	int verb;            /* a cli_verb, or -1 for varint */
} command;

/* varint, then the verbs of verbs.def in its order. */
static const command commands[] = {
	{"varint", "encode or decode one integer with a bcx codec", -1},
#define VERB(id, name, many, summary) {name, summary, CLI_##id},
#include "verbs.def"
#undef VERB
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out)
{
	fprintf(out, "Usage: bcx [--help] [--version] COMMAND [ARGS...]\n\n"
		     "Read, write, verify, inspect, disassemble and assemble compiler bytecode:\n"
		     "CUDA Tile IR bytecode, MLIR bytecode, LLVM bitstream files, Tapioca VM object\n"
		     "files (TBON), and the integer codecs they use.\n"
		     "Every command that reads a file detects its format from the first bytes.\n\n"
		     "Commands:\n");
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
	fprintf(out, "\nRun 'bcx COMMAND --help' for the options of one command.\n"
		     "Exit status: 0 success, 1 invalid input or a failed write, 2 usage error.\n");
}

/* BCX_GIT_COMMIT: written at build time (cmake/git_commit.cmake). */
#include "bcx_git_commit.h"

/* One --version line: the format, its versions, and the commands its
 * registry entry has (so the list cannot go stale). */
static void version_line(const char *label, const char *versions, const cli_format *f)
{
	printf("  %-30s %s:", label, versions);
	const char *sep = " ";
	for (int v = 0; v < CLI_VERB_COUNT; v++) {
		if (f->verbs[v]) {
			printf("%s%s", sep, cli_verb_name((cli_verb)v));
			sep = ", ";
		}
	}
	putchar('\n');
}

/* Every format of the registry that has versions, then the codecs. */
static void version(void)
{
#define FORMAT(stem) &cli_format_##stem,
	static const cli_format *const formats[] = {
#include "formats.def"
	};
#undef FORMAT
	printf("bcx %s\ncommit: %s\nformats:\n", bcx_version(), BCX_GIT_COMMIT);
	for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
		if (formats[i]->versions)
			version_line(formats[i]->name, formats[i]->versions, formats[i]);
	printf("  %-30s ", "integer codecs");
	cmd_varint_codecs(stdout);
	putchar('\n');
}

static const command *find(const char *name)
{
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static void help(const command *c)
{
	if (c->verb < 0)
		cmd_varint_help(stdout);
	else
		cli_verb_help((cli_verb)c->verb, stdout);
}

static int dispatch(int argc, char **argv)
{
	const char *cmd = argv[1];
	if (cli_is_help(cmd) || strcmp(cmd, "help") == 0) {
		const command *c = argc > 2 && strcmp(cmd, "help") == 0 ? find(argv[2]) : NULL;
		if (c)
			help(c);
		else
			usage(stdout);
		return EXIT_OK;
	}
	if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
		version();
		return EXIT_OK;
	}
	const command *c = find(cmd);
	if (!c) {
		const char *names[N_COMMANDS];
		for (size_t i = 0; i < N_COMMANDS; i++)
			names[i] = commands[i].name;
		const char *near = cli_closest(cmd, names, N_COMMANDS);
		fputs("bcx: unknown command '", stderr);
		cli_fput_path(stderr, cmd);
		if (near)
			fprintf(stderr, "'; did you mean '%s'?\n", near);
		else
			fputs("'; run 'bcx --help' for the list\n", stderr);
		return EXIT_USAGE;
	}
	if (argc > 2 && cli_is_help(argv[2])) {
		help(c);
		return EXIT_OK;
	}
	return c->verb < 0 ? cmd_varint_run(argc - 1, argv + 1)
			   : cli_run_verb((cli_verb)c->verb, argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	int rc = dispatch(argc, argv);
	/* Whatever went through stdio (help, varint, streamed dumps) must have
	 * reached its destination too. A command that failed has said why
	 * (a program run by `bcx run` whose output failed, for one): no
	 * second message then. */
	errno = 0;
	if ((fflush(stdout) != 0 || ferror(stdout)) && rc == EXIT_OK) {
		cli_message("error", "<stdout>", -1, CLI_WRITE_FAILED "%s",
			    strerror(errno ? errno : EIO));
		rc = EXIT_INPUT;
	}
	return rc;
}
