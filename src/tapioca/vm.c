/* The Tapioca interpreter (docs/tapioca.md, "Execution").
 *
 * Registers are untyped 64-bit words. Objects live in a handle table; a
 * register holds a handle as a tagged word in a NaN range no arithmetic
 * produces by itself:
 *   0xFFFA_0000_xxxx_xxxx  reference to heap object xxxxxxxx
 *   0xFFFB_0000_0000_0000  nil
 *   0xFFFC_0000_0000_000b  boolean b
 * Every use of a handle is checked against the table, so a forged or stale
 * word is a type error, never a wild access. There is no collector: the
 * heap limit bounds memory, and everything is freed when the run ends. */
#include "internal.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define TAG_REF 0xFFFA000000000000ull
#define V_NIL 0xFFFB000000000000ull
#define V_FALSE 0xFFFC000000000000ull
#define V_TRUE 0xFFFC000000000001ull
#define TAG(v) ((v) >> 48)
#define NREGS 256u
#define CHUNK (1u << 20)
#define FLT_MAX_D ((double)FLT_MAX)

enum obj_type { O_STR = 0x11, O_ARR = 0x0F, O_MAP = 0x10, O_FN = 0x12, O_CLO = 0x13, O_HOST = 0x14 };

typedef struct obj {
	uint8_t type;
	uint32_t fn;    /* O_FN, O_CLO: function index; O_HOST: host index */
	size_t len;     /* bytes (O_STR), items (O_ARR, O_CLO), pairs (O_MAP) */
	size_t cap;
	char *s;
	uint64_t *a;    /* items; maps: key, value, ... */
} obj;

typedef struct frame {
	uint32_t fn;
	uint32_t ret_pc;
	uint8_t dest;
} frame;

typedef struct vm {
	const bcx_tapioca_module *m;
	bcx_tapioca_opts o;
	const bcx_allocator *al;
	obj **objs;
	size_t nobjs, capobjs;
	uint64_t heap;
	uint64_t *globals;    /* per symbol */
	uint64_t *pool;       /* file const pool, materialized lazily */
	bool *pool_done;
	uint64_t **kvals;     /* per function const pool */
	uint64_t hosts[TAP_HOST_COUNT];
	uint64_t fnobj0;      /* handle of function 0; functions are consecutive */
	bcx_tapioca_trap trap;
	char why[160];
	uint64_t *stack;
	frame *frames;
} vm;

/* ---- heap ---- */

static bool charge(vm *v, size_t n)
{
	if (n > v->o.max_heap - v->heap) {
		v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
		snprintf(v->why, sizeof v->why, "heap limit of %" PRIu64 " bytes", v->o.max_heap);
		return false;
	}
	v->heap += n;
	return true;
}

static void *vm_alloc(vm *v, size_t n)
{
	if (!charge(v, n))
		return NULL;
	void *p = bcx_alloc(v->al, n ? n : 1);
	if (!p) {
		v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
		snprintf(v->why, sizeof v->why, "allocation of %zu bytes failed", n);
	}
	return p;
}

/* Grow *p (of *cap elements of size sz) to hold need elements. */
static bool vm_grow(vm *v, void **p, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return true;
	size_t nc = *cap ? *cap : 4, bytes, old;
	while (nc < need)
		nc = nc > SIZE_MAX / 2 ? need : nc * 2;
	if (!bcx_mul_ok(nc, sz, &bytes) || !charge(v, bytes - *cap * sz)) {
		if (!v->trap) {
			v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
			snprintf(v->why, sizeof v->why, "size overflow");
		}
		return false;
	}
	old = *cap * sz;
	void *q = bcx_realloc(v->al, *p, old, bytes);
	if (!q) {
		v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
		snprintf(v->why, sizeof v->why, "allocation of %zu bytes failed", bytes);
		return false;
	}
	*p = q;
	*cap = nc;
	return true;
}

static bool new_obj(vm *v, uint8_t type, uint64_t *out, obj **po)
{
	if (v->nobjs >= 0xFFFFFFFFu) {
		v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
		snprintf(v->why, sizeof v->why, "too many objects");
		return false;
	}
	void *tab = v->objs;
	if (!vm_grow(v, &tab, &v->capobjs, v->nobjs + 1, sizeof *v->objs))
		return false;
	v->objs = tab;
	obj *o = vm_alloc(v, sizeof *o);
	if (!o)
		return false;
	memset(o, 0, sizeof *o);
	o->type = type;
	v->objs[v->nobjs] = o;
	*out = TAG_REF | v->nobjs++;
	*po = o;
	return true;
}

static obj *deref(const vm *v, uint64_t x)
{
	if (TAG(x) != (TAG_REF >> 48) || (x & 0xFFFFFFFFFFFFull) >= v->nobjs)
		return NULL;
	return v->objs[x & 0xFFFFFFFFFFFFull];
}

