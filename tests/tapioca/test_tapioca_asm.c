/* The Tapioca assembler against hostile and wrong input: one nesting limit
 * and one UTF-8 rule shared with the TBON reader and writer, and every
 * error path of the assembler with its message and LINE:COL. */
#include "testutil.h"
#include "bcx/tapioca.h"
#include "tapioca/internal.h" /* the module's function count */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Assemble src into a fresh buffer, with a cleared diagnostic. */
static bcx_status asm_src(const char *src, bcx_buf *out, bcx_diag *d)
{
	bcx_diag_clear(d);
	bcx_buf_init(out, NULL);
	return bcx_tapioca_asm(src, strlen(src), out, d);
}

static bcx_status load(const bcx_buf *b, bcx_diag *d)
{
	bcx_tapioca_module *m = NULL;
	bcx_diag_clear(d);
	bcx_status s = bcx_tapioca_load(b->data, b->len, NULL, &m, d);
	bcx_tapioca_free(m);
	return s;
}

/* head, then `open` n times, then tail, then n closers (or none). */
static char *nested(const char *head, const char *open, size_t n, const char *tail, bool close)
{
	size_t hl = strlen(head), ol = strlen(open), tl = strlen(tail);
	char *s = malloc(hl + (ol + 1) * n + tl + 2), *p = s;
	memcpy(p, head, hl);
	p += hl;
	for (size_t i = 0; i < n; i++, p += ol)
		memcpy(p, open, ol);
	memcpy(p, tail, tl);
	p += tl;
	for (size_t i = 0; close && i < n; i++)
		*p++ = open[0] == '[' ? ']' : '}';
	memcpy(p, "\n", 2);
	return s;
}

/* The deepest literal the assembler accepts loads again; one level more is
 * refused by the assembler with the reader's message, at the value that
 * goes too deep; 20,000 levels cost no stack. */
static void check_nesting(const char *head, const char *open, const char *tail, const char *end)
{
	bcx_buf b;
	bcx_diag d;
	size_t ok_depth = 0;
	for (size_t n = 1; n <= 70; n++) {
		char *inner = nested(head, open, n, tail, true);
		char *src = malloc(strlen(inner) + strlen(end) + 1);
		strcpy(src, inner);
		strcat(src, end);
		bcx_status s = asm_src(src, &b, &d);
		if (s == BCX_OK) {
			ok_depth = n;
			T_CHECKF(load(&b, &d) == BCX_OK, "%s x%zu assembles but does not load: %s",
				 head, n, d.message);
		} else {
			T_CHECKF(n == ok_depth + 1, "%s x%zu: %s", head, n, d.message);
			T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "message '%s'",
				 d.message);
			unsigned long line = 0, col = 0;
			line = d.line, col = d.column;
			if (!T_CHECK(line && col))
				break;
			/* the first value too deep is an innermost 1 (an item or a key) */
			const char *ln = src;
			for (unsigned long k = 1; k < line; k++)
				ln = strchr(ln, '\n') + 1;
			T_CHECKF(ln[col - 1] == '1' && col > strlen(open) * (n - 1),
				 "%s x%zu: column %lu", head, n, col);
		}
		bcx_buf_free(&b);
		free(inner);
		free(src);
		if (s != BCX_OK)
			break;
	}
	T_CHECKF(ok_depth >= 55 && ok_depth < 70, "%s: %zu levels accepted", head, ok_depth);
	char *deep = nested(head, open, 20000, tail, false);
	T_EQ_U(asm_src(deep, &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "message '%s'", d.message);
	bcx_buf_free(&b);
	free(deep);
}

static void test_nesting(void)
{
	check_nesting(".global g ", "[", "1", "");
	check_nesting(".global g ", "{1: ", "1", "");
	check_nesting(".func main 0\n load_const r1, ", "[", "1", " return r1\n.end\n");
}

/* The reader and the writer apply the same limit: depth 64 is written and
 * read, depth 65 is refused by both. */
