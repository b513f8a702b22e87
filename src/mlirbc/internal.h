/* MLIR bytecode reader internals: the module's tables and IR tree. Every
 * offset is absolute in the input. Not installed. */
#ifndef BCX_MLIRBC_INTERNAL_H
#define BCX_MLIRBC_INTERNAL_H

#include "bcx/mlirbc.h"
#include "common/internal.h"

#define MBC_MAX_VERSION 6
#define MBC_MAX_DEPTH 64       /* region nesting and attribute nesting */
#define MBC_NONE UINT32_MAX    /* "no index" */

enum {
#define MBC_SECTION(id, NAME, text) MBC_SEC_##NAME = id,
#include "mlirbc.def"
	MBC_SEC_COUNT = 9
};
enum {
#define MBC_ATTR(code, NAME, text) MBC_A_##NAME = code,
#include "mlirbc.def"
	MBC_A_COUNT,
	MBC_TEXT = 0xfe, /* text fallback (any dialect) */
	MBC_RAW = 0xff   /* custom encoding of a dialect other than builtin */
};
enum {
#define MBC_TYPE(code, NAME, text) MBC_T_##NAME = code,
#include "mlirbc.def"
	MBC_T_COUNT
};
enum {
#define MBC_RESKIND(code, NAME, text) MBC_RES_##NAME = code,
#include "mlirbc.def"
	MBC_RES_COUNT
};

typedef struct mbc_section {
	bool present;
	uint64_t hdr, off, len, align;
} mbc_section;

typedef struct mbc_str {
	const uint8_t *p;
	uint32_t n;
} mbc_str;

typedef struct mbc_dialect {
	uint32_t name;        /* string index */
	bool has_version;
	uint64_t ver_off, ver_len;
} mbc_dialect;

typedef struct mbc_oplayout mbc_oplayout;
typedef struct mbc_release mbc_release;

typedef struct mbc_opname {
	uint32_t dialect, name; /* dialect index, string index */
	int8_t registered;      /* 1/0 for v >= 5, -1 not recorded */
	const mbc_oplayout *layout;  /* the file's release's (v >= 5), else MLIR 22's */
	const mbc_oplayout *cur;     /* MLIR 22's: its inherent names and defaults */
	char *full;             /* "dialect.name", NUL-terminated */
	uint32_t full_len;
} mbc_opname;

/* An attribute or type table entry as the offset section gives it: kept
 * small because a file can hold one per op location and most are never
 * decoded (a location is only decoded when printed). */
typedef struct mbc_ent mbc_ent;
typedef struct mbc_slot {
	uint64_t off;
	uint32_t len;
	uint32_t dialect;     /* dialect index | MBC_SLOT_CUSTOM */
	mbc_ent *e;           /* decoded form: NULL before the first use */
} mbc_slot;
#define MBC_SLOT_CUSTOM 0x80000000u
#define MBC_MAX_DIALECTS 0x7fffffffu

/* An attribute or type entry decoded on first use (its own allocation). */
struct mbc_ent {
	uint64_t off;
	uint32_t len, dialect;
	bool custom, is_type;
	uint8_t code;         /* builtin code, MBC_TEXT or MBC_RAW */
	uint32_t r[3];        /* fixed references (attr/type/string indices) */
	uint64_t u[2];        /* small values: width, signedness, line, col, ... */
	uint32_t n;           /* list length */
	uint32_t *list;       /* references or string indices */
	int64_t *dims;        /* shape */
	uint32_t ndims;
	uint8_t *flags;       /* scalable dims */
	uint64_t *words;      /* APInt words (least first) or location values */
	uint32_t nwords;
	const uint8_t *blob;  /* blob or text (without the NUL) */
	uint64_t nblob;
};

typedef struct mbc_resource {
	bool external;
	uint32_t group;       /* string index (external) or dialect index */
	uint32_t key;         /* string index */
	uint8_t kind;
	uint64_t off, size;   /* the entry's bytes in the Resource section */
	uint64_t align;       /* blob */
	const uint8_t *data;  /* blob data */
	uint64_t ndata;
	uint64_t value;       /* bool, or string index */
} mbc_resource;

typedef struct mbc_named mbc_named;
/* A properties entry; its decoded form is kept after the first decode
 * (MLIR's writer shares one entry among the ops with equal properties, so
 * most decodes would repeat one already done). */
