/* Small texts that NVIDIA's cuda-tile-translate refuses, each with the
 * message and the line:col it gives (checked against it when written):
 * `bcx asm` must refuse them the same way rather than write bytes for
 * them. And a few that it accepts, which the assembler must take too.
 * docs/formats/tileir-text.md states the rules. */
#include "testutil.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <string.h>

#define MOD_OPEN "\"cuda_tile.module\"() <{sym_name = \"m\"}> ({\n"
#define MOD_CLOSE "}) : () -> ()\n"
#define ENTRY_OPEN(ft) "  \"cuda_tile.entry\"() <{function_type = " ft ", sym_name = \"e\"}> ({\n"
#define ENTRY_CLOSE "    \"cuda_tile.return\"() : () -> ()\n  }) : () -> ()\n"

/* A subprogram of the given parameters, used by an entry named e. */
#define DI_HEAD(params)                                                          \
	"#f = #cuda_tile.di_file<\"t.py\" in \"/d\">\n"                          \
	"#cu = #cuda_tile.di_compile_unit<file = #f>\n"                          \
	"#sp = #cuda_tile.di_subprogram<" params ">\n"                           \
	"#l = #cuda_tile.di_loc<loc(\"t.py\":1:1) in #sp>\n"
#define DI_BODY "cuda_tile.module @m {\n  entry @e() {\n    return loc(#l)\n  } loc(#l)\n}\n"

/* A constant in the custom form, and dense<v> of the generic form. */
#define CST(v, t)                                                                \
	"cuda_tile.module @m {\n  entry @e() {\n    %0 = constant " v " : tile<" t ">\n" \
	"    return\n  }\n}\n"
#define GCST(v, t)                                                               \
	MOD_OPEN ENTRY_OPEN("() -> ()") "    %0 = \"cuda_tile.constant\"() <{value = dense<" v \
	"> : !cuda_tile.tile<" t ">}> : () -> !cuda_tile.tile<" t ">\n" ENTRY_CLOSE MOD_CLOSE

/* A gather/scatter view over a 64x64 tensor_view with sparse_dim=d. */
#define GATHER(d)                                                                \
	"cuda_tile.module @m {\n  entry @e(%v: tile<ptr<f32>>) {\n"            \
	"    %t = make_tensor_view %v, shape = [64, 64], strides = [64, 1] : "        \
	"tensor_view<64x64xf32, strides=[64,1]>\n"                                 \
	"    %g = make_gather_scatter_view %t : gather_scatter_view<tile=(8x8), "      \
	"tensor_view<64x64xf32, strides=[64,1]>, sparse_dim=" d ">\n"              \
	"    return\n  }\n}\n"

