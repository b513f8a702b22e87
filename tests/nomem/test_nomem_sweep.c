#define _POSIX_C_SOURCE 200809L
/* The failing-allocator sweep (sweep.h) over Tile IR, MLIR bytecode, the
 * LLVM bitstream and the explorer: the project's examples and texts this
 * file holds. */
#include "sweep.h"
#include "testutil.h"
#include "bcx/bitstream.h"
#include "bcx/explore.h"
#include "common/internal.h"
#include "bcx/mlirbc.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Tile IR ---- */

static bcx_status tileir_read_all(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_tileir_read_options o = BCX_OPTIONS_INIT(bcx_tileir_read_options);
	o.alloc = a;
	bcx_tileir_module *m = NULL;
	bcx_status s = bcx_tileir_open(in->p, in->n, &o, &m, NULL);
	bcx_tileir_print_options po = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	po.debuginfo = true;
	if (s == BCX_OK)
		s = bcx_tileir_print_custom(m, -1, &po, sinkp, NULL);
	if (s == BCX_OK)
		s = bcx_tileir_print_generic(m, -1, sinkp, NULL);
	if (s == BCX_OK)
		s = bcx_tileir_dump(m, true, sinkp, NULL);
	bcx_tileir_verify_options vo = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	vo.warnings = true;
	if (s == BCX_OK)
		s = bcx_tileir_verify(m, &vo, NULL, NULL, NULL, NULL);
	uint8_t *out = NULL;
	size_t n = 0;
	bcx_tileir_write_options wo = BCX_OPTIONS_INIT(bcx_tileir_write_options);
	if (s == BCX_OK)
		s = bcx_tileir_write(m, &wo, &out, &n, NULL);
	if (s == BCX_OK) {
		s = sinkp->write(sinkp->ctx, out, n);
		bcx_tileir_free_bytes(m, out, n);
	}
	bcx_tileir_close(m);
	return s;
}

static const char kernel_text[] =
	"#loc = loc(\"k.py\":3:4)\n"
	"cuda_tile.module @m {\n"
	"  global @g <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>\n"
	"  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {\n"
	"    %c = constant <f32: 2.5> : tile<16xf32>\n"
	"    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>\n"
	"    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>\n"
	"    %x, %y, %z = get_tile_block_id : tile<i32>\n"
	"    %t, %tok = load_view_tko weak %pv[%x] : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token\n"
	"    %s = addf %t, %c : tile<16xf32> loc(#loc)\n"
	"    %r = for %i in (%x to %n, step %x) : tile<i32> iter_values(%acc = %s) -> (tile<16xf32>) {\n"
	"      %m = mulf %acc, %acc : tile<16xf32>\n"
	"      continue %m : tile<16xf32>\n"
	"    }\n"
	"    %tok2 = store_view_tko weak %r, %pv[%x] token = %tok : tile<16xf32>, partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
	"    return\n"
	"  }\n"
	"}\n";

static bcx_status tileir_assemble(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const char *text = arg;
	bcx_tileir_builder *b = NULL;
	bcx_status s = bcx_tileir_assemble("k.mlir", text, strlen(text), a, &b, NULL);
	bcx_tileir_module *m = s == BCX_OK ? bcx_tileir_builder_model(b, NULL) : NULL;
	if (s == BCX_OK && !m)
		s = BCX_ERR_NOMEM;
	if (s == BCX_OK)
		s = bcx_tileir_verify(m, NULL, NULL, NULL, NULL, NULL);
	if (s == BCX_OK)
		s = bcx_tileir_print_custom(m, -1, NULL, sinkp, NULL);
	return builder_bytes(b, s, sinkp);
}

/* ---- MLIR bytecode ---- */

static bcx_status mlirbc_all(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_mlirbc_module *m = NULL;
	bcx_status s = bcx_mlirbc_open(in->p, in->n, a, &m, NULL);
	if (s == BCX_OK)
		s = bcx_mlirbc_load_all(m, NULL);
	if (s == BCX_OK)
		s = bcx_mlirbc_print_generic(m, 0, sinkp, NULL);
	if (s == BCX_OK)
		s = bcx_mlirbc_dump(m, 0, sinkp, NULL);
	bcx_mlirbc_write_options wo = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	wo.alloc = a;
	uint8_t *out = NULL;
	size_t n = 0;
	if (s == BCX_OK)
		s = bcx_mlirbc_write(m, &wo, &out, &n, NULL);
	if (s == BCX_OK) {
		s = sinkp->write(sinkp->ctx, out, n);
		bcx_mlirbc_free_bytes(&wo, out, n);
	}
	bcx_mlirbc_close(m);
	return s;
}

static const char mlir_text[] =
	"\"builtin.module\"() ({\n"
	"  \"func.func\"() <{function_type = (i32, f32) -> i32, sym_name = \"f\"}> ({\n"
	"  ^bb0(%arg0: i32, %arg1: f32):\n"
	"    %0 = \"arith.constant\"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>\n"
	"    %1 = \"arith.addi\"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32\n"
	"    \"func.return\"(%1) : (i32) -> ()\n"
	"  }) : () -> ()\n"
	"}) {test.flag = [1 : i64, \"s\", unit]} : () -> ()\n";

/* ---- LLVM bitstream ---- */

