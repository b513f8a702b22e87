/* Tapioca interpreter: the fast paths (pre-decoded code, fused pairs, step
 * budget charged per straight run, direct calls) must give exactly what one
 * instruction at a time gives. The reference is the trace hook, which runs
 * the exact single-step mode: for every step limit N below a program's
 * length, the run must stop after N steps at the (N+1)-th traced
 * instruction. Built twice: computed goto and the portable switch. */
#include "testutil.h"
#include "bcx/tapioca.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TRACE 4096

typedef struct trace_log {
	size_t n;
	char fn[MAX_TRACE][16];
	uint32_t pc[MAX_TRACE];
} trace_log;

static void on_trace(void *ctx, const char *fn, uint32_t index, uint32_t word)
{
	trace_log *t = ctx;
	(void)word;
	if (t->n < MAX_TRACE) {
		snprintf(t->fn[t->n], sizeof t->fn[0], "%s", fn);
		t->pc[t->n] = index;
	}
	t->n++;
}

/* The module reads names from the object file's bytes: keep them. */
static bcx_buf file_bytes;

static bcx_tapioca_module *load_text(const char *src)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf_free(&file_bytes);
	bcx_buf_init(&file_bytes, NULL);
	bcx_tapioca_module *m = NULL;
	bcx_status s = bcx_tapioca_asm(src, strlen(src), &file_bytes, &d);
	T_CHECKF(s == BCX_OK, "asm: %s: %s in\n%s", tu_diag_pos(&d), d.message, src);
	if (s == BCX_OK) {
		s = bcx_tapioca_load(file_bytes.data, file_bytes.len, NULL, &m, &d);
		T_CHECKF(s == BCX_OK, "load: %s", d.message);
	}
	return m;
}

static bcx_tapioca_result run(const bcx_tapioca_module *m, uint64_t max_steps, trace_log *t,
			      uint32_t depth, char *why, size_t why_size)
{
	bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
	o.max_steps = max_steps;
	o.max_call_depth = depth;
	if (t) {
		t->n = 0;
		o.trace = on_trace;
		o.ctx = t;
	}
	bcx_tapioca_result r;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = bcx_tapioca_run(m, "main", &o, &r, &d);
	T_CHECKF((s == BCX_OK) == (r.trap == BCX_TAPIOCA_OK), "status %d trap %d: %s", (int)s, (int)r.trap, d.message);
	if (why)
		snprintf(why, why_size, "%s", d.message);
	return r;
}

/* Trace src, then check the untraced run and every step limit against it.
 * Returns the traced result for further checks. */
static bcx_tapioca_result check_exact(const char *src, uint32_t depth)
{
	static trace_log t;
	bcx_tapioca_result full, r;
	memset(&full, 0, sizeof full);
	bcx_tapioca_module *m = load_text(src);
	if (!m)
		return full;
	full = run(m, 0, &t, depth, NULL, 0);
	T_CHECKF(t.n <= MAX_TRACE, "program too long to check (%zu steps)", t.n);
	T_EQ_U(full.steps, t.n); /* every step traced once */
	r = run(m, 0, NULL, depth, NULL, 0);
	T_EQ_U(r.trap, full.trap);
	T_EQ_U(r.value, full.value);
	T_EQ_U(r.steps, full.steps);
	T_EQ_U(r.index, full.index);
	T_CHECK(strcmp(r.function, full.function) == 0);
	for (size_t n = 1; n < t.n && n < MAX_TRACE; n++) {
		r = run(m, n, NULL, depth, NULL, 0);
		T_CHECKF(r.trap == BCX_TAPIOCA_STEP_LIMIT || (r.trap == full.trap && r.steps == n),
			 "limit %zu: trap %d", n, (int)r.trap);
		if (r.trap != BCX_TAPIOCA_STEP_LIMIT)
			continue;
		T_CHECKF(r.steps == n, "limit %zu: %llu steps", n, (unsigned long long)r.steps);
		T_CHECKF(r.index == t.pc[n] && strcmp(r.function, t.fn[n]) == 0,
			 "limit %zu: stopped at %s #%u, trace says %s #%u", n, r.function, r.index,
			 t.fn[n], t.pc[n]);
	}
	/* The same limits, traced: exact mode from the start. */
	for (size_t n = 1; n < t.n && n < MAX_TRACE; n += 7) {
		static trace_log t2;
		r = run(m, n, &t2, depth, NULL, 0);
		T_CHECK(r.trap != BCX_TAPIOCA_STEP_LIMIT || (r.steps == n && t2.n == n));
	}
	r = run(m, t.n, NULL, depth, NULL, 0);
	T_EQ_U(r.trap, full.trap);
	T_EQ_U(r.steps, t.n);
	bcx_tapioca_free(m);
	return full;
}

