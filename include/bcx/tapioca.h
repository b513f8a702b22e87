/* Tapioca VM: load and verify a TBON object file, run it, assemble and
 * disassemble its text form. docs/tapioca.md is the specification. */
#ifndef BCX_TAPIOCA_H
#define BCX_TAPIOCA_H

#include "bcx/core.h"
#include "bcx/tbon.h"

BCX_BEGIN_DECLS

/* What stopped a run that did not return normally. */
typedef enum bcx_tapioca_trap {
	BCX_TAPIOCA_OK = 0,
	BCX_TAPIOCA_DIV_ZERO,       /* div.i / div.u by zero */
	BCX_TAPIOCA_TYPE_ERROR,     /* operand of the wrong runtime type, bad call */
	BCX_TAPIOCA_STACK_OVERFLOW, /* call depth above max_call_depth */
	BCX_TAPIOCA_STEP_LIMIT,     /* more than max_steps instructions */
	BCX_TAPIOCA_OUT_OF_MEMORY,  /* live heap above max_heap bytes, or the
				     * allocator failed */
	BCX_TAPIOCA_FELL_OFF        /* control ran past a function's last instruction */
} bcx_tapioca_trap;

/* Options and limits. size must be sizeof(bcx_tapioca_options) (set it
 * with BCX_TAPIOCA_OPTIONS_INIT); zero fields take the defaults in brackets. */
typedef struct bcx_tapioca_options {
	size_t size;
	bcx_limits limits;        /* reading the object file (core.h; zero: defaults) */
	uint32_t max_call_depth;  /* frames [1000] */
	uint64_t max_steps;       /* instructions; 0 = unlimited */
	uint64_t max_heap;        /* bytes of live objects and frames [256 MiB] */
	/* Host output (print and friends); NULL discards it. */
	void (*write)(void *ctx, const char *s, size_t n);
	/* Called before each instruction when non-NULL (slow: the run goes one
	 * instruction at a time). function is the NUL-terminated name. */
	void (*trace)(void *ctx, const char *function, uint32_t index, uint32_t word);
	void *ctx;
	/* Collect garbage before every allocation (slow; finds objects the
	 * collector misses: a run's output must not change). */
	bool gc_stress;
	/* Every byte a load (the module) and a run (the VM's objects, frames
	 * and tables, beneath the max_heap accounting) allocates; NULL is the
	 * libc allocator. A module is freed with the allocator it was loaded
	 * with. */
	const bcx_allocator *alloc;
} bcx_tapioca_options;

#define BCX_TAPIOCA_OPTIONS_INIT BCX_OPTIONS_INIT(bcx_tapioca_options)

typedef struct bcx_tapioca_module bcx_tapioca_module;

/* Read and verify every function (notes: "as wasm validation does").
 * On success *out owns all memory; free it with bcx_tapioca_free. */
BCX_NODISCARD bcx_status bcx_tapioca_load(const uint8_t *data, size_t size,
					  const bcx_tapioca_options *opts,
					  bcx_tapioca_module **out, bcx_diag *diag);
void bcx_tapioca_free(bcx_tapioca_module *m); /* NULL is a no-op */

/* The result of a run. */
typedef struct bcx_tapioca_result {
	bcx_tapioca_trap trap;
	uint64_t value;         /* raw register bits returned by the entry function */
	uint64_t steps;         /* instructions executed, the final return and a
				 * trapping instruction included (at the step
				 * limit: max_steps) */
	char function[64];      /* where a trap happened */
	uint32_t index;         /* instruction index in that function */
} bcx_tapioca_result;

/* Run function `entry` (no arguments). A trap gives BCX_ERR_LIMIT (stack,
 * steps, heap) or BCX_ERR_MALFORMED (division, type) with diag saying
 * "function 'f' instruction 12: ..."; result says which. When the
 * allocator itself fails, result->trap is BCX_TAPIOCA_OUT_OF_MEMORY and
 * the status BCX_ERR_NOMEM (a full host heap is no limit of the program's). */
BCX_NODISCARD bcx_status bcx_tapioca_run(const bcx_tapioca_module *m, const char *entry,
					 const bcx_tapioca_options *opts,
					 bcx_tapioca_result *result, bcx_diag *diag);

/* Assemble text into a TBON object file appended to out; the work memory
 * comes from out's allocator (bcx_buf_init). On an error, diag->message
 * says what is wrong and diag->line, diag->column (1-based, bytes) and
 * diag->offset say where in the text; BCX_ERR_NOMEM when the allocator
 * failed. */
BCX_NODISCARD bcx_status bcx_tapioca_asm(const char *text, size_t len, bcx_buf *out,
					 bcx_diag *diag);
/* Disassemble an object file (verified first) into text that asm turns
 * back into the same bytes; the module is loaded with out's allocator. */
BCX_NODISCARD bcx_status bcx_tapioca_dis(const uint8_t *data, size_t size, bcx_buf *out,
					 bcx_diag *diag);

/* The mnemonic of an opcode, NULL when the byte is not an opcode. */
const char *bcx_tapioca_op_name(uint8_t opcode);
const char *bcx_tapioca_trap_str(bcx_tapioca_trap t);
/* Instruction `word` at `index` of its function as text ("jl.i ->7, r1,
 * r2": registers, immediates, absolute jump targets), NUL-terminated in
 * buf as snprintf does; returns the length the whole text needs. */
size_t bcx_tapioca_insn_str(uint32_t word, uint32_t index, char *buf, size_t size);

BCX_END_DECLS
#endif
