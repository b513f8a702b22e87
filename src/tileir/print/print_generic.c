/*
 * MLIR generic op form, byte-identical to NVIDIA's reader with
 * --mlir-print-op-generic (spec §21). Value names follow MLIR's numbering
 * for generic printing: regions are numbered from a stack (last pushed,
 * first numbered) with counters that never reset, so the last function of
 * a module gets the smallest numbers; block arguments of entry blocks are
 * %argN, each op with results takes one %N (results N#i when several).
 */
#include "tileir/print/print.h"
#include "common/internal.h"

#include <string.h>

enum { NAME_ARG, NAME_ONE, NAME_MULTI, NAME_VALUE };

typedef struct names {
	uint32_t *num;
	uint8_t *kind;
	uint32_t *sub;
} names;

typedef tir_counts counters;

typedef struct gen {
	bcx_tileir_module *m;
	const bcx_tileir_print_options *opts; /* op notes */
	bcx_buf *o;                /* stages text for sink, passed on in TIR_SPILL_AT pieces */
	const bcx_sink *sink;
	bcx_tileir_str *type_text; /* per type index: its "!cuda_tile." text */
	const bcx_tileir_body *body;
	names nm;
	bcx_arena *scratch;        /* the current function's names */
	bcx_arena *scratch_all;    /* lives as long as the print call */
	tir_pcheck *check;         /* verifying as bodies are decoded, or NULL */
	const struct prop_order *props[256]; /* per opcode, made on first use */
	bcx_diag *diag;
} gen;

static void number_block(names *nm, const bcx_tileir_block *b, bool entry, counters *c)
{
	for (uint32_t i = 0; i < b->n_args; i++) {
		nm->kind[b->first_arg + i] = entry ? NAME_ARG : NAME_VALUE;
		nm->num[b->first_arg + i] = entry ? c->arg++ : c->value++;
	}
	for (uint32_t k = 0; k < b->n_ops; k++) {
		const bcx_tileir_op *op = &b->ops[k];
		if (!op->n_results)
			continue;
		uint32_t id = c->value++;
		for (uint32_t i = 0; i < op->n_results; i++) {
			nm->kind[op->first_result + i] = op->n_results > 1 ? NAME_MULTI : NAME_ONE;
			nm->num[op->first_result + i] = id;
			nm->sub[op->first_result + i] = i;
		}
	}
}

static void push_regions(const bcx_tileir_block *b, const bcx_tileir_region **stack,
			 size_t *top)
{
	for (uint32_t k = 0; k < b->n_ops; k++)
		for (uint32_t r = 0; r < b->ops[k].n_regions; r++)
			stack[(*top)++] = &b->ops[k].regions[r];
}

/* Number one function's values; stack has room for every region. */
static void number_body(names *nm, const bcx_tileir_body *body,
			const bcx_tileir_region **stack, counters *c)
{
	size_t top = 0;
	number_block(nm, &body->block, true, c);
	push_regions(&body->block, stack, &top);
	while (top) {
		const bcx_tileir_region *r = stack[--top];
		for (uint32_t b = 0; b < r->n_blocks; b++)
			number_block(nm, &r->blocks[b], b == 0, c);
		for (uint32_t b = 0; b < r->n_blocks; b++)
			push_regions(&r->blocks[b], stack, &top);
	}
}

static bcx_status alloc_names(gen *g, const bcx_tileir_body *body, counters *c)
{
	bcx_arena_free(g->scratch);
	bcx_arena *a = g->scratch = bcx_arena_new(g->m->opts.alloc);
	if (!a)
		return bcx_diag_set(g->diag, BCX_ERR_NOMEM, -1, "out of memory");
	size_t n = body->n_values ? body->n_values : 1;
	g->nm.num = bcx_arena_calloc(a, n, sizeof *g->nm.num);
	g->nm.kind = bcx_arena_calloc(a, n, sizeof *g->nm.kind);
	g->nm.sub = bcx_arena_calloc(a, n, sizeof *g->nm.sub);
	const bcx_tileir_region **stack =
		bcx_arena_calloc(a, (size_t)body->n_ops_total * 2 + 1, sizeof *stack);
	if (!g->nm.num || !g->nm.kind || !g->nm.sub || !stack)
		return bcx_diag_set(g->diag, BCX_ERR_NOMEM, -1, "out of memory");
	number_body(&g->nm, body, stack, c);
	g->body = body;
	return BCX_OK;
}

