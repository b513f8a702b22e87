/* Attributes and dense constants in MLIR's text syntax (spec §21.3). */
#include "common/internal.h"
#include "tileir/print/print.h"
#include "tileir/model/tables.h"

#include <stdlib.h>
#include <string.h>

static int64_t sign_extend(uint64_t v, unsigned bits)
{
	if (bits >= 64)
		return (int64_t)v;
	uint64_t m = 1ull << (bits - 1);
	return (int64_t)((v ^ m) - m);
}

static unsigned tag_of(const bcx_tileir_module *m, uint32_t type)
{
	return type < m->n_types ? m->types[type].tag : 0;
}

void tir_print_ints(bcx_buf *o, const int64_t *v, uint32_t n, const char *open,
		    const char *first, const char *close)
{
	bcx_buf_puts(o, open);
	for (uint32_t i = 0; i < n; i++) {
		bcx_buf_puts(o, i ? ", " : first);
		bcx_buf_put_idec(o, v[i]);
	}
	bcx_buf_puts(o, close);
}

static void print_int_value(bcx_buf *o, unsigned tag, uint64_t v)
{
	unsigned bits = tir_tag_bits(tag);
	if (bits == 1)
		bcx_buf_puts(o, v & 1 ? "true" : "false");
	else
		bcx_buf_put_idec(o, sign_extend(v, bits));
}

/* Keys of a dictionary in MLIR's sorted order (byte order, shorter first). */
static int key_cmp(const bcx_tileir_module *m, uint32_t a, uint32_t b)
{
	bcx_tileir_str x = bcx_tileir_string(m, a), y = bcx_tileir_string(m, b);
	size_t n = x.len < y.len ? x.len : y.len;
	int c = n ? memcmp(x.ptr, y.ptr, n) : 0;
	return c ? c : (x.len > y.len) - (x.len < y.len);
}

static void sorted_order(const bcx_tileir_module *m, const bcx_tileir_attr *a, uint32_t *ord)
{
	for (uint32_t i = 0; i < a->n; i++) {
		uint32_t j = i;
		while (j && key_cmp(m, a->keys[ord[j - 1]], a->keys[i]) > 0) {
			ord[j] = ord[j - 1];
			j--;
		}
		ord[j] = i;
	}
}

/* {k = v, ...}; hint dictionaries print their values without types and
 * their keys (both levels) verbatim, as OptimizationHintsAttr::print
 * does; other dictionaries quote keys that are not identifiers. */
static void print_dict(bcx_buf *o, bcx_tileir_module *m, const bcx_tileir_attr *a,
		       tir_elide values, bool raw_keys, const char *open, const char *close)
{
	/* the order is scratch: on the stack when small, else in the arena */
	uint32_t small[32];
	uint32_t *ord = a->n <= 32 ? small : bcx_arena_calloc(m->arena, a->n, sizeof *ord);
	bcx_buf_puts(o, open);
	if (!ord) {
		o->status = BCX_ERR_NOMEM;
		return;
	}
	sorted_order(m, a, ord);
	for (uint32_t i = 0; i < a->n; i++) {
		const bcx_tileir_attr *v = &a->elems[ord[i]];
		if (i)
			BCX_BUF_LIT(o, ", ");
		bcx_tileir_str key = bcx_tileir_string(m, a->keys[ord[i]]);
		if (raw_keys)
			bcx_buf_put_bytes(o, key.ptr, key.len);
		else
			tir_print_ident(o, key);
		BCX_BUF_LIT(o, " = ");
		if (a->kind == BCX_TILEIR_A_HINTS)
			print_dict(o, m, v, ELIDE_MUST, true, "{", "}");
		else
			tir_print_attr(o, m, v, values);
	}
	bcx_buf_puts(o, close);
}

static void print_bound(bcx_buf *o, bool present, int64_t v)
{
	if (present)
		bcx_buf_put_idec(o, v);
	else
		bcx_buf_add_u8(o, '?');
}

static void print_predicate(bcx_buf *o, const bcx_tileir_attr *a)
{
	switch (a->kind) {
	case BCX_TILEIR_A_DIV_BY:
		bcx_buf_printf(o, "#cuda_tile.div_by<%llu", (unsigned long long)a->u);
		if (a->flags & 3)
			bcx_buf_printf(o, ", every %lld along %lld", (long long)a->a, (long long)a->b);
		bcx_buf_add_u8(o, '>');
		break;
	case BCX_TILEIR_A_SAME_ELEMENTS:
		BCX_BUF_LIT(o, "#cuda_tile.same_elements<[");
		for (uint32_t i = 0; i < a->n; i++)
			bcx_buf_printf(o, "%s%lld", i ? ", " : "", (long long)a->ints[i]);
		BCX_BUF_LIT(o, "]>");
		break;
	default:
		BCX_BUF_LIT(o, "#cuda_tile.bounded<");
		print_bound(o, a->flags & 1, a->a);
		BCX_BUF_LIT(o, ", ");
		print_bound(o, a->flags & 2, a->b);
		bcx_buf_add_u8(o, '>');
		break;
	}
}

static void print_typed_number(bcx_buf *o, bcx_tileir_module *m, const bcx_tileir_attr *a,
			       tir_elide e)
{
	unsigned tag = tag_of(m, a->type);
	if (a->kind == BCX_TILEIR_A_INTEGER) {
		print_int_value(o, tag, a->u);
		if (tag == BCX_TILEIR_T_I1 || e == ELIDE_MUST || (e == ELIDE_MAY && tag == BCX_TILEIR_T_I64))
			return;
	} else {
		bool hex = mlir_print_float(o, tir_float_kind(tag), a->u);
		if (e == ELIDE_MUST || (e == ELIDE_MAY && tag == BCX_TILEIR_T_F64 && !hex))
			return;
	}
	BCX_BUF_LIT(o, " : ");
	tir_print_type(o, m, a->type, true);
}

