/* Module-level rules (globals, entry signatures), the dispatch to each
 * op's own verifier, and the version check of --target: what a toolkit of
 * an older version refuses, in the writer's words. */
#include "common/internal.h"
#include "tileir/model/tables.h"
#include "tileir/verify/verify.h"
#include "tileir/model/gates.h"

#include <string.h>

/* Per opcode, its own verifiers (TIR_VERIFY in ops.def), NULL-ended. */
typedef void vf_op_fn(vf_ctx *v, const bcx_tileir_op *op);
#define TIR_FIELD(...)
#define TIR_VERIFY(fn) fn,
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static vf_op_fn *const verifiers_##id[] = {__VA_ARGS__ NULL};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = verifiers_##id,
static vf_op_fn *const *const verifiers[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

void vf_check_special(vf_ctx *v, const bcx_tileir_op *op)
{
	if (op->opcode >= 256 || !verifiers[op->opcode])
		return;
	for (vf_op_fn *const *f = verifiers[op->opcode]; *f; f++)
		(*f)(v, op);
}

/* A module-level message: "'cuda_tile.NAME' op TEXT" with no op walked. */
static void module_error(vf_ctx *v, const char *op_name, const char *text)
{
	vf_begin(v, false);
	vf_printf(v, "'cuda_tile.%s' op %s", op_name, text);
	vf_end(v);
}

static void vf_target_signature(vf_ctx *v, uint32_t sig);

/* EntryOp::verify stops at its first failure: results, argument ranks,
 * debug info, hints. */
static void check_entry(vf_ctx *v, const bcx_tileir_function *f)
{
	const bcx_tileir_type *sig = vf_ty(v, f->signature);
	if (!sig || sig->tag != BCX_TILEIR_T_FUNCTION || (f->flags & BCX_TILEIR_FN_TOPLEVEL))
		return;
	if (sig->n_outputs && !(f->flags & BCX_TILEIR_FN_TESTING)) {
		module_error(v, "entry", "entry op must not return values");
		return;
	}
	for (uint32_t i = 0; i < sig->n_inputs && !(f->flags & BCX_TILEIR_FN_TESTING); i++)
		if (vf_is_tile(v, sig->params[i]) && vf_rank(v, sig->params[i]) != 0) {
			module_error(v, "entry",
				     "entry op must have scalar types (rank 0 !cuda_tile.tile)");
			return;
		}
	if (vf_check_function_loc(v, true) && f->hints)
		vf_check_hints(v, f->hints, BCX_TILEIR_OP_entry);
}

/* ---- symbols: globals and functions share the module's symbol table ---- */

static uint64_t name_hash(bcx_tileir_str s)
{
	uint64_t h = 1469598103934665603u; /* FNV-1a */
	for (size_t i = 0; i < s.len; i++)
		h = (h ^ s.ptr[i]) * 1099511628211u;
	return h;
}

/* Each name once: a later definition is reported as MLIR's symbol table
 * reports it. slots is a power of two larger than the symbol count. */
static void check_symbols(vf_ctx *v)
{
	size_t n = v->m->n_globals + v->m->n_functions, cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	uint32_t *slot = bcx_alloc(v->m->opts.alloc, cap * sizeof *slot);
	if (!slot) {
		v->status = BCX_ERR_NOMEM;
		return;
	}
	memset(slot, 0, cap * sizeof *slot);
	for (size_t i = 0; i < n && !v->stop; i++) {
		bool global = i < v->m->n_globals;
		size_t k = global ? i : i - v->m->n_globals;
		if (!global && (v->m->functions[k].flags & BCX_TILEIR_FN_TOPLEVEL))
			continue; /* no symbol: the ops outside every function */
		uint32_t name = global ? v->m->globals[k].name : v->m->functions[k].name;
		bcx_tileir_str s = bcx_tileir_string(v->m, name);
		size_t h = (size_t)name_hash(s) & (cap - 1);
		for (; slot[h]; h = (h + 1) & (cap - 1)) {
			size_t j = slot[h] - 1;
			uint32_t other = j < v->m->n_globals
						 ? v->m->globals[j].name
						 : v->m->functions[j - v->m->n_globals].name;
			bcx_tileir_str o = bcx_tileir_string(v->m, other);
			if (o.len == s.len && (s.len == 0 || memcmp(o.ptr, s.ptr, s.len) == 0))
				break;
		}
		if (!slot[h]) {
			slot[h] = (uint32_t)i + 1;
			continue;
		}
		v->fn = global ? -1 : (long)k;
		v->global = global ? (long)k : -1;
		vf_begin(v, false);
		vf_printf(v, "redefinition of symbol named '%.*s'", (int)s.len, (const char *)s.ptr);
		vf_end(v);
	}
	v->fn = -1;
	v->global = -1;
	bcx_free(v->m->opts.alloc, slot, cap * sizeof *slot);
}

/* The writer's 13.3 gates of a global, in its words, at the global. */
static void global_gates(vf_ctx *v, const bcx_tileir_global *g)
{
	if (!v->target || v->target >= BCX_TILEIR_V13_3 || (g->visibility != 1 && !g->is_constant))
		return;
	char name[TIR_MESSAGE_NAME_CAP];
	tir_message_name(bcx_tileir_string(v->m, g->name), name, sizeof name);
	vf_begin(v, false);
	vf_printf(v, g->visibility == 1 ? TIR_GATE_PRIVATE_GLOBAL : TIR_GATE_CONSTANT_GLOBAL, name,
		  v->target & 0xFF);
	vf_end(v);
}

void vf_check_module(vf_ctx *v)
{
	for (size_t i = 0; i < v->m->n_globals && !v->stop; i++) {
		v->global = (long)i;
		if (vf_rank(v, v->m->globals[i].type) != 1)
			module_error(v, "global", "type must have rank 1");
		global_gates(v, &v->m->globals[i]);
	}
	v->global = -1;
	check_symbols(v);
	for (size_t i = 0; i < v->m->n_functions && !v->stop; i++) {
		v->fn = (long)i;
		check_entry(v, &v->m->functions[i]);
		if (v->target)
			vf_target_signature(v, v->m->functions[i].signature);
	}
	v->fn = -1;
}

/* ---- --target ---- */

/* A type and the types it holds, which are written too: a tile's or
 * tensor_view's element, a pointer's pointee, a view's tensor_view. A
 * well-formed chain is at most three long (tile, pointer, scalar; view,
 * tensor_view, scalar); a file may make a cycle, so the walk stops after
 * four. */
static void type_gate(vf_ctx *v, uint32_t t)
{
	for (int hops = 0; hops < 4 && t < v->m->n_types; hops++) {
		unsigned tag = vf_tag(v, t);
		uint16_t since = bcx_tileir_type_tag_since(tag);
		if (since > v->target) {
			vf_begin(v, false);
			vf_printf(v, TIR_GATE_TYPE, tir_type_class_name(tag), since & 0xFF,
				  v->target & 0xFF);
			vf_end(v);
			return;
		}
		if (tag != BCX_TILEIR_T_TILE && tag != BCX_TILEIR_T_POINTER &&
		    tag != BCX_TILEIR_T_TENSOR_VIEW && !vf_is_view(v, t))
			return;
		t = v->m->types[t].elem;
	}
}

static void field_gates(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t slot = 0, g = 0;
	for (unsigned k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		bool attr = f->kind == BCX_TILEIR_F_ATTR || f->kind == BCX_TILEIR_F_UNIT;
		bool present = attr ? op->attrs[slot].kind != BCX_TILEIR_A_NONE
				    : f->kind == BCX_TILEIR_F_OPERAND && op->segments[g] > 0;
		if (present && f->since > v->target &&
		    (f->optional || f->kind == BCX_TILEIR_F_OPERAND)) {
			vf_begin(v, false);
			vf_printf(v, TIR_GATE_OPTIONAL, attr ? "attribute" : "operand", f->name,
				  f->since & 0xFF, v->target & 0xFF);
			vf_end(v);
		} else if (present && f->since > v->target && f->kind == BCX_TILEIR_F_ATTR &&
			   op->attrs[slot].u != f->dflt) {
			vf_begin(v, false);
			vf_printf(v, TIR_GATE_ATTR, f->name, f->since & 0xFF, v->target & 0xFF);
			vf_end(v);
		}
		slot += attr;
		g += f->kind == BCX_TILEIR_F_OPERAND;
	}
}

/* The signature's types: everything else a body uses is an op's result. */
static void vf_target_signature(vf_ctx *v, uint32_t sig)
{
	const bcx_tileir_type *t = vf_ty(v, sig);
	for (uint32_t i = 0; t && t->tag == BCX_TILEIR_T_FUNCTION && i < t->n_inputs + t->n_outputs;
	     i++)
		type_gate(v, t->params[i]);
}

void vf_check_target(vf_ctx *v, const bcx_tileir_op *op)
{
	if (op->info->since > v->target) {
		vf_begin(v, false);
		vf_printf(v, TIR_GATE_OP, op->info->name, v->target & 0xFF);
		vf_end(v);
		return;
	}
	field_gates(v, op);
	for (uint32_t i = 0; i < op->n_results; i++)
		type_gate(v, op->result_types[i]);
	/* Block arguments (loop variables, reduce and scan element values) are
	 * types the writer encodes too. */
	for (uint32_t r = 0; r < op->n_regions; r++)
		for (uint32_t k = 0; k < op->regions[r].n_blocks; k++) {
			const bcx_tileir_block *b = &op->regions[r].blocks[k];
			for (uint32_t a = 0; a < b->n_args; a++)
				type_gate(v, b->arg_types[a]);
		}
}
