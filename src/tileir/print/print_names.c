/*
 * Value names of the custom form, as MLIR's printer chooses them (spec §21):
 * ops that name their results (constants "%cst_42_i32", views "%tview",
 * multi-result ops by their result fields "%tile, %result_token", ...),
 * numbers "%N" for the rest, "%argN" for entry block arguments. A name
 * already in use in an enclosing scope gets "_K" from a counter shared by
 * all names. Regions are numbered after the region that holds them, from a
 * stack (the last pushed first), each starting from the counters its parent
 * region ended with.
 */
#include "tileir/print/print_custom.h"
#include "common/internal.h"
#include "tileir/model/op_text.h"
#include "tileir/model/regions.h"

#include <stdio.h>
#include <string.h>

typedef struct used {       /* a name in the set, newest first per bucket */
	const char *s;
	uint32_t len;
	struct used *next;
} used;

typedef struct namer {
	cprint *p;
	used **bucket;
	uint32_t mask;
	uint32_t *log;          /* bucket of each insertion, for scope undo */
	uint32_t n_log;
	uint32_t next_value, next_arg, next_conflict;
	const bcx_tileir_op **def; /* defining op of each value (NULL: argument) */
	bool ok;
} namer;

static uint32_t hash(const char *s, uint32_t n)
{
	uint32_t h = 2166136261u;
	for (uint32_t i = 0; i < n; i++)
		h = (h ^ (uint8_t)s[i]) * 16777619u;
	return h;
}

/* h: hash(s, n), worked out once for the lookup and the insertion. */
static bool is_used(const namer *nm, const char *s, uint32_t n, uint32_t h)
{
	for (used *u = nm->bucket[h & nm->mask]; u; u = u->next)
		if (u->len == n && memcmp(u->s, s, n) == 0)
			return true;
	return false;
}

static void add_used(namer *nm, const char *s, uint32_t n, uint32_t h)
{
	used *u = bcx_arena_alloc(nm->p->scratch, sizeof *u);
	if (!u) {
		nm->ok = false;
		return;
	}
	uint32_t b = h & nm->mask;
	*u = (used){s, n, nm->bucket[b]};
	nm->bucket[b] = u;
	nm->log[nm->n_log++] = b;
}

/* Leave the scopes opened after mark (insertions are undone newest first,
 * and the newest insertion is always the head of its bucket). */
static void pop_to(namer *nm, uint32_t mark)
{
	while (nm->n_log > mark) {
		uint32_t b = nm->log[--nm->n_log];
		nm->bucket[b] = nm->bucket[b]->next;
	}
}

static bool valid_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '$' || c == '.' || c == '_' || c == '-';
}

/* MLIR's sanitizeIdentifier, then uniquing; the result is "%name". */
static void set_name(namer *nm, uint32_t v, const char *name, size_t n)
{
	/* at most: '%', '_', two hex digits a byte, then '_' and a counter */
	size_t max;
	char *s = bcx_mul_ok(n, 2, &max) && bcx_add_ok(max, 24, &max)
		? bcx_arena_alloc(nm->p->scratch, max) : NULL;
	if (!s) {
		nm->ok = false;
		return;
	}
	size_t len = 0;
	s[len++] = '%';
	bool bad = false;
	for (size_t i = 0; i < n; i++)
		bad |= !valid_char(name[i]);
	if ((name[0] >= '0' && name[0] <= '9') || (!valid_char(name[0]) && name[0] != ' '))
		s[len++] = '_';
	for (size_t i = 0; i < n; i++) {
		uint8_t c = (uint8_t)name[i];
		if (!bad || valid_char(name[i]))
			s[len++] = (char)c;
		else if (c == ' ')
			s[len++] = '_';
		else if (c >= 16) /* as "%X": no leading zero */
			len += (size_t)sprintf(s + len, "%X", c);
		else
			s[len++] = "0123456789ABCDEF"[c];
	}
	size_t base = len;
	uint32_t h = hash(s + 1, (uint32_t)len - 1);
	while (is_used(nm, s + 1, (uint32_t)len - 1, h)) {
		len = base;
		s[len++] = '_';
		len += bcx_fmt_udec(s + len, nm->next_conflict++);
		h = hash(s + 1, (uint32_t)len - 1);
	}
	nm->p->names[v] = (cname){s, (uint32_t)len, -1};
	add_used(nm, s + 1, (uint32_t)len - 1, h);
}

