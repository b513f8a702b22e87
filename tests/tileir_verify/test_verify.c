/* bcx_tileir_verify: every valid vector verifies clean; broken modules
 * give the reference verifier's message on the op that breaks the rule. */
#include "testutil.h"
#include "vectors.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

/* The errors of one verification, as "path: message" lines. */
typedef struct seen {
	char text[8192];
	size_t len, n;
	uint32_t offset; /* of the first error */
} seen;

static bool collect(void *ctx, const bcx_tileir_verify_error *e)
{
	seen *s = ctx;
	if (s->n++ == 0)
		s->offset = e->offset;
	int k = snprintf(s->text + s->len, sizeof s->text - s->len, "%s: %s\n", e->path,
			 e->message);
	if (k > 0 && (size_t)k < sizeof s->text - s->len)
		s->len += (size_t)k;
	return true;
}

static bcx_status verify_with(bcx_tileir_module *m, uint16_t target, bool hints, seen *s)
{
	bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	o.target = target;
	o.hints = hints;
	memset(s, 0, sizeof *s);
	size_t n = 0;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status st = bcx_tileir_verify(m, &o, collect, s, &n, &d);
	T_EQ_U(n, s->n);
	if (n)
		T_CHECKF(st == BCX_ERR_MALFORMED && strstr(s->text, d.message) != NULL,
			 "status %d, diag '%s'", st, d.message);
	return st;
}

static bcx_status verify(bcx_tileir_module *m, uint16_t target, seen *s)
{
	return verify_with(m, target, false, s);
}

static void test_valid_vectors(void)
{
	char **paths;
	size_t n = tv_list(".generic.mlir", &paths), checked = 0;
	for (size_t i = 0; i < n; i++) {
		char bc[4096];
		tv_bytecode_for(paths[i], ".generic.mlir", bc, sizeof bc);
		size_t size;
		uint8_t *data = tu_read_file(bc, &size);
		bcx_tileir_module *m = NULL;
		if (!data || bcx_tileir_open(data, size, NULL, &m, NULL) != BCX_OK) {
			free(data);
			continue;
		}
		seen s;
		T_CHECKF(verify(m, 0, &s) == BCX_OK, "%s: %s", bc, s.text);
		checked++;
		bcx_tileir_close(m);
		free(data);
	}
	T_CHECKF(checked >= 100, "only %zu valid vectors verified", checked);
	tv_free(paths, n);
}

/* ---- broken modules in the generic form ---- */

#define HEAD                                                                              \
	"\"cuda_tile.module\"() <{sym_name = \"m\"}> ({\n"                                  \
	"\"cuda_tile.entry\"() <{function_type = (!cuda_tile.tile<f16>, !cuda_tile.tile<i32>, " \
	"!cuda_tile.tile<f32>, !cuda_tile.tile<i1>, !cuda_tile.tile<ptr<f32>>) -> (), "           \
	"sym_name = \"k\"}> ({\n"                                                             \
	"^bb0(%a: !cuda_tile.tile<f16>, %b: !cuda_tile.tile<i32>, %c: !cuda_tile.tile<f32>, " \
	"%p: !cuda_tile.tile<i1>, %q: !cuda_tile.tile<ptr<f32>>):\n"                          \
	"%t = \"cuda_tile.constant\"() <{value = dense<1.5> : !cuda_tile.tile<4x8xf32>}> : " \
	"() -> !cuda_tile.tile<4x8xf32>\n"
#define TAIL "\"cuda_tile.return\"() : () -> ()\n}) : () -> ()\n}) : () -> ()\n"
#define F16 "!cuda_tile.tile<f16>"
#define F32 "!cuda_tile.tile<f32>"
#define I32 "!cuda_tile.tile<i32>"
#define PF32 "!cuda_tile.tile<ptr<f32>>"
#define TVT "!cuda_tile.tensor_view<128xf32, strides=[1]>"
#define PV "!cuda_tile.partition_view<tile=(8), " TVT ">"
/* A tensor view over %q (%1) and a partition view of it (%2). */
#define TV                                                                                 \
	"%1 = \"cuda_tile.make_tensor_view\"(%q) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (" \
	PF32 ") -> " TVT "\n%2 = \"cuda_tile.make_partition_view\"(%1) : (" TVT ") -> " PV "\n"
/* %N = a constant of tile type <SHAPE> */
#define CST(n, shape)                                                                      \
	"%" n " = \"cuda_tile.constant\"() <{value = dense<1.0> : !cuda_tile.tile<" shape ">}> : " \
	"() -> !cuda_tile.tile<" shape ">\n"
