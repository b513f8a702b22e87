/* Types of the generic MLIR form (spec §21.2). */
#include "tileir/model/limits.h"
#include "tileir/parse/asm_internal.h"
#include "common/internal.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/tables.h"
#include "tileir/model/type_rules.h"

#include <stdio.h>
#include <string.h>


/* The type names of bcx/tileir_types.def with their lengths: a type is
 * parsed for nearly every op, so the lookup compares lengths first. */
static const struct {
	const char *name;
	uint8_t len, tag;
	bool scalar;
} type_names[] = {
#define TIR_TYPE(ID, tag, text, since, cls, flt, bits) {text, sizeof text - 1, tag, bits != 0},
#include "bcx/tileir_types.def"
#undef TIR_TYPE
};

/* The tag named [kw, kw+n) among scalars (or among keywords), or COUNT. */
static unsigned tag_named(const char *kw, size_t n, bool scalar)
{
	for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
		if (type_names[i].scalar == scalar && type_names[i].len == n &&
		    memcmp(type_names[i].name, kw, n) == 0)
			return type_names[i].tag;
	return BCX_TILEIR_T_COUNT;
}

static bcx_status scalar(asm_parser *p, bcx_tileir_build_type *out)
{
	unsigned tag = p->lx.t.k == MLIR_TK_ID ? tag_named(p->lx.t.p, p->lx.t.n, true)
					       : BCX_TILEIR_T_COUNT;
	if (tag != BCX_TILEIR_T_COUNT) {
		bcx_diag bd = {0};
		bcx_tileir_type_tag tt = (bcx_tileir_type_tag)tag;
		BCX_TRY(ap_built(p, bcx_tileir_build_type_scalar(p->m, tt, out, &bd), &bd));
		return ap_next(p);
	}
	if (p->lx.t.k == MLIR_TK_EOF)
		return ap_fail(p, "expected a type but reached the end of the input");
	if (p->lx.t.k != MLIR_TK_ID) /* the dialect's type parser wants a keyword first */
		return ap_fail(p, "expected valid keyword");
	return ap_fail(p, "expected a type but found '%.*s'",
		       (int)(p->lx.t.n > 40 ? 40 : p->lx.t.n), p->lx.t.p);
}

bcx_status ap_number_type(asm_parser *p, bcx_tileir_build_type *out)
{
	const mlir_tok *t = &p->lx.t;
	char sign = t->k == MLIR_TK_ID && t->n > 2 && (t->p[0] == 'u' || t->p[0] == 's') ? t->p[0] : 0;
	unsigned tag = sign ? tag_named(t->p + 1, t->n - 1, true) : BCX_TILEIR_T_COUNT;
	if (tag == BCX_TILEIR_T_COUNT || tir_tag_is_float((uint8_t)tag))
		return ap_type(p, out);
	bcx_diag bd = {0};
	BCX_TRY(ap_built(p, tb_type_scalar_signed(p->m, (bcx_tileir_type_tag)tag, sign, out, &bd),
			 &bd));
	return ap_next(p);
}

/* "[a,b,...]" of signed integers or '?', at most max of them: their
 * count in *count. */
static bcx_status int_list(asm_parser *p, int64_t *v, int max, bool dyn, int *count)
{
	int n = 0;
	BCX_TRY(ap_expect(p, '['));
	while (!mlir_is_punct(&p->lx, ']')) {
		if (n)
			BCX_TRY(ap_expect(p, ','));
		bool neg = mlir_accept(&p->lx, '-');
		uint64_t u = 0;
		int64_t x;
		if (dyn && mlir_is_punct(&p->lx, '?'))
			x = BCX_TILEIR_DYNAMIC;
		else if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, &u) || u > INT64_MAX)
			return ap_fail(p, "expected an integer");
		else
			x = neg ? -(int64_t)u : (int64_t)u;
		/* the entry is read before the count is checked, as the
		 * message for a bad one comes first; stored only once it fits */
		if (n >= max)
			return ap_fail(p, "too many entries (at most %d)", max);
		v[n++] = x;
		BCX_TRY(ap_next(p));
	}
	*count = n;
	return ap_expect(p, ']');
}

/* Where the type being read began: MLIR reports a type's rules there. */
typedef struct type_at {
	unsigned line, col;
} type_at;

/* The reference's tile rules (model/type_rules.c), at the type's text. */
static bcx_status tile_rules(asm_parser *p, type_at at, const int64_t *dims, int n,
			     bcx_tileir_build_type elem)
{
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_tile_problem(tb_type(p->m, elem)->tag, dims, (uint32_t)n, buf);
	return why ? ap_error_at(p, at.line, at.col, "%s", why) : BCX_OK;
}