static bool new_str(vm *v, const char *s, size_t n, uint64_t *out)
{
	obj *o;
	if (!new_obj(v, O_STR, out, &o))
		return false;
	void *p = NULL;
	if (!vm_grow(v, &p, &o->cap, n, 1))
		return false;
	o->s = p;
	if (n)
		memcpy(o->s, s, n);
	o->len = n;
	return true;
}

static bool type_err(vm *v, const char *fmt, ...) BCX_PRINTF(2, 3);
static bool type_err(vm *v, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(v->why, sizeof v->why, fmt, ap);
	va_end(ap);
	v->trap = BCX_TAPIOCA_TYPE_ERROR;
	return false;
}

/* ---- values from the object file ---- */

static bool from_tbon(vm *v, const bcx_tbon_value *t, uint64_t *out);

static bool from_pool(vm *v, uint64_t i, uint64_t *out)
{
	const bcx_tbon_file *f = &v->m->file;
	if (i >= f->pool_count)
		return type_err(v, "const ref %" PRIu64 " out of range", i);
	if (!v->pool_done[i]) {
		if (!from_tbon(v, &f->pool[i], &v->pool[i]))
			return false;
		v->pool_done[i] = true;
	}
	*out = v->pool[i];
	return true;
}

static bool from_tbon(vm *v, const bcx_tbon_value *t, uint64_t *out)
{
	obj *o;
	size_t n;
	switch (t->kind) {
	case BCX_TBON_K_NIL: *out = V_NIL; return true;
	case BCX_TBON_K_BOOL: *out = t->b ? V_TRUE : V_FALSE; return true;
	case BCX_TBON_K_INT: *out = (uint64_t)t->i; return true;
	case BCX_TBON_K_UINT: *out = t->u; return true;
	case BCX_TBON_K_FLOAT: memcpy(out, &t->f, 8); return true;
	case BCX_TBON_K_REF: return from_pool(v, t->u, out);
	case BCX_TBON_K_NAME: return new_str(v, t->str, t->len, out);
	case BCX_TBON_K_ARRAY: case BCX_TBON_K_MAP:
		if (!new_obj(v, t->kind == BCX_TBON_K_MAP ? O_MAP : O_ARR, out, &o))
			return false;
		n = t->kind == BCX_TBON_K_MAP ? 2 * t->len : t->len;
		{
			void *p = NULL;
			if (!vm_grow(v, &p, &o->cap, n, sizeof(uint64_t)))
				return false;
			o->a = p;
		}
		for (size_t i = 0; i < n; i++)
			if (!from_tbon(v, &t->items[i], &o->a[i]))
				return false;
		o->len = t->len;
		if (o->type == O_MAP)
			o->cap /= 2;
		return true;
	}
	return type_err(v, "unknown value kind");
}

/* ---- object semantics (.r operators, eq/gt/lt) ---- */

static bool str_eq(const obj *a, const obj *b)
{
	return a->len == b->len && (a->len == 0 || memcmp(a->s, b->s, a->len) == 0);
}

/* eq: strings by content, everything else by identity / raw bits. */
static bool val_eq(const vm *v, uint64_t a, uint64_t b)
{
	const obj *x = deref(v, a), *y = deref(v, b);
	if (x && y && x->type == O_STR && y->type == O_STR)
		return str_eq(x, y);
	return a == b;
}

static bool is_tagged(uint64_t x)
{
	uint64_t t = TAG(x);
	return t == (TAG_REF >> 48) || t == (V_NIL >> 48) || t == (V_FALSE >> 48);
}

static bool str_cmp(vm *v, uint64_t a, uint64_t b, int *out)
{
	const obj *x = deref(v, a), *y = deref(v, b);
	if (!x || !y || x->type != O_STR || y->type != O_STR)
		return type_err(v, "gt.r/lt.r need two strings");
	size_t n = x->len < y->len ? x->len : y->len;
	int c = n ? memcmp(x->s, y->s, n) : 0;
	*out = c ? c : (x->len > y->len) - (x->len < y->len);
	return true;
}

