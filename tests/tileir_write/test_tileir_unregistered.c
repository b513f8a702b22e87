/* Ops outside the dialect ("materialize_tensor"(), "some.op"(%x)): held as
 * opaque typed ops by the assembler and the builder, printed in MLIR's
 * generic form by both printers (names escaped), verified as values of
 * their stated types only, and refused by the bytecode writer. */
#include "testutil.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

static const char text[] =
	"cuda_tile.module @m {\n"
	"  cuda_tile.entry @f() {\n"
	"    %0 = \"materialize_tensor\"() : () -> !cuda_tile.tile<2x4xi32>\n"
	"    %1 = cuda_tile.addi %0, %0 : !cuda_tile.tile<2x4xi32>\n"
	"    \"use_type\"(%1, %0) : (!cuda_tile.tile<2x4xi32>, !cuda_tile.tile<2x4xi32>) -> ()\n"
	"    %2:2 = \"some.op\\22\\01x\"() : () -> (!cuda_tile.tile<i32>, !cuda_tile.tile<f32>)\n"
	"    cuda_tile.return\n"
	"  }\n"
	"}\n";

static char *print(bcx_tileir_module *m, bool generic)
{
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d = {0};
	bcx_sink s = {bcx_buf_sink_write, &out};
	bcx_status st = generic ? bcx_tileir_print_generic(m, -1, &s, &d)
				: bcx_tileir_print_custom(m, -1, NULL, &s, &d);
	T_CHECKF(st == BCX_OK, "print: %s", d.message);
	bcx_buf_put_u8(&out, 0);
	char *copy = malloc(out.len);
	if (copy && out.data)
		memcpy(copy, out.data, out.len);
	bcx_buf_free(&out);
	return copy;
}

static void text_forms(void)
{
	bcx_tileir_builder *b = NULL;
	bcx_diag d = {0};
	T_CHECKF(bcx_tileir_assemble("u.mlir", text, sizeof text - 1, NULL, &b, &d) == BCX_OK,
		 "assemble: %s", d.message);
	if (!b)
		return;
	bcx_tileir_module *m = bcx_tileir_builder_model(b, &d);
	T_CHECK(m != NULL);
	size_t n = 9;
	T_CHECK(bcx_tileir_verify(m, NULL, NULL, NULL, &n, &d) == BCX_OK && n == 0);
	char *c = print(m, false), *g = print(m, true);
	T_CHECKF(strstr(c, "%0 = \"materialize_tensor\"() : () -> !cuda_tile.tile<2x4xi32>\n"), "%s", c);
	T_CHECKF(strstr(c, "\"use_type\"(%1, %0) : (!cuda_tile.tile<2x4xi32>, "
			   "!cuda_tile.tile<2x4xi32>) -> ()\n"), "%s", c);
	T_CHECKF(strstr(c, "%2:2 = \"some.op\\22\\01x\"() : () -> (!cuda_tile.tile<i32>, "
			   "!cuda_tile.tile<f32>)\n"), "%s", c);
	T_CHECKF(strstr(g, "%0 = \"materialize_tensor\"() : () -> !cuda_tile.tile<2x4xi32>\n"), "%s", g);
	T_CHECKF(strstr(g, "\"some.op\\22\\01x\"() : () -> (!cuda_tile.tile<i32>, "
			   "!cuda_tile.tile<f32>)\n"), "%s", g);
	/* the op keeps its source position: its name, where MLIR places an op */
	const bcx_tileir_body *body = NULL;
	T_CHECK(bcx_tileir_body_get(m, 0, &body, &d) == BCX_OK && body);
	if (body && body->block.n_ops >= 3) {
		const bcx_tileir_op *op = &body->block.ops[0];
		T_CHECK(bcx_tileir_opinfo_is_unregistered(op->info));
		T_EQ_U(op->opcode, BCX_TILEIR_OPCODE_UNREGISTERED);
		T_EQ_MEM(op->name.ptr, op->name.len, "materialize_tensor", 18);
		T_EQ_U(op->line, 3);
		T_EQ_U(op->col, 10);
		T_EQ_U(body->block.ops[1].line, 4);
		T_CHECK(!bcx_tileir_opinfo_is_unregistered(body->block.ops[1].info));
	}
	/* bytecode cannot hold it: the writer says so, naming the op */
	uint8_t *bytes = NULL;
	size_t len = 0;
	bcx_tileir_write_options wo = BCX_OPTIONS_INIT(bcx_tileir_write_options);
	T_CHECK(bcx_tileir_builder_write(b, &wo, &bytes, &len, &d) == BCX_ERR_UNSUPPORTED);
	T_CHECKF(strstr(d.message, "unregistered operation 'materialize_tensor' cannot be "
				   "written to bytecode"), "%s", d.message);
	free(c);
	free(g);
	bcx_tileir_builder_free(b);
}

