/* CUDA Tile IR in the explorer: the sections and tables of the lazy
 * reader, functions whose bodies are decoded on expansion, ops with the
 * byte range the reader's cursor covered, the custom form with each op's
 * text place (the printer's op_notes hook), and the verifier's findings. */
#include "explore/explore.h"

#include "bcx/tileir.h"

#include <stdio.h>
#include <string.h>

#define MOD(e) ((bcx_tileir_module *)(e)->state)

static bool sniff(const uint8_t *data, size_t size)
{
	return bcx_tileir_is_tileir(data, size);
}

static uint64_t sec_end(const bcx_tileir_section *s)
{
	return (uint64_t)s->payload_offset + s->length;
}

static bcx_status add_functions(bcx_explore *e, uint32_t parent, bcx_diag *d)
{
	bcx_tileir_module *m = MOD(e);
	for (size_t i = 0; i < bcx_tileir_function_count(m); i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(m, i);
		bcx_tileir_str name = bcx_tileir_string(m, f->name);
		char q[96];
		xp_quote(q, sizeof q, name.ptr, name.len);
		uint32_t n;
		BCX_TRY(xp_addf(e, parent, "function", f->entry_offset,
				(uint64_t)f->body_offset + f->body_len, (xp_ref){NULL, i}, &n, d,
				"%s @%s", f->flags & BCX_TILEIR_FN_KERNEL ? "entry" : "func", q));
		e->nodes[n].lazy = true;
	}
	return BCX_OK;
}

/* Items of a table whose records carry only their start: each ends where
 * the next begins, the last at the section's end. */
typedef uint32_t (*item_offset_fn)(const bcx_tileir_module *m, size_t i);

static uint32_t type_offset(const bcx_tileir_module *m, size_t i)
{
	const bcx_tileir_type *t = bcx_tileir_type_at(m, i);
	return t ? t->offset : 0;
}
static uint32_t global_offset(const bcx_tileir_module *m, size_t i)
{
	return bcx_tileir_global_at(m, i)->offset;
}

static bcx_status add_items(bcx_explore *e, uint32_t parent, const char *what, size_t n,
			    item_offset_fn at, uint64_t end, bcx_diag *d)
{
	bcx_tileir_module *m = MOD(e);
	uint64_t lo = e->nodes[parent].begin;
	for (size_t i = 0; i < n; i++) {
		/* a record the reader took as invalid has no offset: an empty
		 * range where the last one ended */
		uint64_t b = at(m, i), next = i + 1 < n ? at(m, i + 1) : end;
		b = b < lo || b > end ? lo : b;
		next = next < b || next > end ? b : next;
		lo = next;
		BCX_TRY(xp_addf(e, parent, what, b, next, (xp_ref){NULL, i}, NULL, d, "%s #%zu",
				what, i));
	}
	return BCX_OK;
}

static bcx_status add_strings(bcx_explore *e, uint32_t parent, bcx_diag *d)
{
	bcx_tileir_module *m = MOD(e);
	for (size_t i = 0; i < bcx_tileir_string_count(m); i++) {
		bcx_tileir_str s = bcx_tileir_string(m, i);
		uint64_t b = s.len ? (uint64_t)(s.ptr - e->data) : e->nodes[parent].begin;
		char q[64];
		xp_quote(q, sizeof q, s.ptr, s.len);
		BCX_TRY(xp_addf(e, parent, "string", b, b + s.len, (xp_ref){NULL, i}, NULL, d,
				"\"%s\"", q));
	}
	return BCX_OK;
}

static bcx_status add_constants(bcx_explore *e, uint32_t parent, bcx_diag *d)
{
	bcx_tileir_module *m = MOD(e);
	for (size_t i = 0; i < bcx_tileir_constant_count(m); i++) {
		const bcx_tileir_constant *c = bcx_tileir_constant_at(m, i);
		uint64_t end = c->data.len ? (uint64_t)(c->data.ptr - e->data) + c->data.len
					   : c->offset + 1u;
		BCX_TRY(xp_addf(e, parent, "constant", c->offset, end, (xp_ref){NULL, i}, NULL, d,
				"constant #%zu (%zu bytes)", i, c->data.len));
	}
	return BCX_OK;
}

