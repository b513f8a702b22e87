/* Tapioca maps (docs/tapioca.md, "Memory"): any value is a key (notes
 * B.3.20). Strings are keys by content, every other word by its bits, so
 * references are keys by identity and numbers by value as the register
 * holds them (1 and 1.0 are different keys; a NaN finds the entry made
 * with the same NaN bits).
 *
 * The pairs sit in insertion order in one array; past LINEAR_MAX pairs an
 * open-addressing index (linear probing, at most 5/8 full) maps a hash to
 * a pair number (4 bytes a slot: even at its emptiest, just after it
 * doubled, the index costs less than the pairs). Small maps, the objects
 * and records of most programs, are searched linearly and need no index.
 * The bound was 1/2: 5/8 halves the index of a map of 2^k + 1 to
 * 1.25 * 2^k pairs (k >= 4), and a map's index is written in full when it is made (the
 * slots start empty), so a smaller one is fewer pages to fault in. */
#include "vm.h"

#include <string.h>

#define LINEAR_MAX 8u
#define EMPTY UINT32_MAX

/* The first slot of a hash: the remainder by a prime p, the largest
 * below the index's size (after folding the high half onto the low one),
 * so keys that are multiples of a power of two spread, and nearby numbers
 * land in nearby slots (inserting or reading keys in order walks memory
 * in order instead of at random). Keys that are multiples of some k
 * reach every slot below p unless p is a multiple of k: with the odd
 * number 2^n - 1 (as Lua takes), which is a multiple of 3 for every even
 * n and of 7 for every n divisible by 3, the keys 7, 14, ... 140,000 had
 * 4,681 first slots among the 32,768, and the probes ran through the
 * clusters. */
static inline size_t first_slot(uint64_t h, uint32_t p)
{
	/* 32-bit division is several times faster than 64-bit. */
	uint32_t x = (uint32_t)(h ^ (h >> 32));
	return x % p;
}

/* The largest prime below n (n > 2), by trial division:
 * run once each time an index doubles, in time far below the rehash. */
static uint32_t prime_below(size_t n)
{
	uint64_t p = n - 1;
	for (;; p--) {
		bool prime = p > 1;
		for (uint64_t d = 2; prime && d * d <= p; d++)
			prime = p % d != 0;
		if (prime)
			return (uint32_t)p;
	}
}

/* The hash of a key: a string's content hash, any other word itself.
 * *str is the key's string object, NULL for other keys. */
static inline uint64_t key_hash(const vm *v, uint64_t k, obj **str)
{
	obj *o = deref(v, k);
	if (o && o->type == O_STR) {
		*str = o;
		return bcx_tapvm_str_hash(o);
	}
	*str = NULL;
	return k;
}

/* Does stored key k equal the key whose bits are key and whose string
 * object (if any) is str? */
static inline bool key_eq(const vm *v, uint64_t k, uint64_t key, obj *str)
{
	if (k == key)
		return true;
	if (!str)
		return false;
	obj *o = deref(v, k);
	return o && o->type == O_STR && bcx_tapvm_str_eq(o, str);
}

/* The value slot of key (hash h, string object str), or NULL; then *hole
 * is the index slot where the probe stopped, which an insert fills (while
 * the index stays as it is). */
static uint64_t *find(const vm *v, const obj *m, uint64_t key, uint64_t h, obj *str, size_t *hole)
{
	uint64_t *a = m->u.a;
	if (!m->icap) {
		for (size_t i = 0; i < m->len; i++)
			if (key_eq(v, a[2 * i], key, str))
				return &a[2 * i + 1];
		return NULL;
	}
	size_t mask = m->icap - 1;
	for (size_t i = first_slot(h, m->imod);; i = (i + 1) & mask) {
		uint32_t e = m->idx[i];
		if (e == EMPTY) {
			*hole = i;
			return NULL;
		}
		if (key_eq(v, a[2 * (size_t)e], key, str))
			return &a[2 * (size_t)e + 1];
	}
}

uint64_t *bcx_tapvm_map_find(vm *v, const obj *m, uint64_t key)
{
	obj *str;
	uint64_t h = m->icap ? key_hash(v, key, &str) : 0;
	if (!m->icap) {
		obj *o = deref(v, key);
		str = o && o->type == O_STR ? o : NULL;
	}
	size_t hole;
	return find(v, m, key, h, str, &hole);
}

static void index_put(uint32_t *idx, size_t icap, uint32_t p, uint64_t h, uint32_t e)
{
	size_t mask = icap - 1, i = first_slot(h, p);
	while (idx[i] != EMPTY)
		i = (i + 1) & mask;
	idx[i] = e;
}

/* A new index of icap slots for the pairs there are. */
static bool reindex(vm *v, obj *m, size_t icap)
{
	size_t bytes;
	if (!bcx_mul_ok(icap, sizeof(uint32_t), &bytes))
		return bcx_tapvm_oom(v, "map too large", icap);
	uint32_t *idx = bcx_tapvm_alloc(v, bytes);
	if (!idx)
		return false;
	memset(idx, 0xFF, bytes);
	uint32_t p = prime_below(icap > (size_t)UINT32_MAX ? (size_t)UINT32_MAX : icap);
	for (size_t e = 0; e < m->len; e++) {
		obj *str;
		index_put(idx, icap, p, key_hash(v, m->u.a[2 * e], &str), (uint32_t)e);
	}
	if (m->idx) {
		bcx_free(v->al, m->idx, m->icap * sizeof(uint32_t));
		bcx_tapvm_discharge(v, m->icap * sizeof(uint32_t));
	}
	m->idx = idx;
	m->icap = icap;
	m->imod = p;
	return true;
}

bool bcx_tapvm_map_set(vm *v, obj *m, uint64_t key, uint64_t val)
{
	obj *str;
	uint64_t h = key_hash(v, key, &str);
	size_t hole = 0;
	m->ver = ++v->map_epoch; /* what a field cache saw is stale (vm.h) */
	uint64_t *slot = find(v, m, key, h, str, &hole);
	if (slot) {
		*slot = val;
		return true;
	}
	if (m->len >= UINT32_MAX - 1)
		return bcx_tapvm_oom(v, "map too large", m->len);
	size_t n = m->len + 1;
	bool probed = m->icap != 0; /* hole is where the new pair's number goes */
	if (n > LINEAR_MAX && (uint64_t)8 * n > (uint64_t)5 * m->icap) { /* 5/8 full */
		if (!reindex(v, m, m->icap ? 2 * m->icap : 32))
			return false;
		probed = false;
	}
	if (n > m->cap) {
		void *p = m->u.a;
		size_t cap2 = 2 * m->cap;
		if (!bcx_tapvm_grow(v, &p, &cap2, 2 * n, 8))
			return false;
		m->u.a = p;
		m->cap = cap2 / 2;
	}
	m->u.a[2 * m->len] = key;
	m->u.a[2 * m->len + 1] = val;
	if (probed)
		m->idx[hole] = (uint32_t)m->len;
	else if (m->icap)
		index_put(m->idx, m->icap, m->imod, h, (uint32_t)m->len);
	m->len = n;
	return true;
}

void bcx_tapvm_map_release(vm *v, obj *m)
{
	if (m->u.a) {
		bcx_free(v->al, m->u.a, m->cap * 16);
		bcx_tapvm_discharge(v, m->cap * 16);
	}
	if (m->idx) {
		bcx_free(v->al, m->idx, m->icap * sizeof(uint32_t));
		bcx_tapvm_discharge(v, m->icap * sizeof(uint32_t));
	}
}
