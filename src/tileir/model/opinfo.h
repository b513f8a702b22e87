/* The rows of the operation table (src/tileir/model/ops.def) as the library
 * sees them. Public code reads them through the accessors of bcx/tileir.h,
 * so a new column changes no public layout. Not installed. */
#ifndef BCX_TILEIR_OPINFO_H
#define BCX_TILEIR_OPINFO_H

#include "bcx/tileir.h"

/* One field of an operation, in table (declaration) order. */
struct bcx_tileir_field {
	const char *name;
	uint8_t kind;     /* bcx_tileir_field_kind */
	uint8_t mult;     /* bcx_tileir_mult (results, operands) */
	uint8_t enc;      /* bcx_tileir_enc (attributes) */
	uint8_t enum_id;  /* bcx_tileir_enum_id for E_ENUM */
	bool optional;    /* attribute: written only when its flag bit is set */
	int8_t flag_bit;  /* bit in the op's flags field, or -1 */
	uint16_t since;   /* BCX_TILEIR_V(...) the field appeared in */
	uint64_t dflt;    /* value a reader supplies when the file predates it */
};

/* One operation row. */
struct bcx_tileir_opinfo {
	uint16_t opcode;
	const char *name;           /* without the "cuda_tile." prefix */
	uint16_t since;
	bool result_count;          /* a varint result count precedes the types */
	uint8_t opd_mode;           /* bcx_tileir_opd_mode */
	uint8_t n_regions;
	uint16_t flags_since;       /* flags field present from this version; 0 = never */
	bool structural;            /* entry/global/module: never inside a body */
	bool terminator;            /* ends a block: break, continue, return, yield */
	const bcx_tileir_field *fields;
	uint8_t n_fields;
	uint8_t n_results;          /* declared result fields */
	uint8_t n_operands;         /* declared operand groups */
	uint8_t n_attrs;            /* ATTR and UNIT fields */
	const char *fmt;            /* custom text form (fmt.h) */
	bool unregistered;          /* the one row of ops outside the dialect */
};

/* The row every unregistered op points at (table.c): no fields, no
 * regions, opcode BCX_TILEIR_OPCODE_UNREGISTERED. It is not among the
 * opcode rows, so nothing that walks the table or looks an opcode or a
 * name up ever meets it. */
extern const bcx_tileir_opinfo tir_unregistered_op;

#endif