#define RM "rounding_mode = #cuda_tile.rounding<nearest_even>"

typedef struct bad_case {
	const char *body;     /* ops between HEAD and TAIL */
	const char *expect;   /* the whole report: "path: message" lines */
} bad_case;

static const bad_case bad_cases[] = {
	{"%1 = \"cuda_tile.addf\"(%b, %b) <{" RM "}> : (" I32 ", " I32 ") -> " I32 "\n",
	 "addf#1: 'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'\n"
	 "addf#1: 'cuda_tile.addf' op operand #1 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'\n"
	 "addf#1: 'cuda_tile.addf' op result #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<i32>'\n"},
	{"%1 = \"cuda_tile.addf\"(%a, %c) <{" RM "}> : (" F16 ", " F32 ") -> " F16 "\n",
	 "addf#1: 'cuda_tile.addf' op failed to verify that all of {lhs, rhs, result} have same type\n"},
	{"%1 = \"cuda_tile.addf\"(%a, %a) <{flush_to_zero, " RM "}> : (" F16 ", " F16 ") -> " F16 "\n",
	 "addf#1: 'cuda_tile.addf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'\n"},
	{"%1 = \"cuda_tile.divf\"(%c, %c) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>}> : (" F32 ", " F32 ") -> " F32 "\n",
	 "divf#1: 'cuda_tile.divf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]\n"},
	{"%1 = \"cuda_tile.cmpi\"(%b, %b) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>}> : (" I32 ", " I32 ") -> " I32 "\n",
	 "cmpi#1: 'cuda_tile.cmpi' op result #0 must be tile of i1 values, but got '!cuda_tile.tile<i32>'\n"},
	{"%1 = \"cuda_tile.exti\"(%b) <{signedness = #cuda_tile.signedness<signed>}> : (" I32 ") -> " I32 "\n",
	 "exti#1: 'cuda_tile.exti' op extending to smaller or identical integer\n"},
	{"%1 = \"cuda_tile.permute\"(%t) <{permutation = array<i32: 1, 1>}> : (!cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<8x4xf32>\n",
	 "permute#1: 'cuda_tile.permute' op expect permutation elements to be unique\n"},
	{"%1 = \"cuda_tile.permute\"(%t) <{permutation = array<i32: 1, 0>}> : (!cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<4x8xf32>\n",
	 "permute#1: 'cuda_tile.permute' op result shape invalid at index 0, expected: 8, but got: 4\n"},
	{"%1 = \"cuda_tile.reshape\"(%t) : (!cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<16xf32>\n",
	 "reshape#1: 'cuda_tile.reshape' op expected source tile and result tile to have the same number of elements\n"},
	{"%1 = \"cuda_tile.broadcast\"(%t) : (!cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<8x8xf32>\n",
	 "broadcast#1: 'cuda_tile.broadcast' op expects the shape of source tile to be compatible with that of the result tile, but got: 4, 8 and 8, 8\n"},
	{"%1 = \"cuda_tile.mmaf\"(%t, %t, %t) : (!cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<4x8xf32>\n",
	 "mmaf#1: 'cuda_tile.mmaf' op  shape error: dim 1 of lhs (8) and dim 0 of rhs (4) must match, but got lhs shape (4, 8) and rhs shape (4, 8)\n"},
	{"%1 = \"cuda_tile.if\"(%p) ({\n\"cuda_tile.yield\"(%b) : (" I32 ") -> ()\n}, {\n"
	 "\"cuda_tile.yield\"(%c) : (" F32 ") -> ()\n}) : (!cuda_tile.tile<i1>) -> " I32 "\n",
	 "if#1: 'cuda_tile.if' op type does not match yield type, else branch yields '!cuda_tile.tile<f32>' but op result type is '!cuda_tile.tile<i32>'\n"},
	{"\"cuda_tile.if\"(%p) ({\n\"cuda_tile.continue\"() : () -> ()\n}, {\n"
	 "\"cuda_tile.yield\"() : () -> ()\n}) : (!cuda_tile.tile<i1>) -> ()\n",
	 "if#1[r0]/continue#0: 'cuda_tile.continue' op can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations\n"},
	{"%1 = \"cuda_tile.for\"(%b, %b, %b, %c) ({\n^bb1(%i: " I32 ", %x: " F32 "):\n"
	 "\"cuda_tile.continue\"(%i) : (" I32 ") -> ()\n}) : (" I32 ", " I32 ", " I32 ", " F32 ") -> " F32 "\n",
	 "for#1/continue#0: `for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: ('!cuda_tile.tile<f32>'), but found: ('!cuda_tile.tile<i32>')\n"},
	{"%1 = \"cuda_tile.join_tokens\"() : () -> !cuda_tile.token\n",
	 "join_tokens#1: 'cuda_tile.join_tokens' op expect two or more tokens\n"},
	{"%1 = \"cuda_tile.iota\"() : () -> !cuda_tile.tile<512xi8>\n",
	 "iota#1: 'cuda_tile.iota' op the number of elements 512 exceeds the maximum value of element type 'i8'\n"},
	/* assume predicates */
	{"%1 = \"cuda_tile.assume\"(%b) <{predicate = #cuda_tile.div_by<3>}> : (" I32 ") -> " I32 "\n",
	 "assume#1: 'cuda_tile.assume' op 'cuda_tile.div_by' divisor must be a power of 2\n"},
	{"%1 = \"cuda_tile.assume\"(%c) <{predicate = #cuda_tile.div_by<4>}> : (" F32 ") -> " F32 "\n",
	 "assume#1: 'cuda_tile.assume' op 'cuda_tile.div_by' is valid only for tile of integer/pointer or tensor_view values\n"},
	{"%1 = \"cuda_tile.assume\"(%p) <{predicate = #cuda_tile.bounded<0, 5>}> : (!cuda_tile.tile<i1>) -> !cuda_tile.tile<i1>\n",
	 "assume#1: 'cuda_tile.assume' op 'cuda_tile.bounded' expects upper bound to be within [-1, 0]\n"},
	{"%1 = \"cuda_tile.assume\"(%b) <{predicate = #cuda_tile.bounded<5, 3>}> : (" I32 ") -> " I32 "\n",
	 "assume#1: 'cuda_tile.assume' op 'cuda_tile.bounded' expects lower bound to be less than or equal to upper bound\n"},
	{"%1 = \"cuda_tile.assume\"(%b) <{predicate = #cuda_tile.same_elements<[1]>}> : (" I32 ") -> " I32 "\n",
	 "assume#1: 'cuda_tile.assume' op expected number of values in 'cuda_tile.same_elements' (1) to match rank of constrained tile (0)\n"},
	/* loads and stores through pointers */
	{"%1:2 = \"cuda_tile.load_ptr_tko\"(%q) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (" PF32 ") -> (" I32 ", !cuda_tile.token)\n",
	 "load_ptr_tko#1: 'cuda_tile.load_ptr_tko' op failed to verify that `source` type is expected a pointer type of `result` type\n"},
	{"%1:2 = \"cuda_tile.load_ptr_tko\"(%q, %p) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (" PF32 ", !cuda_tile.tile<i1>) -> (" F32 ", !cuda_tile.token)\n"
	 "%2:2 = \"cuda_tile.load_ptr_tko\"(%q) <{memory_ordering_semantics = 0 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (" PF32 ") -> (" F32 ", !cuda_tile.token)\n"
	 "%3:2 = \"cuda_tile.load_ptr_tko\"(%q) <{memory_ordering_semantics = 2 : i32, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (" PF32 ") -> (" F32 ", !cuda_tile.token)\n",
	 "load_ptr_tko#2: 'cuda_tile.load_ptr_tko' op weak load must not have memory scope\n"
	 "load_ptr_tko#3: 'cuda_tile.load_ptr_tko' op memory scope is required for acquire load\n"},
	{"%1 = \"cuda_tile.store_ptr_tko\"(%q, %c) <{memory_ordering_semantics = 2 : i32, memory_scope = 1 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (" PF32 ", " F32 ") -> !cuda_tile.token\n"
	 "%2 = \"cuda_tile.store_ptr_tko\"(%q, %t) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (" PF32 ", !cuda_tile.tile<4x8xf32>) -> !cuda_tile.token\n",
	 "store_ptr_tko#1: 'cuda_tile.store_ptr_tko' op expect one of: weak, relaxed, or release, but got: acquire\n"
	 "store_ptr_tko#2: 'cuda_tile.store_ptr_tko' op failed to verify that `destination` type is expected a pointer type of `value` type\n"},
	/* views */
	{TV "%3:2 = \"cuda_tile.load_view_tko\"(%2) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 0>}> : (" PV ") -> (!cuda_tile.tile<8xf32>, !cuda_tile.token)\n"
	 "%4:2 = \"cuda_tile.load_view_tko\"(%2, %b) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (" PV ", " I32 ") -> (!cuda_tile.tile<4xf32>, !cuda_tile.token)\n"
	 "%5 = \"cuda_tile.atomic_red_view_tko\"(%2, %b, %3#0) <{memory_ordering_semantics = 1 : i32, memory_scope = 1 : i32, mode = 9 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (" PV ", " I32 ", !cuda_tile.tile<8xf32>) -> !cuda_tile.token\n"
	 "%6 = \"cuda_tile.atomic_red_view_tko\"(%2, %b, %3#0) <{memory_ordering_semantics = 3 : i32, memory_scope = 1 : i32, mode = 4 : i32, operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (" PV ", " I32 ", !cuda_tile.tile<8xf32>) -> !cuda_tile.token\n",
	 "load_view_tko#3: 'cuda_tile.load_view_tko' op expected 1 index operands (based on view type), got 0\n"
	 "load_view_tko#4: 'cuda_tile.load_view_tko' op expected tile type to be '!cuda_tile.tile<8xf32>' (based on view type), got '!cuda_tile.tile<4xf32>'\n"
	 "atomic_red_view_tko#5: 'cuda_tile.atomic_red_view_tko' op atomic_red_view_tko op cannot use xchg operation\n"
	 "atomic_red_view_tko#6: 'cuda_tile.atomic_red_view_tko' op only 'relaxed' memory ordering is supported for view-based atomic reductions\n"},
	/* mmaf_scaled: f8 operands need a block size of 32 */
	{CST("1", "4x64xf8E4M3FN") CST("2", "64x8xf8E4M3FN") CST("3", "4x8xf32")
	 CST("4", "4x4xf8E8M0FNU") CST("5", "4x8xf8E8M0FNU")
	 "%6 = \"cuda_tile.mmaf_scaled\"(%1, %2, %3, %4, %5) : (!cuda_tile.tile<4x64xf8E4M3FN>, "
	 "!cuda_tile.tile<64x8xf8E4M3FN>, !cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x4xf8E8M0FNU>, "
	 "!cuda_tile.tile<4x8xf8E8M0FNU>) -> !cuda_tile.tile<4x8xf32>\n",
	 "mmaf_scaled#6: 'cuda_tile.mmaf_scaled' op shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16\n"},
	{CST("1", "4x64xf8E4M3FN") CST("2", "64x8xf8E4M3FN") CST("3", "4x8xf32")
	 CST("4", "4x2xf8E8M0FNU") CST("5", "4x8xf8E8M0FNU")
	 "%6 = \"cuda_tile.mmaf_scaled\"(%1, %2, %3, %4, %5) : (!cuda_tile.tile<4x64xf8E4M3FN>, "
	 "!cuda_tile.tile<64x8xf8E4M3FN>, !cuda_tile.tile<4x8xf32>, !cuda_tile.tile<4x2xf8E8M0FNU>, "
	 "!cuda_tile.tile<4x8xf8E8M0FNU>) -> !cuda_tile.tile<4x8xf32>\n",
	 "mmaf_scaled#6: 'cuda_tile.mmaf_scaled' op shape error: dim 1 of lhs_scale (2) and dim 0 of rhs_scale (4) must match, but got lhs_scale shape (4, 2) and rhs_scale shape (4, 8)\n"},
	/* reduce bodies hold pure ops only */
	{"%1 = \"cuda_tile.reduce\"(%t) <{dim = 0 : i32, identities = [0.000000e+00 : f32]}> ({\n"
	 "^bb1(%x: " F32 ", %y: " F32 "):\n"
	 "%2 = \"cuda_tile.print_tko\"(%x) <{operandSegmentSizes = array<i32: 1, 0>, str = \"%f\"}> : (" F32 ") -> !cuda_tile.token\n"
	 "\"cuda_tile.yield\"(%x) : (" F32 ") -> ()\n}) : (!cuda_tile.tile<4x8xf32>) -> !cuda_tile.tile<8xf32>\n",
	 "reduce#1/print_tko#0: 'cuda_tile.print_tko' op only pure operations are allowed inside 'cuda_tile.reduce'\n"},
};

