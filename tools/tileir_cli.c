/* CUDA Tile IR bytecode in the bcx tool: dis, dump, convert, info, verify,
 * and asm (which reads the generic MLIR text and writes bytecode). */
#include "formats.h"
#include "tileir_check.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

static bool tileir_sniff(const uint8_t *data, size_t size)
{
	return bcx_tileir_is_tileir(data, size);
}

/* Accepts M.m or M.m.t with M.m a supported version and t <= 65535. */
static bool parse_target(const char *s, bcx_tileir_write_options *o)
{
	unsigned long v[3] = {0, 0, 0};
	int n = 0;
	const char *p = s;
	while (n < 3) {
		char *end;
		if (*p < '0' || *p > '9')
			return false;
		v[n++] = strtoul(p, &end, 10);
		if (end - p > 5)
			return false;
		p = end;
		if (*p != '.')
			break;
		p++;
	}
	if (*p || n < 2 || v[0] > 255 || v[1] > 255 || v[2] > 65535 ||
	    !bcx_tileir_version_supported((unsigned)v[0], (unsigned)v[1]))
		return false;
	o->major = (uint8_t)v[0];
	o->minor = (uint8_t)v[1];
	o->tag = (uint16_t)v[2];
	return true;
}

static int write_options(const cli_args *a, bcx_tileir_write_options *o)
{
	*o = (bcx_tileir_write_options)BCX_OPTIONS_INIT(bcx_tileir_write_options);
	o->major = BCX_TILEIR_V_MAX >> 8; /* the newest, unless --target says */
	o->minor = BCX_TILEIR_V_MAX & 0xFF;
	o->i1_byte_per_element = a->i1_bytes;
	if (a->target && !parse_target(a->target, o))
		return cli_usage(a->verb,
				 "invalid target '%s': the supported versions are [13.1 - 13.3]",
				 a->target);
	return EXIT_OK;
}

/* The reader's options: --i1-bytes reads NVIDIA's newest i1 storage. */
static bcx_tileir_read_options read_options(const cli_args *a)
{
	bcx_tileir_read_options o = BCX_OPTIONS_INIT(bcx_tileir_read_options);
	o.i1_byte_splat = a->i1_bytes;
	return o;
}

/* Open the module and find --function; reports failures. */
static bcx_status open_module(const cli_input *in, const cli_args *a, bcx_tileir_module **m,
			      long *fn, bcx_diag *d)
{
	bcx_tileir_read_options o = read_options(a);
	bcx_status s = bcx_tileir_open(in->data, in->size, &o, m, d);
	*fn = -1;
	if (s == BCX_OK && a->function) {
		*fn = bcx_tileir_function_find(*m, a->function, strlen(a->function));
		if (*fn < 0)
			s = bcx_diag_set(d, BCX_ERR_NOT_FOUND, -1, "no function named '%s'",
					 a->function);
	}
	return s;
}

typedef struct text_job {
	bcx_tileir_module *m;
	long fn;
	bool dump, json, generic, debuginfo;
	tir_check *notes;       /* dis --no-verify: the errors to show, or NULL */
	size_t *broken;         /* verify while printing, counting broken rules here */
} text_job;

/* While printing, the errors are only counted: a module that breaks a rule
 * is verified again on its own, which reports every error in order. */
static bool count_error(void *ctx, const struct bcx_tileir_verify_error *e)
{
	(void)e;
	++*(size_t *)ctx;
	return true;
}

static bcx_status produce_text(void *ctx, const bcx_sink *out, bcx_diag *d)
{
	const text_job *j = ctx;
	if (j->dump)
		return bcx_tileir_dump_function(j->m, j->fn, j->json, out, d);
	bcx_tileir_print_options o = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	o.debuginfo = j->debuginfo;
	if (j->broken) {
		o.verify_fn = count_error;
		o.verify_ctx = j->broken;
	}
	if (j->notes) {
		o.op_notes = tir_check_notes;
		o.op_notes_ctx = j->notes;
		bcx_status s = j->notes->header.len ? out->write(out->ctx, j->notes->header.data,
								 j->notes->header.len)
						    : BCX_OK;
		if (s != BCX_OK)
			return bcx_diag_set(d, s, -1, "writing the output failed");
	}
	return j->generic ? bcx_tileir_print_generic_opts(j->m, j->fn, &o, out, d)
			  : bcx_tileir_print_custom(j->m, j->fn, &o, out, d);
}

