/* Throughput of the integer codecs: for each codec and three value
 * distributions, encode N values into one buffer and decode them back, and
 * copy the same encoded bytes with memcpy in the same run for scale.
 * Prints one table row per (codec, distribution): bytes per value, MB/s
 * (of encoded bytes) and million values per second, from the median CPU
 * time (user + sys of this process) of several runs, since the machine may
 * be shared,
 * for encoding, single-value decoding and the bulk decoders on each path
 * this CPU has (scalar, SSE4.1, AVX2; "-" for a path it lacks).
 *
 * Usage: bench_varint [N [CODEC [DIST]]]   (default 1000000 values, every
 * codec, every distribution; DIST is small, mixed or large)
 *        bench_varint --profile N CODEC DIST PATH REPS
 * The second form decodes the values REPS times through one bulk path
 * (scalar, sse4, avx2) and prints nothing else, for perf and callgrind:
 * the instructions a value are the bulk entry point's inclusive count
 * over N * REPS. */
#define _POSIX_C_SOURCE 200809L
#include "bcx/varint.h"
#include "varint/bulk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPEATS = 9 }; /* median of */
#define MIN_SECONDS 0.05

typedef enum { D_SMALL, D_MIXED, D_LARGE } dist;
static const char *const dist_names[] = {"all <128", "mixed", "mostly large"};
static const char *const dist_args[] = {"small", "mixed", "large"};

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dull;
}

/* A value of `bits` magnitude bits at most; signed codecs get a random
 * sign, keeping the same width (so "< 128" means -64 .. 63 for them). */
static uint64_t value_of(uint64_t *s, unsigned bits, bool is_signed)
{
	uint64_t r = rng(s);
	if (is_signed) {
		bits = bits > 1 ? bits - 1 : 1;
		uint64_t m = bits >= 64 ? r : r & (((uint64_t)1 << bits) - 1);
		return (r >> 63) ? ~m : m;
	}
	return bits >= 64 ? r : r & (((uint64_t)1 << bits) - 1);
}

/* small: every value below 2^7. mixed: 60% below 2^7, 25% below 2^16,
 * 10% below 2^32, 5% any 64-bit. mostly large: 90% of 33..64 bits. */
static unsigned bits_for(uint64_t *s, dist d)
{
	unsigned p = (unsigned)(rng(s) % 100);
	if (d == D_SMALL)
		return 7;
	if (d == D_MIXED)
		return p < 60 ? 7 : p < 85 ? 16 : p < 95 ? 32 : 64;
	return p < 90 ? 33 + (unsigned)(rng(s) % 32) : 1 + (unsigned)(rng(s) % 32);
}

typedef struct codec {
	const char *name;
	bool is_signed;
	/* Encode all n values into out; returns bytes written. */
	size_t (*encode)(const uint64_t *v, size_t n, uint8_t *out);
	/* Decode n values from in; returns a checksum (0 on error). */
	uint64_t (*decode)(const uint8_t *in, size_t len, size_t n, uint64_t *check);
	/* The same through the bulk decoder on one path, into out. */
	bcx_status (*bulk)(bcx_vbulk_path path, const uint8_t *in, size_t len, size_t n,
			   uint64_t *out);
} codec;

static bcx_status bulk_prefix(bcx_vbulk_path path, const uint8_t *in, size_t len, size_t n,
			      uint64_t *out)
{
	size_t done = 0, used = 0;
	return bcx_vbulk_prefix(path, in, len, out, n, &done, &used, NULL, 0);
}
static bcx_status bulk_zigzag(bcx_vbulk_path path, const uint8_t *in, size_t len, size_t n,
			      uint64_t *out)
{
	size_t done = 0, used = 0;
	return bcx_vbulk_prefix(path, in, len, out, n, &done, &used, NULL, 1);
}
#define BULK_LEB(NAME, KIND)                                                                   \
	static bcx_status bulk_##NAME(bcx_vbulk_path path, const uint8_t *in, size_t len,      \
				      size_t n, uint64_t *out)                                 \
	{                                                                                      \
		size_t done = 0, used = 0;                                                     \
		return bcx_vbulk_leb(path, in, len, 64, out, n, &done, &used, NULL, KIND);     \
	}