static void test_tbon_depth(void)
{
	bcx_tbon_value v[67];
	memset(v, 0, sizeof v);
	for (size_t i = 0; i < 67; i++) {
		v[i].kind = BCX_TBON_K_ARRAY;
		v[i].type = BCX_TBON_ARRAY;
		v[i].elem = BCX_TBON_OBJECT;
		v[i].len = 1;
		v[i].items = &v[i + 1];
	}
	for (size_t top = 0; top < 3; top++) {
		/* the chain from v[top] ends in nil at depth 65 - top */
		v[65].kind = BCX_TBON_K_NIL;
		v[65].type = BCX_TBON_NIL;
		bcx_tbon_file f;
		memset(&f, 0, sizeof f);
		f.root = v[top];
		bcx_buf b;
		bcx_buf_init(&b, NULL);
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_status s = bcx_tbon_write(&f, &b, &d);
		if (top == 0) {
			T_EQ_U(s, BCX_ERR_LIMIT);
			T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "'%s'", d.message);
			/* the same bytes by hand: the reader refuses them alike */
			bcx_buf_free(&b);
			bcx_buf_init(&b, NULL);
			bcx_buf_put_bytes(&b, "TBON\x01", 5);
			for (int i = 0; i < 65; i++)
				bcx_buf_put_bytes(&b, "\x21\x04", 2);
			bcx_buf_put_u8(&b, 0x05);
		} else {
			T_EQ_U(s, BCX_OK);
		}
		bcx_arena *a = bcx_arena_new(NULL);
		bcx_tbon_file g;
		bcx_diag_clear(&d);
		s = bcx_tbon_read(b.data, b.len, a, NULL, &g, &d);
		T_EQ_U(s, top == 0 ? BCX_ERR_LIMIT : BCX_OK);
		if (top == 0)
			T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "'%s'", d.message);
		bcx_arena_free(a);
		bcx_buf_free(&b);
	}
}

/* A name that is not UTF-8 is refused by the assembler and the writer with
 * the reader's rule and message. */
static void test_utf8(void)
{
	static const char *const bad[] = {"\\xff", "\\xc3\\x28", "\\xc0\\x80", "\\xed\\xa0\\x80",
					  "\\xf4\\x90\\x80\\x80", "\\xe2\\x82"};
	static const char *const good[] = {"\\xc3\\xa9", "\\xf0\\x9f\\x98\\x80", "plain", ""};
	char src[200];
	bcx_buf b;
	bcx_diag d;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(src, sizeof src, ".global g 1\n.global \"%s\" 2\n", bad[i]);
		T_EQ_U(asm_src(src, &b, &d), BCX_ERR_MALFORMED);
		T_CHECKF(strcmp(d.message, "name is not valid UTF-8") == 0, "%s: '%s'", bad[i],
			 d.message);
		T_CHECKF(strcmp(tu_diag_pos(&d), "2:9") == 0, "%s: at %s", bad[i], tu_diag_pos(&d));
		bcx_buf_free(&b);
		snprintf(src, sizeof src, ".global g [1, \"%s\"]\n", bad[i]);
		T_EQ_U(asm_src(src, &b, &d), BCX_ERR_MALFORMED);
		T_CHECKF(strcmp(tu_diag_pos(&d), "1:15") == 0, "%s: at %s", bad[i], tu_diag_pos(&d));
		bcx_buf_free(&b);
	}
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		snprintf(src, sizeof src, ".global \"%s\" \"%s\"\n", good[i], good[i]);
		T_CHECKF(asm_src(src, &b, &d) == BCX_OK, "%s: %s", good[i], d.message);
		T_CHECKF(load(&b, &d) == BCX_OK, "%s: %s", good[i], d.message);
		bcx_buf_free(&b);
	}
	/* the writer, and the reader on the bytes the writer would have made */
	bcx_tbon_file f;
	memset(&f, 0, sizeof f);
	f.root = bcx_tbon_name("\xff", 1);
	bcx_buf_init(&b, NULL);
	bcx_diag_clear(&d);
	T_EQ_U(bcx_tbon_write(&f, &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "name is not valid UTF-8") == 0, "'%s'", d.message);
	bcx_buf_free(&b);
	bcx_arena *a = bcx_arena_new(NULL);
	bcx_diag_clear(&d);
	T_EQ_U(bcx_tbon_read((const uint8_t *)"TBON\x01\x61\xff", 7, a, NULL, &f, &d),
	       BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "name is not valid UTF-8") == 0, "'%s'", d.message);
	bcx_arena_free(a);
}

/* Run main of an assembled program; the trap (or OK) and r-value. */
static bcx_status run_src(const char *src, uint64_t *value, bcx_diag *d)
{
	bcx_buf b;
	bcx_status s = asm_src(src, &b, d);
	bcx_tapioca_module *m = NULL;
	if (s == BCX_OK)
		s = bcx_tapioca_load(b.data, b.len, NULL, &m, d);
	bcx_tapioca_result r;
	if (s == BCX_OK)
		s = bcx_tapioca_run(m, "main", NULL, &r, d);
	if (s == BCX_OK)
		*value = r.value;
	bcx_tapioca_free(m);
	bcx_buf_free(&b);
	return s;
}

/* `load_const r1, TEXT` then `return r1` gives the register bits want. */
static void check_load_const(const char *text, uint64_t want)
{
	char src[160];
	bcx_diag d;
	snprintf(src, sizeof src, ".func main 0\n load_const r1, %s\n return r1\n.end\n", text);
	uint64_t v = 99;
	T_CHECKF(run_src(src, &v, &d) == BCX_OK, "%s: %s", text, d.message);
	T_CHECKF(v == want, "%s: bits %llx, want %llx", text, (unsigned long long)v,
		 (unsigned long long)want);
}

/* A subnormal is a binary64 value like any other (strtod's ERANGE is no
 * error there); only a real overflow is refused. */
