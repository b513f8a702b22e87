/* Fuzz target: the Tile IR reader on arbitrary bytes, opened lazily and
 * read eagerly. Properties:
 *  - every read failure is clean: a status, a message, an offset;
 *  - lazy and eager reading agree: bcx_tileir_read succeeds exactly when
 *    bcx_tileir_open does and every body then decodes, whatever the order
 *    the bodies are asked for (byte 0 picks forward or backward);
 *  - a body asked for twice is the same body (decoded once);
 *  - the accessors agree with the counts and globals' constants decode
 *    or fail cleanly;
 *  - a module that reads prints (generic form, whole module and per
 *    function) and dumps (text and JSON). The one documented reason for a
 *    print to fail is a global whose constant does not fit its type, which
 *    the reader does not check (the reference reader does not either):
 *    BCX_ERR_MALFORMED;
 *  - a module that reads verifies: every broken rule comes with a message
 *    and a path, the status is BCX_OK exactly when none is reported, with
 *    and without a --target version check;
 *  - printing a freshly opened module while verifying it (as bcx dis
 *    does) agrees with bcx_tileir_verify on whether a rule is broken;
 *  - the module's memory (read, print, dump and verify) stays within the
 *    bound of peak_alloc.h. */
#include "bcx/tileir.h"
#include "peak_alloc.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok)
{
	if (!ok)
		abort();
}

/* A reader failure names the byte it stopped at. */
static void check_fail(bcx_status s, const bcx_diag *d)
{
	check(s != BCX_OK && d->code == s && d->message[0] && d->has_offset);
}

/* Decode every body of an opened module; true when all decode. */
static bool bodies(bcx_tileir_module *m, bool backward)
{
	size_t n = bcx_tileir_function_count(m);
	for (size_t k = 0; k < n; k++) {
		size_t i = backward ? n - 1 - k : k;
		const bcx_tileir_body *b = NULL, *again = NULL;
		bcx_diag d = {0};
		bcx_status s = bcx_tileir_body_get(m, i, &b, &d);
		if (s != BCX_OK) {
			check_fail(s, &d);
			return false;
		}
		check(b != NULL && bcx_tileir_body_get(m, i, &again, &d) == BCX_OK && again == b);
	}
	check(bcx_tileir_bodies_decoded(m) == n);
	return true;
}

static void print_ok(bcx_status s, const bcx_diag *d)
{
	if (s != BCX_OK)
		check(s == BCX_ERR_MALFORMED && d->code == s && d->message[0]);
}

/* The accessors agree with the counts; a function is found by its name
 * (the first of that name); a global's constant decodes under its type or
 * fails cleanly (the reader does not tie the two, see above). */
static void accessors(bcx_tileir_module *m)
{
	check(!bcx_tileir_type_at(m, bcx_tileir_type_count(m)));
	check(!bcx_tileir_constant_at(m, bcx_tileir_constant_count(m)));
	check(!bcx_tileir_global_at(m, bcx_tileir_global_count(m)));
	check(!bcx_tileir_debug_record_at(m, bcx_tileir_debug_record_count(m)));
	check(!bcx_tileir_debug_list_at(m, bcx_tileir_debug_list_count(m)));
	check(bcx_tileir_string(m, bcx_tileir_string_count(m)).len == 0);
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
		bcx_tileir_str name = bcx_tileir_string(m, f->name);
		long at = bcx_tileir_function_find(m, (const char *)name.ptr, name.len);
		check(at >= 0 && (size_t)at <= i);
	}
	for (size_t i = 0; i < bcx_tileir_global_count(m); i++) {
		const bcx_tileir_global *g = bcx_tileir_global_at(m, i);
		const uint64_t *elems = NULL;
		size_t n = 0;
		bool splat = false;
		bcx_diag d = {0};
		bcx_status s = bcx_tileir_dense(m, g->type, g->value, &elems, &n, &splat, &d);
		check(s == BCX_OK ? (n == 0 || elems != NULL) : d.code == s && d.message[0]);
	}
}

/* Every print of m; its generic text is kept in generic (empty when that
 * print failed). */