/* What bcx dis verifies: the module, and with --function only that body. */
static bcx_tileir_verify_options dis_verify_options(const text_job *j)
{
	bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	o.only_function = j->fn >= 0;
	o.function = j->fn >= 0 ? (size_t)j->fn : 0;
	return o;
}

/* bcx dis verifies first, as the reference's reader does: a module that
 * breaks a rule is refused. With --no-verify it prints anyway, each broken
 * op preceded by its errors as comments. */
static int check_before_print(const cli_input *in, const cli_args *a, text_job *j,
			      tir_check *c)
{
	*c = (tir_check){.in = in, .collect = a->no_verify};
	bcx_tileir_verify_options o = dis_verify_options(j);
	long n = tir_check_run(c, j->m, &o);
	if (n < 0)
		return EXIT_INPUT;
	if (n > 0 && !a->no_verify)
		return EXIT_INPUT;
	j->notes = n > 0 ? c : NULL;
	return EXIT_OK;
}

/* bcx dis where the output can be undone (a file replaced at the end, or
 * stdout on a regular file): each body is decoded once, verified and
 * printed. A module that breaks a rule leaves no text, and a second,
 * verifying pass reports its errors as check_before_print would. */
static int verify_while_printing(const cli_input *in, text_job *j, cli_stream *out)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	size_t broken = 0;
	j->broken = &broken;
	bcx_status s = produce_text(j, &out->sink, &d);
	if (out->failed || s == BCX_OK) /* a failed write: the commit reports it */
		return cli_stream_close(out, true);
	cli_stream_close(out, false);
	if (!broken) {
		cli_report(in->name, &d);
		return EXIT_INPUT;
	}
	tir_check c = {.in = in};
	bcx_tileir_verify_options o = dis_verify_options(j);
	long n = tir_check_run(&c, j->m, &o);
	tir_check_free(&c);
	if (n == 0) /* cannot be: the same rules found errors while printing */
		cli_report(in->name, &d);
	return EXIT_INPUT;
}

/* The text streams to the output as it is made: memory stays a multiple
 * of the input, whatever the size of the text. */
static int print_text(const cli_input *in, const cli_args *a, bool dump)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	text_job j = {NULL, -1, dump, a->json, a->generic, a->debuginfo, NULL, NULL};
	tir_check c = {0};
	cli_stream out;
	int rc;
	if (open_module(in, a, &j.m, &j.fn, &d) != BCX_OK) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	} else if ((rc = cli_stream_open(a, &out)) != EXIT_OK) {
		/* reported */
	} else if (!dump && !a->no_verify && bcx_file_out_undoable(out.f)) {
		rc = verify_while_printing(in, &j, &out);
	} else if (!dump && (rc = check_before_print(in, a, &j, &c)) != EXIT_OK) {
		cli_stream_close(&out, false); /* a pipe or a terminal: checked first */
	} else {
		rc = cli_stream_produce(&out, in->name, produce_text, &j);
	}
	tir_check_free(&c);
	bcx_tileir_close(j.m);
	return rc;
}

static int tileir_dis(const cli_input *in, const cli_args *a) { return print_text(in, a, false); }
static int tileir_dump(const cli_input *in, const cli_args *a) { return print_text(in, a, true); }

/* Encode m for the target and write it to the output: the exit code, or -1
 * with d filled when encoding failed (the caller reports it its own way). */
static int write_module(bcx_tileir_module *m, const bcx_tileir_write_options *opt,
			const cli_args *a, bcx_diag *d)
{
	uint8_t *bytes = NULL;
	size_t n = 0;
	if (!m || bcx_tileir_write(m, opt, &bytes, &n, d) != BCX_OK)
		return -1;
	int rc = cli_write_output(a, bytes, n, true);
	bcx_tileir_free_bytes(m, bytes, n);
	return rc;
}

