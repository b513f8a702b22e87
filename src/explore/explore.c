/* The explorer's node store and public entry points (bcx/explore.h): the
 * format is found from the first bytes, as the tool finds it, and each
 * format's hooks (explore_<format>.c) fill the store from its own reader. */
#include "explore/explore.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const xp_format *const formats[] = {&xp_tileir, &xp_mlirbc, &xp_tbon, &xp_bitstream};

/* Make room for one more element of an allocator array (doubling); node
 * numbers are uint32_t. */
static bool grow(bcx_explore *e, void **arr, size_t n, size_t *cap, size_t size)
{
	return n < UINT32_MAX - 1 && bcx_heap_room(e->alloc, arr, n, cap, size, 64);
}

bcx_status xp_add(bcx_explore *e, uint32_t parent, const char *kind, const char *label,
		  uint64_t begin, uint64_t end, xp_ref ref, uint32_t *out, bcx_diag *d)
{
	if (!grow(e, (void **)&e->nodes, e->n_nodes, &e->cap_nodes, sizeof *e->nodes) ||
	    !grow(e, (void **)&e->refs, e->n_nodes, &e->cap_refs, sizeof *e->refs))
		return bcx_nomem(d);
	char *copy = bcx_arena_memdup(e->arena, label, strlen(label));
	if (!copy)
		return bcx_nomem(d);
	uint32_t i = (uint32_t)e->n_nodes++;
	e->nodes[i] = (bcx_explore_node){.kind = kind, .label = copy, .begin = begin,
					 .end = end < begin ? begin : end, .parent = parent,
					 .first_child = BCX_EXPLORE_NONE,
					 .next_sibling = BCX_EXPLORE_NONE,
					 .last_child = BCX_EXPLORE_NONE};
	e->refs[i] = ref;
	if (parent != BCX_EXPLORE_NONE) {
		bcx_explore_node *p = &e->nodes[parent];
		if (p->last_child == BCX_EXPLORE_NONE)
			p->first_child = i;
		else
			e->nodes[p->last_child].next_sibling = i;
		p->last_child = i;
		p->n_children++;
		e->nodes[i].bits = p->bits;
	}
	if (out)
		*out = i;
	return BCX_OK;
}

bcx_status xp_addf(bcx_explore *e, uint32_t parent, const char *kind, uint64_t begin,
		   uint64_t end, xp_ref ref, uint32_t *out, bcx_diag *d, const char *fmt, ...)
{
	char label[192];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(label, sizeof label, fmt, ap);
	va_end(ap);
	return xp_add(e, parent, kind, label, begin, end, ref, out, d);
}

void xp_quote(char *dst, size_t dst_size, const uint8_t *s, size_t n)
{
	size_t k = 0, cap = dst_size - 4; /* room for "..." and the NUL */
	for (size_t i = 0; i < n && k < cap; i++)
		dst[k++] = s[i] >= 0x20 && s[i] < 0x7F ? (char)s[i] : '.';
	if (n > cap)
		memcpy(dst + k, "...", 3), k += 3;
	dst[k] = '\0';
}

bcx_status xp_span(bcx_explore *e, uint64_t text_begin, uint32_t node, bcx_diag *d)
{
	if (!grow(e, (void **)&e->spans, e->n_spans, &e->cap_spans, sizeof *e->spans))
		return bcx_nomem(d);
	e->spans[e->n_spans++] = (bcx_explore_span){text_begin, text_begin, node};
	return BCX_OK;
}

bcx_status xp_finding(bcx_explore *e, uint64_t offset, bool bits, bool warning,
		      const char *message, const char *where, bcx_diag *d)
{
	if (!grow(e, (void **)&e->findings, e->n_findings, &e->cap_findings,
		  sizeof *e->findings))
		return bcx_nomem(d);
	char *m = bcx_arena_memdup(e->arena, message, strlen(message));
	char *w = bcx_arena_memdup(e->arena, where, strlen(where));
	if (!m || !w)
		return bcx_nomem(d);
	e->findings[e->n_findings++] = (bcx_explore_finding){offset, bits, warning, m, w};
	return BCX_OK;
}

static size_t slot_of(const xp_op_map *t, const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
	size_t i = (size_t)(h >> 20) & (t->cap - 1);
	while (t->keys[i] && t->keys[i] != p)
		i = (i + 1) & (t->cap - 1);
	return i;
}

