/* Shared between the Tapioca loader, interpreter, assembler and
 * disassembler. The tables come from tapioca.def. */
#ifndef BCX_TAPIOCA_INTERNAL_H
#define BCX_TAPIOCA_INTERNAL_H

#include "bcx/tapioca.h"

enum tap_op {
#define OP(mn, cname, code, form, imm, flow, heap) TAP_##cname = code,
#include "tapioca.def"
#undef OP
};

enum tap_form { FORM_X, FORM_RRR, FORM_J24, FORM_JRR, FORM_JRC, FORM_RI, FORM_RRN, FORM_R,
		FORM_NONE };
/* What an RI form's 16 bits mean, and where control goes (tapioca.def). */
enum tap_imm { IMM_NONE, IMM_I16, IMM_U16, IMM_F16, IMM_CONST, IMM_GLOBAL };
enum tap_flow { FLOW_NEXT, FLOW_JUMP, FLOW_CALL, FLOW_RETURN };
enum tap_heap { HEAP_NONE, HEAP_ALLOC };

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
	enum tap_imm imm;
	enum tap_flow flow;
	enum tap_heap heap;
} tap_opinfo;

/* Indexed by opcode byte; name NULL = not an opcode. */
extern const tap_opinfo bcx_tap_ops[256];
extern const char *const bcx_tap_conds[TAP_NCOND];
extern const char *const bcx_tap_hosts[TAP_HOST_COUNT];

/* One instruction as the interpreter reads it (decode.c), built once at
 * load time from verified code: jump targets, immediates and global slots
 * are resolved, and each instruction knows how many instructions run from
 * it to the next control transfer, so the step limit is charged once per
 * straight run instead of once per instruction. */
typedef struct tap_insn {
	uint32_t w;   /* the word with its top byte replaced by the handler (op or TAPX_) */
	uint32_t len; /* instructions from here to the end of the straight run, inclusive */
	union {
		uint64_t u; /* load_*: the register value; load_global: slot (symbols, then
			     * built-ins); invoke fused with load_global: callee index */
		int64_t rel; /* jumps: target index minus this index */
	} k;
} tap_insn;

/* Handlers for two or three instructions run as one dispatch (fused.def):
 * bytes that are not opcodes. */
enum tap_fused {
#define FUSED(cname, code) TAPX_##cname = code,
#include "fused.def"
#undef FUSED
};

typedef struct tap_fn {
	const char *name;
	size_t name_len;
	uint32_t *code; /* decoded words, opcode in bits 24..31 */
	tap_insn *ins;  /* the same code pre-decoded for the interpreter */
	uint32_t ncode;
	const bcx_tbon_value *consts; /* function const pool */
	uint32_t nconsts;
	uint32_t nparams;
} tap_fn;

typedef struct tap_sym {
	const char *name; /* "" for a pool entry no symbol names */
	size_t name_len;
	const bcx_tbon_value *value;
	int32_t fn; /* index in fns, -1 for data */
} tap_sym;

struct bcx_tapioca_module {
	bcx_arena *arena;
	bcx_tbon_file file;
	tap_fn *fns;
	uint32_t nfns;
	tap_sym *syms;   /* global slots: the const pool's entries, then the
			  * Symbols entries that are not const refs (load.c) */
	uint32_t nsyms;
	uint32_t nglobals; /* slots load_global may name: the const pool's size */
};

/* The rules TBON's reader and writer share, and that the assembler applies
 * to its source, so that what bcx writes bcx reads (tbon.c). Depths count
 * as the reader does: the root value is at 0, a const pool entry at 1, and
 * a value is refused when its depth exceeds the limit (BCX_LIMIT_DEPTH for
 * the writer and the assembler, bcx_limits.max_depth for the reader). */
#define TBON_MSG_DEPTH "nesting deeper than %u"
#define TBON_MSG_UTF8 "name is not valid UTF-8"
#define TBON_MSG_DUP_KEY "duplicate map key"
bool bcx_tbon_utf8_ok(const uint8_t *s, size_t n);
/* The index of the first key of map that equals an earlier key, -1 when
 * none, -2 when out of memory (scratch from a). */
int64_t bcx_tbon_dup_key(bcx_arena *a, const bcx_tbon_value *map);
/* v (zeroed) becomes the signed VA of the n-byte big-endian two's
 * complement be (minimal, n <= 64): a K_INT, or a K_BIGINT whose bytes are
 * copied into a (tbon.h). False when out of memory. */
bool bcx_tbon_xip_value(bcx_arena *a, const uint8_t *be, size_t n, bcx_tbon_value *v);
/* Where the assembler's values sit in the file it writes: a symbol's value
 * is a const pool entry; a function's constant is an item of the
 * "constpool" array of the function's map. */
#define TAP_DEPTH_GLOBAL 1u
#define TAP_DEPTH_CONST (TAP_DEPTH_GLOBAL + 2u)

/* Instruction w at index pc of its function as text (dis.c): with m, in
 * the assembler's spelling (dis); with NULL, operands as raw indices and
 * absolute targets "->n" (dump; w need not be valid). */
void bcx_tap_insn_text(bcx_buf *o, uint32_t w, uint32_t pc, const bcx_tapioca_module *m);

/* Verify one function's code against the tables (load.c). */
bcx_status bcx_tap_verify(const bcx_tapioca_module *m, const tap_fn *f, bcx_diag *d);
/* Pre-decode one verified function into f->ins (decode.c). */
bcx_status bcx_tap_decode(bcx_tapioca_module *m, tap_fn *f, bcx_diag *d);
/* True for the opcodes that end a straight run (jumps, invoke, return:
 * every flow but NEXT). */
static inline bool bcx_tap_ends_run(unsigned op)
{
	return bcx_tap_ops[op].flow != FLOW_NEXT;
}

#endif
