/* The Tile IR writer: one module in the reference writer's order (spec
 * §18.2): function pre-pass, globals, function bodies, then the constant,
 * debug, type, producer and string sections and the end marker. */
#include "tileir/write/write_internal.h"
#include "common/internal.h"
#include "bcx/varint.h"

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

static bcx_status ctx_init(wctx *w, bcx_tileir_module *m, const bcx_tileir_write_options *o,
			   bcx_diag *d)
{
	memset(w, 0, sizeof *w);
	w->m = m;
	w->alloc = m->opts.alloc;
	w->d = d;
	w->target = (uint16_t)(o->major ? BCX_TILEIR_V(o->major, o->minor) : BCX_TILEIR_V_MAX);
	w->minor = (unsigned)(w->target & 0xFF);
	w->i1_bytes = o->i1_byte_per_element;
	w->limits = bcx_limits_resolve(&o->limits);
	wr_table *tables[] = {&w->strings, &w->types, &w->consts, &w->debug, &w->type_content,
			      &w->rec_content};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
		wr_table_init(tables[i], w->alloc);
	bcx_buf *bufs[] = {&w->refs, &w->key, &w->data, &w->raw};
	for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
		bcx_buf_init(bufs[i], w->alloc);
	size_t nt = m->n_types + 1, nr = m->n_debug_records + 1;
	w->type_map = bcx_alloc(w->alloc, nt * sizeof *w->type_map);
	w->type_owner = bcx_alloc(w->alloc, nt * sizeof *w->type_owner);
	w->rec_owner = bcx_alloc(w->alloc, nr * sizeof *w->rec_owner);
	size_t nc = m->n_constants + 1;
	w->const_map = bcx_alloc(w->alloc, nc * sizeof *w->const_map);
	w->const_type = bcx_alloc(w->alloc, nc * sizeof *w->const_type);
	if (!w->type_map || !w->type_owner || !w->rec_owner || !w->const_map || !w->const_type)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	memset(w->type_map, 0, nt * sizeof *w->type_map);
	memset(w->type_owner, 0, nt * sizeof *w->type_owner);
	memset(w->rec_owner, 0, nr * sizeof *w->rec_owner);
	memset(w->const_map, 0, nc * sizeof *w->const_map);
	return BCX_OK;
}

static void ctx_free(wctx *w)
{
	const bcx_allocator *a = w->alloc;
	wr_table *tables[] = {&w->strings, &w->types, &w->consts, &w->debug, &w->type_content,
			      &w->rec_content};
	for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
		wr_table_free(tables[i]);
	bcx_buf *bufs[] = {&w->refs, &w->key, &w->data, &w->raw};
	for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++)
		bcx_buf_free(bufs[i]);
	size_t nt = w->m->n_types + 1, nr = w->m->n_debug_records + 1;
	size_t nc = w->m->n_constants + 1;
	bcx_free(a, w->const_map, w->const_map ? nc * sizeof *w->const_map : 0);
	bcx_free(a, w->const_type, w->const_type ? nc * sizeof *w->const_type : 0);
	bcx_free(a, w->wire, w->cap_values * sizeof *w->wire);
	bcx_free(a, w->stack, w->cap_values * sizeof *w->stack);
	bcx_free(a, w->used, w->cap_values);
	bcx_free(a, w->type_map, w->type_map ? nt * sizeof *w->type_map : 0);
	bcx_free(a, w->type_owner, w->type_owner ? nt * sizeof *w->type_owner : 0);
	bcx_free(a, w->rec_owner, w->rec_owner ? nr * sizeof *w->rec_owner : 0);
	bcx_free(a, w->list_start, w->cap_lists * sizeof *w->list_start);
}

/* The record reference of function f's location (0: none). */
static uint64_t fn_loc(wctx *w, const bcx_tileir_function *f)
{
	if (!f->loc_list)
		return 0;
	const bcx_tileir_debug_list *l = bcx_tileir_debug_list_at(w->m, f->loc_list - 1);
	if (!l || l->n == 0)
		return wr_fail(w, BCX_ERR_MALFORMED, "bad debug list"), 0;
	return l->refs[0];
}

/* What the pre-pass gives each function's entry: its debug list number
 * (0: none) and its name's string index, kept for the entry rather than
 * looked up again in a table that holds every function's name. */
typedef struct fn_wire {
	uint32_t list, name;
} fn_wire;

