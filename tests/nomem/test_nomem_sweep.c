#define _POSIX_C_SOURCE 200809L
/* The allocation-failure sweep (as Lua's ltests and SQLite's malloc tests
 * do it): each scenario runs once with an allocator that counts, then once
 * for every allocation k with an allocator that fails the k-th request.
 * Each run must end in BCX_ERR_NOMEM (never another status: a full heap
 * is not bad input) or in BCX_OK with every byte of output the same as
 * without a failure (an allocation that only speeds things up may fail),
 * and every byte allocated must be freed again. */
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

typedef struct counter {
	unsigned long calls;    /* allocations and growths seen */
	unsigned long fail_at;  /* the call that fails (0: none) */
	bool failed;            /* that call came */
	long long live;         /* bytes allocated and not freed */
} counter;

static void *count_alloc(void *ctx, void *ptr, size_t old, size_t n)
{
	counter *c = ctx;
	if (n == 0) {
		c->live -= (long long)old;
		free(ptr);
		return NULL;
	}
	if (n > old && ++c->calls == c->fail_at) {
		c->failed = true;
		return NULL;
	}
	void *p = realloc(ptr, n);
	if (p)
		c->live += (long long)n - (long long)old;
	return p;
}

/* Every byte of a scenario's output, hashed (FNV-1a). */
static bcx_status hash_bytes(void *ctx, const void *p, size_t n)
{
	uint64_t *h = ctx;
	for (size_t i = 0; i < n; i++)
		*h = (*h ^ ((const uint8_t *)p)[i]) * 0x100000001b3ull;
	return BCX_OK;
}

/* A scenario: the work, with the allocator to use and its output going to
 * out; its status. */
typedef bcx_status (*scenario_fn)(const bcx_allocator *a, const void *arg, const bcx_sink *out);

/* Run fn failing each allocation in turn; the count of runs. */
static void sweep(const char *name, scenario_fn fn, const void *arg)
{
	counter c = {0};
	bcx_allocator a = {count_alloc, &c};
	uint64_t want = 0xcbf29ce484222325ull, got;
	bcx_sink out = {hash_bytes, &want};
	bcx_status s = fn(&a, arg, &out);
	if (!T_CHECKF(s == BCX_OK, "%s: status %d without a failure", name, s) ||
	    !T_CHECKF(c.live == 0, "%s: %lld bytes leaked without a failure", name, c.live))
		return;
	unsigned long total = c.calls, bad = 0;
	for (unsigned long k = 1; k <= total && bad < 5; k++) {
		c = (counter){.fail_at = k};
		got = 0xcbf29ce484222325ull;
		out.ctx = &got;
		s = fn(&a, arg, &out);
		bool ok = s == BCX_ERR_NOMEM ? c.failed : s == BCX_OK && got == want;
		bad += !T_CHECKF(ok, "%s: allocation %lu of %lu failed: status %d (%s)%s", name, k,
				 total, s, bcx_status_str(s),
				 s == BCX_OK ? ", output differs" : "");
		bad += !T_CHECKF(c.live == 0, "%s: allocation %lu failed: %lld bytes leaked", name,
				 k, c.live);
	}
	printf("%s: %lu allocations, each made to fail\n", name, total);
}

/* A sink that fails its k-th write (0: none), counting the writes. */
typedef struct failing_sink {
	unsigned long writes, fail_at;
} failing_sink;

static bcx_status failing_write(void *ctx, const void *p, size_t n)
{
	failing_sink *f = ctx;
	(void)p;
	(void)n;
	return ++f->writes == f->fail_at ? BCX_ERR_IO : BCX_OK;
}

/* Run fn with its output failing at each write in turn: the failure must
 * come back as BCX_ERR_IO, with everything freed. */
