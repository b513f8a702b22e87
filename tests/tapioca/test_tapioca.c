/* Tapioca VM and TBON: value round trips, instruction results, the
 * verifier, and robustness of every example object file. */
#include "testutil.h"
#include "bcx/tapioca.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- TBON ---- */

static bcx_tbon_value typed(bcx_tbon_kind k, uint8_t t)
{
	bcx_tbon_value v;
	memset(&v, 0, sizeof v);
	v.kind = k;
	v.type = t;
	return v;
}

/* Two values alike: kind, type byte (not for the items of a typed array,
 * which take the array's element type), payload, items in order (the depth
 * of the test's values is small). */
static bool same_item(const bcx_tbon_value *x, const bcx_tbon_value *y, bool typed);
static bool same_value(const bcx_tbon_value *x, const bcx_tbon_value *y)
{
	return same_item(x, y, false);
}

static bool same_item(const bcx_tbon_value *x, const bcx_tbon_value *y, bool typed)
{
	if (x->kind != y->kind || (!typed && x->type != y->type))
		return false;
	switch (x->kind) {
	case BCX_TBON_K_NIL: return true;
	case BCX_TBON_K_BOOL: return x->b == y->b;
	case BCX_TBON_K_INT: return x->i == y->i;
	case BCX_TBON_K_UINT: case BCX_TBON_K_REF: return x->u == y->u;
	case BCX_TBON_K_FLOAT:
		return x->u == y->u && (x->type != BCX_TBON_F128 || !memcmp(x->f128, y->f128, 16));
	case BCX_TBON_K_NAME: return x->len == y->len && !memcmp(x->str, y->str, x->len);
	case BCX_TBON_K_BIGINT: return x->len == y->len && !memcmp(x->wide, y->wide, x->len);
	case BCX_TBON_K_ARRAY: case BCX_TBON_K_MAP: {
		size_t n = x->kind == BCX_TBON_K_MAP ? 2 * x->len : x->len;
		if (x->len != y->len || x->elem != y->elem || !x->items != !y->items)
			return false;
		bool typed_items = x->kind == BCX_TBON_K_ARRAY && x->elem != BCX_TBON_OBJECT;
		for (size_t i = 0; x->items && i < n; i++)
			if (!same_item(&x->items[i], &y->items[i], typed_items))
				return false;
		return true;
	}
	}
	return false;
}

static void roundtrip_file(const bcx_tbon_file *f, const char *what)
{
	bcx_buf a, b;
	bcx_buf_init(&a, NULL);
	bcx_buf_init(&b, NULL);
	T_CHECKF(bcx_tbon_write(f, &a, NULL) == BCX_OK, "%s: write", what);
	bcx_arena *ar = bcx_arena_new(NULL);
	bcx_tbon_file g;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = bcx_tbon_read(a.data, a.len, ar, NULL, &g, &d);
	T_CHECKF(s == BCX_OK, "%s: read: %s", what, d.message);
	if (s == BCX_OK) {
		T_CHECK(bcx_tbon_write(&g, &b, NULL) == BCX_OK);
		T_EQ_MEM(a.data, a.len, b.data, b.len);
		T_CHECKF(same_value(&f->root, &g.root), "%s: the value read is not the value written",
			 what);
		T_CHECKF(f->pool_count == g.pool_count, "%s: pool size", what);
		for (size_t i = 0; i < f->pool_count && i < g.pool_count; i++)
			T_CHECKF(same_value(&f->pool[i], &g.pool[i]), "%s: pool entry %zu", what, i);
	}
	bcx_arena_free(ar);
	bcx_buf_free(&a);
	bcx_buf_free(&b);
}

