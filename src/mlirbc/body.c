/* One isolated region at a time: a lazy op's regions decoded into a pool
 * that is rewound, not freed, when they are released (bodies nest: a
 * module's functions are loaded while the module is). A fresh arena per
 * body made the heap grow and shrink with every body, each time faulting
 * its pages in again; the pool keeps the few chunks the deepest nest of
 * bodies needed. */
#include "internal.h"

#include <string.h>

struct mbc_chunk {
	mbc_chunk *next;
	size_t size, used;    /* payload bytes */
};

/* The header rounded up so payloads stay 16-byte aligned. */
#define CHUNK_HDR ((sizeof(mbc_chunk) + 15) & ~(size_t)15)
#define CHUNK_MIN ((size_t)64 * 1024)

void *mbc_pool_alloc(mbc_pool *p, size_t size)
{
	if (size > SIZE_MAX - 15 - CHUNK_HDR)
		return NULL;
	size = (size + 15) & ~(size_t)15;
	/* chunks after cur are empty since the last reset */
	mbc_chunk *last = NULL;
	for (mbc_chunk *c = p->cur; c; c = c->next) {
		if (c->size - c->used >= size) {
			p->cur = c;
			void *q = (uint8_t *)c + CHUNK_HDR + c->used;
			c->used += size;
			return q;
		}
		last = c;
	}
	size_t n = size > CHUNK_MIN ? size : CHUNK_MIN;
	mbc_chunk *c = bcx_alloc(p->a, CHUNK_HDR + n);
	if (!c)
		return NULL;
	*c = (mbc_chunk){NULL, n, size};
	if (last)
		last->next = c;
	else if (p->head) {
		mbc_chunk *t = p->head;
		while (t->next)
			t = t->next;
		t->next = c;
	} else {
		p->head = c;
	}
	p->cur = c;
	return (uint8_t *)c + CHUNK_HDR;
}

mbc_pool_mark mbc_pool_tell(const mbc_pool *p)
{
	return (mbc_pool_mark){p->cur, p->cur ? p->cur->used : 0};
}

void mbc_pool_rewind(mbc_pool *p, mbc_pool_mark mk)
{
	mbc_chunk *c = mk.chunk ? mk.chunk : p->head;
	if (!c)
		return;
	p->cur = c;
	c->used = mk.chunk ? mk.used : 0;
	for (c = c->next; c; c = c->next)
		c->used = 0;
}

void mbc_pool_free(mbc_pool *p)
{
	for (mbc_chunk *c = p->head, *next; c; c = next) {
		next = c->next;
		bcx_free(p->a, c, CHUNK_HDR + c->size);
	}
	p->head = p->cur = NULL;
}

bcx_status mbc_body_load(mbc_module *m, mbc_op *op, mbc_body *b, bcx_diag *diag)
{
	*b = (mbc_body){op, false, mbc_pool_tell(&m->pool), m->nvalues, m->nops, m->nlazy_loaded};
	if (!op->lazy)
		return BCX_OK; /* decoded already: nothing to release */
	m->pool.a = bcx_arena_allocator(m->arena);
	/* the packed arrays' chunk belongs to the memory it came from */
	m->in_body = true;
	m->u32_next = NULL;
	m->u32_left = 0;
	b->loaded = true;
	bcx_status s = mbc_materialize(m, op, diag);
	m->in_body = false;
	m->u32_next = NULL;
	m->u32_left = 0;
	if (s != BCX_OK)
		mbc_body_release(m, b);
	return s;
}

void mbc_body_release(mbc_module *m, mbc_body *b)
{
	mbc_op *op = b->op;
	if (!b->loaded)
		return;
	if (!op->lazy) {
		for (uint32_t i = 0; i < op->nregions; i++)
			memset(&op->regions[i], 0, sizeof op->regions[i]);
		op->lazy = true;
	}
	m->nvalues = b->nvalues;
	m->nops = b->nops;
	m->nlazy_loaded = b->nlazy_loaded;
	mbc_pool_rewind(&m->pool, b->mark);
	b->loaded = false;
}
