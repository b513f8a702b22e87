/*
 * Files from producers other than NVIDIA's C++ writer (cutile-python,
 * cuTile.jl): their section order and always-present constant and debug
 * sections, tag-0 debug records, lists without a function location, hint
 * dictionaries with unsorted keys, i32 values, Bool (tag 3) values and the
 * "default" architecture, constants shared between types, full buffers of
 * equal elements; and what the reference reader accepts that its writer
 * never writes (any section order, larger alignments, any padding byte,
 * over-long varints, version tags). docs/formats/tileir.md, "Other
 * producers", has the facts. Optional argv[2]: a folder to write the built
 * files into (fuzz seeds).
 */
#include "testutil.h"
#include "vectors.h"
#include "interop_build.h"
#include "bcx/tileir.h"

#include <stdlib.h>
#include <string.h>

static const char *seed_dir;

static void save_seed(const char *name, const bcx_buf *b)
{
	if (!seed_dir)
		return;
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", seed_dir, name);
	FILE *f = fopen(path, "wb");
	T_CHECKF(f && fwrite(b->data, 1, b->len, f) == b->len, "write %s", path);
	if (f)
		fclose(f);
}

/* Generic text of a whole file (NUL-terminated in out), or false. */
static bool print_text(const uint8_t *data, size_t size, bcx_buf *out, bcx_diag *d)
{
	bcx_tileir_module *m = NULL;
	out->len = 0;
	bcx_status s = bcx_tileir_read(data, size, NULL, &m, d);
	if (s == BCX_OK)
		s = bcx_tileir_print_generic(m, -1, &(bcx_sink){bcx_buf_sink_write, out}, d);
	bcx_tileir_close(m);
	bcx_buf_put_u8(out, 0);
	out->len--;
	return s == BCX_OK;
}

/* Dump of a file as text (NUL-terminated), or false. */
static bool dump_text(const uint8_t *data, size_t size, bcx_buf *out)
{
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	out->len = 0;
	bcx_status s = bcx_tileir_read(data, size, NULL, &m, &d);
	if (s == BCX_OK)
		s = bcx_tileir_dump(m, false, &(bcx_sink){bcx_buf_sink_write, out}, &d);
	bcx_tileir_close(m);
	bcx_buf_put_u8(out, 0);
	out->len--;
	return s == BCX_OK;
}

static size_t count_text(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

static void expect_text(const bcx_buf *file, const char *want, const char *what)
{
	bcx_buf out;
	bcx_diag d = {0};
	bcx_buf_init(&out, NULL);
	bool ok = print_text(file->data, file->len, &out, &d);
	T_CHECKF(ok, "%s refused: %s (offset %lld)", what, d.message, (long long)d.offset);
	T_CHECKF(ok && strcmp((const char *)out.data, want) == 0, "%s prints\n%s\nwant\n%s", what,
		 (const char *)out.data, want);
	bcx_buf_free(&out);
}

/* ------------------------------------------------------------------ */
/* Hand-built front-end files                                          */
/* ------------------------------------------------------------------ */

static size_t add_str(ib_module *m, const char *s)
{
	return ib_add(&m->strings, s, strlen(s));
}

/* i1 and i32 first (both front ends pre-register them), then () -> (),
 * tile<i32>, tile<4xi32>. */
static void kernel_types(ib_module *m)
{
	static const uint8_t t4[] = {0x0d, 0x01, 0x01, 4, 0, 0, 0, 0, 0, 0, 0};
	ib_add(&m->types, "\x00", 1);
	ib_add(&m->types, "\x03", 1);
	ib_add(&m->types, "\x10\x00\x00", 3);
	ib_add(&m->types, "\x0d\x01\x00", 3);
	ib_add(&m->types, t4, sizeof t4);
}

/*
 * One entry "kernel": hints written in the order given (sm_100 = {} before
 * default = {num_cta_in_cga, occupancy, num_worker_warps_per_cta}, i32
 * Integer values); two constants of different types sharing one blob
 * (the front ends deduplicate blobs by bytes only); debug list `list`;
 * function flags `flags` (0x06: kernel with hints); the types, the
 * signature's type and the first constant's type as given.
 */
static void build_kernel_with(bcx_buf *out, const uint64_t *list, bool with_records,
			      uint8_t flags, void (*types)(ib_module *), size_t sig,
			      uint8_t first_type)
{
	ib_module m;
	ib_init(&m, 3);
	static const char *const names[] = {"kernel", "sm_100", "default", "num_cta_in_cga",
					    "occupancy", "num_worker_warps_per_cta"};
	for (size_t i = 0; i < 6; i++)
		add_str(&m, names[i]);
	static const uint8_t hints[] = {0x0b, 0x02, 1, 0x0a, 0x00, 2, 0x0a, 0x03,
					3, 0x01, 0x01, 0x02, 4, 0x01, 0x01, 0x04,
					5, 0x01, 0x01, 0x04};
	const uint8_t body[] = {0x10, first_type, 0x00, 0x10, 0x04, 0x00, 0x5c, 0x00, 0x00};
	types(&m);
	ib_add(&m.consts, "\x04\x07\x00\x00\x00", 5);
	if (with_records) {
		/* file, compile unit, subprogram, loc, call site (caller
		 * unknown), loc: dependencies first, as both front ends do. */
		uint8_t file = (uint8_t)add_str(&m, "k.py");
		uint8_t dir = (uint8_t)add_str(&m, "/src");
		uint8_t rec_file[] = {0x02, file, dir}, sp[] = {0x05, 1, 3, 0, 0, 2, 3};
		uint8_t loc1[] = {0x04, 3, file, 5, 7}, loc2[] = {0x04, 3, file, 9, 1};
		ib_add(&m.records, rec_file, sizeof rec_file);
		ib_add(&m.records, "\x01\x01", 2);
		ib_add(&m.records, sp, sizeof sp);
		ib_add(&m.records, loc1, sizeof loc1);
		ib_add(&m.records, "\x06\x04\x00", 3);
		ib_add(&m.records, loc2, sizeof loc2);
	}
	size_t loc = ib_list(&m, list, 4);
	ib_func(&m, 0, sig, flags, loc, hints, sizeof hints, body, sizeof body);
	ib_finish(&m, out);
	ib_free(&m);
}

static void build_kernel(bcx_buf *out, const uint64_t *list, bool with_records, uint8_t flags)
{
	build_kernel_with(out, list, with_records, flags, kernel_types, 2, 3);
}

static const char kernel_text[] =
	"\"cuda_tile.module\"() <{sym_name = \"kernels\"}> ({\n"
	"  \"cuda_tile.entry\"() <{arg_attrs = [], function_type = () -> (), "
	"optimization_hints = #cuda_tile.optimization_hints<default = {num_cta_in_cga = 2, "
	"num_worker_warps_per_cta = 4, occupancy = 4}, sm_100 = {}>, res_attrs = [], "
	"sym_name = \"kernel\"}> ({\n"
	"    %0 = \"cuda_tile.constant\"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> "
	"!cuda_tile.tile<i32>\n"
	"    %1 = \"cuda_tile.constant\"() <{value = dense<7> : !cuda_tile.tile<4xi32>}> : () -> "
	"!cuda_tile.tile<4xi32>\n"
	"    \"cuda_tile.return\"() : () -> ()\n"
	"  }) : () -> ()\n"
	"}) : () -> ()\n";

/* Without debug information: a list of zeros, one tag-0 record. */
static void test_kernel_anonymous(void)
{
	static const uint64_t zeros[4] = {0};
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	build_kernel(&b, zeros, false, 0x06);
	save_seed("interop_frontend_kernel.tileirbc", &b);
	expect_text(&b, kernel_text, "front-end kernel");
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	T_CHECK(bcx_tileir_read(b.data, b.len, NULL, &m, &d) == BCX_OK);
	if (m) {
		T_EQ_U(bcx_tileir_debug_record_count(m), 1);
		T_EQ_U(bcx_tileir_debug_record_at(m, 0)->tag, BCX_TILEIR_DI_UNKNOWN);
		T_EQ_U(bcx_tileir_function_at(m, 0)->loc_list, 1);
	}
	bcx_tileir_close(m);
	bcx_buf_free(&b);
}

/*
 * Function flag bits 3-7 mean nothing (spec §12.2): the reference tests
 * only the kernel and hints bits and ignores the rest, so the text is the
 * same; the dump shows them.
 */
static void test_unknown_function_flags(void)
{
	static const uint64_t zeros[4] = {0};
	static const uint8_t extra[] = {0x08, 0x10, 0x80, 0xf8};
	bcx_buf b, dump;
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&dump, NULL);
	for (size_t i = 0; i < sizeof extra; i++) {
		b.len = 0;
		build_kernel(&b, zeros, false, (uint8_t)(0x06 | extra[i]));
		expect_text(&b, kernel_text, "function flag bits 3-7");
		T_CHECK(dump_text(b.data, b.len, &dump));
		char want[64];
		snprintf(want, sizeof want, "flags 0x%02x (unknown bits 0x%02x, ignored)",
			 0x06 | extra[i], extra[i]);
		T_CHECKF(strstr((const char *)dump.data, want) != NULL, "dump lacks '%s':\n%s", want,
			 (const char *)dump.data);
	}
	save_seed("interop_function_flags.tileirbc", &b);
	bcx_buf_free(&dump);
	bcx_buf_free(&b);
}