static int tileir_convert(const cli_input *in, const cli_args *a)
{
	bcx_tileir_write_options opt;
	int rc = write_options(a, &opt);
	if (rc != EXIT_OK)
		return rc;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_module *src = NULL;
	rc = -1; /* convert is read, verify (as the reference's reader), write */
	bcx_tileir_read_options ro = read_options(a);
	if (bcx_tileir_read(in->data, in->size, &ro, &src, &d) == BCX_OK) {
		/* the target's gates too, so that what it cannot express is
		 * reported at the op's offset with its function, as bcx verify
		 * --target reports it */
		bcx_tileir_verify_options vo = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
		vo.target = BCX_TILEIR_V(opt.major, opt.minor);
		tir_check c = {.in = in};
		long n = a->no_verify ? 0 : tir_check_run(&c, src, &vo);
		rc = n ? EXIT_INPUT : write_module(src, &opt, a, &d);
		tir_check_free(&c);
	}
	if (rc < 0) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	}
	bcx_tileir_close(src);
	return rc;
}

static int tileir_asm(const cli_input *in, const cli_args *a)
{
	bcx_tileir_write_options opt;
	int rc = write_options(a, &opt);
	if (rc != EXIT_OK)
		return rc;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_builder *m = NULL;
	rc = -1;
	bcx_tileir_module *model = NULL;
	if (bcx_tileir_assemble(in->name, (const char *)in->data, in->size, NULL, &m, &d) == BCX_OK &&
	    (model = bcx_tileir_builder_model(m, &d)) != NULL) {
		/* verified before it is written, as cuda-tile-translate does; the
		 * target's gates too, so that they are reported at the text */
		bcx_tileir_verify_options vo = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
		vo.target = BCX_TILEIR_V(opt.major, opt.minor);
		tir_check c = {.in = in, .text = true};
		long n = a->no_verify ? 0 : tir_check_run(&c, model, &vo);
		rc = n ? EXIT_INPUT : write_module(model, &opt, a, &d);
		tir_check_free(&c);
	}
	if (rc < 0) {
		cli_report_text(in, &d);
		rc = EXIT_INPUT;
	}
	bcx_tileir_builder_free(m);
	return rc;
}

static const char *section_name(unsigned id)
{
	const char *n = bcx_tileir_section_name(id);
	return n ? n : "?";
}

/* The present sections' ids in file order (at most BCX_TILEIR_SEC_COUNT). */
static size_t sections_by_offset(const bcx_tileir_module *m, unsigned ids[BCX_TILEIR_SEC_COUNT])
{
	size_t n = 0;
	for (unsigned id = 1; id < BCX_TILEIR_SEC_COUNT; id++) {
		const bcx_tileir_section *sec = bcx_tileir_get_section(m, id);
		if (!sec || !sec->present)
			continue;
		size_t i = n++;
		for (; i > 0 && bcx_tileir_get_section(m, ids[i - 1])->payload_offset >
				       sec->payload_offset;
		     i--)
			ids[i] = ids[i - 1];
		ids[i] = id;
	}
	return n;
}

/* Without --all, the text lists at most this many functions: the largest
 * bodies, so that a module of thousands of kernels still fits a screen. */
#define INFO_SHOWN 10

static void info_function(const bcx_tileir_module *m, size_t i, bcx_buf *b)
{
	const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
	bcx_tileir_str name = bcx_tileir_string(m, f->name);
	bcx_buf_printf(b, "  %5zu %12u %10u  ", i, f->body_offset, f->body_len);
	cli_put_escaped(b, name.ptr, name.len);
	bcx_buf_puts(b, f->flags & BCX_TILEIR_FN_KERNEL ? " (entry)\n" : "\n");
}

/* The indexes of the INFO_SHOWN largest bodies, largest first (ties: the
 * lower index); one pass with a small sorted list, linear in n. */
static size_t largest_functions(const bcx_tileir_module *m, size_t n, size_t top[INFO_SHOWN])
{
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		uint32_t len = bcx_tileir_function_at(m, i)->body_len;
		size_t j = k < INFO_SHOWN ? k++ : INFO_SHOWN;
		for (; j > 0 && bcx_tileir_function_at(m, top[j - 1])->body_len < len; j--)
			if (j < INFO_SHOWN)
				top[j] = top[j - 1];
		if (j < INFO_SHOWN)
			top[j] = i;
	}
	return k;
}

