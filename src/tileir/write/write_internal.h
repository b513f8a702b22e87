/* Internals of the Tile IR writer: the interning tables (strings, types,
 * constants, debug records), the section framing and the version gates.
 * None of this depends on the in-memory model; write_module.c walks the
 * model and feeds these pieces in the reference writer's order (spec §18). */
#ifndef BCX_TILEIR_WRITE_INTERNAL_H
#define BCX_TILEIR_WRITE_INTERNAL_H

#include "bcx/core.h"

/* Padding byte of every writer we match (spec §3.5). */
#define WR_PAD 0xCB

/* Section ids (spec §5.2). */

/*
 * A table of distinct byte strings in first-registration order, the shape
 * shared by the string, type, constant and debug tables (spec §18.3: every
 * table is keyed on exact bytes once its dependencies have indices). Keys
 * live back to back in `data`; `off[i]` is where key i starts. Lookup is an
 * open-addressing hash over the key bytes.
 */
typedef struct wr_table {
	bcx_buf data;
	size_t *off;      /* n + 1 entries once n > 0: off[n] == data.len */
	uint32_t n, cap;
	/* index + 1 in the low half (0 = empty), the key's hash in the high
	 * half: a probe compares hashes before it reads a key's bytes, which
	 * live elsewhere and cost a cache miss each */
	uint64_t *slot;
	uint32_t nslot;   /* power of two */
	const bcx_allocator *alloc;
} wr_table;

void wr_table_init(wr_table *t, const bcx_allocator *a);
void wr_table_free(wr_table *t);
/* Empty the table, keeping its memory for the next keys (the assembler's
 * value names, a function at a time). */
void wr_table_clear(wr_table *t);
/* Index of the key [p, p+n), adding it at the end when new. */
bcx_status wr_table_intern(wr_table *t, const void *p, size_t n, uint32_t *idx);
/* Look a key up without adding it. */
bool wr_table_find(const wr_table *t, const void *p, size_t n, uint32_t *idx);
static inline size_t wr_table_len(const wr_table *t, uint32_t i)
{
	return t->off[i + 1] - t->off[i];
}
static inline const uint8_t *wr_table_key(const wr_table *t, uint32_t i)
{
	return t->data.data + t->off[i];
}

/* Append a section to the file buffer `out` (which starts at file offset
 * 0): id (with bit 7 when align > 1), length, alignment, 0xCB padding to
 * `align` from the file start, payload (spec §5.1). */
/* A section with its id's alignment from tileir_sections.def. */
void wr_section(bcx_buf *out, unsigned id, const bcx_buf *payload);
/* The head of section id with a payload of len bytes (id byte, length,
 * alignment), before its padding: its length, at most WR_SECTION_HEAD_MAX. */
#define WR_SECTION_HEAD_MAX 21 /* 1 + two LEB128 numbers of at most 10 bytes */
size_t wr_section_head(uint8_t *head, unsigned id, size_t len);
/* String, type or debug-record style table payload: count, pad to 4,
 * u32 offsets, the keys (spec §6.1, §7.1). */
void wr_table_payload(bcx_buf *p, const wr_table *t, unsigned off_width,
		      unsigned count_align);
/* Length of the LEB128 varint at the start of [p, p+n). */
size_t wr_uv_len(const uint8_t *p, size_t n);
/*
 * Payload of a table whose keys start with a varint that only tells equal
 * records apart and is not written: varint count, padding to offset_bytes,
 * one little-endian offset of offset_bytes (4 or 8) per entry, then the
 * entries without their prefix. The type section uses u32 offsets (the
 * prefix separates equal records), the constant section u64 offsets (keys
 * are varint(type) + varint(size) + data; spec §8.1, §8.3).
 */
void wr_prefixed_payload(bcx_buf *p, const wr_table *t, unsigned offset_bytes);

/* Varint helpers (spec §3.2, §3.3). */
/* Most values the writer puts are indices and counts under 128: one byte
 * stored in place, where the general path copied it through a buffer. */
static inline void wr_uv(bcx_buf *b, uint64_t v)
{
	if (v < 0x80 && b->len < b->cap && b->status == BCX_OK) {
		b->data[b->len++] = (uint8_t)v;
		return;
	}
	bcx_buf_put_uleb128(b, v);
}
void wr_sv(bcx_buf *b, int64_t v);

