/* The format registry: detection, the names used in messages, and the
 * formats that bcx detects but has no verbs for yet. */
#include "formats.h"

#include <string.h>

static const cli_format *const registry[] = {
#define FORMAT(stem) &cli_format_##stem,
#include "formats.def"
#undef FORMAT
};
#define N_FORMATS (sizeof registry / sizeof registry[0])

static const struct {
	const char *name;
	bool many;
} verb_rows[CLI_VERB_COUNT] = {
#define VERB(id, name, many, summary) [CLI_##id] = {name, many},
#include "verbs.def"
#undef VERB
};

const char *cli_verb_name(cli_verb v) { return verb_rows[v].name; }
bool cli_verb_many(cli_verb v) { return verb_rows[v].many; }

const cli_format *cli_format_detect(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (registry[i]->sniff(data, size))
			return registry[i];
	return NULL;
}

const cli_format *cli_format_by_id(const char *id)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (strcmp(registry[i]->id, id) == 0)
			return registry[i];
	return NULL;
}

const char *cli_format_describe(const cli_format *f, const uint8_t *data, size_t size)
{
	return f->describe ? f->describe(data, size) : f->name;
}

/* asm reads text; the bytecode formats list it but do not read with it. */
static bool reads_input(const cli_format *f, int v)
{
	return f->verbs[v] && (v != CLI_ASM || f == &cli_format_text);
}

void cli_format_suggest(const cli_format *f, char *out, size_t cap)
{
	size_t n = 0, len = 0, count = 0;
	for (int v = 0; v < CLI_VERB_COUNT; v++)
		count += reads_input(f, v);
	out[0] = 0;
	for (int v = 0; v < CLI_VERB_COUNT && len < cap; v++) {
		if (!reads_input(f, v))
			continue;
		n++;
		const char *sep = n == 1 ? "" : n == count ? " or " : ", ";
		int k = snprintf(out + len, cap - len, "%s`bcx %s`", sep, verb_rows[v].name);
		if (k < 0)
			break;
		len += (size_t)k;
	}
}

void cli_format_list(cli_verb v, char *out, size_t cap)
{
	size_t len = 0;
	out[0] = 0;
	for (size_t i = 0; i < N_FORMATS && len < cap; i++) {
		if (registry[i] == &cli_format_text || !registry[i]->verbs[v])
			continue;
		int k = snprintf(out + len, cap - len, "%s%s", len ? ", " : "", registry[i]->id);
		if (k < 0)
			break;
		len += (size_t)k;
	}
}

void cli_hex_bytes(const uint8_t *data, size_t size, char *out, size_t cap)
{
	size_t len = 0;
	out[0] = 0;
	for (size_t i = 0; i < size && i < 8 && len + 4 <= cap; i++)
		len += (size_t)snprintf(out + len, cap - len, "%s%02x", i ? " " : "", data[i]);
}

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

/* The length of the UTF-8 sequence at p (n bytes left), 0 when it is not
 * one. A sequence cut by the end of the window (end_cut) counts as whole. */
static size_t utf8_len(const uint8_t *p, size_t n, bool end_cut)
{
	size_t len = p[0] < 0xC2 ? 0 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : p[0] < 0xF5 ? 4 : 0;
	for (size_t i = 1; len && i < len; i++) {
		if (i >= n)
			return end_cut ? n : 0;
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	}
	return len;
}

/* Text: the first 4 KiB are UTF-8 with no NUL, no DEL and no control byte
 * other than tab, newline, carriage return and form feed. (A truncated binary
 * magic such as 42 43 c0 is not UTF-8.) */
