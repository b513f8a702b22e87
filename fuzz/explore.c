/* Fuzz target: the explorer (bcx/explore.h) over any format it detects.
 * Whatever the bytes: every node lies inside its parent, every span inside
 * the text, and the node found for a byte holds that byte. */
#include "bcx/explore.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static uint64_t byte_end(const bcx_explore_node *n)
{
	return n->bits ? (n->end + 7) / 8 : n->end;
}

static void check_tree(const bcx_explore *e)
{
	for (size_t i = 1; i < bcx_explore_node_count(e); i++) {
		const bcx_explore_node *n = bcx_explore_node_at(e, i);
		const bcx_explore_node *p = bcx_explore_node_at(e, n->parent);
		if (!p || n->begin < p->begin || n->end > p->end || n->begin > n->end)
			__builtin_trap();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bcx_explore_options o = BCX_OPTIONS_INIT(bcx_explore_options);
	o.limits = (bcx_limits){32, 1u << 16, 1u << 18};
	bcx_explore *e = NULL;
	if (bcx_explore_open(data, size, &o, &e, NULL) != BCX_OK)
		return 0;
	/* Expanding may add nodes: the count is read again each time. */
	for (size_t i = 0; i < bcx_explore_node_count(e) && i < 100000; i++)
		if (bcx_explore_expand(e, i, NULL) == BCX_ERR_NOMEM)
			break;
	check_tree(e);
	size_t at = 0;
	if (size && bcx_explore_find(e, size / 2, &at, NULL) == BCX_OK && at) {
		const bcx_explore_node *n = bcx_explore_node_at(e, at);
		uint64_t b = n->bits ? n->begin / 8 : n->begin;
		if (size / 2 < b || size / 2 >= byte_end(n))
			__builtin_trap();
	}
	bcx_explore_text t;
	if (bcx_explore_get_text(e, 0, &t, NULL) == BCX_OK)
		for (size_t i = 0; i < t.n_spans; i++)
			if (t.spans[i].text_end > t.len || t.spans[i].text_begin > t.spans[i].text_end ||
			    t.spans[i].node >= bcx_explore_node_count(e))
				__builtin_trap();
	size_t nf = 0;
	if (bcx_explore_check(e, &nf, NULL) == BCX_OK)
		for (size_t i = 0; i < nf; i++)
			if (!bcx_explore_finding_at(e, i)->message)
				__builtin_trap();
	bcx_explore_close(e);
	return 0;
}