typedef struct mbc_prop {
	uint64_t off, len;
	uint32_t dec_name1;   /* op name index + 1 the decoded form is for, 0 none */
	uint32_t ndec;
	bool dec_opaque;
	mbc_named *dec;       /* ndec entries in the arena */
} mbc_prop;

typedef struct mbc_region mbc_region;

typedef struct mbc_uselist {
	uint32_t value;       /* result or argument number */
	bool pairs;
	uint32_t n;
	uint64_t *idx;
} mbc_uselist;

typedef struct mbc_op {
	uint64_t off;
	uint32_t name, loc, attrs, props; /* MBC_NONE when absent */
	uint32_t nres, nopr, nsucc, nregions, nuse;
	uint32_t depth;
	uint8_t mask;
	bool isolated;
	bool lazy;            /* regions in a nested IR section not decoded yet */
	uint8_t lazy_failed;  /* the status decoding them failed with, 0 none */
	/* the printer's first value and argument numbers for a lazy op's
	 * regions (set when it numbers the values around them) */
	uint32_t first_value, first_arg;
	uint32_t *res_types;
	uint32_t *operands;   /* global value numbers */
	uint32_t *succ;       /* block positions in the parent region */
	mbc_uselist *uses;
	uint32_t *res;        /* global value numbers of the results */
	mbc_region *regions;
	uint64_t lazy_off, lazy_len;
} mbc_op;

typedef struct mbc_block {
	uint32_t nargs, nops, nuse;
	uint32_t *arg_types, *arg_locs; /* arg_locs[i] MBC_NONE = unknown */
	uint32_t *args;       /* global value numbers */
	mbc_uselist *uses;
	mbc_op *ops;
} mbc_block;

struct mbc_region {
	uint32_t nblocks, nvalues;
	mbc_block *blocks;
};

/* A value: op result or block argument, for the printer's names. */
typedef struct mbc_value {
	uint32_t type;
	uint32_t name;        /* printer's number */
	uint32_t res_no;      /* result number */
	uint8_t kind;         /* 0 undefined, 1 result, 2 argument */
	bool multi;           /* result of an op with several results */
	bool entry_arg;       /* printed %argN */
	bool pending;         /* referenced before defined */
} mbc_value;

/* Memory for one decoded body at a time (body.c): chunks from the
 * allocator handed out by bumping a pointer, kept when the body is
 * released, so the next body reuses pages already touched. */
typedef struct mbc_chunk mbc_chunk;
typedef struct mbc_pool {
	const bcx_allocator *a;
	mbc_chunk *head, *cur;
} mbc_pool;
/* size bytes, 16-byte aligned, not zeroed; NULL when out of memory. */
void *mbc_pool_alloc(mbc_pool *p, size_t size);
/* Where the pool is, and back there (everything allocated since is gone,
 * the chunks stay). */
typedef struct mbc_pool_mark {
	mbc_chunk *chunk;
	size_t used;
} mbc_pool_mark;
mbc_pool_mark mbc_pool_tell(const mbc_pool *p);
void mbc_pool_rewind(mbc_pool *p, mbc_pool_mark mk);
void mbc_pool_free(mbc_pool *p);

struct bcx_mlirbc_module {
	bcx_arena *arena;
	const uint8_t *data;
	size_t size;
	uint64_t version;
	mbc_str producer;
	uint64_t producer_off;
	const mbc_release *rel;   /* whose op layouts the properties are read with */
	char rel_note[160];       /* why that release, when the producer does not name it */
	mbc_section sec[MBC_SEC_COUNT];
	uint8_t sec_order[MBC_SEC_COUNT];
	unsigned nsec;
	mbc_str *strings;
	uint32_t nstrings;
	mbc_dialect *dialects;
	uint32_t ndialects;
	mbc_opname *opnames;
	uint32_t nopnames;
	mbc_slot *attrs, *types;
	uint32_t nattrs, ntypes;
	/* nattrs, then the attributes named inside the llvm dialect's text
	 * entries (llvm_text.c; the printer's, never written) */
	uint32_t nall;
	size_t cattrs;
	bool text_read;           /* mbc_llvm_text_read has run */
	mbc_resource *res;
	uint32_t nres, ndialect_res;
	uint32_t *dialect_res; /* handle -> index in res */
	mbc_prop *props;
	uint32_t nprops;
	mbc_op root;
	mbc_value *values;    /* the allocator's, not the arena's (it grows) */
	size_t nvalues, cvalues;
	bool in_body;         /* ir.c allocates from pool (a body is being loaded) */
	mbc_pool pool;        /* the loaded body's tree, reused for the next */
	uint32_t *u32_next;   /* ir.c's packed small arrays */
	size_t u32_left;
	size_t pending;       /* values referenced before their definition */
	size_t nops, nlazy, nlazy_loaded;
};

