/* The assembler on every text of the Tile IR vectors (spec §21), read from
 * the shared folder at run time:
 *  - each reader output in the custom form (.mlir) and with locations
 *    (.debuginfo.mlir), assembled at its version, gives the vector's bytes;
 *  - each module's human-written source (.src.mlir), assembled at every
 *    version the reference wrote, gives that version's bytes;
 *  - our own custom form of each file (bcx dis, with --debuginfo where the
 *    file has debug info), assembled again, gives the file's bytes.
 * The exemptions below are texts that do not hold the bytes' information;
 * the vectors' READMEs (and roundtrip.txt) explain each. */
#include "testutil.h"
#include "vectors.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name, *kind, *why;
} exempt[] = {
	{"cov_028_opt_hints_empty", ".mlir", "the printer leaves out an empty hints attribute"},
	{"cov_029_opt_hints_unusual_values", ".mlir",
	 "hint values are printed without types (the reference gives other bytes for it too)"},
	{"cov_033_debuginfo_text_losses", ".debuginfo.mlir",
	 "locations of left-out terminators are not printed"},
	{"cov_036_load_padding_without_mask", ".mlir",
	 "a padding value without a mask prints as a mask (the reference refuses the text)"},
	/* our own custom form has the same gaps as the reference's */
	{"cov_028_opt_hints_empty", "dis", "as .mlir"},
	{"cov_029_opt_hints_unusual_values", "dis", "as .mlir"},
	{"cov_033_debuginfo_text_losses", "dis --debuginfo", "as .debuginfo.mlir"},
	{"cov_036_load_padding_without_mask", "dis", "as .mlir"},
};

static const char *exempt_why(const char *name, const char *kind)
{
	for (size_t i = 0; i < sizeof exempt / sizeof exempt[0]; i++)
		if (strcmp(exempt[i].name, name) == 0 && strcmp(exempt[i].kind, kind) == 0)
			return exempt[i].why;
	return NULL;
}

static bcx_tileir_write_options opts_for(const char *version)
{
	bcx_tileir_write_options o = {.size = sizeof o, .major = 13, .minor = 3};
	unsigned maj = 0, min = 0, tag = 0;
	sscanf(version, "%u.%u.%u", &maj, &min, &tag);
	o.minor = (uint8_t)min;
	o.tag = (uint16_t)tag;
	return o;
}

/* Assemble text file rel at version and compare with bytes file want. */
static bool asm_equals(const char *rel, const char *want, const char *version)
{
	size_t tsize, bsize, len = 0;
	char *text = (char *)tu_read_file(tu_shared_path(rel), &tsize);
	uint8_t *ref = tu_read_file(tu_shared_path(want), &bsize), *out = NULL;
	bcx_tileir_builder *m = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_write_options o = opts_for(version);
	bool ok = T_CHECKF(text && ref, "missing %s or %s", rel, want) &&
		  T_CHECKF(bcx_tileir_assemble(rel, text, tsize, NULL, &m, &d) == BCX_OK, "%s",
			   d.message) &&
		  T_CHECKF(bcx_tileir_builder_write(m, &o, &out, &len, &d) == BCX_OK, "%s: %s", rel,
			   d.message) &&
		  T_CHECKF(len == bsize && memcmp(out, ref, len) == 0, "%s: bytes differ from %s", rel,
			   want);
	bcx_tileir_builder_free_bytes(m, out, len);
	bcx_tileir_builder_free(m);
	free(text);
	free(ref);
	return ok;
}

