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

/* A rule with the fields its names give ("a, b, c"), in the order named
 * (tir_rule_fields, the one reading of the names; every rule of every row
 * resolves, which the model's test checks). */
typedef struct ai_rule {
	uint8_t kind;       /* vf_kind */
	uint8_t n;
	uint8_t field[TIR_RULE_MAX_NAMES];
} ai_rule;

/* An op row's rules, resolved on its first op: reading the rules' text
 * and comparing field names at every op showed in the profile. */
typedef struct ai_plan {
	int source;         /* the operand a TENSOR_VIEW rule names, or -1 */
	uint32_t n_rules;
	ai_rule rules[];
} ai_plan;

/* The rule's fields that the custom form has a slot for (all of an op it
 * parses: asm_custom.c refuses rows of more fields). */
static void resolve(const bcx_tileir_opinfo *info, const char *names, ai_rule *r)
{
	uint8_t all[TIR_RULE_MAX_NAMES];
	int n = tir_rule_fields(info, names, all, TIR_RULE_MAX_NAMES);
	for (int i = 0; i < n; i++)
		if (all[i] < AC_MAX_FIELDS)
			r->field[r->n++] = all[i];
}

static ai_plan *make_plan(asm_parser *p, const bcx_tileir_opinfo *info)
{
	const tir_rule_src *src = tir_rules_of(info->opcode);
	uint32_t n = 0;
	while (src[n].kind != VR_END)
		n++;
	ai_plan *pl = bcx_arena_calloc(p->keep, 1, sizeof *pl + (size_t)n * sizeof pl->rules[0]);
	if (!pl)
		return NULL;
	pl->n_rules = n;
	pl->source = -1;
	for (uint32_t i = 0; i < n; i++) {
		ai_rule *r = &pl->rules[i];
		r->kind = src[i].kind;
		if (src[i].names)
			resolve(info, src[i].names, r);
		for (unsigned k = 0; k < r->n && r->kind == VR_TENSOR_VIEW; k++)
			if (info->fields[r->field[k]].kind == BCX_TILEIR_F_OPERAND)
				pl->source = r->field[k];
	}
	return pl;
}

static const ai_plan *plan_of(asm_parser *p, const bcx_tileir_opinfo *info)
{
	size_t row = (size_t)(info - bcx_tileir_op_at(0));
	if (!p->op_infer && !(p->op_infer = bcx_arena_calloc(p->keep, bcx_tileir_op_count(),
							      sizeof *p->op_infer)))
		return NULL;
	if (!p->op_infer[row])
		p->op_infer[row] = make_plan(p, info);
	return p->op_infer[row];
}

/* The type the text gave any of the rule's fields, or BCX_TILEIR_NONE. */
static bcx_tileir_build_type given(const ac_walk *w, const ai_rule *r)
{
	bcx_tileir_build_type t = BCX_TILEIR_NONE;
	for (unsigned i = 0; i < r->n && t == BCX_TILEIR_NONE; i++) {
		const ac_field *f = &w->f[r->field[i]];
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

/* A view op's source (its field src, the operand its row's TENSOR_VIEW
 * rule names): the tensor_view its result type holds. */
static void view_source(ac_walk *w, int src)
{
	int res = -1;
	for (unsigned k = 0; k < w->info->n_fields && k < AC_MAX_FIELDS; k++)
		if (w->info->fields[k].kind == BCX_TILEIR_F_RESULT && w->f[k].n_types == 1)
			res = (int)k;
	if (res < 0 || src < 0 || w->f[src].n != 1 || w->f[src].refs[0].type != BCX_TILEIR_NONE)
		return;
	const bcx_tileir_type *v = tb_type(w->p->m, w->f[res].types[0]);
	if (v->tag == BCX_TILEIR_T_PARTITION_VIEW || v->tag == BCX_TILEIR_T_STRIDED_VIEW ||
	    v->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW)
		w->f[src].refs[0].type = v->elem;
}

bcx_status ac_infer_types(ac_walk *w)
{
	const ai_plan *pl = plan_of(w->p, w->info);
	if (!pl)
		return ap_nomem(w->p);
	if (pl->source >= 0)
		view_source(w, pl->source);
	for (uint32_t j = 0; j < pl->n_rules; j++) {
		const ai_rule *r = &pl->rules[j];
		bcx_tileir_build_type t;
		if (r->kind == VR_SAME_TYPE)
			t = given(w, r);
		else
			BCX_TRY(fixed_type(w->p, r->kind, &t));
		if (t == BCX_TILEIR_NONE)
			continue;
		for (unsigned i = 0; i < r->n; i++) {
			const ac_field *f = &w->f[r->field[i]];
			if (w->info->fields[r->field[i]].kind != BCX_TILEIR_F_OPERAND)
				continue;
			for (uint32_t k = 0; k < f->n; k++)
				if (f->refs[k].type == BCX_TILEIR_NONE)
					f->refs[k].type = t;
		}
	}
	return BCX_OK;
}
