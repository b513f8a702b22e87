/* Op verifiers of the arithmetic and conversion ops: rounding modes and
 * their modifiers, integer widths, the no-op conversion (the reference's
 * CudaTile.cpp and SharedVerifiers.h state these rules). */
#include "tileir/model/tables.h"
#include "tileir/verify/verify.h"

enum { RM_NEAREST_EVEN, RM_ZERO, RM_NEG_INF, RM_POS_INF, RM_APPROX, RM_FULL, RM_INT_TO_ZERO };

static unsigned rounding(const bcx_tileir_op *op, const char *name, unsigned dflt)
{
	const bcx_tileir_attr *a = vf_attr(op, name);
	return a ? (unsigned)a->u : dflt;
}

static bool unit(const bcx_tileir_op *op, const char *name) { return vf_attr(op, name) != NULL; }

static bool result_is_f32(const vf_ctx *v, const bcx_tileir_op *op)
{
	return vf_elem_tag(v, vf_res_type(v, op, 0)) == BCX_TILEIR_T_F32;
}

/* "<what> modifier only supported for f32 data type, but got: 'f16'" */
static bool modifier_f32(vf_ctx *v, const bcx_tileir_op *op, bool set, const char *what)
{
	if (!set || result_is_f32(v, op))
		return true;
	vf_begin(v, true);
	vf_printf(v, "%s modifier only supported for f32 data type, but got: ", what);
	vf_type(v, vf_elem(v, vf_res_type(v, op, 0)));
	vf_end(v);
	return false;
}

static void ieee_ftz(vf_ctx *v, const bcx_tileir_op *op)
{
	if (rounding(op, "rounding_mode", 0) > RM_POS_INF) {
		vf_op(v, "invalid rounding mode specified, expect one of [nearest_even, zero, "
			 "negative_inf, positive_inf]");
		return;
	}
	modifier_f32(v, op, unit(op, "flush_to_zero"), "flush_to_zero");
}

/* divf and sqrt: IEEE rounding, or approx / full, with flush_to_zero. */
static void div_sqrt(vf_ctx *v, const bcx_tileir_op *op, bool allow_full)
{
	unsigned r = rounding(op, "rounding_mode", 0);
	if (r > RM_FULL || (r == RM_FULL && !allow_full)) {
		vf_op(v, allow_full ? "invalid rounding mode specified, expect one of [nearest_even, "
				      "zero, negative_inf, positive_inf, approx, full]"
				    : "invalid rounding mode specified, expect one of [nearest_even, "
				      "zero, negative_inf, positive_inf, approx]");
		return;
	}
	if (!modifier_f32(v, op, unit(op, "flush_to_zero"), "flush_to_zero"))
		return;
	if (modifier_f32(v, op, r == RM_APPROX, "approx"))
		modifier_f32(v, op, r == RM_FULL, "full");
}

/* exp and tanh: approx or full only. */
static void approx_full(vf_ctx *v, const bcx_tileir_op *op)
{
	unsigned r = rounding(op, "rounding_mode", RM_FULL);
	if (r != RM_APPROX && r != RM_FULL) {
		vf_op(v, "invalid rounding mode specified, expect one of [approx, full]");
		if (op->opcode == BCX_TILEIR_OP_exp)
			return; /* tanh's verifier goes on after the message */
	}
	modifier_f32(v, op, r == RM_APPROX, "approx");
}

static void divi(vf_ctx *v, const bcx_tileir_op *op)
{
	unsigned r = rounding(op, "rounding", RM_ZERO);
	const bcx_tileir_attr *s = vf_attr(op, "signedness");
	if (r < RM_ZERO || r > RM_POS_INF)
		vf_op(v, "invalid rounding mode specified, expect one of [zero, negative_inf, "
			 "positive_inf]");
	else if (r == RM_NEG_INF && s && s->u == 0)
		vf_op(v, "rounding mode 'negative_inf' is not allowed with 'unsigned' flag");
}

static unsigned width(const vf_ctx *v, uint32_t tile)
{
	return tir_tag_bits(vf_elem_tag(v, tile));
}