static void sink_sweep(const char *name, scenario_fn fn, const void *arg)
{
	counter c = {0};
	bcx_allocator a = {count_alloc, &c};
	failing_sink f = {0};
	bcx_sink out = {failing_write, &f};
	if (!T_CHECKF(fn(&a, arg, &out) == BCX_OK, "%s: fails without a failing write", name))
		return;
	unsigned long total = f.writes, bad = 0;
	for (unsigned long k = 1; k <= total && bad < 5; k++) {
		c = (counter){0};
		f = (failing_sink){.fail_at = k};
		bcx_status s = fn(&a, arg, &out);
		bad += !T_CHECKF(s == BCX_ERR_IO, "%s: write %lu of %lu failed: status %d (%s)",
				 name, k, total, s, bcx_status_str(s));
		bad += !T_CHECKF(c.live == 0, "%s: write %lu failed: %lld bytes leaked", name, k,
				 c.live);
	}
	printf("%s: %lu writes, each made to fail\n", name, total);
}

/* ---- Tile IR ---- */

typedef struct bytes {
	uint8_t *p;
	size_t n;
} bytes;

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

/* The bytes a builder writes, to the sink (when s is still OK). */
static bcx_status builder_bytes(bcx_tileir_builder *b, bcx_status s, const bcx_sink *sinkp)
{
	uint8_t *out = NULL;
	size_t n = 0;
	bcx_tileir_write_options wo = BCX_OPTIONS_INIT(bcx_tileir_write_options);
	if (s == BCX_OK)
		s = bcx_tileir_builder_write(b, &wo, &out, &n, NULL);
	if (s == BCX_OK) {
		s = sinkp->write(sinkp->ctx, out, n);
		bcx_tileir_builder_free_bytes(b, out, n);
	}
	bcx_tileir_builder_free(b);
	return s;
}

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

/* Only the bytes of the assembled module. */
static bcx_status tileir_assemble_bytes(const bcx_allocator *a, const void *arg,
					const bcx_sink *sinkp)
{
	const char *text = arg;
	bcx_tileir_builder *b = NULL;
	bcx_status s = bcx_tileir_assemble("k.mlir", text, strlen(text), a, &b, NULL);
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

static bcx_status mlirbc_assemble(const bcx_allocator *a, const void *arg, const bcx_sink *sinkp)
{
	const char *text = arg;
	bcx_mlirbc_write_options wo = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	wo.alloc = a;
	uint8_t *out = NULL;
	size_t n = 0;
	bcx_status s = bcx_mlirbc_assemble("f.mlir", text, strlen(text), &wo, &out, &n, NULL);
	if (s == BCX_OK) {
		s = sinkp->write(sinkp->ctx, out, n);
		bcx_mlirbc_free_bytes(&wo, out, n);
	}
	return s;
}

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

static bool load(const char *name, bytes *b)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", BCX_EXAMPLES_DIR, name);
	FILE *f = fopen(path, "rb");
	b->p = NULL;
	b->n = 0;
	if (!T_CHECKF(f != NULL, "cannot open %s", path))
		return false;
	uint8_t chunk[4096];
	size_t k;
	while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
		uint8_t *p = realloc(b->p, b->n + k);
		if (!p)
			break;
		memcpy(p + b->n, chunk, k);
		b->p = p;
		b->n += k;
	}
	fclose(f);
	return T_CHECKF(b->n > 0, "%s is empty", path);
}

/* The bytes a scenario writes, made with the default allocator. */
static bytes made(scenario_fn fn, const void *arg)
{
	bytes b = {0};
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink to = {bcx_buf_sink_write, &out};
	if (T_CHECK(fn(NULL, arg, &to) == BCX_OK) && T_CHECK(out.status == BCX_OK)) {
		b.p = out.data; /* the buffer's memory, taken over */
		b.n = out.len;
		return b;
	}
	bcx_buf_free(&out);
	return b;
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	bytes tir, mbc, bc;
	if (load("vadd.tileirbc", &tir))
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
	if (load("hello.mlirbc", &mbc))
		sweep("MLIR bytecode read, print, dump, write", mlirbc_all, &mbc);
	sweep("MLIR bytecode assemble", mlirbc_assemble, mlir_text);
	bytes mbc2 = made(mlirbc_assemble, mlir_text);
	if (mbc2.n)
		sweep("MLIR bytecode read of an assembled module", mlirbc_all, &mbc2);
	free(mbc2.p);
	if (load("hello.bc", &bc))
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
