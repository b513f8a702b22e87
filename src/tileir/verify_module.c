/* Module-level rules (globals, entry signatures), the dispatch to each
 * op's own verifier, and the version check of --target: what a toolkit of
 * an older version refuses, in the writer's words. */
#include "tileir/tables.h"
#include "tileir/verify.h"

void vf_check_special(vf_ctx *v, const bcx_tileir_op *op)
{
	vf_check_math(v, op);
	vf_check_shape(v, op);
	vf_check_control(v, op);
	vf_check_memory(v, op);
	if (op->opcode == BCX_TILEIR_OP_reduce || op->opcode == BCX_TILEIR_OP_scan)
		vf_check_aggregate(v, op);
}

/* A module-level message: "'cuda_tile.NAME' op TEXT" with no op walked. */
static void module_error(vf_ctx *v, const char *op_name, const char *text)
{
	vf_begin(v, false);
	vf_printf(v, "'cuda_tile.%s' op %s", op_name, text);
	vf_end(v);
}

void vf_target_signature(vf_ctx *v, uint32_t sig);
static void check_entry(vf_ctx *v, const bcx_tileir_function *f)
{
	const bcx_tileir_type *sig = vf_ty(v, f->signature);
	if (!sig || sig->tag != BCX_TILEIR_T_FUNCTION)
		return;
	if (sig->n_outputs)
		module_error(v, "entry", "entry op must not return values");
	for (uint32_t i = 0; i < sig->n_inputs; i++)
		if (vf_is_tile(v, sig->params[i]) && vf_rank(v, sig->params[i]) != 0) {
			module_error(v, "entry",
				     "entry op must have scalar types (rank 0 !cuda_tile.tile)");
			return;
		}
}

void vf_check_module(vf_ctx *v)
{
	for (size_t i = 0; i < v->m->n_globals && !v->stop; i++)
		if (vf_rank(v, v->m->globals[i].type) != 1)
			module_error(v, "global", "type must have rank 1");
	for (size_t i = 0; i < v->m->n_functions && !v->stop; i++) {
		v->fn = (long)i;
		check_entry(v, &v->m->functions[i]);
		if (v->target)
			vf_target_signature(v, v->m->functions[i].signature);
	}
	v->fn = -1;
}

/* ---- --target ---- */

static void type_gate(vf_ctx *v, uint32_t t)
{
	unsigned tag = vf_tag(v, t);
	uint16_t since = bcx_tileir_type_tag_since(tag);
	if (vf_is_tile(v, t))
		type_gate(v, v->m->types[t].elem);
	if (since <= v->target)
		return;
	vf_begin(v, false);
	vf_printf(v, "type '%s' requires bytecode version 13.%u+, targeting 13.%u",
		  tir_type_class_name(tag), since & 0xFF, v->target & 0xFF);
	vf_end(v);
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
			vf_printf(v, "optional %s '%s' is provided but requires bytecode version "
				     "13.%u, targeting 13.%u", attr ? "attribute" : "operand", f->name,
				  f->since & 0xFF, v->target & 0xFF);
			vf_end(v);
		} else if (present && f->since > v->target && f->kind == BCX_TILEIR_F_ATTR &&
			   op->attrs[slot].u != f->dflt) {
			vf_begin(v, false);
			vf_printf(v, "attribute '%s' requires bytecode version 13.%u+, but targeting "
				     "13.%u", f->name, f->since & 0xFF, v->target & 0xFF);
			vf_end(v);
		}
		slot += attr;
		g += f->kind == BCX_TILEIR_F_OPERAND;
	}
}

/* The signature's types: everything else a body uses is an op's result. */
void vf_target_signature(vf_ctx *v, uint32_t sig)
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
		vf_printf(v, "operation 'cuda_tile.%s' is not available in bytecode version 13.%u",
			  op->info->name, v->target & 0xFF);
		vf_end(v);
		return;
	}
	field_gates(v, op);
	for (uint32_t i = 0; i < op->n_results; i++)
		type_gate(v, op->result_types[i]);
}
