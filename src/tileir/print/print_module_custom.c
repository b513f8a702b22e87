/* The custom form's module, globals and entries (spec §21.1): the parts
 * of a module that are records of the model rather than ops of a body. */
#include "tileir/print/print_custom.h"
#include "common/internal.h"

#include <string.h>

static void print_global(cprint *p, const bcx_tileir_global *g)
{
	bcx_buf *o = p->o;
	bcx_buf_spill(o, p->sink, TIR_SPILL_AT);
	/* "global", a space, then "private " or nothing: two spaces when public */
	bcx_buf_puts(o, g->visibility ? "  global private " : "  global ");
	if (g->is_constant)
		BCX_BUF_LIT(o, " constant");
	BCX_BUF_LIT(o, " @");
	tir_print_ident(o, bcx_tileir_string(p->m, g->name));
	if (g->alignment)
		bcx_buf_printf(o, " alignment = %lld", (long long)g->alignment);
	BCX_BUF_LIT(o, " <");
	if (g->type < p->m->n_types)
		cp_type(p, p->m->types[g->type].elem);
	BCX_BUF_LIT(o, ": ");
	if (!tir_print_dense_values(o, p->m, g->type, g->value) && p->status == BCX_OK)
		p->status = bcx_diag_set(p->diag, BCX_ERR_MALFORMED, -1,
					 "global's constant %u does not fit its type", g->value);
	BCX_BUF_LIT(o, "> : ");
	cp_type(p, g->type);
	cp_di_suffix(p, 0); /* globals carry no location on the wire */
	bcx_buf_add_u8(o, '\n');
}

/* The function's own location: entry 0 of its debug list. */
static uint64_t function_loc(const bcx_tileir_module *m, const bcx_tileir_function *f)
{
	const bcx_tileir_debug_list *l =
		f->loc_list ? bcx_tileir_debug_list_at(m, f->loc_list - 1) : NULL;
	return l && l->n ? l->refs[0] : 0;
}

static bcx_status print_entry(cprint *p, size_t i, unsigned indent)
{
	bcx_tileir_module *m = p->m;
	const bcx_tileir_function *f = &m->functions[i];
	bool decoded = f->body != NULL; /* the caller's: keep it */
	BCX_TRY(tir_print_body(m, i, p->check, &p->body, p->diag));
	p->scratch = bcx_arena_new(m->opts.alloc);
	if (!p->scratch)
		return bcx_nomem(p->diag);
	bcx_status s = cp_name_body(p);
	if (s == BCX_OK) {
		bcx_buf *o = p->o;
		bcx_buf_spill(o, p->sink, TIR_SPILL_AT);
		p->indent = indent;
		for (unsigned k = 0; k < indent; k++)
			bcx_buf_add_u8(o, ' ');
		BCX_BUF_LIT(o, "entry @");
		tir_print_ident(o, bcx_tileir_string(m, f->name));
		cp_block_args(p, &p->body->block);
		if (f->hints && f->hints->n) {
			BCX_BUF_LIT(o, " optimization_hints=");
			tir_print_hints(o, m, f->hints, false);
		}
		bcx_buf_add_u8(o, ' ');
		bcx_tileir_region r = {1, &p->body->block};
		cp_region(p, &r, true);
		cp_di_suffix(p, function_loc(m, f));
		bcx_buf_add_u8(o, '\n');
		s = p->status;
	}
	bcx_arena_free(p->scratch);
	p->scratch = NULL;
	if (!decoded) /* memory stays that of one body */
		bcx_tileir_body_release(m, i);
	return s;
}

