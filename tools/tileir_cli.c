/* CUDA Tile IR bytecode in the bcx tool: dis, dump, convert, and asm (which
 * reads the generic MLIR text and writes bytecode). */
#include "formats.h"
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

/* Open the module and find --function; reports failures. */
static bcx_status open_module(const cli_input *in, const cli_args *a, bcx_tileir_module **m,
			      long *fn, bcx_diag *d)
{
	bcx_status s = bcx_tileir_open(in->data, in->size, NULL, m, d);
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
} text_job;

static bcx_status produce_text(void *ctx, const bcx_sink *out, bcx_diag *d)
{
	const text_job *j = ctx;
	if (j->dump)
		return bcx_tileir_dump_function(j->m, j->fn, j->json, out, d);
	return j->generic ? bcx_tileir_print_generic(j->m, j->fn, out, d)
			  : bcx_tileir_print_custom(j->m, j->fn,
						    &(bcx_tileir_print_options){
							    .size = sizeof(bcx_tileir_print_options),
							    .debuginfo = j->debuginfo},
						    out, d);
}

/* The text streams to the output as it is made: memory stays a multiple
 * of the input, whatever the size of the text. */
static int print_text(const cli_input *in, const cli_args *a, bool dump)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	text_job j = {NULL, -1, dump, a->json, a->generic, a->debuginfo};
	int rc;
	if (open_module(in, a, &j.m, &j.fn, &d) != BCX_OK) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	} else {
		rc = cli_stream_run(a, in->name, produce_text, &j);
	}
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
	rc = -1; /* convert is read, then write at the target */
	if (bcx_tileir_read(in->data, in->size, NULL, &src, &d) == BCX_OK)
		rc = write_module(src, &opt, a, &d);
	if (rc < 0) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	}
	bcx_tileir_close(src);
	return rc;
}

/* The assembler's messages start with "FILE:LINE:COL: "; split them off so
 * the message gets the one shape and a caret line. */
static bool split_position(const char *msg, const char *file, unsigned long *line,
			   unsigned long *col, const char **rest)
{
	size_t fl = strlen(file);
	if (strncmp(msg, file, fl) != 0 || msg[fl] != ':')
		return false;
	char *end;
	*line = strtoul(msg + fl + 1, &end, 10);
	if (*end != ':')
		return false;
	*col = strtoul(end + 1, &end, 10);
	if (end[0] != ':' || end[1] != ' ')
		return false;
	*rest = end + 2;
	return true;
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
	if (bcx_tileir_assemble(in->name, (const char *)in->data, in->size, NULL, &m, &d) == BCX_OK)
		rc = write_module(bcx_tileir_builder_model(m, &d), &opt, a, &d);
	if (rc < 0) {
		unsigned long line, col;
		const char *rest;
		if (split_position(d.message, in->name, &line, &col, &rest))
			cli_text_message("error", in->name, in->data, in->size, line, col, rest);
		else
			cli_message("error", in->name, -1, "%s", d.message);
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

static void info_text(const bcx_tileir_module *m, size_t size, bcx_buf *b)
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
	size_t n = bcx_tileir_function_count(m);
	bcx_buf_printf(b, "\nfunctions: %zu\n  index  body_offset  body_size  name\n", n);
	for (size_t i = 0; i < n; i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
		bcx_tileir_str name = bcx_tileir_string(m, f->name);
		bcx_buf_printf(b, "  %5zu %12u %10u  ", i, f->body_offset, f->body_len);
		cli_put_escaped(b, name.ptr, name.len);
		bcx_buf_puts(b, f->flags & BCX_TILEIR_FN_KERNEL ? " (entry)\n" : "\n");
	}
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
	if (bcx_tileir_open(in->data, in->size, NULL, &m, &d) != BCX_OK) {
		cli_report(in->name, &d);
	} else {
		(a->json ? info_json : info_text)(m, in->size, &out);
		rc = cli_emit(a, &out, false);
	}
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	return rc;
}

const cli_format cli_format_tileir = {
	"tileir",
	"CUDA Tile IR bytecode",
	tileir_sniff,
	NULL,
	{[CLI_DIS] = tileir_dis, [CLI_DUMP] = tileir_dump, [CLI_CONVERT] = tileir_convert,
	 [CLI_ASM] = tileir_asm, [CLI_INFO] = tileir_info},
};
