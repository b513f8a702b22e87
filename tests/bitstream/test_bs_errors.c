/* The bitstream library on streams built here: the writer's output read
 * back by the cursor, the analyzer and the tree; O(1) block skipping; and
 * one clean error, with its bit offset, for each kind of bad input. */
#include "bs_common.h"

#include <stdlib.h>
#include <string.h>

#define MAGIC_IR 0xDEC04342u /* "BC" 0x0 0xC 0xE 0xD */

/* ---- raw streams, for inputs the writer refuses to make ---- */

static size_t raw_enter(bcx_bitbuf *b, unsigned outer, uint32_t id, unsigned width)
{
	bcx_bitbuf_emit(b, 1, outer);
	bcx_bitbuf_emit_vbr(b, id, 8);
	bcx_bitbuf_emit_vbr(b, width, 4);
	bcx_bitbuf_align32(b);
	size_t at = b->bytes.len;
	bcx_bitbuf_emit(b, 0, 32);
	return at;
}

static void raw_end(bcx_bitbuf *b, unsigned width, size_t size_word)
{
	bcx_bitbuf_emit(b, 0, width);
	bcx_bitbuf_align32(b);
	bcx_bitbuf_patch_word(b, size_word, (uint32_t)((b->bytes.len - size_word) / 4 - 1));
}

/* Analyze b's bytes in dump mode; returns the status and fills d. */
static bcx_status analyze_raw(bcx_bitbuf *b, bcx_diag *d)
{
	bcx_bitbuf_align32(b);
	bcx_diag_clear(d);
	bcx_bs_analyze_options o = {.size = sizeof(bcx_bs_analyze_options), .filename = "t.bc", .dump = true};
	bcx_sink sink = {bs_sink_write, NULL};
	return bcx_bs_analyze(b->bytes.data, b->bytes.len, &o, &sink, NULL, d);
}

static void expect(bcx_bitbuf *b, bcx_status want, uint64_t bit, const char *what)
{
	bcx_diag d;
	bcx_status s = analyze_raw(b, &d);
	T_CHECKF(s == want, "%s: status %d, want %d (%s)", what, (int)s, (int)want, d.message);
	T_CHECKF(d.has_offset && d.is_bit_offset && d.offset == bit,
		 "%s: offset %llu, want bit %llu (%s)", what, (unsigned long long)d.offset,
		 (unsigned long long)bit, d.message);
	bs_stress_one(b->bytes.data, b->bytes.len);
	bcx_bitbuf_free(b);
}

static void start(bcx_bitbuf *b)
{
	bcx_bitbuf_init(b, NULL);
	bcx_bitbuf_emit(b, MAGIC_IR, 32);
}

static void test_undefined_abbrev(void)
{
	bcx_bitbuf b;
	start(&b);
	raw_enter(&b, 2, 8, 3);
	bcx_bitbuf_emit(&b, 5, 3); /* bit 96: no abbreviation 5 here */
	expect(&b, BCX_ERR_MALFORMED, 96, "undefined abbreviation");
}

static void test_block_past_end(void)
{
	bcx_bitbuf b;
	start(&b);
	size_t w = raw_enter(&b, 2, 8, 3);
	raw_end(&b, 3, w);
	bcx_bitbuf_patch_word(&b, w, 1000);
	expect(&b, BCX_ERR_TRUNCATED, 64, "block length past the end");
}

