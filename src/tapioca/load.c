/* Tapioca loader and verifier: the object file is a TBON const pool (the
 * globals load_global indexes) and a root map
 *   {"Symbols": {name: ref or value...}, "Declears": {...}}
 * and a function is a global whose value is a map with "bytecode" (array of
 * u32 words), "constpool" (array of values), "locals" and "params".
 * Every function is verified before anything runs. */
#include "internal.h"

#include <string.h>

const tap_opinfo bcx_tap_ops[256] = {
#define OP(mn, cname, code, form, imm, flow, heap) \
	[code] = {mn, FORM_##form, IMM_##imm, FLOW_##flow, HEAP_##heap},
#include "tapioca.def"
#undef OP
};

const char *const bcx_tap_conds[TAP_NCOND] = {
#define COND(name, code) [code] = name,
#include "tapioca.def"
#undef COND
};

const char *const bcx_tap_hosts[TAP_HOST_COUNT] = {
#define HOST(name, cname, lo, hi) name,
#include "tapioca.def"
#undef HOST
};

const char *bcx_tapioca_op_name(uint8_t opcode) { return bcx_tap_ops[opcode].name; }

const char *bcx_tapioca_trap_str(bcx_tapioca_trap t)
{
	static const char *const s[] = {"ok", "division by zero", "type error", "stack overflow",
					"step limit reached", "out of memory (heap limit)",
					"fell off the end"};
	return (unsigned)t < sizeof s / sizeof s[0] ? s[t] : "?";
}

static bcx_status fn_fail(bcx_diag *d, const tap_fn *f, uint32_t pc, const char *msg,
			  unsigned v)
{
	bcx_diag_context(d, "function '%.*s'", (int)(f->name_len > 48 ? 48 : f->name_len),
			 f->name);
	return bcx_diag_set(d, BCX_ERR_MALFORMED, -1, "instruction %u: %s (%u)", pc, msg, v);
}

/* Spec: docs/tapioca.md "Verification". */
bcx_status bcx_tap_verify(const bcx_tapioca_module *m, const tap_fn *f, bcx_diag *d)
{
	for (uint32_t pc = 0; pc < f->ncode; pc++) {
		uint32_t w = f->code[pc];
		unsigned op = w >> 24, a = (w >> 16) & 0xFF, b = (w >> 8) & 0xFF, c = w & 0xFF;
		int64_t target = 0;
		bool jumps = false; /* target is set (any value, -1 included) */
		switch (bcx_tap_ops[op].name ? bcx_tap_ops[op].form : FORM_NONE) {
		case FORM_NONE:
			return fn_fail(d, f, pc, "illegal opcode", op);
		case FORM_J24:
			target = w & 0xFFFFFF;
			jumps = true;
			break;
		case FORM_JRC:
			if (c >= TAP_NCOND)
				return fn_fail(d, f, pc, "unknown jmp_if condition", c);
			/* fall through */
		case FORM_JRR:
			target = (int64_t)pc + (int8_t)a;
			jumps = true;
			break;
		case FORM_RI:
			if (bcx_tap_ops[op].imm == IMM_CONST && (w & 0xFFFF) >= f->nconsts)
				return fn_fail(d, f, pc, "constant index out of range", w & 0xFFFF);
			if (bcx_tap_ops[op].imm == IMM_GLOBAL && (w & 0xFFFF) >= m->nglobals &&
			    ((w & 0xFFFF) < TAP_HOST_BASE || (w & 0xFFFF) - TAP_HOST_BASE >= TAP_HOST_COUNT))
				return fn_fail(d, f, pc, "global index out of range", w & 0xFFFF);
			break;
		case FORM_RRN:
			if (b + c > 256)
				return fn_fail(d, f, pc, "arguments run past register 255", b + c);
			break;
		default:
			break;
		}
		if (jumps && (target < 0 || target >= f->ncode))
			return fn_fail(d, f, pc, "jump target outside the function", (unsigned)target);
	}
	/* A function may end in any instruction, or have none: falling off
	 * the end is a runtime error (notes B.3 item 7), not a load error. */
	return BCX_OK;
}

static bcx_status load_fn(bcx_tapioca_module *m, const tap_sym *s, tap_fn *f, bcx_diag *d)
{
	const bcx_tbon_value *map = s->value;
	/* A NUL-terminated copy: the trace hook hands it out as a C string. */
	char *name = bcx_arena_calloc(m->arena, s->name_len + 1, 1);
	if (!name)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	if (s->name_len)
		memcpy(name, s->name, s->name_len);
	f->name = name;
	f->name_len = s->name_len;
	const bcx_tbon_value *code = bcx_tbon_map_get(map, "bytecode");
	const bcx_tbon_value *k = bcx_tbon_map_get(map, "constpool");
	const bcx_tbon_value *p = bcx_tbon_map_get(map, "params");
	if (code->kind != BCX_TBON_K_ARRAY || code->elem != BCX_TBON_U32 || code->len > 0xFFFFFF)
		return bcx_diag_set(d, BCX_ERR_MALFORMED, (int64_t)code->offset,
				    "function '%.*s': bytecode must be an array of u32 (<= 2^24)",
				    (int)(s->name_len > 48 ? 48 : s->name_len), s->name);
	if (k && (k->kind != BCX_TBON_K_ARRAY || k->elem != BCX_TBON_OBJECT || k->len > 0x10000))
		return bcx_diag_set(d, BCX_ERR_MALFORMED, (int64_t)k->offset,
				    "constpool must be an array of objects (<= 65536)");
	if (p && (p->kind != BCX_TBON_K_UINT || p->u > 256))
		return bcx_diag_set(d, BCX_ERR_MALFORMED, (int64_t)p->offset,
				    "params must be an unsigned integer <= 256");
	f->ncode = (uint32_t)code->len;
	f->code = bcx_arena_calloc(m->arena, code->len ? code->len : 1, sizeof *f->code);
	if (!f->code)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	for (size_t i = 0; i < code->len; i++)
		f->code[i] = (uint32_t)code->items[i].u;
	f->consts = k ? k->items : NULL;
	f->nconsts = k ? (uint32_t)k->len : 0;
	f->nparams = p ? (uint32_t)p->u : 0;
	return BCX_OK;
}

/* Slot i of the pool: its value, or when it is a const ref (to an earlier
 * entry, the reader checked), the slot it names, already resolved; so a
 * chain of refs costs one step per entry and a function reached twice is
 * loaded once. */
static void pool_slot(bcx_tapioca_module *m, uint32_t i)
{
	const bcx_tbon_value *v = &m->file.pool[i];
	tap_sym *s = &m->syms[i];
	if (v->kind == BCX_TBON_K_REF) {
		s->value = m->syms[v->u].value;
		s->fn = m->syms[v->u].fn;
	} else {
		s->value = v;
		s->fn = bcx_tbon_map_get(v, "bytecode") ? (int32_t)m->nfns++ : -1;
	}
}

/* The global slots: the file's const pool, which load_global indexes
 * (notes B.4), each entry named by the first Symbols entry that refers to
 * it; then the Symbols entries whose value is not a const ref (reachable by
 * name only, e.g. as the entry point). */
static bcx_status load_symbols(bcx_tapioca_module *m, bcx_diag *d)
{
	const bcx_tbon_value *root = &m->file.root;
	const bcx_tbon_value *syms = bcx_tbon_map_get(root, "Symbols");
	if (root->kind != BCX_TBON_K_MAP || !syms || syms->kind != BCX_TBON_K_MAP)
		return bcx_diag_set(d, BCX_ERR_MALFORMED, (int64_t)root->offset,
				    "the root must be a map with a \"Symbols\" map");
	size_t np = m->file.pool_count, n = np;
	for (size_t i = 0; i < syms->len; i++)
		n += syms->items[2 * i + 1].kind != BCX_TBON_K_REF;
	if (n >= TAP_HOST_BASE)
		return bcx_diag_set(d, BCX_ERR_LIMIT, (int64_t)syms->offset,
				    "more than %u globals and symbols", TAP_HOST_BASE - 1);
	m->nglobals = (uint32_t)np;
	m->nsyms = (uint32_t)n;
	m->syms = bcx_arena_calloc(m->arena, n + 1, sizeof *m->syms);
	m->fns = bcx_arena_calloc(m->arena, n + 1, sizeof *m->fns);
	if (!m->syms || !m->fns)
		return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
	for (uint32_t i = 0; i < np; i++)
		pool_slot(m, i);
	size_t next = np;
	for (size_t i = 0; i < syms->len; i++) {
		const bcx_tbon_value *key = &syms->items[2 * i], *val = &syms->items[2 * i + 1];
		if (key->kind != BCX_TBON_K_NAME)
			return bcx_diag_set(d, BCX_ERR_MALFORMED, (int64_t)key->offset,
					    "symbol keys must be names");
		tap_sym *s = &m->syms[val->kind == BCX_TBON_K_REF ? val->u : next++];
		if (!s->value) { /* not a ref: a slot of its own */
			s->value = val;
			s->fn = bcx_tbon_map_get(val, "bytecode") ? (int32_t)m->nfns++ : -1;
		}
		if (!s->name) {
			s->name = key->str;
			s->name_len = key->len;
		}
	}
	for (size_t i = 0; i < n; i++)
		if (!m->syms[i].name)
			m->syms[i].name = "";
	return BCX_OK;
}

bcx_status bcx_tapioca_load(const uint8_t *data, size_t size, const bcx_tapioca_options *opts,
			    bcx_tapioca_module **out, bcx_diag *diag)
{
	*out = NULL;
	bcx_tapioca_options o;
	bcx_options_copy(&o, sizeof o, opts);
	bcx_arena *a = bcx_arena_new(o.alloc);
	bcx_tapioca_module *m = a ? bcx_arena_calloc(a, 1, sizeof *m) : NULL;
	if (!m) {
		bcx_arena_free(a);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	m->arena = a;
	/* The module owns its bytes: names and constants point into this
	 * copy, so the caller may free the input once the load returns. */
	uint8_t *own = size ? bcx_arena_alloc(a, size) : NULL;
	if (size && !own) {
		bcx_arena_free(a);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	if (size)
		memcpy(own, data, size);
	bcx_status s = bcx_tbon_read(own, size, a, &o.limits, &m->file, diag);
	if (s == BCX_OK)
		s = load_symbols(m, diag);
	for (uint32_t i = 0; s == BCX_OK && i < m->nsyms; i++) /* once each (pool_slot) */
		if (m->syms[i].fn >= 0 && !m->fns[m->syms[i].fn].code)
			s = load_fn(m, &m->syms[i], &m->fns[m->syms[i].fn], diag);
	for (uint32_t i = 0; s == BCX_OK && i < m->nfns; i++)
		s = bcx_tap_verify(m, &m->fns[i], diag);
	/* Only after every function verified: fusion reads callees' params. */
	for (uint32_t i = 0; s == BCX_OK && i < m->nfns; i++)
		s = bcx_tap_decode(m, &m->fns[i], diag);
	if (s != BCX_OK) {
		bcx_arena_free(a);
		return s;
	}
	*out = m;
	return BCX_OK;
}

void bcx_tapioca_free(bcx_tapioca_module *m)
{
	if (m)
		bcx_arena_free(m->arena);
}
