/* The writer's public entry points: text to bytecode, and a read module
 * written again for another version. */
#include "wmodel.h"

static bcx_status options(const bcx_mlirbc_write_options *opt, bcx_mlirbc_write_options *o,
			  bcx_diag *diag)
{
	bcx_options_copy(o, sizeof *o, opt);
	if (o->version > BCX_MLIRBC_VERSION(MBC_MAX_VERSION))
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1,
				    "unsupported version requested %u, must be in range [0, %d]",
				    o->version - 1, MBC_MAX_VERSION);
	if (o->mlir_release && !mbc_release_by_major(o->mlir_release))
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1,
				    "MLIR release %u: bcx writes the op layouts of MLIR 19 and 22",
				    o->mlir_release);
	return BCX_OK;
}

/* The model after mw_init, for the release the options name. */
static void for_release(mw_module *m, const bcx_mlirbc_write_options *o)
{
	if (o->mlir_release)
		m->rel = mbc_release_by_major(o->mlir_release);
}

static unsigned target(const bcx_mlirbc_write_options *o)
{
	return o->version ? o->version - 1 : MBC_MAX_VERSION;
}

bcx_status bcx_mlirbc_assemble(const char *file, const char *text, size_t n,
			       const bcx_mlirbc_write_options *opt, uint8_t **out,
			       size_t *out_len, bcx_diag *diag)
{
	bcx_mlirbc_write_options o;
	if (!out || !out_len || (!text && n))
		return bcx_bad_arg(diag, "no input or no output");
	*out = NULL;
	*out_len = 0;
	BCX_TRY(options(opt, &o, diag));
	mw_module m;
	BCX_TRY(mw_init(&m, o.alloc, diag));
	for_release(&m, &o);
	m.text_read = o.text_read;
	m.text_read_ctx = o.text_read_ctx;
	bcx_status s = mw_parse_text(&m, file ? file : "<input>", text ? text : "", n);
	if (s == BCX_OK)
		s = mw_write(&m, target(&o), out, out_len, o.alloc);
	mw_fini(&m);
	return s;
}

bcx_status bcx_mlirbc_write(bcx_mlirbc_module *r, const bcx_mlirbc_write_options *opt,
			    uint8_t **out, size_t *out_len, bcx_diag *diag)
{
	bcx_mlirbc_write_options o;
	if (!r || !out || !out_len)
		return bcx_bad_arg(diag, "no module or no output");
	*out = NULL;
	*out_len = 0;
	BCX_TRY(options(opt, &o, diag));
	mw_module m;
	BCX_TRY(mw_init(&m, o.alloc, diag));
	for_release(&m, &o);
	bcx_status s = mbc_to_model(r, &m);
	if (s == BCX_OK)
		s = mw_write(&m, target(&o), out, out_len, o.alloc);
	mw_fini(&m);
	return s;
}

void bcx_mlirbc_free_bytes(const bcx_mlirbc_write_options *opt, uint8_t *bytes, size_t len)
{
	bcx_mlirbc_write_options o;
	bcx_options_copy(&o, sizeof o, opt);
	bcx_free(o.alloc, bytes, len);
}