typedef bcx_mlirbc_module mbc_module;

/* Varint readers on the cursor (spec §2). */
uint64_t mbc_varint(bcx_cursor *c, const char *what);
int64_t mbc_svarint(bcx_cursor *c, const char *what);
/* A varint that must be < limit (a table index or count bounded by the
 * remaining bytes); fails naming `what`. */
uint32_t mbc_index(bcx_cursor *c, uint64_t limit, const char *what);
/* A count of items each taking at least `min_bytes`, checked against what
 * remains so allocation stays bounded by the input. */
uint32_t mbc_count(bcx_cursor *c, size_t min_bytes, const char *what);
/* Read one section header at c: id, length, alignment; sub covers data. */
bool mbc_section_hdr(bcx_cursor *c, unsigned *id, bcx_cursor *sub, uint64_t *align);
/* Fail the cursor naming the section being read. */
bcx_status mbc_fail(bcx_cursor *c, const char *section, const char *fmt, ...) BCX_PRINTF(3, 4);

/* read_tables.c */
bcx_status mbc_read_tables(mbc_module *m, bcx_diag *diag);
/* attr.c: decode entry i on first use. */
bcx_status mbc_attr(mbc_module *m, uint32_t i, const mbc_ent **out, bcx_diag *diag);
/* upgrade.c (upgrades.def), what MLIR 22 makes of an older release's file
 * as bcx dis shows it: an op it no longer has, left out; a property whose
 * ArrayAttr of i64 it holds as a DenseI64ArrayAttr (array<i64: ...>). */
bool mbc_upgrade_hidden(mbc_module *m, const mbc_op *op);
bool mbc_upgrade_i64_array(mbc_module *m, const mbc_op *op, const mbc_named *p);
/* The decoded properties pr[0..*n) (sorted, room for cap) of an older
 * release's op with the unit attributes MLIR 22 made enum fields replaced
 * by those fields (llvm.getelementptr's inbounds: noWrapFlags). */
void mbc_upgrade_view(mbc_module *m, const mbc_op *op, mbc_named *pr, uint32_t *n, uint32_t cap);
/* MLIR 16's name of an inherent attribute MLIR 22 renamed (RENAME rows):
 * the new name, else NULL. */
const char *mbc_upgrade_rename(const mbc_module *m, const mbc_op *op, const char *name, size_t n);
/* MAP_GROUPS: the segment sizes the op lacks, into seg[0..*nseg); their
 * field's name, or NULL (no row, or maps that do not count). */
const char *mbc_upgrade_map_groups(mbc_module *m, const mbc_op *op, int32_t *seg, uint32_t *nseg,
				   uint32_t cap);
/* ZERO_GROUPS: segment sizes old[0..nold) of the field name, with the
 * groups MLIR 22 added, into seg; their count, 0 when no row applies. */
uint32_t mbc_upgrade_zero_groups(const mbc_module *m, const mbc_op *op, const char *name, size_t n,
				 const int32_t *old, uint32_t nold, int32_t *seg, uint32_t cap);
bcx_status mbc_type(mbc_module *m, uint32_t i, const mbc_ent **out, bcx_diag *diag);
/* llvm_text.c: the llvm dialect's text entries read with the syntax table
 * (dialect_syn.def): each llvm attribute named inside becomes an attribute
 * of its own (a file's equal one, or one past nattrs, up to nall), listed
 * in the entry's list with its place in the text (words: start, end, and
 * 1 when printed without its #llvm.mnemonic prefix), so that the printer
 * aliases them as MLIR does. Text that does not read keeps no list. */
