/* Aliases and locations of the Tile IR assembler (spec §11, §21.3).
 *
 * "#name = ..." and "!name = ..." on the top level are recorded where they
 * stand and parsed where they are used, in the context of the use (a type,
 * an attribute, a location). A loc(...) after an op is only remembered
 * while parsing and read when the op is built, after the whole file: MLIR
 * lets an op's loc(#name) name an alias defined further down, which is how
 * its printer writes them (--mlir-print-debuginfo puts every #loc at the
 * end); any other alias must be defined before its use (op_loc).
 *
 * What the reference writer keeps of a location: a cuda_tile.di_loc or a
 * callsite(...) becomes a debug record; unknown and a bare "file":L:C are
 * the unknown location; fused and named locations are refused. */
#include "tileir/parse/asm_internal.h"
#include "tileir/build/build_internal.h"
#include "common/internal.h"

#include <string.h>

/* ---- aliases ---- */

/* ---- locations ---- */

bcx_status ap_loc_suffix(asm_parser *p, mlir_pos *at)
{
	at->p = NULL;
	if (!mlir_is_id(&p->lx, "loc") || mlir_peek(&p->lx).ch != '(')
		return BCX_OK;
	if (p->streamed) /* built late: its aliases may follow */
		return ap_stream_abort(p);
	*at = mlir_tell(&p->lx);
	BCX_TRY(ap_next(p));
	for (int depth = 0;;) {
		if (p->lx.t.k == MLIR_TK_EOF)
			return ap_fail(p, "unterminated loc(...)");
		depth += mlir_is_punct(&p->lx, '(') - mlir_is_punct(&p->lx, ')');
		BCX_TRY(ap_next(p));
		if (depth == 0)
			return BCX_OK;
	}
}

/* What a location or debug-info attribute stands for. */
typedef enum {
	LV_UNKNOWN, LV_FILE_LINE, LV_RECORD, LV_FUSED, LV_NAME, LV_OTHER
} lv_kind;

typedef struct lv {
	lv_kind kind;
	bcx_tileir_build_loc *b;     /* LV_RECORD */
	char *file;                  /* LV_FILE_LINE */
	uint64_t line, col;
	uint32_t id;                 /* its identity as MLIR sees it (loc_ids) */
} lv;

/* The index of identity key k in loc_ids. */
static bcx_status ident(asm_parser *p, const void *k, size_t n, uint32_t *id)
{
	uint32_t had = p->loc_ids.n;
	if (wr_table_intern(&p->loc_ids, k, n, id) ||
	    ap_grow_keep(p, &p->loc_of, *id, &p->cap_locs, sizeof *p->loc_of) != BCX_OK)
		return ap_nomem(p);
	if (*id >= had)
		p->loc_of[*id] = NULL;
	return BCX_OK;
}

/* A record's identity is its content (MLIR uniques attributes by value),
 * except that a call site whose parts are "file":L:C or unknown keeps
 * those apart although both encode as no record. */
static bcx_status record_id(asm_parser *p, lv *v)
{
	uint8_t k[1 + 4] = {'r'};
	memcpy(k + 1, &v->b->ref, 4);
	return ident(p, k, sizeof k, &v->id);
}

static bcx_status callsite(asm_parser *p, const lv *callee, const lv *caller, lv *v)
{
	uint8_t k[1 + 8] = {'c'};
	uint32_t id, owner;
	bcx_diag bd = {0};
	memcpy(k + 1, &callee->id, 4);
	memcpy(k + 5, &caller->id, 4);
	v->kind = LV_RECORD;
	BCX_TRY(ident(p, k, sizeof k, &id));
	v->id = id;
	if ((v->b = p->loc_of[id]) != NULL)
		return BCX_OK;
	BCX_TRY(ap_built(p, bcx_tileir_build_di_callsite(p->m, callee->b, caller->b, &v->b, &bd),
			 &bd));
	/* the record's first identity owns it; another gets a twin */
	uint8_t o[1 + 4] = {'o'};
	memcpy(o + 1, &v->b->ref, 4);
	if (wr_table_find(&p->loc_ids, o, sizeof o, &owner))
		BCX_TRY(ap_built(p, tb_loc_twin(p->m, v->b, &v->b, &bd), &bd));
	memcpy(o + 1, &v->b->ref, 4);
	p->loc_of[id] = v->b;
	return ident(p, o, sizeof o, &owner);
}

static bcx_status lv_any(asm_parser *p, lv *v);

