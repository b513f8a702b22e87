/*
 * Locations in the custom form (--debuginfo), as MLIR's printer shows them
 * with --mlir-print-debuginfo: each op ends in "loc(#locN)" and every
 * location and debug attribute becomes an alias, defined after the module.
 *
 * MLIR's rules, which the numbering must follow: equal values are one alias
 * (locations and attributes are uniqued by value); the aliases are visited
 * in printing order, an op's location before its regions, a value before
 * the values it refers to; each alias has a depth (0 without nested
 * aliases, else one more than its deepest child); the definitions are
 * sorted by depth, then by name, visit order breaking ties, and numbered
 * per name in that order (#loc, #loc1, ..., #di_file, #di_file1, ...).
 */
#include "tileir/print/print_custom.h"
#include "common/internal.h"

#include <stdlib.h>
#include <string.h>

enum { E_UNKNOWN, E_FLC, E_DILOC, E_CALLSITE, E_FILE, E_CU, E_SUB, E_LEX, E_KINDS };

/* Per kind: alias name and field letters (e entity, s string, n number). */
enum { N_LOC, N_FILE, N_CU, N_SUB, N_LEX, N_NAMES };
static const char *const names[N_NAMES] = {"loc", "di_file", "di_compile_unit",
					   "di_subprogram", "di_lexical_block"};
static const struct {
	uint8_t name;
	const char *fields;
} kinds[E_KINDS] = {
	[E_UNKNOWN] = {N_LOC, ""},        [E_FLC] = {N_LOC, "snn"},
	[E_DILOC] = {N_LOC, "ee"},        [E_CALLSITE] = {N_LOC, "ee"},
	[E_FILE] = {N_FILE, "ss"},        [E_CU] = {N_CU, "e"},
	[E_SUB] = {N_SUB, "ennsen"},      [E_LEX] = {N_LEX, "eenn"},
};

typedef struct entity {
	uint8_t kind;
	uint32_t depth;
	uint64_t f[6];
	uint32_t seen;   /* visit order + 1, 0 = not visited */
	uint32_t number; /* alias number; printed when > 0 */
} entity;

struct cp_debuginfo {
	const bcx_tileir_module *m;
	entity *e;
	uint32_t n, cap;
	uint32_t *of_record;   /* record index -> entity + 1 */
	uint32_t *table;       /* open addressing: entity + 1, 0 = empty */
	uint32_t mask;
	uint32_t visits;
	uint32_t *sorted;      /* visited entities in definition order */
	bcx_arena *arena;
};

static bool same_string(const bcx_tileir_module *m, uint64_t a, uint64_t b)
{
	bcx_tileir_str x = bcx_tileir_string(m, (uint32_t)a), y = bcx_tileir_string(m, (uint32_t)b);
	return x.len == y.len && (x.len == 0 || memcmp(x.ptr, y.ptr, x.len) == 0);
}

static bool same(const cp_debuginfo *di, const entity *a, const entity *b)
{
	if (a->kind != b->kind)
		return false;
	const char *f = kinds[a->kind].fields;
	for (unsigned i = 0; f[i]; i++)
		if (f[i] == 's' ? !same_string(di->m, a->f[i], b->f[i]) : a->f[i] != b->f[i])
			return false;
	return true;
}

static uint32_t hash(const cp_debuginfo *di, const entity *x)
{
	uint64_t h = 1469598103934665603ull ^ x->kind;
	const char *f = kinds[x->kind].fields;
	for (unsigned i = 0; f[i]; i++) {
		if (f[i] == 's') {
			bcx_tileir_str s = bcx_tileir_string(di->m, (uint32_t)x->f[i]);
			for (size_t k = 0; k < s.len; k++)
				h = (h ^ s.ptr[k]) * 1099511628211ull;
		} else {
			h = (h ^ x->f[i]) * 1099511628211ull;
		}
	}
	return (uint32_t)(h ^ h >> 32);
}

/* The entity equal to x, added when new: its index, or UINT32_MAX when
 * the table is full (it is sized for every record of the module). */
static uint32_t intern(cp_debuginfo *di, const entity *x)
{
	uint32_t at = hash(di, x) & di->mask;
	for (; di->table[at]; at = (at + 1) & di->mask)
		if (same(di, &di->e[di->table[at] - 1], x))
			return di->table[at] - 1;
	if (di->n == di->cap)
		return UINT32_MAX;
	entity *e = &di->e[di->n];
	*e = *x;
	e->depth = 0;
	const char *f = kinds[x->kind].fields;
	for (unsigned i = 0; f[i]; i++)
		if (f[i] == 'e' && di->e[x->f[i]].depth + 1 > e->depth)
			e->depth = di->e[x->f[i]].depth + 1;
	di->table[at] = di->n + 1;
	return di->n++;
}

static uint32_t of_ref(cp_debuginfo *di, uint64_t ref);

