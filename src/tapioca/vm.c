/* The Tapioca interpreter (docs/tapioca.md, "Execution"). Values, objects
 * and the heap are described in vm.h; gc.c collects, str.c and map.c hold
 * strings and maps. */
#include "vm.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define FLT_MAX_D ((double)FLT_MAX)
/* The handler of the entry after a function's last instruction (not an
 * opcode, not a fused pair): control fell off the end (notes B.3.7). */
#define TAPX_END 0x5F
/* Pairs fused here, on the run's copy of the code, beside decode.c's:
 * loop counters (add.i then jl.i) and two additions in a row; and one
 * triple. */
#define TAPX_ADD_JL 0x5E
#define TAPX_ADD_ADD 0x5D
#define TAPX_ADD_ADD_JL 0x5C /* add.i; add.i; jl.i: an accumulating loop's tail */
/* decode.c's built-in call (load_global @f; invoke) for element and field
 * reads and element writes, checked and done in the handler: aget and
 * mget with 2 arguments, aset with 3. Anything unusual goes the generic
 * way. */
#define TAPX_AGET 0x5B
#define TAPX_MGET 0x5A
#define TAPX_ASET 0x59 /* aset with 3 arguments */
/* add.i rX, rY, rY; sub.i rX, rX, rY with X != Y, the copy idiom (the ISA
 * has no move): rX = rY, without storing 2y and reading it back. */
