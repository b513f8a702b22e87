#define _POSIX_C_SOURCE 200809L
/* Builder API: misuse returns a status with a message (never a crash),
 * i1 constants follow spec §8.4, version gates refuse with the version that
 * introduced a feature, and files are written atomically. */
#include "testutil.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bcx_tileir_builder *m;
static bcx_diag d;

static bcx_tileir_build_type scalar(bcx_tileir_type_tag s)
{
	bcx_tileir_build_type t = 0;
	T_CHECK(bcx_tileir_build_type_scalar(m, s, &t, &d) == BCX_OK);
	return t;
}

static bcx_tileir_build_type tile(bcx_tileir_build_type e, int64_t n)
{
	bcx_tileir_build_type t = 0;
	T_CHECK(bcx_tileir_build_type_tile(m, e, n ? &n : NULL, n ? 1 : 0, &t, &d) == BCX_OK);
	return t;
}

static bcx_status add(bcx_tileir_build_block *b, const char *name, const bcx_tileir_build_type *rt,
                      uint32_t nr, const bcx_tileir_build_value *v, uint32_t nv,
                      const bcx_tileir_build_named_attr *a, uint32_t na, bcx_tileir_build_op **out)
{
	bcx_tileir_build_opspec s = {
	    bcx_tileir_build_opcode(name, strlen(name)), rt, nr, v, nv, NULL, 0, a, na, NULL};
	bcx_diag_clear(&d);
	return bcx_tileir_build_op_add(m, b, &s, out, &d);
}

/* Check the last failure's message, then forget it (first failure wins). */
static bool msg_has(const char *s)
{
	bool ok = T_CHECKF(strstr(d.message, s) != NULL, "message '%s' lacks '%s'", d.message, s);
	bcx_diag_clear(&d);
	return ok;
}

static void t_types(void)
{
	bcx_tileir_build_type t, i32 = scalar(BCX_TILEIR_T_I32), f32 = scalar(BCX_TILEIR_T_F32);
	int64_t bad = 3, big[2] = {8192, 4096};
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_type_tile(m, f32, &bad, 1, &t, &d) == BCX_ERR_INVALID_ARG);
	msg_has("powers of two");
	T_CHECK(bcx_tileir_build_type_tile(m, f32, big, 2, &t, &d) == BCX_ERR_INVALID_ARG);
	T_CHECK(bcx_tileir_build_type_ptr(m, tile(f32, 4), &t, &d) == BCX_ERR_INVALID_ARG);
	T_CHECK(bcx_tileir_build_type_tile(m, 9999, NULL, 0, &t, &d) == BCX_ERR_INVALID_ARG);
	T_CHECK(bcx_tileir_build_type_scalar(m, (bcx_tileir_type_tag)12, &t, &d) == BCX_ERR_INVALID_ARG);
	int32_t ts = 8, map_bad = 1;
	int64_t sz = 64, st = 1;
	bcx_tileir_build_type tv;
	int64_t st0 = 0, dyn = BCX_TILEIR_DYNAMIC;
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_type_tensor_view(m, i32, &sz, &st0, 1, &tv, &d) == BCX_ERR_INVALID_ARG);
	msg_has("dimensions must have strictly positive constant strides but got [0]");
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_type_tensor_view(m, i32, &st0, &dyn, 1, &tv, &d) == BCX_ERR_INVALID_ARG);
	msg_has("dimensions must have strictly positive constant sizes but got [0]");
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_type_tensor_view(m, scalar(BCX_TILEIR_T_I4), &sz, &st, 1, &tv, &d) ==
		BCX_ERR_INVALID_ARG);
	msg_has("tensor_view element must be an integer or float type other than i4");
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_type_tensor_view(m, i32, &sz, &dyn, 1, &tv, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_type_tensor_view(m, i32, &sz, &st, 1, &tv, &d) == BCX_OK);
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_type_partition_view(m, tv, &ts, 1, &map_bad, BCX_TILEIR_PAD_NONE,
	                                             &t, &d) == BCX_ERR_INVALID_ARG);
	msg_has("target dimension is outside of tensor view dimensions, expected strictly less than 1, got 1");
	T_CHECK(bcx_tileir_build_type_partition_view(m, tv, &ts, 1, NULL, BCX_TILEIR_PAD_NAN, &t, &d) ==
		BCX_ERR_INVALID_ARG);
	msg_has("padding_value nan can only be used with floating point element types, got i32");
	/* Interning: equal types are one number. */
	T_EQ_U(tile(f32, 4), tile(f32, 4));
}