/* §18.2 step 1: names, signatures, debug list numbers. */
static void prepass(wctx *w, fn_wire *fw)
{
	size_t n = bcx_tileir_function_count(w->m);
	for (size_t i = 0; i < n && wr_ok(w); i++) {
		const bcx_tileir_function *f = bcx_tileir_function_at(w->m, i);
		const bcx_tileir_type *sig = bcx_tileir_type_at(w->m, f->signature);
		if (!sig || sig->tag != BCX_TILEIR_T_FUNCTION || sig->n_outputs) {
			wr_fail(w, BCX_ERR_MALFORMED, "function %zu: an entry's signature must be a "
				"function type without results", i);
			return;
		}
		fw[i].name = wr_mstr(w, f->name);
		wr_type(w, f->signature);
		fw[i].list = 0;
		if (wr_loc(w, fn_loc(w, f)))
			fw[i].list = ++w->n_lists;
	}
}

/* §9: the global section, with the 13.3 gates. */
static void globals(wctx *w, bcx_buf *out)
{
	bcx_buf p;
	size_t n = bcx_tileir_global_count(w->m);
	bcx_buf_init(&p, w->alloc);
	wr_uv(&p, n);
	for (size_t i = 0; i < n && wr_ok(w); i++) {
		const bcx_tileir_global *g = bcx_tileir_global_at(w->m, i);
		char name[TIR_MESSAGE_NAME_CAP]; /* from the input: escaped for the message */
		tir_message_name(bcx_tileir_string(w->m, g->name), name, sizeof name);
		bool is_private = g->visibility == 1;
		if (wr_later(w, BCX_TILEIR_V13_3) && is_private)
			wr_fail(w, BCX_ERR_UNSUPPORTED, TIR_GATE_PRIVATE_GLOBAL, name, w->minor);
		else if (wr_later(w, BCX_TILEIR_V13_3) && g->is_constant)
			wr_fail(w, BCX_ERR_UNSUPPORTED, TIR_GATE_CONSTANT_GLOBAL, name, w->minor);
		wr_uv(&p, wr_mstr(w, g->name));
		wr_uv(&p, wr_type(w, g->type));
		wr_uv(&p, wr_const(w, g->type, g->value));
		wr_uv(&p, g->alignment);
		if (!wr_later(w, BCX_TILEIR_V13_3)) { /* visibility, constant (§9) */
			wr_uv(&p, is_private);
			wr_uv(&p, g->is_constant);
		}
	}
	if (n && wr_ok(w))
		wr_section(out, BCX_TILEIR_SEC_GLOBAL, &p);
	bcx_buf_free(&p);
}

/* Mark every value that some operand uses (§14.2: later results must be
 * unused for older targets). */
static void mark_used(wctx *w, const bcx_tileir_block *blk)
{
	for (uint32_t i = 0; i < blk->n_ops; i++) {
		const bcx_tileir_op *op = &blk->ops[i];
		for (uint32_t k = 0; k < op->n_operands; k++)
			if (op->operands[k] < w->n_values)
				w->used[op->operands[k]] = 1;
		for (uint32_t r = 0; r < op->n_regions; r++)
			for (uint32_t k = 0; k < op->regions[r].n_blocks; k++)
				mark_used(w, &op->regions[r].blocks[k]);
	}
}

