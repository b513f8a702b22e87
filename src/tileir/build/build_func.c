/* Debug locations, globals and entry functions of the Tile IR builder
 * (spec §9, §11, §12). */
#include "tileir/build/build_internal.h"
#include "common/internal.h"

#include "bcx/varint.h"

#include <string.h>


/* The record of tag k with fields f (wire order, bcx/tileir_debug.def): an
 * equal record already in the model is reused, as the writer merges them. */
static bcx_status new_loc(bcx_tileir_builder *m, bcx_tileir_debug_tag k, const uint64_t *f,
			  bcx_tileir_build_loc **out, bcx_diag *d)
{
	if (!m || !out)
		return bcx_bad_arg(d, "null argument");
	bcx_tileir_module *mm = m->m;
	bcx_tileir_debug_record r = {.tag = (uint8_t)k};
	uint8_t key[1 + 6 * 10];
	size_t n = 0;
	uint32_t idx;
	r.n = (uint8_t)strlen(bcx_tileir_debug_fields(k));
	key[n++] = r.tag;
	for (unsigned i = 0; i < r.n; i++)
		n += bcx_uleb128_encode(r.f[i] = f[i], key + n);
	if (wr_table_intern(&m->rec_keys, key, n, &idx))
		return bcx_nomem(d);
	if (idx == mm->n_debug_records) {
		if (!BCX_VEC_ROOM(m->arena, mm->debug_records, mm->n_debug_records, m->cap_records))
			return bcx_nomem(d);
		mm->debug_records[mm->n_debug_records++] = r;
	}
	*out = bcx_arena_calloc(m->arena, 1, sizeof **out);
	if (!*out)
		return bcx_nomem(d);
	(*out)->ref = idx + 1;
	(*out)->kind = (uint8_t)k;
	return BCX_OK;
}

bcx_status tb_loc_twin(bcx_tileir_builder *m, const bcx_tileir_build_loc *l,
		       bcx_tileir_build_loc **out, bcx_diag *d)
{
	bcx_tileir_module *mm = m->m;
	if (!l || l->ref == 0 || l->ref > mm->n_debug_records)
		return bcx_bad_arg(d, "no such location");
	bcx_tileir_debug_record r = mm->debug_records[l->ref - 1];
	/* its key: the content, then 0xFF and the new index, which no content
	 * key has (a content key is exactly its fields' ULEB128s) */
	uint8_t key[1 + 6 * 10 + 1 + 10];
	size_t n = 0;
	uint32_t idx;
	key[n++] = r.tag;
	for (unsigned i = 0; i < r.n && i < 6; i++)
		n += bcx_uleb128_encode(r.f[i], key + n);
	key[n++] = 0xFF;
	n += bcx_uleb128_encode(mm->n_debug_records, key + n);
	if (wr_table_intern(&m->rec_keys, key, n, &idx) || idx != mm->n_debug_records ||
	    !BCX_VEC_ROOM(m->arena, mm->debug_records, mm->n_debug_records, m->cap_records))
		return bcx_nomem(d);
	mm->debug_records[mm->n_debug_records++] = r;
	*out = bcx_arena_calloc(m->arena, 1, sizeof **out);
	if (!*out)
		return bcx_nomem(d);
	(*out)->ref = idx + 1;
	(*out)->kind = l->kind;
	return BCX_OK;
}

/* A string field: the index of s (NULL: the empty string). */
static bcx_status str_field(bcx_tileir_builder *m, const char *s, uint64_t *f, bcx_diag *d)
{
	uint32_t idx = 0;
	BCX_TRY(tb_string(m, s ? s : "", s ? strlen(s) : 0, &idx, d));
	*f = idx;
	return BCX_OK;
}

static bool is(const bcx_tileir_build_loc *l, bcx_tileir_debug_tag k) { return l && l->kind == k; }
static uint64_t ref(const bcx_tileir_build_loc *l) { return l ? l->ref : 0; }

bcx_status bcx_tileir_build_di_file(bcx_tileir_builder *m, const char *name, const char *dir,
			  bcx_tileir_build_loc **out, bcx_diag *d)
{
	uint64_t f[2];
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(str_field(m, name, &f[0], d));
	BCX_TRY(str_field(m, dir, &f[1], d));
	return new_loc(m, BCX_TILEIR_DI_FILE, f, out, d);
}

