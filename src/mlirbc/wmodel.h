/* The writer's model of an MLIR module: what bytecode holds, before any
 * index is given out. Strings and attribute/type entries are interned;
 * an entry is a template of its encoding (raw bytes and references to other
 * entries, strings and resources), so two equal attributes are one entry and
 * the writer can number references as MLIR does (spec §6). Filled by the
 * text parser (asm.c, asm_attr.c) or from a read module (convert.c); written
 * by write.c and write_ir.c. Not installed. */
#ifndef BCX_MLIRBC_WMODEL_H
#define BCX_MLIRBC_WMODEL_H

#include "internal.h"

#define MW_NONE UINT32_MAX

/* Template records: a tag byte and a u32 (little-endian); a raw record is
 * followed by that many bytes. */
/* MW_REC_OPTATTR: an optional property present, (index << 1) | 1. */
enum { MW_REC_RAW, MW_REC_ATTR, MW_REC_TYPE, MW_REC_STR, MW_REC_RES, MW_REC_OPTATTR };
#define MW_REC_SIZE 5u

/* An interning table: byte keys to dense ids, open addressing. */
typedef struct mw_table {
	uint32_t *slots;      /* id + 1, 0 empty */
	size_t cap;
	uint32_t n;
	struct mw_key { uint32_t off, len, hash; } *keys; /* per id: its key in pool */
	size_t kcap;
	bcx_buf pool;
} mw_table;

/* What the writer needs to know about a type to encode values of it. */
typedef enum { MW_TY_OTHER, MW_TY_INT, MW_TY_INDEX, MW_TY_FLOAT, MW_TY_COMPLEX,
	       MW_TY_SHAPED } mw_tykind;
typedef struct mw_tinfo {
	uint8_t kind;         /* mw_tykind */
	uint8_t flt;          /* mlir_float of a float type; int: 0 signless, 1 si, 2 ui */
	bool ranked;          /* shaped: a static shape (elements known) */
	uint32_t width;       /* int: bits; float: bits; shaped: rank */
	uint32_t elem;        /* shaped/complex: element type */
	uint64_t nelems;      /* shaped: element count */
} mw_tinfo;

/* Entry flags. */
#define MW_E_TYPE 1u
#define MW_E_CUSTOM 2u
#define MW_E_LAYOUT 4u   /* a memref layout (affine map, strided) */
#define MW_E_STRATTR 8u  /* a StringAttr (dictionary keys, symbols) */
#define MW_E_LOC 16u     /* a location */

typedef struct mw_ent {
	uint32_t dialect;
	uint8_t flags;
	uint32_t tpl, ntpl;   /* template bytes in the key pool */
	uint32_t src;         /* index in the read module + 1, 0 none */
	uint32_t aux;         /* StringAttr: its string id */
	mw_tinfo ti;          /* types: what encoding values of it needs */
	/* writer state */
	uint32_t refs, seen, index;
} mw_ent;

/* One named attribute (dictionary entry or property). */
typedef struct mw_named {
	uint32_t name;        /* StringAttr entry */
	uint32_t value;       /* attribute entry */
	int32_t *seg;         /* segment sizes, when value is their array */
	uint32_t nseg;
	/* a property that is not an attribute (kind 'e' 'b' 'o' as
	 * mbc_field; value MW_NONE), 0 for an attribute */
	char kind;
	bool present;
	uint64_t ival;
	bool from_dict;       /* read from a file's dictionary as inherent */
} mw_named;

typedef struct mw_uselist {
	uint32_t value;       /* result or argument number */
	bool pairs;
	uint32_t n;
	uint64_t *idx;
} mw_uselist;

typedef struct mw_block {
	uint32_t *ops;
	uint32_t nops, cops;
	uint32_t nargs, first_arg;   /* values first_arg .. +nargs */
	mw_uselist *uses;
	uint32_t nuse;
} mw_block;

typedef struct mw_region {
	mw_block *blocks;
	uint32_t nblocks, cblocks;
	uint32_t nvalues;            /* writer: values defined directly */
} mw_region;

/* An op's rarer parts, kept apart so that the op record stays small (a
 * large module has a million ops, most without them): successors, the
 * attribute and property lists (a read module's; from text, an attribute
 * dictionary written with its op), property bytes bcx cannot interpret,
 * use-list orders. */
typedef struct mw_opx {
	uint32_t *succ;              /* block positions in the parent region */
	mw_named *attrs, *props;     /* sorted by name */
	const uint8_t *opaque;
	mw_uselist *uses;
	uint32_t nsucc, nattrs, nprops, nopaque, nuse;
} mw_opx;