static bool text_sniff(const uint8_t *p, size_t n)
{
	if (n == 0)
		return false;
	size_t w = n < 4096 ? n : 4096;
	for (size_t i = 0; i < w;) {
		if (p[i] >= 0x80) {
			size_t len = utf8_len(p + i, w - i, n > 4096);
			if (!len)
				return false;
			i += len;
			continue;
		}
		if ((p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' && p[i] != '\r' && p[i] != '\f') ||
		    p[i] == 0x7F)
			return false;
		i++;
	}
	return true;
}

/* What a text looks like, from marks in its first 4 KiB, and what reads
 * it; the first row that matches wins. */
static const struct text_kind {
	const char *mark;   /* a substring ("\n" first: at a line's start) */
	const char *name;
	const char *hint;
} text_kinds[] = {
	{"cuda_tile.", "CUDA Tile IR MLIR text", "`bcx asm` reads it"},
	{"\n.func ", "Tapioca assembly", "`bcx asm --format tapioca` reads it"},
	{"; ModuleID", "LLVM IR text", "bcx reads LLVM bitcode, not its text (llvm-as-22 makes bitcode)"},
	{"\ndefine ", "LLVM IR text", "bcx reads LLVM bitcode, not its text (llvm-as-22 makes bitcode)"},
	{"\"builtin.module\"", "MLIR generic-form text", "`bcx asm --format mlirbc` reads it"},
	{"func.func", "MLIR text", "`bcx asm --format mlirbc` reads MLIR's generic form (mlir-opt-22 --mlir-print-op-generic prints it)"},
	{"\nmodule", "MLIR text", "`bcx asm --format mlirbc` reads MLIR's generic form (mlir-opt-22 --mlir-print-op-generic prints it)"},
};

/* Is mark in the window (at a line's start when it begins with '\n')? */
static bool has_mark(const uint8_t *p, size_t n, const char *mark)
{
	bool line = mark[0] == '\n';
	size_t m = strlen(mark + line);
	const char *s = mark + line;
	for (size_t i = 0; i + m <= n; i++)
		if ((!line || i == 0 || p[i - 1] == '\n') && memcmp(p + i, s, m) == 0)
			return true;
	return false;
}

static const struct text_kind *text_kind_of(const uint8_t *p, size_t n)
{
	size_t w = n < 4096 ? n : 4096;
	for (size_t i = 0; i < sizeof text_kinds / sizeof text_kinds[0]; i++)
		if (has_mark(p, w, text_kinds[i].mark))
			return &text_kinds[i];
	return NULL;
}

static const char *text_describe(const uint8_t *p, size_t n)
{
	const struct text_kind *k = text_kind_of(p, n);
	return k ? k->name : "text";
}

const char *cli_text_hint(const uint8_t *p, size_t n)
{
	const struct text_kind *k = text_kind_of(p, n);
	return k ? k->hint
		 : "`bcx asm` reads Tile IR text, `bcx asm --format mlirbc` MLIR generic-form "
		   "text, `bcx asm --format tapioca` Tapioca assembly";
}

/* ------------------------------------------------------------------ */
/* Compressed files                                                    */
/* ------------------------------------------------------------------ */

static const struct compressor {
	const char *magic;
	size_t n;
	const char *name;
	const char *tool; /* the command that writes the data to stdout */
} compressors[] = {
	{"\x1f\x8b", 2, "gzip-compressed data", "gzip -dc"},
	{"\x28\xb5\x2f\xfd", 4, "zstd-compressed data", "zstd -dc"},
	{"\xfd" "7zXZ\0", 6, "xz-compressed data", "xz -dc"},
};

static const struct compressor *compressor_of(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < sizeof compressors / sizeof compressors[0]; i++)
		if (n >= compressors[i].n && memcmp(p, compressors[i].magic, compressors[i].n) == 0)
			return &compressors[i];
	return NULL;
}

static bool compressed_sniff(const uint8_t *p, size_t n) { return compressor_of(p, n) != NULL; }

static const char *compressed_describe(const uint8_t *p, size_t n)
{
	const struct compressor *c = compressor_of(p, n);
	return c ? c->name : "compressed data";
}

const char *cli_compressed_tool(const uint8_t *p, size_t n)
{
	const struct compressor *c = compressor_of(p, n);
	return c ? c->tool : NULL;
}

/* Detected so that it is not taken for a bitstream of an unknown magic;
 * no verb reads it: the message says how to decompress it. */
const cli_format cli_format_compressed = {
	"compressed", "compressed data", compressed_sniff, compressed_describe, {0}, NULL};

/* ------------------------------------------------------------------ */
/* Truncated magics                                                    */
/* ------------------------------------------------------------------ */

static const struct magic {
	const char *bytes;
	size_t n;
	const char *name;
} magics[] = {
	{"BC\xc0\xde", 4, "LLVM bitcode"},
	{"\xde\xc0\x17\x0b", 4, "wrapped LLVM bitcode"},
	{"\x7fTileIR\0", 8, "CUDA Tile IR bytecode"},
	{"ML\xefR", 4, "MLIR bytecode"},
	{"TBON", 4, "a TBON object file"},
};

const char *cli_truncated_magic(const uint8_t *p, size_t n)
{
	for (size_t i = 0; n >= 2 && i < sizeof magics / sizeof magics[0]; i++)
		if (n < magics[i].n && memcmp(p, magics[i].bytes, n) == 0)
			return magics[i].name;
	return NULL;
}


/* Text is read by `bcx asm`, which picks the text's format with --format
 * (default tileir) and hands over to that format's asm entry, and by
 * `bcx verify`, which reads Tile IR text in either form. */
const cli_format cli_format_text = {
	"text", "text", text_sniff, text_describe,
	{[CLI_ASM] = cli_text_asm, [CLI_VERIFY] = cli_tileir_verify_text},
	NULL};
