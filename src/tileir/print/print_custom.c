/*
 * The dialect's custom text form, byte-identical to NVIDIA's reader
 * (cuda-tile-translate -cudatilebc-to-mlir, spec §21). Each op is printed
 * by walking its TIR_FMT column (fmt.h) the way MLIR's generated printers
 * do: a space goes before an element unless punctuation rules say not,
 * and those rules follow the format statically, so an absent optional
 * group still moves the spacing state as if it had been printed (hence
 * "addf %a, %b  : tile<f32>" with two spaces).
 */
#include "tileir/print/print_custom.h"
#include "tileir/model/opcodes.h"
#include "tileir/model/op_text.h"
#include "common/internal.h"

#include <string.h>

void cp_newline(cprint *p)
{
	bcx_buf_add_u8(p->o, '\n');
	for (unsigned i = 0; i < p->indent; i++)
		bcx_buf_add_u8(p->o, ' ');
}

void cp_value(cprint *p, uint32_t v)
{
	const cname *c = v < p->body->n_values ? &p->names[v] : NULL;
	if (!c || !c->s) {
		BCX_BUF_LIT(p->o, "<<UNKNOWN SSA VALUE>>");
		return;
	}
	bcx_buf_add(p->o, c->s, c->len);
	if (c->sub >= 0) {
		bcx_buf_add_u8(p->o, '#');
		bcx_buf_put_udec(p->o, (uint32_t)c->sub);
	}
}

uint32_t cp_value_type(const cprint *p, uint32_t v)
{
	return v < p->body->n_values ? p->body->value_types[v] : BCX_TILEIR_TYPE_IMPLICIT_TOKEN;
}

void cp_values(cprint *p, const uint32_t *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		cp_value(p, v[i]);
	}
}

/* Types are printed many times: each one's text is made once per print. */
void cp_type(cprint *p, uint32_t t)
{
	if (t >= p->m->n_types || !p->type_text) {
		tir_print_type(p->o, p->m, t, false);
		return;
	}
	bcx_tileir_str *s = &p->type_text[t];
	if (!s->ptr) {
		size_t at = p->o->len;
		tir_print_type(p->o, p->m, t, false);
		if (p->o->status != BCX_OK)
			return;
		char *copy = bcx_arena_memdup(p->arena, p->o->data + at, p->o->len - at);
		if (copy)
			*s = (bcx_tileir_str){(const uint8_t *)copy, p->o->len - at};
		return;
	}
	bcx_buf_add(p->o, s->ptr, s->len);
}

void cp_types(cprint *p, const uint32_t *t, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		cp_type(p, t[i]);
	}
}

void cp_block_args(cprint *p, const bcx_tileir_block *b)
{
	bcx_buf_add_u8(p->o, '(');
	for (uint32_t i = 0; i < b->n_args; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		cp_value(p, b->first_arg + i);
		BCX_BUF_LIT(p->o, ": ");
		cp_type(p, b->arg_types[i]);
	}
	bcx_buf_add_u8(p->o, ')');
}

/* ---- fields of the op being printed ---- */

/* The field named name: its index in the row, and its slot (its index
 * among the fields of its kind: operand group, attribute, result). */
static int find_field(const bcx_tileir_opinfo *info, const char *name, size_t len,
		      unsigned *slot)
{
	unsigned k[4] = {0, 0, 0, 0};
	for (unsigned i = 0; i < info->n_fields; i++) {
		const bcx_tileir_field *f = &info->fields[i];
		unsigned kind = (f->kind == BCX_TILEIR_F_UNIT ? BCX_TILEIR_F_ATTR : f->kind) & 3;
		if (fmt_is(name, len, f->name)) {
			*slot = k[kind];
			return (int)i;
		}
		k[kind]++;
	}
	return -1;
}

static cgroup group_of(const cop *c, unsigned g)
{
	uint32_t at = 0;
	for (unsigned i = 0; i < g; i++)
		at += c->op->segments[i];
	return (cgroup){c->op->operands + at, c->op->segments[g]};
}

static cgroup results_of(const cop *c, const bcx_tileir_field *f, unsigned k)
{
	if (f->mult == BCX_TILEIR_VARIADIC) /* the one variadic result field */
		return (cgroup){c->op->result_types, c->op->n_results};
	return k < c->op->n_results ? (cgroup){c->op->result_types + k, 1} : (cgroup){NULL, 0};
}

cgroup cp_operands(const cop *c, const char *name, size_t len)
{
	unsigned k;
	int f = find_field(c->info, name, len, &k);
	if (f < 0 || c->info->fields[f].kind != BCX_TILEIR_F_OPERAND)
		return (cgroup){NULL, 0};
	return group_of(c, k);
}