/* The entity of debug record ref (1-based; 0 is unknown). The reader has
 * checked kinds, ranges and cycles, and caps nesting at BCX_LIMIT_DEPTH. */
static uint32_t of_record(cp_debuginfo *di, uint64_t ref)
{
	const bcx_tileir_debug_record *r = bcx_tileir_debug_record_at(di->m, (size_t)ref - 1);
	entity x;
	memset(&x, 0, sizeof x);
	if (!r)
		return of_ref(di, 0);
	switch (r->tag) {
	case BCX_TILEIR_DI_LOC: {
		entity flc = {.kind = E_FLC, .f = {r->f[1], r->f[2], r->f[3]}};
		x = (entity){.kind = E_DILOC, .f = {intern(di, &flc), of_ref(di, r->f[0])}};
		break;
	}
	case BCX_TILEIR_DI_CALL_SITE:
		x = (entity){.kind = E_CALLSITE, .f = {of_ref(di, r->f[0]), of_ref(di, r->f[1])}};
		break;
	case BCX_TILEIR_DI_FILE: x = (entity){.kind = E_FILE, .f = {r->f[0], r->f[1]}}; break;
	case BCX_TILEIR_DI_COMPILE_UNIT:
		x = (entity){.kind = E_CU, .f = {of_ref(di, r->f[0])}};
		break;
	case BCX_TILEIR_DI_SUBPROGRAM:
		x = (entity){.kind = E_SUB, .f = {of_ref(di, r->f[0]), r->f[1], r->f[2], r->f[3],
						  of_ref(di, r->f[4]), r->f[5]}};
		break;
	case BCX_TILEIR_DI_LEXICAL_BLOCK:
		x = (entity){.kind = E_LEX,
			     .f = {of_ref(di, r->f[0]), of_ref(di, r->f[1]), r->f[2], r->f[3]}};
		break;
	default: return of_ref(di, 0);
	}
	for (unsigned i = 0; kinds[x.kind].fields[i]; i++)
		if (kinds[x.kind].fields[i] == 'e' && x.f[i] == UINT32_MAX)
			return UINT32_MAX;
	return intern(di, &x);
}

static uint32_t of_ref(cp_debuginfo *di, uint64_t ref)
{
	if (ref == 0 || ref > bcx_tileir_debug_record_count(di->m)) {
		entity u = {.kind = E_UNKNOWN};
		return intern(di, &u);
	}
	if (!di->of_record[ref])
		di->of_record[ref] = of_record(di, ref) + 1;
	return di->of_record[ref] - 1;
}

/* Visit e and what it refers to, in printing order. Nesting is bounded
 * (BCX_LIMIT_DEPTH per record chain), so plain recursion is safe. */
static void visit(cp_debuginfo *di, uint32_t e)
{
	if (e >= di->n || di->e[e].seen)
		return;
	di->e[e].seen = ++di->visits;
	const char *f = kinds[di->e[e].kind].fields;
	for (unsigned i = 0; f[i]; i++)
		if (f[i] == 'e')
			visit(di, (uint32_t)di->e[e].f[i]);
}

void cp_di_visit(cp_debuginfo *di, uint64_t loc)
{
	visit(di, of_ref(di, loc));
}

typedef struct sort_key {
	uint32_t depth, seen, entity;
	const char *name;
} sort_key;

static int key_cmp(const void *pa, const void *pb)
{
	const sort_key *a = pa, *b = pb;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	int c = strcmp(a->name, b->name);
	if (c)
		return c;
	return a->seen < b->seen ? -1 : a->seen > b->seen;
}

/* Sort the visited entities and number them per alias name. */
bcx_status cp_di_number(cp_debuginfo *di, bcx_diag *d)
{
	sort_key *keys = bcx_arena_calloc(di->arena, (size_t)di->visits + 1, sizeof *keys);
	di->sorted = bcx_arena_calloc(di->arena, (size_t)di->visits + 1, sizeof *di->sorted);
	if (!keys || !di->sorted)
		return bcx_nomem(d);
	uint32_t k = 0;
	for (uint32_t i = 0; i < di->n; i++)
		if (di->e[i].seen)
			keys[k++] = (sort_key){di->e[i].depth, di->e[i].seen, i,
					       names[kinds[di->e[i].kind].name]};
	qsort(keys, k, sizeof *keys, key_cmp);
	uint32_t next[N_NAMES] = {0};
	for (uint32_t i = 0; i < k; i++) {
		entity *e = &di->e[keys[i].entity];
		e->number = next[kinds[e->kind].name]++;
		di->sorted[i] = keys[i].entity;
	}
	return BCX_OK;
}

static void ref(bcx_buf *o, const cp_debuginfo *di, uint64_t e)
{
	const entity *x = &di->e[e];
	bcx_buf_add_u8(o, '#');
	bcx_buf_puts(o, names[kinds[x->kind].name]);
	if (x->number)
		bcx_buf_put_udec(o, x->number);
}

