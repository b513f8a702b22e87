/* bcx dump for TBON: the value tree with byte offsets, as text or JSON.
 * The words of a "bytecode" array (docs/tapioca.md, "Object file layout")
 * are shown in hex with their instruction beside them. */
#include "internal.h"
#include "bcx/varint.h"
#include "common/out.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static const char *type_name(uint8_t t)
{
	switch (t) {
#define TYPE(name, cname, lo, hi, size, elem) case lo: return name;
#include "tapioca.def"
#undef TYPE
	default: return "?";
	}
}

/* A quoted name: JSON through the library's one escaper (every byte
 * outside printable ASCII as \u00XX); text with \xHH for the same bytes, so
 * no control byte or broken UTF-8 from the file reaches a terminal. */
static void put_str(bcx_buf *o, const char *s, size_t n, bool json)
{
	char e[6];
	bcx_buf_put_u8(o, '"');
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (json)
			bcx_buf_put_bytes(o, e, bcx_json_escape_byte(e, c));
		else if (c == '"' || c == '\\')
			bcx_buf_printf(o, "\\%c", c);
		else if (c < 0x20 || c > 0x7E)
			bcx_buf_printf(o, "\\x%02x", c);
		else
			bcx_buf_put_u8(o, c);
	}
	bcx_buf_put_u8(o, '"');
}

static void put_scalar(bcx_buf *o, const bcx_tbon_value *v, bool json)
{
	switch (v->kind) {
	case BCX_TBON_K_NIL: bcx_buf_puts(o, json ? "null" : "nil"); break;
	case BCX_TBON_K_BOOL: bcx_buf_puts(o, v->b ? "true" : "false"); break;
	case BCX_TBON_K_INT: bcx_buf_printf(o, "%" PRId64, v->i); break;
	case BCX_TBON_K_BIGINT: {
		char dec[BCX_WIDE_DEC_MAX];
		bcx_buf_put_bytes(o, dec, bcx_wide_to_decimal(v->wide, v->len, dec, sizeof dec));
		break;
	}
	case BCX_TBON_K_UINT: bcx_buf_printf(o, "%" PRIu64, v->u); break;
	case BCX_TBON_K_REF: bcx_buf_printf(o, json ? "{\"constref\": %" PRIu64 "}" : "ref #%" PRIu64, v->u); break;
	case BCX_TBON_K_FLOAT:
		if (v->f != v->f || v->f - v->f != 0)
			bcx_buf_printf(o, json ? "\"%g\"" : "%g", v->f);
		else
			bcx_buf_printf(o, "%.17g", v->f);
		break;
	case BCX_TBON_K_NAME: put_str(o, v->str, v->len, json); break;
	default: break;
	}
}

/* True for the value of a "bytecode" key: an array of u32 words. */
static bool is_code(const bcx_tbon_value *key, const bcx_tbon_value *v)
{
	return key->kind == BCX_TBON_K_NAME && key->len == 8 && memcmp(key->str, "bytecode", 8) == 0 &&
	       v->kind == BCX_TBON_K_ARRAY && v->elem == BCX_TBON_U32 && v->items;
}

static void dump_text(bcx_buf *o, const bcx_tbon_value *v, unsigned ind, const char *label,
		      bool code)
{
	bcx_buf_printf(o, "%08" PRIx64 ": %*s%s%s ", v->offset, (int)(2 * ind), "", label,
		       v->kind == BCX_TBON_K_ARRAY ? "array" : v->kind == BCX_TBON_K_MAP ? "map"
		       : type_name(v->kind == BCX_TBON_K_NAME ? 0x60 : v->type));
	if (v->kind == BCX_TBON_K_ARRAY) {
		bcx_buf_printf(o, "of %s [%zu]\n", type_name(v->elem), v->len);
		for (size_t i = 0; v->items && i < v->len; i++) {
			if (!code) {
				dump_text(o, &v->items[i], ind + 1, "", false);
				continue;
			}
			uint32_t w = (uint32_t)v->items[i].u;
			bcx_buf_printf(o, "%08" PRIx64 ": %*su32 0x%08" PRIx32 "  ", v->items[i].offset,
				       (int)(2 * ind + 2), "", w);
			bcx_tap_insn_text(o, w, (uint32_t)i, NULL);
			bcx_buf_put_u8(o, '\n');
		}
	} else if (v->kind == BCX_TBON_K_MAP) {
		bcx_buf_printf(o, "{%zu}\n", v->len);
		for (size_t i = 0; i < v->len; i++) {
			const bcx_tbon_value *k = &v->items[2 * i], *x = &v->items[2 * i + 1];
			dump_text(o, k, ind + 1, "key: ", false);
			dump_text(o, x, ind + 1, "value: ", is_code(k, x));
		}
	} else {
		put_scalar(o, v, false);
		bcx_buf_put_u8(o, '\n');
	}
}

