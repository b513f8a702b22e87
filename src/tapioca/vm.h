/* The Tapioca runtime's shared state: values, objects and the heap
 * (docs/tapioca.md, "Values at run time" and "Memory"). vm.c interprets,
 * gc.c allocates and collects, str.c and map.c implement strings and maps.
 *
 * Registers are untyped 64-bit words. Objects live in a handle table; a
 * register holds a handle as a tagged word in a NaN range no arithmetic
 * produces by itself:
 *   0xFFFA_0000_xxxx_xxxx  reference to heap object xxxxxxxx
 *   0xFFFB_0000_0000_0000  nil
 *   0xFFFC_0000_0000_000b  boolean b
 * Every use of a handle is checked against the table, so a forged or stale
 * word is a type error, never a wild access. */
#ifndef BCX_TAPIOCA_VM_H
#define BCX_TAPIOCA_VM_H

#include "internal.h"

#define TAG_REF 0xFFFA000000000000ull
#define V_NIL 0xFFFB000000000000ull
#define V_FALSE 0xFFFC000000000000ull
#define V_TRUE 0xFFFC000000000001ull
#define TAG(v) ((v) >> 48)
#define HANDLE(v) ((v) & 0xFFFFFFFFFFFFull)
#define NREGS 256u

/* Object kinds, one per OBJ row of tapioca.def (0: none, never used). */
enum obj_type {
	O_NONE,
#define OBJ(cname, code, haslen, noun) O_##cname,
#include "tapioca.def"
#undef OBJ
	O_COUNT
};

/* The bytes of strings. Strings are immutable; several may share one
 * buffer, each seeing a prefix of it. Concatenation appends in place when
 * its left operand ends where the buffer's bytes end (nobody appended after
 * it yet), so a loop of `s = s + piece` copies each piece once (str.c). */
typedef struct strbuf {
	char *data;
	size_t used, cap;
	size_t refs; /* strings that point here; freed at zero */
} strbuf;

typedef struct obj {
	uint8_t type;
	uint8_t mark;      /* reached by the current collection */
	uint8_t perm;      /* never collected (functions, built-ins) */
	uint8_t has_hash;  /* O_STR: hash is valid */
	union {
		uint32_t fn;   /* O_FN, O_CLO: function index; O_HOST: built-in */
		uint32_t imod; /* O_MAP with an index: the prime a hash is reduced
				* by, the largest below its slots (map.c) */
	};
	union {
		uint64_t hash; /* O_STR: content hash, computed on first use */
		uint64_t ver;  /* O_MAP: the run's map_epoch at the last store
				* (field_cache) */
	};
	size_t len;        /* bytes (O_STR), items (O_ARR, O_CLO), pairs (O_MAP) */
	size_t cap;        /* items (O_ARR, O_CLO) or pairs (O_MAP) allocated */
	union {
		uint64_t *a;       /* O_ARR, O_CLO items; O_MAP key, value, ... in insertion order */
		strbuf *sb;        /* O_STR */
		struct obj *next;  /* on the free list */
	} u;
	union {
		struct {
			uint32_t *idx; /* O_MAP: open-addressing slots holding pair numbers (map.c) */
			size_t icap;   /* O_MAP: slots (a power of two, 0 while empty) */
		};
		/* O_ARR, O_CLO: up to INLINE_ITEMS items live here (u.a points
		 * here), so small arrays and closures need no second allocation */
		uint64_t inl[2];
	};
} obj;

#define INLINE_ITEMS 2u

/* The register stack: one window of WIN_WORDS words per live call, a
 * header of WIN_HDR words, then the frame's NREGS registers. The header
 * holds what return needs, where the interpreter can reach it from the
 * register pointer alone (no frame pointer to keep, nothing to reload from
 * the module): the caller's entry after the invoke, and this frame's
 * function with the caller's register that gets the result. The collector
 * reads each frame's function there too. */
#define WIN_HDR 2u
#define WIN_WORDS (WIN_HDR + NREGS)
#define WIN_RET(regs) ((regs)[-2])  /* (uintptr_t) the caller's next entry */
#define WIN_LINK(regs) ((regs)[-1]) /* function | result register << 32 */
#define WIN_FN(regs) ((uint32_t)WIN_LINK(regs))
#define WIN_DEST(regs) ((unsigned)(WIN_LINK(regs) >> 32))

/* The cache of one field-read site (mget fused with its load_global, vm.c):
 * the value key had in the map whose ver was ver. ver numbers are unique
 * in a run (every new map and every store takes the next), so an equal ver
 * is the same map, unchanged since; a collection empties every cache
 * (ver 0, no map's) before a handle can be reused for another key. */
typedef struct field_cache {
	uint64_t ver, key, val;
} field_cache;

