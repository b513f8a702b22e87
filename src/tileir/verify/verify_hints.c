/* Optimization hints (facts from the reference's Attributes.cpp,
 * OptimizationHintsAttr::verifyWithOp and verifyParamWithContext).
 *
 * Every entry must be a dictionary: that check is always on. The keys and
 * values are checked only when asked (bcx_tileir_verify_options.hints), as
 * the reference checks them only under -Wunsupported-hints -Werr-hints:
 * each problem is reported, then the op's "Optimization hints verification
 * failed". */
#include "tileir/print/print.h"
#include "tileir/verify/verify.h"

#include <string.h>

static const char *const archs[] = {"sm_80",  "sm_86",  "sm_87",  "sm_88",
				    "sm_89",  "sm_90",  "sm_100", "sm_103",
				    "sm_110", "sm_120", "sm_121", "default"};

static bool str_is(bcx_tileir_str s, const char *z)
{
	size_t n = strlen(z);
	return s.len == n && (n == 0 || memcmp(s.ptr, z, n) == 0);
}

static bool known_arch(bcx_tileir_str s)
{
	for (size_t i = 0; i < sizeof archs / sizeof archs[0]; i++)
		if (str_is(s, archs[i]))
			return true;
	return false;
}

/* An IntegerAttr's value as getInt() gives it (sign-extended from its
 * width); a BoolAttr is an i1 IntegerAttr. */
static bool int_value(const vf_ctx *v, const bcx_tileir_attr *a, int64_t *out)
{
	if (a->kind == BCX_TILEIR_A_BOOL) {
		*out = a->u ? -1 : 0;
		return true;
	}
	if (a->kind != BCX_TILEIR_A_INTEGER)
		return false;
	unsigned bits = vf_tag(v, a->type) == BCX_TILEIR_T_I1 ? 1 : 0;
	const bcx_tileir_type *t = vf_ty(v, a->type);
	static const unsigned widths[] = {[BCX_TILEIR_T_I8] = 8, [BCX_TILEIR_T_I16] = 16,
					  [BCX_TILEIR_T_I32] = 32, [BCX_TILEIR_T_I64] = 64};
	if (!bits && t && t->tag < sizeof widths / sizeof widths[0])
		bits = widths[t->tag];
	uint64_t u = a->u;
	if (bits && bits < 64 && (u >> (bits - 1)) & 1)
		u |= ~UINT64_C(0) << bits;
	*out = (int64_t)u;
	return true;
}

static bool is_bool(const vf_ctx *v, const bcx_tileir_attr *a)
{
	return a->kind == BCX_TILEIR_A_BOOL ||
	       (a->kind == BCX_TILEIR_A_INTEGER && vf_tag(v, a->type) == BCX_TILEIR_T_I1);
}

static bool pow2_at_most(uint64_t x, uint64_t max) { return x && x <= max && !(x & (x - 1)); }

/* The keys each op allows, from its row (TIR_HINT_KEYS), NULL-ended; an
 * op whose row lists none allows any. */
#define TIR_FIELD(...)
#define TIR_HINT_KEYS(...) __VA_ARGS__,
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) \
	static const char *const hint_keys_##id[] = {__VA_ARGS__ NULL};
#include "tileir/model/ops.def"
#undef TIR_OP
#define TIR_OP(code, id, ...) [code] = hint_keys_##id,
static const char *const *const hint_keys[256] = {
#include "tileir/model/ops.def"
};
#undef TIR_OP
#undef TIR_FIELD

static bool key_allowed(bcx_tileir_str key, unsigned opcode)
{
	const char *const *k = opcode < 256 ? hint_keys[opcode] : NULL;
	if (!k || !*k)
		return true;
	for (; *k; k++)
		if (str_is(key, *k))
			return true;
	return false;
}

/* A value's problem for a known key: the text before " for CTX.KEY", or
 * NULL when the value is good. */
static const char *value_problem(const vf_ctx *v, bcx_tileir_str ctx, bcx_tileir_str key,
				 const bcx_tileir_attr *a)
{
	int64_t x = 0;
	bool is_int = int_value(v, a, &x);
	if (str_is(key, "allow_tma"))
		return is_bool(v, a) ? NULL : "boolean value expected";
	if (!is_int)
		return "integer value expected";
	if (str_is(key, "num_cta_in_cga")) {
		/* Ampere and Ada have no CTA clusters. */
		if (ctx.len >= 5 && memcmp(ctx.ptr, "sm_8", 4) == 0 && x != 1)
			return "expected 1";
		return pow2_at_most((uint64_t)x, 16) ? NULL : "expected power-of-two \xe2\x89\xa4 16";
	}
	if (str_is(key, "num_worker_warps_per_cta")) {
		uint32_t w = (uint32_t)x; /* the reference keeps an int */
		return w && (int32_t)w <= 32 && !(w & (w - 1)) ? NULL
							     : "expected power-of-two \xe2\x89\xa4 32";
	}
	if (str_is(key, "occupancy"))
		return x >= 1 && x <= 32 ? NULL : "integer value in the range [1, 32] is expected";
	return x >= 1 && x <= 10 ? NULL : "integer value in the range [1, 10] is expected";
}

