/* Debug locations, globals and entry functions of the Tile IR builder
 * (spec §9, §11, §12). */
#include "tileir/build_internal.h"
#include "common/internal.h"

#include <string.h>


static bcx_status new_loc(bcx_tb_module *m, bcx_tileir_debug_tag k, bcx_tb_loc **out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	*out = bcx_arena_calloc(m->arena, 1, sizeof **out);
	if (!*out)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	(*out)->kind = k;
	return BCX_OK;
}

static const char *sdup(bcx_tb_module *m, const char *s)
{
	return bcx_arena_memdup(m->arena, s ? s : "", s ? strlen(s) : 0);
}

static bool is(const bcx_tb_loc *l, bcx_tileir_debug_tag k) { return l && l->kind == k; }

bcx_status bcx_tb_di_file(bcx_tb_module *m, const char *name, const char *dir,
			  bcx_tb_loc **out, bcx_diag *d)
{
	bcx_status st = new_loc(m, BCX_TILEIR_DI_FILE, out, d);
	if (st)
		return st;
	(*out)->s1 = sdup(m, name);
	(*out)->s2 = sdup(m, dir);
	return (*out)->s1 && (*out)->s2 ? BCX_OK : bcx_bad_arg(d, "out of memory");
}

bcx_status bcx_tb_di_compile_unit(bcx_tb_module *m, bcx_tb_loc *file, bcx_tb_loc **out,
				  bcx_diag *d)
{
	if (!is(file, BCX_TILEIR_DI_FILE))
		return bcx_bad_arg(d, "compile unit needs a DIFile");
	bcx_status st = new_loc(m, BCX_TILEIR_DI_COMPILE_UNIT, out, d);
	if (st == BCX_OK)
		(*out)->a = file;
	return st;
}

bcx_status bcx_tb_di_subprogram(bcx_tb_module *m, bcx_tb_loc *file, uint64_t line,
				const char *name, const char *linkage_name, bcx_tb_loc *unit,
				uint64_t scope_line, bcx_tb_loc **out, bcx_diag *d)
{
	if (!is(file, BCX_TILEIR_DI_FILE) || !is(unit, BCX_TILEIR_DI_COMPILE_UNIT))
		return bcx_bad_arg(d, "subprogram needs a DIFile and a DICompileUnit");
	bcx_status st = new_loc(m, BCX_TILEIR_DI_SUBPROGRAM, out, d);
	if (st)
		return st;
	bcx_tb_loc *l = *out;
	l->a = file;
	l->b = unit;
	l->line = line;
	l->col = scope_line;
	l->s1 = sdup(m, name);
	l->s2 = sdup(m, linkage_name);
	return l->s1 && l->s2 ? BCX_OK : bcx_bad_arg(d, "out of memory");
}

bcx_status bcx_tb_di_lexical_block(bcx_tb_module *m, bcx_tb_loc *scope, bcx_tb_loc *file,
				   uint64_t line, uint64_t column, bcx_tb_loc **out,
				   bcx_diag *d)
{
	if (!(is(scope, BCX_TILEIR_DI_SUBPROGRAM) || is(scope, BCX_TILEIR_DI_LEXICAL_BLOCK)) || !is(file, BCX_TILEIR_DI_FILE))
		return bcx_bad_arg(d, "lexical block needs a subprogram or block scope and a DIFile");
	bcx_status st = new_loc(m, BCX_TILEIR_DI_LEXICAL_BLOCK, out, d);
	if (st == BCX_OK) {
		(*out)->a = scope;
		(*out)->b = file;
		(*out)->line = line;
		(*out)->col = column;
	}
	return st;
}

bcx_status bcx_tb_di_loc(bcx_tb_module *m, bcx_tb_loc *scope, const char *file_name,
			 uint64_t line, uint64_t column, bcx_tb_loc **out, bcx_diag *d)
{
	if (!(is(scope, BCX_TILEIR_DI_SUBPROGRAM) || is(scope, BCX_TILEIR_DI_LEXICAL_BLOCK)))
		return bcx_bad_arg(d, "DILoc needs a subprogram or lexical block scope");
	bcx_status st = new_loc(m, BCX_TILEIR_DI_LOC, out, d);
	if (st)
		return st;
	(*out)->a = scope;
	(*out)->s1 = sdup(m, file_name);
	(*out)->line = line;
	(*out)->col = column;
	return (*out)->s1 ? BCX_OK : bcx_bad_arg(d, "out of memory");
}