static const char counted_loop[] =
	".func main 0\n"
	" load_imm_int r0, 0\n"
	"loop:\n"
	" load_imm_int r1, 1\n"
	" add.i r0, r0, r1\n"     /* fused: load_imm_int + add.i */
	" load_imm_int r2, 10\n"
	" jl.i loop, r0, r2\n"    /* fused: load_imm_int + jl.i */
	" return r0\n"
	".end\n";

/* Enter the second half of a fused pair by a jump: it runs alone. */
static const char into_pair[] =
	".func main 0\n"
	" load_imm_int r0, 0\n"
	" load_imm_int r1, 100\n"
	" load_imm_int r3, 103\n"
	" jmp second\n"
	"top:\n"
	" load_imm_int r1, 1\n"
	"second:\n"
	" add.i r0, r0, r1\n"
	" jl.i top, r0, r3\n"
	" return r0\n"
	".end\n";

static const char calls[] =
	".func fib 1\n"
	" load_imm_int r1, 2\n"
	" jl.i small, r0, r1\n"
	" load_imm_int r1, 1\n"
	" sub.i r2, r0, r1\n"
	" load_global r3, fib\n"
	" invoke r3, r2, 1\n"     /* fused: direct call */
	" load_imm_int r1, 2\n"
	" sub.i r4, r0, r1\n"
	" load_global r5, fib\n"
	" nop\n"
	" invoke r5, r4, 1\n"     /* through the register */
	" add.i r0, r3, r5\n"
	"small:\n"
	" return r0\n"
	".end\n"
	".func main 0\n"
	" load_imm_int r1, 9\n"
	" load_global r0, fib\n"
	" invoke r0, r1, 1\n"
	" return r0\n"
	".end\n";

static const char arrays[] =
	".func main 0\n"
	" load_imm_int r1, 20\n"
	" load_global r0, @array\n"
	" invoke r0, r1, 1\n"
	" load_imm_int r2, 0\n"
	" load_imm_int r3, 1\n"
	"fill:\n"
	" add.i r11, r0, r0\n"
	" sub.i r11, r11, r0\n"    /* fused copy idiom */
	" add.i r12, r2, r2\n"
	" sub.i r12, r12, r2\n"
	" add.i r13, r2, r3\n"
	" load_global r10, @aset\n"
	" invoke r10, r11, 3\n"   /* fused: inline aset */
	" add.i r2, r2, r3\n"
	" jl.i fill, r2, r1\n"
	" load_imm_int r2, 0\n"
	" load_imm_int r6, 0\n"
	" load_global r10, @aget\n"
	"sum:\n"
	" add.i r11, r0, r0\n"
	" sub.i r11, r11, r0\n"
	" add.i r12, r2, r2\n"
	" sub.i r12, r12, r2\n"
	" invoke r10, r11, 2\n"   /* aget through the register */
	" add.i r6, r6, r10\n"
	" load_global r10, @aget\n"
	" add.i r2, r2, r3\n"
	" jl.i sum, r2, r1\n"
	" return r6\n"
	".end\n";

static const char closures[] =
	".func add 1\n"
	" add.i r0, r0, r1\n"
	" return r0\n"
	".end\n"
	".func main 0\n"
	" load_global r0, @closure\n"
	" load_global r1, add\n"
	" load_imm_int r2, 40\n"
	" invoke r0, r1, 2\n"
	" load_imm_int r5, 2\n"
	" add.i r4, r0, r0\n"
	" sub.i r4, r4, r0\n"
	" invoke r4, r5, 1\n"
	" return r4\n"
	".end\n";

static const char div_mid_run[] =
	".func main 0\n"
	" load_imm_int r1, 7\n"
	" load_imm_int r2, 0\n"
	" div.i r0, r1, r2\n"
	" load_imm_int r3, 1\n"
	" return r0\n"
	".end\n";

static const char deep[] =
	".func down 1\n"
	" load_imm_int r1, 1\n"
	" add.i r0, r0, r1\n"
	" load_global r2, down\n"
	" invoke r2, r0, 1\n"
	" return r2\n"
	".end\n"
	".func main 0\n"
	" load_imm_int r0, 0\n"
	" load_global r1, down\n"
	" invoke r1, r0, 1\n"
	" return r1\n"
	".end\n";

