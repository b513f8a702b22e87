/* Types of the generic MLIR form (spec §21.2). */
#include "tileir/model/limits.h"
#include "tileir/parse/asm_internal.h"
#include "common/internal.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/tables.h"
#include "tileir/model/type_rules.h"

#include <ctype.h>
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

static bool scalar(asm_parser *p, bcx_tileir_build_type *out)
{
	unsigned tag = p->lx.t.k == MLIR_TK_ID ? tag_named(p->lx.t.p, p->lx.t.n, true)
					       : BCX_TILEIR_T_COUNT;
	if (tag != BCX_TILEIR_T_COUNT) {
		bcx_diag bd = {0};
		if (ap_built(p, bcx_tileir_build_type_scalar(p->m, (bcx_tileir_type_tag)tag, out, &bd),
			      &bd) != BCX_OK)
			return false;
		return mlir_next(&p->lx);
	}
	if (p->lx.t.k == MLIR_TK_EOF)
		return mlir_fail(&p->lx, "expected a type but reached the end of the input");
	if (p->lx.t.k != MLIR_TK_ID) /* the dialect's type parser wants a keyword first */
		return mlir_fail(&p->lx, "expected valid keyword");
	return mlir_fail(&p->lx, "expected a type but found '%.*s'",
			(int)(p->lx.t.n > 40 ? 40 : p->lx.t.n), p->lx.t.p);
}

bool ap_number_type(asm_parser *p, bcx_tileir_build_type *out)
{
	const mlir_tok *t = &p->lx.t;
	char sign = t->k == MLIR_TK_ID && t->n > 2 && (t->p[0] == 'u' || t->p[0] == 's') ? t->p[0] : 0;
	unsigned tag = sign ? tag_named(t->p + 1, t->n - 1, true) : BCX_TILEIR_T_COUNT;
	if (tag == BCX_TILEIR_T_COUNT || tir_tag_is_float((uint8_t)tag))
		return ap_type(p, out);
	bcx_diag bd = {0};
	return ap_built(p, tb_type_scalar_signed(p->m, (bcx_tileir_type_tag)tag, sign, out, &bd),
			&bd) == BCX_OK &&
	       mlir_next(&p->lx);
}

/* "[a,b,...]" of signed integers or '?'. */
static int int_list(asm_parser *p, int64_t *v, int max, bool dyn)
{
	int n = 0;
	if (!mlir_expect(&p->lx, '['))
		return -1;
	while (!mlir_is_punct(&p->lx, ']')) {
		if (n && !mlir_expect(&p->lx, ','))
			return -1;
		bool neg = mlir_accept(&p->lx, '-');
		uint64_t u = 0;
		if (dyn && mlir_is_punct(&p->lx, '?')) {
			v[n] = BCX_TILEIR_DYNAMIC;
		} else if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, &u) || u > INT64_MAX) {
			return mlir_fail(&p->lx, "expected an integer"), -1;
		} else {
			v[n] = neg ? -(int64_t)u : (int64_t)u;
		}
		if (n >= max)
			return mlir_fail(&p->lx, "too many entries (at most %d)", max), -1;
		n++;
		if (!mlir_next(&p->lx))
			return -1;
	}
	return mlir_expect(&p->lx, ']') ? n : -1;
}

/* Where the type being read began: MLIR reports a type's rules there. */
typedef struct type_at {
	unsigned line, col;
} type_at;

/* The reference's tile rules (model/type_rules.c), at the type's text. */
static bool tile_rules(asm_parser *p, type_at at, const int64_t *dims, int n,
		       bcx_tileir_build_type elem)
{
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_tile_problem(tb_type(p->m, elem)->tag, dims, (uint32_t)n, buf);
	return !why || mlir_fail_at(&p->lx, at.line, at.col, "%s", why);
}

static bool tile_type(asm_parser *p, type_at at, bcx_tileir_build_type *out)
{
	int64_t dims[TIR_LIMIT_RANK];
	bcx_tileir_build_type elem;
	int n = mlir_dims(&p->lx, dims, TIR_LIMIT_RANK, true);
	if (n < 0)
		return false;
	for (int i = 0; i < n; i++)
		if (dims[i] == BCX_TILEIR_DYNAMIC)
			return mlir_fail(&p->lx, "expected static shape");
	if (!ap_type(p, &elem) || !mlir_expect(&p->lx, '>') || !tile_rules(p, at, dims, n, elem))
		return false;
	bcx_diag bd = {0};
	if (bcx_tileir_build_type_tile(p->m, elem, dims, (uint32_t)n, out, &bd))
		return ap_built_at(p, bd.code, &bd, at.line, at.col) == BCX_OK;
	return true;
}

