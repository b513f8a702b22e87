/* The option parser, input, output and messages of the bcx tool. */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <signal.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

/* The row whose name is arg (up to len bytes), in "--name" or, for rows
 * that allow it, llvm-bcanalyzer's "-name". */
static long find_opt(const cli_opt *opts, size_t n, const char *arg, size_t len)
{
	for (size_t i = 0; i < n; i++) {
		const char *name = opts[i].name;
		if (strlen(name) == len && strncmp(name, arg, len) == 0)
			return (long)i;
		if (opts[i].llvm_spelling && arg[1] != '-' && strlen(name) == len + 1 &&
		    strncmp(name + 2, arg + 1, len - 1) == 0)
			return (long)i;
	}
	return -1;
}

/* Edit distance (insertions, deletions, substitutions, swaps of two
 * neighbours) between short words; longer ones count as far apart. */
static size_t edit_distance(const char *a, const char *b)
{
	enum { MAX = 40 };
	size_t n = strlen(a), m = strlen(b);
	if (n >= MAX || m >= MAX)
		return MAX;
	size_t d[MAX + 1][MAX + 1];
	for (size_t i = 0; i <= n; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= m; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= n; i++) {
		for (size_t j = 1; j <= m; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[n][m];
}

const char *cli_closest(const char *word, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	size_t best_d = 3, len = strlen(word);
	for (size_t i = 0; i < n; i++) {
		size_t e = edit_distance(word, candidates[i]);
		if (e < best_d && e * 3 <= len) {
			best = candidates[i];
			best_d = e;
		}
	}
	return best;
}

/* "unknown option '--jsn'", and the closest option name as a hint. */
static int unknown_option(const char *verb, const cli_opt *opts, size_t n, const char *arg,
			  size_t len)
{
	char word[48];
	const char *names[33];
	size_t k = 0;
	snprintf(word, sizeof word, "%.*s", (int)len, arg);
	for (size_t i = 0; i < n && k < 32; i++)
		names[k++] = opts[i].name;
	names[k++] = "--help";
	const char *near = cli_closest(word, names, k);
	if (near)
		return cli_usage(verb, "unknown option '%.*s'; did you mean '%s'?", (int)len, arg,
				 near);
	return cli_usage(verb, "unknown option '%.*s'", (int)len, arg);
}

static bool is_positional(const char *arg)
{
	return arg[0] != '-' || arg[1] == 0 || (arg[1] >= '0' && arg[1] <= '9');
}

int cli_parse(int argc, char **argv, const cli_opt *opts, size_t n, int max_pos, cli_args *a)
{
	const char *verb = a->verb;
	bool only_positional = false;
	for (int i = 1; i < argc; i++) {
		const char *arg = argv[i];
		if (only_positional || is_positional(arg)) {
			if (max_pos == CLI_ANY_FILES) { /* slot n_files + 1 <= i is used up */
				argv[1 + a->n_files++] = argv[i];
				a->files = argv + 1;
				if (a->n_pos < CLI_MAX_POSITIONAL)
					a->pos[a->n_pos++] = arg;
				continue;
			}
			if (a->n_pos >= max_pos || a->n_pos >= CLI_MAX_POSITIONAL)
				return cli_usage(verb, "unexpected argument '%s'", arg);
			a->pos[a->n_pos++] = arg;
			continue;
		}
		if (strcmp(arg, "--") == 0) {
			only_positional = true;
			continue;
		}
		const char *eq = arg[1] == '-' ? strchr(arg, '=') : NULL;
		size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
		long k = find_opt(opts, n, arg, len);
		if (k < 0)
			return unknown_option(verb, opts, n, arg, len);
		const cli_opt *o = &opts[k];
		if (k < 32)
			a->given |= 1u << k; /* tables have at most 32 rows */
		char *field = (char *)a + o->field;
		if (!o->metavar) {
			if (eq)
				return cli_usage(verb, "option '%s' takes no value", o->name);
			*(bool *)(void *)field = true;
			continue;
		}
		const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
		if (!value)
			return cli_usage(verb, "option '%s' needs a value (%s)", o->name, o->metavar);
		*(const char **)(void *)field = value;
	}
	return EXIT_OK;
}

void cli_print_options(FILE *out, const cli_opt *opts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char left[64];
		snprintf(left, sizeof left, "%s%s%s", opts[i].name, opts[i].metavar ? " " : "",
			 opts[i].metavar ? opts[i].metavar : "");
		fprintf(out, "  %-22s %s\n", left, opts[i].help);
	}
}

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

/* Byte c as a path is shown: a control byte as \XX (3 bytes), any other
 * as it is; the bytes written to o. */
static size_t shown_byte(unsigned char c, char *o)
{
	static const char hex[] = "0123456789ABCDEF";
	if (c >= 0x20 && c != 0x7F) {
		o[0] = (char)c;
		return 1;
	}
	o[0] = '\\';
	o[1] = hex[c >> 4];
	o[2] = hex[c & 15];
	return 3;
}

/* A copy of s with its control bytes as \XX, or NULL when it has none
 * (or memory is short: the name is then shown as it is). */
static char *escape_controls(const char *s)
{
	size_t n = 0, bad = 0;
	for (; s[n]; n++)
		bad += (unsigned char)s[n] < 0x20 || s[n] == 0x7F;
	char *e = bad ? malloc(n + 2 * bad + 1) : NULL;
	if (!e)
		return NULL;
	char *o = e;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		o += shown_byte(*p, o);
	*o = 0;
	return e;
}

bool cli_input_open(cli_input *in, const char *path)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	memset(in, 0, sizeof *in);
	in->path = path;
	in->name = cli_display_name(path);
	in->escaped = escape_controls(in->name);
	if (in->escaped)
		in->name = in->escaped;
	if (bcx_file_map(path, 0, &in->view, &d) != BCX_OK) {
		cli_report(in->name, &d);
		return false;
	}
	in->data = in->view.data;
	in->size = in->view.size;
	return true;
}