/* A loop whose body is add.i, add.i, jl.i back to itself: it turns inside
 * one handler, charging 3 steps a turn. */
static const char tight_loop[] =
	".func main 0\n"
	" load_imm_int r0, 0\n load_imm_int r2, 0\n load_imm_int r3, 1\n load_imm_int r1, 20\n"
	"loop:\n"
	" add.i r0, r0, r2\n add.i r2, r2, r3\n jl.i loop, r2, r1\n"
	" return r0\n"
	".end\n";

/* A float accumulation's loop tail, add.f, add.i, jl.i: one fused handler;
 * the second program jumps into the triple's middle, which runs alone. */
static const char float_loop[] =
	".func main 0\n"
	" load_imm_float r0, 0.0\n load_imm_float r4, 0.5\n load_imm_int r2, 0\n"
	" load_imm_int r3, 1\n load_imm_int r1, 20\n"
	"loop:\n"
	" add.f r0, r0, r4\n add.i r2, r2, r3\n jl.i loop, r2, r1\n"
	" return r0\n"
	".end\n";
static const char float_loop_mid[] =
	".func main 0\n"
	" load_imm_float r0, 0.0\n load_imm_float r4, 0.5\n load_imm_int r2, 0\n"
	" load_imm_int r3, 1\n load_imm_int r1, 20\n jmp mid\n"
	"loop:\n"
	" add.f r0, r0, r4\n"
	"mid:\n"
	" add.i r2, r2, r3\n jl.i loop, r2, r1\n"
	" return r0\n"
	".end\n";

/* An element read or write followed by add.f, add.i, jl.i (one fused
 * handler, prep.c), in loops whose whole body the five are, so that each
 * turns inside its handler: the array's 12 items are filled with 0, 1.5,
 * ... 16.5 in 70 steps and 15 instructions, then r12 is the index again. */
#define ELEM_FILLED                                                                            \
	".func main 0\n"                                                                       \
	" load_imm_int r1, 12\n load_global r0, @array\n invoke r0, r1, 1\n"                   \
	" add.i r11, r0, r0\n sub.i r11, r11, r0\n"                                            \
	" load_imm_int r12, 0\n load_imm_int r3, 1\n load_imm_float r13, 0.0\n"               \
	" load_imm_float r5, 1.5\n"                                                            \
	"fill:\n"                                                                              \
	" load_global r10, @aset\n invoke r10, r11, 3\n"                                        \
	" add.f r13, r13, r5\n add.i r12, r12, r3\n jl.i fill, r12, r1\n"                      \
	" load_imm_int r12, 0\n"
/* 1.5 * (0 + ... + 11) = 99 */
static const char elem_loops[] =
	ELEM_FILLED
	" load_imm_float r6, 0.0\n"
	"sum:\n"
	" load_global r10, @aget\n invoke r10, r11, 2\n"
	" add.f r6, r10, r6\n add.i r12, r12, r3\n jl.i sum, r12, r1\n"
	" return r6\n"
	".end\n";
/* The loop runs past the array's end: the read traps inside the loop,
 * at the invoke, in the 16th turn. */
static const char elem_loop_trap[] =
	ELEM_FILLED
	" load_imm_int r1, 15\n"
	"sum:\n"
	" load_global r10, @aget\n invoke r10, r11, 2\n"
	" add.f r6, r6, r10\n add.i r12, r12, r3\n jl.i sum, r12, r1\n"
	" return r6\n"
	".end\n";
/* The array's register changes inside the loop (the add.i counts it on
 * to a handle that is no array): the read's error in the second turn. */
static const char elem_loop_not_array[] =
	ELEM_FILLED
	"sum:\n"
	" load_global r10, @aget\n invoke r10, r11, 2\n"
	" add.f r6, r6, r10\n add.i r11, r11, r3\n jl.i sum, r12, r1\n"
	" return r6\n"
	".end\n";
/* The same five where the loop starts one instruction earlier (no self
 * loop: one dispatch a turn), and jumps that enter at the invoke and at
 * the add.f, which then run as themselves: 99 + 0.25. */
