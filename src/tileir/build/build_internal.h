/* Internals of the Tile IR builder (bcx/tileir_build.h). The builder fills
 * the one model of bcx/tileir.h (struct bcx_tileir_module, internal.h):
 * types, strings, constants, debug records, globals and functions go
 * straight into the model's tables, interned as the writer will intern
 * them. Bodies are the model's blocks, grown in place as ops are added;
 * op handles name a block and a position, so they stay valid as it grows. */
#ifndef BCX_TILEIR_BUILD_INTERNAL_H
#define BCX_TILEIR_BUILD_INTERNAL_H

#include "bcx/tileir_build.h"
#include "tileir/model/internal.h"
#include "tileir/write/write_internal.h"

/* A built attribute handle: a model attribute. */
struct bcx_tileir_build_attr {
	bcx_tileir_attr a;
};

/* A built location handle: a model debug record. */
struct bcx_tileir_build_loc {
	uint32_t ref;           /* 1-based record reference */
	uint8_t kind;           /* its tag (bcx_tileir_debug_tag) */
};

/* A block being built: the model block itself, grown in place. */
struct bcx_tileir_build_block {
	bcx_tileir_block *mb;       /* the model's block */
	bcx_tileir_op *ops;         /* mb->ops, writable; grows by doubling */
	size_t cap_ops;
	bcx_tileir_build_func *fn;
};

/* An op handle: where the op sits, which stays true as its block grows. */
struct bcx_tileir_build_op {
	bcx_tileir_build_block *blk;
	uint32_t index;             /* in blk->ops */
	bcx_tileir_region *regions; /* the op's model regions, writable */
};

struct bcx_tileir_build_func {
	uint32_t index;             /* in the model's function table */
	bcx_tileir_body body;       /* the model's body; body.block is the top block */
	bcx_tileir_build_block top;
	uint32_t *value_types;      /* body.value_types, writable */
	size_t cap_values;
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
		cap_lists;
	/* The model's functions and strings and funcs grow with the text (one
	 * a kernel): they are the allocator's, reallocated in place and freed
	 * with the builder, not arena arrays leaving each outgrown copy. */
	bcx_tileir_build_func **funcs; /* per model function */
	size_t cap_nodes;
	/* Where attribute handles go when set (the assembler's arena of the
	 * item it is reading, freed after the item): every use of a handle
	 * copies the attribute into the model, so the module need not keep
	 * the handles of text it has built. NULL: the module's arena. */
	bcx_arena *handles;
	/* The token type's index + 1 (0: not made yet): ops name it often and
	 * its text has no parameters for the assembler's type cache to key. */
	uint32_t token_type1;
};

/* The model type t (the builder's types are always valid). */
const bcx_tileir_type *tb_type(const bcx_tileir_builder *m, uint32_t t);
/* MLIR's unsigned (u) or signed (s) integer type of scalar tag s, as a
 * hint value's type: stored with the signless tag, yet a type entry of its
 * own, as the reference's writer keeps one entry per MLIR type. */
bcx_status tb_type_scalar_signed(bcx_tileir_builder *m, bcx_tileir_type_tag s, char sign,
				 bcx_tileir_build_type *out, bcx_diag *d);
bool tb_type_valid(const bcx_tileir_builder *m, uint32_t t);
/* Element count of a tile type (product of the shape). */
uint64_t tb_tile_count(const bcx_tileir_type *ti);
/* The index of string [s, s+n) in the model, added when new. */
bcx_status tb_string(bcx_tileir_builder *m, const void *s, size_t n, uint32_t *out, bcx_diag *d);
/* A second debug record equal to l's: for a location MLIR tells apart
 * from l's although both encode alike (callsite("f":1:1 at X) and
 * callsite(unknown at X)); the writer writes both, as the reference does. */
bcx_status tb_loc_twin(bcx_tileir_builder *m, const bcx_tileir_build_loc *l,
		       bcx_tileir_build_loc **out, bcx_diag *d);
/* bcx_tileir_build_entry_add(), or with extra a text-only function
 * (BCX_TILEIR_FN_TESTING: arguments of any type; BCX_TILEIR_FN_TOPLEVEL:
 * the nameless holder of ops outside every function; TB_FN_ANY_ARGS, not
 * kept: an entry whose tile arguments the verifier is left to refuse).
 * sig: the function type, whose inputs are arg_types (results too: the
 * verifier's to refuse on an entry), or BCX_TILEIR_NONE to make it. */
#define TB_FN_ANY_ARGS 0x80
bcx_status tb_func_add(bcx_tileir_builder *m, const char *name, size_t name_len,
		       bcx_tileir_build_type sig, const bcx_tileir_build_type *arg_types,
		       uint32_t n_args,
		       bcx_tileir_build_attr *hints, bcx_tileir_build_loc *loc, uint8_t extra,
		       bcx_tileir_build_func **out, bcx_tileir_build_block **body, bcx_diag *d);
/* A value id of function f with type t (the model's value_types). */
/* Lay every body out again in the order the writer and the printers walk
 * it (build_write.c); done before a built module is handed over. */
/* Put op (its arrays made; room for it in blk->ops) at the end of blk,
 * with handle h; its results become values of the function. */
bcx_status tb_append_op(bcx_tileir_builder *m, bcx_tileir_build_block *blk, bcx_tileir_op *op,
			bcx_tileir_build_op *h, bcx_tileir_build_op **out, bcx_diag *d);
/* bcx_tileir_build_op_add with the handle in the caller's storage h, valid
 * while h is: the assembler, which needs an op's handle only while it
 * builds the op's regions and binds its results, spares the arena one
 * handle an op. */
bcx_status tb_op_add(bcx_tileir_builder *m, bcx_tileir_build_block *blk,
		     const bcx_tileir_build_opspec *s, bcx_tileir_build_op *h,
		     bcx_tileir_build_op **out, bcx_diag *d);
/* The same for bcx_tileir_build_op_add_unregistered, its arguments in u. */
typedef struct bcx_tileir_build_unreg {
	const char *name;
	size_t name_len;
	const bcx_tileir_build_value *operands;
	uint32_t n_operands;
	const bcx_tileir_build_type *result_types;
	uint32_t n_results;
	bcx_tileir_build_loc *loc;
} bcx_tileir_build_unreg;
bcx_status tb_op_add_unregistered(bcx_tileir_builder *m, bcx_tileir_build_block *blk,
				  const bcx_tileir_build_unreg *u, bcx_tileir_build_op *h,
				  bcx_tileir_build_op **out, bcx_diag *d);
/* Room for n ops in blk and n values in f, allocated once: a caller that
 * knows the counts (the assembler) spares the arena the copies doubling
 * leaves behind. */
bool tb_block_reserve(bcx_tileir_builder *m, bcx_tileir_build_block *blk, size_t n);
bool tb_values_reserve(bcx_tileir_builder *m, bcx_tileir_build_func *f, size_t n);
bcx_status tb_new_values(bcx_tileir_builder *m, bcx_tileir_build_func *f, const uint32_t *types,
                         uint32_t n, uint32_t *first, bcx_diag *d);

#endif