bcx_status bcx_tileir_build_di_compile_unit(bcx_tileir_builder *m, bcx_tileir_build_loc *file,
                                            bcx_tileir_build_loc **out, bcx_diag *d)
{
	if (!is(file, BCX_TILEIR_DI_FILE))
		return bcx_bad_arg(d, "compile unit needs a DIFile");
	uint64_t f[1] = {ref(file)};
	return new_loc(m, BCX_TILEIR_DI_COMPILE_UNIT, f, out, d);
}

bcx_status bcx_tileir_build_di_subprogram(bcx_tileir_builder *m, bcx_tileir_build_loc *file,
                                          uint64_t line, const char *name, const char *linkage_name,
                                          bcx_tileir_build_loc *unit, uint64_t scope_line,
                                          bcx_tileir_build_loc **out, bcx_diag *d)
{
	if (!is(file, BCX_TILEIR_DI_FILE) || !is(unit, BCX_TILEIR_DI_COMPILE_UNIT))
		return bcx_bad_arg(d, "subprogram needs a DIFile and a DICompileUnit");
	uint64_t f[6] = {ref(file), line, 0, 0, ref(unit), scope_line};
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(str_field(m, name, &f[2], d));
	BCX_TRY(str_field(m, linkage_name, &f[3], d));
	return new_loc(m, BCX_TILEIR_DI_SUBPROGRAM, f, out, d);
}

bcx_status bcx_tileir_build_di_lexical_block(bcx_tileir_builder *m, bcx_tileir_build_loc *scope,
                                             bcx_tileir_build_loc *file, uint64_t line,
                                             uint64_t column, bcx_tileir_build_loc **out,
                                             bcx_diag *d)
{
	if (!(is(scope, BCX_TILEIR_DI_SUBPROGRAM) || is(scope, BCX_TILEIR_DI_LEXICAL_BLOCK)) ||
	    !is(file, BCX_TILEIR_DI_FILE))
		return bcx_bad_arg(d, "lexical block needs a subprogram or block scope and a DIFile");
	uint64_t f[4] = {ref(scope), ref(file), line, column};
	return new_loc(m, BCX_TILEIR_DI_LEXICAL_BLOCK, f, out, d);
}

bcx_status bcx_tileir_build_di_loc(bcx_tileir_builder *m, bcx_tileir_build_loc *scope,
                                   const char *file_name, uint64_t line, uint64_t column,
                                   bcx_tileir_build_loc **out, bcx_diag *d)
{
	if (!(is(scope, BCX_TILEIR_DI_SUBPROGRAM) || is(scope, BCX_TILEIR_DI_LEXICAL_BLOCK)))
		return bcx_bad_arg(d, "DILoc needs a subprogram or lexical block scope");
	uint64_t f[4] = {ref(scope), 0, line, column};
	if (!m)
		return bcx_bad_arg(d, "null argument");
	BCX_TRY(str_field(m, file_name, &f[1], d));
	return new_loc(m, BCX_TILEIR_DI_LOC, f, out, d);
}

bcx_status bcx_tileir_build_di_callsite(bcx_tileir_builder *m, bcx_tileir_build_loc *callee,
                                        bcx_tileir_build_loc *caller, bcx_tileir_build_loc **out,
                                        bcx_diag *d)
{
	bool ok1 = !callee || is(callee, BCX_TILEIR_DI_LOC) || is(callee, BCX_TILEIR_DI_CALL_SITE);
	bool ok2 = !caller || is(caller, BCX_TILEIR_DI_LOC) || is(caller, BCX_TILEIR_DI_CALL_SITE);
	if (!ok1 || !ok2)
		return bcx_bad_arg(d, "call site parts must be DILoc or call site locations");
	uint64_t f[2] = {ref(callee), ref(caller)};
	return new_loc(m, BCX_TILEIR_DI_CALL_SITE, f, out, d);
}

bcx_status bcx_tileir_build_global_add(bcx_tileir_builder *m, const bcx_tileir_build_global_spec *g,
                                       bcx_diag *d)
{
	if (!m || !g || !g->name || g->name_len == 0)
		return bcx_bad_arg(d, "a global needs a non-empty name");
	if (!g->value || g->value->a.kind != BCX_TILEIR_A_DENSE)
		return bcx_bad_arg(d, "a global's value must be a dense elements attribute");
	bcx_tileir_module *mm = m->m;
	bcx_tileir_global n = {.type = g->value->a.type, .value = g->value->a.index,
			       .alignment = g->alignment, .visibility = g->is_private ? 1 : 0,
			       .is_constant = g->is_constant};
	BCX_TRY(tb_string(m, g->name, g->name_len, &n.name, d));
	if (!BCX_VEC_ROOM(m->arena, mm->globals, mm->n_globals, m->cap_globals))
		return bcx_nomem(d);
	mm->globals[mm->n_globals++] = n;
	return BCX_OK;
}