static void dump_json(bcx_buf *o, const bcx_tbon_value *v, bool code, uint32_t pc)
{
	const char *t = v->kind == BCX_TBON_K_ARRAY ? "array" : v->kind == BCX_TBON_K_MAP ? "map"
			: type_name(v->kind == BCX_TBON_K_NAME ? 0x60 : v->type);
	bcx_buf_printf(o, "{\"offset\": %" PRIu64 ", \"type\": \"%s\"", v->offset, t);
	if (v->kind == BCX_TBON_K_ARRAY || v->kind == BCX_TBON_K_MAP) {
		if (v->kind == BCX_TBON_K_ARRAY)
			bcx_buf_printf(o, ", \"element\": \"%s\"", type_name(v->elem));
		if (!v->items && v->len) /* nil elements: no bytes, no items */
			bcx_buf_printf(o, ", \"length\": %zu", v->len);
		bcx_buf_puts(o, ", \"items\": [");
		size_t n = v->kind == BCX_TBON_K_MAP ? 2 * v->len : v->items ? v->len : 0;
		for (size_t i = 0; i < n; i++) {
			if (i)
				bcx_buf_puts(o, ", ");
			bool c = v->kind == BCX_TBON_K_ARRAY ? code
				 : i % 2 && is_code(&v->items[i - 1], &v->items[i]);
			dump_json(o, &v->items[i], c, (uint32_t)i);
		}
		bcx_buf_puts(o, "]}");
		return;
	}
	bcx_buf_puts(o, ", \"value\": ");
	put_scalar(o, v, true);
	if (code && v->kind == BCX_TBON_K_UINT) {
		/* the instruction text has no byte that needs escaping */
		bcx_buf_printf(o, ", \"hex\": \"0x%08" PRIx32 "\", \"insn\": \"", (uint32_t)v->u);
		bcx_tap_insn_text(o, (uint32_t)v->u, pc, NULL);
		bcx_buf_put_u8(o, '"');
	}
	bcx_buf_puts(o, "}");
}

bcx_status bcx_tbon_dump(const uint8_t *data, size_t size, bool json,
			 const bcx_limits *limits, bcx_buf *out, bcx_diag *diag)
{
	bcx_arena *a = bcx_arena_new(out->alloc);
	if (!a)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	bcx_tbon_file f;
	bcx_status s = bcx_tbon_read(data, size, a, limits, &f, diag);
	if (s == BCX_OK && json) {
		bcx_buf_puts(out, "{\"format\": \"tbon\", \"schema_version\": 1, \"constpool\": ");
		if (f.has_pool) {
			bcx_buf_puts(out, "[");
			for (size_t i = 0; i < f.pool_count; i++) {
				if (i)
					bcx_buf_puts(out, ", ");
				dump_json(out, &f.pool[i], false, 0);
			}
			bcx_buf_puts(out, "]");
		} else {
			bcx_buf_puts(out, "null");
		}
		bcx_buf_puts(out, ", \"root\": ");
		dump_json(out, &f.root, false, 0);
		bcx_buf_puts(out, "}\n");
	} else if (s == BCX_OK) {
		bcx_buf_puts(out, "00000000: magic TBON\n");
		for (size_t i = 0; i < f.pool_count; i++) {
			char label[32];
			snprintf(label, sizeof label, "pool[%zu]: ", i);
			dump_text(out, &f.pool[i], 1, label, false);
		}
		dump_text(out, &f.root, 0, "root: ", false);
	}
	bcx_arena_free(a);
	if (s == BCX_OK && out->status != BCX_OK)
		s = bcx_diag_set(diag, out->status, -1, "dump: %s", bcx_status_str(out->status));
	return s;
}