/* Types are printed many times: each one's text is made once. */
static void put_type(gen *g, uint32_t t)
{
	if (t >= g->m->n_types || !g->type_text) {
		tir_print_type(g->o, g->m, t, true);
		return;
	}
	bcx_tileir_str *s = &g->type_text[t];
	if (!s->ptr) {
		bcx_buf tmp;
		bcx_buf_init(&tmp, bcx_arena_allocator(g->scratch_all));
		tir_print_type(&tmp, g->m, t, true);
		size_t len = tmp.len;
		char *copy = tmp.status != BCX_OK ? NULL /* the text is cut short */
			     : bcx_arena_memdup(g->scratch_all,
						tmp.data ? (const void *)tmp.data : "", len);
		bcx_buf_free(&tmp);
		if (!copy) {
			g->o->status = BCX_ERR_NOMEM;
			return;
		}
		*s = (bcx_tileir_str){(const uint8_t *)copy, len};
	}
	bcx_buf_add(g->o, s->ptr, s->len);
}

/* '%' or "%arg" and a decimal number, without printf. */
/* Inline, so that a literal prefix's length is known when compiling. */
static inline void put_num(bcx_buf *o, const char *prefix, uint32_t v)
{
	bcx_buf_add(o, prefix, strlen(prefix));
	bcx_buf_put_udec(o, v);
}

static void indent(bcx_buf *o, unsigned n)
{
	static const char spaces[] = "                                ";
	for (; n > sizeof spaces - 1; n -= (unsigned)(sizeof spaces - 1))
		bcx_buf_add(o, spaces, sizeof spaces - 1);
	bcx_buf_add(o, spaces, n);
}

static void value_name(gen *g, uint32_t v)
{
	switch (g->nm.kind[v]) {
	case NAME_ARG: put_num(g->o, "%arg", g->nm.num[v]); break;
	case NAME_MULTI:
		put_num(g->o, "%", g->nm.num[v]);
		put_num(g->o, "#", g->nm.sub[v]);
		break;
	default: put_num(g->o, "%", g->nm.num[v]); break;
	}
}

static void type_list(gen *g, const uint32_t *types, uint32_t n, bool parens_if_one)
{
	bool paren = n != 1 || parens_if_one;
	if (paren)
		bcx_buf_add_u8(g->o, '(');
	for (uint32_t i = 0; i < n; i++) {
		if (i)
			BCX_BUF_LIT(g->o, ", ");
		put_type(g, types[i]);
	}
	if (paren)
		bcx_buf_add_u8(g->o, ')');
}

static void print_op(gen *g, const bcx_tileir_op *op, unsigned ind);

static void print_block(gen *g, const bcx_tileir_block *b, uint32_t idx, unsigned ind)
{
	if (idx > 0 || b->n_args > 0 || b->n_ops == 0) {
		indent(g->o, ind);
		bcx_buf_printf(g->o, "^bb%u", idx);
		if (b->n_args)
			bcx_buf_add_u8(g->o, '(');
		for (uint32_t i = 0; i < b->n_args; i++) {
			if (i)
				BCX_BUF_LIT(g->o, ", ");
			value_name(g, b->first_arg + i);
			BCX_BUF_LIT(g->o, ": ");
			put_type(g, b->arg_types[i]);
		}
		bcx_buf_puts(g->o, b->n_args ? "):\n" : ":\n");
	}
	for (uint32_t k = 0; k < b->n_ops; k++)
		print_op(g, &b->ops[k], ind + 2);
}

static void print_regions(gen *g, const bcx_tileir_region *r, uint32_t n, unsigned ind)
{
	BCX_BUF_LIT(g->o, " (");
	for (uint32_t i = 0; i < n; i++) {
		bcx_buf_puts(g->o, i ? ", {\n" : "{\n");
		for (uint32_t b = 0; b < r[i].n_blocks; b++)
			print_block(g, &r[i].blocks[b], b, ind);
		indent(g->o, ind);
		bcx_buf_add_u8(g->o, '}');
	}
	bcx_buf_add_u8(g->o, ')');
}