static void set_number(namer *nm, uint32_t v)
{
	char d[1 + BCX_UDEC_MAX];
	d[0] = '%';
	size_t n = 1 + bcx_fmt_udec(d + 1, nm->next_value++);
	char *s = bcx_arena_alloc(nm->p->scratch, n);
	if (!s) {
		nm->ok = false;
		return;
	}
	memcpy(s, d, n);
	nm->p->names[v] = (cname){s, (uint32_t)n, -1};
}

/* Ops that implement MLIR's OpAsmOpInterface: their name for result r of
 * op (written to out, a buffer of 64 bytes), "" when they give none; false
 * when the op does not name results at all. */
static bool asm_name(namer *nm, const bcx_tileir_op *op, uint32_t r, char *out);

/* The name an op its row names after its operand (TIR_NAMES(ASSUME,
 * "name")) puts first, or NULL for other ops. */
static const char *operand_prefix(const bcx_tileir_op *op)
{
	const char *fixed;
	return tir_result_names(op->opcode, &fixed) == TIR_NAMES_ASSUME ? fixed : NULL;
}

static void constant_name(namer *nm, const bcx_tileir_op *op, char *out)
{
	bcx_tileir_module *m = nm->p->m;
	const bcx_tileir_attr *a = &op->attrs[0];
	tir_dense d;
	out[0] = '\0';
	if (a->kind != BCX_TILEIR_A_DENSE || !tir_dense_open(m, a->type, a->index, &d))
		return;
	const char *tn = bcx_tileir_type_tag_name(d.tag);
	if (d.tag == BCX_TILEIR_T_I1) {
		bool all1 = true, all0 = true;
		for (uint64_t k = 0; k < (d.splat ? 1 : d.n); k++) {
			bool bit = tir_dense_get(&d, k) != 0;
			all1 &= bit;
			all0 &= !bit;
		}
		strcpy(out, all1 ? "true" : all0 ? "false" : "cst_i1");
		return;
	}
	memcpy(out, "cst", 3);
	size_t n = 3;
	if (d.splat || d.n == 1) {
		uint64_t e = tir_dense_get(&d, 0);
		unsigned bits = tir_tag_bits(d.tag);
		if (!tir_tag_is_float(d.tag)) {
			int64_t sv = bits < 64 && (e >> (bits - 1) & 1) ? (int64_t)(e | ~0ull << bits)
								   : (int64_t)e;
			out[n++] = '_';
			if (sv < 0)
				out[n++] = '-';
			n += bcx_fmt_udec(out + n, sv < 0 ? 0 - (uint64_t)sv : (uint64_t)sv);
		} else {
			uint64_t iv;
			int f = mlir_float_to_u64(tir_float_kind(d.tag), e, &iv);
			if (f < 0) {
				memcpy(out + n, "_NaN", 4);
				n += 4;
			} else if (f > 0) {
				out[n++] = '_';
				n += bcx_fmt_udec(out + n, iv);
			}
		}
	}
	/* 3 + 1 + 20 + 1 + a type name of under 16: within 64 */
	out[n++] = '_';
	strcpy(out + n, tn);
}

