/* The Tapioca VM commands of the bcx tool (see tapioca_cli.h). */
#include "tapioca_cli.h"
#include "bcx/tapioca.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int cmd_run_run(int argc, char **argv);
void cmd_run_help(FILE *out);

bool tbon_sniff(const uint8_t *data, size_t size) { return bcx_tbon_sniff(data, size); }

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n >= k && strcmp(s + n - k, suf) == 0;
}

bool tapioca_asm_claims(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
			return strcmp(argv[i + 1], "tapioca") == 0;
		if (strcmp(argv[i], "-o") == 0)
			i++;
		else if (ends_with(argv[i], ".tasm"))
			return true;
	}
	return false;
}

static const char *last_file(int argc, char **argv)
{
	const char *p = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 || strcmp(argv[i], "--function") == 0)
			i++;
		else if (argv[i][0] != '-')
			p = argv[i];
	}
	return p;
}

bool tapioca_dis_claims(int argc, char **argv)
{
	const char *p = last_file(argc, argv);
	if (!p)
		return false;
	if (ends_with(p, ".tbon"))
		return true;
	FILE *f = fopen(p, "rb");
	uint8_t m[4] = {0};
	bool yes = f && fread(m, 1, 4, f) == 4 && bcx_tbon_sniff(m, 4);
	if (f)
		fclose(f);
	return yes;
}

static void report(const char *file, const bcx_diag *d)
{
	if (d->context[0] && d->code == BCX_ERR_MALFORMED && strchr(d->context, ':') &&
	    !strchr(d->context, '\''))
		fprintf(stderr, "%s:%s: error: %s\n", file, d->context, d->message); /* LINE:COL */
	else
		cli_report(file, d);
}

int tapioca_asm_main(int argc, char **argv)
{
	const char *in = NULL, *out = "-";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (strcmp(argv[i], "--format") == 0 && i + 1 < argc)
			i++;
		else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage("asm", "unknown option %s for Tapioca", argv[i]);
		else
			in = argv[i];
	}
	if (!in)
		return cli_usage("asm", "missing FILE.tasm");
	cli_file f;
	if (!cli_file_load(&f, in))
		return EXIT_INPUT;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	bcx_status s = bcx_tapioca_asm((const char *)f.data, f.size, &b, &d);
	int rc = EXIT_INPUT;
	if (s == BCX_OK)
		rc = cli_write_output(out, b.data, b.len);
	else
		report(in, &d);
	bcx_buf_free(&b);
	cli_file_free(&f);
	return rc;
}

int tapioca_dis_main(int argc, char **argv)
{
	const char *in = NULL, *out = "-";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage("dis", "unknown option %s for TBON files", argv[i]);
		else
			in = argv[i];
	}
	if (!in)
		return cli_usage("dis", "missing FILE");
	cli_file f;
	if (!cli_file_load(&f, in))
		return EXIT_INPUT;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	int rc = EXIT_INPUT;
	if (bcx_tapioca_dis(f.data, f.size, &b, &d) == BCX_OK)
		rc = cli_write_output(out, b.data, b.len);
	else
		report(in, &d);
	bcx_buf_free(&b);
	cli_file_free(&f);
	return rc;
}

int tapioca_dump_main(int argc, char **argv, const cli_file *input)
{
	bool json = false;
	const char *out = "-";
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			json = true;
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			out = argv[++i];
		else if (argv[i][0] == '-' && argv[i][1])
			return cli_usage("dump", "unknown option %s for TBON files", argv[i]);
	}
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	int rc = EXIT_INPUT;
	if (bcx_tbon_dump(input->data, input->size, json, NULL, &b, &d) == BCX_OK)
		rc = cli_write_output(out, b.data, b.len);
	else
		cli_report(input->name, &d);
	bcx_buf_free(&b);
	return rc;
}

static void write_stdout(void *ctx, const char *s, size_t n)
{
	(void)ctx;
	fwrite(s, 1, n, stdout);
}

static void trace_stderr(void *ctx, const char *fn, uint32_t index, uint32_t word)
{
	(void)ctx;
	const char *name = bcx_tapioca_op_name((uint8_t)(word >> 24));
	fprintf(stderr, "trace: %s #%u: %-14s %02x %02x %02x\n", fn, index, name ? name : "?",
		(word >> 16) & 0xFF, (word >> 8) & 0xFF, word & 0xFF);
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *e;
	errno = 0;
	unsigned long long x = strtoull(s, &e, 10);
	if (errno || *e || !*s || *s == '-')
		return false;
	*v = x;
	return true;
}

void tapioca_run_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx run [OPTIONS] FILE.tbon\n\n"
		"Load a Tapioca VM object file, verify every function, and run the\n"
		"function 'main' (no arguments). Host output (print) goes to stdout.\n\n"
		"Options:\n"
		"  --entry NAME        run NAME instead of main\n"
		"  --trace             print every instruction to stderr before it runs\n"
		"  --max-steps N       stop with a runtime error after N instructions\n"
		"  --max-heap BYTES    heap limit (default 268435456)\n"
		"  --max-depth N       call depth limit (default 1000)\n\n"
		"A runtime error (division by zero, type error, stack overflow, step\n"
		"limit, out of memory) is printed with the function name and the\n"
		"instruction index; exit status 1. See docs/tapioca.md.\n");
}

void cmd_run_help(FILE *out) { tapioca_run_help(out); }
int cmd_run_run(int argc, char **argv) { return tapioca_run_main(argc, argv); }

int tapioca_run_main(int argc, char **argv)
{
	bcx_tapioca_opts o = BCX_TAPIOCA_OPTS_INIT;
	const char *in = NULL, *entry = "main";
	uint64_t v;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		bool has = i + 1 < argc;
		if (strcmp(a, "--trace") == 0)
			o.trace = trace_stderr;
		else if (strcmp(a, "--entry") == 0 && has)
			entry = argv[++i];
		else if (strcmp(a, "--max-steps") == 0 && has && parse_u64(argv[i + 1], &v))
			o.max_steps = v, i++;
		else if (strcmp(a, "--max-heap") == 0 && has && parse_u64(argv[i + 1], &v) && v)
			o.max_heap = v, i++;
		else if (strcmp(a, "--max-depth") == 0 && has && parse_u64(argv[i + 1], &v) && v &&
			 v <= 1000000)
			o.max_call_depth = (uint32_t)v, i++;
		else if (a[0] == '-' && a[1])
			return cli_usage("run", "bad option or value: %s", a);
		else
			in = a;
	}
	if (!in)
		return cli_usage("run", "missing FILE.tbon");
	cli_file f;
	if (!cli_file_load(&f, in))
		return EXIT_INPUT;
	o.write = write_stdout;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tapioca_module *m = NULL;
	bcx_tapioca_result r;
	bcx_status s = bcx_tapioca_load(f.data, f.size, &o, &m, &d);
	if (s == BCX_OK)
		s = bcx_tapioca_run(m, entry, &o, &r, &d);
	fflush(stdout);
	if (s != BCX_OK) {
		if (m)
			fprintf(stderr, "bcx: %s\n", d.message);
		else
			cli_report(in, &d);
	}
	bcx_tapioca_free(m);
	cli_file_free(&f);
	return s == BCX_OK ? EXIT_OK : EXIT_INPUT;
}
