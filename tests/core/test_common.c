/* The internal pieces every format shares: the growable-array step, the
 * streaming output buffer (pieces reach the sink in order, a failed write
 * is sticky, printf never cuts text short), JSON escaping and the options
 * size rule, and the lexing rules the text readers share. */
#include "testutil.h"
#include "common/internal.h"
#include "common/out.h"
#include "common/textlex.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void test_vec_room(void)
{
	bcx_arena *a = bcx_arena_new(NULL);
	T_CHECK(a != NULL);
	uint32_t *v = NULL;
	size_t n = 0, cap = 0;
	for (uint32_t i = 0; i < 1000; i++) {
		T_CHECK(BCX_VEC_ROOM(a, v, n, cap));
		T_CHECK(n < cap);
		v[n++] = i * 7u;
	}
	T_EQ_U(cap, 1024);
	bool same = true;
	for (uint32_t i = 0; i < 1000; i++)
		same = same && v[i] == i * 7u;
	T_CHECK(same);
	/* A capacity that cannot double is refused and nothing changes. */
	size_t huge = SIZE_MAX / 2 + 1;
	uint32_t *before = v;
	T_CHECK(!bcx_vec_room(a, (void *)&v, huge, &huge, sizeof *v));
	T_CHECK(v == before && huge == SIZE_MAX / 2 + 1);
	bcx_arena_free(a);
}

typedef struct rec {
	bcx_buf got;
	unsigned writes, fail_at;
} rec;

static bcx_status rec_write(void *ctx, const void *p, size_t n)
{
	rec *r = ctx;
	if (++r->writes == r->fail_at)
		return BCX_ERR_IO;
	return bcx_buf_sink_write(&r->got, p, n);
}

static void test_out_streams(void)
{
	static bcx_out o; /* 64 KiB: not on the stack */
	rec r = {.fail_at = 0};
	bcx_buf_init(&r.got, NULL);
	bcx_sink sink = {rec_write, &r};
	bcx_out_init(&o, &sink);
	/* 200,000 numbers: several flushes, the text arrives whole and in order. */
	for (uint64_t i = 0; i < 200000; i++) {
		bcx_out_putu(&o, i * 1000003u);
		bcx_out_putc(&o, '\n');
	}
	bcx_out_puti(&o, INT64_MIN);
	bcx_out_flush(&o);
	T_EQ_U(bcx_out_status(&o), BCX_OK);
	T_CHECK(r.writes > 2);
	char line[32];
	size_t at = 0;
	bool same = true;
	for (uint64_t i = 0; i < 200000 && same; i++) {
		int k = snprintf(line, sizeof line, "%llu\n", (unsigned long long)(i * 1000003u));
		same = at + (size_t)k <= r.got.len && memcmp(r.got.data + at, line, (size_t)k) == 0;
		at += (size_t)k;
	}
	T_CHECK(same);
	T_EQ_MEM(r.got.data + at, r.got.len - at, "-9223372036854775808", 20);
	bcx_buf_free(&r.got);
}

static void test_out_failure_is_sticky(void)
{
	static bcx_out o;
	rec r = {.fail_at = 2};
	bcx_buf_init(&r.got, NULL);
	bcx_sink sink = {rec_write, &r};
	bcx_out_init(&o, &sink);
	for (unsigned i = 0; i < 100000; i++)
		bcx_out_puts(&o, "0123456789");
	bcx_out_flush(&o);
	T_EQ_U(bcx_out_status(&o), BCX_ERR_IO);
	T_EQ_U(r.writes, 2); /* nothing is written after the failure */
	T_EQ_U(r.got.len, BCX_OUT_SIZE / 10 * 10); /* the first full buffer */
	bcx_buf_free(&r.got);
}

static void test_out_printf_long(void)
{
	static bcx_out o;
	rec r = {.fail_at = 0};
	bcx_buf_init(&r.got, NULL);
	bcx_sink sink = {rec_write, &r};
	bcx_out_init(&o, &sink);
	char *big = malloc(5000);
	T_CHECK(big != NULL);
	if (!big)
		return;
	memset(big, 'x', 4999);
	big[4999] = '\0';
	bcx_out_puts(&o, "<");
	for (int i = 0; i < 20; i++) /* crosses the buffer end on the way */
		bcx_out_printf(&o, "%s|%d", big, i);
	bcx_out_flush(&o);
	T_EQ_U(bcx_out_status(&o), BCX_OK);
	T_EQ_U(r.got.len, 1 + 20 * 5000 + 10 + 10 * 2);
	/* One piece longer than the whole buffer is refused, not cut. */
	char *huge = malloc(BCX_OUT_SIZE + 10);
	T_CHECK(huge != NULL);
	if (huge) {
		memset(huge, 'y', BCX_OUT_SIZE + 9);
		huge[BCX_OUT_SIZE + 9] = '\0';
		size_t before = r.got.len;
		bcx_out_printf(&o, "%s", huge);
		bcx_out_flush(&o);
		T_EQ_U(bcx_out_status(&o), BCX_ERR_LIMIT);
		T_EQ_U(r.got.len, before);
	}
	free(huge);
	free(big);
	bcx_buf_free(&r.got);
}