/* bcx dis [--debuginfo] of the vector, then asm: the same bytes. */
static bool dis_asm_equals(const char *want, const char *version, bool debuginfo)
{
	size_t size, len = 0;
	uint8_t *in = tu_read_file(tu_shared_path(want), &size), *out = NULL;
	bcx_tileir_module *r = NULL;
	bcx_tileir_builder *m = NULL;
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_write_options o = opts_for(version);
	bcx_tileir_print_options po = {.size = sizeof po, .debuginfo = debuginfo};
	bcx_sink sink = {bcx_buf_sink_write, &text};
	bool ok = T_CHECKF(in != NULL, "missing %s", want) &&
		  T_CHECKF(bcx_tileir_read(in, size, NULL, &r, &d) == BCX_OK, "%s", d.message) &&
		  T_CHECKF(bcx_tileir_print_custom(r, -1, &po, &sink, &d) == BCX_OK, "%s", d.message) &&
		  T_CHECKF(bcx_tileir_assemble(want, (const char *)text.data, text.len, NULL, &m, &d) ==
				   BCX_OK, "dis of %s: %s", want, d.message) &&
		  T_CHECKF(bcx_tileir_builder_write(m, &o, &out, &len, &d) == BCX_OK, "%s", d.message) &&
		  T_CHECKF(len == size && memcmp(out, in, len) == 0, "dis then asm of %s: bytes differ",
			   want);
	bcx_tileir_builder_free_bytes(m, out, len);
	bcx_tileir_builder_free(m);
	bcx_tileir_close(r);
	bcx_buf_free(&text);
	free(in);
	return ok;
}

typedef struct tally {
	unsigned same, total, exempted;
} tally;

static void one(tally *t, const char *dir, const char *name, const char *version, const char *kind)
{
	char rel[320], want[320];
	if (strcmp(kind, ".src.mlir") == 0)
		snprintf(rel, sizeof rel, "%s/%s.src.mlir", dir, name);
	else
		snprintf(rel, sizeof rel, "%s/%s.v%s%s", dir, name, version, kind);
	snprintf(want, sizeof want, "%s/%s.v%s.tileirbc", dir, name, version);
	if (exempt_why(name, kind)) {
		t->exempted++;
		return;
	}
	t->total++;
	if (strcmp(kind, "dis") == 0 || strcmp(kind, "dis --debuginfo") == 0)
		t->same += dis_asm_equals(want, version, kind[3] != 0);
	else
		t->same += asm_equals(rel, want, version);
}

static void folder(const char *dir, unsigned want_custom, unsigned want_src)
{
	size_t n;
	tv_row *rows = tv_index(dir, &n);
	tally custom = {0}, debug = {0}, src = {0}, ours = {0};
	if (!T_CHECKF(rows && n > 90, "%s/index.tsv", dir))
		return;
	for (size_t i = 0; i < n; i++) {
		const tv_row *r = &rows[i];
		if (strcmp(r->result, "ok") != 0)
			continue;
		/* the custom form without locations cannot hold a module's debug
		 * info: such a module is checked through its .debuginfo.mlir */
		if (!r->debuginfo)
			one(&custom, dir, r->name, r->version, ".mlir");
		else
			one(&debug, dir, r->name, r->version, ".debuginfo.mlir");
		one(&src, dir, r->name, r->version, ".src.mlir");
		one(&ours, dir, r->name, r->version, r->debuginfo ? "dis --debuginfo" : "dis");
	}
	printf("%s: asm of .mlir identical: %u of %u (%u exempt)\n", dir, custom.same, custom.total,
	       custom.exempted);
	printf("%s: asm of .debuginfo.mlir identical: %u of %u (%u exempt)\n", dir, debug.same,
	       debug.total, debug.exempted);
	printf("%s: asm --target V of .src.mlir identical: %u of %u (%u exempt)\n", dir, src.same,
	       src.total, src.exempted);
	printf("%s: bcx dis [--debuginfo] then asm identical: %u of %u (%u exempt)\n", dir,
	       ours.same, ours.total, ours.exempted);
	T_CHECK(custom.total >= want_custom && src.total >= want_src && debug.total >= 3 &&
		ours.total >= want_custom);
	free(rows);
}

static void legacy(void)
{
	static const char *const files[] = {"negi-op-13.1", "print-op-13.1"};
	for (int i = 0; i < 2; i++) {
		char rel[128], want[128];
		snprintf(rel, sizeof rel, "vectors/tileir/legacy/%s.tileirbc.mlir", files[i]);
		snprintf(want, sizeof want, "vectors/tileir/legacy/%s.tileirbc", files[i]);
		asm_equals(rel, want, "13.1");
	}
	printf("vectors/tileir/legacy: asm of .mlir checked: 2\n");
}

