/* Loads and stores: the memory model of load_ptr_tko, store_ptr_tko,
 * load_view_tko and store_view_tko, the index and tile rules of a view
 * access, and atomic_red_view_tko (facts from the reference's
 * CudaTile.cpp, SharedVerifiers.h and Types.cpp: verifyMemoryModelLoad,
 * verifyViewLoadStoreCommon, each view type's verifyIndices). */
#include "tileir/print/print.h"
#include "tileir/verify/verify.h"

enum { ORDER_WEAK, ORDER_RELAXED, ORDER_ACQUIRE, ORDER_RELEASE };
enum { SCOPE_SYS = 2, MODE_XCHG = 9 };

/* Loads take weak, relaxed or acquire; stores weak, relaxed or release.
 * A weak access has no scope, the others need one. */
static bool memory_model(vf_ctx *v, const bcx_tileir_op *op, bool load)
{
	const bcx_tileir_attr *o = vf_attr(op, "memory_ordering_semantics");
	bool scope = vf_attr(op, "memory_scope") != NULL;
	uint64_t order = o ? o->u : ORDER_WEAK;
	if (order == ORDER_WEAK ? !scope : scope && (order == ORDER_RELAXED ||
						     order == (load ? ORDER_ACQUIRE : ORDER_RELEASE)))
		return true; /* the usual case, without looking up names */
	const char *name = bcx_tileir_enum_value(BCX_TILEIR_ENUM_MEM_ORDERING, order);
	const char *what = load ? "load" : "store";
	if (order != ORDER_WEAK && order != ORDER_RELAXED &&
	    order != (load ? ORDER_ACQUIRE : ORDER_RELEASE))
		return vf_op(v, "expect one of: weak, relaxed, or %s, but got: %s",
			     load ? "acquire" : "release", name ? name : "?");
	if (order == ORDER_WEAK && scope)
		return vf_op(v, "weak %s must not have memory scope", what);
	if (order != ORDER_WEAK && !scope)
		return vf_op(v, "memory scope is required for %s %s", name, what);
	return true;
}

/* The tile type a view accesses: its tile shape over the tensor_view's
 * element type (built here, it need not be in the type table). */
static uint32_t view_elem(const vf_ctx *v, uint32_t view)
{
	const bcx_tileir_type *t = vf_ty(v, view);
	const bcx_tileir_type *tv = t ? vf_ty(v, t->elem) : NULL;
	return tv ? tv->elem : UINT32_MAX - 1;
}

static bool is_view_tile(const vf_ctx *v, uint32_t view, uint32_t tile)
{
	return vf_is_tile(v, tile) && vf_same_shape(v, view, tile) &&
	       vf_type_eq(v, view_elem(v, view), vf_elem(v, tile));
}

static void print_view_tile(vf_ctx *v, uint32_t view)
{
	bcx_buf_puts(&v->msg, "'!cuda_tile.tile<");
	const int64_t *d = vf_dims(v, view);
	for (uint32_t i = 0, n = vf_rank(v, view); i < n; i++)
		bcx_buf_printf(&v->msg, "%lldx", (long long)d[i]);
	uint32_t e = view_elem(v, view);
	if (e < v->m->n_types)
		tir_print_type(&v->msg, v->m, e, false);
	bcx_buf_puts(&v->msg, ">'");
}

/* Partition and strided views: scalar indices of one type. */
static bool plain_indices(vf_ctx *v, const bcx_tileir_op *op, uint32_t at, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t t = vf_opd_type(v, op, at + i);
		if (!vf_is_tile(v, t) || vf_rank(v, t) != 0) {
			vf_begin(v, true);
			vf_printf(v, "expected index type to be a %s, got ",
				  vf_is_tile(v, t) ? "scalar tile" : "tile type");
			vf_type(v, t);
			vf_end(v);
			return false;
		}
	}
	for (uint32_t i = 1; i < n; i++) {
		uint32_t t0 = vf_opd_type(v, op, at), t = vf_opd_type(v, op, at + i);
		if (vf_type_eq(v, t0, t))
			continue;
		vf_begin(v, true);
		vf_printf(v, "expected index type %u to be the same as other index types (", i);
		vf_type(v, t0);
		vf_printf(v, "), got ");
		vf_type(v, t);
		vf_end(v);
		return false;
	}
	return true;
}

/* Gather/scatter views: a 1-D index tile at sparse_dim as long as the
 * tile's dimension there, scalar indices of one type elsewhere. */
static bool sparse_indices(vf_ctx *v, const bcx_tileir_op *op, uint32_t view, uint32_t at,
			   uint32_t n)
{
	uint32_t sd = vf_ty(v, view)->sparse_dim;
	if (sd >= n)
		return vf_op(v, "gather/scatter dimension %u is out of range for index count %u", sd,
			     n);
	uint32_t g = vf_opd_type(v, op, at + sd);
	if (!vf_is_tile(v, g))
		return vf_op(v, "expected index at sparse_dim position %u to be a tile type for "
				"GatherScatterView", sd);
	if (vf_rank(v, g) != 1)
		return vf_op(v, "expected index at sparse_dim position %u to be a 1D tensor for "
				"GatherScatterView, got rank %u", sd, vf_rank(v, g));
	int64_t size = vf_dims(v, g)[0], want = sd < vf_rank(v, view) ? vf_dims(v, view)[sd] : 0;
	if (size != want)
		return vf_op(v, "expected gather/scatter index size (%lld) to match tile shape at "
				"gather/scatter dimension %u (%lld)", (long long)size, sd,
			     (long long)want);
	uint32_t base = UINT32_MAX;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t t = vf_opd_type(v, op, at + i);
		if (i == sd)
			continue;
		if (!vf_is_tile(v, t) || vf_rank(v, t) != 0)
			return vf_op(v, "expected index %u to be a scalar tile for GatherScatterView",
				     i);
		if (base == UINT32_MAX) {
			base = t;
		} else if (!vf_type_eq(v, base, t)) {
			vf_begin(v, true);
			vf_printf(v, "expected scalar index %u to have the same type as other scalar "
				     "indices (", i);
			vf_type(v, base);
			vf_printf(v, "), got ");
			vf_type(v, t);
			vf_end(v);
			return false;
		}
	}
	return true;
}

