/*
 * bcx/tileir_build.h - build CUDA Tile IR modules in memory and write them
 * as bytecode for format version 13.1, 13.2 or 13.3.
 *
 * The builder owns everything it hands out (one arena per module); handles
 * stay valid until bcx_tb_module_free(). Types are interned: equal types
 * get equal bcx_tb_type numbers. Operations are described by opcode and
 * checked against the operation table (src/tileir/ops.def): operand and
 * result counts, attribute names and kinds, required attributes, region
 * counts. Misuse returns a status and fills the diag; nothing aborts.
 *
 * Values are per function: the function's arguments, then every block
 * argument and op result in creation order. Operands must be in scope
 * where the op is written (checked by the writer, spec §15.1).
 *
 * Types, attributes and locations belong to the module that made them and
 * must only be used with it. Strings and dense constants are taken by
 * value; the writer interns them (and types and debug records) in the
 * reference writer's order (spec §18), so indices never leak into the API.
 *
 * Names in this header: "tb" = Tile IR builder.
 */
#ifndef BCX_TILEIR_BUILD_H
#define BCX_TILEIR_BUILD_H

#include "bcx/core.h"
#include "bcx/tileir.h"

BCX_BEGIN_DECLS

typedef struct bcx_tb_module bcx_tb_module;
typedef struct bcx_tb_func bcx_tb_func;
typedef struct bcx_tb_block bcx_tb_block;
typedef struct bcx_tb_op bcx_tb_op;
typedef struct bcx_tb_attr bcx_tb_attr;
typedef struct bcx_tb_loc bcx_tb_loc;
typedef uint32_t bcx_tb_type;  /* interned type number */
typedef uint32_t bcx_tb_value; /* value number inside one function */

#define BCX_TB_NONE UINT32_MAX
/* A dynamic tensor_view size or stride ('?' in text). */
#define BCX_TB_DYNAMIC INT64_MIN

/* ---- module ---- */

bcx_tb_module *bcx_tb_module_new(const bcx_allocator *a);
void bcx_tb_module_free(bcx_tb_module *m);
/* Optional producer string (written only for targets >= 13.3, spec §10). */
bcx_status bcx_tb_set_producer(bcx_tb_module *m, const char *s, size_t n, bcx_diag *d);

/* ---- types (spec §7). Element/pointee kinds are checked. ---- */

/* Scalar types by their wire tags (bcx/tileir_types.def). */
typedef enum bcx_tb_scalar {
	BCX_TB_I1 = BCX_TILEIR_T_I1, BCX_TB_I8 = BCX_TILEIR_T_I8, BCX_TB_I16 = BCX_TILEIR_T_I16,
	BCX_TB_I32 = BCX_TILEIR_T_I32, BCX_TB_I64 = BCX_TILEIR_T_I64,
	BCX_TB_F16 = BCX_TILEIR_T_F16, BCX_TB_BF16 = BCX_TILEIR_T_BF16,
	BCX_TB_F32 = BCX_TILEIR_T_F32, BCX_TB_TF32 = BCX_TILEIR_T_TF32,
	BCX_TB_F64 = BCX_TILEIR_T_F64, BCX_TB_F8E4M3FN = BCX_TILEIR_T_F8E4M3FN,
	BCX_TB_F8E5M2 = BCX_TILEIR_T_F8E5M2, BCX_TB_F8E8M0FNU = BCX_TILEIR_T_F8E8M0FNU,
	BCX_TB_F4E2M1FN = BCX_TILEIR_T_F4E2M1FN, BCX_TB_I4 = BCX_TILEIR_T_I4
} bcx_tb_scalar;

/* Padding value of view types; BCX_TB_PAD_NONE = absent. */
typedef enum bcx_tb_padding {
	BCX_TB_PAD_ZERO = 0, BCX_TB_PAD_NEG_ZERO = 1, BCX_TB_PAD_NAN = 2,
	BCX_TB_PAD_POS_INF = 3, BCX_TB_PAD_NEG_INF = 4, BCX_TB_PAD_NONE = 255
} bcx_tb_padding;

