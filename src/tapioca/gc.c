/* The Tapioca heap: the handle table, accounting against max_heap, and the
 * collector (docs/tapioca.md, "Memory").
 *
 * The collector is a stop-the-world, non-moving mark-sweep (notes B.3.14).
 * It runs when the bytes charged since the last collection reach the live
 * bytes it left (at least GC_MIN), so its work per allocated byte is
 * bounded by a constant and a program with bounded live data runs in
 * bounded memory. Roots: the globals, the constants, the newest object,
 * and the registers of every live frame up to the highest register its
 * function names (a call clears those, so no stale word survives there).
 * Registers are untyped, so a root word keeps an object alive when it has
 * the object's tagged handle (conservative); inside arrays, maps and
 * closures every item is scanned the same way. */
#include "vm.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define GC_MIN ((uint64_t)1 << 20)

bool bcx_tapvm_oom(vm *v, const char *why, size_t n)
{
	v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
	snprintf(v->why, sizeof v->why, "%s (%zu bytes)", why, n);
	return false;
}

bool bcx_tapvm_alloc_failed(vm *v, size_t n)
{
	v->alloc_failed = true;
	return bcx_tapvm_oom(v, "allocation failed", n);
}

bool bcx_tapvm_charge(vm *v, size_t n)
{
	if (n > v->o.max_heap - v->heap) {
		/* Only live memory counts against the limit: collect first. */
		if (v->gc_on)
			bcx_tapvm_collect(v);
		if (n > v->o.max_heap - v->heap) {
			v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
			snprintf(v->why, sizeof v->why, "heap limit of %" PRIu64 " live bytes reached "
				 "(%zu more asked for)", v->o.max_heap, n);
			return false;
		}
	}
	v->heap += n;
	return true;
}

void bcx_tapvm_discharge(vm *v, size_t n) { v->heap -= n; }

void *bcx_tapvm_alloc(vm *v, size_t n)
{
	if (!bcx_tapvm_charge(v, n))
		return NULL;
	void *p = bcx_alloc(v->al, n ? n : 1);
	if (!p) {
		bcx_tapvm_discharge(v, n);
		bcx_tapvm_alloc_failed(v, n);
	}
	return p;
}

/* Grow *p (of *cap elements of size sz) to hold need elements, doubling.
 * Not the library's bcx_heap_room: the program's heap limit is charged with
 * the new size before anything is allocated, and given back on failure. */
bool bcx_tapvm_grow(vm *v, void **p, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return true;
	size_t nc = *cap ? *cap : 4, bytes;
	while (nc < need)
		nc = nc > SIZE_MAX / 2 ? need : nc * 2;
	if (!bcx_mul_ok(nc, sz, &bytes))
		return bcx_tapvm_oom(v, "size overflow", need);
	size_t old = *cap * sz;
	if (!bcx_tapvm_charge(v, bytes - old))
		return false;
	void *q = bcx_realloc(v->al, *p, old, bytes);
	if (!q) {
		bcx_tapvm_discharge(v, bytes - old);
		return bcx_tapvm_alloc_failed(v, bytes);
	}
	*p = q;
	*cap = nc;
	return true;
}

/* The handle table, the free-handle stack and the mark stack grow
 * together, so a collection never allocates. They share one block (the
 * handles first, for alignment): an allocation either gives all three
 * their new size or leaves all three as they were. */
#define TABLE_ENTRY (sizeof(obj *) + 2 * sizeof(uint32_t)) /* bytes per handle */

static bool grow_table(vm *v)
{
	size_t old = v->capobjs, nc = old ? old * 2 : 256;
	if (nc > 0xFFFFFFFFu)
		nc = 0xFFFFFFFFu;
	if (nc <= old || !bcx_tapvm_charge(v, (nc - old) * TABLE_ENTRY))
		return v->trap ? false : bcx_tapvm_oom(v, "too many objects", nc);
	uint8_t *blk = bcx_alloc(v->al, nc * TABLE_ENTRY);
	if (!blk) {
		bcx_tapvm_discharge(v, (nc - old) * TABLE_ENTRY);
		return bcx_tapvm_alloc_failed(v, nc * TABLE_ENTRY);
	}
	obj **objs = (obj **)(void *)blk;
	uint32_t *freeh = (uint32_t *)(void *)(blk + nc * sizeof *objs);
	uint32_t *mstack = freeh + nc;
	if (old) {
		memcpy(objs, v->objs, old * sizeof *objs);
		memcpy(freeh, v->freeh, old * sizeof *freeh);
		memcpy(mstack, v->mstack, old * sizeof *mstack);
		bcx_free(v->al, v->objs, old * TABLE_ENTRY);
	}
	v->objs = objs;
	v->freeh = freeh;
	v->mstack = mstack;
	v->capobjs = v->capm = nc;
	return true;
}

