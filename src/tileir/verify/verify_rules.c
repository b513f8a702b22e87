/* The table rules of ops.def (TIR_RULE rows): type classes, as the
 * reference's ODS argument constraints state them, and relations among
 * an op's values, as its traits (AllTypesMatch, SameOperandsAndResultShape,
 * ...) state them. The messages are the ones MLIR's generated verifiers
 * give, so a report can be compared with the reference's word for word. */
#include "tileir/verify/verify.h"
#include "tileir/model/rules.h"

#include <string.h>

typedef struct vf_class {
	const char *prefix;
	int rank;               /* -1: any */
	uint32_t mask;          /* element tags allowed */
	const uint8_t *order;   /* the same, in the summary's order */
	uint8_t n;
} vf_class;

#define T(x) BCX_TILEIR_T_##x,
#define X(id, p, r, tags) static const uint8_t order_##id[] = {tags};
VF_CLASSES(X)
#undef X
#undef T
#define T(x) | (1u << BCX_TILEIR_T_##x)
#define X(id, p, r, tags) [VR_##id - VR_CLASS0 - 1] = {p, r, 0 tags, order_##id, sizeof order_##id},
static const vf_class classes[] = {VF_CLASSES(X)};
#undef X
#undef T

static const struct {
	uint8_t tag;
	const char *summary;
} kinds[] = {
#define X(id, tag, s) [VR_##id - VR_TILE] = {BCX_TILEIR_T_##tag, s},
	VF_KINDS(X)
#undef X
};

/* ---- the rules of ops.def, by op row ---- */


static size_t count_rules(void)
{
	size_t n = 0;
	for (unsigned c = 0; c < 256; c++)
		for (const tir_rule_src *r = tir_rules_of(c); r->kind != VR_END; r++)
			n++;
	return n;
}

/* One memo slot: a key that passed (vf_check_rules). */
struct vf_memo {
	uint32_t n;                  /* key words; 0 = empty */
	uint32_t w[VF_MEMO_WORDS];
};

void vf_rules_free(vf_ctx *v)
{
	bcx_free(v->m->opts.alloc, v->rules, v->n_rules * sizeof *v->rules);
	bcx_free(v->m->opts.alloc, v->memo, VF_MEMO_SLOTS * sizeof *v->memo);
	v->rules = NULL;
	v->memo = NULL;
}

/* Resolve every row's names to field numbers once per verification. */
bcx_status vf_rules_init(vf_ctx *v)
{
	v->n_rules = count_rules();
	v->rules = bcx_alloc(v->m->opts.alloc, v->n_rules * sizeof *v->rules);
	v->memo = bcx_alloc(v->m->opts.alloc, VF_MEMO_SLOTS * sizeof *v->memo);
	if (!v->rules || !v->memo)
		return BCX_ERR_NOMEM;
	memset(v->memo, 0, VF_MEMO_SLOTS * sizeof *v->memo);
	size_t n = 0;
	for (unsigned c = 0; c < 256; c++) {
		const bcx_tileir_opinfo *info = bcx_tileir_op_info((uint32_t)c);
		v->first[c] = (uint16_t)n;
		for (const tir_rule_src *r = tir_rules_of(c); r->kind != VR_END; r++) {
			vf_rule *o = &v->rules[n++];
			*o = (vf_rule){r->kind, 0, {0}, r->names};
			int k = tir_rule_fields(info, r->names, o->field, sizeof o->field);
			/* layout() places at most 32 fields (ops.def rows have fewer) */
			if (k < 0 || info->n_fields > 32)
				return bcx_diag_set(v->diag, BCX_ERR_UNSUPPORTED, 0,
						    "op table: rule '%s' of cuda_tile.%s does not "
						    "resolve to its fields", r->names, info->name);
			o->n = (uint8_t)k;
			v->pure[c] |= r->kind == VR_PURE;
		}
		v->count[c] = (uint16_t)(n - v->first[c]);
	}
	return BCX_OK;
}

/* ---- the values a field names in one op ---- */

typedef struct vals {
	bool result;       /* results, else operands */
	bool variadic;
	uint32_t first, n; /* index of the first, count */
} vals;

/* Where each field's values are in op, all fields in one pass (the rules
 * of a row name several fields; this runs once per op). */