static void t_ops_misuse(bcx_tileir_build_block *b, bcx_tileir_build_value x)
{
	bcx_tileir_build_type ti = tile(scalar(BCX_TILEIR_T_I32), 0);
	bcx_tileir_build_attr *e, *s;
	T_CHECK(bcx_tileir_build_attr_enum(m, 0, &e, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_attr_string(m, "x", 1, &s, &d) == BCX_OK);
	bcx_tileir_build_named_attr ovf = {"overflow", e}, wrong = {"overflow", s}, unknown = {"nope", e};
	bcx_tileir_build_value two[2] = {x, x};
	bcx_tileir_build_opspec bad = {0x19, NULL, 0, NULL, 0, NULL, 0, NULL, 0, NULL};
	T_CHECK(bcx_tileir_build_op_add(m, b, &bad, NULL, &d) == BCX_ERR_INVALID_ARG);
	msg_has("unknown opcode");
	T_CHECK(add(b, "addi", &ti, 1, two, 1, &ovf, 1, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("operands");
	T_CHECK(add(b, "addi", &ti, 1, two, 2, NULL, 0, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("'cuda_tile.addi' op requires attribute 'overflow'");
	T_CHECK(add(b, "addi", &ti, 1, two, 2, &wrong, 1, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("wrong kind");
	T_CHECK(add(b, "addi", &ti, 1, two, 2, &unknown, 1, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("unknown attribute 'nope'");
	T_CHECK(add(b, "addi", NULL, 0, two, 2, &ovf, 1, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("results");
	bcx_tileir_build_value far = 1000;
	T_CHECK(add(b, "negi", &ti, 1, &far, 1, NULL, 0, NULL) == BCX_ERR_INVALID_ARG);
	T_CHECK(add(b, "entry", NULL, 0, NULL, 0, NULL, 0, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("inside a function body");
	T_CHECK(add(b, "return", NULL, 0, &x, 1, NULL, 0, NULL) == BCX_ERR_INVALID_ARG);
	msg_has("entries return nothing");
	T_CHECK(bcx_tileir_build_op_add(NULL, b, NULL, NULL, &d) == BCX_ERR_INVALID_ARG);
	bcx_tileir_build_attr *dv;
	bcx_diag_clear(&d);
	T_CHECK(bcx_tileir_build_attr_div_by(m, 16, true, 4, false, 0, &dv, &d) == BCX_ERR_INVALID_ARG);
	msg_has("in combination");
	T_CHECK(bcx_tileir_build_opcode("cuda_tile.addi", 14) == 0x03);
	T_CHECK(bcx_tileir_build_opcode("nothing", 7) == UINT32_MAX);
}

static uint8_t *write_mod(unsigned minor, bool i1_bytes, size_t *n, bcx_status *st)
{
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options),
	                              .major = 13,
	                              .minor = (uint8_t)minor,
	                              .i1_byte_per_element = i1_bytes};
	uint8_t *out = NULL;
	bcx_diag_clear(&d);
	*st = bcx_tileir_builder_write(m, &o, &out, n, &d);
	return out;
}

/* The constant section's first blob (size varint + data) in a file. */
static const uint8_t *first_blob(const uint8_t *f, size_t n)
{
	for (size_t i = 12; i + 3 < n; i++)
		if (f[i] == 0x84) /* constant section with alignment */
			return f + i + 3 + ((8 - (i + 3) % 8) % 8) + 8 + 8;
	return NULL;
}

static void t_i1(void)
{
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_type i1t = tile(scalar(BCX_TILEIR_T_I1), 8);
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, NULL, 0, NULL, NULL, &f, &b, &d) == BCX_OK);
	uint8_t bits[8] = {1, 0, 1, 1, 0, 0, 0, 1};
	bcx_tileir_build_attr *c;
	T_CHECK(bcx_tileir_build_attr_dense(m, i1t, bits, 8, &c, &d) == BCX_OK);
	bcx_tileir_build_named_attr v = {"value", c};
	T_CHECK(add(b, "constant", &i1t, 1, NULL, 0, &v, 1, NULL) == BCX_OK);
	T_CHECK(add(b, "return", NULL, 0, NULL, 0, NULL, 0, NULL) == BCX_OK);
	size_t n;
	bcx_status st;
	uint8_t *out = write_mod(3, false, &n, &st);
	const uint8_t *blob = out ? first_blob(out, n) : NULL;
	if (T_CHECK(st == BCX_OK && blob))
		T_CHECK(blob[0] == 1 && blob[1] == 0x8D); /* packed, element k in bit k */
	bcx_tileir_builder_free_bytes(m, out, n);
	out = write_mod(3, true, &n, &st);
	blob = out ? first_blob(out, n) : NULL;
	if (T_CHECK(st == BCX_OK && blob))
		T_EQ_MEM(blob, 9, "\x08\x01\x00\x01\x01\x00\x00\x00\x01", 9);
	bcx_tileir_builder_free_bytes(m, out, n);
}

static void t_gates(void)
{
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_type ti = tile(scalar(BCX_TILEIR_T_I32), 4), f8 = scalar(BCX_TILEIR_T_F8E8M0FNU);
	bcx_tileir_build_type t8 = tile(f8, 4);
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	bcx_tileir_build_type args[2] = {tile(scalar(BCX_TILEIR_T_I32), 0), tile(f8, 0)};
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, args, 2, NULL, NULL, &f, &b, &d) == BCX_OK);
	bcx_tileir_build_attr *nsw;
	T_CHECK(bcx_tileir_build_attr_enum(m, 1, &nsw, &d) == BCX_OK);
	bcx_tileir_build_named_attr ovf = {"overflow", nsw};
	bcx_tileir_build_value a0 = bcx_tileir_build_func_arg(f, 0);
	(void)ti;
	(void)t8;
	T_CHECK(add(b, "negi", &args[0], 1, &a0, 1, &ovf, 1, NULL) == BCX_OK);
	T_CHECK(add(b, "return", NULL, 0, NULL, 0, NULL, 0, NULL) == BCX_OK);
	size_t n;
	bcx_status st;
	uint8_t *out = write_mod(1, false, &n, &st);
	T_CHECK(st == BCX_ERR_UNSUPPORTED && out == NULL);
	msg_has("attribute 'overflow' requires bytecode version 13.2+, but targeting 13.1");
	out = write_mod(2, false, &n, &st);
	T_CHECK(st == BCX_OK);
	bcx_tileir_builder_free_bytes(m, out, n);
	bcx_tileir_write_options bad = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 4};
	T_CHECK(bcx_tileir_builder_write(m, &bad, &out, &n, &d) == BCX_ERR_UNSUPPORTED);
	/* The f8E8M0FNU argument type needs 13.2 too: drop negi to see it. */
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	args[0] = tile(scalar(BCX_TILEIR_T_F8E8M0FNU), 0);
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, args, 1, NULL, NULL, &f, &b, &d) == BCX_OK);
	T_CHECK(add(b, "return", NULL, 0, NULL, 0, NULL, 0, NULL) == BCX_OK);
	out = write_mod(1, false, &n, &st);
	T_CHECK(st == BCX_ERR_UNSUPPORTED);
	msg_has("type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1");
}

/* One kernel with one op (plus return) for the gate checks below; the op
 * gets an f32 result, or a token result with a "str" attribute (print_tko). */
static void gate_case(const char *name, bool print, unsigned minor, const char *want)
{
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_type f32 = tile(scalar(BCX_TILEIR_T_F32), 0), tok;
	T_CHECK(bcx_tileir_build_type_token(m, &tok, &d) == BCX_OK);
	bcx_tileir_build_type args[2] = {f32, tok};
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, args, 2, NULL, NULL, &f, &b, &d) == BCX_OK);
	bcx_tileir_build_value v[2] = {bcx_tileir_build_func_arg(f, 0), bcx_tileir_build_func_arg(f, 0)};
	bcx_tileir_build_attr *s = NULL;
	T_CHECK(bcx_tileir_build_attr_string(m, "x", 1, &s, &d) == BCX_OK);
	bcx_tileir_build_named_attr str = {"str", s};
	uint32_t seg[2] = {1, 0};
	bcx_tileir_build_opspec sp = {bcx_tileir_build_opcode(name, strlen(name)),
	                              print ? &tok : &f32,
	                              1,
	                              v,
	                              print ? 1 : 2,
	                              print ? seg : NULL,
	                              print ? 2 : 0,
	                              &str,
	                              print,
	                              NULL};
	bcx_tileir_build_op *op = NULL;
	T_CHECKF(bcx_tileir_build_op_add(m, b, &sp, &op, &d) == BCX_OK, "%s", d.message);
	bcx_tileir_build_value r = bcx_tileir_build_op_result(op, 0);
	if (print)
		T_CHECK(add(b, "join_tokens", &tok, 1, &r, 1, NULL, 0, NULL) == BCX_OK);
	T_CHECK(add(b, "return", NULL, 0, NULL, 0, NULL, 0, NULL) == BCX_OK);
	size_t n;
	bcx_status st;
	uint8_t *out = write_mod(minor, false, &n, &st);
	T_CHECKF(st == BCX_ERR_UNSUPPORTED, "%s at 13.%u: status %d", name, minor, st);
	msg_has(want);
	bcx_tileir_builder_free_bytes(m, out, n);
}

static void t_op_gates(void)
{
	gate_case("atan2", false, 1,
		  "operation 'cuda_tile.atan2' is not available in bytecode version 13.1");
	/* print_tko's token result (13.2) may be dropped for 13.1 only when unused. */
	gate_case("print_tko", true, 1,
		  "result 'result_token' requires bytecode version 13.2 but is being used");
}

/* The 13.3 view types (no reference vector has them): write, read back,
 * compare the decoded fields, and check the text form assembles again. */
static void t_views(void)
{
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_type f32 = scalar(BCX_TILEIR_T_F32), p, tp, tv, sv, gv;
	int64_t shape[2] = {64, 32}, strides[2] = {32, 1};
	int32_t tile[2] = {8, 16}, trav[2] = {4, 8}, map[2] = {1, 0};
	T_CHECK(bcx_tileir_build_type_ptr(m, f32, &p, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_type_tile(m, p, NULL, 0, &tp, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_type_tensor_view(m, f32, shape, strides, 2, &tv, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_type_strided_view(m, tv, tile, trav, 2, map, BCX_TILEIR_PAD_NAN,
	                                           &sv, &d) == BCX_OK);
	T_CHECK(bcx_tileir_build_type_gather_scatter_view(m, tv, tile, 2, 1, BCX_TILEIR_PAD_NONE,
	                                                  &gv, &d) == BCX_OK);
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	T_CHECK(bcx_tileir_build_entry_add(m, "v", 1, &tp, 1, NULL, NULL, &f, &b, &d) == BCX_OK);
	bcx_tileir_build_value base = bcx_tileir_build_func_arg(f, 0);
	uint32_t seg[3] = {1, 0, 0};
	bcx_tileir_build_opspec mtv = {bcx_tileir_build_opcode("make_tensor_view", 16),
	                               &tv,
	                               1,
	                               &base,
	                               1,
	                               seg,
	                               3,
	                               NULL,
	                               0,
	                               NULL};
	bcx_tileir_build_op *o;
	T_CHECK(bcx_tileir_build_op_add(m, b, &mtv, &o, &d) == BCX_OK);
	bcx_tileir_build_value t = bcx_tileir_build_op_result(o, 0);
	T_CHECK(add(b, "make_strided_view", &sv, 1, &t, 1, NULL, 0, NULL) == BCX_OK);
	T_CHECK(add(b, "make_gather_scatter_view", &gv, 1, &t, 1, NULL, 0, NULL) == BCX_OK);
	T_CHECK(add(b, "return", NULL, 0, NULL, 0, NULL, 0, NULL) == BCX_OK);
	size_t n, n2 = 0;
	bcx_status st;
	uint8_t *out = write_mod(3, false, &n, &st), *again = NULL;
	bcx_tileir_module *r = NULL;
	bcx_tileir_builder *m2 = NULL;
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	if (T_CHECK(st == BCX_OK) && T_CHECK(bcx_tileir_read(out, n, NULL, &r, &d) == BCX_OK)) {
		unsigned seen = 0;
		for (size_t i = 0; i < bcx_tileir_type_count(r); i++) {
			const bcx_tileir_type *ty = bcx_tileir_type_at(r, i);
			if (ty->tag == BCX_TILEIR_T_STRIDED_VIEW) {
				seen++;
				T_CHECK(ty->rank == 2 && ty->shape[0] == 8 && ty->shape[1] == 16);
				T_CHECK(ty->n_strides == 2 && ty->strides[0] == 4 && ty->strides[1] == 8);
				T_CHECK(ty->n_dim_map == 2 && ty->dim_map[0] == 1 && ty->dim_map[1] == 0);
				T_CHECK(ty->has_padding && ty->padding_value == BCX_TILEIR_PAD_NAN);
			} else if (ty->tag == BCX_TILEIR_T_GATHER_SCATTER_VIEW) {
				seen++;
				T_CHECK(ty->sparse_dim == 1 && !ty->has_padding && ty->rank == 2);
			}
		}
		T_EQ_U(seen, 2);
		bcx_tileir_write_options o3 = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 3};
		if (T_CHECK(bcx_tileir_print_generic(r, -1, &(bcx_sink){bcx_buf_sink_write, &text}, &d) == BCX_OK) &&
		    T_CHECKF(bcx_tileir_assemble("v.mlir", (const char *)text.data, text.len, NULL, &m2,
					     &d) == BCX_OK, "%s", d.message) &&
		    T_CHECK(bcx_tileir_builder_write(m2, &o3, &again, &n2, &d) == BCX_OK))
			T_EQ_MEM(again, n2, out, n);
	}
	bcx_tileir_builder_free_bytes(m2, again, n2);
	again = NULL;
	n2 = 0;
	size_t n3;
	write_mod(2, false, &n3, &st);
	T_CHECK(st == BCX_ERR_UNSUPPORTED);
	msg_has("operation 'cuda_tile.make_strided_view' is not available in bytecode version 13.2");
	bcx_buf_free(&text);
	bcx_tileir_builder_free_bytes(m2, again, n2);
	bcx_tileir_builder_free(m2);
	bcx_tileir_close(r);
	bcx_tileir_builder_free_bytes(m, out, n);
}

static void t_atomic_file(void)
{
	char path[] = "/tmp/bcx_tileir_build_testXXXXXX";
	int fd = mkstemp(path);
	T_CHECK(fd >= 0);
	close(fd);
	unlink(path);
	bcx_tileir_write_options o13_1 = {
	    .size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 1};
	/* A refused target leaves nothing behind. */
	T_CHECK(bcx_tileir_builder_write_file(m, &o13_1, path, &d) == BCX_ERR_UNSUPPORTED);
	T_CHECK(access(path, F_OK) != 0);
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 3};
	T_CHECK(bcx_tileir_builder_write_file(m, &o, path, &d) == BCX_OK);
	T_CHECK(access(path, F_OK) == 0);
	unlink(path);
	T_CHECK(bcx_tileir_builder_write_file(m, &o, "/nonexistent-dir/x.tileirbc", &d) != BCX_OK);
}

static void t_no_terminator(void)
{
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, NULL, 0, NULL, NULL, &f, &b, &d) == BCX_OK);
	size_t n;
	bcx_status st;
	uint8_t *out = write_mod(3, false, &n, &st);
	T_CHECK(st == BCX_ERR_INVALID_ARG && out == NULL);
	msg_has("entry body must end with cuda_tile.return");
	T_CHECK(bcx_tileir_build_entry_add(m, "", 0, NULL, 0, NULL, NULL, &f, &b, &d) ==
	        BCX_ERR_INVALID_ARG);
	bcx_diag_clear(&d);
	bcx_tileir_build_type shaped = tile(scalar(BCX_TILEIR_T_F32), 4);
	T_CHECK(bcx_tileir_build_entry_add(m, "s", 1, &shaped, 1, NULL, NULL, &f, &b, &d) ==
		BCX_ERR_INVALID_ARG);
	msg_has("scalar types");
	/* Zero-initialised options mean the default target, 13.3. */
	bcx_tileir_builder *e = bcx_tileir_builder_new(NULL);
	bcx_tileir_write_options zero = {0};
	uint8_t *eb = NULL;
	size_t en = 0;
	T_CHECK(bcx_tileir_builder_write(e, &zero, &eb, &en, &d) == BCX_OK && en == 41 && eb[9] == 3);
	bcx_tileir_builder_free_bytes(e, eb, en);
	bcx_tileir_builder_free(e);
}

/* One entry k(x): negi x, [write half-way when `twice`], negi x, return. */
static uint8_t *grown(bool twice, size_t *n)
{
	bcx_tileir_builder_free(m);
	m = bcx_tileir_builder_new(NULL);
	bcx_tileir_build_type ti = tile(scalar(BCX_TILEIR_T_I32), 0);
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, &ti, 1, NULL, NULL, &f, &b, &d) == BCX_OK);
	bcx_tileir_build_value x = bcx_tileir_build_func_arg(f, 0);
	T_EQ_U(add(b, "negi", &ti, 1, &x, 1, NULL, 0, NULL), BCX_OK);
	bcx_status st;
	if (twice) { /* a body without its terminator yet: refused, nothing lost */
		T_CHECK(write_mod(3, false, n, &st) == NULL && st == BCX_ERR_INVALID_ARG);
		T_CHECK(bcx_tileir_builder_model(m, &d) != NULL);
	}
	T_EQ_U(add(b, "negi", &ti, 1, &x, 1, NULL, 0, NULL), BCX_OK);
	T_EQ_U(add(b, "return", NULL, 0, NULL, 0, NULL, 0, NULL), BCX_OK);
	uint8_t *out = write_mod(3, false, n, &st);
	T_EQ_U(st, BCX_OK);
	return out;
}

