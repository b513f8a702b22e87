/* The custom form's module, globals and entries (spec §21.1): the parts
 * of a module that are records of the model rather than ops of a body. */
#include "print_custom.h"
#include "common/internal.h"

#include <string.h>

static void print_global(cprint *p, const bcx_tileir_global *g)
{
	bcx_buf *o = p->o;
	bcx_buf_spill(o, p->sink, 1u << 16);
	/* "global", a space, then "private " or nothing: two spaces when public */
	bcx_buf_puts(o, g->visibility ? "  global private " : "  global ");
	if (g->is_constant)
		bcx_buf_puts(o, " constant");
	bcx_buf_puts(o, " @");
	tir_print_ident(o, bcx_tileir_string(p->m, g->name));
	if (g->alignment)
		bcx_buf_printf(o, " alignment = %lld", (long long)g->alignment);
	bcx_buf_puts(o, " <");
	if (g->type < p->m->n_types)
		cp_type(p, p->m->types[g->type].elem);
	bcx_buf_puts(o, ": ");
	if (!tir_print_dense_values(o, p->m, g->type, g->value) && p->status == BCX_OK)
		p->status = bcx_diag_set(p->diag, BCX_ERR_MALFORMED, -1,
					 "global's constant %u does not fit its type", g->value);
	bcx_buf_puts(o, "> : ");
	cp_type(p, g->type);
	bcx_buf_put_u8(o, '\n');
}

static bcx_status print_entry(cprint *p, size_t i, unsigned indent)
{
	bcx_tileir_module *m = p->m;
	const bcx_tileir_function *f = &m->functions[i];
	BCX_TRY(bcx_tileir_body_get(m, i, &p->body, p->diag));
	p->scratch = bcx_arena_new(m->opts.alloc);
	if (!p->scratch)
		return bcx_nomem(p->diag);
	bcx_status s = cp_name_body(p);
	if (s == BCX_OK) {
		bcx_buf *o = p->o;
		bcx_buf_spill(o, p->sink, 1u << 16);
		p->indent = indent;
		for (unsigned k = 0; k < indent; k++)
			bcx_buf_put_u8(o, ' ');
		bcx_buf_puts(o, "entry @");
		tir_print_ident(o, bcx_tileir_string(m, f->name));
		cp_block_args(p, &p->body->block);
		if (f->has_hints && f->hints.n) {
			bcx_buf_puts(o, " optimization_hints=");
			tir_print_hints(o, m, &f->hints, false);
		}
		bcx_buf_put_u8(o, ' ');
		bcx_tileir_region r = {1, &p->body->block};
		cp_region(p, &r, true);
		bcx_buf_put_u8(o, '\n');
		s = p->status;
	}
	bcx_arena_free(p->scratch);
	p->scratch = NULL;
	return s;
}

static bcx_status print_module(cprint *p)
{
	bcx_tileir_module *m = p->m;
	bcx_buf_puts(p->o, "cuda_tile.module @kernels");
	if (m->has_producer) {
		bcx_buf_puts(p->o, " attributes {producer = ");
		tir_print_string(p->o, bcx_tileir_string(m, m->producer));
		bcx_buf_put_u8(p->o, '}');
	}
	bcx_buf_puts(p->o, " {\n");
	for (size_t i = 0; i < m->n_globals && p->status == BCX_OK; i++)
		print_global(p, &m->globals[i]);
	for (size_t i = 0; i < m->n_functions && p->status == BCX_OK; i++)
		BCX_TRY(print_entry(p, i, 2));
	bcx_buf_puts(p->o, "}\n");
	return p->status;
}

bcx_status bcx_tileir_print_custom(bcx_tileir_module *m, long function, const bcx_sink *sink,
				   bcx_diag *diag)
{
	if (!m || !sink)
		return bcx_bad_arg(diag, "null argument");
	if (function >= 0 && (size_t)function >= m->n_functions)
		return bcx_bad_arg(diag, "no such function");
	bcx_buf stage;
	bcx_buf_init(&stage, m->opts.alloc);
	cprint p = {.m = m, .o = &stage, .sink = sink, .diag = diag};
	bcx_status s = function < 0 ? print_module(&p) : print_entry(&p, (size_t)function, 0);
	bcx_buf_spill(&stage, sink, 0);
	if (s == BCX_OK && stage.status != BCX_OK)
		s = bcx_diag_set(diag, stage.status, -1, "%s",
				 stage.status == BCX_ERR_IO ? "writing the output failed"
							    : bcx_status_str(stage.status));
	bcx_buf_free(&stage);
	return s;
}