bool bcx_tapvm_new_obj(vm *v, uint8_t type, uint64_t *out, obj **po)
{
	if (v->gc_on && (v->heap >= v->gc_next || v->o.gc_stress))
		bcx_tapvm_collect(v);
	if (!bcx_tapvm_charge(v, sizeof(obj)))
		return false;
	if (!v->nfreeh && v->nobjs == v->capobjs && !grow_table(v)) {
		bcx_tapvm_discharge(v, sizeof(obj));
		return false;
	}
	obj *o = v->freeobj;
	if (o) {
		v->freeobj = o->u.next;
	} else if (!(o = bcx_alloc(v->al, sizeof *o))) {
		bcx_tapvm_discharge(v, sizeof(obj));
		return bcx_tapvm_alloc_failed(v, sizeof *o);
	}
	memset(o, 0, sizeof *o);
	o->type = type;
	if (type == O_MAP)
		o->ver = ++v->map_epoch;
	size_t h = v->nfreeh ? v->freeh[--v->nfreeh] : v->nobjs++;
	v->objs[h] = o;
	*out = v->pin = TAG_REF | h;
	*po = o;
	return true;
}

bool bcx_tapvm_items(vm *v, obj *o, size_t need)
{
	if (need <= o->cap)
		return true;
	if (!o->u.a && need <= INLINE_ITEMS) {
		o->u.a = o->inl;
		o->cap = INLINE_ITEMS;
		return true;
	}
	bool inl = o->u.a == o->inl;
	void *p = inl ? NULL : o->u.a;
	size_t cap = inl ? 0 : o->cap;
	if (!bcx_tapvm_grow(v, &p, &cap, need, 8))
		return false;
	if (inl && o->len)
		memcpy(p, o->inl, o->len * 8);
	o->u.a = p;
	o->cap = cap;
	return true;
}

/* Give back an object's memory; its record goes on the free list. */
static void free_obj(vm *v, obj *o)
{
	switch (o->type) {
	case O_STR:
		bcx_tapvm_str_release(v, o);
		break;
	case O_MAP:
		bcx_tapvm_map_release(v, o);
		break;
	case O_ARR: case O_CLO:
		if (o->u.a && o->u.a != o->inl) {
			bcx_free(v->al, o->u.a, o->cap * 8);
			bcx_tapvm_discharge(v, o->cap * 8);
		}
		break;
	default:
		break;
	}
	bcx_tapvm_discharge(v, sizeof *o);
	o->u.next = v->freeobj;
	v->freeobj = o;
}

/* ---- marking ---- */

static inline void mark_word(vm *v, uint64_t w, size_t *sp)
{
	obj *o = deref(v, w);
	if (!o || o->mark)
		return;
	o->mark = 1;
	if (o->type == O_ARR || o->type == O_MAP || o->type == O_CLO)
		v->mstack[(*sp)++] = (uint32_t)HANDLE(w);
}

static void mark_words(vm *v, const uint64_t *w, size_t n, size_t *sp)
{
	for (size_t i = 0; i < n; i++)
		mark_word(v, w[i], sp);
}

static void mark_roots(vm *v, size_t *sp)
{
	const bcx_tapioca_module *m = v->m;
	mark_words(v, v->globals, (size_t)m->nsyms + TAP_HOST_COUNT, sp);
	for (uint32_t i = 0; i < m->nfns; i++)
		if (v->kvals[i])
			mark_words(v, v->kvals[i], m->fns[i].nconsts, sp);
	for (size_t i = 0; i < m->file.pool_count; i++)
		if (v->pool_done[i])
			mark_word(v, v->pool[i], sp);
	mark_word(v, v->pin, sp);
	/* Every window from the entry frame's up to the running one: the
	 * registers its function names (vm.h). */
	for (const uint64_t *r = v->stack + WIN_HDR; v->top && r <= v->top; r += WIN_WORDS)
		mark_words(v, r, v->fns[WIN_FN(r)].nregs, sp);
}

static void mark_children(vm *v, size_t *sp)
{
	while (*sp) {
		const obj *o = v->objs[v->mstack[--*sp]];
		mark_words(v, o->u.a, o->type == O_MAP ? 2 * o->len : o->len, sp);
	}
}

void bcx_tapvm_collect(vm *v)
{
	size_t sp = 0;
	mark_roots(v, &sp);
	mark_children(v, &sp);
	for (size_t h = 0; h < v->nobjs; h++) {
		obj *o = v->objs[h];
		if (!o || o->perm)
			continue;
		if (o->mark) {
			o->mark = 0;
			continue;
		}
		free_obj(v, o);
		v->objs[h] = NULL;
		v->freeh[v->nfreeh++] = (uint32_t)h;
	}
	v->collections++;
	/* Handles freed here may come back as other objects: no field cache
	 * may name one (vm.h). */
	for (size_t i = 0; i < v->ncaches; i++)
		v->caches[i].ver = 0;
	uint64_t live = v->heap > v->fixed ? v->heap - v->fixed : 0;
	uint64_t grow = live > GC_MIN ? live : GC_MIN;
	v->gc_next = v->heap + grow < v->heap ? UINT64_MAX : v->heap + grow;
}

void bcx_tapvm_free_all(vm *v)
{
	for (size_t h = 0; h < v->nobjs; h++)
		if (v->objs[h])
			free_obj(v, v->objs[h]);
	for (obj *o = v->freeobj, *n; o; o = n) {
		n = o->u.next;
		bcx_free(v->al, o, sizeof *o);
	}
	bcx_free(v->al, v->objs, v->capobjs * TABLE_ENTRY); /* with freeh and mstack */
}
