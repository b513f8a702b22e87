/* Types of the generic MLIR form (spec §21.2) and decimal-to-float
 * conversion for every float type of Tile IR (round to nearest even). */
#include "tileir/limits.h"
#include "tileir/asm_internal.h"
#include "tileir/build_internal.h"

#include <string.h>


bool ap_built(asm_parser *p, bcx_status st, const bcx_diag *bd)
{
	if (st == BCX_OK)
		return true;
	return asm_fail(&p->lx, "%s", bd->message);
}

char *ap_tok_dup(asm_parser *p)
{
	return bcx_arena_memdup(p->arena, p->lx.t.p, p->lx.t.n);
}

static const struct { const char *name; bcx_tb_scalar s; } scalars[] = {
	{"i1", BCX_TB_I1},     {"i4", BCX_TB_I4},       {"i8", BCX_TB_I8},
	{"i16", BCX_TB_I16},   {"i32", BCX_TB_I32},     {"i64", BCX_TB_I64},
	{"f16", BCX_TB_F16},   {"bf16", BCX_TB_BF16},   {"f32", BCX_TB_F32},
	{"tf32", BCX_TB_TF32}, {"f64", BCX_TB_F64},     {"f8E4M3FN", BCX_TB_F8E4M3FN},
	{"f8E5M2", BCX_TB_F8E5M2}, {"f8E8M0FNU", BCX_TB_F8E8M0FNU},
	{"f4E2M1FN", BCX_TB_F4E2M1FN},
};

static bool scalar(asm_parser *p, bcx_tb_type *out)
{
	for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++)
		if (asm_is_id(&p->lx, scalars[i].name)) {
			bcx_diag bd = {0};
			if (!ap_built(p, bcx_tb_type_scalar(p->m, scalars[i].s, out, &bd), &bd))
				return false;
			return asm_next(&p->lx);
		}
	if (p->lx.t.k == TK_EOF)
		return asm_fail(&p->lx, "expected a type but reached the end of the input");
	return asm_fail(&p->lx, "expected a type but found '%.*s'",
			(int)(p->lx.t.n > 40 ? 40 : p->lx.t.n), p->lx.t.p);
}

/* "[a,b,...]" of signed integers or '?'. */
static int int_list(asm_parser *p, int64_t *v, int max, bool dyn)
{
	int n = 0;
	if (!asm_expect(&p->lx, '['))
		return -1;
	while (!asm_is_punct(&p->lx, ']')) {
		if (n && !asm_expect(&p->lx, ','))
			return -1;
		bool neg = asm_accept(&p->lx, '-');
		uint64_t u = 0;
		if (dyn && asm_is_punct(&p->lx, '?')) {
			v[n] = BCX_TB_DYNAMIC;
		} else if (p->lx.t.k != TK_INT || !asm_tok_u64(&p->lx.t, &u) || u > INT64_MAX) {
			return asm_fail(&p->lx, "expected an integer"), -1;
		} else {
			v[n] = neg ? -(int64_t)u : (int64_t)u;
		}
		if (n >= max)
			return asm_fail(&p->lx, "too many entries (at most %d)", max), -1;
		n++;
		if (!asm_next(&p->lx))
			return -1;
	}
	return asm_expect(&p->lx, ']') ? n : -1;
}

static bool tile_type(asm_parser *p, bcx_tb_type *out)
{
	int64_t dims[TIR_LIMIT_RANK];
	bcx_tb_type elem;
	int n = asm_dims(&p->lx, dims, TIR_LIMIT_RANK, false);
	if (n < 0 || !ap_type(p, &elem) || !asm_expect(&p->lx, '>'))
		return false;
	bcx_diag bd = {0};
	return ap_built(p, bcx_tb_type_tile(p->m, elem, dims, (uint32_t)n, out, &bd), &bd);
}

