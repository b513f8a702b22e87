/* Building Tile IR files laid out the way the Python and Julia front ends
 * (cutile-python, cuTile.jl) write them, for the interoperability test.
 * docs/formats/tileir.md, "Other producers", lists the facts. */
#ifndef BCX_TEST_TILEIR_INTEROP_BUILD_H
#define BCX_TEST_TILEIR_INTEROP_BUILD_H

#include "bcx/core.h"

#define IB_MAX_ITEMS 64
#define IB_MAX_LISTS 4

/* One table (strings, types, constants, debug records): the entries'
 * bytes back to back and where each starts. */
typedef struct ib_items {
	bcx_buf data;
	size_t start[IB_MAX_ITEMS];
	size_t count;
} ib_items;

typedef struct ib_module {
	uint8_t minor;     /* 13.minor */
	uint16_t tag;
	size_t n_funcs;
	bcx_buf funcs;     /* function entries, without the count */
	bool has_globals;
	size_t n_globals;
	bcx_buf globals;   /* global entries, without the count */
	ib_items strings, types, consts, records;
	uint64_t lists[IB_MAX_LISTS][16];
	size_t list_len[IB_MAX_LISTS];
	size_t n_lists;
} ib_module;

void ib_init(ib_module *m, uint8_t minor);
void ib_free(ib_module *m);
/* Append one entry; returns its index. */
size_t ib_add(ib_items *t, const void *p, size_t n);
/* A function entry: name, signature, flags, debug list number, hints
 * bytes (tag 0x0b first) or NULL, and the body. */
void ib_func(ib_module *m, size_t name, size_t sig, uint8_t flags, size_t loc,
	     const void *hints, size_t hints_len, const void *body, size_t body_len);
/* A debug list (function location, then one per op); returns its number. */
size_t ib_list(ib_module *m, const uint64_t *refs, size_t n);
/*
 * The file: header, then the sections in the front ends' order (function,
 * global when there are globals, constant and debug always, type, string,
 * end marker), 0xCB padding, no trailing padding in the function section,
 * a tag-0 debug record when there is none.
 */
void ib_finish(ib_module *m, bcx_buf *out);

#endif
