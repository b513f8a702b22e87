/* The interpreter's handlers (docs/tapioca.md, "Performance"): one named
 * body per opcode of tapioca.def (H_name) and per fused handler of
 * fused.def (HX_name). execute() in vm.c expands one per row of those
 * tables, so the dispatch loop stays one function (ip, regs and the step
 * budget in machine registers) and reads as its dispatch plus the table.
 *
 * The bodies are macros over execute()'s locals (v, ip, regs, left,
 * callee, host, nf) and labels (trap, done, call_host, enter_slow, ...):
 * each ends by dispatching the next entry or jumping to one of those.
 * Longer work is in static inline functions of vm.c, which the compiler
 * inlines. Included by vm.c only, after the helpers the bodies call. */
#ifndef BCX_TAPIOCA_HANDLERS_H
#define BCX_TAPIOCA_HANDLERS_H

/* ---- operands and control ---- */

/* Byte k (0 = the lowest) of entry p's word. Where the byte order is
 * known it is one byte load: shifting and masking the loaded word took an
 * instruction or two more per operand, in every handler. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define WBYTE(p, k) (((const uint8_t *)&(p)->w)[k])
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define WBYTE(p, k) (((const uint8_t *)&(p)->w)[3 - (k)])
#else
#define WBYTE(p, k) ((unsigned)((p)->w >> 8 * (k)) & 0xFFu)
#endif
/* Operands of the instruction at ip (decode.c kept the original bytes)
 * and the handler byte. */
#define OP_A WBYTE(ip, 2)
#define OP_B WBYTE(ip, 1)
#define OP_C WBYTE(ip, 0)
#define HANDLER WBYTE(ip, 3)
#define RA regs[OP_A]
#define RB regs[OP_B]
#define RC regs[OP_C]

/* Arrive at the start of a straight run: charge all of it to the step
 * budget at once. The run ends at the next jump, invoke or return, and only
 * a trap leaves it early (the trap path gives back what did not run). When
 * the budget cannot cover the whole run, or when tracing, execution goes on
 * one counted instruction at a time (the "exact" mode, L_step). */
#define ENTER()                                                                                \
	do {                                                                                   \
		if (ip->len > left)                                                            \
			goto enter_slow;                                                       \
		left -= ip->len;                                                               \
		DISPATCH();                                                                    \
	} while (0)
#define NEXT()                                                                                 \
	do {                                                                                   \
		ip++;                                                                          \
		DISPATCH();                                                                    \
	} while (0)
/* Conditional jumps: the target or the next instruction, both run starts. */
#define BRANCH(cond)                                                                           \
	do {                                                                                   \
		ip += (cond) ? ip->k.rel : 1;                                                  \
		ENTER();                                                                       \
	} while (0)
#define TRAP_UNLESS(ok)                                                                        \
	do {                                                                                   \
		if (!(ok))                                                                     \
			goto trap;                                                             \
	} while (0)

/* ---- calls ---- */

/* Where the interpreter is, for a collection the next call out may run. */
#define SYNC()                                                                                 \
	do {                                                                                   \
		v->top = regs;                                                                 \
	} while (0)
/* The running function: its window's header says (vm.h). */
#define CUR_FN WIN_FN(regs)
/* A call: ip is the invoke, nf the callee, whose arity matches. The new
 * window's header gets the way back; its registers the arguments and zeros
 * up to the callee's highest register (a fresh frame, notes B.3.7); ip
 * then points at the callee's entry. */
#define PUSH_FRAME()                                                                           \
	do {                                                                                   \
		const uint64_t *src = regs + OP_B;                                             \
		unsigned nargs = OP_C, top = rf[nf].nclear;                                    \
		uint64_t *dst = regs + WIN_WORDS;                                              \
		copy_args(dst, src, nargs, top);                                               \
		WIN_RET(dst) = (uintptr_t)(ip + 1);                                            \
		WIN_LINK(dst) = nf | (uint64_t)OP_A << 32;                                     \
		regs = dst;                                                                    \
		ip = rf[nf].code;                                                              \
	} while (0)
/* A call where ip is the invoke of function fn, whose arity matches. Each
 * call site has its own copy: jumping to a shared one made GCC keep the
 * callee's index in a stack slot, a store and a load more on the way to
 * the callee's first instruction. */
