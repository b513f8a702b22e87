/* One set of limits for every Tile IR path: views of rank above 16, up to
 * the largest rank the reader accepts (64), can be built, written, read
 * back and converted to every version (a file bcx reads can always be
 * written again), and one rank beyond the limit is refused by the builder
 * as by the reader. */
#include "testutil.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <string.h>

#define RANK 64

static void test_rank(unsigned rank, bool want_ok)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tb_module *m = bcx_tb_module_new(NULL);
	T_CHECK(m != NULL);
	if (!m)
		return;
	int64_t dims[RANK + 1], strides[RANK + 1];
	int32_t tile[RANK + 1];
	for (unsigned i = 0; i <= RANK; i++) {
		dims[i] = 1;
		strides[i] = 1;
		tile[i] = 1;
	}
	bcx_tb_type f32, t, tv, pv;
	T_EQ_U(bcx_tb_type_scalar(m, BCX_TB_F32, &f32, &d), BCX_OK);
	bcx_status st = bcx_tb_type_tile(m, f32, dims, rank, &t, &d);
	if (!want_ok) {
		T_CHECKF(st != BCX_OK, "rank %u tile accepted", rank);
		bcx_tb_module_free(m);
		return;
	}
	T_EQ_U(st, BCX_OK);
	T_EQ_U(bcx_tb_type_tensor_view(m, f32, dims, strides, rank, &tv, &d), BCX_OK);
	T_EQ_U(bcx_tb_type_partition_view(m, tv, tile, rank, NULL, BCX_TB_PAD_NONE, &pv, &d), BCX_OK);
	/* The views reach the file through ops: entry arguments are 0-D tiles. */
	bcx_tb_type ptr, tptr;
	T_EQ_U(bcx_tb_type_ptr(m, f32, &ptr, &d), BCX_OK);
	T_EQ_U(bcx_tb_type_tile(m, ptr, NULL, 0, &tptr, &d), BCX_OK);
	bcx_tb_func *fn;
	bcx_tb_block *body;
	T_CHECKF(bcx_tb_entry_add(m, "k", 1, &tptr, 1, NULL, NULL, &fn, &body, &d) == BCX_OK,
		 "entry: %s", d.message);
	bcx_tb_value base = bcx_tb_func_arg(fn, 0);
	uint32_t seg[3] = {1, 0, 0};
	bcx_tb_opspec mtv = {bcx_tb_opcode("make_tensor_view", 16), &tv, 1, &base, 1, seg, 3,
			     NULL, 0, NULL};
	bcx_tb_op *o;
	T_CHECKF(bcx_tb_op_add(m, body, &mtv, &o, &d) == BCX_OK, "make_tensor_view: %s", d.message);
	bcx_tb_value view = bcx_tb_op_result(o, 0);
	bcx_tb_opspec mpv = {bcx_tb_opcode("make_partition_view", 19), &pv, 1, &view, 1, NULL, 0,
			     NULL, 0, NULL};
	T_CHECKF(bcx_tb_op_add(m, body, &mpv, &o, &d) == BCX_OK, "make_partition_view: %s",
		 d.message);
	(void)t;
	bcx_tb_opspec ret = {bcx_tb_opcode("return", 6), NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL};
	T_EQ_U(bcx_tb_op_add(m, body, &ret, &o, &d), BCX_OK);
	uint8_t *bytes = NULL;
	size_t n = 0;
	T_CHECKF(bcx_tb_write(m, NULL, &bytes, &n, &d) == BCX_OK, "write: %s", d.message);
	/* Read back, then write again at every version through convert. */
	bcx_tileir_module *r = NULL;
	T_CHECKF(bytes && bcx_tileir_read(bytes, n, NULL, &r, &d) == BCX_OK, "read: %s", d.message);
	for (uint8_t minor = 1; r && minor <= 3; minor++) {
		bcx_tb_module *c = NULL;
		bcx_diag_clear(&d);
		T_CHECKF(bcx_tb_import(r, NULL, &c, &d) == BCX_OK, "rank %u import: %s", rank,
			 d.message);
		bcx_tb_write_options o2 = {.major = 13, .minor = minor};
		uint8_t *b2 = NULL;
		size_t n2 = 0;
		T_CHECKF(c && bcx_tb_write(c, &o2, &b2, &n2, &d) == BCX_OK,
			 "rank %u write 13.%u: %s", rank, minor, d.message);
		if (minor == 3)
			T_EQ_MEM(b2, n2, bytes, n);
		if (c)
			bcx_tb_free_bytes(c, b2, n2);
		bcx_tb_module_free(c);
	}
	bcx_tileir_close(r);
	bcx_tb_free_bytes(m, bytes, n);
	bcx_tb_module_free(m);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_rank(17, true);
	test_rank(RANK, true);
	test_rank(RANK + 1, false);
	return tu_finish();
}
