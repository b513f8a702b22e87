/* The quant dialect's types, decoded through their TableGen encodings
 * (dialect_enc.def) and printed as MLIR's quant dialect prints them:
 * !quant.any<i8<-8:7>:f32>, !quant.uniform<i8:f32, 2.000000e+00:10>,
 * per axis !quant.uniform<i8:f32:1, {2.000000e+00:10,3.000000e+00}>, sub
 * channel !quant.uniform<i8:f32:{0:1, 1:2}, {{...}, {...}}>,
 * !quant.calibrated<f32<-0.998:1.000000e+00>>. */
#include "dialect_enc.h"
#include "print.h"
#include "mlir/text.h"

#include <string.h>

#define PUTS(p, lit) bcx_buf_put_bytes((p)->b, (lit), sizeof(lit) - 1)

enum { Q_ANY = 1, Q_ANY_EXPRESSED, Q_CALIBRATED, Q_UNIFORM, Q_PER_AXIS, Q_SUB_CHANNEL };

static int64_t sval(const mbc_dfield *f)
{
	return (int64_t)((f->value >> 1) ^ (0 - (f->value & 1)));
}

static void put_double(mbc_pctx *p, const mbc_dfield *f)
{
	mlir_print_float(p->b, MLIR_FLT_F64, (uint64_t)sval(f));
}

static void put_i64(mbc_pctx *p, int64_t v)
{
	if (v < 0) {
		bcx_buf_put_u8(p->b, '-');
		bcx_buf_put_udec(p->b, 0 - (uint64_t)v);
	} else {
		bcx_buf_put_udec(p->b, (uint64_t)v);
	}
}

/* i8 / u8, then <min:max> unless they are the width's full range. */
static bool put_storage(mbc_pctx *p, uint64_t flags, uint64_t type, int64_t min, int64_t max)
{
	const mbc_ent *t;
	if (type >= p->m->ntypes || mbc_type(p->m, (uint32_t)type, &t, NULL) != BCX_OK ||
	    t->code != MBC_T_INTEGER || t->u[0] == 0 || t->u[0] > 63)
		return false;
	bool is_signed = flags & 1;
	unsigned w = (unsigned)t->u[0];
	int64_t dmin = is_signed ? -(INT64_C(1) << (w - 1)) : 0;
	int64_t dmax = is_signed ? (INT64_C(1) << (w - 1)) - 1 : (INT64_C(1) << w) - 1;
	bcx_buf_put_u8(p->b, is_signed ? 'i' : 'u');
	bcx_buf_put_udec(p->b, w);
	if (min != dmin || max != dmax) {
		bcx_buf_put_u8(p->b, '<');
		put_i64(p, min);
		bcx_buf_put_u8(p->b, ':');
		put_i64(p, max);
		bcx_buf_put_u8(p->b, '>');
	}
	return true;
}

/* scale[:zero point] */
static void put_param(mbc_pctx *p, const mbc_dfield *scale, int64_t zp)
{
	put_double(p, scale);
	if (zp) {
		bcx_buf_put_u8(p->b, ':');
		put_i64(p, zp);
	}
}

static bool per_axis(mbc_pctx *p, const mbc_dfield *f, size_t n)
{
	/* k v t t v s s # f... # s... */
	uint64_t ns = f[7].value;
	if (n < 9 + 2 * ns || f[8 + ns].value != ns)
		return false;
	bcx_buf_put_u8(p->b, ':');
	bcx_buf_put_udec(p->b, f[4].value);
	PUTS(p, ", {");
	for (uint64_t i = 0; i < ns; i++) {
		if (i)
			bcx_buf_put_u8(p->b, ',');
		put_param(p, &f[8 + i], sval(&f[9 + ns + i]));
	}
	bcx_buf_put_u8(p->b, '}');
	return true;
}

typedef struct nest {
	uint32_t scales, zps;
	uint64_t k;
} nest;

static void put_nest(mbc_pctx *p, const mbc_ent *t, uint32_t dim, nest *s)
{
	bcx_buf_put_u8(p->b, '{');
	for (int64_t i = 0; i < t->dims[dim]; i++) {
		if (i)
			PUTS(p, ", ");
		if (dim + 1 < t->ndims) {
			put_nest(p, t, dim + 1, s);
			continue;
		}
		int64_t zp = 0;
		mbc_print_dense_elem(p, s->scales, s->k);
		if (mbc_dense_int(p, s->zps, s->k, &zp) && zp) {
			bcx_buf_put_u8(p->b, ':');
			put_i64(p, zp);
		}
		s->k++;
	}
	bcx_buf_put_u8(p->b, '}');
}

