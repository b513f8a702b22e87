/* The bulk decoders for AVX2 and BMI2 (bulk_kernels.h); bcx_vbulk_for() runs them
 * only on a CPU that has both. */
#include "varint/bulk.h"
#ifdef BCX_VBULK_X86
#include <immintrin.h>
#include <string.h>
#ifdef __clang__
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2,bmi,bmi2")
#endif
#define VB_SIMD 2
#define VB_FN(x) vb_avx2_##x
#define VB_OPS bcx_vbulk_avx2
#define VB_NAME "avx2"
#include "varint/bulk_kernels.h"
#ifdef __clang__
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif
