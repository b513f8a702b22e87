/* Fuzz target: the MLIR bytecode reader on arbitrary bytes. Properties:
 *  - every failure is clean: a status, a message and a byte offset;
 *  - a module that opens either loads fully (every isolated region,
 *    attribute and type) or fails cleanly, and a loaded module prints in
 *    both generic forms (or fails with a message: dense data that does not
 *    fit its type is only found when printed) and always dumps, text and
 *    JSON;
 *  - the module's memory stays within the bound of peak_alloc.h;
 *  - the same holds for printing without loading first, and for printing
 *    one symbol (lazy_paths). */
#include "bcx/mlirbc.h"
#include "peak_alloc.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(bool ok)
{
	if (!ok)
		abort();
}

static void check_fail(bcx_status s, const bcx_diag *d)
{
	check(s != BCX_OK && d->code == s && d->message[0] && d->has_offset);
}

/* The lazy paths, on a module that is not loaded first: bcx dis (locations
 * checked by kind only) and bcx dis --function for the vectors' symbol
 * names (later isolated regions only counted through). Each prints or
 * fails with a message. */
static void lazy_paths(const uint8_t *data, size_t size)
{
	static const char *const names[] = {"f", "arith", "loops", "cfg", "uses", "top", "ext"};
	peak_alloc pa;
	peak_init(&pa);
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	if (bcx_mlirbc_open(data, size, &pa.a, &m, &d) != BCX_OK)
		return;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink sink = {bcx_buf_sink_write, &out};
	for (size_t k = 0; k <= sizeof names / sizeof *names; k++) {
		bcx_diag pd = {0};
		out.len = 0;
		bcx_status s = k == 0 ? bcx_mlirbc_print_generic(m, 0, &sink, &pd)
				      : bcx_mlirbc_print_function(m, names[k - 1], 0, &sink, &pd);
		check(s == BCX_OK ? out.len > 0 : (pd.code == s && pd.message[0]));
	}
	bcx_buf_free(&out);
	bcx_mlirbc_close(m);
	check(pa.live == 0 && peak_ok(&pa, size));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	lazy_paths(data, size);
	peak_alloc pa;
	peak_init(&pa);
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	bcx_status s = bcx_mlirbc_open(data, size, &pa.a, &m, &d);
	if (s == BCX_OK)
		s = bcx_mlirbc_load_all(m, &d);
	if (s != BCX_OK) {
		check_fail(s, &d);
		bcx_mlirbc_close(m);
		check(pa.live == 0);
		return 0;
	}
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink sink = {bcx_buf_sink_write, &out};
	for (unsigned k = 0; k < 4; k++) {
		bcx_diag pd = {0};
		out.len = 0;
		s = k < 2 ? bcx_mlirbc_print_generic(m, k, &sink, &pd)
			  : bcx_mlirbc_dump(m, k - 2, &sink, &pd);
		check(s == BCX_OK ? out.len > 0 : (k < 2 && pd.code == s && pd.message[0]));
	}
	bcx_buf_free(&out);
	bcx_mlirbc_close(m);
	check(pa.live == 0 && peak_ok(&pa, size));
	return 0;
}