static bool tensor_view(asm_parser *p, bcx_tb_type *out)
{
	int64_t dims[TIR_LIMIT_RANK], strides[TIR_LIMIT_RANK];
	bcx_tb_type elem;
	int n = asm_dims(&p->lx, dims, TIR_LIMIT_RANK, true);
	if (n < 0 || !ap_type(p, &elem))
		return false;
	int ns = 0;
	if (asm_accept(&p->lx, ',')) {
		if (!asm_expect_id(&p->lx, "strides") || !asm_expect(&p->lx, '='))
			return false;
		ns = int_list(p, strides, TIR_LIMIT_RANK, true);
	}
	if (ns < 0 || !asm_expect(&p->lx, '>'))
		return false;
	if (ns != n)
		return asm_fail(&p->lx, "tensor_view needs as many strides as dimensions");
	bcx_diag bd = {0};
	return ap_built(p, bcx_tb_type_tensor_view(p->m, elem, dims, strides, (uint32_t)n, out, &bd),
			&bd);
}

static bool padding_value(asm_parser *p, bcx_tb_padding *pad)
{
	static const char *const names[] = {"zero", "neg_zero", "nan", "pos_inf", "neg_inf"};
	if (!asm_expect(&p->lx, '='))
		return false;
	for (unsigned i = 0; i < 5; i++)
		if (asm_is_id(&p->lx, names[i])) {
			*pad = (bcx_tb_padding)i;
			return asm_next(&p->lx) && asm_expect(&p->lx, ',');
		}
	return asm_fail(&p->lx, "unknown padding value");
}

typedef struct view_parts {
	int64_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], dim_map[TIR_LIMIT_RANK];
	int rank, n_trav, n_map;
	bcx_tb_padding pad;
	bcx_tb_type tv;
	uint64_t sparse;
} view_parts;

/* tile=(..), [traversal_strides=[..],] [padding_value = x,] tensor_view<..>
 * [, dim_map=[..]] [, sparse_dim=N] > */
static bool view_body(asm_parser *p, view_parts *v)
{
	v->pad = BCX_TB_PAD_NONE;
	v->n_trav = v->n_map = -1;
	if (!asm_expect_id(&p->lx, "tile") || !asm_expect(&p->lx, '=') ||
	    !asm_expect(&p->lx, '(') ||
	    (v->rank = asm_dims_list(&p->lx, v->tile, TIR_LIMIT_RANK)) < 0 ||
	    !asm_expect(&p->lx, ')') || !asm_expect(&p->lx, ','))
		return false;
	if (asm_is_id(&p->lx, "traversal_strides")) {
		if (!asm_next(&p->lx) || !asm_expect(&p->lx, '=') ||
		    (v->n_trav = int_list(p, v->trav, TIR_LIMIT_RANK, false)) < 0 ||
		    !asm_expect(&p->lx, ','))
			return false;
	}
	if (asm_is_id(&p->lx, "padding_value") && !(asm_next(&p->lx) && padding_value(p, &v->pad)))
		return false;
	if (!ap_type(p, &v->tv))
		return false;
	while (asm_accept(&p->lx, ',')) {
		if (asm_is_id(&p->lx, "dim_map")) {
			if (!asm_next(&p->lx) || !asm_expect(&p->lx, '=') ||
			    (v->n_map = int_list(p, v->dim_map, TIR_LIMIT_RANK, false)) < 0)
				return false;
		} else if (asm_is_id(&p->lx, "sparse_dim")) {
			if (!asm_next(&p->lx) || !asm_expect(&p->lx, '=') || p->lx.t.k != TK_INT ||
			    !asm_tok_u64(&p->lx.t, &v->sparse) || v->sparse > UINT32_MAX)
				return asm_fail(&p->lx, "expected a sparse_dim value");
			if (!asm_next(&p->lx))
				return false;
		} else {
			return asm_fail(&p->lx, "unexpected view parameter");
		}
	}
	return asm_expect(&p->lx, '>');
}

