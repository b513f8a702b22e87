/* Internals of the Tile IR builder (bcx/tileir_build.h). The builder fills
 * the one model of bcx/tileir.h (struct bcx_tileir_module, internal.h):
 * types, strings, constants, debug records, globals and functions go
 * straight into the model's tables, interned as the writer will intern
 * them. Bodies are built as op nodes that can still grow; sealing
 * (build_seal.c) lays them out as the model's contiguous blocks. */
#ifndef BCX_TILEIR_BUILD_INTERNAL_H
#define BCX_TILEIR_BUILD_INTERNAL_H

#include "bcx/tileir_build.h"
#include "tileir/internal.h"
#include "tileir/write_internal.h"

/* A built attribute handle: a model attribute. */
struct bcx_tileir_build_attr {
	bcx_tileir_attr a;
};

/* A built location handle: a model debug record. */
struct bcx_tileir_build_loc {
	uint32_t ref;           /* 1-based record reference */
	uint8_t kind;           /* its tag (bcx_tileir_debug_tag) */
};

struct bcx_tileir_build_block {
	bcx_tileir_build_func *fn;
	uint32_t n_args;
	const uint32_t *arg_types;
	bcx_tileir_build_value first_arg;
	bcx_tileir_build_op **ops;
	size_t n_ops, cap_ops;
};

struct bcx_tileir_build_op {
	bcx_tileir_op op;       /* the model op; its regions are laid out when sealed */
	bcx_tileir_build_func *fn;
	uint32_t *seg;          /* op.segments, writable */
	bcx_tileir_attr *attrs; /* op.attrs, writable: kind NONE when absent */
	bcx_tileir_build_block **regions; /* NULL = region without blocks */
};

struct bcx_tileir_build_func {
	uint32_t index;         /* in the model's function table */
	bcx_tileir_build_block body;
	uint32_t n_values;      /* values allocated so far */
	uint32_t *value_types;  /* type per value id */
	size_t cap_values;
	uint32_t n_ops;         /* all ops, nested ones included */
};

struct bcx_tileir_builder {
	bcx_tileir_module *m;   /* the model; its arena holds everything */
	bcx_arena *arena;
	const bcx_allocator *alloc; /* the arena's: the interning tables */
	wr_table type_keys;     /* content -> type index */
	wr_table str_keys;      /* bytes -> string index */
	wr_table rec_keys;      /* tag and fields -> record index */
	wr_table const_keys;    /* type and blob -> constant index */
	size_t cap_types, cap_strings, cap_consts, cap_records, cap_globals, cap_funcs,
		cap_lists, cap_nodes;
	bcx_tileir_build_func **funcs;    /* per model function */
	bool sealed;            /* the model's bodies show every op added */
};

/* The model type t (the builder's types are always valid). */
const bcx_tileir_type *tb_type(const bcx_tileir_builder *m, uint32_t t);
bool tb_type_valid(const bcx_tileir_builder *m, uint32_t t);
/* Element count of a tile type (product of the shape). */
uint64_t tb_tile_count(const bcx_tileir_type *ti);
/* The index of string [s, s+n) in the model, added when new. */
bcx_status tb_string(bcx_tileir_builder *m, const void *s, size_t n, uint32_t *out, bcx_diag *d);
/* A value id of function f with type t (the model's value_types). */
bcx_status tb_new_values(bcx_tileir_builder *m, bcx_tileir_build_func *f, const uint32_t *types,
                         uint32_t n, uint32_t *first, bcx_diag *d);
/* Lay the bodies out as the model's blocks (build_seal.c). */
bcx_status tb_seal(bcx_tileir_builder *m, bcx_diag *d);

#endif
