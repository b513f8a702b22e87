#define _POSIX_C_SOURCE 200809L
/* Core: arena, overflow checks, byte cursor, bit cursor and writers. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void test_arena(void)
{
	bcx_arena *a = bcx_arena_new(NULL);
	T_CHECK(a != NULL);
	uint8_t *p = bcx_arena_alloc(a, 10);
	uint8_t *q = bcx_arena_alloc(a, 100000);
	T_CHECK(p && q && ((uintptr_t)p & 15) == 0 && ((uintptr_t)q & 15) == 0);
	memset(q, 1, 100000);
	T_CHECK(bcx_arena_calloc(a, SIZE_MAX / 2, 4) == NULL);
	char *s = bcx_arena_memdup(a, "abc", 3);
	T_CHECK(s && strcmp(s, "abc") == 0);
	T_CHECK(bcx_arena_footprint(a) >= 100000);
	bcx_arena_free(a);
	bcx_arena_free(NULL);
	size_t r;
	T_CHECK(!bcx_mul_ok(SIZE_MAX, 2, &r));
	T_CHECK(!bcx_add_ok(SIZE_MAX, 1, &r));
	T_CHECK(bcx_add_ok(1, 2, &r) && r == 3);
}

/* An allocator that fails after a budget, to check NOMEM paths. */
static void *budget_alloc(void *ctx, void *ptr, size_t old, size_t n)
{
	size_t *left = ctx;
	(void)old;
	if (n == 0) {
		free(ptr);
		return NULL;
	}
	if (*left == 0)
		return NULL;
	(*left)--;
	return realloc(ptr, n);
}

static void test_alloc_failure(void)
{
	for (size_t budget = 0; budget < 4; budget++) {
		size_t left = budget;
		bcx_allocator al = {budget_alloc, &left};
		bcx_arena *a = bcx_arena_new(&al);
		if (!a) {
			T_CHECK(budget == 0);
			continue;
		}
		void *p = bcx_arena_alloc(a, 64);
		T_CHECK(budget >= 2 ? p != NULL : p == NULL);
		bcx_arena_free(a);
	}
	size_t left = 0;
	bcx_allocator al = {budget_alloc, &left};
	bcx_buf w;
	bcx_buf_init(&w, &al);
	bcx_buf_put_u32le(&w, 1);
	T_EQ_U(w.status, BCX_ERR_NOMEM);
	bcx_buf_free(&w);
}

static void test_cursor(void)
{
	static const uint8_t data[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0xcb, 0xcb, 0xcb, 0xcb};
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_cursor c;
	bcx_cur_init(&c, data, sizeof data, &d);
	T_EQ_U(bcx_cur_u8(&c, "a"), 1);
	T_EQ_U(bcx_cur_u16le(&c, "b"), 0x0302);
	T_EQ_U(bcx_cur_u32le(&c, "c"), 0x07060504);
	T_CHECK(bcx_cur_align(&c, 4, -1));
	T_EQ_U(bcx_cur_offset(&c), 8);
	bcx_cursor sub;
	T_CHECK(bcx_cur_sub(&c, 4, &sub, "sub"));
	T_EQ_U(bcx_cur_u32le(&sub, "x"), 0x0c0b0a09);
	T_CHECK(bcx_cur_at_end(&sub));
	T_EQ_U(bcx_cur_u8(&sub, "past end"), 0);
	T_EQ_U(sub.status, BCX_ERR_TRUNCATED);
	T_CHECK(d.has_offset && d.offset == 12);
	T_CHECK(strstr(d.message, "past end") != NULL);
	bcx_cur_join(&c, &sub);
	T_EQ_U(c.status, BCX_ERR_TRUNCATED);
	/* sticky: further reads give 0 and keep the first diagnostic */
	T_EQ_U(bcx_cur_u8(&c, "later"), 0);
	T_CHECK(d.offset == 12);

	bcx_cur_init(&c, data, sizeof data, NULL);
	T_CHECK(bcx_cur_skip(&c, 13, "skip"));
	T_CHECK(bcx_cur_align(&c, 16, 0xcb));
	T_CHECK(bcx_cur_at_end(&c));
	bcx_cur_init(&c, data, sizeof data, NULL);
	T_CHECK(bcx_cur_bytes(&c, SIZE_MAX, "huge") == NULL);
	T_EQ_U(c.status, BCX_ERR_TRUNCATED);
	bcx_cur_init(&c, data, sizeof data, NULL);
	bcx_cur_skip(&c, 1, NULL);
	T_CHECK(!bcx_cur_align(&c, 3, -1));
	T_EQ_U(c.status, BCX_ERR_MALFORMED);
	bcx_cur_init(&c, data, 1, NULL);
	bcx_cur_skip(&c, 1, NULL);
	T_CHECK(!bcx_cur_align(&c, 2, 0xcb));
}

