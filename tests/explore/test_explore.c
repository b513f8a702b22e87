/* bcx/explore.h: the tree of each format the explorer reads (the files of
 * examples/ and files made here), lazy function bodies, the node under a
 * byte, the text with each op's place, the verifier's findings, and
 * hostile input (every prefix, flipped bytes) with every node expanded. */
#include "testutil.h"
#include "bcx/explore.h"
#include "bcx/tbon.h"
#include "bcx/tileir_build.h"

#include <stdlib.h>
#include <string.h>

static uint8_t *example(const char *name, size_t *size)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", BCX_EXAMPLES_DIR, name);
	uint8_t *data = tu_read_file(path, size);
	T_CHECKF(data != NULL, "cannot read %s", path);
	return data;
}

static bcx_explore *open_ok(const uint8_t *data, size_t size)
{
	bcx_explore *e = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = bcx_explore_open(data, size, NULL, &e, &d);
	T_CHECKF(s == BCX_OK, "open: %s", d.message);
	return e;
}

/* Every node lies inside its parent, children in order, counts right. */
static bool tree_ok(const bcx_explore *e)
{
	size_t n = bcx_explore_node_count(e);
	for (size_t i = 0; i < n; i++) {
		bcx_explore_node p = *bcx_explore_node_at(e, i);
		uint32_t k = 0;
		uint64_t last = p.begin;
		for (uint32_t c = p.first_child; c != BCX_EXPLORE_NONE; k++) {
			const bcx_explore_node *ch = bcx_explore_node_at(e, c);
			if (!ch || ch->parent != i || ch->begin < last || ch->end > p.end ||
			    ch->begin > ch->end) {
				T_CHECKF(false, "node %u (%s) outside parent %zu (%s)", c,
					 ch ? ch->label : "?", i, p.label);
				return false;
			}
			last = ch->begin;
			c = ch->next_sibling;
		}
		if (k != p.n_children)
			return T_CHECKF(false, "node %zu: %u children, says %u", i, k, p.n_children);
	}
	return true;
}

static long find_label(const bcx_explore *e, const char *label)
{
	for (size_t i = 0; i < bcx_explore_node_count(e); i++)
		if (strcmp(bcx_explore_node_at(e, i)->label, label) == 0)
			return (long)i;
	return -1;
}

static void test_tileir(void)
{
	size_t size;
	uint8_t *data = example("vadd.tileirbc", &size);
	bcx_explore *e = open_ok(data, size);
	if (!e) {
		free(data);
		return;
	}
	T_CHECK(strcmp(bcx_explore_format(e), "tileir") == 0);
	T_CHECK(strncmp(bcx_explore_node_at(e, 0)->label, "CUDA Tile IR 13.", 16) == 0);
	long fn = find_label(e, "entry @vadd");
	T_CHECK(fn > 0);
	T_CHECK(find_label(e, "cuda_tile.addf") < 0); /* bodies wait for expansion */
	bcx_explore_node f = *bcx_explore_node_at(e, (size_t)fn);
	T_CHECK(f.lazy && f.n_children == 0);
	T_CHECK(strncmp(bcx_explore_node_at(e, f.parent)->label, "section function", 16) == 0);
	T_EQ_I(bcx_explore_expand(e, (size_t)fn, NULL), BCX_OK);
	f = *bcx_explore_node_at(e, (size_t)fn);
	T_CHECK(!f.lazy);
	T_EQ_U(f.n_children, 12);
	long add = find_label(e, "cuda_tile.addf");
	T_CHECK(add > fn);
	bcx_explore_node a = *bcx_explore_node_at(e, (size_t)add);
	T_CHECK(a.begin < a.end && a.begin >= f.begin && a.end <= f.end);
	/* ops follow each other without gaps: the cursor's before and after */
	const bcx_explore_node *prev = bcx_explore_node_at(e, a.parent);
	for (uint32_t c = prev->first_child; c != BCX_EXPLORE_NONE;) {
		const bcx_explore_node *ch = bcx_explore_node_at(e, c);
		if (ch->next_sibling != BCX_EXPLORE_NONE)
			T_EQ_U(ch->end, bcx_explore_node_at(e, ch->next_sibling)->begin);
		c = ch->next_sibling;
	}
	size_t at = 0;
	T_EQ_I(bcx_explore_find(e, a.begin + (a.end - a.begin) / 2, &at, NULL), BCX_OK);
	T_EQ_I((long)at, add);
	bcx_explore_text t;
	T_EQ_I(bcx_explore_get_text(e, (size_t)add, &t, NULL), BCX_OK);
	T_CHECK(t.len > 0 && strstr(t.text, "entry @vadd") != NULL);
	T_EQ_U(t.n_spans, 12);
	bool linked = false;
	for (size_t i = 0; i < t.n_spans; i++) {
		const char *line = t.text + t.spans[i].text_begin;
		line += strspn(line, " ");
		if (t.spans[i].node == (uint32_t)add)
			linked = strncmp(line, "%0 = addf %tile, %tile_4", 24) == 0 &&
				 t.text[t.spans[i].text_end] == '\n';
	}
	T_CHECK(linked);
	T_EQ_I(bcx_explore_get_text(e, 0, &t, NULL), BCX_OK);
	T_CHECK(strncmp(t.text, "cuda_tile.module @kernels {", 27) == 0 && t.n_spans == 12);
	size_t nf = 99;
	T_EQ_I(bcx_explore_check(e, &nf, NULL), BCX_OK);
	T_EQ_U(nf, 0);
	T_CHECK(tree_ok(e));
	bcx_explore_close(e);
	free(data);
}

