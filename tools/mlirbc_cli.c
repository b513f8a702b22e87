/* MLIR bytecode in the bcx tool: dis (generic op form, --debuginfo for
 * inline locations, --function for one top-level symbol), dump (structure, --json), info (summary, --json), asm
 * (generic-form text to bytecode) and convert (another bytecode version). */
#include "formats.h"
#include "bcx/mlirbc.h"

#include <stdlib.h>
#include <string.h>

static bool mlirbc_sniff(const uint8_t *data, size_t size)
{
	return bcx_mlirbc_is_mlirbc(data, size);
}

typedef struct text_job {
	bcx_mlirbc_module *m;
	bool dump;
	unsigned flags;
	const char *function;   /* dis --function, or NULL */
} text_job;

static bcx_status produce_text(void *ctx, const bcx_sink *out, bcx_diag *d)
{
	const text_job *j = ctx;
	if (j->dump)
		return bcx_mlirbc_dump(j->m, j->flags, out, d);
	if (j->function)
		return bcx_mlirbc_print_function(j->m, j->function, j->flags, out, d);
	return bcx_mlirbc_print_generic(j->m, j->flags, out, d);
}

/* The text streams to the output as it is made. */
static int print_text(const cli_input *in, const cli_args *a, bool dump)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	text_job j = {NULL, dump,
		      dump ? (a->json ? BCX_MLIRBC_JSON : 0u)
			   : (a->debuginfo ? BCX_MLIRBC_DEBUGINFO : 0u),
		      dump ? NULL : a->function};
	int rc;
	if (bcx_mlirbc_open(in->data, in->size, NULL, &j.m, &d) != BCX_OK) {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	} else {
		rc = cli_stream_run(a, in->name, produce_text, &j);
	}
	bcx_mlirbc_close(j.m);
	return rc;
}

static int mlirbc_dis(const cli_input *in, const cli_args *a) { return print_text(in, a, false); }
static int mlirbc_dump(const cli_input *in, const cli_args *a) { return print_text(in, a, true); }

/* Sections in file order. */
static unsigned sections_by_offset(const bcx_mlirbc_module *m, bcx_mlirbc_section *out)
{
	unsigned n = 0;
	for (unsigned id = 0; id < BCX_MLIRBC_SECTIONS; id++) {
		bcx_mlirbc_section s = bcx_mlirbc_get_section(m, id);
		if (!s.present)
			continue;
		unsigned i = n++;
		for (; i > 0 && out[i - 1].header_offset > s.header_offset; i--)
			out[i] = out[i - 1];
		out[i] = s;
	}
	return n;
}

static void info_text(const bcx_mlirbc_module *m, size_t size, bcx_buf *b)
{
	bcx_mlirbc_info in;
	bcx_mlirbc_get_info(m, &in);
	bcx_buf_printf(b, "format:    MLIR bytecode\nversion:   %llu\nsize:      %zu bytes\n",
		       (unsigned long long)in.version, size);
	bcx_buf_puts(b, "producer:  ");
	cli_put_escaped(b, in.producer, in.producer_len);
	bcx_buf_printf(b, "\ntables:    %zu strings, %zu dialects, %zu op names, %zu attributes, "
			  "%zu types, %zu resources, %zu properties\n",
		       in.strings, in.dialects, in.op_names, in.attrs, in.types, in.resources,
		       in.properties);
	bcx_buf_printf(b, "regions:   %zu isolated (read when first used)\n", in.lazy_regions);
	if (in.version >= 5)
		bcx_buf_printf(b, "layouts:   MLIR %u's op properties%s%s\n", in.layouts_release,
			       in.layouts_note ? "; note: " : "", in.layouts_note ? in.layouts_note : "");
	else
		bcx_buf_puts(b, "layouts:   MLIR 22's inherent attributes (no properties before v5)\n");
	bcx_buf_puts(b, "\nsections:\n  name                offset      size  align\n");
	bcx_mlirbc_section sec[BCX_MLIRBC_SECTIONS];
	for (unsigned i = 0, n = sections_by_offset(m, sec); i < n; i++)
		bcx_buf_printf(b, "  %-15s %10llu %9llu %6llu\n", sec[i].name,
			       (unsigned long long)sec[i].offset, (unsigned long long)sec[i].length,
			       (unsigned long long)sec[i].alignment);
}