static bcx_status lv_alias(asm_parser *p, void *out)
{
	return lv_any(p, out);
}

/* A "file":line:col location's line or column: an unsigned 32-bit
 * number, as MLIR's location parser reads it, in its words. */
static bcx_status loc_num(asm_parser *p, const char *what, uint64_t *v)
{
	if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, v) || *v > UINT32_MAX)
		return ap_fail(p, "expected integer %s number in FileLineColRange", what);
	return ap_next(p);
}

static bcx_status str_tok(asm_parser *p, char **s)
{
	if (p->lx.t.k != MLIR_TK_STR)
		return ap_fail(p, "expected a string");
	size_t n;
	BCX_TRY(ap_string_value(p, s, &n));
	if (memchr(*s, 0, n)) /* a file name ends at its first NUL */
		return ap_fail(p, "bad string");
	return ap_next(p);
}

/* "file":line:col after its file name, into v. */
static bcx_status file_line(asm_parser *p, lv *v)
{
	v->kind = LV_FILE_LINE;
	BCX_TRY(ap_expect(p, ':'));
	BCX_TRY(loc_num(p, "line", &v->line));
	BCX_TRY(ap_expect(p, ':'));
	BCX_TRY(loc_num(p, "column", &v->col));
	size_t n = strlen(v->file);
	char *k = bcx_arena_alloc(p->arena, n + 18);
	if (!k)
		return ap_nomem(p);
	k[0] = 'f';
	memcpy(k + 1, &v->line, 8);
	memcpy(k + 9, &v->col, 8);
	memcpy(k + 17, v->file, n);
	return ident(p, k, n + 17, &v->id);
}

static bcx_status loc_inner(asm_parser *p, lv *v);

/* callsite(callee at caller) after its keyword. */
static bcx_status call_loc(asm_parser *p, lv *v)
{
	lv callee, caller;
	BCX_TRY(ap_expect(p, '('));
	BCX_TRY(loc_inner(p, &callee));
	BCX_TRY(ap_expect_id(p, "at"));
	BCX_TRY(loc_inner(p, &caller));
	BCX_TRY(ap_expect(p, ')'));
	/* checked as the reference writer checks: caller, then callee */
	if (caller.kind >= LV_FUSED || callee.kind >= LV_FUSED) {
		v->kind = caller.kind >= LV_FUSED ? caller.kind : callee.kind;
		return BCX_OK;
	}
	return callsite(p, &callee, &caller, v);
}

/* The inside of loc(...). */
static bcx_status loc_inner(asm_parser *p, lv *v)
{
	memset(v, 0, sizeof *v);
	if (mlir_is_id(&p->lx, "unknown")) {
		BCX_TRY(ident(p, "u", 1, &v->id));
		return ap_next(p);
	}
	if (p->lx.t.k == MLIR_TK_STR) {
		BCX_TRY(str_tok(p, &v->file));
		if (mlir_accept(&p->lx, '(')) { /* "name"(child) */
			lv child;
			v->kind = LV_NAME;
			BCX_TRY(loc_inner(p, &child));
			return ap_expect(p, ')');
		}
		return file_line(p, v);
	}
	if (mlir_is_id(&p->lx, "callsite")) {
		BCX_TRY(ap_next(p));
		return call_loc(p, v);
	}
	if (mlir_is_id(&p->lx, "fused")) {
		int depth = 0; /* skipped: refused when used */
		v->kind = LV_FUSED;
		do {
			depth += (mlir_is_punct(&p->lx, '[') || mlir_is_punct(&p->lx, '<')) -
				 (mlir_is_punct(&p->lx, ']') || mlir_is_punct(&p->lx, '>'));
			if (p->lx.t.k == MLIR_TK_EOF)
				return ap_fail(p, "unterminated fused location");
			BCX_TRY(ap_next(p));
		} while (depth > 0 || !mlir_is_punct(&p->lx, ')'));
		return BCX_OK;
	}
	return lv_any(p, v);
}

/* key = value of a struct(params) debug-info attribute. */
typedef struct di_fields {
	lv file, unit, scope;
	char *name, *linkage;
	uint64_t line, col, scope_line;
} di_fields;

static const char *const di_keys[] = {"file", "compileUnit", "scope", "name", "linkageName",
				      "line", "column", "scopeLine"};

/* The struct(params) attributes: their parameters (indexes in di_keys) in
 * declaration order, the required ones first. */