#define VF_MAX_FIELDS 32
static void layout(const bcx_tileir_op *op, vals *out)
{
	const bcx_tileir_opinfo *info = op->info;
	uint32_t res = 0, fixed_res = 0, opd = 0, g = 0;
	unsigned n = info->n_fields < VF_MAX_FIELDS ? info->n_fields : VF_MAX_FIELDS;
	for (unsigned k = 0; k < n; k++)
		fixed_res += info->fields[k].kind == BCX_TILEIR_F_RESULT &&
			     info->fields[k].mult != BCX_TILEIR_VARIADIC;
	for (unsigned k = 0; k < n; k++) {
		const bcx_tileir_field *f = &info->fields[k];
		bool var = f->mult == BCX_TILEIR_VARIADIC;
		out[k] = (vals){false, false, 0, 0};
		if (f->kind == BCX_TILEIR_F_RESULT) {
			uint32_t c = var ? (op->n_results > fixed_res ? op->n_results - fixed_res : 0) : 1;
			if (res + c > op->n_results)
				c = res < op->n_results ? op->n_results - res : 0;
			out[k] = (vals){true, var, res, c};
			res += c;
		} else if (f->kind == BCX_TILEIR_F_OPERAND) {
			uint32_t c = op->segments[g++];
			out[k] = (vals){false, var, opd, c};
			opd += c;
		}
	}
}

static uint32_t val_type(const vf_ctx *v, const bcx_tileir_op *op, const vals *x, uint32_t i)
{
	return x->result ? vf_res_type(v, op, x->first + i) : vf_opd_type(v, op, x->first + i);
}

/* ---- type classes ---- */

static bool in_class(const vf_ctx *v, unsigned kind, uint32_t t)
{
	if (kind == VR_TILE_VIEW)
		return vf_is_view(v, t);
	if (kind < VR_CLASS0)
		return vf_tag(v, t) == kinds[kind - VR_TILE].tag;
	const vf_class *c = &classes[kind - VR_CLASS0 - 1];
	if (!vf_is_tile(v, t) || (c->rank >= 0 && vf_rank(v, t) != (uint32_t)c->rank))
		return false;
	unsigned et = vf_elem_tag(v, t);
	return et < 32 && (c->mask >> et) & 1;
}

static void class_summary(vf_ctx *v, unsigned kind)
{
	if (kind == VR_TILE_VIEW) {
		vf_printf(v, "TileView instance");
		return;
	}
	if (kind < VR_CLASS0) {
		vf_printf(v, "%s", kinds[kind - VR_TILE].summary);
		return;
	}
	const vf_class *c = &classes[kind - VR_CLASS0 - 1];
	vf_printf(v, "%s of ", c->prefix);
	for (unsigned i = 0; i < c->n; i++) {
		const char *name = c->order[i] == BCX_TILEIR_T_POINTER
					   ? "Pointer type"
					   : bcx_tileir_type_tag_name(c->order[i]);
		vf_printf(v, "%s%s", i ? " or " : "", name);
	}
	vf_printf(v, " values");
}

static bool check_class(vf_ctx *v, const bcx_tileir_op *op, const vals *L, const vf_rule *r)
{
	bool ok = true;
	for (unsigned i = 0; i < r->n; i++) {
		vals x = L[r->field[i]];
		for (uint32_t k = 0; k < x.n; k++) {
			uint32_t t = val_type(v, op, &x, k);
			if (in_class(v, r->kind, t))
				continue;
			vf_begin(v, true);
			vf_printf(v, "%s #%u must be %s", x.result ? "result" : "operand", x.first + k,
				  x.variadic ? "variadic of " : "");
			class_summary(v, r->kind);
			vf_printf(v, ", but got ");
			vf_type(v, t);
			vf_end(v);
			ok = false;
		}
	}
	return ok;
}

/* ---- relations ---- */

/* Does value (a, i) agree with value (b, j) for the relation? */
static bool agree(const vf_ctx *v, unsigned kind, uint32_t a, uint32_t b)
{
	switch (kind) {
	case VR_SAME_TYPE:
		return vf_type_eq(v, a, b);
	case VR_SAME_SHAPE:
	case VR_ALL_SHAPE:
	case VR_OPD_SHAPE:
		return vf_same_shape(v, a, b);
	case VR_SAME_RANK:
		return vf_rank(v, a) == vf_rank(v, b);
	default: /* element types */
		return vf_type_eq(v, vf_elem(v, a), vf_elem(v, b));
	}
}