static void info_json(const bcx_mlirbc_module *m, size_t size, bcx_buf *b)
{
	bcx_mlirbc_info in;
	bcx_mlirbc_get_info(m, &in);
	bcx_buf_printf(b, "{\"format\": \"mlirbc\", \"schema_version\": 1, "
			  "\"version\": %llu, \"size\": %zu,\n \"producer\": ",
		       (unsigned long long)in.version, size);
	cli_json_string(b, in.producer, in.producer_len);
	bcx_buf_printf(b, ",\n \"layouts\": {\"release\": %u", in.layouts_release);
	if (in.layouts_note) {
		bcx_buf_puts(b, ", \"note\": ");
		cli_json_string(b, (const uint8_t *)in.layouts_note, strlen(in.layouts_note));
	}
	bcx_buf_printf(b, "},\n \"counts\": {\"strings\": %zu, \"dialects\": %zu, \"op_names\": %zu, "
			  "\"attributes\": %zu, \"types\": %zu, \"resources\": %zu, "
			  "\"properties\": %zu, \"isolated_regions\": %zu},\n \"sections\": [",
		       in.strings, in.dialects, in.op_names, in.attrs, in.types, in.resources,
		       in.properties, in.lazy_regions);
	bcx_mlirbc_section sec[BCX_MLIRBC_SECTIONS];
	for (unsigned i = 0, n = sections_by_offset(m, sec); i < n; i++)
		bcx_buf_printf(b, "%s\n  {\"name\": \"%s\", \"header_offset\": %llu, \"offset\": %llu, "
				  "\"length\": %llu, \"alignment\": %llu}",
			       i ? "," : "", sec[i].name, (unsigned long long)sec[i].header_offset,
			       (unsigned long long)sec[i].offset, (unsigned long long)sec[i].length,
			       (unsigned long long)sec[i].alignment);
	bcx_buf_puts(b, "]}\n");
}

static int mlirbc_info(const cli_input *in, const cli_args *a)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_mlirbc_module *m = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	int rc = EXIT_INPUT;
	if (bcx_mlirbc_open(in->data, in->size, NULL, &m, &d) != BCX_OK) {
		cli_report(in->name, &d);
	} else {
		(a->json ? info_json : info_text)(m, in->size, &out);
		rc = cli_emit(a, &out, false);
	}
	bcx_buf_free(&out);
	bcx_mlirbc_close(m);
	return rc;
}

/* --bytecode-version N: 0-6, as mlir-opt's --emit-bytecode-version;
 * --mlir-release 19|22: whose op property layouts are written. */
static int write_options(const cli_args *a, bcx_mlirbc_write_options *o)
{
	*o = (bcx_mlirbc_write_options)BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	const char *r = a->mlir_release;
	if (r && strcmp(r, "19") != 0 && strcmp(r, "22") != 0)
		return cli_usage(a->verb, "--mlir-release %s: bcx writes the op layouts of MLIR 19 and 22",
				 r);
	if (r)
		o->mlir_release = (uint32_t)atoi(r);
	const char *v = a->bytecode_version;
	if (!v)
		return EXIT_OK;
	if (v[0] < '0' || v[0] > '6' || v[1])
		return cli_usage(a->verb, "unsupported version requested %s, must be in range [0, 6]",
				 v);
	o->version = BCX_MLIRBC_VERSION(v[0] - '0');
	return EXIT_OK;
}

static void text_read(void *view, size_t n)
{
	bcx_file_view_done(view, n);
}

static int mlirbc_asm(const cli_input *in, const cli_args *a)
{
	bcx_mlirbc_write_options o;
	int rc = write_options(a, &o);
	if (rc != EXIT_OK)
		return rc;
	/* the text read is given back as the model grows */
	bcx_file_view view = in->view;
	o.text_read = text_read;
	o.text_read_ctx = &view;
	bcx_diag d;
	bcx_diag_clear(&d);
	uint8_t *bytes = NULL;
	size_t n = 0;
	if (bcx_mlirbc_assemble(in->name, (const char *)in->data, in->size, &o, &bytes, &n, &d) ==
	    BCX_OK) {
		rc = cli_write_output(a, bytes, n, true);
	} else {
		cli_report_text(in, &d);
		rc = EXIT_INPUT;
	}
	bcx_mlirbc_free_bytes(&o, bytes, n);
	return rc;
}

static int mlirbc_convert(const cli_input *in, const cli_args *a)
{
	bcx_mlirbc_write_options o;
	int rc = write_options(a, &o);
	if (rc != EXIT_OK)
		return rc;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_mlirbc_module *m = NULL;
	uint8_t *bytes = NULL;
	size_t n = 0;
	if (bcx_mlirbc_open(in->data, in->size, NULL, &m, &d) == BCX_OK &&
	    bcx_mlirbc_write(m, &o, &bytes, &n, &d) == BCX_OK) {
		rc = cli_write_output(a, bytes, n, true);
	} else {
		cli_report(in->name, &d);
		rc = EXIT_INPUT;
	}
	bcx_mlirbc_free_bytes(&o, bytes, n);
	bcx_mlirbc_close(m);
	return rc;
}

const cli_format cli_format_mlirbc = {
	"mlirbc",
	"MLIR bytecode",
	mlirbc_sniff,
	NULL,
	{[CLI_DIS] = mlirbc_dis, [CLI_DUMP] = mlirbc_dump, [CLI_INFO] = mlirbc_info,
	 [CLI_ASM] = mlirbc_asm, [CLI_CONVERT] = mlirbc_convert},
	"0 to 6 (MLIR 22)",
};