#define CALL(fn)                                                                               \
	do {                                                                                   \
		nf = (fn);                                                                     \
		if (regs >= rlimit)                                                            \
			goto stack_overflow;                                                   \
		PUSH_FRAME();                                                                  \
		ENTER();                                                                       \
	} while (0)

/* ---- fused built-in calls ---- */

/* The argument registers of the invoke after ip. */
#define ARGS (regs + WBYTE(ip + 1, 1))
/* The cache of the field read at ip (prep.c, bcx_tapvm_attach_caches). */
#define CACHE ((field_cache *)(uintptr_t)(ip + 1)->k.u)
/* load_imm_int rT, K fused with the instruction after it, which reads K
 * as its third operand (decode.c): then that instruction's body. */
#define LDI_THEN(body)                                                                         \
	do {                                                                                   \
		uint64_t k = ip->k.u;                                                          \
		RA = k;                                                                        \
		ip++;                                                                          \
		body;                                                                          \
	} while (0)
/* A fused built-in call's result: it goes to the invoke's register, and
 * the run after the invoke starts. */
#define HOST_DONE(r)                                                                           \
	do {                                                                                   \
		uint64_t r_ = (r);                                                             \
		ip++;                                                                          \
		RA = r_;                                                                       \
		ip++;                                                                          \
		ENTER();                                                                       \
	} while (0)

/* ---- one handler per opcode (tapioca.def) ---- */

#define H_NOP NEXT()
#define H_ADD_I RA = RB + RC; NEXT()
#define H_SUB_I RA = RB - RC; NEXT()
#define H_MUL_I RA = RB * RC; NEXT()
#define H_ADD_U H_ADD_I /* the same bits: arithmetic wraps */
#define H_SUB_U H_SUB_I
#define H_MUL_U H_MUL_I
#define H_DIV_I H_DIV(true)
#define H_DIV_U H_DIV(false)
#define H_DIV(is_signed)                                                                       \
	{                                                                                      \
		uint64_t r;                                                                    \
		if (!int_div(is_signed, RB, RC, &r)) /* never fused */                         \
			goto div_zero;                                                         \
		RA = r;                                                                        \
		NEXT();                                                                        \
	}
#define H_ADD_F RA = as_u(as_f(RB) + as_f(RC)); NEXT()
#define H_SUB_F RA = as_u(as_f(RB) - as_f(RC)); NEXT()
#define H_MUL_F RA = as_u(as_f(RB) * as_f(RC)); NEXT()
#define H_DIV_F RA = as_u(as_f(RB) / as_f(RC)); NEXT()
/* The four .r operators share one body (never fused: the handler byte
 * is the opcode), so that obj_arith has one call, which GCC inlines; with
 * four it called it, 4 % more instructions on string building. */
#define H_ADD_R                                                                                \
	obj_arith_op: {                                                                        \
		uint64_t r;                                                                    \
		SYNC(); /* may allocate */                                                     \
		TRAP_UNLESS(obj_arith(v, HANDLER, RB, RC, &r));                                \
		RA = r;                                                                        \
		NEXT();                                                                        \
	}
#define H_SUB_R goto obj_arith_op
#define H_MUL_R goto obj_arith_op
#define H_DIV_R goto obj_arith_op
#define H_JMP ip += ip->k.rel; ENTER()
#define H_JE BRANCH(RB == RC)
#define H_JG_I BRANCH((int64_t)RB > (int64_t)RC)
#define H_JL_I BRANCH((int64_t)RB < (int64_t)RC)
#define H_JG_U BRANCH(RB > RC)
#define H_JL_U BRANCH(RB < RC)
#define H_JE_F BRANCH(as_f(RB) == as_f(RC))
#define H_JG_F BRANCH(as_f(RB) > as_f(RC))
#define H_JL_F BRANCH(as_f(RB) < as_f(RC))
/* One body for the three, as for the .r operators. */
#define H_JE_R                                                                                 \
	obj_compare_op: {                                                                      \
		bool t = false;                                                                \
		TRAP_UNLESS(obj_compare(v, HANDLER, RB, RC, &t));                              \
		BRANCH(t);                                                                     \
	}
