/* Verification while printing (bcx_tileir_print_options.verify_fn): the
 * printers decode each body once and check it right there, before its
 * text, instead of a whole verifying pass that decodes every body first. */
#include "common/internal.h"
#include "tileir/print/print.h"
#include "tileir/verify/verify.h"

#include <string.h>

struct tir_pcheck {
	vf_ctx v;
	uint8_t *done; /* per function: checked already */
	size_t n;
	const bcx_allocator *alloc;
};

void tir_pcheck_close(tir_pcheck *c)
{
	if (!c)
		return;
	(void)vf_close(&c->v, BCX_OK, NULL);
	bcx_free(c->alloc, c->done, c->n);
	bcx_free(c->alloc, c, sizeof *c);
}

/* A status for broken rules: the callback had the details. */
static bcx_status broken(tir_pcheck *c, const char *where)
{
	return bcx_diag_set(c->v.diag, BCX_ERR_MALFORMED, -1,
			    "%s breaks %zu verifier rule%s", where, c->v.n_errors,
			    c->v.n_errors == 1 ? "" : "s");
}

bcx_status tir_pcheck_open(bcx_tileir_module *m, const bcx_tileir_print_options *o,
			   tir_pcheck **out, bcx_diag *d)
{
	*out = NULL;
	if (!o->verify_fn)
		return BCX_OK;
	const bcx_allocator *a = m->opts.alloc;
	tir_pcheck *c = bcx_alloc(a, sizeof *c);
	uint8_t *done = c ? bcx_alloc(a, m->n_functions + 1) : NULL;
	if (!done) {
		bcx_free(a, c, sizeof *c);
		return bcx_nomem(d);
	}
	memset(done, 0, m->n_functions + 1);
	c->done = done;
	c->n = m->n_functions + 1;
	c->alloc = a;
	bcx_status s = vf_open(&c->v, m, NULL, o->verify_fn, o->verify_ctx, d);
	if (s == BCX_OK && c->v.n_errors)
		s = broken(c, "the module");
	if (s != BCX_OK) {
		tir_pcheck_close(c);
		return s;
	}
	*out = c;
	return BCX_OK;
}

bcx_status tir_print_body(bcx_tileir_module *m, size_t i, tir_pcheck *c,
			  const bcx_tileir_body **body, bcx_diag *d)
{
	BCX_TRY(bcx_tileir_body_get(m, i, body, d));
	if (!c || c->done[i])
		return BCX_OK;
	c->done[i] = 1;
	BCX_TRY(vf_function(&c->v, i, *body));
	return c->v.n_errors ? broken(c, "a function") : BCX_OK;
}
