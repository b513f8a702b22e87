/* Attribute import from a read module into the builder (spec §13). */
#include "tileir/convert_internal.h"
#include "tileir/tables.h"

#include <string.h>

static bool ok(cv_ctx *c, bcx_status st)
{
	if (st != BCX_OK && c->st == BCX_OK)
		c->st = st;
	return st == BCX_OK;
}

/* Dense data of constant idx under type, as full-width elements (i1 one
 * byte each) or one element when the blob was a splat (spec §8). */
static bool dense(cv_ctx *c, uint32_t type, uint32_t idx, bcx_tb_attr **out)
{
	const uint64_t *el;
	size_t n;
	bool splat;
	bcx_tb_type t;
	if (!cv_type(c, type, &t))
		return false;
	if (!ok(c, bcx_tileir_dense(c->src, type, idx, &el, &n, &splat, c->d)))
		return false;
	const tb_typeinfo *ti = tb_type(c->b, t);
	if (ti->tag != BCX_TILEIR_T_TILE)
		return cv_fail(c, BCX_ERR_MALFORMED, "dense constant of a non-tile type");
	size_t esz = (tir_tag_bits(tb_type(c->b, ti->elem)->tag) + 7) / 8;
	size_t cnt = splat ? 1 : n, bytes;
	if (!bcx_mul_ok(cnt, esz, &bytes))
		return cv_fail(c, BCX_ERR_LIMIT, "constant too large");
	uint8_t *raw = bcx_arena_alloc(c->arena, bytes + 1);
	if (!raw)
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	for (size_t i = 0; i < cnt; i++)
		for (size_t k = 0; k < esz; k++)
			raw[i * esz + k] = (uint8_t)(el[i] >> (8 * k));
	return ok(c, bcx_tb_attr_dense(c->b, t, raw, bytes, out, c->d));
}

static bool list(cv_ctx *c, const bcx_tileir_attr *a, bcx_tb_attr ***v)
{
	*v = bcx_arena_calloc(c->arena, (size_t)a->n + 1, sizeof **v);
	if (!*v)
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	for (uint32_t i = 0; i < a->n; i++)
		if (!cv_attr(c, &a->elems[i], &(*v)[i]))
			return false;
	return true;
}

static bool dict(cv_ctx *c, const bcx_tileir_attr *a, bcx_tb_attr **out)
{
	bcx_tb_attr **v;
	const char **keys = bcx_arena_calloc(c->arena, (size_t)a->n + 1, sizeof *keys);
	size_t *lens = bcx_arena_calloc(c->arena, (size_t)a->n + 1, sizeof *lens);
	if (!keys || !lens || !list(c, a, &v))
		return keys && lens ? false : cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	for (uint32_t i = 0; i < a->n; i++) {
		bcx_tileir_str s = bcx_tileir_string(c->src, a->keys[i]);
		keys[i] = (const char *)s.ptr;
		lens[i] = s.len;
	}
	return ok(c, bcx_tb_attr_dict(c->b, keys, lens, v, a->n, out, c->d));
}

static bool ints(cv_ctx *c, const bcx_tileir_attr *a, bcx_tb_attr **out)
{
	if (a->kind == BCX_TILEIR_A_SAME_ELEMENTS)
		return ok(c, bcx_tb_attr_same_elements(c->b, a->ints, a->n, out, c->d));
	int32_t *v = bcx_arena_calloc(c->arena, (size_t)a->n + 1, sizeof *v);
	if (!v)
		return cv_fail(c, BCX_ERR_NOMEM, "out of memory");
	for (uint32_t i = 0; i < a->n; i++)
		v[i] = (int32_t)a->ints[i];
	return ok(c, bcx_tb_attr_i32_array(c->b, v, a->n, out, c->d));
}

static bool string(cv_ctx *c, const bcx_tileir_attr *a, bool sym, bcx_tb_attr **out)
{
	bcx_tileir_str s = bcx_tileir_string(c->src, a->index);
	const char *p = s.ptr ? (const char *)s.ptr : "";
	return ok(c, sym ? bcx_tb_attr_symbol(c->b, p, s.len, out, c->d)
			 : bcx_tb_attr_string(c->b, p, s.len, out, c->d));
}

static bool typed(cv_ctx *c, const bcx_tileir_attr *a, bcx_tb_attr **out)
{
	bcx_tb_type t;
	if (!cv_type(c, a->type, &t))
		return false;
	if (a->kind == BCX_TILEIR_A_INTEGER)
		return ok(c, bcx_tb_attr_int(c->b, t, a->u, out, c->d));
	if (a->kind == BCX_TILEIR_A_FLOAT)
		return ok(c, bcx_tb_attr_float(c->b, t, a->u, out, c->d));
	return ok(c, bcx_tb_attr_type(c->b, t, out, c->d));
}

bool cv_attr(cv_ctx *c, const bcx_tileir_attr *a, bcx_tb_attr **out)
{
	bcx_tb_attr **v, *d;
	if (++c->depth > 64)
		return cv_fail(c, BCX_ERR_LIMIT, "attributes nested too deeply");
	bool r;
	switch (a->kind) {
	case BCX_TILEIR_A_INTEGER:
	case BCX_TILEIR_A_FLOAT:
	case BCX_TILEIR_A_TYPE:
		r = typed(c, a, out);
		break;
	case BCX_TILEIR_A_BOOL:
		r = ok(c, bcx_tb_attr_bool(c->b, a->u != 0, out, c->d));
		break;
	case BCX_TILEIR_A_STRING:
	case BCX_TILEIR_A_SYMBOL:
		r = string(c, a, a->kind == BCX_TILEIR_A_SYMBOL, out);
		break;
	case BCX_TILEIR_A_ARRAY:
		r = list(c, a, &v) && ok(c, bcx_tb_attr_array(c->b, v, a->n, out, c->d));
		break;
	case BCX_TILEIR_A_DENSE:
		r = dense(c, a->type, a->index, out);
		break;
	case BCX_TILEIR_A_DIV_BY:
		r = ok(c, bcx_tb_attr_div_by(c->b, a->u, a->flags & 1, a->a, (a->flags & 2) != 0,
					     a->b, out, c->d));
		break;
	case BCX_TILEIR_A_BOUNDED:
		r = ok(c, bcx_tb_attr_bounded(c->b, a->flags & 1, a->a, (a->flags & 2) != 0, a->b,
					      out, c->d));
		break;
	case BCX_TILEIR_A_SAME_ELEMENTS:
	case BCX_TILEIR_A_I32_ARRAY:
		r = ints(c, a, out);
		break;
	case BCX_TILEIR_A_DICT:
		r = dict(c, a, out);
		break;
	case BCX_TILEIR_A_HINTS:
		r = dict(c, a, &d) && ok(c, bcx_tb_attr_hints(c->b, d, out, c->d));
		break;
	case BCX_TILEIR_A_ENUM:
	case BCX_TILEIR_A_U32:
	case BCX_TILEIR_A_U64:
		r = ok(c, bcx_tb_attr_enum(c->b, a->u, out, c->d));
		break;
	case BCX_TILEIR_A_UNIT:
		r = ok(c, bcx_tb_attr_unit(c->b, out, c->d));
		break;
	default:
		r = cv_fail(c, BCX_ERR_MALFORMED, "attribute kind cannot be imported");
	}
	c->depth--;
	return r;
}