BULK_LEB(uleb, BCX_VB_ULEB)
BULK_LEB(sleb, BCX_VB_SLEB)
BULK_LEB(zleb, BCX_VB_ZLEB)
static bcx_status bulk_xip(bcx_vbulk_path path, const uint8_t *in, size_t len, size_t n,
			   uint64_t *out)
{
	size_t done = 0, used = 0;
	return bcx_vbulk_xip(path, in, len, (int64_t *)out, n, &done, &used, NULL);
}
static bcx_status bulk_vbr6(bcx_vbulk_path path, const uint8_t *in, size_t len, size_t n,
			    uint64_t *out)
{
	size_t done = 0;
	uint64_t pos = 0;
	return bcx_vbulk_vbr(path, in, len, 6, &pos, out, n, &done, NULL, 0);
}
static bcx_status bulk_svbr6(bcx_vbulk_path path, const uint8_t *in, size_t len, size_t n,
			     uint64_t *out)
{
	size_t done = 0;
	uint64_t pos = 0;
	return bcx_vbulk_vbr(path, in, len, 6, &pos, out, n, &done, NULL, 1);
}

/* Byte codecs: one encode/decode loop per codec, with direct calls. */
#define BYTE_CODEC(NAME, T, ENC, DEC)                                                          \
	static size_t enc_##NAME(const uint64_t *v, size_t n, uint8_t *out)                    \
	{                                                                                      \
		size_t pos = 0;                                                                \
		for (size_t i = 0; i < n; i++)                                                 \
			pos += ENC((T)v[i], out + pos);                                        \
		return pos;                                                                    \
	}                                                                                      \
	static uint64_t dec_##NAME(const uint8_t *in, size_t len, size_t n, uint64_t *check)   \
	{                                                                                      \
		size_t pos = 0, used = 0;                                                      \
		uint64_t sum = 0;                                                              \
		for (size_t i = 0; i < n; i++) {                                               \
			T x = 0;                                                               \
			if (DEC(in + pos, len - pos, &x, &used) != BCX_OK)                     \
				return 0;                                                      \
			pos += used;                                                           \
			sum += (uint64_t)x;                                                    \
			if (check)                                                             \
				check[i] = (uint64_t)x;                                        \
		}                                                                              \
		return sum | 1;                                                                \
	}

static bcx_status uleb_dec(const uint8_t *p, size_t n, uint64_t *v, size_t *used)
{
	return bcx_uleb128_decode(p, n, 64, v, used, NULL);
}
static bcx_status sleb_dec(const uint8_t *p, size_t n, int64_t *v, size_t *used)
{
	return bcx_sleb128_decode(p, n, 64, v, used, NULL);
}
static size_t zleb_enc(int64_t v, uint8_t *out)
{
	return bcx_uleb128_encode(bcx_zigzag_encode(v), out);
}
static bcx_status zleb_dec(const uint8_t *p, size_t n, int64_t *v, size_t *used)
{
	uint64_t u = 0;
	bcx_status s = bcx_uleb128_decode(p, n, 64, &u, used, NULL);
	*v = bcx_zigzag_decode(u);
	return s;
}
static bcx_status prefix_dec(const uint8_t *p, size_t n, uint64_t *v, size_t *used)
{
	return bcx_prefixvarint_decode(p, n, v, used, NULL);
}
static bcx_status zigzag_dec(const uint8_t *p, size_t n, int64_t *v, size_t *used)
{
	return bcx_prefixvarint_decode_signed(p, n, v, used, NULL);
}
static bcx_status xip_dec(const uint8_t *p, size_t n, int64_t *v, size_t *used)
{
	return bcx_xip_decode(p, n, v, used, NULL);
}

BYTE_CODEC(prefix, uint64_t, bcx_prefixvarint_encode, prefix_dec)
BYTE_CODEC(zigzag, int64_t, bcx_prefixvarint_encode_signed, zigzag_dec)
BYTE_CODEC(uleb, uint64_t, bcx_uleb128_encode, uleb_dec)
BYTE_CODEC(sleb, int64_t, bcx_sleb128_encode, sleb_dec)
BYTE_CODEC(zleb, int64_t, zleb_enc, zleb_dec)
BYTE_CODEC(xip, int64_t, bcx_xip_encode, xip_dec)

/* VBR6 (LLVM's operand width) through the bit writer and the bit cursor,
 * as a bitstream reader and writer use them. */
static size_t vbr_encode(const uint64_t *v, size_t n, uint8_t *out, bool sign)
{
	bcx_bitbuf w;
	bcx_bitbuf_init(&w, NULL);
	for (size_t i = 0; i < n; i++)
		bcx_bitbuf_emit_vbr(&w, sign ? bcx_svbr_encode((int64_t)v[i]) : v[i], 6);
	bcx_bitbuf_align32(&w);
	size_t len = bcx_bitbuf_status(&w) == BCX_OK ? w.bytes.len : 0;
	memcpy(out, w.bytes.data, len);
	bcx_bitbuf_free(&w);
	return len;
}