void cli_input_close(cli_input *in)
{
	free(in->escaped);
	in->escaped = NULL;
	bcx_file_unmap(&in->view);
	in->data = NULL;
	in->size = 0;
}

/* ------------------------------------------------------------------ */
/* Output                                                              */
/* ------------------------------------------------------------------ */

/* The library's message starts with "PATH: "; print the path once, in the
 * file position of the one shape, after what failed ("write failed: ",
 * the words every failed write of the tool has) unless it says already. */
static void report_output(const char *shown, const char *what, const bcx_diag *d)
{
	size_t n = strlen(shown);
	const char *msg = d->message;
	if (strncmp(msg, shown, n) == 0 && msg[n] == ':' && msg[n + 1] == ' ')
		msg += n + 2;
	if (strncmp(msg, "cannot ", 7) == 0)
		what = "";
	cli_message("error", shown, -1, "%s%s", what, msg);
}

static bcx_status stream_write(void *ctx, const void *p, size_t n)
{
	cli_stream *o = ctx;
	bcx_status s = bcx_file_out_write(o->f, p, n);
	o->failed |= s != BCX_OK;
	return s;
}

/* ---- the one JSON layout ---- */

typedef struct json_out {
	cli_stream *o;
	char buf[4096];
	size_t n;
} json_out;

static void json_put(json_out *j, char c)
{
	if (j->n == sizeof j->buf) {
		(void)stream_write(j->o, j->buf, j->n); /* a failure is the commit's */
		j->n = 0;
	}
	j->buf[j->n++] = c;
}

static void json_newline(json_out *j, unsigned depth)
{
	json_put(j, '\n');
	for (unsigned i = 0; i < 2 * depth; i++)
		json_put(j, ' ');
}

/* One byte of JSON text outside a string, whitespace already dropped. */
static void json_layout_byte(json_out *j, cli_json_layout *l, char c)
{
	if (l->open) { /* an empty {} or [] stays on its line */
		l->open = false;
		if (c == '}' || c == ']') {
			l->depth--;
			json_put(j, c);
			return;
		}
		if (l->pretty)
			json_newline(j, l->depth);
	}
	switch (c) {
	case '{': case '[':
		json_put(j, c);
		l->depth++;
		l->open = true;
		return;
	case '}': case ']':
		l->depth -= l->depth > 0;
		if (l->pretty)
			json_newline(j, l->depth);
		json_put(j, c);
		return;
	case ',':
		json_put(j, ',');
		if (l->pretty)
			json_newline(j, l->depth);
		else
			json_put(j, ' ');
		return;
	case ':':
		json_put(j, ':');
		json_put(j, ' ');
		return;
	default:
		json_put(j, c);
		if (c == '"')
			l->in_string = true;
	}
}