#endif

/* ---- the writer's state over a module (write_*.c) ---- */
#ifndef BCX_TILEIR_WRITE_CTX
#define BCX_TILEIR_WRITE_CTX
#include "tileir/read/read.h"
#include "tileir/model/gates.h"

typedef struct wctx {
	bcx_tileir_module *m;     /* read or built: bodies are decoded on demand */
	const bcx_allocator *alloc;
	uint16_t target;          /* BCX_TILEIR_V(13, minor) */
	unsigned minor;
	bool i1_bytes;            /* i1 dense data one byte per element (§8.4) */
	bcx_diag *d;
	bcx_status st;            /* first failure */
	wr_table strings, types, consts, debug;
	uint32_t *type_map;       /* model type index -> wire index + 1 (0 = none) */
	uint32_t *const_map;      /* model constant -> wire index + 1, when written */
	uint32_t *const_type;     /* ... under this model type */
	/* Equal records that the model keeps apart (a file's ui64 next to its
	 * i64, two call sites of equal fields) stay apart on the wire: the
	 * first model index of each content is its owner, later ones add
	 * their own index to the key (§18 byte order). */
	wr_table type_content, rec_content;
	uint32_t *type_owner;     /* type_content index -> model index + 1 */
	uint64_t *rec_owner;      /* rec_content index -> record reference */
	/* debug lists (§11) */
	bcx_buf refs;             /* u64 refs of all lists, little-endian */
	uint32_t *list_start;
	uint32_t n_lists;
	size_t cap_lists;
	bool fn_has_list;
	/* value scope of the function being written (§15.1) */
	uint32_t *wire;           /* value id -> wire index + 1 (0 = not in scope) */
	uint32_t *stack;          /* value ids in push order */
	uint32_t sp, n_values;
	uint8_t *used;            /* value id has users (filled on first need) */
	bool used_ready;          /* used[] describes the current function */
	const bcx_tileir_block *fn_block; /* the current function's body */
	size_t cap_values;        /* capacity of wire/stack/used, reused per function */
	bcx_buf key, data, raw; /* scratch buffers reused across calls */
	bcx_limits limits;
	unsigned depth;           /* region nesting */
	unsigned nest;            /* attribute or debug record recursion */
	unsigned tnest;           /* type recursion (inside attributes too) */
} wctx;

bool wr_fail(wctx *w, bcx_status code, const char *fmt, ...) BCX_PRINTF(3, 4);
static inline bool wr_ok(const wctx *w) { return w->st == BCX_OK; }
/* Is a feature that appeared in version `since` newer than the target? */
static inline bool wr_later(const wctx *w, uint16_t since) { return since > w->target; }
uint32_t wr_str(wctx *w, const void *p, size_t n);
/* String `idx` of the model. */
uint32_t wr_mstr(wctx *w, uint32_t idx);
/* Model type t (BCX_TILEIR_TYPE_IMPLICIT_TOKEN: the token type). */
uint32_t wr_type(wctx *w, uint32_t t);
/* The scalar or token type of `tag`, whether or not the model has it. */
uint32_t wr_type_tag(wctx *w, unsigned tag);
/* Refuse types newer than the target (checked when the type table is
 * written, as the reference does). */
bool wr_check_types(wctx *w);
/* Constant `index` under tile type `type`, in the target's encoding. */
uint32_t wr_const(wctx *w, uint32_t type, uint32_t index);
/* 1-based wire index of debug record reference ref (0: unknown). */
uint32_t wr_loc(wctx *w, uint64_t ref);
void wr_debug_payload(wctx *w, bcx_buf *p);
void wr_attr_sc(wctx *w, bcx_buf *b, const bcx_tileir_attr *a);
void wr_dict_body(wctx *w, bcx_buf *b, const bcx_tileir_attr *dict);
void wr_block_ops(wctx *w, bcx_buf *b, const bcx_tileir_block *blk, bool header);
/* Does value v of the current function have users? */
bool wr_used(wctx *w, uint32_t v);
#endif
