/* The region facts of ops.def (regions.h): one table per fact, indexed by
 * opcode, each made by one expansion of the rows. */
#include "tileir/model/regions.h"
#include "tileir/model/op_text.h"
#include "tileir/model/opcodes.h"

#include <stddef.h>

#define TIR_FIELD(...)

/* TIR_REGION's ends column: an op id names that opcode. */
enum {
	ENDS_ANY = -1,
	ENDS_IMPLICIT = -2,
#define TIR_OP(code, id, ...) ENDS_##id = code,
#include "tileir/model/ops.def"
#undef TIR_OP
};

#define TIR_REGION(name, blocks, ends, holds) \
	{#name, BLOCKS_##blocks, HOLDS_##holds, ENDS_##ends},
#define BLOCKS_ONE false
#define BLOCKS_AT_MOST_ONE true
#define HOLDS_ANY false
#define HOLDS_PURE true
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const tir_region_rule regions_##id[] = {__VA_ARGS__{NULL, false, false, 0}};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = regions_##id,
static const tir_region_rule *const regions[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

/* TIR_PARENTS: each op id to its opcode, for up to four. */
#define P1(a) BCX_TILEIR_OP_##a,
#define P2(a, ...) P1(a) P1(__VA_ARGS__)
#define P3(a, ...) P1(a) P2(__VA_ARGS__)
#define P4(a, ...) P1(a) P3(__VA_ARGS__)
#define PICK(a1, a2, a3, a4, macro, ...) macro
#define TIR_PARENTS(...) PICK(__VA_ARGS__, P4, P3, P2, P1, -)(__VA_ARGS__)
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const uint16_t parents_##id[] = {__VA_ARGS__ UINT16_MAX};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = parents_##id,
static const uint16_t *const parents[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_ARG_NAMES(style, a, b) +TIR_ARGS_##style
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = 0 __VA_ARGS__,
static const uint8_t arg_style[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#define TIR_ARG_NAMES(style, a, b) a
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = "" __VA_ARGS__,
static const char *const arg_first[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#define TIR_ARG_NAMES(style, a, b) b
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = "" __VA_ARGS__,
static const char *const arg_then[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

const tir_region_rule *tir_region_of(unsigned opcode, unsigned k)
{
	if (opcode >= 256 || !regions[opcode])
		return NULL;
	for (unsigned i = 0; regions[opcode][i].name; i++)
		if (i == k)
			return &regions[opcode][i];
	return NULL;
}

int tir_region_ends(unsigned opcode, unsigned k)
{
	const tir_region_rule *r = tir_region_of(opcode, k);
	if (!r)
		return -1;
	return r->ends == ENDS_IMPLICIT ? tir_implicit_terminator(opcode) : r->ends;
}

const uint16_t *tir_parents_of(unsigned opcode, unsigned *n)
{
	*n = 0;
	if (opcode >= 256 || !parents[opcode])
		return NULL;
	while (parents[opcode][*n] != UINT16_MAX)
		++*n;
	return *n ? parents[opcode] : NULL;
}

tir_arg_style tir_arg_names(unsigned opcode, const char **a, const char **b)
{
	if (opcode >= 256 || !arg_style[opcode])
		return TIR_ARGS_NONE;
	*a = arg_first[opcode];
	*b = arg_then[opcode];
	return (tir_arg_style)arg_style[opcode];
}
