/*
 * The dialect's custom text form, byte-identical to NVIDIA's reader
 * (cuda-tile-translate -cudatilebc-to-mlir, spec §21). Each op is printed
 * by walking its TIR_FMT column (fmt.h) the way MLIR's generated printers
 * do: a space goes before an element unless punctuation rules say not,
 * and those rules follow the format statically, so an absent optional
 * group still moves the spacing state as if it had been printed (hence
 * "addf %a, %b  : tile<f32>" with two spaces).
 */
#include "print_custom.h"
#include "opcodes.h"

#include <string.h>

void cp_newline(cprint *p)
{
	bcx_buf_put_u8(p->o, '\n');
	for (unsigned i = 0; i < p->indent; i++)
		bcx_buf_put_u8(p->o, ' ');
}

void cp_value(cprint *p, uint32_t v)
{
	const cname *c = v < p->body->n_values ? &p->names[v] : NULL;
	if (!c || !c->s) {
		bcx_buf_printf(p->o, "<<UNKNOWN SSA VALUE>>");
		return;
	}
	bcx_buf_put_bytes(p->o, c->s, c->len);
	if (c->sub >= 0)
		bcx_buf_printf(p->o, "#%d", c->sub);
}

void cp_values(cprint *p, const uint32_t *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			bcx_buf_puts(p->o, ", ");
		cp_value(p, v[i]);
	}
}

void cp_type(cprint *p, uint32_t t) { tir_print_type(p->o, p->m, t, false); }

void cp_types(cprint *p, const uint32_t *t, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			bcx_buf_puts(p->o, ", ");
		cp_type(p, t[i]);
	}
}

void cp_block_args(cprint *p, const bcx_tileir_block *b)
{
	bcx_buf_put_u8(p->o, '(');
	for (uint32_t i = 0; i < b->n_args; i++) {
		if (i)
			bcx_buf_puts(p->o, ", ");
		cp_value(p, b->first_arg + i);
		bcx_buf_puts(p->o, ": ");
		cp_type(p, b->arg_types[i]);
	}
	bcx_buf_put_u8(p->o, ')');
}

/* ---- fields of the op being printed ---- */

static const bcx_tileir_field *find_field(const cop *c, const char *name, size_t len,
					  unsigned *index)
{
	unsigned k[4] = {0, 0, 0, 0}; /* running index per field kind */
	for (unsigned i = 0; i < c->info->n_fields; i++) {
		const bcx_tileir_field *f = &c->info->fields[i];
		unsigned slot = f->kind == BCX_TILEIR_F_UNIT ? BCX_TILEIR_F_ATTR : f->kind;
		if (fmt_is(name, len, f->name)) {
			*index = k[slot & 3];
			return f;
		}
		k[slot & 3]++;
	}
	return NULL;
}

cgroup cp_operands(const cop *c, const char *name, size_t len)
{
	unsigned g;
	const bcx_tileir_field *f = find_field(c, name, len, &g);
	cgroup r = {NULL, 0};
	if (!f || f->kind != BCX_TILEIR_F_OPERAND)
		return r;
	uint32_t at = 0;
	for (unsigned i = 0; i < g; i++)
		at += c->op->segments[i];
	r.v = c->op->operands + at;
	r.n = c->op->segments[g];
	return r;
}

const bcx_tileir_attr *cp_attr(const cop *c, const char *name, size_t len)
{
	unsigned k;
	const bcx_tileir_field *f = find_field(c, name, len, &k);
	if (!f || (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT))
		return NULL;
	return &c->op->attrs[k];
}

cgroup cp_results(const cop *c, const char *name, size_t len)
{
	unsigned k;
	const bcx_tileir_field *f = find_field(c, name, len, &k);
	cgroup r = {NULL, 0};
	if (!f || f->kind != BCX_TILEIR_F_RESULT)
		return r;
	if (f->mult == BCX_TILEIR_VARIADIC) /* the one variadic result field */
		return (cgroup){c->op->result_types, c->op->n_results};
	if (k < c->op->n_results)
		r = (cgroup){c->op->result_types + k, 1};
	return r;
}

