/*
 * bcx/tileir.h - CUDA Tile IR bytecode (versions 13.1, 13.2, 13.3):
 * the in-memory module model, the operation table and the read API.
 *
 * Model conventions (see docs/formats/tileir.md):
 *  - One arena per module owns everything; strings, constant blobs and
 *    function bodies are views into the input when the module was read
 *    (the input must outlive the module), arena copies otherwise.
 *  - Table indices are the file's: string, type, constant and debug record
 *    indices are 0-based positions in their tables exactly as on the wire
 *    (debug record references keep the wire's 1-based form, 0 = unknown).
 *  - Values: every SSA value of a function has a function-wide id. The
 *    arguments are 0..n_in-1; then ids are handed out in wire order (a
 *    block's arguments when the block is entered, an op's results after the
 *    op and its regions). Operands refer to these ids, never to the wire's
 *    scope-relative indices, so a writer recomputes the scope indices.
 *  - Operations follow the operation table (docs/formats/tileir.md): an op's
 *    attribute slots and operand groups are in table order, so printers,
 *    writers and verifiers walk the table and the op side by side.
 *  - Reading is lazy: bcx_tileir_open() reads the header, the section
 *    framing, all tables and the function table; a function body is decoded
 *    the first time bcx_tileir_body() asks for it.
 *  - A module handle is not thread-safe (lazy decoding mutates it); separate
 *    handles are independent.
 */
#ifndef BCX_TILEIR_H
#define BCX_TILEIR_H

#include "bcx/core.h"

BCX_BEGIN_DECLS

/* ------------------------------------------------------------------ */
/* Versions                                                            */
/* ------------------------------------------------------------------ */

/* A format version as (major << 8 | minor); the tag is kept apart. */
#define BCX_TILEIR_V(maj, min) ((uint16_t)(((maj) << 8) | (min)))
#define BCX_TILEIR_V13_1 BCX_TILEIR_V(13, 1)
#define BCX_TILEIR_V13_2 BCX_TILEIR_V(13, 2)
#define BCX_TILEIR_V13_3 BCX_TILEIR_V(13, 3)
/* The versions bcx reads and writes: [BCX_TILEIR_V_MIN, BCX_TILEIR_V_MAX]. */
#define BCX_TILEIR_V_MIN BCX_TILEIR_V13_1
#define BCX_TILEIR_V_MAX BCX_TILEIR_V13_3

typedef struct bcx_tileir_version {
	uint8_t major;
	uint8_t minor;
	uint16_t tag; /* any value is accepted; printed as 13.x.tag when non-zero */
} bcx_tileir_version;

static inline uint16_t bcx_tileir_vkey(bcx_tileir_version v)
{
	return BCX_TILEIR_V(v.major, v.minor);
}

/* Is major.minor a version bcx reads and writes? The one range check. */
static inline bool bcx_tileir_version_supported(unsigned major, unsigned minor)
{
	return major <= 0xFF && minor <= 0xFF && BCX_TILEIR_V(major, minor) >= BCX_TILEIR_V_MIN &&
	       BCX_TILEIR_V(major, minor) <= BCX_TILEIR_V_MAX;
}

/* A byte string: a view into the input or arena memory. Not NUL-terminated. */
typedef struct bcx_tileir_str {
	const uint8_t *ptr;
	size_t len;
} bcx_tileir_str;

/* ------------------------------------------------------------------ */
/* Sections (spec §5)                                                  */
/* ------------------------------------------------------------------ */

typedef enum bcx_tileir_section_id {
#define TIR_SECTION(NAME, id, name, align) BCX_TILEIR_SEC_##NAME = (id),
#include "bcx/tileir_sections.def"
#undef TIR_SECTION
	BCX_TILEIR_SEC_COUNT = 8
} bcx_tileir_section_id;

/* A section id's name ("string", ...), or NULL for an unknown id. */
const char *bcx_tileir_section_name(unsigned id);
/* The alignment a section must declare (§5.1); 1 when none is required. */
uint32_t bcx_tileir_section_alignment(unsigned id);

/* Where a section was found (present == false: absent). */
typedef struct bcx_tileir_section {
	bool present;
	uint8_t id;
	uint32_t header_offset;  /* offset of the id byte */
	uint32_t payload_offset; /* offset of the first payload byte */
	uint32_t length;         /* payload bytes */
	uint32_t alignment;      /* 1 when the alignment flag is clear */
} bcx_tileir_section;

/* ------------------------------------------------------------------ */
/* Types (spec §7). The tag is the wire tag.                           */
/* ------------------------------------------------------------------ */