static bcx_status tile_type(asm_parser *p, type_at at, bcx_tileir_build_type *out)
{
	int64_t dims[TIR_LIMIT_RANK];
	bcx_tileir_build_type elem;
	int n = mlir_dims(&p->lx, dims, TIR_LIMIT_RANK, true);
	BCX_TRY(ap_status(p, n >= 0));
	for (int i = 0; i < n; i++)
		if (dims[i] == BCX_TILEIR_DYNAMIC)
			return ap_fail(p, "expected static shape");
	BCX_TRY(ap_type(p, &elem));
	BCX_TRY(ap_expect(p, '>'));
	BCX_TRY(tile_rules(p, at, dims, n, elem));
	bcx_diag bd = {0};
	if (bcx_tileir_build_type_tile(p->m, elem, dims, (uint32_t)n, out, &bd))
		return ap_built_at(p, bd.code, &bd, at.line, at.col);
	return BCX_OK;
}

/* "[s, ?, ...]": each stride a positive integer or '?' (MLIR's checks and
 * words, each at its entry); their count in *count. */
static bcx_status stride_list(asm_parser *p, int64_t *v, int max, int *count)
{
	int n = 0;
	BCX_TRY(ap_expect(p, '['));
	while (!mlir_is_punct(&p->lx, ']')) {
		if (n)
			BCX_TRY(ap_expect(p, ','));
		if (n >= max)
			return ap_fail(p, "too many entries (at most %d)", max);
		unsigned line = p->lx.t.line, col = p->lx.t.col;
		bool neg = mlir_accept(&p->lx, '-');
		uint64_t u = 0;
		if (!neg && mlir_is_punct(&p->lx, '?')) {
			v[n] = BCX_TILEIR_DYNAMIC;
		} else if (p->lx.t.k != MLIR_TK_INT) {
			return ap_error_at(p, line, col,
					   "expected either 64-bit integer or question mark");
		} else if (!mlir_tok_u64(&p->lx.t, &u) || u > (neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX)) {
			return ap_fail(p, "integer constant out of range for type");
		} else {
			v[n] = neg ? (int64_t)(0 - u) : (int64_t)u;
			if (v[n] <= 0)
				return ap_error_at(p, line, col,
						   "expected strictly positive integer, got %lld",
						   (long long)v[n]);
		}
		n++;
		BCX_TRY(ap_next(p));
	}
	*count = n;
	return ap_expect(p, ']');
}

/* tensor_view<shape x elem, strides=[..]> by the reference's parser and
 * verifier: strides required unless 0-d, and refused there. */
static bcx_status tensor_view(asm_parser *p, type_at at, bcx_tileir_build_type *out)
{
	int64_t dims[TIR_LIMIT_RANK], strides[TIR_LIMIT_RANK];
	bcx_tileir_build_type elem;
	int n = mlir_dims(&p->lx, dims, TIR_LIMIT_RANK, true);
	BCX_TRY(ap_status(p, n >= 0));
	BCX_TRY(ap_type(p, &elem));
	int ns = 0;
	if (n == 0 && mlir_accept(&p->lx, ',')) {
		if (!mlir_is_id(&p->lx, "strides"))
			return ap_fail(p, "unexpected token after element type in 0-d tensor_view");
		(void)mlir_next(&p->lx); /* a failure here is the one reported */
		return ap_fail(p, "strides must not be provided for 0-d tiles");
	}
	if (n > 0) {
		if (!mlir_accept(&p->lx, ','))
			return ap_fail(p, "expected 'strides'");
		BCX_TRY(ap_expect_id(p, "strides"));
		BCX_TRY(ap_expect(p, '='));
		BCX_TRY(stride_list(p, strides, TIR_LIMIT_RANK, &ns));
	}
	BCX_TRY(ap_expect(p, '>'));
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_tensor_view_problem(tb_type(p->m, elem)->tag, dims, (uint32_t)n,
						  strides, (uint32_t)ns, buf);
	if (why)
		return ap_error_at(p, at.line, at.col, "%s", why);
	bcx_diag bd = {0};
	if (bcx_tileir_build_type_tensor_view(p->m, elem, dims, strides, (uint32_t)n, out, &bd))
		return ap_built_at(p, bd.code, &bd, at.line, at.col);
	return BCX_OK;
}

