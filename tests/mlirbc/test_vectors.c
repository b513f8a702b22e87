/* Every MLIR bytecode vector prints exactly as mlir-opt-22 printed it
 * (generic form, and with --debuginfo the -loc variant), every version
 * 0-6 of the versioned files prints as its v6 file does (except the
 * properties of an unregistered op, which versions < 5 drop), lazy
 * loading decodes isolated regions only when asked, and the dump shows the
 * same section offsets as the reference decoder's structure listing. */
#include "testutil.h"
#include "mb_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint8_t *load(const char *rel, size_t *n)
{
	uint8_t *p = tu_read_file(tu_shared_path(rel), n);
	T_CHECKF(p != NULL, "missing %s", rel);
	return p;
}

static void check_print(bcx_mlirbc_module *m, unsigned flags, const char *want_rel)
{
	size_t wn;
	uint8_t *want = load(want_rel, &wn);
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_diag d = {0};
	bcx_status s = mb_print(m, 0, flags, &out, &d);
	T_CHECKF(s == BCX_OK, "%s: %s", want_rel, d.message);
	if (want)
		T_CHECKF(out.len == wn && memcmp(out.data, want, wn) == 0, "%s differs", want_rel);
	bcx_buf_free(&out);
	free(want);
}

static void vectors(void)
{
	char rel[256];
	for (unsigned i = 0; i < mb_nvectors; i++) {
		size_t n;
		snprintf(rel, sizeof rel, "vectors/mlir/%s.mlirbc", mb_vectors[i]);
		uint8_t *data = load(rel, &n);
		if (!data)
			continue;
		bcx_mlirbc_module *m = NULL;
		bcx_diag d = {0};
		T_CHECKF(bcx_mlirbc_open(data, n, NULL, &m, &d) == BCX_OK, "%s: %s", rel, d.message);
		snprintf(rel, sizeof rel, "vectors/mlir/%s.generic.mlir", mb_vectors[i]);
		check_print(m, 0, rel);
		snprintf(rel, sizeof rel, "vectors/mlir/%s.generic-loc.mlir", mb_vectors[i]);
		check_print(m, BCX_MLIRBC_DEBUGINFO, rel);
		bcx_mlirbc_close(m);
		free(data);
	}
}

/* A version's print equals v6's; unregistered < 5 only lacks the
 * properties of foo.pair. */
static void versions(void)
{
	char rel[256];
	for (unsigned i = 0; i < mb_nversion_stems; i++) {
		bcx_buf ref;
		bcx_buf_init(&ref, NULL);
		for (int v = 6; v >= 0; v--) {
			size_t n;
			snprintf(rel, sizeof rel, "vectors/mlir/versions/%s.v%d.mlirbc", mb_version_stems[i], v);
			uint8_t *data = load(rel, &n);
			if (!data)
				continue;
			bcx_mlirbc_module *m = NULL;
			bcx_diag d = {0};
			bcx_buf out;
			bcx_buf_init(&out, NULL);
			bool ok = bcx_mlirbc_open(data, n, NULL, &m, &d) == BCX_OK &&
				  mb_print(m, 0, BCX_MLIRBC_DEBUGINFO, &out, &d) == BCX_OK;
			T_CHECKF(ok, "%s: %s", rel, d.message);
			bcx_mlirbc_info info;
			bcx_mlirbc_get_info(m, &info);
			T_EQ_U(info.version, v);
			if (v == 6) {
				bcx_buf_put_bytes(&ref, out.data, out.len);
			} else if (strcmp(mb_version_stems[i], "unregistered") == 0 && v < 5) {
				const char *prop = " <{count = 2 : i64, prop = \"inherent\"}>";
				T_CHECKF(out.len + strlen(prop) == ref.len, "%s: length", rel);
			} else {
				T_CHECKF(out.len == ref.len && memcmp(out.data, ref.data, ref.len) == 0,
					 "%s prints differently from v6", rel);
			}
			bcx_buf_free(&out);
			bcx_mlirbc_close(m);
			free(data);
		}
		bcx_buf_free(&ref);
	}
}

