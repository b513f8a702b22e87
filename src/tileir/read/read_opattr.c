/* Inline operation attributes (spec §13.3): the op table says which
 * encoding each attribute has. */
#include "common/internal.h"
#include "tileir/read/read.h"

static bool read_enum(bcx_cursor *c, const bcx_tileir_field *f, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	a->kind = BCX_TILEIR_A_ENUM;
	a->u = bcx_cur_uv(c, 64, f->name);
	if (bcx_cur_ok(c) && a->u >= bcx_tileir_enum_count(f->enum_id))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "invalid integer value for enum type: %llu",
				(unsigned long long)a->u);
	return bcx_cur_ok(c);
}

static bool read_i32_array(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a)
{
	a->kind = BCX_TILEIR_A_I32_ARRAY;
	a->n = tir_count(c, 4, "i32 array size");
	int64_t *v = bcx_arena_calloc(m->arena, a->n ? a->n : 1, sizeof *v);
	if (!v)
		return bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	for (uint32_t i = 0; i < a->n && bcx_cur_ok(c); i++) {
		size_t at = bcx_cur_offset(c);
		v[i] = (int32_t)bcx_cur_u32le(c, "i32 array element");
		if (bcx_cur_ok(c) && (v[i] == INT32_MAX || v[i] == INT32_MIN))
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "array contains unsupported value %lld",
					(long long)v[i]);
	}
	a->ints = v;
	return bcx_cur_ok(c);
}

static bool read_symbol(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	a->kind = BCX_TILEIR_A_SYMBOL;
	a->index = tir_str_index(m, c, "symbol reference");
	if (bcx_cur_ok(c) && m->strings[a->index].len == 0)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "empty symbol reference is invalid");
	return bcx_cur_ok(c);
}

static bool read_const(bcx_tileir_module *m, bcx_cursor *c, uint32_t type, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	a->kind = BCX_TILEIR_A_DENSE;
	a->type = type;
	a->index = tir_index(c, m->n_constants, "constant index");
	if (bcx_cur_ok(c)) {
		bcx_cursor here = *c;
		here.p = m->data + at;
		if (tir_dense_check(m, type, a->index, &here) != BCX_OK)
			c->status = here.status;
	}
	return bcx_cur_ok(c);
}

static bool read_pred(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	if (!tir_read_attr_tagged(m, c, a, 0))
		return false;
	if (a->kind != BCX_TILEIR_A_DIV_BY && a->kind != BCX_TILEIR_A_SAME_ELEMENTS &&
	    a->kind != BCX_TILEIR_A_BOUNDED)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				"attribute tag %u is not an assume predicate", a->kind);
	return bcx_cur_ok(c);
}

bool tir_read_inline_attr(bcx_tileir_module *m, bcx_cursor *c, const bcx_tileir_field *f,
			  uint32_t first_result_type, bcx_tileir_attr *a)
{
	size_t at = bcx_cur_offset(c);
	switch (f->enc) {
	case BCX_TILEIR_E_ENUM: return read_enum(c, f, a);
	case BCX_TILEIR_E_U32:
		a->kind = BCX_TILEIR_A_U32;
		a->u = bcx_cur_uv(c, 64, f->name);
		if (bcx_cur_ok(c) && a->u > UINT32_MAX)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "value %llu does not fit in 32 bits",
					(unsigned long long)a->u);
		return bcx_cur_ok(c);
	case BCX_TILEIR_E_U64:
		a->kind = BCX_TILEIR_A_U64;
		a->u = bcx_cur_uv(c, 64, f->name);
		return bcx_cur_ok(c);
	case BCX_TILEIR_E_BOOL:
		a->kind = BCX_TILEIR_A_BOOL;
		a->u = bcx_cur_u8(c, f->name) != 0;
		return bcx_cur_ok(c);
	case BCX_TILEIR_E_STR:
		a->kind = BCX_TILEIR_A_STRING;
		a->index = tir_str_index(m, c, f->name);
		return bcx_cur_ok(c);
	case BCX_TILEIR_E_SYM: return read_symbol(m, c, a);
	case BCX_TILEIR_E_I32ARR: return read_i32_array(m, c, a);
	case BCX_TILEIR_E_ARRAY: return tir_read_array_payload(m, c, a, 1);
	case BCX_TILEIR_E_CONST: return read_const(m, c, first_result_type, a);
	case BCX_TILEIR_E_HINTS: return tir_read_dict(m, c, a, BCX_TILEIR_A_HINTS, 1);
	case BCX_TILEIR_E_PRED: return read_pred(m, c, a);
	case BCX_TILEIR_E_TYPE:
		a->kind = BCX_TILEIR_A_TYPE;
		a->type = tir_type_index(m, c, f->name);
		return bcx_cur_ok(c);
	default:
		return bcx_cur_fail(c, BCX_ERR_MALFORMED, "attribute %s has no encoding", f->name) ==
		       BCX_OK;
	}
}