static void test_bits(void)
{
	bcx_bitbuf w;
	bcx_bitbuf_init(&w, NULL);
	bcx_bitbuf_emit(&w, 'B', 8);
	bcx_bitbuf_emit(&w, 'C', 8);
	bcx_bitbuf_emit(&w, 0x0, 4);
	bcx_bitbuf_emit(&w, 0xC, 4);
	bcx_bitbuf_emit(&w, 0xE, 4);
	bcx_bitbuf_emit(&w, 0xD, 4);
	bcx_bitbuf_emit_vbr(&w, 1000, 6);
	bcx_bitbuf_emit(&w, 0x123456789abcdefull, 64);
	bcx_bitbuf_emit_vbr(&w, UINT64_MAX, 8);
	bcx_bitbuf_align32(&w);
	T_EQ_U(bcx_bitbuf_status(&w), BCX_OK);
	T_EQ_U(w.bytes.len % 4, 0);
	static const uint8_t magic[] = {'B', 'C', 0xC0, 0xDE};
	T_EQ_MEM(w.bytes.data, 4, magic, 4);
	/* VBR6 of 1000: 101000 then 011111 (spec llvm-bitstream.md 1) */
	T_EQ_U(w.bytes.data[4], 0x28 | (0x1F & 0x3) << 6);

	bcx_bitcursor b;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bit_init(&b, w.bytes.data, w.bytes.len, &d);
	T_EQ_U(bcx_bit_read(&b, 32), 0xdec04342);
	T_EQ_U(bcx_bit_vbr(&b, 6), 1000);
	T_EQ_U(bcx_bit_read(&b, 64), 0x123456789abcdefull);
	T_EQ_U(bcx_bit_vbr(&b, 8), UINT64_MAX);
	T_CHECK(bcx_bit_align32(&b));
	T_CHECK(bcx_bit_at_end(&b));
	T_EQ_U(bcx_bit_read(&b, 1), 0);
	T_EQ_U(b.status, BCX_ERR_TRUNCATED);
	T_CHECK(d.is_bit_offset && d.offset == b.limit);
	bcx_bitbuf_free(&w);

	/* A VBR4 wider than 64 bits and an unterminated 32-bit VBR fail. */
	static const uint8_t ff[16] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
				       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
	bcx_bit_init(&b, ff, sizeof ff, NULL);
	T_EQ_U(bcx_bit_vbr(&b, 4), 0);
	T_EQ_U(b.status, BCX_ERR_OVERFLOW);
	bcx_bit_init(&b, ff, sizeof ff, NULL);
	T_EQ_U(bcx_bit_vbr32(&b, 6), 0);
	T_EQ_U(b.status, BCX_ERR_OVERFLOW);
}

/* Bit reads of random widths at every position agree with a bit-by-bit
 * model, near the end of the data too (where the 8-byte window is not
 * available and the byte loop is used). */
static void test_bit_read_model(void)
{
	uint8_t data[37];
	uint64_t seed = 42;
	for (size_t i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)tu_rand(&seed);
	unsigned bad = 0;
	for (uint64_t start = 0; start < sizeof data * 8; start++) {
		for (unsigned width = 0; width <= 64; width++) {
			if (start + width > sizeof data * 8)
				break;
			uint64_t want = 0;
			for (unsigned k = 0; k < width; k++) {
				uint64_t bit = start + k;
				want |= (uint64_t)((data[bit >> 3] >> (bit & 7)) & 1) << k;
			}
			bcx_bitcursor b;
			bcx_bit_init(&b, data, sizeof data, NULL);
			bcx_bit_seek(&b, start);
			uint64_t got = bcx_bit_read(&b, width);
			bad += got != want || b.pos != start + width || b.status != BCX_OK;
		}
	}
	T_EQ_U(bad, 0);
}