/* Every prefix of a custom text (with locations too): a module or a clean
 * "FILE:LINE:COL: message" (never a crash; the sanitizers check the rest). */
static void truncations(const char *rel)
{
	size_t size;
	char *text = (char *)tu_read_file(tu_shared_path(rel), &size);
	if (!T_CHECKF(text != NULL, "missing %s", rel))
		return;
	unsigned bad = 0, cuts = 0;
	for (size_t cut = 0; cut < size; cut += 1 + cut / 256, cuts++) {
		bcx_tileir_builder *m = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		if (bcx_tileir_assemble("t.mlir", text, cut, NULL, &m, &d) == BCX_OK)
			bcx_tileir_builder_free(m);
		else if (!d.line)
			bad++;
		else
			tu_diag_where("t.mlir", &d, text, cut); /* offset and line:col agree */
	}
	printf("%s: %u prefixes assembled or refused cleanly\n", rel, cuts);
	T_EQ_U(bad, 0);
	free(text);
}

/* MLIR's parseInteger reads true as -1 and false as 0 (a one-bit value,
 * sign-extended) wherever the dialect asks for a plain integer: the
 * reference takes bounded<true, false> and prints bounded<-1, 0>. */
static void keyword_integers(void)
{
	static const char text[] =
		"cuda_tile.module @m {\n"
		"  entry @k(%a: tile<4x8xi32>) {\n"
		"    %0 = assume bounded<true, false>, %a : tile<4x8xi32>\n"
		"    %1 = assume same_elements<[false, 1]>, %0 : tile<4x8xi32>\n"
		"    %2 = permute %1 [true, 0] : tile<4x8xi32> -> tile<8x4xi32>\n"
		/* div_by's divisor is a uint64_t: -1 wraps (the verifier refuses it) */
		"    %4 = assume div_by<-1>, %a : tile<4x8xi32>\n"
		/* f8E8M0FNU: no zero, no subnormals, a one-bit mantissa */
		"    %3 = constant <f8E8M0FNU: [0.0, 4.5e-39, 8.8e-39, 3.0]> : tile<4xf8E8M0FNU>\n"
		"    return\n"
		"  }\n"
		"}\n";
	bcx_tileir_builder *m = NULL;
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_sink sink = {bcx_buf_sink_write, &out};
	bcx_tileir_module *model = NULL;
	if (T_CHECKF(bcx_tileir_assemble("k.mlir", text, sizeof text - 1, NULL, &m, &d) == BCX_OK,
		     "%s", d.message) &&
	    T_CHECKF((model = bcx_tileir_builder_model(m, &d)) != NULL, "%s", d.message) &&
	    T_CHECKF(bcx_tileir_print_custom(model, -1, NULL, &sink, &d) == BCX_OK, "%s",
		     d.message)) {
		bcx_buf_put_u8(&out, 0);
		const char *c = (const char *)out.data;
		T_CHECKF(strstr(c, "assume bounded<-1, 0>, %arg0") != NULL, "%s", c);
		T_CHECKF(strstr(c, "same_elements<[0, 1]>") != NULL, "%s", c);
		T_CHECKF(strstr(c, "permute %assume_assume [-1, 0]") != NULL, "%s", c);
		T_CHECKF(strstr(c, "assume div_by<18446744073709551615>, %arg0") != NULL, "%s", c);
		T_CHECKF(strstr(c, "<f8E8M0FNU: [5.877470e-39, 5.877470e-39, 5.877470e-39, "
				   "4.000000e+00]>") != NULL, "%s", c);
	}
	bcx_tileir_builder_free(m);
	bcx_buf_free(&out);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	folder("vectors/tileir", 40, 45);
	folder("vectors/tileir/coverage", 90, 100);
	legacy();
	keyword_integers();
	truncations("vectors/tileir/coverage/cov_019_control_flow.v13.3.mlir");
	truncations("vectors/tileir/coverage/cov_032_debuginfo.v13.3.debuginfo.mlir");
	return tu_finish();
}
