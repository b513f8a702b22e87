/*
 * The custom text form's parser (spec §21): the inverse of print_custom.c.
 * An op is read by walking its TIR_FMT column (fmt.h) element by element:
 * a literal must be there, $x reads an operand group or an attribute by
 * its field's encoding, type($x) the types of a group or result, an
 * optional group is taken when the text starts with its first element,
 * oilist keywords come in any order, and custom<Name> / op<Name> go to
 * the directive of that name (asm_directives.c). Nothing here knows an
 * op: a row with a format parses without new code.
 *
 * Two things the format leaves to the dialect's traits are facts of the
 * op's row (model/op_text.h): result types it does not print (TIR_TYPE_OF)
 * and the value-less terminator a region may leave out (TIR_IMPLICIT).
 */
#include "tileir/parse/asm_custom.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/op_text.h"
#include "common/internal.h"

#include <stdio.h>
#include <string.h>

/* ---- fields ---- */

bcx_status ac_field_at(ac_walk *w, const char *name, size_t len, int *field)
{
	uintptr_t h = ((uintptr_t)name >> 2) ^ ((uintptr_t)w->info >> 5) ^ len;
	struct ap_field_memo *m = &w->p->field_memo[(h ^ h >> 8) & 255];
	if (m->info == w->info && m->name == name && m->len == len) {
		*field = m->field;
		return BCX_OK;
	}
	for (unsigned i = 0; i < w->info->n_fields && i < AC_MAX_FIELDS; i++)
		if (fmt_is(name, len, w->info->fields[i].name)) {
			*m = (struct ap_field_memo){w->info, name, len, (int)i};
			*field = (int)i;
			return BCX_OK;
		}
	*field = -1;
	return ap_fail(w->p, "cuda_tile.%s: its format names no field '%.*s'", w->info->name,
		       (int)len, name);
}

bcx_status ac_arg_field(ac_walk *w, const fmt_tok *t, int *field)
{
	const char *s = t->args, *a;
	size_t n;
	*field = -1;
	if (!fmt_arg(&s, t->args + t->args_len, &a, &n))
		return ap_fail(w->p, "directive without an argument");
	if (*a == '$') {
		a++;
		n--;
	}
	return ac_field_at(w, a, n, field);
}

uint32_t ac_result_count(const ac_walk *w, int i)
{
	const bcx_tileir_field *f = &w->info->fields[i];
	if (f->mult != BCX_TILEIR_VARIADIC)
		return 1;
	if (!w->named)
		return AC_ANY;
	uint32_t fixed = 0;
	for (unsigned k = 0; k < w->info->n_fields; k++)
		fixed += w->info->fields[k].kind == BCX_TILEIR_F_RESULT &&
			 w->info->fields[k].mult != BCX_TILEIR_VARIADIC;
	return w->n_results > fixed ? w->n_results - fixed : 0;
}

bcx_status ac_add_ref(ac_walk *w, int i, const ap_ref *r)
{
	ac_field *f = &w->f[i];
	BCX_TRY(ap_grow(w->p, &f->refs, f->n, &f->cap, sizeof *f->refs));
	f->refs[f->n++] = *r;
	return BCX_OK;
}

bcx_status ac_values(ac_walk *w, int i)
{
	asm_parser *p = w->p;
	bool many = w->info->fields[i].mult == BCX_TILEIR_VARIADIC;
	if (many && p->lx.t.k != MLIR_TK_VALUE)
		return BCX_OK; /* an empty group */
	for (;;) {
		ap_ref r;
		BCX_TRY(ap_value_ref(p, &r));
		BCX_TRY(ac_add_ref(w, i, &r));
		if (!many || !mlir_is_punct(&p->lx, ',') || mlir_peek(&p->lx).k != MLIR_TK_VALUE)
			return BCX_OK;
		BCX_TRY(ap_next(p));
	}
}

bcx_status ac_set_types(ac_walk *w, int i, const bcx_tileir_build_type *t, uint32_t n)
{
	ac_field *f = &w->f[i];
	f->types = bcx_arena_alloc(w->p->arena, ((size_t)n + 1) * sizeof *t);
	if (!f->types)
		return ap_nomem(w->p);
	if (n)
		memcpy(f->types, t, n * sizeof *t);
	f->n_types = n;
	f->typed = true;
	for (uint32_t k = 0; k < f->n && k < n; k++)
		f->refs[k].type = t[k];
	return BCX_OK;
}