static const struct di_struct {
	const char *mn;
	uint8_t keys[6], n, required;
} di_structs[] = {
	{"di_compile_unit", {0}, 1, 1},
	{"di_subprogram", {0, 5, 3, 4, 1, 7}, 6, 5},
	{"di_lexical_block", {2, 0, 5, 6}, 4, 3},
};

/* One "key = value" of struct st; *seen marks the keys read. As MLIR's
 * generated parser, a key the struct lacks or has seen already is
 * refused at the value, after the '='. */
static bcx_status di_field(asm_parser *p, const struct di_struct *st, unsigned *seen,
			   di_fields *f)
{
	if (p->lx.t.k != MLIR_TK_ID)
		return ap_fail(p, "expected a parameter name in struct");
	mlir_tok key = p->lx.t;
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '='));
	int k = -1;
	for (unsigned i = 0; i < st->n; i++)
		if (strlen(di_keys[st->keys[i]]) == key.n &&
		    memcmp(di_keys[st->keys[i]], key.p, key.n) == 0 && !(*seen & 1u << st->keys[i]))
			k = st->keys[i];
	if (k < 0)
		return ap_fail(p, "duplicate or unknown struct parameter name: %.*s",
			       (int)(key.n > 40 ? 40 : key.n), key.p);
	*seen |= 1u << k;
	switch (k) {
	case 0: return lv_any(p, &f->file);
	case 1: return lv_any(p, &f->unit);
	case 2: return lv_any(p, &f->scope);
	case 3: return str_tok(p, &f->name);
	case 4: return str_tok(p, &f->linkage);
	case 5: return ap_unsigned_int(p, 32, &f->line); /* as MLIR's parseInteger */
	case 6: return ap_unsigned_int(p, 32, &f->col);
	default: return ap_unsigned_int(p, 32, &f->scope_line);
	}
}

/* The parameters of struct st up to its '>': all of a struct without
 * optional ones, in any order; else any, then the required ones checked. */
static bcx_status di_params(asm_parser *p, const struct di_struct *st, di_fields *f)
{
	unsigned seen = 0;
	if (st->required == st->n) {
		for (unsigned i = 0; i < st->n; i++) {
			BCX_TRY(di_field(p, st, &seen, f));
			if (i + 1 < st->n)
				BCX_TRY(ap_expect(p, ','));
		}
		return ap_expect(p, '>');
	}
	do {
		BCX_TRY(di_field(p, st, &seen, f));
	} while (mlir_accept(&p->lx, ','));
	for (unsigned i = 0; i < st->required; i++)
		if (!(seen & 1u << st->keys[i]))
			return ap_fail(p, "struct is missing required parameter: %s",
				       di_keys[st->keys[i]]);
	return ap_expect(p, '>');
}

/* #cuda_tile.di_*<...> after its '<'. */
static bcx_status di_attr(asm_parser *p, const char *mn, size_t n, lv *v)
{
	bcx_diag bd = {0};
	di_fields f;
	memset(&f, 0, sizeof f);
	memset(v, 0, sizeof *v);
	v->kind = LV_RECORD;
#define MN(s) (n == sizeof(s) - 1 && memcmp(mn, s, n) == 0)
	if (MN("di_file")) {
		char *dir;
		BCX_TRY(str_tok(p, &f.name));
		BCX_TRY(ap_expect_id(p, "in"));
		BCX_TRY(str_tok(p, &dir));
		BCX_TRY(ap_expect(p, '>'));
		return ap_built(p, bcx_tileir_build_di_file(p->m, f.name, dir, &v->b, &bd), &bd);
	}
	if (MN("di_loc")) {
		lv src, scope;
		BCX_TRY(lv_any(p, &src));
		BCX_TRY(ap_expect_id(p, "in"));
		BCX_TRY(lv_any(p, &scope));
		BCX_TRY(ap_expect(p, '>'));
		if (src.kind != LV_FILE_LINE)
			return ap_fail(p, "di_loc needs a \"file\":line:column location");
		return ap_built(p, bcx_tileir_build_di_loc(p->m, scope.b, src.file, src.line, src.col,
							   &v->b, &bd), &bd);
	}
	const struct di_struct *st = NULL;
	for (size_t i = 0; i < sizeof di_structs / sizeof di_structs[0]; i++)
		if (strlen(di_structs[i].mn) == n && memcmp(di_structs[i].mn, mn, n) == 0)
			st = &di_structs[i];
	if (!st)
		return ap_fail(p, "unknown debug-info attribute");
	BCX_TRY(di_params(p, st, &f));
	if (MN("di_compile_unit"))
		return ap_built(p, bcx_tileir_build_di_compile_unit(p->m, f.file.b, &v->b, &bd),
				&bd);
	if (MN("di_subprogram"))
		return ap_built(p, bcx_tileir_build_di_subprogram(p->m, f.file.b, f.line, f.name,
								   f.linkage, f.unit.b, f.scope_line,
								   &v->b, &bd), &bd);
	if (MN("di_lexical_block"))
		return ap_built(p, bcx_tileir_build_di_lexical_block(p->m, f.scope.b, f.file.b, f.line,
								      f.col, &v->b, &bd), &bd);
#undef MN
	return ap_fail(p, "unknown debug-info attribute");
}

