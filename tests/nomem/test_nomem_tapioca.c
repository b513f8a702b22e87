#define _POSIX_C_SOURCE 200809L
/* The failing-allocator sweep (sweep.h) over the Tapioca VM and TBON: the
 * assembler (with a string literal longer than an arena block, so a large
 * single allocation is failed too), load, a run that allocates objects of
 * every kind, the disassembler, and TBON's reader, writers and dump. */
#include "sweep.h"
#include "testutil.h"
#include "bcx/tapioca.h"
#include "bcx/tbon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 300 arrays (the VM's handle table starts at 256 entries, so it grows), a
 * map built at run time, strings joined, a closure, and a global map with
 * a nested array: each kind of object the VM allocates. */
static const char program[] =
	"; objects of each kind\n"
	".global table {\"a\": 1, \"b\": [1, 2.5, \"x\"], \"c\": {\"d\": -7}}\n"
	".func add_captured 1\n"
	"    add.i r0, r0, r1\n"
	"    return r0\n"
	".end\n"
	".func main 0\n"
	"    load_imm_int r0, 0\n"
	"    load_imm_int r1, 300\n"
	"    load_imm_int r2, 1\n"
	"    load_global r20, @map\n"
	"    invoke r20, r20, 0\n"
	"    load_const r30, \"s\"\n"
	"loop:\n"
	"    jl.i body, r0, r1\n"
	"    jmp done\n"
	"body:\n"
	"    load_global r10, @array\n"
	"    load_imm_int r11, 2\n"
	"    invoke r10, r11, 1\n"
	"    load_global r12, @push\n"
	"    add.i r13, r10, r10\n"
	"    sub.i r13, r13, r10\n"
	"    add.i r14, r0, r0\n"
	"    sub.i r14, r14, r0\n"
	"    invoke r12, r13, 2\n"
	"    load_global r15, @mset\n"
	"    add.i r16, r20, r20\n"
	"    sub.i r16, r16, r20\n"
	"    add.i r17, r0, r0\n"
	"    sub.i r17, r17, r0\n"
	"    add.i r18, r10, r10\n"
	"    sub.i r18, r18, r10\n"
	"    invoke r15, r16, 3\n"
	"    load_global r21, @str_i\n"
	"    add.i r22, r0, r0\n"
	"    sub.i r22, r22, r0\n"
	"    invoke r21, r22, 1\n"
	"    add.r r30, r30, r21\n"
	"    add.i r0, r0, r2\n"
	"    jmp loop\n"
	"done:\n"
	"    load_global r3, @closure\n"
	"    load_global r4, add_captured\n"
	"    load_imm_int r5, 10\n"
	"    invoke r3, r4, 2\n"
	"    load_imm_int r6, 32\n"
	"    invoke r3, r6, 1\n"
	"    load_global r7, @print\n"
	"    add.i r8, r3, r3\n"
	"    sub.i r8, r8, r3\n"
	"    invoke r7, r8, 1\n"
	"    load_global r7, @len\n"
	"    add.i r8, r30, r30\n"
	"    sub.i r8, r8, r30\n"
	"    invoke r7, r8, 1\n"
	"    load_global r9, @print\n"
	"    invoke r9, r7, 1\n"
	"    load_global r9, table\n"
	"    load_const r10, \"c\"\n"
	"    load_global r11, @mget\n"
	"    invoke r11, r9, 2\n"
	"    load_global r9, @print\n"
	"    invoke r9, r11, 1\n"
	"    return r3\n"
	".end\n";

/* A text whose string literal (and the constant holding it) is longer
 * than an arena block (4 KiB at first), with a map literal of `keys` keys
 * and `insns` more instructions (malloc'd; NULL on no memory). Arena
 * blocks grow to 1 MiB, so only a map and code of some MiB make the map's
 * values, its duplicate-key check and the code array allocations of their
 * own, whatever came before. */
static char *long_literal_program(int keys, int insns)
{
	bcx_buf t;
	bcx_buf_init(&t, NULL);
	bcx_buf_puts(&t, ".global big {\"k0\": 0");
	for (int i = 1; i < keys; i++)
		bcx_buf_printf(&t, ", \"k%d\": %d", i, i);
	bcx_buf_puts(&t, "}\n.func main 0\n");
	for (int i = 0; i < insns; i++)
		bcx_buf_puts(&t, "    load_imm_int r1, 1\n");
	bcx_buf_puts(&t, "    load_const r0, \"");
	for (size_t i = 0; i < 3 * 4096; i++)
		bcx_buf_put_u8(&t, (uint8_t)('a' + i % 26));
	bcx_buf_puts(&t, "\"\n    return r0\n.end\n");
	bcx_buf_put_u8(&t, 0);
	size_t n;
	if (t.status == BCX_OK)
		return (char *)bcx_buf_take(&t, &n);
	bcx_buf_free(&t);
	return NULL;
}

