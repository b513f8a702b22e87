/* A built module is a model like a read one: handing it to the writer and
 * the printers needs no conversion and no copy. (Copying each block's ops
 * and arrays side by side first, as a read module has them, cost more in
 * the copy than the writer gained from the locality.) */
#include "tileir/build/build_internal.h"
#include "common/internal.h"

bcx_tileir_module *bcx_tileir_builder_model(bcx_tileir_builder *m, bcx_diag *d)
{
	if (!m) {
		bcx_bad_arg(d, "null argument");
		return NULL;
	}
	return m->m;
}

bcx_status bcx_tileir_builder_write(bcx_tileir_builder *m, const bcx_tileir_write_options *o,
                                    uint8_t **out, size_t *out_len, bcx_diag *d)
{
	if (!m)
		return bcx_bad_arg(d, "null argument");
	return bcx_tileir_write(m->m, o, out, out_len, d);
}

bcx_status bcx_tileir_builder_write_file(bcx_tileir_builder *m, const bcx_tileir_write_options *o,
                                         const char *path, bcx_diag *d)
{
	if (!m)
		return bcx_bad_arg(d, "null argument");
	return bcx_tileir_write_file(m->m, o, path, d);
}

void bcx_tileir_builder_free_bytes(const bcx_tileir_builder *m, uint8_t *bytes, size_t len)
{
	if (m)
		bcx_tileir_free_bytes(m->m, bytes, len);
}