/* Refused clearly: attributes, regions, a "cuda_tile." name it lacks. */
static void refusals(void)
{
	static const char *bad[] = {
		"\"x\"() {a = 1 : i32} : () -> ()", "attributes of an unregistered operation",
		"\"x\"() ({}) : () -> ()", "regions of an unregistered operation",
		"\"cuda_tile.nope\"() : () -> ()", "unknown operation",
		"\"\"() : () -> ()", "expected an operation name",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i += 2) {
		char t[256];
		int n = snprintf(t, sizeof t, "cuda_tile.module @m {\n cuda_tile.entry @f() {\n  %s\n"
				 "  cuda_tile.return\n }\n}\n", bad[i]);
		bcx_tileir_builder *b = NULL;
		bcx_diag d = {0};
		T_CHECK(bcx_tileir_assemble("u.mlir", t, (size_t)n, NULL, &b, &d) != BCX_OK);
		T_CHECKF(strstr(d.message, bad[i + 1]) && d.line == 3, "%s -> %u: %s", bad[i], d.line,
			 d.message);
		bcx_tileir_builder_free(b);
	}
}

/* The builder's own function, and its checks. */
static void builder_api(void)
{
	bcx_tileir_builder *b = bcx_tileir_builder_new(NULL);
	bcx_diag d = {0};
	bcx_tileir_build_type i32, tile;
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *body;
	bcx_tileir_build_op *op = NULL;
	T_CHECK(bcx_tileir_build_type_scalar(b, BCX_TILEIR_T_I32, &i32, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_type_tile(b, i32, NULL, 0, &tile, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_entry_add(b, "f", 1, NULL, 0, NULL, NULL, &f, &body, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_op_add_unregistered(b, body, "a\nb", 3, NULL, 0, &tile, 1, NULL,
						     &op, &d) == BCX_OK);
	bcx_tileir_build_value v = bcx_tileir_build_op_result(op, 0);
	T_CHECK(bcx_tileir_build_op_add_unregistered(b, body, "use", 3, &v, 1, NULL, 0, NULL, NULL,
						     &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_op_add_unregistered(b, body, "", 0, NULL, 0, NULL, 0, NULL, NULL,
						     &d) == BCX_ERR_INVALID_ARG);
	T_CHECK(bcx_tileir_build_op_add_unregistered(b, body, "cuda_tile.addi", 14, NULL, 0, NULL,
						     0, NULL, NULL, &d) == BCX_ERR_INVALID_ARG);
	bcx_tileir_build_value bogus = 99;
	T_CHECK(bcx_tileir_build_op_add_unregistered(b, body, "x", 1, &bogus, 1, NULL, 0, NULL,
						     NULL, &d) == BCX_ERR_INVALID_ARG);
	bcx_tileir_module *m = bcx_tileir_builder_model(b, &d);
	char *c = m ? print(m, false) : NULL;
	T_CHECKF(c && strstr(c, "%0 = \"a\\0Ab\"() : () -> !cuda_tile.tile<i32>\n") &&
			 strstr(c, "\"use\"(%0) : (!cuda_tile.tile<i32>) -> ()\n"),
		 "%s", c ? c : "");
	free(c);
	bcx_tileir_builder_free(b);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	text_forms();
	refusals();
	builder_api();
	return tu_finish();
}
