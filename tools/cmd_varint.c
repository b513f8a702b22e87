/* bcx varint: encode or decode one integer with one of the codecs, with
 * hex in and out, for people building or reading bytes by hand. Values are
 * read as decimal or 0x-hex numbers through bcx_wide_parse(), so XIP can
 * take values up to 512 bits and every codec reads numbers the same way
 * (no octal surprises from a leading 0). */
#include "formats.h"
#include "bcx/varint.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cmd_varint_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx varint encode --codec CODEC VALUE\n"
		"       bcx varint decode --codec CODEC HEX\n\n"
		"Options:\n"
		"  --codec CODEC          the codec (--codec=CODEC works too); a VALUE\n"
		"                         such as -5 is a value, not an option\n\n"
		"encode prints the bytes of VALUE in hex; decode reads hex bytes (spaces,\n"
		"':' and ',' allowed, optional 0x) and prints the value in decimal.\n"
		"VALUE is decimal or 0x-hex, with an optional '-'; hex is the number itself,\n"
		"not a bit pattern (0xff is 255, -0x80 is -128).\n\n"
		"Codecs:                                                  VALUE range\n"
		"  prefix   PrefixVarInt, unsigned (MLIR bytecode)         0 .. 2^64-1\n"
		"  zigzag   PrefixVarInt of the zigzag form (MLIR signed)  -2^63 .. 2^63-1\n"
		"  uleb     unsigned LEB128                                0 .. 2^64-1\n"
		"  sleb     signed LEB128                                  -2^63 .. 2^63-1\n"
		"  zleb     unsigned LEB128 of the zigzag form (Tile IR)   -2^63 .. 2^63-1\n"
		"  vbrN     LLVM VBR, N-bit chunks, N = 2..32              0 .. 2^64-1\n"
		"  svbrN    LLVM signed VBR: sign rule, then VBR-N         -2^63 .. 2^63-1\n"
		"  xip      XVM integer packing, 2019-2024 layout          -2^511 .. 2^511-1\n\n"
		"VBR bytes are the bitstream packing: bits LSB first, the last byte padded\n"
		"with zero bits.\n\n"
		"Exit status: 0 success; 1 invalid bytes for decode (truncated, malformed,\n"
		"out of range, or bytes left over after the value); 2 usage error (unknown\n"
		"codec, VALUE or HEX that does not parse, VALUE outside the codec's range).\n");
}

typedef enum { C_PREFIX, C_ZIGZAG, C_ULEB, C_SLEB, C_ZLEB, C_VBR, C_SVBR, C_XIP } codec_kind;

typedef struct codec {
	codec_kind kind;
	unsigned width; /* VBR chunk width */
	bool is_signed;
} codec;

/* The codecs without a width; vbrN and svbrN take one. */
static const struct {
	const char *name;
	codec_kind kind;
	bool sign;
} fixed[] = {
	{"prefix", C_PREFIX, false}, {"zigzag", C_ZIGZAG, true}, {"uleb", C_ULEB, false},
	{"sleb", C_SLEB, true},      {"zleb", C_ZLEB, true},     {"xip", C_XIP, true},
};

void cmd_varint_codecs(FILE *out)
{
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		fprintf(out, "%s, ", fixed[i].name);
	fputs("vbrN, svbrN", out);
}

static bool parse_codec(const char *s, codec *c)
{
	for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
		if (strcmp(s, fixed[i].name) == 0) {
			*c = (codec){fixed[i].kind, 0, fixed[i].sign};
			return true;
		}
	bool sv = strncmp(s, "svbr", 4) == 0;
	if (!sv && strncmp(s, "vbr", 3) != 0)
		return false;
	const char *num = s + (sv ? 4 : 3);
	char *end;
	errno = 0;
	unsigned long w = strtoul(num, &end, 10);
	if (!isdigit((unsigned char)*num) || *end || errno || w < 2 || w > 32)
		return false;
	*c = (codec){sv ? C_SVBR : C_VBR, (unsigned)w, sv};
	return true;
}

/* Hex text ("ac 02", "ac02", "0xac02") to bytes. */
static bool parse_hex(const char *s, uint8_t *out, size_t cap, size_t *n)
{
	*n = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	int hi = -1;
	for (; *s; s++) {
		if (isspace((unsigned char)*s) || *s == ':' || *s == ',')
			continue;
		if (!isxdigit((unsigned char)*s))
			return false;
		int d = isdigit((unsigned char)*s) ? *s - '0' : (tolower((unsigned char)*s) - 'a' + 10);
		if (hi < 0) {
			hi = d;
			continue;
		}
		if (*n == cap)
			return false;
		out[(*n)++] = (uint8_t)(hi << 4 | d);
		hi = -1;
	}
	return hi < 0 && *n > 0;
}

static void print_hex(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		printf("%s%02x", i ? " " : "", p[i]);
	putchar('\n');
}

/* A minimal two's-complement value (from bcx_wide_parse) as a 64-bit bit
 * pattern: signed codecs take int64_t, unsigned ones 0 .. 2^64-1. */
static bool wide_to_u64(const uint8_t *be, size_t len, bool is_signed, uint64_t *u)
{
	bool neg = (be[0] & 0x80) != 0;
	if (is_signed ? len > 8 : (neg || len > 9 || (len == 9 && be[0] != 0)))
		return false;
	uint64_t x = neg ? UINT64_MAX : 0;
	for (size_t i = 0; i < len; i++)
		x = x << 8 | be[i];
	*u = x;
	return true;
}

