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

static const char *const verb_names[CLI_VERB_COUNT] = {
	[CLI_DIS] = "dis",   [CLI_DUMP] = "dump", [CLI_STAT] = "stat",
	[CLI_COPY] = "copy", [CLI_ASM] = "asm",   [CLI_CONVERT] = "convert",
	[CLI_INFO] = "info", [CLI_RUN] = "run",   [CLI_VERIFY] = "verify",
};

const char *cli_verb_name(cli_verb v) { return verb_names[v]; }

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
		int k = snprintf(out + len, cap - len, "%s`bcx %s`", sep, verb_names[v]);
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

/* Text: the first 4 KiB hold no NUL and no control byte other than tab,
 * newline, carriage return and form feed. Bytes >= 0x80 (UTF-8) pass. */
static bool text_sniff(const uint8_t *p, size_t n)
{
	if (n == 0)
		return false;
	for (size_t i = 0; i < n && i < 4096; i++)
		if (p[i] < 0x20 && p[i] != '\t' && p[i] != '\n' && p[i] != '\r' && p[i] != '\f')
			return false;
	return true;
}

int cli_text_asm(const cli_input *in, const cli_args *a);
int cli_tileir_verify_text(const cli_input *in, const cli_args *a);

/* Text is read by `bcx asm`, which picks the text's format with --format
 * (default tileir) and hands over to that format's asm entry, and by
 * `bcx verify`, which reads Tile IR text in either form. */
const cli_format cli_format_text = {
	"text", "text", text_sniff, NULL,
	{[CLI_ASM] = cli_text_asm, [CLI_VERIFY] = cli_tileir_verify_text}};
