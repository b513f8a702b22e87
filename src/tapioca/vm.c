/* The Tapioca interpreter (docs/tapioca.md, "Execution"). Values, objects
 * and the heap are described in vm.h; gc.c collects, str.c and map.c hold
 * strings and maps. */
#include "vm.h"
#include "common/internal.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define FLT_MAX_D ((double)FLT_MAX)

#define new_obj bcx_tapvm_new_obj
#define new_str bcx_tapvm_new_str
#define vm_grow bcx_tapvm_grow

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

/* A string constant: equal bytes give one object, wherever they appear in
 * the file (globals, every function's constants, inside arrays and maps),
 * so a field name written in one function and read in another is the same
 * word, which a field read compares first. Its hash is computed here, once.
 * The table (open addressing, at most half full) lives while setup builds
 * the constants; the collector is off then, so its handles stay valid. */
static bool const_str(vm *v, const char *s, size_t n, uint64_t *out)
{
	uint64_t h = bcx_hash_bytes(s, n);
	if (2 * (v->nint + 1) > v->capint) {
		size_t nc = v->capint ? 2 * v->capint : 64;
		uint64_t *t = bcx_alloc(v->al, nc * sizeof *t);
		if (!t)
			return bcx_tapvm_alloc_failed(v, nc * sizeof *t);
		memset(t, 0, nc * sizeof *t);
		for (size_t i = 0; i < v->capint; i++) {
			const obj *o = deref(v, v->interned[i]);
			if (!o)
				continue; /* an empty slot (0 is no handle) */
			size_t j = o->hash & (nc - 1);
			while (t[j])
				j = (j + 1) & (nc - 1);
			t[j] = v->interned[i];
		}
		bcx_free(v->al, v->interned, v->capint * sizeof *t);
		v->interned = t;
		v->capint = nc;
	}
	size_t j = h & (v->capint - 1);
	for (; v->interned[j]; j = (j + 1) & (v->capint - 1)) {
		const obj *o = deref(v, v->interned[j]);
		if (o && o->hash == h && o->len == n && (n == 0 || memcmp(str_data(o), s, n) == 0)) {
			*out = v->interned[j];
			return true;
		}
	}
	if (!new_str(v, s, n, out))
		return false;
	obj *o = deref(v, *out);
	if (o) {
		o->hash = h;
		o->has_hash = 1;
	}
	v->interned[j] = *out;
	v->nint++;
	return true;
}

static bool from_tbon(vm *v, const bcx_tbon_value *t, uint64_t *out);

/* The constants are built: const_str's table goes. */
static void const_strs_done(vm *v)
{
	bcx_free(v->al, v->interned, v->capint * sizeof *v->interned);
	v->interned = NULL;
	v->capint = v->nint = 0;
}

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
	switch (t->kind) {
	case BCX_TBON_K_NIL: *out = V_NIL; return true;
	case BCX_TBON_K_BOOL: *out = t->b ? V_TRUE : V_FALSE; return true;
	case BCX_TBON_K_BIGINT: break; /* no register form: refused below */
	case BCX_TBON_K_INT: *out = (uint64_t)t->i; return true;
	case BCX_TBON_K_UINT: *out = t->u; return true;
	case BCX_TBON_K_FLOAT: memcpy(out, &t->f, 8); return true;
	case BCX_TBON_K_REF: return from_pool(v, t->u, out);
	case BCX_TBON_K_NAME: return const_str(v, t->str, t->len, out);
	case BCX_TBON_K_ARRAY:
		if (!new_obj(v, O_ARR, out, &o))
			return false;
		if (!bcx_tapvm_items(v, o, t->len))
			return false;
		for (size_t i = 0; i < t->len; i++) {
			/* nil as the element signature (the note's last table): every
			 * item is nil, whether or not the reader stored items */
			if (t->elem == BCX_TBON_NIL || !t->items)
				o->u.a[i] = V_NIL;
			else if (!from_tbon(v, &t->items[i], &o->u.a[i]))
				return false;
		}
		o->len = t->len;
		return true;
	case BCX_TBON_K_MAP:
		if (!new_obj(v, O_MAP, out, &o))
			return false;
		for (size_t i = 0; i < t->len; i++) {
			uint64_t k, x;
			if (!from_tbon(v, &t->items[2 * i], &k) || !from_tbon(v, &t->items[2 * i + 1], &x) ||
			    !bcx_tapvm_map_set(v, o, k, x))
				return false;
		}
		return true;
	}
	/* A kind the VM has no register form for (a signed VA integer wider
	 * than 64 bits, say): refused when it would be loaded. */
	return type_err(v, "a constant of TBON type 0x%02X does not fit a 64-bit register", t->type);
}