typedef struct prop {
	const char *name;
	size_t len;
	const bcx_tileir_field *f; /* NULL: operandSegmentSizes */
	const bcx_tileir_attr *a;
} prop;

static void print_prop(gen *g, const bcx_tileir_op *op, const prop *p)
{
	bcx_buf *o = g->o;
	bcx_buf_add(o, p->name, p->len);
	if (p->a && p->a->kind == BCX_TILEIR_A_UNIT)
		return;
	BCX_BUF_LIT(o, " = ");
	if (!p->f) {
		BCX_BUF_LIT(o, "array<i32");
		for (uint32_t i = 0; i < op->info->n_operands; i++)
			put_num(o, i ? ", " : ": ", op->segments[i]);
		bcx_buf_add_u8(o, '>');
	} else if (p->a->kind == BCX_TILEIR_A_ENUM) {
		const char *mn = bcx_tileir_enum_mnemonic(p->f->enum_id);
		const char *v = bcx_tileir_enum_value(p->f->enum_id, p->a->u);
		if (mn) {
			BCX_BUF_LIT(o, "#cuda_tile.");
			bcx_buf_puts(o, mn);
			bcx_buf_add_u8(o, '<');
			bcx_buf_puts(o, v ? v : "?");
			bcx_buf_add_u8(o, '>');
		} else {
			put_num(o, "", (uint32_t)p->a->u); /* enumerators are small */
			BCX_BUF_LIT(o, " : i32");
		}
	} else {
		tir_print_attr(o, g->m, p->a, ELIDE_NEVER);
	}
}

/* An op row's properties in the order MLIR prints them (by name), with
 * operandSegmentSizes among them for a segmented row: made once per row. */
typedef struct prop_slot {
	const char *name;
	size_t len;
	const bcx_tileir_field *f; /* NULL: operandSegmentSizes */
	unsigned slot;             /* the attribute's slot in op->attrs */
} prop_slot;

typedef struct prop_order {
	size_t name_len;           /* of the op's name */
	unsigned n;
	prop_slot at[40];
} prop_order;

static void order_props(const bcx_tileir_opinfo *info, prop_order *po)
{
	unsigned n = 0, k = 0;
	for (unsigned i = 0; i < info->n_fields && n < 39; i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		po->at[n++] = (prop_slot){f->name, strlen(f->name), f, k++};
	}
	if (info->opd_mode == BCX_TILEIR_OPD_SEGMENTED)
		po->at[n++] = (prop_slot){"operandSegmentSizes", 19, NULL, 0};
	for (unsigned i = 1; i < n; i++) /* insertion sort by name */
		for (unsigned j = i; j && strcmp(po->at[j - 1].name, po->at[j].name) > 0; j--) {
			prop_slot t = po->at[j];
			po->at[j] = po->at[j - 1];
			po->at[j - 1] = t;
		}
	po->n = n;
	po->name_len = strlen(info->name);
}

static const prop_order *props_of(gen *g, const bcx_tileir_op *op, prop_order *local)
{
	uint16_t c = op->opcode;
	if (c < 256 && g->props[c])
		return g->props[c];
	prop_order *po = c < 256 ? bcx_arena_alloc(g->scratch_all, sizeof *po) : NULL;
	po = po ? po : local;
	order_props(op->info, po);
	if (po != local)
		g->props[c] = po;
	return po;
}

static void print_props(gen *g, const bcx_tileir_op *op, const prop_order *po)
{
	bool first = true;
	for (unsigned i = 0; i < po->n; i++) {
		const prop_slot *ps = &po->at[i];
		prop p = {ps->name, ps->len, ps->f, ps->f ? &op->attrs[ps->slot] : NULL};
		if (p.a && p.a->kind == BCX_TILEIR_A_NONE)
			continue;
		if (first)
			BCX_BUF_LIT(g->o, " <{");
		else
			BCX_BUF_LIT(g->o, ", ");
		first = false;
		print_prop(g, op, &p);
	}
	if (!first)
		BCX_BUF_LIT(g->o, "}>");
}