bcx_status ac_types(ac_walk *w, int i, uint32_t n)
{
	bcx_tileir_build_type *t =
		bcx_arena_alloc(w->p->arena, ((size_t)(n == AC_ANY ? 0 : n) + 1) * sizeof *t);
	if (!t)
		return ap_nomem(w->p);
	if (n == AC_ANY) {
		uint32_t cap = 0;
		n = 0;
		do {
			BCX_TRY(ap_grow(w->p, &t, n, &cap, sizeof *t));
			BCX_TRY(ap_type(w->p, &t[n++]));
		} while (mlir_accept(&w->p->lx, ','));
		return ac_set_types(w, i, t, n);
	}
	for (uint32_t k = 0; k < n; k++) {
		if (k)
			BCX_TRY(ap_expect(w->p, ','));
		BCX_TRY(ap_type(w->p, &t[k]));
	}
	return ac_set_types(w, i, t, n);
}

bcx_status ac_enum_set(ac_walk *w, int i, const char *word, size_t n, bool *known)
{
	unsigned id = w->info->fields[i].enum_id;
	*known = false;
	for (unsigned v = 0; v < bcx_tileir_enum_count(id); v++) {
		const char *name = bcx_tileir_enum_value(id, v);
		if (name && fmt_is(word, n, name)) {
			bcx_diag bd = {0};
			*known = true;
			return ap_built(w->p, bcx_tileir_build_attr_enum(w->p->m, v, &w->f[i].attr, &bd),
					&bd);
		}
	}
	return BCX_OK;
}

/* An enum's words in order: quoted ("'a', 'b'") or bare ("a, b"). */
static void enum_list(unsigned id, bool quoted, char *buf, size_t cap)
{
	size_t n = 0;
	buf[0] = 0;
	for (unsigned v = 0; v < bcx_tileir_enum_count(id) && n < cap; v++) {
		const char *name = bcx_tileir_enum_value(id, v);
		if (name)
			n += (size_t)snprintf(buf + n, cap - n, "%s%s%s%s", n ? ", " : "",
					      quoted ? "'" : "", name, quoted ? "'" : "");
	}
}

/* An unknown enumerator, in the words of the reference's parser for the
 * field: its own parsers for signedness and the memory attributes of the
 * view ops, MLIR's generated ones for the rest. */
static bcx_status bad_enum(ac_walk *w, int i, mlir_tok t)
{
	const bcx_tileir_field *f = &w->info->fields[i];
	char list[200];
	int wn = (int)(t.n > 40 ? 40 : t.n);
	if (t.k != MLIR_TK_ID)
		return ap_fail(w->p, "expected valid keyword");
	switch (f->enum_id) {
	case BCX_TILEIR_ENUM_SIGNEDNESS:
		return ap_fail(w->p, "expected signedness to be one of: {'signed', 'unsigned'}");
	case BCX_TILEIR_ENUM_CMP_ORDERING: /* the reference lists them in this order */
		return ap_fail(w->p, "expected '%s' to be one of: {'ordered', 'unordered'}",
				 f->name);
	case BCX_TILEIR_ENUM_CMP_PREDICATE:
		enum_list(f->enum_id, true, list, sizeof list);
		return ap_fail(w->p, "expected '%s' to be one of: {%s}", f->name, list);
	case BCX_TILEIR_ENUM_MEM_ORDERING:
		if (tir_memory_words(w->info->opcode))
			return ap_fail(w->p, "invalid memory_ordering_semantics attribute "
				"specification. Got \"%.*s\" but expect one of: weak, relaxed, acquire, "
				"release, acq_rel", wn, t.p);
		break;
	default:
		break;
	}
	enum_list(f->enum_id, false, list, sizeof list);
	return ap_fail(w->p, "expected string or keyword containing one of the following "
			 "enum values for attribute '%s' [%s]", f->name, list);
}