static void test_array_past_end(void)
{
	bcx_bitbuf b;
	start(&b);
	raw_enter(&b, 2, 8, 3);
	bcx_bitbuf_emit(&b, 2, 3);        /* DEFINE_ABBREV [lit 1, array, fixed 8] */
	bcx_bitbuf_emit_vbr(&b, 3, 5);
	bcx_bitbuf_emit(&b, 1, 1);
	bcx_bitbuf_emit_vbr(&b, 1, 8);
	bcx_bitbuf_emit(&b, 0, 1);
	bcx_bitbuf_emit(&b, 3, 3);
	bcx_bitbuf_emit(&b, 0, 1);
	bcx_bitbuf_emit(&b, 1, 3);
	bcx_bitbuf_emit_vbr(&b, 8, 5);
	uint64_t at = bcx_bitbuf_bit_pos(&b) + 3;
	bcx_bitbuf_emit(&b, 4, 3);        /* record, 100000 elements */
	bcx_bitbuf_emit_vbr(&b, 100000, 6);
	expect(&b, BCX_ERR_TRUNCATED, at, "array length past the end");
}

static void test_blob_past_end(void)
{
	bcx_bitbuf b;
	start(&b);
	raw_enter(&b, 2, 8, 3);
	bcx_bitbuf_emit(&b, 2, 3);        /* DEFINE_ABBREV [lit 1, blob] */
	bcx_bitbuf_emit_vbr(&b, 2, 5);
	bcx_bitbuf_emit(&b, 1, 1);
	bcx_bitbuf_emit_vbr(&b, 1, 8);
	bcx_bitbuf_emit(&b, 0, 1);
	bcx_bitbuf_emit(&b, 5, 3);
	uint64_t at = bcx_bitbuf_bit_pos(&b) + 3;
	bcx_bitbuf_emit(&b, 4, 3);
	bcx_bitbuf_emit_vbr(&b, 5000, 6);
	expect(&b, BCX_ERR_TRUNCATED, at, "blob length past the end");
}

static void test_vbr_too_wide(void)
{
	bcx_bitbuf b;
	start(&b);
	raw_enter(&b, 2, 8, 3);
	bcx_bitbuf_emit(&b, 3, 3);        /* UNABBREV code 1, 1 operand */
	bcx_bitbuf_emit_vbr(&b, 1, 6);
	bcx_bitbuf_emit_vbr(&b, 1, 6);
	uint64_t at = bcx_bitbuf_bit_pos(&b);
	for (int i = 0; i < 14; i++)      /* 14 chunks of 5 bits: 70 bits */
		bcx_bitbuf_emit(&b, 0x3f, 6);
	bcx_bitbuf_emit(&b, 0, 6);
	expect(&b, BCX_ERR_OVERFLOW, at, "VBR wider than 64 bits");
}

static void test_nesting(void)
{
	bcx_bitbuf b;
	start(&b);
	uint64_t at = 0;
	for (int i = 0; i <= BCX_BS_MAX_DEPTH; i++) {
		at = bcx_bitbuf_bit_pos(&b) + 2 + 8;
		raw_enter(&b, 2, 8, 2);
	}
	for (int i = 0; i < 4; i++)
		bcx_bitbuf_emit(&b, 0, 32);
	expect(&b, BCX_ERR_LIMIT, at, "nesting deeper than the limit");
}

static void test_blockinfo_before_setbid(void)
{
	bcx_bitbuf b;
	start(&b);
	size_t w = raw_enter(&b, 2, 0, 2);
	bcx_bitbuf_emit(&b, 3, 2);        /* BLOCKNAME "a" at bit 96 */
	bcx_bitbuf_emit_vbr(&b, 2, 6);
	bcx_bitbuf_emit_vbr(&b, 1, 6);
	bcx_bitbuf_emit_vbr(&b, 'a', 6);
	raw_end(&b, 2, w);
	expect(&b, BCX_ERR_MALFORMED, 96, "BLOCKINFO record before SETBID");
}

/* A block inside BLOCKINFO whose length word is one word short: the
 * BLOCKINFO pass skips to its second word and takes the END_BLOCK there
 * for the BLOCKINFO's own; the walk reads the block through. The analyzer
 * accepts the file, as llvm-bcanalyzer does; the tree refuses it, as its
 * copy (with the true length) would be read differently. */
