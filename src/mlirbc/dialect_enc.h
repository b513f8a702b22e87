/* Other dialects' attribute and type encodings from their TableGen
 * bytecode definitions (dialect_enc.def): walking an entry's fields. Not
 * installed. */
#ifndef BCX_MLIRBC_DIALECT_ENC_H
#define BCX_MLIRBC_DIALECT_ENC_H

#include "internal.h"

/* One field of an entry, in wire order. */
typedef struct mbc_dfield {
	char code;        /* dialect_enc.def's code; 'k' the kind code, '#' a count */
	uint32_t off, len;/* its bytes in the entry */
	uint64_t value;   /* the number or index ('A': the index; '#': the count) */
	bool present;     /* 'A' and '?' counts: not absent */
} mbc_dfield;

typedef void (*mbc_dfield_fn)(void *ctx, const mbc_dfield *f);

/* Call fn for every field of the entry p[0..n) of a dialect (name
 * dialect[0..dn)); *name (when given) is the kind's name. False when the
 * dialect has no such kind or the bytes do not hold exactly its fields
 * (fn may have been called for some fields by then). */
bool mbc_denc_walk(const uint8_t *dialect, size_t dn, bool type, const uint8_t *p, size_t n,
		   mbc_dfield_fn fn, void *ctx, const char **name);

/* The wire fields of a kind (dialect_enc.def's codes), NULL unknown. */
const char *mbc_denc_spec(const uint8_t *dialect, size_t dn, bool type, uint64_t code);

/* The same walk collecting the fields into an array allocated from a
 * (*f, *n of *cap; free it with mbc_denc_free); false (nothing kept) as
 * mbc_denc_walk, or when out of memory. */
bool mbc_denc_collect(const bcx_allocator *a, const uint8_t *dialect, size_t dn, bool type,
		      const uint8_t *p, size_t n, mbc_dfield **f, size_t *nf, size_t *cap);
void mbc_denc_free(const bcx_allocator *a, mbc_dfield *f, size_t cap);

/* convert_dialect.c: how bcx convert maps the read module's indices. */
typedef struct mw_module mw_module;
typedef struct mbc_remap {
	void *ctx;
	uint32_t (*str)(void *ctx, uint32_t i);            /* string -> model string */
	uint32_t (*ent)(void *ctx, bool type, uint32_t i); /* entry -> model entry */
} mbc_remap;
/* Add to the template being built the raw entry e with its indices as
 * references; false (nothing added) when its encoding is not known or an
 * index is out of range: then its bytes are kept as they are. */
bool mbc_remap_dialect(mbc_module *r, mw_module *m, const mbc_ent *e, const mbc_remap *rm);

#endif