static void test_subnormal(void)
{
	static const struct { const char *text; uint64_t bits; } ok[] = {
		{"5e-324", 1}, {"-4.9406564584124654e-324", 0x8000000000000001ull},
		{"2.2250738585072009e-308", 0x000FFFFFFFFFFFFFull}, {"1e-400", 0},
		{"1.7976931348623157e308", 0x7FEFFFFFFFFFFFFFull}};
	bcx_diag d;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		check_load_const(ok[i].text, ok[i].bits);
	bcx_buf b;
	T_EQ_U(asm_src(".global g 1e999\n", &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "'1e999' is outside the binary64 range") == 0, "'%s'", d.message);
	bcx_buf_free(&b);
}

/* Integers are decimal or 0x hex; a leading zero is not octal. */
static void test_int_bases(void)
{
	static const struct { const char *text; uint64_t value; } ok[] = {
		{"017", 17}, {"-017", (uint64_t)-17}, {"0x1f", 31}, {"-0x10", (uint64_t)-16},
		{"010u", 10}, {"0", 0}, {"09", 9}};
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
		check_load_const(ok[i].text, ok[i].value);
}

/* Read a file; its root value (names and wide values point into arena). */
static bcx_status read_root(const uint8_t *p, size_t n, bcx_arena *a, bcx_tbon_value *root,
			    bcx_diag *d)
{
	bcx_tbon_file f;
	bcx_diag_clear(d);
	bcx_status s = bcx_tbon_read(p, n, a, NULL, &f, d);
	if (s == BCX_OK)
		*root = f.root;
	return s;
}

/* Write a file whose root is root (no pool) into b (initialized here). */
static bcx_status write_root(const bcx_tbon_value *root, bcx_buf *b, bcx_diag *d)
{
	bcx_tbon_file f;
	memset(&f, 0, sizeof f);
	f.root = *root;
	bcx_buf_init(b, NULL);
	bcx_diag_clear(d);
	return bcx_tbon_write(&f, b, d);
}

/* Signed VA up to 512 bits (notes B.4): asm -> TBON -> dis -> asm gives the
 * same bytes, the reader keeps the value, dump prints it in decimal; a
 * register cannot hold one. */