static void test_blockinfo_nested_length(void)
{
	bcx_bitbuf b;
	start(&b);
	size_t bi = raw_enter(&b, 2, 0, 2);
	size_t w = raw_enter(&b, 2, 24, 2);
	bcx_bitbuf_emit(&b, 3, 2);        /* a record filling the word: 2+6+6+3*6 bits */
	bcx_bitbuf_emit_vbr(&b, 9, 6);
	bcx_bitbuf_emit_vbr(&b, 3, 6);
	for (int i = 0; i < 3; i++)
		bcx_bitbuf_emit_vbr(&b, 1, 6);
	raw_end(&b, 2, w);                /* END_BLOCK at bit 192 */
	bcx_bitbuf_patch_word(&b, w, 1);
	raw_end(&b, 2, bi);
	bcx_diag d;
	T_CHECKF(analyze_raw(&b, &d) == BCX_OK, "%s", d.message);
	bcx_bs_tree *t = NULL;
	bcx_status s = bcx_bs_tree_read(&t, b.bytes.data, b.bytes.len, NULL, &d);
	T_CHECKF(s == BCX_ERR_MALFORMED && t == NULL, "status %d", (int)s);
	T_CHECKF(d.has_offset && d.is_bit_offset && d.offset == 192, "offset %llu: %s",
		 (unsigned long long)d.offset, d.message);
	bcx_bs_tree_free(t);
	t = NULL;
	bcx_bitbuf_patch_word(&b, w, 2);  /* the true length: accepted */
	T_CHECKF(bcx_bs_tree_read(&t, b.bytes.data, b.bytes.len, NULL, &d) == BCX_OK, "%s",
		 d.message);
	bcx_bs_tree_free(t);
	bs_stress_one(b.bytes.data, b.bytes.len);
	bcx_bitbuf_free(&b);
}

/* An abbreviation of 200 literals used by 3000 three-bit records: 600000
 * operands from about 1.4 KB; the reader stops at its operand budget
 * instead of spending time quadratic in the input. */
static void test_operand_budget(void)
{
	bcx_bitbuf b;
	start(&b);
	raw_enter(&b, 2, 8, 3);
	bcx_bitbuf_emit(&b, 2, 3);
	bcx_bitbuf_emit_vbr(&b, 201, 5);
	for (int i = 0; i < 201; i++) {
		bcx_bitbuf_emit(&b, 1, 1);
		bcx_bitbuf_emit_vbr(&b, 7, 8);
	}
	for (int i = 0; i < 3000; i++)
		bcx_bitbuf_emit(&b, 4, 3);
	bcx_diag d;
	bcx_status s = analyze_raw(&b, &d);
	T_CHECKF(s == BCX_ERR_LIMIT && d.has_offset && d.is_bit_offset, "status %d: %s", (int)s,
		 d.message);
	bs_stress_one(b.bytes.data, b.bytes.len);
	bcx_bitbuf_free(&b);
}

static void test_toplevel_and_truncation(void)
{
	bcx_bitbuf b;
	start(&b);
	bcx_bitbuf_emit(&b, 3, 2);        /* a record at top level */
	expect(&b, BCX_ERR_MALFORMED, 32, "record at top level");
	start(&b);
	raw_enter(&b, 2, 8, 3);
	bcx_bitbuf_emit(&b, 3, 3);        /* record ... then the stream ends */
	bcx_bitbuf_emit_vbr(&b, 1, 6);
	bcx_bitbuf_emit_vbr(&b, 40, 6);
	expect(&b, BCX_ERR_TRUNCATED, 99, "operands past the end");
}