/* The function's own location unknown, its ops located; a call site whose
 * caller is unknown. */
static void test_kernel_locations(void)
{
	static const uint64_t list[4] = {0, 4, 5, 6};
	bcx_buf b, dump;
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&dump, NULL);
	build_kernel(&b, list, true, 0x06);
	save_seed("interop_frontend_locations.tileirbc", &b);
	expect_text(&b, kernel_text, "front-end kernel with locations");
	bcx_tileir_module *m = NULL;
	const bcx_tileir_body *body = NULL;
	bcx_diag d = {0};
	T_CHECK(bcx_tileir_read(b.data, b.len, NULL, &m, &d) == BCX_OK);
	if (m && bcx_tileir_body_get(m, 0, &body, &d) == BCX_OK) {
		T_EQ_U(body->block.n_ops, 3);
		for (uint32_t i = 0; i < body->block.n_ops && i < 3; i++)
			T_EQ_U(body->block.ops[i].loc, list[i + 1]);
		T_EQ_U(bcx_tileir_debug_record_at(m, 4)->tag, BCX_TILEIR_DI_CALL_SITE);
		T_CHECK(bcx_tileir_dump(m, false, &(bcx_sink){bcx_buf_sink_write, &dump}, &d) == BCX_OK);
		bcx_buf_put_u8(&dump, 0);
		T_CHECK(strstr((const char *)dump.data, "call_site 4 0") != NULL);
	}
	bcx_tileir_close(m);
	bcx_buf_free(&dump);
	bcx_buf_free(&b);
}

/*
 * What the reference reader accepts and no known writer produces (spec
 * §7.1, §11.4, §20.6): type and debug records that refer to later
 * records, duplicate and unused table entries, bytes after a constant
 * blob or a debug record, the function visibility bit.
 */
