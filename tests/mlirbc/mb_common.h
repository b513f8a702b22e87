/* Shared helpers of the MLIR bytecode tests: the vector list and printing
 * a module into a buffer. */
#ifndef BCX_TESTS_MB_COMMON_H
#define BCX_TESTS_MB_COMMON_H

#include "bcx/mlirbc.h"

/* The vectors under vectors/mlir/ (stems, without .mlirbc). */
extern const char *const mb_vectors[];
extern const unsigned mb_nvectors;
/* The per-version files versions/F.vN.mlirbc: F stems. */
extern const char *const mb_version_stems[];
extern const unsigned mb_nversion_stems;

/* Print (generic, flags) or dump (json when dump > 1) into out. */
bcx_status mb_print(bcx_mlirbc_module *m, int dump, unsigned flags, bcx_buf *out, bcx_diag *d);

#endif
