/* Shared between the Tapioca loader, interpreter, assembler and
 * disassembler. The tables come from tapioca.def. */
#ifndef BCX_TAPIOCA_INTERNAL_H
#define BCX_TAPIOCA_INTERNAL_H

#include "bcx/tapioca.h"

enum tap_op {
#define OP(mn, cname, code, form) TAP_##cname = code,
#include "tapioca.def"
#undef OP
};

enum tap_form { FORM_X, FORM_RRR, FORM_J24, FORM_JRR, FORM_JRC, FORM_RI, FORM_RRN, FORM_R,
		FORM_NONE };

enum tap_host {
#define HOST(name, cname, lo, hi) TAP_HOST_##cname,
#include "tapioca.def"
#undef HOST
	TAP_HOST_COUNT
};

#define TAP_HOST_BASE 0xFF00u
#define TAP_NCOND 0x14u

typedef struct tap_opinfo {
	const char *name;
	enum tap_form form;
} tap_opinfo;

/* Indexed by opcode byte; name NULL = not an opcode. */
extern const tap_opinfo bcx_tap_ops[256];
extern const char *const bcx_tap_conds[TAP_NCOND];
extern const char *const bcx_tap_hosts[TAP_HOST_COUNT];

typedef struct tap_fn {
	const char *name;
	size_t name_len;
	uint32_t *code; /* decoded words, opcode in bits 24..31 */
	uint32_t ncode;
	const bcx_tbon_value *consts; /* function const pool */
	uint32_t nconsts;
	uint32_t nparams;
} tap_fn;

typedef struct tap_sym {
	const char *name;
	size_t name_len;
	const bcx_tbon_value *value;
	int32_t fn; /* index in fns, -1 for data */
} tap_sym;

struct bcx_tapioca_module {
	bcx_arena *arena;
	bcx_tbon_file file;
	tap_fn *fns;
	uint32_t nfns;
	tap_sym *syms;
	uint32_t nsyms;
};

/* Verify one function's code against the tables (load.c). */
bcx_status bcx_tap_verify(const bcx_tapioca_module *m, const tap_fn *f, bcx_diag *d);

#endif