/* scf_loops has isolated ops in nested IR sections: open decodes only
 * the top level (the module's own body is one such section), loading
 * decodes the rest (the module, 3 funcs, the isolated scf.while and
 * scf.for); a v1 file has nothing to load lazily. */
static void lazy(void)
{
	const char *files[] = {"vectors/mlir/scf_loops.mlirbc",
			       "vectors/mlir/versions/scf_loops.v1.mlirbc"};
	for (int k = 0; k < 2; k++) {
		size_t n;
		uint8_t *data = load(files[k], &n);
		if (!data)
			continue;
		bcx_mlirbc_module *m = NULL;
		bcx_diag d = {0};
		T_CHECK(bcx_mlirbc_open(data, n, NULL, &m, &d) == BCX_OK);
		bcx_mlirbc_info a, b;
		bcx_mlirbc_get_info(m, &a);
		if (k == 0) {
			T_CHECKF(a.lazy_regions == 1 && a.lazy_loaded == 0, "lazy %zu loaded %zu",
				 a.lazy_regions, a.lazy_loaded);
		} else {
			T_EQ_U(a.lazy_regions, 0);
		}
		T_CHECK(bcx_mlirbc_load_all(m, &d) == BCX_OK);
		bcx_mlirbc_get_info(m, &b);
		T_EQ_U(b.lazy_loaded, b.lazy_regions);
		T_CHECK(k == 1 || b.lazy_regions >= 5);
		T_CHECK(b.ops > a.ops || k == 1);
		bcx_mlirbc_close(m);
		free(data);
	}
}

/* The dump's section lines carry the offsets of the structure listing. */
static void dump_offsets(void)
{
	char rel[256];
	for (unsigned i = 0; i < mb_nvectors; i++) {
		size_t n, sn;
		snprintf(rel, sizeof rel, "vectors/mlir/%s.mlirbc", mb_vectors[i]);
		uint8_t *data = load(rel, &n);
		snprintf(rel, sizeof rel, "vectors/mlir/%s.structure.txt", mb_vectors[i]);
		uint8_t *st = load(rel, &sn);
		if (!data || !st) {
			free(data);
			free(st);
			continue;
		}
		bcx_mlirbc_module *m = NULL;
		bcx_diag d = {0};
		bcx_buf out;
		bcx_buf_init(&out, NULL);
		T_CHECK(bcx_mlirbc_open(data, n, NULL, &m, &d) == BCX_OK &&
			mb_print(m, 1, 0, &out, &d) == BCX_OK);
		bcx_buf_put_u8(&out, 0);
		/* "id=1 Dialect         header@16 data@18 len=24 align=1" */
		for (char *line = strstr((char *)st, "  id="); line; line = strstr(line + 1, "  id=")) {
			unsigned id;
			char name[32];
			unsigned long h, o, l, al;
			if (sscanf(line, "  id=%u %31s header@%lu data@%lu len=%lu align=%lu", &id, name, &h,
				   &o, &l, &al) != 6)
				break;
			char want[160];
			snprintf(want, sizeof want, "  %u %-15s header@%lu data@%lu len=%lu align=%lu\n", id,
				 name, h, o, l, al);
			T_CHECKF(strstr((char *)out.data, want) != NULL, "%s: no '%s'", mb_vectors[i], want);
		}
		out.len = 0;
		T_CHECK(mb_print(m, 2, 0, &out, &d) == BCX_OK && out.len > 2 &&
			memcmp(out.data, "{\"format\":\"mlirbc\",\"schema_version\":1", 37) == 0);
		bcx_buf_free(&out);
		bcx_mlirbc_close(m);
		free(data);
		free(st);
	}
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	vectors();
	versions();
	lazy();
	dump_offsets();
	return tu_finish();
}