static const char elem_loop_entries[] =
	ELEM_FILLED
	" load_imm_float r6, 0.0\n load_global r10, @aget\n jmp second\n"
	"sum:\n"
	" nop\n"
	" load_global r10, @aget\n"
	"second:\n"
	" invoke r10, r11, 2\n"
	"third:\n"
	" add.f r6, r6, r10\n add.i r12, r12, r3\n jl.i sum, r12, r1\n"
	" jl.i done, r3, r7\n"   /* r7 is 0 the first time */
	" load_imm_int r7, 2\n load_imm_float r10, 0.25\n jmp third\n"
	"done:\n"
	" return r6\n"
	".end\n";

/* add.i; mul.i (a counter and a multiple of it): one fused handler; the
 * loop's jump lands on the mul.i, which then runs alone. */
static const char add_mul[] =
	".func main 0\n"
	" load_imm_int r1, 0\n load_imm_int r2, 1\n load_imm_int r3, 7\n load_imm_int r4, 10\n"
	" load_imm_int r6, 0\n"
	"loop:\n"
	" add.i r1, r1, r2\n"
	"mul:\n"
	" mul.i r5, r1, r3\n add.i r6, r6, r5\n jl.i loop, r1, r4\n"
	" load_imm_int r4, 12\n jl.i mul, r1, r4\n"
	" return r6\n"
	".end\n";

/* Calls through a map field: the mget handler, then a call of its result. */
static const char field_calls[] =
	".func inc 1\n load_imm_int r1, 1\n add.i r0, r0, r1\n return r0\n.end\n"
	".func main 0\n"
	" load_global r10, @map\n invoke r10, r10, 0\n add.i r11, r10, r10\n sub.i r11, r11, r10\n"
	" load_const r12, \"f\"\n load_global r13, inc\n load_global r10, @mset\n invoke r10, r11, 3\n"
	" load_imm_int r2, 0\n load_imm_int r3, 1\n load_imm_int r1, 5\n load_imm_int r14, 0\n"
	"loop:\n"
	" load_global r10, @mget\n invoke r10, r11, 2\n invoke r10, r14, 1\n"
	" add.i r14, r10, r10\n sub.i r14, r14, r10\n add.i r2, r2, r3\n jl.i loop, r2, r1\n"
	" return r14\n"
	".end\n";

static void test_exact_steps(void)
{
	bcx_tapioca_result r = check_exact(counted_loop, 0);
	T_EQ_U(r.value, 10);
	T_EQ_U(r.steps, 42); /* 1 + 10 * 4 + the return */
	r = check_exact(into_pair, 0);
	T_EQ_U(r.value, 103);
	T_EQ_U(r.steps, 16);
	r = check_exact(calls, 0);
	T_EQ_U(r.value, 34);
	r = check_exact(arrays, 0);
	T_EQ_U(r.value, 20 * 21 / 2);
	r = check_exact(closures, 0);
	T_EQ_U(r.value, 42);
	r = check_exact(tight_loop, 0);
	T_EQ_U(r.value, 19 * 20 / 2);
	T_EQ_U(r.steps, 4 + 20 * 3 + 1);
	r = check_exact(float_loop, 0);
	T_EQ_U(r.value, 0x4024000000000000u); /* 10.0 */
	T_EQ_U(r.steps, 5 + 20 * 3 + 1);
	r = check_exact(float_loop_mid, 0);
	T_EQ_U(r.value, 0x4023000000000000u); /* 9.5 */
	T_EQ_U(r.steps, 6 + 19 * 3 + 2 + 1);
	r = check_exact(elem_loops, 0);
	T_EQ_U(r.value, 0x4058C00000000000u); /* 99.0 */
	T_EQ_U(r.steps, 70 + 1 + 12 * 5 + 1);
	r = check_exact(elem_loop_trap, 0);
	T_EQ_U(r.trap, BCX_TAPIOCA_TYPE_ERROR);
	T_EQ_U(r.index, 17); /* the invoke */
	T_EQ_U(r.steps, 70 + 1 + 12 * 5 + 2);
	r = check_exact(elem_loop_not_array, 0);
	T_EQ_U(r.trap, BCX_TAPIOCA_TYPE_ERROR);
	T_EQ_U(r.index, 16);
	T_EQ_U(r.steps, 70 + 5 + 2);
	r = check_exact(elem_loop_entries, 0);
	T_EQ_U(r.value, 0x4058D00000000000u); /* 99.25 */
	r = check_exact(add_mul, 0);
	T_EQ_U(r.value, 7 * (55 + 10 + 11 + 12)); /* from the mul.i: 10 again, then 11, 12 */
	r = check_exact(field_calls, 0);
	T_EQ_U(r.value, 5);
	r = check_exact(div_mid_run, 0);
	T_EQ_U(r.trap, BCX_TAPIOCA_DIV_ZERO);
	T_EQ_U(r.index, 2);
	T_EQ_U(r.steps, 3); /* the trapping instruction counts, the rest of the run not */
	r = check_exact(deep, 50);
	T_EQ_U(r.trap, BCX_TAPIOCA_STACK_OVERFLOW);
	T_CHECK(strcmp(r.function, "down") == 0);
	T_EQ_U(r.index, 3);
}

