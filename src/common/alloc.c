/* The default allocator and the arena (a bump allocator over blocks taken
 * from a caller-supplied allocator, all freed at once). */
#include "common/internal.h"

#include <stdlib.h>
#include <string.h>

static void *libc_alloc(void *ctx, void *ptr, size_t old_size, size_t new_size)
{
	(void)ctx;
	(void)old_size;
	if (new_size == 0) {
		free(ptr);
		return NULL;
	}
	return realloc(ptr, new_size);
}

static const bcx_allocator default_allocator = {libc_alloc, NULL};

const bcx_allocator *bcx_default_allocator(void) { return &default_allocator; }

static const bcx_allocator *pick(const bcx_allocator *a)
{
	return a && a->fn ? a : &default_allocator;
}

void *bcx_alloc(const bcx_allocator *a, size_t size)
{
	a = pick(a);
	return a->fn(a->ctx, NULL, 0, size ? size : 1);
}

void *bcx_realloc(const bcx_allocator *a, void *p, size_t old_size, size_t new_size)
{
	a = pick(a);
	return a->fn(a->ctx, p, old_size, new_size ? new_size : 1);
}

void bcx_free(const bcx_allocator *a, void *p, size_t size)
{
	if (!p)
		return;
	a = pick(a);
	a->fn(a->ctx, p, size, 0);
}

/* ---- arena ---- */

enum { ARENA_ALIGN = 16, ARENA_MIN_BLOCK = 4096 };

typedef struct arena_block {
	struct arena_block *next;
	size_t size; /* whole block, header included */
} arena_block;

/* Header rounded up so payloads stay 16-byte aligned. */
#define BLOCK_HDR ((sizeof(arena_block) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1))

struct bcx_arena {
	bcx_allocator alloc;
	arena_block *blocks;
	uint8_t *ptr;      /* next free byte in the current block */
	size_t avail;      /* bytes left in the current block */
	size_t next_size;  /* size of the next block (doubles, capped) */
	size_t footprint;
	size_t used;       /* bytes handed out, rounding included */
	size_t self_size;  /* nonzero: this struct heads a chunk of that many
			      bytes that also holds the oldest block */
};

bcx_arena *bcx_arena_new(const bcx_allocator *a)
{
	a = pick(a);
	bcx_arena *ar = a->fn(a->ctx, NULL, 0, sizeof *ar);
	if (!ar)
		return NULL;
	memset(ar, 0, sizeof *ar);
	ar->alloc = *a;
	ar->next_size = ARENA_MIN_BLOCK;
	ar->footprint = sizeof *ar;
	return ar;
}

void bcx_arena_free(bcx_arena *ar)
{
	if (!ar)
		return;
	bcx_allocator a = ar->alloc;
	arena_block *b = ar->blocks;
	while (b) {
		arena_block *next = b->next;
		if (!(ar->self_size && !next)) /* the oldest shares ar's chunk */
			a.fn(a.ctx, b, b->size, 0);
		b = next;
	}
	a.fn(a.ctx, ar, ar->self_size ? ar->self_size : sizeof *ar, 0);
}

/* The arena and its first block in one allocation: many small arenas
 * (one per decoded function body) then cost one malloc each. */