static bcx_status add_section(bcx_explore *e, const bcx_tileir_section *s, bcx_diag *d)
{
	bcx_tileir_module *m = MOD(e);
	const char *name = bcx_tileir_section_name(s->id);
	uint32_t n;
	BCX_TRY(xp_addf(e, 0, "section", s->header_offset, sec_end(s), (xp_ref){NULL, s->id}, &n,
			d, "section %s (%u bytes)", name ? name : "?", s->length));
	switch (s->id) {
	case BCX_TILEIR_SEC_FUNCTION:
		return add_functions(e, n, d);
	case BCX_TILEIR_SEC_STRING:
		return add_strings(e, n, d);
	case BCX_TILEIR_SEC_CONSTANT:
		return add_constants(e, n, d);
	case BCX_TILEIR_SEC_TYPE:
		return add_items(e, n, "type", bcx_tileir_type_count(m), type_offset, sec_end(s), d);
	case BCX_TILEIR_SEC_GLOBAL:
		return add_items(e, n, "global", bcx_tileir_global_count(m), global_offset,
				 sec_end(s), d);
	default:
		return BCX_OK;
	}
}

static bcx_status open_tileir(bcx_explore *e, bcx_diag *d)
{
	bcx_tileir_read_options o = BCX_OPTIONS_INIT(bcx_tileir_read_options);
	o.alloc = e->alloc;
	o.limits = e->limits;
	bcx_tileir_module *m = NULL;
	BCX_TRY(bcx_tileir_open(e->data, e->size, &o, &m, d));
	e->state = m;
	bcx_tileir_version v = bcx_tileir_get_version(m);
	/* Sections in file order: at most one of each id. */
	const bcx_tileir_section *order[BCX_TILEIR_SEC_COUNT];
	size_t n = 0;
	for (unsigned id = 1; id < BCX_TILEIR_SEC_COUNT; id++) {
		const bcx_tileir_section *s = bcx_tileir_get_section(m, id);
		if (!s || !s->present)
			continue;
		size_t k = n++;
		for (; k > 0 && order[k - 1]->header_offset > s->header_offset; k--)
			order[k] = order[k - 1];
		order[k] = s;
	}
	char label[64];
	snprintf(label, sizeof label, "CUDA Tile IR %u.%u", v.major, v.minor);
	e->nodes[0].label = bcx_arena_memdup(e->arena, label, strlen(label));
	if (!e->nodes[0].label)
		return bcx_nomem(d);
	BCX_TRY(xp_add(e, 0, "header", "header", 0, n ? order[0]->header_offset : e->size,
		       (xp_ref){0}, NULL, d));
	for (size_t i = 0; i < n; i++)
		BCX_TRY(add_section(e, order[i], d));
	return BCX_OK;
}

static bcx_status add_ops(bcx_explore *e, uint32_t parent, const bcx_tileir_block *b, bcx_diag *d);

/* [first op's begin, last op's end) of a region, or an empty range at at. */
static void region_range(const bcx_tileir_region *r, uint64_t at, uint64_t *b, uint64_t *end)
{
	*b = *end = at;
	for (uint32_t i = 0; i < r->n_blocks; i++) {
		const bcx_tileir_block *k = &r->blocks[i];
		if (!k->n_ops)
			continue;
		if (*b == at && *end == at)
			*b = k->ops[0].offset;
		*end = k->ops[k->n_ops - 1].end_offset;
	}
}

static bcx_status add_regions(bcx_explore *e, uint32_t parent, const bcx_tileir_op *op,
			      bcx_diag *d)
{
	for (uint32_t r = 0; r < op->n_regions; r++) {
		const bcx_tileir_region *reg = &op->regions[r];
		uint32_t under = parent;
		if (op->n_regions > 1) {
			uint64_t b, end;
			region_range(reg, op->end_offset, &b, &end);
			BCX_TRY(xp_addf(e, parent, "region", b, end, (xp_ref){reg, r}, &under, d,
					"region #%u", r));
		}
		for (uint32_t k = 0; k < reg->n_blocks; k++) {
			uint32_t blk = under;
			if (reg->n_blocks > 1) {
				const bcx_tileir_block *bb = &reg->blocks[k];
				uint64_t b = bb->n_ops ? bb->ops[0].offset : op->end_offset;
				uint64_t end = bb->n_ops ? bb->ops[bb->n_ops - 1].end_offset : b;
				BCX_TRY(xp_addf(e, under, "block", b, end, (xp_ref){bb, k}, &blk, d,
						"^bb%u", k));
			}
			BCX_TRY(add_ops(e, blk, &reg->blocks[k], d));
		}
	}
	return BCX_OK;
}

/* The model's nesting is bounded by the reader's depth limit, so this
 * recursion is too. */