static void test_forward_and_duplicates(void)
{
	static const uint8_t loc[] = {0x04, 0x02, 0x02, 0x05, 0x07},
			     sp[] = {0x05, 0x04, 0x03, 0x00, 0x00, 0x03, 0x03};
	static const uint8_t body[] = {0x10, 0x01, 0x00, 0x10, 0x04, 0x01, 0x5c, 0x00, 0x00};
	static const uint64_t list[] = {1, 1, 1, 1};
	ib_module m;
	ib_init(&m, 3);
	add_str(&m, "kernel");
	add_str(&m, "kernel");
	add_str(&m, "k.py");
	add_str(&m, "unused");
	ib_add(&m.types, "\x10\x00\x00", 3); /* () -> () */
	ib_add(&m.types, "\x0d\x02\x00", 3); /* tile<i32>, i32 comes later */
	ib_add(&m.types, "\x03", 1);
	ib_add(&m.types, "\x03", 1);           /* i32 again */
	ib_add(&m.types, "\x0d\x03\x00", 3); /* tile<i32> again */
	ib_add(&m.types, "\x0d\x03\x00", 3); /* unused */
	ib_add(&m.consts, "\x04\x07\x00\x00\x00", 5);
	ib_add(&m.consts, "\x04\x07\x00\x00\x00\xaa\xbb", 7); /* bytes after the blob */
	ib_add(&m.records, loc, sizeof loc);     /* DILoc, its scope later */
	ib_add(&m.records, sp, sizeof sp);
	ib_add(&m.records, "\x01\x04", 2);
	ib_add(&m.records, "\x02\x02\x02", 3);
	ib_add(&m.records, "\x00\x00", 2);     /* unused, a byte left over */
	/* flags bit 0 (private visibility) is ignored by the reference */
	ib_func(&m, 1, 0, 0x03, ib_list(&m, list, 4), NULL, 0, body, sizeof body);
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	ib_finish(&m, &b);
	save_seed("interop_forward_duplicates.tileirbc", &b);
	static const char want[] =
		"\"cuda_tile.module\"() <{sym_name = \"kernels\"}> ({\n"
		"  \"cuda_tile.entry\"() <{arg_attrs = [], function_type = () -> (), "
		"optimization_hints = #cuda_tile.optimization_hints<>, res_attrs = [], "
		"sym_name = \"kernel\"}> ({\n"
		"    %0 = \"cuda_tile.constant\"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> "
		"!cuda_tile.tile<i32>\n"
		"    %1 = \"cuda_tile.constant\"() <{value = dense<7> : !cuda_tile.tile<i32>}> : () -> "
		"!cuda_tile.tile<i32>\n"
		"    \"cuda_tile.return\"() : () -> ()\n"
		"  }) : () -> ()\n"
		"}) : () -> ()\n";
	expect_text(&b, want, "forward references and duplicates");
	bcx_buf_free(&b);
	ib_free(&m);
}

/* An entry with an empty body: the reference's verifier wants a
 * terminator; refused. */
static void test_empty_body(void)
{
	ib_module m;
	ib_init(&m, 3);
	add_str(&m, "k");
	ib_add(&m.types, "\x10\x00\x00", 3);
	static const uint64_t zero[1] = {0};
	ib_func(&m, 0, 0, 0x02, ib_list(&m, zero, 1), NULL, 0, NULL, 0);
	bcx_buf b, out;
	bcx_diag d = {0};
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&out, NULL);
	ib_finish(&m, &b);
	T_CHECK(!print_text(b.data, b.len, &out, &d));
	T_CHECKF(strstr(d.message, "must end with cuda_tile.return") != NULL, "%s", d.message);
	bcx_buf_free(&out);
	bcx_buf_free(&b);
	ib_free(&m);
}

/* An empty module in the front ends' layout prints as NVIDIA's empty one. */
static void test_empty_module(void)
{
	static const char *const ref[] = {
		"vectors/tileir/emptyModuleTest_000.v13.1.generic.mlir",
		"vectors/tileir/emptyModuleTest_000.v13.3.generic.mlir"};
	for (size_t i = 0; i < 2; i++) {
		size_t n = 0;
		uint8_t *want = tu_read_file(tu_shared_path(ref[i]), &n);
		T_CHECKF(want != NULL, "read %s", ref[i]);
		ib_module m;
		bcx_buf b;
		ib_init(&m, i ? 3 : 1);
		ib_add(&m.types, "\x00", 1);
		ib_add(&m.types, "\x03", 1);
		bcx_buf_init(&b, NULL);
		ib_finish(&m, &b);
		if (i)
			save_seed("interop_frontend_empty.tileirbc", &b);
		if (want)
			expect_text(&b, (const char *)want, ref[i]);
		free(want);
		bcx_buf_free(&b);
		ib_free(&m);
	}
}

/* Globals after the function section: six fields from 13.3 (visibility
 * written as one byte), four before. */
static void test_globals(void)
{
	static const uint8_t t4[] = {0x0d, 0x01, 0x01, 4, 0, 0, 0, 0, 0, 0, 0};
	static const char *const want[] = {
		"  \"cuda_tile.global\"() <{alignment = 0 : i64, sym_name = \"g\", symbol_visibility = "
		"#cuda_tile.symbol_visibility<public>, value = dense<7> : !cuda_tile.tile<4xi32>}> : "
		"() -> ()\n",
		"  \"cuda_tile.global\"() <{alignment = 0 : i64, constant, sym_name = \"g\", "
		"symbol_visibility = #cuda_tile.symbol_visibility<private>, value = dense<7> : "
		"!cuda_tile.tile<4xi32>}> : () -> ()\n"};
	for (int v = 0; v < 2; v++) {
		ib_module m;
		ib_init(&m, v ? 3 : 1);
		add_str(&m, "kernel");
		add_str(&m, "g");
		ib_add(&m.types, "\x00", 1);
		ib_add(&m.types, "\x03", 1);
		ib_add(&m.types, "\x10\x00\x00", 3);
		ib_add(&m.types, t4, sizeof t4);
		ib_add(&m.consts, "\x04\x07\x00\x00\x00", 5);
		static const uint64_t zeros[2] = {0};
		size_t loc = ib_list(&m, zeros, 2);
		ib_func(&m, 0, 2, 0x02, loc, NULL, 0, "\x5c\x00\x00", 3);
		m.has_globals = true;
		m.n_globals = 1;
		bcx_buf_put_bytes(&m.globals, v ? "\x01\x03\x00\x00\x01\x01" : "\x01\x03\x00\x00",
				  v ? 6 : 4);
		bcx_buf b, out;
		bcx_diag d = {0};
		bcx_buf_init(&b, NULL);
		bcx_buf_init(&out, NULL);
		ib_finish(&m, &b);
		save_seed(v ? "interop_frontend_global_13_3.tileirbc" : "interop_frontend_global_13_1.tileirbc",
			  &b);
		bool ok = print_text(b.data, b.len, &out, &d);
		T_CHECKF(ok, "globals 13.%d: %s", v ? 3 : 1, d.message);
		T_CHECKF(ok && strstr((const char *)out.data, want[v]) != NULL, "globals:\n%s",
			 (const char *)out.data);
		bcx_buf_free(&out);
		bcx_buf_free(&b);
		ib_free(&m);
	}
}

