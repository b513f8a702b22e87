#define _POSIX_C_SOURCE 200809L
/* The failing-allocator sweep (sweep.h) over the public entry points that
 * test_nomem_sweep.c does not reach: Tile IR's eager read, body access,
 * dense constants, one function's dump and generic text, writing to a
 * file and to older versions; MLIR bytecode's one-function printer and
 * writes to other versions and releases, with f80/f128 constants; the
 * bitstream's streaming reader and writer; and the Tile IR and MLIR text
 * parsers with a string literal longer than an arena block. */
#include "sweep.h"
#include "testutil.h"
#include "bcx/bitstream.h"
#include "bcx/mlirbc.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"
#include "common/internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Longer than an arena's first block (4 KiB). */
enum { LONG_LITERAL = 3 * 4096 };

/* A copy of text with every "@LONG@" replaced by LONG_LITERAL letters
 * (malloc'd; NULL on no memory). */
static char *with_long_literal(const char *text)
{
	const char *at = strstr(text, "@LONG@");
	size_t head = (size_t)(at - text), rest = strlen(at + 6);
	char *t = malloc(head + LONG_LITERAL + rest + 1);
	if (!t)
		return NULL;
	memcpy(t, text, head);
	for (size_t i = 0; i < LONG_LITERAL; i++)
		t[head + i] = (char)('a' + i % 26);
	memcpy(t + head + LONG_LITERAL, at + 6, rest + 1);
	return t;
}

/* ---- Tile IR ---- */

static const char tile_text[] =
	"cuda_tile.module @m {\n"
	"  global @g <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>\n"
	"  global @h <i32: 7> : tile<8xi32>\n"
	"@BIG@"
	"  entry @k(%p: tile<ptr<f32>>) {\n"
	"    %c = constant <f32: 2.5> : tile<16xf32>\n"
	"    %d = addf %c, %c : tile<16xf32>\n"
	"    return\n"
	"  }\n"
	"  entry @k2() {\n"
	"    return\n"
	"  }\n"
	"}\n";

/* tile_text with a global of BIG_N elements in place of "@BIG@": decoded,
 * more than an arena block (malloc'd; NULL on no memory). */
enum { BIG_N = 1024 };
static char *with_big_global(void)
{
	bcx_buf t;
	bcx_buf_init(&t, NULL);
	const char *at = strstr(tile_text, "@BIG@");
	bcx_buf_put_bytes(&t, tile_text, (size_t)(at - tile_text));
	bcx_buf_puts(&t, "  global @big <i32: [0");
	for (int i = 1; i < BIG_N; i++)
		bcx_buf_printf(&t, ", %d", i);
	bcx_buf_printf(&t, "]> : tile<%dxi32>\n%s", BIG_N, at + 5);
	bcx_buf_put_u8(&t, 0);
	size_t n;
	return t.status == BCX_OK ? (char *)bcx_buf_take(&t, &n) : (bcx_buf_free(&t), NULL);
}

/* Tile IR texts with a literal longer than an arena block, each in
 * another parser function (each once reported its out of memory as
 * malformed input). */
static const struct {
	const char *what, *text;
} tile_long[] = {
	{"a location's file name",
	 "#loc = loc(\"@LONG@\":3:4)\n"
	 "cuda_tile.module @m {\n"
	 "  entry @k() {\n"
	 "    %c = constant <f32: 2.5> : tile<16xf32> loc(#loc)\n"
	 "    return\n"
	 "  }\n"
	 "}\n"},
	{"an assert's message",
	 "cuda_tile.module @m {\n"
	 "  entry @k() {\n"
	 "    %t = constant <i1: true> : tile<i1>\n"
	 "    assert %t, \"@LONG@\" : tile<i1>\n"
	 "    return\n"
	 "  }\n"
	 "}\n"},
	{"an entry's name",
	 "cuda_tile.module @m {\n"
	 "  entry @@LONG@() {\n"
	 "    return\n"
	 "  }\n"
	 "}\n"},
};

/* Each function: its body (decoded, released, decoded again), its dump
 * in both forms and its generic text with options. */
static bcx_status tileir_functions(bcx_tileir_module *m, const bcx_sink *sinkp)
{
	bcx_tileir_print_options po = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		const bcx_tileir_body *body = NULL;
		BCX_TRY(bcx_tileir_body_get(m, i, &body, NULL));
		bcx_tileir_body_release(m, i);
		BCX_TRY(bcx_tileir_body_get(m, i, &body, NULL));
		BCX_TRY(bcx_tileir_dump_function(m, (long)i, false, sinkp, NULL));
		BCX_TRY(bcx_tileir_dump_function(m, (long)i, true, sinkp, NULL));
		BCX_TRY(bcx_tileir_print_generic_opts(m, (long)i, &po, sinkp, NULL));
	}
	return BCX_OK;
}