static uint64_t vbr_decode(const uint8_t *in, size_t len, size_t n, uint64_t *check, bool sign)
{
	bcx_bitcursor b;
	bcx_bit_init(&b, in, len, NULL);
	uint64_t sum = 0;
	for (size_t i = 0; i < n; i++) {
		uint64_t x = bcx_bit_vbr(&b, 6);
		if (sign)
			x = (uint64_t)bcx_svbr_decode(x);
		sum += x;
		if (check)
			check[i] = x;
	}
	return bcx_bit_ok(&b) ? sum | 1 : 0;
}

static size_t enc_vbr6(const uint64_t *v, size_t n, uint8_t *out)
{
	return vbr_encode(v, n, out, false);
}
static uint64_t dec_vbr6(const uint8_t *in, size_t len, size_t n, uint64_t *check)
{
	return vbr_decode(in, len, n, check, false);
}
static size_t enc_svbr6(const uint64_t *v, size_t n, uint8_t *out)
{
	return vbr_encode(v, n, out, true);
}
static uint64_t dec_svbr6(const uint8_t *in, size_t len, size_t n, uint64_t *check)
{
	return vbr_decode(in, len, n, check, true);
}

static const codec codecs[] = {
	{"prefix", false, enc_prefix, dec_prefix, bulk_prefix}, {"zigzag", true, enc_zigzag, dec_zigzag, bulk_zigzag},
	{"uleb", false, enc_uleb, dec_uleb, bulk_uleb},       {"sleb", true, enc_sleb, dec_sleb, bulk_sleb},
	{"zleb", true, enc_zleb, dec_zleb, bulk_zleb},        {"vbr6", false, enc_vbr6, dec_vbr6, bulk_vbr6},
	{"svbr6", true, enc_svbr6, dec_svbr6, bulk_svbr6},     {"xip", true, enc_xip, dec_xip, bulk_xip},
};

typedef struct job {
	const codec *c;
	const uint64_t *v;
	size_t n;
	uint8_t *buf, *copy;
	size_t len;
	uint64_t *out;
	bcx_vbulk_path path;
} job;

static volatile uint64_t sink;

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Median time of REPEATS runs, each repeating the operation for at least
 * MIN_SECONDS. op: 0 encode, 1 decode, 2 memcpy, 3 bulk decode. */
static double median_time(job *j, int op)
{
	double runs[REPEATS];
	for (int r = 0; r < REPEATS; r++) {
		double t0 = now(), t;
		unsigned iters = 0;
		do {
			if (op == 0)
				sink += j->c->encode(j->v, j->n, j->buf);
			else if (op == 1)
				sink += j->c->decode(j->buf, j->len, j->n, NULL);
			else if (op == 2)
				memcpy(j->copy, j->buf, j->len), sink += j->copy[j->len / 2];
			else
				sink += j->c->bulk(j->path, j->buf, j->len, j->n, j->out) +
					j->out[j->n / 2];
			iters++;
			t = now() - t0;
		} while (t < MIN_SECONDS);
		runs[r] = t / iters;
	}
	qsort(runs, REPEATS, sizeof runs[0], cmp_double);
	return runs[REPEATS / 2];
}

static void fill_values(const codec *c, dist d, size_t n, uint64_t *vals)
{
	uint64_t s = 0x9e3779b97f4a7c15ull ^ (uint64_t)d;
	for (size_t i = 0; i < n; i++)
		vals[i] = value_of(&s, bits_for(&s, d), c->is_signed);
}

/* Encode once, check the decode against the values, then time it all. */
static int run_one(const codec *c, dist d, size_t n, uint64_t *vals, uint64_t *check,
		   uint8_t *buf, uint8_t *copy)
{
	fill_values(c, d, n, vals);
	job j = {c, vals, n, buf, copy, 0, check, BCX_VBULK_SCALAR};
	j.len = c->encode(vals, n, buf);
	if (j.len == 0 || c->decode(buf, j.len, n, check) == 0 ||
	    memcmp(check, vals, n * sizeof *vals) != 0) {
		fprintf(stderr, "bench_varint: %s does not round-trip\n", c->name);
		return 1;
	}
	double te = median_time(&j, 0), td = median_time(&j, 1), tm = median_time(&j, 2);
	double mb = (double)j.len / 1e6, mv = (double)n / 1e6;
	printf("| %-6s | %-12s | %5.2f | %8.0f | %7.1f | %8.0f | %7.1f |", c->name, dist_names[d],
	       (double)j.len / (double)n, mb / te, mv / te, mb / td, mv / td);
	static const bcx_vbulk_path paths[] = {BCX_VBULK_SCALAR, BCX_VBULK_SSE4, BCX_VBULK_AVX2};
	double best_bulk = 1e30;
	for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++) {
		j.path = paths[k];
		if (!bcx_vbulk_for(j.path)) {
			printf(" %8s |", "-");
			continue;
		}
		memset(check, 0, n * sizeof *check);
		if (c->bulk(j.path, buf, j.len, n, check) != BCX_OK ||
		    memcmp(check, vals, n * sizeof *vals) != 0) {
			fprintf(stderr, "bench_varint: bulk %s on path %zu differs\n", c->name, k);
			return 1;
		}
		double tb = median_time(&j, 3);
		best_bulk = tb < best_bulk ? tb : best_bulk;
		printf(" %8.0f |", mb / tb);
	}
	printf(" %8.0f | %5.1fx |\n", mb / tm, best_bulk / tm);
	return 0;
}