typedef enum bcx_tileir_type_tag {
#define TIR_TYPE(ID, tag, ...) BCX_TILEIR_T_##ID = (tag),
#include "bcx/tileir_types.def"
#undef TIR_TYPE
	/* the tags are dense from 0: one more than the last */
	BCX_TILEIR_T_COUNT = 0
#define TIR_TYPE(...) + 1
#include "bcx/tileir_types.def"
#undef TIR_TYPE
} bcx_tileir_type_tag;

/* Type index used for a result that exists in the model but has no type
 * table entry: the 13.1 `print` op's token result (spec §14.2). */
#define BCX_TILEIR_TYPE_IMPLICIT_TOKEN UINT32_MAX

/* Dynamic size or stride in a tensor_view (`?`), stored as INT64_MIN. */
#define BCX_TILEIR_DYNAMIC INT64_MIN

/* One type record. Fields not used by a tag are zero. */
typedef struct bcx_tileir_type {
	uint8_t tag;             /* bcx_tileir_type_tag */
	bool has_padding;        /* views: padding_value present */
	uint8_t padding_value;   /* PaddingValue enumerator */
	uint32_t elem;           /* pointer: pointee; tile, tensor_view: element;
				    views: the tensor_view type index */
	uint32_t sparse_dim;     /* gather_scatter_view */
	uint32_t rank;           /* entries in shape (tile shape for views) */
	const int64_t *shape;
	uint32_t n_strides;      /* tensor_view strides / strided_view traversal_strides */
	const int64_t *strides;
	uint32_t n_dim_map;      /* views */
	const int32_t *dim_map;
	uint32_t n_inputs;       /* function: params[0..n_inputs) are the inputs, */
	uint32_t n_outputs;      /* params[n_inputs..) the results */
	const uint32_t *params;
	uint32_t offset;         /* file offset of the record */
} bcx_tileir_type;

/* ------------------------------------------------------------------ */
/* Attributes (spec §13)                                               */
/* ------------------------------------------------------------------ */

/* Kinds 1..12 are the self-contained attribute tags of the wire; the rest
 * are the inline-only encodings of operation attributes (§13.3). */
typedef enum bcx_tileir_attr_kind {
	BCX_TILEIR_A_NONE = 0,   /* absent optional attribute */
	BCX_TILEIR_A_INTEGER = 1,
	BCX_TILEIR_A_FLOAT = 2,
	BCX_TILEIR_A_BOOL = 3,
	BCX_TILEIR_A_TYPE = 4,
	BCX_TILEIR_A_STRING = 5,
	BCX_TILEIR_A_ARRAY = 6,
	BCX_TILEIR_A_DENSE = 7,
	BCX_TILEIR_A_DIV_BY = 8,
	BCX_TILEIR_A_SAME_ELEMENTS = 9,
	BCX_TILEIR_A_DICT = 10,
	BCX_TILEIR_A_HINTS = 11,
	BCX_TILEIR_A_BOUNDED = 12,
	BCX_TILEIR_A_ENUM = 32,  /* inline enum: u = enumerator */
	BCX_TILEIR_A_U32 = 33,   /* inline I32Attr: u */
	BCX_TILEIR_A_U64 = 34,   /* inline I64Attr: u */
	BCX_TILEIR_A_SYMBOL = 35,/* inline FlatSymbolRefAttr: index = string */
	BCX_TILEIR_A_I32_ARRAY = 36, /* inline DenseI32ArrayAttr: n, ints */
	BCX_TILEIR_A_UNIT = 37   /* present unit attribute */
} bcx_tileir_attr_kind;

typedef struct bcx_tileir_attr bcx_tileir_attr;

/* One attribute value.
 *   INTEGER  type, u (zero-extended bits)     FLOAT  type, u (bit pattern)
 *   BOOL     u (0/1)                          TYPE   type
 *   STRING   index (string)                   SYMBOL index (string)
 *   DENSE    type (tile), index (constant)    ENUM/U32/U64  u
 *   ARRAY    n, elems                         DICT, HINTS   n, keys, elems
 *   DIV_BY   u = divisor, flags bit0 every (a), bit1 along (b)
 *   BOUNDED  flags bit0 lower (a), bit1 upper (b)
 *   SAME_ELEMENTS, I32_ARRAY  n, ints
 * For inline op attributes, BOOL/STRING/DENSE/ARRAY/HINTS are reused with
 * the same fields (the op table says which encoding was on the wire). */