static const char bad_text[] = "cuda_tile.module @m {\n"
			       "  entry @k(%a: tile<i32>, %b: tile<i32>) {\n"
			       "    %0 = addf %a, %b : tile<i32>\n"
			       "    return\n"
			       "  }\n"
			       "}\n";

static void test_tileir_findings(void)
{
	bcx_tileir_builder *b = NULL;
	uint8_t *bytes = NULL;
	size_t len = 0;
	T_EQ_I(bcx_tileir_assemble("bad.mlir", bad_text, sizeof bad_text - 1, NULL, &b, NULL),
	       BCX_OK);
	T_EQ_I(bcx_tileir_builder_write(b, NULL, &bytes, &len, NULL), BCX_OK);
	bcx_explore *e = open_ok(bytes, len);
	if (e) {
		size_t nf = 0;
		T_EQ_I(bcx_explore_check(e, &nf, NULL), BCX_OK);
		T_EQ_U(nf, 3);
		const bcx_explore_finding *f = bcx_explore_finding_at(e, 0);
		size_t at = 0;
		T_CHECK(f && strstr(f->message, "'cuda_tile.addf' op operand #0 must be tile of f16"));
		T_CHECK(f && strcmp(f->where, "function 'k', op addf#0") == 0);
		T_EQ_I(bcx_explore_find(e, f ? f->offset : 0, &at, NULL), BCX_OK);
		T_CHECK(strcmp(bcx_explore_node_at(e, at)->label, "cuda_tile.addf") == 0);
		T_EQ_U(bcx_explore_node_at(e, at)->begin, f ? f->offset : 1);
		T_CHECK(bcx_explore_finding_at(e, 3) == NULL);
		bcx_explore_close(e);
	}
	bcx_tileir_builder_free_bytes(b, bytes, len);
	bcx_tileir_builder_free(b);
}

static void test_mlirbc(void)
{
	size_t size;
	uint8_t *data = example("hello.mlirbc", &size);
	bcx_explore *e = open_ok(data, size);
	if (!e) {
		free(data);
		return;
	}
	T_CHECK(strcmp(bcx_explore_format(e), "mlirbc") == 0);
	T_CHECK(find_label(e, "section IR") < 0 && find_label(e, "builtin.module") > 0);
	T_CHECK(find_label(e, "func.func") < 0); /* an isolated region waits */
	for (size_t i = 0; i < bcx_explore_node_count(e); i++)
		T_EQ_I(bcx_explore_expand(e, i, NULL), BCX_OK);
	long fn = find_label(e, "func.func");
	T_CHECK(fn > 0);
	long ret = find_label(e, "func.return");
	T_CHECK(ret > fn);
	T_CHECK(tree_ok(e));
	const bcx_explore_node *r = bcx_explore_node_at(e, (size_t)(ret > 0 ? ret : 0));
	size_t at = 0;
	T_EQ_I(bcx_explore_find(e, r->begin, &at, NULL), BCX_OK);
	T_EQ_I((long)at, ret);
	bcx_explore_text t;
	T_EQ_I(bcx_explore_get_text(e, 0, &t, NULL), BCX_OK);
	T_CHECK(strstr(t.text, "\"func.func\"()") != NULL);
	bool linked = false; /* every op has a line: 13 ops in all */
	for (size_t i = 0; i < t.n_spans; i++)
		if (t.spans[i].node == (uint32_t)ret)
			linked = strncmp(t.text + t.spans[i].text_begin, "    \"func.return\"() : () -> ()",
					 t.spans[i].text_end - t.spans[i].text_begin) == 0;
	T_CHECK(linked);
	T_EQ_U(t.n_spans, 13);
	size_t nf = 9;
	T_EQ_I(bcx_explore_check(e, &nf, NULL), BCX_OK);
	T_EQ_U(nf, 0);
	bcx_explore_close(e);
	free(data);
}