static void print_op(gen *g, const bcx_tileir_op *op, unsigned ind)
{
	tir_print_notes(g->o, g->sink, g->opts, op, ind);
	bcx_buf *o = g->o;
	prop_order local;
	const prop_order *po = props_of(g, op, &local);
	indent(o, ind);
	if (op->n_results) {
		put_num(o, "%", g->nm.num[op->first_result]);
		if (op->n_results > 1)
			put_num(o, ":", op->n_results);
		BCX_BUF_LIT(o, " = ");
	}
	if (op->info->unregistered) { /* its own name, escaped: it comes from the input */
		tir_print_string(o, op->name);
		bcx_buf_add_u8(o, '(');
	} else {
		BCX_BUF_LIT(o, "\"cuda_tile.");
		bcx_buf_add(o, op->info->name, po->name_len);
		BCX_BUF_LIT(o, "\"(");
	}
	for (uint32_t i = 0; i < op->n_operands; i++) {
		if (i)
			BCX_BUF_LIT(o, ", ");
		value_name(g, op->operands[i]);
	}
	bcx_buf_add_u8(o, ')');
	print_props(g, op, po);
	if (op->n_regions)
		print_regions(g, op->regions, op->n_regions, ind);
	BCX_BUF_LIT(o, " : (");
	for (uint32_t i = 0; i < op->n_operands; i++) {
		if (i)
			BCX_BUF_LIT(o, ", ");
		put_type(g, g->body->value_types[op->operands[i]]);
	}
	BCX_BUF_LIT(o, ") -> ");
	type_list(g, op->result_types, op->n_results, false);
	bcx_buf_add_u8(o, '\n');
}

static void print_entry(gen *g, const bcx_tileir_function *f, unsigned ind)
{
	bcx_buf *o = g->o;
	const bcx_tileir_type *sig = &g->m->types[f->signature];
	indent(o, ind);
	BCX_BUF_LIT(o, "\"cuda_tile.entry\"() <{arg_attrs = [");
	for (uint32_t i = 0; i < sig->n_inputs; i++)
		bcx_buf_puts(o, i ? ", {}" : "{}");
	BCX_BUF_LIT(o, "], function_type = ");
	put_type(g, f->signature);
	BCX_BUF_LIT(o, ", optimization_hints = ");
	if (f->hints)
		tir_print_attr(o, g->m, f->hints, ELIDE_NEVER);
	else
		BCX_BUF_LIT(o, "#cuda_tile.optimization_hints<>");
	BCX_BUF_LIT(o, ", res_attrs = [");
	for (uint32_t i = 0; i < sig->n_outputs; i++)
		bcx_buf_puts(o, i ? ", {}" : "{}");
	BCX_BUF_LIT(o, "], sym_name = ");
	tir_print_string(o, bcx_tileir_string(g->m, f->name));
	BCX_BUF_LIT(o, "}> ({\n");
	print_block(g, &g->body->block, 0, ind);
	indent(o, ind);
	BCX_BUF_LIT(o, "}) : () -> ()\n");
}

static bcx_status print_global(gen *g, const bcx_tileir_global *gl)
{
	bcx_buf_spill(g->o, g->sink, TIR_SPILL_AT);
	bcx_buf *o = g->o;
	bcx_buf_printf(o, "  \"cuda_tile.global\"() <{alignment = %lld : i64, %ssym_name = ",
		       (long long)gl->alignment, gl->is_constant ? "constant, " : "");
	tir_print_string(o, bcx_tileir_string(g->m, gl->name));
	bcx_buf_printf(o, ", symbol_visibility = #cuda_tile.symbol_visibility<%s>, value = ",
		       gl->visibility ? "private" : "public");
	bcx_status s = tir_print_dense(o, g->m, gl->type, gl->value, g->diag);
	BCX_BUF_LIT(o, "}> : () -> ()\n");
	return s;
}

/* Function i's body, and whether it was decoded before (then it is the
 * caller's to keep; otherwise it is released once used). */
static bcx_status body_of(gen *g, size_t i, bool *had)
{
	*had = g->m->functions[i].body != NULL;
	return tir_print_body(g->m, i, g->check, &g->body, g->diag);
}

