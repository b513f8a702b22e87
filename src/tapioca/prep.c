/* The run's copy of each function's code (docs/tapioca.md, "Performance"):
 * made when a run starts from the module's pre-decoded code (decode.c),
 * with more fused handlers (fused.def), an end marker, the values of
 * constants and globals in their load instructions, and the register
 * counts a call and the collector use. */
#include "vm.h"

#include <string.h>

/* 1 + the highest register f's code names (invoke: its whole argument
 * range): what the collector scans in f's frames. */
uint32_t bcx_tapvm_regs_used(const tap_fn *f)
{
	uint32_t top = f->nparams;
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		uint32_t w = f->code[pc], a = (w >> 16) & 0xFF, b = (w >> 8) & 0xFF, c = w & 0xFF, hi;
		switch (bcx_tap_ops[w >> 24].form) {
		case FORM_RRR: hi = a > b ? a : b; hi = hi > c ? hi : c; break;
		case FORM_JRR: hi = b > c ? b : c; break;
		case FORM_JRC: hi = b; break;
		case FORM_RI: case FORM_R: hi = a; break;
		case FORM_RRN: hi = c ? b + c - 1 : b; hi = hi > a ? hi : a; break;
		default: continue;
		}
		top = hi + 1 > top ? hi + 1 : top;
	}
	return top;
}

/* The registers a call must clear for f: those below 1 + the highest one
 * the code could read before writing it, or the collector see before it
 * is written. The scan follows the entry run up to the first instruction
 * that may jump, call or allocate (the .r operators); a register that run
 * writes before reading keeps the previous call's word until then, which
 * nothing can see. */
uint32_t bcx_tapvm_regs_to_clear(const tap_fn *f, uint32_t nregs)
{
	uint8_t written[NREGS] = {0};
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		uint32_t w = f->code[pc], op = w >> 24;
		const tap_opinfo *in = &bcx_tap_ops[op];
		if (in->flow != FLOW_NEXT || in->heap == HEAP_ALLOC)
			break;
		if (in->form == FORM_RRR) /* 2: read before any write */
			for (unsigned sh = 0; sh <= 8; sh += 8)
				if (!written[w >> sh & 0xFF])
					written[w >> sh & 0xFF] = 2;
		if ((in->form == FORM_RRR || in->form == FORM_RI) && !written[w >> 16 & 0xFF])
			written[w >> 16 & 0xFF] = 1;
	}
	uint32_t top = f->nparams;
	for (uint32_t r = f->nparams; r < nregs; r++)
		if (written[r] != 1)
			top = r + 1;
	return top;
}

/* Fusions on the run's copy c of f's code, beside decode.c's: element and
 * field reads, loop tails (integer and float), an addition followed by an
 * addition or a multiplication, and an element read or write with the
 * float loop tail after it. Only entries decode.c left plain are fused
 * (and its built-in calls specialised); the second keeps its entry, so a
 * jump to it runs it alone. */
