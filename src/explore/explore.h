/* The explorer's internals (bcx/explore.h): the node store every format
 * fills, and one row of hooks per format. Not installed. */
#ifndef BCX_EXPLORE_INTERNAL_H
#define BCX_EXPLORE_INTERNAL_H

#include "bcx/explore.h"
#include "common/internal.h"

typedef struct bcx_explore bcx_explore;

/* What a format's hooks keep per node: the model item the node shows (an
 * op, a value) and a number (a function index). */
typedef struct xp_ref {
	const void *p;
	uint64_t i;
} xp_ref;

/* One format: open fills the first nodes below node 0; the others may be
 * NULL (no lazy nodes, no text, nothing to verify). */
typedef struct xp_format {
	const char *name;
	bool (*sniff)(const uint8_t *data, size_t size);
	bcx_status (*open)(bcx_explore *e, bcx_diag *d);
	bcx_status (*expand)(bcx_explore *e, uint32_t node, bcx_diag *d);
	bcx_status (*text)(bcx_explore *e, uint32_t node, bcx_diag *d);
	bcx_status (*check)(bcx_explore *e, bcx_diag *d);
	void (*close)(bcx_explore *e);
} xp_format;

struct bcx_explore {
	const bcx_allocator *alloc;
	bcx_arena *arena;            /* labels and findings */
	const uint8_t *data;
	size_t size;
	bcx_limits limits;
	const xp_format *fmt;
	void *state;                 /* the format's module */
	bcx_explore_node *nodes;     /* the allocator's: it grows */
	xp_ref *refs;                /* one per node */
	size_t n_nodes, cap_nodes, cap_refs;
	bcx_buf text;                /* the last text asked for */
	bcx_explore_span *spans;
	size_t n_spans, cap_spans;
	bcx_explore_finding *findings;
	size_t n_findings, cap_findings;
};

extern const xp_format xp_tileir, xp_mlirbc, xp_bitstream, xp_tbon;

/* Append a node under parent (its last child); *out (may be NULL) gets its
 * index. label is copied. */
bcx_status xp_add(bcx_explore *e, uint32_t parent, const char *kind, const char *label,
		  uint64_t begin, uint64_t end, xp_ref ref, uint32_t *out, bcx_diag *d);
/* The same with a printf label. */
bcx_status xp_addf(bcx_explore *e, uint32_t parent, const char *kind, uint64_t begin,
		   uint64_t end, xp_ref ref, uint32_t *out, bcx_diag *d, const char *fmt, ...)
	BCX_PRINTF(9, 10);
/* Up to cap bytes of s as a label: printable ASCII kept, others as '.',
 * "..." when cut. */
void xp_quote(char *dst, size_t dst_size, const uint8_t *s, size_t n);
/* Append a span to the text's list. */
bcx_status xp_span(bcx_explore *e, uint64_t text_begin, uint32_t node, bcx_diag *d);
/* Append a finding (message and where copied). */
bcx_status xp_finding(bcx_explore *e, uint64_t offset, bool bits, bool warning,
		      const char *message, const char *where, bcx_diag *d);
/* Model op -> its node, over the nodes of kind "op" (a hash table: the
 * text of a module links each op in one pass). */
typedef struct xp_op_map {
	bcx_explore *e;
	const void **keys;
	uint32_t *vals;
	size_t cap;
	bcx_status status;   /* of the spans added through it */
} xp_op_map;
bcx_status xp_op_map_build(xp_op_map *t, bcx_explore *e, bcx_diag *d);
void xp_op_map_free(xp_op_map *t);
/* A printer's "op's line begins" hook: a span for op (when it has a node)
 * at the text the sink got plus pending bytes not handed over yet. */
void xp_op_span(xp_op_map *t, const void *op, size_t pending);
/* A sink that appends to e->text. */
bcx_sink xp_text_sink(bcx_explore *e);

#endif
