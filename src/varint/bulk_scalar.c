/* The portable bulk decoders, built on every machine (bulk_kernels.h). */
#define VB_SIMD 0
#define VB_FN(x) vb_scalar_##x
#define VB_OPS bcx_vbulk_scalar
#define VB_NAME "scalar"
#include "varint/bulk_kernels.h"
