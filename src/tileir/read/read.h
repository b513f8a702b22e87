/* Reader internals shared by the read_*.c files. */
#ifndef BCX_TILEIR_READ_H
#define BCX_TILEIR_READ_H

#include "tileir/model/internal.h"

/* A cursor over one section's payload (offsets stay file offsets). */
bool tir_section_cursor(bcx_tileir_module *m, unsigned id, bcx_cursor *c, bcx_diag *diag);

/* Read a varint that must fit below `limit` (exclusive); on failure the
 * cursor fails with "what". */
uint32_t tir_index(bcx_cursor *c, uint64_t limit, const char *what);
/* Count, padding and offset table of the string/type/constant/debug tables;
 * `lazy`: entry ranges are checked on use, not here. */
bool tir_table_head(bcx_cursor *c, unsigned width, unsigned align, const char *what,
		    bool lazy, bcx_arena *arena, uint32_t *n, uint64_t **offs);

/* Types (§7.1): every record is decoded when the table is read, but an
 * invalid one is an error only where it is used, as in the reference's
 * lazy type table. tir_type_index reads a type index and refuses an
 * invalid type with the reason; tir_type_why says why type t is invalid. */
bool tir_decode_type(bcx_tileir_module *m, uint32_t i, bcx_tileir_type *t, bcx_diag *diag);
bool tir_verify_type(bcx_tileir_module *m, uint32_t i, bcx_cursor *c);
bcx_status tir_type_propagate(bcx_tileir_module *m, bcx_diag *diag);
uint32_t tir_type_index(bcx_tileir_module *m, bcx_cursor *c, const char *what);
bool tir_type_refuse(bcx_tileir_module *m, bcx_cursor *c, size_t at, uint32_t t,
		     const char *what);
void tir_type_why(bcx_tileir_module *m, uint32_t t, bcx_diag *why);

/* A string index: in range and with a well-formed offset range. */
uint32_t tir_str_index(bcx_tileir_module *m, bcx_cursor *c, const char *what);
bool tir_string_ok(const bcx_tileir_module *m, uint64_t i);

/* A count that each element of which needs at least min_bytes bytes. */
uint32_t tir_count(bcx_cursor *c, size_t min_bytes, const char *what);

bcx_status tir_read_strings(bcx_tileir_module *m, bcx_diag *diag);
bcx_status tir_read_types(bcx_tileir_module *m, bcx_diag *diag);
bcx_status tir_read_constants(bcx_tileir_module *m, bcx_diag *diag);
bcx_status tir_read_globals(bcx_tileir_module *m, bcx_diag *diag);
bcx_status tir_read_producer(bcx_tileir_module *m, bcx_diag *diag);
bcx_status tir_read_debug(bcx_tileir_module *m, bcx_diag *diag);
bcx_status tir_read_functions(bcx_tileir_module *m, bcx_diag *diag);

/* Attributes (read_attr.c). depth counts nesting. */
bool tir_read_attr_tagged(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a,
			  unsigned depth);
bool tir_read_array_payload(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a,
			    unsigned depth);
bool tir_read_dict(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a, uint8_t kind,
		   unsigned depth);
bool tir_read_inline_attr(bcx_tileir_module *m, bcx_cursor *c, const bcx_tileir_field *f,
			  uint32_t first_result_type, bcx_tileir_attr *a);

/* Dense data check/decoding (dense.c). */
bcx_status tir_dense_check(const bcx_tileir_module *m, uint32_t type, uint32_t index,
			   bcx_cursor *c);
bool tir_is_int_type(const bcx_tileir_module *m, uint32_t type);
bool tir_is_float_type(const bcx_tileir_module *m, uint32_t type);

/* A validated dense buffer read element by element, without copying. */
typedef struct tir_dense {
	unsigned tag;      /* element type tag */
	unsigned layout;   /* splat, full, packed (dense.c) */
	uint64_t n;        /* elements of the tile type */
	bool splat;        /* MLIR holds it as a splat: print one value */
	bcx_tileir_str data;
} tir_dense;
bool tir_dense_open(const bcx_tileir_module *m, uint32_t type, uint32_t index, tir_dense *v);
/* The elements of constant `index` under tile type `type`, checked, as raw
 * element bytes appended to raw: one element when the buffer was a splat,
 * else all; each (bits + 7) / 8 bytes little-endian (i1: 0 or 1). *count
 * receives the tile's element count. */
bcx_status tir_dense_raw(const bcx_tileir_module *m, uint32_t type, uint32_t index, bcx_buf *raw,
			 uint64_t *count, bcx_diag *diag);
/* MLIR's dense storage (spec §8.2, §8.4) of count elements of scalar `tag`
 * from raw element bytes (n bytes: one element, a splat, or all of them):
 * one element when all are equal; i1 as packed bits, or one byte each
 * with i1_bytes. The one encoder of the builder and the writer. */
void tir_dense_encode(bcx_buf *b, unsigned tag, uint64_t count, const uint8_t *raw, size_t n,
		      bool i1_bytes);
uint64_t tir_dense_get(const tir_dense *v, uint64_t k);

#endif