/* The function's debug list: its location first (§11.3); ops carry theirs. */
static bcx_status fn_list(bcx_tileir_builder *m, const bcx_tileir_build_loc *loc, uint32_t *list,
                          bcx_diag *d)
{
	bcx_tileir_module *mm = m->m;
	*list = 0;
	if (!loc)
		return BCX_OK;
	uint64_t *r = bcx_arena_alloc(m->arena, sizeof *r);
	if (!r || !BCX_VEC_ROOM(m->arena, mm->debug_lists, mm->n_debug_lists, m->cap_lists))
		return bcx_nomem(d);
	*r = loc->ref;
	mm->debug_lists[mm->n_debug_lists++] = (bcx_tileir_debug_list){1, r};
	*list = (uint32_t)mm->n_debug_lists;
	return BCX_OK;
}

static bcx_status check_entry(bcx_tileir_builder *m, const char *name, size_t name_len,
                              const bcx_tileir_build_type *arg_types, uint32_t n_args,
                              const bcx_tileir_build_attr *hints, const bcx_tileir_build_loc *loc,
                              uint8_t extra, bcx_diag *d)
{
	bool testing = (extra & (BCX_TILEIR_FN_TESTING | BCX_TILEIR_FN_TOPLEVEL | TB_FN_ANY_ARGS));
	if (!m || !name || (name_len == 0 && !(extra & BCX_TILEIR_FN_TOPLEVEL)))
		return bcx_bad_arg(d, "an entry needs a non-empty name");
	if (hints && hints->a.kind != BCX_TILEIR_A_HINTS)
		return bcx_bad_arg(d, "entry hints must be an optimization hints attribute");
	if (loc && !is(loc, BCX_TILEIR_DI_LOC) && !is(loc, BCX_TILEIR_DI_CALL_SITE))
		return bcx_bad_arg(d, "a function location must be a DILoc or a call site");
	for (uint32_t i = 0; i < n_args && arg_types && !testing; i++)
		if (tb_type_valid(m, arg_types[i]) &&
		    tb_type(m, arg_types[i])->tag == BCX_TILEIR_T_TILE &&
		    tb_type(m, arg_types[i])->rank != 0)
			return bcx_bad_arg(d, "entry op must have scalar types (0-D tiles) as arguments");
	return BCX_OK;
}

bcx_status bcx_tileir_build_entry_add(bcx_tileir_builder *m, const char *name, size_t name_len,
			    const bcx_tileir_build_type *arg_types, uint32_t n_args, bcx_tileir_build_attr *hints,
			    bcx_tileir_build_loc *loc, bcx_tileir_build_func **out, bcx_tileir_build_block **body,
			    bcx_diag *d)
{
	return tb_func_add(m, name, name_len, BCX_TILEIR_NONE, arg_types, n_args, hints, loc, 0,
			   out, body, d);
}