static void test_wide_va(void)
{
	static const char *const vals[] = {
		"9223372036854775808", "-9223372036854775809", "18446744073709551616",
		"6703903964971298549787012499102923063739682910296196688861780721860882015036773"
		"488400937149083451713845015929093243025426876941405973284973216824503042047",
		"-6703903964971298549787012499102923063739682910296196688861780721860882015036773"
		"488400937149083451713845015929093243025426876941405973284973216824503042048"};
	static const size_t bytes[] = {9, 9, 9, 64, 64};
	char src[400];
	bcx_diag d;
	for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
		snprintf(src, sizeof src, ".global g ixip:%s\n.global a [ixip: 1, %s]\n", vals[i],
			 vals[i]);
		bcx_buf b, t, b2;
		T_CHECKF(asm_src(src, &b, &d) == BCX_OK, "%s: %s", vals[i], d.message);
		bcx_buf_init(&t, NULL);
		T_CHECK(bcx_tapioca_dis(b.data, b.len, &t, &d) == BCX_OK);
		bcx_buf_put_u8(&t, 0);
		T_CHECKF(strstr((const char *)t.data, vals[i]) != NULL, "dis: %s", (char *)t.data);
		T_CHECK(asm_src((const char *)t.data, &b2, &d) == BCX_OK);
		T_EQ_MEM(b2.data, b2.len, b.data, b.len);
		bcx_arena *a = bcx_arena_new(NULL);
		bcx_tbon_file f;
		T_CHECK(bcx_tbon_read(b.data, b.len, a, NULL, &f, &d) == BCX_OK);
		T_CHECK(f.pool_count == 2 && f.pool[0].kind == BCX_TBON_K_BIGINT &&
			f.pool[0].len == bytes[i] && f.pool[1].items[1].kind == BCX_TBON_K_BIGINT);
		bcx_arena_free(a);
		bcx_buf_free(&t);
		bcx_buf_init(&t, NULL);
		T_CHECK(bcx_tbon_dump(b.data, b.len, false, NULL, &t, &d) == BCX_OK);
		bcx_buf_put_u8(&t, 0);
		T_CHECKF(strstr((const char *)t.data, vals[i]) != NULL, "dump: %s", (char *)t.data);
		bcx_buf_free(&t);
		bcx_buf_free(&b);
		bcx_buf_free(&b2);
	}
	/* 2^511 does not fit; the 2019 Large form with 64 payload bytes reads */
	bcx_buf b;
	snprintf(src, sizeof src, ".global g ixip:0x8%0127d\n", 0);
	T_EQ_U(asm_src(src, &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strstr(d.message, "does not fit a signed VA (512 bits)") != NULL, "'%s'", d.message);
	bcx_buf_free(&b);
	uint8_t x[71] = "TBON\x01\x17\xfc\x80";
	bcx_arena *a = bcx_arena_new(NULL);
	bcx_tbon_value v;
	T_EQ_U(read_root(x, sizeof x, a, &v, &d), BCX_OK);
	T_CHECK(v.kind == BCX_TBON_K_BIGINT && v.len == 64 && v.wide[0] == 0x80);
	T_EQ_U(read_root(x, sizeof x - 1, a, &v, &d), BCX_ERR_TRUNCATED);
	bcx_arena_free(a);
	uint64_t r;
	T_EQ_U(run_src(".func main 0\n load_const r1, ixip:18446744073709551616\n return r1\n"
		       ".end\n", &r, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strstr(d.message, "a constant of TBON type 0x17 does not fit a 64-bit register"),
		 "'%s'", d.message);
	T_EQ_U(run_src(".func main 0\n load_const r1, ixip:-5\n return r1\n.end\n", &r, &d),
	       BCX_OK);
	T_EQ_I((int64_t)r, -5);
}

/* Nil is an element signature (the note's last table): its elements take
 * no bytes and the reader keeps no items for them. */
static void test_nil_elements(void)
{
	bcx_arena *a = bcx_arena_new(NULL);
	bcx_tbon_value v;
	bcx_diag d;
	static const uint8_t big[] = "TBON\x01\x3f\x05\x87\xff\x7f";
	T_EQ_U(read_root(big, sizeof big - 1, a, &v, &d), BCX_OK);
	T_CHECK(v.kind == BCX_TBON_K_ARRAY && v.elem == BCX_TBON_NIL && v.len == 0x1FFFF &&
		!v.items);
	bcx_buf b;
	T_CHECK(write_root(&v, &b, &d) == BCX_OK);
	T_EQ_MEM(b.data, b.len, big, sizeof big - 1);
	bcx_buf_free(&b);
	static const uint8_t over[] = "TBON\x01\x3f\x05\x88\x80\x80\x01"; /* 2^24 + 1 */
	T_EQ_U(read_root(over, sizeof over - 1, a, &v, &d), BCX_ERR_LIMIT);
	bcx_arena_free(a);
	const char *src = ".global n [nil: nil, nil, nil]\n.func main 0\n load_global r1, n\n"
			  " load_global r2, @len\n invoke r2, r1, 1\n return r2\n.end\n";
	uint64_t r = 0;
	T_CHECKF(run_src(src, &r, &d) == BCX_OK, "%s", d.message);
	T_EQ_U(r, 3);
	T_CHECK(asm_src(".global n [nil: nil, 1]\n", &b, &d) == BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "expected nil") == 0 && strcmp(tu_diag_pos(&d), "1:22") == 0,
		 "'%s' at %s", d.message, tu_diag_pos(&d));
	bcx_buf_free(&b);
}

/* Falling off the end is a runtime error (notes B.3 item 7): functions
 * that end in any instruction, or are empty, assemble and load. */
static void test_fall_off_loads(void)
{
	static const char *const srcs[] = {
		".func main 0\n load_imm_int r1, 5\n.end\n",
		".func main 0\n.end\n",
		".func main 0\n jmp x\n return r0\nx:\n add.i r1, r1, r1\n.end\n"};
	for (size_t i = 0; i < sizeof srcs / sizeof srcs[0]; i++) {
		bcx_buf b;
		bcx_diag d;
		T_CHECKF(asm_src(srcs[i], &b, &d) == BCX_OK, "%s", d.message);
		T_CHECKF(load(&b, &d) == BCX_OK, "%s: %s", srcs[i], d.message);
		bcx_buf_free(&b);
	}
}

/* load_global indexes the file's const pool (notes B.4): a Symbols entry
 * that is no const ref is found by name, but load_global cannot name it. */
