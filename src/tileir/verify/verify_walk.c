/* bcx_tileir_verify: the walk over every body, the ancestor stack, and the
 * messages (each one reported with its function, op path and offset). */
#include "common/internal.h"
#include "tileir/print/print.h"
#include "tileir/model/regions.h"
#include "tileir/verify/verify.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- messages ---- */

void vf_begin(vf_ctx *v, bool op_prefix)
{
	v->msg.len = 0;
	if (op_prefix && v->op)
		bcx_buf_printf(&v->msg, "'cuda_tile.%s' op ", v->op->info->name);
}

void vf_printf(vf_ctx *v, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bcx_buf_vprintf(&v->msg, fmt, ap);
	va_end(ap);
}

void vf_type(vf_ctx *v, uint32_t type)
{
	bcx_buf_put_u8(&v->msg, '\'');
	if (type == BCX_TILEIR_TYPE_IMPLICIT_TOKEN)
		bcx_buf_puts(&v->msg, "!cuda_tile.token");
	else if (type < v->m->n_types)
		tir_print_type(&v->msg, v->m, type, true);
	else
		bcx_buf_puts(&v->msg, "<<NULL TYPE>>");
	bcx_buf_put_u8(&v->msg, '\'');
}

void vf_type_list(vf_ctx *v, const uint32_t *types, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			bcx_buf_puts(&v->msg, ", ");
		vf_type(v, types[i]);
	}
}

void vf_value_types(vf_ctx *v, const uint32_t *values, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			bcx_buf_puts(&v->msg, ", ");
		vf_type(v, values[i] < v->body->n_values ? v->body->value_types[values[i]]
							 : UINT32_MAX - 1);
	}
}

void vf_shape(vf_ctx *v, uint32_t type)
{
	const int64_t *d = vf_dims(v, type);
	for (uint32_t i = 0, n = vf_rank(v, type); i < n; i++)
		bcx_buf_printf(&v->msg, i ? ", %lld" : "%lld", (long long)d[i]);
}

/* The op's place: "name#index" per level from the body down, with "[rK]"
 * after an ancestor that has several regions. */
static void build_path(vf_ctx *v)
{
	v->path.len = 0;
	for (size_t i = 0; i < v->depth; i++) {
		const vf_frame *f = &v->stack[i];
		bcx_buf_printf(&v->path, "%s#%u", f->op->info->name, f->index);
		if (f->op->n_regions > 1)
			bcx_buf_printf(&v->path, "[r%u]", f->region);
		bcx_buf_put_u8(&v->path, '/');
	}
	if (v->op)
		bcx_buf_printf(&v->path, "%s#%u", v->op->info->name, v->op_index);
	bcx_buf_put_u8(&v->path, 0);
}

void vf_end(vf_ctx *v)
{
	bcx_buf_put_u8(&v->msg, 0);
	build_path(v);
	if (v->msg.status != BCX_OK || v->path.status != BCX_OK) {
		v->status = BCX_ERR_NOMEM;
		return;
	}
	char op_name[64] = "";
	if (v->op && v->op->info->unregistered)
		snprintf(op_name, sizeof op_name, "%.*s",
			 (int)(v->op->name.len > 63 ? 63 : v->op->name.len),
			 (const char *)v->op->name.ptr);
	else if (v->op)
		snprintf(op_name, sizeof op_name, "cuda_tile.%s", v->op->info->name);
	bcx_tileir_verify_error e = {v->fn, {NULL, 0}, v->op ? op_name : NULL,
				     (const char *)v->path.data, v->op ? v->op->offset : 0,
				     (const char *)v->msg.data, v->op, 0, 0, v->warning};
	if (v->op) {
		e.line = v->op->line;
		e.col = v->op->col;
	} else if (v->global >= 0) {
		e.line = v->m->globals[v->global].line;
		e.col = v->m->globals[v->global].col;
	} else if (v->fn >= 0) {
		e.line = v->m->functions[v->fn].line;
		e.col = v->m->functions[v->fn].col;
	}
	if (v->fn >= 0)
		e.function_name = bcx_tileir_string(v->m, v->m->functions[v->fn].name);
	if (!e.warning && v->n_errors++ == 0) {
		bcx_diag_set(v->diag, BCX_ERR_MALFORMED, e.offset, "%s", e.message);
		if (v->fn >= 0)
			bcx_diag_context(v->diag, "function '%.*s'", (int)e.function_name.len,
					 (const char *)e.function_name.ptr);
	}
	if (v->cb && !v->cb(v->cb_ctx, &e))
		v->stop = true;
}

