/* Debug info rules (facts from the reference's DebugInfoVerifier in
 * CudaTile.cpp), on the debug records of the file:
 *   6  a function's location is not a call site;
 *   1  a function location with a scope has a subprogram scope;
 *   2  whose linkage name is the function's name;
 *   3  an op has a scope only when its function has one;
 *   4  and then the same subprogram (a lexical block counts as the
 *      subprogram it sits in).
 * Rule 5 (globals have no scope) cannot be broken in bytecode: a global
 * has no location there. The reference walks a body's ops in post-order
 * and stops at the first op that breaks 3 or 4; so does vf_check_op_loc,
 * called after an op's regions. Messages print the debug attributes as
 * MLIR's diagnostics do: in full, nested parameters of a known kind
 * without their "#cuda_tile.name" prefix, no aliases. */
#include "tileir/print/print.h"
#include "tileir/verify/verify.h"

#include <string.h>

/* Record references are 1-based; 0 and out-of-range ones are unknown.
 * The reader refused cycles and caps their depth; `depth` guards anyway. */
static const bcx_tileir_debug_record *rec(const vf_ctx *v, uint64_t ref)
{
	return ref ? bcx_tileir_debug_record_at(v->m, (size_t)(ref - 1)) : NULL;
}

/* Field i of record ref (0 for an unknown record). */
static uint64_t field(const vf_ctx *v, uint64_t ref, unsigned i)
{
	const bcx_tileir_debug_record *r = rec(v, ref);
	return r && i < 6 ? r->f[i] : 0;
}

static unsigned rec_tag(const vf_ctx *v, uint64_t ref)
{
	const bcx_tileir_debug_record *r = rec(v, ref);
	return r ? r->tag : BCX_TILEIR_DI_UNKNOWN;
}

static void str(vf_ctx *v, uint64_t s)
{
	tir_print_string(&v->msg, bcx_tileir_string(v->m, (size_t)s));
}

static void attr(vf_ctx *v, uint64_t ref, bool full, unsigned depth);

static void location(vf_ctx *v, uint64_t ref, unsigned depth)
{
	const bcx_tileir_debug_record *r = rec(v, ref);
	if (r && r->tag == BCX_TILEIR_DI_CALL_SITE && depth < 64) {
		bcx_buf_puts(&v->msg, "callsite(");
		location(v, r->f[0], depth + 1);
		bcx_buf_puts(&v->msg, " at ");
		location(v, r->f[1], depth + 1);
		bcx_buf_put_u8(&v->msg, ')');
	} else if (r && r->tag == BCX_TILEIR_DI_LOC) {
		bcx_buf_puts(&v->msg, "#cuda_tile.di_loc<loc(");
		str(v, r->f[1]);
		bcx_buf_printf(&v->msg, ":%llu:%llu) in ", (unsigned long long)r->f[2],
			       (unsigned long long)r->f[3]);
		attr(v, r->f[0], true, depth + 1);
		bcx_buf_put_u8(&v->msg, '>');
	} else {
		bcx_buf_puts(&v->msg, "unknown");
	}
}

static void attr(vf_ctx *v, uint64_t ref, bool full, unsigned depth)
{
	static const char *const names[] = {
		[BCX_TILEIR_DI_FILE] = "di_file", [BCX_TILEIR_DI_COMPILE_UNIT] = "di_compile_unit",
		[BCX_TILEIR_DI_SUBPROGRAM] = "di_subprogram",
		[BCX_TILEIR_DI_LEXICAL_BLOCK] = "di_lexical_block"};
	const bcx_tileir_debug_record *r = rec(v, ref);
	if (!r || r->tag >= sizeof names / sizeof names[0] || !names[r->tag] || depth > 64) {
		bcx_buf_puts(&v->msg, "<<NULL ATTRIBUTE>>");
		return;
	}
	if (full)
		bcx_buf_printf(&v->msg, "#cuda_tile.%s", names[r->tag]);
	const uint64_t *f = r->f;
	bcx_buf_put_u8(&v->msg, '<');
	switch (r->tag) {
	case BCX_TILEIR_DI_FILE:
		str(v, f[0]);
		bcx_buf_puts(&v->msg, " in ");
		str(v, f[1]);
		break;
	case BCX_TILEIR_DI_COMPILE_UNIT:
		bcx_buf_puts(&v->msg, "file = ");
		attr(v, f[0], false, depth + 1);
		break;
	case BCX_TILEIR_DI_SUBPROGRAM:
		bcx_buf_puts(&v->msg, "file = ");
		attr(v, f[0], false, depth + 1);
		bcx_buf_printf(&v->msg, ", line = %llu, name = ", (unsigned long long)f[1]);
		str(v, f[2]);
		bcx_buf_puts(&v->msg, ", linkageName = ");
		str(v, f[3]);
		bcx_buf_puts(&v->msg, ", compileUnit = ");
		attr(v, f[4], false, depth + 1);
		if (f[5])
			bcx_buf_printf(&v->msg, ", scopeLine = %llu", (unsigned long long)f[5]);
		break;
	default: /* lexical block: its scope is any local scope, printed whole */
		bcx_buf_puts(&v->msg, "scope = ");
		attr(v, f[0], true, depth + 1);
		bcx_buf_puts(&v->msg, ", file = ");
		attr(v, f[1], false, depth + 1);
		bcx_buf_printf(&v->msg, ", line = %llu", (unsigned long long)f[2]);
		if (f[3])
			bcx_buf_printf(&v->msg, ", column = %llu", (unsigned long long)f[3]);
		break;
	}
	bcx_buf_put_u8(&v->msg, '>');
}

/* Attributes are uniqued by value in MLIR: two records are one attribute
 * when their fields are equal, strings by content, references deeply. */