/* load_view_tko / store_view_tko: one index per tile dimension of the
 * view, the view's tile type, the indices' types, then the hints. */
static bool view_access(vf_ctx *v, const bcx_tileir_op *op, bool load)
{
	uint32_t view = vf_opd_type(v, op, load ? 0 : 1), at = 0, n = 0;
	uint32_t tile = load ? vf_res_type(v, op, 0) : vf_opd_type(v, op, 0);
	vf_group(op, "index", &at, &n);
	if (n != vf_rank(v, view))
		return vf_op(v, "expected %u index operands (based on view type), got %u",
			     vf_rank(v, view), n);
	if (!is_view_tile(v, view, tile)) {
		vf_begin(v, true);
		vf_printf(v, "expected tile type to be ");
		print_view_tile(v, view);
		vf_printf(v, " (based on view type), got ");
		vf_type(v, tile);
		vf_end(v);
		return false;
	}
	bool gs = vf_tag(v, view) == BCX_TILEIR_T_GATHER_SCATTER_VIEW;
	if (n && !(gs ? sparse_indices(v, op, view, at, n) : plain_indices(v, op, at, n)))
		return false;
	return vf_check_hints(v, vf_attr(op, "optimization_hints"), op->opcode);
}

static bool red_view_types(vf_ctx *v, uint32_t view, uint32_t val)
{
	uint32_t ve = view_elem(v, view), e = vf_elem(v, val);
	if (!vf_type_eq(v, ve, e)) {
		vf_begin(v, true);
		vf_printf(v, "view element type (");
		vf_type(v, ve);
		vf_printf(v, ") must match value element type (");
		vf_type(v, e);
		vf_printf(v, ")");
		vf_end(v);
		return false;
	}
	if (vf_same_shape(v, view, val))
		return true;
	vf_begin(v, true);
	vf_printf(v, "view tile shape ");
	vf_shape(v, view);
	vf_printf(v, " must match value shape ");
	vf_shape(v, val);
	vf_printf(v, " for element-wise atomic operations");
	vf_end(v);
	return false;
}

static bool red_view_indices(vf_ctx *v, const bcx_tileir_op *op, uint32_t rank)
{
	uint32_t at = 0, n = 0;
	vf_group(op, "index", &at, &n);
	if (n != rank)
		return vf_op(v, "expected %u index operand(s) for view with tile rank %u, got %u",
			     rank, rank, n);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t t = vf_opd_type(v, op, at + i);
		if (vf_rank(v, t) != 0) {
			vf_begin(v, true);
			vf_printf(v, "index operand %u must be a scalar tile (rank 0), got shape ", i);
			vf_shape(v, t);
			vf_end(v);
			return false;
		}
	}
	return true;
}

static void atomic_red_view(vf_ctx *v, const bcx_tileir_op *op)
{
	uint32_t view = vf_opd_type(v, op, 0), at = 0, n = 0;
	vf_group(op, "value", &at, &n);
	uint32_t val = vf_opd_type(v, op, at);
	const bcx_tileir_attr *mode = vf_attr(op, "mode"), *order, *scope;
	order = vf_attr(op, "memory_ordering_semantics");
	scope = vf_attr(op, "memory_scope");
	if (vf_tag(v, view) == BCX_TILEIR_T_GATHER_SCATTER_VIEW) {
		vf_op(v, "gather_scatter_view is not supported; use partition_view instead");
	} else if (vf_ty(v, view) && vf_ty(v, view)->has_padding) {
		vf_op(v, "views with padding_value are not supported for atomic reductions");
	} else if (!red_view_types(v, view, val)) {
		return;
	} else if (mode && mode->u == MODE_XCHG) {
		vf_op(v, "atomic_red_view_tko op cannot use xchg operation");
	} else if (mode && !vf_atomic_mode(v, (unsigned)mode->u, vf_elem(v, val))) {
		return;
	} else if (order && order->u != ORDER_RELAXED) {
		vf_op(v, "only 'relaxed' memory ordering is supported for view-based atomic "
			 "reductions");
	} else if (scope && scope->u == SCOPE_SYS) {
		vf_op(v, "memory scope 'sys' is not supported for view-based atomic reductions; "
			 "use 'tl_blk' or 'device' for TMA compatibility");
	} else {
		red_view_indices(v, op, vf_rank(v, view));
	}
}

/* The ops' own verifiers (TIR_VERIFY in ops.def). */
void vf_ptr_access(vf_ctx *v, const bcx_tileir_op *op)
{
	if (vf_check_hints(v, vf_attr(op, "optimization_hints"), op->opcode))
		memory_model(v, op, op->opcode == BCX_TILEIR_OP_load_ptr_tko);
}

void vf_view_access(vf_ctx *v, const bcx_tileir_op *op)
{
	if (view_access(v, op, op->opcode == BCX_TILEIR_OP_load_view_tko))
		memory_model(v, op, op->opcode == BCX_TILEIR_OP_load_view_tko);
}

void vf_atomic_red_view(vf_ctx *v, const bcx_tileir_op *op) { atomic_red_view(v, op); }
