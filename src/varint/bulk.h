/* Bulk decoders: the kernels exist once per instruction set (portable,
 * SSE4.1, AVX2 + BMI2), built from bulk_kernels.h; a table of them is a
 * constant, and bcx_vbulk_for() picks one from the CPU on every call, so
 * there is no state to initialise or to share between threads. Tests and
 * benchmarks ask for a table by name to run each path on any machine that
 * has it. */
#ifndef BCX_VARINT_BULK_H
#define BCX_VARINT_BULK_H

#include "bcx/varint.h"

typedef enum bcx_vbulk_path {
	BCX_VBULK_BEST,   /* what this CPU runs fastest */
	BCX_VBULK_SCALAR, /* portable C, built and tested everywhere */
	BCX_VBULK_SSE4,
	BCX_VBULK_AVX2,
} bcx_vbulk_path;

enum { BCX_VB_ULEB, BCX_VB_SLEB, BCX_VB_ZLEB };

typedef struct bcx_vbulk_ops {
	const char *name;
	/* zig: apply bcx_zigzag_decode */
	bcx_status (*prefix)(const uint8_t *p, size_t n, uint64_t *out, size_t count, size_t *done,
	                     size_t *used, bcx_diag *diag, int zig);
	/* kind: BCX_VB_ULEB, _SLEB or _ZLEB (max_bits is then 64) */
	bcx_status (*leb)(const uint8_t *p, size_t n, unsigned max_bits, uint64_t *out,
	                  size_t count, size_t *done, size_t *used, bcx_diag *diag, int kind);
	bcx_status (*xip)(const uint8_t *p, size_t n, uint64_t *out, size_t count, size_t *done,
	                  size_t *used, bcx_diag *diag);
	/* sign: apply bcx_svbr_decode */
	bcx_status (*vbr)(const uint8_t *p, size_t n, unsigned width, uint64_t *bit_pos,
	                  uint64_t *out, size_t count, size_t *done, bcx_diag *diag, int sign);
} bcx_vbulk_ops;

/* The table for a path, or NULL when this CPU (or build) lacks it. */
const bcx_vbulk_ops *bcx_vbulk_for(bcx_vbulk_path path);

extern const bcx_vbulk_ops bcx_vbulk_scalar;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BCX_VBULK_X86 1
extern const bcx_vbulk_ops bcx_vbulk_sse4;
extern const bcx_vbulk_ops bcx_vbulk_avx2;
#endif

/* XIP's first byte says it all: total length (0: Large with more than 8
 * payload bytes, left to the single-value decoder), where the big-endian
 * field starts (0 or 1), its byte count, the header bits below the value
 * and the value's width. */
typedef struct bcx_xip_form {
	uint64_t pext; /* the value's bits in the big-endian word from start */
	uint8_t len, start, bytes, hdr, bits;
} bcx_xip_form;
extern const bcx_xip_form bcx_xip_forms[256];

/* The slow path shared by every table: one value through the single-value
 * decoder at p + off, with the diagnostic's offset made relative to p.
 * Returns the status; on success *v and *len. */
bcx_status bcx_vbulk_one_prefix(const uint8_t *p, size_t n, size_t off, uint64_t *v, size_t *len,
                                bcx_diag *diag);
bcx_status bcx_vbulk_one_leb(const uint8_t *p, size_t n, size_t off, unsigned max_bits, int kind,
                             uint64_t *v, size_t *len, bcx_diag *diag);
bcx_status bcx_vbulk_one_xip(const uint8_t *p, size_t n, size_t off, uint64_t *v, size_t *len,
                             bcx_diag *diag);
bcx_status bcx_vbulk_one_vbr(const uint8_t *p, size_t n, unsigned width, uint64_t *bit_pos,
                             uint64_t *v, bcx_diag *diag);

/* The same entry points as the public ones, on a chosen path. */
bcx_status bcx_vbulk_prefix(bcx_vbulk_path path, const uint8_t *p, size_t n, uint64_t *out,
                            size_t count, size_t *done, size_t *used, bcx_diag *diag, int zig);
bcx_status bcx_vbulk_leb(bcx_vbulk_path path, const uint8_t *p, size_t n, unsigned max_bits,
                         uint64_t *out, size_t count, size_t *done, size_t *used, bcx_diag *diag,
                         int kind);
bcx_status bcx_vbulk_xip(bcx_vbulk_path path, const uint8_t *p, size_t n, int64_t *out,
                         size_t count, size_t *done, size_t *used, bcx_diag *diag);
bcx_status bcx_vbulk_vbr(bcx_vbulk_path path, const uint8_t *p, size_t n, unsigned width,
                         uint64_t *bit_pos, uint64_t *out, size_t count, size_t *done,
                         bcx_diag *diag, int sign);

#endif