/* ---- object semantics (.r operators, eq/gt/lt) ---- */

/* eq: strings by content, everything else by identity / raw bits. */
static bool val_eq(const vm *v, uint64_t a, uint64_t b)
{
	obj *x = deref(v, a), *y = deref(v, b);
	if (x && y && x->type == O_STR && y->type == O_STR)
		return bcx_tapvm_str_eq(x, y);
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
	*out = bcx_tapvm_str_cmp(x, y);
	return true;
}

/* Two arrays joined: a new array. */
static bool arr_concat(vm *v, const obj *x, const obj *y, uint64_t *out)
{
	size_t n;
	obj *o;
	if (!bcx_add_ok(x->len, y->len, &n) || !new_obj(v, O_ARR, out, &o))
		return v->trap ? false : type_err(v, "length overflow");
	if (!bcx_tapvm_items(v, o, n))
		return false;
	if (x->len)
		memcpy(o->u.a, x->u.a, x->len * 8);
	if (y->len)
		memcpy(o->u.a + x->len, y->u.a, y->len * 8);
	o->len = n;
	return true;
}

static bool obj_arith(vm *v, unsigned op, uint64_t a, uint64_t b, uint64_t *out)
{
	obj *x = deref(v, a), *y = deref(v, b);
	if (!x)
		return type_err(v, "%s on a value that is not an object", bcx_tap_ops[op].name);
	if (op == TAP_ADD_R && y && x->type == y->type && x->type == O_STR)
		return bcx_tapvm_concat(v, x, y, out);
	if (op == TAP_ADD_R && y && x->type == y->type && x->type == O_ARR)
		return arr_concat(v, x, y, out);
	if (op == TAP_MUL_R && x->type == O_STR && !is_tagged(b)) {
		int64_t k = (int64_t)b;
		if (k < 0)
			return type_err(v, "mul.r: bad repeat count %" PRId64, k);
		return bcx_tapvm_repeat(v, x, (size_t)k, out);
	}
	return type_err(v, "%s: no such method for these operands", bcx_tap_ops[op].name);
}

/* Per object kind (tapioca.def's OBJ rows). */
static const struct {
	uint8_t code;  /* the type code jt.r, jmp_if and type() see */
	bool has_len;  /* len() answers */
	const char *noun;
} obj_kinds[O_COUNT] = {
#define OBJ(cname, code, haslen, noun) [O_##cname] = {code, haslen, noun},
#include "tapioca.def"
#undef OBJ
};

/* The runtime type code (jmp_if numbering) used by JT.r and type(). */
static uint64_t type_code(const vm *v, uint64_t x)
{
	if (x == V_NIL)
		return 0x00;
	if (TAG(x) == (V_FALSE >> 48))
		return 0x01;
	const obj *o = deref(v, x);
	if (o)
		return obj_kinds[o->type].code;
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
		out(v, str_data(o), o->len);
		return;
	}
	if (x == V_NIL)
		snprintf(tmp, sizeof tmp, "nil");
	else if (TAG(x) == (V_FALSE >> 48))
		snprintf(tmp, sizeof tmp, "%s", x & 1 ? "true" : "false");
	else if (o)
		snprintf(tmp, sizeof tmp, "<%s #%" PRIu64 ">", obj_kinds[o->type].noun,
			 x & 0xFFFFFFFFu);
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

