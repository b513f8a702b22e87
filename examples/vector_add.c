/*
 * vector_add: build a CUDA Tile IR vector-add kernel with the bcx builder
 * API and write it as Tile IR bytecode (13.3 unless told otherwise).
 *
 *   vector_add OUT.tileirbc [13.1|13.2|13.3]
 *
 * The kernel is the one of the spec's worked example (§19.1):
 *   c[i] = a[i] + b[i] over 1024 floats, one 128-element tile per block.
 */
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <string.h>

#define CHECK(call)                                                        \
	do {                                                               \
		if ((call) != BCX_OK) {                                    \
			fprintf(stderr, "vector_add: %s\n", d.message);    \
			bcx_tb_module_free(m);                             \
			return 1;                                          \
		}                                                          \
	} while (0)

/* Append op `name` to blk; results in *out (may be NULL). */
static bcx_status op(bcx_tb_module *m, bcx_tb_block *blk, const char *name,
		     const bcx_tb_type *rt, uint32_t nr, const bcx_tb_value *v, uint32_t nv,
		     const uint32_t *seg, uint32_t nseg, const bcx_tb_named_attr *a,
		     uint32_t na, bcx_tb_op **out, bcx_diag *d)
{
	bcx_tb_opspec s = {bcx_tb_opcode(name, strlen(name)), rt, nr, v, nv, seg, nseg, a, na,
			   NULL};
	return bcx_tb_op_add(m, blk, &s, out, d);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: vector_add OUT.tileirbc [13.1|13.2|13.3]\n");
		return 2;
	}
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tb_module *m = bcx_tb_module_new(NULL);
	if (!m)
		return 1;
	bcx_tb_type f32, pf32, tptr, i32, ti32, tv, pv, t128, tok;
	int64_t n1024 = 1024, stride1 = 1, n128 = 128;
	int32_t tile128 = 128;
	CHECK(bcx_tb_type_scalar(m, BCX_TB_F32, &f32, &d));
	CHECK(bcx_tb_type_ptr(m, f32, &pf32, &d));
	CHECK(bcx_tb_type_tile(m, pf32, NULL, 0, &tptr, &d));
	CHECK(bcx_tb_type_scalar(m, BCX_TB_I32, &i32, &d));
	CHECK(bcx_tb_type_tile(m, i32, NULL, 0, &ti32, &d));
	CHECK(bcx_tb_type_tensor_view(m, f32, &n1024, &stride1, 1, &tv, &d));
	CHECK(bcx_tb_type_partition_view(m, tv, &tile128, 1, NULL, BCX_TB_PAD_NONE, &pv, &d));
	CHECK(bcx_tb_type_tile(m, f32, &n128, 1, &t128, &d));
	CHECK(bcx_tb_type_token(m, &tok, &d));

	bcx_tb_type args[3] = {tptr, tptr, tptr};
	bcx_tb_func *fn;
	bcx_tb_block *body;
	CHECK(bcx_tb_entry_add(m, "vadd", 4, args, 3, NULL, NULL, &fn, &body, &d));

	/* Views over the three arrays. */
	bcx_tb_value part[3];
	uint32_t seg_mtv[3] = {1, 0, 0};
	for (uint32_t i = 0; i < 3; i++) {
		bcx_tb_value base = bcx_tb_func_arg(fn, i);
		bcx_tb_op *o;
		CHECK(op(m, body, "make_tensor_view", &tv, 1, &base, 1, seg_mtv, 3, NULL, 0, &o, &d));
		part[i] = bcx_tb_op_result(o, 0);
	}
	for (uint32_t i = 0; i < 3; i++) {
		bcx_tb_op *o;
		CHECK(op(m, body, "make_partition_view", &pv, 1, &part[i], 1, NULL, 0, NULL, 0, &o,
			 &d));
		part[i] = bcx_tb_op_result(o, 0);
	}
	bcx_tb_op *bid;
	bcx_tb_type ids[3] = {ti32, ti32, ti32};
	CHECK(op(m, body, "get_tile_block_id", ids, 3, NULL, 0, NULL, 0, NULL, 0, &bid, &d));
	bcx_tb_value x = bcx_tb_op_result(bid, 0);

	/* Two loads, one add, one store; memory ordering "weak" (0). */
	bcx_tb_attr *weak, *nearest;
	CHECK(bcx_tb_attr_enum(m, 0, &weak, &d));
	CHECK(bcx_tb_attr_enum(m, 0, &nearest, &d));
	bcx_tb_named_attr ord = {"memory_ordering_semantics", weak};
	bcx_tb_named_attr rnd = {"rounding_mode", nearest};
	bcx_tb_type load_rt[2] = {t128, tok};
	uint32_t seg_load[3] = {1, 1, 0}, seg_store[4] = {1, 1, 1, 0};
	bcx_tb_value loaded[2];
	for (uint32_t i = 0; i < 2; i++) {
		bcx_tb_value v[2] = {part[i], x};
		bcx_tb_op *o;
		CHECK(op(m, body, "load_view_tko", load_rt, 2, v, 2, seg_load, 3, &ord, 1, &o, &d));
		loaded[i] = bcx_tb_op_result(o, 0);
	}
	bcx_tb_op *sum;
	CHECK(op(m, body, "addf", &t128, 1, loaded, 2, NULL, 0, &rnd, 1, &sum, &d));
	bcx_tb_value sv[3] = {bcx_tb_op_result(sum, 0), part[2], x};
	CHECK(op(m, body, "store_view_tko", &tok, 1, sv, 3, seg_store, 4, &ord, 1, NULL, &d));
	CHECK(op(m, body, "return", NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL, &d));

	bcx_tb_write_options o = {.major = 13, .minor = 3};
	if (argc > 2 && (strlen(argv[2]) != 4 || strncmp(argv[2], "13.", 3) != 0 ||
			 argv[2][3] < '1' || argv[2][3] > '3')) {
		fprintf(stderr, "vector_add: unsupported version '%s'\n", argv[2]);
		bcx_tb_module_free(m);
		return 2;
	}
	if (argc > 2)
		o.minor = (uint8_t)(argv[2][3] - '0');
	CHECK(bcx_tb_write_file(m, &o, argv[1], &d));
	bcx_tb_module_free(m);
	printf("wrote %s\n", argv[1]);
	return 0;
}