struct bcx_tileir_attr {
	uint8_t kind;   /* bcx_tileir_attr_kind */
	uint8_t flags;
	uint32_t type;
	uint32_t index;
	uint32_t n;
	uint64_t u;
	/* The kinds never use two of these groups at once: a union keeps the
	 * struct at 40 bytes, and built modules hold one per attribute slot. */
	union {
		struct {
			int64_t a, b;
		};
		struct {
			const uint32_t *keys;
			const bcx_tileir_attr *elems;
		};
		const int64_t *ints;
	};
};

/* ------------------------------------------------------------------ */
/* The operation table (spec §14, §16; docs/formats/tileir.md)             */
/* ------------------------------------------------------------------ */

typedef enum bcx_tileir_field_kind {
	BCX_TILEIR_F_RESULT = 0,
	BCX_TILEIR_F_OPERAND = 1,
	BCX_TILEIR_F_ATTR = 2,  /* attribute with a payload */
	BCX_TILEIR_F_UNIT = 3   /* unit attribute: a flag bit only */
} bcx_tileir_field_kind;

typedef enum bcx_tileir_mult {
	BCX_TILEIR_ONE = 0,
	BCX_TILEIR_VARIADIC = 1,
	BCX_TILEIR_OPTIONAL = 2
} bcx_tileir_mult;

/* Inline encodings of operation attributes (spec §13.3). */
typedef enum bcx_tileir_enc {
	BCX_TILEIR_E_NONE = 0,
	BCX_TILEIR_E_ENUM,   /* varint enumerator of enum `enum_id` */
	BCX_TILEIR_E_U32,    /* varint < 2^32, printed `: i32` */
	BCX_TILEIR_E_U64,    /* varint, printed `: i64` */
	BCX_TILEIR_E_BOOL,   /* one byte */
	BCX_TILEIR_E_STR,    /* string index */
	BCX_TILEIR_E_SYM,    /* string index, non-empty */
	BCX_TILEIR_E_I32ARR, /* i32[] */
	BCX_TILEIR_E_ARRAY,  /* varint n + n self-contained attributes */
	BCX_TILEIR_E_CONST,  /* constant index, typed by the first result */
	BCX_TILEIR_E_HINTS,  /* untagged OptimizationHints dictionary */
	BCX_TILEIR_E_PRED,   /* self-contained attribute (tags 8, 9, 12) */
	BCX_TILEIR_E_TYPE    /* type index */
} bcx_tileir_enc;

/* Operand layouts (spec §14.5). */
typedef enum bcx_tileir_opd_mode {
	BCX_TILEIR_OPD_FIXED = 0,   /* exactly the declared indices, no count */
	BCX_TILEIR_OPD_COUNTED = 1, /* varint total count, then all indices */
	BCX_TILEIR_OPD_SEGMENTED = 2/* per group: one / count+indices / flagged */
} bcx_tileir_opd_mode;

typedef enum bcx_tileir_enum_id {
	BCX_TILEIR_ENUM_NONE = 0,
#define TIR_ENUM(id, mnemonic, ...) BCX_TILEIR_ENUM_##id,
#include "bcx/tileir_enums.def"
#undef TIR_ENUM
	BCX_TILEIR_ENUM_COUNT
} bcx_tileir_enum_id;

/* One field of an operation and one operation row of the table. Opaque:
 * read them through the accessors below, so that a new column of the table
 * changes no layout a program depends on. */
typedef struct bcx_tileir_field bcx_tileir_field;
typedef struct bcx_tileir_opinfo bcx_tileir_opinfo;

/* The row for an opcode, or NULL when the opcode is unassigned. */
const bcx_tileir_opinfo *bcx_tileir_op_info(uint32_t opcode);
/* Look an op up by name ("addf" or "cuda_tile.addf"); NULL if unknown. */
const bcx_tileir_opinfo *bcx_tileir_op_by_name(const char *name);
/* The number of rows (100) and row i of them, in opcode order (NULL past
 * the end). */
size_t bcx_tileir_op_count(void);
const bcx_tileir_opinfo *bcx_tileir_op_at(size_t i);