/* lv_any at the current token, its nesting counted by the caller. */
static bcx_status lv_one(asm_parser *p, lv *v)
{
	mlir_tok t = p->lx.t;
	ap_alias *a;
	if (mlir_is_id(&p->lx, "loc")) {
		BCX_TRY(ap_next(p));
		BCX_TRY(ap_expect(p, '('));
		BCX_TRY(loc_inner(p, v));
		return ap_expect(p, ')');
	}
	if (t.k == MLIR_TK_HASH && t.n > 10 && memcmp(t.p, "cuda_tile.", 10) == 0) {
		BCX_TRY(ap_next(p));
		BCX_TRY(ap_expect(p, '<'));
		BCX_TRY(di_attr(p, t.p + 10, t.n - 10, v));
		return record_id(p, v);
	}
	if ((a = ap_alias_find(p)) != NULL && a->at.p < t.p)
		return ap_alias_parse(p, a, lv_alias, v);
	if (t.k == MLIR_TK_HASH) /* not defined yet where it is used */
		return ap_fail(p, "undefined symbol alias id '%.*s'", (int)(t.n > 60 ? 60 : t.n),
			       t.p);
	return ap_fail(p, "expected a location");
}

/* loc(...), #cuda_tile.di_*<...> or an alias of either. */
static bcx_status lv_any(asm_parser *p, lv *v)
{
	memset(v, 0, sizeof *v);
	if (++p->lx.depth > MLIR_MAX_DEPTH)
		return ap_fail(p, "locations nested too deeply");
	bcx_status st = lv_one(p, v);
	p->lx.depth--;
	return st;
}

static const char *kind_name(lv_kind k)
{
	return k == LV_FUSED ? "FusedLoc" : k == LV_NAME ? "NameLoc" : "Unknown Attribute";
}

/* An op's own loc(#name) (MLIR's parseLocationAlias): the one place where
 * the alias may be defined further down, as MLIR resolves it after the
 * file. Everywhere else (in callsite(...), in a di_loc, in an alias's
 * value) an alias must be defined before its use, as MLIR's parser reads
 * them in order. */
static bcx_status op_loc(asm_parser *p, lv *v)
{
	mlir_pos start = mlir_tell(&p->lx);
	ap_alias *a;
	if (mlir_next(&p->lx) && mlir_accept(&p->lx, '(') && (a = ap_alias_find(p)) != NULL &&
	    p->lx.t.k == MLIR_TK_HASH && mlir_peek(&p->lx).ch == ')') {
		BCX_TRY(ap_alias_parse(p, a, lv_alias, v));
		return ap_expect(p, ')');
	}
	BCX_TRY(ap_status(p, mlir_seek(&p->lx, start)));
	return lv_any(p, v);
}

bcx_status ap_loc_build(asm_parser *p, mlir_pos at, unsigned line, unsigned col,
			bcx_tileir_build_loc **out)
{
	*out = NULL;
	if (!at.p)
		return BCX_OK;
	mlir_lex saved = p->lx;
	lv v;
	bcx_status ok = ap_status(p, mlir_seek(&p->lx, at));
	if (ok == BCX_OK)
		ok = op_loc(p, &v);
	bcx_status st = p->lx.status;
	p->lx = saved;
	p->lx.status = st;
	BCX_TRY(ok);
	if (v.kind >= LV_FUSED)
		return ap_error_at(p, line, col,
				   "unsupported location, got %s, expected DILocAttr or CallSiteLoc",
				   kind_name(v.kind));
	*out = v.kind == LV_RECORD ? v.b : NULL;
	return BCX_OK;
}