static void test_global_pool(void)
{
	bcx_tbon_value code[2], fn[8], syms[2], root[4];
	memset(fn, 0, sizeof fn);
	memset(root, 0, sizeof root);
	code[0] = bcx_tbon_uint(0x34000000); /* load_global r0, 0 */
	code[1] = bcx_tbon_uint(0x41000000); /* return r0 */
	fn[0] = bcx_tbon_name("bytecode", 8);
	fn[1].kind = BCX_TBON_K_ARRAY;
	fn[1].elem = BCX_TBON_U32;
	fn[1].items = code;
	fn[1].len = 2;
	fn[2] = bcx_tbon_name("params", 6);
	fn[3] = bcx_tbon_uint(0);
	syms[0] = bcx_tbon_name("main", 4);
	syms[1].kind = BCX_TBON_K_MAP;
	syms[1].items = fn;
	syms[1].len = 2;
	root[0] = bcx_tbon_name("Symbols", 7);
	root[1].kind = BCX_TBON_K_MAP;
	root[1].items = syms;
	root[1].len = 1;
	bcx_tbon_file f;
	memset(&f, 0, sizeof f);
	f.root.kind = BCX_TBON_K_MAP;
	f.root.items = root;
	f.root.len = 1;
	for (int with_ldg = 1; with_ldg >= 0; with_ldg--) {
		fn[1].items = code + !with_ldg;
		fn[1].len = 2 - (size_t)!with_ldg;
		bcx_buf b;
		bcx_buf_init(&b, NULL);
		bcx_diag d;
		T_CHECK(bcx_tbon_write(&f, &b, &d) == BCX_OK);
		bcx_tapioca_module *m = NULL;
		bcx_diag_clear(&d);
		bcx_status s = bcx_tapioca_load(b.data, b.len, NULL, &m, &d);
		if (with_ldg) {
			T_EQ_U(s, BCX_ERR_MALFORMED);
			T_CHECKF(strstr(d.message, "global index out of range (0)") != NULL, "'%s'",
				 d.message);
		} else {
			bcx_tapioca_result r;
			T_CHECKF(s == BCX_OK && bcx_tapioca_run(m, "main", NULL, &r, &d) == BCX_OK,
				 "%s", d.message);
		}
		bcx_tapioca_free(m);
		bcx_buf_free(&b);
	}
}

/* Every error path of the assembler that a source of reasonable size
 * reaches: the message and the place ("LINE:COL") it names. */
static const struct {
	const char *src, *msg, *at;
} errors[] = {
	{".func main 0\n load_const r1, #3\n return r1\n.end\n",
	 "constant #3 is not defined (0 so far)", "2:17"},
	/* a quoted name is decoded into a copy: the place is the name as written */
	{".global \"a b\" 1\n.global \"a b\" 2\n", "symbol 'a b' defined twice", "2:9"},
	/* the end of a last line without a newline is on that line */
	{".func main 0\n return r0", "missing .end for function 'main'", "2:11"},
	/* after a function whose labels were resolved: its own line still */
	{".func f 0\n jmp done\n nop\ndone:\n return r0\n.end\n.func main 0\n bogus r1\n.end\n",
	 "unknown instruction 'bogus'", "8:2"},
	{".func main 0\n .const 1 2\n return r1\n.end\n",
	 "unexpected text after the value", "2:11"},
	{".global m {1: 2, \"a\": 3, 1: 4}\n",
	 "duplicate map key", "1:26"},
	{".func main 0\n add.i r1, r2 r3\n.end\n",
	 "expected ','", "2:15"},
	{".global g \"abc\n",
	 "unterminated string", "1:11"},
	{".global g \"\\xZZ\"\n",
	 "bad \\x escape", "1:14"},
	{".global g \"\\q\"\n",
	 "unknown escape \\q", "1:13"},
	{".global \"\\xff\" 1\n",
	 "name is not valid UTF-8", "1:9"},
	{".global g i32:\n",
	 "expected a number", "1:15"},
	{".global g -5u\n",
	 "negative unsigned number", "1:11"},
	{".global g 9223372036854775808\n",
	 "integer out of range (add 'u' for unsigned)", "1:11"},
	{".global g 12abc\n",
	 "bad number '12abc'", "1:11"},
	{".global g 1e999\n",
	 "'1e999' is outside the binary64 range", "1:11"},
	{".global g [bool: 1]\n",
	 "expected true or false", "1:18"},
	{".global g f32:1.5\n",
	 "f16/f32/f128 values are written as raw bits 0x...", "1:15"},
	{".global g f16:0x10000\n",
	 "raw bits do not fit 16 bits", "1:15"},
	{".global g i8:1.5\n",
	 "expected an integer", "1:14"},
	{".global g i8:128\n",
	 "value does not fit i8", "1:14"},
	{".global g u8:256\n",
	 "value does not fit an unsigned 8-bit field", "1:14"},
	{".global g byte:0 ",
	 "byte is an array element type; a value of its own is u8", "1:11"},
	{".global g [1, 2",
	 "unterminated array", "1:16"},
	{".global g {1: 2",
	 "unterminated map", "1:16"},
	{".global g [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n",
	 "nesting deeper than 64", "1:75"},
	{".global g",
	 "expected a value", "1:10"},
	{".global g foo\n",
	 "unknown value 'foo'", "1:11"},
	{".global g [nil: 1]\n",
	 "expected nil", "1:17"},
	{".global g ixip:0x80000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000\n",
	 "'0x80000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000' does not fit a signed VA (512 bits)", "1:16"},
	{".global g ixip:12z\n",
	 "bad number '12z'", "1:16"},
	{".func main 0\n add.i x1, r2, r3\n.end\n",
	 "expected a register r0..r255", "2:8"},
	{".func main 0\n add.i r256, r2, r3\n.end\n",
	 "expected a register r0..r255", "2:8"},
	{".func f 300\n return r0\n.end\n",
	 "expected an integer 0..255", "1:9"},
	{".func main 0\n jmp 5\n.end\n",
	 "expected a label", "2:6"},
	{".func main 0\n load_global r0, @nothing\n.end\n",
	 "unknown host function '@nothing'", "2:18"},
	{".func main 0\n load_global r0, nothing\n.end\n",
	 "unknown symbol 'nothing'", "2:18"},
	{".func main 0\n load_imm_float r0, 0.1\n.end\n",
	 "not exactly representable as binary16; use load_const", "2:21"},
	{".func main 0\n load_imm_int r0, 1.5\n.end\n",
	 "expected an integer", "2:19"},
	{".func main 0\n load_imm_int r0, 40000\n.end\n",
	 "immediate out of int16 range; use load_const", "2:19"},
	{".func main 0\n load_imm_uint r0, 70000\n.end\n",
	 "immediate out of uint16 range; use load_const", "2:20"},
	{".func main 0\nx: jmp_if x, r0, type_foo\n.end\n",
	 "unknown condition 'type_foo'", "2:18"},
	{".func main 0\n frob r1\n.end\n",
	 "unknown instruction 'frob'", "2:2"},
	{".func main 0\n invoke r0, r250, 7\n.end\n",
	 "7 arguments from r250 run past r255", "2:19"},
	{".func main 0\n return r0 r1\n.end\n",
	 "unexpected text after the operands", "2:12"},
	{".func main 0\n jmp nowhere\n.end\n",
	 "unknown label 'nowhere'", "2:6"},
	{".func main 0\n jmp end\nend:\n.end\n",
	 "label 'end' is past the last instruction", "2:6"},
	{".global 5 5\n",
	 "expected a symbol name", "1:9"},
	{".global a 1\n.global a 2\n",
	 "symbol 'a' defined twice", "2:9"},
	{".func main 0\n return r0\n",
	 "missing .end for function 'main'", "3:1"},
	{".func main 0\n 5\n.end\n",
	 "expected an instruction or a label", "2:2"},
	{".func main 0\na:\na:\n return r0\n.end\n",
	 "label 'a' defined twice", "3:1"},
	{".func main 0\na: 5\n.end\n",
	 "expected an instruction", "2:4"},
	{"5\n",
	 "expected .func or .global", "1:1"},
	{".func main 0 x\n return r0\n.end\n",
	 "unexpected text after .func NAME PARAMS", "1:14"},
	{".global g 1 2\n",
	 "unexpected text after the value", "1:13"},
	{".foo\n",
	 "expected .func or .global, found '.foo'", "1:1"},
	{".global g {1 2}\n",
	 "expected ':'", "1:14"},
	{".func main 0\n load_const r1, [1,\n.end\n",
	 "expected a number", "2:20"},
};

