/* The Tile IR assembler's bottom layer: what every other layer uses, and
 * which calls none of them (builder failures, arena arrays and strings,
 * late errors, a type's text in messages, an op's attribute fields). */
#include "tileir/parse/asm_internal.h"
#include "tileir/build/build_internal.h"
#include "tileir/print/print.h"
#include "common/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bcx_status ap_status(const asm_parser *p, bool ok)
{
	if (ok)
		return BCX_OK;
	return p->lx.status != BCX_OK ? p->lx.status : BCX_ERR_MALFORMED;
}

bcx_status ap_error_at(asm_parser *p, unsigned line, unsigned col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = mlir_vfail_at(&p->lx, line, col, fmt, ap);
	va_end(ap);
	return ap_status(p, ok);
}

bcx_status ap_fail(asm_parser *p, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bool ok = mlir_vfail_at(&p->lx, p->lx.t.line, p->lx.t.col, fmt, ap);
	va_end(ap);
	return ap_status(p, ok);
}

bcx_status ap_nomem(asm_parser *p)
{
	return ap_status(p, mlir_nomem(&p->lx));
}

bcx_status ap_string_value(asm_parser *p, char **buf, size_t *n)
{
	const mlir_tok *t = &p->lx.t;
	*n = 0; /* set on every path: gcc -O2 cannot see BCX_TRY's return */
	if (!(*buf = bcx_arena_alloc(p->arena, t->n + 1)))
		return ap_nomem(p);
	/* The lexer refused the token had it held a bad escape, and unescaped
	 * text is never longer than its token: decoding cannot fail here. */
	long len = mlir_str_value(t, *buf, t->n + 1);
	*n = len > 0 ? (size_t)len : 0;
	(*buf)[*n] = 0;
	return BCX_OK;
}

bcx_status ap_next(asm_parser *p)
{
	return ap_status(p, mlir_next(&p->lx));
}

bcx_status ap_expect(asm_parser *p, char c)
{
	return ap_status(p, mlir_expect(&p->lx, c));
}

bcx_status ap_expect_id(asm_parser *p, const char *word)
{
	return ap_status(p, mlir_expect_id(&p->lx, word));
}

bcx_status ap_built_at(asm_parser *p, bcx_status st, const bcx_diag *bd, unsigned line,
		       unsigned col)
{
	if (st == BCX_OK)
		return BCX_OK;
	return ap_status(p, st == BCX_ERR_NOMEM ? mlir_nomem(&p->lx)
						: mlir_fail_at(&p->lx, line, col, "%s", bd->message));
}

bcx_status ap_built(asm_parser *p, bcx_status st, const bcx_diag *bd)
{
	/* a builder's refusal is the text's fault; a full heap is not */
	return ap_built_at(p, st, bd, p->lx.t.line, p->lx.t.col);
}

char *ap_tok_dup(asm_parser *p)
{
	return bcx_arena_memdup(p->arena, p->lx.t.p, p->lx.t.n);
}

/* The shared growth step (bcx_vec_room_from) over the parser's 32-bit
 * counts: an array past 2^31 slots is refused before it doubles, as the
 * count would no longer fit. */
bcx_status ap_grow_from(asm_parser *p, bcx_arena *ar, void *arrp, uint32_t n, uint32_t *cap,
			size_t elem, uint32_t first)
{
	if (n < *cap)
		return BCX_OK;
	size_t c = *cap;
	if (n >= UINT32_MAX / 2 || !bcx_vec_room_from(ar, arrp, n, &c, elem, first))
		return ap_nomem(p);
	*cap = (uint32_t)c;
	return BCX_OK;
}

bcx_status ap_grow(asm_parser *p, void *arrp, uint32_t n, uint32_t *cap, size_t elem)
{
	return ap_grow_from(p, p->arena, arrp, n, cap, elem, 4);
}

bcx_status ap_grow_keep(asm_parser *p, void *arrp, uint32_t n, uint32_t *cap, size_t elem)
{
	return ap_grow_from(p, p->keep, arrp, n, cap, elem, 4);
}

bcx_status ap_stream_abort(asm_parser *p)
{
	p->stream_abort = true;
	return ap_fail(p, "text read again without streaming");
}

const bcx_tileir_field *ap_attr_field(const ap_op *op, uint32_t i)
{
	const bcx_tileir_field *f = NULL;
	for (uint32_t k = 0; k < op->info->n_fields; k++)
		if (op->info->fields[k].kind == BCX_TILEIR_F_ATTR &&
		    strcmp(op->info->fields[k].name, op->attrs[i].name) == 0)
			f = &op->info->fields[k];
	return f;
}

bcx_status ap_late(asm_parser *p, unsigned line, unsigned col, const char *fmt, ...)
{
	if (p->late_msg)
		return BCX_OK;
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	p->late_msg = bcx_arena_memdup(p->keep, buf, strlen(buf));
	p->late_line = line;
	p->late_col = col;
	return p->late_msg ? BCX_OK : ap_nomem(p);
}

/* A type as MLIR names it in a message: the dialect's types with their
 * full prefix (!cuda_tile.tile<f32>), the builtin scalars bare (i32). */
const char *ap_type_text(asm_parser *p, bcx_tileir_build_type t, char *buf, size_t cap)
{
	bcx_buf o;
	bcx_buf_init(&o, p->m->alloc);
	tir_print_type(&o, p->m->m, t, false);
	const char *s = o.data ? (const char *)o.data : "";
	bool scalar = o.len >= 2 && ((s[0] == 'i' || s[0] == 'f') && s[1] >= '0' && s[1] <= '9');
	scalar = scalar || (o.len >= 4 && (!memcmp(s, "bf16", 4) || !memcmp(s, "tf32", 4)));
	snprintf(buf, cap, "%s%.*s", scalar ? "" : "!cuda_tile.", (int)(o.len > cap ? cap : o.len), s);
	bcx_buf_free(&o);
	return buf;
}