static void test_sizes_and_wrapper(void)
{
	static const uint8_t odd[6] = {'B', 'C', 0xC0, 0xDE, 0x35, 0};
	static const uint8_t wrap[20] = {0xDE, 0xC0, 0x17, 0x0B, 0, 0, 0, 0, 20, 0, 0, 0,
					 100, 0, 0, 0, 7, 0, 0, 1};
	bcx_bs_reader *r = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	T_EQ_I(bcx_bs_reader_new(&r, odd, sizeof odd, NULL, &d), BCX_ERR_MALFORMED);
	bcx_diag_clear(&d);
	/* a wrapper whose payload runs past the file: the file was cut short */
	T_EQ_I(bcx_bs_reader_new(&r, wrap, sizeof wrap, NULL, &d), BCX_ERR_TRUNCATED);
	T_CHECK(d.has_offset && !d.is_bit_offset && d.offset == 8);
	T_CHECK(r == NULL);
	/* a payload offset inside the header is no cut: malformed */
	uint8_t inside[sizeof wrap];
	memcpy(inside, wrap, sizeof wrap);
	inside[8] = 12;
	bcx_diag_clear(&d);
	T_EQ_I(bcx_bs_reader_new(&r, inside, sizeof inside, NULL, &d), BCX_ERR_MALFORMED);
	T_CHECK(bcx_bs_sniff(odd, sizeof odd) && bcx_bs_sniff(wrap, sizeof wrap));
	T_CHECK(!bcx_bs_sniff("ZZ\x0a\x0b", 4) && !bcx_bs_sniff("BC", 2));
}

/* ---- the writer, read back ---- */

static bcx_bs_abbrev *mk_abbrev(uint32_t n, const bcx_bs_abbrev_op *ops)
{
	bcx_bs_abbrev *ab = malloc(sizeof *ab + n * sizeof ops[0]);
	ab->nops = n;
	ab->array_at = 0;
	memcpy(ab->ops, ops, n * sizeof ops[0]);
	return ab;
}

/* BLOCKINFO for block 100 (an abbreviation and a name), then block 100 with a
 * local char6 array abbreviation, a blob, an unabbreviated record and a
 * nested block. */
static void write_sample(bcx_buf *out)
{
	static const bcx_bs_abbrev_op bi_ops[] = {{BCX_BS_OP_LITERAL, 5}, {BCX_BS_OP_FIXED, 8}};
	static const bcx_bs_abbrev_op str_ops[] = {
		{BCX_BS_OP_FIXED, 4}, {BCX_BS_OP_ARRAY, 0}, {BCX_BS_OP_CHAR6, 0}};
	static const bcx_bs_abbrev_op blob_ops[] = {{BCX_BS_OP_LITERAL, 7}, {BCX_BS_OP_BLOB, 0}};
	bcx_bs_abbrev *bi = mk_abbrev(2, bi_ops), *str = mk_abbrev(3, str_ops);
	bcx_bs_abbrev *blob = mk_abbrev(2, blob_ops);
	bcx_bs_writer *w;
	T_CHECK(bcx_bsw_new(&w, NULL) == BCX_OK);
	bcx_bsw_magic(w, MAGIC_IR);
	bcx_bsw_enter_block(w, 0, 2);
	uint64_t setbid = 100, name[] = {'M', 'I', 'N', 'E'};
	bcx_bsw_record(w, 3, 1, &setbid, 1, NULL, 0);
	T_EQ_U(bcx_bsw_define_abbrev(w, bi), 4);
	bcx_bsw_record(w, 3, 2, name, 4, NULL, 0);
	bcx_bsw_end_block(w);
	bcx_bsw_enter_block(w, 100, 3);
	uint64_t v = 200, hi[] = {'h', 'i'}, big[] = {1, (uint64_t)1 << 63};
	bcx_bsw_record(w, 4, 5, &v, 1, NULL, 0);
	T_EQ_U(bcx_bsw_define_abbrev(w, str), 5);
	bcx_bsw_record(w, 5, 9, hi, 2, NULL, 0);
	T_EQ_U(bcx_bsw_define_abbrev(w, blob), 6);
	bcx_bsw_record(w, 6, 7, NULL, 0, (const uint8_t *)"xyz", 3);
	bcx_bsw_record(w, 3, 9, big, 2, NULL, 0);
	bcx_bsw_enter_block(w, 9, 2);
	bcx_bsw_end_block(w);
	bcx_bsw_end_block(w);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_CHECKF(bcx_bsw_finish(w, out, &d) == BCX_OK, "%s", d.message);
	bcx_bsw_free(w);
	free(bi);
	free(str);
	free(blob);
}