/* ------------------------------------------------------------------ */
/* Full buffers of equal elements                                      */
/* ------------------------------------------------------------------ */

static size_t add_tile(ib_module *m, uint8_t elem, uint32_t rank, uint64_t dim)
{
	uint8_t t[11] = {0x0d, elem, (uint8_t)rank};
	for (int i = 0; i < 8; i++)
		t[3 + i] = (uint8_t)(dim >> (8 * i));
	return ib_add(&m->types, t, rank ? sizeof t : 3);
}

static void add_const(ib_module *m, const uint8_t *p, size_t n)
{
	bcx_buf blob;
	bcx_buf_init(&blob, NULL);
	bcx_buf_put_uleb128(&blob, n);
	bcx_buf_put_bytes(&blob, p, n);
	ib_add(&m->consts, blob.data, blob.len);
	bcx_buf_free(&blob);
}

/* "dense<[true, true, ...]>" with n elements, the last one `last`. */
static void bool_list(char *out, size_t cap, size_t n, bool last)
{
	size_t k = (size_t)snprintf(out, cap, "dense<[");
	for (size_t i = 0; i < n && k < cap; i++)
		k += (size_t)snprintf(out + k, cap - k, "%s%s", i ? ", " : "",
				      i + 1 < n || last ? "true" : "false");
	if (k < cap)
		snprintf(out + k, cap - k, "]>");
}

typedef struct dense_case {
	uint8_t type;
	const uint8_t *data;
	size_t len;
	const char *want; /* the value = ... text */
} dense_case;

/* Types: i1, i32, f32, () -> (), tile<4xi32>, tile<4xi1>, tile<16xi1>,
 * tile<2xi1>, tile<128xi32>, tile<2xf32>, tile<i1>; one constant op per
 * case. */
static void build_constants(const dense_case *cases, size_t n, bcx_buf *out)
{
	ib_module m;
	ib_init(&m, 3);
	add_str(&m, "kernel");
	ib_add(&m.types, "\x00", 1);
	ib_add(&m.types, "\x03", 1);
	ib_add(&m.types, "\x07", 1);
	ib_add(&m.types, "\x10\x00\x00", 3);
	add_tile(&m, 1, 1, 4);
	add_tile(&m, 0, 1, 4);
	add_tile(&m, 0, 1, 16);
	add_tile(&m, 0, 1, 2);
	add_tile(&m, 1, 1, 128);
	add_tile(&m, 2, 1, 2);
	add_tile(&m, 0, 0, 0);
	bcx_buf body;
	bcx_buf_init(&body, NULL);
	for (size_t i = 0; i < n; i++) {
		add_const(&m, cases[i].data, cases[i].len);
		uint8_t op[3] = {0x10, cases[i].type, (uint8_t)i};
		bcx_buf_put_bytes(&body, op, 3);
	}
	bcx_buf_put_bytes(&body, "\x5c\x00\x00", 3);
	ib_func(&m, 0, 3, 0x02, 0, NULL, 0, body.data, body.len);
	ib_finish(&m, out);
	bcx_buf_free(&body);
	ib_free(&m);
}

/*
 * MLIR keeps one element of a full buffer whose elements are all equal
 * (packed i1: the unused bits of a one-byte buffer must be clear when the
 * value is true; tiles have power-of-two sizes, so only buffers of fewer
 * than 8 elements have unused bits), so the reference prints a splat; cutile-python writes
 * constant tuples in full and packs booleans.
 */
static void test_full_splats(void)
{
	static const uint8_t sevens[16] = {7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0, 7, 0, 0, 0};
	static const uint8_t seq[16] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0};
	static const uint8_t zeros_f32[8] = {0, 0, 0, 0, 0, 0, 0, 0x80};
	static uint8_t nines[512], mixed[512];
	for (size_t i = 0; i < 512; i += 4)
		nines[i] = mixed[i] = 9;
	mixed[508] = 8;
	char list16[256];
	bool_list(list16, sizeof list16, 16, false);
	const dense_case cases[] = {
		{4, sevens, 16, "dense<7> : !cuda_tile.tile<4xi32>"},
		{4, seq, 16, "dense<[1, 2, 3, 4]> : !cuda_tile.tile<4xi32>"},
		{5, (const uint8_t *)"\x0f", 1, "dense<true> : !cuda_tile.tile<4xi1>"},
		{5, (const uint8_t *)"\x1f", 1, "dense<[true, true, true, true]> : !cuda_tile.tile<4xi1>"},
		{6, (const uint8_t *)"\x00\x00", 2, "dense<false> : !cuda_tile.tile<16xi1>"},
		{6, (const uint8_t *)"\xff\x7f", 2, list16},
		{7, (const uint8_t *)"\x03", 1, "dense<true> : !cuda_tile.tile<2xi1>"},
		{7, (const uint8_t *)"\x07", 1, "dense<[true, true]> : !cuda_tile.tile<2xi1>"},
		{7, (const uint8_t *)"\x02", 1, "dense<[false, true]> : !cuda_tile.tile<2xi1>"},
		{8, nines, 512, "dense<9> : !cuda_tile.tile<128xi32>"},
		{8, mixed, 512, "dense<\"0x09000000090000000900000009000000"},
		{9, zeros_f32, 8, "dense<[0.000000e+00, -0.000000e+00]> : !cuda_tile.tile<2xf32>"},
		{10, (const uint8_t *)"\x02", 1, "dense<true> : !cuda_tile.tile<i1>"},
		/* one byte per i1 element: test_dense.c (NVIDIA's newest tools) */
	};
	const size_t n = sizeof cases / sizeof cases[0];
	bcx_buf b, out;
	bcx_diag d = {0};
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&out, NULL);
	build_constants(cases, n, &b);
	save_seed("interop_full_splats.tileirbc", &b);
	bool ok = print_text(b.data, b.len, &out, &d);
	T_CHECKF(ok, "full splats: %s", d.message);
	for (size_t i = 0; ok && i < n; i++) {
		char want[512];
		snprintf(want, sizeof want, "%%%zu = \"cuda_tile.constant\"() <{value = %s", i,
			 cases[i].want);
		T_CHECKF(strstr((const char *)out.data, want) != NULL, "missing %s in\n%s", want,
			 (const char *)out.data);
	}
	bcx_buf_free(&out);
	bcx_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* f64 float attributes with the sign bit set                          */