static void op_message(vf_ctx *v, bool warning, const char *fmt, va_list ap) BCX_PRINTF(3, 0);
static void op_message(vf_ctx *v, bool warning, const char *fmt, va_list ap)
{
	char text[512];
	vsnprintf(text, sizeof text, fmt, ap);
	vf_begin(v, true);
	bcx_buf_puts(&v->msg, text);
	v->warning = warning;
	vf_end(v);
	v->warning = false;
}

bool vf_op(vf_ctx *v, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	op_message(v, false, fmt, ap);
	va_end(ap);
	return false;
}

void vf_warn_op(vf_ctx *v, const char *fmt, ...)
{
	if (!v->warnings && !v->strict)
		return;
	va_list ap;
	va_start(ap, fmt);
	op_message(v, !v->strict, fmt, ap);
	va_end(ap);
}

const vf_frame *vf_parent(const vf_ctx *v, size_t up)
{
	return up && up <= v->depth ? &v->stack[v->depth - up] : NULL;
}

/* ---- the walk ---- */

static bool push(vf_ctx *v, const bcx_tileir_op *op, uint32_t index, uint32_t region)
{
	if (!bcx_heap_room(v->m->opts.alloc, &v->stack, v->depth, &v->cap, sizeof *v->stack, 16)) {
		v->status = BCX_ERR_NOMEM;
		return false;
	}
	v->stack[v->depth++] = (vf_frame){op, index, region};
	return true;
}

/* A region its row marks PURE (reduce's and scan's bodies) holds pure
 * ops only, its terminator aside. */
static void check_purity(vf_ctx *v, const bcx_tileir_op *op)
{
	const vf_frame *p = vf_parent(v, 1);
	if (!p || op->info->terminator || (op->opcode < 256 && v->pure[op->opcode]))
		return;
	const tir_region_rule *r = tir_region_of(p->op->opcode, p->region);
	if (r && r->pure)
		vf_op(v, "only pure operations are allowed inside 'cuda_tile.%s'", p->op->info->name);
}

static void check_op(vf_ctx *v, const bcx_tileir_op *op, uint32_t index)
{
	v->op = op;
	v->op_index = index;
	if (op->info->unregistered) { /* opaque: only its place is checked (purity) */
		check_purity(v, op);
		return;
	}
	uint32_t unknown = tir_unknown_flags(op);
	if (unknown) /* the reference's reader ignores them */
		vf_warn_op(v, "flags field has bits 0x%x that no field of the op defines (ignored)",
			   unknown);
	if (vf_check_rules(v, op))
		vf_check_special(v, op);
	check_purity(v, op);
	vf_check_regions(v, op);
	if (v->target)
		vf_check_target(v, op);
}

static void walk_block(vf_ctx *v, const bcx_tileir_block *b)
{
	for (uint32_t i = 0; i < b->n_ops && !v->stop && v->status == BCX_OK; i++) {
		const bcx_tileir_op *op = &b->ops[i];
		v->block = b;
		check_op(v, op, i);
		for (uint32_t r = 0; r < op->n_regions; r++) {
			if (!push(v, op, i, r))
				return;
			for (uint32_t k = 0; k < op->regions[r].n_blocks; k++)
				walk_block(v, &op->regions[r].blocks[k]);
			v->depth--;
		}
		/* Debug scopes after the regions: the reference walks in post-order. */
		if (op->loc && !v->loc_done) {
			v->op = op;
			v->op_index = i;
			v->block = b;
			vf_check_op_loc(v, op);
		}
	}
	v->op = NULL;
}

