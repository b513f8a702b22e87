/* The bulk decoders for AVX2 and BMI2 (bulk_kernels.h); bcx_vbulk_for() runs them
 * only on a CPU that has both. */
#include "varint/bulk.h"
#ifdef BCX_VBULK_X86
#define VB_SIMD 2
#define VB_FN(x) vb_avx2_##x
#define VB_OPS bcx_vbulk_avx2
#define VB_NAME "avx2"
#include "varint/bulk_kernels.h"
#endif