/* "[s, ?, ...]": each stride a positive integer or '?' (MLIR's checks and
 * words, each at its entry). */
static int stride_list(asm_parser *p, int64_t *v, int max)
{
	int n = 0;
	if (!mlir_expect(&p->lx, '['))
		return -1;
	while (!mlir_is_punct(&p->lx, ']')) {
		if (n && !mlir_expect(&p->lx, ','))
			return -1;
		if (n >= max)
			return mlir_fail(&p->lx, "too many entries (at most %d)", max), -1;
		unsigned line = p->lx.t.line, col = p->lx.t.col;
		bool neg = mlir_accept(&p->lx, '-');
		uint64_t u = 0;
		if (!neg && mlir_is_punct(&p->lx, '?')) {
			v[n] = BCX_TILEIR_DYNAMIC;
		} else if (p->lx.t.k != MLIR_TK_INT) {
			return mlir_fail_at(&p->lx, line, col,
					    "expected either 64-bit integer or question mark"), -1;
		} else if (!mlir_tok_u64(&p->lx.t, &u) || u > (neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX)) {
			return mlir_fail(&p->lx, "integer constant out of range for type"), -1;
		} else {
			v[n] = neg ? (int64_t)(0 - u) : (int64_t)u;
			if (v[n] <= 0)
				return mlir_fail_at(&p->lx, line, col,
						    "expected strictly positive integer, got %lld",
						    (long long)v[n]), -1;
		}
		n++;
		if (!mlir_next(&p->lx))
			return -1;
	}
	return mlir_expect(&p->lx, ']') ? n : -1;
}

/* tensor_view<shape x elem, strides=[..]> by the reference's parser and
 * verifier: strides required unless 0-d, and refused there. */
static bool tensor_view(asm_parser *p, type_at at, bcx_tileir_build_type *out)
{
	int64_t dims[TIR_LIMIT_RANK], strides[TIR_LIMIT_RANK];
	bcx_tileir_build_type elem;
	int n = mlir_dims(&p->lx, dims, TIR_LIMIT_RANK, true);
	if (n < 0 || !ap_type(p, &elem))
		return false;
	int ns = 0;
	if (n == 0 && mlir_accept(&p->lx, ','))
		return mlir_is_id(&p->lx, "strides")
			       ? (mlir_next(&p->lx),
				  mlir_fail(&p->lx, "strides must not be provided for 0-d tiles"))
			       : mlir_fail(&p->lx,
					   "unexpected token after element type in 0-d tensor_view");
	if (n > 0) {
		if (!mlir_accept(&p->lx, ','))
			return mlir_fail(&p->lx, "expected 'strides'");
		if (!mlir_expect_id(&p->lx, "strides") || !mlir_expect(&p->lx, '='))
			return false;
		ns = stride_list(p, strides, TIR_LIMIT_RANK);
	}
	if (ns < 0 || !mlir_expect(&p->lx, '>'))
		return false;
	char buf[TIR_RULE_MSG_CAP];
	const char *why = tir_tensor_view_problem(tb_type(p->m, elem)->tag, dims, (uint32_t)n,
						  strides, (uint32_t)ns, buf);
	if (why)
		return mlir_fail_at(&p->lx, at.line, at.col, "%s", why);
	bcx_diag bd = {0};
	if (bcx_tileir_build_type_tensor_view(p->m, elem, dims, strides, (uint32_t)n, out, &bd))
		return ap_built_at(p, bd.code, &bd, at.line, at.col) == BCX_OK;
	return true;
}

static bool padding_value(asm_parser *p, bcx_tileir_padding *pad)
{
	static const char *const names[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
	if (!mlir_expect(&p->lx, '='))
		return false;
	for (unsigned i = 0; i < 5; i++)
		if (mlir_is_id(&p->lx, names[i])) {
			*pad = (bcx_tileir_padding)i;
			return mlir_next(&p->lx) && mlir_expect(&p->lx, ',');
		}
	return mlir_fail(&p->lx, "unknown padding value");
}

typedef struct view_parts {
	int64_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], dim_map[TIR_LIMIT_RANK];
	int rank, n_trav, n_map;
	bcx_tileir_padding pad;
	bcx_tileir_build_type tv;
	uint64_t sparse;
} view_parts;

/* tile=(..), [traversal_strides=[..],] [padding_value = x,] tensor_view<..>
 * [, dim_map=[..]] [, sparse_dim=N] > */