static void test_bad_text(void)
{
	for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
		char text[8192];
		snprintf(text, sizeof text, "%s%s%s", HEAD, bad_cases[i].body, TAIL);
		bcx_diag d;
		bcx_tileir_builder *b = NULL;
		if (!T_CHECKF(bcx_tileir_assemble("case", text, strlen(text), NULL, &b, &d) == BCX_OK,
			      "case %zu: %s", i, d.message))
			continue;
		seen s;
		T_CHECK(verify(bcx_tileir_builder_model(b, NULL), 0, &s) == BCX_ERR_MALFORMED);
		T_CHECKF(strcmp(s.text, bad_cases[i].expect) == 0, "case %zu:\n got: %s want: %s", i,
			 s.text, bad_cases[i].expect);
		bcx_tileir_builder_free(b);
	}
}

/* A vector with its first absf turned into absi (same layout): the
 * report names the op at its byte offset; --target names newer types. */
static void test_patched_vector(void)
{
	size_t size;
	uint8_t *data = tu_read_file(
		tu_shared_path("vectors/tileir/coverage/cov_000_arith_float.v13.3.tileirbc"), &size);
	bcx_tileir_module *m = NULL;
	const bcx_tileir_body *body = NULL;
	if (!T_CHECK(data && bcx_tileir_read(data, size, NULL, &m, NULL) == BCX_OK) ||
	    !T_CHECK(bcx_tileir_body_get(m, 0, &body, NULL) == BCX_OK)) {
		bcx_tileir_close(m);
		free(data);
		return;
	}
	uint32_t at = 0;
	for (uint32_t i = 0; i < body->block.n_ops && !at; i++)
		if (body->block.ops[i].opcode == 0x00)
			at = body->block.ops[i].offset;
	bcx_tileir_close(m);
	T_CHECK(at && data[at] == 0x00);
	data[at] = 0x01;
	m = NULL;
	if (T_CHECK(bcx_tileir_open(data, size, NULL, &m, NULL) == BCX_OK)) {
		seen s;
		T_CHECK(verify(m, 0, &s) == BCX_ERR_MALFORMED);
		T_EQ_U(s.offset, at);
		T_CHECKF(strstr(s.text, "'cuda_tile.absi' op operand #0 must be tile of i1 or i8 or "
					"i16 or i32 or i64 values, but got '!cuda_tile.tile<f16>'"),
			 "%s", s.text);
	}
	bcx_tileir_close(m);
	free(data);
}