static bcx_status padding_value(asm_parser *p, bcx_tileir_padding *pad)
{
	static const char *const names[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
	BCX_TRY(ap_expect(p, '='));
	for (unsigned i = 0; i < 5; i++)
		if (mlir_is_id(&p->lx, names[i])) {
			*pad = (bcx_tileir_padding)i;
			BCX_TRY(ap_next(p));
			return ap_expect(p, ',');
		}
	return ap_fail(p, "unknown padding value");
}

typedef struct view_parts {
	int64_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], dim_map[TIR_LIMIT_RANK];
	int rank, n_trav, n_map;
	bcx_tileir_padding pad;
	bcx_tileir_build_type tv;
	uint64_t sparse;
} view_parts;

/* "NAME =": a keyword and its '='. */
static bcx_status key_eq(asm_parser *p, const char *name)
{
	BCX_TRY(ap_expect_id(p, name));
	return ap_expect(p, '=');
}

/* tile=(..), [traversal_strides=[..],] [padding_value = x,] tensor_view<..>
 * [, dim_map=[..]] [, sparse_dim=N] > */
static bcx_status view_body(asm_parser *p, view_parts *v, bool gather)
{
	v->pad = BCX_TILEIR_PAD_NONE;
	v->n_trav = v->n_map = -1;
	BCX_TRY(key_eq(p, "tile"));
	BCX_TRY(ap_expect(p, '('));
	v->rank = mlir_is_punct(&p->lx, ')') ? 0 /* the view's rules refuse it */
					     : mlir_dims_list(&p->lx, v->tile, TIR_LIMIT_RANK);
	BCX_TRY(ap_status(p, v->rank >= 0));
	BCX_TRY(ap_expect(p, ')'));
	BCX_TRY(ap_expect(p, ','));
	if (mlir_is_id(&p->lx, "traversal_strides")) {
		BCX_TRY(ap_next(p));
		BCX_TRY(ap_expect(p, '='));
		BCX_TRY(int_list(p, v->trav, TIR_LIMIT_RANK, false, &v->n_trav));
		BCX_TRY(ap_expect(p, ','));
	}
	if (mlir_is_id(&p->lx, "padding_value")) {
		BCX_TRY(ap_next(p));
		BCX_TRY(padding_value(p, &v->pad));
	}
	BCX_TRY(ap_type(p, &v->tv));
	if (tb_type(p->m, v->tv)->tag != BCX_TILEIR_T_TENSOR_VIEW) {
		char txt[112];
		return ap_fail(p, "expected 'tensor_view' type, but got '%s'",
			       ap_type_text(p, v->tv, txt, sizeof txt));
	}
	/* as the dialect's parsers: a gather/scatter view ends in its one
	 * `, sparse_dim=N`, the others in an optional `, dim_map=[..]` */
	if (gather) {
		BCX_TRY(ap_expect(p, ','));
		BCX_TRY(key_eq(p, "sparse_dim"));
		BCX_TRY(ap_unsigned_int(p, 32, &v->sparse));
	} else if (mlir_accept(&p->lx, ',')) {
		BCX_TRY(key_eq(p, "dim_map"));
		BCX_TRY(int_list(p, v->dim_map, TIR_LIMIT_RANK, false, &v->n_map));
	}
	return ap_expect(p, '>');
}

static bcx_status narrow(asm_parser *p, const int64_t *in, int n, int32_t *out)
{
	for (int i = 0; i < n; i++) {
		if (in[i] < INT32_MIN || in[i] > INT32_MAX)
			return ap_fail(p, "value out of range for i32");
		out[i] = (int32_t)in[i];
	}
	return BCX_OK;
}

/* The reference's rules of the views (verifyPartitionViewLike, then the
 * strided view's; the gather/scatter view's own), in its order and words. */
/* The reference's view rules (model/type_rules.c), at the type's text. */
static bcx_status view_rules(asm_parser *p, type_at at, uint8_t tag, const view_parts *v)
{
	const bcx_tileir_type *tv = tb_type(p->m, v->tv);
	tir_view_parts parts = {
		.tag = tag, .tile = v->tile, .rank = (uint32_t)v->rank, .tv_rank = tv->rank,
		.tv_elem_tag = tb_type(p->m, tv->elem)->tag,
		.dim_map = v->n_map >= 0 ? v->dim_map : NULL, .n_map = (uint32_t)v->n_map,
		.trav = v->n_trav >= 0 ? v->trav : NULL, .n_trav = (uint32_t)v->n_trav,
		.sparse_dim = v->sparse, .pad = v->pad};
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_view_problem(&parts, buf);
	return why ? ap_error_at(p, at.line, at.col, "%s", why) : BCX_OK;
}

