/* Malformed MLIR bytecode: each refusal has the expected status, byte
 * offset, section context and message. The inputs are the func_arith
 * vector with one field changed, committed files nesting 60 and 70
 * regions deep (the depth cap is 64), and an integer at and past the
 * widest the reader and the text parser both take. */
#include "testutil.h"
#include "bcx/mlirbc.h"
#include "mb_common.h"
#include "../../fuzz/peak_alloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *vec;
static size_t nvec;

static void expect(const uint8_t *data, size_t n, bcx_status code, long long offset,
		   const char *ctx, const char *msg)
{
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	bcx_status s = bcx_mlirbc_open(data, n, NULL, &m, &d);
	if (s == BCX_OK)
		s = bcx_mlirbc_load_all(m, &d);
	T_CHECKF(s == code, "status %d, want %d (%s)", s, code, d.message);
	T_CHECKF(offset < 0 || (d.has_offset && (long long)d.offset == offset),
		 "offset %llu, want %lld (%s)", (unsigned long long)d.offset, offset, d.message);
	T_CHECKF(strstr(d.message, msg) != NULL, "message '%s', want '%s'", d.message, msg);
	T_CHECKF(!ctx || strstr(d.context, ctx) != NULL, "context '%s', want '%s'", d.context, ctx);
	bcx_mlirbc_close(m);
}

/* A copy of the vector with byte at `at` set to v. */
static void patched(size_t at, uint8_t v, bcx_status code, long long off, const char *ctx,
		    const char *msg)
{
	uint8_t *c = malloc(nvec);
	memcpy(c, vec, nvec);
	c[at] = v;
	expect(c, nvec, code, off, ctx, msg);
	free(c);
}

static void depth(const char *dir)
{
	char path[1024];
	const char *names[] = {"deep60", "deep70", "deep70iso"};
	/* where the 65th nested region starts in each committed file */
	const long long at[] = {0, 887, 1069};
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s.mlirbc", dir, names[i]);
		size_t n;
		uint8_t *p = tu_read_file(path, &n);
		T_CHECKF(p != NULL, "missing %s", path);
		if (!p)
			continue;
		if (i == 0) {
			bcx_mlirbc_module *m = NULL;
			bcx_diag d = {0};
			T_CHECK(bcx_mlirbc_open(p, n, NULL, &m, &d) == BCX_OK &&
				bcx_mlirbc_load_all(m, &d) == BCX_OK);
			bcx_mlirbc_close(m);
		} else {
			expect(p, n, BCX_ERR_LIMIT, at[i], "section IR", "regions nest deeper than 64");
		}
		free(p);
	}
}

/* An llvm debug-info attribute whose encoding refers to itself (bytes of
 * a corpus file changed by a fuzzing run): the reader does not follow other
 * dialects' indices, so bcx convert, which renumbers them, meets the
 * cycle and stops at the nesting limit instead of overflowing the stack. */
static void self_ref(const char *dir)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/llvm_self_ref.mlirbc", dir);
	size_t n;
	uint8_t *p = tu_read_file(path, &n);
	if (!T_CHECKF(p != NULL, "missing %s", path))
		return;
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	uint8_t *out = NULL;
	size_t nout = 0;
	bcx_mlirbc_write_options o = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	T_CHECK(bcx_mlirbc_open(p, n, NULL, &m, &d) == BCX_OK);
	T_CHECKF(bcx_mlirbc_write(m, &o, &out, &nout, &d) == BCX_ERR_LIMIT, "%s", d.message);
	T_CHECKF(strstr(d.message, "attributes nest deeper than") != NULL, "%s", d.message);
	bcx_mlirbc_free_bytes(&o, out, nout);
	bcx_mlirbc_close(m);
	free(p);
}

/* What bcx asm writes, bcx dis reads; what dis refuses, asm refuses:
 * 5 : i4096 goes both ways, i4097 neither (the same limit, limits.h). */
/* Text bcx asm refuses as malformed, with want as "t.mlir:L:C: message"
 * (read from the diagnostic's fields; the offset must name that place). */
