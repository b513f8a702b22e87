/* Idioms every format's code shares (internal, never exported):
 *  - BCX_TRY / BCX_FAIL_IF: the one early-return style over bcx_diag;
 *  - bcx_bad_arg / bcx_nomem: the two failures every constructor reports;
 *  - bcx_vec_room: the one growable-array step for arena arrays;
 *  - bcx_hash_bytes: the one hash of byte strings for hash tables;
 *  - bcx_buf_vprintf: bcx_buf_printf for callers with their own va_list. */
#ifndef BCX_COMMON_INTERNAL_H
#define BCX_COMMON_INTERNAL_H

#include "bcx/core.h"

#include <stdarg.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define BCX_LIKELY(x) __builtin_expect(!!(x), 1)
#define BCX_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define BCX_PREFETCH(p) __builtin_prefetch(p)
#else
#define BCX_LIKELY(x) (x)
#define BCX_UNLIKELY(x) (x)
#define BCX_PREFETCH(p) ((void)(p))
#endif

/* bcx_buf_printf with a va_list the caller started and ends. */
void bcx_buf_vprintf(bcx_buf *w, const char *fmt, va_list ap) BCX_PRINTF(2, 0);

/* Return the status of expr when it is not BCX_OK. */
#define BCX_TRY(expr)                                        \
	do {                                                 \
		bcx_status bcx_try_status_ = (expr);          \
		if (bcx_try_status_ != BCX_OK)                \
			return bcx_try_status_;               \
	} while (0)

/* When cond holds, fill diag (first failure wins) and return code. offset
 * is the byte offset in the input, or -1 when there is none. */
#define BCX_FAIL_IF(cond, diag, code, offset, ...)                         \
	do {                                                               \
		if (cond)                                                  \
			return bcx_diag_set((diag), (code), (offset), __VA_ARGS__); \
	} while (0)

/* The one hash of a byte string for hash tables: a multiply-xorshift mix
 * eight bytes at a time (a byte-at-a-time hash shows in the parsers'
 * profiles). Only slots may depend on it, never an order anyone sees. */
static inline uint64_t bcx_hash_bytes(const void *data, size_t n)
{
	const unsigned char *p = data;
	uint64_t h = 0x9e3779b97f4a7c15u ^ n, w;
	for (; n >= 8; p += 8, n -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9u;
		h ^= h >> 31;
	}
	w = 0;
	if (n)
		memcpy(&w, p, n);
	h = (h ^ w) * 0x94d049bb133111ebu;
	return h ^ (h >> 29);
}

/* The two failures every constructor reports: a bad argument (a message
 * for the caller) and an exhausted allocator. Both return the status. */
static inline bcx_status bcx_bad_arg(bcx_diag *d, const char *msg)
{
	return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "%s", msg);
}
static inline bcx_status bcx_nomem(bcx_diag *d)
{
	return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
}

/*
 * Make room for index n in an arena array: *arrp (a pointer to the array
 * pointer, of any element type) has *cap slots. When n does not fit, the
 * capacity doubles from first (from *cap when there are slots already)
 * until it does, into a new arena block whose new slots are zero. Returns
 * false on size overflow or when out of memory; nothing changes then.
 */
bool bcx_vec_room_from(bcx_arena *arena, void *arrp, size_t n, size_t *cap, size_t elem,
		       size_t first);
/* The same, 8 slots at first: the usual step for a growing list. */
bool bcx_vec_room(bcx_arena *arena, void *arrp, size_t n, size_t *cap, size_t elem);
/*
 * The same step for an array of allocator a's (realloc'd in place, freed by
 * its owner): the capacity doubles from first until index n fits. The
 * arrays that grow to the input's size (ops, values, tree nodes) use it,
 * since an arena keeps every outgrown copy.
 */
bool bcx_heap_room(const bcx_allocator *a, void *arrp, size_t n, size_t *cap, size_t elem,
		   size_t first);

/* v in decimal at out (no NUL), as printf's %llu would write it; the
 * count of digits. */
#define BCX_UDEC_MAX 20
size_t bcx_fmt_udec(char out[BCX_UDEC_MAX], uint64_t v);
/* v in decimal, as printf's %llu / %lld would write it. */
void bcx_buf_put_udec(bcx_buf *w, uint64_t v);
void bcx_buf_put_idec(bcx_buf *w, int64_t v);
/* The printers' hot path, inline: n bytes into a buffer that has room
 * (bcx_buf_put_bytes otherwise). */
static inline void bcx_buf_add(bcx_buf *w, const void *p, size_t n)
{
	/* n - 1 wraps for n == 0, which takes the slow path: memcpy must not
	 * see the NULL data of an empty buffer, even for no bytes. */
	if (n - 1 < w->cap - w->len && w->status == BCX_OK) {
		memcpy(w->data + w->len, p, n);
		w->len += n;
	} else {
		bcx_buf_put_bytes(w, p, n);
	}
}
static inline void bcx_buf_add_u8(bcx_buf *w, uint8_t c)
{
	if (w->len < w->cap && w->status == BCX_OK)
		w->data[w->len++] = c;
	else
		bcx_buf_put_bytes(w, &c, 1);
}
/* A string literal, its length known when compiling (no strlen). */
#define BCX_BUF_LIT(w, lit) bcx_buf_add((w), "" lit, sizeof(lit) - 1)
/* bcx_cur_uleb128 with its one-byte case inline: most counts, indices and
 * opcodes of a body fit in one byte, and decoders read millions. */
static inline uint64_t bcx_cur_uv(bcx_cursor *c, unsigned max_bits, const char *what)
{
	if (c->status == BCX_OK && c->p != c->end && *c->p < 0x80 && max_bits >= 7)
		return *c->p++;
	return bcx_cur_uleb128(c, max_bits, what);
}
/* Room for n more bytes if memory allows, never an error: a size hint. */
void bcx_buf_reserve_hint(bcx_buf *w, size_t n);
/* A new arena whose struct and first block (of first bytes, at least 256)
 * are one allocation. NULL when out of memory. */
bcx_arena *bcx_arena_new_sized(const bcx_allocator *a, size_t first);
/* Bytes handed out so far (what an owner learns its next size from). */
size_t bcx_arena_used(const bcx_arena *arena);
#define BCX_VEC_ROOM(arena, arr, n, cap) \
	bcx_vec_room((arena), (void *)&(arr), (n), &(cap), sizeof *(arr))

#endif
