/* An op's TIR_FMT column read once into elements (ac_fmt), for the custom
 * form's walk (asm_custom.c): reading the column again at every op, and
 * finding each $name's field and each optional group's end and anchor by
 * scanning, took an eighth of the assembler's time. Each row is compiled on
 * its first use and kept for the parse. */
#include "tileir/parse/asm_custom.h"

/* The field of op row info named [s, s+n), or -1. */
static int field_named(const bcx_tileir_opinfo *info, const char *s, size_t n)
{
	for (unsigned i = 0; i < info->n_fields && i < AC_MAX_FIELDS; i++)
		if (fmt_is(s, n, info->fields[i].name))
			return (int)i;
	return -1;
}

/* Element count of a format: its tokens and the END (or BAD) that stops
 * them. */
static uint32_t count(const char *s)
{
	uint32_t n = 1;
	for (fmt_kind k; (k = fmt_next(&s).kind) != FMT_END && k != FMT_BAD;)
		n++;
	return n;
}

/* For the "(" at e[i]: where its group ends (after its ")?", or at the
 * format's last element when it has none) and its anchor (the last
 * element marked ^ at the group's own depth). */
static void group_bounds(ac_fmt *f, uint32_t i)
{
	int depth = 0;
	uint32_t k = i + 1;
	f->e[i].anchor = -1;
	for (; k + 1 < f->n; k++) {
		const fmt_tok *t = &f->e[k].t;
		if (t->kind == FMT_GROUP)
			depth++;
		if (t->kind == FMT_GROUP_END && depth-- == 0) {
			k++;
			break;
		}
		if (t->anchor && depth == 0)
			f->e[i].anchor = (int)k;
	}
	f->e[i].end = k;
}

static ac_fmt *compile(asm_parser *p, const bcx_tileir_opinfo *info)
{
	ac_fmt *f = bcx_arena_calloc(p->keep, 1, sizeof *f);
	if (f) {
		f->n = count(info->fmt);
		f->e = bcx_arena_calloc(p->keep, f->n, sizeof *f->e);
	}
	if (!f || !f->e)
		return mlir_nomem(&p->lx), NULL;
	const char *s = info->fmt;
	for (uint32_t i = 0; i < f->n; i++) {
		ac_elem *e = &f->e[i];
		e->t = fmt_next(&s);
		e->field = e->t.kind == FMT_VAR || e->t.kind == FMT_TYPE
				   ? field_named(info, e->t.text, e->t.len)
				   : -1;
	}
	for (uint32_t i = 0; i < f->n; i++)
		if (f->e[i].t.kind == FMT_GROUP)
			group_bounds(f, i);
	return f;
}

const ac_fmt *ac_fmt_of(asm_parser *p, const bcx_tileir_opinfo *info)
{
	size_t row = (size_t)(info - bcx_tileir_op_at(0));
	if (!p->op_fmt && !(p->op_fmt = bcx_arena_calloc(p->keep, bcx_tileir_op_count(),
							  sizeof *p->op_fmt)))
		return mlir_nomem(&p->lx), NULL;
	if (!p->op_fmt[row])
		p->op_fmt[row] = compile(p, info);
	return p->op_fmt[row];
}