static void fuse_more(const tap_fn *f, tap_insn *c)
{
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		uint32_t w2 = f->code[pc + 1];
		unsigned host = (unsigned)c[pc + 1].k.u, nargs = w2 & 0xFF;
		unsigned fr = w2 >> 16 & 0xFF, a0 = w2 >> 8 & 0xFF;
		/* The handlers below read the arguments before writing the
		 * register; one that is an argument holds the built-in itself,
		 * which the generic call rejects. */
		if (c[pc].w >> 24 != TAPX_HOST || (fr >= a0 && fr < a0 + nargs))
			continue;
		if (host == TAP_HOST_ASET && nargs == 3)
			c[pc].w = (uint32_t)TAPX_ASET << 24 | (f->code[pc] & 0xFFFFFF);
		if (host == TAP_HOST_MSET && nargs == 3)
			c[pc].w = (uint32_t)TAPX_MSET << 24 | (f->code[pc] & 0xFFFFFF);
		if (nargs != 2)
			continue;
		if (host == TAP_HOST_AGET)
			c[pc].w = (uint32_t)TAPX_AGET << 24 | (f->code[pc] & 0xFFFFFF);
		else if (host == TAP_HOST_MGET)
			c[pc].w = (uint32_t)(pc + 2 < f->ncode && f->code[pc + 2] >> 24 == TAP_INVOKE &&
					     (f->code[pc + 2] >> 16 & 0xFF) == (f->code[pc + 1] >> 16 & 0xFF)
					     ? TAPX_MGET_CALL : TAPX_MGET) << 24 | (f->code[pc] & 0xFFFFFF);
	}
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		uint32_t w1 = f->code[pc], w2 = f->code[pc + 1];
		unsigned x = w1 >> 16 & 0xFF, y = w1 >> 8 & 0xFF;
		if (c[pc].w >> 24 == TAPX_ADD_SUB && x != y && (w1 & 0xFF) == y &&
		    (w2 & 0xFFFFFF) == (x << 16 | x << 8 | y))
			c[pc].w = (uint32_t)TAPX_MOVE << 24 | (w1 & 0xFFFFFF);
	}
	for (uint32_t pc = 0; pc + 1 < f->ncode; pc++) {
		unsigned op1 = f->code[pc] >> 24, op2 = f->code[pc + 1] >> 24;
		bool add2 = op2 == TAP_ADD_I || op2 == TAP_ADD_U;
		bool tail = add2 && pc + 2 < f->ncode && f->code[pc + 2] >> 24 == TAP_JL_I &&
			    c[pc + 1].w >> 24 == op2; /* add.i; jl.i follows */
		if (c[pc].w >> 24 == TAP_ADD_F && tail)
			c[pc].w = (uint32_t)TAPX_ADDF_ADD_JL << 24 | (f->code[pc] & 0xFFFFFF);
		if (c[pc].w >> 24 != op1 || (op1 != TAP_ADD_I && op1 != TAP_ADD_U))
			continue;
		if (tail)
			c[pc].w = (uint32_t)TAPX_ADD_ADD_JL << 24 | (f->code[pc] & 0xFFFFFF);
		else if (op2 == TAP_JL_I)
			c[pc].w = (uint32_t)TAPX_ADD_JL << 24 | (f->code[pc] & 0xFFFFFF);
		else if (add2)
			c[pc].w = (uint32_t)TAPX_ADD_ADD << 24 | (f->code[pc] & 0xFFFFFF);
		else if (op2 == TAP_MUL_I || op2 == TAP_MUL_U)
			c[pc].w = (uint32_t)TAPX_ADD_MUL << 24 | (f->code[pc] & 0xFFFFFF);
	}
	/* An element read or write whose invoke the float tail follows. */
	for (uint32_t pc = 0; pc + 2 < f->ncode; pc++) {
		unsigned x = c[pc].w >> 24;
		if ((x == TAPX_AGET || x == TAPX_ASET) && c[pc + 2].w >> 24 == TAPX_ADDF_ADD_JL)
			c[pc].w = (uint32_t)(x == TAPX_AGET ? TAPX_AGET_LOOP : TAPX_ASET_LOOP) << 24 |
				  (f->code[pc] & 0xFFFFFF);
	}
}

/* The run's copy of f's decoded code: one more entry, the end marker, and
 * each straight run's length counted to the last instruction, so falling
 * off the end reaches the marker instead of memory past the code. */
tap_insn *bcx_tapvm_run_code(vm *v, const tap_fn *f)
{
	size_t n = (size_t)f->ncode + 1;
	tap_insn *c = bcx_tapvm_alloc(v, n * sizeof *c);
	if (!c)
		return NULL;
	if (f->ncode)
		memcpy(c, f->ins, f->ncode * sizeof *c);
	memset(&c[f->ncode], 0, sizeof *c);
	c[f->ncode].w = (uint32_t)TAPX_END << 24;
	c[f->ncode].len = 1;
	for (uint32_t pc = f->ncode; pc-- > 0;)
		c[pc].len = pc + 1 == f->ncode || bcx_tap_ends_run(f->code[pc] >> 24) ? 1 : c[pc + 1].len + 1;
	fuse_more(f, c);
	return c;
}

/* No instruction stores a global or a constant, so for the run their
 * values are fixed once setup has made them: each load_const and
 * load_global entry of function i's code (fused or not) gets the value
 * itself, and the interpreter reads neither table. */
void bcx_tapvm_resolve_loads(vm *v, uint32_t i)
{
	const tap_fn *f = &v->m->fns[i];
	tap_insn *c = v->code[i];
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		enum tap_imm kind = bcx_tap_ops[f->code[pc] >> 24].imm;
		if (kind == IMM_CONST)
			c[pc].k.u = v->kvals[i][c[pc].k.u];
		else if (kind == IMM_GLOBAL)
			c[pc].k.u = v->globals[c[pc].k.u];
	}
}

/* A field read (mget fused with its load_global) gets a cache of its own
 * (vm.h, field_cache): the invoke entry after it, whose built-in is known,
 * holds the cache's address instead of the built-in's number. */
bool bcx_tapvm_attach_caches(vm *v)
{
	size_t n = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < v->m->nfns; i++) {
			tap_insn *c = v->code[i];
			for (uint32_t pc = 0; pc < v->m->fns[i].ncode; pc++) {
				unsigned x = c[pc].w >> 24;
				if (x != TAPX_MGET && x != TAPX_MGET_CALL)
					continue;
				if (pass)
					c[pc + 1].k.u = (uintptr_t)&v->caches[n];
				n++;
			}
		}
		if (pass || !n)
			break;
		size_t bytes;
		if (!bcx_mul_ok(n, sizeof *v->caches, &bytes) || !(v->caches = bcx_tapvm_alloc(v, bytes)))
			return false;
		memset(v->caches, 0, bytes);
		v->ncaches = n;
		n = 0;
	}
	return true;
}