static void refused_n(const char *text, size_t len, const char *want)
{
	uint8_t *bc = NULL;
	size_t n = 0;
	bcx_diag d = {0};
	T_CHECK(bcx_mlirbc_assemble("t.mlir", text, len, NULL, &bc, &n, &d) == BCX_ERR_MALFORMED);
	const char *got = tu_diag_where("t.mlir", &d, text, len);
	T_CHECKF(strcmp(got, want) == 0, "'%s', want '%s'", got, want);
	T_CHECK(d.has_offset);
	bcx_mlirbc_free_bytes(NULL, bc, n);
}

static void refused(const char *text, const char *want)
{
	refused_n(text, strlen(text), want);
}

/* text (n bytes) assembled into *bc, *n; a failed check with the message
 * when bcx asm refuses it. */
static bool assembled(const char *text, size_t len, uint8_t **bc, size_t *n)
{
	bcx_diag d = {0};
	*bc = NULL;
	*n = 0;
	return T_CHECKF(bcx_mlirbc_assemble("t.mlir", text, len, NULL, bc, n, &d) == BCX_OK, "%s",
			d.message);
}

/* text assembled into *bc, *n and opened; NULL after a failed check (then
 * *bc is NULL or the bytes, which the caller frees either way). */
static bcx_mlirbc_module *opened(const char *text, uint8_t **bc, size_t *n)
{
	bcx_mlirbc_module *m = NULL;
	bcx_diag d = {0};
	if (assembled(text, strlen(text), bc, n))
		T_CHECKF(bcx_mlirbc_open(*bc, *n, NULL, &m, &d) == BCX_OK, "%s", d.message);
	return m;
}

/* Text assembled by bcx asm and printed back by bcx dis holds want. */
static void prints_back(const char *text, const char *want)
{
	uint8_t *bc;
	size_t n;
	bcx_diag d = {0};
	bcx_mlirbc_module *m = opened(text, &bc, &n);
	if (!m) {
		bcx_mlirbc_free_bytes(NULL, bc, n);
		return;
	}
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	T_CHECK(mb_print(m, 0, 0, &out, &d) == BCX_OK);
	bcx_buf_put_u8(&out, 0);
	T_CHECKF(out.status == BCX_OK && strstr((const char *)out.data, want), "'%s' lacks '%s'",
		 out.data ? (const char *)out.data : "", want);
	bcx_mlirbc_close(m);
	bcx_buf_free(&out);
	bcx_mlirbc_free_bytes(NULL, bc, n);
}

static void int_limit(void)
{
#define INT_TEXT(w) "\"builtin.module\"() ({\n^bb0:\n}) {t.x = -5 : i" #w "} : () -> ()\n"
	refused(INT_TEXT(4097), "t.mlir:3:12: integer wider than 4096 bits");
	const char *text = INT_TEXT(4096);
	prints_back(text, "-5 : i4096");
	uint8_t *bc;
	size_t n;
	if (!assembled(text, strlen(text), &bc, &n))
		return;
	/* the IntegerType entry: code 0 (0x01), then 4096 << 2 as a 3-byte
	 * PrefixVarInt (04 00 02); 4097 << 2 is 24 00 02 */
	size_t at = 0;
	for (size_t i = 0; i + 3 < n && !at; i++)
		if (bc[i] == 0x01 && bc[i + 1] == 0x04 && bc[i + 2] == 0x00 && bc[i + 3] == 0x02)
			at = i + 1;
	if (T_CHECK(at != 0)) {
		bc[at] = 0x24;
		/* reported at the IntegerAttr that holds such a value (byte 48),
		 * not at its type (byte 121), which MLIR allows */
		expect(bc, n, BCX_ERR_LIMIT, 48, "section AttrType", "integer wider than 4096 bits");
	}
	bcx_mlirbc_free_bytes(NULL, bc, n);
}

/* An element that does not fit its type stops a dense literal with its
 * error (it once left the element buffer short and the splat scan stuck). */
static void dense_bad_element(void)
{
	refused("\"builtin.module\"() ({\n^bb0:\n}) "
		"{t.x = dense<[1, 2, 3, 999]> : tensor<4xi8>} : () -> ()\n",
		"t.mlir:3:27: integer constant out of range for type");
}

/* Uses before their definitions (a graph region) past an op's fourth
 * operand: the operand array once grew by copying while the early uses
 * still waited in the old one, and all five came out as %0. */
