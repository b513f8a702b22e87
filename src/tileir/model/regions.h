/* What ops.def says about an op's regions (TIR_REGION, TIR_PARENTS,
 * TIR_ARG_NAMES), looked up by opcode: the verifier checks the structure
 * (verify/verify_regions.c, verify_walk.c) and the printers name block
 * arguments (print/print_names.c) from these; nothing else lists them. */
#ifndef BCX_TILEIR_REGIONS_H
#define BCX_TILEIR_REGIONS_H

#include <stdbool.h>
#include <stdint.h>

/* One region of an op's row. */
typedef struct tir_region_rule {
	const char *name;  /* as the reference declares it */
	bool may_be_empty; /* MaxSizedRegion<1>: 0 or 1 blocks; else exactly 1 */
	bool pure;         /* holds pure ops only, besides its terminator */
	int16_t ends;      /* see tir_region_ends */
} tir_region_rule;

/* Region k of opcode's row, NULL when the row states nothing for it. */
const tir_region_rule *tir_region_of(unsigned opcode, unsigned k);

/* The opcode region k of opcode must end with, or -1 for any terminator. */
int tir_region_ends(unsigned opcode, unsigned k);

/* The ops a terminator may sit in (ParentOneOf), in the order the
 * reference's message names them: *n of them, NULL (and *n 0) when the
 * row does not restrict them. */
const uint16_t *tir_parents_of(unsigned opcode, unsigned *n);

/* How the printers name the block arguments of the op's region. */
typedef enum tir_arg_style {
	TIR_ARGS_NONE,  /* the op names none */
	TIR_ARGS_LEAD,  /* argument 0 "a", then "b0", "b1", ... */
	TIR_ARGS_PAIRS  /* "a", "b" alternating; numbered past two */
} tir_arg_style;
tir_arg_style tir_arg_names(unsigned opcode, const char **a, const char **b);

#endif