bcx_arena *bcx_arena_new_sized(const bcx_allocator *a, size_t first)
{
	a = pick(a);
	size_t head = (sizeof(bcx_arena) + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	size_t total;
	if (first < 256)
		first = 256;
	if (!bcx_add_ok(head + BLOCK_HDR, first, &total))
		return NULL;
	uint8_t *chunk = a->fn(a->ctx, NULL, 0, total);
	if (!chunk)
		return NULL;
	bcx_arena *ar = (bcx_arena *)(void *)chunk;
	memset(ar, 0, sizeof *ar);
	ar->alloc = *a;
	arena_block *b = (arena_block *)(void *)(chunk + head);
	b->next = NULL;
	b->size = total - head;
	ar->blocks = b;
	ar->ptr = (uint8_t *)b + BLOCK_HDR;
	ar->avail = first;
	ar->next_size = first < ARENA_MIN_BLOCK ? ARENA_MIN_BLOCK : first;
	ar->self_size = total;
	ar->footprint = total;
	return ar;
}

static bool arena_new_block(bcx_arena *ar, size_t need)
{
	size_t size = ar->next_size;
	size_t want;
	if (!bcx_add_ok(need, BLOCK_HDR, &want))
		return false;
	if (size < want)
		size = want;
	arena_block *b = ar->alloc.fn(ar->alloc.ctx, NULL, 0, size);
	if (!b)
		return false;
	b->next = ar->blocks;
	b->size = size;
	ar->blocks = b;
	ar->ptr = (uint8_t *)b + BLOCK_HDR;
	ar->avail = size - BLOCK_HDR;
	ar->footprint += size;
	if (ar->next_size < ((size_t)1 << 20))
		ar->next_size *= 2;
	return true;
}

void *bcx_arena_alloc(bcx_arena *ar, size_t size)
{
	size_t rounded;
	if (!bcx_add_ok(size ? size : 1, ARENA_ALIGN - 1, &rounded))
		return NULL;
	rounded &= ~(size_t)(ARENA_ALIGN - 1);
	if (rounded > ar->avail && !arena_new_block(ar, rounded))
		return NULL;
	void *p = ar->ptr;
	ar->ptr += rounded;
	ar->avail -= rounded;
	ar->used += rounded;
	return p;
}

void *bcx_arena_calloc(bcx_arena *ar, size_t n, size_t size)
{
	size_t total;
	if (!bcx_mul_ok(n, size, &total))
		return NULL;
	void *p = bcx_arena_alloc(ar, total);
	if (p)
		memset(p, 0, total);
	return p;
}

char *bcx_arena_memdup(bcx_arena *ar, const void *p, size_t n)
{
	size_t total;
	if (!bcx_add_ok(n, 1, &total))
		return NULL;
	char *s = bcx_arena_alloc(ar, total);
	if (!s)
		return NULL;
	if (n)
		memcpy(s, p, n);
	s[n] = '\0';
	return s;
}

void *bcx_arena_grow(bcx_arena *ar, const void *old, size_t old_n, size_t new_n, size_t size)
{
	size_t total;
	if (new_n < old_n || !bcx_mul_ok(new_n, size, &total))
		return NULL;
	void *p = bcx_arena_alloc(ar, total);
	if (p && old_n)
		memcpy(p, old, old_n * size);
	return p;
}

size_t bcx_arena_footprint(const bcx_arena *ar) { return ar->footprint; }

size_t bcx_arena_used(const bcx_arena *ar) { return ar->used; }

const bcx_allocator *bcx_arena_allocator(const bcx_arena *ar) { return &ar->alloc; }

/* The one growth step of both kinds of array: the capacity doubles from
 * first (or from the capacity there is) until index n fits. An arena's
 * array moves to a new block, whose new slots are zeroed (the old block
 * stays in the arena); an allocator's is reallocated in place. */
static bool room(bcx_arena *arena, const bcx_allocator *a, void *arrp, size_t n, size_t *cap,
		 size_t elem, size_t first)
{
	if (n < *cap)
		return true;
	size_t ncap = *cap ? *cap : first ? first : 1, bytes;
	while (ncap <= n && ncap <= SIZE_MAX / 2)
		ncap *= 2;
	if (ncap <= n || !bcx_mul_ok(ncap, elem, &bytes))
		return false;
	void *old, *grown;
	memcpy(&old, arrp, sizeof old); /* arrp points to a T*, whatever T is */
	if (arena) {
		grown = bcx_arena_grow(arena, old, *cap, ncap, elem);
		if (grown)
			memset((uint8_t *)grown + *cap * elem, 0, bytes - *cap * elem);
	} else {
		grown = bcx_realloc(a, old, *cap * elem, bytes);
	}
	if (!grown)
		return false;
	memcpy(arrp, &grown, sizeof grown);
	*cap = ncap;
	return true;
}

bool bcx_vec_room_from(bcx_arena *arena, void *arrp, size_t n, size_t *cap, size_t elem,
		       size_t first)
{
	return room(arena, NULL, arrp, n, cap, elem, first);
}

bool bcx_vec_room(bcx_arena *arena, void *arrp, size_t n, size_t *cap, size_t elem)
{
	return room(arena, NULL, arrp, n, cap, elem, 8);
}

bool bcx_heap_room(const bcx_allocator *a, void *arrp, size_t n, size_t *cap, size_t elem,
		   size_t first)
{
	return room(NULL, a, arrp, n, cap, elem, first);
}
