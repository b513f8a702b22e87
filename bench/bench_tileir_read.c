/*
 * Tile IR reader benchmark: builds a module of many kernels by replicating
 * the function entries of a reference vector (each copy gets its own name),
 * then times opening it (header, sections, tables, function table), decoding
 * one body, decoding every body, and the generic disassembly.
 *
 * usage: bench_tileir_read VECTOR.tileirbc [KERNELS] [OUT.tileirbc|-] [lazy]
 * "lazy" times only opening and decoding one body (for very large modules).
 */
#define _POSIX_C_SOURCE 200809L
#include "bcx/tileir.h"
#include "bcx/varint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void put_section(bcx_buf *o, unsigned id, unsigned align, const bcx_buf *payload)
{
	bcx_buf_put_u8(o, (uint8_t)(id | (align > 1 ? 0x80 : 0)));
	bcx_buf_put_uleb128(o, payload->len);
	if (align > 1) {
		bcx_buf_put_uleb128(o, align);
		bcx_buf_pad_to(o, align, 0xcb);
	}
	bcx_buf_put_bytes(o, payload->data, payload->len);
}

/* The string table: the vector's strings, then one name per kernel. */
static void strings_payload(const bcx_tileir_module *m, size_t kernels, bcx_buf *p)
{
	size_t n0 = bcx_tileir_string_count(m);
	bcx_buf data;
	bcx_buf_init(&data, NULL);
	bcx_buf_put_uleb128(p, n0 + kernels);
	bcx_buf_pad_to(p, 4, 0xcb);
	for (size_t i = 0; i < n0 + kernels; i++) {
		bcx_buf_put_u32le(p, (uint32_t)data.len);
		if (i < n0) {
			bcx_tileir_str s = bcx_tileir_string(m, i);
			bcx_buf_put_bytes(&data, s.ptr, s.len);
		} else {
			bcx_buf_printf(&data, "kernel_%zu", i - n0);
		}
	}
	bcx_buf_put_bytes(p, data.data, data.len);
	bcx_buf_free(&data);
}

/* Function entries: the vector's entries in turn, renamed. */
static void functions_payload(const bcx_tileir_module *m, const uint8_t *in, size_t kernels,
			      bcx_buf *p)
{
	size_t nf = bcx_tileir_function_count(m), n0 = bcx_tileir_string_count(m);
	bcx_buf_put_uleb128(p, kernels);
	for (size_t k = 0; k < kernels; k++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, k % nf);
		uint64_t name;
		size_t used;
		bcx_diag d = {0};
		if (bcx_uleb128_decode(in + f->entry_offset, 10, 64, &name, &used, &d) != BCX_OK)
			exit(1);
		size_t start = f->entry_offset + used, end = f->body_offset + f->body_len;
		bcx_buf_put_uleb128(p, n0 + k);
		bcx_buf_put_bytes(p, in + start, end - start);
	}
	bcx_buf_pad_to(p, 8, 0xcb);
}

static void copy_section(const bcx_tileir_module *m, const uint8_t *in, unsigned id, bcx_buf *o)
{
	const bcx_tileir_section *s = bcx_tileir_get_section(m, id);
	if (!s->present)
		return;
	bcx_buf p;
	bcx_buf_init(&p, NULL);
	bcx_buf_put_bytes(&p, in + s->payload_offset, s->length);
	put_section(o, id, s->alignment, &p);
	bcx_buf_free(&p);
}

static bool build(const uint8_t *in, size_t size, size_t kernels, bcx_buf *o)
{
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	if (bcx_tileir_open(in, size, NULL, &m, &d) != BCX_OK ||
	    bcx_tileir_get_section(m, BCX_TILEIR_SEC_DEBUG)->present) {
		fprintf(stderr, "vector unusable (needs no debug section): %s\n", d.message);
		bcx_tileir_close(m);
		return false;
	}
	bcx_buf p;
	bcx_buf_init(&p, NULL);
	bcx_buf_put_bytes(o, in, 12);
	copy_section(m, in, BCX_TILEIR_SEC_GLOBAL, o);
	functions_payload(m, in, kernels, &p);
	put_section(o, BCX_TILEIR_SEC_FUNCTION, 8, &p);
	copy_section(m, in, BCX_TILEIR_SEC_CONSTANT, o);
	copy_section(m, in, BCX_TILEIR_SEC_TYPE, o);
	copy_section(m, in, BCX_TILEIR_SEC_PRODUCER, o);
	p.len = 0;
	strings_payload(m, kernels, &p);
	put_section(o, BCX_TILEIR_SEC_STRING, 4, &p);
	bcx_buf_put_u8(o, 0);
	bcx_buf_free(&p);
	bcx_tileir_close(m);
	return o->status == BCX_OK;
}