void tir_print_attr(bcx_buf *o, bcx_tileir_module *m, const bcx_tileir_attr *a, tir_elide e)
{
	switch (a->kind) {
	case BCX_TILEIR_A_INTEGER:
	case BCX_TILEIR_A_FLOAT: print_typed_number(o, m, a, e); break;
	case BCX_TILEIR_A_BOOL: bcx_buf_puts(o, a->u ? "true" : "false"); break;
	case BCX_TILEIR_A_TYPE: tir_print_type(o, m, a->type, true); break;
	case BCX_TILEIR_A_STRING: tir_print_string(o, bcx_tileir_string(m, a->index)); break;
	case BCX_TILEIR_A_SYMBOL:
		bcx_buf_add_u8(o, '@');
		tir_print_ident(o, bcx_tileir_string(m, a->index));
		break;
	case BCX_TILEIR_A_ARRAY:
		bcx_buf_add_u8(o, '[');
		for (uint32_t i = 0; i < a->n; i++) {
			if (i)
				BCX_BUF_LIT(o, ", ");
			tir_print_attr(o, m, &a->elems[i], ELIDE_MAY);
		}
		bcx_buf_add_u8(o, ']');
		break;
	case BCX_TILEIR_A_DICT: print_dict(o, m, a, ELIDE_NEVER, false, "{", "}"); break;
	case BCX_TILEIR_A_HINTS: tir_print_hints(o, m, a, true); break;
	case BCX_TILEIR_A_DENSE: tir_print_dense(o, m, a->type, a->index, NULL); break;
	case BCX_TILEIR_A_U32: bcx_buf_printf(o, "%d : i32", (int)(int32_t)(uint32_t)a->u); break;
	case BCX_TILEIR_A_U64: bcx_buf_printf(o, "%lld : i64", (long long)a->u); break;
	case BCX_TILEIR_A_I32_ARRAY:
		tir_print_ints(o, a->ints, a->n, "array<i32", ": ", ">");
		break;
	default: print_predicate(o, a); break;
	}
}

/* Nested [..] lists of a dense value (row-major), read in place. */
static void print_elems(bcx_buf *o, const bcx_tileir_type *t, const tir_dense *v, uint32_t dim,
			uint64_t *k)
{
	if (dim == t->rank) {
		uint64_t e = tir_dense_get(v, v->splat ? 0 : (*k)++);
		if (v->tag > BCX_TILEIR_T_I64 && v->tag != BCX_TILEIR_T_I4)
			mlir_print_float(o, tir_float_kind(v->tag), e);
		else
			print_int_value(o, v->tag, e);
		return;
	}
	bcx_buf_add_u8(o, '[');
	for (int64_t i = 0; i < t->shape[dim]; i++) {
		if (i)
			BCX_BUF_LIT(o, ", ");
		print_elems(o, t, v, dim + 1, k);
	}
	bcx_buf_add_u8(o, ']');
}

bool tir_print_dense_values(bcx_buf *o, bcx_tileir_module *m, uint32_t type, uint32_t index)
{
	tir_dense v;
	if (!tir_dense_open(m, type, index, &v))
		return false;
	uint64_t k = 0;
	if (!v.splat && v.n > 100) {
		BCX_BUF_LIT(o, "\"0x");
		for (size_t i = 0; i < v.data.len; i++)
			bcx_buf_printf(o, "%02X", v.data.ptr[i]);
		bcx_buf_add_u8(o, '"');
	} else if (v.splat) {
		bcx_tileir_type scalar = {.rank = 0};
		print_elems(o, &scalar, &v, 0, &k);
	} else {
		print_elems(o, &m->types[type], &v, 0, &k);
	}
	return true;
}

bcx_status tir_print_dense(bcx_buf *o, bcx_tileir_module *m, uint32_t type, uint32_t index,
			   bcx_diag *diag)
{
	BCX_BUF_LIT(o, "dense<");
	if (!tir_print_dense_values(o, m, type, index))
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, -1,
				    "constant %u does not fit type %u", index, type);
	BCX_BUF_LIT(o, "> : ");
	tir_print_type(o, m, type, true);
	return BCX_OK;
}

bcx_status tir_print_finish(bcx_buf *stage, const bcx_sink *sink, bcx_status s, bcx_diag *diag)
{
	bcx_buf_spill(stage, sink, 0);
	if (s == BCX_OK && stage->status != BCX_OK)
		s = bcx_diag_set(diag, stage->status, -1, "%s",
				 stage->status == BCX_ERR_IO ? "writing the output failed"
							     : bcx_status_str(stage->status));
	bcx_buf_free(stage);
	return s;
}

void tir_print_hints(bcx_buf *o, bcx_tileir_module *m, const bcx_tileir_attr *a, bool prefix)
{
	print_dict(o, m, a, ELIDE_MUST, true, prefix ? "#cuda_tile.optimization_hints<" : "<", ">");
}

void tir_print_predicate(bcx_buf *o, const bcx_tileir_attr *a, bool prefix)
{
	size_t at = o->len;
	print_predicate(o, a);
	if (!prefix && o->status == BCX_OK && o->len >= at + 11) {
		memmove(o->data + at, o->data + at + 11, o->len - at - 11);
		o->len -= 11;
	}
}