bcx_status mbc_llvm_text_read(mbc_module *m, bcx_diag *diag);
/* Whether attribute i is a location, from its kind code alone (the entry
 * is decoded in full only when that code cannot be read). */
bcx_status mbc_attr_is_loc(mbc_module *m, uint32_t i, bool *is_loc, bcx_diag *diag);
/* Whether any attribute or type could be printed as an alias (#map,
 * #set, #distinct, !tuple, a location inside an attribute, a dialect's
 * alias); false lets the printer skip the alias walk. */
bool mbc_may_alias(mbc_module *m);
/* alias.c: the alias stem of a text entry's text, NULL if none. */
const char *mbc_alias_of_text(const uint8_t *text, size_t n);
/* Dialect index and custom flag of a table slot. */
static inline uint32_t mbc_slot_dialect(const mbc_slot *s) { return s->dialect & ~MBC_SLOT_CUSTOM; }
static inline bool mbc_slot_custom(const mbc_slot *s) { return (s->dialect & MBC_SLOT_CUSTOM) != 0; }
/* Name of a builtin attribute/type kind code. */
const char *mbc_attr_kind_name(const mbc_ent *e);
/* ir.c */
bcx_status mbc_read_ir(mbc_module *m, bcx_diag *diag);
bcx_status mbc_materialize(mbc_module *m, mbc_op *op, bcx_diag *diag);
/* Walk: materialize every lazy region below op. */
bcx_status mbc_materialize_all(mbc_module *m, mbc_op *op, bcx_diag *diag);
/* A lazy op's regions decoded into the module's body pool, to be
 * released after use (the lazy ops inside stay lazy, loaded in turn as
 * bodies of their own): a printer then holds one isolated region, and the
 * ones around it, at a time. Release in the reverse order of loading. */
typedef struct mbc_body {
	mbc_op *op;
	bool loaded;
	mbc_pool_mark mark;
	size_t nvalues, nops, nlazy_loaded; /* the module's before */
} mbc_body;
bcx_status mbc_body_load(mbc_module *m, mbc_op *op, mbc_body *b, bcx_diag *diag);
/* Free the body's tree and values; op is lazy again. */
void mbc_body_release(mbc_module *m, mbc_body *b);
/* What the generic printer numbers in a subtree: entry-block arguments
 * (%argN) and other values (%N, one per op with results). */
typedef struct mbc_vcount {
	uint64_t values, args;
} mbc_vcount;
/* Add the counts of a lazy op's regions, reading its nested IR section
 * without decoding it (no-op when the op is not lazy). */
bcx_status mbc_count_lazy(mbc_module *m, const mbc_op *op, mbc_vcount *vc, bcx_diag *diag);
/* print_generic.c: bcx_mlirbc_print_generic with hook called as each op's
 * line begins, pending being the text not yet handed to the sink (so the
 * line's offset is what the sink got plus pending). The ops of isolated
 * regions the module has not decoded are decoded for the print and
 * released after it: their pointers do not outlive the call. */
typedef void (*mbc_op_hook)(void *ctx, const mbc_op *op, size_t pending);
bcx_status mbc_print_generic_hooked(bcx_mlirbc_module *m, unsigned flags, const bcx_sink *sink,
				    mbc_op_hook hook, void *hook_ctx, bcx_diag *diag);
/* layouts.c: the generated op layouts of each MLIR release. */
const mbc_release *mbc_release_current(void); /* MLIR 22 */
unsigned mbc_release_major(const mbc_release *r);
/* The producer string its mlir-opt writes ("MLIR19.1.7"). */
const char *mbc_release_producer(const mbc_release *r);
/* A release bcx can write properties for (19, 22), or NULL. */
const mbc_release *mbc_release_by_major(unsigned major);
/* The release whose layouts a file of this producer and version is read
 * with: its own, else the nearest (note then says so; "" when exact). */
const mbc_release *mbc_release_for(mbc_str producer, uint64_t version, char *note, size_t cap);
/* An op's layout by name (binary search), NULL when the release has no
 * such op. */
const mbc_oplayout *mbc_find_layout(const mbc_release *r, const char *name, size_t n);
/* One field of a layout's properties encoding (gen/ops_N.def):
 * kind 'a' attribute, '?' optional attribute, '<' segment sizes attribute
 * (v5), '>' sparse segment sizes (v >= 6), 'e' enum varint, 'b' bool byte,
 * 'o' optional varint; nseg the segment count. */
