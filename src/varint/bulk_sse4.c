/* The bulk decoders for SSE4.1 (bulk_kernels.h); bcx_vbulk_for() runs them
 * only on a CPU that has it. */
#include "varint/bulk.h"
#ifdef BCX_VBULK_X86
#define VB_SIMD 1
#define VB_FN(x) vb_sse4_##x
#define VB_OPS bcx_vbulk_sse4
#define VB_NAME "sse4"
#include "varint/bulk_kernels.h"
#endif
