/* Hand-built malformed modules (spec §20): each is refused with the
 * expected status, a message naming the problem, and the byte offset of the
 * offending item. */
#include "testutil.h"
#include "bcx/tileir.h"

#include <stdio.h>
#include <string.h>

/* A module: types [0] () -> (), [1] i32, [2] tile<i32>, [3] token,
 * string "k", one entry whose body is `body`. */
static void build(bcx_buf *o, unsigned minor, const uint8_t *body, size_t n)
{
	static const uint8_t types[] = {0x04, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 3, 0, 0, 0,
					4, 0, 0, 0, 7, 0, 0, 0, 0x10, 0x00, 0x00, 0x03,
					0x0d, 0x01, 0x00, 0x11};
	static const uint8_t strings[] = {0x01, 0xcb, 0xcb, 0xcb, 0, 0, 0, 0, 'k'};
	bcx_buf f;
	bcx_buf_init(&f, NULL);
	bcx_buf_put_bytes(&f, "\x01\x00\x00\x02\x00", 5);
	bcx_buf_put_uleb128(&f, n);
	bcx_buf_put_bytes(&f, body, n);
	bcx_buf_pad_to(&f, 8, 0xcb);
	bcx_buf_put_bytes(o, "\x7fTileIR\0\x0d", 9);
	bcx_buf_put_u8(o, (uint8_t)minor);
	bcx_buf_put_u16le(o, 0);
	bcx_buf_put_u8(o, 0x82);
	bcx_buf_put_uleb128(o, f.len);
	bcx_buf_put_u8(o, 8);
	bcx_buf_pad_to(o, 8, 0xcb);
	bcx_buf_put_bytes(o, f.data, f.len);
	bcx_buf_put_bytes(o, "\x85", 1);
	bcx_buf_put_uleb128(o, sizeof types);
	bcx_buf_put_u8(o, 4);
	bcx_buf_pad_to(o, 4, 0xcb);
	bcx_buf_put_bytes(o, types, sizeof types);
	bcx_buf_put_bytes(o, "\x81", 1);
	bcx_buf_put_uleb128(o, sizeof strings);
	bcx_buf_put_u8(o, 4);
	bcx_buf_pad_to(o, 4, 0xcb);
	bcx_buf_put_bytes(o, strings, sizeof strings);
	bcx_buf_put_u8(o, 0);
	bcx_buf_free(&f);
}

static bcx_status try_read(const bcx_buf *b, bcx_diag *d)
{
	bcx_tileir_module *m = NULL;
	bcx_status s = bcx_tileir_read(b->data, b->len, NULL, &m, d);
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	if (s == BCX_OK)
		s = bcx_tileir_print_generic(m, -1, &(bcx_sink){bcx_buf_sink_write, &out}, d);
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	return s;
}

/* The body bytes start 24 bytes into the file (header 12, section header
 * and padding 4, entry 6, one-byte body length... see build()). */
enum { BODY_AT = 22 };

static void expect_body(unsigned minor, const char *name, const uint8_t *body, size_t n,
			bcx_status want, const char *msg, long at)
{
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	build(&b, minor, body, n);
	bcx_diag d = {0};
	bcx_status s = try_read(&b, &d);
	T_CHECKF(s == want, "%s: status %d, expected %d (%s)", name, s, want, d.message);
	T_CHECKF(strstr(d.message, msg) != NULL, "%s: message '%s' lacks '%s'", name, d.message, msg);
	T_CHECKF(at < 0 || (d.has_offset && d.offset == (uint64_t)(BODY_AT + at)),
		 "%s: offset %llu, expected %ld", name, (unsigned long long)d.offset, BODY_AT + at);
	bcx_buf_free(&b);
}

#define BODY(...) (const uint8_t[]){__VA_ARGS__}, sizeof((const uint8_t[]){__VA_ARGS__})