static void int_width(vf_ctx *v, const bcx_tileir_op *op, bool extend)
{
	unsigned from = width(v, vf_opd_type(v, op, 0)), to = width(v, vf_res_type(v, op, 0));
	if (extend && to <= from)
		vf_op(v, "extending to smaller or identical integer");
	else if (!extend && to >= from)
		vf_op(v, "truncating to larger or identical integer");
}

static void ftof(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t to = vf_res_type(v, op, 0);
	unsigned r = rounding(op, "rounding_mode", RM_NEAREST_EVEN);
	if (vf_type_eq(v, vf_opd_type(v, op, 0), to))
		vf_op(v, "converting tiles must not be a no-op");
	else if (vf_elem_tag(v, to) == BCX_TILEIR_T_F8E8M0FNU) {
		if (r != RM_ZERO && r != RM_POS_INF)
			vf_op(v, "invalid rounding mode specified for conversion to f8E8M0FNU. "
				 "Only 'zero' and 'positive_inf' are supported");
	} else if (r != RM_NEAREST_EVEN) {
		vf_op(v, "invalid rounding mode specified. Only 'nearest_even' is supported");
	}
}

static void bitcast(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t from = vf_opd_type(v, op, 0), to = vf_res_type(v, op, 0);
	unsigned a = width(v, from), b = width(v, to);
	if (a == b)
		return;
	vf_begin(v, true);
	vf_printf(v, "types must be equal width, cannot convert ");
	vf_type(v, from);
	vf_printf(v, " of width %u to type ", a);
	vf_type(v, to);
	vf_printf(v, " of width %u", b);
	vf_end(v);
}

/* The ops' own verifiers (TIR_VERIFY in ops.def). */
void vf_ieee_ftz(vf_ctx *v, const bcx_tileir_op *op) { ieee_ftz(v, op); }
void vf_divf(vf_ctx *v, const bcx_tileir_op *op) { div_sqrt(v, op, true); }
void vf_sqrt(vf_ctx *v, const bcx_tileir_op *op) { div_sqrt(v, op, false); }
void vf_approx_full(vf_ctx *v, const bcx_tileir_op *op) { approx_full(v, op); }
void vf_ftz_f32(vf_ctx *v, const bcx_tileir_op *op)
{
	modifier_f32(v, op, unit(op, "flush_to_zero"), "flush_to_zero");
}
void vf_divi(vf_ctx *v, const bcx_tileir_op *op) { divi(v, op); }
void vf_exti(vf_ctx *v, const bcx_tileir_op *op) { int_width(v, op, true); }
void vf_trunci(vf_ctx *v, const bcx_tileir_op *op) { int_width(v, op, false); }
void vf_ftof(vf_ctx *v, const bcx_tileir_op *op) { ftof(v, op); }
void vf_bitcast(vf_ctx *v, const bcx_tileir_op *op) { bitcast(v, op); }

void vf_itof(vf_ctx *v, const bcx_tileir_op *op)
{
	if (vf_elem_tag(v, vf_res_type(v, op, 0)) == BCX_TILEIR_T_F8E8M0FNU)
		vf_op(v, "integer to f8E8M0FNU conversion is not supported, please first convert "
			 "to another float type");
	else if (rounding(op, "rounding_mode", 0) != RM_NEAREST_EVEN)
		vf_op(v, "invalid rounding mode specified. Only 'nearest_even' is supported");
}

void vf_ftoi(vf_ctx *v, const bcx_tileir_op *op)
{
	if (rounding(op, "rounding_mode", RM_INT_TO_ZERO) != RM_INT_TO_ZERO)
		vf_op(v, "invalid rounding mode specified. Only 'nearest_int_to_zero' is supported");
}

void vf_negi(vf_ctx *v, const bcx_tileir_op *op)
{
	const bcx_tileir_attr *o = vf_attr(op, "overflow");
	if (o && o->u == 2) /* no_unsigned_wrap */
		vf_op(v, "'no_unsigned_wrap' overflow flag is not supported");
}