static bool view_body(asm_parser *p, view_parts *v, bool gather)
{
	v->pad = BCX_TILEIR_PAD_NONE;
	v->n_trav = v->n_map = -1;
	if (!mlir_expect_id(&p->lx, "tile") || !mlir_expect(&p->lx, '=') ||
	    !mlir_expect(&p->lx, '('))
		return false;
	v->rank = mlir_is_punct(&p->lx, ')') ? 0 /* the view's rules refuse it */
					     : mlir_dims_list(&p->lx, v->tile, TIR_LIMIT_RANK);
	if (v->rank < 0 || !mlir_expect(&p->lx, ')') || !mlir_expect(&p->lx, ','))
		return false;
	if (mlir_is_id(&p->lx, "traversal_strides")) {
		if (!mlir_next(&p->lx) || !mlir_expect(&p->lx, '=') ||
		    (v->n_trav = int_list(p, v->trav, TIR_LIMIT_RANK, false)) < 0 ||
		    !mlir_expect(&p->lx, ','))
			return false;
	}
	if (mlir_is_id(&p->lx, "padding_value") && !(mlir_next(&p->lx) && padding_value(p, &v->pad)))
		return false;
	if (!ap_type(p, &v->tv))
		return false;
	if (tb_type(p->m, v->tv)->tag != BCX_TILEIR_T_TENSOR_VIEW) {
		char txt[112];
		return mlir_fail(&p->lx, "expected 'tensor_view' type, but got '%s'",
				 ap_type_text(p, v->tv, txt, sizeof txt));
	}
	/* as the dialect's parsers: a gather/scatter view ends in its one
	 * `, sparse_dim=N`, the others in an optional `, dim_map=[..]` */
	if (gather) {
		if (!mlir_expect(&p->lx, ',') || !mlir_expect_id(&p->lx, "sparse_dim") ||
		    !mlir_expect(&p->lx, '='))
			return false;
		if (ap_unsigned_int(p, 32, &v->sparse) != BCX_OK)
			return false;
	} else if (mlir_accept(&p->lx, ',')) {
		if (!mlir_expect_id(&p->lx, "dim_map") || !mlir_expect(&p->lx, '=') ||
		    (v->n_map = int_list(p, v->dim_map, TIR_LIMIT_RANK, false)) < 0)
			return false;
	}
	return mlir_expect(&p->lx, '>');
}

static bool narrow(asm_parser *p, const int64_t *in, int n, int32_t *out)
{
	for (int i = 0; i < n; i++) {
		if (in[i] < INT32_MIN || in[i] > INT32_MAX)
			return mlir_fail(&p->lx, "value out of range for i32");
		out[i] = (int32_t)in[i];
	}
	return true;
}

/* The reference's rules of the views (verifyPartitionViewLike, then the
 * strided view's; the gather/scatter view's own), in its order and words. */
/* The reference's view rules (model/type_rules.c), at the type's text. */
static bool view_rules(asm_parser *p, type_at at, uint8_t tag, const view_parts *v)
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
	return !why || mlir_fail_at(&p->lx, at.line, at.col, "%s", why);
}

static bool view_type(asm_parser *p, type_at at, uint8_t tag, bcx_tileir_build_type *out)
{
	view_parts v;
	int32_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], map[TIR_LIMIT_RANK];
	if (!view_body(p, &v, tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW))
		return false;
	for (int i = 0; i < v.rank; i++)
		if (v.tile[i] <= 0 || v.tile[i] > INT32_MAX)
			return mlir_fail_at(&p->lx, at.line, at.col,
					   "tile dimension %d exceeds i32 limitations (got %lld, expected "
					   "strictly positive and less than or equal to 2147483647)",
					   i, (long long)v.tile[i]);
	if (!view_rules(p, at, tag, &v) || !narrow(p, v.tile, v.rank, tile) ||
	    !narrow(p, v.trav, v.n_trav, trav) || !narrow(p, v.dim_map, v.n_map, map))
		return false;
	if ((v.n_map >= 0 && v.n_map != v.rank) || (v.n_trav >= 0 && v.n_trav != v.rank))
		return mlir_fail(&p->lx, "view parameter lists must match the tile rank");
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
	return ap_built_at(p, st, &bd, at.line, at.col) == BCX_OK;
}

/* The tag whose keyword (types.def text) is kw, or BCX_TILEIR_T_COUNT. */
static unsigned keyword_tag(const char *kw, size_t n)
{
	return tag_named(kw, n, false);
}