static void test_target(void)
{
	size_t size;
	uint8_t *data = tu_read_file(tu_shared_path("vectors/tileir/new_types_000.v13.3.tileirbc"),
				     &size);
	bcx_tileir_module *m = NULL;
	if (T_CHECK(data && bcx_tileir_open(data, size, NULL, &m, NULL) == BCX_OK)) {
		seen s;
		T_CHECK(verify(m, BCX_TILEIR_V13_3, &s) == BCX_OK);
		T_CHECK(verify(m, BCX_TILEIR_V13_1, &s) == BCX_ERR_MALFORMED);
		T_CHECKF(strstr(s.text, "type 'Float8E8M0FNU' requires bytecode version 13.2+, "
					"targeting 13.1"), "%s", s.text);
	}
	bcx_tileir_close(m);
	free(data);
}

/* Assemble a whole module text and verify it: the report. */
static void check_text(const char *text, bool hints, const char *expect)
{
	bcx_diag d;
	bcx_tileir_builder *b = NULL;
	if (!T_CHECKF(bcx_tileir_assemble("case", text, strlen(text), NULL, &b, &d) == BCX_OK, "%s",
		      d.message))
		return;
	seen s;
	bcx_status st = verify_with(bcx_tileir_builder_model(b, NULL), 0, hints, &s);
	T_CHECK(st == (*expect ? BCX_ERR_MALFORMED : BCX_OK));
	T_CHECKF(strcmp(s.text, expect) == 0, "\n got: %s want: %s", s.text, expect);
	bcx_tileir_builder_free(b);
}