static void check_error(const char *src, const char *msg, const char *at)
{
	bcx_buf b;
	bcx_diag d;
	bcx_status s = asm_src(src, &b, &d);
	T_CHECKF(s == BCX_ERR_MALFORMED, "'%.40s': status %d", src, (int)s);
	T_CHECKF(strcmp(d.message, msg) == 0, "'%.40s': message '%s', expected '%s'", src,
		 d.message, msg);
	T_CHECKF(strcmp(tu_diag_pos(&d), at) == 0, "'%.40s': at %s, expected %s", src,
		 tu_diag_pos(&d), at);
	tu_diag_where("t.tasm", &d, src, strlen(src)); /* the offset names the same place */
	T_CHECKF(d.has_offset, "'%.40s': no offset", src);
	bcx_buf_free(&b);
}

/* head, then n lines "PREFIX<i> <i>" (PREFIX ends where the number goes),
 * then tail. */
static char *lines(size_t n, const char *head, const char *prefix, const char *tail)
{
	size_t cap = strlen(head) + strlen(tail) + n * (strlen(prefix) + 48) + 1, k;
	char *s = malloc(cap);
	k = (size_t)snprintf(s, cap, "%s", head);
	for (size_t i = 0; i < n; i++)
		k += (size_t)snprintf(s + k, cap - k, "%s%zu %s%zu\n", prefix, i,
				      prefix[0] == '.' ? "" : "; ", i);
	snprintf(s + k, cap - k, "%s", tail);
	return s;
}

static void test_errors(void)
{
	for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
		check_error(errors[i].src, errors[i].msg, errors[i].at);
	char *s = lines(200, ".func main 0\n jl.i far, r0, r1\n", " nop ;",
			"far:\n return r0\n.end\n");
	check_error(s, "label 'far' is 201 instructions away; conditional jumps reach -128..127 "
		    "(branch over a jmp)", "2:7");
	free(s);
	s = lines(65537, ".func main 0\n", " load_const r1, ", " return r1\n.end\n");
	check_error(s, "more than 65536 constants in one function", "65538:17");
	free(s);
	s = lines(65280, "", ".global g", "");
	check_error(s, "more than 65279 symbols", "65280:9");
	free(s);
}