static void test_json_escape(void)
{
	static bcx_out o;
	bcx_buf got;
	bcx_buf_init(&got, NULL);
	bcx_sink sink = {bcx_buf_sink_write, &got};
	bcx_out_init(&o, &sink);
	const uint8_t in[] = {'a', '"', '\\', '\n', 0x1B, 0x00, 0x7F, 0xC3, 0xA9, '/'};
	bcx_out_json_str(&o, in, sizeof in);
	bcx_out_flush(&o);
	const char *want = "a\\\"\\\\\\u000a\\u001b\\u0000\\u007f\\u00c3\\u00a9/";
	T_EQ_MEM(got.data, got.len, want, strlen(want));
	bcx_buf_free(&got);
}

/* An options struct as a program built against an older header had it:
 * fewer fields. The library takes the fields it has and zeroes the rest. */
typedef struct old_opts {
	size_t size;
	uint32_t a;
} old_opts;
typedef struct new_opts {
	size_t size;
	uint32_t a;
	uint64_t b; /* added later; zero is its default */
} new_opts;

static void test_options_copy(void)
{
	new_opts got;
	memset(&got, 0xAB, sizeof got);
	old_opts old = {sizeof old, 7};
	bcx_options_copy(&got, sizeof got, &old);
	T_EQ_U(got.size, sizeof got);
	T_EQ_U(got.a, 7);
	T_EQ_U(got.b, 0);
	new_opts full = {sizeof full, 1, 2};
	bcx_options_copy(&got, sizeof got, &full);
	T_CHECK(got.a == 1 && got.b == 2);
	new_opts unset = {0, 5, 6}; /* size 0: every default */
	bcx_options_copy(&got, sizeof got, &unset);
	T_CHECK(got.a == 0 && got.b == 0);
	bcx_options_copy(&got, sizeof got, NULL);
	T_CHECK(got.size == sizeof got && got.a == 0 && got.b == 0);
	struct { size_t size; uint32_t a; uint64_t b; uint64_t c; } newer = {sizeof newer, 3, 4, 5};
	bcx_options_copy(&got, sizeof got, &newer); /* a newer program: extra fields unread */
	T_CHECK(got.a == 3 && got.b == 4);
}

/* Number and escape rules of the MLIR lexer and tasm: both refuse what
 * these refuse, so an off-by-one at a boundary shows in both. */
static void test_textlex(void)
{
	uint64_t v = 7;
	T_CHECK(bcx_text_u64("18446744073709551615", 20, 10, &v));
	T_EQ_U(v, UINT64_MAX);
	v = 7;
	T_CHECK(!bcx_text_u64("18446744073709551616", 20, 10, &v));
	T_EQ_U(v, 7); /* untouched on refusal */
	T_CHECK(bcx_text_u64("ffffFFFFffffFFFF", 16, 16, &v));
	T_EQ_U(v, UINT64_MAX);
	T_CHECK(!bcx_text_u64("10000000000000000", 17, 16, &v));
	T_CHECK(!bcx_text_u64("1a", 2, 10, &v));
	T_CHECK(bcx_text_u64("", 0, 10, &v) && v == 0);
	T_EQ_I(bcx_text_hexval('0'), 0);
	T_EQ_I(bcx_text_hexval('F'), 15);
	T_EQ_I(bcx_text_hexval('a'), 10);
	T_EQ_I(bcx_text_hexval('g'), -1);
	T_EQ_I(bcx_text_hexval(-1), -1);
	T_EQ_I(bcx_text_hexval(0xe0), -1);
	T_EQ_I(bcx_text_escape('n'), '\n');
	T_EQ_I(bcx_text_escape('t'), '\t');
	T_EQ_I(bcx_text_escape('"'), '"');
	T_EQ_I(bcx_text_escape('\\'), '\\');
	T_EQ_I(bcx_text_escape('x'), -1);
	T_EQ_I(bcx_text_escape('r'), -1);
	const char id[] = "a1.$_ ";
	T_CHECK(bcx_text_skip(id, id + 6, BCX_TX_ID) == id + 5);
	T_CHECK(!bcx_text_is('1', BCX_TX_ID0) && bcx_text_is('_', BCX_TX_ID0));
	T_CHECK(bcx_text_is('\n', BCX_TX_SPACE) && !bcx_text_is('\n', BCX_TX_BLANK));
	T_CHECK(!bcx_text_is(-1, 0xff) && !bcx_text_is(0x80, 0xff));
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_vec_room();
	test_out_streams();
	test_out_failure_is_sticky();
	test_out_printf_long();
	test_json_escape();
	test_options_copy();
	test_textlex();
	return tu_finish();
}