#define H_JG_R goto obj_compare_op
#define H_JL_R goto obj_compare_op
#define H_JT_R BRANCH(type_code(v, RB) == RC)
#define H_JMP_IF BRANCH(cond_holds(v, RB, OP_C))
/* Every load carries its value (setup() resolved constants and globals). */
#define H_LDI RA = ip->k.u; NEXT()
#define H_LDU H_LDI
#define H_LDF H_LDI
#define H_LDC H_LDI
#define H_LDG H_LDI
/* Functions, then built-ins, are consecutive handles from fn0, so one
 * compare each types the callee (in hand, not reloaded from its
 * register, when a field read jumps to invoke). Closures and errors take
 * call_slow. */
#define H_INVOKE                                                                               \
	callee = RA;                                                                           \
	invoke: {                                                                              \
		uint64_t d = callee - fn0;                                                     \
		const obj *clo = NULL;                                                         \
		if (d < nfns && rf[d].nparams == OP_C)                                         \
			CALL((uint32_t)d);                                                     \
		if (d - nfns < TAP_HOST_COUNT) {                                               \
			host = (unsigned)(d - nfns);                                           \
			goto call_host;                                                        \
		}                                                                              \
		TRAP_UNLESS(call_slow(v, regs, ip->w, &nf, &clo));                             \
		if (!clo)                                                                      \
			goto call;                                                             \
		if (regs >= rlimit)                                                            \
			goto stack_overflow;                                                   \
		unsigned na = OP_C;                                                            \
		PUSH_FRAME();                                                                  \
		memcpy(regs + na, clo->u.a, clo->len * 8); /* the captured values */          \
		ENTER();                                                                       \
	}
#define H_RETURN                                                                               \
	{                                                                                      \
		uint64_t r = RA;                                                               \
		if (regs == base) {                                                            \
			st->value = r;                                                         \
			goto done;                                                             \
		}                                                                              \
		ip = (const tap_insn *)(uintptr_t)WIN_RET(regs);                               \
		unsigned dest = WIN_DEST(regs);                                                \
		regs -= WIN_WORDS;                                                             \
		regs[dest] = r;                                                                \
		ENTER();                                                                       \
	}

/* ---- one handler per fused.def row: the first instruction's work, then
 * the next one's at ip + 1 without a dispatch in between ---- */

#define HX_LDI_ADD LDI_THEN(RA = RB + k; NEXT())
#define HX_LDI_SUB LDI_THEN(RA = RB - k; NEXT())
#define HX_LDI_JL LDI_THEN(BRANCH((int64_t)RB < (int64_t)k))
#define HX_LDI_JG LDI_THEN(BRANCH((int64_t)RB > (int64_t)k))
#define HX_LDI_JE LDI_THEN(BRANCH(RB == k))
#define HX_ADD_SUB RA = RB + RC; ip++; RA = RB - RC; NEXT()
#define HX_ADDF_SUBF RA = as_u(as_f(RB) + as_f(RC)); ip++; RA = as_u(as_f(RB) - as_f(RC)); NEXT()
#define HX_MOVE RA = RB; ip += 2; DISPATCH()
#define HX_ADD_ADD RA = RB + RC; ip++; RA = RB + RC; NEXT()
#define HX_ADD_JL RA = RB + RC; ip++; BRANCH((int64_t)RB < (int64_t)RC)
#define HX_ADD_MUL RA = RB + RC; ip++; RA = RB * RC; NEXT()
#define HX_ADD_ADD_JL                                                                          \
	if ((ip + 2)->k.rel == -2) { /* the loop is the triple: it turns in there */          \
		ip = add_add_loop(regs, ip, &left);                                            \
		ENTER();                                                                       \
	}                                                                                      \
	RA = RB + RC;                                                                          \
	ip++;                                                                                  \
	RA = RB + RC;                                                                          \
	ip++;                                                                                  \
	BRANCH((int64_t)RB < (int64_t)RC)
#define HX_ADDF_ADD_JL                                                                         \
	RA = as_u(as_f(RB) + as_f(RC));                                                        \
	ip++;                                                                                  \
	RA = RB + RC;                                                                          \
	ip++;                                                                                  \
	BRANCH((int64_t)RB < (int64_t)RC)