/* The dialect keyword after an optional "!cuda_tile." prefix. */
static bool dialect_type(asm_parser *p, const char *kw, size_t n, bcx_tileir_build_type *out)
{
	bcx_diag bd = {0};
	unsigned tag = keyword_tag(kw, n);
	if (tag == BCX_TILEIR_T_TOKEN)
		return mlir_next(&p->lx) &&
		       ap_built(p, bcx_tileir_build_type_token(p->m, out, &bd), &bd) == BCX_OK;
	if (tag == BCX_TILEIR_T_COUNT || tag == BCX_TILEIR_T_FUNCTION)
		return mlir_fail(&p->lx, "unknown type '%.*s'", (int)n, kw);
	if (!mlir_next(&p->lx))
		return false;
	/* MLIR reports a type's verifier errors where its parameters begin */
	type_at at = {p->lx.t.line, p->lx.t.col};
	if (!mlir_expect(&p->lx, '<'))
		return false;
	switch (tag) {
	case BCX_TILEIR_T_TILE:
		return tile_type(p, at, out);
	case BCX_TILEIR_T_TENSOR_VIEW:
		return tensor_view(p, at, out);
	case BCX_TILEIR_T_POINTER: {
		bcx_tileir_build_type e;
		return ap_type(p, &e) && mlir_expect(&p->lx, '>') &&
		       ap_built(p, bcx_tileir_build_type_ptr(p->m, e, out, &bd), &bd) == BCX_OK;
	}
	default: /* the three views */
		return view_type(p, at, (uint8_t)tag, out);
	}
}

static bcx_status type_alias(asm_parser *p, void *out)
{
	return ap_status(p, ap_type(p, out));
}

/* The length of a bracketed type's text from s: a name, then '<' ... the
 * matching '>' on the same line; 0 when the text is not of that shape. */
static size_t bracketed_len(const char *s, const char *end)
{
	const char *q = s;
	unsigned depth = 0;
	if (q < end && *q == '!')
		q++;
	while (q < end && (isalnum((unsigned char)*q) || *q == '_' || *q == '.'))
		q++;
	if (q == end || *q != '<')
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

static bool parse_type(asm_parser *p, bcx_tileir_build_type *out);

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
bool ap_type(asm_parser *p, bcx_tileir_build_type *out)
{
	mlir_tok t = p->lx.t;
	size_t n = t.k == MLIR_TK_BANG || t.k == MLIR_TK_ID ? bracketed_len(t.s, p->lx.end) : 0;
	uint32_t idx;
	if (n && wr_table_find(&p->type_text, t.s, n, &idx)) {
		*out = p->type_of[idx];
		return mlir_seek(&p->lx, (mlir_pos){t.s + n, t.line, t.col + (unsigned)n});
	}
	if (!parse_type(p, out))
		return false;
	/* cache only what was read as one whole: the next token starts after;
	 * no memory for the cache only means no cache */
	if (!n || p->lx.t.s < t.s + n || !type_cache_room(p) ||
	    wr_table_intern(&p->type_text, t.s, n, &idx) != BCX_OK)
		return true;
	p->type_of[idx] = *out;
	return true;
}

static bool parse_type(asm_parser *p, bcx_tileir_build_type *out)
{
	mlir_tok t = p->lx.t;
	if (t.k == MLIR_TK_BANG) {
		ap_alias *a = ap_alias_find(p);
		if (a)
			return ap_alias_parse(p, a, type_alias, out) == BCX_OK;
		if (t.n < 10 || memcmp(t.p, "cuda_tile.", 10) != 0)
			return mlir_fail(&p->lx, "unknown dialect type '!%.*s'", (int)t.n, t.p);
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

static bool type_list(asm_parser *p, bcx_tileir_build_type **v, uint32_t *n, char close)
{
	uint32_t cap = 0;
	*n = 0;
	*v = NULL;
	while (!mlir_is_punct(&p->lx, close)) {
		if (*n && !mlir_expect(&p->lx, ','))
			return false;
		if (ap_grow_from(p, p->arena, v, *n, &cap, sizeof **v, 8) != BCX_OK ||
		    !ap_type(p, &(*v)[(*n)++]))
			return false;
	}
	return mlir_next(&p->lx);
}

bool ap_func_type(asm_parser *p, bcx_tileir_build_type **ins, uint32_t *n_in,
                  bcx_tileir_build_type **outs, uint32_t *n_out)
{
	if (!mlir_expect(&p->lx, '(') || !type_list(p, ins, n_in, ')') || !mlir_expect(&p->lx, 'A'))
		return false;
	if (mlir_accept(&p->lx, '('))
		return type_list(p, outs, n_out, ')');
	*outs = bcx_arena_alloc(p->arena, sizeof **outs);
	*n_out = 1;
	return *outs ? ap_type(p, *outs) : mlir_nomem(&p->lx);
}