/* Every value kind, as the root, written then read: same bytes, same value. */
static void test_tbon_values(void)
{
	bcx_tbon_value vals[40];
	size_t n = 0;
	vals[n++] = typed(BCX_TBON_K_NIL, 0x05);
	vals[n] = typed(BCX_TBON_K_BOOL, 0x07); vals[n++].b = true;
	vals[n++] = typed(BCX_TBON_K_BOOL, 0x06);
	vals[n++] = bcx_tbon_int(-128);
	vals[n++] = bcx_tbon_int(32767);
	vals[n++] = bcx_tbon_int(-2147483647 - 1);
	vals[n++] = bcx_tbon_int(INT64_MIN);
	vals[n] = typed(BCX_TBON_K_INT, 0x17); vals[n++].i = -4097;
	vals[n] = typed(BCX_TBON_K_INT, 0x17); vals[n++].i = INT64_MAX;
	vals[n++] = bcx_tbon_uint(255);
	vals[n++] = bcx_tbon_uint(65535);
	vals[n++] = bcx_tbon_uint(4294967295u);
	vals[n++] = bcx_tbon_uint(UINT64_MAX);
	vals[n] = typed(BCX_TBON_K_UINT, 0x1F); vals[n++].u = UINT64_MAX;
	vals[n] = typed(BCX_TBON_K_UINT, 0x1F); vals[n++].u = 128;
	vals[n] = typed(BCX_TBON_K_FLOAT, 0x09); vals[n].u = 0xFBFF; vals[n++].f = -65504.0;
	vals[n] = typed(BCX_TBON_K_FLOAT, 0x0A); vals[n].u = 0x3FC00000; vals[n++].f = 1.5;
	vals[n++] = bcx_tbon_f64(-0.0);
	vals[n++] = bcx_tbon_f64(NAN);
	vals[n] = typed(BCX_TBON_K_FLOAT, 0x0C); vals[n].f128[0] = 0x3F; vals[n].f128[1] = 0xFF;
	vals[n++].f = 1.0;
	static const char long_name[] = "a name longer than thirty bytes, with UTF-8: \xc3\xa9";
	vals[n++] = bcx_tbon_name(long_name, sizeof long_name - 1);
	vals[n++] = bcx_tbon_name("", 0);
	size_t scalars = n;
	/* typed arrays and an object array longer than the short form */
	bcx_tbon_value words[3] = {bcx_tbon_uint(1), bcx_tbon_uint(0x10000), bcx_tbon_uint(7)};
	bcx_tbon_value arr = typed(BCX_TBON_K_ARRAY, 0x3F);
	arr.elem = 0x1A; arr.items = words; arr.len = 3;
	vals[n++] = arr;
	bcx_tbon_value objs = typed(BCX_TBON_K_ARRAY, 0x3F);
	objs.elem = 0x04; objs.items = vals; objs.len = scalars;
	vals[n++] = objs;
	bcx_tbon_value kv[4] = {bcx_tbon_name("k", 1), bcx_tbon_int(1), bcx_tbon_int(2), objs};
	bcx_tbon_value map = typed(BCX_TBON_K_MAP, 0x5F);
	map.items = kv; map.len = 2;
	vals[n++] = map;
	for (size_t i = 0; i < n; i++) {
		bcx_tbon_file f;
		memset(&f, 0, sizeof f);
		f.root = vals[i];
		char what[32];
		snprintf(what, sizeof what, "value %zu", i);
		roundtrip_file(&f, what);
	}
	/* a const pool with a reference to an earlier entry, and one from the root */
	bcx_tbon_value pool[2] = {bcx_tbon_name("shared", 6), typed(BCX_TBON_K_REF, 0x03)};
	bcx_tbon_file f;
	memset(&f, 0, sizeof f);
	f.has_pool = true;
	f.pool = pool;
	f.pool_count = 2;
	f.root = typed(BCX_TBON_K_REF, 0x03);
	f.root.u = 1;
	roundtrip_file(&f, "const pool");
}