static bcx_status json_write(void *ctx, const void *p, size_t n)
{
	cli_stream *o = ctx;
	cli_json_layout *l = &o->json;
	json_out j = {o, {0}, 0};
	const char *s = p;
	for (size_t i = 0; i < n; i++) {
		char c = s[i];
		if (l->in_string) {
			json_put(&j, c);
			if (l->escape)
				l->escape = false;
			else if (c == '\\')
				l->escape = true;
			else if (c == '"')
				l->in_string = false;
		} else if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
			l->any = true;
			json_layout_byte(&j, l, c);
		}
	}
	if (j.n)
		(void)stream_write(o, j.buf, j.n);
	return o->failed ? BCX_ERR_IO : BCX_OK;
}

int cli_emit(const cli_args *a, const bcx_buf *b, bool binary)
{
	if (b->status != BCX_OK) {
		cli_message("error", NULL, -1, "out of memory");
		return EXIT_INPUT;
	}
	return cli_write_output(a, b->data, b->len, binary);
}

/* A named temporary file (kernels without O_TMPFILE) is unlinked when
 * SIGINT, SIGTERM or SIGHUP stops bcx before the commit, so an interrupted
 * write leaves nothing behind there too. The handler may only touch what
 * is async-signal-safe: a fixed copy of the name and a flag. */
static char temp_path[4096 + 32];
static volatile sig_atomic_t temp_armed;
static const int temp_signals[] = {SIGINT, SIGTERM, SIGHUP};

