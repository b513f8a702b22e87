/*
 * bcx/tileir_build.h - build CUDA Tile IR modules in memory and write them
 * as bytecode for format version 13.1, 13.2 or 13.3.
 *
 * The builder owns everything it hands out (one arena per module); handles
 * stay valid until bcx_tileir_builder_free(). Types are interned: equal types
 * get equal bcx_tileir_build_type numbers. Operations are described by opcode and
 * checked against the operation table (docs/formats/tileir.md): operand and
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

typedef struct bcx_tileir_builder bcx_tileir_builder;
typedef struct bcx_tileir_build_func bcx_tileir_build_func;
typedef struct bcx_tileir_build_block bcx_tileir_build_block;
typedef struct bcx_tileir_build_op bcx_tileir_build_op;
typedef struct bcx_tileir_build_attr bcx_tileir_build_attr;
typedef struct bcx_tileir_build_loc bcx_tileir_build_loc;
typedef uint32_t bcx_tileir_build_type;  /* interned type number */
typedef uint32_t bcx_tileir_build_value; /* value number inside one function */

/* No type, value or opcode. (A dynamic tensor_view size or stride is
 * BCX_TILEIR_DYNAMIC, bcx/tileir.h.) */
#define BCX_TILEIR_NONE UINT32_MAX

/* ---- module ---- */

bcx_tileir_builder *bcx_tileir_builder_new(const bcx_allocator *a);
void bcx_tileir_builder_free(bcx_tileir_builder *m);
/* Optional producer string (written only for targets >= 13.3, spec §10). */
bcx_status bcx_tileir_build_set_producer(bcx_tileir_builder *m, const char *s, size_t n,
                                         bcx_diag *d);

/* ---- types (spec §7). Element/pointee kinds are checked. ---- */

/* Padding value of view types; BCX_TILEIR_PAD_NONE = absent. */
typedef enum bcx_tileir_padding {
	BCX_TILEIR_PAD_ZERO = 0, BCX_TILEIR_PAD_NEG_ZERO = 1, BCX_TILEIR_PAD_NAN = 2,
	BCX_TILEIR_PAD_POS_INF = 3, BCX_TILEIR_PAD_NEG_INF = 4, BCX_TILEIR_PAD_NONE = 255
} bcx_tileir_padding;

bcx_status bcx_tileir_build_type_scalar(bcx_tileir_builder *m, bcx_tileir_type_tag s,
                                        bcx_tileir_build_type *out, bcx_diag *d);
bcx_status bcx_tileir_build_type_ptr(bcx_tileir_builder *m, bcx_tileir_build_type pointee,
                                     bcx_tileir_build_type *out, bcx_diag *d);
bcx_status bcx_tileir_build_type_token(bcx_tileir_builder *m, bcx_tileir_build_type *out,
                                       bcx_diag *d);
bcx_status bcx_tileir_build_type_tile(bcx_tileir_builder *m, bcx_tileir_build_type elem,
                                      const int64_t *shape, uint32_t rank,
                                      bcx_tileir_build_type *out, bcx_diag *d);
bcx_status bcx_tileir_build_type_tensor_view(bcx_tileir_builder *m, bcx_tileir_build_type elem,
                                             const int64_t *shape, const int64_t *strides,
                                             uint32_t rank, bcx_tileir_build_type *out,
                                             bcx_diag *d);
/* dim_map NULL = identity. */
bcx_status bcx_tileir_build_type_partition_view(bcx_tileir_builder *m,
                                                bcx_tileir_build_type tensor_view,
                                                const int32_t *tile_shape, uint32_t rank,
                                                const int32_t *dim_map, bcx_tileir_padding pad,
                                                bcx_tileir_build_type *out, bcx_diag *d);
bcx_status bcx_tileir_build_type_strided_view(bcx_tileir_builder *m,
                                              bcx_tileir_build_type tensor_view,
                                              const int32_t *tile_shape,
                                              const int32_t *traversal_strides, uint32_t rank,
                                              const int32_t *dim_map, bcx_tileir_padding pad,
                                              bcx_tileir_build_type *out, bcx_diag *d);