static bool obj_arith(vm *v, unsigned op, uint64_t a, uint64_t b, uint64_t *out)
{
	obj *x = deref(v, a), *y = deref(v, b), *o;
	if (!x)
		return type_err(v, "%s on a value that is not an object", bcx_tap_ops[op].name);
	if (op == TAP_ADD_R && y && x->type == y->type && (x->type == O_STR || x->type == O_ARR)) {
		size_t n, sz = x->type == O_STR ? 1 : 8;
		if (!bcx_add_ok(x->len, y->len, &n) || !new_obj(v, x->type, out, &o))
			return v->trap ? false : type_err(v, "length overflow");
		void *p = NULL;
		if (!vm_grow(v, &p, &o->cap, n, sz))
			return false;
		if (x->type == O_STR) {
			o->s = p;
			if (x->len)
				memcpy(o->s, x->s, x->len);
			if (y->len)
				memcpy(o->s + x->len, y->s, y->len);
		} else {
			o->a = p;
			if (x->len)
				memcpy(o->a, x->a, x->len * 8);
			if (y->len)
				memcpy(o->a + x->len, y->a, y->len * 8);
		}
		o->len = n;
		return true;
	}
	if (op == TAP_MUL_R && x->type == O_STR && !is_tagged(b)) {
		int64_t k = (int64_t)b;
		size_t n;
		if (k < 0 || !bcx_mul_ok(x->len, (size_t)k, &n))
			return type_err(v, "mul.r: bad repeat count %" PRId64, k);
		if (!new_obj(v, O_STR, out, &o))
			return false;
		void *p = NULL;
		if (!vm_grow(v, &p, &o->cap, n, 1))
			return false;
		o->s = p;
		for (size_t i = 0; i < (size_t)k && x->len; i++)
			memcpy(o->s + i * x->len, x->s, x->len);
		o->len = n;
		return true;
	}
	return type_err(v, "%s: no such method for these operands", bcx_tap_ops[op].name);
}

/* The runtime type code (jmp_if numbering) used by JT.r and type(). */
static uint64_t type_code(const vm *v, uint64_t x)
{
	if (x == V_NIL)
		return 0x00;
	if (TAG(x) == (V_FALSE >> 48))
		return 0x01;
	const obj *o = deref(v, x);
	if (o)
		return o->type == O_HOST ? 0x12 : o->type;
	return 0x02; /* raw bits: "can be loaded as signed" */
}

/* jmp_if conditions (notes B.3.5): raw-bit tests on untagged words. */
static bool cond_holds(const vm *v, uint64_t x, unsigned cc)
{
	bool raw = !is_tagged(x);
	int64_t i = (int64_t)x;
	double f;
	memcpy(&f, &x, 8);
	switch (cc) {
	case 0x00: return x == V_NIL;
	case 0x01: return TAG(x) == (V_FALSE >> 48);
	case 0x02: case 0x06: case 0x07: case 0x0B: case 0x0C: case 0x0E: return raw;
	case 0x03: return raw && i >= INT8_MIN && i <= INT8_MAX;
	case 0x04: return raw && i >= INT16_MIN && i <= INT16_MAX;
	case 0x05: return raw && i >= INT32_MIN && i <= INT32_MAX;
	case 0x08: return raw && x <= UINT8_MAX;
	case 0x09: return raw && x <= UINT16_MAX;
	case 0x0A: return raw && x <= UINT32_MAX;
	case 0x0D: return raw && (f != f || (f >= -FLT_MAX_D && f <= FLT_MAX_D && (double)(float)f == f) || isinf(f));
	default: return type_code(v, x) == cc;
	}
}

/* ---- host functions (docs/tapioca.md, "Built-in functions") ---- */

static void out(vm *v, const char *s, size_t n)
{
	if (v->o.write)
		v->o.write(v->o.ctx, s, n);
}

static void print_one(vm *v, uint64_t x, int how)
{
	char tmp[48];
	const obj *o = deref(v, x);
	if (o && o->type == O_STR) {
		out(v, o->s, o->len);
		return;
	}
	if (x == V_NIL)
		snprintf(tmp, sizeof tmp, "nil");
	else if (TAG(x) == (V_FALSE >> 48))
		snprintf(tmp, sizeof tmp, "%s", x & 1 ? "true" : "false");
	else if (o)
		snprintf(tmp, sizeof tmp, "<%s #%" PRIu64 ">",
			 o->type == O_ARR ? "array" : o->type == O_MAP ? "map" : o->type == O_CLO
			 ? "closure" : "function", x & 0xFFFFFFFFu);
	else if (how == 'u')
		snprintf(tmp, sizeof tmp, "%" PRIu64, x);
	else if (how == 'f') {
		double f;
		memcpy(&f, &x, 8);
		snprintf(tmp, sizeof tmp, "%.17g", f);
	} else
		snprintf(tmp, sizeof tmp, "%" PRId64, (int64_t)x);
	out(v, tmp, strlen(tmp));
}

static obj *want(vm *v, uint64_t x, uint8_t type, const char *fn)
{
	obj *o = deref(v, x);
	if (!o || o->type != type)
		type_err(v, "%s: argument is not %s", fn, type == O_ARR ? "an array" : type == O_MAP
			 ? "a map" : type == O_STR ? "a string" : "a function");
	return o && o->type == type ? o : NULL;
}