static void forward_operands(void)
{
	const char *text = "\"builtin.module\"() ({\n"
			   "  \"t.graph\"() ({\n"
			   "    \"t.use\"(%1, %1, %1, %1, %0) : (i32, i32, i32, i32, i32) -> ()\n"
			   "    %0 = \"t.def\"() : () -> i32\n"
			   "    %1 = \"t.def\"() : () -> i32\n"
			   "  }) : () -> ()\n"
			   "}) : () -> ()\n";
	prints_back(text, "(%1, %1, %1, %1, %0)");
}

/* Printer-style names (%N, %argN, ^bbN) have their own arrays: %01 is
 * still not %1, a number past the arrays' bound still resolves, and an
 * unknown one is named in the message as written. */
static void numbered_names(void)
{
	const char *text = "\"builtin.module\"() ({\n"
			   "  %1 = \"t.a\"() : () -> i32\n"
			   "  %01 = \"t.b\"() : () -> i64\n"
			   "  %4000000000 = \"t.c\"() : () -> i16\n"
			   "  \"t.use\"(%01, %1, %4000000000) : (i64, i32, i16) -> ()\n"
			   "}) : () -> ()\n";
	prints_back(text, "(%1, %0, %2)");
	refused("\"builtin.module\"() ({\n  \"t.use\"(%arg7) : (i32) -> ()\n}) : () -> ()\n",
		"t.mlir:2:11: use of undeclared value or block '%arg7'");
}

/* Strings: a vertical tab or form feed ends one in error, as in MLIR's
 * lexer. A NUL byte, which MLIR's lexer keeps in a string, cannot be in
 * a dialect attribute kept as text (bytecode ends such text with a NUL):
 * bcx asm refuses it, written or brought in by an alias, rather than
 * write a file its reader refuses. */
static void string_bytes(void)
{
	refused("\"builtin.module\"() ({\n^bb0:\n}) {t.x = \"a\vb\"} : () -> ()\n",
		"t.mlir:3:13: expected '\"' in string literal");
	static const char nul[] = "\"builtin.module\"() ({\n^bb0:\n}) {t.x = #t.a<\"a\0b\">} : () -> ()\n";
	refused_n(nul, sizeof nul - 1, "t.mlir:3:11: unexpected NUL byte in attribute or type");
	static const char alias[] = "#f = #llvm.di_file<\"a\0b\" in \"/src\">\n\"builtin.module\"() ({\n"
				    "^bb0:\n}) {t.x = #t.a<#f>} : () -> ()\n";
	refused_n(alias, sizeof alias - 1,
		  "t.mlir:4:11: a NUL byte inside the text of an attribute or type (from an alias)");
}

/* Resources: separated by commas, none after the last, as MLIR's parser
 * wants them (it names the same place). */
static void resource_commas(void)
{
#define RES_TEXT(sep) "\"builtin.module\"() ({\n^bb0:\n}) : () -> ()\n{-#\n  dialect_resources: " \
		      "{\n    builtin: {\n      r0: \"0x0400000001000000\"" sep "\n    }\n  }\n#-}\n"
	refused(RES_TEXT(","), "t.mlir:8:5: expected a resource key after ','");
	const char *text = RES_TEXT("");
	uint8_t *bc;
	size_t n;
	if (assembled(text, strlen(text), &bc, &n))
		bcx_mlirbc_free_bytes(NULL, bc, n);
#undef RES_TEXT
}

/* A written loc("FILE":L:C) equal to an op's own location, one after and
 * one before that op in the text, is the same attribute (the ops' own
 * locations skip the entry table's hash): 4 attributes, as mlir-opt-22
 * writes it (the file name, 1:1 of the module, 2:8 and 5:8). */
static void own_locations(void)
{
	const char *text = "\"builtin.module\"() ({\n"
			   "  %0 = \"t.a\"() : () -> i32\n"
			   "  \"t.b\"(%0) : (i32) -> () loc(\"t.mlir\":2:8)\n"
			   "  %1 = \"t.c\"() : () -> i32 loc(\"t.mlir\":5:8)\n"
			   "  %2 = \"t.d\"() : () -> i32\n"
			   "}) : () -> ()\n";
	uint8_t *bc;
	size_t n;
	bcx_mlirbc_module *m = opened(text, &bc, &n);
	if (m) {
		bcx_mlirbc_info info;
		bcx_mlirbc_get_info(m, &info);
		T_CHECKF(info.attrs == 4, "%zu attributes", info.attrs);
	}
	bcx_mlirbc_close(m);
	bcx_mlirbc_free_bytes(NULL, bc, n);
}