/* After the memory ordering of a view op (the reference's
 * parseMemoryAttributes): a word there is its scope, which weak ordering
 * must not have and which must be a known scope. */
static bcx_status view_scope(ac_walk *w, mlir_tok ordering)
{
	mlir_tok t = w->p->lx.t;
	if (t.k != MLIR_TK_ID)
		return BCX_OK;
	int wn = (int)(t.n > 40 ? 40 : t.n);
	if (ordering.n == 4 && memcmp(ordering.p, "weak", 4) == 0)
		return ap_fail(w->p, "operation specifies weak memory ordering semantics, but "
				 "then provides \"%.*s\" scope, expected no memory scope.", wn, t.p);
	unsigned id = BCX_TILEIR_ENUM_MEM_SCOPE;
	for (unsigned v = 0; v < bcx_tileir_enum_count(id); v++) {
		const char *name = bcx_tileir_enum_value(id, v);
		if (name && strlen(name) == t.n && memcmp(name, t.p, t.n) == 0)
			return BCX_OK;
	}
	return ap_fail(w->p, "invalid memory_scope attribute specification. Got \"%.*s\" "
			 "but expect one of: tl_blk, device, sys", wn, t.p);
}

bcx_status ac_enum_word(ac_walk *w, int i)
{
	mlir_tok t = w->p->lx.t;
	bool known = false;
	if (t.k == MLIR_TK_ID)
		BCX_TRY(ac_enum_set(w, i, t.p, t.n, &known));
	if (!known)
		return bad_enum(w, i, t);
	BCX_TRY(ap_next(w->p));
	if (w->info->fields[i].enum_id == BCX_TILEIR_ENUM_MEM_ORDERING && tir_memory_words(w->info->opcode))
		return view_scope(w, t);
	return BCX_OK;
}

/* Append a value-less terminator to a region that lacks one, as MLIR
 * does for ops whose regions end implicitly (TIR_IMPLICIT). */
static bcx_status implicit_terminator(asm_parser *p, const ap_op *op, ap_block **b)
{
	int term = tir_implicit_terminator(op->info->opcode);
	if (term < 0)
		return BCX_OK;
	const bcx_tileir_opinfo *info = bcx_tileir_op_info((uint32_t)term);
	if (!info) /* ops.def's TIR_IMPLICIT names an op of the table */
		return ap_fail(p, "cuda_tile.%s: its implicit terminator is no op", op->info->name);
	if (!*b && !(*b = bcx_arena_calloc(p->arena, 1, sizeof **b)))
		return ap_nomem(p);
	ap_block *blk = *b;
	if (blk->n_ops && blk->ops[blk->n_ops - 1]->info->terminator)
		return BCX_OK;
	ap_op *t = bcx_arena_calloc(p->arena, 1, sizeof *t);
	ap_op **ops = bcx_arena_grow(p->arena, blk->ops, blk->n_ops, (size_t)blk->n_ops + 1,
				     sizeof *ops);
	if (!t || !ops)
		return ap_nomem(p);
	*t = (ap_op){.info = info, .line = op->line, .col = op->col,
		     .name_line = op->name_line, .name_col = op->name_col};
	ops[blk->n_ops++] = t;
	blk->ops = ops;
	return BCX_OK;
}

bcx_status ac_region(ac_walk *w, unsigned r, ap_block **out)
{
	if (r >= w->op->n_regions)
		return ap_fail(w->p, "cuda_tile.%s has no region %u", w->info->name, r);
	BCX_TRY(ap_region(w->p, out));
	return implicit_terminator(w->p, w->op, out);
}

/* ---- one element of the format ---- */