/* An op whose fields do not fit its printed form: only a hand-made model
 * can hold one (the reader checks what it reads). */
static void cp_fail(cprint *p, const bcx_tileir_op *op)
{
	if (p->status == BCX_OK)
		p->status = bcx_diag_set(p->diag, BCX_ERR_MALFORMED, (long long)op->offset,
					 "%s: its operands, attributes or regions do not fit "
					 "its custom form", op->info->name);
}

/* ---- the format walk ---- */

typedef struct walk {
	cprint *p;
	const cop *c;
	bool space, punct; /* MLIR's shouldEmitSpace and lastWasPunctuation */
	const char *skip;  /* an optional group's unit anchor: not printed */
} walk;

static bool is_punct_set(char ch, const char *set) { return ch && strchr(set, ch) != NULL; }

static void literal(walk *w, const char *s, size_t n, bool emit)
{
	if (n == 0 || (n == 1 && s[0] == ' ')) { /* `` and ` ` */
		if (n && emit)
			bcx_buf_put_u8(w->p->o, ' ');
		w->punct = n == 0;
		w->space = false;
		return;
	}
	bool before;
	if (n != 1 && !(n == 2 && s[0] == '-' && s[1] == '>'))
		before = true;
	else if (w->punct)
		before = !is_punct_set(s[0], ">)}],");
	else
		before = !is_punct_set(s[0], "<>(){}[],");
	if (emit) {
		if (w->space && before)
			bcx_buf_put_u8(w->p->o, ' ');
		bcx_buf_put_bytes(w->p->o, s, n);
	}
	w->space = n != 1 || !is_punct_set(s[0], "<({[");
	w->punct = s[0] != '_' && !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'));
}

/* The space MLIR puts before any element that is not a literal. */
static void element_space(walk *w, bool emit)
{
	if (emit && (w->space || !w->punct))
		bcx_buf_put_u8(w->p->o, ' ');
	w->punct = false;
	w->space = true;
}

static void print_attr_value(walk *w, const bcx_tileir_field *f, const bcx_tileir_attr *a)
{
	bcx_buf *o = w->p->o;
	switch (a->kind) {
	case BCX_TILEIR_A_ENUM: {
		const char *mn = bcx_tileir_enum_mnemonic(f->enum_id);
		const char *v = bcx_tileir_enum_value(f->enum_id, a->u);
		bcx_buf_printf(o, mn ? "<%s>" : "%s", v ? v : "?");
		break;
	}
	case BCX_TILEIR_A_INTEGER: tir_print_attr(o, w->p->m, a, ELIDE_MUST); break;
	case BCX_TILEIR_A_U32: bcx_buf_printf(o, "%d", (int)(int32_t)(uint32_t)a->u); break;
	case BCX_TILEIR_A_U64: bcx_buf_printf(o, "%lld", (long long)a->u); break;
	case BCX_TILEIR_A_I32_ARRAY:
		bcx_buf_put_u8(o, '[');
		for (uint32_t i = 0; i < a->n; i++)
			bcx_buf_printf(o, "%s%lld", i ? ", " : "", (long long)a->ints[i]);
		bcx_buf_put_u8(o, ']');
		break;
	case BCX_TILEIR_A_HINTS: tir_print_hints(o, w->p->m, a, false); break;
	default: tir_print_attr(o, w->p->m, a, ELIDE_MAY); break;
	}
}

static void variable(walk *w, const fmt_tok *t, bool emit)
{
	element_space(w, emit);
	if (!emit)
		return;
	cgroup g = cp_operands(w->c, t->text, t->len);
	if (g.v || g.n) {
		cp_values(w->p, g.v, g.n);
		return;
	}
	unsigned k;
	const bcx_tileir_field *f = find_field(w->c, t->text, t->len, &k);
	const bcx_tileir_attr *a = cp_attr(w->c, t->text, t->len);
	if (f && a && a->kind != BCX_TILEIR_A_NONE && a->kind != BCX_TILEIR_A_UNIT)
		print_attr_value(w, f, a);
}