/* As llvm-bcanalyzer-22 -dump prints the same bytes. */
static const char sample_dump[] =
	"<BLOCKINFO_BLOCK/>\n"
	"<MINE NumWords=11 BlockCodeSize=3>\n"
	"  <UnknownCode5 abbrevid=4 op0=200/>\n"
	"  <UnknownCode9 abbrevid=5 op0=104 op1=105/> record string = 'hi'\n"
	"  <UnknownCode7 abbrevid=6/> blob data = 'xyz'\n"
	"  <UnknownCode9 op0=1 op1=-9223372036854775808/>\n"
	"  <PARAMATTR_BLOCK NumWords=1 BlockCodeSize=2>\n"
	"  </PARAMATTR_BLOCK>\n"
	"</MINE>\n\n\n";

static void test_writer(void)
{
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	write_sample(&out);
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_bs_analyze_options o = {.size = sizeof(bcx_bs_analyze_options), .filename = "w.bc", .dump = true};
	T_CHECKF(bs_analyze_buf(out.data, out.len, &o, &text, &d) == BCX_OK, "%s", d.message);
	T_CHECKF(text.len > sizeof sample_dump - 1 &&
			 memcmp(text.data, sample_dump, sizeof sample_dump - 1) == 0,
		 "dump of the writer's stream:\n%.*s", (int)text.len, (const char *)text.data);
	/* The tree gives the same bytes back. */
	bcx_bs_tree *t = NULL;
	bcx_buf again;
	bcx_buf_init(&again, NULL);
	T_CHECK(bcx_bs_tree_read(&t, out.data, out.len, NULL, &d) == BCX_OK);
	T_CHECK(t && bcx_bs_tree_write(t, &again, &d) == BCX_OK);
	T_EQ_MEM(again.data, again.len, out.data, out.len);
	const bcx_bs_node *top = t ? bcx_bs_tree_top(t) : NULL;
	T_CHECK(top && top->kind == BCX_BS_NODE_BLOCK && top->block_id == 0 && top->next &&
		top->next->block_id == 100 && top->next->code_width == 3);
	bcx_bs_tree_free(t);
	bcx_buf_free(&again);
	bcx_buf_free(&text);
	bcx_buf_free(&out);
}

/* Walking a block and skipping it through its length word end at the
 * same bit. */
static void test_skip(void)
{
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	write_sample(&out);
	bcx_bs_reader *r;
	bcx_diag d;
	bcx_diag_clear(&d);
	T_CHECK(bcx_bs_reader_new(&r, out.data, out.len, NULL, &d) == BCX_OK);
	bcx_bs_entry e;
	T_CHECK(bcx_bs_next(r, &e) == BCX_OK && e.kind == BCX_BS_ENTRY_SUBBLOCK && e.block_id == 0);
	T_CHECK(bcx_bs_read_blockinfo(r) == BCX_OK);
	T_CHECK(bcx_bs_skip_block(r) == BCX_OK);
	T_CHECK(bcx_bs_next(r, &e) == BCX_OK && e.kind == BCX_BS_ENTRY_SUBBLOCK && e.block_id == 100);
	T_CHECK(bcx_bs_skip_block(r) == BCX_OK);
	T_EQ_U(bcx_bs_reader_bitpos(r), (uint64_t)out.len * 8);
	T_CHECK(bcx_bs_next(r, &e) == BCX_OK && e.kind == BCX_BS_ENTRY_EOF);
	bcx_bs_name nm = bcx_bs_block_name(r, 100);
	T_CHECK(nm.s && nm.len == 4 && memcmp(nm.s, "MINE", 4) == 0);
	bcx_bs_reader_free(r);
	bcx_buf_free(&out);
}

