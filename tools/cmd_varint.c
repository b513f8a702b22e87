/* bcx varint: encode or decode one integer with one of the codecs, with
 * hex in and out, for people building or reading bytes by hand. */
#include "cli.h"
#include "bcx/varint.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cmd_varint_help(FILE *out);
int cmd_varint_run(int argc, char **argv);

void cmd_varint_help(FILE *out)
{
	fprintf(out,
		"Usage: bcx varint encode --codec CODEC VALUE\n"
		"       bcx varint decode --codec CODEC HEX\n\n"
		"Encode a decimal (or 0x-prefixed hex) integer and print its bytes in hex,\n"
		"or decode hex bytes (spaces allowed) and print the value in decimal.\n\n"
		"Codecs:\n"
		"  prefix   PrefixVarInt, unsigned (MLIR bytecode)\n"
		"  zigzag   PrefixVarInt of the zigzag form, signed\n"
		"  uleb     unsigned LEB128\n"
		"  sleb     signed LEB128\n"
		"  vbrN     LLVM VBR with N-bit chunks, N = 2..32 (bits packed LSB first)\n"
		"  svbrN    LLVM signed VBR: the sign rule, then VBR-N\n"
		"  xip      XVM integer packing (2019-2024 layout), up to 512-bit values\n\n"
		"decode fails (exit 1) on truncated or invalid bytes, and on bytes left over.\n");
}

typedef enum { C_PREFIX, C_ZIGZAG, C_ULEB, C_SLEB, C_VBR, C_SVBR, C_XIP } codec_kind;

typedef struct codec {
	codec_kind kind;
	unsigned width; /* VBR chunk width */
	bool is_signed;
} codec;

static bool parse_codec(const char *s, codec *c)
{
	static const struct { const char *name; codec_kind kind; bool sign; } fixed[] = {
		{"prefix", C_PREFIX, false}, {"zigzag", C_ZIGZAG, true}, {"uleb", C_ULEB, false},
		{"sleb", C_SLEB, true},      {"xip", C_XIP, true},
	};
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
	if (!*num || *end || errno || w < 2 || w > 32)
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

/* A decimal or 0x-hex integer; signed codecs accept a leading '-'. */
static bool parse_value(const char *s, bool is_signed, uint64_t *u, int64_t *v)
{
	char *end;
	errno = 0;
	if (is_signed) {
		long long x = strtoll(s, &end, 0);
		if (!*s || *end || errno)
			return false;
		*v = x;
		*u = (uint64_t)x;
		return true;
	}
	if (s[0] == '-')
		return false;
	unsigned long long x = strtoull(s, &end, 0);
	if (!*s || *end || errno)
		return false;
	*u = x;
	*v = (int64_t)x;
	return true;
}

static int do_encode(const codec *c, const char *arg)
{
	uint64_t u;
	int64_t v;
	if (!parse_value(arg, c->is_signed, &u, &v))
		return cli_usage("varint", "'%s' is not a%s 64-bit integer", arg,
				 c->is_signed ? " signed" : "n unsigned");
	uint8_t out[BCX_XIP_MAX];
	size_t n = 0;
	switch (c->kind) {
	case C_PREFIX: n = bcx_prefixvarint_encode(u, out); break;
	case C_ZIGZAG: n = bcx_prefixvarint_encode_signed(v, out); break;
	case C_ULEB: n = bcx_uleb128_encode(u, out); break;
	case C_SLEB: n = bcx_sleb128_encode(v, out); break;
	case C_VBR: n = bcx_vbr_encode_bytes(u, c->width, out, sizeof out); break;
	case C_SVBR: n = bcx_vbr_encode_bytes(bcx_svbr_encode(v), c->width, out, sizeof out); break;
	case C_XIP: n = bcx_xip_encode(v, out); break;
	}
	print_hex(out, n);
	return EXIT_OK;
}

static bcx_status decode_one(const codec *c, const uint8_t *in, size_t n, uint64_t *u,
			     int64_t *v, size_t *used, bcx_diag *d)
{
	bcx_status s = BCX_ERR_INVALID_ARG;
	size_t bits = 0;
	switch (c->kind) {
	case C_PREFIX: s = bcx_prefixvarint_decode(in, n, u, used, d); break;
	case C_ZIGZAG: s = bcx_prefixvarint_decode_signed(in, n, v, used, d); break;
	case C_ULEB: s = bcx_uleb128_decode(in, n, 64, u, used, d); break;
	case C_SLEB: s = bcx_sleb128_decode(in, n, 64, v, used, d); break;
	case C_XIP: s = bcx_xip_decode(in, n, v, used, d); break;
	case C_VBR:
	case C_SVBR:
		s = bcx_vbr_decode_bytes(in, n, c->width, u, &bits, d);
		*used = (bits + 7) / 8;
		if (c->kind == C_SVBR)
			*v = bcx_svbr_decode(*u);
		break;
	}
	return s;
}

static int do_decode(const codec *c, const char *arg)
{
	uint8_t in[256];
	size_t n;
	if (!parse_hex(arg, in, sizeof in, &n))
		return cli_usage("varint", "'%s' is not a list of hex bytes", arg);
	uint64_t u = 0;
	int64_t v = 0;
	size_t used = 0;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = decode_one(c, in, n, &u, &v, &used, &d);
	if (s != BCX_OK) {
		cli_report("<hex>", &d);
		return EXIT_INPUT;
	}
	if (used != n) {
		cli_error("<hex>:%zu: %zu byte%s left over after the value", used, n - used,
			  n - used == 1 ? "" : "s");
		return EXIT_INPUT;
	}
	if (c->is_signed)
		printf("%lld\n", (long long)v);
	else
		printf("%llu\n", (unsigned long long)u);
	return EXIT_OK;
}

int cmd_varint_run(int argc, char **argv)
{
	const char *mode = NULL, *codec_name = NULL, *arg = NULL;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--codec") == 0 && i + 1 < argc)
			codec_name = argv[++i];
		else if (strncmp(argv[i], "--codec=", 8) == 0)
			codec_name = argv[i] + 8;
		else if (!mode)
			mode = argv[i];
		else if (!arg)
			arg = argv[i];
		else
			return cli_usage("varint", "unexpected argument '%s'", argv[i]);
	}
	if (!mode || (strcmp(mode, "encode") != 0 && strcmp(mode, "decode") != 0))
		return cli_usage("varint", "expected 'encode' or 'decode'");
	if (!codec_name)
		return cli_usage("varint", "missing --codec");
	codec c;
	if (!parse_codec(codec_name, &c))
		return cli_usage("varint", "unknown codec '%s'", codec_name);
	if (!arg)
		return cli_usage("varint", "missing the value to %s", mode);
	return strcmp(mode, "encode") == 0 ? do_encode(&c, arg) : do_decode(&c, arg);
}
