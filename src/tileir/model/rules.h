/* The verifier rules of ops.def (TIR_RULE), read by the verifier
 * (verify/verify_rules.c) and by the parser, which types the operands the
 * custom form leaves out by them (parse/asm_infer.c): one expansion of
 * the rows, here, with each rule's kind as an enum. */
#ifndef BCX_TILEIR_RULES_H
#define BCX_TILEIR_RULES_H

#include <stdint.h>

#include "tileir/model/opinfo.h"

/* Rule kinds: the relations first, then one kind per type class. */
#define VF_CLASSES(X)                                                                      \
	X(INT, "tile", -1, T(I1) T(I8) T(I16) T(I32) T(I64))                                 \
	X(INT_I4, "tile", -1, T(I1) T(I8) T(I16) T(I32) T(I64) T(I4))                        \
	X(I1, "tile", -1, T(I1))                                                             \
	X(I8, "tile", -1, T(I8))                                                             \
	X(I64, "tile", -1, T(I64))                                                           \
	X(BFLOAT, "tile", -1, T(F16) T(BF16) T(F32) T(F64))                                  \
	X(FLOAT, "tile", -1, FLOATS)                                                         \
	X(NUMBER, "tile", -1, T(I1) T(I8) T(I16) T(I32) T(I64) FLOATS)                       \
	X(NUMBER_I4, "tile", -1, T(I1) T(I8) T(I16) T(I32) T(I64) FLOATS T(I4))              \
	X(PTR, "tile", -1, T(POINTER))                                                       \
	X(SCALAR_I1, "0D tile", 0, T(I1))                                                    \
	X(SCALAR_I32, "0D tile", 0, T(I32))                                                  \
	X(SCALAR_INT, "0D tile", 0, T(I1) T(I8) T(I16) T(I32) T(I64))                        \
	X(SCALAR_PTR, "0D tile", 0, T(POINTER))                                              \
	X(MMAF_OPD, "mmaf operand tile type", -1,                                            \
	  T(F16) T(BF16) T(F32) T(F64) T(TF32) T(F8E4M3FN) T(F8E5M2))                        \
	X(MMAF_RES, "mmaf acc/result tile type", -1, T(F16) T(F32) T(F64))                   \
	X(MMAFS_OPD, "mmaf_scaled operand tile type", -1, T(F8E4M3FN) T(F8E5M2) T(F4E2M1FN)) \
	X(MMAFS_SCALE, "mmaf_scaled scale tile type", -1, T(F8E4M3FN) T(F8E8M0FNU))          \
	X(MMAFS_RES, "mmaf_scaled result tile type", -1, T(F32))                             \
	X(MMAI_OPD, "mmai operand tile type", -1, T(I8))                                     \
	X(MMAI_ACC, "mmai acc tile type", -1, T(I32))                                        \
	X(MMAI_RES, "mmai result tile type", -1, T(I32))
#define FLOATS                                                                         \
	T(F16) T(BF16) T(F32) T(F64) T(TF32) T(F8E4M3FN) T(F8E5M2) T(F8E8M0FNU) T(F4E2M1FN)

/* Classes that are one kind of type, named by the reference's summary. */
#define VF_KINDS(X)                                   \
	X(TILE, TILE, "Tile type")                    \
	X(TOKEN, TOKEN, "cuda tile token type")       \
	X(TENSOR_VIEW, TENSOR_VIEW, "tensor view type") \
	X(PARTITION_VIEW, PARTITION_VIEW, "partition view type") \
	X(STRIDED_VIEW, STRIDED_VIEW, "strided view type") \
	X(GS_VIEW, GATHER_SCATTER_VIEW, "gather/scatter view type")

typedef enum vf_kind {
	VR_SAME_TYPE, VR_SAME_SHAPE, VR_SAME_RANK, VR_SAME_ELEM, VR_ALL_SHAPE, VR_ALL_ELEM,
	VR_OPD_SHAPE, VR_I1_SHAPE, VR_PTR_OF, VR_MASK_SHAPE, VR_PAD_TYPE,
	VR_PURE, /* not a check: marks an op that reduce and scan bodies may hold */
	VR_TILE_VIEW,
#define X(id, ...) VR_##id,
	VF_KINDS(X)
#undef X
	VR_CLASS0,
#define X(id, ...) VR_##id,
	VF_CLASSES(X)
#undef X
	VR_END
} vf_kind;

/* One rule of an op's row: its kind and the fields it lists as written
 * ("lhs, rhs, result"). */
typedef struct tir_rule_src {
	uint8_t kind;       /* vf_kind */
	const char *names;
} tir_rule_src;

/* The rules of opcode's row, ended by kind VR_END (none: just the end). */
const tir_rule_src *tir_rules_of(unsigned opcode);

/* The most fields one rule lists. */
#define TIR_RULE_MAX_NAMES 8

/* The one reading of a rule's names: the number of each field of info
 * that names ("lhs, rhs, result") lists, in order, into out (room for
 * cap); their count, or -1 when a name is no field of the op or there are
 * more than cap. Nothing may skip a name that does not resolve: every
 * rule of every row resolves (tests/tileir/test_model.c checks it). */
int tir_rule_fields(const bcx_tileir_opinfo *info, const char *names, uint8_t *out,
		    unsigned cap);

#endif