/* ------------------------------------------------------------------ */

/*
 * reduce(constant tile<4xf64>) with identity `ident` (a self-contained
 * attribute; types: 1 i32, 2 f64): both front ends zig-zag the unsigned bit pattern,
 * so -inf (0xFFF0000000000000) becomes a 65-bit varint whose tenth byte
 * is 03. The reference reader keeps bit 0 of the tenth byte only: the
 * value read is +inf.
 */
static void build_reduce(bcx_buf *out, const uint8_t *ident, size_t ident_len)
{
	static const uint8_t t4[] = {0x0d, 0x02, 0x01, 4, 0, 0, 0, 0, 0, 0, 0};
	static const uint8_t head[] = {0x10, 0x03, 0x00, 0x58, 0x01, 0x04, 0x00, 0x01};
	static const uint8_t tail[] = {0x01, 0x00, 0x01, 0x01, 0x02, 0x04, 0x04, 0x02,
				       0x45, 0x04, 0x00, 0x01, 0x02, 0x6d, 0x00, 0x01, 0x03,
				       0x5c, 0x00, 0x00};
	ib_module m;
	bcx_buf body;
	ib_init(&m, 3);
	bcx_buf_init(&body, NULL);
	add_str(&m, "k");
	ib_add(&m.types, "\x00", 1);
	ib_add(&m.types, "\x03", 1);
	ib_add(&m.types, "\x09", 1);
	ib_add(&m.types, t4, sizeof t4);
	add_tile(&m, 2, 0, 0);
	ib_add(&m.types, "\x10\x00\x00", 3);
	ib_add(&m.consts, "\x08\x00\x00\x00\x00\x00\x00\x00\x00", 9);
	bcx_buf_put_bytes(&body, head, sizeof head);
	bcx_buf_put_bytes(&body, ident, ident_len);
	bcx_buf_put_bytes(&body, tail, sizeof tail);
	static const uint64_t zeros[6] = {0};
	size_t loc = ib_list(&m, zeros, 6);
	ib_func(&m, 0, 5, 0x02, loc, NULL, 0, body.data, body.len);
	ib_finish(&m, out);
	bcx_buf_free(&body);
	ib_free(&m);
}

static void test_f64_sign(void)
{
	static const uint8_t neg_inf[] = {0x02, 0x02, 0x80, 0x80, 0x80, 0x80, 0x80,
					  0x80, 0x80, 0xf0, 0xff, 0x03};
	static const uint8_t eleven[] = {0x02, 0x02, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
					 0x80, 0xf0, 0xff, 0x83, 0x00};
	bcx_buf b, out;
	bcx_diag d = {0};
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&out, NULL);
	build_reduce(&b, neg_inf, sizeof neg_inf);
	save_seed("interop_f64_identity.tileirbc", &b);
	bool ok = print_text(b.data, b.len, &out, &d);
	T_CHECKF(ok, "f64 identity: %s", d.message);
	T_CHECKF(ok && strstr((const char *)out.data,
			      "identities = [0x7FF0000000000000 : f64]") != NULL,
		 "f64 identity:\n%s", (const char *)out.data);
	b.len = 0;
	build_reduce(&b, eleven, sizeof eleven);
	T_CHECK(!print_text(b.data, b.len, &out, &d));
	T_CHECKF(strstr(d.message, "longer than 10 bytes") != NULL, "%s", d.message);
	bcx_buf_free(&out);
	bcx_buf_free(&b);
}

/*
 * cutile-rs writes an Integer attribute as the 64-bit two's complement of
 * its value (-1 : i32 as ten bytes) and a tf32 Float as the f32 pattern;
 * NVIDIA's reader refuses both ("does not fit"), and so does bcx.
 */
static void test_rust_refusals(void)
{
	static const uint8_t minus_one_i32[] = {0x01, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff,
						0xff, 0xff, 0xff, 0xff, 0x01};
	static const uint8_t signed_neg_inf[] = {0x02, 0x02, 0xff, 0xff, 0xff, 0xff,
						 0xff, 0xff, 0xff, 0x0f};
	bcx_buf b, out;
	bcx_diag d = {0};
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&out, NULL);
	build_reduce(&b, minus_one_i32, sizeof minus_one_i32);
	T_CHECK(!print_text(b.data, b.len, &out, &d));
	T_CHECKF(strstr(d.message, "does not fit in 32 bits") != NULL, "%s", d.message);
	/* The C++ and Rust writers' form of -inf: the signed zig-zag. */
	b.len = 0;
	build_reduce(&b, signed_neg_inf, sizeof signed_neg_inf);
	bool ok = print_text(b.data, b.len, &out, &d);
	T_CHECKF(ok && strstr((const char *)out.data, "identities = [0xFFF0000000000000 : f64]"),
		 "signed -inf: %s", ok ? (const char *)out.data : d.message);
	bcx_buf_free(&out);
	bcx_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* Reference vectors re-laid out                                       */
/* ------------------------------------------------------------------ */

typedef struct sec {
	uint8_t id;
	uint64_t align;
	const uint8_t *p;
	size_t n;
} sec;

static bool get_uleb(const uint8_t *d, size_t n, size_t *pos, uint64_t *v)
{
	*v = 0;
	for (unsigned shift = 0; *pos < n && shift < 64; shift += 7) {
		uint8_t b = d[(*pos)++];
		*v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return true;
	}
	return false;
}