static const char *relation_text(unsigned kind)
{
	switch (kind) {
	case VR_SAME_TYPE: return "have same type";
	case VR_SAME_SHAPE: return "have same shape";
	case VR_SAME_RANK: return "have same rank";
	default: return "have the same element type";
	}
}

/* AllTypesMatch over variadic groups compares the groups as type lists. */
static bool lists_agree(const vf_ctx *v, const bcx_tileir_op *op, const vals *L, const vf_rule *r)
{
	vals x0 = L[r->field[0]];
	for (unsigned i = 1; i < r->n; i++) {
		vals x = L[r->field[i]];
		if (x.n != x0.n)
			return false;
		for (uint32_t k = 0; k < x.n; k++)
			if (!agree(v, r->kind, val_type(v, op, &x0, k), val_type(v, op, &x, k)))
				return false;
	}
	return true;
}

static bool all_agree(const vf_ctx *v, const bcx_tileir_op *op, const vals *L, const vf_rule *r)
{
	bool any_variadic = false;
	for (unsigned i = 0; i < r->n; i++)
		any_variadic |= op->info->fields[r->field[i]].mult == BCX_TILEIR_VARIADIC;
	if (any_variadic && r->kind != VR_OPD_SHAPE)
		return lists_agree(v, op, L, r);
	bool have = false;
	uint32_t first = 0;
	for (unsigned i = 0; i < r->n; i++) {
		vals x = L[r->field[i]];
		for (uint32_t k = 0; k < x.n; k++) {
			uint32_t t = val_type(v, op, &x, k);
			if (have && !agree(v, r->kind, first, t))
				return false;
			first = have ? first : t;
			have = true;
		}
	}
	return true;
}

/* The load/store traits (TypesMatchWith in the reference): a pointer tile
 * for a value tile, a mask's shape, a padding value's type. An optional
 * operand that is absent satisfies them. */
static bool ls_holds(const vf_ctx *v, unsigned kind, uint32_t a, uint32_t b)
{
	if (!vf_is_tile(v, a) || !vf_is_tile(v, b))
		return false;
	if (kind == VR_MASK_SHAPE)
		return vf_same_shape(v, a, b);
	if (kind == VR_PAD_TYPE)
		return vf_type_eq(v, a, b);
	const bcx_tileir_type *p = vf_ty(v, vf_elem(v, b)); /* PTR_OF: a value, b pointers */
	return p && p->tag == BCX_TILEIR_T_POINTER && vf_same_shape(v, a, b) &&
	       vf_type_eq(v, p->elem, vf_elem(v, a));
}

static bool check_load_store(vf_ctx *v, const bcx_tileir_op *op, const vals *L, const vf_rule *r)
{
	vals a = L[r->field[0]], b = L[r->field[1]];
	if (r->n < 2 || a.n != 1 || b.n != 1 ||
	    ls_holds(v, r->kind, val_type(v, op, &a, 0), val_type(v, op, &b, 0)))
		return true;
	const char *x = op->info->fields[r->field[0]].name, *y = op->info->fields[r->field[1]].name;
	if (r->kind == VR_PTR_OF)
		return vf_op(v, "failed to verify that `%s` type is expected a pointer type of `%s` "
				"type", y, x);
	return vf_op(v, "failed to verify that %s of '%s' must match the %s of '%s'",
		     r->kind == VR_MASK_SHAPE ? "shape" : "type", x,
		     r->kind == VR_MASK_SHAPE ? "shape" : "type", y);
}

static bool check_relation(vf_ctx *v, const bcx_tileir_op *op, const vals *L, const vf_rule *r)
{
	if (r->kind == VR_I1_SHAPE) {
		vals a = L[r->field[0]], b = L[r->field[1]];
		if (a.n != 1 || b.n != 1)
			return true;
		uint32_t ta = val_type(v, op, &a, 0), tb = val_type(v, op, &b, 0);
		if (vf_same_shape(v, ta, tb) && vf_elem_tag(v, tb) == BCX_TILEIR_T_I1)
			return true;
		return vf_op(v, "failed to verify that Result type has i1 element type and "
				"same shape as operands");
	}
	if (r->kind >= VR_PTR_OF)
		return check_load_store(v, op, L, r);
	if (all_agree(v, op, L, r))
		return true;
	switch (r->kind) {
	case VR_ALL_SHAPE:
		return vf_op(v, "requires the same shape for all operands and results");
	case VR_ALL_ELEM:
		return vf_op(v, "requires the same element type for all operands and results");
	case VR_OPD_SHAPE:
		return vf_op(v, "requires the same shape for all operands");
	default:
		return vf_op(v, "failed to verify that all of {%s} %s", r->names,
			     relation_text(r->kind));
	}
}