/* Every key some op's row allows (TIR_HINT_KEYS), NULL-ended: the keys
 * the reference knows a value rule for. */
#define TIR_FIELD(...)
#define TIR_HINT_KEYS(...) __VA_ARGS__,
#define TIR_OP(code, id, since, rc, mode, nreg, fsince, traits, ...) __VA_ARGS__
static const char *const any_op_keys[] = {
#include "tileir/model/ops.def"
	NULL};
#undef TIR_OP
#undef TIR_FIELD

static bool known_param(bcx_tileir_str key)
{
	for (const char *const *k = any_op_keys; *k; k++)
		if (str_is(key, *k))
			return true;
	return false;
}

/* One parameter of context ctx; false when it was reported. */
static bool check_param(vf_ctx *v, bcx_tileir_str ctx, bcx_tileir_str key,
			const bcx_tileir_attr *a, unsigned opcode)
{
	const char *p = NULL;
	vf_begin(v, false);
	if (!key_allowed(key, opcode)) {
		vf_printf(v, "%.*s is not known hint for current Operation", (int)key.len,
			  (const char *)key.ptr);
	} else if (!known_param(key)) {
		vf_printf(v, "unknown param %.*s for %.*s", (int)key.len, (const char *)key.ptr,
			  (int)ctx.len, (const char *)ctx.ptr);
	} else if ((p = value_problem(v, ctx, key, a)) != NULL) {
		vf_printf(v, "%s for %.*s.%.*s", p, (int)ctx.len, (const char *)ctx.ptr,
			  (int)key.len, (const char *)key.ptr);
	} else {
		return true;
	}
	vf_end(v);
	return false;
}

/* The keys and values of one architecture's dictionary. */
static bool check_context(vf_ctx *v, bcx_tileir_str ctx, const bcx_tileir_attr *d,
			  unsigned opcode)
{
	if (!known_arch(ctx)) {
		vf_begin(v, false);
		vf_printf(v, "unknown hint key %.*s", (int)ctx.len, (const char *)ctx.ptr);
		vf_end(v);
		return false;
	}
	bool ok = true;
	for (uint32_t i = 0; i < d->n; i++) {
		bcx_tileir_str key = bcx_tileir_string(v->m, d->keys[i]);
		ok &= check_param(v, ctx, key, &d->elems[i], opcode);
	}
	return ok;
}

/* "'cuda_tile.NAME' op ": an entry's hints are checked with no op walked. */
static void op_begin(vf_ctx *v, unsigned opcode)
{
	vf_begin(v, false);
	vf_printf(v, "'cuda_tile.%s' op ", bcx_tileir_op_info(opcode)->name);
}

bool vf_check_hints(vf_ctx *v, const bcx_tileir_attr *h, unsigned opcode)
{
	if (!h || (h->kind != BCX_TILEIR_A_HINTS && h->kind != BCX_TILEIR_A_DICT))
		return true;
	for (uint32_t i = 0; i < h->n; i++) {
		const bcx_tileir_attr *e = &h->elems[i];
		if (e->kind == BCX_TILEIR_A_DICT || e->kind == BCX_TILEIR_A_HINTS)
			continue;
		bcx_tileir_str key = bcx_tileir_string(v->m, h->keys[i]);
		op_begin(v, opcode);
		vf_printf(v, "expected dictionary attribute for optimization_hints entry `%.*s` got "
			     "value=", (int)key.len, (const char *)key.ptr);
		tir_print_attr(&v->msg, v->m, e, ELIDE_NEVER);
		vf_end(v);
		return false;
	}
	if (!v->hints)
		return true;
	bool ok = true;
	for (uint32_t i = 0; i < h->n; i++)
		ok &= check_context(v, bcx_tileir_string(v->m, h->keys[i]), &h->elems[i], opcode);
	if (!ok) {
		op_begin(v, opcode);
		vf_printf(v, "Optimization hints verification failed");
		vf_end(v);
	}
	return ok;
}