static bool index_ok(vm *v, const obj *o, uint64_t i, const char *fn)
{
	return i < o->len ? true : type_err(v, "%s: index %" PRId64 " out of range (length %zu)",
					    fn, (int64_t)i, o->len);
}

static uint64_t *map_find(const vm *v, const obj *o, uint64_t key)
{
	for (size_t i = 0; i < o->len; i++)
		if (val_eq(v, o->a[2 * i], key))
			return &o->a[2 * i + 1];
	return NULL;
}

static bool host_call(vm *v, unsigned h, const uint64_t *a, unsigned n, uint64_t *res)
{
	static const uint8_t lo[] = {
#define HOST(name, cname, mn, mx) mn,
#include "tapioca.def"
#undef HOST
	};
	obj *o;
	char tmp[48];
	if (n < lo[h] || (h >= TAP_HOST_STR_I && h != TAP_HOST_CLOSURE && n > lo[h]))
		return type_err(v, "%s: wrong number of arguments (%u)", bcx_tap_hosts[h], n);
	*res = V_NIL;
	switch ((enum tap_host)h) {
	case TAP_HOST_PRINT: case TAP_HOST_PRINT_U: case TAP_HOST_PRINT_F:
		for (unsigned i = 0; i < n; i++) {
			if (i)
				out(v, " ", 1);
			print_one(v, a[i], h == TAP_HOST_PRINT ? 'i' : h == TAP_HOST_PRINT_U ? 'u' : 'f');
		}
		out(v, "\n", 1);
		return true;
	case TAP_HOST_STR_I: case TAP_HOST_STR_F: {
		double f;
		memcpy(&f, &a[0], 8);
		if (h == TAP_HOST_STR_I)
			snprintf(tmp, sizeof tmp, "%" PRId64, (int64_t)a[0]);
		else
			snprintf(tmp, sizeof tmp, "%.17g", f);
		return new_str(v, tmp, strlen(tmp), res);
	}
	case TAP_HOST_LEN:
		o = deref(v, a[0]);
		if (!o || o->type > O_MAP + 1)
			return type_err(v, "len: argument has no length");
		*res = o->len;
		return true;
	case TAP_HOST_ARRAY: {
		void *p = NULL;
		if (a[0] > SIZE_MAX / 8 || !new_obj(v, O_ARR, res, &o) ||
		    !vm_grow(v, &p, &o->cap, (size_t)a[0], 8))
			return v->trap ? false : type_err(v, "array: bad length");
		o->a = p;
		if (a[0])
			memset(o->a, 0, (size_t)a[0] * 8);
		o->len = (size_t)a[0];
		return true;
	}
	case TAP_HOST_AGET:
		if (!(o = want(v, a[0], O_ARR, "aget")) || !index_ok(v, o, a[1], "aget"))
			return false;
		*res = o->a[a[1]];
		return true;
	case TAP_HOST_ASET:
		if (!(o = want(v, a[0], O_ARR, "aset")) || !index_ok(v, o, a[1], "aset"))
			return false;
		o->a[a[1]] = a[2];
		return true;
	case TAP_HOST_PUSH: {
		if (!(o = want(v, a[0], O_ARR, "push")))
			return false;
		void *p = o->a;
		if (!vm_grow(v, &p, &o->cap, o->len + 1, 8))
			return false;
		o->a = p;
		o->a[o->len++] = a[1];
		*res = o->len;
		return true;
	}
	case TAP_HOST_MAP:
		return new_obj(v, O_MAP, res, &o);
	case TAP_HOST_MGET: {
		if (!(o = want(v, a[0], O_MAP, "mget")))
			return false;
		uint64_t *slot = map_find(v, o, a[1]);
		*res = slot ? *slot : V_NIL;
		return true;
	}
	case TAP_HOST_MSET: {
		if (!(o = want(v, a[0], O_MAP, "mset")))
			return false;
		uint64_t *slot = map_find(v, o, a[1]);
		if (slot) {
			*slot = a[2];
			return true;
		}
		void *p = o->a;
		size_t cap2 = o->cap * 2;
		if (!vm_grow(v, &p, &cap2, 2 * o->len + 2, 8))
			return false;
		o->a = p;
		o->cap = cap2 / 2;
		o->a[2 * o->len] = a[1];
		o->a[2 * o->len + 1] = a[2];
		o->len++;
		return true;
	}
	case TAP_HOST_CLOSURE: {
		const obj *f = deref(v, a[0]);
		if (!f || f->type != O_FN)
			return type_err(v, "closure: first argument is not a function");
		uint32_t fn = f->fn;
		if (!new_obj(v, O_CLO, res, &o))
			return false;
		o->fn = fn;
		void *p = NULL;
		if (!vm_grow(v, &p, &o->cap, n - 1, 8))
			return false;
		o->a = p;
		if (n > 1)
			memcpy(o->a, a + 1, (n - 1) * 8);
		o->len = n - 1;
		return true;
	}
	case TAP_HOST_I2F: {
		double f = (double)(int64_t)a[0];
		memcpy(res, &f, 8);
		return true;
	}
	case TAP_HOST_F2I: {
		double f;
		memcpy(&f, &a[0], 8);
		if (!(f > -9223372036854775808.0 && f < 9223372036854775808.0))
			return type_err(v, "f2i: %g does not fit int64", f);
		*res = (uint64_t)(int64_t)f;
		return true;
	}
	case TAP_HOST_TYPE:
		*res = type_code(v, a[0]);
		return true;
	case TAP_HOST_COUNT:
		break;
	}
	return type_err(v, "unknown host function");
}