const bcx_tileir_attr *cp_attr(const cop *c, const char *name, size_t len)
{
	unsigned k;
	int f = find_field(c->info, name, len, &k);
	if (f < 0 || (c->info->fields[f].kind != BCX_TILEIR_F_ATTR &&
		      c->info->fields[f].kind != BCX_TILEIR_F_UNIT))
		return NULL;
	return &c->op->attrs[k];
}

cgroup cp_results(const cop *c, const char *name, size_t len)
{
	unsigned k;
	int f = find_field(c->info, name, len, &k);
	if (f < 0 || c->info->fields[f].kind != BCX_TILEIR_F_RESULT)
		return (cgroup){NULL, 0};
	return results_of(c, &c->info->fields[f], k);
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

/* ---- formats, read once per print ---- */

/* Read an op's format into elements with their fields resolved, and each
 * group's end and anchor found, so the walk does no string work. */
static cfmt *compile(cprint *p, const bcx_tileir_opinfo *info)
{
	size_t n = 0;
	const char *q = info->fmt;
	while (fmt_next(&q).kind != FMT_END && n < 255)
		n++;
	cfmt *f = bcx_arena_calloc(p->arena, 1, sizeof *f);
	ctok *t = f ? bcx_arena_calloc(p->arena, n + 1, sizeof *t) : NULL;
	if (!t)
		return NULL;
	uint16_t open[16], depth = 0;
	q = info->fmt;
	for (uint16_t i = 0; i < n; i++) {
		t[i].t = fmt_next(&q);
		t[i].field = -1;
		t[i].anchor = -1;
		t[i].dir = (int8_t)(t[i].t.kind == FMT_CUSTOM ? cp_directive(&t[i].t) : -1);
		const char *name = t[i].t.text;
		size_t len = t[i].t.len;
		if (t[i].t.kind == FMT_CUSTOM) {
			const char *a = t[i].t.args;
			if (fmt_arg(&a, t[i].t.args + t[i].t.args_len, &name, &len) && *name == '$')
				name++, len--;
		}
		if (t[i].t.kind == FMT_VAR || t[i].t.kind == FMT_TYPE || t[i].t.kind == FMT_CUSTOM) {
			unsigned k = 0;
			t[i].field = (int16_t)find_field(info, name, len, &k);
			t[i].slot = (uint16_t)k;
		}
		if ((t[i].t.kind == FMT_GROUP || t[i].t.kind == FMT_OILIST) && depth < 16)
			open[depth++] = i;
		if ((t[i].t.kind == FMT_GROUP_END || t[i].t.kind == FMT_OIL_END) && depth)
			t[open[--depth]].end = i;
		if (t[i].t.anchor && depth)
			t[open[depth - 1]].anchor = (int16_t)i;
	}
	f->toks = t;
	f->n = (uint16_t)n;
	return f;
}

static cfmt *format_of(cprint *p, const bcx_tileir_opinfo *info)
{
	uint8_t code = (uint8_t)info->opcode;
	if (!p->fmts[code])
		p->fmts[code] = compile(p, info);
	return p->fmts[code];
}

/* ---- the format walk ---- */

typedef struct walk {
	cprint *p;
	const cop *c;
	const ctok *t;     /* the op's elements */
	bool space, punct; /* MLIR's shouldEmitSpace and lastWasPunctuation */
	int skip;          /* an optional group's unit anchor: not printed */
} walk;

/* MLIR's punctuation classes for literals (one character each). */
static bool closes(char ch) { return ch == '>' || ch == ')' || ch == '}' || ch == ']' || ch == ','; }
static bool opens(char ch) { return ch == '<' || ch == '(' || ch == '{' || ch == '['; }

static void literal(walk *w, const char *s, size_t n, bool emit)
{
	if (n == 0 || (n == 1 && s[0] == ' ')) { /* `` and ` ` */
		if (n && emit)
			bcx_buf_add_u8(w->p->o, ' ');
		w->punct = n == 0;
		w->space = false;
		return;
	}
	bool before;
	if (n != 1 && !(n == 2 && s[0] == '-' && s[1] == '>'))
		before = true;
	else if (w->punct)
		before = !closes(s[0]);
	else
		before = !closes(s[0]) && !opens(s[0]);
	if (emit) {
		if (w->space && before)
			bcx_buf_add_u8(w->p->o, ' ');
		bcx_buf_add(w->p->o, s, n);
	}
	w->space = n != 1 || !opens(s[0]);
	w->punct = s[0] != '_' && !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'));
}

/* The space MLIR puts before any element that is not a literal. */
static void element_space(walk *w, bool emit)
{
	if (emit && (w->space || !w->punct))
		bcx_buf_add_u8(w->p->o, ' ');
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
		if (mn)
			bcx_buf_add_u8(o, '<');
		bcx_buf_puts(o, v ? v : "?");
		if (mn)
			bcx_buf_add_u8(o, '>');
		break;
	}
	case BCX_TILEIR_A_INTEGER: tir_print_attr(o, w->p->m, a, ELIDE_MUST); break;
	case BCX_TILEIR_A_U32: bcx_buf_put_idec(o, (int32_t)(uint32_t)a->u); break;
	case BCX_TILEIR_A_U64: bcx_buf_put_idec(o, (int64_t)a->u); break;
	case BCX_TILEIR_A_I32_ARRAY:
		tir_print_ints(o, a->ints, a->n, "[", "", "]");
		break;
	case BCX_TILEIR_A_HINTS: tir_print_hints(o, w->p->m, a, false); break;
	default: tir_print_attr(o, w->p->m, a, ELIDE_MAY); break;
	}
}