/* Encodes a 64-bit codec's value; returns the byte count. */
static size_t encode64(const codec *c, uint64_t u, uint8_t out[BCX_XIP_MAX])
{
	int64_t v = (int64_t)u;
	switch (c->kind) {
	case C_PREFIX: return bcx_prefixvarint_encode(u, out);
	case C_ZIGZAG: return bcx_prefixvarint_encode_signed(v, out);
	case C_ULEB: return bcx_uleb128_encode(u, out);
	case C_SLEB: return bcx_sleb128_encode(v, out);
	case C_ZLEB: return bcx_uleb128_encode(bcx_zigzag_encode(v), out);
	case C_VBR: return bcx_vbr_encode_bytes(u, c->width, out, BCX_XIP_MAX);
	case C_SVBR: return bcx_vbr_encode_bytes(bcx_svbr_encode(v), c->width, out, BCX_XIP_MAX);
	case C_XIP: return bcx_xip_encode(v, out);
	}
	return 0;
}

static int do_encode(const codec *c, const char *arg)
{
	uint8_t be[BCX_XIP_WIDE_MAX], out[BCX_XIP_MAX];
	size_t len = 0, n = 0;
	uint64_t u = 0;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status ps = bcx_wide_parse(arg, be, &len, &d);
	if (ps != BCX_OK && (ps != BCX_ERR_OVERFLOW || c->kind == C_XIP))
		return cli_usage("varint", "%s", d.message);
	if (c->kind == C_XIP) {
		if (bcx_xip_encode_wide(be, len, out, &n, &d) != BCX_OK)
			return cli_usage("varint", "%s", d.message);
	} else {
		if (ps != BCX_OK || !wide_to_u64(be, len, c->is_signed, &u))
			return cli_usage("varint", "%s is outside the range of this codec (%s)",
					 arg, c->is_signed ? "-2^63 .. 2^63-1" : "0 .. 2^64-1");
		n = encode64(c, u, out);
	}
	print_hex(out, n);
	return EXIT_OK;
}

/* Decodes a 64-bit codec's value into *u (a bit pattern, see is_signed). */
static bcx_status decode64(const codec *c, const uint8_t *in, size_t n, uint64_t *u,
			   size_t *used, bcx_diag *d)
{
	bcx_status s = BCX_ERR_INVALID_ARG;
	int64_t v = 0;
	size_t bits = 0;
	switch (c->kind) {
	case C_PREFIX: s = bcx_prefixvarint_decode(in, n, u, used, d); break;
	case C_ZIGZAG: s = bcx_prefixvarint_decode_signed(in, n, &v, used, d); break;
	case C_ULEB: s = bcx_uleb128_decode(in, n, 64, u, used, d); break;
	case C_SLEB: s = bcx_sleb128_decode(in, n, 64, &v, used, d); break;
	case C_ZLEB:
		s = bcx_uleb128_decode(in, n, 64, u, used, d);
		v = bcx_zigzag_decode(*u);
		break;
	case C_VBR:
	case C_SVBR:
		s = bcx_vbr_decode_bytes(in, n, c->width, u, &bits, d);
		*used = (bits + 7) / 8;
		v = bcx_svbr_decode(*u);
		break;
	case C_XIP: break; /* decoded wide, see do_decode */
	}
	if (c->is_signed)
		*u = (uint64_t)v;
	return s;
}

static void print_value(const codec *c, uint64_t u)
{
	if (c->is_signed)
		printf("%lld\n", (long long)(int64_t)u);
	else
		printf("%llu\n", (unsigned long long)u);
}

static int do_decode(const codec *c, const char *arg)
{
	uint8_t in[256], wide[BCX_XIP_WIDE_MAX];
	size_t n, used = 0, wl = 0;
	if (!parse_hex(arg, in, sizeof in, &n))
		return cli_usage("varint", "'%s' is not a list of hex bytes (at most %zu)", arg,
				 sizeof in);
	uint64_t u = 0;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = c->kind == C_XIP ? bcx_xip_decode_wide(in, n, wide, &wl, &used, &d)
					: decode64(c, in, n, &u, &used, &d);
	if (s != BCX_OK) {
		cli_report("<hex>", &d);
		return EXIT_INPUT;
	}
	if (used != n) {
		cli_message("error", "<hex>", (long long)used, "%zu byte%s left over after the value",
			    n - used, n - used == 1 ? "" : "s");
		return EXIT_INPUT;
	}
	if (c->kind == C_XIP) {
		char text[BCX_WIDE_DEC_MAX];
		bcx_wide_to_decimal(wide, wl, text, sizeof text);
		puts(text);
	} else {
		print_value(c, u);
	}
	return EXIT_OK;
}

static const cli_opt varint_opts[] = {
	CLI_VALUE("--codec", "CODEC", codec, NULL, "the codec (see the list above)"),
};

int cmd_varint_run(int argc, char **argv)
{
	cli_args a;
	memset(&a, 0, sizeof a);
	a.verb = "varint";
	int rc = cli_parse(argc, argv, varint_opts, 1, 2, &a);
	if (rc != EXIT_OK)
		return rc;
	const char *mode = a.n_pos > 0 ? a.pos[0] : NULL, *arg = a.n_pos > 1 ? a.pos[1] : NULL;
	if (!mode || (strcmp(mode, "encode") != 0 && strcmp(mode, "decode") != 0))
		return cli_usage("varint", "expected 'encode' or 'decode'");
	if (!a.codec)
		return cli_usage("varint", "missing --codec");
	codec c;
	if (!parse_codec(a.codec, &c))
		return cli_usage("varint", "unknown codec '%s'", a.codec);
	if (!arg)
		return cli_usage("varint", "missing the value to %s", mode);
	return strcmp(mode, "encode") == 0 ? do_encode(&c, arg) : do_decode(&c, arg);
}