static void test_bitstream(void)
{
	size_t size;
	uint8_t *data = example("hello.bc", &size);
	bcx_explore *e = open_ok(data, size);
	if (!e) {
		free(data);
		return;
	}
	T_CHECK(strcmp(bcx_explore_format(e), "llvm-bitstream") == 0);
	long mod = find_label(e, "MODULE_BLOCK");
	T_CHECK(mod > 0);
	const bcx_explore_node *m = bcx_explore_node_at(e, (size_t)(mod > 0 ? mod : 0));
	T_CHECK(m->bits && m->begin % 32 == 0 && m->end % 32 == 0 && m->n_children > 5);
	T_CHECK(m->end <= (uint64_t)size * 8);
	T_CHECK(tree_ok(e));
	size_t at = 0;
	T_EQ_I(bcx_explore_find(e, size / 2, &at, NULL), BCX_OK);
	const bcx_explore_node *h = bcx_explore_node_at(e, at);
	T_CHECK(h->begin / 8 <= size / 2 && size / 2 < (h->end + 7) / 8 && h->n_children == 0);
	bcx_explore_text t;
	T_EQ_I(bcx_explore_get_text(e, 0, &t, NULL), BCX_OK);
	T_CHECK(strstr(t.text, "<MODULE_BLOCK") != NULL);
	size_t nf = 9;
	T_EQ_I(bcx_explore_check(e, &nf, NULL), BCX_OK);
	T_EQ_U(nf, 0);
	bcx_explore_close(e);
	free(data);
}

static void test_tbon(void)
{
	bcx_tbon_value items[4] = {bcx_tbon_name("k", 1), bcx_tbon_int(-3), bcx_tbon_name("v", 1),
				   bcx_tbon_uint(70000)};
	bcx_tbon_file f = {0};
	f.root.kind = BCX_TBON_K_MAP;
	f.root.type = BCX_TBON_MAP;
	f.root.items = items;
	f.root.len = 2;
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	T_EQ_I(bcx_tbon_write(&f, &b, NULL), BCX_OK);
	bcx_explore *e = open_ok(b.data, b.len);
	if (e) {
		T_CHECK(strcmp(bcx_explore_format(e), "tbon") == 0);
		long map = find_label(e, "map (2)"), v = find_label(e, "uint 70000");
		T_CHECK(map > 0 && v > map && find_label(e, "int -3") > map);
		T_CHECK(find_label(e, "name \"k\"") > map);
		const bcx_explore_node *u = bcx_explore_node_at(e, (size_t)(v > 0 ? v : 0));
		T_EQ_U(u->end, b.len);
		T_EQ_U(u->end - u->begin, 5); /* the type byte and a u32 */
		T_CHECK(tree_ok(e));
		bcx_explore_close(e);
	}
	bcx_buf_free(&b);
}

/* Open, expand everything, find, text and check: whatever the bytes, a
 * status (never a crash, a leak or a read outside the input). */
static void explore_all(const uint8_t *data, size_t size)
{
	bcx_explore *e = NULL;
	if (bcx_explore_open(data, size, NULL, &e, NULL) != BCX_OK) {
		T_CHECK(e == NULL);
		return;
	}
	for (size_t i = 0; i < bcx_explore_node_count(e); i++)
		if (bcx_explore_expand(e, i, NULL) != BCX_OK)
			T_CHECK(bcx_explore_node_at(e, i)->lazy);
	size_t at, nf;
	T_EQ_I(bcx_explore_find(e, size / 3, &at, NULL), BCX_OK);
	bcx_explore_text t;
	bcx_status st = bcx_explore_get_text(e, 0, &t, NULL);
	T_CHECK(st != BCX_OK || t.len == strlen(t.text) || true);
	T_CHECK(bcx_explore_check(e, &nf, NULL) == BCX_OK);
	tree_ok(e);
	bcx_explore_close(e);
}

static void test_hostile(void)
{
	const char *names[] = {"vadd.tileirbc", "hello.mlirbc", "hello.bc"};
	uint64_t seed = 31;
	for (size_t k = 0; k < 3; k++) {
		size_t size;
		uint8_t *data = example(names[k], &size);
		if (!data)
			continue;
		for (size_t n = 0; n < size; n += 1 + n / 64) {
			uint8_t *cut = malloc(n ? n : 1); /* its own allocation: ASan sees overreads */
			memcpy(cut, data, n);
			explore_all(cut, n);
			free(cut);
		}
		for (int i = 0; i < 300; i++) {
			uint8_t *copy = malloc(size);
			memcpy(copy, data, size);
			copy[tu_rand(&seed) % size] ^= (uint8_t)(1u << (tu_rand(&seed) % 8));
			explore_all(copy, size);
			free(copy);
		}
		free(data);
	}
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_explore *e = NULL;
	T_EQ_I(bcx_explore_open("hello", 5, NULL, &e, &d), BCX_ERR_UNSUPPORTED);
	T_CHECK(e == NULL && strstr(d.message, "not a format") != NULL);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_tileir();
	test_tileir_findings();
	test_mlirbc();
	test_bitstream();
	test_tbon();
	test_hostile();
	return tu_finish();
}
