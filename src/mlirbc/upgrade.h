/* The rows of upgrades.def, read by upgrade.c (older files made MLIR
 * 22's) and downgrade.c (MLIR 22's model written for the older release).
 * Not installed. */
#ifndef BCX_MLIRBC_UPGRADE_H
#define BCX_MLIRBC_UPGRADE_H

#include "wmodel.h"

typedef enum { DROP_OP, UNIT_TO_ENUM, I64_ARRAY, ADD_GROUPS, VAR_TYPE, RENAME, MAP_GROUPS,
	       ZERO_GROUPS } up_action;

typedef struct up_row {
	unsigned release;
	const char *op, *field;
	up_action action;
	const char *to;
	uint64_t value;
} up_row;

/* The rows, *n of them. */
const up_row *mbc_upgrade_rows(size_t *n);

#endif