/* Every global's initializer through the dense accessor. */
static bcx_status tileir_dense(bcx_tileir_module *m, const bcx_sink *sinkp)
{
	for (size_t i = 0; i < bcx_tileir_global_count(m); i++) {
		const bcx_tileir_global *g = bcx_tileir_global_at(m, i);
		const uint64_t *elems = NULL;
		size_t n = 0;
		bool splat = false;
		BCX_TRY(bcx_tileir_dense(m, g->type, g->value, &elems, &n, &splat, NULL));
		BCX_TRY(sinkp->write(sinkp->ctx, elems, n * sizeof *elems));
		BCX_TRY(sinkp->write(sinkp->ctx, &splat, sizeof splat));
	}
	return BCX_OK;
}

/* Where write_file puts its file (a folder made in main). */
static char out_dir[64];

static bcx_status file_to_sink(const char *path, const bcx_sink *sinkp)
{
	size_t n = 0;
	uint8_t *p = tu_read_file(path, &n);
	if (!T_CHECKF(p != NULL, "cannot read back %s", path))
		return BCX_ERR_IO;
	bcx_status s = sinkp->write(sinkp->ctx, p, n);
	free(p);
	return s;
}

/* Written at 13.2 and, to a file, at 13.3. */
static bcx_status tileir_writes(bcx_tileir_module *m, const bcx_sink *sinkp)
{
	bcx_tileir_write_options wo = BCX_OPTIONS_INIT(bcx_tileir_write_options);
	wo.major = 13;
	wo.minor = 2;
	uint8_t *out = NULL;
	size_t n = 0;
	BCX_TRY(bcx_tileir_write(m, &wo, &out, &n, NULL));
	bcx_status s = sinkp->write(sinkp->ctx, out, n);
	bcx_tileir_free_bytes(m, out, n);
	BCX_TRY(s);
	char path[96];
	snprintf(path, sizeof path, "%s/m.tileirbc", out_dir);
	unlink(path); /* a failed write must leave nothing: checked below */
	s = bcx_tileir_write_file(m, NULL, path, NULL);
	if (s != BCX_OK) {
		T_CHECKF(access(path, F_OK) != 0, "a failed write_file left %s", path);
		return s;
	}
	return file_to_sink(path, sinkp);
}

static bcx_status tileir_entry_points(const bcx_allocator *a, const void *arg,
				      const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_tileir_read_options o = BCX_OPTIONS_INIT(bcx_tileir_read_options);
	o.alloc = a;
	bcx_tileir_module *m = NULL;
	bcx_status s = bcx_tileir_read(in->p, in->n, &o, &m, NULL);
	if (s == BCX_OK)
		s = tileir_functions(m, sinkp);
	if (s == BCX_OK)
		s = tileir_dense(m, sinkp);
	if (s == BCX_OK)
		s = tileir_writes(m, sinkp);
	bcx_tileir_close(m);
	return s;
}

/* ---- MLIR bytecode ---- */

static const char mlir_text[] =
	"\"builtin.module\"() ({\n"
	"  \"func.func\"() <{function_type = () -> f80, sym_name = \"f\"}> ({\n"
	"    %0 = \"arith.constant\"() <{value = 1.5 : f80}> : () -> f80\n"
	"    %1 = \"arith.constant\"() <{value = 0.1 : f128}> : () -> f128\n"
	"    %2 = \"arith.constant\"() <{value = 3.25 : f128}> : () -> f128\n"
	"    %3 = \"arith.constant\"() <{value = 0.1 : f32}> : () -> f32\n"
	"    \"func.return\"(%0) : (f80) -> ()\n"
	"  }) : () -> ()\n"
	"  \"func.func\"() <{function_type = (i32) -> i32, sym_name = \"g\"}> ({\n"
	"  ^bb0(%arg0: i32):\n"
	"    %0 = \"arith.addi\"(%arg0, %arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32\n"
	"    \"func.return\"(%0) : (i32) -> ()\n"
	"  }) : () -> ()\n"
	"}) {test.s = \"@LONG@\"} : () -> ()\n";

/* The module written at version (BCX_MLIRBC_VERSION) and release. */
static bcx_status mlirbc_write_as(bcx_mlirbc_module *m, const bcx_allocator *a, uint32_t version,
				  uint32_t release, const bcx_sink *sinkp)
{
	bcx_mlirbc_write_options wo = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	wo.alloc = a;
	wo.version = version;
	wo.mlir_release = release;
	uint8_t *out = NULL;
	size_t n = 0;
	BCX_TRY(bcx_mlirbc_write(m, &wo, &out, &n, NULL));
	bcx_status s = sinkp->write(sinkp->ctx, out, n);
	bcx_mlirbc_free_bytes(&wo, out, n);
	return s;
}

/* One function printed alone, then the module written down to version 5
 * and 1 and for MLIR 19. */
static bcx_status mlirbc_entry_points(const bcx_allocator *a, const void *arg,
				      const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_mlirbc_module *m = NULL;
	bcx_status s = bcx_mlirbc_open(in->p, in->n, a, &m, NULL);
	if (s == BCX_OK)
		s = bcx_mlirbc_print_function(m, "f", 0, sinkp, NULL);
	if (s == BCX_OK)
		s = bcx_mlirbc_print_function(m, "g", 0, sinkp, NULL);
	if (s == BCX_OK)
		s = mlirbc_write_as(m, a, BCX_MLIRBC_VERSION(5), 0, sinkp);
	if (s == BCX_OK)
		s = mlirbc_write_as(m, a, BCX_MLIRBC_VERSION(1), 0, sinkp);
	if (s == BCX_OK)
		s = mlirbc_write_as(m, a, 0, 19, sinkp);
	bcx_mlirbc_close(m);
	return s;
}