bcx_status bcx_tileir_build_type_gather_scatter_view(bcx_tileir_builder *m,
                                                     bcx_tileir_build_type tensor_view,
                                                     const int32_t *tile_shape, uint32_t rank,
                                                     uint32_t sparse_dim, bcx_tileir_padding pad,
                                                     bcx_tileir_build_type *out, bcx_diag *d);
bcx_status bcx_tileir_build_type_func(bcx_tileir_builder *m, const bcx_tileir_build_type *ins,
                                      uint32_t n_in, const bcx_tileir_build_type *outs,
                                      uint32_t n_out, bcx_tileir_build_type *out, bcx_diag *d);

/* ---- attributes (spec §13). Owned by the module. ---- */

bcx_status bcx_tileir_build_attr_int(bcx_tileir_builder *m, bcx_tileir_build_type int_type,
                                     uint64_t value, bcx_tileir_build_attr **out, bcx_diag *d);
/* bits = the IEEE bit pattern of the float type's width. */
bcx_status bcx_tileir_build_attr_float(bcx_tileir_builder *m, bcx_tileir_build_type float_type,
                                       uint64_t bits, bcx_tileir_build_attr **out, bcx_diag *d);
bcx_status bcx_tileir_build_attr_bool(bcx_tileir_builder *m, bool v, bcx_tileir_build_attr **out,
                                      bcx_diag *d);
bcx_status bcx_tileir_build_attr_string(bcx_tileir_builder *m, const char *s, size_t n,
                                        bcx_tileir_build_attr **out, bcx_diag *d);
/* A symbol reference (@name; name without '@'). */
bcx_status bcx_tileir_build_attr_symbol(bcx_tileir_builder *m, const char *s, size_t n,
                                        bcx_tileir_build_attr **out, bcx_diag *d);
bcx_status bcx_tileir_build_attr_type(bcx_tileir_builder *m, bcx_tileir_build_type t,
                                      bcx_tileir_build_attr **out, bcx_diag *d);
/* An enumerator (op enum attributes, memory orderings, ...). */
bcx_status bcx_tileir_build_attr_enum(bcx_tileir_builder *m, uint64_t value,
                                      bcx_tileir_build_attr **out, bcx_diag *d);
bcx_status bcx_tileir_build_attr_unit(bcx_tileir_builder *m, bcx_tileir_build_attr **out,
                                      bcx_diag *d);
bcx_status bcx_tileir_build_attr_i32_array(bcx_tileir_builder *m, const int32_t *v, uint32_t n,
				 bcx_tileir_build_attr **out, bcx_diag *d);
bcx_status bcx_tileir_build_attr_array(bcx_tileir_builder *m, bcx_tileir_build_attr *const *elems,
                                       uint32_t n, bcx_tileir_build_attr **out, bcx_diag *d);
/* Keys are copied; they are sorted by the writer (spec §13.2). */
bcx_status bcx_tileir_build_attr_dict(bcx_tileir_builder *m, const char *const *keys,
                                      const size_t *key_lens, bcx_tileir_build_attr *const *vals,
                                      uint32_t n, bcx_tileir_build_attr **out, bcx_diag *d);
/* Optimization hints: a dictionary of per-architecture dictionaries. */
bcx_status bcx_tileir_build_attr_hints(bcx_tileir_builder *m, bcx_tileir_build_attr *dict,
                                       bcx_tileir_build_attr **out, bcx_diag *d);
/* Dense elements of a tile type, as raw storage of every element
 * (row-major, ceil(bits/8) bytes each; i1 one byte 0/1 each) or as one
 * element (a splat). The writer applies the splat and i1 rules (§8). */
bcx_status bcx_tileir_build_attr_dense(bcx_tileir_builder *m, bcx_tileir_build_type tile,
                                       const void *data, size_t n, bcx_tileir_build_attr **out,
                                       bcx_diag *d);
/* div_by<divisor[, every E along A]>: every and along come together. */
bcx_status bcx_tileir_build_attr_div_by(bcx_tileir_builder *m, uint64_t divisor, bool has_every,
                                        int64_t every, bool has_along, int64_t along,
                                        bcx_tileir_build_attr **out, bcx_diag *d);
bcx_status bcx_tileir_build_attr_same_elements(bcx_tileir_builder *m, const int64_t *v, uint32_t n,
				     bcx_tileir_build_attr **out, bcx_diag *d);
