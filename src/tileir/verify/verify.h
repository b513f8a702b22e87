/* The Tile IR verifier's internals (verify_*.c): the walk context, the
 * message builder and the type queries every rule uses. Not installed.
 *
 * The walk (verify_walk.c) visits each op of each body with its ancestors
 * on a stack; per op it checks the table rules of ops.def (verify_rules.c)
 * and, when those hold, the op's own verifier (verify_ops_*.c), as the
 * reference runs an op's custom verifier only after its ODS invariants. */
#ifndef BCX_TILEIR_VERIFY_H
#define BCX_TILEIR_VERIFY_H

#include "tileir/model/internal.h"

/* One enclosing op: the op, which of its regions we are in, and the
 * position of the op in its own block. */
typedef struct vf_frame {
	const bcx_tileir_op *op;
	uint32_t index;
	uint32_t region;
} vf_frame;

/* A rule of ops.def with its field names resolved to field numbers. */
typedef struct vf_rule {
	uint8_t kind;       /* vf_kind */
	uint8_t n;          /* fields listed */
	uint8_t field[8];   /* indices into the op's fields */
	const char *names;  /* the listed names as written: "lhs, rhs, result" */
} vf_rule;

/* Op type combinations that passed the table rules (verify_rules.c). */
#define VF_MEMO_WORDS 16
#define VF_MEMO_SLOTS 512
typedef struct vf_memo vf_memo;

typedef struct vf_ctx {
	bcx_tileir_module *m;
	const bcx_tileir_body *body; /* the function being checked */
	long fn;
	long global;                 /* the global a module-level rule is about, or -1 */
	uint16_t target;             /* 0: no version check */
	bcx_tileir_verify_fn cb;
	void *cb_ctx;
	bcx_diag *diag;
	size_t n_errors;
	bool stop;                   /* the callback asked to stop */
	bcx_status status;           /* out of memory while walking */
	bcx_buf msg;                 /* the message being built */
	bcx_buf path;
	vf_frame *stack;             /* stack[0..depth): ancestors of op */
	size_t depth, cap;
	const bcx_tileir_op *op;     /* the op being checked (NULL: module) */
	uint32_t op_index;
	const bcx_tileir_block *block; /* the block holding op */
	vf_rule *rules;              /* all rows' rules, resolved */
	vf_memo *memo;               /* VF_MEMO_SLOTS of them */
	size_t n_rules;
	uint16_t first[256], count[256]; /* per opcode: rules[first..+count) */
	bool hints;                  /* check hint keys and values */
	bool warnings, strict;       /* bcx_tileir_verify_options' */
	bool warning;                /* the message being built is a warning */
	uint64_t fn_subprogram;      /* debug record of the function's subprogram */
	bool loc_done;               /* no more debug checks in this function */
	bool pure[256];              /* per opcode: a PURE rule (no memory effects) */
} vf_ctx;

/* ---- messages ---- */

/* Start a message about the current op: "'cuda_tile.NAME' op " (op_prefix)
 * or nothing; append with vf_printf/vf_type/vf_types; vf_end reports it. */
void vf_begin(vf_ctx *v, bool op_prefix);
void vf_printf(vf_ctx *v, const char *fmt, ...) BCX_PRINTF(2, 3);
/* A type as MLIR's diagnostics quote it: '!cuda_tile.tile<4xi32>', 'f32'. */
void vf_type(vf_ctx *v, uint32_t type);
/* Types of values (or of type indices) comma-separated, each quoted. */
void vf_value_types(vf_ctx *v, const uint32_t *values, uint32_t n);
void vf_type_list(vf_ctx *v, const uint32_t *types, uint32_t n);
/* A shape as MLIR prints an ArrayRef: "4, 8". */
void vf_shape(vf_ctx *v, uint32_t type);
void vf_end(vf_ctx *v);
/* begin + printf + end; returns false so checks can `return vf_op(...)`. */
bool vf_op(vf_ctx *v, const char *fmt, ...) BCX_PRINTF(2, 3);
/* vf_op for a warning (bcx_tileir_verify_options.warnings): an error under
 * strict, nothing when warnings are not asked for. */
void vf_warn_op(vf_ctx *v, const char *fmt, ...) BCX_PRINTF(2, 3);

/* ---- types (type indices of the module; IMPLICIT_TOKEN is a token) ---- */

/* The small queries are inline: every rule of every op asks them. */
static inline const bcx_tileir_type *vf_ty(const vf_ctx *v, uint32_t t) /* NULL: none */
{
	return t < v->m->n_types ? &v->m->types[t] : NULL;
}

static inline unsigned vf_tag(const vf_ctx *v, uint32_t t)
{
	const bcx_tileir_type *ty = vf_ty(v, t);
	return ty ? ty->tag : t == BCX_TILEIR_TYPE_IMPLICIT_TOKEN ? BCX_TILEIR_T_TOKEN : 0xFF;
}