static bool host_call(vm *v, unsigned h, const uint64_t *a, unsigned n, uint64_t *res)
{
	static const uint8_t lo[] = {
#define HOST(name, cname, mn, mx) mn,
#include "tapioca.def"
#undef HOST
	};
	static const uint8_t hi[] = {
#define HOST(name, cname, mn, mx) mx,
#include "tapioca.def"
#undef HOST
	};
	obj *o;
	char tmp[48];
	if (n < lo[h] || n > hi[h])
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
		if (!o || !obj_kinds[o->type].has_len)
			return type_err(v, "len: argument has no length");
		*res = o->len;
		return true;
	case TAP_HOST_ARRAY: {
		if (a[0] > SIZE_MAX / 8 || !new_obj(v, O_ARR, res, &o) ||
		    !bcx_tapvm_items(v, o, (size_t)a[0]))
			return v->trap ? false : type_err(v, "array: bad length");
		if (a[0])
			memset(o->u.a, 0, (size_t)a[0] * 8);
		o->len = (size_t)a[0];
		return true;
	}
	case TAP_HOST_AGET:
		if (!(o = want(v, a[0], O_ARR, "aget")) || !index_ok(v, o, a[1], "aget"))
			return false;
		*res = o->u.a[a[1]];
		return true;
	case TAP_HOST_ASET:
		if (!(o = want(v, a[0], O_ARR, "aset")) || !index_ok(v, o, a[1], "aset"))
			return false;
		o->u.a[a[1]] = a[2];
		return true;
	case TAP_HOST_PUSH: {
		if (!(o = want(v, a[0], O_ARR, "push")))
			return false;
		if (!bcx_tapvm_items(v, o, o->len + 1))
			return false;
		o->u.a[o->len++] = a[1];
		*res = o->len;
		return true;
	}
	case TAP_HOST_MAP:
		return new_obj(v, O_MAP, res, &o);
	case TAP_HOST_MGET: {
		if (!(o = want(v, a[0], O_MAP, "mget")))
			return false;
		uint64_t *slot = bcx_tapvm_map_find(v, o, a[1]);
		*res = slot ? *slot : V_NIL;
		return true;
	}
	case TAP_HOST_MSET:
		if (!(o = want(v, a[0], O_MAP, "mset")))
			return false;
		return bcx_tapvm_map_set(v, o, a[1], a[2]);
	case TAP_HOST_CLOSURE: {
		const obj *f = deref(v, a[0]);
		if (!f || f->type != O_FN)
			return type_err(v, "closure: first argument is not a function");
		uint32_t fn = f->fn;
		if (!new_obj(v, O_CLO, res, &o))
			return false;
		o->fn = fn;
		if (!bcx_tapvm_items(v, o, n - 1))
			return false;
		if (n > 1)
			memcpy(o->u.a, a + 1, (n - 1) * 8);
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
		/* -2^63 itself fits; 2^63 does not (notes: int64 range). */
		if (!(f >= -9223372036854775808.0 && f < 9223372036854775808.0))
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
	uint64_t steps;
	uint64_t value;
} run_state;

/* An invoke of something other than a function of the right arity or a
 * built-in (those two take the handler's fast paths): a closure gives its
 * function and *clo, anything else is a type error. False on a trap. */
static bool call_slow(vm *v, const uint64_t *regs, uint32_t w, uint32_t *nf, const obj **clo)
{
	unsigned rf = (w >> 16) & 0xFF, n = w & 0xFF;
	const obj *o = deref(v, regs[rf]);
	*clo = NULL;
	if (!o || (o->type != O_FN && o->type != O_CLO))
		return type_err(v, "invoke: r%u is not a function", rf);
	const tap_fn *f = &v->m->fns[o->fn];
	size_t ncap = o->type == O_CLO ? o->len : 0;
	if (n != f->nparams || n + ncap > NREGS)
		return type_err(v, "invoke: '%.*s' takes %u arguments, got %u",
				(int)(f->name_len > 40 ? 40 : f->name_len), f->name, f->nparams, n);
	*nf = o->fn;
	*clo = ncap ? o : NULL;
	return true;
}

/* aget, aset, mget and mset without the generic built-in call when the
 * operands are right: 1 when done, -1 on a trap, 0 to send the call to
 * host_call, which reports the error. mset may allocate (the caller has
 * synced the frame state for the collector). */
static inline int host_fast(vm *v, unsigned h, const uint64_t *a, unsigned n, uint64_t *res)
{
	obj *o = deref(v, a[0]);
	if (!o)
		return 0;
	if (o->type == O_ARR && n >= 2 && a[1] < o->len) {
		if (h == TAP_HOST_AGET && n == 2) {
			*res = o->u.a[a[1]];
			return 1;
		}
		if (h == TAP_HOST_ASET && n == 3) {
			o->u.a[a[1]] = a[2];
			*res = V_NIL;
			return 1;
		}
	}
	if (o->type == O_MAP && h == TAP_HOST_MGET && n == 2) {
		/* A small map holding this very word (a field name constant). */
		if (!o->icap)
			for (size_t i = 0; i < o->len; i++)
				if (o->u.a[2 * i] == a[1]) {
					*res = o->u.a[2 * i + 1];
					return 1;
				}
		const uint64_t *slot = bcx_tapvm_map_find(v, o, a[1]);
		*res = slot ? *slot : V_NIL;
		return 1;
	}
	if (o->type == O_MAP && h == TAP_HOST_MSET && n == 3) {
		*res = V_NIL;
		return bcx_tapvm_map_set(v, o, a[1], a[2]) ? 1 : -1;
	}
	return 0;
}

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

#if defined(__GNUC__) && !defined(BCX_TAPIOCA_SWITCH)
#define TAP_USE_GOTO 1
/* Computed goto and a range designator are GNU extensions; -Wpedantic is
 * silenced for this one function only. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif

#include "handlers.h"

/* The arguments, then zeros up to top. The first word by itself: most
 * calls pass one or two arguments, and a vectorised loop's set-up would
 * cost them more than the copy. */
static inline void copy_args(uint64_t *dst, const uint64_t *src, unsigned n, unsigned top)
{
	if (n) {
		dst[0] = src[0];
		for (unsigned k = 1; k < n; k++)
			dst[k] = src[k];
	}
	for (unsigned k = n; k < top; k++)
		dst[k] = 0;
}

/* GCC merges the identical dispatch tails of handlers into one indirect
 * jump ("cross-jumping"), which the branch predictor then tracks for all
 * of them at once; keep one per handler. It would also turn the few
 * register clears of a call into a call to memset. */
#if defined(__GNUC__) && !defined(__clang__)
#define BCX_TAP_HOT                                                                            \
	__attribute__((optimize("no-crossjumping", "no-gcse", "no-tree-loop-distribute-patterns")))
#else
#define BCX_TAP_HOT
#endif

/* The error of control running past a function's last instruction. */
static void fall_off(vm *v, const tap_fn *f)
{
	v->trap = BCX_TAPIOCA_FELL_OFF;
	if (!f->ncode) {
		snprintf(v->why, sizeof v->why, "the function has no instructions");
		return;
	}
	uint32_t last = f->code[f->ncode - 1];
	const char *mn = bcx_tap_ops[last >> 24].name;
	snprintf(v->why, sizeof v->why, "control fell off the end of the function: its last "
		 "instruction (%s, opcode 0x%02X) neither jumps nor returns", mn ? mn : "?", last >> 24);
}

/* ---- instruction bodies the dispatch loop below runs ---- */

/* div.i and div.u: false when dividing by zero. INT64_MIN / -1 wraps to
 * INT64_MIN (notes B.3.8). */
static inline bool int_div(bool is_signed, uint64_t b, uint64_t c, uint64_t *r)
{
	if (c == 0)
		return false;
	if (!is_signed)
		*r = b / c;
	else
		*r = c == UINT64_MAX ? 0 - b : (uint64_t)((int64_t)b / (int64_t)c);
	return true;
}

/* je.r, jg.r, jl.r: *t is whether the jump is taken; false on a trap. */
static bool obj_compare(vm *v, unsigned op, uint64_t b, uint64_t c, bool *t)
{
	if (!is_tagged(b) || !is_tagged(c))
		return type_err(v, "%s on a value that is not an object", bcx_tap_ops[op].name);
	if (op == TAP_JE_R) {
		*t = val_eq(v, b, c);
		return true;
	}
	int cmp = 0;
	if (!str_cmp(v, b, c, &cmp))
		return false;
	*t = op == TAP_JG_R ? cmp > 0 : cmp < 0;
	return true;
}

/* aget and aset's fast path: the item a[1] of array a[0], NULL when a[0]
 * is no array or a[1] out of its range. */
static inline uint64_t *elem_ref(const vm *v, const uint64_t *a)
{
	obj *o = deref(v, a[0]);
	return o && o->type == O_ARR && a[1] < o->len ? &o->u.a[a[1]] : NULL;
}

/* mget's fast path at a site with cache c: false when a[0] is not a map;
 * else *r is the value of key a[1], nil when absent. When the cache holds
 * this key of this map as it is now (vm.h, field_cache), the value comes
 * from the cache: the map is still read, to check, but what follows (a
 * call of the value, say) need not wait for that chain of loads (handle
 * table, object, pairs), since the check is a branch the processor
 * predicts. Else a small map is first searched for this very word (a
 * field name constant), and the cache takes the result. */
static inline bool field_get(vm *v, field_cache *c, const uint64_t *a, uint64_t *r)
{
	const obj *o = deref(v, a[0]);
	if (!o || o->type != O_MAP)
		return false;
	if (o->ver == c->ver && a[1] == c->key) {
		*r = c->val;
		return true;
	}
	const uint64_t *slot = NULL;
	for (size_t i = 0; !o->icap && i < o->len; i++)
		if (o->u.a[2 * i] == a[1]) {
			slot = &o->u.a[2 * i + 1];
			break;
		}
	if (!slot)
		slot = bcx_tapvm_map_find(v, o, a[1]);
	*r = slot ? *slot : V_NIL;
	c->ver = o->ver;
	c->key = a[1];
	c->val = *r;
	return true;
}

/* add.i; add.i; jl.i back to the first of them: the loop turns here
 * without a dispatch, charging its 3 steps a turn. Returns the entry to
 * go on from (the one after the jump, or the triple itself when the
 * budget runs short, for the general way to take it). */
static inline const tap_insn *add_add_loop(uint64_t *regs, const tap_insn *ip, uint64_t *left)
{
	uint64_t *a1 = &RA, *b1 = &RB, *c1 = &RC;
	ip++;
	uint64_t *a2 = &RA, *b2 = &RB, *c2 = &RC;
	ip++;
	const uint64_t *b3 = &RB, *c3 = &RC;
	for (;;) {
		*a1 = *b1 + *c1;
		*a2 = *b2 + *c2;
		if (!((int64_t)*b3 < (int64_t)*c3))
			return ip + 1;
		if (*left < 3)
			return ip - 2;
		*left -= 3;
	}
}

/* AGET_LOOP and ASET_LOOP at ip (fused.def): the element read or write
 * of the invoke at ip + 1, then add.f; add.i; jl.i, turn after turn while
 * the jump goes back to ip, each turn charged as the two runs it is
 * (ip's, already charged on arrival, and the tail's). Returns the entry
 * to enter next, uncharged: where the jump goes, or the tail when the
 * budget cannot pay for it, or ip when it cannot pay for another turn;
 * NULL when the element's operands are wrong (a trap, or not an array:
 * the general path at ip, still charged, reports it).
 *
 * Within the loop nothing allocates, so the handle table and the array's
 * record stay as they are: the array is looked up again only when its
 * register changes. Every operand is reached through its register, so
 * registers the five share are read and written in program order. */
static inline const tap_insn *elem_loop(const vm *v, uint64_t *regs, const tap_insn *ip,
					uint64_t *left, bool is_set)
{
	const tap_insn *const start = ip, *const tail = ip + 2;
	const uint64_t head_len = start->len, tail_len = tail->len;
	uint64_t *const f = &regs[WBYTE(ip + 1, 2)];
	const uint64_t *const args = &regs[WBYTE(ip + 1, 1)];
	ip = tail;
	uint64_t *a1 = &RA;
	const uint64_t *b1 = &RB, *c1 = &RC;
	ip++;
	uint64_t *a2 = &RA;
	const uint64_t *b2 = &RB, *c2 = &RC;
	ip++;
	const uint64_t *b3 = &RB, *c3 = &RC;
	const tap_insn *const target = ip + ip->k.rel;
	uint64_t arr = 0; /* no array yet: 0 is no reference */
	uint64_t *items = NULL;
	size_t n = 0;
	for (;;) {
		if (args[0] != arr) {
			const obj *o = deref(v, args[0]);
			if (!o || o->type != O_ARR)
				return NULL;
			arr = args[0];
			items = o->u.a;
			n = o->len;
		}
		uint64_t i = args[1];
		if (i >= n)
			return NULL;
		if (is_set) {
			items[i] = args[2];
			*f = V_NIL;
		} else {
			*f = items[i];
		}
		if (*left < tail_len)
			return tail;
		*left -= tail_len;
		*a1 = as_u(as_f(*b1) + as_f(*c1));
		*a2 = *b2 + *c2;
		if (!((int64_t)*b3 < (int64_t)*c3))
			return ip + 1;
		if (target != start)
			return target;
		if (*left < head_len)
			return start;
		*left -= head_len;
	}
}

/* Exact mode's step at ip (one instruction, counted and traced, eleft
 * steps left): the opcode to run (never a fused handler), or -1 on a trap:
 * the step limit, or falling off the end (ip is the end marker). */
static int exact_step(vm *v, uint32_t fn, const tap_insn *ip, uint64_t eleft)
{
	const tap_fn *f = &v->m->fns[fn];
	uint32_t pc = (uint32_t)(ip - v->fns[fn].code);
	if (pc == f->ncode) {
		fall_off(v, f);
		return -1;
	}
	if (eleft == 0) {
		v->trap = BCX_TAPIOCA_STEP_LIMIT;
		snprintf(v->why, sizeof v->why, "more than %" PRIu64 " steps", v->o.max_steps);
		return -1;
	}
	if (v->o.trace)
		v->o.trace(v->o.ctx, f->name, pc, f->code[pc]);
	return (int)(f->code[pc] >> 24);
}

/* ---- the dispatch loop ----
 * One function, so that ip, regs and the budget stay in machine registers;
 * the handler of each opcode and fused pair is a named body of handlers.h,
 * expanded here once per row of tapioca.def and fused.def. */

#ifdef TAP_USE_GOTO
/* Each handler ends in its own indirect jump (threaded code), which the
 * branch predictor tracks per handler. Decoded code only holds opcodes and
 * fused handlers, so every entry it reaches is set. */
#define DISPATCH() goto *disp[HANDLER]
#define CASE(x) L_##x:
#define XCASE(x) L_X_##x:
#else
#define DISPATCH() goto top
#define CASE(x) case TAP_##x:
#define XCASE(x) case TAPX_##x:
#endif

BCX_TAP_HOT static bool execute(vm *v, run_state *st)
{
	const bcx_tapioca_module *m = v->m;
	const run_fn *const rf = v->fns;
	uint64_t *const base = v->stack + WIN_HDR; /* the entry frame's registers */
	/* Depth d + 1 >= max_call_depth is an overflow (max_call_depth >= 1). */
	const uint64_t *const rlimit = base + (size_t)(v->o.max_call_depth - 1) * WIN_WORDS;
	const uint64_t fn0 = v->fnobj0, nfns = m->nfns;
	const uint64_t max = v->o.max_steps ? v->o.max_steps : UINT64_MAX;
	uint64_t left = max, eleft = 0; /* budget: per run (fast) and per insn (exact) */
	bool exact = false, ok = true;
	uint64_t *regs = base;
	uint32_t nf = 0;
	uint64_t callee; /* what an invoke calls */
	unsigned host = 0;
	/* The running function is kept in its window's header, not in a
	 * machine register: only slow paths need it. */
	WIN_RET(regs) = 0;
	WIN_LINK(regs) = st->fn;
	v->top = regs;
	const tap_insn *ip = rf[st->fn].code;

#ifdef TAP_USE_GOTO
	static const void *const labels[256] = {
#define OP(mn, cname, code, form, imm, flow, heap) [code] = &&L_##cname,
#include "tapioca.def"
#undef OP
#define FUSED(cname, code) [code] = &&L_X_##cname,
#include "fused.def"
#undef FUSED
	};
	static const void *const step_labels[256] = {[0 ... 255] = &&L_step};
	const void *const *disp = labels;
#else
	unsigned op;
#endif

	if (v->o.trace)
		goto enter_slow; /* straight into exact mode */
	ENTER();

#ifndef TAP_USE_GOTO
top:
	if (exact)
		goto L_step;
	op = HANDLER;
dispatch_op:
	switch (op) {
#endif
	/* One handler per opcode and per fused handler (handlers.h). */
#define OP(mn, cname, code, form, imm, flow, heap) CASE(cname) H_##cname;
#include "tapioca.def"
#undef OP
#define FUSED(cname, code) XCASE(cname) HX_##cname;
#include "fused.def"
#undef FUSED
#ifndef TAP_USE_GOTO
	default:
		type_err(v, "illegal opcode");
		goto trap;
	}
#endif

call_host: {
		/* ip is the invoke, host the built-in. */
		uint64_t r;
		SYNC();
		int done = host_fast(v, host, regs + OP_B, OP_C, &r);
		TRAP_UNLESS(done > 0 || (done == 0 && host_call(v, host, regs + OP_B, OP_C, &r)));
		RA = r;
		ip++;
		ENTER();
	}

call:
	CALL(nf);

enter_slow:
	/* The budget does not cover the next run (or tracing is on): count
	 * single instructions from here on. Nothing of this run was charged. */
	if (!exact) {
		exact = true;
		eleft = left;
		left = 0; /* every later ENTER comes back here */
#ifdef TAP_USE_GOTO
		disp = step_labels;
#endif
	}
	DISPATCH();

L_step: {
		int x = exact_step(v, CUR_FN, ip, eleft);
		if (x < 0) {
			/* fell off: report the last instruction, which ran */
			ip -= v->trap == BCX_TAPIOCA_FELL_OFF && ip != rf[CUR_FN].code;
			goto trap;
		}
		eleft--;
#ifdef TAP_USE_GOTO
		goto *labels[x];
#else
		op = (unsigned)x;
		goto dispatch_op;
#endif
	}

stack_overflow:
	v->trap = BCX_TAPIOCA_STACK_OVERFLOW;
	snprintf(v->why, sizeof v->why, "call depth above %u", v->o.max_call_depth);
	goto trap;
div_zero:
	v->trap = BCX_TAPIOCA_DIV_ZERO;
	snprintf(v->why, sizeof v->why, "%s by zero", bcx_tap_ops[ip->w >> 24].name);
trap:
	ok = false;
done:
	/* ip is the last instruction that ran (the return, or the one that
	 * trapped) or, at the step limit, the one that did not. In fast mode
	 * the rest of its run was charged but did not run. */
	st->fn = CUR_FN;
	st->pc = (uint32_t)(ip - rf[CUR_FN].code);
	st->steps = exact ? max - eleft : max - left - (ip->len - 1);
	return ok;
}

#ifdef TAP_USE_GOTO
#pragma GCC diagnostic pop
#endif
#undef CASE
#undef XCASE
#undef DISPATCH

/* ---- setup and teardown ---- */

static void *vm_calloc(vm *v, size_t n, size_t sz)
{
	size_t bytes;
	if (!bcx_mul_ok(n ? n : 1, sz, &bytes)) {
		v->trap = BCX_TAPIOCA_OUT_OF_MEMORY;
		return NULL;
	}
	void *p = bcx_tapvm_alloc(v, bytes);
	if (p)
		memset(p, 0, bytes);
	return p;
}

static bool setup(vm *v)
{
	const bcx_tapioca_module *m = v->m;
	obj *o;
	uint64_t h;
	if (!(v->globals = vm_calloc(v, (size_t)m->nsyms + TAP_HOST_COUNT, 8)) ||
	    !(v->kvals = vm_calloc(v, m->nfns, 8)) || !(v->fns = vm_calloc(v, m->nfns, sizeof *v->fns)) ||
	    !(v->code = vm_calloc(v, m->nfns, sizeof *v->code)) ||
	    !(v->pool = vm_calloc(v, m->file.pool_count, 8)) ||
	    !(v->pool_done = vm_calloc(v, m->file.pool_count, 1)) ||
	    !(v->stack = bcx_tapvm_alloc(v, (size_t)v->o.max_call_depth * WIN_WORDS * 8)))
		return false;
	/* Only the entry window is cleared here; a call clears the registers
	 * its callee names (so untouched stack pages stay unmapped). */
	memset(v->stack, 0, WIN_WORDS * 8);
	for (uint32_t i = 0; i < m->nfns; i++) {
		if (!(v->code[i] = bcx_tapvm_run_code(v, &m->fns[i])))
			return false;
		v->fns[i].code = v->code[i];
		v->fns[i].nparams = m->fns[i].nparams;
		v->fns[i].nregs = bcx_tapvm_regs_used(&m->fns[i]);
		v->fns[i].nclear = bcx_tapvm_regs_to_clear(&m->fns[i], v->fns[i].nregs);
	}
	/* The functions, then the built-ins, as consecutive handles from
	 * fnobj0: invoke types a callee with one compare. They are never
	 * collected. */
	v->fnobj0 = TAG_REF | v->nobjs;
	for (uint32_t i = 0; i < m->nfns; i++) {
		if (!new_obj(v, O_FN, &h, &o))
			return false;
		o->fn = i;
		o->perm = 1;
	}
	for (unsigned i = 0; i < TAP_HOST_COUNT; i++) {
		if (!new_obj(v, O_HOST, &v->globals[m->nsyms + i], &o))
			return false;
		o->fn = i;
		o->perm = 1;
	}
	for (uint32_t i = 0; i < m->nsyms; i++) {
		const tap_sym *s = &m->syms[i];
		const bcx_tbon_file *tf = &m->file;
		if (s->fn >= 0)
			v->globals[i] = v->fnobj0 + (uint64_t)s->fn;
		else if (tf->pool && s->value >= tf->pool && s->value < tf->pool + tf->pool_count) {
			/* a const pool entry: one object, whether reached by
			 * load_global or by a const ref in a constant */
			if (!from_pool(v, (uint64_t)(s->value - tf->pool), &v->globals[i]))
				return false;
		} else if (!from_tbon(v, s->value, &v->globals[i]))
			return false;
	}
	for (uint32_t i = 0; i < m->nfns; i++) {
		const tap_fn *f = &m->fns[i];
		if (!(v->kvals[i] = vm_calloc(v, f->nconsts, 8)))
			return false;
		for (uint32_t k = 0; k < f->nconsts; k++)
			if (!from_tbon(v, &f->consts[k], &v->kvals[i][k]))
				return false;
		bcx_tapvm_resolve_loads(v, i);
	}
	if (!bcx_tapvm_attach_caches(v))
		return false;
	/* From here on the program's constants are roots and the collector
	 * may run; what setup made is the floor its trigger grows from. */
	v->fixed = v->heap;
	v->gc_next = v->heap + ((uint64_t)1 << 20);
	v->gc_on = true;
	const_strs_done(v);
	return true;
}

static void teardown(vm *v)
{
	const_strs_done(v);
	bcx_tapvm_free_all(v);
	const bcx_tapioca_module *m = v->m;
	if (v->kvals)
		for (uint32_t i = 0; i < m->nfns; i++)
			if (v->kvals[i])
				bcx_free(v->al, v->kvals[i], (m->fns[i].nconsts ? m->fns[i].nconsts : 1) * 8u);
	if (v->code)
		for (uint32_t i = 0; i < m->nfns; i++)
			if (v->code[i])
				bcx_free(v->al, v->code[i], (m->fns[i].ncode + 1u) * sizeof(tap_insn));
	bcx_free(v->al, v->code, (m->nfns ? m->nfns : 1) * sizeof *v->code);
	bcx_free(v->al, v->kvals, (m->nfns ? m->nfns : 1) * 8u);
	bcx_free(v->al, v->fns, (m->nfns ? m->nfns : 1) * sizeof *v->fns);
	bcx_free(v->al, v->globals, ((size_t)m->nsyms + TAP_HOST_COUNT) * 8u);
	bcx_free(v->al, v->pool, (m->file.pool_count ? m->file.pool_count : 1) * 8u);
	bcx_free(v->al, v->pool_done, m->file.pool_count ? m->file.pool_count : 1);
	bcx_free(v->al, v->stack, (size_t)v->o.max_call_depth * WIN_WORDS * 8);
	bcx_free(v->al, v->caches, v->ncaches * sizeof *v->caches);
}

static void set_opts(bcx_tapioca_options *o, const bcx_tapioca_options *in)
{
	memset(o, 0, sizeof *o);
	if (in)
		bcx_options_copy(o, sizeof *o, in);
	o->size = sizeof *o;
	if (!o->max_call_depth)
		o->max_call_depth = 1000;
	if (o->max_call_depth > 1000000)
		o->max_call_depth = 1000000;
	if (!o->max_heap)
		o->max_heap = 256u << 20;
}

bcx_status bcx_tapioca_run(const bcx_tapioca_module *m, const char *entry,
			   const bcx_tapioca_options *opts, bcx_tapioca_result *res, bcx_diag *diag)
{
	vm v;
	run_state st;
	memset(&v, 0, sizeof v);
	memset(&st, 0, sizeof st);
	memset(res, 0, sizeof *res);
	set_opts(&v.o, opts);
	v.m = m;
	v.al = v.o.alloc;
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
	if (v.alloc_failed)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory in function '%s' at "
				    "instruction %u: %s", res->function, res->index, v.why);
	return bcx_diag_set(diag, res->trap == BCX_TAPIOCA_DIV_ZERO || res->trap == BCX_TAPIOCA_TYPE_ERROR ||
			    res->trap == BCX_TAPIOCA_FELL_OFF ? BCX_ERR_MALFORMED : BCX_ERR_LIMIT, -1,
			    "runtime error: %s in function '%s' at instruction %u: %s",
			    bcx_tapioca_trap_str(res->trap), res->function, res->index, v.why);
}