/* The sections of a well-formed file in file order; 0 on failure. */
static size_t split(const uint8_t *d, size_t n, sec *s, size_t max)
{
	size_t pos = 12, k = 0;
	while (pos < n && d[pos] != 0 && k < max) {
		uint8_t idb = d[pos++];
		uint64_t len = 0;
		s[k].id = idb & 0x7f;
		s[k].align = 1;
		if (!get_uleb(d, n, &pos, &len))
			return 0;
		if ((idb & 0x80) && !get_uleb(d, n, &pos, &s[k].align))
			return 0;
		if (s[k].align > 1)
			pos += (size_t)((s[k].align - pos % s[k].align) % s[k].align);
		if (pos > n || len > n - pos)
			return 0;
		s[k].p = d + pos;
		s[k].n = (size_t)len;
		pos += (size_t)len;
		k++;
	}
	return pos + 1 == n ? k : 0;
}

/* LEB128 with `extra` redundant bytes (over-long, as the reference reader
 * accepts, spec §3.2). */
static void put_uleb_long(bcx_buf *o, uint64_t v, unsigned extra)
{
	do {
		uint8_t b = (uint8_t)(v & 0x7f);
		v >>= 7;
		bcx_buf_put_u8(o, (uint8_t)(b | (v || extra ? 0x80 : 0)));
	} while (v);
	while (extra--)
		bcx_buf_put_u8(o, extra ? 0x80 : 0x00);
}

typedef struct relayout {
	const char *name;
	uint8_t order[7];    /* section ids in the order to write them */
	unsigned align[8];   /* per id: alignment to use, 0 = the file's */
	uint8_t pad;         /* padding byte */
	unsigned extra;      /* redundant varint bytes in section headers */
	uint16_t tag;        /* version tag to write */
	bool add_constants;  /* an empty constant section when there is none */
} relayout;

static const relayout layouts[] = {
	{"front-end order", {2, 6, 4, 3, 5, 7, 1}, {0}, 0xcb, 0, 0, true},
	{"reverse order", {7, 1, 5, 3, 4, 6, 2}, {0}, 0xcb, 0, 0, false},
	{"larger alignments", {6, 2, 4, 3, 5, 7, 1}, {0, 16, 64, 8, 32, 4, 8, 2}, 0xcb, 0, 0, false},
	{"zero padding, over-long varints", {6, 2, 4, 3, 5, 7, 1}, {0}, 0x00, 2, 0, false},
	{"version tag", {6, 2, 4, 3, 5, 7, 1}, {0}, 0xcb, 0, 0x0107, false},
};

static void put_sec(bcx_buf *o, const relayout *l, uint8_t id, uint64_t align, const void *p,
		    size_t n)
{
	if (l->align[id])
		align = l->align[id];
	bcx_buf_put_u8(o, (uint8_t)(id | (align > 1 ? 0x80 : 0)));
	put_uleb_long(o, n, l->extra);
	if (align > 1) {
		put_uleb_long(o, align, l->extra);
		bcx_buf_pad_to(o, (size_t)align, l->pad);
	}
	bcx_buf_put_bytes(o, p, n);
}

static void apply(const relayout *l, const uint8_t *d, const sec *s, size_t ns, bcx_buf *o)
{
	static const uint8_t empty_constants[8] = {0, 0xcb, 0xcb, 0xcb, 0xcb, 0xcb, 0xcb, 0xcb};
	bcx_buf_put_bytes(o, d, 10);
	bcx_buf_put_u16le(o, l->tag ? l->tag : (uint16_t)(d[10] | (unsigned)d[11] << 8));
	for (size_t i = 0; i < 7; i++) {
		bool found = false;
		for (size_t k = 0; k < ns; k++) {
			if (s[k].id == l->order[i]) {
				put_sec(o, l, s[k].id, s[k].align, s[k].p, s[k].n);
				found = true;
			}
		}
		if (!found && l->order[i] == 4 && l->add_constants)
			put_sec(o, l, 4, 8, empty_constants, sizeof empty_constants);
	}
	bcx_buf_put_u8(o, 0);
}

/* Every readable vector, re-laid out each way, prints the reference text. */
static void test_relayout(void)
{
	char **paths = NULL;
	size_t n = tv_list(".generic.mlir", &paths), done = 0;
	T_CHECK(n > 100);
	bcx_buf o, out;
	bcx_buf_init(&o, NULL);
	bcx_buf_init(&out, NULL);
	for (size_t i = 0; i < n; i++) {
		char bc[4096];
		size_t n_exp = 0, n_bc = 0;
		tv_bytecode_for(paths[i], ".generic.mlir", bc, sizeof bc);
		uint8_t *want = tu_read_file(paths[i], &n_exp), *data = tu_read_file(bc, &n_bc);
		sec s[16];
		size_t ns = data ? split(data, n_bc, s, 16) : 0;
		T_CHECKF(want && ns > 0, "%s: cannot split", bc);
		for (size_t k = 0; want && ns && k < sizeof layouts / sizeof layouts[0]; k++) {
			bcx_diag d = {0};
			o.len = 0;
			apply(&layouts[k], data, s, ns, &o);
			if (i == 0 && k < 2)
				save_seed(k ? "interop_relayout_reverse.tileirbc"
					    : "interop_relayout_frontend.tileirbc", &o);
			bool ok = print_text(o.data, o.len, &out, &d);
			T_CHECKF(ok && out.len == n_exp && memcmp(out.data, want, n_exp) == 0,
				 "%s (%s): %s", bc, layouts[k].name, ok ? "text differs" : d.message);
			done++;
		}
		free(want);
		free(data);
	}
	T_CHECK(done >= 5 * 100);
	bcx_buf_free(&out);
	bcx_buf_free(&o);
	tv_free(paths, n);
}

/* The file with a junk copy of section s[dup] before (or after) all the
 * others; the junk payload is an unterminated varint. */
