/* Writer conformance against the reference vectors (spec §17, §18):
 *  - read -> write at the file's own version is byte-identical,
 *  - converting to each lower version gives the reference's bytes, or the
 *    reference's refusal message where it refused,
 *  - `asm` of every generic text gives the original bytes (modules with
 *    debug info are exempt: the generic text has no locations),
 *  - every truncation of a generic text fails cleanly or assembles. */
#include "testutil.h"
#include "vectors.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

static bcx_tileir_write_options opts_for(const char *version)
{
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 3};
	unsigned maj = 0, min = 0, tag = 0;
	sscanf(version, "%u.%u.%u", &maj, &min, &tag);
	o.minor = (uint8_t)min;
	o.tag = (uint16_t)tag;
	return o;
}

/* The vector folder being tested: the main set or its coverage/ extension. */
static const char *g_dir = "vectors/tileir";

static char *vec_path(char *buf, size_t cap, const char *name, const char *ver, const char *ext)
{
	snprintf(buf, cap, "%s/%s.v%s%s", g_dir, name, ver, ext);
	return buf;
}

/* Read `path` and write it for `o`. Returns the status; on success *out
 * holds the bytes (malloc'd copy). */
static bcx_status rewrite(const uint8_t *data, size_t size, const bcx_tileir_write_options *o,
			  uint8_t **out, size_t *out_len, bcx_diag *d)
{
	bcx_tileir_module *src = NULL;
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_status st = bcx_tileir_read(data, size, NULL, &src, d);
	if (!st)
		st = bcx_tileir_write(src, o, &bytes, &n, d);
	if (!st) {
		*out = malloc(n ? n : 1);
		memcpy(*out, bytes, n);
		*out_len = n;
	}
	if (src)
		bcx_tileir_free_bytes(src, bytes, n);
	bcx_tileir_close(src);
	return st;
}

static void t_read_write(const tv_row *rows, size_t n, unsigned want)
{
	unsigned same = 0, total = 0;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(rows[i].result, "ok") != 0)
			continue;
		char rel[256];
		size_t size, len = 0;
		uint8_t *in = tu_read_file(tu_shared_path(vec_path(rel, sizeof rel, rows[i].name,
								   rows[i].version, ".tileirbc")),
					   &size);
		uint8_t *out = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_tileir_write_options o = opts_for(rows[i].version);
		total++;
		if (T_CHECKF(in != NULL, "missing %s", rel) &&
		    T_CHECKF(rewrite(in, size, &o, &out, &len, &d) == BCX_OK, "%s: %s", rel,
			     d.message) &&
		    T_CHECKF(len == size && memcmp(in, out, size) == 0, "%s: bytes differ", rel))
			same++;
		free(in);
		free(out);
	}
	printf("%s: read -> write identical: %u of %u vectors\n", g_dir, same, total);
	T_CHECK(total >= want);
}

/* Convert one vector to one lower target and compare with the reference. */
static bool convert_one(const tv_row *rows, size_t n, const tv_row *src, const char *target)
{
	char rel[256];
	size_t size, len = 0;
	uint8_t *in = tu_read_file(tu_shared_path(vec_path(rel, sizeof rel, src->name,
							   src->version, ".tileirbc")), &size);
	uint8_t *out = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_tileir_write_options o = opts_for(target);
	const tv_row *ref = tv_find(rows, n, src->name, target);
	bcx_status st = in ? rewrite(in, size, &o, &out, &len, &d) : BCX_ERR_IO;
	bool ok = false;
	if (ref && strcmp(ref->result, "ok") == 0) {
		size_t rsize;
		uint8_t *want = tu_read_file(tu_shared_path(vec_path(rel, sizeof rel, src->name,
								     target, ".tileirbc")), &rsize);
		ok = T_CHECKF(st == BCX_OK && want && len == rsize && memcmp(out, want, len) == 0,
			      "%s -> %s: bytes differ (%s)", src->name, target, d.message);
		free(want);
	} else if (ref) {
		const char *msg = tv_rejection(g_dir, src->name, target);
		ok = T_CHECKF(st == BCX_ERR_UNSUPPORTED && msg && strcmp(msg, d.message) == 0,
			      "%s -> %s: refusal '%s', reference '%s'", src->name, target,
			      d.message, msg ? msg : "(none)");
	}
	free(in);
	free(out);
	return ok;
}

