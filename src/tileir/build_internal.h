/* Internal layout of the Tile IR builder's module (bcx/tileir_build.h).
 * Everything lives in one arena; lists grow by doubling inside it. */
#ifndef BCX_TILEIR_BUILD_INTERNAL_H
#define BCX_TILEIR_BUILD_INTERNAL_H

#include "bcx/tileir_build.h"
#include "tileir/write_internal.h"
#include "bcx/tileir.h"
#include "tileir/opcodes.h"

typedef struct tb_typeinfo {
	uint8_t tag;
	uint8_t pad;            /* bcx_tb_padding */
	uint32_t elem;          /* pointee / element / tensor_view; BCX_TB_NONE */
	uint32_t rank;          /* shape, strides, tile_shape, dim_map, traversal length */
	const int64_t *shape;         /* tile, tensor_view */
	const int64_t *strides;       /* tensor_view */
	const int32_t *tile;          /* views */
	const int32_t *dim_map;       /* partition, strided */
	const int32_t *trav;          /* strided */
	uint32_t sparse_dim;    /* gather_scatter */
	uint32_t n_in, n_out;   /* function */
	const uint32_t *ins, *outs;
	uint32_t uniq;          /* 0, or keeps an otherwise equal type apart (below) */
} tb_typeinfo;

/* A built attribute: kind is the model's (bcx_tileir_attr_kind; the
 * self-contained kinds are their wire tags, spec §13). */
struct bcx_tb_attr {
	uint8_t kind;
	uint32_t type;          /* INT, FLOAT, DENSE */
	uint64_t u;             /* INT value, FLOAT bits, BOOL, ENUM, TYPE, DIVBY divisor */
	bool has_a, has_b;      /* DIVBY every/along, BOUNDED lb/ub */
	int64_t a, b;
	uint32_t n;             /* bytes (STRING, SYMBOL, DENSE), elements otherwise */
	const uint8_t *bytes;   /* STRING, SYMBOL, DENSE data (full element storage) */
	int32_t *i32;           /* I32ARR */
	int64_t *i64;           /* SAME */
	bcx_tb_attr **elems;    /* ARRAY, DICT values, HINTS (one dict) */
	const char **keys;      /* DICT */
	size_t *key_lens;
};

/* A built debug record; kind is its wire tag (bcx_tileir_debug_tag, §11.4). */
struct bcx_tb_loc {
	uint8_t kind;
	bcx_tb_loc *a, *b, *c;  /* referenced records (see spec §11.4 per kind) */
	const char *s1, *s2;    /* strings: file name / dir, sub name / linkage */
	uint64_t line, col;
	uint32_t uniq;          /* 0, or keeps an otherwise equal record apart */
};

struct bcx_tb_block {
	bcx_tb_func *fn;
	uint32_t n_args;
	const uint32_t *arg_types;
	bcx_tb_value first_arg;
	bcx_tb_op **ops;
	uint32_t n_ops, cap_ops;
};

struct bcx_tb_op {
	const bcx_tileir_opinfo *info;
	bcx_tb_func *fn;
	uint32_t n_results;
	uint32_t *result_types;
	bcx_tb_value first_result;
	uint32_t n_operands;
	bcx_tb_value *operands;
	uint32_t *seg;          /* per declared operand group: its size */
	bcx_tb_attr **attrs;    /* per ATTR/UNIT field in table order, or NULL */
	uint32_t n_regions;
	bcx_tb_block **regions; /* NULL = region without blocks */
	bcx_tb_loc *loc;
};

struct bcx_tb_func {
	const char *name;
	size_t name_len;
	uint32_t type;          /* function type */
	bcx_tb_attr *hints;     /* NULL = absent */
	bcx_tb_loc *loc;
	bcx_tb_block body;
	uint32_t n_values;      /* values allocated so far */
};

typedef struct tb_global {
	const char *name;
	size_t name_len;
	bcx_tb_attr *value;
	uint64_t alignment;
	bool is_private, is_constant;
} tb_global;

struct bcx_tb_module {
	bcx_arena *arena;
	const bcx_allocator *alloc;
	wr_table type_keys;     /* canonical key per type number */
	tb_typeinfo *types;
	uint32_t n_types, cap_types;
	tb_global *globals;
	uint32_t n_globals, cap_globals;
	bcx_tb_func **funcs;
	uint32_t n_funcs, cap_funcs;
	const char *producer;
	size_t producer_len;
	bool has_producer;
};

/* Grow an arena array of *cap elements so that it holds n + 1. */
bool tb_grow(bcx_tb_module *m, void **arr, uint32_t n, uint32_t *cap, size_t elem);
const tb_typeinfo *tb_type(const bcx_tb_module *m, uint32_t t);
/*
 * A type written exactly like `base` but kept as its own table entry. MLIR
 * keeps types apart that the bytecode cannot tell apart (ui64 and i64 are
 * both tag 4), and the reference writer then emits two equal records; the
 * importer uses this to reproduce such files byte for byte.
 */
bcx_status tb_type_distinct(bcx_tb_module *m, uint32_t base, uint32_t uniq, uint32_t *out,
			    bcx_diag *d);
bool tb_type_valid(const bcx_tb_module *m, uint32_t t);
/* Element count of a tile type (product of the shape). */
uint64_t tb_tile_count(const tb_typeinfo *ti);

#endif
