/* The reference's rules for tile, tensor_view and view types (TileType::,
 * TensorViewType:: and the view types' verify in its Types.cpp), in its
 * order and words: the one copy that the text parser (at the type's text),
 * the builder (for API callers) and the reader (at the type's record) all
 * apply. */
#ifndef BCX_TILEIR_TYPE_RULES_H
#define BCX_TILEIR_TYPE_RULES_H

#include "common/internal.h"

#include <stddef.h>
#include <stdint.h>

/* The message buffer of a broken rule: the longest message names 64
 * dimensions of up to 20 characters each. */
#define TIR_RULE_MSG_CAP 1536

/* A tile of elem_tag with dims[n]: NULL when the rules hold, else the first
 * broken rule's message, written to buf (TIR_RULE_MSG_CAP bytes). */
const char *tir_tile_problem(unsigned elem_tag, const int64_t *dims, uint32_t n, char *buf);

/* The pointee and tensor_view element set of spec §7.2: every integer and
 * float type except i4. */
bool tir_tag_is_pointee(unsigned tag);

/* A tensor_view of elem_tag with shape[rank] and strides[n_strides]: NULL
 * when the rules hold, else the first broken rule's message in buf. */
const char *tir_tensor_view_problem(unsigned elem_tag, const int64_t *shape, uint32_t rank,
				    const int64_t *strides, uint32_t n_strides, char *buf);

/* A view type's parameters, as the text states them or the model holds
 * them. */
typedef struct tir_view_parts {
	uint8_t tag;              /* PARTITION_VIEW, STRIDED_VIEW or GATHER_SCATTER_VIEW */
	const int64_t *tile;      /* the tile shape */
	uint32_t rank;
	uint32_t tv_rank;         /* the tensor_view's rank */
	unsigned tv_elem_tag;     /* and its element type's tag */
	const int64_t *dim_map;   /* NULL: not given (the identity) */
	uint32_t n_map;
	const int64_t *trav;      /* strided views' traversal strides */
	uint32_t n_trav;
	uint64_t sparse_dim;      /* gather/scatter views */
	unsigned pad;             /* BCX_TILEIR_PAD_*, NONE when absent */
} tir_view_parts;

/* The view v: NULL when the rules hold, else the first broken rule's
 * message, written to buf (TIR_RULE_MSG_CAP bytes). */
const char *tir_view_problem(const tir_view_parts *v, char *buf);

#endif