static const codec *codec_named(const char *name)
{
	for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++)
		if (!strcmp(name, codecs[i].name))
			return &codecs[i];
	return NULL;
}

static int dist_named(const char *name)
{
	for (int d = D_SMALL; d <= D_LARGE; d++)
		if (!strcmp(name, dist_args[d]))
			return d;
	return -1;
}

/* --profile N CODEC DIST PATH REPS: the bulk decode alone, REPS times. */
static int profile(char **argv, uint64_t *vals, uint64_t *out, uint8_t *buf)
{
	size_t n = (size_t)strtoull(argv[2], NULL, 10);
	const codec *c = codec_named(argv[3]);
	int d = dist_named(argv[4]);
	bcx_vbulk_path path = !strcmp(argv[5], "scalar") ? BCX_VBULK_SCALAR
			      : !strcmp(argv[5], "sse4") ? BCX_VBULK_SSE4
			      : !strcmp(argv[5], "avx2") ? BCX_VBULK_AVX2
							 : BCX_VBULK_BEST;
	long reps = strtol(argv[6], NULL, 10);
	if (!c || d < 0 || !bcx_vbulk_for(path) || reps < 0) {
		fprintf(stderr, "bench_varint: bad --profile arguments or path not on this CPU\n");
		return 2;
	}
	fill_values(c, (dist)d, n, vals);
	size_t len = c->encode(vals, n, buf);
	uint64_t sum = 0;
	for (long r = 0; r < reps; r++) {
		if (c->bulk(path, buf, len, n, out) != BCX_OK)
			return 1;
		sum += out[n / 2];
	}
	printf("%zu values, %zu bytes, checksum %llx\n", n, len, (unsigned long long)sum);
	return 0;
}

int main(int argc, char **argv)
{
	bool prof = argc == 7 && !strcmp(argv[1], "--profile");
	size_t n = prof ? (size_t)strtoull(argv[2], NULL, 10)
		   : argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 1000000;
	const char *only = argc > 2 ? argv[2] : NULL;
	int only_d = argc > 3 ? dist_named(argv[3]) : -1;
	if (n == 0 || n > 100000000 || (!prof && argc > 4) || (argc > 3 && only_d < 0 && !prof)) {
		fprintf(stderr, "usage: bench_varint [N [CODEC [small|mixed|large]]]\n"
				"       bench_varint --profile N CODEC DIST PATH REPS\n"
				"  (1 .. 100000000 values)\n");
		return 2;
	}
	uint64_t *vals = malloc(n * sizeof *vals), *check = malloc(n * sizeof *check);
	uint8_t *buf = malloc(n * BCX_LEB128_MAX + 64), *copy = malloc(n * BCX_LEB128_MAX + 64);
	if (!vals || !check || !buf || !copy)
		return 1;
	int rc = 0;
	if (prof) {
		rc = profile(argv, vals, check, buf);
		goto done;
	}
	printf("%zu values per run; MB/s counts encoded bytes; median CPU time of %d runs\n\n", n, REPEATS);
	printf("| codec  | values       | B/val | enc MB/s | enc M/s | dec MB/s | dec M/s | "
	       "bulk scalar MB/s | bulk sse4 MB/s | bulk avx2 MB/s | memcpy MB/s | "
	       "bulk/memcpy time |\n");
	printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++)
		for (int d = D_SMALL; d <= D_LARGE && (!only || !strcmp(only, codecs[i].name)); d++)
			if (only_d < 0 || d == only_d)
				rc |= run_one(&codecs[i], (dist)d, n, vals, check, buf, copy);
done:
	free(vals);
	free(check);
	free(buf);
	free(copy);
	return rc;
}