#define TAPX_MOVE 0x60

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
	switch (t->kind) {
	case BCX_TBON_K_NIL: *out = V_NIL; return true;
	case BCX_TBON_K_BOOL: *out = t->b ? V_TRUE : V_FALSE; return true;
	case BCX_TBON_K_BIGINT: break; /* no register form: refused below */
	case BCX_TBON_K_INT: *out = (uint64_t)t->i; return true;
	case BCX_TBON_K_UINT: *out = t->u; return true;
	case BCX_TBON_K_FLOAT: memcpy(out, &t->f, 8); return true;
	case BCX_TBON_K_REF: return from_pool(v, t->u, out);
	case BCX_TBON_K_NAME: return new_str(v, t->str, t->len, out);
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
		out(v, str_data(o), o->len);
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

/* Operands of the instruction at ip (decode.c kept the original bytes). */
#define OP_A ((ip->w >> 16) & 0xFF)
#define OP_B ((ip->w >> 8) & 0xFF)
#define OP_C (ip->w & 0xFF)
#define RA regs[OP_A]
#define RB regs[OP_B]
#define RC regs[OP_C]

/* Arrive at the start of a straight run: charge all of it to the step
 * budget at once. The run ends at the next jump, invoke or return, and only
 * a trap leaves it early (the trap path gives back what did not run). When
 * the budget cannot cover the whole run, or when tracing, execution goes on
 * one counted instruction at a time (the "exact" mode, L_step). */
#define ENTER()                                                                                \
	do {                                                                                   \
		if (ip->len > left)                                                            \
			goto enter_slow;                                                       \
		left -= ip->len;                                                               \
		DISPATCH();                                                                    \
	} while (0)
#define NEXT()                                                                                 \
	do {                                                                                   \
		ip++;                                                                          \
		DISPATCH();                                                                    \
	} while (0)
/* Conditional jumps: the target or the next instruction, both run starts. */
#define BRANCH(cond)                                                                           \
	do {                                                                                   \
		ip += (cond) ? ip->k.rel : 1;                                                  \
		ENTER();                                                                       \
	} while (0)

/* Where the interpreter is, for a collection the next call out may run. */
#define SYNC()                                                                                 \
	do {                                                                                   \
		v->depth = (uint32_t)(fp - frames);                                            \
	} while (0)
/* A call: ip is the invoke, nf the callee, whose arity matches. The new
 * frame gets the arguments and zeros up to the callee's highest register
 * (a fresh frame, notes B.3.7); ip then points at the callee's entry. */
#define PUSH_FRAME()                                                                           \
	do {                                                                                   \
		const uint64_t *src = regs + OP_B;                                             \
		unsigned nargs = OP_C, top = rf[nf].nregs;                                     \
		uint64_t *dst = regs + NREGS;                                                  \
		for (unsigned k = 0; k < nargs; k++)                                           \
			dst[k] = src[k];                                                       \
		for (unsigned k = nargs; k < top; k++)                                         \
			dst[k] = 0;                                                            \
		fp->ret = ip + 1;                                                              \
		fp->kv = kv;                                                                   \
		fp->fn = v->cur_fn;                                                            \
		fp->dest = (uint8_t)OP_A;                                                      \
		fp++;                                                                          \
		regs = dst;                                                                    \
		v->cur_fn = nf;                                                                \
		ip = rf[nf].code;                                                              \
		kv = rf[nf].kv;                                                                \
	} while (0)

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

BCX_TAP_HOT static bool execute(vm *v, run_state *st)
{
	const bcx_tapioca_module *m = v->m;
	const run_fn *const rf = v->fns;
	const uint64_t *const globals = v->globals;
	frame *const frames = v->frames;
	/* Depth d + 1 >= max_call_depth is an overflow (max_call_depth >= 1). */
	const frame *const flimit = frames + (v->o.max_call_depth - 1);
	const uint64_t fn0 = v->fnobj0, nfns = m->nfns;
	const uint64_t max = v->o.max_steps ? v->o.max_steps : UINT64_MAX;
	uint64_t left = max, eleft = 0; /* budget: per run (fast) and per insn (exact) */
	bool exact = false, ok = true;
	frame *fp = frames;
	uint64_t *regs = v->stack;
	uint32_t nf = 0;
	unsigned host = 0;
	/* The running function is kept in v->cur_fn, not in a machine
	 * register: only calls, returns and slow paths need it. */
	v->cur_fn = st->fn;
	const tap_insn *ip = rf[st->fn].code;
	const uint64_t *kv = rf[st->fn].kv;
	const obj *clo;

#ifdef TAP_USE_GOTO
	static const void *const labels[256] = {
#define OP(mn, cname, code, form) [code] = &&L_##cname,
#include "tapioca.def"
#undef OP
		[TAPX_LDI_ADD] = &&L_X_LDI_ADD, [TAPX_LDI_SUB] = &&L_X_LDI_SUB,
		[TAPX_LDI_JL] = &&L_X_LDI_JL, [TAPX_LDI_JG] = &&L_X_LDI_JG,
		[TAPX_LDI_JE] = &&L_X_LDI_JE, [TAPX_CALL] = &&L_X_CALL, [TAPX_HOST] = &&L_X_HOST,
		[TAPX_ADD_SUB] = &&L_X_ADD_SUB, [TAPX_ADDF_SUBF] = &&L_X_ADDF_SUBF,
		[TAPX_END] = &&L_X_END, [TAPX_ADD_JL] = &&L_X_ADD_JL, [TAPX_ADD_ADD] = &&L_X_ADD_ADD,
		[TAPX_ADD_ADD_JL] = &&L_X_ADD_ADD_JL, [TAPX_AGET] = &&L_X_AGET, [TAPX_MGET] = &&L_X_MGET,
		[TAPX_ASET] = &&L_X_ASET, [TAPX_MOVE] = &&L_X_MOVE,
	};
	static const void *const step_labels[256] = {[0 ... 255] = &&L_step};
	const void *const *disp = labels;
/* Each handler ends in its own indirect jump (threaded code), which the
 * branch predictor tracks per handler. Decoded code only holds opcodes and
 * fused handlers, so every entry it reaches is set. */
#define DISPATCH() goto *disp[ip->w >> 24]
#define CASE(x) L_##x:
#define XCASE(x) L_X_##x:
#else
	unsigned op;
#define DISPATCH() goto top
#define CASE(x) case TAP_##x:
#define XCASE(x) case TAPX_##x:
#endif

	if (v->o.trace)
		goto enter_slow; /* straight into exact mode */
	ENTER();

#ifndef TAP_USE_GOTO
top:
	if (exact)
		goto L_step;
	op = ip->w >> 24;
dispatch_op:
	switch (op) {
#endif
	CASE(NOP) NEXT();
	CASE(ADD_I) CASE(ADD_U) RA = RB + RC; NEXT();
	CASE(SUB_I) CASE(SUB_U) B_SUB: RA = RB - RC; NEXT();
	CASE(MUL_I) CASE(MUL_U) RA = RB * RC; NEXT();
	CASE(DIV_I) {
		uint64_t b = RB, c = RC;
		if (c == 0)
			goto div_zero;
		/* INT64_MIN / -1 wraps to INT64_MIN (notes B.3.8). */
		RA = c == UINT64_MAX ? 0 - b : (uint64_t)((int64_t)b / (int64_t)c);
		NEXT();
	}
	CASE(DIV_U) {
		uint64_t c = RC;
		if (c == 0)
			goto div_zero;
		RA = RB / c;
		NEXT();
	}
	CASE(ADD_F) RA = as_u(as_f(RB) + as_f(RC)); NEXT();
	CASE(SUB_F) B_SUB_F: RA = as_u(as_f(RB) - as_f(RC)); NEXT();
	CASE(MUL_F) RA = as_u(as_f(RB) * as_f(RC)); NEXT();
	CASE(DIV_F) RA = as_u(as_f(RB) / as_f(RC)); NEXT();
	CASE(ADD_R) CASE(SUB_R) CASE(MUL_R) CASE(DIV_R) {
		/* Never fused, so the top byte is the opcode. */
		uint64_t r;
		SYNC();
		if (!obj_arith(v, ip->w >> 24, RB, RC, &r))
			goto trap;
		RA = r;
		NEXT();
	}
	CASE(JMP) ip += ip->k.rel; ENTER();
	CASE(JE) BRANCH(RB == RC);
	CASE(JG_I) BRANCH((int64_t)RB > (int64_t)RC);
	CASE(JL_I) BRANCH((int64_t)RB < (int64_t)RC);
	CASE(JG_U) BRANCH(RB > RC);
	CASE(JL_U) BRANCH(RB < RC);
	CASE(JE_F) BRANCH(as_f(RB) == as_f(RC));
	CASE(JG_F) BRANCH(as_f(RB) > as_f(RC));
	CASE(JL_F) BRANCH(as_f(RB) < as_f(RC));
	CASE(JE_R) CASE(JG_R) CASE(JL_R) {
		uint64_t b = RB, c = RC;
		unsigned o = ip->w >> 24; /* never fused */
		bool t;
		if (!is_tagged(b) || !is_tagged(c)) {
			type_err(v, "%s on a value that is not an object", bcx_tap_ops[o].name);
			goto trap;
		}
		if (o == TAP_JE_R) {
			t = val_eq(v, b, c);
		} else {
			int cmp = 0;
			if (!str_cmp(v, b, c, &cmp))
				goto trap;
			t = o == TAP_JG_R ? cmp > 0 : cmp < 0;
		}
		BRANCH(t);
	}
	CASE(JT_R) BRANCH(type_code(v, RB) == RC);
	CASE(JMP_IF) BRANCH(cond_holds(v, RB, OP_C));
	CASE(LDI) CASE(LDU) CASE(LDF) RA = ip->k.u; NEXT();
	CASE(LDC) RA = kv[ip->k.u]; NEXT();
	CASE(LDG) RA = globals[ip->k.u]; NEXT();
	CASE(INVOKE) {
		/* Functions, then built-ins, are consecutive handles from fn0, so
		 * one compare each types the callee. */
		uint64_t d = RA - fn0;
		if (d < nfns && rf[d].nparams == OP_C) {
			nf = (uint32_t)d;
			goto call;
		}
		if (d - nfns < TAP_HOST_COUNT) {
			host = (unsigned)(d - nfns);
			goto call_host;
		}
		if (!call_slow(v, regs, ip->w, &nf, &clo))
			goto trap;
		if (!clo)
			goto call;
		if (fp >= flimit)
			goto stack_overflow;
		unsigned na = OP_C;
		PUSH_FRAME();
		/* The captured values follow the arguments. */
		memcpy(regs + na, clo->u.a, clo->len * 8);
		ENTER();
	}
	CASE(RETURN) {
		uint64_t r = RA;
		if (fp == frames) {
			st->value = r;
			goto done;
		}
		fp--;
		regs -= NREGS;
		regs[fp->dest] = r;
		ip = fp->ret;
		kv = fp->kv;
		v->cur_fn = fp->fn;
		ENTER();
	}

	/* Fused pairs (decode.c): the first instruction's work, then the second
	 * one's at ip + 1 without a dispatch in between. */
	XCASE(LDI_ADD) {
		uint64_t k = ip->k.u;
		RA = k;
		ip++;
		RA = RB + k;
		NEXT();
	}
	XCASE(LDI_SUB) {
		uint64_t k = ip->k.u;
		RA = k;
		ip++;
		RA = RB - k;
		NEXT();
	}
	XCASE(LDI_JL) {
		uint64_t k = ip->k.u;
		RA = k;
		ip++;
		BRANCH((int64_t)RB < (int64_t)k);
	}
	XCASE(LDI_JG) {
		uint64_t k = ip->k.u;
		RA = k;
		ip++;
		BRANCH((int64_t)RB > (int64_t)k);
	}
	XCASE(LDI_JE) {
		uint64_t k = ip->k.u;
		RA = k;
		ip++;
		BRANCH(RB == k);
	}
	XCASE(ADD_SUB) RA = RB + RC; ip++; goto B_SUB;
	XCASE(MOVE) RA = RB; ip += 2; DISPATCH();
	XCASE(ADD_ADD) RA = RB + RC; ip++; RA = RB + RC; NEXT();
	XCASE(ADD_JL) RA = RB + RC; ip++; BRANCH((int64_t)RB < (int64_t)RC);
	XCASE(ADD_ADD_JL) {
		/* A loop whose whole body is this triple (the jump goes back to
		 * it) turns here without a dispatch, charging its 3 steps a turn;
		 * when the budget runs short it goes the general way. */
		if ((ip + 2)->k.rel == -2) {
			uint64_t *a1 = &RA, *b1 = &RB, *c1 = &RC;
			ip++;
			uint64_t *a2 = &RA, *b2 = &RB, *c2 = &RC;
			ip++;
			const uint64_t *b3 = &RB, *c3 = &RC;
			for (;;) {
				*a1 = *b1 + *c1;
				*a2 = *b2 + *c2;
				if (!((int64_t)*b3 < (int64_t)*c3)) {
					ip++;
					ENTER();
				}
				if (left < 3) {
					ip -= 2;
					ENTER();
				}
				left -= 3;
			}
		}
		RA = RB + RC;
		ip++;
		RA = RB + RC;
		ip++;
		BRANCH((int64_t)RB < (int64_t)RC);
	}
	XCASE(ADDF_SUBF) RA = as_u(as_f(RB) + as_f(RC)); ip++; goto B_SUB_F;
	XCASE(CALL) /* the callee is known and takes this many arguments */
		RA = globals[ip->k.u];
		ip++;
		nf = (uint32_t)ip->k.u;
		goto call;
	XCASE(HOST)
	host_slow:
		RA = globals[ip->k.u];
		ip++;
		host = (unsigned)ip->k.u;
		goto call_host;
	XCASE(AGET) {
		/* The register gets the result; the built-in it held first is
		 * seen by no one, unless the generic path runs. */
		const obj *o = deref(v, regs[(ip + 1)->w >> 8 & 0xFF]);
		uint64_t i = regs[((ip + 1)->w >> 8 & 0xFF) + 1];
		if (o && o->type == O_ARR && i < o->len) {
			ip++;
			RA = o->u.a[i];
			ip++;
			ENTER();
		}
		goto host_slow;
	}
	XCASE(ASET) {
		const uint64_t *a = regs + ((ip + 1)->w >> 8 & 0xFF);
		obj *o = deref(v, a[0]);
		if (o && o->type == O_ARR && a[1] < o->len) {
			o->u.a[a[1]] = a[2];
			ip++;
			RA = V_NIL;
			ip++;
			ENTER();
		}
		goto host_slow;
	}
	XCASE(MGET) {
		const obj *o = deref(v, regs[(ip + 1)->w >> 8 & 0xFF]);
		uint64_t key = regs[((ip + 1)->w >> 8 & 0xFF) + 1];
		if (o && o->type == O_MAP) {
			const uint64_t *slot = NULL;
			/* a small map holding this very word (a field name constant) */
			for (size_t i = 0; !o->icap && i < o->len; i++)
				if (o->u.a[2 * i] == key) {
					slot = &o->u.a[2 * i + 1];
					break;
				}
			if (!slot)
				slot = bcx_tapvm_map_find(v, o, key);
			ip++;
			RA = slot ? *slot : V_NIL;
			ip++;
			ENTER();
		}
		goto host_slow;
	}
	XCASE(END)
		/* Report the last instruction, which ran; the marker is no step
		 * (entering an empty function charged it: give that back). */
		if (ip == rf[v->cur_fn].code)
			left++;
		else
			ip--;
		fall_off(v, &m->fns[v->cur_fn]);
		goto trap;
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
		if (done < 0 || (done == 0 && !host_call(v, host, regs + OP_B, OP_C, &r)))
			goto trap;
		RA = r;
		ip++;
		ENTER();
	}

call:
	/* ip is the invoke; nf the callee, whose arity matches. */
	if (fp >= flimit)
		goto stack_overflow;
	PUSH_FRAME();
	ENTER();

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
		/* Exact mode: one step, the trace hook, then the instruction's own
		 * handler (never a fused one, so each counts and traces alone). */
		const tap_fn *f = &m->fns[v->cur_fn];
		uint32_t pc = (uint32_t)(ip - rf[v->cur_fn].code);
		if (pc == f->ncode) {
			ip -= pc > 0;
			fall_off(v, f);
			goto trap;
		}
		uint32_t word = f->code[pc];
		if (eleft == 0) {
			v->trap = BCX_TAPIOCA_STEP_LIMIT;
			snprintf(v->why, sizeof v->why, "more than %" PRIu64 " steps", v->o.max_steps);
			goto trap;
		}
		eleft--;
		if (v->o.trace)
			v->o.trace(v->o.ctx, f->name, pc, word);
#ifdef TAP_USE_GOTO
		goto *labels[word >> 24];
#else
		op = word >> 24;
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
	st->fn = v->cur_fn;
	st->pc = (uint32_t)(ip - rf[v->cur_fn].code);
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

/* 1 + the highest register f's code names (invoke: its whole argument
 * range): what a call clears and the collector scans. */
static uint32_t regs_used(const tap_fn *f)
{
	uint32_t top = f->nparams;
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		uint32_t w = f->code[pc], a = (w >> 16) & 0xFF, b = (w >> 8) & 0xFF, c = w & 0xFF, hi;
		switch (bcx_tap_ops[w >> 24].form) {
		case FORM_RRR: hi = a > b ? a : b; hi = hi > c ? hi : c; break;
		case FORM_JRR: hi = b > c ? b : c; break;
		case FORM_JRC: hi = b; break;
		case FORM_RI: case FORM_R: hi = a; break;
		case FORM_RRN: hi = c ? b + c - 1 : b; hi = hi > a ? hi : a; break;
		default: continue;
		}
		top = hi + 1 > top ? hi + 1 : top;
	}
	return top;
}

/* Fusions on the run's copy c of f's code, beside decode.c's: element and
 * field reads, loop tails, additions in a row. Only entries decode.c left
 * plain are fused (and its built-in calls specialised); the second keeps
 * its entry, so a jump to it runs it alone. */
static void fuse_more(const tap_fn *f, tap_insn *c)
{
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		unsigned host = (unsigned)c[pc + 1].k.u, nargs = f->code[pc + 1] & 0xFF;
		if (c[pc].w >> 24 != TAPX_HOST)
			continue;
		if (host == TAP_HOST_ASET && nargs == 3)
			c[pc].w = (uint32_t)TAPX_ASET << 24 | (f->code[pc] & 0xFFFFFF);
		if (nargs != 2)
			continue;
		if (host == TAP_HOST_AGET)
			c[pc].w = (uint32_t)TAPX_AGET << 24 | (f->code[pc] & 0xFFFFFF);
		else if (host == TAP_HOST_MGET)
			c[pc].w = (uint32_t)TAPX_MGET << 24 | (f->code[pc] & 0xFFFFFF);
	}
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		uint32_t w1 = f->code[pc], w2 = f->code[pc + 1];
		unsigned x = w1 >> 16 & 0xFF, y = w1 >> 8 & 0xFF;
		if (c[pc].w >> 24 == TAPX_ADD_SUB && x != y && (w1 & 0xFF) == y &&
		    (w2 & 0xFFFFFF) == (x << 16 | x << 8 | y))
			c[pc].w = (uint32_t)TAPX_MOVE << 24 | (w1 & 0xFFFFFF);
	}
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		unsigned op1 = f->code[pc] >> 24, op2 = f->code[pc + 1] >> 24;
		if (c[pc].w >> 24 != op1 || (op1 != TAP_ADD_I && op1 != TAP_ADD_U))
			continue;
		bool add2 = op2 == TAP_ADD_I || op2 == TAP_ADD_U;
		if (add2 && pc + 2 < f->ncode && f->code[pc + 2] >> 24 == TAP_JL_I &&
		    c[pc + 1].w >> 24 == op2)
			c[pc].w = (uint32_t)TAPX_ADD_ADD_JL << 24 | (f->code[pc] & 0xFFFFFF);
		else if (op2 == TAP_JL_I)
			c[pc].w = (uint32_t)TAPX_ADD_JL << 24 | (f->code[pc] & 0xFFFFFF);
		else if (add2)
			c[pc].w = (uint32_t)TAPX_ADD_ADD << 24 | (f->code[pc] & 0xFFFFFF);
	}
}