static void with_junk_copy(const uint8_t *d, const sec *s, size_t ns, size_t dup, bool after,
			   bcx_buf *o)
{
	static const uint8_t junk[5] = {0xff, 0xff, 0xff, 0xff, 0xff};
	static const relayout keep = {"keep", {0}, {0}, 0xcb, 0, 0, false};
	o->len = 0;
	bcx_buf_put_bytes(o, d, 12);
	if (!after)
		put_sec(o, &keep, s[dup].id, s[dup].align, junk, sizeof junk);
	for (size_t k = 0; k < ns; k++)
		put_sec(o, &keep, s[k].id, s[k].align, s[k].p, s[k].n);
	if (after)
		put_sec(o, &keep, s[dup].id, s[dup].align, junk, sizeof junk);
	bcx_buf_put_u8(o, 0);
}

/*
 * A section id seen twice: the reference's readBytecode stores each payload
 * by id as it frames them, so the later copy replaces the earlier one (only
 * its size probe, getBytecodeSize, refuses repeats). Every vector with a
 * junk copy of one of its sections in front prints the reference text; with
 * the junk copy last, the junk is what is read, and it is refused.
 */
static void test_duplicate_sections(void)
{
	char **paths = NULL;
	size_t n = tv_list(".generic.mlir", &paths), done = 0;
	bcx_buf o, out;
	bcx_buf_init(&o, NULL);
	bcx_buf_init(&out, NULL);
	for (size_t i = 0; i < n; i++) {
		char bc[4096];
		size_t n_exp = 0, n_bc = 0;
		tv_bytecode_for(paths[i], ".generic.mlir", bc, sizeof bc);
		uint8_t *want = tu_read_file(paths[i], &n_exp), *data = tu_read_file(bc, &n_bc);
		sec s[16];
		size_t ns = data ? split(data, n_bc, s, 16) : 0;
		T_CHECKF(want && ns > 0, "%s: cannot split", bc);
		for (size_t k = 0; want && ns && k < ns; k++) {
			bcx_diag d = {0};
			with_junk_copy(data, s, ns, k, false, &o);
			bool ok = print_text(o.data, o.len, &out, &d);
			T_CHECKF(ok && out.len == n_exp && memcmp(out.data, want, n_exp) == 0,
				 "%s (junk section %u first): %s", bc, s[k].id,
				 ok ? "text differs" : d.message);
			with_junk_copy(data, s, ns, k, true, &o);
			T_CHECKF(!print_text(o.data, o.len, &out, &d), "%s (junk section %u last) read",
				 bc, s[k].id);
			done++;
		}
		if (i == 0 && ns) {
			with_junk_copy(data, s, ns, 0, false, &o);
			save_seed("interop_duplicate_section.tileirbc", &o);
			T_CHECK(dump_text(o.data, o.len, &out));
			T_CHECKF(strstr((const char *)out.data, "duplicate sections, ignored") != NULL,
				 "dump does not show the ignored section:\n%s", (const char *)out.data);
		}
		free(want);
		free(data);
	}
	T_CHECK(done >= 300);
	bcx_buf_free(&out);
	bcx_buf_free(&o);
	tv_free(paths, n);
}

/*
 * kernel_types, then records that are invalid (spec §7.1, §20.2):
 * [5] unknown tag, [6] tile<3xi32> (the verifier wants powers of two),
 * [7] tensor_view of type 127 (out of range), [8] a tile cut short,
 * [9] () -> tile<3xi32> (valid itself, refers to [6]), [10] i32 with a
 * byte left over.
 */
static void invalid_types(ib_module *m)
{
	static const uint8_t tile3[] = {0x0d, 0x01, 0x01, 3, 0, 0, 0, 0, 0, 0, 0};
	kernel_types(m);
	ib_add(&m->types, "\x50", 1);
	ib_add(&m->types, tile3, sizeof tile3);
	ib_add(&m->types, "\x0e\x7f", 2);
	ib_add(&m->types, "\x0d\x01", 2);
	ib_add(&m->types, "\x10\x00\x01\x06", 4);
	ib_add(&m->types, "\x03\x00", 2);
}

static void expect_refused(const bcx_buf *b, const char *what, const char *msg)
{
	bcx_buf out;
	bcx_diag d = {0};
	bcx_buf_init(&out, NULL);
	T_CHECKF(!print_text(b->data, b->len, &out, &d), "%s read", what);
	T_CHECKF(strstr(d.message, msg) != NULL, "%s: message '%s' lacks '%s'", what, d.message,
		 msg);
	bcx_buf_free(&out);
}

/*
 * The reference's type table is lazy (BytecodeReader.cpp, LazyTypeTable):
 * a record is decoded when something refers to it, so invalid records
 * nothing uses do not matter, and the text is that of the valid file. A
 * used one is refused, also through a valid type that refers to it.
 */