/* The columns of a row. */
uint16_t bcx_tileir_opinfo_opcode(const bcx_tileir_opinfo *op);
const char *bcx_tileir_opinfo_name(const bcx_tileir_opinfo *op); /* without "cuda_tile." */
uint16_t bcx_tileir_opinfo_since(const bcx_tileir_opinfo *op);   /* BCX_TILEIR_V(...) */
/* The version from which the op has a flags field; 0 = never. */
uint16_t bcx_tileir_opinfo_flags_since(const bcx_tileir_opinfo *op);
unsigned bcx_tileir_opinfo_region_count(const bcx_tileir_opinfo *op);
bool bcx_tileir_opinfo_is_terminator(const bcx_tileir_opinfo *op);
bool bcx_tileir_opinfo_is_structural(const bcx_tileir_opinfo *op); /* module, entry, global */
/* The row of unregistered ops (no fields, any operands and results). */
bool bcx_tileir_opinfo_is_unregistered(const bcx_tileir_opinfo *op);
unsigned bcx_tileir_opinfo_field_count(const bcx_tileir_opinfo *op);
/* Field i in declaration order (NULL past the end). */
const bcx_tileir_field *bcx_tileir_opinfo_field(const bcx_tileir_opinfo *op, unsigned i);

/* The columns of a field. */
const char *bcx_tileir_field_name(const bcx_tileir_field *f);
bcx_tileir_field_kind bcx_tileir_field_get_kind(const bcx_tileir_field *f);
bcx_tileir_mult bcx_tileir_field_mult(const bcx_tileir_field *f);
bcx_tileir_enc bcx_tileir_field_enc(const bcx_tileir_field *f);
unsigned bcx_tileir_field_enum(const bcx_tileir_field *f); /* bcx_tileir_enum_id */
bool bcx_tileir_field_optional(const bcx_tileir_field *f);
int bcx_tileir_field_flag_bit(const bcx_tileir_field *f);   /* -1: none */
uint16_t bcx_tileir_field_since(const bcx_tileir_field *f);
/* The largest opcode a file version may use (13.1: 0x6D, ...). */
uint32_t bcx_tileir_max_opcode(uint16_t vkey);

/* Enumerations (spec §13.4): name of a value (NULL if out of range), the
 * attribute mnemonic (NULL for integer-backed enums) and the count. */
const char *bcx_tileir_enum_value(unsigned enum_id, uint64_t value);
const char *bcx_tileir_enum_mnemonic(unsigned enum_id);
unsigned bcx_tileir_enum_count(unsigned enum_id);

/* Debug record tags: the fields of a tag in wire order, one letter each
 * ("r" record reference, "s" string, "n" number; bcx/tileir_debug.def),
 * NULL for an unknown tag. */
const char *bcx_tileir_debug_fields(unsigned tag);

/* Type tags: text name of a scalar/keyword ("f32", "tile"), version. */
const char *bcx_tileir_type_tag_name(unsigned tag);
uint16_t bcx_tileir_type_tag_since(unsigned tag);

/* ------------------------------------------------------------------ */
/* Function bodies                                                     */
/* ------------------------------------------------------------------ */

typedef struct bcx_tileir_op bcx_tileir_op;
typedef struct bcx_tileir_region bcx_tileir_region;

typedef struct bcx_tileir_block {
	uint32_t n_args;
	uint32_t first_arg;        /* value id of the first argument */
	const uint32_t *arg_types; /* type index per argument */
	uint32_t n_ops;
	const bcx_tileir_op *ops;
} bcx_tileir_block;

struct bcx_tileir_region {
	uint32_t n_blocks;
	const bcx_tileir_block *blocks;
};

struct bcx_tileir_op {
	uint16_t opcode;
	const bcx_tileir_opinfo *info;
	uint32_t offset;            /* file offset of the opcode */
	uint32_t end_offset;        /* one past its last byte, regions included
				       (0 for an op that was not read) */
	uint32_t flags;             /* the flags field (0 when absent) */
	uint32_t n_results;         /* including a synthesized 13.1 print token */
	uint32_t first_result;      /* value id of result 0; results are consecutive */
	const uint32_t *result_types;
	uint32_t n_operands;        /* all groups, flattened */
	const uint32_t *operands;   /* value ids */
	const uint32_t *segments;   /* per declared operand group: its size */
	const bcx_tileir_attr *attrs; /* per ATTR/UNIT field in table order;
					 kind NONE when absent */
	uint32_t n_regions;
	const bcx_tileir_region *regions;
	uint32_t loc;               /* debug record reference, 0 = unknown */
	/* An unregistered op (info is the one row for which
	 * bcx_tileir_opinfo_is_unregistered() holds, opcode is
	 * BCX_TILEIR_OPCODE_UNREGISTERED): its name as written
	 * ("materialize_tensor"); empty for every op of the table. */
	bcx_tileir_str name;
	/* Where a module assembled from text wrote the op (1-based line and
	 * column of its name, where MLIR places an op, after any results);
	 * 0 when it did not come from text. */
	uint32_t line, col;
};