/* Value scope arrays for f, grown when a function needs more (§15.1). */
static bool fn_scope(wctx *w, const bcx_tileir_body *f)
{
	size_t n = (size_t)f->n_values + 1;
	if (n > w->cap_values) {
		const bcx_allocator *a = w->alloc;
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
	w->used_ready = false; /* only an older target's skipped results ask */
	w->fn_block = &f->block;
	return true;
}

bool wr_used(wctx *w, uint32_t v)
{
	if (!w->used_ready) {
		memset(w->used, 0, (size_t)w->n_values + 1);
		mark_used(w, w->fn_block);
		w->used_ready = true;
	}
	return v < w->n_values && w->used[v];
}

static void start_list(wctx *w)
{
	if (!bcx_heap_room(w->alloc, &w->list_start, w->n_lists, &w->cap_lists,
			   sizeof *w->list_start, 16)) {
		wr_fail(w, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	w->list_start[w->n_lists++] = (uint32_t)(w->refs.len / 8);
}

/* p holds one placeholder byte at `at` and then a payload: put the
 * payload's length there as a ULEB128, moving the payload when it takes more
 * than one byte. */
static void put_length_before(bcx_buf *p, size_t at)
{
	if (p->status != BCX_OK)
		return;
	size_t len = p->len - at - 1;
	uint8_t v[BCX_LEB128_MAX];
	size_t k = bcx_uleb128_encode(len, v);
	if (k > 1) {
		if (!bcx_buf_reserve(p, k - 1))
			return;
		memmove(p->data + at + k, p->data + at + 1, len);
		p->len += k - 1;
	}
	memcpy(p->data + at, v, k);
}

/* §12: one function entry with its body, decoded now when it was not. */
static void function(wctx *w, bcx_buf *p, size_t i, fn_wire fw)
{
	uint32_t list = fw.list;
	const bcx_tileir_function *f = bcx_tileir_function_at(w->m, i);
	const bcx_tileir_body *body_model = NULL;
	bcx_status st = bcx_tileir_body_get(w->m, i, &body_model, w->d);
	if (st) {
		w->st = st;
		return;
	}
	if (f->flags & (BCX_TILEIR_FN_TESTING | BCX_TILEIR_FN_TOPLEVEL)) {
		wr_fail(w, BCX_ERR_UNSUPPORTED,
			"%s cannot be written to bytecode",
			f->flags & BCX_TILEIR_FN_TESTING ? "a testing function (cuda_tile.testing$func)"
							 : "an op outside every function");
		return;
	}
	wr_uv(p, fw.name);
	wr_uv(p, wr_type(w, f->signature));
	bcx_buf_put_u8(p, (uint8_t)(BCX_TILEIR_FN_KERNEL | (f->hints ? BCX_TILEIR_FN_HINTS : 0)));
	wr_uv(p, list);
	if (f->hints) {
		bcx_buf_put_u8(p, BCX_TILEIR_A_HINTS);
		wr_dict_body(w, p, f->hints);
	}
	w->fn_has_list = list != 0;
	if (list) {
		start_list(w);
		bcx_buf_put_u64le(&w->refs, wr_loc(w, fn_loc(w, f)));
	}
	/* The body goes straight into the section after a one-byte length,
	 * moved up in the rare case its length needs more bytes. */
	size_t at = p->len;
	bcx_buf_put_u8(p, 0);
	if (fn_scope(w, body_model))
		wr_block_ops(w, p, &body_model->block, false);
	put_length_before(p, at);
}

/* A first guess at the function section's size, so that its buffer rarely
 * has to grow (each growth copies what was written so far): ops take 5 to
 * 10 bytes each in practice. Pages reserved and never touched cost nothing. */
static size_t functions_guess(const bcx_tileir_module *m)
{
	size_t ops = 0;
	for (size_t i = 0; i < m->n_functions; i++)
		if (m->functions[i].body)
			ops += m->functions[i].body->n_ops_total;
	return ops < SIZE_MAX / 16 - m->n_functions ? 12 * ops + 16 * m->n_functions : 0;
}

/* §12: the function section's payload, into p. */
static void functions(wctx *w, bcx_buf *p, const fn_wire *fw)
{
	size_t n = bcx_tileir_function_count(w->m);
	bcx_buf_reserve_hint(p, functions_guess(w->m));
	wr_uv(p, n);
	uint32_t saved = w->n_lists;
	w->n_lists = 0; /* renumbered as the lists are filled, in the same order */
	for (size_t i = 0; i < n && wr_ok(w); i++) {
		const bcx_tileir_body *next = i + 1 < n ? w->m->functions[i + 1].body : NULL;
		if (next) /* decoded or built: its ops are far from this one's */
			BCX_PREFETCH(next->block.ops);
		function(w, p, i, fw[i]);
	}
	if (w->n_lists != saved && wr_ok(w))
		wr_fail(w, BCX_ERR_INVALID_ARG, "debug list numbering mismatch");
	bcx_buf_pad_to(p, 8, WR_PAD);
}

/* §5.1, §12: the function section written in the file where it ends up,
 * not made apart and copied in (its bytes would be held twice): the
 * payload goes after room for the longest header, and the header, whose
 * length field is known last, goes before it; the payload moves back
 * when the header is shorter. The payload starts aligned either way, so
 * its own padding, counted from the file's start, is what it would be
 * counted from the payload's. */
static void function_section(wctx *w, bcx_buf *file, const fn_wire *fw)
{
	size_t align = bcx_tileir_section_alignment(BCX_TILEIR_SEC_FUNCTION);
	size_t start = file->len;
	size_t at = (start + WR_SECTION_HEAD_MAX + align - 1) / align * align;
	if (!bcx_buf_reserve(file, at - start))
		return;
	file->len = at;
	functions(w, file, fw);
	if (!wr_ok(w) || file->status != BCX_OK)
		return;
	uint8_t head[WR_SECTION_HEAD_MAX];
	size_t len = file->len - at, hl = wr_section_head(head, BCX_TILEIR_SEC_FUNCTION, len);
	size_t to = (start + hl + align - 1) / align * align;
	if (to != at)
		memmove(file->data + to, file->data + at, len);
	memcpy(file->data + start, head, hl);
	memset(file->data + start + hl, WR_PAD, to - start - hl);
	file->len = to + len;
}

/* An upper estimate of what the sections after the functions take: their
 * tables' bytes, offsets and padding. */
static size_t tail_guess(const wctx *w)
{
	const wr_table *t[] = {&w->consts, &w->types, &w->strings, &w->debug};
	size_t sum = 256 + w->refs.len + (size_t)w->n_lists * 4;
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
		sum += t[i]->data.len + (size_t)t[i]->n * 8 + 32;
	return sum;
}

/* §18.2 steps 4-9. */
static void tail_sections(wctx *w, bcx_buf *out)
{
	bcx_buf p;
	bcx_tileir_str prod;
	bcx_buf_init(&p, w->alloc);
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
	if (!wr_later(w, BCX_TILEIR_V13_3) && bcx_tileir_producer(w->m, &prod)) {
		p.len = 0;
		wr_uv(&p, wr_str(w, prod.ptr, prod.len));
		wr_section(out, BCX_TILEIR_SEC_PRODUCER, &p);
	}
	p.len = 0;
	wr_table_payload(&p, &w->strings, 4, 4);
	wr_section(out, BCX_TILEIR_SEC_STRING, &p);
	bcx_buf_put_u8(out, 0x00);
	bcx_buf_free(&p);
}

static bcx_status check_opts(const bcx_tileir_write_options *o, bcx_diag *d)
{
	if (o->major == 0 && o->minor == 0)
		return BCX_OK; /* zero-initialised options: the default target */
	if (!bcx_tileir_version_supported(o->major, o->minor))
		return bcx_diag_set(d, BCX_ERR_UNSUPPORTED, -1,
				    "unsupported target version %u.%u, the supported versions are "
				    "[%u.%u - %u.%u]", o->major, o->minor, BCX_TILEIR_V_MIN >> 8,
				    BCX_TILEIR_V_MIN & 0xFF, BCX_TILEIR_V_MAX >> 8,
				    BCX_TILEIR_V_MAX & 0xFF);
	return BCX_OK;
}

/* The module as a file: header, then the sections in the reference's order. */
static void write_all(wctx *w, const bcx_tileir_write_options *o, bcx_buf *file)
{
	size_t n = bcx_tileir_function_count(w->m);
	fn_wire *fw = bcx_alloc(w->alloc, (n + 1) * sizeof *fw);
	bcx_buf_put_bytes(file, magic, sizeof magic);
	bcx_buf_put_u8(file, 13);
	bcx_buf_put_u8(file, (uint8_t)w->minor);
	bcx_buf_put_u16le(file, o->tag);
	if (!fw)
		wr_fail(w, BCX_ERR_NOMEM, "out of memory");
	else
		prepass(w, fw);
	if (wr_ok(w))
		globals(w, file);
	if (wr_ok(w))
		function_section(w, file, fw);
	if (wr_ok(w)) {
		bcx_buf_reserve_hint(file, tail_guess(w));
		tail_sections(w, file);
	}
	if (wr_ok(w) && file->status)
		wr_fail(w, file->status, "out of memory while writing the module");
	bcx_free(w->alloc, fw, fw ? (n + 1) * sizeof *fw : 0);
}

bcx_status bcx_tileir_write(bcx_tileir_module *m, const bcx_tileir_write_options *opt,
			    uint8_t **out, size_t *out_len, bcx_diag *d)
{
	if (!m || !out || !out_len)
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	bcx_tileir_write_options copy, *o = &copy;
	bcx_options_copy(&copy, sizeof copy, opt);
	bcx_status st = check_opts(o, d);
	wctx w;
	if (st)
		return st;
	if (m->implicit_module)
		return bcx_diag_set(d, BCX_ERR_UNSUPPORTED, -1,
				    "text without a cuda_tile.module op cannot be written to bytecode");
	bcx_buf file;
	bcx_buf_init(&file, m->opts.alloc);
	if ((st = ctx_init(&w, m, o, d)) == BCX_OK) {
		write_all(&w, o, &file);
		st = w.st;
	}
	ctx_free(&w);
	if (st) {
		bcx_buf_free(&file);
		return st;
	}
	/* Hand over a block of exactly *out_len bytes so that the caller's
	 * bcx_free(a, *out, *out_len) matches the allocation. */
	size_t cap = file.cap;
	uint8_t *p = bcx_buf_take(&file, out_len);
	uint8_t *q = bcx_realloc(m->opts.alloc, p, cap, *out_len);
	if (!q) {
		bcx_free(m->opts.alloc, p, cap);
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	}
	*out = q;
	return BCX_OK;
}

bcx_status bcx_tileir_write_file(bcx_tileir_module *m, const bcx_tileir_write_options *o,
				 const char *path, bcx_diag *d)
{
	uint8_t *bytes = NULL;
	size_t n = 0;
	bcx_status st = bcx_tileir_write(m, o, &bytes, &n, d);
	if (st)
		return st;
	st = bcx_file_write_atomic(path, bytes, n, d);
	bcx_tileir_free_bytes(m, bytes, n);
	return st;
}

void bcx_tileir_free_bytes(const bcx_tileir_module *m, uint8_t *bytes, size_t len)
{
	if (m)
		bcx_free(m->opts.alloc, bytes, len);
}