bcx_status bcx_tb_di_callsite(bcx_tb_module *m, bcx_tb_loc *callee, bcx_tb_loc *caller,
			      bcx_tb_loc **out, bcx_diag *d)
{
	bool ok1 = !callee || is(callee, BCX_TILEIR_DI_LOC) || is(callee, BCX_TILEIR_DI_CALL_SITE);
	bool ok2 = !caller || is(caller, BCX_TILEIR_DI_LOC) || is(caller, BCX_TILEIR_DI_CALL_SITE);
	if (!ok1 || !ok2)
		return bcx_bad_arg(d, "call site parts must be DILoc or call site locations");
	bcx_status st = new_loc(m, BCX_TILEIR_DI_CALL_SITE, out, d);
	if (st == BCX_OK) {
		(*out)->a = callee;
		(*out)->b = caller;
	}
	return st;
}

bcx_status bcx_tb_global_add(bcx_tb_module *m, const bcx_tb_global_spec *g, bcx_diag *d)
{
	if (!m || !g || !g->name || g->name_len == 0)
		return bcx_bad_arg(d, "a global needs a non-empty name");
	if (!g->value || g->value->kind != BCX_TILEIR_A_DENSE)
		return bcx_bad_arg(d, "a global's value must be a dense elements attribute");
	if (!tb_grow(m, (void **)&m->globals, m->n_globals, &m->cap_globals, sizeof *m->globals))
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	tb_global *n = &m->globals[m->n_globals];
	n->name = bcx_arena_memdup(m->arena, g->name, g->name_len);
	if (!n->name)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	n->name_len = g->name_len;
	n->value = g->value;
	n->alignment = g->alignment;
	n->is_private = g->is_private;
	n->is_constant = g->is_constant;
	m->n_globals++;
	return BCX_OK;
}

bcx_status bcx_tb_entry_add(bcx_tb_module *m, const char *name, size_t name_len,
			    const bcx_tb_type *arg_types, uint32_t n_args, bcx_tb_attr *hints,
			    bcx_tb_loc *loc, bcx_tb_func **out, bcx_tb_block **body,
			    bcx_diag *d)
{
	if (!m || !name || name_len == 0)
		return bcx_bad_arg(d, "an entry needs a non-empty name");
	if (hints && hints->kind != BCX_TILEIR_A_HINTS)
		return bcx_bad_arg(d, "entry hints must be an optimization hints attribute");
	if (loc && !is(loc, BCX_TILEIR_DI_LOC) && !is(loc, BCX_TILEIR_DI_CALL_SITE))
		return bcx_bad_arg(d, "a function location must be a DILoc or a call site");
	for (uint32_t i = 0; i < n_args && arg_types; i++)
		if (tb_type_valid(m, arg_types[i]) && tb_type(m, arg_types[i])->tag == BCX_TILEIR_T_TILE &&
		    tb_type(m, arg_types[i])->rank != 0)
			return bcx_bad_arg(d, "entry op must have scalar types (0-D tiles) as arguments");
	bcx_tb_type fty;
	bcx_status st = bcx_tb_type_func(m, arg_types, n_args, NULL, 0, &fty, d);
	if (st)
		return st;
	bcx_tb_func *f = bcx_arena_calloc(m->arena, 1, sizeof *f);
	if (!f || !tb_grow(m, (void **)&m->funcs, m->n_funcs, &m->cap_funcs, sizeof *m->funcs))
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	f->name = bcx_arena_memdup(m->arena, name, name_len);
	if (!f->name)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	f->name_len = name_len;
	f->type = fty;
	f->hints = hints;
	f->loc = loc;
	f->body.fn = f;
	f->body.n_args = n_args;
	f->body.arg_types = tb_type(m, fty)->ins;
	f->body.first_arg = 0;
	f->n_values = n_args;
	m->funcs[m->n_funcs++] = f;
	if (out)
		*out = f;
	if (body)
		*body = &f->body;
	return BCX_OK;
}

bcx_tb_value bcx_tb_func_arg(const bcx_tb_func *f, uint32_t i)
{
	return f && i < f->body.n_args ? i : BCX_TB_NONE;
}

bcx_tb_value bcx_tb_block_arg(const bcx_tb_block *b, uint32_t i)
{
	return b && i < b->n_args ? b->first_arg + i : BCX_TB_NONE;
}
