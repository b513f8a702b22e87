/*
 * bcx/bitstream.h - the LLVM bitstream container: a cursor that walks
 * blocks and records, an analyzer that prints what llvm-bcanalyzer prints,
 * a tree that keeps every encoding choice, and a writer.
 *
 * Spec: llvm-bitstream.md (docs/formats/bitstream.md has our notes).
 * The container is generic: LLVM IR bitcode, clang serialized diagnostics,
 * PCH/modules and remarks all use it. Bit offsets in diagnostics count from
 * the start of the bitstream payload (after a wrapper header, if any).
 *
 * Every fallible call returns a bcx_status and fills the optional bcx_diag
 * with the bit offset and a message. Handles are opaque; memory comes from
 * the caller's allocator (NULL = libc); separate handles may be used from
 * separate threads.
 */
#ifndef BCX_BITSTREAM_H
#define BCX_BITSTREAM_H

#include "bcx/core.h"

BCX_BEGIN_DECLS

/* Deepest block nesting accepted (LLVM IR uses 3). Deeper is BCX_ERR_LIMIT.
 * A stream may also decode to at most 8 operands per input bit (literal
 * operands cost no bits); more is BCX_ERR_LIMIT too. */
#define BCX_BS_MAX_DEPTH 64

/* ---- Magic and wrapper (spec sections 2 and 6) ---- */

/* Stream type, from the first 32 bits (spec section 2). */
typedef enum bcx_bs_kind {
	BCX_BS_KIND_UNKNOWN = 0,
	BCX_BS_KIND_LLVM_IR = 1,      /* 'B' 'C' 0x0 0xC 0xE 0xD */
	BCX_BS_KIND_CLANG_AST = 2,    /* "CPCH" */
	BCX_BS_KIND_CLANG_DIAG = 3,   /* "DIAG" */
	BCX_BS_KIND_REMARKS = 4       /* "RMRK" */
} bcx_bs_kind;

/* "LLVM IR", "unknown", ... as llvm-bcanalyzer prints them. */
const char *bcx_bs_kind_name(bcx_bs_kind k);

/* True when data starts like a bitstream bcx recognises: the bitcode
 * wrapper magic 0x0B17C0DE, LLVM IR "BC\xC0\xDE", "CPCH", "DIAG", "RMRK". */
bool bcx_bs_sniff(const void *data, size_t size);

/* The five little-endian words of a bitcode wrapper header. */
typedef struct bcx_bs_wrapper {
	uint32_t magic, version, offset, size, cputype;
} bcx_bs_wrapper;

#define BCX_BS_WRAPPER_MAGIC 0x0B17C0DEu
#define BCX_BS_WRAPPER_SIZE 20u

/* ---- Abbreviations (spec section 4) ---- */

typedef enum bcx_bs_op_kind {
	BCX_BS_OP_LITERAL = 0,
	BCX_BS_OP_FIXED = 1,
	BCX_BS_OP_VBR = 2,
	BCX_BS_OP_ARRAY = 3,
	BCX_BS_OP_CHAR6 = 4,
	BCX_BS_OP_BLOB = 5
} bcx_bs_op_kind;

/* One operand definition. Fixed(0) and VBR(0) keep their kind (so that a
 * writer reproduces them) and read as the literal 0. */
typedef struct bcx_bs_abbrev_op {
	uint8_t kind;   /* bcx_bs_op_kind */
	uint64_t value; /* literal value, or the width of Fixed/VBR */
} bcx_bs_abbrev_op;

typedef struct bcx_bs_abbrev {
	uint32_t nops;
	uint32_t array_at;       /* index of the first Array op, or 0 when none */
	bcx_bs_abbrev_op ops[];  /* nops entries */
} bcx_bs_abbrev;

/* ---- Reader: a cursor over blocks and records (spec sections 3-5) ---- */

typedef struct bcx_bs_reader bcx_bs_reader;

/*
 * Open a bitstream over [data, data+size) (the bytes must outlive the
 * reader). Reads a wrapper header if present and the 32-bit magic. Fails
 * when the payload is not a whole number of 32-bit words, as LLVM does.
 */
BCX_NODISCARD bcx_status bcx_bs_reader_new(bcx_bs_reader **out, const void *data, size_t size,
					    const bcx_allocator *a, bcx_diag *diag);
void bcx_bs_reader_free(bcx_bs_reader *r); /* NULL is a no-op */

