/* Messages, file loading and output for the bcx tool. */
#include "cli.h"

#include <stdarg.h>
#include <string.h>

void cli_report(const char *file, const bcx_diag *d)
{
	const char *msg = d->message[0] ? d->message : bcx_status_str(d->code);
	fprintf(stderr, "bcx: %s", file ? file : "<input>");
	if (d->has_offset) {
		if (d->is_bit_offset)
			fprintf(stderr, ":bit %llu", (unsigned long long)d->offset);
		else
			fprintf(stderr, ":%llu", (unsigned long long)d->offset);
	}
	if (d->context[0])
		fprintf(stderr, ": %s", d->context);
	fprintf(stderr, ": %s\n", msg);
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("bcx: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

int cli_usage(const char *cmd, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "bcx %s: ", cmd);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nTry 'bcx %s --help'.\n", cmd);
	va_end(ap);
	return EXIT_USAGE;
}

int cli_exit_for(bcx_status s) { return s == BCX_OK ? EXIT_OK : EXIT_INPUT; }

bool cli_file_load(cli_file *f, const char *path)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	f->name = path;
	if (bcx_file_read(path, NULL, 0, &f->data, &f->size, &d) != BCX_OK) {
		cli_report(path, &d);
		return false;
	}
	return true;
}

void cli_file_free(cli_file *f)
{
	if (f->data)
		bcx_free(NULL, f->data, f->size + 1);
	f->data = NULL;
}

int cli_write_output(const char *path, const void *data, size_t size)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	if (bcx_file_write_atomic(path ? path : "-", data, size, &d) != BCX_OK) {
		cli_report(path, &d);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

bool cli_is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}