bcx_status bcx_tileir_build_attr_bounded(bcx_tileir_builder *m, bool has_lb, int64_t lb,
                                         bool has_ub, int64_t ub, bcx_tileir_build_attr **out,
                                         bcx_diag *d);

/* ---- debug locations (spec §11) ---- */

bcx_status bcx_tileir_build_di_file(bcx_tileir_builder *m, const char *name, const char *dir,
			  bcx_tileir_build_loc **out, bcx_diag *d);
bcx_status bcx_tileir_build_di_compile_unit(bcx_tileir_builder *m, bcx_tileir_build_loc *file,
                                            bcx_tileir_build_loc **out, bcx_diag *d);
bcx_status bcx_tileir_build_di_subprogram(bcx_tileir_builder *m, bcx_tileir_build_loc *file,
                                          uint64_t line, const char *name, const char *linkage_name,
                                          bcx_tileir_build_loc *unit, uint64_t scope_line,
                                          bcx_tileir_build_loc **out, bcx_diag *d);
bcx_status bcx_tileir_build_di_lexical_block(bcx_tileir_builder *m, bcx_tileir_build_loc *scope,
                                             bcx_tileir_build_loc *file, uint64_t line,
                                             uint64_t column, bcx_tileir_build_loc **out,
                                             bcx_diag *d);
bcx_status bcx_tileir_build_di_loc(bcx_tileir_builder *m, bcx_tileir_build_loc *scope,
                                   const char *file_name, uint64_t line, uint64_t column,
                                   bcx_tileir_build_loc **out, bcx_diag *d);
bcx_status bcx_tileir_build_di_callsite(bcx_tileir_builder *m, bcx_tileir_build_loc *callee,
                                        bcx_tileir_build_loc *caller, bcx_tileir_build_loc **out,
                                        bcx_diag *d);

/* ---- globals and functions ---- */

typedef struct bcx_tileir_build_global_spec {
	const char *name;
	size_t name_len;
	bcx_tileir_build_attr *value;   /* a dense attribute; its type is the global's type */
	uint64_t alignment;   /* 0 = default */
	bool is_private;      /* 13.3+ */
	bool is_constant;     /* 13.3+ */
} bcx_tileir_build_global_spec;

bcx_status bcx_tileir_build_global_add(bcx_tileir_builder *m, const bcx_tileir_build_global_spec *g,
                                       bcx_diag *d);

/* Add an entry (kernel) function. Tile-typed arguments must be 0-D tiles
 * (the reference verifier's "entry op must have scalar types"). hints may
 * be NULL (absent); an empty
 * hints attribute is kept and written as present (spec §18.4). loc may be
 * NULL. The body block is returned through *body. */
bcx_status bcx_tileir_build_entry_add(bcx_tileir_builder *m, const char *name, size_t name_len,
			    const bcx_tileir_build_type *arg_types, uint32_t n_args, bcx_tileir_build_attr *hints,
			    bcx_tileir_build_loc *loc, bcx_tileir_build_func **out, bcx_tileir_build_block **body,
			    bcx_diag *d);
/* Value number of argument i of a function or block. */
bcx_tileir_build_value bcx_tileir_build_func_arg(const bcx_tileir_build_func *f, uint32_t i);
bcx_tileir_build_value bcx_tileir_build_block_arg(const bcx_tileir_build_block *b, uint32_t i);

/* ---- operations (spec §14, §16) ---- */

typedef struct bcx_tileir_build_named_attr {
	const char *name;     /* the table's attribute name ("rounding_mode") */
	bcx_tileir_build_attr *value;
} bcx_tileir_build_named_attr;

typedef struct bcx_tileir_build_opspec {
	uint32_t opcode;                /* from the operation table (spec §16) */
	const bcx_tileir_build_type *result_types;
	uint32_t n_results;
	const bcx_tileir_build_value *operands;
	uint32_t n_operands;
	/* Sizes of the declared operand groups in order (as MLIR's
	 * operandSegmentSizes). NULL: derived when only one group is
	 * variable-sized or the counts leave no choice. */
	const uint32_t *segments;
	uint32_t n_segments;
	const bcx_tileir_build_named_attr *attrs;
	uint32_t n_attrs;
	bcx_tileir_build_loc *loc;                /* NULL = unknown */
} bcx_tileir_build_opspec;

