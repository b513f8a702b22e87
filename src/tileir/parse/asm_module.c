/* The Tile IR assembler's top layer: the text's top level (aliases, the
 * builtin module around the Tile IR module, the module op or bare ops)
 * parsed into a tree by the op layer, then built (asm_build.c). */
#include "tileir/parse/asm_internal.h"
#include "tileir/build/build_internal.h"
#include "common/internal.h"

#include <string.h>

/* Does the text start with the generic form's "builtin.module"() ? */
static bool at_generic_module(asm_parser *p)
{
	return p->lx.t.k == MLIR_TK_STR && p->lx.t.n == 14 &&
	       memcmp(p->lx.t.p, "builtin.module", 14) == 0 && mlir_peek(&p->lx).ch == '(';
}

/* "builtin.module"() [<{props}>] ({ up to its region. */
static bcx_status generic_module(asm_parser *p)
{
	BCX_TRY(ap_next(p));
	BCX_TRY(ap_expect(p, '('));
	BCX_TRY(ap_expect(p, ')'));
	if (mlir_accept(&p->lx, '<')) {
		BCX_TRY(ap_expect(p, '{'));
		BCX_TRY(ap_dict_entries(p, '}', NULL));
		BCX_TRY(ap_expect(p, '>'));
	}
	BCX_TRY(ap_expect(p, '('));
	return ap_expect(p, '{');
}

/* The end of a generic builtin module after its region's '}':
 * ") [{attributes}] : () -> ()". */
static bcx_status generic_module_end(asm_parser *p)
{
	BCX_TRY(ap_expect(p, ')'));
	if (mlir_accept(&p->lx, '{'))
		BCX_TRY(ap_dict_entries(p, '}', NULL));
	static const char rest[] = ":()A()"; /* 'A' is the lexer's "->" */
	for (const char *c = rest; *c; c++)
		BCX_TRY(ap_expect(p, *c));
	return BCX_OK;
}

/* "module {", "module attributes {...} {", "builtin.module [@name] {" or the
 * generic form's "builtin.module"() ({: MLIR's builtin module around the
 * text; its ops are the top level's. Its attributes (gpu.container_module,
 * as pass pipelines print) are read and dropped: Tile IR bytecode has no
 * place for them, and the reference writes the module without them. */
static bool at_builtin_module(asm_parser *p)
{
	if (at_generic_module(p) || mlir_is_id(&p->lx, "builtin.module"))
		return true;
	mlir_tok nx = mlir_peek(&p->lx);
	return mlir_is_id(&p->lx, "module") &&
	       (nx.ch == '{' ||
		(nx.k == MLIR_TK_ID && nx.n == 10 && memcmp(nx.p, "attributes", 10) == 0));
}

/* The builtin module at_builtin_module found, up to its region: one
 * more wrapper. */
static bcx_status builtin_module(asm_parser *p, unsigned *wrappers, bool *generic)
{
	if (at_generic_module(p)) {
		*generic = true;
		BCX_TRY(generic_module(p));
		++*wrappers;
		return BCX_OK;
	}
	bool named = mlir_is_id(&p->lx, "builtin.module");
	BCX_TRY(ap_next(p));
	if (named && p->lx.t.k == MLIR_TK_SYM)
		BCX_TRY(ap_next(p));
	if (mlir_is_id(&p->lx, "attributes")) {
		BCX_TRY(ap_next(p));
		BCX_TRY(ap_expect(p, '{'));
		BCX_TRY(ap_dict_entries(p, '}', NULL));
	}
	BCX_TRY(ap_expect(p, '{'));
	++*wrappers;
	return BCX_OK;
}

/* The top level: alias definitions around the module op (or, as MLIR
 * allows in its implicit top-level module, any ops: ap_build_top),
 * possibly inside a builtin module. */