static bcx_status view_type(asm_parser *p, type_at at, uint8_t tag, bcx_tileir_build_type *out)
{
	view_parts v;
	int32_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], map[TIR_LIMIT_RANK];
	BCX_TRY(view_body(p, &v, tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW));
	for (int i = 0; i < v.rank; i++)
		if (v.tile[i] <= 0 || v.tile[i] > INT32_MAX)
			return ap_error_at(p, at.line, at.col,
					   "tile dimension %d exceeds i32 limitations (got %lld, expected "
					   "strictly positive and less than or equal to 2147483647)",
					   i, (long long)v.tile[i]);
	BCX_TRY(view_rules(p, at, tag, &v));
	BCX_TRY(narrow(p, v.tile, v.rank, tile));
	BCX_TRY(narrow(p, v.trav, v.n_trav, trav));
	BCX_TRY(narrow(p, v.dim_map, v.n_map, map));
	if ((v.n_map >= 0 && v.n_map != v.rank) || (v.n_trav >= 0 && v.n_trav != v.rank))
		return ap_fail(p, "view parameter lists must match the tile rank");
	bcx_diag bd = {0};
	bcx_status st;
	const int32_t *dm = v.n_map >= 0 ? map : NULL;
	if (tag == BCX_TILEIR_T_PARTITION_VIEW)
		st = bcx_tileir_build_type_partition_view(p->m, v.tv, tile, (uint32_t)v.rank, dm,
		                                          v.pad, out, &bd);
	else if (tag == BCX_TILEIR_T_STRIDED_VIEW)
		st = v.n_trav < 0 ? bcx_diag_set(&bd, BCX_ERR_INVALID_ARG, -1,
						 "strided_view needs traversal_strides")
				  : bcx_tileir_build_type_strided_view(p->m, v.tv, tile, trav, (uint32_t)v.rank,
							     dm, v.pad, out, &bd);
	else
		st = bcx_tileir_build_type_gather_scatter_view(p->m, v.tv, tile, (uint32_t)v.rank,
						     (uint32_t)v.sparse, v.pad, out, &bd);
	return ap_built_at(p, st, &bd, at.line, at.col);
}

/* The tag whose keyword (types.def text) is kw, or BCX_TILEIR_T_COUNT. */
static unsigned keyword_tag(const char *kw, size_t n)
{
	return tag_named(kw, n, false);
}

/* The dialect keyword after an optional "!cuda_tile." prefix. */
static bcx_status dialect_type(asm_parser *p, const char *kw, size_t n,
			       bcx_tileir_build_type *out)
{
	bcx_diag bd = {0};
	unsigned tag = keyword_tag(kw, n);
	if (tag == BCX_TILEIR_T_TOKEN) {
		BCX_TRY(ap_next(p));
		return ap_built(p, bcx_tileir_build_type_token(p->m, out, &bd), &bd);
	}
	if (tag == BCX_TILEIR_T_COUNT || tag == BCX_TILEIR_T_FUNCTION)
		return ap_fail(p, "unknown type '%.*s'", (int)n, kw);
	BCX_TRY(ap_next(p));
	/* MLIR reports a type's verifier errors where its parameters begin */
	type_at at = {p->lx.t.line, p->lx.t.col};
	BCX_TRY(ap_expect(p, '<'));
	switch (tag) {
	case BCX_TILEIR_T_TILE:
		return tile_type(p, at, out);
	case BCX_TILEIR_T_TENSOR_VIEW:
		return tensor_view(p, at, out);
	case BCX_TILEIR_T_POINTER: {
		bcx_tileir_build_type e;
		BCX_TRY(ap_type(p, &e));
		BCX_TRY(ap_expect(p, '>'));
		return ap_built(p, bcx_tileir_build_type_ptr(p->m, e, out, &bd), &bd);
	}
	default: /* the three views */
		return view_type(p, at, (uint8_t)tag, out);
	}
}

static bcx_status type_alias(asm_parser *p, void *out)
{
	return ap_type(p, out);
}

/* The length of a bracketed type's text from token t (an identifier or a
 * '!' name): the name, then '<' ... the matching '>' on the same line; 0
 * when the text is not of that shape or the name holds a '$'. The name's
 * end is the lexer's: letters, digits, '_', '.' and '$'. */