/* Does the current token spell literal s? */
static bool lit_here(asm_parser *p, const char *s, size_t n)
{
	if (n == 2 && s[0] == '-' && s[1] == '>')
		return mlir_is_punct(&p->lx, 'A');
	if (n == 1 && !((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		return mlir_is_punct(&p->lx, *s);
	return p->lx.t.k == MLIR_TK_ID && p->lx.t.n == n && memcmp(p->lx.t.p, s, n) == 0;
}

static bcx_status literal(ac_walk *w, const fmt_tok *t)
{
	if (t->len == 0 || (t->len == 1 && t->text[0] == ' '))
		return BCX_OK; /* spacing only */
	if (lit_here(w->p, t->text, t->len))
		return ap_next(w->p);
	mlir_tok k = w->p->lx.t;
	if (k.k == MLIR_TK_EOF)
		return ap_fail(w->p, "expected '%.*s' but reached the end of the input", (int)t->len,
			       t->text);
	return ap_fail(w->p, "expected '%.*s' but found '%.*s'", (int)t->len, t->text,
		       (int)(k.n > 40 ? 40 : k.n), k.p);
}

/* An integer attribute of width bits (U32 printed as i32, U64 as i64). */
static bcx_status int_attr(ac_walk *w, int i, unsigned bits)
{
	asm_parser *p = w->p;
	uint64_t u;
	bcx_tileir_build_type ty;
	bcx_diag bd = {0};
	uint8_t tag = bits == 32 ? BCX_TILEIR_T_I32 : BCX_TILEIR_T_I64;
	/* MLIR's attribute parser at the attribute's type: -0 is out of range,
	 * and a literal must fit the width (unsigned, or negated) */
	const char *pre = p->lx.prefix; /* the attribute parser's words name no op */
	p->lx.prefix = NULL;
	bcx_status st = ap_int_literal(p, tag, "attribute", &u);
	p->lx.prefix = pre;
	BCX_TRY(st);
	BCX_TRY(ap_built(p, bcx_tileir_build_type_scalar(p->m, tag, &ty, &bd), &bd));
	return ap_built(p, bcx_tileir_build_attr_int(p->m, ty, u, &w->f[i].attr, &bd), &bd);
}

/* A string attribute from "text" or @name. */
static bcx_status string_attr(ac_walk *w, int i, bool symbol)
{
	asm_parser *p = w->p;
	mlir_tok t = p->lx.t;
	if (t.k != MLIR_TK_STR && t.k != MLIR_TK_SYM)
		return ap_fail(p, "expected %s for '%s'", symbol ? "a symbol" : "a string",
			       w->info->fields[i].name);
	char *buf;
	size_t n;
	bcx_diag bd = {0};
	BCX_TRY(ap_string_value(p, &buf, &n));
	BCX_TRY(ap_built(p, symbol ? bcx_tileir_build_attr_symbol(p->m, buf, n, &w->f[i].attr, &bd)
				   : bcx_tileir_build_attr_string(p->m, buf, n, &w->f[i].attr, &bd),
			 &bd));
	return ap_next(p);
}

static bcx_status bool_attr(ac_walk *w, int i)
{
	asm_parser *p = w->p;
	bcx_diag bd = {0};
	if (!mlir_is_id(&p->lx, "true") && !mlir_is_id(&p->lx, "false"))
		return ap_fail(p, "expected true or false for '%s'", w->info->fields[i].name);
	BCX_TRY(ap_built(p, bcx_tileir_build_attr_bool(p->m, mlir_is_id(&p->lx, "true"),
						       &w->f[i].attr, &bd), &bd));
	return ap_next(p);
}

static bcx_status i32_array_attr(ac_walk *w, int i)
{
	asm_parser *p = w->p;
	bcx_diag bd = {0};
	int32_t v[256];
	uint32_t n = 0;
	BCX_TRY(ap_expect(p, '['));
	while (!mlir_is_punct(&p->lx, ']')) {
		int64_t x;
		if (n)
			BCX_TRY(ap_expect(p, ','));
		BCX_TRY(ap_signed_int(p, &x));
		if (n >= 256 || x < INT32_MIN || x > INT32_MAX)
			return ap_fail(p, "too many values or a value out of range for i32");
		v[n++] = (int32_t)x;
	}
	BCX_TRY(ap_next(p));
	return ap_built(p, bcx_tileir_build_attr_i32_array(p->m, v, n, &w->f[i].attr, &bd), &bd);
}

/* An attribute field, as print_attr_value prints its encoding. */
static bcx_status attr_value(ac_walk *w, int i)
{
	asm_parser *p = w->p;
	const bcx_tileir_field *f = &w->info->fields[i];
	bcx_diag bd = {0};
	bcx_tileir_build_type t;
	switch (f->enc) {
	case BCX_TILEIR_E_ENUM:
		if (!bcx_tileir_enum_mnemonic(f->enum_id))
			return ac_enum_word(w, i);
		BCX_TRY(ap_expect(p, '<'));
		BCX_TRY(ac_enum_word(w, i));
		return ap_expect(p, '>');
	case BCX_TILEIR_E_U32: return int_attr(w, i, 32);
	case BCX_TILEIR_E_U64: return int_attr(w, i, 64);
	case BCX_TILEIR_E_STR: return string_attr(w, i, false);
	case BCX_TILEIR_E_SYM: return string_attr(w, i, true);
	case BCX_TILEIR_E_HINTS:
		return ap_cuda_attr(p, "optimization_hints", 18, &w->f[i].attr);
	case BCX_TILEIR_E_BOOL: return bool_attr(w, i);
	case BCX_TILEIR_E_I32ARR: return i32_array_attr(w, i);
	case BCX_TILEIR_E_TYPE:
		BCX_TRY(ap_type(p, &t));
		return ap_built(p, bcx_tileir_build_attr_type(p->m, t, &w->f[i].attr, &bd), &bd);
	default: /* arrays and self-contained attributes: the generic syntax */
		return ap_attr(p, &w->f[i].attr);
	}
}

/* The field element e names (its message when the row has none). */
static bcx_status elem_field(ac_walk *w, const ac_elem *e, int *i)
{
	if (e->field < 0)
		return ac_field_at(w, e->t.text, e->t.len, i);
	*i = e->field;
	return BCX_OK;
}

static bcx_status variable(ac_walk *w, const ac_elem *e)
{
	int i;
	BCX_TRY(elem_field(w, e, &i));
	const bcx_tileir_field *f = &w->info->fields[i];
	if (f->kind == BCX_TILEIR_F_OPERAND)
		return ac_values(w, i);
	if (f->kind == BCX_TILEIR_F_UNIT) {
		bcx_diag bd = {0};
		return ap_built(w->p, bcx_tileir_build_attr_unit(w->p->m, &w->f[i].attr, &bd), &bd);
	}
	if (f->kind == BCX_TILEIR_F_RESULT)
		return ap_fail(w->p, "a result cannot be written here");
	return attr_value(w, i);
}

static bcx_status type_element(ac_walk *w, const ac_elem *e)
{
	int i;
	BCX_TRY(elem_field(w, e, &i));
	const bcx_tileir_field *f = &w->info->fields[i];
	if (f->kind == BCX_TILEIR_F_OPERAND)
		return ac_types(w, i, w->f[i].n);
	if (f->kind == BCX_TILEIR_F_RESULT)
		return ac_types(w, i, ac_result_count(w, i));
	return ap_fail(w->p, "type() of an attribute");
}

/* One "name [= value]" of an attr-dict, at its name t: only the op's own
 * fields are accepted (nothing else reaches the wire). */
static bcx_status dict_entry(ac_walk *w, mlir_tok t)
{
	asm_parser *p = w->p;
	int i = -1;
	for (unsigned k = 0; k < w->info->n_fields; k++)
		if (w->info->fields[k].kind >= BCX_TILEIR_F_ATTR &&
		    fmt_is(t.p, t.n, w->info->fields[k].name))
			i = (int)k;
	if (i < 0)
		return ap_fail(p, "cuda_tile.%s has no attribute '%.*s'", w->info->name,
			       (int)(t.n > 40 ? 40 : t.n), t.p);
	bcx_diag bd = {0};
	BCX_TRY(ap_next(p));
	if (mlir_accept(&p->lx, '='))
		return ap_attr(p, &w->f[i].attr);
	return ap_built(p, bcx_tileir_build_attr_unit(p->m, &w->f[i].attr, &bd), &bd);
}

/* attr-dict: attributes the format does not place, in generic syntax. */
static bcx_status attr_dict(ac_walk *w, bool kw)
{
	asm_parser *p = w->p;
	if (kw && !mlir_is_id(&p->lx, "attributes"))
		return BCX_OK;
	if (kw)
		BCX_TRY(ap_next(p));
	if (!kw && !mlir_is_punct(&p->lx, '{'))
		return BCX_OK;
	BCX_TRY(ap_expect(p, '{'));
	mlir_tok seen[64];
	for (uint32_t n = 0; !mlir_is_punct(&p->lx, '}'); n++) {
		if (n)
			BCX_TRY(ap_expect(p, ','));
		mlir_tok t = p->lx.t;
		if (t.k != MLIR_TK_ID && t.k != MLIR_TK_STR)
			return ap_fail(p, "expected an attribute name");
		if (n >= 64)
			return ap_fail(p, "too many attributes");
		BCX_TRY(ap_key_unique(p, seen, n));
		seen[n] = t;
		BCX_TRY(dict_entry(w, t));
	}
	return ap_next(p);
}

static bcx_status run(ac_walk *w, uint32_t *i, fmt_kind stop);

/* Does the text start the element e (the first of an optional group)? */
static bool starts(ac_walk *w, const ac_elem *e)
{
	asm_parser *p = w->p;
	const fmt_tok *t = &e->t;
	if (t->kind == FMT_LIT)
		return lit_here(p, t->text, t->len);
	if (t->kind == FMT_CUSTOM)
		return ac_custom_starts(w, t);
	if (t->kind != FMT_VAR || e->field < 0)
		return false;
	const bcx_tileir_field *f = &w->info->fields[e->field];
	if (f->kind == BCX_TILEIR_F_OPERAND)
		return p->lx.t.k == MLIR_TK_VALUE;
	if (f->enc == BCX_TILEIR_E_ENUM && !bcx_tileir_enum_mnemonic(f->enum_id)) {
		for (unsigned v = 0; v < bcx_tileir_enum_count(f->enum_id); v++) {
			const char *name = bcx_tileir_enum_value(f->enum_id, v);
			if (name && p->lx.t.k == MLIR_TK_ID && fmt_is(p->lx.t.p, p->lx.t.n, name))
				return true;
		}
	}
	return false;
}

/* An absent group: its anchor takes its ^=default when it has one. */
static bcx_status group_absent(ac_walk *w, const ac_elem *a)
{
	if (!a || a->t.kind != FMT_VAR || !a->t.dflt)
		return BCX_OK;
	const fmt_tok *anchor = &a->t;
	int i;
	BCX_TRY(elem_field(w, a, &i));
	const bcx_tileir_field *f = &w->info->fields[i];
	bcx_diag bd = {0};
	if (f->enc == BCX_TILEIR_E_ENUM) {
		bool known;
		BCX_TRY(ac_enum_set(w, i, anchor->dflt, anchor->dflt_len, &known));
		return known ? BCX_OK
			     : ap_fail(w->p, "bad default in the format of cuda_tile.%s",
				       w->info->name);
	}
	bcx_tileir_build_type ty;
	uint8_t tag = f->enc == BCX_TILEIR_E_U32 ? BCX_TILEIR_T_I32 : BCX_TILEIR_T_I64;
	BCX_TRY(ap_built(w->p, bcx_tileir_build_type_scalar(w->p->m, tag, &ty, &bd), &bd));
	return ap_built(w->p, bcx_tileir_build_attr_int(w->p->m, ty, 0, &w->f[i].attr, &bd), &bd);
}

/* "( ... )?" at element g (*i is the one after it): taken when the text
 * starts with its first element. */
static bcx_status group(ac_walk *w, const ac_elem *g, uint32_t *i)
{
	const ac_elem *first = &w->fmt->e[*i];
	const ac_elem *anchor = g->anchor >= 0 ? &w->fmt->e[g->anchor] : NULL;
	if (!starts(w, first)) {
		*i = g->end;
		return group_absent(w, anchor);
	}
	const char *saved = w->skip;
	int ai = anchor && anchor->t.kind == FMT_VAR ? anchor->field : -1;
	/* a unit anchor after the group's first element is not in the text:
	 * the group being there sets it */
	bool unit = ai >= 0 && w->info->fields[ai].kind == BCX_TILEIR_F_UNIT;
	w->skip = unit && first != anchor ? anchor->t.text : NULL;
	if (w->skip)
		BCX_TRY(variable(w, anchor));
	bcx_status st = run(w, i, FMT_GROUP_END);
	w->skip = saved;
	return st;
}

/* One keyword of an oilist at element q, when the text gives it: its
 * unit (or value) read, *taken set. */
static bcx_status oil_keyword(ac_walk *w, uint32_t q, bool *taken)
{
	const ac_elem *e = w->fmt->e;
	const fmt_tok *kw = &e[q].t;
	int i;
	if (!lit_here(w->p, kw->text, kw->len))
		return BCX_OK;
	BCX_TRY(elem_field(w, &e[q + 1], &i));
	if (w->f[i].attr)
		return ap_fail(w->p, "'%.*s' given twice", (int)kw->len, kw->text);
	BCX_TRY(ap_next(w->p));
	*taken = true;
	return variable(w, &e[q + 1]);
}

/* "oilist(`kw` $unit | ...)": each keyword at most once, in any order. */
static bcx_status oilist(ac_walk *w, uint32_t *at)
{
	const ac_elem *e = w->fmt->e;
	uint32_t end = 0;
	for (bool again = true; again;) {
		again = false;
		for (uint32_t q = *at;; q += 3) {
			if (w->fmt->n - q < 3 || e[q].t.kind != FMT_LIT || e[q + 1].t.kind != FMT_VAR ||
			    (e[q + 2].t.kind != FMT_OIL_END && e[q + 2].t.kind != FMT_OIL_SEP))
				return ap_fail(w->p, "bad oilist in the format of cuda_tile.%s",
					       w->info->name);
			BCX_TRY(oil_keyword(w, q, &again));
			if (e[q + 2].t.kind == FMT_OIL_END) {
				end = q + 3;
				break;
			}
		}
	}
	*at = end;
	return BCX_OK;
}

/* One element of the format (*i is the one after it). */
static bcx_status element(ac_walk *w, const ac_elem *e, uint32_t *i)
{
	const fmt_tok *t = &e->t;
	switch (t->kind) {
	case FMT_LIT: return literal(w, t);
	case FMT_VAR: return t->text == w->skip ? BCX_OK : variable(w, e);
	case FMT_TYPE: return type_element(w, e);
	case FMT_ATTR_DICT: return attr_dict(w, t->kw);
	case FMT_GROUP: return group(w, e, i);
	case FMT_OILIST: return oilist(w, i);
	case FMT_CUSTOM: return ac_custom(w, t);
	default: return ap_fail(w->p, "bad format of cuda_tile.%s", w->info->name);
	}
}

/* The elements from *i up to stop (or the format's end, where *i stays). */
static bcx_status run(ac_walk *w, uint32_t *i, fmt_kind stop)
{
	for (;;) {
		const ac_elem *e = &w->fmt->e[*i];
		if (e->t.kind == FMT_END)
			return BCX_OK;
		++*i;
		if (e->t.kind == stop)
			return BCX_OK;
		BCX_TRY(element(w, e, i));
	}
}

/* ---- the op from its fields ---- */

static bcx_status infer_type(ac_walk *w, int i)
{
	const char *name = w->info->fields[i].name;
	for (const tir_type_of *k = tir_type_of_rows(w->info->opcode); k->result; k++) {
		if (strcmp(k->result, name))
			continue;
		int from;
		BCX_TRY(ac_field_at(w, k->from, strlen(k->from), &from));
		const ac_field *src = &w->f[from];
		if (src->typed && src->n_types)
			return ac_set_types(w, i, src->types, 1);
		if (src->attr && src->attr->a.kind == BCX_TILEIR_A_DENSE)
			return ac_set_types(w, i, &src->attr->a.type, 1);
	}
	return ap_error_at(w->p, w->op->line, w->op->col,
			   "the custom form of cuda_tile.%s gives no type for result '%s'",
			   w->info->name, name);
}

/* An arena array of n elements for an op's list, its count known: made
 * once, not grown an element at a time as the fields are read. NULL when
 * out of memory. */
static void *op_list(ac_walk *w, uint64_t n, size_t elem)
{
	return n <= UINT32_MAX ? bcx_arena_calloc(w->p->arena, (size_t)n + 1, elem) : NULL;
}

static bcx_status finish_results(ac_walk *w)
{
	ap_op *op = w->op;
	uint32_t want[AC_MAX_FIELDS];
	uint64_t total = 0;
	for (unsigned i = 0; i < w->info->n_fields; i++) {
		if (w->info->fields[i].kind != BCX_TILEIR_F_RESULT)
			continue;
		want[i] = ac_result_count(w, (int)i);
		if (want[i] == AC_ANY) /* no names: the types the text gave */
			want[i] = w->f[i].n_types;
		if (!w->f[i].typed && want[i])
			BCX_TRY(infer_type(w, (int)i));
		if (w->f[i].n_types != want[i] && want[i])
			return ap_error_at(w->p, op->line, op->col,
					   "cuda_tile.%s: %u types for result '%s', %u names", w->info->name,
					   w->f[i].n_types, w->info->fields[i].name, want[i]);
		total += want[i];
	}
	if (!(op->res_types = op_list(w, total, sizeof *op->res_types)))
		return ap_nomem(w->p);
	for (unsigned i = 0; i < w->info->n_fields; i++)
		for (uint32_t k = 0; w->info->fields[i].kind == BCX_TILEIR_F_RESULT && k < want[i]; k++)
			op->res_types[op->n_res_types++] = w->f[i].types[k];
	return BCX_OK;
}

static bcx_status finish(ac_walk *w)
{
	ap_op *op = w->op;
	const bcx_tileir_opinfo *info = w->info;
	bool seg = info->opd_mode == BCX_TILEIR_OPD_SEGMENTED;
	uint64_t n_opds = 0, n_attrs = 0;
	BCX_TRY(ac_infer_types(w));
	for (unsigned i = 0; i < info->n_fields; i++) {
		if (info->fields[i].kind == BCX_TILEIR_F_OPERAND)
			n_opds += w->f[i].n;
		else if (info->fields[i].kind != BCX_TILEIR_F_RESULT && w->f[i].attr)
			n_attrs++;
	}
	if (!(op->segments = op_list(w, info->n_fields, sizeof *op->segments)) ||
	    !(op->operands = op_list(w, n_opds, sizeof *op->operands)) ||
	    !(op->attrs = op_list(w, n_attrs, sizeof *op->attrs)))
		return ap_nomem(w->p);
	for (unsigned i = 0; i < info->n_fields; i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (f->kind == BCX_TILEIR_F_OPERAND) {
			op->segments[op->n_segments++] = w->f[i].n;
			for (uint32_t k = 0; k < w->f[i].n; k++)
				op->operands[op->n_operands++] = w->f[i].refs[k];
		} else if (f->kind != BCX_TILEIR_F_RESULT && w->f[i].attr) {
			op->attrs[op->n_attrs++] = (bcx_tileir_build_named_attr){f->name, w->f[i].attr};
		}
	}
	if (!seg) {
		op->segments = NULL;
		op->n_segments = 0;
	}
	return finish_results(w);
}

bcx_status ap_custom_op(asm_parser *p, ap_op *op)
{
	/* on the stack, and only the op's fields cleared: this runs per op */
	ac_walk walk, *w = &walk;
	op->n_regions = op->info->n_regions;
	op->regions = bcx_arena_calloc(p->arena, (size_t)op->n_regions + 1, sizeof *op->regions);
	if (!op->regions)
		return ap_nomem(p);
	if (op->info->n_fields > AC_MAX_FIELDS || !op->info->fmt)
		return ap_fail(p, "cuda_tile.%s has no custom form", op->info->name);
	w->p = p;
	w->op = op;
	w->info = op->info;
	w->n_results = 0;
	w->skip = NULL;
	memset(w->f, 0, op->info->n_fields * sizeof w->f[0]);
	for (uint32_t i = 0; i < op->n_results; i++)
		w->n_results += op->results[i].count;
	w->named = op->n_results != 0;
	if (!(w->fmt = ac_fmt_of(p, op->info)))
		return ap_nomem(p); /* the one way ac_fmt_of fails */
	uint32_t i = 0;
	const fmt_tok *t = &w->fmt->e[0].t;
	BCX_TRY(t->kind == FMT_OP ? ac_whole_op(w, t) : run(w, &i, FMT_END));
	return finish(w);
}
