/* One instruction as text for tracing: mnemonic and decoded operands
 * (registers, immediates, absolute jump targets, condition and built-in
 * names), in the assembly language's spelling where it has one. */
#include "internal.h"

#include <inttypes.h>
#include <stdio.h>

size_t bcx_tapioca_insn_str(uint32_t word, uint32_t index, char *buf, size_t size)
{
	unsigned op = word >> 24, a = (word >> 16) & 0xFF, b = (word >> 8) & 0xFF, c = word & 0xFF;
	uint16_t imm = (uint16_t)(word & 0xFFFF);
	const char *mn = bcx_tap_ops[op].name;
	int n;
	if (!mn)
		return (size_t)snprintf(buf, size, "illegal opcode 0x%02X", op);
	int64_t rel = (int64_t)index + (int8_t)(uint8_t)a;
	switch (bcx_tap_ops[op].form) {
	case FORM_RRR: n = snprintf(buf, size, "%s r%u, r%u, r%u", mn, a, b, c); break;
	case FORM_J24: n = snprintf(buf, size, "%s ->%u", mn, word & 0xFFFFFF); break;
	case FORM_JRR: n = snprintf(buf, size, "%s ->%" PRId64 ", r%u, r%u", mn, rel, b, c); break;
	case FORM_JRC:
		n = snprintf(buf, size, "%s ->%" PRId64 ", r%u, %s", mn, rel, b,
			     c < TAP_NCOND ? bcx_tap_conds[c] : "?");
		break;
	case FORM_RI:
		switch (op) {
		case TAP_LDI: n = snprintf(buf, size, "%s r%u, %d", mn, a, (int16_t)imm); break;
		case TAP_LDF: n = snprintf(buf, size, "%s r%u, %.17g", mn, a, bcx_f16_to_f64(imm)); break;
		case TAP_LDC: n = snprintf(buf, size, "%s r%u, const %u", mn, a, imm); break;
		case TAP_LDG:
			if (imm >= TAP_HOST_BASE && imm - TAP_HOST_BASE < TAP_HOST_COUNT)
				n = snprintf(buf, size, "%s r%u, @%s", mn, a, bcx_tap_hosts[imm - TAP_HOST_BASE]);
			else
				n = snprintf(buf, size, "%s r%u, global %u", mn, a, imm);
			break;
		default: n = snprintf(buf, size, "%s r%u, %u", mn, a, imm); break;
		}
		break;
	case FORM_RRN: n = snprintf(buf, size, "%s r%u, r%u, %u", mn, a, b, c); break;
	case FORM_R: n = snprintf(buf, size, "%s r%u", mn, a); break;
	default: n = snprintf(buf, size, "%s", mn); break;
	}
	return n < 0 ? 0 : (size_t)n;
}