/* ---- the dispatch loop ---- */

typedef struct run_state {
	uint32_t fn;
	uint32_t pc;
	uint32_t depth;
	uint64_t steps;
	uint64_t value;
} run_state;

/* INVOKE: set up the callee's fresh frame. Returns false on a trap. */
static bool do_call(vm *v, run_state *st, uint64_t *regs, unsigned rf, unsigned ra, unsigned n,
		    uint32_t *new_fn)
{
	uint64_t callee = regs[rf];
	const obj *o = deref(v, callee);
	if (o && o->type == O_HOST) {
		uint64_t res;
		if (!host_call(v, o->fn, regs + ra, n, &res))
			return false;
		regs[rf] = res;
		*new_fn = UINT32_MAX; /* stay in the caller */
		return true;
	}
	if (!o || (o->type != O_FN && o->type != O_CLO))
		return type_err(v, "invoke: r%u is not a function", rf);
	const tap_fn *f = &v->m->fns[o->fn];
	size_t ncap = o->type == O_CLO ? o->len : 0;
	if (n != f->nparams || n + ncap > NREGS)
		return type_err(v, "invoke: '%.*s' takes %u arguments, got %u",
				(int)(f->name_len > 40 ? 40 : f->name_len), f->name, f->nparams, n);
	if (st->depth + 1 >= v->o.max_call_depth) {
		v->trap = BCX_TAPIOCA_STACK_OVERFLOW;
		snprintf(v->why, sizeof v->why, "call depth above %u", v->o.max_call_depth);
		return false;
	}
	uint64_t *callee_regs = regs + NREGS;
	memmove(callee_regs, regs + ra, n * 8);
	if (ncap)
		memcpy(callee_regs + n, o->a, ncap * 8);
	v->frames[st->depth].fn = st->fn;
	v->frames[st->depth].ret_pc = st->pc + 1;
	v->frames[st->depth].dest = (uint8_t)rf;
	st->depth++;
	*new_fn = o->fn;
	return true;
}

#if defined(__GNUC__) && !defined(BCX_TAPIOCA_SWITCH)
#define TAP_USE_GOTO 1
/* Computed goto is a GNU extension; -Wpedantic is silenced for the loop
 * only. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif

#define REG_A regs[(w >> 16) & 0xFF]
#define REG_B regs[(w >> 8) & 0xFF]
#define REG_C regs[w & 0xFF]
#define JUMP_REL() (ip += (int8_t)(uint8_t)(w >> 16))
#define JREG_B regs[(w >> 8) & 0xFF]
#define JREG_C regs[w & 0xFF]

static inline double as_f(uint64_t x)
{
	double d;
	memcpy(&d, &x, 8);
	return d;
}

static inline uint64_t as_u(double d)
{
	uint64_t x;
	memcpy(&x, &d, 8);
	return x;
}

static bool execute(vm *v, run_state *st)
{
	const bcx_tapioca_module *m = v->m;
	const tap_fn *f = &m->fns[st->fn];
	const uint32_t *code = f->code;
	const uint32_t *ip = code;
	uint64_t *regs = v->stack;
	const uint64_t *kv = v->kvals[st->fn];
	uint64_t left = v->o.max_steps ? v->o.max_steps : UINT64_MAX;
	uint64_t chunk = 0, taken = 0;
	uint32_t w = 0;
	uint32_t new_fn = 0;

#ifdef TAP_USE_GOTO
	static const void *const labels[256] = {
#define OP(mn, cname, code, form) [code] = &&L_##cname,
#include "tapioca.def"
#undef OP
	};
#define CASE(x) L_##x:
/* Each handler ends in its own indirect jump (threaded code), which the
 * branch predictor tracks per opcode. */
#define GOTO_TOP                                                                               \
	do {                                                                                   \
		if (chunk-- == 0)                                                              \
			goto refill;                                                           \
		w = *ip;                                                                       \
		goto *labels[w >> 24];                                                         \
	} while (0)