#define ENTRY(name, hints)                                                                \
	"\"cuda_tile.entry\"() <{function_type = () -> ()" hints ", sym_name = \"" name "\"}> ({\n" \
	"\"cuda_tile.return\"() : () -> ()\n}) : () -> ()\n"
#define MODULE(body) "\"cuda_tile.module\"() <{sym_name = \"m\"}> ({\n" body "}) : () -> ()\n"

static void test_symbols_and_hints(void)
{
	check_text(MODULE(ENTRY("k", "") ENTRY("j", "") ENTRY("k", "")), false,
		   ": redefinition of symbol named 'k'\n");
/* Keys in MLIR's order: a dictionary's keys are sorted (bytecode too). */
#define HINTS ", optimization_hints = #cuda_tile.optimization_hints<sm_100 = " \
	      "{num_cta_in_cga = 7, num_qqq = 1, occupancy = 64}, sm_100a = {num_cta_in_cga = 2}>"
	/* Keys and values are checked only when asked, as by the reference. */
	check_text(MODULE(ENTRY("k", HINTS)), false, "");
	check_text(MODULE(ENTRY("k", HINTS)), true,
		   ": expected power-of-two \xe2\x89\xa4 16 for sm_100.num_cta_in_cga\n"
		   ": num_qqq is not known hint for current Operation\n"
		   ": integer value in the range [1, 32] is expected for sm_100.occupancy\n"
		   ": unknown hint key sm_100a\n"
		   ": 'cuda_tile.entry' op Optimization hints verification failed\n");
}