/* What the assembler told of its progress through the text (text_read). */
typedef struct text_progress {
	size_t last, calls;
	bool ordered;
} text_progress;

static void note_text_read(void *ctx, size_t n)
{
	text_progress *t = ctx;
	t->ordered = t->ordered && n > t->last;
	t->last = n;
	t->calls++;
}

/* The assembler's memory on many small ops, each with its own location (as
 * MLIR's printer writes generic text): it tells its caller how far it has
 * read (1.6 MB: once past the first MiB, once at the end), and its peak of
 * allocated bytes, the bytecode it returns included, stays within 5.5
 * times the text (5.04 now, the writer's scratch buffers counted since they
 * take the caller's allocator; 4.9 without them;
 * 6.0 when each op's record held its rarer parts (136 bytes) and each
 * block's op list grew in the arena; 11.2 when each location was an entry
 * of 64 bytes plus a key and a template, each op kept its properties as a
 * list, and each region began with room for eight blocks). */
static void assembler_memory(void)
{
#define FUNC_TEXT                                                                        \
	"  \"func.func\"() <{function_type = (i32, index) -> i32, sym_name = \"f%u\"}> ({\n" \
	"  ^bb0(%%arg0: i32, %%arg1: index):\n"                                           \
	"    %%0 = \"arith.constant\"() <{value = %u : i32}> : () -> i32\n"               \
	"    %%1 = \"arith.addi\"(%%arg0, %%0) <{overflowFlags = #arith.overflow<none>}>"  \
	" : (i32, i32) -> i32\n"                                                          \
	"    %%2 = \"arith.muli\"(%%1, %%arg0) <{overflowFlags = #arith.overflow<nsw>}>"   \
	" : (i32, i32) -> i32\n"                                                          \
	"    %%3 = \"arith.cmpi\"(%%2, %%0) <{predicate = 2 : i64}> : (i32, i32) -> i1\n"  \
	"    %%4 = \"arith.select\"(%%3, %%1, %%2) : (i1, i32, i32) -> i32\n"            \
	"    \"func.return\"(%%4) : (i32) -> ()\n"                                        \
	"  }) : () -> ()\n"
	enum { FUNCS = 3000 };
	size_t cap = 1024 * (size_t)FUNCS, n = 0;
	char *text = malloc(cap);
	if (!T_CHECK(text != NULL))
		return;
	n += (size_t)snprintf(text, cap, "\"builtin.module\"() ({\n");
	for (unsigned i = 0; i < FUNCS && n < cap; i++)
		n += (size_t)snprintf(text + n, cap - n, FUNC_TEXT, i, i);
	if (n < cap)
		n += (size_t)snprintf(text + n, cap - n, "}) : () -> ()\n");
#undef FUNC_TEXT
	peak_alloc c;
	peak_init(&c);
	bcx_mlirbc_write_options o = BCX_OPTIONS_INIT(bcx_mlirbc_write_options);
	o.alloc = &c.a;
	text_progress tp = {0, 0, true};
	o.text_read = note_text_read;
	o.text_read_ctx = &tp;
	uint8_t *bc = NULL;
	size_t nbc = 0;
	bcx_diag d = {0};
	if (T_CHECK(n < cap) &&
	    T_CHECKF(bcx_mlirbc_assemble("t.mlir", text, n, &o, &bc, &nbc, &d) == BCX_OK, "%s",
		     d.message)) {
		T_CHECKF(c.peak <= 11 * n / 2, "peak %zu bytes for %zu bytes of text (%.2fx)", c.peak,
			 n, (double)c.peak / (double)n);
		/* past the first MiB, then the whole text */
		T_CHECKF(tp.ordered && tp.calls == 2 && tp.last == n,
			 "text_read: %zu calls, the last %zu of %zu bytes", tp.calls, tp.last, n);
	}
	bcx_mlirbc_free_bytes(&o, bc, nbc);
	free(text);
}

/* A region of more blocks than its array keeps in the model's arena (64;
 * beyond, the array moves to the heap): every block is there, in order,
 * when the bytecode is printed back. */