typedef struct mw_op {
	/* pointers first, then the 32-bit fields, then the flags: no padding
	 * (80 bytes; 136 with the rarer parts inside, when an op of the
	 * benchmark's module was a third of the peak memory) */
	uint32_t *opr;               /* value ids */
	mw_region *regions;
	uint32_t name;               /* op name id */
	uint32_t loc;                /* attribute entry or MW_OWN_LOC | k */
	uint32_t nres, first_res, nopr, nregions;
	/* unregistered op: its properties dictionary; from text, any op's,
	 * which a registered op's props are read from when it is written
	 * (the list is only needed there) */
	uint32_t props_attr;
	uint32_t parent, end;        /* enclosing op; last op of the subtree */
	uint32_t line, col;          /* text input: where the op's name is */
	uint32_t x;                  /* its rarer parts: m->opx[x - 1], 0 none */
	/* writer: the entries this op writes for the target version */
	uint32_t dict;               /* attribute dictionary, MW_NONE if empty */
	uint32_t ptpl, nptpl;        /* properties template in m->scratch2 */
	bool isolated;               /* writer */
	bool has_props;
} mw_op;

/* An op's or block argument's own location, FILE:LINE:COL of its name in
 * the text (the text parser's; in text order, each new, a million in a
 * large module). It is no entry of the table: the op refers to it as
 * MW_OWN_LOC | k, 16 bytes where an entry took a 64-byte record, a key and
 * a template, and the writer encodes it from line and column. A written
 * loc(...) equal to it makes it an entry (ent), which every reference then
 * means; otherwise its one op or argument is its one reference. */
#define MW_OWN_LOC 0x80000000u
typedef struct mw_ownloc {
	uint32_t line, col;
	uint32_t ent;                /* the entry it became, MW_NONE none */
	uint32_t index;              /* writer: MW_NONE until numbered */
} mw_ownloc;

typedef struct mw_value {
	uint32_t type;
	uint32_t loc;                /* block arguments: location (as mw_op's), MW_NONE unknown */
	uint32_t owner;              /* result: its op; argument: the region's op */
	/* 16 bytes with the flag in a bit (20 as a bool; a million values
	 * in a large module); values are fewer than 2^31 (mw_new_values) */
	unsigned arg : 1;
	unsigned id : 31;            /* writer: value number in its scope */
} mw_value;

typedef struct mw_opname {
	uint32_t dialect, name;      /* dialect id, string id (without prefix) */
	bool registered;
	const mbc_oplayout *layout;  /* the target release's */
	const mbc_oplayout *cur;     /* MLIR 22's (what the model holds) */
	uint32_t refs, seen, index;
} mw_opname;

typedef struct mw_dialect {
	uint32_t name;               /* string id */
	const uint8_t *version;      /* version payload, NULL none */
	uint32_t nversion;
	int32_t number;              /* writer: -1 until met */
} mw_dialect;

typedef struct mw_resource {
	bool external;
	uint32_t group;              /* string id (external) or dialect id */
	uint32_t key;                /* string id */
	uint8_t kind;
	uint64_t align;
	const uint8_t *data;
	uint64_t ndata;
	uint64_t value;              /* bool, or string id */
	bool referenced;
	uint32_t handle;             /* writer */
} mw_resource;

typedef struct mw_module {
	bcx_arena *arena;
	bcx_diag *diag;
	mw_table strs, ents, names;
	mw_ent *ent;
	size_t cent;
	mw_opname *opnames;
	uint32_t nopnames;
	size_t copnames;
	mw_dialect *dialects;
	uint32_t ndialects;
	size_t cdialects;
	mw_op *ops;                  /* pre-order; ops[0] is the root */
	uint32_t nops;
	size_t cops;
	mw_opx *opx;                 /* the ops' rarer parts */
	uint32_t nopx;
	size_t copx;
	mw_value *values;
	uint32_t nvalues;
	size_t cvalues;
	mw_resource *res;
	uint32_t nres;
	size_t cres;
	mw_ownloc *own;              /* own locations, in text order */
	uint32_t nown;
	size_t cown;
	uint32_t own_file;           /* their file's StringAttr */
	const uint8_t *producer;
	uint32_t nproducer;
	bool pinned;                 /* keep the read module's indices (opaque bytes) */
	uint32_t distinct_salt;
	uint32_t builtin;            /* the builtin dialect's id, MW_NONE until asked */
	bcx_buf tb;                  /* templates being built, a stack of frames */
	size_t tb_base;              /* the current frame's start */
	size_t tb_raw;               /* offset of its open raw record + 1, 0 none */
	size_t *tb_stack;            /* saved (base, raw) of the frames below */
	size_t tb_depth, tb_cap;
	bcx_buf scratch2;            /* properties templates */
	const mbc_release *rel;      /* whose op layouts are written (MLIR 22 by default) */
	const char *file;            /* text input: for "FILE:LINE:COL: " */
	void (*text_read)(void *ctx, size_t n); /* the options' */
	void *text_read_ctx;
	const mw_op *at;             /* the op being written, for messages */
	const unsigned *line, *col;  /* while parsing: the current token's */
	bcx_status status;
} mw_module;