/* Read one hand-written file; return its status. */
static bcx_status read_bytes(const char *bytes, size_t n, bcx_tbon_value *root)
{
	bcx_arena *a = bcx_arena_new(NULL);
	bcx_tbon_file f;
	bcx_status s = bcx_tbon_read((const uint8_t *)bytes, n, a, NULL, &f, NULL);
	if (s == BCX_OK && root)
		*root = f.root;
	if (root && root->kind == BCX_TBON_K_NAME)
		root->str = NULL; /* do not keep pointers into the arena */
	bcx_arena_free(a);
	return s;
}

static void test_tbon_bytes(void)
{
	bcx_tbon_value v;
	T_EQ_U(read_bytes("TBON\x01\x09\x3c\x00", 8, &v), BCX_OK);
	T_CHECK(v.f == 1.0);
	T_EQ_U(read_bytes("TBON\x01\x11\xff\xfe", 8, &v), BCX_OK);
	T_EQ_I(v.i, -2);
	T_EQ_U(read_bytes("TBON\x01\x1f\x81\x00", 8, &v), BCX_OK); /* VA128 big-endian */
	T_EQ_U(v.u, 128);
	T_EQ_U(read_bytes("TBON\x01\x17\x00\x40", 8, &v), BCX_OK); /* XIP Large-1 */
	T_EQ_I(v.i, 64);
	T_EQ_U(read_bytes("TBON\x01\x22\x18\x01\x02", 9, &v), BCX_OK); /* [u8: 1, 2] */
	T_EQ_U(v.len, 2);
	T_EQ_U(read_bytes("TBON\x01\x80\x00", 7, NULL), BCX_ERR_UNSUPPORTED); /* extension */
	T_EQ_U(read_bytes("TBON\x01\x0d", 6, NULL), BCX_ERR_MALFORMED);       /* reserved */
	T_EQ_U(read_bytes("TBOX\x01\x05", 6, NULL), BCX_ERR_MALFORMED);
	T_EQ_U(read_bytes("TBON\x01\x05\x05", 7, NULL), BCX_ERR_MALFORMED);   /* trailing */
	T_EQ_U(read_bytes("TBON\x01\x13\x00", 7, NULL), BCX_ERR_TRUNCATED);
	T_EQ_U(read_bytes("TBON\x01\x42\x05\x05\x05\x06", 10, NULL), BCX_ERR_MALFORMED); /* dup key */
	T_EQ_U(read_bytes("TBON\x01\x03\x00", 7, NULL), BCX_ERR_MALFORMED);   /* no pool */
	T_EQ_U(read_bytes("TBON\x02\x01\x03\x00\x01\x05", 10, NULL), BCX_ERR_MALFORMED); /* self ref */
	T_EQ_U(read_bytes("TBON\x01\x62\xc3\x28", 8, NULL), BCX_ERR_MALFORMED); /* bad UTF-8 */
	T_EQ_U(read_bytes("TBON\x01\x3f\x05\x7f", 8, &v), BCX_OK); /* 127 nils, no bytes */
	T_EQ_U(v.len, 127);
	T_EQ_U(read_bytes("TBON\x01\x3f\x04\xff\xff\xff\x7f", 11, NULL), BCX_ERR_LIMIT);
	T_EQ_U(read_bytes("TBON\x01\x3f\x04\x8f\x00", 10, NULL), BCX_ERR_TRUNCATED);
	T_CHECK(bcx_f16_to_f64(0x7BFF) == 65504.0);
	T_CHECK(bcx_f16_to_f64(0x0001) == ldexp(1, -24));
	T_CHECK(signbit(bcx_f16_to_f64(0x8000)) && bcx_f16_to_f64(0x8000) == 0);
	T_CHECK(isinf(bcx_f16_to_f64(0xFC00)) && bcx_f16_to_f64(0xFC00) < 0);
	T_CHECK(isnan(bcx_f16_to_f64(0x7E00)));
	uint8_t q[16] = {0x40, 0x00, 0x80}; /* binary128 3.0 */
	T_CHECK(bcx_f128_to_f64(q) == 3.0);
}

/* ---- programs ---- */