/* Append an op to a block. Regions (as many as the table declares) start
 * empty; add blocks with bcx_tileir_build_region_add_block(). */
bcx_status bcx_tileir_build_op_add(bcx_tileir_builder *m, bcx_tileir_build_block *blk,
                                   const bcx_tileir_build_opspec *spec, bcx_tileir_build_op **out,
                                   bcx_diag *d);
/* Append an op outside the dialect ("materialize_tensor", "some.op"), as
 * MLIR text may hold with -allow-unregistered-dialect: kept as an opaque
 * op with its name (copied), operands and result types, no attributes and
 * no regions. The verifier treats its results as values of the given types
 * and checks nothing else about it; both printers print it in MLIR's
 * generic form; bcx_tileir_write() refuses a module that holds one. name
 * must not be empty nor name a "cuda_tile." op. */
bcx_status bcx_tileir_build_op_add_unregistered(bcx_tileir_builder *m,
						bcx_tileir_build_block *blk, const char *name,
						size_t name_len,
						const bcx_tileir_build_value *operands,
						uint32_t n_operands,
						const bcx_tileir_build_type *result_types,
						uint32_t n_results, bcx_tileir_build_loc *loc,
						bcx_tileir_build_op **out, bcx_diag *d);
/* Record where an op stands in the text it came from (1-based line and
 * column): bcx_tileir_op.line/col, which verifier errors carry. */
bcx_status bcx_tileir_build_op_set_source(bcx_tileir_build_op *op, uint32_t line, uint32_t col,
					  bcx_diag *d);
bcx_tileir_build_value bcx_tileir_build_op_result(const bcx_tileir_build_op *op, uint32_t i);
bcx_status bcx_tileir_build_region_add_block(bcx_tileir_builder *m, bcx_tileir_build_op *op,
                                             uint32_t region,
                                             const bcx_tileir_build_type *arg_types,
                                             uint32_t n_args, bcx_tileir_build_block **out,
                                             bcx_diag *d);
/* Look an opcode up by name ("addf" or "cuda_tile.addf"); BCX_TILEIR_NONE if
 * unknown. */
uint32_t bcx_tileir_build_opcode(const char *name, size_t n);

/* ---- writing ---- */

/* The writer's options are bcx_tileir_write_options (bcx/tileir.h). */
typedef bcx_tileir_write_options bcx_tileir_write_options;

/* The module the builder made: the same model the reader fills, so every
 * printer, bcx_tileir_write() and the rest of bcx/tileir.h take it. The
 * builder owns it (freed with the builder); adding to the builder after
 * this call is allowed, and a later call shows the additions. NULL when
 * out of memory. */
bcx_tileir_module *bcx_tileir_builder_model(bcx_tileir_builder *m, bcx_diag *d);

/* bcx_tileir_write() of bcx_tileir_builder_model(m): the bytes (free them with
 * bcx_tileir_builder_free_bytes()), or a file written atomically. A feature the target
 * lacks fails with BCX_ERR_UNSUPPORTED and a message naming the feature and
 * the version that introduced it. */
BCX_NODISCARD bcx_status bcx_tileir_builder_write(bcx_tileir_builder *m,
                                                  const bcx_tileir_write_options *opt,
                                                  uint8_t **out, size_t *out_len, bcx_diag *d);
void bcx_tileir_builder_free_bytes(const bcx_tileir_builder *m, uint8_t *bytes, size_t len);
BCX_NODISCARD bcx_status bcx_tileir_builder_write_file(bcx_tileir_builder *m,
                                                       const bcx_tileir_write_options *opt,
                                                       const char *path, bcx_diag *d);

/* Assemble MLIR text (spec §21) into a module: the dialect's custom form,
 * with or without locations, MLIR's generic form, or both mixed
 * (docs/formats/tileir-text.md). On an error, d->message says what is wrong
 * and d->line, d->column (1-based, bytes) and d->offset (bytes) say where in
 * the text. */
bcx_status bcx_tileir_assemble(const char *file, const char *text, size_t n,
			   const bcx_allocator *a, bcx_tileir_builder **out, bcx_diag *d);

BCX_END_DECLS
#endif /* BCX_TILEIR_BUILD_H */