/* Relations that are MLIR native traits (SameOperandsAndResultShape,
 * SameOperandsAndResultElementType, SameOperandsShape): verified after the
 * op's generated verifier (the OpInvariants trait comes first among the
 * traits), which checks the predicate traits (AllTypesMatch, AllRanksMatch,
 * TypesMatchWith, ...). */
static bool native_trait(unsigned kind)
{
	return kind == VR_ALL_SHAPE || kind == VR_ALL_ELEM || kind == VR_OPD_SHAPE;
}

/* Every rule of the row, on op, in MLIR's order: classes first (operands,
 * then results, as the generated verifier checks them), then the predicate
 * relations, then the native ones, each in the row's order; the first
 * relation that fails ends the op's checks, as a failed trait does. A
 * relation is only checked when the classes hold, as MLIR's traits assume
 * well-typed values. */
static bool check_all(vf_ctx *v, const bcx_tileir_op *op, const vf_rule *r, unsigned n, vals *L)
{
	bool ok = true;
	layout(op, L);
	for (unsigned i = 0; i < n; i++)
		if (r[i].kind > VR_PURE)
			ok &= check_class(v, op, L, &r[i]);
	for (int native = 0; native < 2; native++)
		for (unsigned i = 0; i < n && ok; i++)
			if (r[i].kind < VR_PURE && native_trait(r[i].kind) == native)
				ok &= check_relation(v, op, L, &r[i]);
	return ok;
}

/* ---- a memo of passes ----
 * The table rules read nothing but the op's opcode, group sizes and the
 * types of its operands and results, and a module repeats the same few
 * combinations thousands of times: a combination that passed once passes
 * again. The whole key is kept and compared, so a hit is never a guess. */

/* The key of op in w (opcode, counts, group sizes, types): its length, or
 * 0 when it does not fit. */
static uint32_t memo_key(const vf_ctx *v, const bcx_tileir_op *op, uint32_t *w)
{
	uint32_t groups = op->info->n_operands, n = 3 + groups + op->n_results + op->n_operands;
	if (n > VF_MEMO_WORDS || (groups && !op->segments))
		return 0;
	uint32_t k = 0;
	w[k++] = op->opcode;
	w[k++] = op->n_results;
	w[k++] = op->n_operands;
	for (uint32_t i = 0; i < groups; i++)
		w[k++] = op->segments[i];
	for (uint32_t i = 0; i < op->n_results; i++)
		w[k++] = op->result_types[i];
	for (uint32_t i = 0; i < op->n_operands; i++)
		w[k++] = vf_opd_type(v, op, i);
	return n;
}

static vf_memo *memo_slot(vf_ctx *v, const uint32_t *w, uint32_t n)
{
	uint32_t h = 2166136261u;
	for (uint32_t i = 0; i < n; i++)
		h = (h ^ w[i]) * 16777619u;
	return &v->memo[(h ^ (h >> 15)) & (VF_MEMO_SLOTS - 1)];
}

bool vf_check_rules(vf_ctx *v, const bcx_tileir_op *op)
{
	if (op->opcode >= 256)
		return true;
	const vf_rule *r = v->rules + v->first[op->opcode];
	unsigned n = v->count[op->opcode];
	bool ok = true;
	vals L[VF_MAX_FIELDS];
	if (n == 0 || (n == 1 && r->kind == VR_PURE))
		return true;
	uint32_t key[VF_MEMO_WORDS], nk = v->memo ? memo_key(v, op, key) : 0;
	vf_memo *slot = nk ? memo_slot(v, key, nk) : NULL;
	if (slot && slot->n == nk && memcmp(slot->w, key, nk * sizeof *key) == 0)
		return true;
	ok = check_all(v, op, r, n, L);
	if (ok && slot) {
		slot->n = nk;
		memcpy(slot->w, key, nk * sizeof *key);
	}
	return ok;
}