/* What fn appends to a buffer with the allocator a, to the sink. */
static bcx_status via_buf(const bcx_allocator *a, const bcx_sink *sinkp,
			  bcx_status (*fn)(const void *arg, bcx_buf *out), const void *arg)
{
	bcx_buf out;
	bcx_buf_init(&out, a);
	bcx_status s = buf_to_sink(&out, fn(arg, &out), sinkp);
	bcx_buf_free(&out);
	return s;
}

static bcx_status asm_into(const void *arg, bcx_buf *out)
{
	return bcx_tapioca_asm(arg, strlen(arg), out, NULL);
}

static bcx_status dis_into(const void *arg, bcx_buf *out)
{
	const bytes *in = arg;
	return bcx_tapioca_dis(in->p, in->n, out, NULL);
}

static bcx_status tapioca_asm(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	return via_buf(a, sinkp, asm_into, arg);
}

static bcx_status tapioca_dis(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	return via_buf(a, sinkp, dis_into, arg);
}

/* The program's output (print) goes to the sink; a failed write ends the
 * run's output there and is kept to be returned. */
typedef struct run_out {
	const bcx_sink *sink;
	bcx_status status;
} run_out;

static void run_write(void *ctx, const char *s, size_t n)
{
	run_out *o = ctx;
	if (o->status == BCX_OK)
		o->status = o->sink->write(o->sink->ctx, s, n);
}

static bcx_status tapioca_run(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const bytes *in = arg;
	run_out ro = {sinkp, BCX_OK};
	bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
	o.alloc = a;
	o.write = run_write;
	o.ctx = &ro;
	bcx_tapioca_module *m = NULL;
	bcx_status s = bcx_tapioca_load(in->p, in->n, &o, &m, NULL);
	bcx_tapioca_result r;
	if (s == BCX_OK)
		s = bcx_tapioca_run(m, "main", &o, &r, NULL);
	/* a failed allocation must be the allocator's status, never a limit */
	if (s == BCX_OK)
		s = ro.status;
	if (s == BCX_OK)
		s = sinkp->write(sinkp->ctx, &r.value, sizeof r.value);
	if (s == BCX_OK)
		s = sinkp->write(sinkp->ctx, &r.steps, sizeof r.steps);
	bcx_tapioca_free(m);
	return s;
}

/* TBON: read into an arena, write the file and its root alone, and both
 * dumps. */
static bcx_status tbon_all(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_arena *ar = bcx_arena_new(a);
	if (!ar)
		return BCX_ERR_NOMEM;
	bcx_tbon_file f;
	bcx_buf out;
	bcx_buf_init(&out, a);
	bcx_status s = bcx_tbon_read(in->p, in->n, ar, NULL, &f, NULL);
	if (s == BCX_OK)
		s = bcx_tbon_write(&f, &out, NULL);
	if (s == BCX_OK)
		s = bcx_tbon_write_value(&f.root, &out, NULL);
	if (s == BCX_OK)
		s = bcx_tbon_dump(in->p, in->n, false, NULL, &out, NULL);
	if (s == BCX_OK)
		s = bcx_tbon_dump(in->p, in->n, true, NULL, &out, NULL);
	s = buf_to_sink(&out, s, sinkp);
	bcx_buf_free(&out);
	bcx_arena_free(ar);
	return s;
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	sweep("Tapioca assemble", tapioca_asm, program);
	bytes obj = made(tapioca_asm, program);
	if (obj.n) {
		sweep("Tapioca load and run (objects of each kind)", tapioca_run, &obj);
		sweep("Tapioca disassemble", tapioca_dis, &obj);
		sweep("TBON read, write, write_value, dump", tbon_all, &obj);
		sink_sweep("Tapioca run output", tapioca_run, &obj);
	}
	free(obj.p);
	char *big = long_literal_program(70000, 20000);
	if (T_CHECK(big != NULL))
		sweep("Tapioca assemble (a literal, a map and code longer than an arena block)",
		      tapioca_asm, big);
	free(big);
	char *lit = long_literal_program(1, 0);
	bytes lit_obj = lit ? made(tapioca_asm, lit) : (bytes){0};
	if (T_CHECK(lit_obj.n > 0)) {
		sweep("Tapioca disassemble (a long literal)", tapioca_dis, &lit_obj);
		sweep("TBON read, write, dump (a long name)", tbon_all, &lit_obj);
	}
	free(lit_obj.p);
	free(lit);
	return tu_finish();
}