bcx_status bcx_tb_type_scalar(bcx_tb_module *m, bcx_tb_scalar s, bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_ptr(bcx_tb_module *m, bcx_tb_type pointee, bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_token(bcx_tb_module *m, bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_tile(bcx_tb_module *m, bcx_tb_type elem, const int64_t *shape,
			    uint32_t rank, bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_tensor_view(bcx_tb_module *m, bcx_tb_type elem, const int64_t *shape,
				   const int64_t *strides, uint32_t rank, bcx_tb_type *out,
				   bcx_diag *d);
/* dim_map NULL = identity. */
bcx_status bcx_tb_type_partition_view(bcx_tb_module *m, bcx_tb_type tensor_view,
				      const int32_t *tile_shape, uint32_t rank,
				      const int32_t *dim_map, bcx_tb_padding pad,
				      bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_strided_view(bcx_tb_module *m, bcx_tb_type tensor_view,
				    const int32_t *tile_shape, const int32_t *traversal_strides,
				    uint32_t rank, const int32_t *dim_map, bcx_tb_padding pad,
				    bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_gather_scatter_view(bcx_tb_module *m, bcx_tb_type tensor_view,
					   const int32_t *tile_shape, uint32_t rank,
					   uint32_t sparse_dim, bcx_tb_padding pad,
					   bcx_tb_type *out, bcx_diag *d);
bcx_status bcx_tb_type_func(bcx_tb_module *m, const bcx_tb_type *ins, uint32_t n_in,
			    const bcx_tb_type *outs, uint32_t n_out, bcx_tb_type *out,
			    bcx_diag *d);

/* ---- attributes (spec §13). Owned by the module. ---- */

bcx_status bcx_tb_attr_int(bcx_tb_module *m, bcx_tb_type int_type, uint64_t value,
			   bcx_tb_attr **out, bcx_diag *d);
/* bits = the IEEE bit pattern of the float type's width. */
bcx_status bcx_tb_attr_float(bcx_tb_module *m, bcx_tb_type float_type, uint64_t bits,
			     bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_bool(bcx_tb_module *m, bool v, bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_string(bcx_tb_module *m, const char *s, size_t n, bcx_tb_attr **out,
			      bcx_diag *d);
/* A symbol reference (@name; name without '@'). */
bcx_status bcx_tb_attr_symbol(bcx_tb_module *m, const char *s, size_t n, bcx_tb_attr **out,
			      bcx_diag *d);
bcx_status bcx_tb_attr_type(bcx_tb_module *m, bcx_tb_type t, bcx_tb_attr **out, bcx_diag *d);
/* An enumerator (op enum attributes, memory orderings, ...). */
bcx_status bcx_tb_attr_enum(bcx_tb_module *m, uint64_t value, bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_unit(bcx_tb_module *m, bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_i32_array(bcx_tb_module *m, const int32_t *v, uint32_t n,
				 bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_array(bcx_tb_module *m, bcx_tb_attr *const *elems, uint32_t n,
			     bcx_tb_attr **out, bcx_diag *d);
/* Keys are copied; they are sorted by the writer (spec §13.2). */
bcx_status bcx_tb_attr_dict(bcx_tb_module *m, const char *const *keys, const size_t *key_lens,
			    bcx_tb_attr *const *vals, uint32_t n, bcx_tb_attr **out, bcx_diag *d);
/* Optimization hints: a dictionary of per-architecture dictionaries. */
bcx_status bcx_tb_attr_hints(bcx_tb_module *m, bcx_tb_attr *dict, bcx_tb_attr **out,
			     bcx_diag *d);
/* Dense elements of a tile type, as raw storage of every element
 * (row-major, ceil(bits/8) bytes each; i1 one byte 0/1 each) or as one
 * element (a splat). The writer applies the splat and i1 rules (§8). */
bcx_status bcx_tb_attr_dense(bcx_tb_module *m, bcx_tb_type tile, const void *data, size_t n,
			     bcx_tb_attr **out, bcx_diag *d);
/* div_by<divisor[, every E along A]>: every and along come together. */
bcx_status bcx_tb_attr_div_by(bcx_tb_module *m, uint64_t divisor, bool has_every, int64_t every,
			      bool has_along, int64_t along, bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_same_elements(bcx_tb_module *m, const int64_t *v, uint32_t n,
				     bcx_tb_attr **out, bcx_diag *d);
bcx_status bcx_tb_attr_bounded(bcx_tb_module *m, bool has_lb, int64_t lb, bool has_ub,
			       int64_t ub, bcx_tb_attr **out, bcx_diag *d);

/* ---- debug locations (spec §11) ---- */

bcx_status bcx_tb_di_file(bcx_tb_module *m, const char *name, const char *dir,
			  bcx_tb_loc **out, bcx_diag *d);
bcx_status bcx_tb_di_compile_unit(bcx_tb_module *m, bcx_tb_loc *file, bcx_tb_loc **out,
				  bcx_diag *d);
bcx_status bcx_tb_di_subprogram(bcx_tb_module *m, bcx_tb_loc *file, uint64_t line,
				const char *name, const char *linkage_name, bcx_tb_loc *unit,
				uint64_t scope_line, bcx_tb_loc **out, bcx_diag *d);
bcx_status bcx_tb_di_lexical_block(bcx_tb_module *m, bcx_tb_loc *scope, bcx_tb_loc *file,
				   uint64_t line, uint64_t column, bcx_tb_loc **out,
				   bcx_diag *d);
bcx_status bcx_tb_di_loc(bcx_tb_module *m, bcx_tb_loc *scope, const char *file_name,
			 uint64_t line, uint64_t column, bcx_tb_loc **out, bcx_diag *d);
bcx_status bcx_tb_di_callsite(bcx_tb_module *m, bcx_tb_loc *callee, bcx_tb_loc *caller,
			      bcx_tb_loc **out, bcx_diag *d);

/* ---- globals and functions ---- */

typedef struct bcx_tb_global_spec {
	const char *name;
	size_t name_len;
	bcx_tb_attr *value;   /* a dense attribute; its type is the global's type */
	uint64_t alignment;   /* 0 = default */
	bool is_private;      /* 13.3+ */
	bool is_constant;     /* 13.3+ */
} bcx_tb_global_spec;

bcx_status bcx_tb_global_add(bcx_tb_module *m, const bcx_tb_global_spec *g, bcx_diag *d);

/* Add an entry (kernel) function. Tile-typed arguments must be 0-D tiles
 * (the reference verifier's "entry op must have scalar types"). hints may
 * be NULL (absent); an empty
 * hints attribute is kept and written as present (spec §18.4). loc may be
 * NULL. The body block is returned through *body. */
bcx_status bcx_tb_entry_add(bcx_tb_module *m, const char *name, size_t name_len,
			    const bcx_tb_type *arg_types, uint32_t n_args, bcx_tb_attr *hints,
			    bcx_tb_loc *loc, bcx_tb_func **out, bcx_tb_block **body,
			    bcx_diag *d);
/* Value number of argument i of a function or block. */
bcx_tb_value bcx_tb_func_arg(const bcx_tb_func *f, uint32_t i);
bcx_tb_value bcx_tb_block_arg(const bcx_tb_block *b, uint32_t i);

/* ---- operations (spec §14, §16) ---- */

typedef struct bcx_tb_named_attr {
	const char *name;     /* the table's attribute name ("rounding_mode") */
	bcx_tb_attr *value;
} bcx_tb_named_attr;

typedef struct bcx_tb_opspec {
	uint32_t opcode;                /* from the operation table (spec §16) */
	const bcx_tb_type *result_types;
	uint32_t n_results;
	const bcx_tb_value *operands;
	uint32_t n_operands;
	/* Sizes of the declared operand groups in order (as MLIR's
	 * operandSegmentSizes). NULL: derived when only one group is
	 * variable-sized or the counts leave no choice. */
	const uint32_t *segments;
	uint32_t n_segments;
	const bcx_tb_named_attr *attrs;
	uint32_t n_attrs;
	bcx_tb_loc *loc;                /* NULL = unknown */
} bcx_tb_opspec;

/* Append an op to a block. Regions (as many as the table declares) start
 * empty; add blocks with bcx_tb_region_add_block(). */
bcx_status bcx_tb_op_add(bcx_tb_module *m, bcx_tb_block *blk, const bcx_tb_opspec *spec,
			 bcx_tb_op **out, bcx_diag *d);
bcx_tb_value bcx_tb_op_result(const bcx_tb_op *op, uint32_t i);
bcx_status bcx_tb_region_add_block(bcx_tb_module *m, bcx_tb_op *op, uint32_t region,
				   const bcx_tb_type *arg_types, uint32_t n_args,
				   bcx_tb_block **out, bcx_diag *d);
/* Look an opcode up by name ("addf" or "cuda_tile.addf"); BCX_TB_NONE if
 * unknown. */
uint32_t bcx_tb_opcode(const char *name, size_t n);

/* ---- writing ---- */

typedef struct bcx_tb_write_options {
	uint8_t major, minor;   /* target version: 13.1, 13.2 or 13.3; 0.0 (or a NULL
				   options pointer) = 13.3 */
	uint16_t tag;           /* header tag, normally 0 */
	bool i1_byte_per_element; /* spec §8.4: default packed bits */
	bcx_limits limits;      /* nesting limits (zero: the defaults, as when reading) */
} bcx_tb_write_options;

/* Encode the module. On success out and out_len receive the bytes; free
 * them with bcx_tb_free_bytes(). A feature the
 * target lacks fails with BCX_ERR_UNSUPPORTED and a message naming the
 * feature and the version that introduced it. */
bcx_status bcx_tb_write(const bcx_tb_module *m, const bcx_tb_write_options *opt,
			uint8_t **out, size_t *out_len, bcx_diag *d);
void bcx_tb_free_bytes(const bcx_tb_module *m, uint8_t *bytes, size_t len);
/* The same, written atomically to a file (nothing left behind on error). */
bcx_status bcx_tb_write_file(const bcx_tb_module *m, const bcx_tb_write_options *opt,
			     const char *path, bcx_diag *d);

/* Import a module read with bcx_tileir_read() (bcx/tileir.h): globals,
 * entries with their hints and bodies, debug locations and the producer.
 * Writing the result at the file's version reproduces the reference
 * writer's bytes; at another version it converts the module. */
bcx_status bcx_tb_import(bcx_tileir_module *src, const bcx_allocator *a, bcx_tb_module **out,
			 bcx_diag *d);

/* Assemble generic-form MLIR text (spec §21) into a module. Errors are
 * "FILE:LINE:COL: message" in d->message. */
bcx_status bcx_tb_assemble(const char *file, const char *text, size_t n,
			   const bcx_allocator *a, bcx_tb_module **out, bcx_diag *d);

BCX_END_DECLS
#endif /* BCX_TILEIR_BUILD_H */