/* The id of key in t (added when new; *added tells which); MW_NONE on
 * failure. */
uint32_t mw_intern(mw_module *m, mw_table *t, const void *key, size_t n, bool *added);
/* A table's slots, keys and key bytes given back. */
void mw_table_free(mw_module *m, mw_table *t);

bcx_status mw_init(mw_module *m, const bcx_allocator *a, bcx_diag *diag);
void mw_fini(mw_module *m);
/* Sticky failure; returns the status. */
bcx_status mw_fail(mw_module *m, bcx_status s, const char *fmt, ...) BCX_PRINTF(3, 4);

uint32_t mw_string(mw_module *m, const void *p, size_t n);
mbc_str mw_string_bytes(const mw_module *m, uint32_t id);
uint32_t mw_dialect_id(mw_module *m, const void *name, size_t n);
/* Op name "dialect.op" (an empty op part for a name without '.'). */
uint32_t mw_opname_id(mw_module *m, const char *full, size_t n, int registered);

/* Template building: start, add pieces, then finish into an entry. Frames
 * nest: a template may be started while another is being built. */
void mw_tb_start(mw_module *m);
void mw_tb_bytes(mw_module *m, const void *p, size_t n);
void mw_tb_varint(mw_module *m, uint64_t v);
void mw_tb_svarint(mw_module *m, int64_t v);
void mw_tb_ref(mw_module *m, int tag, uint32_t id);
/* Intern the template as an entry. salt keeps otherwise equal entries apart
 * (distinct attributes). */
uint32_t mw_tb_finish(mw_module *m, uint32_t dialect, unsigned flags, uint32_t salt);
/* Finish the current template by appending it to dst instead. */
void mw_tb_take(mw_module *m, bcx_buf *dst, uint32_t *off, uint32_t *len);
/* A text-fallback entry. */
uint32_t mw_text_entry(mw_module *m, uint32_t dialect, bool type, const void *p, size_t n,
		       unsigned extra_flags);
/* Common entries. */
uint32_t mw_string_attr(mw_module *m, const void *p, size_t n);
/* The TypeAttr of a type entry. */
uint32_t mw_type_attr(mw_module *m, uint32_t type);
uint32_t mw_unit_attr(mw_module *m);
uint32_t mw_i64_attr(mw_module *m, int64_t v);
uint32_t mw_array_attr(mw_module *m, const uint32_t *v, uint32_t n);
/* The values of a DenseI64ArrayAttr entry (at most cap), or false. */
bool mw_ent_i64_array(const mw_module *m, uint32_t id, uint64_t *out, uint32_t cap, uint32_t *n);
/* An encoded entry's kind code and its first reference of kind want
 * (MW_REC_TYPE: a TypeAttr's type, a memref's element type), or false. */
bool mw_ent_first_ref(const mw_module *m, uint32_t id, uint8_t want, uint64_t *code, uint32_t *ref);
/* A text entry's text, {NULL, 0} for another. */
mbc_str mw_ent_text(const mw_module *m, uint32_t id);
uint32_t mw_builtin(mw_module *m);
/* The identity affine map of a rank, as MLIR stores a memref's default layout. */
uint32_t mw_identity_layout(mw_module *m, uint32_t rank);
/* IntegerType of a width and signedness (0 signless, 1 signed, 2 unsigned). */
uint32_t mw_int_type(mw_module *m, uint32_t width, unsigned signedness);
/* array<i32: ...> (segment sizes), array<i64: ...>. */
uint32_t mw_i32_array(mw_module *m, const int32_t *v, uint32_t n);
uint32_t mw_i64_array(mw_module *m, const uint64_t *v, uint32_t n);

/* upgrade.c (upgrades.def): an op of an older release that MLIR 22 does
 * not have and that is left out (true), or refused when it holds anything
 * (m failed, true). */
/* downgrade.c: op's properties (the list in x, its rarer parts) in the
 * older release's terms (the rows of upgrades.def backwards), or false
 * with m failed naming op and field. */
bool mw_downgrade(mw_module *m, const mw_op *op, mw_opx *x);
/* Whether mw_downgrade rewrote property name of op into the older
 * release's storage (vector.shuffle's mask). */