static void many_blocks(void)
{
	enum { BLOCKS = 200 };
	char text[BLOCKS * 64 + 256], want[64];
	int n = snprintf(text, sizeof text, "\"builtin.module\"() ({\n  \"func.func\"() "
			 "<{function_type = () -> (), sym_name = \"f\"}> ({\n");
	for (int b = 0; b < BLOCKS - 1; b++) {
		if (b)
			n += snprintf(text + n, sizeof text - (size_t)n, "  ^bb%d:\n", b);
		n += snprintf(text + n, sizeof text - (size_t)n, "    \"cf.br\"()[^bb%d] : () -> ()\n",
			      b + 1);
	}
	snprintf(text + n, sizeof text - (size_t)n,
		 "  ^bb%d:\n    \"func.return\"() : () -> ()\n  }) : () -> ()\n}) : () -> ()\n",
		 BLOCKS - 1);
	snprintf(want, sizeof want, "\"cf.br\"()[^bb%d] : () -> ()", BLOCKS - 1);
	prints_back(text, want);
}

/* A sink that only counts: the printers' memory (peak_alloc.h, the fuzz
 * targets' counting allocator) is measured apart from the text they write. */
static bcx_status count_sink(void *ctx, const void *data, size_t n)
{
	(void)data;
	*(uint64_t *)ctx += n;
	return BCX_OK;
}

/* Module bc printed (generic: dump 0, else the dump) into a counting sink;
 * the bytes written, the printer's peak memory and its status. */
static bcx_status print_counted(const uint8_t *bc, size_t n, int dump, uint64_t *written,
				size_t *peak, bcx_diag *d)
{
	peak_alloc c;
	peak_init(&c);
	bcx_mlirbc_module *m = NULL;
	*written = 0;
	bcx_sink sink = {count_sink, written};
	bcx_status s = bcx_mlirbc_open(bc, n, &c.a, &m, d);
	if (s == BCX_OK)
		s = bcx_mlirbc_load_all(m, d);
	size_t base = c.live;
	c.peak = base;
	if (s == BCX_OK)
		s = dump ? bcx_mlirbc_dump(m, 0, &sink, d) : bcx_mlirbc_print_generic(m, 0, &sink, d);
	*peak = c.peak - base;
	bcx_mlirbc_close(m);
	return s;
}

/* An array shared at every level: `levels` levels of [#a, #a] in a few
 * hundred bytes stand for 2^(levels+1) leaves of text, bytecode in *bc. */
static bool shared_arrays(int levels, uint8_t **bc, size_t *n)
{
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	bcx_buf_puts(&text, "#a0 = [1 : i32, 2 : i32]\n");
	for (int i = 1; i <= levels; i++)
		bcx_buf_printf(&text, "#a%d = [#a%d, #a%d]\n", i, i - 1, i - 1);
	bcx_buf_printf(&text, "\"builtin.module\"() ({\n^bb0:\n}) {t.x = #a%d} : () -> ()\n",
		       levels);
	bool ok = assembled((const char *)text.data, text.len, bc, n) && T_CHECK(*n < 1024);
	bcx_buf_free(&text);
	return ok;
}

/* 30 levels: the printers stop at their bound (4 MiB plus 1024 bytes a
 * byte of input) with a limit error, in time and memory of that bound,
 * not of the text. 16 levels (a 1.4 MB line of text): the line streams
 * out, the printer holding under 1 MiB; the dump, which keeps an entry's
 * text in memory, shows the long ones by their length bound. */
static void shared_blowup(void)
{
	uint8_t *bc = NULL;
	size_t n = 0, peak;
	uint64_t written;
	bcx_diag d = {0};
	if (shared_arrays(30, &bc, &n)) {
		T_EQ_I(print_counted(bc, n, 0, &written, &peak, &d), BCX_ERR_LIMIT);
		T_CHECKF(strstr(d.message, "attributes the file shares are printed in full") != NULL,
			 "%s", d.message);
		T_CHECK(written <= ((uint64_t)4 << 20) + 1024 * n + 4096);
		T_CHECKF(peak < ((size_t)1 << 20), "peak %zu", peak);
		bcx_mlirbc_free_bytes(NULL, bc, n);
	}
	if (shared_arrays(16, &bc, &n)) {
		T_EQ_I(print_counted(bc, n, 0, &written, &peak, &d), BCX_OK);
		T_CHECKF(written > ((uint64_t)1 << 20), "%llu bytes", (unsigned long long)written);
		T_CHECKF(peak < ((size_t)1 << 20), "peak %zu", peak);
		T_EQ_I(print_counted(bc, n, 1, &written, &peak, &d), BCX_OK);
		T_CHECKF(peak < ((size_t)1 << 20), "peak %zu", peak);
		bcx_mlirbc_module *m = NULL;
		bcx_buf out;
		bcx_buf_init(&out, NULL);
		if (T_CHECK(bcx_mlirbc_open(bc, n, NULL, &m, &d) == BCX_OK) &&
		    T_EQ_I(mb_print(m, 1, 0, &out, &d), BCX_OK)) {
			bcx_buf_put_u8(&out, 0);
			T_CHECK(strstr((const char *)out.data, "<text longer than ") != NULL);
		}
		bcx_mlirbc_close(m);
		bcx_buf_free(&out);
		bcx_mlirbc_free_bytes(NULL, bc, n);
	}
}