static bcx_status top_level(asm_parser *p, ap_block *top)
{
	unsigned wrappers = 0;
	bool generic = false;
	uint32_t cap = 0;
	while (p->lx.t.k != MLIR_TK_EOF) {
		mlir_pos at;
		if ((p->lx.t.k == MLIR_TK_HASH || p->lx.t.k == MLIR_TK_BANG) &&
		    mlir_peek(&p->lx).ch == '=') {
			BCX_TRY(ap_alias_def(p));
		} else if (wrappers && mlir_is_punct(&p->lx, '}')) {
			BCX_TRY(ap_next(p));
			if (generic)
				BCX_TRY(generic_module_end(p));
			BCX_TRY(ap_loc_suffix(p, &at));
			wrappers--;
		} else if (!wrappers && at_builtin_module(p)) {
			BCX_TRY(builtin_module(p, &wrappers, &generic));
		} else if (p->streamed) { /* built before this op: read all again */
			return ap_stream_abort(p);
		} else {
			p->first_op = top->n_ops == 0;
			BCX_TRY(ap_grow(p, &top->ops, top->n_ops, &cap, sizeof *top->ops));
			BCX_TRY(ap_parse_op(p, &top->ops[top->n_ops++]));
		}
	}
	if (wrappers)
		return ap_fail(p, "expected '}' at the end of a region");
	return BCX_OK;
}

/* One reading of the text: streamed (stream) or whole. */
static bcx_status assemble(const char *file, const char *text, size_t n, const bcx_allocator *a,
			   bool stream, bool *aborted, bcx_tileir_builder **out, bcx_diag *d)
{
	asm_parser p;
	memset(&p, 0, sizeof p);
	mlir_lex_init(&p.lx, file, text ? text : "", n, d);
	p.m = bcx_tileir_builder_new(a);
	p.arena = p.keep = bcx_arena_new(a);
	if (!p.m || !p.arena) {
		bcx_tileir_builder_free(p.m);
		bcx_arena_free(p.arena);
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	}
	p.item = stream ? ap_stream_item : NULL;
	wr_table_init(&p.names, p.m->alloc);
	wr_table_init(&p.aliases, p.m->alloc);
	wr_table_init(&p.loc_ids, p.m->alloc);
	wr_table_init(&p.type_text, p.m->alloc);
	wr_table_init(&p.op_names, p.m->alloc);
	ap_block *top = bcx_arena_calloc(p.arena, 1, sizeof *top);
	bcx_status st = top ? ap_next(&p) : ap_nomem(&p);
	if (st == BCX_OK)
		st = top_level(&p, top);
	if (st == BCX_OK) /* no op at all: an empty implicit module */
		st = ap_build_top(&p, top);
	if (st == BCX_OK && p.late_msg)
		st = ap_error_at(&p, p.late_line, p.late_col, "%s", p.late_msg);
	wr_table_free(&p.names);
	wr_table_free(&p.aliases);
	wr_table_free(&p.loc_ids);
	wr_table_free(&p.type_text);
	wr_table_free(&p.op_names);
	bcx_arena_free(p.arena);
	*aborted = p.stream_abort;
	if (st != BCX_OK) {
		bcx_tileir_builder_free(p.m);
		return st;
	}
	*out = p.m;
	return BCX_OK;
}

/* The module's items are built as they are read when the text allows
 * (asm_parser.item): the parse tree then holds one item, not the module.
 * Text that does not allow it is read again whole; its first error is
 * the same either way. */
bcx_status bcx_tileir_assemble(const char *file, const char *text, size_t n,
			   const bcx_allocator *a, bcx_tileir_builder **out, bcx_diag *d)
{
	if (!out || (!text && n))
		return bcx_diag_set(d, BCX_ERR_INVALID_ARG, -1, "null argument");
	bcx_diag local;
	memset(&local, 0, sizeof local);
	bool aborted = false;
	bcx_status st = assemble(file, text, n, a, true, &aborted, out, &local);
	if (aborted)
		return assemble(file, text, n, a, false, &aborted, out, d);
	if (st && d && d->code == BCX_OK)
		*d = local;
	return st;
}