/* The callee is known and takes this many arguments. */
#define HX_CALL                                                                                \
	RA = ip->k.u;                                                                          \
	ip++;                                                                                  \
	CALL((uint32_t)ip->k.u)
/* Any built-in call; also where a fast path below finds its operands
 * wrong (mget's sites: their invoke entry holds the cache, not the
 * built-in). */
#define HX_HOST                                                                                \
	host_slow:                                                                             \
	RA = ip->k.u;                                                                          \
	ip++;                                                                                  \
	host = (unsigned)ip->k.u;                                                              \
	goto call_host;                                                                        \
	mget_slow:                                                                             \
	RA = ip->k.u;                                                                          \
	ip++;                                                                                  \
	host = TAP_HOST_MGET;                                                                  \
	goto call_host
/* The register gets the result; the built-in it held first is seen by no
 * one, unless the generic path runs. */
#define HX_AGET                                                                                \
	{                                                                                      \
		const obj *o = deref(v, ARGS[0]);                                              \
		uint64_t i = ARGS[1];                                                          \
		if (o && o->type == O_ARR && i < o->len)                                       \
			HOST_DONE(o->u.a[i]);                                                  \
		goto host_slow;                                                                \
	}
#define HX_ASET                                                                                \
	{                                                                                      \
		uint64_t *e = elem_ref(v, ARGS);                                               \
		if (e) {                                                                       \
			*e = ARGS[2];                                                          \
			HOST_DONE(V_NIL);                                                      \
		}                                                                              \
		goto host_slow;                                                                \
	}
/* An element read or write, then add.f; add.i; jl.i (prep.c): the five
 * in one dispatch, and when the jump goes back to the read the loop turns
 * in elem_loop. Anything unusual takes the built-in's general path. */
#define HX_AGET_LOOP ELEM_LOOP(false)
#define HX_ASET_LOOP ELEM_LOOP(true)
#define ELEM_LOOP(is_set)                                                                      \
	{                                                                                      \
		const tap_insn *next_ = elem_loop(v, regs, ip, &left, is_set);                 \
		if (!next_)                                                                    \
			goto host_slow;                                                        \
		ip = next_;                                                                    \
		ENTER();                                                                       \
	}
#define HX_MSET                                                                                \
	{                                                                                      \
		obj *o = deref(v, ARGS[0]);                                                    \
		if (o && o->type == O_MAP) {                                                   \
			ip++;   /* a trap names the invoke */                                  \
			SYNC(); /* the map may grow, and a collection run */                   \
			TRAP_UNLESS(bcx_tapvm_map_set(v, o, regs[OP_B + 1], regs[OP_B + 2]));  \
			RA = V_NIL;                                                            \
			ip++;                                                                  \
			ENTER();                                                               \
		}                                                                              \
		goto host_slow;                                                                \
	}
#define HX_MGET                                                                                \
	{                                                                                      \
		uint64_t r;                                                                    \
		if (field_get(v, CACHE, ARGS, &r))                                             \
			HOST_DONE(r);                                                          \
		goto mget_slow;                                                                \
	}
/* A field read whose result the next instruction invokes: on to the call
 * (ENTER, then invoke) with the value in hand. */
#define HX_MGET_CALL                                                                           \
	{                                                                                      \
		uint64_t r;                                                                    \
		if (!field_get(v, CACHE, ARGS, &r))                                            \
			goto mget_slow;                                                        \
		ip++;                                                                          \
		RA = r;                                                                        \
		ip++;                                                                          \
		if (ip->len > left)                                                            \
			goto enter_slow;                                                       \
		left -= ip->len;                                                               \
		callee = r;                                                                    \
		goto invoke;                                                                   \
	}
/* Report the last instruction, which ran; the marker is no step (entering
 * an empty function charged it: give that back). */
#define HX_END                                                                                 \
	if (ip == rf[CUR_FN].code)                                                             \
		left++;                                                                        \
	else                                                                                   \
		ip--;                                                                          \
	fall_off(v, &m->fns[CUR_FN]);                                                          \
	goto trap

#endif