/* Function i's rules on its decoded body. */
bcx_status vf_function(vf_ctx *v, size_t i, const bcx_tileir_body *body)
{
	v->fn = (long)i;
	v->body = body;
	v->depth = 0;
	vf_check_function_loc(v, false);
	walk_block(v, &body->block);
	v->fn = -1;
	v->body = NULL;
	return v->status;
}

static bcx_status walk_functions(vf_ctx *v, size_t from, size_t to)
{
	for (size_t i = from; i < to && !v->stop; i++) {
		const bcx_tileir_body *body;
		/* A body decoded here is given back after its walk: memory stays at
		 * one body, as in the printers (holding thousands of arenas costs
		 * more than decoding a body again). */
		bool had = v->m->functions[i].body != NULL;
		BCX_TRY(bcx_tileir_body_get(v->m, i, &body, v->diag));
		bcx_status s = vf_function(v, i, body);
		if (!had)
			bcx_tileir_body_release(v->m, i);
		BCX_TRY(s);
	}
	return BCX_OK;
}

bcx_status vf_open(vf_ctx *v, bcx_tileir_module *m, const bcx_tileir_verify_options *opts,
		   bcx_tileir_verify_fn fn, void *ctx, bcx_diag *diag)
{
	bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	bcx_options_copy(&o, sizeof o, opts);
	*v = (vf_ctx){.m = m, .fn = -1, .global = -1, .target = o.target, .hints = o.hints,
		      .warnings = o.warnings, .strict = o.strict, .cb = fn, .cb_ctx = ctx,
		      .diag = diag};
	bcx_buf_init(&v->msg, m->opts.alloc);
	bcx_buf_init(&v->path, m->opts.alloc);
	bcx_status s = vf_rules_init(v);
	if (s == BCX_OK)
		vf_check_module(v);
	return s != BCX_OK ? s : v->status;
}

bcx_status vf_close(vf_ctx *v, bcx_status s, size_t *n_errors)
{
	if (s == BCX_OK)
		s = v->status;
	bcx_tileir_module *m = v->m;
	vf_rules_free(v);
	bcx_free(m->opts.alloc, v->stack, v->cap * sizeof *v->stack);
	bcx_buf_free(&v->msg);
	bcx_buf_free(&v->path);
	v->stack = NULL;
	if (n_errors)
		*n_errors = v->n_errors;
	if (s == BCX_ERR_NOMEM)
		return bcx_nomem(v->diag);
	return s != BCX_OK ? s : v->n_errors ? BCX_ERR_MALFORMED : BCX_OK;
}

bcx_status bcx_tileir_verify(bcx_tileir_module *m, const bcx_tileir_verify_options *opts,
			     bcx_tileir_verify_fn fn, void *ctx, size_t *n_errors, bcx_diag *diag)
{
	if (n_errors)
		*n_errors = 0;
	if (!m)
		return bcx_bad_arg(diag, "bcx_tileir_verify: no module");
	bcx_tileir_verify_options o = BCX_OPTIONS_INIT(bcx_tileir_verify_options);
	bcx_options_copy(&o, sizeof o, opts);
	if (o.only_function && o.function >= m->n_functions)
		return bcx_bad_arg(diag, "bcx_tileir_verify: no such function");
	size_t from = o.only_function ? o.function : 0;
	size_t to = o.only_function ? o.function + 1 : m->n_functions;
	vf_ctx v;
	bcx_status s = vf_open(&v, m, &o, fn, ctx, diag);
	if (s == BCX_OK && !v.stop)
		s = walk_functions(&v, from, to);
	return vf_close(&v, s, n_errors);
}
