/* The one expansion of ops.def's TIR_RULE rows (rules.h). */
#include "tileir/model/rules.h"

#include "tileir/model/fmt.h"

#include <stddef.h>

#define TIR_FIELD(...)
#define TIR_RULE(k, ...) {VR_##k, #__VA_ARGS__},
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const tir_rule_src rules_##id[] = {__VA_ARGS__{VR_END, NULL}};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = rules_##id,
static const tir_rule_src *const rows[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

const tir_rule_src *tir_rules_of(unsigned opcode)
{
	static const tir_rule_src none[] = {{VR_END, NULL}};
	return opcode < 256 && rows[opcode] ? rows[opcode] : none;
}

int tir_rule_fields(const bcx_tileir_opinfo *info, const char *names, uint8_t *out,
		    unsigned cap)
{
	unsigned n = 0;
	for (const char *s = names; *s;) {
		const char *e = s;
		while (*e && *e != ',')
			e++;
		unsigned k = 0;
		while (k < info->n_fields && !fmt_is(s, (size_t)(e - s), info->fields[k].name))
			k++;
		if (k == info->n_fields || n == cap)
			return -1;
		out[n++] = (uint8_t)k;
		s = *e ? e + 1 : e;
		while (*s == ' ')
			s++;
	}
	return (int)n;
}