#define NEXT_INSN                                                                              \
	do {                                                                                   \
		ip++;                                                                          \
		GOTO_TOP;                                                                      \
	} while (0)
	/* Verified code only holds known opcodes, so every label is set. */
	GOTO_TOP;
#else
#define CASE(x) case TAP_##x:
#define NEXT_INSN                                                                              \
	{                                                                                      \
		ip++;                                                                          \
		continue;                                                                      \
	}
#define GOTO_TOP continue
	for (;;) {
	if (chunk-- == 0)
		goto refill;
	dispatched:
	w = *ip;
	switch (w >> 24) {
#endif
	CASE(NOP) NEXT_INSN;
	CASE(ADD_I) CASE(ADD_U) REG_A = REG_B + REG_C; NEXT_INSN;
	CASE(SUB_I) CASE(SUB_U) REG_A = REG_B - REG_C; NEXT_INSN;
	CASE(MUL_I) CASE(MUL_U) REG_A = REG_B * REG_C; NEXT_INSN;
	CASE(DIV_I) {
		uint64_t b = REG_B, c = REG_C;
		if (c == 0)
			goto div_zero;
		/* INT64_MIN / -1 wraps to INT64_MIN (notes B.3.8). */
		REG_A = (c == UINT64_MAX) ? 0 - b : (uint64_t)((int64_t)b / (int64_t)c);
		NEXT_INSN;
	}
	CASE(DIV_U) {
		uint64_t c = REG_C;
		if (c == 0)
			goto div_zero;
		REG_A = REG_B / c;
		NEXT_INSN;
	}
	CASE(ADD_F) REG_A = as_u(as_f(REG_B) + as_f(REG_C)); NEXT_INSN;
	CASE(SUB_F) REG_A = as_u(as_f(REG_B) - as_f(REG_C)); NEXT_INSN;
	CASE(MUL_F) REG_A = as_u(as_f(REG_B) * as_f(REG_C)); NEXT_INSN;
	CASE(DIV_F) REG_A = as_u(as_f(REG_B) / as_f(REG_C)); NEXT_INSN;
	CASE(ADD_R) CASE(SUB_R) CASE(MUL_R) CASE(DIV_R) {
		uint64_t r;
		if (!obj_arith(v, w >> 24, REG_B, REG_C, &r))
			goto trap;
		REG_A = r;
		NEXT_INSN;
	}
	CASE(JMP) ip = code + (w & 0xFFFFFF); GOTO_TOP;
	CASE(JE) if (JREG_B == JREG_C) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JG_I) if ((int64_t)JREG_B > (int64_t)JREG_C) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JL_I) if ((int64_t)JREG_B < (int64_t)JREG_C) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JG_U) if (JREG_B > JREG_C) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JL_U) if (JREG_B < JREG_C) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JE_F) if (as_f(JREG_B) == as_f(JREG_C)) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JG_F) if (as_f(JREG_B) > as_f(JREG_C)) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JL_F) if (as_f(JREG_B) < as_f(JREG_C)) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JE_R) CASE(JG_R) CASE(JL_R) {
		uint64_t b = JREG_B, c = JREG_C;
		bool t;
		if (!is_tagged(b) || !is_tagged(c)) {
			type_err(v, "%s on a value that is not an object", bcx_tap_ops[w >> 24].name);
			goto trap;
		}
		if ((w >> 24) == TAP_JE_R) {
			t = val_eq(v, b, c);
		} else {
			int cmp = 0;
			if (!str_cmp(v, b, c, &cmp))
				goto trap;
			t = (w >> 24) == TAP_JG_R ? cmp > 0 : cmp < 0;
		}
		if (t) {
			JUMP_REL();
			GOTO_TOP;
		}
		NEXT_INSN;
	}
	CASE(JT_R) if (type_code(v, JREG_B) == JREG_C) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(JMP_IF) if (cond_holds(v, JREG_B, w & 0xFF)) { JUMP_REL(); GOTO_TOP; } NEXT_INSN;
	CASE(LDI) REG_A = (uint64_t)(int64_t)(int16_t)(uint16_t)(w & 0xFFFF); NEXT_INSN;
	CASE(LDU) REG_A = w & 0xFFFF; NEXT_INSN;
	CASE(LDF) REG_A = as_u(bcx_f16_to_f64((uint16_t)(w & 0xFFFF))); NEXT_INSN;
	CASE(LDC) REG_A = kv[w & 0xFFFF]; NEXT_INSN;
	CASE(LDG) {
		uint32_t i = w & 0xFFFF;
		REG_A = i < m->nsyms ? v->globals[i] : v->hosts[i - TAP_HOST_BASE];
		NEXT_INSN;
	}
	CASE(INVOKE) {
		st->pc = (uint32_t)(ip - code);
		{
			/* Fast path: a plain function with the right arity. */
			uint64_t callee = REG_A, idx = callee & 0xFFFFFFFFFFFFull;
			unsigned nargs = w & 0xFF;
			if (TAG(callee) == (TAG_REF >> 48) && idx < v->nobjs &&
			    v->objs[idx]->type == O_FN && st->depth + 1 < v->o.max_call_depth &&
			    m->fns[v->objs[idx]->fn].nparams == nargs) {
				uint32_t nf = v->objs[idx]->fn;
				const uint64_t *src = regs + ((w >> 8) & 0xFF);
				for (unsigned k = 0; k < nargs; k++)
					regs[NREGS + k] = src[k];
				frame *fr = &v->frames[st->depth++];
				fr->fn = st->fn;
				fr->ret_pc = st->pc + 1;
				fr->dest = (uint8_t)(w >> 16);
				st->fn = nf;
				f = &m->fns[nf];
				code = ip = f->code;
				kv = v->kvals[nf];
				regs += NREGS;
				GOTO_TOP;
			}
		}
		if (!do_call(v, st, regs, (w >> 16) & 0xFF, (w >> 8) & 0xFF, w & 0xFF, &new_fn))
			goto trap;
		if (new_fn == UINT32_MAX)
			NEXT_INSN;
		st->fn = new_fn;
		f = &m->fns[new_fn];
		code = ip = f->code;
		kv = v->kvals[new_fn];
		regs += NREGS;
		GOTO_TOP;
	}
	CASE(RETURN) {
		uint64_t r = REG_A;
		if (st->depth == 0) {
			st->value = r;
			taken += 0;
			st->steps = (v->o.max_steps ? v->o.max_steps : UINT64_MAX) - left - chunk - 1;
			return true;
		}
		const frame *fr = &v->frames[--st->depth];
		regs -= NREGS;
		regs[fr->dest] = r;
		st->fn = fr->fn;
		f = &m->fns[fr->fn];
		code = f->code;
		ip = code + fr->ret_pc;
		kv = v->kvals[fr->fn];
		GOTO_TOP;
	}
