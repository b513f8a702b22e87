/* Importing a read Tile IR module into the builder (convert_*.c). */
#ifndef BCX_TILEIR_CONVERT_INTERNAL_H
#define BCX_TILEIR_CONVERT_INTERNAL_H

#include "tileir/build_internal.h"

typedef struct cv_ctx {
	bcx_tileir_module *src;
	bcx_tb_module *b;
	bcx_arena *arena;        /* scratch, freed at the end */
	bcx_diag *d;
	bcx_status st;
	uint32_t *type_map;      /* file type index -> builder type + 1 */
	size_t n_types;
	bcx_tb_loc **loc_map;    /* debug record index - 1 -> location */
	size_t n_locs;
	uint32_t *owner;         /* builder type -> file type index + 1 that made it */
	uint32_t n_owner;
	wr_table rec_keys;       /* raw debug records seen, to spot equal ones */
	uint64_t *rec_owner;     /* rec_keys index -> record reference */
	uint32_t *val_map;       /* model value id -> builder value (per function) */
	uint32_t n_vals;
	unsigned depth;
} cv_ctx;

bool cv_fail(cv_ctx *c, bcx_status st, const char *msg);
bool cv_type(cv_ctx *c, uint32_t idx, bcx_tb_type *out);
bool cv_loc(cv_ctx *c, uint64_t ref, bcx_tb_loc **out);
const char *cv_cstr(cv_ctx *c, uint64_t idx);
/* A model attribute, for an inline field (f != NULL) or self-contained. */
bool cv_attr(cv_ctx *c, const bcx_tileir_attr *a, bcx_tb_attr **out);

#endif
