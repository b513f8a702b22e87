#include "mb_common.h"

const char *const mb_vectors[] = {"builtin_attrs", "cfg", "func_arith", "locations",
				  "memref_tensor", "scf_loops", "test_dialect", "unregistered",
				  "uselist"};
const unsigned mb_nvectors = sizeof mb_vectors / sizeof *mb_vectors;
const char *const mb_version_stems[] = {"func_arith", "memref_tensor", "scf_loops",
					"unregistered"};
const unsigned mb_nversion_stems = sizeof mb_version_stems / sizeof *mb_version_stems;

bcx_status mb_print(bcx_mlirbc_module *m, int dump, unsigned flags, bcx_buf *out, bcx_diag *d)
{
	bcx_sink sink = {bcx_buf_sink_write, out};
	out->len = 0;
	if (dump)
		return bcx_mlirbc_dump(m, dump > 1 ? BCX_MLIRBC_JSON : 0, &sink, d);
	return bcx_mlirbc_print_generic(m, flags, &sink, d);
}