#ifndef TAP_USE_GOTO
	default:
		type_err(v, "illegal opcode");
		goto trap;
	}
	}
#endif
refill:
	/* Every CHUNK instructions (every one when tracing): step limit, trace. */
	if (left == 0) {
		v->trap = BCX_TAPIOCA_STEP_LIMIT;
		snprintf(v->why, sizeof v->why, "more than %" PRIu64 " steps", v->o.max_steps);
		goto trap;
	}
	chunk = v->o.trace ? 1 : (left < CHUNK ? left : CHUNK);
	left -= chunk;
	chunk--;
	if (v->o.trace)
		v->o.trace(v->o.ctx, f->name, (uint32_t)(ip - code), *ip);
#ifdef TAP_USE_GOTO
	w = *ip;
	goto *labels[w >> 24];
#else
	goto dispatched;
#endif
div_zero:
	v->trap = BCX_TAPIOCA_DIV_ZERO;
	snprintf(v->why, sizeof v->why, "%s by zero", bcx_tap_ops[w >> 24].name);
trap:
	st->pc = (uint32_t)(ip - code);
	st->steps = (v->o.max_steps ? v->o.max_steps : UINT64_MAX) - left - chunk;
	(void)taken;
	return false;
}

#ifdef TAP_USE_GOTO
#pragma GCC diagnostic pop
#endif

/* ---- setup and teardown ---- */

static void *vm_calloc(vm *v, size_t n, size_t sz)
{
	size_t bytes;
	if (!bcx_mul_ok(n ? n : 1, sz, &bytes)) {
		v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
		return NULL;
	}
	void *p = vm_alloc(v, bytes);
	if (p)
		memset(p, 0, bytes);
	return p;
}

static bool setup(vm *v)
{
	const bcx_tapioca_module *m = v->m;
	obj *o;
	uint64_t h;
	if (!(v->globals = vm_calloc(v, m->nsyms, 8)) || !(v->kvals = vm_calloc(v, m->nfns, 8)) ||
	    !(v->pool = vm_calloc(v, m->file.pool_count, 8)) ||
	    !(v->pool_done = vm_calloc(v, m->file.pool_count, 1)) ||
	    !(v->stack = vm_calloc(v, (size_t)v->o.max_call_depth * NREGS, 8)) ||
	    !(v->frames = vm_calloc(v, v->o.max_call_depth, sizeof(frame))))
		return false;
	for (uint32_t i = 0; i < m->nfns; i++) {
		if (!new_obj(v, O_FN, &h, &o))
			return false;
		o->fn = i;
		if (i == 0)
			v->fnobj0 = h;
	}
	for (unsigned i = 0; i < TAP_HOST_COUNT; i++) {
		if (!new_obj(v, O_HOST, &v->hosts[i], &o))
			return false;
		o->fn = i;
	}
	for (uint32_t i = 0; i < m->nsyms; i++) {
		const tap_sym *s = &m->syms[i];
		if (s->fn >= 0)
			v->globals[i] = v->fnobj0 + (uint64_t)s->fn;
		else if (!from_tbon(v, s->value, &v->globals[i]))
			return false;
	}
	for (uint32_t i = 0; i < m->nfns; i++) {
		const tap_fn *f = &m->fns[i];
		if (!(v->kvals[i] = vm_calloc(v, f->nconsts, 8)))
			return false;
		for (uint32_t k = 0; k < f->nconsts; k++)
			if (!from_tbon(v, &f->consts[k], &v->kvals[i][k]))
				return false;
	}
	return true;
}

