/* TBON reader and writer (docs/tapioca.md, "TBON"). The reader and the
 * writer mirror each other function for function. */
#include "internal.h"
#include "bcx/varint.h"

#include <math.h>
#include <string.h>

#define VA128_MAX 10u /* 64 bits / 7 per byte, rounded up */

typedef struct reader {
	bcx_cursor c;
	bcx_arena *arena;
	bcx_limits lim;
	uint64_t values;
	size_t pool_count; /* entries usable by const refs so far */
} reader;

bool bcx_tbon_sniff(const uint8_t *data, size_t size)
{
	return size >= 4 && memcmp(data, "TBON", 4) == 0;
}

/* ---- numbers ---- */

double bcx_f16_to_f64(uint16_t h)
{
	int e = (h >> 10) & 0x1F;
	double m = (double)(h & 0x3FF);
	double v;
	if (e == 0)
		v = ldexp(m, -24);
	else if (e == 31)
		v = (h & 0x3FF) ? NAN : INFINITY;
	else
		v = ldexp(m + 1024.0, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* Round to nearest even on the top 53 significant bits, then scale. Results
 * in double's subnormal range may round twice (documented). */
double bcx_f128_to_f64(const uint8_t be[16])
{
	uint64_t hi = 0, lo = 0;
	for (int i = 0; i < 8; i++) {
		hi = hi << 8 | be[i];
		lo = lo << 8 | be[i + 8];
	}
	bool neg = hi >> 63;
	int e = (int)((hi >> 48) & 0x7FFF);
	uint64_t mhi = hi & 0xFFFFFFFFFFFFull; /* 48 mantissa bits, then 64 in lo */
	double v;
	if (e == 0x7FFF) {
		v = (mhi | lo) ? NAN : INFINITY;
	} else {
		/* 53 bits: implicit bit, 48 from hi, 4 from lo; rest is rounding. */
		uint64_t m = ((e ? 1ull : 0ull) << 52) | mhi << 4 | lo >> 60;
		uint64_t rest = lo << 4;
		if (rest > 0x8000000000000000ull || (rest == 0x8000000000000000ull && (m & 1)))
			m++;
		v = ldexp((double)m, (e ? e : 1) - 16383 - 52);
	}
	return neg ? -v : v;
}

static uint64_t load_be(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	for (unsigned i = 0; i < n; i++)
		v = v << 8 | p[i];
	return v;
}

static void put_be(bcx_buf *b, uint64_t v, unsigned n)
{
	uint8_t tmp[8];
	for (unsigned i = 0; i < n; i++)
		tmp[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
	bcx_buf_put_bytes(b, tmp, n);
}

/* VA128: big-endian base-128 groups, high bit set on all but the last
 * byte; minimal (no leading 0x80 group). Kept in one place (notes B.3.18). */
static uint64_t read_va128(reader *r, const char *what)
{
	uint64_t v = 0;
	size_t start = bcx_cur_offset(&r->c);
	for (unsigned i = 0; i < VA128_MAX; i++) {
		uint8_t b = bcx_cur_u8(&r->c, what);
		if (!bcx_cur_ok(&r->c))
			return 0;
		if (i == 0 && b == 0x80) {
			bcx_cur_fail_at(&r->c, start, BCX_ERR_MALFORMED, "%s: VA128 not minimal", what);
			return 0;
		}
		if (v >> 57) {
			bcx_cur_fail_at(&r->c, start, BCX_ERR_OVERFLOW, "%s: VA128 exceeds 64 bits",
					what);
			return 0;
		}
		v = v << 7 | (b & 0x7Fu);
		if (!(b & 0x80))
			return v;
	}
	bcx_cur_fail_at(&r->c, start, BCX_ERR_MALFORMED, "%s: VA128 longer than 10 bytes", what);
	return 0;
}

static void put_va128(bcx_buf *b, uint64_t v)
{
	uint8_t tmp[VA128_MAX];
	unsigned n = 0;
	do {
		tmp[VA128_MAX - 1 - n] = (uint8_t)((v & 0x7F) | (n ? 0x80 : 0));
		v >>= 7;
		n++;
	} while (v);
	bcx_buf_put_bytes(b, tmp + VA128_MAX - n, n);
}

static unsigned fixed_size(uint8_t t)
{
	switch (t) {
	case BCX_TBON_BYTE: case BCX_TBON_I8: case BCX_TBON_U8: case BCX_TBON_FALSE:
		return 1;
	case BCX_TBON_F16: case BCX_TBON_I16: case BCX_TBON_U16:
		return 2;
	case BCX_TBON_F32: case BCX_TBON_I32: case BCX_TBON_U32:
		return 4;
	case BCX_TBON_F64: case BCX_TBON_I64: case BCX_TBON_U64:
		return 8;
	case BCX_TBON_F128:
		return 16;
	default:
		return 0; /* variable (varints) */
	}
}

/* Element signatures: the primitive types the note marks (Y), nil among
 * them (its last table), plus 0x04. */
static bool elem_sig_ok(uint8_t t)
{
	return t == BCX_TBON_OBJECT || t == BCX_TBON_FALSE || t == BCX_TBON_IVA ||
	       t == BCX_TBON_UVA || t == BCX_TBON_NIL || fixed_size(t) != 0;
}

/* ---- reader ---- */

static bool read_value(reader *r, unsigned depth, bcx_tbon_value *v);

bool bcx_tbon_xip_value(bcx_arena *a, const uint8_t *be, size_t n, bcx_tbon_value *v)
{
	v->kind = BCX_TBON_K_INT;
	v->type = BCX_TBON_IVA;
	if (n <= 8) {
		uint64_t u = be[0] & 0x80 ? UINT64_MAX : 0;
		for (size_t i = 0; i < n; i++)
			u = u << 8 | be[i];
		v->i = (int64_t)u;
		return true;
	}
	uint8_t *w = bcx_arena_alloc(a, n);
	if (!w)
		return false;
	memcpy(w, be, n);
	v->kind = BCX_TBON_K_BIGINT;
	v->wide = w;
	v->len = n;
	return true;
}

/* Signed VA: XIP, any form, up to 512 bits (notes B.4). Values that fit
 * 64 bits are K_INT, wider ones K_BIGINT (tbon.h). */
static bool read_xip(reader *r, bcx_tbon_value *v)
{
	uint8_t be[BCX_XIP_WIDE_MAX];
	size_t n = 0, used = 0, off = bcx_cur_offset(&r->c);
	bcx_status s = bcx_xip_decode_wide(r->c.p, bcx_cur_remaining(&r->c), be, &n, &used, NULL);
	if (s != BCX_OK)
		return bcx_cur_fail_at(&r->c, off, s, "signed VA (XIP): %s",
				       bcx_status_str(s)) == BCX_OK;
	if (!bcx_tbon_xip_value(r->arena, be, n, v))
		return bcx_cur_fail(&r->c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	return bcx_cur_skip(&r->c, used, "signed VA");
}

/* The payload of a primitive of type t (the type byte is already read). */
static bool read_payload(reader *r, uint8_t t, bcx_tbon_value *v)
{
	v->type = t;
	unsigned n = fixed_size(t);
	static const uint8_t none[16];
	const uint8_t *p = none; /* varints read their own bytes below */
	if (n) {
		p = bcx_cur_bytes(&r->c, n, "TBON value");
		if (!p)
			return false;
	}
	switch (t) {
	case BCX_TBON_FALSE: /* boolean element: one byte 0 or 1 */
		if (p[0] > 1)
			return bcx_cur_fail(&r->c, BCX_ERR_MALFORMED, "boolean element byte %u",
					    p[0]) == BCX_OK;
		v->kind = BCX_TBON_K_BOOL;
		v->b = p[0] != 0;
		return true;
	case BCX_TBON_BYTE: case BCX_TBON_U8: case BCX_TBON_U16: case BCX_TBON_U32:
	case BCX_TBON_U64:
		v->kind = BCX_TBON_K_UINT;
		v->u = load_be(p, n);
		return true;
	case BCX_TBON_I8: case BCX_TBON_I16: case BCX_TBON_I32: case BCX_TBON_I64: {
		uint64_t u = load_be(p, n);
		unsigned sh = 64 - 8 * n;
		v->kind = BCX_TBON_K_INT;
		/* sign-extend without shifting into the sign of a signed type */
		v->i = sh ? (int64_t)((u ^ (1ull << (63 - sh))) - (1ull << (63 - sh))) : (int64_t)u;
		return true;
	}
	case BCX_TBON_F16:
		v->kind = BCX_TBON_K_FLOAT;
		v->u = load_be(p, 2);
		v->f = bcx_f16_to_f64((uint16_t)v->u);
		return true;
	case BCX_TBON_F32: {
		uint32_t bits = (uint32_t)load_be(p, 4);
		float f;
		memcpy(&f, &bits, 4);
		v->kind = BCX_TBON_K_FLOAT;
		v->u = bits;
		v->f = (double)f;
		return true;
	}
	case BCX_TBON_F64:
		v->kind = BCX_TBON_K_FLOAT;
		v->u = load_be(p, 8);
		memcpy(&v->f, &v->u, 8);
		return true;
	case BCX_TBON_F128:
		v->kind = BCX_TBON_K_FLOAT;
		memcpy(v->f128, p, 16);
		v->f = bcx_f128_to_f64(p);
		return true;
	case BCX_TBON_UVA:
		v->kind = BCX_TBON_K_UINT;
		v->u = read_va128(r, "unsigned VA");
		return bcx_cur_ok(&r->c);
	case BCX_TBON_IVA:
		return read_xip(r, v);
	default:
		return false;
	}
}

/* The one UTF-8 rule of names (reader, writer, assembler): shortest forms
 * only, no surrogates, nothing above U+10FFFF. */
bool bcx_tbon_utf8_ok(const uint8_t *s, size_t n)
{
	size_t i = 0;
	while (i < n) {
		uint8_t c = s[i];
		size_t k = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : 9;
		if (k == 9 || k > n - i - 1)
			return false;
		uint32_t cp = k ? (uint32_t)(c & (0x3F >> k)) : c;
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xC0) != 0x80)
				return false;
			cp = cp << 6 | (s[i + j] & 0x3Fu);
		}
		static const uint32_t min_cp[4] = {0, 0x80, 0x800, 0x10000};
		if (cp < min_cp[k] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false;
		i += k + 1;
	}
	return true;
}

/* Length of a container: 5-bit short form, or 31 = VA128 follows. */
static bool read_len(reader *r, uint8_t t, size_t min_each, size_t *n)
{
	uint64_t len = t & 31u;
	if (len == 31)
		len = read_va128(r, "length");
	if (!bcx_cur_ok(&r->c))
		return false;
	if (len > r->lim.max_count)
		return bcx_cur_fail(&r->c, BCX_ERR_LIMIT, "length %llu exceeds the limit %llu",
				    (unsigned long long)len,
				    (unsigned long long)r->lim.max_count) == BCX_OK;
	if (min_each && len > bcx_cur_remaining(&r->c) / min_each)
		return bcx_cur_fail(&r->c, BCX_ERR_TRUNCATED, "length %llu runs past the end",
				    (unsigned long long)len) == BCX_OK;
	*n = (size_t)len;
	return true;
}

static bcx_tbon_value *alloc_values(reader *r, size_t n)
{
	if (n == 0)
		return NULL;
	bcx_tbon_value *p = bcx_arena_calloc(r->arena, n, sizeof *p);
	if (!p)
		bcx_cur_fail(&r->c, BCX_ERR_NOMEM, "out of memory");
	return p;
}

static bool read_array(reader *r, uint8_t t, unsigned depth, bcx_tbon_value *v)
{
	uint8_t sig = bcx_cur_u8(&r->c, "array element signature");
	if (!bcx_cur_ok(&r->c))
		return false;
	if (!elem_sig_ok(sig))
		return bcx_cur_fail(&r->c, BCX_ERR_MALFORMED,
				    "0x%02X is not an array element signature", sig) == BCX_OK;
	unsigned fs = fixed_size(sig);
	if (!read_len(r, t, sig == BCX_TBON_NIL ? 0 : fs ? fs : 1, &v->len))
		return false;
	v->kind = BCX_TBON_K_ARRAY;
	v->type = BCX_TBON_ARRAY;
	v->elem = sig;
	if (sig == BCX_TBON_NIL) {
		/* Nil elements take no bytes: no items (tbon.h), so memory stays
		 * proportional to the input; they count as values all the same. */
		r->values += v->len;
		if (r->values > r->lim.max_total)
			return bcx_cur_fail(&r->c, BCX_ERR_LIMIT, "more than %llu values",
					    (unsigned long long)r->lim.max_total) == BCX_OK;
		return true;
	}
	if (v->len && !(v->items = alloc_values(r, v->len)))
		return false;
	for (size_t i = 0; i < v->len; i++) {
		bool ok;
		if (sig == BCX_TBON_OBJECT) {
			ok = read_value(r, depth + 1, &v->items[i]);
		} else {
			v->items[i].offset = bcx_cur_offset(&r->c);
			ok = read_payload(r, sig, &v->items[i]);
			r->values++;
		}
		if (!ok)
			return false;
	}
	return true;
}

static bool key_equal(const bcx_tbon_value *a, const bcx_tbon_value *b)
{
	if (a->kind != b->kind)
		return false;
	switch (a->kind) {
	case BCX_TBON_K_NIL: return true;
	case BCX_TBON_K_BOOL: return a->b == b->b;
	case BCX_TBON_K_INT: return a->i == b->i;
	case BCX_TBON_K_BIGINT:
		return a->len == b->len && memcmp(a->wide, b->wide, a->len) == 0;
	case BCX_TBON_K_UINT: case BCX_TBON_K_REF: return a->u == b->u;
	case BCX_TBON_K_FLOAT: return memcmp(&a->f, &b->f, sizeof a->f) == 0;
	case BCX_TBON_K_NAME: return a->len == b->len && memcmp(a->str, b->str, a->len) == 0;
	default: return false;
	}
}

static uint64_t key_hash(const bcx_tbon_value *k)
{
	uint64_t h = 1469598103934665603ull ^ (uint64_t)k->kind;
	if (k->kind == BCX_TBON_K_NAME || k->kind == BCX_TBON_K_BIGINT) {
		const uint8_t *p = k->kind == BCX_TBON_K_BIGINT ? k->wide : (const uint8_t *)k->str;
		for (size_t i = 0; i < k->len; i++)
			h = (h ^ p[i]) * 1099511628211ull;
	} else {
		uint64_t x = k->kind == BCX_TBON_K_INT ? (uint64_t)k->i : k->kind == BCX_TBON_K_BOOL
			     ? (uint64_t)k->b : k->u;
		if (k->kind == BCX_TBON_K_FLOAT)
			memcpy(&x, &k->f, 8);
		h = (h ^ x) * 1099511628211ull;
	}
	return h ^ (h >> 29);
}

/* Any value is a key; a duplicate is an error (notes B.3.20): one
 * open-addressing pass. Scalars and names compare by value; an array or map
 * becomes an object of its own, so it equals no other key (as references
 * compare at run time). The reader, the writer and the assembler share it. */
int64_t bcx_tbon_dup_key(bcx_arena *a, const bcx_tbon_value *map)
{
	size_t cap = 8;
	while (cap < map->len * 2)
		cap *= 2;
	const bcx_tbon_value **slots = bcx_arena_calloc(a, cap, sizeof *slots);
	if (!slots)
		return -2;
	for (size_t i = 0; i < map->len; i++) {
		const bcx_tbon_value *k = &map->items[2 * i];
		if (k->kind == BCX_TBON_K_ARRAY || k->kind == BCX_TBON_K_MAP)
			continue; /* a new object each: keys by identity, never equal */
		size_t j = (size_t)key_hash(k) & (cap - 1);
		for (; slots[j]; j = (j + 1) & (cap - 1))
			if (key_equal(slots[j], k))
				return (int64_t)i;
		slots[j] = k;
	}
	return -1;
}

static bool check_keys(reader *r, const bcx_tbon_value *v)
{
	int64_t i = bcx_tbon_dup_key(r->arena, v);
	if (i == -2)
		return bcx_cur_fail(&r->c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	if (i >= 0)
		return bcx_cur_fail_at(&r->c, (size_t)v->items[2 * i].offset, BCX_ERR_MALFORMED,
				       TBON_MSG_DUP_KEY) == BCX_OK;
	return true;
}

static bool read_map(reader *r, uint8_t t, unsigned depth, bcx_tbon_value *v)
{
	if (!read_len(r, t, 2, &v->len))
		return false;
	v->kind = BCX_TBON_K_MAP;
	v->type = BCX_TBON_MAP;
	if (v->len && !(v->items = alloc_values(r, 2 * v->len)))
		return false;
	for (size_t i = 0; i < 2 * v->len; i++)
		if (!read_value(r, depth + 1, &v->items[i]))
			return false;
	return check_keys(r, v);
}

static bool read_name(reader *r, uint8_t t, bcx_tbon_value *v)
{
	if (!read_len(r, t, 1, &v->len))
		return false;
	const uint8_t *p = bcx_cur_bytes(&r->c, v->len, "name");
	if (!bcx_cur_ok(&r->c))
		return false;
	if (!bcx_tbon_utf8_ok(p, v->len))
		return bcx_cur_fail_at(&r->c, (size_t)v->offset, BCX_ERR_MALFORMED,
				       TBON_MSG_UTF8) == BCX_OK;
	v->kind = BCX_TBON_K_NAME;
	v->type = BCX_TBON_NAME;
	v->str = (const char *)p; /* aliases the input */
	return true;
}

static bool read_value(reader *r, unsigned depth, bcx_tbon_value *v)
{
	memset(v, 0, sizeof *v);
	v->offset = bcx_cur_offset(&r->c);
	if (depth > r->lim.max_depth)
		return bcx_cur_fail(&r->c, BCX_ERR_LIMIT, TBON_MSG_DEPTH,
				    r->lim.max_depth) == BCX_OK;
	if (++r->values > r->lim.max_total)
		return bcx_cur_fail(&r->c, BCX_ERR_LIMIT, "more than %llu values",
				    (unsigned long long)r->lim.max_total) == BCX_OK;
	uint8_t t = bcx_cur_u8(&r->c, "TBON type byte");
	if (!bcx_cur_ok(&r->c))
		return false;
	if (t >= 0x80)
		return bcx_cur_fail_at(&r->c, (size_t)v->offset, BCX_ERR_UNSUPPORTED,
				       "extension type byte 0x%02X is not supported", t) == BCX_OK;
	if (t >= 0x60)
		return read_name(r, t, v);
	if (t >= 0x40)
		return read_map(r, t, depth, v);
	if (t >= 0x20)
		return read_array(r, t, depth, v);
	switch (t) {
	case BCX_TBON_NIL:
		v->kind = BCX_TBON_K_NIL;
		v->type = t;
		return true;
	case BCX_TBON_FALSE: case BCX_TBON_TRUE:
		v->kind = BCX_TBON_K_BOOL;
		v->type = t;
		v->b = t == BCX_TBON_TRUE;
		return true;
	case BCX_TBON_REF:
		v->kind = BCX_TBON_K_REF;
		v->type = t;
		v->u = read_va128(r, "const ref");
		if (bcx_cur_ok(&r->c) && v->u >= r->pool_count)
			bcx_cur_fail_at(&r->c, (size_t)v->offset, BCX_ERR_MALFORMED,
					"const ref %llu: only %zu earlier pool entries",
					(unsigned long long)v->u, r->pool_count);
		return bcx_cur_ok(&r->c);
	case BCX_TBON_BYTE: case BCX_TBON_OBJECT:
		break;
	default:
		if (elem_sig_ok(t))
			return read_payload(r, t, v);
	}
	return bcx_cur_fail_at(&r->c, (size_t)v->offset, BCX_ERR_MALFORMED,
			       "0x%02X is not a TBON value type byte", t) == BCX_OK;
}


static bool read_pool(reader *r, bcx_tbon_file *out)
{
	bcx_cur_skip(&r->c, 1, "const pool");
	uint64_t n = read_va128(r, "const pool count");
	if (!bcx_cur_ok(&r->c))
		return false;
	if (n > r->lim.max_count || n > bcx_cur_remaining(&r->c))
		return bcx_cur_fail(&r->c, n > r->lim.max_count ? BCX_ERR_LIMIT : BCX_ERR_TRUNCATED,
				    "const pool of %llu entries", (unsigned long long)n) == BCX_OK;
	out->has_pool = true;
	out->pool_count = (size_t)n;
	if (n && !(out->pool = alloc_values(r, (size_t)n)))
		return false;
	/* A ref inside the pool may only name an earlier entry: no cycles. */
	for (size_t i = 0; i < n; i++) {
		r->pool_count = i;
		if (!read_value(r, 1, &out->pool[i]))
			return false;
	}
	r->pool_count = (size_t)n;
	return true;
}

bcx_status bcx_tbon_read(const uint8_t *data, size_t size, bcx_arena *arena,
			 const bcx_limits *limits, bcx_tbon_file *out, bcx_diag *diag)
{
	reader r;
	memset(&r, 0, sizeof r);
	memset(out, 0, sizeof *out);
	r.lim = bcx_limits_resolve(limits);
	r.arena = arena;
	bcx_cur_init(&r.c, data, size, diag);
	const uint8_t *magic = bcx_cur_bytes(&r.c, 4, "TBON magic");
	if (!magic)
		return r.c.status;
	if (memcmp(magic, "TBON", 4) != 0)
		return bcx_cur_fail_at(&r.c, 0, BCX_ERR_MALFORMED, "not a TBON file (bad magic)");
	if (bcx_cur_peek(&r.c) == BCX_TBON_POOL && !read_pool(&r, out))
		return r.c.status;
	uint8_t t = bcx_cur_u8(&r.c, "object root");
	if (!bcx_cur_ok(&r.c))
		return r.c.status;
	if (t != BCX_TBON_ROOT)
		return bcx_cur_fail_at(&r.c, bcx_cur_offset(&r.c) - 1, BCX_ERR_MALFORMED,
				       "expected the object root 0x01, found 0x%02X", t);
	if (!read_value(&r, 0, &out->root))
		return r.c.status;
	if (!bcx_cur_at_end(&r.c))
		return bcx_cur_fail(&r.c, BCX_ERR_MALFORMED, "%zu bytes after the root value",
				    bcx_cur_remaining(&r.c));
	return BCX_OK;
}

/* ---- writer ---- */

static bcx_status bad(bcx_diag *d, const char *what, uint8_t t)
{
	return bcx_diag_set(d, BCX_ERR_MALFORMED, -1, "cannot write %s with type 0x%02X", what, t);
}

static void put_len(bcx_buf *b, uint8_t base, size_t n)
{
	if (n <= 30) {
		bcx_buf_put_u8(b, (uint8_t)(base | n));
	} else {
		bcx_buf_put_u8(b, (uint8_t)(base | 31));
		put_va128(b, n);
	}
}

static bool int_fits(int64_t v, unsigned n)
{
	if (n >= 8)
		return true;
	int64_t lim = (int64_t)1 << (8 * n - 1);
	return v >= -lim && v < lim;
}

static bcx_status write_payload(const bcx_tbon_value *v, uint8_t t, bcx_buf *b, bcx_diag *d)
{
	unsigned n = fixed_size(t);
	switch (t) {
	case BCX_TBON_NIL: /* an element of a nil array: no bytes */
		return v->kind == BCX_TBON_K_NIL ? BCX_OK : bad(d, "a non-nil", t);
	case BCX_TBON_FALSE:
		if (v->kind != BCX_TBON_K_BOOL)
			return bad(d, "a non-boolean", t);
		bcx_buf_put_u8(b, v->b ? 1 : 0);
		return BCX_OK;
	case BCX_TBON_BYTE: case BCX_TBON_U8: case BCX_TBON_U16: case BCX_TBON_U32:
	case BCX_TBON_U64:
		if (v->kind != BCX_TBON_K_UINT || (n < 8 && v->u >> (8 * n)))
			return bad(d, "an unsigned value", t);
		put_be(b, v->u, n);
		return BCX_OK;
	case BCX_TBON_I8: case BCX_TBON_I16: case BCX_TBON_I32: case BCX_TBON_I64:
		if (v->kind != BCX_TBON_K_INT || !int_fits(v->i, n))
			return bad(d, "a signed value", t);
		put_be(b, (uint64_t)v->i, n);
		return BCX_OK;
	case BCX_TBON_F16: case BCX_TBON_F32: case BCX_TBON_F64:
		if (v->kind != BCX_TBON_K_FLOAT)
			return bad(d, "a float", t);
		put_be(b, v->u, n);
		return BCX_OK;
	case BCX_TBON_F128:
		if (v->kind != BCX_TBON_K_FLOAT)
			return bad(d, "a float", t);
		bcx_buf_put_bytes(b, v->f128, 16);
		return BCX_OK;
	case BCX_TBON_UVA:
		if (v->kind != BCX_TBON_K_UINT)
			return bad(d, "an unsigned value", t);
		put_va128(b, v->u);
		return BCX_OK;
	case BCX_TBON_IVA: {
		if (v->kind != BCX_TBON_K_INT && v->kind != BCX_TBON_K_BIGINT)
			return bad(d, "a signed value", t);
		uint8_t tmp[BCX_XIP_MAX];
		size_t len = 0;
		bcx_status s = BCX_OK;
		if (v->kind == BCX_TBON_K_INT)
			len = bcx_xip_encode(v->i, tmp);
		else
			s = bcx_xip_encode_wide(v->wide, v->len, tmp, &len, d);
		if (s == BCX_OK)
			bcx_buf_put_bytes(b, tmp, len);
		return s;
	}
	default:
		return bad(d, "a value", t);
	}
}

/* The writer refuses what the reader would refuse with its default limits:
 * nesting, lengths and the value count as bcx_limits' defaults, names as
 * bcx_tbon_utf8_ok. */
typedef struct writer {
	bcx_buf *b;
	bcx_diag *d;
	uint64_t values;
	bcx_arena *keys; /* scratch of the duplicate key check, made when needed */
} writer;

static bcx_status write_value(writer *w, const bcx_tbon_value *v, unsigned depth);

static bcx_status write_count(writer *w, size_t n, uint64_t values)
{
	if (n > BCX_LIMIT_COUNT)
		return bcx_diag_set(w->d, BCX_ERR_LIMIT, -1, "length %zu exceeds the limit %llu", n,
				    (unsigned long long)BCX_LIMIT_COUNT);
	w->values += values;
	if (w->values > BCX_LIMIT_TOTAL)
		return bcx_diag_set(w->d, BCX_ERR_LIMIT, -1, "more than %llu values",
				    (unsigned long long)BCX_LIMIT_TOTAL);
	return BCX_OK;
}

static bcx_status write_array(writer *w, const bcx_tbon_value *v, unsigned depth)
{
	if (!elem_sig_ok(v->elem))
		return bad(w->d, "an array", v->elem);
	bool bare = v->elem != BCX_TBON_OBJECT;
	bcx_status s = write_count(w, v->len, bare ? v->len : 0);
	/* Spec: the element signature comes before a VA128 length. */
	bcx_buf_put_u8(w->b, (uint8_t)(0x20 | (v->len <= 30 ? v->len : 31)));
	bcx_buf_put_u8(w->b, v->elem);
	if (v->len > 30)
		put_va128(w->b, v->len);
	for (size_t i = 0; i < v->len && s == BCX_OK; i++) {
		if (!v->items) /* nil elements may have no items (tbon.h) */
			s = v->elem == BCX_TBON_NIL ? BCX_OK : bad(w->d, "an array", v->elem);
		else if (bare)
			s = write_payload(&v->items[i], v->elem, w->b, w->d);
		else
			s = write_value(w, &v->items[i], depth + 1);
	}
	return s;
}

static bcx_status write_value(writer *w, const bcx_tbon_value *v, unsigned depth)
{
	if (depth > BCX_LIMIT_DEPTH)
		return bcx_diag_set(w->d, BCX_ERR_LIMIT, -1, TBON_MSG_DEPTH, BCX_LIMIT_DEPTH);
	bcx_status s = write_count(w, 0, 1);
	bcx_buf *b = w->b;
	if (s != BCX_OK)
		return s;
	switch (v->kind) {
	case BCX_TBON_K_NIL:
		bcx_buf_put_u8(b, BCX_TBON_NIL);
		break;
	case BCX_TBON_K_BOOL:
		bcx_buf_put_u8(b, v->b ? BCX_TBON_TRUE : BCX_TBON_FALSE);
		break;
	case BCX_TBON_K_REF:
		bcx_buf_put_u8(b, BCX_TBON_REF);
		put_va128(b, v->u);
		break;
	case BCX_TBON_K_NAME:
		if (v->len && !bcx_tbon_utf8_ok((const uint8_t *)v->str, v->len))
			return bcx_diag_set(w->d, BCX_ERR_MALFORMED, -1, TBON_MSG_UTF8);
		s = write_count(w, v->len, 0);
		put_len(b, 0x60, v->len);
		bcx_buf_put_bytes(b, v->str, v->len);
		break;
	case BCX_TBON_K_ARRAY:
		s = write_array(w, v, depth);
		break;
	case BCX_TBON_K_MAP:
		s = write_count(w, v->len, 0);
		if (s == BCX_OK && v->len > 1) {
			int64_t dup = -2;
			if (w->keys || (w->keys = bcx_arena_new(b->alloc)))
				dup = bcx_tbon_dup_key(w->keys, v);
			if (dup != -1)
				return bcx_diag_set(w->d, dup < 0 ? BCX_ERR_NOMEM : BCX_ERR_MALFORMED, -1,
						    dup < 0 ? "out of memory" : TBON_MSG_DUP_KEY);
		}
		put_len(b, 0x40, v->len);
		for (size_t i = 0; i < 2 * v->len && s == BCX_OK; i++)
			s = write_value(w, &v->items[i], depth + 1);
		break;
	default:
		if (v->type == BCX_TBON_FALSE || v->type == BCX_TBON_BYTE ||
		    v->type == BCX_TBON_NIL || !elem_sig_ok(v->type))
			return bad(w->d, "a value", v->type);
		bcx_buf_put_u8(b, v->type);
		s = write_payload(v, v->type, b, w->d);
	}
	if (s == BCX_OK && b->status != BCX_OK)
		return bcx_diag_set(w->d, b->status, -1, "TBON writer: %s", bcx_status_str(b->status));
	return s;
}

bcx_status bcx_tbon_write_value(const bcx_tbon_value *v, bcx_buf *b, bcx_diag *d)
{
	writer w = {b, d, 0, NULL};
	bcx_status s = write_value(&w, v, 0);
	bcx_arena_free(w.keys);
	return s;
}

bcx_status bcx_tbon_write(const bcx_tbon_file *f, bcx_buf *b, bcx_diag *d)
{
	writer w = {b, d, 0, NULL};
	bcx_status s = BCX_OK;
	bcx_buf_put_bytes(b, "TBON", 4);
	if (f->has_pool) {
		s = write_count(&w, f->pool_count, 0);
		bcx_buf_put_u8(b, BCX_TBON_POOL);
		put_va128(b, f->pool_count);
		for (size_t i = 0; i < f->pool_count && s == BCX_OK; i++)
			s = write_value(&w, &f->pool[i], 1);
	}
	bcx_buf_put_u8(b, BCX_TBON_ROOT);
	if (s == BCX_OK)
		s = write_value(&w, &f->root, 0);
	bcx_arena_free(w.keys);
	return s;
}

/* ---- constructors ---- */

bcx_tbon_value bcx_tbon_int(int64_t v)
{
	bcx_tbon_value x;
	memset(&x, 0, sizeof x);
	x.kind = BCX_TBON_K_INT;
	x.i = v;
	x.type = int_fits(v, 1) ? BCX_TBON_I8 : int_fits(v, 2) ? BCX_TBON_I16
		 : int_fits(v, 4) ? BCX_TBON_I32 : BCX_TBON_I64;
	return x;
}

bcx_tbon_value bcx_tbon_uint(uint64_t v)
{
	bcx_tbon_value x;
	memset(&x, 0, sizeof x);
	x.kind = BCX_TBON_K_UINT;
	x.u = v;
	x.type = v <= 0xFF ? BCX_TBON_U8 : v <= 0xFFFF ? BCX_TBON_U16
		 : v <= 0xFFFFFFFFu ? BCX_TBON_U32 : BCX_TBON_U64;
	return x;
}

bcx_tbon_value bcx_tbon_f64(double v)
{
	bcx_tbon_value x;
	memset(&x, 0, sizeof x);
	x.kind = BCX_TBON_K_FLOAT;
	x.type = BCX_TBON_F64;
	x.f = v;
	memcpy(&x.u, &v, 8);
	return x;
}

bcx_tbon_value bcx_tbon_name(const char *s, size_t len)
{
	bcx_tbon_value x;
	memset(&x, 0, sizeof x);
	x.kind = BCX_TBON_K_NAME;
	x.type = BCX_TBON_NAME;
	x.str = s;
	x.len = len;
	return x;
}

const bcx_tbon_value *bcx_tbon_map_get(const bcx_tbon_value *map, const char *key)
{
	if (!map || map->kind != BCX_TBON_K_MAP)
		return NULL;
	size_t n = strlen(key);
	for (size_t i = 0; i < map->len; i++) {
		const bcx_tbon_value *k = &map->items[2 * i];
		if (k->kind == BCX_TBON_K_NAME && k->len == n && memcmp(k->str, key, n) == 0)
			return &map->items[2 * i + 1];
	}
	return NULL;
}