static void remove_temp(int sig)
{
	if (temp_armed)
		unlink(temp_path);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void arm_temp(const bcx_file_out *f)
{
	const char *name = bcx_file_out_temp_name(f);
	if (!name || strlen(name) >= sizeof temp_path)
		return;
	memcpy(temp_path, name, strlen(name) + 1);
	temp_armed = 1;
	for (size_t i = 0; i < sizeof temp_signals / sizeof *temp_signals; i++) {
		struct sigaction old, sa = {.sa_handler = remove_temp};
		sigemptyset(&sa.sa_mask);
		/* a signal the caller ignores (nohup) stays ignored */
		if (sigaction(temp_signals[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(temp_signals[i], &sa, NULL);
	}
}

int cli_stream_open(const cli_args *a, cli_stream *o)
{
	const char *path = a->out ? a->out : "-";
	bcx_diag d;
	bcx_diag_clear(&d);
	o->shown = strcmp(path, "-") == 0 ? "<stdout>" : path;
	if (bcx_file_out_open(path, &o->f, &d) != BCX_OK) {
		report_output(o->shown, "cannot write: ", &d);
		return EXIT_INPUT;
	}
	arm_temp(o->f);
	o->failed = false;
	o->json = (cli_json_layout){.on = a->json, .pretty = a->pretty};
	o->sink = (bcx_sink){a->json ? json_write : stream_write, o};
	return EXIT_OK;
}

int cli_stream_run(const cli_args *a, const char *input, cli_producer produce, void *ctx)
{
	cli_stream out;
	int rc = cli_stream_open(a, &out);
	return rc != EXIT_OK ? rc : cli_stream_produce(&out, input, produce, ctx);
}

int cli_stream_produce(cli_stream *out, const char *input, cli_producer produce, void *ctx)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = produce(ctx, &out->sink, &d);
	if (out->failed) /* the output's error: the commit reports it */
		return cli_stream_close(out, true);
	int rc = cli_stream_close(out, s == BCX_OK);
	if (s != BCX_OK) {
		cli_report(input, &d);
		return EXIT_INPUT;
	}
	return rc;
}

int cli_stream_close(cli_stream *o, bool ok)
{
	if (!ok) {
		bcx_file_out_abort(o->f);
		temp_armed = 0;
		return EXIT_INPUT;
	}
	if (o->json.on && o->json.any)
		(void)stream_write(o, "\n", 1); /* a failure is the commit's */
	/* SIGINT, SIGTERM and SIGHUP wait while a replacement is put in
	 * place, so that it is either there whole or not at all. */
	sigset_t block, old;
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &old);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = bcx_file_out_commit(o->f, &d);
	temp_armed = 0; /* renamed into place, or removed */
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (s != BCX_OK) {
		report_output(o->shown, CLI_WRITE_FAILED, &d);
		return EXIT_INPUT;
	}
	return EXIT_OK;
}

int cli_write_output(const cli_args *a, const void *data, size_t size, bool binary)
{
	if (binary && !a->out && isatty(1)) {
		cli_message("error", NULL, -1,
			    "bcx %s: not writing binary output to a terminal; use -o FILE, or "
			    "-o - to insist",
			    a->verb);
		return EXIT_USAGE;
	}
	/* One way out for whole buffers and streams: the stream's commit is
	 * where a replaced file is put in place with the signals held. */
	cli_stream out;
	int rc = cli_stream_open(a, &out);
	if (rc != EXIT_OK)
		return rc;
	if (size)
		(void)out.sink.write(out.sink.ctx, data, size); /* a failure is the commit's */
	return cli_stream_close(&out, true);
}

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

/* A text parser's failure: its line and column give the one
 * "FILE:LINE:COL: error:" shape and a caret line. */
void cli_report_text(const cli_input *in, const bcx_diag *d)
{
	if (d->line)
		cli_text_message("error", in->name, in->data, in->size, d->line, d->column,
				 d->message);
	else
		cli_report(in->name, d);
}

const char *cli_display_name(const char *path)
{
	return !path ? "<input>" : strcmp(path, "-") == 0 ? "<stdin>" : path;
}

void cli_fput_path(FILE *f, const char *path)
{
	char b[3];
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		fwrite(b, 1, shown_byte(*p, b), f);
}

static void vmessage(const char *severity, const char *file, const char *where,
		     const char *fmt, va_list ap) BCX_PRINTF(4, 0);
static void vmessage(const char *severity, const char *file, const char *where,
		     const char *fmt, va_list ap)
{
	fputs("bcx: ", stderr);
	if (file) {
		cli_fput_path(stderr, file);
		fprintf(stderr, "%s: ", where);
	}
	fprintf(stderr, "%s: ", severity);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void cli_message(const char *severity, const char *file, long long offset, const char *fmt, ...)
{
	char where[32] = "";
	if (offset >= 0)
		snprintf(where, sizeof where, ":%lld", offset);
	va_list ap;
	va_start(ap, fmt);
	vmessage(severity, file, where, fmt, ap);
	va_end(ap);
}

static void report_at(const char *file, const char *where, const char *fmt, ...) BCX_PRINTF(3, 4);
static void report_at(const char *file, const char *where, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vmessage("error", file, where, fmt, ap);
	va_end(ap);
}

void cli_report(const char *file, const bcx_diag *d)
{
	const char *msg = d->message[0] ? d->message : bcx_status_str(d->code);
	char where[40] = "";
	if (d->has_offset)
		snprintf(where, sizeof where, d->is_bit_offset ? ":bit %llu" : ":%llu",
			 (unsigned long long)d->offset);
	if (d->context[0])
		report_at(file, where, "%s: %s", d->context, msg);
	else
		report_at(file, where, "%s", msg);
}

void cli_text_message(const char *severity, const char *file, const uint8_t *text, size_t size,
		      unsigned long line, unsigned long col, const char *msg)
{
	fputs("bcx: ", stderr);
	cli_fput_path(stderr, file);
	fprintf(stderr, ":%lu:%lu: %s: %s\n", line, col, severity, msg);
	/* Find the line and show it with a caret under the column. */
	size_t at = 0;
	for (unsigned long l = 1; l < line && at < size; at++)
		if (text[at] == '\n')
			l++;
	if (line == 0 || at >= size)
		return;
	size_t end = at;
	while (end < size && text[end] != '\n' && end - at < 500)
		end++;
	fprintf(stderr, "%.*s\n", (int)(end - at), (const char *)text + at);
	for (unsigned long c = 1; c < col && c <= end - at; c++)
		fputc(text[at + c - 1] == '\t' ? '\t' : ' ', stderr);
	fputs("^\n", stderr);
}

int cli_usage(const char *verb, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "bcx %s: ", verb);
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\nTry 'bcx %s --help'.\n", verb);
	va_end(ap);
	return EXIT_USAGE;
}

void cli_json_string(bcx_buf *b, const uint8_t *s, size_t n)
{
	bcx_buf_put_u8(b, '"');
	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];
		if (c == '"' || c == '\\')
			bcx_buf_printf(b, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			bcx_buf_printf(b, "\\u%04x", c);
		else
			bcx_buf_put_u8(b, c);
	}
	bcx_buf_put_u8(b, '"');
}

int cli_exit_for(bcx_status s) { return s == BCX_OK ? EXIT_OK : EXIT_INPUT; }

bool cli_is_help(const char *arg)
{
	return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

void cli_put_escaped(bcx_buf *b, const uint8_t *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];
		if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
			bcx_buf_put_u8(b, c);
		} else {
			char e[3] = {'\\', hex[c >> 4], hex[c & 15]};
			bcx_buf_put_bytes(b, e, 3);
		}
	}
}