static bool assemble(const char *src, bcx_buf *out)
{
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_buf_init(out, NULL);
	bcx_status s = bcx_tapioca_asm(src, strlen(src), out, &d);
	T_CHECKF(s == BCX_OK, "asm: %s: %s in\n%s", tu_diag_pos(&d), d.message, src);
	return s == BCX_OK;
}

/* Run main; returns the trap and stores the returned bits. */
static bcx_tapioca_trap run_text(const char *src, uint64_t *value)
{
	bcx_buf b;
	*value = 0;
	if (!assemble(src, &b))
		return (bcx_tapioca_trap)-1;
	bcx_tapioca_module *m = NULL;
	bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
	o.max_steps = 1000000;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tapioca_result r;
	memset(&r, 0, sizeof r);
	r.trap = (bcx_tapioca_trap)-1;
	bcx_status s = bcx_tapioca_load(b.data, b.len, &o, &m, &d);
	bcx_buf_free(&b); /* the module owns what it needs of the input */
	T_CHECKF(s == BCX_OK, "load: %s", d.message);
	if (s == BCX_OK)
		{ bcx_status rs = bcx_tapioca_run(m, "main", &o, &r, &d); (void)rs; }
	*value = r.value;
	bcx_tapioca_free(m);
	return r.trap;
}

/* r1 = A, r2 = B (constants), r0 = r1 OP r2 */
static uint64_t binop(const char *op, const char *a, const char *b, bcx_tapioca_trap want)
{
	char src[512];
	snprintf(src, sizeof src,
		 ".func main 0\n load_const r1, %s\n load_const r2, %s\n %s r0, r1, r2\n"
		 " return r0\n.end\n", a, b, op);
	uint64_t v;
	bcx_tapioca_trap t = run_text(src, &v);
	T_CHECKF(t == want, "%s %s %s: trap %d, want %d", op, a, b, (int)t, (int)want);
	return v;
}

/* 1 when the jump "OP L, r1, r2" is taken. */
static int jump(const char *op, const char *a, const char *b)
{
	char src[512];
	snprintf(src, sizeof src,
		 ".func main 0\n load_const r1, %s\n load_const r2, %s\n load_imm_int r0, 1\n"
		 " %s yes, r1, r2\n load_imm_int r0, 0\nyes:\n return r0\n.end\n", a, b, op);
	uint64_t v;
	T_CHECK(run_text(src, &v) == BCX_TAPIOCA_OK);
	return (int)v;
}

static int cond(const char *a, const char *cc)
{
	char src[512];
	snprintf(src, sizeof src,
		 ".func main 0\n load_const r1, %s\n load_imm_int r0, 1\n jmp_if yes, r1, %s\n"
		 " load_imm_int r0, 0\nyes:\n return r0\n.end\n", a, cc);
	uint64_t v;
	T_CHECK(run_text(src, &v) == BCX_TAPIOCA_OK);
	return (int)v;
}

static double as_f(uint64_t x)
{
	double d;
	memcpy(&d, &x, 8);
	return d;
}