static void t_convert(const tv_row *rows, size_t n, unsigned want)
{
	static const char *const targets[] = {"13.1", "13.2"};
	unsigned good = 0, total = 0;
	for (size_t i = 0; i < n; i++) {
		const tv_row *r = &rows[i];
		if (strcmp(r->result, "ok") != 0 || strlen(r->version) != 4)
			continue;
		for (int t = 0; t < 2; t++)
			if (strcmp(targets[t], r->version) < 0) {
				total++;
				good += convert_one(rows, n, r, targets[t]);
			}
	}
	printf("%s: convert to lower versions as the reference: %u of %u\n", g_dir, good, total);
	T_CHECK(total >= want);
}

/* Modules whose generic text cannot give back the bytes, by design (the
 * coverage README explains each): an empty hints attribute that is really
 * there, and hint values printed without their types. */
static bool text_lossy(const char *name)
{
	return strcmp(name, "cov_028_opt_hints_empty") == 0 ||
	       strcmp(name, "cov_029_opt_hints_unusual_values") == 0;
}

static void t_asm(const tv_row *rows, size_t n, unsigned want)
{
	unsigned same = 0, total = 0;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(rows[i].result, "ok") != 0 || rows[i].debuginfo ||
		    text_lossy(rows[i].name))
			continue;
		char rel[256], rel2[256];
		size_t tsize, bsize, len = 0;
		char *text = (char *)tu_read_file(tu_shared_path(vec_path(
			rel, sizeof rel, rows[i].name, rows[i].version, ".generic.mlir")), &tsize);
		uint8_t *ref = tu_read_file(tu_shared_path(vec_path(
			rel2, sizeof rel2, rows[i].name, rows[i].version, ".tileirbc")), &bsize);
		bcx_tileir_builder *m = NULL;
		uint8_t *out = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_tileir_write_options o = opts_for(rows[i].version);
		total++;
		if (T_CHECKF(text && ref, "missing %s", rel) &&
		    T_CHECKF(bcx_tileir_assemble(rel, text, tsize, NULL, &m, &d) == BCX_OK, "%s",
			     d.message) &&
		    T_CHECKF(bcx_tileir_builder_write(m, &o, &out, &len, &d) == BCX_OK, "%s: %s", rel,
			     d.message) &&
		    T_CHECKF(len == bsize && memcmp(out, ref, len) == 0, "%s: bytes differ", rel))
			same++;
		bcx_tileir_builder_free_bytes(m, out, len);
		bcx_tileir_builder_free(m);
		free(text);
		free(ref);
	}
	printf("%s: asm of .generic.mlir identical: %u of %u\n", g_dir, same, total);
	T_CHECK(total >= want);
}

/* Our own disassembly (bcx dis --generic) assembled again gives the file. */
static void t_dis_asm(const tv_row *rows, size_t n, unsigned want)
{
	unsigned same = 0, total = 0;
	for (size_t i = 0; i < n; i++) {
		if (strcmp(rows[i].result, "ok") != 0 || rows[i].debuginfo ||
		    text_lossy(rows[i].name))
			continue;
		char rel[256];
		size_t size, len = 0;
		uint8_t *in = tu_read_file(tu_shared_path(vec_path(rel, sizeof rel, rows[i].name,
								   rows[i].version, ".tileirbc")),
					   &size), *out = NULL;
		bcx_tileir_module *r = NULL;
		bcx_tileir_builder *m = NULL;
		bcx_buf text;
		bcx_buf_init(&text, NULL);
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_tileir_write_options o = opts_for(rows[i].version);
		total++;
		if (T_CHECK(in != NULL) &&
		    T_CHECKF(bcx_tileir_read(in, size, NULL, &r, &d) == BCX_OK, "%s", d.message) &&
		    T_CHECKF(bcx_tileir_print_generic(r, -1, &(bcx_sink){bcx_buf_sink_write, &text}, &d) == BCX_OK, "%s", d.message) &&
		    T_CHECKF(bcx_tileir_assemble(rel, (const char *)text.data, text.len, NULL, &m, &d) ==
				     BCX_OK, "%s", d.message) &&
		    T_CHECKF(bcx_tileir_builder_write(m, &o, &out, &len, &d) == BCX_OK, "%s", d.message) &&
		    T_CHECKF(len == size && memcmp(out, in, len) == 0, "%s: bytes differ", rel))
			same++;
		bcx_tileir_builder_free_bytes(m, out, len);
		bcx_tileir_builder_free(m);
		bcx_tileir_close(r);
		bcx_buf_free(&text);
		free(in);
	}
	printf("%s: dis --generic then asm identical: %u of %u\n", g_dir, same, total);
	T_CHECK(total >= want);
}