static bcx_status add_ops(bcx_explore *e, uint32_t parent, const bcx_tileir_block *b, bcx_diag *d)
{
	for (uint32_t i = 0; i < b->n_ops; i++) {
		const bcx_tileir_op *op = &b->ops[i];
		char q[96];
		if (bcx_tileir_opinfo_is_unregistered(op->info))
			xp_quote(q, sizeof q, op->name.ptr, op->name.len);
		else
			snprintf(q, sizeof q, "cuda_tile.%s", bcx_tileir_opinfo_name(op->info));
		uint32_t n;
		BCX_TRY(xp_add(e, parent, "op", q, op->offset, op->end_offset, (xp_ref){op, 0}, &n, d));
		BCX_TRY(add_regions(e, n, op, d));
	}
	return BCX_OK;
}

static bcx_status expand_tileir(bcx_explore *e, uint32_t node, bcx_diag *d)
{
	const bcx_tileir_body *body;
	BCX_TRY(bcx_tileir_body_get(MOD(e), (size_t)e->refs[node].i, &body, d));
	return add_ops(e, node, &body->block, d);
}

/* ---- text: the custom form, each op's line linked to its node ---- */

/* The printer's op_notes hook: no notes, only the op's place in the text
 * (everything before the op has reached the sink). */
static size_t note_span(void *ctx, const bcx_tileir_op *op, const char *const **lines)
{
	*lines = NULL;
	xp_op_span(ctx, op, 0);
	return 0;
}

/* The function node that holds node, or BCX_EXPLORE_NONE. */
static uint32_t function_of(const bcx_explore *e, uint32_t node)
{
	for (uint32_t n = node; n != BCX_EXPLORE_NONE; n = e->nodes[n].parent)
		if (strcmp(e->nodes[n].kind, "function") == 0)
			return n;
	return BCX_EXPLORE_NONE;
}

static bcx_status text_tileir(bcx_explore *e, uint32_t node, bcx_diag *d)
{
	uint32_t fn = function_of(e, node);
	long which = fn == BCX_EXPLORE_NONE ? -1 : (long)e->refs[fn].i;
	for (size_t i = 0; i < e->n_nodes; i++) /* the ops the text shows get nodes */
		if ((which < 0 || i == fn) && strcmp(e->nodes[i].kind, "function") == 0)
			BCX_TRY(bcx_explore_expand(e, i, d));
	xp_op_map t;
	bcx_status s = xp_op_map_build(&t, e, d);
	if (s == BCX_OK) {
		bcx_tileir_print_options o = BCX_OPTIONS_INIT(bcx_tileir_print_options);
		o.op_notes = note_span;
		o.op_notes_ctx = &t;
		bcx_sink sink = xp_text_sink(e);
		s = bcx_tileir_print_custom(MOD(e), which, &o, &sink, d);
		if (s == BCX_OK && t.status != BCX_OK)
			s = bcx_nomem(d);
	}
	xp_op_map_free(&t);
	return s;
}

/* ---- the verifier's findings ---- */

typedef struct check_ctx {
	bcx_explore *e;
	bcx_status status;
} check_ctx;

static bool on_error(void *ctx, const bcx_tileir_verify_error *v)
{
	check_ctx *c = ctx;
	char where[256] = "";
	if (v->function >= 0) {
		char q[96];
		xp_quote(q, sizeof q, v->function_name.ptr, v->function_name.len);
		snprintf(where, sizeof where, "function '%s'%s%s", q, v->path ? ", op " : "",
			 v->path ? v->path : "");
	}
	c->status = xp_finding(c->e, v->offset, false, v->warning, v->message, where, NULL);
	return c->status == BCX_OK;
}

static bcx_status check_tileir(bcx_explore *e, bcx_diag *d)
{
	check_ctx c = {e, BCX_OK};
	bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	o.warnings = true;
	bcx_diag vd;
	bcx_diag_clear(&vd);
	bcx_status s = bcx_tileir_verify(MOD(e), &o, on_error, &c, NULL, &vd);
	if (c.status != BCX_OK)
		return bcx_nomem(d);
	if (s == BCX_OK || s == BCX_ERR_MALFORMED)
		return BCX_OK;
	/* A body that does not decode: the reader's error is the finding. */
	if (s == BCX_ERR_NOMEM)
		return bcx_nomem(d);
	return xp_finding(e, vd.offset, false, false, vd.message, vd.context, d);
}

static void close_tileir(bcx_explore *e)
{
	bcx_tileir_close(MOD(e));
}

const xp_format xp_tileir = {"tileir", sniff, open_tileir, expand_tileir, text_tileir,
			     check_tileir, close_tileir};