static bool same_string(const vf_ctx *v, uint64_t a, uint64_t b)
{
	bcx_tileir_str x = bcx_tileir_string(v->m, (size_t)a), y = bcx_tileir_string(v->m, (size_t)b);
	return x.len == y.len && (x.len == 0 || memcmp(x.ptr, y.ptr, x.len) == 0);
}

static bool same_rec(const vf_ctx *v, uint64_t a, uint64_t b, unsigned depth)
{
	const bcx_tileir_debug_record *x = rec(v, a), *y = rec(v, b);
	if (a == b || (!x && !y))
		return true;
	if (!x || !y || x->tag != y->tag || depth > 64)
		return false;
	const char *f = bcx_tileir_debug_fields(x->tag);
	for (unsigned i = 0; f && f[i]; i++) {
		bool eq = f[i] == 'r'   ? same_rec(v, x->f[i], y->f[i], depth + 1)
			  : f[i] == 's' ? same_string(v, x->f[i], y->f[i])
					: x->f[i] == y->f[i];
		if (!eq)
			return false;
	}
	return true;
}

/* getDILoc: the DILoc of a location (a call site's caller), 0 if none. */
static uint64_t di_loc(const vf_ctx *v, uint64_t ref)
{
	for (unsigned depth = 0; depth < 64; depth++) {
		const bcx_tileir_debug_record *r = rec(v, ref);
		if (!r || (r->tag != BCX_TILEIR_DI_LOC && r->tag != BCX_TILEIR_DI_CALL_SITE))
			return 0;
		if (r->tag == BCX_TILEIR_DI_LOC)
			return ref;
		ref = r->f[1];
	}
	return 0;
}

/* The subprogram of a local scope (a lexical block's, up its chain). */
static uint64_t subprogram(const vf_ctx *v, uint64_t scope)
{
	for (unsigned depth = 0; depth < 64; depth++) {
		unsigned tag = rec_tag(v, scope);
		if (tag == BCX_TILEIR_DI_SUBPROGRAM)
			return scope;
		if (tag != BCX_TILEIR_DI_LEXICAL_BLOCK)
			return 0;
		scope = field(v, scope, 0);
	}
	return 0;
}

static uint64_t function_loc(const vf_ctx *v)
{
	const bcx_tileir_function *f = &v->m->functions[v->fn];
	const bcx_tileir_debug_list *l =
		f->loc_list ? bcx_tileir_debug_list_at(v->m, f->loc_list - 1) : NULL;
	return l && l->n ? l->refs[0] : 0;
}

static void entry_prefix(vf_ctx *v, const char *text)
{
	vf_begin(v, false);
	vf_printf(v, "'cuda_tile.entry' op %s", text);
}

/* Which of rules 6, 1, 2 the function breaks (0: none); *scope gets its
 * location's scope. */
static int function_rule(const vf_ctx *v, uint64_t loc, uint64_t *scope)
{
	uint64_t dl = di_loc(v, loc);
	*scope = 0;
	if (rec_tag(v, loc) == BCX_TILEIR_DI_CALL_SITE)
		return 6;
	if (!dl)
		return 0;
	*scope = field(v, dl, 0);
	if (rec_tag(v, *scope) != BCX_TILEIR_DI_SUBPROGRAM)
		return 1;
	return same_string(v, field(v, *scope, 3), v->m->functions[v->fn].name) ? 0 : 2;
}

/* With report false, only the state the body's rules use: the function's
 * subprogram, and no body check when rules 6, 1 or 2 fail (the reference
 * does not verify the body of an op whose own verifier failed). */
bool vf_check_function_loc(vf_ctx *v, bool report)
{
	uint64_t loc = function_loc(v), scope;
	int rule = function_rule(v, loc, &scope);
	v->fn_subprogram = rule ? 0 : scope;
	v->loc_done = rule != 0;
	if (!rule || !report)
		return rule == 0;
	if (rule == 6) {
		entry_prefix(v, "invalid function debug info location: loc(");
		location(v, loc, 0);
		vf_printf(v, "). Function location must not be a CallSiteLoc.");
	} else {
		entry_prefix(v, "invalid function debug info scope: ");
		attr(v, scope, true, 0);
	}
	if (rule == 1)
		vf_printf(v, ". Function location must have cuda_tile.di_subprogram debug info "
			     "scope.");
	const bcx_tileir_debug_record *sp = rec(v, scope);
	if (rule == 2 && sp) {
		vf_printf(v, ". Function name ");
		str(v, v->m->functions[v->fn].name);
		vf_printf(v, " does not match subprogram scope linkage name ");
		str(v, sp->f[3]);
		vf_printf(v, ".");
	}
	vf_end(v);
	return false;
}

void vf_check_op_loc(vf_ctx *v, const bcx_tileir_op *op)
{
	uint64_t dl = di_loc(v, op->loc);
	uint64_t sub = dl ? subprogram(v, field(v, dl, 0)) : 0;
	if (v->loc_done || !sub)
		return;
	v->loc_done = true;
	if (!v->fn_subprogram) {
		vf_begin(v, true);
		vf_printf(v, "invalid operation debug info scope: ");
		attr(v, sub, true, 0);
		vf_printf(v, ". Operation has debug info scope, but function debug info scope is "
			     "undefined.");
		vf_end(v);
	} else if (!same_rec(v, sub, v->fn_subprogram, 0)) {
		vf_begin(v, false); /* emitError: no op prefix */
		vf_printf(v, "invalid operation debug info scope: ");
		attr(v, sub, true, 0);
		vf_printf(v, ". Operation debug info scope does not match function debug info "
			     "scope: ");
		attr(v, v->fn_subprogram, true, 0);
		vf_printf(v, ".");
		vf_end(v);
	} else {
		v->loc_done = false;
	}
}