static bool sub_channel(mbc_pctx *p, const mbc_dfield *f, size_t n)
{
	/* k v t t s s # s... # s... a a */
	uint64_t nq = f[6].value;
	if (n < 10 + 2 * nq || f[7 + nq].value != nq)
		return false;
	const mbc_dfield *scales = &f[8 + 2 * nq], *zps = scales + 1;
	const mbc_ent *a, *t;
	if (scales->value >= p->m->nattrs || zps->value >= p->m->nattrs ||
	    mbc_attr(p->m, (uint32_t)scales->value, &a, NULL) != BCX_OK ||
	    a->code != MBC_A_DENSE_ELEMENTS || mbc_type(p->m, a->r[0], &t, NULL) != BCX_OK ||
	    t->ndims == 0 || t->ndims > MBC_MAX_DEPTH)
		return false;
	/* every scale is printed: a splat of a huge shape would print far
	 * more than the file holds, so that is left raw */
	uint64_t count = 1;
	for (uint32_t i = 0; i < t->ndims; i++) {
		if (t->dims[i] < 0 || (t->dims[i] && count > (a->nblob + 64) / (uint64_t)t->dims[i]))
			return false;
		count *= (uint64_t)t->dims[i];
	}
	PUTS(p, ":{");
	for (uint64_t i = 0; i < nq; i++) {
		if (i)
			PUTS(p, ", ");
		put_i64(p, sval(&f[7 + i]));
		bcx_buf_put_u8(p->b, ':');
		put_i64(p, sval(&f[8 + nq + i]));
	}
	PUTS(p, "}, ");
	nest s = {(uint32_t)scales->value, (uint32_t)zps->value, 0};
	put_nest(p, t, 0, &s);
	return true;
}

static bool put_fields(mbc_pctx *p, const mbc_dfield *f, size_t n)
{
	uint64_t kind = f[0].value;
	if (kind == Q_CALIBRATED) { /* k t f f */
		PUTS(p, "!quant.calibrated<");
		mbc_print_type(p, (uint32_t)f[1].value);
		bcx_buf_put_u8(p->b, '<');
		put_double(p, &f[2]);
		bcx_buf_put_u8(p->b, ':');
		put_double(p, &f[3]);
		PUTS(p, ">>");
		return n == 4;
	}
	bool any = kind == Q_ANY || kind == Q_ANY_EXPRESSED;
	size_t lo = kind == Q_ANY ? 3 : kind == Q_UNIFORM ? 6 : 4; /* storage min, then max */
	if (kind == Q_PER_AXIS)
		lo = 5;
	if (n <= lo + 1)
		return false;
	bcx_buf_puts(p->b, any ? "!quant.any<" : "!quant.uniform<");
	if (!put_storage(p, f[1].value, f[2].value, sval(&f[lo]), sval(&f[lo + 1])))
		return false;
	if (kind != Q_ANY) {
		bcx_buf_put_u8(p->b, ':');
		mbc_print_type(p, (uint32_t)f[3].value);
	}
	bool ok = true;
	if (kind == Q_UNIFORM) { /* k v t t f s s s */
		PUTS(p, ", ");
		put_param(p, &f[4], sval(&f[5]));
	} else if (kind == Q_PER_AXIS) {
		ok = per_axis(p, f, n);
	} else if (kind == Q_SUB_CHANNEL) {
		ok = sub_channel(p, f, n);
	}
	bcx_buf_put_u8(p->b, '>');
	return ok;
}

bool mbc_print_quant(mbc_pctx *p, const mbc_ent *e)
{
	mbc_str d = mbc_string(p->m, p->m->dialects[e->dialect].name);
	if (!e->is_type || d.n != 5 || memcmp(d.p, "quant", 5) != 0)
		return false;
	const bcx_allocator *a = p->m->pool.a;
	mbc_dfield *f;
	size_t n, cap;
	if (!mbc_denc_collect(a, d.p, d.n, true, e->blob, (size_t)e->nblob, &f, &n, &cap))
		return false;
	mbc_mark start = mbc_mark_at(p);
	bool ok = put_fields(p, f, n);
	if (!ok && !mbc_rewind(p, start, "a quant type"))
		ok = true; /* p failed: not printed raw */
	mbc_denc_free(a, f, cap);
	return ok;
}