/* The opcode of an unregistered op: an op outside the dialect that text
 * may hold (as MLIR's -allow-unregistered-dialect allows), kept as an
 * opaque typed op; bytecode has no encoding for it. */
#define BCX_TILEIR_OPCODE_UNREGISTERED 0xFFFFu

typedef struct bcx_tileir_body {
	bcx_tileir_block block;     /* the body: arguments = signature inputs */
	uint32_t n_values;          /* value ids 0..n_values-1 */
	const uint32_t *value_types;/* type index per value id */
	uint32_t n_ops_total;       /* all ops, nested ones included */
} bcx_tileir_body;

/* ------------------------------------------------------------------ */
/* Module-level records                                                */
/* ------------------------------------------------------------------ */

#define BCX_TILEIR_FN_PRIVATE 0x01
#define BCX_TILEIR_FN_KERNEL 0x02
#define BCX_TILEIR_FN_HINTS 0x04
/* Text only: the reference's test function (cuda_tile.testing$func, in its
 * test builds), an entry whose arguments may have any type. Never on the
 * wire: the writer refuses it. */
#define BCX_TILEIR_FN_TESTING 0x08
/* Text only: the ops a text holds outside any function (MLIR wraps them in
 * an implicit top-level module), gathered in one nameless function. Never
 * on the wire: the writer refuses it. */
#define BCX_TILEIR_FN_TOPLEVEL 0x10

/* One per function of a module, made when it is opened (64 bytes: a module
 * of a million kernels holds a million of them). */
typedef struct bcx_tileir_function {
	uint32_t name;          /* string index */
	uint32_t signature;     /* type index (a function type) */
	uint32_t loc_list;      /* debug list number, 0 = none (1-based) */
	uint32_t entry_offset;  /* file offset of the table entry */
	uint32_t body_offset;   /* file offset of the body bytes */
	uint32_t body_len;
	uint32_t line, col;     /* assembled from text: where it is written; else 0 */
	uint8_t flags;          /* BCX_TILEIR_FN_* */
	const bcx_tileir_attr *hints; /* kind HINTS; NULL when the entry has none */
	const uint8_t *body_bytes;
	const bcx_tileir_body *body; /* NULL until decoded (or built) */
} bcx_tileir_function;

typedef struct bcx_tileir_global {
	uint32_t name;          /* string index */
	uint32_t type;          /* type index of the initializer's tile type */
	uint32_t value;         /* constant index */
	uint64_t alignment;
	uint8_t visibility;     /* 0 public, 1 private */
	bool is_constant;
	uint32_t offset;
	uint32_t line, col;     /* assembled from text: where it is written; else 0 */
} bcx_tileir_global;

typedef struct bcx_tileir_constant {
	uint32_t offset;        /* file offset of the blob's size varint */
	bcx_tileir_str data;
} bcx_tileir_constant;

typedef enum bcx_tileir_debug_tag {
#define TIR_DEBUG(ID, tag, fields) BCX_TILEIR_DI_##ID = (tag),
#include "bcx/tileir_debug.def"
#undef TIR_DEBUG
	/* the tags are dense from 0: one more than the last */
	BCX_TILEIR_DI_COUNT = 0
#define TIR_DEBUG(ID, tag, fields) + 1
#include "bcx/tileir_debug.def"
#undef TIR_DEBUG
} bcx_tileir_debug_tag;

/* One debug record; f[] holds the fields in wire order (spec §11.4). */
typedef struct bcx_tileir_debug_record {
	uint8_t tag;
	uint8_t n;
	uint64_t f[6];
	uint32_t offset;
} bcx_tileir_debug_record;

typedef struct bcx_tileir_debug_list {
	uint32_t n;             /* entries: function location, then one per op */
	const uint64_t *refs;   /* record references, 0 = unknown */
} bcx_tileir_debug_list;

/* ------------------------------------------------------------------ */
/* Module and read API                                                 */
/* ------------------------------------------------------------------ */

typedef struct bcx_tileir_module bcx_tileir_module;

/* Reader options: start from BCX_OPTIONS_INIT(bcx_tileir_read_options)
 * and set what you need (core.h says how the size field works). */