static void test_bodies(void)
{
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	build(&b, 3, BODY(0x5c, 0x00, 0x00));
	bcx_diag d = {0};
	T_CHECKF(try_read(&b, &d) == BCX_OK, "baseline module refused: %s", d.message);
	bcx_buf_free(&b);

	expect_body(3, "unassigned opcode", BODY(0x19, 0x5c, 0, 0), BCX_ERR_MALFORMED,
		    "unknown or unimplemented opcode: 25", 0);
	expect_body(1, "op newer than the file", BODY(0x6e, 0x02, 0x00, 0x00), BCX_ERR_UNSUPPORTED,
		    "unsupported opcode 110 for bytecode version 13.1", 0);
	expect_body(3, "structural op in a body", BODY(0x16, 0x5c, 0, 0), BCX_ERR_MALFORMED,
		    "not allowed in a function body", 0);
	expect_body(3, "operand out of scope", BODY(0x09, 0x02, 0x05, 0x5c, 0, 0), BCX_ERR_MALFORMED,
		    "operand index 5 out of bounds (size=0)", 2);
	expect_body(3, "enum value", BODY(0x03, 0x02, 0x09, 0, 0, 0x5c, 0, 0), BCX_ERR_MALFORMED,
		    "invalid integer value for enum type: 9", 2);
	expect_body(3, "region count", BODY(0x41, 0x00, 0x00, 0x02), BCX_ERR_MALFORMED,
		    "cuda_tile.loop op expected 1 regions, got 2", 3);
	expect_body(3, "empty block", BODY(0x41, 0, 0, 0x01, 0x01, 0x00, 0x00, 0x5c, 0, 0),
		    BCX_ERR_MALFORMED, "but it is empty", 5);
	expect_body(3, "block without terminator",
		    BODY(0x41, 0, 0, 0x01, 0x01, 0x00, 0x01, 0x44, 0x03, 0x5c, 0, 0),
		    BCX_ERR_MALFORMED, "'cuda_tile.make_token' is not a terminator", 7);
	expect_body(3, "no return at the end", BODY(0x44, 0x03), BCX_ERR_MALFORMED,
		    "must end with cuda_tile.return", 0);
	expect_body(3, "truncated operand", BODY(0x09, 0x02), BCX_ERR_TRUNCATED,
		    "failed to read operand index", 2);
	expect_body(3, "result type index", BODY(0x44, 0x09, 0x5c, 0, 0), BCX_ERR_MALFORMED,
		    "failed to get result type", 1);
	expect_body(1, "print result count in 13.1", BODY(0x55, 0x01, 0x03, 0x00, 0x00, 0x5c, 0, 0),
		    BCX_ERR_MALFORMED, "result count mismatch for cuda_tile.print_tko", 1);
	expect_body(3, "i32[] with INT32_MIN",
		    BODY(0x53, 0x02, 0x01, 0x00, 0x00, 0x00, 0x80, 0x00, 0x5c, 0, 0),
		    BCX_ERR_MALFORMED, "array contains unsupported value -2147483648", 3);
}

/* Verify warnings and errors, counted. */
typedef struct seen {
	unsigned warnings, errors;
	char last[256];
} seen;

static bool count_seen(void *ctx, const bcx_tileir_verify_error *e)
{
	seen *s = ctx;
	if (e->warning)
		s->warnings++;
	else
		s->errors++;
	if (strstr(e->message, "flags field"))
		snprintf(s->last, sizeof s->last, "%s", e->message);
	return true;
}

/*
 * An op's flags with bits no field defines (cuda_tile.addf's flags hold
 * only flush_to_zero, bit 0): the reference's reader reads past them, so
 * bcx reads and prints the module; the dump shows the bits, verify warns,
 * and under strict it is an error.
 */