static void info_functions(const bcx_tileir_module *m, bool all, bcx_buf *b)
{
	size_t n = bcx_tileir_function_count(m), entries = 0;
	uint64_t bytes = 0;
	for (size_t i = 0; i < n; i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
		entries += (f->flags & BCX_TILEIR_FN_KERNEL) != 0;
		bytes += f->body_len;
	}
	bcx_buf_printf(b, "\nfunctions: %zu (%zu %s), %llu bytes of bodies\n", n, entries,
		       entries == 1 ? "entry" : "entries", (unsigned long long)bytes);
	if (all || n <= INFO_SHOWN + 2) {
		bcx_buf_puts(b, "  index  body_offset  body_size  name\n");
		for (size_t i = 0; i < n; i++)
			info_function(m, i, b);
		return;
	}
	size_t top[INFO_SHOWN];
	size_t k = largest_functions(m, n, top);
	bcx_buf_printf(b, "  the %zu largest (bcx info --all lists all %zu):\n"
			  "  index  body_offset  body_size  name\n", k, n);
	for (size_t i = 0; i < k; i++)
		info_function(m, top[i], b);
}

static void info_text(const bcx_tileir_module *m, size_t size, bool all, bcx_buf *b)
{
	bcx_tileir_version v = bcx_tileir_get_version(m);
	bcx_buf_printf(b, "format:    CUDA Tile IR bytecode\nversion:   %u.%u", v.major, v.minor);
	if (v.tag)
		bcx_buf_printf(b, ".%u", v.tag);
	bcx_buf_printf(b, "\nsize:      %zu bytes\n", size);
	bcx_tileir_str prod;
	if (bcx_tileir_producer(m, &prod))
		bcx_buf_printf(b, "producer:  %.*s\n", (int)prod.len, (const char *)prod.ptr);
	bcx_buf_printf(b, "tables:    %zu strings, %zu types, %zu constants, %zu globals, "
			  "%zu debug records, %zu debug lists\n",
		       bcx_tileir_string_count(m), bcx_tileir_type_count(m),
		       bcx_tileir_constant_count(m), bcx_tileir_global_count(m),
		       bcx_tileir_debug_record_count(m), bcx_tileir_debug_list_count(m));
	bcx_buf_puts(b, "\nsections:\n  name          offset      size  align\n");
	unsigned ids[BCX_TILEIR_SEC_COUNT];
	for (size_t i = 0, n = sections_by_offset(m, ids); i < n; i++) {
		const bcx_tileir_section *sec = bcx_tileir_get_section(m, ids[i]);
		bcx_buf_printf(b, "  %-9s %10u %9u %6u\n", section_name(ids[i]), sec->payload_offset,
			       sec->length, sec->alignment);
	}
	info_functions(m, all, b);
}

static void info_json(const bcx_tileir_module *m, size_t size, bcx_buf *b)
{
	bcx_tileir_version v = bcx_tileir_get_version(m);
	bcx_buf_printf(b, "{\"format\": \"tileir\", \"schema_version\": 1, \"version\": \"%u.%u\", "
			  "\"tag\": %u, \"size\": %zu,\n",
		       v.major, v.minor, v.tag, size);
	bcx_buf_printf(b, " \"counts\": {\"strings\": %zu, \"types\": %zu, \"constants\": %zu, "
			  "\"globals\": %zu, \"debug_records\": %zu, \"debug_lists\": %zu, "
			  "\"functions\": %zu},\n \"sections\": [",
		       bcx_tileir_string_count(m), bcx_tileir_type_count(m),
		       bcx_tileir_constant_count(m), bcx_tileir_global_count(m),
		       bcx_tileir_debug_record_count(m), bcx_tileir_debug_list_count(m),
		       bcx_tileir_function_count(m));
	const char *sep = "";
	unsigned ids[BCX_TILEIR_SEC_COUNT];
	for (size_t i = 0, n = sections_by_offset(m, ids); i < n; i++) {
		unsigned id = ids[i];
		const bcx_tileir_section *sec = bcx_tileir_get_section(m, id);
		bcx_buf_printf(b, "%s\n  {\"name\": \"%s\", \"id\": %u, \"offset\": %u, \"size\": %u, "
				  "\"alignment\": %u}",
			       sep, section_name(id), id, sec->payload_offset, sec->length,
			       sec->alignment);
		sep = ",";
	}
	bcx_buf_puts(b, "],\n \"functions\": [");
	sep = "";
	for (size_t i = 0, n = bcx_tileir_function_count(m); i < n; i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
		bcx_tileir_str name = bcx_tileir_string(m, f->name);
		bcx_buf_printf(b, "%s\n  {\"index\": %zu, \"name\": ", sep, i);
		cli_json_string(b, name.ptr, name.len);
		bcx_buf_printf(b, ", \"entry\": %s, \"body_offset\": %u, \"body_size\": %u}",
			       f->flags & BCX_TILEIR_FN_KERNEL ? "true" : "false", f->body_offset,
			       f->body_len);
		sep = ",";
	}
	bcx_buf_puts(b, "]}\n");
}