typedef struct bcx_tileir_read_options {
	size_t size;                /* sizeof(bcx_tileir_read_options) */
	const bcx_allocator *alloc; /* NULL = default */
	bool i1_byte_splat;         /* i1 constants as NVIDIA's newest tools
				       store them (spec §8.4): one byte per
				       element, a 1-byte buffer a splat (`01`
				       true); default: bit-packed, as the
				       reference's MLIR stores them */
	bcx_limits limits;          /* nesting limits (zero: the defaults) */
} bcx_tileir_read_options;

/* A quick magic check. */
bool bcx_tileir_is_tileir(const void *data, size_t size);

/*
 * Open a module: header, section framing, string/type/constant/global/
 * producer/debug tables and the function table. Bodies are not decoded.
 * data must stay valid and unchanged while the module lives.
 */
BCX_NODISCARD bcx_status bcx_tileir_open(const void *data, size_t size,
					 const bcx_tileir_read_options *opts,
					 bcx_tileir_module **out, bcx_diag *diag);
/* Open and decode every body (what a full validation needs). */
BCX_NODISCARD bcx_status bcx_tileir_read(const void *data, size_t size,
					 const bcx_tileir_read_options *opts,
					 bcx_tileir_module **out, bcx_diag *diag);
void bcx_tileir_close(bcx_tileir_module *m); /* NULL is a no-op */

/* An empty module for building (version 13.3 unless changed). */
bcx_tileir_module *bcx_tileir_module_new(const bcx_allocator *alloc);
bcx_arena *bcx_tileir_arena(bcx_tileir_module *m);
/* Bytes the module holds: its arena and the arenas of its decoded bodies. */
size_t bcx_tileir_footprint(const bcx_tileir_module *m);

bcx_tileir_version bcx_tileir_get_version(const bcx_tileir_module *m);
const bcx_tileir_section *bcx_tileir_get_section(const bcx_tileir_module *m, unsigned id);

size_t bcx_tileir_string_count(const bcx_tileir_module *m);
/* String i (an empty string for an out-of-range index). */
bcx_tileir_str bcx_tileir_string(const bcx_tileir_module *m, size_t i);

size_t bcx_tileir_type_count(const bcx_tileir_module *m);
/* Type i; NULL out of range or for an invalid record, which the reader
 * accepts as long as nothing uses it (§7.1, as NVIDIA's reader does). */
const bcx_tileir_type *bcx_tileir_type_at(const bcx_tileir_module *m, size_t i);

size_t bcx_tileir_constant_count(const bcx_tileir_module *m);
const bcx_tileir_constant *bcx_tileir_constant_at(const bcx_tileir_module *m, size_t i);

size_t bcx_tileir_global_count(const bcx_tileir_module *m);
const bcx_tileir_global *bcx_tileir_global_at(const bcx_tileir_module *m, size_t i);

/* Producer string (has_producer false when the section is absent). */
bool bcx_tileir_producer(const bcx_tileir_module *m, bcx_tileir_str *out);

size_t bcx_tileir_debug_record_count(const bcx_tileir_module *m);
const bcx_tileir_debug_record *bcx_tileir_debug_record_at(const bcx_tileir_module *m,
							   size_t i);
size_t bcx_tileir_debug_list_count(const bcx_tileir_module *m);
const bcx_tileir_debug_list *bcx_tileir_debug_list_at(const bcx_tileir_module *m, size_t i);

size_t bcx_tileir_function_count(const bcx_tileir_module *m);
const bcx_tileir_function *bcx_tileir_function_at(const bcx_tileir_module *m, size_t i);
/* Index of the function named name, or -1. */
long bcx_tileir_function_find(const bcx_tileir_module *m, const char *name, size_t len);

/* Decode (once) and return the body of function i. */
BCX_NODISCARD bcx_status bcx_tileir_body_get(bcx_tileir_module *m, size_t i,
					     const bcx_tileir_body **out, bcx_diag *diag);
/* Give back the memory of function i's decoded body; a later
 * bcx_tileir_body_get() decodes it again. Pointers into the body become
 * invalid. Printers use it to keep memory at one body; a body of a built
 * module (bcx_tileir_builder) is not released. */
void bcx_tileir_body_release(bcx_tileir_module *m, size_t i);
/* Number of bodies decoded so far (for tests of lazy loading). */
size_t bcx_tileir_bodies_decoded(const bcx_tileir_module *m);

/*
 * Decode the dense elements of constant `index` under tile type `type`
 * into one 64-bit pattern per element (integers zero-extended, floats as
 * bit patterns, i1 as 0/1) per spec §8.2/§8.4. *splat is true when the
 * blob held one element. The array is allocated in the module arena.
 */
