/* Record lines of the dump where a remembered line start would go wrong:
 * a BLOCKINFO block that renames a code in the middle of a block and
 * between two blocks of one ID, the same block ID at two depths, block IDs
 * that share a cache (equal modulo 32), names and indents too long to
 * keep, codes past the kept ones. Streams come from bcx's writer; the
 * expected lines follow llvm-bcanalyzer's naming (spec llvm-bitstream.md
 * section 8). Needs no shared folder. */
#include "bs_common.h"

#include <stdlib.h>
#include <string.h>

static void rec(bcx_bs_writer *w, uint32_t code, uint64_t op)
{
	bcx_bsw_record(w, 3, code, &op, 1, NULL, 0);
}

/* A BLOCKINFO block naming code `code` of block `id` `name`. */
static void name_code(bcx_bs_writer *w, uint32_t id, uint32_t code, const char *name)
{
	uint64_t ops[96];
	size_t n = strlen(name);
	ops[0] = code;
	for (size_t i = 0; i < n; i++)
		ops[1 + i] = (uint8_t)name[i];
	bcx_bsw_enter_block(w, 0, 2);
	rec(w, 1, id); /* SETBID */
	bcx_bsw_record(w, 3, 3, ops, 1 + n, NULL, 0); /* SETRECORDNAME */
	bcx_bsw_end_block(w);
}