static int tileir_info(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_module *m = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	int rc = EXIT_INPUT;
	bcx_tileir_read_options o = read_options(a);
	if (bcx_tileir_open(in->data, in->size, &o, &m, &d) != BCX_OK) {
		cli_report(in->name, &d);
	} else {
		if (a->json)
			info_json(m, in->size, &out);
		else
			info_text(m, in->size, a->all, &out);
		rc = cli_emit(a, &out, false);
	}
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	return rc;
}

/* ---- verify ---- */

typedef struct verify_job {
	const cli_input *in;
	bool json;
	bool text;              /* assembled from text: no byte offsets */
	bcx_buf out;            /* the JSON document */
	size_t n;               /* entries reported */
	size_t warnings;
} verify_job;

static bool verify_report(void *ctx, const bcx_tileir_verify_error *e)
{
	verify_job *j = ctx;
	if (j->json) {
		bcx_buf_printf(&j->out, "%s\n  {\"function\": %ld, \"function_name\": ",
			       j->n ? "," : "", e->function);
		cli_json_string(&j->out, e->function_name.ptr, e->function_name.len);
		bcx_buf_puts(&j->out, ", \"op\": ");
		if (e->op)
			cli_json_string(&j->out, (const uint8_t *)e->op, strlen(e->op));
		else
			bcx_buf_puts(&j->out, "null");
		bcx_buf_puts(&j->out, ", \"path\": ");
		cli_json_string(&j->out, (const uint8_t *)e->path, strlen(e->path));
		/* text has no byte offsets, and a module-level rule no op */
		if (j->text || !e->op)
			bcx_buf_puts(&j->out, ", \"offset\": null, ");
		else
			bcx_buf_printf(&j->out, ", \"offset\": %u, ", e->offset);
		if (j->text && e->line)
			bcx_buf_printf(&j->out, "\"line\": %u, \"column\": %u, ", e->line, e->col);
		bcx_buf_printf(&j->out, "\"severity\": \"%s\", \"message\": ",
			       e->warning ? "warning" : "error");
		cli_json_string(&j->out, (const uint8_t *)e->message, strlen(e->message));
		bcx_buf_puts(&j->out, "}");
	} else {
		tir_report_error(j->in, j->text, e);
	}
	j->n++;
	j->warnings += e->warning;
	return true;
}

/* A module that could not be read, assembled or decoded: with --json, the
 * one document with one module-level error (text: its line and column;
 * bytecode: its offset), else the message on stderr. The exit code. */
static int verify_unreadable(const cli_input *in, const cli_args *a, const bcx_diag *d,
			     bool text)
{
	if (!a->json) {
		if (text)
			cli_report_text(in, d);
		else
			cli_report(in->name, d);
		return EXIT_INPUT;
	}
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	bcx_buf_puts(&b, "{\"format\": \"tileir\", \"schema_version\": 1, \"errors\": [\n  "
			 "{\"function\": -1, \"function_name\": \"\", \"op\": null, \"path\": \"\", ");
	if (!text && d->has_offset)
		bcx_buf_printf(&b, "\"offset\": %llu, ", (unsigned long long)d->offset);
	else
		bcx_buf_puts(&b, "\"offset\": null, ");
	if (text && d->line)
		bcx_buf_printf(&b, "\"line\": %u, \"column\": %u, ", d->line, d->column);
	bcx_buf_puts(&b, "\"severity\": \"error\", \"message\": ");
	char msg[BCX_DIAG_CTX_MAX + BCX_DIAG_MSG_MAX + 2];
	snprintf(msg, sizeof msg, "%s%s%s", d->context, d->context[0] ? ": " : "",
		 d->message[0] ? d->message : bcx_status_str(d->code));
	cli_json_string(&b, (const uint8_t *)msg, strlen(msg));
	bcx_buf_puts(&b, "}\n ], \"valid\": false, \"functions\": 0}\n");
	int wrc = cli_emit(a, &b, false);
	bcx_buf_free(&b);
	return wrc != EXIT_OK ? wrc : EXIT_INPUT;
}