static bool asm_name(namer *nm, const bcx_tileir_op *op, uint32_t r, char *out)
{
	const bcx_tileir_opinfo *info = op->info;
	out[0] = '\0';
	const char *fixed;
	switch (tir_result_names(op->opcode, &fixed)) { /* the row's TIR_NAMES */
	case TIR_NAMES_CONSTANT: constant_name(nm, op, out); return true;
	case TIR_NAMES_ASSUME: return true; /* named by assume_name() */
	case TIR_NAMES_NONE: return true;
	case TIR_NAMES_FIXED:
		if (r == 0)
			snprintf(out, 64, "%s", fixed);
		return true;
	case TIR_NAMES_DEFAULT: break;
	}
	/* Ops with several results, none variadic, name them by their fields. */
	if (info->n_results < 2)
		return false;
	uint32_t k = 0;
	for (unsigned i = 0; i < info->n_fields; i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (f->kind != BCX_TILEIR_F_RESULT)
			continue;
		if (f->mult != BCX_TILEIR_ONE)
			return false;
		if (k++ == r) {
			size_t fl = strlen(f->name);
			memcpy(out, f->name, fl < 63 ? fl : 63);
			out[fl < 63 ? fl : 63] = '\0';
		}
	}
	return true;
}

/* assume names its result "assume_" and its operand's name when the
 * operand's op names results, else "assume"; along a chain of assumes
 * that makes "assume_assume_..._cst_0_i32", built here without recursion.
 * The words are the rows' (TIR_NAMES(ASSUME, "assume")). */
static void assume_name(namer *nm, const bcx_tileir_op *op, bcx_buf *b)
{
	const bcx_tileir_op *cur = op, *src = NULL;
	uint32_t v = 0, steps = 0;
	for (;;) {
		v = cur->n_operands ? cur->operands[0] : UINT32_MAX;
		src = v < nm->p->body->n_values ? nm->def[v] : NULL;
		if (!src || !operand_prefix(src) || src == cur || ++steps > nm->p->body->n_values)
			break;
		bcx_buf_puts(b, operand_prefix(cur));
		bcx_buf_put_u8(b, '_');
		cur = src;
	}
	char inner[64];
	bcx_buf_puts(b, operand_prefix(cur));
	if (src && !operand_prefix(src) && asm_name(nm, src, v - src->first_result, inner)) {
		bcx_buf_put_u8(b, '_');
		bcx_buf_puts(b, inner);
	}
}

static void name_op(namer *nm, const bcx_tileir_op *op)
{
	cname *nv = nm->p->names;
	for (uint32_t i = 0; i < op->n_results; i++) {
		nm->def[op->first_result + i] = op;
		nv[op->first_result + i].s = NULL;
	}
	if (!op->n_results)
		return;
	char buf[64];
	bool each = false; /* a named result after 0 starts its own group */
	if (operand_prefix(op)) {
		bcx_buf b;
		bcx_buf_init(&b, bcx_arena_allocator(nm->p->scratch));
		assume_name(nm, op, &b);
		if (b.status == BCX_OK)
			set_name(nm, op->first_result, (const char *)b.data, b.len);
		else
			nm->ok = false;
		bcx_buf_free(&b);
	}
	for (uint32_t r = 0; r < op->n_results && !operand_prefix(op); r++) {
		if (!asm_name(nm, op, r, buf) || !buf[0])
			continue;
		set_name(nm, op->first_result + r, buf, strlen(buf));
		each |= r > 0;
	}
	if (!nv[op->first_result].s)
		set_number(nm, op->first_result);
	/* The ops here name either result 0 only or every result. */
	for (uint32_t r = 0; r < op->n_results; r++) {
		cname *c = &nv[op->first_result + r];
		if (each) {
			c->sub = -1;
		} else {
			*c = nv[op->first_result];
			c->sub = op->n_results > 1 ? (int32_t)r : -1;
		}
	}
}

/* Block argument names given by the op that owns the region (the row's
 * TIR_ARG_NAMES). */
