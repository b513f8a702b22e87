/* Tapioca strings (docs/tapioca.md, "Memory"): immutable byte strings that
 * know their length and cache their hash. Strings share growable buffers
 * (vm.h, strbuf): `x + y` appends y in place when x ends where its
 * buffer's bytes end, so building a string piece by piece copies each piece
 * once (amortised O(1) per byte, as a string builder) without knowing
 * whether x is referenced elsewhere: x keeps seeing its own prefix. */
#include "vm.h"
#include "common/internal.h"

#include <string.h>

/* A new buffer of cap bytes holding n bytes from s. */
static strbuf *buf_new(vm *v, const char *s, size_t n, size_t cap)
{
	strbuf *b = bcx_tapvm_alloc(v, sizeof *b);
	if (!b)
		return NULL;
	b->data = cap ? bcx_tapvm_alloc(v, cap) : NULL;
	if (cap && !b->data) {
		bcx_free(v->al, b, sizeof *b);
		bcx_tapvm_discharge(v, sizeof *b);
		return NULL;
	}
	if (n)
		memcpy(b->data, s, n);
	b->used = n;
	b->cap = cap;
	b->refs = 0;
	return b;
}

static void set_buf(obj *o, strbuf *b, size_t len)
{
	o->u.sb = b;
	o->len = len;
	b->refs++;
}

bool bcx_tapvm_new_str(vm *v, const char *s, size_t n, uint64_t *out)
{
	obj *o;
	if (!bcx_tapvm_new_obj(v, O_STR, out, &o))
		return false;
	strbuf *b = buf_new(v, s, n, n);
	if (!b)
		return false;
	set_buf(o, b, n);
	return true;
}

void bcx_tapvm_str_release(vm *v, obj *o)
{
	strbuf *b = o->u.sb;
	if (!b || --b->refs)
		return;
	if (b->data)
		bcx_free(v->al, b->data, b->cap);
	bcx_tapvm_discharge(v, b->cap + sizeof *b);
	bcx_free(v->al, b, sizeof *b);
}

bool bcx_tapvm_concat(vm *v, const obj *x, const obj *y, uint64_t *out)
{
	size_t n, xl = x->len, yl = y->len;
	if (!bcx_add_ok(xl, yl, &n))
		return bcx_tapvm_oom(v, "string too long", xl);
	obj *o;
	/* x and y stay alive through the collection new_obj may run: they are
	 * in registers. */
	if (!bcx_tapvm_new_obj(v, O_STR, out, &o))
		return false;
	strbuf *b = x->u.sb;
	if (b && b->used == xl) {
		if (b->cap - b->used < yl) {
			/* y may live in this buffer too (s + s): find it again after. */
			size_t cap = b->cap;
			void *p = b->data;
			if (!bcx_tapvm_grow(v, &p, &cap, n < 16 ? 16 : n, 1))
				return false;
			b->data = p;
			b->cap = cap;
		}
		if (yl)
			memmove(b->data + xl, str_data(y), yl);
		b->used = n;
	} else {
		/* Someone appended after x, or x is empty: a fresh buffer with
		 * room for the next append. */
		size_t cap = n < 16 ? 16 : n + n / 2 < n ? n : n + n / 2;
		if (!(b = buf_new(v, str_data(x), xl, cap)))
			return false;
		if (yl)
			memcpy(b->data + xl, str_data(y), yl);
		b->used = n;
	}
	set_buf(o, b, n);
	return true;
}

bool bcx_tapvm_repeat(vm *v, const obj *x, size_t k, uint64_t *out)
{
	size_t n;
	if (!bcx_mul_ok(x->len, k, &n))
		return bcx_tapvm_oom(v, "string too long", x->len);
	obj *o;
	if (!bcx_tapvm_new_obj(v, O_STR, out, &o))
		return false;
	strbuf *b = buf_new(v, NULL, 0, n);
	if (!b)
		return false;
	for (size_t i = 0; i < k && x->len; i++)
		memcpy(b->data + i * x->len, str_data(x), x->len);
	b->used = n;
	set_buf(o, b, n);
	return true;
}

/* The string's hash, computed once (common/internal.h's). */
uint64_t bcx_tapvm_str_hash(obj *o)
{
	if (o->has_hash)
		return o->hash;
	uint64_t h = bcx_hash_bytes(str_data(o), o->len);
	o->hash = h;
	o->has_hash = 1;
	return h;
}

bool bcx_tapvm_str_eq(obj *a, obj *b)
{
	if (a->len != b->len)
		return false;
	if (a->u.sb == b->u.sb || a->len == 0)
		return true; /* one buffer: both see the same prefix */
	if (a->has_hash && b->has_hash && a->hash != b->hash)
		return false;
	return memcmp(str_data(a), str_data(b), a->len) == 0;
}

int bcx_tapvm_str_cmp(const obj *a, const obj *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int c = n ? memcmp(str_data(a), str_data(b), n) : 0;
	return c ? c : (a->len > b->len) - (a->len < b->len);
}