bcx_bs_kind bcx_bs_reader_kind(const bcx_bs_reader *r);
/* The first 32 bits of the payload, as a little-endian word. */
uint32_t bcx_bs_reader_magic(const bcx_bs_reader *r);
/* True (and *hdr filled) when the input had a wrapper header. */
bool bcx_bs_reader_wrapper(const bcx_bs_reader *r, bcx_bs_wrapper *hdr);
/* Payload bytes (inside the wrapper) and the current bit position in it. */
const uint8_t *bcx_bs_reader_payload(const bcx_bs_reader *r, size_t *size);
uint64_t bcx_bs_reader_bitpos(const bcx_bs_reader *r);
/* Number of open blocks (0 at top level). */
unsigned bcx_bs_reader_depth(const bcx_bs_reader *r);
/* Block ID and code width of the innermost open block (top level: 0, 2). */
uint32_t bcx_bs_reader_block_id(const bcx_bs_reader *r);
unsigned bcx_bs_reader_code_width(const bcx_bs_reader *r);

typedef enum bcx_bs_entry_kind {
	BCX_BS_ENTRY_EOF = 0,        /* top level, no bits left */
	BCX_BS_ENTRY_END_BLOCK = 1,  /* the block is closed already */
	BCX_BS_ENTRY_SUBBLOCK = 2,   /* block_id read; enter or skip next */
	BCX_BS_ENTRY_ABBREV = 3,     /* definition read and put in scope */
	BCX_BS_ENTRY_RECORD = 4      /* read or skip the record next */
} bcx_bs_entry_kind;

typedef struct bcx_bs_entry {
	bcx_bs_entry_kind kind;
	uint32_t abbrev_id;          /* 0 END_BLOCK, 1 SUBBLOCK, 2 DEFINE_ABBREV, 3 UNABBREV, >= 4 */
	uint32_t block_id;           /* SUBBLOCK: the new block's ID */
	uint64_t bit_pos;            /* where the abbreviation ID starts */
	const bcx_bs_abbrev *abbrev; /* ABBREV: the definition just read;
				      * RECORD with ID >= 4: the one it uses */
} bcx_bs_entry;

/* Read the next entry. At top level only ENTER_SUBBLOCK is valid. */
BCX_NODISCARD bcx_status bcx_bs_next(bcx_bs_reader *r, bcx_bs_entry *e);
/* After a SUBBLOCK entry: read the code width and length word and make the
 * block current. Its scope starts with the BLOCKINFO abbreviations for its
 * ID. Either output may be NULL. */
BCX_NODISCARD bcx_status bcx_bs_enter_block(bcx_bs_reader *r, unsigned *code_width,
					     uint32_t *num_words);
/* After a SUBBLOCK entry: jump over the block in O(1) via its length word. */
BCX_NODISCARD bcx_status bcx_bs_skip_block(bcx_bs_reader *r);
/*
 * After a SUBBLOCK entry with block ID 0: read the BLOCKINFO block, replace
 * the reader's BLOCKINFO table with what it defines (as LLVM does: no
 * merge), and return to where the call started, so that the caller can
 * then enter (walk) or skip the same block.
 */
BCX_NODISCARD bcx_status bcx_bs_read_blockinfo(bcx_bs_reader *r);

typedef struct bcx_bs_record {
	uint32_t code;
	uint32_t abbrev_id;          /* 3 = unabbreviated */
	const bcx_bs_abbrev *abbrev; /* NULL when unabbreviated */
	const uint64_t *ops;         /* valid until the next read */
	size_t nops;
	const uint8_t *blob;         /* into the input; NULL when no blob op */
	size_t blob_len;
	bool has_blob;
	uint64_t end_bit;            /* bit position after the record */
} bcx_bs_record;

/* After a RECORD entry: decode the record. */
BCX_NODISCARD bcx_status bcx_bs_read_record(bcx_bs_reader *r, const bcx_bs_entry *e,
					     bcx_bs_record *rec);

/* A name: bytes (not NUL-terminated when from BLOCKINFO) and a length. */
typedef struct bcx_bs_name {
	const char *s; /* NULL when there is no name */
	size_t len;
} bcx_bs_name;

/* Names as llvm-bcanalyzer chooses them (spec section 8): BLOCKINFO
 * BLOCKNAME / SETRECORDNAME first, then the built-in LLVM IR table (only
 * for LLVM IR streams). */
bcx_bs_name bcx_bs_block_name(const bcx_bs_reader *r, uint32_t block_id);
bcx_bs_name bcx_bs_record_name(const bcx_bs_reader *r, uint32_t block_id, uint32_t code);

/* ---- Analyzer: llvm-bcanalyzer's output (spec sections 9 and 10) ---- */

/* Start from BCX_OPTIONS_INIT(bcx_bs_analyze_options) (core.h). */
typedef struct bcx_bs_analyze_options {
	size_t size;            /* sizeof(bcx_bs_analyze_options) */
	const char *filename;   /* printed in "Summary of X:" as given */
	bool dump;              /* -dump: blocks and records, then statistics */
	bool dump_blockinfo;    /* -dump-blockinfo */
	bool non_symbolic;      /* -non-symbolic */
	bool show_binary_blobs; /* -show-binary-blobs */
	bool no_histogram;      /* -disable-histogram */
	bool json;              /* the same information as one JSON document */
} bcx_bs_analyze_options;