typedef struct timing {
	double open, one, all, dis;
	size_t text;
} timing;

/* A sink that counts the text and drops it: the printer's own speed, not
 * that of growing a buffer as large as the text (bcx dis streams it). */
static bcx_status count_sink(void *ctx, const void *p, size_t n)
{
	(void)p;
	*(size_t *)ctx += n;
	return BCX_OK;
}

static bool run_once(const uint8_t *data, size_t size, bool lazy, timing *t)
{
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	const bcx_tileir_body *b;
	double t0 = now();
	bool ok = bcx_tileir_open(data, size, NULL, &m, &d) == BCX_OK;
	double t1 = now();
	size_t n = ok ? bcx_tileir_function_count(m) : 0;
	ok = ok && bcx_tileir_body_get(m, n / 2, &b, &d) == BCX_OK;
	double t2 = now();
	ok = ok && bcx_tileir_bodies_decoded(m) == 1; /* lazy: only that body */
	for (size_t i = 0; ok && !lazy && i < n; i++)
		ok = bcx_tileir_body_get(m, i, &b, &d) == BCX_OK;
	double t3 = now();
	bcx_tileir_close(m);
	m = NULL;
	size_t text = 0;
	double t4 = now();
	ok = ok && (lazy || (bcx_tileir_open(data, size, NULL, &m, &d) == BCX_OK &&
			     bcx_tileir_print_generic(m, -1, &(bcx_sink){count_sink, &text}, &d) == BCX_OK));
	double t5 = now();
	*t = (timing){t1 - t0, t2 - t1, (t3 - t2) + (t2 - t1), t5 - t4, text};
	bcx_tileir_close(m);
	if (!ok)
		fprintf(stderr, "bench: %s\n", d.message);
	return ok;
}

static void keep_best(timing *best, const timing *t, int rep)
{
	if (rep == 0 || t->open < best->open)
		best->open = t->open;
	if (rep == 0 || t->one < best->one)
		best->one = t->one;
	if (rep == 0 || t->all < best->all)
		best->all = t->all;
	if (rep == 0 || t->dis < best->dis)
		best->dis = t->dis;
	best->text = t->text;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench_tileir_read VECTOR.tileirbc [KERNELS] [OUT]\n");
		return 2;
	}
	size_t kernels = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 10000;
	uint8_t *in;
	size_t size;
	bcx_diag d = {0};
	if (bcx_file_read(argv[1], NULL, 0, &in, &size, &d) != BCX_OK) {
		fprintf(stderr, "bench: %s\n", d.message);
		return 1;
	}
	bcx_buf mod;
	bcx_buf_init(&mod, NULL);
	if (!build(in, size, kernels, &mod))
		return 1;
	if (argc > 3 && strcmp(argv[3], "-") != 0 &&
	    bcx_file_write_atomic(argv[3], mod.data, mod.len, &d) != BCX_OK)
		return 1;
	bool lazy = argc > 4 && strcmp(argv[4], "lazy") == 0;
	timing best = {0}, t;
	for (int rep = 0; rep < 5; rep++) {
		if (!run_once(mod.data, mod.len, lazy, &t))
			return 1;
		keep_best(&best, &t, rep);
	}
	double mb = (double)mod.len / 1e6;
	printf("module: %zu kernels, %.2f MB (from %s)\n", kernels, mb, argv[1]);
	printf("%-34s %12s\n", "measure (best of 5)", "value");
	printf("%-34s %9.3f ms\n", "open (header, tables, fn table)", best.open * 1e3);
	printf("%-34s %9.3f us\n", "decode one function (lazy)", best.one * 1e6);
	if (lazy) {
		bcx_buf_free(&mod);
		bcx_free(NULL, in, size + 1);
		return 0;
	}
	printf("%-34s %9.3f ms\n", "decode all functions, kept", best.all * 1e3);
	printf("%-34s %9.3f ms\n", "open + generic text (not kept)", best.dis * 1e3);
	printf("%-34s %9.1f MB/s in, %.1f MB/s text out\n", "disassembly throughput",
	       mb / best.dis, (double)best.text / 1e6 / best.dis);
	bcx_buf_free(&mod);
	bcx_free(NULL, in, size + 1);
	return 0;
}
