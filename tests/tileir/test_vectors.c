/* Every reference vector: `.generic.mlir` byte for byte from the generic
 * printer, `.mlir` from the custom-form printer, and every `.err.txt`
 * refused with the reference's message. */
#include "testutil.h"
#include "vectors.h"
#include "bcx/tileir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef bcx_status (*printer)(bcx_tileir_module *, long, const bcx_sink *, bcx_diag *);

static bcx_status custom(bcx_tileir_module *m, long f, const bcx_sink *o, bcx_diag *d)
{
	return bcx_tileir_print_custom(m, f, NULL, o, d);
}

static bcx_status custom_debuginfo(bcx_tileir_module *m, long f, const bcx_sink *o, bcx_diag *d)
{
	bcx_tileir_print_options opt = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	opt.debuginfo = true;
	return bcx_tileir_print_custom(m, f, &opt, o, d);
}

/* The generic form of a module whose bodies were all decoded (and kept)
 * before printing: the value numbering then comes from the decoded bodies,
 * not from the printer's own counting pass, and must not differ. */
static bcx_status generic_decoded(bcx_tileir_module *m, long f, const bcx_sink *o, bcx_diag *d)
{
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		const bcx_tileir_body *b;
		bcx_status s = bcx_tileir_body_get(m, i, &b, d);
		if (s != BCX_OK)
			return s;
	}
	return bcx_tileir_print_generic(m, f, o, d);
}

static bool print_with(printer pr, const uint8_t *data, size_t size, bcx_buf *out, bcx_diag *d)
{
	bcx_tileir_module *m = NULL;
	bcx_status s = bcx_tileir_open(data, size, NULL, &m, d);
	if (s == BCX_OK)
		s = pr(m, -1, &(bcx_sink){bcx_buf_sink_write, out}, d);
	bcx_tileir_close(m);
	return s == BCX_OK;
}

static bool print_file(const uint8_t *data, size_t size, bcx_buf *out, bcx_diag *d)
{
	return print_with(bcx_tileir_print_generic, data, size, out, d);
}

/* The text printed for the bytecode that generic_path describes equals the
 * file `expected_path`. */
static void check_text(const char *generic_path, const char *expected_path, printer pr,
		       const char *form)
{
	char bc[4096];
	size_t n_exp, n_bc;
	tv_bytecode_for(generic_path, ".generic.mlir", bc, sizeof bc);
	uint8_t *exp = tu_read_file(expected_path, &n_exp);
	uint8_t *data = tu_read_file(bc, &n_bc);
	T_CHECKF(exp && data, "read %s", bc);
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d = {0};
	if (exp && data) {
		bool ok = print_with(pr, data, n_bc, &out, &d);
		T_CHECKF(ok, "%s: %s", bc, d.message);
		T_CHECKF(ok && out.len == n_exp && memcmp(out.data, exp, n_exp) == 0,
			 "%s: %s text differs from the reference", bc, form);
	}
	bcx_buf_free(&out);
	free(exp);
	free(data);
}

static bool exists(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (f)
		fclose(f);
	return f != NULL;
}

static void check_generic(const char *path)
{
	check_text(path, path, bcx_tileir_print_generic, "generic");
	check_text(path, path, generic_decoded, "generic (bodies decoded first)");
	char want[4096];
	size_t n = strlen(path) - strlen(".generic.mlir");
	snprintf(want, sizeof want, "%.*s.mlir", (int)n, path);
	check_text(path, want, custom, "custom");
	snprintf(want, sizeof want, "%.*s.debuginfo.mlir", (int)n, path);
	if (exists(want)) /* only where the bytes hold debug info */
		check_text(path, want, custom_debuginfo, "custom --debuginfo");
}

/* The reference's first diagnostic without "<unknown>:0: error: " and
 * "error at offset N: ". */
static void expected_message(const char *text, char *out, size_t cap)
{
	const char *p = strstr(text, "error: ");
	p = p ? p + 7 : text;
	if (strncmp(p, "error at offset ", 16) == 0) {
		const char *q = strstr(p, ": ");
		p = q ? q + 2 : p;
	}
	size_t n = strcspn(p, "\n");
	snprintf(out, cap, "%.*s", (int)(n < cap ? n : cap - 1), p);
}

static void check_error(const char *err_path)
{
	char bc[4096], want[512];
	size_t n_err, n_bc;
	tv_bytecode_for(err_path, ".err.txt", bc, sizeof bc);
	uint8_t *err = tu_read_file(err_path, &n_err);
	uint8_t *data = tu_read_file(bc, &n_bc);
	T_CHECKF(err && data, "read %s", bc);
	if (err && data) {
		expected_message((const char *)err, want, sizeof want);
		bcx_buf out;
		bcx_buf_init(&out, NULL);
		bcx_diag d = {0};
		bool ok = print_file(data, n_bc, &out, &d);
		T_CHECKF(!ok, "%s: accepted, the reference refuses it", bc);
		T_CHECKF(!ok && d.has_offset, "%s: no byte offset in the diagnostic", bc);
		T_CHECKF(!ok && strstr(d.message, want), "%s: message '%s' lacks '%s'", bc, d.message,
			 want);
		bcx_buf_free(&out);
	}
	free(err);
	free(data);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	char **paths;
	size_t n = tv_list(".generic.mlir", &paths);
	T_CHECKF(n >= 168, "found %zu generic vectors", n);
	for (size_t i = 0; i < n; i++)
		check_generic(paths[i]);
	tv_free(paths, n);
	n = tv_list(".err.txt", &paths);
	T_CHECKF(n >= 14, "found %zu error vectors", n);
	for (size_t i = 0; i < n; i++)
		check_error(paths[i]);
	tv_free(paths, n);
	return tu_finish();
}