/* The dump of what w wrote (finished and freed here), NUL-terminated. */
static char *dump_of(bcx_bs_writer *w)
{
	bcx_buf bytes, text;
	bcx_buf_init(&bytes, NULL);
	bcx_buf_init(&text, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_EQ_U(bcx_bsw_finish(w, &bytes, &d), BCX_OK);
	bcx_bsw_free(w);
	bcx_bs_analyze_options o = {.size = sizeof o, .dump = true, .filename = "t.bc"};
	T_EQ_U(bs_analyze_buf(bytes.data, bytes.len, &o, &text, &d), BCX_OK);
	char *s = malloc(text.len + 1);
	if (s) {
		memcpy(s, text.data, text.len);
		s[text.len] = '\0';
	}
	bcx_buf_free(&bytes);
	bcx_buf_free(&text);
	return s;
}

static bcx_bs_writer *new_stream(void)
{
	bcx_bs_writer *w = NULL;
	T_EQ_U(bcx_bsw_new(&w, NULL), BCX_OK);
	bcx_bsw_magic(w, 0xDEC04342u); /* LLVM IR: built-in names apply */
	return w;
}

/* Whole lines ("\n...\n") in order: each after the one before (the two
 * share the newline between them when they follow each other). */
static void check_lines(const char *dump, const char *const *lines, size_t n)
{
	const char *at = dump;
	for (size_t i = 0; i < n && at; i++) {
		const char *found = strstr(at, lines[i]);
		T_CHECKF(found != NULL, "line %zu missing: %s", i, lines[i] + 1);
		at = found ? found + strlen(lines[i]) - 1 : NULL;
	}
}

/* TRIPLE (MODULE_BLOCK code 2), renamed by BLOCKINFO inside the block and
 * between two MODULE_BLOCKs at one depth. */
static void test_renamed(void)
{
	bcx_bs_writer *w = new_stream();
	if (!w)
		return;
	bcx_bsw_enter_block(w, 8, 3);
	rec(w, 2, 1);
	name_code(w, 8, 2, "Mid");
	rec(w, 2, 2);
	bcx_bsw_end_block(w);
	name_code(w, 8, 2, "Between");
	bcx_bsw_enter_block(w, 8, 3);
	rec(w, 2, 3);
	bcx_bsw_end_block(w);
	char *d = dump_of(w);
	static const char *const lines[] = {
		"\n  <TRIPLE op0=1/>\n", "\n  <Mid op0=2/>\n", "\n  <Between op0=3/>\n"};
	if (d)
		check_lines(d, lines, sizeof lines / sizeof lines[0]);
	free(d);
}

/* Block 8 at depths 1 and 3, block 40 (8 modulo 32) between them and
 * after them at depth 1, a code past 127, and a name longer than a kept
 * line start. */
static void test_depths_and_slots(void)
{
	static const char long_name[] = "A_RECORD_NAME_LONGER_THAN_ANY_LINE_START_THE_DUMP_KEEPS_XYZ";
	bcx_bs_writer *w = new_stream();
	if (!w)
		return;
	name_code(w, 40, 5, long_name);
	bcx_bsw_enter_block(w, 8, 3);
	rec(w, 1, 1);
	bcx_bsw_enter_block(w, 40, 3);
	rec(w, 5, 2);
	rec(w, 200, 3);
	bcx_bsw_enter_block(w, 8, 3);
	rec(w, 1, 4);
	bcx_bsw_end_block(w);
	rec(w, 5, 5);
	bcx_bsw_end_block(w);
	rec(w, 1, 6);
	bcx_bsw_end_block(w);
	bcx_bsw_enter_block(w, 40, 3); /* after block 8 at the same depth */
	rec(w, 1, 7);
	bcx_bsw_end_block(w);
	char *d = dump_of(w);
	static const char *const lines[] = {
		"\n  <VERSION op0=1/>\n",
		"\n    <A_RECORD_NAME_LONGER_THAN_ANY_LINE_START_THE_DUMP_KEEPS_XYZ op0=2/>\n",
		"\n    <UnknownCode200 op0=3/>\n",
		"\n      <VERSION op0=4/>\n",
		"\n    <A_RECORD_NAME_LONGER_THAN_ANY_LINE_START_THE_DUMP_KEEPS_XYZ op0=5/>\n",
		"\n  <VERSION op0=6/>\n",
		"\n  <UnknownCode1 op0=7/>\n"};
	if (d)
		check_lines(d, lines, sizeof lines / sizeof lines[0]);
	free(d);
}

/* 40 nested blocks: past a depth of about 25 the indent alone is longer
 * than a kept line start. Each level holds a record before and after the
 * level below. */
static void test_deep(void)
{
	enum { DEPTH = 40 };
	bcx_bs_writer *w = new_stream();
	if (!w)
		return;
	for (unsigned i = 0; i < DEPTH; i++) {
		bcx_bsw_enter_block(w, 8, 3);
		rec(w, 1, i);
	}
	for (unsigned i = DEPTH; i-- > 0;) {
		rec(w, 1, i);
		bcx_bsw_end_block(w);
	}
	char *d = dump_of(w);
	for (unsigned i = 0; d && i < DEPTH; i++) {
		char line[160];
		int n = snprintf(line, sizeof line, "\n%*s<VERSION op0=%u/>\n", 2 * (int)(i + 1), "", i);
		T_CHECK(n > 0 && (size_t)n < sizeof line);
		/* Twice: before and after the blocks inside. */
		const char *first = strstr(d, line);
		T_CHECKF(first && strstr(first + 1, line), "depth %u: %s", i + 1, line + 1);
	}
	free(d);
}

/* Operands of 10 to 13 VBR6 chunks (read from two windows), of 2 to 9
 * (packed from one) and of 9 and 10 digits (printed without a digit
 * loop), at each edge of those ranges
 * and as negative numbers past 2^63; the record is written several times
 * so that one copy is read with input to spare and one near the end. */
static void test_long_values(void)
{
	static const uint64_t ops[] = {
		(uint64_t)1 << 45, ((uint64_t)1 << 45) + 1, ((uint64_t)1 << 50) - 1,
		(uint64_t)1 << 50, ((uint64_t)1 << 55) + 12345, ((uint64_t)1 << 60) - 1,
		(uint64_t)1 << 60, (uint64_t)1 << 63, UINT64_MAX, 0x3FF0000000000000ull,
		100000000, 4294967295u, 9999999999ull, 10000000000ull, 1234567890,
		31, 32, 1023, 1024, 32767, 1048576, 33554439, 1073741824, 34359738367ull,
		1099511627777ull, 17592186044416ull};
	bcx_bs_writer *w = new_stream();
	if (!w)
		return;
	bcx_bsw_enter_block(w, 8, 3);
	for (int i = 0; i < 3; i++)
		bcx_bsw_record(w, 3, 99, ops, sizeof ops / sizeof ops[0], NULL, 0);
	bcx_bsw_end_block(w);
	char *d = dump_of(w);
	const char *line =
		"\n  <UnknownCode99 op0=35184372088832 op1=35184372088833 op2=1125899906842623 "
		"op3=1125899906842624 op4=36028797018976313 op5=1152921504606846975 "
		"op6=1152921504606846976 op7=-9223372036854775808 op8=-1 op9=4607182418800017408 "
		"op10=100000000 op11=4294967295 op12=9999999999 op13=10000000000 "
		"op14=1234567890 op15=31 op16=32 op17=1023 op18=1024 op19=32767 op20=1048576 "
		"op21=33554439 op22=1073741824 op23=34359738367 op24=1099511627777 "
		"op25=17592186044416/>\n";
	const char *lines[] = {line, line, line};
	if (d)
		check_lines(d, lines, 3);
	free(d);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_renamed();
	test_depths_and_slots();
	test_deep();
	test_long_values();
	return tu_finish();
}