static void test_buf(void)
{
	bcx_buf w;
	bcx_buf_init(&w, NULL);
	bcx_buf_put_u8(&w, 1);
	bcx_buf_pad_to(&w, 8, 0xcb);
	T_EQ_U(w.len, 8);
	bcx_buf_put_u32le(&w, 0);
	bcx_buf_patch_u32le(&w, 8, 0xdeadbeef);
	T_EQ_U(w.data[8], 0xef);
	bcx_buf_printf(&w, "%0300d", 7);
	T_EQ_U(w.len, 312);
	T_EQ_U(w.data[311], '7');
	bcx_buf_patch_u32le(&w, 310, 0);
	T_EQ_U(w.status, BCX_ERR_INVALID_ARG);
	bcx_buf_free(&w);
}

static void test_atomic_write(void)
{
	char dir[] = "/tmp/bcx-test-XXXXXX";
	if (!mkdtemp(dir))
		return;
	char path[256];
	snprintf(path, sizeof path, "%s/out.bin", dir);
	T_EQ_U(bcx_file_write_atomic(path, "hello", 5, NULL), BCX_OK);
	uint8_t *data;
	size_t size;
	T_EQ_U(bcx_file_read(path, NULL, 0, &data, &size, NULL), BCX_OK);
	T_EQ_MEM(data, size, "hello", 5);
	bcx_free(NULL, data, size + 1);
	T_EQ_U(bcx_file_read(path, NULL, 2, &data, &size, NULL), BCX_ERR_LIMIT);
	char bad[300];
	snprintf(bad, sizeof bad, "%s/missing/out.bin", dir);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_EQ_U(bcx_file_write_atomic(bad, "x", 1, &d), BCX_ERR_IO);
	T_CHECK(d.message[0] != 0);
	unlink(path);
	T_EQ_U(rmdir(dir), 0); /* no temporary file was left behind */
}

/* The process's resident pages of mapped files, in KiB (Linux's
 * /proc/self/status), or -1 where there is none. */
static long rss_file_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "RssFile:", 8) == 0)
			kb = strtol(line + 8, NULL, 10);
	if (f)
		fclose(f);
	return kb;
}

/* A mapped file's pages that were read are given back by
 * bcx_file_view_done (the resident size falls by about the 8 MiB read),
 * and its bytes are still there when read again. */
static void test_view_done(void)
{
	enum { SIZE = 8 << 20 };
	char path[] = "/tmp/bcx-view-XXXXXX";
	int fd = mkstemp(path);
	uint8_t *buf = malloc(SIZE);
	if (!T_CHECK(fd >= 0 && buf != NULL)) {
		free(buf);
		return;
	}
	for (size_t i = 0; i < SIZE; i++)
		buf[i] = (uint8_t)(i * 7 + 3);
	T_CHECK(write(fd, buf, SIZE) == SIZE);
	close(fd);
	bcx_file_view v;
	if (T_EQ_U(bcx_file_map(path, 0, &v, NULL), BCX_OK)) {
		unsigned sum = 0;
		for (size_t i = 0; i < v.size; i++)
			sum += v.data[i];
		long before = rss_file_kb();
		bcx_file_view_done(&v, v.size);
		long after = rss_file_kb();
#ifndef BCX_POSIX_FILES
		if (before >= 0)
			T_CHECKF(before - after >= 6 * 1024, "resident file pages %ld -> %ld KiB (sum %u)",
				 before, after, sum);
#else
		(void)before;
		(void)after;
		(void)sum;
#endif
		T_EQ_MEM(v.data, v.size, buf, SIZE);
		bcx_file_unmap(&v);
	}
	unlink(path);
	free(buf);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_arena();
	test_alloc_failure();
	test_cursor();
	test_bits();
	test_bit_read_model();
	test_buf();
	test_atomic_write();
	test_view_done();
	T_CHECK(strcmp(bcx_status_str(BCX_ERR_TRUNCATED), "truncated input") == 0);
	return tu_finish();
}
