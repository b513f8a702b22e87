/* Pre-decoding for the interpreter (docs/tapioca.md, "Performance").
 *
 * Runs once per function after the verifier accepted it, so everything the
 * verifier proved (targets inside the function, constant and global
 * indices, known opcodes, invoke arguments within r255) is relied on here
 * and not re-checked by the hot loop.
 * The original words stay in tap_fn.code for tracing and error messages. */
#include "internal.h"

#include <string.h>

#define F_A(w) (((w) >> 16) & 0xFFu)
#define F_B(w) (((w) >> 8) & 0xFFu)
#define F_C(w) ((w) & 0xFFu)

/* Global slot of a load_global index: symbols first, then the built-ins. */
static uint64_t global_slot(const bcx_tapioca_module *m, uint32_t i)
{
	return i < m->nsyms ? i : (uint64_t)m->nsyms + (i - TAP_HOST_BASE);
}

static void decode_one(const bcx_tapioca_module *m, tap_insn *in, uint32_t pc, uint32_t w)
{
	unsigned op = w >> 24;
	uint16_t imm = (uint16_t)(w & 0xFFFF);
	double f;
	in->w = w;
	in->k.u = 0;
	switch (bcx_tap_ops[op].form) {
	case FORM_J24:
		in->k.rel = (int64_t)(w & 0xFFFFFF) - (int64_t)pc;
		break;
	case FORM_JRR: case FORM_JRC:
		in->k.rel = (int8_t)(uint8_t)F_A(w);
		break;
	case FORM_RI:
		switch (bcx_tap_ops[op].imm) {
		case IMM_I16: in->k.u = (uint64_t)(int64_t)(int16_t)imm; break;
		case IMM_F16:
			f = bcx_f16_to_f64(imm);
			memcpy(&in->k.u, &f, 8);
			break;
		case IMM_GLOBAL: in->k.u = global_slot(m, imm); break;
		default: in->k.u = imm; break; /* U16: the value; CONST: the index */
		}
		break;
	default:
		break;
	}
}

/* load_imm_int rT, K followed by OP x, rS, rT with S != T: the fused
 * handler uses K directly and still writes rT. */
static int fuse_ldi(uint32_t w1, uint32_t w2)
{
	unsigned t = F_A(w1), op = w2 >> 24;
	if (F_C(w2) != t || F_B(w2) == t)
		return -1;
	switch (op) {
	case TAP_ADD_I: case TAP_ADD_U: return TAPX_LDI_ADD;
	case TAP_SUB_I: case TAP_SUB_U: return TAPX_LDI_SUB;
	case TAP_JL_I: return TAPX_LDI_JL;
	case TAP_JG_I: return TAPX_LDI_JG;
	case TAP_JE: return TAPX_LDI_JE;
	default: return -1;
	}
}

/* load_global rF, G; invoke rF, ...: a direct call when G is a function
 * symbol whose parameter count matches (else the plain invoke reports the
 * error at run time), or a direct built-in call. The callee goes in the
 * invoke's k. */
static int fuse_ldg(const bcx_tapioca_module *m, uint32_t w1, tap_insn *next)
{
	uint32_t w2 = next->w, g = w1 & 0xFFFF;
	if (w2 >> 24 != TAP_INVOKE || F_A(w2) != F_A(w1))
		return -1;
	if (g >= m->nsyms) {
		next->k.u = g - TAP_HOST_BASE;
		return TAPX_HOST;
	}
	int32_t fn = m->syms[g].fn;
	if (fn < 0 || m->fns[fn].nparams != F_C(w2))
		return -1;
	next->k.u = (uint64_t)fn;
	return TAPX_CALL;
}

static int fuse(const bcx_tapioca_module *m, uint32_t w1, tap_insn *next)
{
	unsigned op1 = w1 >> 24, op2 = next->w >> 24;
	switch (op1) {
	case TAP_LDI: return fuse_ldi(w1, next->w);
	case TAP_LDG: return fuse_ldg(m, w1, next);
	case TAP_ADD_I: return op2 == TAP_SUB_I ? TAPX_ADD_SUB : -1;
	case TAP_ADD_F: return op2 == TAP_SUB_F ? TAPX_ADDF_SUBF : -1;
	default: return -1;
	}
}

bcx_status bcx_tap_decode(bcx_tapioca_module *m, tap_fn *f, bcx_diag *d)
{
	/* One entry past the code, a plain `return r0`, so that no run reads
	 * past the array; the interpreter reports control that reaches it as
	 * falling off the end (notes B.3 item 7). */
	tap_insn *in = bcx_arena_calloc(m->arena, (size_t)f->ncode + 1, sizeof *in);
	if (!in)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	for (uint32_t pc = 0; pc < f->ncode; pc++)
		decode_one(m, &in[pc], pc, f->code[pc]);
	in[f->ncode].w = (uint32_t)TAP_RETURN << 24;
	in[f->ncode].len = 1;
	/* A straight run ends at a jump, invoke or return, or at the end. */
	for (uint32_t pc = f->ncode; pc-- > 0;)
		in[pc].len = bcx_tap_ends_run(f->code[pc] >> 24) || pc + 1 == f->ncode
			     ? 1 : in[pc + 1].len + 1;
	/* Fuse front to back; an instruction that is the second half of a pair
	 * keeps its plain handler and may still start a pair of its own. */
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		int x = fuse(m, f->code[pc], &in[pc + 1]);
		if (x >= 0)
			in[pc].w = (uint32_t)x << 24 | (f->code[pc] & 0xFFFFFF);
	}
	f->ins = in;
	return BCX_OK;
}
