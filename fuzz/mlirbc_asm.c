/* Fuzz target: the MLIR bytecode writer's text parser (bcx asm --format
 * mlirbc) on arbitrary text. Properties:
 *  - every failure is clean: a status at a place in the text (text_diag.h);
 *  - text that assembles gives bytes the reader opens and loads fully, and
 *    a read module written again at its version gives the same bytes;
 *  - memory stays within the bound of peak_alloc.h. */
#include "bcx/mlirbc.h"
#include "peak_alloc.h"
#include "text_diag.h"

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

static void reread(const uint8_t *bytes, size_t n, const bcx_allocator *a)
{
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	check(bcx_mlirbc_open(bytes, n, a, &m, &d) == BCX_OK);
	check(bcx_mlirbc_load_all(m, &d) == BCX_OK);
	bcx_mlirbc_write_options o = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	bcx_mlirbc_info info;
	bcx_mlirbc_get_info(m, &info);
	o.version = BCX_MLIRBC_VERSION(info.version);
	o.alloc = a;
	uint8_t *again = NULL;
	size_t n2 = 0;
	check(bcx_mlirbc_write(m, &o, &again, &n2, &d) == BCX_OK);
	check(n2 == n && memcmp(again, bytes, n) == 0);
	bcx_mlirbc_free_bytes(&o, again, n2);
	bcx_mlirbc_close(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	peak_alloc pa;
	peak_init(&pa);
	bcx_mlirbc_write_options o = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	o.alloc = &pa.a;
	o.version = BCX_MLIRBC_VERSION(size ? data[0] % 7 : 6);
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_diag d = {0};
	bcx_status s = bcx_mlirbc_assemble("in.mlir", (const char *)data, size, &o, &bytes, &n, &d);
	if (s != BCX_OK) {
		check(d.code == s && text_diag_ok(&d, data, size));
	} else {
		reread(bytes, n, &pa.a);
		bcx_mlirbc_free_bytes(&o, bytes, n);
	}
	check(pa.live == 0);
	check(peak_ok(&pa, size));
	return 0;
}