static void test_unknown_op_flags(void)
{
	/* %0, %1, %2 = get_tile_block_id; addf %0, %0 with flags 0x09 */
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	build(&b, 3, BODY(0x30, 0x02, 0x02, 0x02, 0x02, 0x02, 0x09, 0x00, 0x00, 0x00, 0x5c, 0, 0));
	bcx_diag d = {0};
	bcx_tileir_module *m = NULL;
	T_CHECKF(bcx_tileir_read(b.data, b.len, NULL, &m, &d) == BCX_OK, "refused: %s", d.message);
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	if (m) {
		const bcx_tileir_body *body = NULL;
		T_CHECK(bcx_tileir_body_get(m, 0, &body, &d) == BCX_OK);
		T_EQ_U(body ? body->block.ops[1].flags : 0, 0x09);
		T_CHECK(bcx_tileir_dump(m, false, &(bcx_sink){bcx_buf_sink_write, &out}, &d) ==
			BCX_OK);
		bcx_buf_put_u8(&out, 0);
		T_CHECKF(strstr((const char *)out.data, "flags 0x9 (unknown bits 0x8, ignored)"),
			 "dump:\n%s", (const char *)out.data);
		bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
		seen plain = {0}, warn = {0}, strict = {0};
		size_t n = 0;
		bcx_status s_plain = bcx_tileir_verify(m, &o, count_seen, &plain, &n, &d);
		T_EQ_U(plain.warnings, 0);
		T_CHECK(plain.last[0] == 0);
		o.warnings = true;
		/* addf of i32 tiles also breaks a rule: the warning adds none */
		T_CHECK(bcx_tileir_verify(m, &o, count_seen, &warn, &n, &d) == s_plain);
		T_EQ_U(warn.warnings, 1);
		T_EQ_U(n, warn.errors); /* a warning is not counted as an error */
		T_CHECKF(strstr(warn.last, "'cuda_tile.addf' op flags field has bits 0x8") != NULL,
			 "message: %s", warn.last);
		o.strict = true;
		T_CHECK(bcx_tileir_verify(m, &o, count_seen, &strict, &n, &d) == BCX_ERR_MALFORMED);
		T_EQ_U(strict.warnings, 0);
		T_EQ_U(strict.errors, warn.errors + 1);
		T_EQ_U(n, strict.errors);
	}
	bcx_buf_free(&out);
	bcx_tileir_close(m);
	bcx_buf_free(&b);
}

/* 100 nested loop regions: refused by the depth limit, not the stack. */
static void test_depth(void)
{
	uint8_t body[1000];
	size_t n = 0;
	for (int i = 0; i < 100; i++) {
		memcpy(body + n, "\x41\x00\x00\x01\x01\x00\x01", 7);
		n += 7;
	}
	expect_body(3, "nesting", body, n, BCX_ERR_LIMIT, "regions nested too deeply", -1);
}

static void expect_file(const bcx_buf *b, const char *name, bcx_status want, const char *msg,
			long at)
{
	bcx_diag d = {0};
	bcx_status s = try_read(b, &d);
	T_CHECKF(s == want, "%s: status %d, expected %d (%s)", name, s, want, d.message);
	T_CHECKF(strstr(d.message, msg) != NULL, "%s: message '%s' lacks '%s'", name, d.message, msg);
	T_CHECKF(at < 0 || (d.has_offset && d.offset == (uint64_t)at), "%s: offset %llu, expected %ld",
		 name, (unsigned long long)d.offset, at);
}

static void test_envelope(void)
{
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	build(&b, 3, BODY(0x5c, 0x00, 0x00));
	size_t n = b.len;
	b.data[n - 1] = 0x80;
	expect_file(&b, "end marker flag", BCX_ERR_MALFORMED, "alignment flag set", (long)n - 1);
	b.data[n - 1] = 0;
	b.data[12] = 0x02; /* function section without its alignment flag */
	expect_file(&b, "alignment flag", BCX_ERR_MALFORMED,
		    "section 2 must have alignment that is a multiple of 8", 12);
	b.data[12] = 0x82;
	b.data[14] = 3; /* alignment 3 */
	expect_file(&b, "alignment value", BCX_ERR_MALFORMED, "invalid alignment value: 3", 12);
	b.data[14] = 8;
	b.data[12] = 0x81; /* a second string section: one of them is read, */
	expect_file(&b, "duplicate section", BCX_ERR_MALFORMED, /* no function section */
		    "function section is mandatory", -1);
	b.data[12] = 0x86; /* no function section left */
	expect_file(&b, "mandatory", BCX_ERR_MALFORMED, "function section is mandatory", -1);
	b.data[12] = 0x82;
	b.data[13] = 0x7f; /* length past the end */
	expect_file(&b, "section length", BCX_ERR_TRUNCATED, "exceeds remaining data size", 12);
	bcx_buf_free(&b);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_bodies();
	test_unknown_op_flags();
	test_depth();
	test_envelope();
	return tu_finish();
}