static size_t bracketed_len(const mlir_tok *t, const char *end)
{
	const char *s = t->s, *q = t->p + t->n;
	unsigned depth = 0;
	if (memchr(t->p, '$', t->n) || q == end || *q != '<')
		return 0;
	/* the bytes the loop below looks at; the rest are skipped quickly, as
	 * every type the text names is measured here */
	static const bool stop[256] = {['<'] = 1, ['>'] = 1, ['\n'] = 1, ['{'] = 1, ['"'] = 1};
	for (; q < end; q++) {
		if (!stop[(unsigned char)*q])
			continue;
		if (*q == '<')
			depth++;
		else if (*q == '>' && q[-1] != '-' && --depth == 0)
			return (size_t)(q + 1 - s);
		else if (*q == '\n' || *q == '{' || *q == '"' || (*q == '>' && q[-1] == '-'))
			return 0;
	}
	return 0;
}

static bcx_status parse_type(asm_parser *p, bcx_tileir_build_type *out);

/* Room in type_of for the next cache entry. */
static bool type_cache_room(asm_parser *p)
{
	size_t cap = p->cap_types;
	if (p->type_text.n >= UINT32_MAX / 2 ||
	    !bcx_vec_room_from(p->keep, &p->type_of, p->type_text.n, &cap, sizeof *p->type_of, 64))
		return false; /* not a failure of the text: no cache */
	p->cap_types = (uint32_t)cap;
	return true;
}

/* Types repeat: the generic form states every operand's type on every op.
 * A bracketed type's text is parsed once per module and looked up after;
 * its value only depends on the text, the module's types being interned. */
bcx_status ap_type(asm_parser *p, bcx_tileir_build_type *out)
{
	mlir_tok t = p->lx.t;
	size_t n = t.k == MLIR_TK_BANG || t.k == MLIR_TK_ID ? bracketed_len(&t, p->lx.end) : 0;
	uint32_t idx;
	if (n && wr_table_find(&p->type_text, t.s, n, &idx)) {
		*out = p->type_of[idx];
		mlir_pos after = {t.s + n, t.line, t.col + (unsigned)n};
		return ap_status(p, mlir_seek(&p->lx, after));
	}
	BCX_TRY(parse_type(p, out));
	/* cache only what was read as one whole: the next token starts after;
	 * no memory for the cache only means no cache */
	if (!n || p->lx.t.s < t.s + n || !type_cache_room(p) ||
	    wr_table_intern(&p->type_text, t.s, n, &idx) != BCX_OK)
		return BCX_OK;
	p->type_of[idx] = *out;
	return BCX_OK;
}

static bcx_status parse_type(asm_parser *p, bcx_tileir_build_type *out)
{
	mlir_tok t = p->lx.t;
	if (t.k == MLIR_TK_BANG) {
		ap_alias *a = ap_alias_find(p);
		if (a)
			return ap_alias_parse(p, a, type_alias, out);
		if (t.n < 10 || memcmp(t.p, "cuda_tile.", 10) != 0)
			return ap_fail(p, "unknown dialect type '!%.*s'", (int)t.n, t.p);
		return dialect_type(p, t.p + 10, t.n - 10, out);
	}
	if (t.k == MLIR_TK_ID && (mlir_is_id(&p->lx, "tile") || mlir_is_id(&p->lx, "ptr") ||
			     mlir_is_id(&p->lx, "token") || mlir_is_id(&p->lx, "tensor_view") ||
			     mlir_is_id(&p->lx, "partition_view") ||
			     mlir_is_id(&p->lx, "strided_view") ||
			     mlir_is_id(&p->lx, "gather_scatter_view")))
		return dialect_type(p, t.p, t.n, out);
	return scalar(p, out);
}

static bcx_status type_list(asm_parser *p, bcx_tileir_build_type **v, uint32_t *n, char close)
{
	uint32_t cap = 0;
	*n = 0;
	*v = NULL;
	while (!mlir_is_punct(&p->lx, close)) {
		if (*n)
			BCX_TRY(ap_expect(p, ','));
		BCX_TRY(ap_grow_from(p, p->arena, v, *n, &cap, sizeof **v, 8));
		BCX_TRY(ap_type(p, &(*v)[(*n)++]));
	}
	return ap_next(p);
}

bcx_status ap_func_type(asm_parser *p, bcx_tileir_build_type **ins, uint32_t *n_in,
			bcx_tileir_build_type **outs, uint32_t *n_out)
{
	BCX_TRY(ap_expect(p, '('));
	BCX_TRY(type_list(p, ins, n_in, ')'));
	BCX_TRY(ap_expect(p, 'A'));
	if (mlir_accept(&p->lx, '('))
		return type_list(p, outs, n_out, ')');
	*outs = bcx_arena_alloc(p->arena, sizeof **outs);
	*n_out = 1;
	return *outs ? ap_type(p, *outs) : ap_nomem(p);
}