/* What element t names: an operand group, attribute or result. */
typedef struct target {
	const bcx_tileir_field *f;
	cgroup g;                  /* operands, or result types */
	const bcx_tileir_attr *a;
} target;

static target target_of(const walk *w, const ctok *t)
{
	target r = {NULL, {NULL, 0}, NULL};
	if (t->field < 0)
		return r;
	r.f = &w->c->info->fields[t->field];
	if (r.f->kind == BCX_TILEIR_F_OPERAND)
		r.g = group_of(w->c, t->slot);
	else if (r.f->kind == BCX_TILEIR_F_RESULT)
		r.g = results_of(w->c, r.f, t->slot);
	else
		r.a = &w->c->op->attrs[t->slot];
	return r;
}

static void variable(walk *w, const ctok *t, bool emit)
{
	element_space(w, emit);
	if (!emit)
		return;
	target x = target_of(w, t);
	if (x.f && x.f->kind == BCX_TILEIR_F_OPERAND)
		cp_values(w->p, x.g.v, x.g.n);
	else if (x.a && x.a->kind != BCX_TILEIR_A_NONE && x.a->kind != BCX_TILEIR_A_UNIT)
		print_attr_value(w, x.f, x.a);
}

static void type_element(walk *w, const ctok *t, bool emit)
{
	element_space(w, emit);
	if (!emit)
		return;
	target x = target_of(w, t);
	if (x.f && x.f->kind == BCX_TILEIR_F_RESULT) {
		cp_types(w->p, x.g.v, x.g.n);
		return;
	}
	for (uint32_t i = 0; i < x.g.n; i++) {
		if (i)
			BCX_BUF_LIT(w->p->o, ", ");
		cp_type(w->p, cp_value_type(w->p, x.g.v[i]));
	}
}

/* Is the anchor t present? Operands and results: a non-empty group; unit
 * attributes: set; other attributes: set and not their ^=default. */
static bool present(walk *w, const ctok *t)
{
	if (t->t.kind == FMT_CUSTOM)
		return cp_custom_present(w->p, w->c, &t->t);
	target x = target_of(w, t);
	if (!x.f)
		return false;
	if (!x.a)
		return x.g.n != 0;
	if (x.a->kind == BCX_TILEIR_A_NONE)
		return false;
	if (t->t.dflt && x.a->kind == BCX_TILEIR_A_ENUM) {
		const char *v = bcx_tileir_enum_value(x.f->enum_id, x.a->u);
		return !(v && fmt_is(t->t.dflt, t->t.dflt_len, v));
	}
	if (t->t.dflt && (x.a->kind == BCX_TILEIR_A_INTEGER || x.a->kind == BCX_TILEIR_A_U64 ||
			  x.a->kind == BCX_TILEIR_A_U32))
		return !(x.a->u == 0 && fmt_is(t->t.dflt, t->t.dflt_len, "0"));
	return true;
}

static void run(walk *w, unsigned from, unsigned to, bool emit);

/* "( ... )?" at i: printed when its anchor is present; the spacing state
 * moves the same either way. A unit attribute anchor that does not open
 * the group is not printed. */
static unsigned group(walk *w, unsigned i, bool emit)
{
	const ctok *g = &w->t[i];
	int a = g->anchor;
	bool on = emit && a >= 0 && present(w, &w->t[a]);
	int saved = w->skip;
	bool unit = a > (int)i + 1 && w->t[a].t.kind == FMT_VAR && w->t[a].field >= 0 &&
		    w->c->info->fields[w->t[a].field].kind == BCX_TILEIR_F_UNIT;
	w->skip = unit ? a : -1;
	run(w, i + 1, g->end, on);
	w->skip = saved;
	return g->end;
}

/* "oilist(`kw` $unit | ...)": each keyword printed when its unit is set. */
static unsigned oilist(walk *w, unsigned i, bool emit)
{
	unsigned end = w->t[i].end;
	for (unsigned k = i + 1; k + 1 < end; k += 3) {
		const ctok *kw = &w->t[k], *var = &w->t[k + 1];
		literal(w, kw->t.text, kw->t.len, emit && present(w, var));
	}
	return end;
}