static void test_unused_invalid_types(void)
{
	static const uint64_t zeros[4] = {0};
	bcx_buf b, dump;
	bcx_buf_init(&b, NULL);
	bcx_buf_init(&dump, NULL);
	build_kernel_with(&b, zeros, false, 0x06, invalid_types, 2, 3);
	save_seed("interop_invalid_types.tileirbc", &b);
	expect_text(&b, kernel_text, "unused invalid types");
	T_CHECK(dump_text(b.data, b.len, &dump));
	T_EQ_U(count_text((const char *)dump.data, "invalid, unused: "), 6);
	T_CHECK(strstr((const char *)dump.data, "unknown type tag: 80") != NULL);
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	T_CHECK(bcx_tileir_read(b.data, b.len, NULL, &m, &d) == BCX_OK);
	T_EQ_U(bcx_tileir_type_count(m), 11);
	T_CHECK(bcx_tileir_type_at(m, 4) != NULL && bcx_tileir_type_at(m, 5) == NULL);
	bcx_tileir_close(m);
	/* The last offset before the one of [9]: their ranges are out of
	 * order, which the reference checks only on use (§7.1). */
	sec sc[8];
	size_t ns = split(b.data, b.len, sc, 8);
	for (size_t k = 0; k < ns; k++) {
		if (sc[k].id != 5)
			continue;
		uint8_t *offs = b.data + (size_t)(sc[k].p - b.data) + 4; /* count 11, padding */
		T_CHECK(offs[40] > 0);
		offs[40] = (uint8_t)(offs[36] - 1);
		expect_text(&b, kernel_text, "type ranges out of order");
		T_CHECK(dump_text(b.data, b.len, &dump));
		T_CHECK(strstr((const char *)dump.data, "type 9 has range") != NULL);
	}
	static const struct {
		size_t sig;
		uint8_t first;
		const char *msg;
	} used[] = {
		{9, 3, "type 9 cannot be used: type 6 (tile) fails verification"},
		{2, 5, "type 5 cannot be used: unknown type tag: 80"},
		{2, 6, "type 6 cannot be used: type 6 (tile) fails verification"},
		{2, 8, "type 8 cannot be used"},
		{2, 10, "unexpected bytes at the end of type 10"},
	};
	for (size_t i = 0; i < sizeof used / sizeof used[0]; i++) {
		b.len = 0;
		build_kernel_with(&b, zeros, false, 0x06, invalid_types, used[i].sig,
				  used[i].first);
		expect_refused(&b, "a used invalid type", used[i].msg);
	}
	bcx_buf_free(&dump);
	bcx_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* Hint values as the front ends write them                            */
/* ------------------------------------------------------------------ */

static long find_string(const bcx_tileir_module *m, const char *s)
{
	for (size_t i = 0; i < bcx_tileir_string_count(m); i++) {
		bcx_tileir_str x = bcx_tileir_string(m, i);
		if (x.len == strlen(s) && memcmp(x.ptr, s, x.len) == 0)
			return (long)i;
	}
	return -1;
}

static long find_scalar(const bcx_tileir_module *m, unsigned tag)
{
	for (size_t i = 0; i < bcx_tileir_type_count(m); i++)
		if (bcx_tileir_type_at(m, i)->tag == tag)
			return (long)i;
	return -1;
}

typedef struct hint_ids {
	long allow_tma, latency, i1, i32, i64;
} hint_ids;

/* `latency` sorts after `allow_tma`: its entry follows the dictionary's
 * tag and count or an allow_tma entry (already patched). */
static bool dict_entry_start(const uint8_t *p, size_t i, const hint_ids *h)
{
	if (i >= 2 && p[i - 2] == 0x0a && (p[i - 1] == 1 || p[i - 1] == 2))
		return true;
	return i >= 4 && p[i - 4] == (uint8_t)(h->allow_tma | 0x80) && p[i - 3] == 0x00 &&
	       p[i - 2] == 0x03;
}

/*
 * In the function section, `allow_tma` entries (key, Integer tag, i1, v)
 * become (over-long key, Bool tag 3, v) and `latency` values typed i64
 * become i32, both in place: what cutile-python and cuTile.jl write.
 */
static void patch_hints(uint8_t *p, size_t n, const hint_ids *h, size_t *bools, size_t *ints)
{
	for (size_t i = 0; i + 4 <= n; i++) {
		if (p[i] == h->allow_tma && p[i + 1] == 0x01 && p[i + 2] == h->i1 && p[i + 3] <= 1) {
			p[i] |= 0x80;
			p[i + 1] = 0x00;
			p[i + 2] = 0x03;
			(*bools)++;
		} else if (p[i] == h->latency && p[i + 1] == 0x01 && p[i + 2] == h->i64 &&
			   p[i + 3] < 0x80 && dict_entry_start(p, i, h)) {
			p[i + 2] = (uint8_t)h->i32;
			(*ints)++;
		}
	}
}

static void test_hint_values(void)
{
	static const char *const files[] = {"vectors/tileir/coverage/cov_027_opt_hints.v13.1",
					    "vectors/tileir/coverage/cov_027_opt_hints.v13.2",
					    "vectors/tileir/coverage/cov_027_opt_hints.v13.3"};
	for (size_t f = 0; f < 3; f++) {
		char path[4096];
		size_t n = 0, n_exp = 0;
		snprintf(path, sizeof path, "%s.tileirbc", tu_shared_path(files[f]));
		uint8_t *data = tu_read_file(path, &n);
		snprintf(path, sizeof path, "%s.generic.mlir", tu_shared_path(files[f]));
		char *want = (char *)tu_read_file(path, &n_exp);
		bcx_tileir_module *m = NULL;
		bcx_diag d = {0};
		T_CHECKF(data && want && bcx_tileir_open(data, n, NULL, &m, &d) == BCX_OK, "%s",
			 files[f]);
		if (!m) {
			free(data);
			free(want);
			continue;
		}
		hint_ids h = {find_string(m, "allow_tma"), find_string(m, "latency"),
			      find_scalar(m, BCX_TILEIR_T_I1), find_scalar(m, BCX_TILEIR_T_I32),
			      find_scalar(m, BCX_TILEIR_T_I64)};
		const bcx_tileir_section *fs = bcx_tileir_get_section(m, BCX_TILEIR_SEC_FUNCTION);
		size_t at = fs->payload_offset, len = fs->length;
		bcx_tileir_close(m);
		T_CHECK(h.allow_tma >= 0 && h.allow_tma < 128 && h.latency >= 0 && h.i1 >= 0 &&
			h.i1 < 128 && h.i32 >= 0 && h.i64 >= 0);
		size_t bools = 0, ints = 0;
		patch_hints(data + at, len, &h, &bools, &ints);
		T_EQ_U(bools, count_text(want, "allow_tma"));
		T_EQ_U(ints, count_text(want, "latency"));
		bcx_buf b = {.data = data, .len = n};
		expect_text(&b, want, files[f]);
		if (f == 2)
			save_seed("interop_bool_i32_hints.tileirbc", &b);
		free(data);
		free(want);
	}
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	seed_dir = argc > 2 ? argv[2] : NULL;
	test_kernel_anonymous();
	test_kernel_locations();
	test_unknown_function_flags();
	test_unused_invalid_types();
	test_forward_and_duplicates();
	test_empty_module();
	test_empty_body();
	test_globals();
	test_full_splats();
	test_f64_sign();
	test_rust_refusals();
	test_relayout();
	test_duplicate_sections();
	test_hint_values();
	return tu_finish();
}