/* Any value is a map key (notes B.3 item 20); arrays and maps are objects
 * of their own, never duplicates; equal scalars are. */
static void test_map_keys(void)
{
	bcx_arena *a = bcx_arena_new(NULL);
	bcx_tbon_value v;
	bcx_diag d;
	static const uint8_t arr[] = "TBON\x01\x42\x21\x04\x05\x05\x21\x04\x05\x06";
	T_EQ_U(read_root(arr, sizeof arr - 1, a, &v, &d), BCX_OK);
	T_CHECK(v.kind == BCX_TBON_K_MAP && v.len == 2 && v.items[0].kind == BCX_TBON_K_ARRAY);
	static const uint8_t dup[] = "TBON\x01\x42\x0b\x00\x00\x00\x00\x00\x00\x00\x00\x05"
				     "\x0b\x00\x00\x00\x00\x00\x00\x00\x00\x06";
	T_EQ_U(read_root(dup, sizeof dup - 1, a, &v, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "duplicate map key") == 0, "'%s'", d.message);
	bcx_arena_free(a);
	/* the writer refuses what the reader would */
	bcx_tbon_value kv[4] = {bcx_tbon_name("k", 1), bcx_tbon_int(1), bcx_tbon_name("k", 1),
				bcx_tbon_int(2)};
	memset(&v, 0, sizeof v);
	v.kind = BCX_TBON_K_MAP;
	v.items = kv;
	v.len = 2;
	bcx_buf b;
	T_EQ_U(write_root(&v, &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "duplicate map key") == 0, "'%s'", d.message);
	bcx_buf_free(&b);
	uint64_t r = 0;
	T_CHECKF(run_src(".global m {[1]: 1, [1]: 2, {}: 3}\n.func main 0\n load_global r1, m\n"
			 " load_global r2, @len\n invoke r2, r1, 1\n return r2\n.end\n", &r, &d) ==
		 BCX_OK, "%s", d.message);
	T_EQ_U(r, 3);
}

/* A chain of const refs in the pool (each entry names the one before) costs
 * one step per entry, and the function they all reach is loaded once. */
static void test_ref_chain(void)
{
	enum { N = 65000 }; /* globals stop below 0xFF00 */
	bcx_tbon_value *pool = calloc(N, sizeof *pool), code[2], fn[4], syms[2], root[2];
	code[0] = bcx_tbon_uint(0x34000000 | (N - 1)); /* load_global r0, N - 1 */
	code[1] = bcx_tbon_uint(0x41000000);           /* return r0 */
	memset(fn, 0, sizeof fn);
	fn[0] = bcx_tbon_name("bytecode", 8);
	fn[1].kind = BCX_TBON_K_ARRAY;
	fn[1].elem = BCX_TBON_U32;
	fn[1].items = code;
	fn[1].len = 2;
	pool[0].kind = BCX_TBON_K_MAP;
	pool[0].items = fn;
	pool[0].len = 1;
	for (size_t i = 1; i < N; i++) {
		pool[i].kind = BCX_TBON_K_REF;
		pool[i].u = i - 1;
	}
	syms[0] = bcx_tbon_name("main", 4);
	memset(&syms[1], 0, sizeof syms[1]);
	syms[1].kind = BCX_TBON_K_REF;
	syms[1].u = N - 1;
	memset(root, 0, sizeof root);
	root[0] = bcx_tbon_name("Symbols", 7);
	root[1].kind = BCX_TBON_K_MAP;
	root[1].items = syms;
	root[1].len = 1;
	bcx_tbon_file f;
	memset(&f, 0, sizeof f);
	f.has_pool = true;
	f.pool = pool;
	f.pool_count = N;
	f.root.kind = BCX_TBON_K_MAP;
	f.root.items = root;
	f.root.len = 1;
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	T_CHECK(bcx_tbon_write(&f, &b, &d) == BCX_OK);
	bcx_tapioca_module *m = NULL;
	bcx_tapioca_result r;
	T_CHECKF(bcx_tapioca_load(b.data, b.len, NULL, &m, &d) == BCX_OK &&
		 bcx_tapioca_run(m, "main", NULL, &r, &d) == BCX_OK, "%s", d.message);
	T_CHECK(m && m->nfns == 1);
	bcx_tapioca_free(m);
	/* dis prints the function once and each ref as a one-line comment */
	bcx_buf t;
	bcx_buf_init(&t, NULL);
	T_CHECK(bcx_tapioca_dis(b.data, b.len, &t, &d) == BCX_OK);
	bcx_buf_put_u8(&t, 0);
	T_CHECKF(t.len < 40u * N && strstr((const char *)t.data, "; global 1 (\"\") is global 0\n") &&
		 strstr((const char *)t.data, "; global 64999 (main) is global 64998\n"),
		 "%zu bytes: %.200s", t.len, (const char *)t.data);
	bcx_buf_free(&t);
	bcx_buf_free(&b);
	free(pool);
}