BCX_NODISCARD bcx_status bcx_tileir_dense(bcx_tileir_module *m, uint32_t type,
					  uint32_t index, const uint64_t **elems,
					  size_t *n, bool *splat, bcx_diag *diag);

/* ------------------------------------------------------------------ */
/* Writing (spec §18): any module, read or built                       */
/* ------------------------------------------------------------------ */

typedef struct bcx_tileir_write_options {
	size_t size;            /* sizeof(bcx_tileir_write_options) (core.h) */
	uint8_t major, minor;   /* target version: 13.1, 13.2 or 13.3; 0.0 (or a NULL
				   options pointer) = 13.3 */
	uint16_t tag;           /* header tag, normally 0 */
	bool i1_byte_per_element; /* spec §8.4: default packed bits */
	bcx_limits limits;      /* nesting limits (zero: the defaults, as when reading) */
} bcx_tileir_write_options;

/*
 * Encode the module for the target version, in the reference writer's byte
 * order: a module read at version V and written at V gives the file's bytes
 * back; at another version this is conversion. Bodies not yet decoded are
 * decoded. On success out and out_len receive the bytes (free them with
 * bcx_tileir_free_bytes()). A feature the target lacks fails with
 * BCX_ERR_UNSUPPORTED and a message naming the feature and its version.
 */
BCX_NODISCARD bcx_status bcx_tileir_write(bcx_tileir_module *m,
					  const bcx_tileir_write_options *opt, uint8_t **out,
					  size_t *out_len, bcx_diag *diag);
void bcx_tileir_free_bytes(const bcx_tileir_module *m, uint8_t *bytes, size_t len);
/* The same, written atomically to a file (nothing left behind on error). */
BCX_NODISCARD bcx_status bcx_tileir_write_file(bcx_tileir_module *m,
					       const bcx_tileir_write_options *opt,
					       const char *path, bcx_diag *diag);

/* ------------------------------------------------------------------ */
/* Printing                                                            */
/* ------------------------------------------------------------------ */

/* The printers write to a sink as they go, in pieces of about 256 KiB, so
 * memory does not grow with the output; a failed write stops them and is
 * returned (BCX_ERR_IO). A body that does not decode stops them with the
 * reader's error, and the text already given to the sink is the caller's
 * to discard (the generic form's first pass only walks the bodies, so it
 * may not be the one to find the problem). To collect the text, pass
 * {bcx_buf_sink_write, &buf}. */

/* Print the module (function < 0) or one function in MLIR generic op form,
 * as NVIDIA's reader prints it with --mlir-print-op-generic. */
BCX_NODISCARD bcx_status bcx_tileir_print_generic(bcx_tileir_module *m, long function,
						  const bcx_sink *out, bcx_diag *diag);

/* Notes for one op (bcx_tileir_print_options.op_notes): the number of
 * lines, with *lines pointed at them (valid until the next call). */
typedef size_t (*bcx_tileir_op_notes_fn)(void *ctx, const bcx_tileir_op *op,
					  const char *const **lines);

struct bcx_tileir_verify_error; /* below, with the verifier */

typedef struct bcx_tileir_print_options {
	size_t size;            /* sizeof(bcx_tileir_print_options) (core.h) */
	bool debuginfo;         /* locations, as --mlir-print-debuginfo shows them */
	/* Optional: asked before each op is printed (either form); each line
	 * it gives is printed as a "// LINE" comment line at the op's
	 * indentation, so the text stays MLIR (bcx dis --no-verify puts a
	 * broken op's errors there). An op the custom form leaves implicit
	 * (a region's bare yield or return) has no place for notes. With
	 * op_notes set, all text before the op has gone to the sink when it
	 * is called, so the bytes the sink got so far are the op's text
	 * offset (bcx/explore.h links text and bytes so). */
	bcx_tileir_op_notes_fn op_notes;
	void *op_notes_ctx;
	/* Optional: verify while printing, with bcx_tileir_verify's rules and
	 * default options, so that one decoding of each body serves both. The
	 * module-level rules are checked before any text; a function's when
	 * its body is first decoded, before its text. Each broken rule goes
	 * to verify_fn (as in bcx_tileir_verify); after a function that breaks
	 * one, printing stops with BCX_ERR_MALFORMED, and the text already
	 * given to the sink is the caller's to discard. With one function
	 * chosen, only the module's rules and that function's are checked. */
	bool (*verify_fn)(void *ctx, const struct bcx_tileir_verify_error *e);
	void *verify_ctx;
} bcx_tileir_print_options;

/* The generic form with options (op_notes; debuginfo is not used by the
 * generic form); options may be NULL. */