static bool narrow(asm_parser *p, const int64_t *in, int n, int32_t *out)
{
	for (int i = 0; i < n; i++) {
		if (in[i] < INT32_MIN || in[i] > INT32_MAX)
			return asm_fail(&p->lx, "value out of range for i32");
		out[i] = (int32_t)in[i];
	}
	return true;
}

static bool view_type(asm_parser *p, uint8_t tag, bcx_tb_type *out)
{
	view_parts v;
	int32_t tile[TIR_LIMIT_RANK], trav[TIR_LIMIT_RANK], map[TIR_LIMIT_RANK];
	if (!view_body(p, &v) || !narrow(p, v.tile, v.rank, tile) ||
	    !narrow(p, v.trav, v.n_trav, trav) || !narrow(p, v.dim_map, v.n_map, map))
		return false;
	if ((v.n_map >= 0 && v.n_map != v.rank) || (v.n_trav >= 0 && v.n_trav != v.rank))
		return asm_fail(&p->lx, "view parameter lists must match the tile rank");
	bcx_diag bd = {0};
	bcx_status st;
	const int32_t *dm = v.n_map >= 0 ? map : NULL;
	if (tag == TT_PV)
		st = bcx_tb_type_partition_view(p->m, v.tv, tile, (uint32_t)v.rank, dm, v.pad, out, &bd);
	else if (tag == TT_SV)
		st = v.n_trav < 0 ? bcx_diag_set(&bd, BCX_ERR_INVALID_ARG, -1,
						 "strided_view needs traversal_strides")
				  : bcx_tb_type_strided_view(p->m, v.tv, tile, trav, (uint32_t)v.rank,
							     dm, v.pad, out, &bd);
	else
		st = bcx_tb_type_gather_scatter_view(p->m, v.tv, tile, (uint32_t)v.rank,
						     (uint32_t)v.sparse, v.pad, out, &bd);
	return ap_built(p, st, &bd);
}

/* The dialect keyword after an optional "!cuda_tile." prefix. */
static bool dialect_type(asm_parser *p, const char *kw, size_t n, bcx_tb_type *out)
{
	bcx_diag bd = {0};
#define KW(s) (n == sizeof(s) - 1 && memcmp(kw, s, n) == 0)
	if (KW("token"))
		return asm_next(&p->lx) &&
		       ap_built(p, bcx_tb_type_token(p->m, out, &bd), &bd);
	if (!asm_next(&p->lx) || !asm_expect(&p->lx, '<'))
		return false;
	if (KW("tile"))
		return tile_type(p, out);
	if (KW("tensor_view"))
		return tensor_view(p, out);
	if (KW("partition_view"))
		return view_type(p, TT_PV, out);
	if (KW("strided_view"))
		return view_type(p, TT_SV, out);
	if (KW("gather_scatter_view"))
		return view_type(p, TT_GSV, out);
	if (KW("ptr")) {
		bcx_tb_type e;
		return ap_type(p, &e) && asm_expect(&p->lx, '>') &&
		       ap_built(p, bcx_tb_type_ptr(p->m, e, out, &bd), &bd);
	}
#undef KW
	return asm_fail(&p->lx, "unknown type '%.*s'", (int)n, kw);
}

bool ap_type(asm_parser *p, bcx_tb_type *out)
{
	asm_tok t = p->lx.t;
	if (t.k == TK_BANG) {
		if (t.n < 10 || memcmp(t.p, "cuda_tile.", 10) != 0)
			return asm_fail(&p->lx, "unknown dialect type '!%.*s'", (int)t.n, t.p);
		return dialect_type(p, t.p + 10, t.n - 10, out);
	}
	if (t.k == TK_ID && (asm_is_id(&p->lx, "tile") || asm_is_id(&p->lx, "ptr") ||
			     asm_is_id(&p->lx, "token") || asm_is_id(&p->lx, "tensor_view") ||
			     asm_is_id(&p->lx, "partition_view") ||
			     asm_is_id(&p->lx, "strided_view") ||
			     asm_is_id(&p->lx, "gather_scatter_view")))
		return dialect_type(p, t.p, t.n, out);
	return scalar(p, out);
}