void cp_di_suffix(cprint *p, uint64_t loc)
{
	if (!p->di)
		return;
	uint32_t e = of_ref(p->di, loc);
	if (e >= p->di->n)
		return;
	BCX_BUF_LIT(p->o, " loc(");
	ref(p->o, p->di, e);
	bcx_buf_add_u8(p->o, ')');
}

static void str(bcx_buf *o, const cp_debuginfo *di, uint64_t s)
{
	tir_print_string(o, bcx_tileir_string(di->m, (uint32_t)s));
}

static void definition(bcx_buf *o, const cp_debuginfo *di, const entity *x)
{
	const uint64_t *f = x->f;
	switch (x->kind) {
	case E_UNKNOWN: BCX_BUF_LIT(o, "loc(unknown)"); break;
	case E_FLC:
		BCX_BUF_LIT(o, "loc(");
		str(o, di, f[0]);
		bcx_buf_printf(o, ":%llu:%llu)", (unsigned long long)f[1], (unsigned long long)f[2]);
		break;
	case E_DILOC:
		BCX_BUF_LIT(o, "#cuda_tile.di_loc<");
		ref(o, di, f[0]);
		BCX_BUF_LIT(o, " in ");
		ref(o, di, f[1]);
		bcx_buf_add_u8(o, '>');
		break;
	case E_CALLSITE:
		BCX_BUF_LIT(o, "loc(callsite(");
		ref(o, di, f[0]);
		BCX_BUF_LIT(o, " at ");
		ref(o, di, f[1]);
		BCX_BUF_LIT(o, "))");
		break;
	case E_FILE:
		BCX_BUF_LIT(o, "#cuda_tile.di_file<");
		str(o, di, f[0]);
		BCX_BUF_LIT(o, " in ");
		str(o, di, f[1]);
		bcx_buf_add_u8(o, '>');
		break;
	case E_CU:
		BCX_BUF_LIT(o, "#cuda_tile.di_compile_unit<file = ");
		ref(o, di, f[0]);
		bcx_buf_add_u8(o, '>');
		break;
	case E_SUB:
		BCX_BUF_LIT(o, "#cuda_tile.di_subprogram<file = ");
		ref(o, di, f[0]);
		bcx_buf_printf(o, ", line = %llu, name = ", (unsigned long long)f[1]);
		str(o, di, f[2]);
		BCX_BUF_LIT(o, ", linkageName = ");
		str(o, di, f[3]);
		BCX_BUF_LIT(o, ", compileUnit = ");
		ref(o, di, f[4]);
		if (f[5])
			bcx_buf_printf(o, ", scopeLine = %llu", (unsigned long long)f[5]);
		bcx_buf_add_u8(o, '>');
		break;
	default:
		BCX_BUF_LIT(o, "#cuda_tile.di_lexical_block<scope = ");
		ref(o, di, f[0]);
		BCX_BUF_LIT(o, ", file = ");
		ref(o, di, f[1]);
		bcx_buf_printf(o, ", line = %llu", (unsigned long long)f[2]);
		if (f[3])
			bcx_buf_printf(o, ", column = %llu", (unsigned long long)f[3]);
		bcx_buf_add_u8(o, '>');
		break;
	}
}

void cp_di_definitions(cprint *p)
{
	const cp_debuginfo *di = p->di;
	for (uint32_t i = 0; i < di->visits; i++) {
		bcx_buf_spill(p->o, p->sink, TIR_SPILL_AT);
		const entity *x = &di->e[di->sorted[i]];
		ref(p->o, di, di->sorted[i]);
		BCX_BUF_LIT(p->o, " = ");
		definition(p->o, di, x);
		bcx_buf_add_u8(p->o, '\n');
	}
}

bcx_status cp_di_new(const bcx_tileir_module *m, const bcx_allocator *a, cp_debuginfo **out,
		     bcx_diag *d)
{
	*out = NULL;
	bcx_arena *ar = bcx_arena_new(a);
	cp_debuginfo *di = ar ? bcx_arena_calloc(ar, 1, sizeof *di) : NULL;
	size_t nr = bcx_tileir_debug_record_count(m);
	uint32_t cap = (uint32_t)(nr * 2 + 2); /* a DILoc adds its file:line:col */
	uint32_t slots = 16;
	while (slots < cap * 2u && slots < (1u << 30))
		slots <<= 1;
	if (di) {
		di->e = bcx_arena_calloc(ar, cap, sizeof *di->e);
		di->of_record = bcx_arena_calloc(ar, nr + 1, sizeof *di->of_record);
		di->table = bcx_arena_calloc(ar, slots, sizeof *di->table);
	}
	if (!di || !di->e || !di->of_record || !di->table) {
		bcx_arena_free(ar);
		return bcx_nomem(d);
	}
	di->m = m;
	di->cap = cap;
	di->mask = slots - 1;
	di->arena = ar;
	*out = di;
	return BCX_OK;
}

void cp_di_free(cp_debuginfo *di)
{
	if (di)
		bcx_arena_free(di->arena);
}