/* Every prefix of a real text: a clean error naming FILE:LINE:COL, or a
 * module (never a crash; the sanitizers check the rest). */
static void t_asm_truncations(void)
{
	size_t size;
	char *text = (char *)tu_read_file(
		tu_shared_path("vectors/tileir/coverage/cov_019_control_flow.v13.3.generic.mlir"),
		&size);
	if (!T_CHECK(text != NULL))
		return;
	unsigned bad = 0;
	for (size_t cut = 0; cut < size; cut += 1 + cut / 64) {
		bcx_tileir_builder *m = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_status st = bcx_tileir_assemble("t.mlir", text, cut, NULL, &m, &d);
		if (st == BCX_OK)
			bcx_tileir_builder_free(m);
		else if (!d.line)
			bad++;
		else
			tu_diag_where("t.mlir", &d, text, cut); /* offset and line:col agree */
	}
	T_EQ_U(bad, 0);
	free(text);
}

/* Every truncation and single-byte change of a real file: whatever the
 * reader accepts must import and write cleanly (or be refused with a
 * message), and what is written must read back. */
static void t_convert_mutations(const char *rel)
{
	size_t size;
	uint8_t *in = tu_read_file(tu_shared_path(rel), &size);
	if (!T_CHECKF(in != NULL, "missing %s", rel))
		return;
	uint8_t *buf = malloc(size);
	unsigned written = 0, bad = 0;
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 3};
	for (size_t k = 0; k < 3 * size + size; k++) {
		size_t len = size;
		memcpy(buf, in, size);
		if (k < size)
			len = k; /* truncation */
		else
			buf[(k - size) % size] ^= (uint8_t)(k < 2 * size ? 0xFF : k < 3 * size ? 0x01 : 0x80);
		uint8_t *out = NULL;
		size_t n = 0;
		bcx_diag d;
		bcx_diag_clear(&d);
		if (rewrite(buf, len, &o, &out, &n, &d) == BCX_OK) {
			bcx_tileir_module *r = NULL;
			written++;
			if (bcx_tileir_read(out, n, NULL, &r, &d) != BCX_OK)
				bad++;
			bcx_tileir_close(r);
		} else if (d.message[0] == 0) {
			bad++;
		}
		free(out);
	}
	printf("%s: %u mutations written, all read back\n", rel, written);
	T_EQ_U(bad, 0);
	free(buf);
	free(in);
}

static void t_legacy(void)
{
	static const char *const files[] = {"negi-op-13.1", "print-op-13.1"};
	bcx_tileir_write_options o = {.size = sizeof(bcx_tileir_write_options), .major = 13, .minor = 1};
	for (int i = 0; i < 2; i++) {
		char rel[128];
		size_t size, len = 0;
		snprintf(rel, sizeof rel, "vectors/tileir/legacy/%s.tileirbc", files[i]);
		uint8_t *in = tu_read_file(tu_shared_path(rel), &size), *out = NULL;
		bcx_diag d;
		bcx_diag_clear(&d);
		if (T_CHECK(in != NULL) &&
		    T_CHECKF(rewrite(in, size, &o, &out, &len, &d) == BCX_OK, "%s", d.message))
			T_EQ_MEM(out, len, in, size);
		free(in);
		free(out);
	}
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	size_t n;
	tv_row *rows = tv_index(g_dir, &n);
	if (T_CHECK(rows && n > 90)) {
		t_read_write(rows, n, 49);
		t_convert(rows, n, 50);
		t_asm(rows, n, 46);
		t_dis_asm(rows, n, 46);
	}
	free(rows);
	g_dir = "vectors/tileir/coverage";
	rows = tv_index(g_dir, &n);
	if (T_CHECK(rows && n > 100)) {
		t_read_write(rows, n, 117);
		t_convert(rows, n, 60);
		t_asm(rows, n, 100);
		t_dis_asm(rows, n, 100);
	}
	t_asm_truncations();
	t_convert_mutations("vectors/tileir/coverage/cov_019_control_flow.v13.3.tileirbc");
	t_convert_mutations("vectors/tileir/coverage/cov_026_assume.v13.3.tileirbc");
	t_convert_mutations("vectors/tileir/debug_info_000.v13.3.tileirbc");
	t_legacy();
	free(rows);
	return tu_finish();
}