static bool type_list(asm_parser *p, bcx_tb_type **v, uint32_t *n, char close)
{
	uint32_t cap = 0;
	*n = 0;
	*v = NULL;
	while (!asm_is_punct(&p->lx, close)) {
		if (*n && !asm_expect(&p->lx, ','))
			return false;
		if (*n == cap) {
			uint32_t nc = cap ? cap * 2 : 8;
			bcx_tb_type *g = bcx_arena_grow(p->arena, *v, cap, nc, sizeof **v);
			if (!g)
				return asm_fail(&p->lx, "out of memory");
			*v = g;
			cap = nc;
		}
		if (!ap_type(p, &(*v)[(*n)++]))
			return false;
	}
	return asm_next(&p->lx);
}

bool ap_func_type(asm_parser *p, bcx_tb_type **ins, uint32_t *n_in, bcx_tb_type **outs,
		  uint32_t *n_out)
{
	if (!asm_expect(&p->lx, '(') || !type_list(p, ins, n_in, ')') || !asm_expect(&p->lx, 'A'))
		return false;
	if (asm_accept(&p->lx, '('))
		return type_list(p, outs, n_out, ')');
	*outs = bcx_arena_alloc(p->arena, sizeof **outs);
	*n_out = 1;
	return *outs ? ap_type(p, *outs) : asm_fail(&p->lx, "out of memory");
}

/* Float formats: exponent bits, mantissa bits, signed, IEEE inf. */
static bool float_fmt(uint8_t tag, int *eb, int *mb, bool *sign)
{
	static const struct { uint8_t tag; int8_t e, m; bool s; } f[] = {
		{5, 5, 10, 1}, {6, 8, 7, 1}, {8, 8, 10, 1}, {10, 4, 3, 1},
		{11, 5, 2, 1}, {18, 8, 0, 0}, {19, 2, 1, 1}};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		if (f[i].tag == tag) {
			*eb = f[i].e;
			*mb = f[i].m;
			*sign = f[i].s;
			return true;
		}
	return false;
}

/* Round the significand sig (with the implicit bit) right by shift bits,
 * to nearest, ties to even. */
static uint64_t rne_shift(uint64_t sig, unsigned shift)
{
	if (shift == 0)
		return sig;
	if (shift > 63)
		return 0;
	uint64_t r = sig >> shift, rem = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
	return r + (rem > half || (rem == half && (r & 1)));
}

bool ap_float_bits(double v, uint8_t tag, uint64_t *bits)
{
	uint64_t d;
	memcpy(&d, &v, sizeof d);
	unsigned dexp = (unsigned)(d >> 52) & 0x7FF;
	if (dexp == 0x7FF)
		return false; /* inf and NaN are written as hex bit patterns */
	if (tag == 9 || tag == 7) {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, sizeof u);
		*bits = tag == 9 ? d : u;
		return tag == 9 || ((u >> 23) & 0xFF) != 0xFF;
	}
	int eb, mb;
	bool has_sign, neg = d >> 63;
	if (!float_fmt(tag, &eb, &mb, &has_sign) || (!has_sign && neg))
		return false;
	uint64_t s = neg ? 1ull << (eb + mb) : 0, mant = d & ((1ull << 52) - 1);
	if (dexp == 0) { /* zero or a double subnormal: rounds to zero here */
		*bits = s;
		return tag != 18;
	}
	int bias = (1 << (eb - 1)) - 1, biased = (int)dexp - 1023 + bias;
	uint64_t sig = mant | (1ull << 52), r;
	if (biased >= 1)
		r = ((uint64_t)(biased - 1) << mb) + rne_shift(sig, (unsigned)(52 - mb));
	else
		r = rne_shift(sig, (unsigned)(52 - mb + 1 - biased));
	if (r >> (eb + mb))
		return false; /* overflow: not representable as a finite value */
	*bits = s | r;
	return true;
}