static void test_arith(void)
{
	const bcx_tapioca_trap ok = BCX_TAPIOCA_OK;
	T_EQ_U(binop("add.i", "9223372036854775807", "1", ok), (uint64_t)INT64_MIN); /* wraps */
	T_EQ_U(binop("sub.i", "-9223372036854775808", "1", ok), (uint64_t)INT64_MAX);
	T_EQ_U(binop("mul.i", "4611686018427387904", "2", ok), (uint64_t)INT64_MIN);
	T_EQ_I((int64_t)binop("mul.i", "-3", "7", ok), -21);
	T_EQ_I((int64_t)binop("div.i", "-7", "2", ok), -3); /* truncates toward zero */
	T_EQ_U(binop("div.i", "-9223372036854775808", "-1", ok), (uint64_t)INT64_MIN);
	binop("div.i", "1", "0", BCX_TAPIOCA_DIV_ZERO);
	T_EQ_U(binop("add.u", "18446744073709551615u", "2u", ok), 1);
	T_EQ_U(binop("sub.u", "0u", "1u", ok), UINT64_MAX);
	T_EQ_U(binop("mul.u", "4294967296u", "4294967296u", ok), 0);
	T_EQ_U(binop("div.u", "18446744073709551615u", "2u", ok), UINT64_MAX / 2); /* unsigned */
	binop("div.u", "1u", "0u", BCX_TAPIOCA_DIV_ZERO);
	T_CHECK(as_f(binop("add.f", "0.5", "0.25", ok)) == 0.75);
	T_CHECK(as_f(binop("sub.f", "0.5", "0.25", ok)) == 0.25);
	T_CHECK(as_f(binop("mul.f", "-2.0", "0.0", ok)) == 0 && signbit(as_f(binop("mul.f", "-2.0", "0.0", ok))));
	T_CHECK(isinf(as_f(binop("div.f", "1.0", "0.0", ok))));
	T_CHECK(isnan(as_f(binop("div.f", "0.0", "0.0", ok))));
	T_CHECK(signbit(as_f(binop("div.f", "1.0", "-inf", ok))));
	binop("add.r", "1", "\"x\"", BCX_TAPIOCA_TYPE_ERROR);
	binop("sub.r", "\"a\"", "\"b\"", BCX_TAPIOCA_TYPE_ERROR);
	binop("div.r", "\"a\"", "\"b\"", BCX_TAPIOCA_TYPE_ERROR);
	binop("mul.r", "\"ab\"", "-1", BCX_TAPIOCA_TYPE_ERROR);
}

static void test_jumps(void)
{
	T_EQ_I(jump("je", "5", "5"), 1);
	T_EQ_I(jump("je", "0.0", "-0.0"), 0);  /* raw bits differ */
	T_EQ_I(jump("je.f", "0.0", "-0.0"), 1); /* IEEE equal */
	T_EQ_I(jump("je.f", "nan", "nan"), 0);
	T_EQ_I(jump("jg.f", "nan", "1.0"), 0);
	T_EQ_I(jump("jl.f", "nan", "1.0"), 0);
	T_EQ_I(jump("jl.f", "-inf", "1.0"), 1);
	T_EQ_I(jump("jg.f", "2.5", "1.0"), 1);
	T_EQ_I(jump("jl.i", "-1", "1"), 1);  /* signed */
	T_EQ_I(jump("jl.u", "-1", "1"), 0);  /* unsigned: 2^64 - 1 */
	T_EQ_I(jump("jg.u", "-1", "1"), 1);
	T_EQ_I(jump("jg.i", "-1", "1"), 0);
	T_EQ_I(jump("je.r", "\"ab\"", "\"ab\""), 1);
	T_EQ_I(jump("je.r", "\"ab\"", "\"abc\""), 0);
	T_EQ_I(jump("jl.r", "\"ab\"", "\"abc\""), 1);
	T_EQ_I(jump("jg.r", "\"b\"", "\"abc\""), 1);
	T_EQ_I(jump("jt.r", "\"s\"", "17"), 1); /* 0x11 type_name */
	T_EQ_I(jump("jt.r", "[1]", "15"), 1);   /* 0x0F type_array */
	T_EQ_I(jump("jt.r", "nil", "0"), 1);
	T_EQ_I(cond("nil", "type_nil"), 1);
	T_EQ_I(cond("0", "type_nil"), 0);
	T_EQ_I(cond("true", "type_boolean"), 1);
	T_EQ_I(cond("-128", "type_i8"), 1);
	T_EQ_I(cond("128", "type_i8"), 0);
	T_EQ_I(cond("65535", "type_u16"), 1);
	T_EQ_I(cond("-1", "type_u32"), 0);
	T_EQ_I(cond("0.5", "type_f32"), 1);
	T_EQ_I(cond("0.1", "type_f32"), 0);
	T_EQ_I(cond("{1: 2}", "type_map"), 1);
	T_EQ_I(cond("\"x\"", "type_name"), 1);
	T_EQ_I(cond("\"x\"", "type_signed"), 0);
	uint64_t v;
	T_CHECK(run_text(".func main 0\n load_imm_int r0, -1\n return r0\n.end\n", &v) == 0);
	T_EQ_U(v, UINT64_MAX); /* sign-extended */
	T_CHECK(run_text(".func main 0\n load_imm_uint r0, 65535\n return r0\n.end\n", &v) == 0);
	T_EQ_U(v, 65535);
	T_CHECK(run_text(".func main 0\n load_imm_float r0, -0.0\n return r0\n.end\n", &v) == 0);
	T_EQ_U(v, 0x8000000000000000ull);
	T_CHECK(run_text(".func main 0\n load_imm_float r0, 65504\n return r0\n.end\n", &v) == 0);
	T_CHECK(as_f(v) == 65504.0);
	T_CHECK(run_text(".global g 12345678901\n.func main 0\n load_global r0, g\n nop\n"
			 " return r0\n.end\n", &v) == 0);
	T_EQ_U(v, 12345678901ull);
	T_CHECK(run_text(".func f 2\n sub.i r0, r0, r1\n return r0\n.end\n"
			 ".func main 0\n load_imm_int r1, 10\n load_imm_int r2, 3\n"
			 " load_global r0, f\n invoke r0, r1, 2\n return r0\n.end\n", &v) == 0);
	T_EQ_U(v, 7);
	T_CHECK(run_text(".func main 0\n load_global r0, main\n invoke r0, r0, 1\n return r0\n.end\n",
			 &v) == BCX_TAPIOCA_TYPE_ERROR); /* wrong arity */
	T_CHECK(run_text(".func main 0\nl:\n jmp l\n.end\n", &v) == BCX_TAPIOCA_STEP_LIMIT);
}