static bcx_status bitstream_all(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_bs_analyze_options o = BCX_OPTIONS_INIT(bcx_bs_analyze_options);
	o.filename = "hello.bc";
	o.dump = true;
	bcx_status s = bcx_bs_analyze(in->p, in->n, &o, sinkp, a, NULL);
	bcx_bs_tree *t = NULL;
	if (s == BCX_OK)
		s = bcx_bs_tree_read(&t, in->p, in->n, a, NULL);
	bcx_buf out;
	bcx_buf_init(&out, a);
	if (s == BCX_OK)
		s = bcx_bs_tree_write(t, &out, NULL);
	if (s == BCX_OK)
		s = sinkp->write(sinkp->ctx, out.data, out.len);
	bcx_buf_free(&out);
	bcx_bs_tree_free(t);
	return s;
}

/* The explorer: open, every lazy node expanded, the node under the middle
 * byte, the text and the check; out gets every node, the text with its
 * spans and the findings. */
static bcx_status explore_out(bcx_explore *e, const bytes *in, const bcx_sink *sinkp)
{
	char line[512];
	size_t at = 0, nf = 0;
	bcx_explore_text t;
	for (size_t i = 0; i < bcx_explore_node_count(e); i++)
		BCX_TRY(bcx_explore_expand(e, i, NULL));
	BCX_TRY(bcx_explore_find(e, in->n / 2, &at, NULL));
	BCX_TRY(bcx_explore_get_text(e, 0, &t, NULL));
	BCX_TRY(sinkp->write(sinkp->ctx, t.text, t.len));
	/* field by field: a span's padding bytes hold whatever the heap had */
	for (size_t i = 0; i < t.n_spans; i++) {
		BCX_TRY(sinkp->write(sinkp->ctx, &t.spans[i].text_begin, sizeof t.spans[i].text_begin));
		BCX_TRY(sinkp->write(sinkp->ctx, &t.spans[i].text_end, sizeof t.spans[i].text_end));
		BCX_TRY(sinkp->write(sinkp->ctx, &t.spans[i].node, sizeof t.spans[i].node));
	}
	BCX_TRY(bcx_explore_check(e, &nf, NULL));
	for (size_t i = 0; i < bcx_explore_node_count(e); i++) {
		const bcx_explore_node *n = bcx_explore_node_at(e, i);
		int k = snprintf(line, sizeof line, "%s %s %llu %llu %u %zu\n", n->kind, n->label,
				 (unsigned long long)n->begin, (unsigned long long)n->end, n->parent,
				 at);
		BCX_TRY(sinkp->write(sinkp->ctx, line, (size_t)k));
	}
	for (size_t i = 0; i < nf; i++) {
		const bcx_explore_finding *f = bcx_explore_finding_at(e, i);
		BCX_TRY(sinkp->write(sinkp->ctx, f->message, strlen(f->message)));
	}
	return BCX_OK;
}

static bcx_status explore_all(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_explore_options o = BCX_OPTIONS_INIT(bcx_explore_options);
	o.alloc = a;
	bcx_explore *e = NULL;
	bcx_status s = bcx_explore_open(in->p, in->n, &o, &e, NULL);
	if (s == BCX_OK)
		s = explore_out(e, in, sinkp);
	bcx_explore_close(e);
	return s;
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	bytes tir, mbc, bc;
	if (load_example("vadd.tileirbc", &tir))
		sweep("Tile IR read, print, dump, verify, write", tileir_read_all, &tir);
	sweep("Tile IR assemble, verify, print, write", tileir_assemble, kernel_text);
	/* the assembled kernel (globals, constants, views, a loop, locations)
	 * read back: its text and write come after the bytes */
	bytes tir2 = made(tileir_assemble_bytes, kernel_text);
	if (tir2.n)
		sweep("Tile IR read of an assembled module", tileir_read_all, &tir2);
	if (tir2.n)
		sweep("explorer on an assembled Tile IR module", explore_all, &tir2);
	free(tir2.p);
	if (tir.n)
		sweep("explorer on Tile IR", explore_all, &tir);
	if (load_example("hello.mlirbc", &mbc))
		sweep("MLIR bytecode read, print, dump, write", mlirbc_all, &mbc);
	sweep("MLIR bytecode assemble", mlirbc_assemble, mlir_text);
	bytes mbc2 = made(mlirbc_assemble, mlir_text);
	if (mbc2.n)
		sweep("MLIR bytecode read of an assembled module", mlirbc_all, &mbc2);
	free(mbc2.p);
	if (load_example("hello.bc", &bc))
		sweep("LLVM bitstream analyze, tree, write", bitstream_all, &bc);
	if (mbc.n)
		sweep("explorer on MLIR bytecode", explore_all, &mbc);
	if (bc.n)
		sweep("explorer on an LLVM bitstream", explore_all, &bc);
	/* the output failing part-way: each printer and writer stops with the
	 * sink's status */
	if (tir.n)
		sink_sweep("Tile IR output", tileir_read_all, &tir);
	sink_sweep("Tile IR assembled output", tileir_assemble, kernel_text);
	if (mbc.n)
		sink_sweep("MLIR bytecode output", mlirbc_all, &mbc);
	if (bc.n)
		sink_sweep("LLVM bitstream output", bitstream_all, &bc);
	free(tir.p);
	free(mbc.p);
	free(bc.p);
	return tu_finish();
}
