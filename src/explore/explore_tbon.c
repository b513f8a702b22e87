/* TBON in the explorer: the constant pool and the root value as the TBON
 * reader reads them, each value from its type byte to where the next value
 * that is not inside it begins. The text is the TBON dump. */
#include "explore/explore.h"

#include "bcx/tbon.h"

#include <stdio.h>

static bool sniff(const uint8_t *data, size_t size)
{
	return bcx_tbon_sniff(data, size);
}

static void label_of(char *dst, size_t n, const bcx_tbon_value *v)
{
	switch (v->kind) {
	case BCX_TBON_K_NIL: snprintf(dst, n, "nil"); break;
	case BCX_TBON_K_BOOL: snprintf(dst, n, "%s", v->b ? "true" : "false"); break;
	case BCX_TBON_K_INT: snprintf(dst, n, "int %lld", (long long)v->i); break;
	case BCX_TBON_K_UINT: snprintf(dst, n, "uint %llu", (unsigned long long)v->u); break;
	case BCX_TBON_K_FLOAT: snprintf(dst, n, "float %.17g", v->f); break;
	case BCX_TBON_K_ARRAY: snprintf(dst, n, "array (%zu)", v->len); break;
	case BCX_TBON_K_MAP: snprintf(dst, n, "map (%zu)", v->len); break;
	case BCX_TBON_K_REF: snprintf(dst, n, "ref %llu", (unsigned long long)v->u); break;
	case BCX_TBON_K_BIGINT: snprintf(dst, n, "bigint (%zu bytes)", v->len); break;
	case BCX_TBON_K_NAME: {
		char q[72];
		xp_quote(q, sizeof q, (const uint8_t *)v->str, v->len);
		snprintf(dst, n, "name \"%s\"", q);
		break;
	}
	}
}

static bcx_status add_value(bcx_explore *e, uint32_t parent, const bcx_tbon_value *v,
			    uint64_t end, unsigned depth, bcx_diag *d);

/* items[0..n), each ending where the next begins, the last at end. */
static bcx_status add_items(bcx_explore *e, uint32_t parent, const bcx_tbon_value *items,
			    size_t n, uint64_t end, unsigned depth, bcx_diag *d)
{
	for (size_t i = 0; i < n && items; i++) {
		uint64_t next = i + 1 < n ? items[i + 1].offset : end;
		BCX_TRY(add_value(e, parent, &items[i], next, depth, d));
	}
	return BCX_OK;
}

/* The reader's nesting limit bounds depth; the check keeps this recursion
 * within it whatever the reader let through. */
static bcx_status add_value(bcx_explore *e, uint32_t parent, const bcx_tbon_value *v,
			    uint64_t end, unsigned depth, bcx_diag *d)
{
	char label[128];
	label_of(label, sizeof label, v);
	uint32_t n;
	BCX_TRY(xp_add(e, parent, "value", label, v->offset, end, (xp_ref){v, 0}, &n, d));
	BCX_FAIL_IF(depth > e->limits.max_depth, d, BCX_ERR_LIMIT, (int64_t)v->offset,
		    "values nested deeper than %u", e->limits.max_depth);
	if (v->kind == BCX_TBON_K_ARRAY)
		return add_items(e, n, v->items, v->len, end, depth + 1, d);
	if (v->kind == BCX_TBON_K_MAP)
		return add_items(e, n, v->items, 2 * v->len, end, depth + 1, d);
	return BCX_OK;
}

static bcx_status open_tbon(bcx_explore *e, bcx_diag *d)
{
	bcx_tbon_file f;
	BCX_TRY(bcx_tbon_read(e->data, e->size, e->arena, &e->limits, &f, d));
	BCX_TRY(xp_add(e, 0, "header", "magic TBON", 0, 4, (xp_ref){0}, NULL, d));
	uint64_t root_at = f.root.offset ? f.root.offset - 1 : 4; /* its 0x01 byte */
	if (f.has_pool) {
		uint32_t n;
		BCX_TRY(xp_addf(e, 0, "pool", 4, root_at, (xp_ref){0}, &n, d, "constant pool (%zu)",
				f.pool_count));
		BCX_TRY(add_items(e, n, f.pool, f.pool_count, root_at, 1, d));
	}
	uint32_t r;
	BCX_TRY(xp_add(e, 0, "root", "object root", root_at, e->size, (xp_ref){0}, &r, d));
	return add_value(e, r, &f.root, e->size, 1, d);
}

static bcx_status text_tbon(bcx_explore *e, uint32_t node, bcx_diag *d)
{
	(void)node;
	return bcx_tbon_dump(e->data, e->size, false, &e->limits, &e->text, d);
}

const xp_format xp_tbon = {"tbon", sniff, open_tbon, NULL, text_tbon, NULL, NULL};