bool mw_downgrade_rewrites(const mw_module *m, const mw_op *op, const char *name, size_t n);
/* The terminator the older release requires in op's body and MLIR 22
 * dropped (gpu.module_end of gpu.module), or NULL. */
const char *mw_downgrade_terminator(const mw_module *m, const mw_op *op);
bool mbc_upgrade_drops(mbc_module *r, mw_module *m, const mbc_op *op);
/* An older release's properties pr[0..*n) of op: the fields the table
 * rewrites are taken out of pr and their MLIR 22 form appended to out
 * (*nout of at most *n more); false when one cannot be carried (m failed). */
bool mbc_upgrade_props(mbc_module *r, mw_module *m, const mbc_op *op, mbc_named *pr, uint32_t *n,
		       mw_named *out, uint32_t *nout);
/* A DictionaryAttr of n named attributes (sorted here). */
uint32_t mw_dict(mw_module *m, mw_named *v, uint32_t n);
/* The number of entries of such a dictionary, and its entries (up to
 * cap) into v; the count written. */
uint32_t mw_dict_count(const mw_module *m, uint32_t dict);
uint32_t mw_dict_entries(const mw_module *m, uint32_t dict, mw_named *v, uint32_t cap);

/* An own location of line and col (after the last one in text order),
 * MW_OWN_LOC | k, or MW_NONE on failure. */
uint32_t mw_own_loc(mw_module *m, uint32_t line, uint32_t col);
/* The FileLineColLoc entry FILE:line:col of a file's StringAttr. */
uint32_t mw_file_loc(mw_module *m, uint32_t file, uint32_t line, uint32_t col);
/* The entry of own location k, made on first request (a written loc
 * equal to it). */
uint32_t mw_own_loc_entry(mw_module *m, uint32_t k);
/* A location reference as the writer takes it: an own location that
 * became an entry is that entry. */
static inline uint32_t mw_loc_ref(const mw_module *m, uint32_t loc)
{
	if (loc != MW_NONE && (loc & MW_OWN_LOC) && m->own[loc & ~MW_OWN_LOC].ent != MW_NONE)
		return m->own[loc & ~MW_OWN_LOC].ent;
	return loc;
}

/* IR building. */
uint32_t mw_new_op(mw_module *m, uint32_t parent);
/* op's rarer parts (a copy; all zero when it has none). */
static inline mw_opx mw_op_rare(const mw_module *m, const mw_op *op)
{
	return op->x ? m->opx[op->x - 1] : (mw_opx){0};
}
/* op's own rarer parts to fill, made on first need; NULL after mw_fail.
 * Making another op's may move them. */
mw_opx *mw_op_x(mw_module *m, mw_op *op);
uint32_t mw_new_values(mw_module *m, uint32_t n, uint32_t owner, bool arg);
mw_block *mw_new_block(mw_module *m, mw_region *r);
bool mw_block_add_op(mw_module *m, mw_block *b, uint32_t op);
void *mw_alloc(mw_module *m, size_t n, size_t size);
/* Room for element n of a heap array (doubling until it fits; given back by
 * mw_heap_free, the model's own ones by mw_fini); false after mw_fail. */
bool mw_heap_room(mw_module *m, void *arrp, size_t n, size_t *cap, size_t elem);
#define MW_HEAP_ROOM(m, arr, n, cap) mw_heap_room((m), (void *)&(arr), (n), &(cap), sizeof *(arr))
void mw_heap_free(mw_module *m, void *p, size_t bytes);

/* The varint encoders (spec §2). */
void mw_put_varint(bcx_buf *b, uint64_t v);
void mw_put_svarint(bcx_buf *b, int64_t v);

/* write.c: the module as bytecode of version v. */
bcx_status mw_write(mw_module *m, unsigned version, uint8_t **out, size_t *n,
		    const bcx_allocator *a);

/* convert.c: a read module into m. */
bcx_status mbc_to_model(mbc_module *r, mw_module *m);
/* asm.c: generic-form text into m. */
bcx_status mw_parse_text(mw_module *m, const char *file, const char *text, size_t n);

/* Name-sorting of named attributes (by the key's string bytes). */
void mw_sort_named(mw_module *m, mw_named *v, uint32_t n);
/* The integer of an IntegerAttr entry up to 64 bits (BoolAttr included),
 * 1 for a UnitAttr; false for another entry. */
bool mw_ent_int(const mw_module *m, uint32_t id, uint64_t *v);
/* The elements of an ArrayAttr entry (up to cap), or false. */
bool mw_ent_array(const mw_module *m, uint32_t id, uint32_t *out, uint32_t cap, uint32_t *n);
/* The string bytes of a StringAttr entry (dictionary key). */
mbc_str mw_strattr_bytes(const mw_module *m, uint32_t ent);

#endif