/* Visit the locations of a block's ops in printing order. */
static void visit_block(cp_debuginfo *di, const bcx_tileir_block *b, bool last_shown)
{
	uint32_t n = b->n_ops - (!last_shown && b->n_ops && b->ops[b->n_ops - 1].info->terminator);
	for (uint32_t k = 0; k < n; k++) {
		const bcx_tileir_op *op = &b->ops[k];
		cp_di_visit(di, op->loc);
		for (uint32_t r = 0; r < op->n_regions; r++)
			for (uint32_t i = 0; i < op->regions[r].n_blocks; i++)
				visit_block(di, &op->regions[r].blocks[i],
					    i > 0 || cp_shows_terminator(op, &op->regions[r]));
	}
}

/* Every location the text shows, in the order MLIR meets them: the
 * module's (unknown), the globals', then each function's and its ops'. */
static bcx_status visit_locations(cprint *p, long function)
{
	bcx_tileir_module *m = p->m;
	BCX_TRY(cp_di_new(m, m->opts.alloc, &p->di, p->diag));
	if (function < 0) {
		cp_di_visit(p->di, 0);
		for (size_t i = 0; i < m->n_globals; i++)
			cp_di_visit(p->di, 0);
	}
	for (size_t i = function < 0 ? 0 : (size_t)function; i < m->n_functions; i++) {
		const bcx_tileir_body *b;
		bool decoded = m->functions[i].body != NULL;
		BCX_TRY(tir_print_body(m, i, p->check, &b, p->diag));
		cp_di_visit(p->di, function_loc(m, &m->functions[i]));
		visit_block(p->di, &b->block, true);
		if (!decoded)
			bcx_tileir_body_release(m, i);
		if (function >= 0)
			break;
	}
	return cp_di_number(p->di, p->diag);
}

static bcx_status print_module(cprint *p)
{
	bcx_tileir_module *m = p->m;
	BCX_BUF_LIT(p->o, "cuda_tile.module @kernels");
	if (m->has_producer) {
		BCX_BUF_LIT(p->o, " attributes {producer = ");
		tir_print_string(p->o, bcx_tileir_string(m, m->producer));
		bcx_buf_add_u8(p->o, '}');
	}
	BCX_BUF_LIT(p->o, " {\n");
	for (size_t i = 0; i < m->n_globals && p->status == BCX_OK; i++)
		print_global(p, &m->globals[i]);
	for (size_t i = 0; i < m->n_functions && p->status == BCX_OK; i++)
		BCX_TRY(print_entry(p, i, 2));
	bcx_buf_add_u8(p->o, '}');
	cp_di_suffix(p, 0);
	bcx_buf_add_u8(p->o, '\n');
	return p->status;
}

bcx_status bcx_tileir_print_custom(bcx_tileir_module *m, long function,
				   const bcx_tileir_print_options *options, const bcx_sink *sink,
				   bcx_diag *diag)
{
	bcx_tileir_print_options o = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	bcx_options_copy(&o, sizeof o, options);
	if (!m || !sink)
		return bcx_bad_arg(diag, "null argument");
	if (function >= 0 && (size_t)function >= m->n_functions)
		return bcx_bad_arg(diag, "no such function");
	bcx_buf stage;
	tir_stage_init(&stage, m);
	cprint p = {.m = m, .o = &stage, .sink = sink, .diag = diag, .opts = &o};
	p.arena = bcx_arena_new(m->opts.alloc);
	p.type_text = p.arena ? bcx_arena_calloc(p.arena, m->n_types + 1, sizeof *p.type_text) : NULL;
	bcx_status s = p.type_text ? BCX_OK : bcx_nomem(diag);
	if (s == BCX_OK)
		s = tir_pcheck_open(m, &o, &p.check, diag);
	if (s == BCX_OK && o.debuginfo)
		s = visit_locations(&p, function);
	if (s == BCX_OK)
		s = function < 0 ? print_module(&p) : print_entry(&p, (size_t)function, 0);
	if (s == BCX_OK && p.di)
		cp_di_definitions(&p);
	cp_di_free(p.di);
	tir_pcheck_close(p.check);
	bcx_arena_free(p.arena);
	return tir_print_finish(&stage, sink, s, diag);
}