/* Debug info rules on a built module, written and read back. */
static void test_debug_info(void)
{
	bcx_tileir_builder *b = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_loc *file, *cu, *sub, *loc;
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *body;
	uint32_t ret = bcx_tileir_build_opcode("return", 6);
	T_CHECK(bcx_tileir_build_di_file(b, "a.py", "/d", &file, NULL) == BCX_OK);
	T_CHECK(bcx_tileir_build_di_compile_unit(b, file, &cu, NULL) == BCX_OK);
	T_CHECK(bcx_tileir_build_di_subprogram(b, file, 1, "f", "other", cu, 0, &sub, NULL) ==
		BCX_OK);
	T_CHECK(bcx_tileir_build_di_loc(b, sub, "a.py", 2, 3, &loc, NULL) == BCX_OK);
	/* k: the subprogram's linkage name is not the function's (rule 2). */
	T_CHECK(bcx_tileir_build_entry_add(b, "k", 1, NULL, 0, NULL, loc, &f, &body, NULL) == BCX_OK);
	T_CHECK(bcx_tileir_build_op_add(b, body, &(bcx_tileir_build_opspec){.opcode = ret}, NULL,
					NULL) == BCX_OK);
	/* j: an op in another subprogram than its function's (rule 4). */
	bcx_tileir_build_loc *sub_j, *loc_j;
	T_CHECK(bcx_tileir_build_di_subprogram(b, file, 5, "j", "j", cu, 0, &sub_j, NULL) == BCX_OK);
	T_CHECK(bcx_tileir_build_di_loc(b, sub_j, "a.py", 6, 1, &loc_j, NULL) == BCX_OK);
	T_CHECK(bcx_tileir_build_entry_add(b, "j", 1, NULL, 0, NULL, loc_j, &f, &body, NULL) ==
		BCX_OK);
	T_CHECK(bcx_tileir_build_op_add(b, body, &(bcx_tileir_build_opspec){.opcode = ret, .loc = loc},
					NULL, NULL) == BCX_OK);
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_tileir_module *m = NULL;
	seen s;
	if (T_CHECK(bcx_tileir_builder_write(b, NULL, &bytes, &n, NULL) == BCX_OK) &&
	    T_CHECK(bcx_tileir_open(bytes, n, NULL, &m, NULL) == BCX_OK)) {
		T_CHECK(verify(m, 0, &s) == BCX_ERR_MALFORMED);
#define SUB "#cuda_tile.di_subprogram<file = <\"a.py\" in \"/d\">, line = 1, name = \"f\", " \
	    "linkageName = \"other\", compileUnit = <file = <\"a.py\" in \"/d\">>>"
		T_CHECKF(strcmp(s.text,
				": 'cuda_tile.entry' op invalid function debug info scope: " SUB
				". Function name \"k\" does not match subprogram scope linkage name "
				"\"other\".\n"
				"return#0: invalid operation debug info scope: " SUB ". Operation debug "
				"info scope does not match function debug info scope: "
				"#cuda_tile.di_subprogram<file = <\"a.py\" in \"/d\">, line = 5, name = "
				"\"j\", linkageName = \"j\", compileUnit = <file = <\"a.py\" in "
				"\"/d\">>>.\n") == 0,
			 "%s", s.text);
	}
	bcx_tileir_close(m);
	bcx_tileir_builder_free_bytes(b, bytes, n);
	bcx_tileir_builder_free(b);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_bad_text();
	test_symbols_and_hints();
	test_debug_info();
	tu_require_shared();
	test_valid_vectors();
	test_patched_vector();
	test_target();
	return tu_finish();
}