static const struct {
	const char *what, *text;
	unsigned line, col; /* 0: the text is valid */
	const char *msg;
} cases[] = {
	{"a property given twice",
	 "\"cuda_tile.module\"() <{sym_name = \"a\", sym_name = \"a\"}> ({\n" MOD_CLOSE, 1, 40,
	 "duplicate key 'sym_name' in dictionary attribute"},
	{"a key given twice in a nested dictionary",
	 MOD_OPEN "  \"cuda_tile.entry\"() <{function_type = () -> (), optimization_hints = "
		  "#cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2, num_cta_in_cga = "
		  "2}>, sym_name = \"e\"}> ({\n" ENTRY_CLOSE MOD_CLOSE,
	 2, 132, "duplicate key 'num_cta_in_cga' in dictionary attribute"},
	{"an unknown escape in a symbol, at its backslash",
	 "\"cuda_tile.module\"() <{sym_name = \"m\"}> ({\n}) {k = @\"bad\\q\"} : () -> ()\n", 2, 14,
	 "unknown escape in string literal"},
	{"an escaped newline in a string (MLIR has no such escape)",
	 "\"cuda_tile.module\"() <{sym_name = \"m\"}> ({\n}) {k = \"a\\\nb\"} : () -> ()\n", 2, 11,
	 "unknown escape in string literal"},
	{"a module without its name", "\"cuda_tile.module\"() <{}> ({\n" MOD_CLOSE, 1, 1,
	 "'cuda_tile.module' op requires attribute 'sym_name'"},
	{"an entry block argument of another type than the signature's",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<i32>) -> ()") "  ^bb0(%a: !cuda_tile.tile<f32>):\n"
		 ENTRY_CLOSE MOD_CLOSE,
	 2, 3,
	 "'cuda_tile.entry' op type of entry block argument #0('!cuda_tile.tile<f32>') must match "
	 "the type of the corresponding argument in function signature('!cuda_tile.tile<i32>')"},
	{"a use at the signature's type of an argument the block types otherwise",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<i32>) -> ()") "  ^bb0(%a: !cuda_tile.tile<f32>):\n"
		 "    %0 = \"cuda_tile.negi\"(%a) : (!cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>\n"
		 ENTRY_CLOSE MOD_CLOSE,
	 4, 27,
	 "use of value '%a' expects different type than prior uses: '!cuda_tile.tile<i32>' vs "
	 "'!cuda_tile.tile<f32>'"},
	{"a constant whose value is typed otherwise than its result",
	 MOD_OPEN ENTRY_OPEN("() -> ()")
		 "    %0 = \"cuda_tile.constant\"() <{value = dense<0> : !cuda_tile.tile<i8>}> : () "
		 "-> !cuda_tile.tile<i64>\n" ENTRY_CLOSE MOD_CLOSE,
	 3, 10, "'cuda_tile.constant' op failed to verify that all of {value, result} have same type"},
	{"1e400: MLIR's float literal needs the point, so this is the integer 1",
	 "cuda_tile.module @m {\n  entry @e() {\n    %0 = constant <f32: [1.5, 1e400]> : "
	 "tile<2xf32>\n    return\n  }\n}\n",
	 3, 31, "unexpected decimal integer literal for a floating point value"},
	{"a float literal may end at its point (1.e3, 2.)",
	 "cuda_tile.module @m {\n  entry @e() {\n    %0 = constant <f32: [1.e3, 2.]> : "
	 "tile<2xf32>\n    return\n  }\n}\n",
	 0, 0, NULL},
	{"a debug-info struct parameter given twice",
	 DI_HEAD("file = #f, line = 1, line = 1, name = \"k\", linkageName = \"k\", "
		 "compileUnit = #cu") DI_BODY,
	 3, 60, "duplicate or unknown struct parameter name: line"},
	{"a debug-info line wider than 32 bits",
	 DI_HEAD("file = #f, line = 4294967296, name = \"k\", linkageName = \"k\", "
		 "compileUnit = #cu") DI_BODY,
	 3, 50, "integer value too large"},
	{"a debug-info struct without a required parameter",
	 DI_HEAD("file = #f, name = \"k\", linkageName = \"k\", compileUnit = #cu, scopeLine = 2")
		 DI_BODY,
	 3, 106, "struct is missing required parameter: line"},
	{"a debug-info struct's parameters in any order",
	 DI_HEAD("scopeLine = 2, compileUnit = #cu, linkageName = \"e\", name = \"k\", line = 1, "
		 "file = #f") DI_BODY,
	 0, 0, NULL},
	{"an op of the generic form without an attribute that has a default (overflow)",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<i32>) -> ()") "  ^bb0(%a: !cuda_tile.tile<i32>):\n"
		 "    %0 = \"cuda_tile.addi\"(%a, %a) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) "
		 "-> !cuda_tile.tile<i32>\n" ENTRY_CLOSE MOD_CLOSE,
	 0, 0, NULL},
	{"-0 in the custom form's dense integers (read as int64_t there)", CST("<i32: -0>", "i32"),
	 0, 0, NULL},
	{"-0 in the generic form's dense integers", GCST("-0", "i32"), 3, 50,
	 "integer constant out of range for type"},
	{"a dense integer beyond int64_t in the custom form",
	 CST("<i64: -9223372036854775809>", "i64"), 3, 25,
	 "custom op 'cuda_tile.constant' integer value too large"},
	{"a dense integer beyond its width in the custom form, at its sign",
	 CST("<i8: -129>", "i8"), 3, 24,
	 "custom op 'cuda_tile.constant' integer constant out of range for type"},
	{"a hex float with a minus", GCST("-0x1", "f32"), 3, 50,
	 "hexadecimal float literal should not have a leading minus"},
	{"a float beyond f8E4M3FN's range (its NaN)", GCST("1.0e39", "f8E4M3FN"), 0, 0, NULL},
	{"a float beyond f4E2M1FN's range (its largest value)", GCST("[1.0e5, 7.0]", "2xf4E2M1FN"),
	 0, 0, NULL},
	{"an integer-backed enum property that is not an i32",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<ptr<f32>>) -> ()")
		 "  ^bb0(%a: !cuda_tile.tile<ptr<f32>>):\n"
		 "    %0:2 = \"cuda_tile.load_ptr_tko\"(%a) <{memory_ordering_semantics = 0 : i16, "
		 "operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!cuda_tile.tile<ptr<f32>>) -> "
		 "(!cuda_tile.tile<f32>, !cuda_tile.token)\n" ENTRY_CLOSE MOD_CLOSE,
	 4, 12,
	 "invalid properties {memory_ordering_semantics = 0 : i16, operandSegmentSizes = "
	 "array<i32: 1, 0, 0, 0>} for op cuda_tile.load_ptr_tko: Invalid attribute "
	 "`memory_ordering_semantics` in property conversion: 0 : i16"},
	{"-0 in array<i32: ...>, reported after it",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<ptr<f32>>) -> ()")
		 "  ^bb0(%a: !cuda_tile.tile<ptr<f32>>):\n"
		 "    %0:2 = \"cuda_tile.load_ptr_tko\"(%a) <{memory_ordering_semantics = 0 : i32, "
		 "operandSegmentSizes = array<i32: 1, 0, 0, -0>}> : (!cuda_tile.tile<ptr<f32>>) -> "
		 "(!cuda_tile.tile<f32>, !cuda_tile.token)\n" ENTRY_CLOSE MOD_CLOSE,
	 4, 124, "integer constant out of range"},
	{"an I64Attr written as another integer type",
	 MOD_OPEN "  \"cuda_tile.global\"() <{alignment = 0 : i8, sym_name = \"g\", value = "
		  "dense<1> : !cuda_tile.tile<1xi32>}> : () -> ()\n" MOD_CLOSE,
	 2, 3,
	 "'cuda_tile.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless "
	 "integer attribute"},
	{"a confined I64Attr out of its range",
	 "cuda_tile.module @m {\n  entry @e() {\n    %0 = alloca num_elem = -1, alignment = 4 : "
	 "tile<ptr<f32>>\n    return\n  }\n}\n",
	 3, 10,
	 "'cuda_tile.alloca' op attribute 'num_elem' failed to satisfy constraint: 64-bit signless "
	 "integer attribute whose minimum value is 0"},
	{"-0 as an I64Attr of the custom form",
	 "cuda_tile.module @m {\n  entry @e() {\n    %0 = alloca num_elem = -0, alignment = 4 : "
	 "tile<ptr<f32>>\n    return\n  }\n}\n",
	 3, 29, "integer constant out of range for attribute"},
	{"a location's column beyond 32 bits",
	 "cuda_tile.module @m {\n  entry @e() {\n    return loc(\"t.py\":3:4294967296)\n  }\n}\n",
	 3, 25, "expected integer column number in FileLineColRange"},
	{"a gather/scatter view without its sparse_dim",
	 "cuda_tile.module @m {\n  entry @e(%a: !cuda_tile.gather_scatter_view<tile=(8x8), "
	 "tensor_view<64x64xf32, strides=[64,1]>>) {\n    return\n  }\n}\n",
	 2, 97, "expected ','"},
	{"a gather/scatter view's sparse_dim past the tensor_view's rank (true is -1, read as "
	 "an unsigned: 4294967295)",
	 GATHER("true"), 4, 59,
	 "custom op 'cuda_tile.make_gather_scatter_view' gather dimension is outside of tensor "
	 "view dimensions, expected strictly less than 2, got 4294967295"},
	{"a gather/scatter view's sparse_dim given as false (0)", GATHER("false"), 0, 0, NULL},
	{"an addf without its rounding mode, which the generic form must give",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<f32>) -> ()") "  ^bb0(%a: !cuda_tile.tile<f32>):\n"
		 "    %0 = \"cuda_tile.addf\"(%a, %a) : (!cuda_tile.tile<f32>, !cuda_tile.tile<f32>) "
		 "-> !cuda_tile.tile<f32>\n" ENTRY_CLOSE MOD_CLOSE,
	 4, 10, "'cuda_tile.addf' op requires attribute 'rounding_mode'"},
	{"an ftof without its rounding mode (the reference's DefaultValuedAttr: nearest_even)",
	 MOD_OPEN ENTRY_OPEN("(!cuda_tile.tile<f32>) -> ()") "  ^bb0(%a: !cuda_tile.tile<f32>):\n"
		 "    %0 = \"cuda_tile.ftof\"(%a) : (!cuda_tile.tile<f32>) -> !cuda_tile.tile<f16>\n"
		 ENTRY_CLOSE MOD_CLOSE, 0, 0, NULL},
};

int main(void)
{
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		const char *t = cases[i].text;
		bcx_tileir_builder *m = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_status s = bcx_tileir_assemble("case.mlir", t, strlen(t), NULL, &m, &d);
		if (!cases[i].line) {
			T_CHECKF(s == BCX_OK, "%s: refused: %s", cases[i].what, d.message);
		} else if (T_CHECKF(s != BCX_OK, "%s: accepted", cases[i].what)) {
			/* LINE:COL, then the reference's words (bcx may add the op's
			 * name before them or what it found after them) */
			T_CHECKF(d.line == cases[i].line && d.column == cases[i].col &&
					 strstr(d.message, cases[i].msg) != NULL,
				 "%s: message '%s', want 'case.mlir:%u:%u: %s'", cases[i].what,
				 tu_diag_where("case.mlir", &d, t, strlen(t)), cases[i].line,
				 cases[i].col, cases[i].msg);
		}
		bcx_tileir_builder_free(m);
	}
	return tu_finish();
}