/* A text entry holds no alias of the text (MLIR parses it on its own):
 * bcx asm spells them out, and bcx dis shows the llvm attributes inside
 * with their aliases again; doubling aliases are refused, not spelled
 * out into gigabytes. */
static void text_aliases(void)
{
	prints_back("#f = #llvm.di_file<\"a.c\" in \"/d\">\n"
		    "#m = #llvm.di_module<file = #f, name = \"m\">\n"
		    "\"builtin.module\"() ({\n}) {t.a = #m, t.b = #f} : () -> ()\n",
		    "#di_module = #llvm.di_module<file = #di_file, name = \"m\">");
	char text[4096];
	int n = snprintf(text, sizeof text, "#a0 = #foo.x<\"leaf\">\n");
	for (int k = 1; k <= 30; k++)
		n += snprintf(text + n, sizeof text - (size_t)n, "#a%d = #foo.x<#a%d, #a%d>\n", k, k - 1,
			      k - 1);
	snprintf(text + n, sizeof text - (size_t)n,
		 "\"builtin.module\"() ({\n}) {t.a = #a30} : () -> ()\n");
	refused(text, "t.mlir:12:8: text entries with their aliases spelled out would be longer "
		      "than 78672 bytes");
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	int_limit(); /* these assemble their own files */
	dense_bad_element();
	forward_operands();
	numbered_names();
	own_locations();
	assembler_memory();
	many_blocks();
	resource_commas();
	string_bytes();
	shared_blowup();
	text_aliases();
	tu_require_shared();
	vec = tu_read_file(tu_shared_path("vectors/mlir/func_arith.mlirbc"), &nvec);
	if (!T_CHECK(vec != NULL && nvec > 700))
		return tu_finish();
	/* header: magic 0-3, version 4, producer 5-15, Dialect section at 16 */
	patched(0, 'X', BCX_ERR_MALFORMED, 0, NULL, "invalid magic");
	patched(4, 0x0F, BCX_ERR_UNSUPPORTED, 4, NULL,
		"bytecode version 7 is newer than the current version 6");
	patched(16, 0x09, BCX_ERR_MALFORMED, 16, NULL, "invalid section ID: 9");
	patched(16, 0x03, BCX_ERR_MALFORMED, 42, NULL, "duplicate top-level section: AttrTypeOffset");
	patched(16, 0x07, BCX_ERR_MALFORMED, 16, NULL, "DialectVersions section outside");
	expect(vec, 10, BCX_ERR_TRUNCATED, 5, NULL, "producer string is not NUL-terminated");
	/* String section: first size (of the last string) too large */
	patched(636, 0x7f, BCX_ERR_MALFORMED, 654, "section String",
		"unexpected trailing data between the offsets for strings and their data");
	/* the root op's name index out of range */
	patched(429, 0x7f, BCX_ERR_MALFORMED, 429, "section IR", "op name 63 out of range");
	/* a properties entry size past the section */
	patched(775, 0xff, BCX_ERR_TRUNCATED, 776, "section Properties",
		"unexpected end of input reading properties entry: need 127 bytes, 55 left");
	/* the first attribute/type offset group names dialect 63 */
	patched(46, 0x7f, BCX_ERR_MALFORMED, 46, "section AttrTypeOffset", "dialect 63 out of range");
	depth(argc > 2 ? argv[2] : ".");
	self_ref(argc > 2 ? argv[2] : ".");
	free(vec);
	return tu_finish();
}