/* main's result with default limits; *trap gets the trap, why the message. */
static uint64_t value_of(const char *src, bcx_tapioca_trap *trap, char *why, size_t n)
{
	bcx_tapioca_module *m = load_text(src);
	if (!m)
		return 0;
	bcx_tapioca_result r = run(m, 1000000, NULL, 0, why, n);
	bcx_tapioca_free(m);
	*trap = r.trap;
	return r.value;
}

#define EXPECT(src, want)                                                                      \
	do {                                                                                   \
		bcx_tapioca_trap t_;                                                           \
		char w_[256];                                                                  \
		uint64_t v_ = value_of(src, &t_, w_, sizeof w_);                               \
		T_CHECKF(t_ == BCX_TAPIOCA_OK, "trap %d: %s", (int)t_, w_);                    \
		T_EQ_U(v_, (want));                                                            \
	} while (0)

#define EXPECT_ERR(src, trap, msg)                                                             \
	do {                                                                                   \
		bcx_tapioca_trap t_;                                                           \
		char w_[256];                                                                  \
		(void)value_of(src, &t_, w_, sizeof w_);                                       \
		T_EQ_U(t_, (trap));                                                            \
		T_CHECKF(strstr(w_, msg) != NULL, "message '%s' lacks '%s'", w_, msg);         \
	} while (0)