static void outputs(bcx_tileir_module *m, bcx_buf *generic)
{
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d = {0};
	bcx_tileir_print_options di = {.size = sizeof di, .debuginfo = true};
	bcx_status s = bcx_tileir_print_generic(m, -1, &(bcx_sink){bcx_buf_sink_write, generic}, &d);
	print_ok(s, &d);
	if (s != BCX_OK)
		generic->len = 0;
	print_ok(bcx_tileir_print_custom(m, -1, NULL, &(bcx_sink){bcx_buf_sink_write, &out}, &d), &d);
	out.len = 0;
	print_ok(bcx_tileir_print_custom(m, -1, &di, &(bcx_sink){bcx_buf_sink_write, &out}, &d), &d);
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		out.len = 0;
		print_ok(bcx_tileir_print_generic(m, (long)i, &(bcx_sink){bcx_buf_sink_write, &out}, &d), &d);
		out.len = 0;
		print_ok(bcx_tileir_print_custom(m, (long)i, i & 1 ? &di : NULL,
						 &(bcx_sink){bcx_buf_sink_write, &out}, &d), &d);
	}
	for (int json = 0; json < 2; json++) {
		out.len = 0;
		check(bcx_tileir_dump(m, json != 0, &(bcx_sink){bcx_buf_sink_write, &out}, &d) == BCX_OK && out.len > 0);
	}
	bcx_buf_free(&out);
}

static bool verify_error(void *ctx, const bcx_tileir_verify_error *e)
{
	size_t *n = ctx;
	check(e->message && e->message[0] && e->path && (e->function >= 0 || !e->op));
	++*n;
	return true;
}

static size_t verified(bcx_tileir_module *m, uint16_t target)
{
	bcx_tileir_verify_options o = {.size = sizeof o, .target = target};
	size_t seen = 0, n = 0;
	bcx_diag d = {0};
	bcx_status s = bcx_tileir_verify(m, &o, verify_error, &seen, &n, &d);
	check(n == seen && (s == BCX_OK) == (n == 0));
	check(s == BCX_OK || (s == BCX_ERR_MALFORMED && d.code == s && d.message[0]));
	return n;
}

/* Verifying while printing (bcx dis) agrees with bcx_tileir_verify: a
 * print that succeeds saw no broken rule and the module has none; one that
 * saw a broken rule stopped with MALFORMED. (A print that fails for
 * another reason first, a global's constant, may stop before any body.)
 * A generic text equals the one printed from the module read whole (want,
 * when that print succeeded): the numbering pass of a fresh module walks
 * the bodies without decoding them and must count what the decoder does. */
static void verified_printing(const uint8_t *data, size_t size,
			      const bcx_tileir_read_options *opts, size_t errors, bool generic,
			      const bcx_buf *want)
{
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	check(bcx_tileir_open(data, size, opts, &m, &d) == BCX_OK);
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	size_t seen = 0;
	bcx_tileir_print_options o = {.size = sizeof o, .verify_fn = verify_error, .verify_ctx = &seen};
	bcx_sink sink = {bcx_buf_sink_write, &out};
	bcx_status s = generic ? bcx_tileir_print_generic_opts(m, -1, &o, &sink, &d)
			       : bcx_tileir_print_custom(m, -1, &o, &sink, &d);
	check(s == BCX_OK ? seen == 0 && errors == 0 : s == BCX_ERR_MALFORMED && d.message[0]);
	check(seen == 0 || errors > 0);
	if (generic && s == BCX_OK && want->len)
		check(out.len == want->len && memcmp(out.data, want->data, out.len) == 0);
	bcx_buf_free(&out);
	bcx_tileir_close(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_tileir_module *lazy = NULL, *eager = NULL;
	bcx_diag d = {0};
	bool lazy_ok = false;
	peak_alloc pa;
	peak_init(&pa);
	bcx_tileir_read_options opts = {.size = sizeof(bcx_tileir_read_options), .alloc = &pa.a};
	bcx_status s = bcx_tileir_open(data, size, &opts, &lazy, &d);
	if (s == BCX_OK)
		lazy_ok = bodies(lazy, size && (data[0] & 1));
	else
		check_fail(s, &d);
	bcx_tileir_close(lazy);
	check(pa.live == 0 && peak_ok(&pa, size));

	peak_init(&pa);
	bcx_diag_clear(&d);
	s = bcx_tileir_read(data, size, &opts, &eager, &d);
	check((s == BCX_OK) == lazy_ok);
	if (s != BCX_OK) {
		check_fail(s, &d);
		return 0;
	}
	accessors(eager);
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	outputs(eager, &text);
	size_t errors = verified(eager, 0);
	verified(eager, BCX_TILEIR_V13_1);
	bcx_tileir_close(eager);
	check(pa.live == 0 && peak_ok(&pa, size));
	peak_init(&pa);
	verified_printing(data, size, &opts, errors, size && (data[size - 1] & 1), &text);
	bcx_buf_free(&text);
	check(pa.live == 0 && peak_ok(&pa, size));
	return 0;
}