/* Verify a module (read or assembled); the exit code. */
static int verify_module(bcx_tileir_module *m, const cli_input *in, const cli_args *a,
			 bool text)
{
	bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	o.hints = a->hints;
	o.warnings = true;
	o.strict = a->strict;
	bcx_tileir_write_options t;
	if (a->target) {
		int rc = write_options(a, &t);
		if (rc != EXIT_OK)
			return rc;
		o.target = BCX_TILEIR_V(t.major, t.minor);
	}
	verify_job j = {in, a->json, text, {0}, 0, 0};
	bcx_buf_init(&j.out, NULL);
	bcx_buf_puts(&j.out, "{\"format\": \"tileir\", \"schema_version\": 1, \"errors\": [");
	bcx_diag d;
	bcx_diag_clear(&d);
	size_t n = 0;
	bcx_status s = bcx_tileir_verify(m, &o, verify_report, &j, &n, &d);
	int rc = s == BCX_OK ? EXIT_OK : EXIT_INPUT;
	if (s != BCX_OK && n == 0) {
		rc = verify_unreadable(in, a, &d, false); /* a body that could not be decoded */
	} else if (a->json) {
		bcx_buf_printf(&j.out, "%s], \"valid\": %s, \"functions\": %zu}\n", j.n ? "\n " : "",
			       n ? "false" : "true", bcx_tileir_function_count(m));
		int wrc = cli_emit(a, &j.out, false);
		rc = wrc != EXIT_OK ? wrc : rc;
	} else if (n == 0) {
		cli_fput_path(stdout, in->name);
		size_t fns = bcx_tileir_function_count(m);
		printf(": valid (%zu function%s", fns, fns == 1 ? "" : "s");
		if (j.warnings)
			printf(", %zu warning%s", j.warnings, j.warnings == 1 ? "" : "s");
		printf(")\n");
	} else {
		fputs("bcx: ", stderr);
		cli_fput_path(stderr, in->name);
		fprintf(stderr, ": %zu error%s\n", n, n == 1 ? "" : "s");
	}
	bcx_buf_free(&j.out);
	return rc;
}

static int tileir_verify(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_module *m = NULL;
	int rc = EXIT_INPUT;
	bcx_tileir_read_options o = read_options(a);
	if (bcx_tileir_open(in->data, in->size, &o, &m, &d) != BCX_OK)
		rc = verify_unreadable(in, a, &d, false);
	else
		rc = verify_module(m, in, a, false);
	bcx_tileir_close(m);
	return rc;
}

/* Text in either form: assembled (as `bcx asm` reads it), then verified;
 * the ops of a text are reported at their FILE:LINE:COL. */
int cli_tileir_verify_text(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_builder *b = NULL;
	bcx_tileir_module *m = NULL;
	int rc = EXIT_INPUT;
	if (bcx_tileir_assemble(in->name, (const char *)in->data, in->size, NULL, &b, &d) ==
		    BCX_OK &&
	    (m = bcx_tileir_builder_model(b, &d)) != NULL)
		rc = verify_module(m, in, a, true);
	else
		rc = verify_unreadable(in, a, &d, true);
	bcx_tileir_builder_free(b);
	return rc;
}

const cli_format cli_format_tileir = {
	"tileir",
	"CUDA Tile IR bytecode",
	tileir_sniff,
	NULL,
	{[CLI_DIS] = tileir_dis, [CLI_DUMP] = tileir_dump, [CLI_CONVERT] = tileir_convert,
	 [CLI_ASM] = tileir_asm, [CLI_INFO] = tileir_info, [CLI_VERIFY] = tileir_verify},
	"13.1 to 13.3",
};
_Static_assert(BCX_TILEIR_V_MIN == BCX_TILEIR_V(13, 1) && BCX_TILEIR_V_MAX == BCX_TILEIR_V(13, 3),
	       "the versions cli_format_tileir names");