/* ---- LLVM bitstream: the streaming reader feeding the writer ---- */

static bcx_status bs_copy_entry(bcx_bs_reader *r, bcx_bs_writer *w, const bcx_bs_entry *e,
				const bcx_sink *sinkp)
{
	bcx_bs_record rec;
	unsigned width = 0;
	switch (e->kind) {
	case BCX_BS_ENTRY_END_BLOCK:
		bcx_bsw_end_block(w);
		return BCX_OK;
	case BCX_BS_ENTRY_SUBBLOCK:
		if (e->block_id == 0)
			BCX_TRY(bcx_bs_read_blockinfo(r));
		BCX_TRY(bcx_bs_enter_block(r, &width, NULL));
		bcx_bsw_enter_block(w, e->block_id, width);
		return BCX_OK;
	case BCX_BS_ENTRY_ABBREV:
		bcx_bsw_define_abbrev(w, e->abbrev);
		return BCX_OK;
	case BCX_BS_ENTRY_RECORD:
		BCX_TRY(bcx_bs_read_record(r, e, &rec));
		BCX_TRY(sinkp->write(sinkp->ctx, &rec.code, sizeof rec.code));
		BCX_TRY(sinkp->write(sinkp->ctx, rec.ops, rec.nops * sizeof *rec.ops));
		if (rec.abbrev)
			bcx_bsw_record_with(w, rec.abbrev_id, rec.abbrev, rec.code, rec.ops, rec.nops,
					    rec.blob, rec.blob_len);
		else
			bcx_bsw_record(w, 3, rec.code, rec.ops, rec.nops, NULL, 0);
		return BCX_OK;
	default:
		return BCX_OK;
	}
}

static bcx_status bitstream_stream(const bcx_allocator *a, const void *arg,
				   const bcx_sink *sinkp)
{
	const bytes *in = arg;
	bcx_bs_reader *r = NULL;
	bcx_bs_writer *w = NULL;
	bcx_buf out;
	bcx_buf_init(&out, a);
	bcx_status s = bcx_bs_reader_new(&r, in->p, in->n, a, NULL);
	if (s == BCX_OK)
		s = bcx_bsw_new(&w, a);
	if (s == BCX_OK)
		bcx_bsw_magic(w, bcx_bs_reader_magic(r));
	bcx_bs_entry e = {0};
	while (s == BCX_OK && (s = bcx_bs_next(r, &e)) == BCX_OK && e.kind != BCX_BS_ENTRY_EOF)
		s = bs_copy_entry(r, w, &e, sinkp);
	if (s == BCX_OK)
		s = bcx_bsw_finish(w, &out, NULL);
	s = buf_to_sink(&out, s, sinkp);
	bcx_buf_free(&out);
	bcx_bsw_free(w);
	bcx_bs_reader_free(r);
	return s;
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	snprintf(out_dir, sizeof out_dir, "/tmp/bcx_nomem_XXXXXX");
	if (!T_CHECK(mkdtemp(out_dir) != NULL))
		return tu_finish();
	bytes tir, bc;
	if (load_example("vadd.tileirbc", &tir))
		sweep("Tile IR read, bodies, dump_function, generic_opts, write 13.2, write_file",
		      tileir_entry_points, &tir);
	char *ttext = with_big_global();
	bytes tir2 = ttext ? made(tileir_assemble_bytes, ttext) : (bytes){0};
	if (T_CHECK(tir2.n > 0))
		sweep("Tile IR entry points on a module with globals (dense)", tileir_entry_points,
		      &tir2);
	free(tir2.p);
	free(ttext);
	free(tir.p);
	for (size_t i = 0; i < sizeof tile_long / sizeof tile_long[0]; i++) {
		char name[128], *text = with_long_literal(tile_long[i].text);
		snprintf(name, sizeof name, "Tile IR assemble (%s longer than an arena block)",
			 tile_long[i].what);
		if (T_CHECK(text != NULL))
			sweep(name, tileir_assemble_bytes, text);
		free(text);
	}
	char *mtext = with_long_literal(mlir_text);
	if (T_CHECK(mtext != NULL)) {
		sweep("MLIR assemble (a string longer than an arena block; f80, f128)",
		      mlirbc_assemble, mtext);
		bytes mbc = made(mlirbc_assemble, mtext);
		if (mbc.n)
			sweep("MLIR bytecode print_function, write to version 5, 1 and MLIR 19",
			      mlirbc_entry_points, &mbc);
		free(mbc.p);
	}
	free(mtext);
	if (load_example("hello.bc", &bc))
		sweep("LLVM bitstream streaming reader into the writer", bitstream_stream, &bc);
	free(bc.p);
	rmdir(out_dir);
	return tu_finish();
}
