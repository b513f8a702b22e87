/* Type verification done while reading (spec §7.2 notes, §20.2 T9/T10):
 * the rules the reference's type constructors check. */
#include "tileir/model/limits.h"
#include "tileir/read/read.h"
#include "tileir/model/tables.h"
#include "tileir/model/type_rules.h"
#include "bcx/tileir_build.h"

bool tir_is_int_type(const bcx_tileir_module *m, uint32_t type)
{
	return type < m->n_types && tir_tag_is_int(m->types[type].tag);
}

bool tir_is_float_type(const bcx_tileir_module *m, uint32_t type)
{
	return type < m->n_types && tir_tag_is_float(m->types[type].tag);
}

/* A tile: number or pointer elements, then the reference's tile rules. */
static const char *verify_tile(const bcx_tileir_module *m, const bcx_tileir_type *t, char *buf)
{
	unsigned et = m->types[t->elem].tag;
	if (!(tir_tag_is_int(et) || tir_tag_is_float(et) || et == BCX_TILEIR_T_POINTER))
		return "invalid parameters";
	return tir_tile_problem(et, t->shape, t->rank, buf);
}

/* A view: the reference's view rules on the record's parameters. */
static const char *verify_view(const bcx_tileir_module *m, const bcx_tileir_type *t, char *buf)
{
	const bcx_tileir_type *tv = &m->types[t->elem];
	if (tv->tag != BCX_TILEIR_T_TENSOR_VIEW)
		return "invalid parameters";
	int64_t map[TIR_LIMIT_RANK]; /* n_dim_map <= TIR_LIMIT_RANK, checked before */
	for (uint32_t i = 0; i < t->n_dim_map; i++)
		map[i] = t->dim_map[i];
	bool gather = t->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW;
	tir_view_parts v = {.tag = t->tag, .tile = t->shape, .rank = t->rank, .tv_rank = tv->rank,
			    .tv_elem_tag = m->types[tv->elem].tag,
			    .dim_map = gather ? NULL : map, .n_map = t->n_dim_map,
			    .trav = t->tag == BCX_TILEIR_T_STRIDED_VIEW ? t->strides : NULL,
			    .n_trav = t->n_strides, .sparse_dim = t->sparse_dim,
			    .pad = t->has_padding ? t->padding_value : BCX_TILEIR_PAD_NONE};
	return tir_view_problem(&v, buf);
}

/* Type t's first broken rule (buf holds its text), or NULL. */
static const char *verify_one(const bcx_tileir_module *m, const bcx_tileir_type *t, char *buf)
{
	static const char invalid[] = "invalid parameters";
	if (t->rank > TIR_LIMIT_RANK || t->n_strides > TIR_LIMIT_RANK || t->n_dim_map > TIR_LIMIT_RANK)
		return invalid;
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
		return tir_tag_is_pointee(m->types[t->elem].tag) ? NULL : invalid;
	case BCX_TILEIR_T_TILE:
		return verify_tile(m, t, buf);
	case BCX_TILEIR_T_TENSOR_VIEW:
		return tir_tensor_view_problem(m->types[t->elem].tag, t->shape, t->rank, t->strides,
					       t->n_strides, buf);
	case BCX_TILEIR_T_PARTITION_VIEW:
	case BCX_TILEIR_T_GATHER_SCATTER_VIEW:
	case BCX_TILEIR_T_STRIDED_VIEW:
		return verify_view(m, t, buf);
	case BCX_TILEIR_T_FUNCTION:
		for (uint32_t i = 0; i < t->n_inputs + t->n_outputs; i++)
			if (m->types[t->params[i]].tag == BCX_TILEIR_T_FUNCTION)
				return invalid;
		return NULL;
	default:
		return NULL;
	}
}

bool tir_verify_type(bcx_tileir_module *m, uint32_t i, bcx_cursor *c)
{
	const bcx_tileir_type *t = &m->types[i];
	char buf[TIR_RULE_MSG_CAP];
	const char *why = verify_one(m, t, buf);
	if (!why)
		return true;
	bcx_cur_fail_at(c, t->offset, BCX_ERR_MALFORMED, "type %u (%s) fails verification: %s", i,
			bcx_tileir_type_tag_name(t->tag), why);
	return false;
}
