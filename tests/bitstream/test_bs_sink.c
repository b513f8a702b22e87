/* The analyzer's output contract: a sink that fails stops the analysis and
 * its status comes back, with nothing written after the failure. */
#include "bs_common.h"

#include <stdlib.h>
#include <string.h>

typedef struct failing {
	bcx_buf got;
	size_t fail_after; /* accept this many calls, then fail every call */
	size_t calls, calls_after_failure;
} failing;

static bcx_status failing_write(void *ctx, const void *p, size_t n)
{
	failing *f = ctx;
	if (f->calls++ >= f->fail_after) {
		f->calls_after_failure += f->calls > f->fail_after + 1;
		return BCX_ERR_IO;
	}
	return bcx_buf_sink_write(&f->got, p, n);
}

static void test_failing_sink(const uint8_t *data, size_t size)
{
	bcx_bs_analyze_options o = {.size = sizeof(bcx_bs_analyze_options), .dump = true, .filename = "hello.bc"};
	bcx_buf whole;
	bcx_buf_init(&whole, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_EQ_U(bs_analyze_buf(data, size, &o, &whole, &d), BCX_OK);
	T_CHECK(whole.len > 0);
	/* The vectors' reports fit one 64 KiB piece: the first write fails. */
	{
		failing f = {.fail_after = 0};
		bcx_buf_init(&f.got, NULL);
		bcx_sink sink = {failing_write, &f};
		bcx_diag_clear(&d);
		bcx_status s = bcx_bs_analyze(data, size, &o, &sink, NULL, &d);
		T_EQ_U(s, BCX_ERR_IO);
		T_EQ_U(d.code, BCX_ERR_IO);
		T_CHECK(strstr(d.message, "writing the output failed") != NULL);
		T_EQ_U(f.calls, 1);
		T_EQ_U(f.calls_after_failure, 0);
		/* What was accepted is a prefix of the whole report. */
		T_CHECK(f.got.len <= whole.len &&
			(f.got.len == 0 || memcmp(f.got.data, whole.data, f.got.len) == 0));
		bcx_buf_free(&f.got);
	}
	bcx_buf_free(&whole);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	size_t size;
	uint8_t *data = tu_read_file(tu_shared_path("vectors/llvm/hello.bc"), &size);
	T_CHECK(data != NULL);
	if (data)
		test_failing_sink(data, size);
	free(data);
	return tu_finish();
}