/*
 * Analyze a whole file (wrapper allowed) and write the report to sink, in
 * 64 KiB pieces. On malformed input the text printed so far stays written (as
 * with the reference tool), no statistics follow, and the error is returned.
 * A failed sink write stops the analysis and its status (BCX_ERR_IO) is
 * returned.
 */
BCX_NODISCARD bcx_status bcx_bs_analyze(const void *data, size_t size,
					 const bcx_bs_analyze_options *opts, const bcx_sink *sink,
					 const bcx_allocator *a, bcx_diag *diag);

/* ---- Tree: decode everything, keep every encoding choice ---- */

typedef struct bcx_bs_tree bcx_bs_tree;
typedef struct bcx_bs_node bcx_bs_node;

typedef enum bcx_bs_node_kind {
	BCX_BS_NODE_BLOCK = 1,
	BCX_BS_NODE_ABBREV = 2,
	BCX_BS_NODE_RECORD = 3
} bcx_bs_node_kind;

/* A node of the tree (read-only view; owned by the tree). */
struct bcx_bs_node {
	bcx_bs_node_kind kind;
	bcx_bs_node *next;            /* next sibling */
	/* BLOCK */
	uint32_t block_id;
	unsigned code_width;
	uint32_t num_words;           /* as read */
	bcx_bs_node *children;        /* first child */
	/* ABBREV (the definition) and RECORD (the one used, NULL if unabbreviated) */
	const bcx_bs_abbrev *abbrev;
	/* RECORD */
	uint32_t abbrev_id;
	uint32_t code;
	const uint64_t *ops;
	size_t nops;
	const uint8_t *blob;          /* owned by the tree */
	size_t blob_len;
	bool has_blob;
};

/* Decode a whole file. Memory is bounded by a small multiple of size. */
BCX_NODISCARD bcx_status bcx_bs_tree_read(bcx_bs_tree **out, const void *data, size_t size,
					   const bcx_allocator *a, bcx_diag *diag);
void bcx_bs_tree_free(bcx_bs_tree *t); /* NULL is a no-op */
/* The top-level blocks, in order. */
const bcx_bs_node *bcx_bs_tree_top(const bcx_bs_tree *t);
/* Encode the tree again: wrapper header, magic, blocks, trailing padding.
 * A file written by LLVM comes back byte for byte. */
BCX_NODISCARD bcx_status bcx_bs_tree_write(const bcx_bs_tree *t, bcx_buf *out, bcx_diag *diag);

/* ---- Writer ---- */

typedef struct bcx_bs_writer bcx_bs_writer;

BCX_NODISCARD bcx_status bcx_bsw_new(bcx_bs_writer **out, const bcx_allocator *a);
void bcx_bsw_free(bcx_bs_writer *w); /* NULL is a no-op */
/* The 32-bit magic word, e.g. 0xDEC04342 for "BC\xC0\xDE". Call first. */
void bcx_bsw_magic(bcx_bs_writer *w, uint32_t magic);
/* ENTER_SUBBLOCK with the given code width (1..32); the length word is
 * back-patched by bcx_bsw_end_block(). */
void bcx_bsw_enter_block(bcx_bs_writer *w, uint32_t block_id, unsigned code_width);
void bcx_bsw_end_block(bcx_bs_writer *w);
/*
 * DEFINE_ABBREV in the current block; returns its ID (>= 4), or 0 on error
 * or when the ID does not fit the code width. Inside a BLOCKINFO block
 * (ID 0) the definition is filed for the block chosen by the last SETBID
 * record, and the ID returned is the one it has there; when that block ends,
 * its definitions replace the writer's BLOCKINFO table, which gives the
 * abbreviations every later block starts with.
 */
uint32_t bcx_bsw_define_abbrev(bcx_bs_writer *w, const bcx_bs_abbrev *abbrev);
/* A record: abbrev_id 3 writes it unabbreviated, >= 4 through that
 * abbreviation of the current scope (ops must match it exactly; literals
 * are checked, not written; blob only with a Blob op). */
void bcx_bsw_record(bcx_bs_writer *w, uint32_t abbrev_id, uint32_t code, const uint64_t *ops,
		    size_t nops, const uint8_t *blob, size_t blob_len);
/* The same with an explicit definition (for re-encoding a decoded record
 * whose definition is known): the ID is written as given. */
void bcx_bsw_record_with(bcx_bs_writer *w, uint32_t abbrev_id, const bcx_bs_abbrev *abbrev,
			 uint32_t code, const uint64_t *ops, size_t nops, const uint8_t *blob,
			 size_t blob_len);
/* Check that every block is closed and hand over the bytes (append to out). */
BCX_NODISCARD bcx_status bcx_bsw_finish(bcx_bs_writer *w, bcx_buf *out, bcx_diag *diag);

BCX_END_DECLS
#endif /* BCX_BITSTREAM_H */
