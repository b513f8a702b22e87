/* Strings, identifiers and types in MLIR's text syntax (spec §21.2). */
#include "common/internal.h"
#include "tileir/print/print.h"
#include "mlir/text.h"

static void print_dims(bcx_buf *o, const int64_t *d, uint32_t n, const char *sep)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			bcx_buf_puts(o, sep);
		if (d[i] == BCX_TILEIR_DYNAMIC)
			bcx_buf_add_u8(o, '?');
		else
			bcx_buf_put_idec(o, d[i]);
	}
}

static void print_tensor_view(bcx_buf *o, const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	BCX_BUF_LIT(o, "tensor_view<");
	print_dims(o, t->shape, t->rank, "x");
	if (t->rank)
		bcx_buf_add_u8(o, 'x');
	tir_print_type(o, m, t->elem, false);
	if (t->rank) {
		BCX_BUF_LIT(o, ", strides=[");
		print_dims(o, t->strides, t->n_strides, ",");
		bcx_buf_add_u8(o, ']');
	}
	bcx_buf_add_u8(o, '>');
}

static bool identity_map(const bcx_tileir_type *t)
{
	for (uint32_t i = 0; i < t->n_dim_map; i++)
		if (t->dim_map[i] != (int32_t)i)
			return false;
	return true;
}

static void print_view(bcx_buf *o, const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	bcx_buf_printf(o, "%s<tile=(", bcx_tileir_type_tag_name(t->tag));
	print_dims(o, t->shape, t->rank, "x");
	BCX_BUF_LIT(o, "), ");
	if (t->tag == BCX_TILEIR_T_STRIDED_VIEW) {
		BCX_BUF_LIT(o, "traversal_strides=[");
		print_dims(o, t->strides, t->n_strides, ",");
		BCX_BUF_LIT(o, "], ");
	}
	if (t->has_padding)
		bcx_buf_printf(o, "padding_value = %s, ",
			       bcx_tileir_enum_value(BCX_TILEIR_ENUM_PADDING, t->padding_value));
	tir_print_type(o, m, t->elem, false);
	if (t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW) {
		bcx_buf_printf(o, ", sparse_dim=%u", t->sparse_dim);
	} else if (!identity_map(t)) {
		BCX_BUF_LIT(o, ", dim_map=[");
		for (uint32_t i = 0; i < t->n_dim_map; i++)
			bcx_buf_printf(o, "%s%d", i ? ", " : "", t->dim_map[i]);
		bcx_buf_add_u8(o, ']');
	}
	bcx_buf_add_u8(o, '>');
}

static void print_function_type(bcx_buf *o, const bcx_tileir_module *m, const bcx_tileir_type *t)
{
	bcx_buf_add_u8(o, '(');
	for (uint32_t i = 0; i < t->n_inputs; i++) {
		if (i)
			BCX_BUF_LIT(o, ", ");
		tir_print_type(o, m, t->params[i], true);
	}
	BCX_BUF_LIT(o, ") -> ");
	if (t->n_outputs != 1)
		bcx_buf_add_u8(o, '(');
	for (uint32_t i = 0; i < t->n_outputs; i++) {
		if (i)
			BCX_BUF_LIT(o, ", ");
		tir_print_type(o, m, t->params[t->n_inputs + i], true);
	}
	if (t->n_outputs != 1)
		bcx_buf_add_u8(o, ')');
}

void tir_print_type(bcx_buf *o, const bcx_tileir_module *m, uint32_t type, bool prefix)
{
	if (type == BCX_TILEIR_TYPE_IMPLICIT_TOKEN || type >= m->n_types) {
		bcx_buf_puts(o, prefix ? "!cuda_tile.token" : "token");
		return;
	}
	const bcx_tileir_type *t = &m->types[type];
	bool dialect = t->tag >= BCX_TILEIR_T_POINTER && t->tag <= BCX_TILEIR_T_TOKEN &&
		       t->tag != BCX_TILEIR_T_FUNCTION;
	dialect |= t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW || t->tag == BCX_TILEIR_T_STRIDED_VIEW;
	if (dialect && prefix)
		BCX_BUF_LIT(o, "!cuda_tile.");
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
		BCX_BUF_LIT(o, "ptr<");
		tir_print_type(o, m, t->elem, false);
		bcx_buf_add_u8(o, '>');
		break;
	case BCX_TILEIR_T_TILE:
		BCX_BUF_LIT(o, "tile<");
		print_dims(o, t->shape, t->rank, "x");
		if (t->rank)
			bcx_buf_add_u8(o, 'x');
		tir_print_type(o, m, t->elem, false);
		bcx_buf_add_u8(o, '>');
		break;
	case BCX_TILEIR_T_TENSOR_VIEW: print_tensor_view(o, m, t); break;
	case BCX_TILEIR_T_PARTITION_VIEW:
	case BCX_TILEIR_T_GATHER_SCATTER_VIEW:
	case BCX_TILEIR_T_STRIDED_VIEW: print_view(o, m, t); break;
	case BCX_TILEIR_T_FUNCTION: print_function_type(o, m, t); break;
	default: bcx_buf_puts(o, bcx_tileir_type_tag_name(t->tag)); break;
	}
}
