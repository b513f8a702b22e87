/* Per-op facts of the text forms, from ops.def (op_text.h): one table per
 * fact, indexed by opcode, each made by one expansion of the rows. */
#include "tileir/model/op_text.h"
#include "tileir/model/opcodes.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define TIR_FIELD(...)

#define TIR_IMPLICIT(op) +(BCX_TILEIR_OP_##op + 1)
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = 0 __VA_ARGS__,
static const uint16_t implicit_of[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_TYPE_OF(res, from) {#res, #from},
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const tir_type_of type_of_##id[] = {__VA_ARGS__{NULL, NULL}};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = type_of_##id,
static const tir_type_of *const type_of[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_ROUNDING(strict, modes) modes
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = "" __VA_ARGS__,
static const char *const rounding_of[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_ROUNDING(strict, modes) +(strict)
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = 0 __VA_ARGS__,
static const uint8_t rounding_strict[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_MEMORY_WORDS() +1
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = 0 __VA_ARGS__,
static const uint8_t memory_words[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

typedef struct confined {
	const char *attr, *words;
} confined;
#define TIR_CONFINED(attr, words) {#attr, words},
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const confined confined_##id[] = {__VA_ARGS__{NULL, NULL}};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = confined_##id,
static const confined *const confined_of[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_NAMES(kind, name) +TIR_NAMES_##kind
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = 0 __VA_ARGS__,
static const uint8_t names_kind[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP

#define TIR_NAMES(kind, name) name
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) [code] = "" __VA_ARGS__,
static const char *const names_fixed[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

int tir_implicit_terminator(unsigned opcode)
{
	return opcode < 256 ? (int)implicit_of[opcode] - 1 : -1;
}

const tir_type_of *tir_type_of_rows(unsigned opcode)
{
	static const tir_type_of none[] = {{NULL, NULL}};
	return opcode < 256 && type_of[opcode] ? type_of[opcode] : none;
}

const char *tir_rounding_modes(unsigned opcode, bool *strict)
{
	*strict = opcode < 256 && rounding_strict[opcode];
	return opcode < 256 && rounding_of[opcode] && *rounding_of[opcode] ? rounding_of[opcode]
									   : NULL;
}

bool tir_memory_words(unsigned opcode)
{
	return opcode < 256 && memory_words[opcode];
}

const char *tir_confined_words(unsigned opcode, const char *attr)
{
	for (const confined *c = opcode < 256 ? confined_of[opcode] : NULL; c && c->attr; c++)
		if (strcmp(c->attr, attr) == 0)
			return c->words;
	return "";
}

tir_names_kind tir_result_names(unsigned opcode, const char **fixed)
{
	*fixed = opcode < 256 && names_fixed[opcode] ? names_fixed[opcode] : "";
	return opcode < 256 ? (tir_names_kind)names_kind[opcode] : TIR_NAMES_DEFAULT;
}
