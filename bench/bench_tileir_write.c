/*
 * bench_tileir_write: Tile IR writer and assembler throughput on a module
 * of many kernels (default 10,000).
 *
 *   bench_tileir_write [KERNELS] [REPEATS] [TEXT_OUT]
 *
 * Builds the module with the builder API (a vector-add kernel with a loop,
 * a few arithmetic ops and a constant per kernel), then times, best of
 * REPEATS: bcx_tileir_builder_write (bytes out per second), bcx_tileir_assemble + write of
 * the module's generic text (text in per second), and read + import +
 * write at 13.1 (convert, bytes in per second), and bcx_tileir_assemble +
 * write of the module's custom text. Prints one table row per
 * measurement: name, bytes, seconds, MB/s. TEXT_OUT, when given, receives
 * the generic text (for timing another assembler on the same input).
 */
#define _POSIX_C_SOURCE 200809L
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#define OK(call)                                                            \
	do {                                                                \
		if ((call) != BCX_OK) {                                     \
			fprintf(stderr, "bench: %s: %s\n", #call, d.message); \
			exit(1);                                            \
		}                                                           \
	} while (0)

static bcx_diag d;

static bcx_tileir_build_op *op(bcx_tileir_builder *m, bcx_tileir_build_block *b, const char *name,
                               const bcx_tileir_build_type *rt, uint32_t nr,
                               const bcx_tileir_build_value *v, uint32_t nv, const uint32_t *seg,
                               uint32_t ns, const bcx_tileir_build_named_attr *a, uint32_t na)
{
	bcx_tileir_build_opspec s = {
	    bcx_tileir_build_opcode(name, strlen(name)), rt, nr, v, nv, seg, ns, a, na, NULL};
	bcx_tileir_build_op *o = NULL;
	OK(bcx_tileir_build_op_add(m, b, &s, &o, &d));
	return o;
}

typedef struct types {
	bcx_tileir_build_type f32, ptr, i32, tv, pv, t128, tok;
} types;

static void kernel(bcx_tileir_builder *m, const types *t, unsigned k)
{
	char name[32];
	int len = snprintf(name, sizeof name, "vadd_%u", k);
	bcx_tileir_build_type args[3] = {t->ptr, t->ptr, t->ptr};
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	OK(bcx_tileir_build_entry_add(m, name, (size_t)len, args, 3, NULL, NULL, &f, &b, &d));
	bcx_tileir_build_attr *zero, *c;
	OK(bcx_tileir_build_attr_enum(m, 0, &zero, &d));
	float v = (float)k;
	OK(bcx_tileir_build_attr_dense(m, t->t128, &v, 4, &c, &d));
	bcx_tileir_build_named_attr ord = {"memory_ordering_semantics", zero},
	                            rnd = {"rounding_mode", zero};
	bcx_tileir_build_named_attr val = {"value", c};
	uint32_t seg3[3] = {1, 0, 0}, segl[3] = {1, 1, 0}, segs[4] = {1, 1, 1, 0};
	bcx_tileir_build_value pv[3];
	for (uint32_t i = 0; i < 3; i++) {
		bcx_tileir_build_value a = bcx_tileir_build_func_arg(f, i);
		bcx_tileir_build_value tv = bcx_tileir_build_op_result(
		    op(m, b, "make_tensor_view", &t->tv, 1, &a, 1, seg3, 3, NULL, 0), 0);
		pv[i] = bcx_tileir_build_op_result(op(m, b, "make_partition_view", &t->pv, 1, &tv, 1, NULL, 0,
					    NULL, 0), 0);
	}
	bcx_tileir_build_type ids[3] = {t->i32, t->i32, t->i32}, lt[2] = {t->t128, t->tok};
	bcx_tileir_build_value x = bcx_tileir_build_op_result(
	    op(m, b, "get_tile_block_id", ids, 3, NULL, 0, NULL, 0, NULL, 0), 0);
	bcx_tileir_build_value l[2];
	for (int i = 0; i < 2; i++) {
		bcx_tileir_build_value in[2] = {pv[i], x};
		l[i] = bcx_tileir_build_op_result(op(m, b, "load_view_tko", lt, 2, in, 2, segl, 3, &ord, 1), 0);
	}
	bcx_tileir_build_value s =
	    bcx_tileir_build_op_result(op(m, b, "addf", &t->t128, 1, l, 2, NULL, 0, &rnd, 1), 0);
	bcx_tileir_build_value cst = bcx_tileir_build_op_result(
	    op(m, b, "constant", &t->t128, 1, NULL, 0, NULL, 0, &val, 1), 0);
	bcx_tileir_build_value sc[2] = {s, cst};
	s = bcx_tileir_build_op_result(op(m, b, "mulf", &t->t128, 1, sc, 2, NULL, 0, &rnd, 1), 0);
	bcx_tileir_build_value st[3] = {s, pv[2], x};
	op(m, b, "store_view_tko", &t->tok, 1, st, 3, segs, 4, &ord, 1);
	op(m, b, "return", NULL, 0, NULL, 0, NULL, 0, NULL, 0);
}

static bcx_tileir_builder *build(unsigned kernels)
{
	bcx_tileir_builder *m = bcx_tileir_builder_new(NULL);
	types t;
	int64_t n = 1 << 20, one = 1, n128 = 128;
	int32_t tile = 128;
	OK(bcx_tileir_build_type_scalar(m, BCX_TILEIR_T_F32, &t.f32, &d));
	bcx_tileir_build_type p, i32s;
	OK(bcx_tileir_build_type_ptr(m, t.f32, &p, &d));
	OK(bcx_tileir_build_type_tile(m, p, NULL, 0, &t.ptr, &d));
	OK(bcx_tileir_build_type_scalar(m, BCX_TILEIR_T_I32, &i32s, &d));
	OK(bcx_tileir_build_type_tile(m, i32s, NULL, 0, &t.i32, &d));
	OK(bcx_tileir_build_type_tensor_view(m, t.f32, &n, &one, 1, &t.tv, &d));
	OK(bcx_tileir_build_type_partition_view(m, t.tv, &tile, 1, NULL, BCX_TILEIR_PAD_NONE, &t.pv, &d));
	OK(bcx_tileir_build_type_tile(m, t.f32, &n128, 1, &t.t128, &d));
	OK(bcx_tileir_build_type_token(m, &t.tok, &d));
	for (unsigned k = 0; k < kernels; k++)
		kernel(m, &t, k);
	return m;
}

static void row(const char *what, size_t bytes, double secs)
{
	printf("%-34s %12zu %10.4f %10.1f\n", what, bytes, secs, (double)bytes / secs / 1e6);
}

int main(int argc, char **argv)
{
	unsigned kernels = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 10000;
	int reps = argc > 2 ? atoi(argv[2]) : 5;
	double t0 = now();
	bcx_tileir_builder *m = build(kernels);
	double tbuild = now() - t0;
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options),
	                              .major = 13,
	                              .minor = 3},
	                         o1 = {.size = sizeof(bcx_tileir_write_options),
	                               .major = 13,
	                               .minor = 1};
	uint8_t *bytes = NULL;
	size_t n = 0;
	double best = 1e9;
	for (int r = 0; r < reps; r++) {
		bcx_tileir_builder_free_bytes(m, bytes, n);
		t0 = now();
		OK(bcx_tileir_builder_write(m, &o, &bytes, &n, &d));
		double dt = now() - t0;
		best = dt < best ? dt : best;
	}
	printf("# %u kernels; build with the builder API took %.4f s\n", kernels, tbuild);
	printf("%-34s %12s %10s %10s\n", "measurement", "bytes", "seconds", "MB/s");
	row("write (bytes out)", n, best);

	bcx_tileir_module *rd;
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	OK(bcx_tileir_read(bytes, n, NULL, &rd, &d));
	OK(bcx_tileir_print_generic(rd, -1, &(bcx_sink){bcx_buf_sink_write, &text}, &d));
	if (argc > 3)
		OK(bcx_file_write_atomic(argv[3], text.data, text.len, &d));
	double best_asm = 1e9, best_aw = 1e9, best_cv = 1e9;
	for (int r = 0; r < reps; r++) {
		bcx_tileir_builder *am;
		uint8_t *ab;
		size_t an;
		t0 = now();
		OK(bcx_tileir_assemble("bench.mlir", (const char *)text.data, text.len, NULL, &am, &d));
		double t1 = now();
		OK(bcx_tileir_builder_write(am, &o, &ab, &an, &d));
		double t2 = now();
		if (an != n || memcmp(ab, bytes, n) != 0) {
			fprintf(stderr, "bench: asm output differs from the written module\n");
			return 1;
		}
		best_asm = t1 - t0 < best_asm ? t1 - t0 : best_asm;
		best_aw = t2 - t0 < best_aw ? t2 - t0 : best_aw;
		bcx_tileir_builder_free_bytes(am, ab, an);
		bcx_tileir_builder_free(am);

		bcx_tileir_module *src;
		t0 = now();
		OK(bcx_tileir_read(bytes, n, NULL, &src, &d));
		OK(bcx_tileir_write(src, &o1, &ab, &an, &d));
		double dt = now() - t0;
		best_cv = dt < best_cv ? dt : best_cv;
		bcx_tileir_free_bytes(src, ab, an);
		bcx_tileir_close(src);
	}
	row("asm: parse + build (text in)", text.len, best_asm);
	row("asm + write (text in)", text.len, best_aw);
	row("convert 13.3 -> 13.1 (bytes in)", n, best_cv);

	bcx_buf custom;
	bcx_buf_init(&custom, NULL);
	OK(bcx_tileir_print_custom(rd, -1, NULL, &(bcx_sink){bcx_buf_sink_write, &custom}, &d));
	double best_custom = 1e9;
	for (int r = 0; r < reps; r++) {
		bcx_tileir_builder *am;
		uint8_t *ab;
		size_t an;
		t0 = now();
		OK(bcx_tileir_assemble("bench.mlir", (const char *)custom.data, custom.len, NULL, &am,
				       &d));
		OK(bcx_tileir_builder_write(am, &o, &ab, &an, &d));
		double dt = now() - t0;
		if (an != n || memcmp(ab, bytes, n) != 0) {
			fprintf(stderr, "bench: asm of the custom text differs from the module\n");
			return 1;
		}
		best_custom = dt < best_custom ? dt : best_custom;
		bcx_tileir_builder_free_bytes(am, ab, an);
		bcx_tileir_builder_free(am);
	}
	row("asm + write, custom text (text in)", custom.len, best_custom);
	bcx_buf_free(&custom);
	bcx_buf_free(&text);
	bcx_tileir_close(rd);
	bcx_tileir_builder_free_bytes(m, bytes, n);
	bcx_tileir_builder_free(m);
	return 0;
}