/* Writing or taking the model lays the bodies out again; building on
 * afterwards must lose nothing. */
static void t_build_after_write(void)
{
	size_t n1 = 0, n2 = 0;
	uint8_t *once = grown(false, &n1);
	uint8_t *copy = once ? malloc(n1) : NULL;
	if (copy)
		memcpy(copy, once, n1);
	bcx_tileir_builder_free_bytes(m, once, n1);
	uint8_t *twice = grown(true, &n2);
	T_CHECK(copy && twice && n1 == n2 && memcmp(copy, twice, n1) == 0);
	bcx_tileir_module *model = bcx_tileir_builder_model(m, &d);
	const bcx_tileir_body *body = NULL;
	T_CHECK(model && bcx_tileir_body_get(model, 0, &body, &d) == BCX_OK && body &&
		body->block.n_ops == 3 && body->n_ops_total == 3);
	bcx_tileir_builder_free_bytes(m, twice, n2);
	free(copy);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	m = bcx_tileir_builder_new(NULL);
	t_types();
	bcx_tileir_build_type ti = tile(scalar(BCX_TILEIR_T_I32), 0);
	bcx_tileir_build_func *f;
	bcx_tileir_build_block *b;
	T_CHECK(bcx_tileir_build_entry_add(m, "k", 1, &ti, 1, NULL, NULL, &f, &b, &d) == BCX_OK);
	t_ops_misuse(b, bcx_tileir_build_func_arg(f, 0));
	t_i1();
	t_gates();
	t_op_gates();
	t_views();
	t_atomic_file();
	t_no_terminator();
	t_build_after_write();
	bcx_tileir_builder_free(m);
	return tu_finish();
}