static void done_with(gen *g, size_t i, bool had)
{
	if (!had)
		bcx_tileir_body_release(g->m, i);
}

/* Numbering runs from the last function to the first with counters that
 * never reset, so a first pass counts each body (keeping none) to find
 * where each function's numbers start; the second decodes, checks and
 * prints, one body in memory at a time. */
static bcx_status print_module(gen *g)
{
	bcx_tileir_module *m = g->m;
	counters *start = bcx_arena_calloc(g->scratch_all, m->n_functions + 1, sizeof *start);
	if (!start)
		return bcx_diag_set(g->diag, BCX_ERR_NOMEM, -1, "out of memory");
	counters c = {0};
	tir_count_bodies(m);
	for (size_t i = m->n_functions; i-- > 0;) {
		start[i] = c;
		if (m->counts && m->counts[i].known) { /* counted, or known from a decode */
			c.value += m->counts[i].value;
			c.arg += m->counts[i].arg;
			continue;
		}
		bool had; /* a body that does not decode: the decoder says why */
		BCX_TRY(body_of(g, i, &had));
		tir_count_block(&g->body->block, true, &c);
		done_with(g, i, had);
	}
	BCX_BUF_LIT(g->o, "\"cuda_tile.module\"() <{");
	if (m->has_producer) {
		BCX_BUF_LIT(g->o, "producer = ");
		tir_print_string(g->o, bcx_tileir_string(m, m->producer));
		BCX_BUF_LIT(g->o, ", ");
	}
	BCX_BUF_LIT(g->o, "sym_name = \"kernels\"}> ({\n");
	if (!m->n_globals && !m->n_functions)
		BCX_BUF_LIT(g->o, "^bb0:\n");
	for (size_t i = 0; i < m->n_globals; i++)
		if (print_global(g, &m->globals[i]) != BCX_OK)
			return g->diag ? g->diag->code : BCX_ERR_MALFORMED;
	for (size_t i = 0; i < m->n_functions; i++) {
		bool had;
		c = start[i];
		BCX_TRY(body_of(g, i, &had));
		bcx_status s = alloc_names(g, g->body, &c);
		if (s == BCX_OK)
			print_entry(g, &m->functions[i], 2);
		done_with(g, i, had);
		if (s != BCX_OK)
			return s;
	}
	BCX_BUF_LIT(g->o, "}) : () -> ()\n");
	return BCX_OK;
}

bcx_status bcx_tileir_print_generic(bcx_tileir_module *m, long function, const bcx_sink *sink,
				    bcx_diag *diag)
{
	return bcx_tileir_print_generic_opts(m, function, NULL, sink, diag);
}

bcx_status bcx_tileir_print_generic_opts(bcx_tileir_module *m, long function,
					 const bcx_tileir_print_options *options,
					 const bcx_sink *sink, bcx_diag *diag)
{
	bcx_tileir_print_options opts = BCX_OPTIONS_INIT(bcx_tileir_print_options);
	bcx_options_copy(&opts, sizeof opts, options);
	bcx_buf stage;
	tir_stage_init(&stage, m);
	gen g = {.m = m, .o = &stage, .sink = sink, .diag = diag, .opts = &opts};
	g.scratch_all = bcx_arena_new(m->opts.alloc);
	g.type_text = g.scratch_all
		? bcx_arena_calloc(g.scratch_all, m->n_types + 1, sizeof *g.type_text) : NULL;
	bcx_status s = g.type_text ? BCX_OK : bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	if (s == BCX_OK)
		s = tir_pcheck_open(m, &opts, &g.check, diag);
	if (s == BCX_OK && function < 0) {
		s = print_module(&g);
	} else if (s == BCX_OK) {
		bool had;
		counters c = {0};
		s = body_of(&g, (size_t)function, &had);
		if (s == BCX_OK)
			s = alloc_names(&g, g.body, &c);
		if (s == BCX_OK)
			print_entry(&g, &m->functions[function], 0);
		if (g.body)
			done_with(&g, (size_t)function, had);
	}
	tir_pcheck_close(g.check);
	bcx_arena_free(g.scratch);
	bcx_arena_free(g.scratch_all);
	return tir_print_finish(&stage, sink, s, diag);
}