bcx_status xp_op_map_build(xp_op_map *t, bcx_explore *e, bcx_diag *d)
{
	size_t cap = 64, bytes;
	while (cap < e->n_nodes * 2)
		cap *= 2;
	*t = (xp_op_map){.e = e, .cap = cap};
	t->keys = bcx_mul_ok(cap, sizeof *t->keys, &bytes) ? bcx_alloc(e->alloc, bytes) : NULL;
	t->vals = bcx_mul_ok(cap, sizeof *t->vals, &bytes) ? bcx_alloc(e->alloc, bytes) : NULL;
	if (!t->keys || !t->vals)
		return bcx_nomem(d);
	memset(t->keys, 0, cap * sizeof *t->keys);
	for (size_t i = 0; i < e->n_nodes; i++) {
		if (strcmp(e->nodes[i].kind, "op") != 0)
			continue;
		size_t s = slot_of(t, e->refs[i].p);
		t->keys[s] = e->refs[i].p;
		t->vals[s] = (uint32_t)i;
	}
	return BCX_OK;
}

void xp_op_map_free(xp_op_map *t)
{
	bcx_free(t->e->alloc, t->keys, t->cap * sizeof *t->keys);
	bcx_free(t->e->alloc, t->vals, t->cap * sizeof *t->vals);
}

void xp_op_span(xp_op_map *t, const void *op, size_t pending)
{
	if (!t->keys || t->status != BCX_OK)
		return;
	size_t s = slot_of(t, op);
	if (t->keys[s] == op)
		t->status = xp_span(t->e, t->e->text.len + pending, t->vals[s], NULL);
}

bcx_sink xp_text_sink(bcx_explore *e)
{
	return (bcx_sink){bcx_buf_sink_write, &e->text};
}

static const xp_format *detect(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
		if (formats[i]->sniff(data, size))
			return formats[i];
	return NULL;
}

bcx_status bcx_explore_open(const void *data, size_t size, const bcx_explore_options *opts,
			    bcx_explore **out, bcx_diag *diag)
{
	BCX_FAIL_IF(!out || (!data && size), diag, BCX_ERR_INVALID_ARG, -1,
		    "bcx_explore_open: no input or no output");
	*out = NULL;
	bcx_explore_options o = BCX_OPTIONS_INIT(bcx_explore_options);
	bcx_options_copy(&o, sizeof o, opts);
	const xp_format *fmt = detect(data, size);
	BCX_FAIL_IF(!fmt, diag, BCX_ERR_UNSUPPORTED, 0,
		    "not a format the explorer reads (CUDA Tile IR, MLIR bytecode, LLVM "
		    "bitstream, TBON)");
	const bcx_allocator *a = o.alloc ? o.alloc : bcx_default_allocator();
	bcx_explore *e = bcx_alloc(a, sizeof *e);
	if (!e)
		return bcx_nomem(diag);
	memset(e, 0, sizeof *e);
	e->alloc = a;
	e->data = data;
	e->size = size;
	e->limits = bcx_limits_resolve(&o.limits);
	e->fmt = fmt;
	bcx_buf_init(&e->text, a);
	e->arena = bcx_arena_new(a);
	bcx_status s = e->arena ? BCX_OK : bcx_nomem(diag);
	if (s == BCX_OK)
		s = xp_add(e, BCX_EXPLORE_NONE, "file", fmt->name, 0, size, (xp_ref){0}, NULL, diag);
	if (s == BCX_OK)
		s = fmt->open(e, diag);
	if (s != BCX_OK) {
		bcx_explore_close(e);
		return s;
	}
	*out = e;
	return BCX_OK;
}

void bcx_explore_close(bcx_explore *e)
{
	if (!e)
		return;
	if (e->fmt && e->fmt->close)
		e->fmt->close(e);
	bcx_free(e->alloc, e->nodes, e->cap_nodes * sizeof *e->nodes);
	bcx_free(e->alloc, e->refs, e->cap_refs * sizeof *e->refs);
	bcx_free(e->alloc, e->spans, e->cap_spans * sizeof *e->spans);
	bcx_free(e->alloc, e->findings, e->cap_findings * sizeof *e->findings);
	bcx_buf_free(&e->text);
	bcx_arena_free(e->arena);
	bcx_free(e->alloc, e, sizeof *e);
}