static inline bool vf_is_tile(const vf_ctx *v, uint32_t t)
{
	return vf_tag(v, t) == BCX_TILEIR_T_TILE;
}

bool vf_is_view(const vf_ctx *v, uint32_t t); /* partition/strided/gather_scatter */

static inline uint32_t vf_rank(const vf_ctx *v, uint32_t t)
{
	const bcx_tileir_type *ty = vf_ty(v, t);
	return ty ? ty->rank : 0;
}

const int64_t *vf_dims(const vf_ctx *v, uint32_t t);

/* A tile's element type index and tag (the tile's own for a non-tile). */
static inline uint32_t vf_elem(const vf_ctx *v, uint32_t t)
{
	return vf_is_tile(v, t) ? v->m->types[t].elem : t;
}

static inline unsigned vf_elem_tag(const vf_ctx *v, uint32_t t)
{
	return vf_tag(v, vf_elem(v, t));
}

/* Element count of a tile (saturating). */
uint64_t vf_elems(const vf_ctx *v, uint32_t t);
/* Structural equality (a file may hold one type twice). */
bool vf_type_eq(const vf_ctx *v, uint32_t a, uint32_t b);
bool vf_same_shape(const vf_ctx *v, uint32_t a, uint32_t b);

/* ---- the current op ---- */

/* Type of operand i / result i of op. */
static inline uint32_t vf_opd_type(const vf_ctx *v, const bcx_tileir_op *op, uint32_t i)
{
	uint32_t id = i < op->n_operands ? op->operands[i] : UINT32_MAX;
	return id < v->body->n_values ? v->body->value_types[id] : UINT32_MAX - 1;
}

static inline uint32_t vf_res_type(const vf_ctx *v, const bcx_tileir_op *op, uint32_t i)
{
	(void)v;
	return i < op->n_results ? op->result_types[i] : UINT32_MAX - 1;
}
/* The attribute slot of field `name`, or NULL when absent or unknown. */
const bcx_tileir_attr *vf_attr(const bcx_tileir_op *op, const char *name);
/* First operand and size of operand group `name` (false: no such group). */
bool vf_group(const bcx_tileir_op *op, const char *name, uint32_t *first, uint32_t *n);
/* The ancestor `up` levels above the current op (1 = parent), or NULL. */
const vf_frame *vf_parent(const vf_ctx *v, size_t up);

/* ---- rule sets ---- */

bcx_status vf_rules_init(vf_ctx *v);
void vf_rules_free(vf_ctx *v);
/* A verification in steps, for callers that decode the bodies themselves
 * (the printers verify each body as they decode it): vf_open resolves the
 * rules and checks the module-level ones; vf_function checks one decoded
 * body; vf_close frees, gives the error count and the final status
 * (BCX_ERR_MALFORMED when a rule was broken). vf_close is due after
 * vf_open whatever it returned. */
bcx_status vf_open(vf_ctx *v, bcx_tileir_module *m, const bcx_tileir_verify_options *opts,
		   bcx_tileir_verify_fn fn, void *ctx, bcx_diag *diag);
bcx_status vf_function(vf_ctx *v, size_t i, const bcx_tileir_body *body);
bcx_status vf_close(vf_ctx *v, bcx_status s, size_t *n_errors);
/* The table rules of ops.def; false when one is broken (all are reported). */
bool vf_check_rules(vf_ctx *v, const bcx_tileir_op *op);
/* The op's own verifiers: those its row of ops.def names (TIR_VERIFY),
 * declared here from the rows, defined in verify_ops_*.c. */
void vf_check_special(vf_ctx *v, const bcx_tileir_op *op);
#define TIR_FIELD(...)
#define TIR_VERIFY(fn) void fn(vf_ctx *v, const bcx_tileir_op *op);
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) __VA_ARGS__
#include "tileir/model/ops.def"
#undef TIR_OP
#undef TIR_FIELD
/* An atomic mode against the element type it updates (false: reported). */
bool vf_atomic_mode(vf_ctx *v, unsigned mode, uint32_t elem);
/* Optimization hints of an op or an entry (verify_hints.c); false when
 * one is reported. */
bool vf_check_hints(vf_ctx *v, const bcx_tileir_attr *hints, unsigned opcode);
/* Debug info of function v->fn and of its ops (verify_debug.c). */
bool vf_check_function_loc(vf_ctx *v, bool report);
void vf_check_op_loc(vf_ctx *v, const bcx_tileir_op *op);
/* Region structure: block counts, terminators, parents. */
void vf_check_regions(vf_ctx *v, const bcx_tileir_op *op);
/* What a toolkit of version v->target refuses in this op. */
void vf_check_target(vf_ctx *v, const bcx_tileir_op *op);
/* Module-level records: globals, the entries' signatures. */
void vf_check_module(vf_ctx *v);

#endif