/* Patch the first instruction word equal to `from` into `to`. */
static bcx_status load_patched(const char *src, uint32_t from, uint32_t to)
{
	bcx_buf b;
	if (!assemble(src, &b))
		return BCX_ERR_INVALID_ARG;
	uint8_t f[4] = {(uint8_t)(from >> 24), (uint8_t)(from >> 16), (uint8_t)(from >> 8), (uint8_t)from};
	bool found = false;
	for (size_t i = 0; i + 4 <= b.len && !found; i++)
		if (memcmp(b.data + i, f, 4) == 0) {
			for (int k = 0; k < 4; k++)
				b.data[i + (size_t)k] = (uint8_t)(to >> (24 - 8 * k));
			found = true;
		}
	T_CHECK(found);
	bcx_tapioca_module *m = NULL;
	bcx_status s = bcx_tapioca_load(b.data, b.len, NULL, &m, NULL);
	bcx_tapioca_free(m);
	bcx_buf_free(&b);
	return s;
}

static void test_verifier(void)
{
	const char *ret = ".func main 0\n load_imm_int r7, 9\n return r0\n.end\n";
	T_EQ_U(load_patched(ret, 0x41000000, 0x41000000), BCX_OK);
	T_EQ_U(load_patched(ret, 0x41000000, 0x01000000), BCX_ERR_MALFORMED); /* unknown opcode */
	T_EQ_U(load_patched(ret, 0x41000000, 0x00000000), BCX_OK); /* falls off: a runtime error */
	T_EQ_U(load_patched(ret, 0x41000000, 0x23050000), BCX_ERR_MALFORMED); /* cond. jump out */
	T_EQ_U(load_patched(ret, 0x41000000, 0x20000002), BCX_ERR_MALFORMED); /* jmp out */
	T_EQ_U(load_patched(ret, 0x30070009, 0x33070000), BCX_ERR_MALFORMED); /* const index */
	T_EQ_U(load_patched(ret, 0x30070009, 0x34070001), BCX_ERR_MALFORMED); /* global index */
	T_EQ_U(load_patched(ret, 0x30070009, 0x34070000), BCX_OK);
	T_EQ_U(load_patched(ret, 0x30070009, 0x2D000714), BCX_ERR_MALFORMED); /* condition code */
	T_EQ_U(load_patched(ret, 0x30070009, 0x4001FF02), BCX_ERR_MALFORMED); /* args past r255 */
	/* assembler errors point at line and column */
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	const char *bad = ".func main 0\n  return r0\n  add.i r1, r2, x9\n.end\n";
	T_CHECK(bcx_tapioca_asm(bad, strlen(bad), &b, &d) != BCX_OK);
	T_CHECKF(strcmp(tu_diag_pos(&d), "3:17") == 0, "at '%s'", tu_diag_pos(&d));
	bcx_buf_free(&b);
}

