/* The bytecode writer's state, shared by write.c (numbering, ordering, the
 * table sections) and write_ir.c (what each op writes, the IR section).
 * Not installed. */
#ifndef BCX_MLIRBC_WWRITER_H
#define BCX_MLIRBC_WWRITER_H

#include "wmodel.h"

typedef struct mw_list {
	uint32_t *v;
	uint32_t n;
	size_t cap;
} mw_list;

typedef struct mw_writer {
	mw_module *m;
	unsigned v;                 /* target version */
	mw_list attrs, types, names, dialects; /* in numbering order, then final */
	uint32_t *str_index;        /* per string id: output index + 1, 0 unused */
	mw_list strs;               /* string ids in output order */
	uint32_t next_value;
	mw_table props;             /* properties entries, deduplicated */
	bcx_buf pbuf;               /* one properties entry being encoded */
	uint32_t unknown_loc;       /* UnknownLoc entry (block arguments without one) */
	uint32_t nhandles;          /* dialect resources handed out */
	mw_named *plist;            /* the properties of the op being prepared */
	size_t cplist;
} mw_writer;

bool mw_list_push(mw_writer *w, mw_list *l, uint32_t v);
/* The output index of string id s (given out on first use). */
uint32_t mw_str_out(mw_writer *w, uint32_t s);
/* The final index of a location (an entry or an own location). */
uint32_t mw_loc_index(const mw_writer *w, uint32_t loc);
/* Append an entry's or a properties template's bytes with every reference
 * resolved to its final index. */
void mw_emit_template(mw_writer *w, bcx_buf *b, const uint8_t *tpl, uint32_t n);
/* A section: id, length, [alignment, 0xCB padding], data; alignment at the
 * absolute offset of dst (dst starts the file or the enclosing section). */
void mw_emit_section(bcx_buf *dst, unsigned id, const bcx_buf *data, uint64_t align);
/* A section of alignment 1 written into dst in place: open gives the
 * place of its length, close (after the body) writes it there. */
size_t mw_section_open(bcx_buf *dst, unsigned id);
void mw_section_close(bcx_buf *dst, size_t at);

/* write_ir.c */
/* For every op: the dictionary and properties the target version writes. */
bcx_status mw_prepare_ops(mw_writer *w);
/* Which ops are isolated (spec §10.3: no nested op uses an outer value). */
void mw_find_isolated(mw_module *m);
void mw_write_ir(mw_writer *w, bcx_buf *out);
void mw_write_properties(mw_writer *w, bcx_buf *out);

#endif
