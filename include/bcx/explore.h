/*
 * bcx/explore.h - the structure of any file bcx reads, for a viewer: a tree
 * of nodes (sections, tables, functions, ops, bitstream blocks and records,
 * TBON values), each with a kind, a label and the byte range (bit range for
 * a bitstream) it was read from; the text form with, for each op, the text
 * range and the node it came from; the verifier's findings with their
 * offsets. The browser explorer (web/, docs/explorer.md) is built on it.
 *
 * The data comes from the format's own reader: nothing is parsed twice.
 * Function and op bodies are produced lazily: a node whose `lazy` flag is
 * set has children not produced yet, and bcx_explore_expand() produces
 * them, so opening a module of many functions costs its tables only.
 *
 * Node indices are stable for the life of the handle: expanding a node
 * appends nodes, it never moves or removes one. The input bytes must stay
 * valid and unchanged while the handle is open.
 */
#ifndef BCX_EXPLORE_H
#define BCX_EXPLORE_H

#include "bcx/core.h"

BCX_BEGIN_DECLS

typedef struct bcx_explore bcx_explore;

/* No node (a root's parent, a leaf's first child). */
#define BCX_EXPLORE_NONE UINT32_MAX

/* One node of the tree (a read-only view owned by the handle, valid until
 * it is closed). Children are linked in input order. */
typedef struct bcx_explore_node {
	const char *kind;      /* "file", "section", "function", "op", "region",
				  "block", "record", "value", ... */
	const char *label;     /* what a person reads: "cuda_tile.addf", "section
				  functions", "MODULE_BLOCK", "map (3)" */
	uint64_t begin, end;   /* [begin, end) in bytes, or in bits when bits */
	bool bits;             /* the range counts bits (LLVM bitstream) */
	bool lazy;             /* children exist that bcx_explore_expand makes */
	uint32_t parent;       /* BCX_EXPLORE_NONE for the root (node 0) */
	uint32_t first_child, next_sibling, last_child; /* BCX_EXPLORE_NONE: none */
	uint32_t n_children;   /* produced so far */
} bcx_explore_node;

/* Start from BCX_OPTIONS_INIT(bcx_explore_options) (core.h). */
typedef struct bcx_explore_options {
	size_t size;                /* sizeof(bcx_explore_options) */
	const bcx_allocator *alloc; /* NULL = default */
	bcx_limits limits;          /* nesting limits (zero: the defaults) */
} bcx_explore_options;

/*
 * Detect the format of [data, data+size) (CUDA Tile IR, MLIR bytecode, LLVM
 * bitstream, TBON) and open it with its reader: node 0 is the whole file,
 * below it the sections and tables, and functions (lazy). A format bcx does
 * not read is BCX_ERR_UNSUPPORTED; a file its reader refuses gives that
 * reader's status and diagnostic. On success *out owns everything; close it
 * with bcx_explore_close().
 */
BCX_NODISCARD bcx_status bcx_explore_open(const void *data, size_t size,
					  const bcx_explore_options *opts, bcx_explore **out,
					  bcx_diag *diag);
void bcx_explore_close(bcx_explore *e); /* NULL is a no-op */

/* "tileir", "mlirbc", "llvm-bitstream" or "tbon" (the names of --json). */
const char *bcx_explore_format(const bcx_explore *e);

size_t bcx_explore_node_count(const bcx_explore *e);
/* Node i, or NULL when i is out of range. The pointer is valid until the
 * next bcx_explore_expand, bcx_explore_find or bcx_explore_text call (the
 * array may move as it grows); copy what you keep. */
const bcx_explore_node *bcx_explore_node_at(const bcx_explore *e, size_t i);

/* Produce the children of a lazy node (decoding its body); a node that is
 * not lazy is left as it is. A body that does not decode returns its
 * reader's status and diagnostic, and the node stays without children. */
BCX_NODISCARD bcx_status bcx_explore_expand(bcx_explore *e, size_t node, bcx_diag *diag);

/* The deepest node whose range holds byte `offset`, expanding lazy nodes on
 * the way (the node under a clicked byte); *node receives its index (0
 * when only the file holds it). A lazy node whose body does not decode is
 * the answer for its bytes (diag then holds the body's error); only
 * BCX_ERR_NOMEM fails the call. */
BCX_NODISCARD bcx_status bcx_explore_find(bcx_explore *e, uint64_t offset, size_t *node,
					  bcx_diag *diag);

/* Where an op's text came from: text[text_begin, text_end) is the op's first
 * line (its name, operands and attributes), node the op's node. */
typedef struct bcx_explore_span {
	uint64_t text_begin, text_end;
	uint32_t node;
} bcx_explore_span;

/* The text form (bcx dis's; the analyzer's report for a bitstream, the dump
 * for TBON). Tile IR: the function that holds `node` (node 0, or a node
 * outside every function: the whole module); the others: the whole file.
 * With one span per op printed, in text order (Tile IR and MLIR bytecode;
 * a bitstream's and TBON's text has none). Produces the nodes the spans
 * name (MLIR bytecode: every isolated region is decoded and stays so).
 * The text and spans are valid until the next call. */
typedef struct bcx_explore_text {
	const char *text;
	size_t len;
	const bcx_explore_span *spans;
	size_t n_spans;
} bcx_explore_text;
BCX_NODISCARD bcx_status bcx_explore_get_text(bcx_explore *e, size_t node,
					      bcx_explore_text *out, bcx_diag *diag);

/* One finding of the format's verifier (Tile IR: bcx verify's rules; the
 * others: the first error of a full read). */
typedef struct bcx_explore_finding {
	uint64_t offset;       /* byte offset, or bit offset when bits */
	bool bits;
	bool warning;
	const char *message;   /* "'cuda_tile.addf' op operand #0 must be ..." */
	const char *where;     /* "function 'k', op for#3/addf#0", or "" */
} bcx_explore_finding;

/* Run the verifier (decoding every body) and keep its findings;
 * *n_findings receives their count. BCX_OK even when there are findings:
 * only a failure to verify at all (no memory) is an error. */
BCX_NODISCARD bcx_status bcx_explore_check(bcx_explore *e, size_t *n_findings, bcx_diag *diag);
/* Finding i of the last bcx_explore_check, or NULL. */
const bcx_explore_finding *bcx_explore_finding_at(const bcx_explore *e, size_t i);

BCX_END_DECLS
#endif /* BCX_EXPLORE_H */
