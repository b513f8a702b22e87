/* Operand types the custom form leaves out. An op whose format gives only
 * its result's type (`$lhs, $rhs : type($result)`) takes its operands at
 * that type when the op says they must all be alike (the verifier's
 * SAME_TYPE rule of ops.def: the reference's SameOperandsAndResultType and
 * AllTypesMatch). MLIR's parser resolves such operands at the inferred
 * type, so a value defined at another type is a parse error there ("use of
 * value '%x' expects different type than prior uses"), reported at the use;
 * giving the refs the type lets the builder's name lookup say so. The same
 * holds for operands of one fixed type (a token, tile<i1>, tile<i32>). */
#include "tileir/parse/asm_custom.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/rules.h"
#include "common/internal.h"

/* The fields a rule lists that the custom form has a slot for (all of an
 * op it parses: asm_custom.c refuses rows of more fields); 0 when the
 * rule does not resolve, which the model's test rules out. */
static unsigned rule_fields(const ac_walk *w, const char *names, uint8_t *out)
{
	int n = tir_rule_fields(w->info, names, out, TIR_RULE_MAX_NAMES);
	unsigned k = 0;
	for (int i = 0; i < n; i++)
		if (out[i] < AC_MAX_FIELDS)
			out[k++] = out[i];
	return k;
}

/* The type the text gave any of the rule's fields, or BCX_TILEIR_NONE. */
static bcx_tileir_build_type given(const ac_walk *w, const uint8_t *field, unsigned n)
{
	bcx_tileir_build_type t = BCX_TILEIR_NONE;
	for (unsigned i = 0; i < n && t == BCX_TILEIR_NONE; i++) {
		const ac_field *f = &w->f[field[i]];
		if (f->n_types)
			t = f->types[0];
		for (uint32_t k = 0; k < f->n && t == BCX_TILEIR_NONE; k++)
			t = f->refs[k].type;
	}
	return t;
}

/* The one type a rule of a fixed type stands for (token, tile<i1>,
 * tile<i32>): MLIR resolves such operands at it. NONE for other rules. */
static bcx_status make_fixed_type(asm_parser *p, unsigned kind, bcx_tileir_build_type *t)
{
	bcx_diag bd = {0};
	bcx_tileir_build_type s;
	*t = BCX_TILEIR_NONE;
	if (kind == VR_TOKEN)
		return ap_built(p, bcx_tileir_build_type_token(p->m, t, &bd), &bd);
	bcx_tileir_type_tag tag = kind == VR_SCALAR_I1    ? BCX_TILEIR_T_I1
				  : kind == VR_SCALAR_I32 ? BCX_TILEIR_T_I32
							  : BCX_TILEIR_T_COUNT;
	if (tag == BCX_TILEIR_T_COUNT)
		return BCX_OK;
	BCX_TRY(ap_built(p, bcx_tileir_build_type_scalar(p->m, tag, &s, &bd), &bd));
	return ap_built(p, bcx_tileir_build_type_tile(p->m, s, NULL, 0, t, &bd), &bd);
}

/* make_fixed_type once a kind for the module: interned types keep their
 * index, and asking the builder again at every op showed in the profile. */
static bcx_status fixed_type(asm_parser *p, unsigned kind, bcx_tileir_build_type *t)
{
	if (kind >= 64)
		return make_fixed_type(p, kind, t);
	if (!(p->fixed_known >> kind & 1)) {
		BCX_TRY(make_fixed_type(p, kind, &p->fixed_of[kind]));
		p->fixed_known |= (uint64_t)1 << kind;
	}
	*t = p->fixed_of[kind];
	return BCX_OK;
}

/* A view op's source: the operand its row says is a tensor view
 * (TIR_RULE(TENSOR_VIEW, ...)), whose type the result's view type holds. */
static void view_source(ac_walk *w)
{
	int res = -1, src = -1;
	for (unsigned k = 0; k < w->info->n_fields && k < AC_MAX_FIELDS; k++)
		if (w->info->fields[k].kind == BCX_TILEIR_F_RESULT && w->f[k].n_types == 1)
			res = (int)k;
	for (const tir_rule_src *r = tir_rules_of(w->info->opcode); r->kind != VR_END; r++) {
		uint8_t field[TIR_RULE_MAX_NAMES];
		unsigned n = r->kind == VR_TENSOR_VIEW ? rule_fields(w, r->names, field) : 0;
		for (unsigned i = 0; i < n; i++)
			if (w->info->fields[field[i]].kind == BCX_TILEIR_F_OPERAND &&
			    w->f[field[i]].n == 1)
				src = field[i];
	}
	if (res < 0 || src < 0 || w->f[src].refs[0].type != BCX_TILEIR_NONE)
		return;
	const bcx_tileir_type *v = tb_type(w->p->m, w->f[res].types[0]);
	if (v->tag == BCX_TILEIR_T_PARTITION_VIEW || v->tag == BCX_TILEIR_T_STRIDED_VIEW ||
	    v->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW)
		w->f[src].refs[0].type = v->elem;
}

bcx_status ac_infer_types(ac_walk *w)
{
	view_source(w);
	for (const tir_rule_src *r = tir_rules_of(w->info->opcode); r->kind != VR_END; r++) {
		bcx_tileir_build_type t = BCX_TILEIR_NONE;
		if (r->kind != VR_SAME_TYPE)
			BCX_TRY(fixed_type(w->p, r->kind, &t));
		if (r->kind != VR_SAME_TYPE && t == BCX_TILEIR_NONE)
			continue; /* a rule that types nothing: its names are not read */
		uint8_t field[TIR_RULE_MAX_NAMES];
		unsigned n = rule_fields(w, r->names, field);
		if (r->kind == VR_SAME_TYPE && (t = given(w, field, n)) == BCX_TILEIR_NONE)
			continue;
		for (unsigned i = 0; i < n; i++) {
			ac_field *f = &w->f[field[i]];
			if (w->info->fields[field[i]].kind != BCX_TILEIR_F_OPERAND)
				continue;
			for (uint32_t k = 0; k < f->n; k++)
				if (f->refs[k].type == BCX_TILEIR_NONE)
					f->refs[k].type = t;
		}
	}
	return BCX_OK;
}