static void teardown(vm *v)
{
	for (size_t i = 0; i < v->nobjs; i++) {
		obj *o = v->objs[i];
		size_t esz = o->type == O_STR ? 1 : o->type == O_MAP ? 16 : 8;
		if (o->s || o->a)
			bcx_free(v->al, o->s ? (void *)o->s : (void *)o->a, o->cap * esz);
		bcx_free(v->al, o, sizeof *o);
	}
	bcx_free(v->al, v->objs, v->capobjs * sizeof *v->objs);
	const bcx_tapioca_module *m = v->m;
	if (v->kvals)
		for (uint32_t i = 0; i < m->nfns; i++)
			if (v->kvals[i])
				bcx_free(v->al, v->kvals[i], (m->fns[i].nconsts ? m->fns[i].nconsts : 1) * 8u);
	bcx_free(v->al, v->kvals, (m->nfns ? m->nfns : 1) * 8u);
	bcx_free(v->al, v->globals, (m->nsyms ? m->nsyms : 1) * 8u);
	bcx_free(v->al, v->pool, (m->file.pool_count ? m->file.pool_count : 1) * 8u);
	bcx_free(v->al, v->pool_done, m->file.pool_count ? m->file.pool_count : 1);
	bcx_free(v->al, v->stack, (size_t)v->o.max_call_depth * NREGS * 8);
	bcx_free(v->al, v->frames, v->o.max_call_depth * sizeof(frame));
}

static void set_opts(bcx_tapioca_opts *o, const bcx_tapioca_opts *in)
{
	memset(o, 0, sizeof *o);
	if (in)
		memcpy(o, in, in->size < sizeof *o ? in->size : sizeof *o);
	o->size = sizeof *o;
	if (!o->max_call_depth)
		o->max_call_depth = 1000;
	if (o->max_call_depth > 1000000)
		o->max_call_depth = 1000000;
	if (!o->max_heap)
		o->max_heap = 256u << 20;
}

bcx_status bcx_tapioca_run(const bcx_tapioca_module *m, const char *entry,
			   const bcx_tapioca_opts *opts, bcx_tapioca_result *res, bcx_diag *diag)
{
	vm v;
	run_state st;
	memset(&v, 0, sizeof v);
	memset(&st, 0, sizeof st);
	memset(res, 0, sizeof *res);
	set_opts(&v.o, opts);
	v.m = m;
	v.al = bcx_default_allocator();
	int32_t fn = -1;
	for (uint32_t i = 0; i < m->nsyms; i++)
		if (m->syms[i].name_len == strlen(entry) &&
		    memcmp(m->syms[i].name, entry, m->syms[i].name_len) == 0)
			fn = m->syms[i].fn;
	if (fn < 0)
		return bcx_diag_set(diag, BCX_ERR_NOT_FOUND, -1, "no function named '%s'", entry);
	if (m->fns[fn].nparams != 0)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "'%s' takes arguments", entry);
	st.fn = (uint32_t)fn;
	bool ok = setup(&v) && execute(&v, &st);
	if (!ok && !v.trap)
		v.trap = BCX_TAPIOCA_OUT_OF_MEMORY;
	res->trap = ok ? BCX_TAPIOCA_OK : v.trap;
	res->value = st.value;
	res->steps = st.steps;
	res->index = st.pc;
	const tap_fn *f = &m->fns[st.fn];
	snprintf(res->function, sizeof res->function, "%.*s", (int)(f->name_len > 63 ? 63 : f->name_len),
		 f->name);
	teardown(&v);
	if (ok)
		return BCX_OK;
	bcx_diag_context(diag, "function '%s'", res->function);
	return bcx_diag_set(diag, res->trap == BCX_TAPIOCA_DIV_ZERO || res->trap == BCX_TAPIOCA_TYPE_ERROR
			    ? BCX_ERR_MALFORMED : BCX_ERR_LIMIT, -1,
			    "runtime error: %s in function '%s' at instruction %u: %s",
			    bcx_tapioca_trap_str(res->trap), res->function, res->index, v.why);
}