bcx_status tb_func_add(bcx_tileir_builder *m, const char *name, size_t name_len,
		       bcx_tileir_build_type sig, const bcx_tileir_build_type *arg_types,
		       uint32_t n_args,
		       bcx_tileir_build_attr *hints, bcx_tileir_build_loc *loc, uint8_t extra,
		       bcx_tileir_build_func **out, bcx_tileir_build_block **body, bcx_diag *d)
{
	BCX_TRY(check_entry(m, name, name_len, arg_types, n_args, hints, loc, extra, d));
	extra &= BCX_TILEIR_FN_TESTING | BCX_TILEIR_FN_TOPLEVEL;
	bcx_tileir_build_type fty = sig;
	if (sig == BCX_TILEIR_NONE)
		BCX_TRY(bcx_tileir_build_type_func(m, arg_types, n_args, NULL, 0, &fty, d));
	else if (!tb_type_valid(m, sig) || tb_type(m, sig)->tag != BCX_TILEIR_T_FUNCTION ||
		 tb_type(m, sig)->n_inputs != n_args)
		return bcx_bad_arg(d, "a function's type must be a function type of its arguments");
	bcx_tileir_module *mm = m->m;
	bcx_tileir_function fn = {.signature = fty, .flags = BCX_TILEIR_FN_KERNEL};
	fn.flags |= extra;
	BCX_TRY(tb_string(m, name, name_len, &fn.name, d));
	BCX_TRY(fn_list(m, loc, &fn.loc_list, d));
	if (hints) {
		bcx_tileir_attr *h = bcx_arena_alloc(m->arena, sizeof *h);
		if (!h)
			return bcx_nomem(d);
		*h = hints->a;
		fn.hints = h;
		fn.flags |= BCX_TILEIR_FN_HINTS;
	}
	bcx_tileir_build_func *f = bcx_arena_calloc(m->arena, 1, sizeof *f);
	if (!f || !bcx_heap_room(m->alloc, &mm->functions, mm->n_functions, &m->cap_funcs,
				 sizeof *mm->functions, 16) ||
	    !bcx_heap_room(m->alloc, &m->funcs, mm->n_functions, &m->cap_nodes, sizeof *m->funcs,
			   16))
		return bcx_nomem(d);
	f->index = (uint32_t)mm->n_functions;
	f->top = (bcx_tileir_build_block){.mb = &f->body.block, .fn = f};
	f->body.block.n_args = n_args;
	f->body.block.arg_types = tb_type(m, fty)->params;
	BCX_TRY(tb_new_values(m, f, f->body.block.arg_types, n_args, &f->body.block.first_arg, d));
	fn.body = &f->body; /* built bodies are there from the start */
	m->funcs[mm->n_functions] = f;
	mm->functions[mm->n_functions++] = fn;
	mm->bodies_decoded = mm->n_functions;
	if (out)
		*out = f;
	if (body)
		*body = &f->top;
	return BCX_OK;
}

/* Grow *arr (of *cap elements, n used) to exactly want elements. */
static bool reserve(bcx_tileir_builder *m, void *arrp, size_t n, size_t *cap, size_t want,
		    size_t elem)
{
	if (want <= *cap)
		return true;
	void *old;
	memcpy(&old, arrp, sizeof old); /* arrp points to a T*, whatever T is */
	void *grown = bcx_arena_grow(m->arena, old, n, want, elem);
	if (!grown)
		return false;
	memcpy(arrp, &grown, sizeof grown);
	*cap = want;
	return true;
}

bool tb_block_reserve(bcx_tileir_builder *m, bcx_tileir_build_block *blk, size_t n)
{
	if (!reserve(m, &blk->ops, blk->mb->n_ops, &blk->cap_ops, n, sizeof *blk->ops))
		return false;
	blk->mb->ops = blk->ops;
	return true;
}

bool tb_values_reserve(bcx_tileir_builder *m, bcx_tileir_build_func *f, size_t n)
{
	if (!reserve(m, &f->value_types, f->body.n_values, &f->cap_values, n,
		     sizeof *f->value_types))
		return false;
	f->body.value_types = f->value_types;
	return true;
}

bcx_status tb_new_values(bcx_tileir_builder *m, bcx_tileir_build_func *f, const uint32_t *types,
                         uint32_t n, uint32_t *first, bcx_diag *d)
{
	uint32_t nv = f->body.n_values;
	if (nv > UINT32_MAX - n - 1)
		return bcx_diag_set(d, BCX_ERR_LIMIT, -1, "too many values in one function");
	while (f->cap_values < (size_t)nv + n)
		if (!BCX_VEC_ROOM(m->arena, f->value_types, f->cap_values, f->cap_values))
			return bcx_nomem(d);
	for (uint32_t i = 0; i < n; i++)
		f->value_types[nv + i] = types[i];
	f->body.value_types = f->value_types;
	*first = nv;
	f->body.n_values = nv + n;
	return BCX_OK;
}

bcx_tileir_build_value bcx_tileir_build_func_arg(const bcx_tileir_build_func *f, uint32_t i)
{
	return f && i < f->body.block.n_args ? i : BCX_TILEIR_NONE;
}

bcx_tileir_build_value bcx_tileir_build_block_arg(const bcx_tileir_build_block *b, uint32_t i)
{
	return b && i < b->mb->n_args ? b->mb->first_arg + i : BCX_TILEIR_NONE;
}