/* Records the writer must refuse. */
static void test_writer_errors(void)
{
	bcx_bs_writer *w;
	T_CHECK(bcx_bsw_new(&w, NULL) == BCX_OK);
	bcx_bsw_magic(w, MAGIC_IR);
	bcx_bsw_enter_block(w, 8, 3);
	bcx_bsw_record(w, 4, 1, NULL, 0, NULL, 0); /* no abbreviation 4 */
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_EQ_I(bcx_bsw_finish(w, &out, &d), BCX_ERR_INVALID_ARG);
	T_CHECK(d.message[0] != '\0');
	bcx_bsw_free(w);
	bcx_buf_free(&out);
}

/* ---- names through BLOCKINFO, as llvm-bcanalyzer-22 prints them ---- */

static void rec(bcx_bs_writer *w, uint32_t code, const uint64_t *ops, size_t n)
{
	bcx_bsw_record(w, 3, code, ops, n, NULL, 0);
}

static void check_dump(bcx_bs_writer *w, const bcx_bs_analyze_options *o, const char *want)
{
	bcx_buf out, text;
	bcx_buf_init(&out, NULL);
	bcx_buf_init(&text, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_CHECK(bcx_bsw_finish(w, &out, &d) == BCX_OK);
	bcx_bsw_free(w);
	T_CHECK(bs_analyze_buf(out.data, out.len, o, &text, &d) == BCX_OK);
	size_t n = strlen(want);
	T_CHECKF(text.len >= n && memcmp(text.data, want, n) == 0, "got:\n%.*s\nwant:\n%s",
		 (int)(text.len < n ? text.len : n), (const char *)text.data, want);
	bcx_buf_free(&out);
	bcx_buf_free(&text);
}

/* Names are C strings: a BLOCKNAME stops at its first NUL, an empty
 * SETRECORDNAME names the record "" (the reference prints "<" and
 * nothing), and a BLOCKNAME without characters is no name. The expected
 * text is what llvm-bcanalyzer-22 -dump -non-symbolic prints. */
static void test_names_are_c_strings(void)
{
	bcx_bs_writer *w;
	T_CHECK(bcx_bsw_new(&w, NULL) == BCX_OK);
	bcx_bsw_magic(w, MAGIC_IR);
	bcx_bsw_enter_block(w, 0, 2);
	uint64_t id = 100, rn[] = {5}, rn2[] = {6, 0, 'x'}, bn[] = {0, 'a', 'b'};
	rec(w, 1, &id, 1);
	rec(w, 3, rn, 1);
	rec(w, 3, rn2, 3);
	rec(w, 2, bn, 3);
	id = 101;
	rec(w, 1, &id, 1);
	rec(w, 2, NULL, 0);
	bcx_bsw_end_block(w);
	bcx_bsw_enter_block(w, 100, 3);
	rec(w, 5, NULL, 0);
	rec(w, 6, NULL, 0);
	bcx_bsw_end_block(w);
	bcx_bsw_enter_block(w, 101, 3);
	bcx_bsw_end_block(w);
	bcx_bs_analyze_options o = {.size = sizeof(bcx_bs_analyze_options), .filename = "n.bc", .dump = true, .non_symbolic = true};
	check_dump(w, &o,
		   "<BLOCKINFO_BLOCK/>\n"
		   "< BlockID=100 NumWords=2 BlockCodeSize=3>\n"
		   "  < codeid=5/>\n"
		   "  < codeid=6/>\n"
		   "</>\n"
		   "<UnknownBlock101 NumWords=1 BlockCodeSize=3>\n"
		   "</UnknownBlock101>\n");
}

/* A later empty BLOCKNAME clears an earlier one; unknown BLOCKINFO codes
 * are ignored; an unknown magic still gets BLOCKINFO names. */
static void test_blockname_cleared(void)
{
	bcx_bs_writer *w;
	T_CHECK(bcx_bsw_new(&w, NULL) == BCX_OK);
	bcx_bsw_magic(w, 0x5A5A0000u);
	bcx_bsw_enter_block(w, 0, 2);
	uint64_t id = 100, bn[] = {'a', 'b'}, rn[] = {5, 'q'};
	rec(w, 1, &id, 1);
	rec(w, 2, bn, 2);
	rec(w, 2, NULL, 0);
	rec(w, 3, rn, 2);
	rec(w, 9, rn, 2);
	bcx_bsw_end_block(w);
	bcx_bsw_enter_block(w, 100, 3);
	rec(w, 5, NULL, 0);
	bcx_bsw_end_block(w);
	bcx_bs_analyze_options o = {.size = sizeof(bcx_bs_analyze_options), .filename = "b.bc", .dump = true, .dump_blockinfo = true};
	check_dump(w, &o,
		   "<BLOCKINFO_BLOCK NumWords=5 BlockCodeSize=2>\n"
		   "  <SETBID op0=100/>\n"
		   "  <BLOCKNAME op0=97 op1=98/>\n"
		   "  <BLOCKNAME/>\n"
		   "  <SETRECORDNAME op0=5 op1=113/>\n"
		   "  <UnknownCode9 op0=5 op1=113/>\n"
		   "</BLOCKINFO_BLOCK>\n"
		   "<UnknownBlock100 NumWords=1 BlockCodeSize=3>\n"
		   "  <q/>\n"
		   "</UnknownBlock100>\n");
}

/* Operand values at every decimal width, printed as the reference does
 * (the dump formats 1- to 8-digit values apart from longer ones). */
static void test_operand_digits(void)
{
	uint64_t v[20] = {0, 9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000,
			  999999, 1000000, 9999999, 10000000, 99999999, 100000000,
			  4294967296, UINT64_MAX >> 1, UINT64_MAX};
	bcx_bs_writer *w;
	T_CHECK(bcx_bsw_new(&w, NULL) == BCX_OK);
	bcx_bsw_magic(w, MAGIC_IR);
	bcx_bsw_enter_block(w, 8, 3);
	bcx_bsw_record(w, 3, 1, v, 20, NULL, 0);
	bcx_bsw_end_block(w);
	bcx_buf out, text;
	bcx_buf_init(&out, NULL);
	bcx_buf_init(&text, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_CHECKF(bcx_bsw_finish(w, &out, &d) == BCX_OK, "%s", d.message);
	bcx_bsw_free(w);
	bcx_bs_analyze_options o = {.size = sizeof o, .filename = "d.bc", .dump = true};
	T_CHECKF(bs_analyze_buf(out.data, out.len, &o, &text, &d) == BCX_OK, "%s", d.message);
	static const char want[] =
		" op0=0 op1=9 op2=10 op3=99 op4=100 op5=999 op6=1000 op7=9999 op8=10000"
		" op9=99999 op10=100000 op11=999999 op12=1000000 op13=9999999 op14=10000000"
		" op15=99999999 op16=100000000 op17=4294967296 op18=9223372036854775807"
		" op19=-1/>";
	bcx_buf_put_u8(&text, 0);
	T_CHECKF(strstr((const char *)text.data, want) != NULL, "dump:\n%s",
		 (const char *)text.data);
	bcx_buf_free(&out);
	bcx_buf_free(&text);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_names_are_c_strings();
	test_blockname_cleared();
	test_writer();
	test_operand_digits();
	test_skip();
	test_writer_errors();
	test_undefined_abbrev();
	test_block_past_end();
	test_array_past_end();
	test_blob_past_end();
	test_vbr_too_wide();
	test_nesting();
	test_blockinfo_before_setbid();
	test_blockinfo_nested_length();
	test_toplevel_and_truncation();
	test_operand_budget();
	test_sizes_and_wrapper();
	return tu_finish();
}