/* The run's copy of f's decoded code: one more entry, the end marker, and
 * each straight run's length counted to the last instruction, so falling
 * off the end reaches the marker instead of memory past the code. */
static tap_insn *run_code(vm *v, const tap_fn *f)
{
	size_t n = (size_t)f->ncode + 1;
	tap_insn *c = bcx_tapvm_alloc(v, n * sizeof *c);
	if (!c)
		return NULL;
	if (f->ncode)
		memcpy(c, f->ins, f->ncode * sizeof *c);
	memset(&c[f->ncode], 0, sizeof *c);
	c[f->ncode].w = (uint32_t)TAPX_END << 24;
	c[f->ncode].len = 1;
	for (uint32_t pc = f->ncode; pc-- > 0;)
		c[pc].len = pc + 1 == f->ncode || bcx_tap_ends_run(f->code[pc] >> 24) ? 1 : c[pc + 1].len + 1;
	fuse_more(f, c);
	return c;
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
	    !(v->stack = bcx_tapvm_alloc(v, (size_t)v->o.max_call_depth * NREGS * 8)) ||
	    !(v->frames = vm_calloc(v, v->o.max_call_depth, sizeof(frame))))
		return false;
	/* Only the entry frame is cleared here; a call clears the registers its
	 * callee names (so untouched stack pages stay unmapped). */
	memset(v->stack, 0, NREGS * 8);
	for (uint32_t i = 0; i < m->nfns; i++) {
		if (!(v->code[i] = run_code(v, &m->fns[i])))
			return false;
		v->fns[i].code = v->code[i];
		v->fns[i].nparams = m->fns[i].nparams;
		v->fns[i].nregs = regs_used(&m->fns[i]);
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
		v->fns[i].kv = v->kvals[i];
	}
	/* From here on the program's constants are roots and the collector
	 * may run; what setup made is the floor its trigger grows from. */
	v->fixed = v->heap;
	v->gc_next = v->heap + ((uint64_t)1 << 20);
	v->gc_on = true;
	return true;
}

static void teardown(vm *v)
{
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
	bcx_free(v->al, v->stack, (size_t)v->o.max_call_depth * NREGS * 8);
	bcx_free(v->al, v->frames, v->o.max_call_depth * sizeof(frame));
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
	return bcx_diag_set(diag, res->trap == BCX_TAPIOCA_DIV_ZERO || res->trap == BCX_TAPIOCA_TYPE_ERROR ||
			    res->trap == BCX_TAPIOCA_FELL_OFF ? BCX_ERR_MALFORMED : BCX_ERR_LIMIT, -1,
			    "runtime error: %s in function '%s' at instruction %u: %s",
			    bcx_tapioca_trap_str(res->trap), res->function, res->index, v.why);
}