static void run(walk *w, unsigned from, unsigned to, bool emit)
{
	for (unsigned i = from; i < to; i++) {
		const ctok *t = &w->t[i];
		switch (t->t.kind) {
		case FMT_LIT: literal(w, t->t.text, t->t.len, emit); break;
		case FMT_VAR:
			if ((int)i != w->skip)
				variable(w, t, emit);
			break;
		case FMT_TYPE: type_element(w, t, emit); break;
		case FMT_ATTR_DICT: w->punct = false; break; /* formats name every attribute */
		case FMT_GROUP: i = group(w, i, emit); break;
		case FMT_OILIST: i = oilist(w, i, emit); break;
		case FMT_CUSTOM:
			element_space(w, emit);
			if (emit && !cp_custom(w->p, w->c, t))
				cp_fail(w->p, w->c->op);
			break;
		default: break;
		}
	}
}

void cp_format(cprint *p, const cop *c)
{
	cfmt *f = format_of(p, c->info);
	if (!f) {
		if (p->status == BCX_OK)
			p->status = bcx_nomem(p->diag);
		return;
	}
	if (f->n && f->toks[0].t.kind == FMT_OP) {
		if (!cp_whole_op(p, c, &f->toks[0].t))
			cp_fail(p, c->op);
		return;
	}
	walk w = {.p = p, .c = c, .t = f->toks, .space = true, .punct = false, .skip = -1};
	run(&w, 0, f->n, true);
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
			BCX_BUF_LIT(p->o, ", ");
		bcx_buf_add(p->o, c->s, c->len);
		if (n > 1) {
			bcx_buf_add_u8(p->o, ':');
			bcx_buf_put_udec(p->o, n);
		}
		r += n;
	}
	BCX_BUF_LIT(p->o, " = ");
}

/* An op outside the dialect: MLIR prints it in the generic form in custom
 * text too, with full type names (no dialect to default to). */
static void print_unregistered(cprint *p, const bcx_tileir_op *op)
{
	tir_print_string(p->o, op->name);
	bcx_buf_add_u8(p->o, '(');
	cp_values(p, op->operands, op->n_operands);
	BCX_BUF_LIT(p->o, ") : (");
	for (uint32_t i = 0; i < op->n_operands; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		tir_print_type(p->o, p->m, cp_value_type(p, op->operands[i]), true);
	}
	bcx_buf_puts(p->o, op->n_results == 1 ? ") -> " : ") -> (");
	for (uint32_t i = 0; i < op->n_results; i++) {
		if (i)
			BCX_BUF_LIT(p->o, ", ");
		tir_print_type(p->o, p->m, op->result_types[i], true);
	}
	if (op->n_results != 1)
		bcx_buf_add_u8(p->o, ')');
}

static void print_op(cprint *p, const bcx_tileir_op *op)
{
	tir_print_notes(p->o, p->sink, p->opts, op, p->indent);
	for (unsigned i = 0; i < p->indent; i++)
		bcx_buf_add_u8(p->o, ' ');
	if (op->n_results)
		print_results(p, op);
	if (op->info->unregistered) {
		print_unregistered(p, op);
	} else {
		bcx_buf_puts(p->o, op->info->name);
		cop c = {op, op->info};
		cp_format(p, &c);
	}
	cp_di_suffix(p, op->loc);
	bcx_buf_add_u8(p->o, '\n');
}

bool cp_shows_terminator(const bcx_tileir_op *owner, const bcx_tileir_region *r)
{
	if (!owner || !r->n_blocks || !r->blocks[0].n_ops)
		return true;
	const bcx_tileir_op *last = &r->blocks[0].ops[r->blocks[0].n_ops - 1];
	int implicit = tir_implicit_terminator(owner->opcode); /* the row's TIR_IMPLICIT */
	return !(implicit >= 0 && last->opcode == (unsigned)implicit && last->n_operands == 0);
}

void cp_region(cprint *p, const bcx_tileir_region *r, bool terminators)
{
	/* only the entry block may leave out its terminator */
	BCX_BUF_LIT(p->o, "{\n");
	for (uint32_t b = 0; b < r->n_blocks; b++) {
		const bcx_tileir_block *blk = &r->blocks[b];
		if (b) {
			for (unsigned i = 0; i + 2 < p->indent + 2; i++)
				bcx_buf_add_u8(p->o, ' ');
			BCX_BUF_LIT(p->o, "^bb");
			bcx_buf_put_udec(p->o, b);
			if (blk->n_args)
				cp_block_args(p, blk);
			BCX_BUF_LIT(p->o, ":\n");
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
		bcx_buf_add_u8(p->o, ' ');
	bcx_buf_add_u8(p->o, '}');
}
