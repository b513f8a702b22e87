/* The Tapioca runtime: the collector, maps, strings, fresh frames and the
 * numeric edge cases of the built-ins. Every program runs twice, plainly
 * and with a collection before every allocation (gc_stress), and both runs
 * must print the same and end the same. */
#include "bcx/tapioca.h"
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct run_out {
	bcx_tapioca_trap trap;
	uint64_t value;
	char text[4096];
	size_t len;
	char diag[256];
} run_out;

static void collect_write(void *ctx, const char *s, size_t n)
{
	run_out *o = ctx;
	size_t room = sizeof o->text - 1 - o->len;
	n = n < room ? n : room;
	memcpy(o->text + o->len, s, n);
	o->len += n;
	o->text[o->len] = 0;
}

static void run_once(const bcx_tapioca_module *m, uint64_t max_heap, bool stress, run_out *out)
{
	bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
	o.max_steps = 200000000;
	o.max_heap = max_heap;
	o.gc_stress = stress;
	o.write = collect_write;
	o.ctx = out;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tapioca_result r;
	memset(out, 0, sizeof *out);
	bcx_status s = bcx_tapioca_run(m, "main", &o, &r, &d);
	T_CHECK((s == BCX_OK) == (r.trap == BCX_TAPIOCA_OK));
	out->trap = r.trap;
	out->value = r.value;
	snprintf(out->diag, sizeof out->diag, "%s", d.message);
}