const char *bcx_explore_format(const bcx_explore *e)
{
	return e ? e->fmt->name : "";
}

size_t bcx_explore_node_count(const bcx_explore *e)
{
	return e ? e->n_nodes : 0;
}

const bcx_explore_node *bcx_explore_node_at(const bcx_explore *e, size_t i)
{
	return e && i < e->n_nodes ? &e->nodes[i] : NULL;
}

bcx_status bcx_explore_expand(bcx_explore *e, size_t node, bcx_diag *diag)
{
	BCX_FAIL_IF(!e || node >= e->n_nodes, diag, BCX_ERR_INVALID_ARG, -1,
		    "bcx_explore_expand: no node %zu", node);
	if (!e->nodes[node].lazy || !e->fmt->expand)
		return BCX_OK;
	BCX_TRY(e->fmt->expand(e, (uint32_t)node, diag));
	e->nodes[node].lazy = false;
	return BCX_OK;
}

/* Whether node n's range holds byte `offset` (a bit range: the bytes its
 * bits touch). */
static bool holds(const bcx_explore_node *n, uint64_t offset)
{
	uint64_t b = n->bits ? n->begin / 8 : n->begin;
	uint64_t end = n->bits ? (n->end + 7) / 8 : n->end;
	return offset >= b && offset < end;
}

bcx_status bcx_explore_find(bcx_explore *e, uint64_t offset, size_t *node, bcx_diag *diag)
{
	BCX_FAIL_IF(!e || !node, diag, BCX_ERR_INVALID_ARG, -1, "bcx_explore_find: no handle");
	uint32_t cur = 0;
	/* Each step goes one level down, and the tree's depth is bounded by
	 * the readers' nesting limits. */
	for (;;) {
		bcx_status s = bcx_explore_expand(e, cur, diag);
		if (s == BCX_ERR_NOMEM)
			return s;
		if (s != BCX_OK) /* a body that does not decode: its node is the answer */
			break;
		uint32_t c = e->nodes[cur].first_child;
		while (c != BCX_EXPLORE_NONE && !holds(&e->nodes[c], offset))
			c = e->nodes[c].next_sibling;
		if (c == BCX_EXPLORE_NONE)
			break;
		cur = c;
	}
	*node = cur;
	return BCX_OK;
}

/* Each span ends where its line does: op lines do not overlap, so the
 * text is scanned once. */
static void end_spans(bcx_explore *e)
{
	const uint8_t *t = e->text.data;
	for (size_t i = 0; i < e->n_spans; i++) {
		uint64_t k = e->spans[i].text_begin;
		uint64_t stop = i + 1 < e->n_spans ? e->spans[i + 1].text_begin : e->text.len;
		while (k < stop && t[k] != '\n')
			k++;
		e->spans[i].text_end = k;
	}
}

bcx_status bcx_explore_get_text(bcx_explore *e, size_t node, bcx_explore_text *out,
				bcx_diag *diag)
{
	BCX_FAIL_IF(!e || !out || node >= e->n_nodes, diag, BCX_ERR_INVALID_ARG, -1,
		    "bcx_explore_get_text: no node %zu", node);
	memset(out, 0, sizeof *out);
	e->text.len = 0;
	e->text.status = BCX_OK;
	e->n_spans = 0;
	if (e->fmt->text)
		BCX_TRY(e->fmt->text(e, (uint32_t)node, diag));
	if (e->text.status != BCX_OK)
		return bcx_nomem(diag);
	end_spans(e);
	out->text = e->text.len ? (const char *)e->text.data : "";
	out->len = e->text.len;
	out->spans = e->spans;
	out->n_spans = e->n_spans;
	return BCX_OK;
}

bcx_status bcx_explore_check(bcx_explore *e, size_t *n_findings, bcx_diag *diag)
{
	BCX_FAIL_IF(!e, diag, BCX_ERR_INVALID_ARG, -1, "bcx_explore_check: no handle");
	e->n_findings = 0;
	if (e->fmt->check)
		BCX_TRY(e->fmt->check(e, diag));
	if (n_findings)
		*n_findings = e->n_findings;
	return BCX_OK;
}

const bcx_explore_finding *bcx_explore_finding_at(const bcx_explore *e, size_t i)
{
	return e && i < e->n_findings ? &e->findings[i] : NULL;
}