/* .const keeps a function's pool as written (duplicates, unused entries)
 * and #K names an entry; dis prints each constant once, so any pool
 * round-trips and a constant used many times costs its size once. */
static void test_const_pool(void)
{
	const char *src = ".func main 0\n .const 5\n .const 5\n .const \"x\"\n"
			  " load_const r1, #1\n load_const r2, 5\n load_const r3, \"y\"\n"
			  " return r1\n.end\n";
	bcx_buf b, t, b2;
	bcx_diag d;
	T_CHECKF(asm_src(src, &b, &d) == BCX_OK, "%s", d.message);
	bcx_buf_init(&t, NULL);
	T_CHECK(bcx_tapioca_dis(b.data, b.len, &t, &d) == BCX_OK);
	bcx_buf_put_u8(&t, 0);
	static const char *const want[] = {
		"    .const 5 ; #0\n    .const 5 ; #1\n    .const \"x\" ; #2\n    .const \"y\" ; #3\n",
		"load_const r1, #1\n    load_const r2, #0\n    load_const r3, #3\n"};
	for (size_t i = 0; i < 2; i++)
		T_CHECKF(strstr((const char *)t.data, want[i]) != NULL, "dis: %s", (char *)t.data);
	T_CHECK(asm_src((const char *)t.data, &b2, &d) == BCX_OK);
	T_EQ_MEM(b2.data, b2.len, b.data, b.len);
	bcx_buf_free(&b);
	bcx_buf_free(&t);
	bcx_buf_free(&b2);
	uint64_t r = 0;
	T_CHECK(run_src(src, &r, &d) == BCX_OK);
	T_EQ_U(r, 5);
}

/* An object array whose first element prints as TYPE:VALUE (a NaN, an i16 5)
 * is written "[object: ...]", or it would read back as a typed array. */
static void test_object_array_first_typed(void)
{
	static const char *const srcs[] = {".global m [nan, 1]\n",
					   ".global m [object: i16:5, nil]\n",
					   ".global m [object: f32:0x3fc00000, \"x\"]\n"};
	for (size_t i = 0; i < sizeof srcs / sizeof *srcs; i++) {
		bcx_buf b, t, b2;
		bcx_diag d;
		T_CHECKF(asm_src(srcs[i], &b, &d) == BCX_OK, "%s", d.message);
		bcx_buf_init(&t, NULL);
		T_CHECK(bcx_tapioca_dis(b.data, b.len, &t, &d) == BCX_OK);
		bcx_buf_put_u8(&t, 0);
		T_CHECKF(strstr((const char *)t.data, "[object: ") != NULL, "dis: %s", (char *)t.data);
		T_CHECKF(asm_src((const char *)t.data, &b2, &d) == BCX_OK, "%s", d.message);
		T_EQ_MEM(b2.data, b2.len, b.data, b.len);
		bcx_buf_free(&b);
		bcx_buf_free(&t);
		bcx_buf_free(&b2);
	}
}

/* dump shows each code word in hex with its instruction, text and JSON. */
static void test_dump_code(void)
{
	bcx_buf b, t;
	bcx_diag d;
	T_CHECK(asm_src(".func main 0\nl:\n jmp_if l, r3, type_map\n load_const r1, 7\n"
			" load_global r2, @print\n return r1\n.end\n", &b, &d) == BCX_OK);
	static const char *const text[] = {
		"u32 0x2d000310  jmp_if ->0, r3, type_map\n", "u32 0x33010000  load_const r1, const 0\n",
		"u32 0x3402ff00  load_global r2, @print\n", "u32 0x41010000  return r1\n"};
	static const char *const json[] = {
		"\"hex\": \"0x2d000310\", \"insn\": \"jmp_if ->0, r3, type_map\"",
		"\"hex\": \"0x41010000\", \"insn\": \"return r1\""};
	for (int js = 0; js < 2; js++) {
		bcx_buf_init(&t, NULL);
		T_CHECK(bcx_tbon_dump(b.data, b.len, js, NULL, &t, &d) == BCX_OK);
		bcx_buf_put_u8(&t, 0);
		for (size_t i = 0; i < (js ? 2u : 4u); i++)
			T_CHECKF(strstr((const char *)t.data, js ? json[i] : text[i]) != NULL,
				 "missing '%s' in %s", js ? json[i] : text[i], (const char *)t.data);
		bcx_buf_free(&t);
	}
	bcx_buf_free(&b);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_nesting();
	test_tbon_depth();
	test_utf8();
	test_subnormal();
	test_int_bases();
	test_wide_va();
	test_nil_elements();
	test_fall_off_loads();
	test_global_pool();
	test_errors();
	test_dump_code();
	test_map_keys();
	test_ref_chain();
	test_const_pool();
	test_object_array_first_typed();
	return tu_finish();
}