typedef struct mbc_field {
	const char *name;     /* not NUL-terminated */
	uint32_t len;
	char kind;
	uint32_t nseg;
} mbc_field;
/* Fields in write order: p = mbc_layout_fields(l), then
 * while ((p = mbc_next_field(p, &f))). */
const char *mbc_next_field(const char *p, mbc_field *f);
const char *mbc_layout_fields(const mbc_oplayout *l);
/* Whether the release wrote properties entries for the op ("-": MLIR 16). */
bool mbc_layout_native(const mbc_oplayout *l);
/* "name=TEXT;..." of the default-valued attributes (TEXT empty when the
 * generator cannot spell it). */
const char *mbc_layout_defaults(const mbc_oplayout *l);
/* The next default of such a list from p: its name and text (empty when
 * not spelled); NULL at the end. */
const char *mbc_next_default(const char *p, mbc_str *name, mbc_str *text);
/* The spelled default of attribute name, or false. */
bool mbc_layout_default_text(const mbc_oplayout *l, const char *name, size_t n, mbc_str *text);
/* Whether name is a default-valued attribute of the op. */
bool mbc_layout_default_valued(const mbc_oplayout *l, const char *name, size_t n);
/* Whether name is one of the op's inherent attributes / a field. */
bool mbc_layout_inherent(const mbc_oplayout *l, const char *name, size_t n);
/* The field of that name (the first: segment sizes have two), or false. */
bool mbc_layout_field(const mbc_oplayout *l, const char *name, size_t n, mbc_field *f);
/* The C++ storage class of an attribute field ("DenseI64ArrayAttr"), an
 * empty string when the table does not say. */
mbc_str mbc_layout_attr_type(const mbc_oplayout *l, const char *name, size_t n);
/* props.c */
/* One inherent property of an op. */
struct mbc_named {
	const char *name;     /* not NUL-terminated */
	uint32_t len;
	uint32_t attr;        /* attribute index; MBC_NONE when not an attribute */
	int32_t *seg;         /* segment sizes (attr MBC_NONE) */
	uint32_t nseg;
	char kind;            /* 0 (attr or seg), a value field 'e' 'b' 'o',
			       * 'd' a default not in the file (text), or 't'
			       * the TypeAttr of type ival (an upgrade's) */
	bool present;         /* 'o': a value is there */
	uint64_t ival;        /* 'e' 'b' 'o' */
	const char *text;     /* 'd': the default in MLIR syntax */
	uint32_t ntext;
	bool in_dict;         /* taken from the attribute dictionary */
};
/* Decode op's properties into its inherent attributes (sorted by name), or
 * fail; *opaque set when the layout is unknown. Below v5 they are the
 * dictionary's inherent entries (legacy names renamed). Either way the
 * defaults MLIR 22 fills in are added, as its reader does. */
bcx_status mbc_op_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			uint32_t cap, bool *opaque, bcx_diag *diag);
/* The same, without keeping the decoded form (an op looked at once). */
bcx_status mbc_op_props_once(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			     uint32_t cap, bool *opaque, bcx_diag *diag);
/* Whether an attribute name is inherent to the op (v < 5 splitting),
 * legacy segment-size names included. */
bool mbc_is_inherent(const mbc_module *m, const mbc_op *op, mbc_str name);
/* MLIR 22's name of an inherent attribute (operand_segment_sizes is read
 * as operandSegmentSizes). */
mbc_str mbc_inherent_name(const mbc_module *m, const mbc_op *op, mbc_str name);
#define MBC_MAX_PROPS 64

/* n items of size bytes from the arena, not zeroed (the caller fills every
 * one); NULL on overflow or out of memory. */
static inline void *mbc_alloc_array(bcx_arena *a, size_t n, size_t size)
{
	size_t total;
	return bcx_mul_ok(n, size, &total) ? bcx_arena_alloc(a, total) : NULL;
}

static inline mbc_str mbc_string(const mbc_module *m, uint32_t i)
{
	mbc_str s = {NULL, 0};
	if (i < m->nstrings)
		s = m->strings[i];
	return s;
}

extern const char *const mbc_section_names[MBC_SEC_COUNT];

#endif