static void type_element(walk *w, const fmt_tok *t, bool emit)
{
	element_space(w, emit);
	if (!emit)
		return;
	cgroup g = cp_operands(w->c, t->text, t->len);
	if (!g.v && !g.n) {
		g = cp_results(w->c, t->text, t->len);
		cp_types(w->p, g.v, g.n);
		return;
	}
	for (uint32_t i = 0; i < g.n; i++) {
		if (i)
			bcx_buf_puts(w->p->o, ", ");
		cp_type(w->p, w->p->body->value_types[g.v[i]]);
	}
}

/* Is the anchor named by t present? Operands: a non-empty group; unit
 * attributes: set; other attributes: set and not their ^=default. */
static bool present(walk *w, const fmt_tok *t)
{
	if (t->kind == FMT_CUSTOM)
		return cp_custom_present(w->p, w->c, t);
	cgroup g = cp_operands(w->c, t->text, t->len);
	if (g.n)
		return true;
	if (cp_results(w->c, t->text, t->len).n)
		return true;
	unsigned k;
	const bcx_tileir_field *f = find_field(w->c, t->text, t->len, &k);
	const bcx_tileir_attr *a = cp_attr(w->c, t->text, t->len);
	if (!a || a->kind == BCX_TILEIR_A_NONE)
		return false;
	if (t->dflt && a->kind == BCX_TILEIR_A_ENUM) {
		const char *v = bcx_tileir_enum_value(f->enum_id, a->u);
		return !(v && fmt_is(t->dflt, t->dflt_len, v));
	}
	if (t->dflt && (a->kind == BCX_TILEIR_A_INTEGER || a->kind == BCX_TILEIR_A_U64 ||
			a->kind == BCX_TILEIR_A_U32))
		return !(a->u == 0 && fmt_is(t->dflt, t->dflt_len, "0"));
	return true;
}

static bool is_unit(const cop *c, const fmt_tok *t)
{
	unsigned k;
	const bcx_tileir_field *f = find_field(c, t->text, t->len, &k);
	return f && f->kind == BCX_TILEIR_F_UNIT;
}

static const char *run(walk *w, const char *s, bool emit, fmt_kind stop);

/* "( ... )?": find the anchor, then walk the group, printing it or not;
 * the spacing state moves the same either way. */
static const char *group(walk *w, const char *s, bool emit)
{
	const char *q = s;
	fmt_tok anchor = {.kind = FMT_END};
	const char *first = NULL;
	int depth = 0;
	for (fmt_tok t = fmt_next(&q); t.kind != FMT_END && t.kind != FMT_BAD; t = fmt_next(&q)) {
		if (!first)
			first = t.text;
		if (t.kind == FMT_GROUP)
			depth++;
		if (t.kind == FMT_GROUP_END && depth-- == 0)
			break;
		if (t.anchor && depth == 0)
			anchor = t;
	}
	bool on = emit && anchor.kind != FMT_END && present(w, &anchor);
	const char *saved = w->skip;
	w->skip = anchor.kind == FMT_VAR && first != anchor.text && is_unit(w->c, &anchor)
		? anchor.text : NULL;
	s = run(w, s, on, FMT_GROUP_END);
	w->skip = saved;
	return s;
}

/* "oilist(`kw` $unit | ...)": each keyword printed when its unit is set. */
static const char *oilist(walk *w, const char *s, bool emit)
{
	for (;;) {
		fmt_tok kw = fmt_next(&s), var = fmt_next(&s), end = fmt_next(&s);
		if (kw.kind != FMT_LIT || var.kind != FMT_VAR)
			return NULL;
		literal(w, kw.text, kw.len, emit && present(w, &var));
		if (end.kind == FMT_OIL_END)
			return s;
		if (end.kind != FMT_OIL_SEP)
			return NULL;
	}
}