/* Per function, what a call needs, in one place. */
typedef struct run_fn {
	const tap_insn *code; /* the run's copy, with an end marker after the last entry */
	uint32_t nparams;
	uint32_t nregs; /* 1 + the highest register the code names: scanned by
			 * the collector */
	uint32_t nclear; /* registers a call clears (vm.c, regs_to_clear) */
} run_fn;

typedef struct vm {
	const bcx_tapioca_module *m;
	bcx_tapioca_options o;
	const bcx_allocator *al;
	bool alloc_failed;    /* the allocator, not max_heap, stopped the run */
	/* handle table (gc.c) */
	obj **objs;
	size_t nobjs, capobjs;
	uint32_t *freeh;      /* free handle numbers */
	size_t nfreeh, capfreeh;
	obj *freeobj;         /* free object records, reused */
	uint64_t pin;         /* the newest object: a root until the next one */
	uint32_t *mstack;     /* the collector's mark stack (handles) */
	size_t capm;
	uint64_t heap;        /* bytes charged now (live after a collection) */
	uint64_t gc_next;     /* collect when heap reaches this */
	uint64_t fixed;       /* bytes charged before the program started */
	uint64_t collections;
	uint64_t map_epoch;   /* the last ver given to a map (field_cache) */
	field_cache *caches;  /* one per field-read site (prep.c) */
	size_t ncaches;
	bool gc_on;           /* off while the program's constants are built */
	uint64_t *interned;   /* while they are built: the string constants made
			       * so far, by content (vm.c, const_str) */
	size_t capint, nint;
	/* where the interpreter is, for the collector's root scan: the
	 * running frame's registers (its window's header names its function) */
	uint64_t *top;
	/* program state */
	uint64_t *globals;    /* per symbol, then the built-ins (decode.c's slots) */
	uint64_t *pool;       /* file const pool, materialized lazily */
	bool *pool_done;
	uint64_t **kvals;     /* per function const pool */
	tap_insn **code;      /* per function, the run's copy of the decoded code */
	run_fn *fns;
	uint64_t fnobj0;      /* handle of function 0; functions are consecutive */
	bcx_tapioca_trap trap;
	char why[160];
	uint64_t *stack;      /* max_call_depth windows */
} vm;

/* gc.c */
bool bcx_tapvm_charge(vm *v, size_t n);
void bcx_tapvm_discharge(vm *v, size_t n);
void *bcx_tapvm_alloc(vm *v, size_t n);
bool bcx_tapvm_grow(vm *v, void **p, size_t *cap, size_t need, size_t sz);
bool bcx_tapvm_new_obj(vm *v, uint8_t type, uint64_t *out, obj **po);
/* Room for need items in array or closure o (amortised doubling). */
bool bcx_tapvm_items(vm *v, obj *o, size_t need);
void bcx_tapvm_collect(vm *v);
void bcx_tapvm_free_all(vm *v);
bool bcx_tapvm_oom(vm *v, const char *why, size_t n);
/* The allocator refused n bytes: the out-of-memory trap, run's status NOMEM. */
bool bcx_tapvm_alloc_failed(vm *v, size_t n);

static inline obj *deref(const vm *v, uint64_t x)
{
	/* One unsigned compare checks the tag and the handle: a word with
	 * another tag is below TAG_REF (wraps around) or 2^48 or more above
	 * it, and the table never has 2^48 entries. */
	uint64_t h = x - TAG_REF;
	return h < v->nobjs ? v->objs[h] : NULL;
}

/* prep.c: the run's code of a function, what a call clears and what the
 * collector scans; resolve_loads puts constants and globals in place once
 * setup has made them. */
tap_insn *bcx_tapvm_run_code(vm *v, const tap_fn *f);
uint32_t bcx_tapvm_regs_used(const tap_fn *f);
uint32_t bcx_tapvm_regs_to_clear(const tap_fn *f, uint32_t nregs);
void bcx_tapvm_resolve_loads(vm *v, uint32_t i);
bool bcx_tapvm_attach_caches(vm *v);

/* str.c */
static inline const char *str_data(const obj *o) { return o->u.sb ? o->u.sb->data : ""; }
bool bcx_tapvm_new_str(vm *v, const char *s, size_t n, uint64_t *out);
bool bcx_tapvm_concat(vm *v, const obj *x, const obj *y, uint64_t *out);
bool bcx_tapvm_repeat(vm *v, const obj *x, size_t k, uint64_t *out);
uint64_t bcx_tapvm_str_hash(obj *o);
bool bcx_tapvm_str_eq(obj *a, obj *b);
int bcx_tapvm_str_cmp(const obj *a, const obj *b);
void bcx_tapvm_str_release(vm *v, obj *o);

/* map.c */
uint64_t *bcx_tapvm_map_find(vm *v, const obj *m, uint64_t key);
bool bcx_tapvm_map_set(vm *v, obj *m, uint64_t key, uint64_t val);
void bcx_tapvm_map_release(vm *v, obj *m);

#endif
