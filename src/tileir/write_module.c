/* The Tile IR writer: one module in the reference writer's order (spec
 * §18.2): function pre-pass, globals, function bodies, then the constant,
 * debug, type, producer and string sections and the end marker. */
#include "tileir/build_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const uint8_t magic[8] = {0x7F, 'T', 'i', 'l', 'e', 'I', 'R', 0x00};

bool wr_fail(wctx *w, bcx_status code, const char *fmt, ...)
{
	if (w->st != BCX_OK)
		return false;
	char msg[BCX_DIAG_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	w->st = code;
	bcx_diag_set(w->d, code, -1, "%s", msg);
	return false;
}

static bcx_status ctx_init(wctx *w, const bcx_tb_module *m, const bcx_tb_write_options *o,
			   bcx_diag *d)
{
	memset(w, 0, sizeof *w);
	w->m = m;
	w->d = d;
	w->minor = o && o->minor ? o->minor : 3;
	w->i1_bytes = o && o->i1_byte_per_element;
	w->limits = bcx_limits_resolve(o ? &o->limits : NULL);
	wr_table_init(&w->strings, m->alloc);
	wr_table_init(&w->types, m->alloc);
	wr_table_init(&w->consts, m->alloc);
	wr_table_init(&w->debug, m->alloc);
	bcx_buf_init(&w->refs, m->alloc);
	bcx_buf_init(&w->key, m->alloc);
	bcx_buf_init(&w->data, m->alloc);
	bcx_buf_init(&w->body, m->alloc);
	w->type_map = bcx_alloc(m->alloc, ((size_t)m->n_types + 1) * sizeof *w->type_map);
	if (!w->type_map)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	memset(w->type_map, 0, ((size_t)m->n_types + 1) * sizeof *w->type_map);
	return BCX_OK;
}

static void ctx_free(wctx *w)
{
	const bcx_allocator *a = w->m->alloc;
	wr_table_free(&w->strings);
	wr_table_free(&w->types);
	wr_table_free(&w->consts);
	wr_table_free(&w->debug);
	bcx_buf_free(&w->refs);
	bcx_buf_free(&w->key);
	bcx_buf_free(&w->data);
	bcx_buf_free(&w->body);
	bcx_free(a, w->wire, w->cap_values * sizeof *w->wire);
	bcx_free(a, w->stack, w->cap_values * sizeof *w->stack);
	bcx_free(a, w->used, w->cap_values);
	bcx_free(a, w->type_map, ((size_t)w->m->n_types + 1) * sizeof *w->type_map);
	bcx_free(a, w->list_start, (size_t)w->cap_lists * sizeof *w->list_start);
}

/* §18.2 step 1: names, signatures, debug list numbers. */
static void prepass(wctx *w, uint32_t *lists)
{
	for (uint32_t i = 0; i < w->m->n_funcs && wr_ok(w); i++) {
		const bcx_tb_func *f = w->m->funcs[i];
		wr_str(w, f->name, f->name_len);
		wr_type(w, f->type);
		lists[i] = 0;
		if (f->loc) {
			lists[i] = ++w->n_lists;
			wr_loc(w, f->loc);
		}
	}
}

/* §9: the global section, with the 13.3 gates. */
static void globals(wctx *w, bcx_buf *out)
{
	bcx_buf p;
	bcx_buf_init(&p, w->m->alloc);
	wr_uv(&p, w->m->n_globals);
	for (uint32_t i = 0; i < w->m->n_globals && wr_ok(w); i++) {
		const tb_global *g = &w->m->globals[i];
		if (w->minor < 3 && g->is_private)
			wr_fail(w, BCX_ERR_UNSUPPORTED, "global `%.*s` uses non-public symbol "
				"visibility, which cannot be encoded in bytecode version 13.%u "
				"(requires bytecode 13.3+)", (int)g->name_len, g->name, w->minor);
		else if (w->minor < 3 && g->is_constant)
			wr_fail(w, BCX_ERR_UNSUPPORTED, "constant global `%.*s` cannot be encoded "
				"in bytecode version 13.%u (the `constant` attribute requires "
				"bytecode 13.3+)", (int)g->name_len, g->name, w->minor);
		wr_uv(&p, wr_str(w, g->name, g->name_len));
		wr_uv(&p, wr_type(w, g->value->type));
		wr_uv(&p, wr_const(w, g->value));
		wr_uv(&p, g->alignment);
		if (w->minor >= 3) {
			wr_uv(&p, g->is_private);
			wr_uv(&p, g->is_constant);
		}
	}
	if (w->m->n_globals && wr_ok(w))
		wr_section(out, BCX_TILEIR_SEC_GLOBAL, &p);
	bcx_buf_free(&p);
}

/* Mark every value that some operand uses (§14.2: later results must be
 * unused for older targets). */
static void mark_used(wctx *w, const bcx_tb_block *blk)
{
	for (uint32_t i = 0; i < blk->n_ops; i++) {
		const bcx_tb_op *op = blk->ops[i];
		for (uint32_t k = 0; k < op->n_operands; k++)
			if (op->operands[k] < w->n_values)
				w->used[op->operands[k]] = 1;
		for (uint32_t r = 0; r < op->n_regions; r++)
			if (op->regions[r])
				mark_used(w, op->regions[r]);
	}
}

/* Value scope arrays for f, grown when a function needs more (§15.1). */
static bool fn_scope(wctx *w, const bcx_tb_func *f)
{
	size_t n = (size_t)f->n_values + 1;
	if (n > w->cap_values) {
		const bcx_allocator *a = w->m->alloc;
		bcx_free(a, w->wire, w->cap_values * sizeof *w->wire);
		bcx_free(a, w->stack, w->cap_values * sizeof *w->stack);
		bcx_free(a, w->used, w->cap_values);
		w->wire = bcx_alloc(a, n * sizeof *w->wire);
		w->stack = bcx_alloc(a, n * sizeof *w->stack);
		w->used = bcx_alloc(a, n);
		w->cap_values = n;
		if (!w->wire || !w->stack || !w->used) {
			bcx_free(a, w->wire, n * sizeof *w->wire);
			bcx_free(a, w->stack, n * sizeof *w->stack);
			bcx_free(a, w->used, n);
			w->wire = w->stack = NULL;
			w->used = NULL;
			w->cap_values = 0;
			return wr_fail(w, BCX_ERR_NOMEM, "out of memory");
		}
	}
	w->n_values = f->n_values;
	w->sp = 0;
	memset(w->wire, 0, n * sizeof *w->wire);
	memset(w->used, 0, n);
	mark_used(w, &f->body);
	return true;
}

static void start_list(wctx *w)
{
	if (w->n_lists >= w->cap_lists) {
		uint32_t nc = w->cap_lists ? w->cap_lists * 2 : 16;
		uint32_t *p = bcx_realloc(w->m->alloc, w->list_start,
					  (size_t)w->cap_lists * sizeof *p, (size_t)nc * sizeof *p);
		if (!p) {
			wr_fail(w, BCX_ERR_NOMEM, "out of memory");
			return;
		}
		w->list_start = p;
		w->cap_lists = nc;
	}
	w->list_start[w->n_lists++] = (uint32_t)(w->refs.len / 8);
}

/* §12: one function entry with its body. */
static void function(wctx *w, bcx_buf *p, const bcx_tb_func *f, uint32_t list)
{
	wr_uv(p, wr_str(w, f->name, f->name_len));
	wr_uv(p, wr_type(w, f->type));
	bcx_buf_put_u8(p, (uint8_t)(BCX_TILEIR_FN_KERNEL | (f->hints ? BCX_TILEIR_FN_HINTS : 0)));
	wr_uv(p, list);
	if (f->hints) {
		bcx_buf_put_u8(p, BCX_TILEIR_A_HINTS);
		wr_dict_body(w, p, f->hints->elems[0]);
	}
	w->fn_has_list = list != 0;
	if (list) {
		start_list(w);
		bcx_buf_put_u64le(&w->refs, wr_loc(w, f->loc));
	}
	bcx_buf *body = &w->body;
	body->len = 0;
	if (fn_scope(w, f))
		wr_block_ops(w, body, &f->body, false);
	wr_uv(p, body->len);
	bcx_buf_put_bytes(p, body->data, body->len);
	if (body->status && !p->status)
		p->status = body->status;
}

static void functions(wctx *w, bcx_buf *out, const uint32_t *lists)
{
	bcx_buf p;
	bcx_buf_init(&p, w->m->alloc);
	wr_uv(&p, w->m->n_funcs);
	uint32_t saved = w->n_lists;
	w->n_lists = 0; /* renumbered as the lists are filled, in the same order */
	for (uint32_t i = 0; i < w->m->n_funcs && wr_ok(w); i++)
		function(w, &p, w->m->funcs[i], lists[i]);
	if (w->n_lists != saved && wr_ok(w))
		wr_fail(w, BCX_ERR_INVALID_ARG, "debug list numbering mismatch");
	bcx_buf_pad_to(&p, 8, WR_PAD);
	if (wr_ok(w))
		wr_section(out, BCX_TILEIR_SEC_FUNCTION, &p);
	bcx_buf_free(&p);
}

/* §18.2 steps 4-9. */
static void tail_sections(wctx *w, bcx_buf *out)
{
	bcx_buf p;
	bcx_buf_init(&p, w->m->alloc);
	if (w->consts.n) {
		wr_prefixed_payload(&p, &w->consts, 8);
		wr_section(out, BCX_TILEIR_SEC_CONSTANT, &p);
	}
	if (w->n_lists) {
		p.len = 0;
		wr_debug_payload(w, &p);
		wr_section(out, BCX_TILEIR_SEC_DEBUG, &p);
	}
	if (!wr_check_types(w)) {
		bcx_buf_free(&p);
		return;
	}
	p.len = 0;
	wr_prefixed_payload(&p, &w->types, 4);
	wr_section(out, BCX_TILEIR_SEC_TYPE, &p);
	if (w->minor >= 3 && w->m->has_producer) {
		p.len = 0;
		wr_uv(&p, wr_str(w, w->m->producer, w->m->producer_len));
		wr_section(out, BCX_TILEIR_SEC_PRODUCER, &p);
	}
	p.len = 0;
	wr_table_payload(&p, &w->strings, 4, 4);
	wr_section(out, BCX_TILEIR_SEC_STRING, &p);
	bcx_buf_put_u8(out, 0x00);
	bcx_buf_free(&p);
}

static bcx_status check_opts(const bcx_tb_write_options *o, bcx_diag *d)
{
	if (o && o->major == 0 && o->minor == 0)
		return BCX_OK; /* zero-initialised options: the default target */
	if (o && (o->major != 13 || o->minor < 1 || o->minor > 3))
		return bcx_diag_set(d, BCX_ERR_UNSUPPORTED, -1,
				    "unsupported target version %u.%u, the supported versions are "
				    "[13.1 - 13.3]", o->major, o->minor);
	return BCX_OK;
}

bcx_status bcx_tb_write(const bcx_tb_module *m, const bcx_tb_write_options *o, uint8_t **out,
			size_t *out_len, bcx_diag *d)
{
	if (!m || !out || !out_len)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	bcx_status st = check_opts(o, d);
	wctx w;
	if (st || (st = ctx_init(&w, m, o, d)))
		return st;
	uint32_t *lists = bcx_alloc(m->alloc, ((size_t)m->n_funcs + 1) * sizeof *lists);
	bcx_buf file;
	bcx_buf_init(&file, m->alloc);
	bcx_buf_put_bytes(&file, magic, sizeof magic);
	bcx_buf_put_u8(&file, 13);
	bcx_buf_put_u8(&file, (uint8_t)w.minor);
	bcx_buf_put_u16le(&file, o ? o->tag : 0);
	if (!lists)
		wr_fail(&w, BCX_ERR_NOMEM, "out of memory");
	else
		prepass(&w, lists);
	if (wr_ok(&w))
		globals(&w, &file);
	if (wr_ok(&w))
		functions(&w, &file, lists);
	if (wr_ok(&w))
		tail_sections(&w, &file);
	if (wr_ok(&w) && file.status)
		wr_fail(&w, file.status, "out of memory while writing the module");
	st = w.st;
	bcx_free(m->alloc, lists, ((size_t)m->n_funcs + 1) * sizeof *lists);
	ctx_free(&w);
	if (st) {
		bcx_buf_free(&file);
		return st;
	}
	/* Hand over a block of exactly *out_len bytes so that the caller's
	 * bcx_free(a, *out, *out_len) matches the allocation. */
	size_t cap = file.cap;
	uint8_t *p = bcx_buf_take(&file, out_len);
	uint8_t *q = bcx_realloc(m->alloc, p, cap, *out_len);
	if (!q) {
		bcx_free(m->alloc, p, cap);
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	}
	*out = q;
	return BCX_OK;
}

bcx_status bcx_tb_write_file(const bcx_tb_module *m, const bcx_tb_write_options *o,
			     const char *path, bcx_diag *d)
{
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_status st = bcx_tb_write(m, o, &bytes, &n, d);
	if (st)
		return st;
	st = bcx_file_write_atomic(path, bytes, n, d);
	bcx_free(m->alloc, bytes, n);
	return st;
}

void bcx_tb_free_bytes(const bcx_tb_module *m, uint8_t *bytes, size_t len)
{
	if (m)
		bcx_free(m->alloc, bytes, len);
}