static const char *run(walk *w, const char *s, bool emit, fmt_kind stop)
{
	for (;;) {
		fmt_tok t = fmt_next(&s);
		if (t.kind == stop || t.kind == FMT_END || t.kind == FMT_BAD)
			return s;
		switch (t.kind) {
		case FMT_LIT: literal(w, t.text, t.len, emit); break;
		case FMT_VAR:
			if (t.text != w->skip)
				variable(w, &t, emit);
			break;
		case FMT_TYPE: type_element(w, &t, emit); break;
		case FMT_ATTR_DICT: w->punct = false; break; /* formats name every attribute */
		case FMT_GROUP: s = group(w, s, emit); break;
		case FMT_OILIST: s = oilist(w, s, emit); break;
		case FMT_CUSTOM:
			element_space(w, emit);
			if (emit && !cp_custom(w->p, w->c, &t, emit))
				cp_fail(w->p, w->c->op);
			break;
		default: return s;
		}
		if (!s)
			return s;
	}
}

void cp_format(cprint *p, const cop *c)
{
	const char *s = c->info->fmt;
	const char *q = s;
	fmt_tok t = fmt_next(&q);
	if (t.kind == FMT_OP) {
		if (!cp_whole_op(p, c, &t))
			cp_fail(p, c->op);
		return;
	}
	walk w = {.p = p, .c = c, .space = true, .punct = false};
	run(&w, s, true, FMT_END);
}

/* ---- ops, blocks, regions ---- */

static void print_results(cprint *p, const bcx_tileir_op *op)
{
	const cname *nv = p->names;
	uint32_t r = 0;
	while (r < op->n_results) {
		uint32_t n = 1;
		const cname *c = &nv[op->first_result + r];
		while (r + n < op->n_results && nv[op->first_result + r + n].s == c->s)
			n++;
		if (r)
			bcx_buf_puts(p->o, ", ");
		bcx_buf_put_bytes(p->o, c->s, c->len);
		if (n > 1)
			bcx_buf_printf(p->o, ":%u", n);
		r += n;
	}
	bcx_buf_puts(p->o, " = ");
}

static void print_op(cprint *p, const bcx_tileir_op *op)
{
	bcx_buf_spill(p->o, p->sink, 1u << 16);
	for (unsigned i = 0; i < p->indent; i++)
		bcx_buf_put_u8(p->o, ' ');
	if (op->n_results)
		print_results(p, op);
	bcx_buf_puts(p->o, op->info->name);
	cop c = {op, op->info};
	cp_format(p, &c);
	cp_di_suffix(p, op->loc);
	bcx_buf_put_u8(p->o, '\n');
}

bool cp_shows_terminator(const bcx_tileir_op *owner, const bcx_tileir_region *r)
{
	if (!owner || !r->n_blocks || !r->blocks[0].n_ops)
		return true;
	const bcx_tileir_op *last = &r->blocks[0].ops[r->blocks[0].n_ops - 1];
	unsigned implicit = owner->opcode == BCX_TILEIR_OP_if ? BCX_TILEIR_OP_yield
			  : owner->opcode == BCX_TILEIR_OP_for || owner->opcode == BCX_TILEIR_OP_loop
				  ? BCX_TILEIR_OP_continue
				  : 0;
	return !(implicit && last->opcode == implicit && last->n_operands == 0);
}

void cp_region(cprint *p, const bcx_tileir_region *r, bool terminators)
{
	/* only the entry block may leave out its terminator */
	bcx_buf_puts(p->o, "{\n");
	for (uint32_t b = 0; b < r->n_blocks; b++) {
		const bcx_tileir_block *blk = &r->blocks[b];
		if (b) {
			for (unsigned i = 0; i + 2 < p->indent + 2; i++)
				bcx_buf_put_u8(p->o, ' ');
			bcx_buf_printf(p->o, "^bb%u", b);
			if (blk->n_args)
				cp_block_args(p, blk);
			bcx_buf_puts(p->o, ":\n");
		}
		uint32_t n = blk->n_ops;
		if (!terminators && b == 0 && n && blk->ops[n - 1].info->terminator)
			n--;
		p->indent += 2;
		for (uint32_t k = 0; k < n; k++)
			print_op(p, &blk->ops[k]);
		p->indent -= 2;
	}
	for (unsigned i = 0; i < p->indent; i++)
		bcx_buf_put_u8(p->o, ' ');
	bcx_buf_put_u8(p->o, '}');
}