static void name_region_args(namer *nm, const bcx_tileir_op *owner, const bcx_tileir_block *b)
{
	const char *first = NULL, *then = NULL;
	tir_arg_style style = owner ? tir_arg_names(owner->opcode, &first, &then) : TIR_ARGS_NONE;
	char buf[32];
	for (uint32_t i = 0; style != TIR_ARGS_NONE && i < b->n_args; i++) {
		if (style == TIR_ARGS_LEAD && i == 0)
			snprintf(buf, sizeof buf, "%s", first);
		else if (style == TIR_ARGS_LEAD)
			snprintf(buf, sizeof buf, "%s%u", then, i - 1);
		else if (b->n_args > 2)
			snprintf(buf, sizeof buf, "%s%u", i % 2 ? then : first, i / 2);
		else
			snprintf(buf, sizeof buf, "%s", i % 2 ? then : first);
		set_name(nm, b->first_arg + i, buf, strlen(buf));
	}
}

static void name_block(namer *nm, const bcx_tileir_block *b, bool entry)
{
	char buf[24];
	for (uint32_t i = 0; i < b->n_args; i++) {
		if (nm->p->names[b->first_arg + i].s)
			continue;
		if (entry) {
			memcpy(buf, "arg", 3);
			size_t n = 3 + bcx_fmt_udec(buf + 3, nm->next_arg++);
			set_name(nm, b->first_arg + i, buf, n);
		} else {
			set_number(nm, b->first_arg + i);
		}
	}
	for (uint32_t k = 0; k < b->n_ops; k++)
		name_op(nm, &b->ops[k]);
}

typedef struct pending {
	const bcx_tileir_region *r;
	const bcx_tileir_op *owner;
	uint32_t value, arg, conflict, scope;
} pending;

static void name_region(namer *nm, const bcx_tileir_region *r, const bcx_tileir_op *owner)
{
	for (uint32_t b = 0; b < r->n_blocks; b++) {
		if (b == 0)
			name_region_args(nm, owner, &r->blocks[0]);
		name_block(nm, &r->blocks[b], b == 0);
	}
}

bcx_status cp_name_body(cprint *p)
{
	const bcx_tileir_body *body = p->body;
	size_t nv = body->n_values ? body->n_values : 1;
	uint32_t nb = 16;
	while (nb < nv * 2 && nb < (1u << 30))
		nb <<= 1;
	namer nm = {.p = p, .mask = nb - 1, .ok = true};
	size_t n_regions = (size_t)body->n_ops_total * 2 + 1;
	p->names = bcx_arena_calloc(p->scratch, nv, sizeof *p->names);
	nm.bucket = bcx_arena_calloc(p->scratch, nb, sizeof *nm.bucket);
	nm.log = bcx_arena_calloc(p->scratch, nv + 1, sizeof *nm.log);
	nm.def = bcx_arena_calloc(p->scratch, nv, sizeof *nm.def);
	pending *stack = bcx_arena_calloc(p->scratch, n_regions, sizeof *stack);
	if (!p->names || !nm.bucket || !nm.log || !nm.def || !stack)
		return bcx_nomem(p->diag);
	bcx_tileir_region top = {1, &body->block};
	size_t sp = 0;
	stack[sp++] = (pending){&top, NULL, 0, 0, 0, 0};
	while (sp && nm.ok) {
		pending c = stack[--sp];
		pop_to(&nm, c.scope);
		nm.next_value = c.value, nm.next_arg = c.arg, nm.next_conflict = c.conflict;
		name_region(&nm, c.r, c.owner);
		for (uint32_t b = 0; b < c.r->n_blocks; b++) {
			const bcx_tileir_block *blk = &c.r->blocks[b];
			for (uint32_t k = 0; k < blk->n_ops; k++)
				for (uint32_t i = 0; i < blk->ops[k].n_regions && sp < n_regions; i++)
					stack[sp++] = (pending){&blk->ops[k].regions[i], &blk->ops[k],
								nm.next_value, nm.next_arg,
								nm.next_conflict, nm.n_log};
		}
	}
	return nm.ok ? BCX_OK : bcx_nomem(p->diag);
}