/* Every truncation and thousands of byte flips of every example: a clean
 * error or a run that ends within the limits. */
static void test_robustness(void)
{
	static const char *const names[] = {"factorial", "fib_iter", "fib_rec", "array_sum",
		"map_lookup", "closure", "strings", "err_div_zero", "err_type", "err_stack",
		"err_steps", "err_heap"};
	uint64_t rng = 0x7a9;
	for (size_t e = 0; e < sizeof names / sizeof names[0]; e++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s.tasm", BCX_TAPIOCA_EXAMPLES, names[e]);
		size_t n;
		uint8_t *text = tu_read_file(path, &n);
		T_CHECKF(text != NULL, "read %s", path);
		if (!text)
			continue;
		char *src = calloc(1, n + 1);
		memcpy(src, text, n);
		free(text);
		bcx_buf b;
		bool ok = assemble(src, &b);
		free(src);
		if (!ok)
			continue;
		bcx_tapioca_options o = BCX_TAPIOCA_OPTIONS_INIT;
		o.max_steps = 20000;
		o.max_heap = 4u << 20;
		o.max_call_depth = 100;
		for (size_t cut = 0; cut < b.len; cut++) {
			/* refused as cut, at an offset inside what is there */
			bcx_tapioca_module *m = NULL;
			bcx_diag d = {0};
			bcx_status s = bcx_tapioca_load(b.data, cut, &o, &m, &d);
			T_CHECKF(s == BCX_ERR_TRUNCATED && d.has_offset && d.offset <= cut,
				 "%s cut at %zu: status %d at %llu (%s), not truncated", names[e], cut,
				 (int)s, (unsigned long long)d.offset, d.message);
			bcx_tapioca_free(m);
		}
		uint8_t *copy = malloc(b.len);
		for (int k = 0; k < 1500; k++) {
			memcpy(copy, b.data, b.len);
			size_t at = (size_t)(tu_rand(&rng) % b.len);
			copy[at] ^= (uint8_t)(1 + tu_rand(&rng) % 255);
			bcx_tapioca_module *m = NULL;
			o.gc_stress = k & 1; /* every other run collects at each allocation */
			if (bcx_tapioca_load(copy, b.len, &o, &m, NULL) == BCX_OK) {
				bcx_tapioca_result r;
				bcx_status rs = bcx_tapioca_run(m, "main", &o, &r, NULL);
				/* a trap is a limit or a fault; a run that fails without one
				 * could not start (no main, or a main that takes arguments) */
				T_CHECKF(r.trap == BCX_TAPIOCA_OK
						 ? rs == BCX_OK || rs == BCX_ERR_NOT_FOUND ||
							   rs == BCX_ERR_INVALID_ARG
						 : rs == BCX_ERR_LIMIT || rs == BCX_ERR_MALFORMED,
					 "trap %d, status %d", (int)r.trap, (int)rs);
				T_CHECK(r.steps <= o.max_steps + 1);
			}
			bcx_tapioca_free(m);
		}
		free(copy);
		bcx_buf_free(&b);
	}
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_tbon_values();
	test_tbon_bytes();
	test_arith();
	test_jumps();
	test_verifier();
	test_robustness();
	return tu_finish();
}