/* Fused pairs keep both instructions' effects, whatever the registers. */
static void test_fused_operands(void)
{
	/* the copy idiom add.i rX, rY, rY; sub.i rX, rX, rY runs as a move;
	 * with X == Y it is no copy (2y - 2y), and other shapes stay sums */
	EXPECT(".func main 0\n load_imm_int r1, 21\n add.i r2, r1, r1\n sub.i r2, r2, r1\n"
	       " return r2\n.end\n", 21);
	EXPECT(".func main 0\n load_imm_int r1, 21\n add.i r1, r1, r1\n sub.i r1, r1, r1\n"
	       " return r1\n.end\n", 0);
	EXPECT(".func main 0\n load_imm_int r1, 21\n load_imm_int r3, 1\n add.i r2, r1, r1\n"
	       " sub.i r2, r2, r3\n return r2\n.end\n", 41);
	EXPECT(".func main 0\n load_imm_int r1, 21\n load_imm_int r3, 1\n add.i r2, r1, r3\n"
	       " sub.i r2, r2, r1\n return r2\n.end\n", 1);
	/* the loaded register is also the destination */
	EXPECT(".func main 0\n load_imm_int r0, 9\n load_imm_int r1, 5\n sub.i r1, r0, r1\n"
	       " return r1\n.end\n", 4);
	/* the loaded register is both operands: not fused, still right */
	EXPECT(".func main 0\n load_imm_int r1, 5\n add.i r2, r1, r1\n return r2\n.end\n", 10);
	/* the loaded register is the left operand */
	EXPECT(".func main 0\n load_imm_int r0, 9\n load_imm_int r1, 5\n sub.i r2, r1, r0\n"
	       " return r2\n.end\n", (uint64_t)-4);
	/* a fused compare still writes its register */
	EXPECT(".func main 0\n load_imm_int r0, 1\n load_imm_int r1, -7\n jl.i x, r0, r1\n"
	       "x:\n return r1\n.end\n", (uint64_t)-7);
	EXPECT(".func main 0\n load_imm_int r0, 3\n load_imm_int r1, 3\n je x, r0, r1\n"
	       " return r0\nx:\n load_imm_int r0, 77\n return r0\n.end\n", 77);
	EXPECT(".func main 0\n load_imm_int r0, 4\n load_imm_int r1, 3\n jg.i x, r0, r1\n"
	       " return r1\nx:\n load_imm_int r0, 78\n return r0\n.end\n", 78);
	/* add.i + mul.i where the second reads and writes the first's result */
	EXPECT(".func main 0\n load_imm_int r0, 3\n load_imm_int r1, 4\n add.i r0, r0, r1\n"
	       " mul.i r0, r0, r0\n return r0\n.end\n", 49);
	EXPECT(".func main 0\n load_imm_int r0, 3\n load_imm_int r1, 4\n add.i r2, r0, r1\n"
	       " mul.i r1, r1, r2\n return r1\n.end\n", 28);
	/* add.i + sub.i where the second reads the first's result and aliases */
	EXPECT(".func main 0\n load_imm_int r0, 6\n add.i r0, r0, r0\n sub.i r0, r0, r0\n"
	       " return r0\n.end\n", 0);
	/* add.f; add.i; jl.i where the add.i reads what the add.f wrote: 0.5 +
	 * 0.5 is 1.0, whose bits the add.i adds to 0 */
	EXPECT(".func main 0\n load_imm_float r4, 0.5\n load_imm_int r2, 0\n"
	       " load_imm_int r1, 1\n add.f r3, r4, r4\n add.i r2, r2, r3\n jl.i x, r2, r1\n"
	       "x:\n return r2\n.end\n", 0x3FF0000000000000u);
	/* the function register passed as its own argument */
	EXPECT(".func id 1\n return r0\n.end\n.func main 0\n load_global r3, id\n"
	       " invoke r3, r3, 1\n load_imm_int r0, 18\n jt.r yes, r3, r0\n load_imm_int r0, 0\n"
	       "yes:\n return r0\n.end\n", 18);
	/* an element read or write whose register is also an argument: the
	 * argument is the built-in itself, not what the register held before */
	EXPECT_ERR(".func main 0\n load_imm_int r1, 3\n load_global r0, @array\n invoke r0, r1, 1\n"
		   " load_imm_int r1, 0\n load_global r0, @aget\n invoke r0, r0, 2\n return r0\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "aget: argument is not an array");
	EXPECT_ERR(".func main 0\n load_imm_int r1, 3\n load_global r0, @array\n invoke r0, r1, 1\n"
		   " load_imm_int r1, 0\n load_global r0, @aset\n invoke r0, r0, 3\n return r0\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "aset: argument is not an array");
	EXPECT_ERR(".func main 0\n load_global r0, @map\n invoke r0, r0, 0\n load_imm_int r1, 0\n"
		   " load_global r0, @mget\n invoke r0, r0, 2\n return r0\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "mget: argument is not a map");
	EXPECT_ERR(".func main 0\n load_global r0, @map\n invoke r0, r0, 0\n load_imm_int r1, 0\n"
		   " load_global r0, @mset\n invoke r0, r0, 3\n return r0\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "mset: argument is not a map");
	/* a built-in whose first argument is its own register */
	EXPECT(".func main 0\n load_global r0, @type\n invoke r0, r0, 1\n return r0\n.end\n",
	       18);
}

static void test_call_errors(void)
{
	EXPECT_ERR(".func f 1\n return r0\n.end\n.func main 0\n load_global r0, f\n"
		   " invoke r0, r1, 2\n return r0\n.end\n", BCX_TAPIOCA_TYPE_ERROR,
		   "'f' takes 1 arguments, got 2");
	EXPECT_ERR(".func main 0\n load_imm_int r0, 5\n invoke r0, r1, 0\n return r0\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "r0 is not a function");
	EXPECT_ERR(".func main 0\n load_imm_int r1, 2\n load_global r0, @array\n invoke r0, r1, 1\n"
		   " load_imm_int r1, 2\n load_global r9, @aget\n invoke r9, r0, 2\n return r9\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "aget: index 2 out of range (length 2)");
	EXPECT_ERR(".func main 0\n load_imm_int r0, 2\n load_imm_int r1, 0\n load_global r9, @aset\n"
		   " invoke r9, r0, 3\n return r9\n.end\n", BCX_TAPIOCA_TYPE_ERROR,
		   "aset: argument is not an array");
	EXPECT_ERR(".func main 0\n load_global r9, @aget\n invoke r9, r0, 1\n return r9\n.end\n",
		   BCX_TAPIOCA_TYPE_ERROR, "aget: wrong number of arguments (1)");
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_exact_steps();
	test_fused_operands();
	test_call_errors();
	bcx_buf_free(&file_bytes);
	return tu_finish();
}