/* Assemble and run src (plain and stressed); the plain run's output. */
static run_out run_heap(const char *src, uint64_t max_heap, bool stress_too)
{
	static run_out a, b;
	memset(&a, 0, sizeof a);
	a.trap = (bcx_tapioca_trap)-1;
	bcx_buf buf;
	bcx_buf_init(&buf, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tapioca_module *m = NULL;
	if (bcx_tapioca_asm(src, strlen(src), &buf, &d) != BCX_OK ||
	    bcx_tapioca_load(buf.data, buf.len, NULL, &m, &d) != BCX_OK) {
		T_CHECKF(false, "%s: %s in\n%s", tu_diag_pos(&d), d.message, src);
		bcx_buf_free(&buf);
		return a;
	}
	bcx_buf_free(&buf);
	run_once(m, max_heap, false, &a);
	if (stress_too) {
		run_once(m, max_heap, true, &b);
		T_CHECKF(a.trap == b.trap && strcmp(a.text, b.text) == 0,
			 "gc_stress changes the run: '%s' %s / '%s' %s", a.text, a.diag, b.text, b.diag);
	}
	bcx_tapioca_free(m);
	return a;
}

static run_out run(const char *src) { return run_heap(src, 0, true); }

static void expect(const char *src, const char *want)
{
	run_out r = run(src);
	T_CHECKF(r.trap == BCX_TAPIOCA_OK && strcmp(r.text, want) == 0, "got '%s' (%s), want '%s'",
		 r.text, r.diag, want);
}

/* Maps: any value is a key; strings by content, the rest by bits. */
static void test_maps(void)
{
	expect(".global k [1]\n"
	       ".func main 0\n"
	       " load_global r10, @map\n invoke r10, r10, 0\n"
	       " add.i r1, r10, r10\n sub.i r1, r1, r10\n"
	       " load_imm_int r2, 1\n load_const r3, \"int\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_imm_float r2, 1.0\n load_const r3, \"float\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_const r2, nil\n load_const r3, \"nil\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_const r2, true\n load_const r3, \"true\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_global r2, k\n load_const r3, \"array\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_const r2, nan\n load_const r3, \"nan\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_const r2, \"ab\"\n load_const r3, \"string\"\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " load_imm_int r2, 1\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_imm_float r2, 1.0\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_const r2, nil\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_const r2, true\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_global r2, k\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_const r2, nan\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       /* a string made at run time finds the constant's entry */
	       " load_const r4, \"a\"\n load_const r5, \"b\"\n add.r r2, r4, r5\n"
	       " nop\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       /* an equal array is another key */
	       " load_global r6, @array\n load_imm_int r5, 1\n invoke r6, r5, 1\n"
	       " add.i r2, r6, r6\n sub.i r2, r2, r6\n"
	       " nop\n load_global r8, @mget\n invoke r8, r1, 2\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_global r8, @len\n invoke r8, r1, 1\n load_global r7, @print\n invoke r7, r8, 1\n"
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "int\nfloat\nnil\ntrue\narray\nnan\nstring\nnil\n7\n");
	/* 3000 keys (past the linear search), replaced, then all found */
	expect(".func main 0\n"
	       " load_global r10, @map\n invoke r10, r10, 0\n"
	       " add.i r1, r10, r10\n sub.i r1, r1, r10\n"
	       " load_imm_int r20, 0\n load_imm_int r21, 1\n load_const r22, 3000\n"
	       " load_imm_int r23, 0\n"
	       "pass:\n load_imm_int r2, 0\n"
	       "ins:\n load_global r9, @str_i\n add.i r5, r2, r2\n sub.i r5, r5, r2\n"
	       " invoke r9, r5, 1\n add.i r2, r9, r9\n sub.i r2, r2, r9\n" /* key: a string */
	       " add.i r3, r5, r23\n load_global r9, @mset\n invoke r9, r1, 3\n"
	       " add.i r2, r5, r21\n jl.i ins, r2, r22\n"
	       " add.i r23, r23, r21\n load_imm_int r24, 2\n jl.i pass, r23, r24\n"
	       " load_imm_int r2, 0\n load_imm_int r30, 0\n"
	       "get:\n load_global r9, @str_i\n add.i r5, r2, r2\n sub.i r5, r5, r2\n"
	       " invoke r9, r5, 1\n add.i r2, r9, r9\n sub.i r2, r2, r9\n"
	       " load_global r9, @mget\n invoke r9, r1, 2\n add.i r30, r30, r9\n"
	       " add.i r2, r5, r21\n jl.i get, r2, r22\n"
	       " load_global r8, @len\n invoke r8, r1, 1\n"
	       " add.i r31, r8, r8\n sub.i r31, r31, r8\n load_global r7, @print\n invoke r7, r30, 2\n"
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "4501500 3000\n");
}

/* Strings: appends share a buffer, each string keeps its own bytes. */
static void test_strings(void)
{
	expect(".func main 0\n"
	       " load_const r1, \"\"\n load_const r2, \"xy\"\n load_imm_int r3, 0\n"
	       " load_imm_int r4, 1\n load_imm_int r5, 500\n"
	       "l:\n add.r r1, r1, r2\n add.i r3, r3, r4\n jl.i l, r3, r5\n"
	       " load_const r6, \"!\"\n load_const r7, \"?\"\n"
	       " add.r r8, r1, r6\n add.r r9, r1, r7\n add.r r10, r1, r1\n"
	       " load_global r11, @len\n invoke r11, r10, 1\n"
	       " add.r r13, r8, r7\n load_global r14, @len\n invoke r14, r13, 1\n"
	       /* the same bytes made another way: in place, then copied */
	       " load_const r50, \"xy\"\n load_const r51, 500\n mul.r r52, r50, r51\n"
	       " add.r r53, r52, r7\n je.r ok1, r53, r9\n return r3\n"
	       "ok1:\n add.r r54, r52, r6\n je.r ok2, r54, r8\n return r3\n"
	       "ok2:\n load_global r30, @print\n"
	       " add.i r31, r11, r11\n sub.i r31, r31, r11\n"
	       " add.i r32, r14, r14\n sub.i r32, r32, r14\n invoke r30, r31, 2\n"
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "2000 1002\n");
}

/* The collector: bounded live data in a small heap, forever; live data
 * reached only through other objects survives every collection. */
static void test_gc(void)
{
	/* 10^5 dead arrays of 100 items (80 MB in all) in a 4 MiB heap (2 MiB of
	 * it frames) */
	const char *churn = ".func main 0\n"
			    " load_imm_int r1, 0\n load_imm_int r2, 1\n load_const r3, 100000\n"
			    "l:\n load_imm_int r10, 100\n load_global r9, @array\n invoke r9, r10, 1\n"
			    " add.i r1, r1, r2\n jl.i l, r1, r3\n"
			    " load_global r4, @print\n invoke r4, r1, 1\n"
			    " load_imm_int r0, 0\n return r0\n.end\n";
	run_out r = run_heap(churn, 4u << 20, false);
	T_CHECKF(r.trap == BCX_TAPIOCA_OK && strcmp(r.text, "100000\n") == 0, "churn: %s %s", r.text,
		 r.diag);
	/* a list of 2000 cells [value, next] built, then walked */
	expect(".func main 0\n"
	       " load_const r1, nil\n load_imm_int r2, 0\n load_imm_int r3, 1\n"
	       " load_const r4, 2000\n"
	       "build:\n load_global r10, @array\n load_imm_int r11, 2\n invoke r10, r11, 1\n"
	       " load_global r12, @aset\n add.i r13, r10, r10\n sub.i r13, r13, r10\n"
	       " load_imm_int r14, 1\n add.i r15, r1, r1\n sub.i r15, r15, r1\n invoke r12, r13, 3\n"
	       " load_global r12, @str_i\n invoke r12, r2, 1\n"
	       " load_global r16, @aset\n load_imm_int r14, 0\n add.i r15, r12, r12\n"
	       " sub.i r15, r15, r12\n invoke r16, r13, 3\n"
	       " add.i r1, r13, r13\n sub.i r1, r1, r13\n"
	       " add.i r2, r2, r3\n jl.i build, r2, r4\n"
	       " load_const r20, \"\"\n"
	       "walk:\n jmp_if done, r1, type_nil\n"
	       " load_global r10, @aget\n add.i r11, r1, r1\n sub.i r11, r11, r1\n"
	       " load_imm_int r12, 0\n invoke r10, r11, 2\n add.r r20, r20, r10\n"
	       " load_global r10, @aget\n load_imm_int r12, 1\n invoke r10, r11, 2\n"
	       " add.i r1, r10, r10\n sub.i r1, r1, r10\n jmp walk\n"
	       "done:\n load_global r21, @len\n invoke r21, r20, 1\n"
	       " load_global r22, @print\n invoke r22, r21, 1\n"
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "6890\n");
	/* 20 arrays of 50 floats, each filled and summed by the fused element
	 * loops (the loop turns inside one handler), with a string made
	 * between: under gc_stress a collection there keeps the array in r11,
	 * and the previous round's array is freed */
	expect(".func main 0\n"
	       " load_imm_int r20, 0\n load_imm_int r21, 20\n load_imm_int r3, 1\n"
	       " load_imm_float r5, 0.5\n load_imm_float r6, 0.0\n"
	       "round:\n load_imm_int r1, 50\n load_global r0, @array\n invoke r0, r1, 1\n"
	       " add.i r11, r0, r0\n sub.i r11, r11, r0\n load_imm_int r12, 0\n load_imm_float r13, 0.0\n"
	       "fill:\n load_global r10, @aset\n invoke r10, r11, 3\n"
	       " add.f r13, r13, r5\n add.i r12, r12, r3\n jl.i fill, r12, r1\n"
	       " load_global r9, @str_i\n invoke r9, r20, 1\n load_imm_int r12, 0\n"
	       "sum:\n load_global r10, @aget\n invoke r10, r11, 2\n"
	       " add.f r6, r6, r10\n add.i r12, r12, r3\n jl.i sum, r12, r1\n"
	       " add.i r20, r20, r3\n jl.i round, r20, r21\n"
	       " load_global r9, @print_f\n invoke r9, r6, 1\n load_imm_int r0, 0\n return r0\n.end\n",
	       "12250\n");
	/* live data past the limit is still an error */
	r = run_heap(".func main 0\n load_global r1, @array\n load_imm_int r2, 0\n invoke r1, r2, 1\n"
		     " load_imm_int r3, 1\n"
		     "l:\n load_global r4, @push\n add.i r5, r1, r1\n sub.i r5, r5, r1\n"
		     " load_global r6, @array\n load_imm_int r7, 1000\n invoke r6, r7, 1\n"
		     " invoke r4, r5, 2\n jmp l\n.end\n", 4u << 20, true);
	T_CHECKF(r.trap == BCX_TAPIOCA_OUT_OF_MEMORY, "live data past the limit: %s", r.diag);
}

/* A call gets a fresh frame: registers the callee did not write read 0,
 * whatever an earlier call left there. */
static void test_frames(void)
{
	expect(".func dirty 0\n load_imm_int r7, 99\n return r7\n.end\n"
	       ".func fresh 0\n add.i r0, r7, r7\n return r0\n.end\n"
	       ".func main 0\n load_global r1, dirty\n invoke r1, r1, 0\n"
	       " load_global r2, fresh\n invoke r2, r2, 0\n"
	       " load_global r3, @print\n invoke r3, r2, 1\n"
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "0\n");
	/* A call clears only what its callee could read before writing it:
	 * a read in the same instruction as the write, or after the entry
	 * run, still sees 0; a register written first is not cleared. */
	static const char *const callee[][2] = {
		{" add.i r7, r7, r7\n add.i r0, r7, r7\n return r0\n", "0\n"},
		{" load_imm_int r1, 1\n jl.i next, r1, r1\nnext:\n add.i r0, r7, r7\n return r0\n",
		 "0\n"},
		{" load_imm_int r7, 5\n add.i r0, r7, r7\n return r0\n", "10\n"},
	};
	for (size_t i = 0; i < sizeof callee / sizeof callee[0]; i++) {
		char src[512];
		snprintf(src, sizeof src, ".func dirty 0\n load_imm_int r7, 99\n return r7\n.end\n"
			 ".func fresh 0\n%s.end\n"
			 ".func main 0\n load_global r1, dirty\n invoke r1, r1, 0\n"
			 " load_global r2, fresh\n invoke r2, r2, 0\n"
			 " load_global r3, @print\n invoke r3, r2, 1\n"
			 " load_imm_int r0, 0\n return r0\n.end\n", callee[i][0]);
		expect(src, callee[i][1]);
	}
}

/* String constants with the same bytes are one object wherever they are
 * written (je compares words: references by identity), so a field name
 * set in one function is the very word another function reads. */
static void test_const_strings(void)
{
	expect(".global g \"abc\"\n"
	       ".func other 0\n load_const r0, \"abc\"\n return r0\n.end\n"
	       ".func main 0\n load_global r1, other\n invoke r1, r1, 0\n"
	       " load_const r2, \"abc\"\n load_global r3, g\n load_global r5, @print\n"
	       " je one, r1, r2\n load_const r6, \"two\"\n invoke r5, r6, 1\n return r0\n"
	       "one:\n je same, r2, r3\n load_const r6, \"three\"\n invoke r5, r6, 1\n return r0\n"
	       "same:\n invoke r5, r2, 1\n load_imm_int r0, 0\n return r0\n.end\n",
	       "abc\n");
}

/* A field read whose result is invoked (one fused handler): a field that
 * is a function is called; a missing one (nil) or a non-map operand is the
 * same type error as without the fusion. */
static void test_method_calls(void)
{
	static const char head[] =
		".func inc 1\n load_imm_int r1, 1\n add.i r0, r0, r1\n return r0\n.end\n"
		".func main 0\n load_global r10, @map\n invoke r10, r10, 0\n"
		" add.i r11, r10, r10\n sub.i r11, r11, r10\n"
		" load_const r12, \"inc\"\n load_global r13, inc\n"
		" load_global r10, @mset\n invoke r10, r11, 3\n load_imm_int r14, 41\n";
	char src[1024];
	snprintf(src, sizeof src, "%s load_const r12, \"inc\"\n load_global r10, @mget\n"
		 " invoke r10, r11, 2\n invoke r10, r14, 1\n load_global r5, @print\n"
		 " invoke r5, r10, 1\n load_imm_int r0, 0\n return r0\n.end\n", head);
	expect(src, "42\n");
	snprintf(src, sizeof src, "%s load_const r12, \"dec\"\n load_global r10, @mget\n"
		 " invoke r10, r11, 2\n invoke r10, r14, 1\n return r10\n.end\n", head);
	run_out r = run(src);
	T_CHECKF(r.trap == BCX_TAPIOCA_TYPE_ERROR && strstr(r.diag, "is not a function"), "%s",
		 r.diag);
	snprintf(src, sizeof src, "%s load_global r10, @mget\n"
		 " invoke r10, r13, 2\n invoke r10, r14, 1\n return r10\n.end\n", head);
	r = run(src);
	T_CHECKF(r.trap == BCX_TAPIOCA_TYPE_ERROR && strstr(r.diag, "mget: argument is not a map"),
		 "%s", r.diag);
}

/* Field reads keep a cache per site (docs/tapioca.md, "Maps"): one mget
 * site (in get) and one method-call site (in callf) read maps whose
 * fields change, other maps with the same keys, other keys, and a key
 * string made at run time; each read must see the map as it is. */
#define MSET(m, k, v)                                                                          \
	" add.i r1, " m ", " m "\n sub.i r1, r1, " m "\n load_const r2, " k "\n " v "\n"       \
	" load_global r9, @mset\n invoke r9, r1, 3\n"
#define PRINT_GET(m, k)                                                                        \
	" add.i r1, " m ", " m "\n sub.i r1, r1, " m "\n " k "\n load_global r9, get\n"        \
	" invoke r9, r1, 2\n load_global r8, @print\n invoke r8, r9, 1\n"
#define PRINT_CALL(m, x)                                                                       \
	" add.i r1, " m ", " m "\n sub.i r1, r1, " m "\n load_imm_int r2, " x "\n"             \
	" load_global r9, callf\n invoke r9, r1, 2\n load_global r8, @print\n invoke r8, r9, 1\n"
static void test_field_caches(void)
{
	expect(".func inc 1\n load_imm_int r1, 1\n add.i r0, r0, r1\n return r0\n.end\n"
	       ".func dbl 1\n add.i r0, r0, r0\n return r0\n.end\n"
	       ".func get 2\n load_global r2, @mget\n invoke r2, r0, 2\n return r2\n.end\n"
	       ".func callf 2\n add.i r4, r0, r0\n sub.i r4, r4, r0\n load_const r5, \"f\"\n"
	       " load_global r6, @mget\n invoke r6, r4, 2\n invoke r6, r1, 1\n return r6\n.end\n"
	       ".func main 0\n load_global r20, @map\n invoke r20, r20, 0\n"
	       " load_global r21, @map\n invoke r21, r21, 0\n"
	       /* two maps, each stored into once */
	       MSET("r20", "\"f\"", "load_imm_int r3, 1") MSET("r21", "\"f\"", "load_imm_int r3, 3")
	       PRINT_GET("r20", "load_const r2, \"f\"") PRINT_GET("r21", "load_const r2, \"f\"")
	       /* a store, a key the map lacks, a key equal to a constant but another word */
	       MSET("r20", "\"f\"", "load_imm_int r3, 2") PRINT_GET("r20", "load_const r2, \"f\"")
	       PRINT_GET("r20", "load_const r2, \"g\"")
	       MSET("r20", "\"ab\"", "load_imm_int r3, 4")
	       PRINT_GET("r20", "load_const r4, \"a\"\n load_const r5, \"b\"\n add.r r2, r4, r5")
	       PRINT_GET("r21", "load_const r2, \"ab\"")
	       /* method calls through a field that changes, and another map's */
	       MSET("r20", "\"f\"", "load_global r3, inc") PRINT_CALL("r20", "1")
	       MSET("r20", "\"f\"", "load_global r3, dbl") PRINT_CALL("r20", "5")
	       MSET("r21", "\"f\"", "load_global r3, inc") PRINT_CALL("r21", "5")
	       PRINT_CALL("r20", "7")
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "1\n3\n2\nnil\n4\nnil\n2\n10\n6\n14\n");
}
#undef MSET
#undef PRINT_GET
#undef PRINT_CALL

static void test_f2i(void)
{
	expect(".func main 0\n load_const r1, -9223372036854775808.0\n load_global r2, @f2i\n"
	       " invoke r2, r1, 1\n load_global r3, @print\n invoke r3, r2, 1\n"
	       " load_imm_int r0, 0\n return r0\n.end\n",
	       "-9223372036854775808\n");
	static const char *const bad[] = {"9223372036854775808.0", "nan", "-inf",
					  "-9223372036854777856.0"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char src[256];
		snprintf(src, sizeof src, ".func main 0\n load_const r1, %s\n load_global r2, @f2i\n"
			 " invoke r2, r1, 1\n return r2\n.end\n", bad[i]);
		run_out r = run(src);
		T_CHECKF(r.trap == BCX_TAPIOCA_TYPE_ERROR, "f2i(%s): %s", bad[i], r.diag);
	}
}

static void test_insn_str(void)
{
	char b[64];
	bcx_tapioca_insn_str(0x23FD0102u, 10, b, sizeof b); /* jl.i -3, r1, r2 */
	T_CHECKF(strcmp(b, "jl.i ->7, r1, r2") == 0, "%s", b);
	bcx_tapioca_insn_str(0x3003FFFBu, 0, b, sizeof b);
	T_CHECKF(strcmp(b, "load_imm_int r3, -5") == 0, "%s", b);
	bcx_tapioca_insn_str(0x3401FF00u, 0, b, sizeof b);
	T_CHECKF(strcmp(b, "load_global r1, @print") == 0, "%s", b);
	bcx_tapioca_insn_str(0x2D020500u, 4, b, sizeof b);
	T_CHECKF(strcmp(b, "jmp_if ->6, r5, type_nil") == 0, "%s", b);
	T_CHECK(bcx_tapioca_insn_str(0x40010203u, 0, b, 4) == strlen("invoke r1, r2, 3"));
	bcx_tapioca_insn_str(0x01000000u, 0, b, sizeof b);
	T_CHECKF(strcmp(b, "illegal opcode 0x01") == 0, "%s", b);
}

/* An allocator that refuses to hold more than cap bytes at once. */
typedef struct capped {
	size_t live, cap, calls;
} capped;

static void *capped_alloc(void *ctx, void *p, size_t old, size_t n)
{
	capped *c = ctx;
	if (n == 0) {
		c->live -= old;
		free(p);
		return NULL;
	}
	c->calls++;
	if (n > old && n - old > c->cap - c->live)
		return NULL;
	void *q = realloc(p, n);
	if (q)
		c->live = c->live - old + n;
	return q;
}

/* The caller's allocator is beneath the VM (options.alloc): load and run
 * take all their memory from it and give it back; when it refuses, the
 * run ends in the out-of-memory trap with BCX_ERR_NOMEM, while max_heap
 * met first is BCX_ERR_LIMIT. */
static void test_allocator(void)
{
	static const char grow[] =
		".func main 0\n load_global r1, @array\n load_imm_int r2, 0\n invoke r1, r2, 1\n"
		"l:\n load_global r4, @push\n add.i r5, r1, r1\n sub.i r5, r5, r1\n"
		" load_global r6, @array\n load_imm_int r7, 1000\n invoke r6, r7, 1\n"
		" invoke r4, r5, 2\n jmp l\n.end\n";
	bcx_buf obj;
	bcx_buf_init(&obj, NULL);
	if (!T_CHECK(bcx_tapioca_asm(grow, strlen(grow), &obj, NULL) == BCX_OK))
		return;
	for (int limit_first = 0; limit_first < 2; limit_first++) {
		capped c = {0, 8u << 20, 0};
		bcx_allocator a = {capped_alloc, &c};
		bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
		o.alloc = &a;
		o.max_heap = limit_first ? 2u << 20 : 0;
		bcx_tapioca_module *m = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		T_CHECK(bcx_tapioca_load(obj.data, obj.len, &o, &m, &d) == BCX_OK);
		size_t load_calls = c.calls;
		T_CHECKF(load_calls > 0 && c.live > 0, "load used the allocator: %zu calls", load_calls);
		bcx_tapioca_result r;
		bcx_status s = m ? bcx_tapioca_run(m, "main", &o, &r, &d) : BCX_ERR_INVALID_ARG;
		T_CHECKF(c.calls > load_calls, "the run used the allocator");
		T_CHECKF(r.trap == BCX_TAPIOCA_OUT_OF_MEMORY, "trap %d: %s", r.trap, d.message);
		T_CHECKF(s == (limit_first ? BCX_ERR_LIMIT : BCX_ERR_NOMEM), "status %d: %s", s,
			 d.message);
		bcx_tapioca_free(m);
		T_EQ_U(c.live, 0);
	}
	bcx_buf_free(&obj);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_allocator();
	test_maps();
	test_strings();
	test_gc();
	test_frames();
	test_const_strings();
	test_method_calls();
	test_field_caches();
	test_f2i();
	test_insn_str();
	return tu_finish();
}