BCX_NODISCARD bcx_status bcx_tileir_print_generic_opts(bcx_tileir_module *m, long function,
						       const bcx_tileir_print_options *options,
						       const bcx_sink *out, bcx_diag *diag);

/* Print the module (function < 0) or one function in the dialect's custom
 * form, as NVIDIA's reader prints it by default (spec §21); options may be
 * NULL. Each function is named and printed on its own. With debuginfo
 * every op ends in loc(#alias) and the aliases are defined after the
 * module, numbered as MLIR numbers them, which needs every body decoded
 * first. */
BCX_NODISCARD bcx_status bcx_tileir_print_custom(bcx_tileir_module *m, long function,
						 const bcx_tileir_print_options *options,
						 const bcx_sink *out, bcx_diag *diag);

/* Structural dump (bcx dump); json selects JSON output. */
BCX_NODISCARD bcx_status bcx_tileir_dump(bcx_tileir_module *m, bool json, const bcx_sink *out,
					 bcx_diag *diag);
/* The same with only function `function` (< 0: all) in the function list. */
BCX_NODISCARD bcx_status bcx_tileir_dump_function(bcx_tileir_module *m, long function,
						  bool json, const bcx_sink *out, bcx_diag *diag);

/* ------------------------------------------------------------------ */
/* Verification (docs/formats/tileir-verify.md)                        */
/* ------------------------------------------------------------------ */

/* One broken rule. The strings are valid during the callback only. */
typedef struct bcx_tileir_verify_error {
	long function;         /* function index, -1 for a module-level rule */
	bcx_tileir_str function_name; /* empty when function < 0 */
	const char *op;        /* "cuda_tile.addf"; NULL for a module-level rule */
	const char *path;      /* the op's place: "for#3/if#1[r1]/yield#0" (name#index
				  in its block, [rK] = region K of an op with several) */
	uint32_t offset;       /* file offset of the op (0 for a built module) */
	const char *message;   /* the reference verifier's text:
				  "'cuda_tile.addf' op operand #0 must be ..." */
	const bcx_tileir_op *node; /* the op in the model, NULL for a module-level
				      rule (a body the verifier decoded itself is
				      released after its walk: valid during the
				      callback only) */
	uint32_t line, col;    /* the place in the text a module was assembled
				  from of the op, else of the function or global
				  the rule is about; 0 = none */
	bool warning;          /* a warning (bcx_tileir_verify_options.warnings):
				  the module stays valid; not counted in n_errors */
} bcx_tileir_verify_error;

/* Called once per broken rule, in walk order; return false to stop. */
typedef bool (*bcx_tileir_verify_fn)(void *ctx, const bcx_tileir_verify_error *e);

typedef struct bcx_tileir_verify_options {
	size_t size;           /* sizeof(bcx_tileir_verify_options) (core.h) */
	/* Also report what a toolkit of this version refuses (ops, attributes,
	 * types newer than it); 0 = no version check. BCX_TILEIR_V(13, x). */
	uint16_t target;
	/* Also check the keys and values of optimization hints, as the
	 * reference does only under -Wunsupported-hints -Werr-hints. */
	bool hints;
	/* Check the module-level rules and only function `function`'s body
	 * (bcx dis --function): the other bodies are not decoded. */
	bool only_function;
	size_t function;
	/* Also report what the reference's reader reads past without a word:
	 * flag bits an op's flags field has but none of its fields defines.
	 * warnings reports each as a warning; strict as an error. */
	bool warnings;
	bool strict;
} bcx_tileir_verify_options;

/*
 * Check every function body (decoding those not yet decoded, and releasing
 * them again after their walk, so memory stays at one body) and the
 * module-level records against the rules of the reference verifier: the
 * op table's type constraints and traits, the per-op verifiers, region
 * and terminator structure, symbols. Each broken rule goes to fn (may be
 * NULL); *n_errors (may be NULL) receives the count. Returns BCX_OK when
 * the module is valid, BCX_ERR_MALFORMED with diag filled from the first
 * broken rule when it is not, or the status of a body that cannot be
 * decoded (BCX_ERR_NOMEM, ...). opts may be NULL.
 */
BCX_NODISCARD bcx_status bcx_tileir_verify(bcx_tileir_module *m,
					   const bcx_tileir_verify_options *opts,
					   bcx_tileir_verify_fn fn, void *ctx, size_t *n_errors,
					   bcx_diag *diag);

BCX_END_DECLS
#endif /* BCX_TILEIR_H */
