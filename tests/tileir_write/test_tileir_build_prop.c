/* Property test: random well-formed modules built with the builder are
 * written, read back with the reader and compared: function names,
 * argument counts, the pre-order op sequence with result counts, globals,
 * producer; and importing the read module and writing it again must give
 * the same bytes (the writer is a fixed point of read -> write), and so
 * must disassembling it (generic form) and assembling the text. */
#include "testutil.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <string.h>

#define MAX_OPS 4096

typedef struct gen {
	uint64_t rng;
	bcx_tb_module *m;
	bcx_diag d;
	uint16_t seq[MAX_OPS];   /* expected pre-order opcodes of all functions */
	uint8_t nres[MAX_OPS];
	uint32_t n;
	bcx_tb_type i32s, f32s, i1s, tok, ti[3], tf[3], tb;  /* scalar tiles, shaped tiles */
	bcx_tb_loc *scope;
	uint32_t n_globals;
	bool has_empty_hints;   /* written as present; the text drops it (by design) */
	bool has_locs;          /* the generic text carries no locations */
} gen;

static uint32_t rnd(gen *g, uint32_t n) { return (uint32_t)(tu_rand(&g->rng) % n); }

static bcx_tb_type ty(gen *g, bcx_tb_scalar s, int64_t n)
{
	bcx_tb_type e = 0, t = 0;
	T_CHECK(bcx_tb_type_scalar(g->m, s, &e, &g->d) == BCX_OK);
	T_CHECK(bcx_tb_type_tile(g->m, e, n ? &n : NULL, n ? 1 : 0, &t, &g->d) == BCX_OK);
	return t;
}

static bcx_tb_attr *en(gen *g, uint64_t v)
{
	bcx_tb_attr *a = NULL;
	T_CHECK(bcx_tb_attr_enum(g->m, v, &a, &g->d) == BCX_OK);
	return a;
}

static bcx_tb_loc *loc(gen *g)
{
	bcx_tb_loc *l = NULL;
	if (!g->scope || rnd(g, 3) == 0)
		return NULL;
	T_CHECK(bcx_tb_di_loc(g->m, g->scope, "gen.py", rnd(g, 500), rnd(g, 80), &l, &g->d) == BCX_OK);
	return l;
}

static bcx_tb_op *emit(gen *g, bcx_tb_block *b, const char *name, const bcx_tb_type *rt,
		       uint32_t nr, const bcx_tb_value *v, uint32_t nv, const bcx_tb_named_attr *a,
		       uint32_t na)
{
	bcx_tb_opspec s = {bcx_tb_opcode(name, strlen(name)), rt, nr, v, nv, NULL, 0, a, na,
			   loc(g)};
	bcx_tb_op *op = NULL;
	if (!T_CHECKF(bcx_tb_op_add(g->m, b, &s, &op, &g->d) == BCX_OK, "%s: %s", name,
		      g->d.message))
		return NULL;
	if (g->n < MAX_OPS) {
		g->seq[g->n] = (uint16_t)s.opcode;
		g->nres[g->n++] = (uint8_t)nr;
	}
	return op;
}

/* Values available in the current block, by kind: 0 int tiles, 1 float. */
typedef struct pool {
	bcx_tb_value v[2][64];
	uint32_t t[2][64];
	uint32_t n[2];
} pool;

static void put(pool *p, int k, bcx_tb_value v, uint32_t t)
{
	if (p->n[k] < 64) {
		p->v[k][p->n[k]] = v;
		p->t[k][p->n[k]++] = t;
	}
}

static void constant(gen *g, bcx_tb_block *b, pool *p)
{
	int k = (int)rnd(g, 2), shape = (int)rnd(g, 3);
	bcx_tb_type t = k ? g->tf[shape] : g->ti[shape];
	uint32_t cnt = shape == 0 ? 1 : shape == 1 ? 4 : 8;
	uint8_t data[32];
	bool splat = rnd(g, 2);
	for (uint32_t i = 0; i < 4 * cnt; i++)
		data[i] = (uint8_t)(splat && i >= 4 ? data[i % 4] : rnd(g, 256));
	if (k) /* keep floats finite: clear the top exponent bit */
		for (uint32_t i = 0; i < cnt; i++)
			data[4 * i + 3] &= 0x3F;
	bcx_tb_attr *a = NULL;
	T_CHECK(bcx_tb_attr_dense(g->m, t, data, (splat ? 1 : cnt) * 4, &a, &g->d) == BCX_OK);
	bcx_tb_named_attr v = {"value", a};
	bcx_tb_op *op = emit(g, b, "constant", &t, 1, NULL, 0, &v, 1);
	if (op)
		put(p, k, bcx_tb_op_result(op, 0), t);
}

static bool pick2(gen *g, pool *p, int k, bcx_tb_value *v, uint32_t *t)
{
	if (!p->n[k])
		return false;
	uint32_t i = rnd(g, p->n[k]);
	for (uint32_t j = 0; j < p->n[k]; j++)
		if (p->t[k][j] == p->t[k][i]) {
			v[0] = p->v[k][i];
			v[1] = p->v[k][j];
			*t = p->t[k][i];
			if (rnd(g, 2))
				break;
		}
	return true;
}

static void arith(gen *g, bcx_tb_block *b, pool *p)
{
	static const char *const iops[] = {"addi", "subi", "muli"};
	static const char *const fops[] = {"addf", "subf", "mulf"};
	int k = (int)rnd(g, 2);
	bcx_tb_value v[2];
	uint32_t t;
	if (!pick2(g, p, k, v, &t))
		return;
	bcx_tb_attr *unit = NULL;
	bcx_tb_named_attr a[2] = {{k ? "rounding_mode" : "overflow", en(g, rnd(g, 4))},
				  {"flush_to_zero", NULL}};
	uint32_t na = 1;
	if (k && rnd(g, 2) && bcx_tb_attr_unit(g->m, &unit, &g->d) == BCX_OK) {
		a[1].value = unit;
		na = 2;
	}
	bcx_tb_op *op = emit(g, b, k ? fops[rnd(g, 3)] : iops[rnd(g, 3)], &t, 1, v, 2, a, na);
	if (op)
		put(p, k, bcx_tb_op_result(op, 0), t);
}

static void block_body(gen *g, bcx_tb_block *b, pool *p, unsigned depth);

/* if %c { ...; yield } [else { yield }] with one float result or none. */
static void if_op(gen *g, bcx_tb_block *b, pool *p, unsigned depth)
{
	bcx_tb_attr *a = NULL;
	uint8_t one = (uint8_t)rnd(g, 2);
	T_CHECK(bcx_tb_attr_dense(g->m, g->i1s, &one, 1, &a, &g->d) == BCX_OK);
	bcx_tb_named_attr v = {"value", a};
	bcx_tb_op *c = emit(g, b, "constant", &g->i1s, 1, NULL, 0, &v, 1);
	if (!c)
		return;
	bcx_tb_value cond = bcx_tb_op_result(c, 0);
	bcx_tb_op *op = emit(g, b, "if", NULL, 0, &cond, 1, NULL, 0);
	bcx_tb_block *then_b, *else_b;
	if (!op || bcx_tb_region_add_block(g->m, op, 0, NULL, 0, &then_b, &g->d) != BCX_OK)
		return;
	pool inner = *p;
	block_body(g, then_b, &inner, depth + 1);
	emit(g, then_b, "yield", NULL, 0, NULL, 0, NULL, 0);
	if (rnd(g, 2) && bcx_tb_region_add_block(g->m, op, 1, NULL, 0, &else_b, &g->d) == BCX_OK)
		emit(g, else_b, "yield", NULL, 0, NULL, 0, NULL, 0);
}

static void assume_op(gen *g, bcx_tb_block *b, pool *p)
{
	bcx_tb_value v[2];
	uint32_t t;
	if (!pick2(g, p, 0, v, &t))
		return;
	bcx_tb_attr *pred = NULL;
	bool ea = rnd(g, 2); /* the text form has "every E along A" together */
	if (rnd(g, 2))
		T_CHECK(bcx_tb_attr_div_by(g->m, 1u << rnd(g, 8), ea, 4, ea, rnd(g, 2), &pred,
					   &g->d) == BCX_OK);
	else
		T_CHECK(bcx_tb_attr_bounded(g->m, true, -(int64_t)rnd(g, 9), rnd(g, 2), 42, &pred,
					    &g->d) == BCX_OK);
	bcx_tb_named_attr a = {"predicate", pred};
	bcx_tb_op *op = emit(g, b, "assume", &t, 1, v, 1, &a, 1);
	if (op)
		put(p, 0, bcx_tb_op_result(op, 0), t);
}

static void block_body(gen *g, bcx_tb_block *b, pool *p, unsigned depth)
{
	uint32_t n = rnd(g, depth ? 8 : 64);
	for (uint32_t i = 0; i < n && g->n < MAX_OPS - 16; i++) {
		uint32_t r = rnd(g, 10);
		if (r < 3)
			constant(g, b, p);
		else if (r < 7)
			arith(g, b, p);
		else if (r < 8)
			assume_op(g, b, p);
		else if (depth < 3)
			if_op(g, b, p, depth);
	}
}

static bcx_tb_attr *hints(gen *g)
{
	bcx_tb_attr *inner = NULL, *outer = NULL, *h = NULL, *val = NULL, *i64v = NULL;
	bcx_tb_type i64;
	T_CHECK(bcx_tb_type_scalar(g->m, BCX_TB_I64, &i64, &g->d) == BCX_OK);
	T_CHECK(bcx_tb_attr_int(g->m, i64, 1 + rnd(g, 4), &i64v, &g->d) == BCX_OK);
	val = i64v;
	const char *keys[2] = {"occupancy", "num_cta_in_cga"}, *arch = "sm_100";
	bcx_tb_attr *vals[2] = {val, val};
	uint32_t n = rnd(g, 3);
	T_CHECK(bcx_tb_attr_dict(g->m, keys, NULL, vals, n, &inner, &g->d) == BCX_OK);
	T_CHECK(bcx_tb_attr_dict(g->m, &arch, NULL, &inner, n ? 1 : 0, &outer, &g->d) == BCX_OK);
	T_CHECK(bcx_tb_attr_hints(g->m, outer, &h, &g->d) == BCX_OK);
	g->has_empty_hints |= n == 0;
	return h;
}

static void build(gen *g)
{
	g->i32s = ty(g, BCX_TB_I32, 0);
	g->f32s = ty(g, BCX_TB_F32, 0);
	g->i1s = ty(g, BCX_TB_I1, 0);
	for (int i = 0; i < 3; i++) {
		g->ti[i] = ty(g, BCX_TB_I32, i == 0 ? 0 : i == 1 ? 4 : 8);
		g->tf[i] = ty(g, BCX_TB_F32, i == 0 ? 0 : i == 1 ? 4 : 8);
	}
	if (rnd(g, 2))
		T_CHECK(bcx_tb_set_producer(g->m, "prop", 4, &g->d) == BCX_OK);
	bcx_tb_loc *file = NULL, *cu = NULL;
	g->scope = NULL;
	if (rnd(g, 2)) {
		T_CHECK(bcx_tb_di_file(g->m, "gen.py", "/src", &file, &g->d) == BCX_OK);
		T_CHECK(bcx_tb_di_compile_unit(g->m, file, &cu, &g->d) == BCX_OK);
		g->has_locs = true;
	}
	for (uint32_t i = rnd(g, 3); i > 0; i--) {
		uint8_t data[16];
		for (int k = 0; k < 16; k++)
			data[k] = (uint8_t)rnd(g, 64);
		bcx_tb_global_spec gs = {"g", 1, NULL, rnd(g, 2) ? 16 : 0, rnd(g, 2), rnd(g, 2)};
		char nm[8];
		gs.name_len = (size_t)snprintf(nm, sizeof nm, "g%u", i);
		gs.name = nm;
		T_CHECK(bcx_tb_attr_dense(g->m, g->ti[1], data, 16, &gs.value, &g->d) == BCX_OK);
		T_CHECK(bcx_tb_global_add(g->m, &gs, &g->d) == BCX_OK);
		g->n_globals++;
	}
	uint32_t nf = 1 + rnd(g, 4);
	for (uint32_t f = 0; f < nf; f++) {
		char name[16];
		int len = snprintf(name, sizeof name, "k%u", f);
		bcx_tb_type args[2] = {g->i32s, g->f32s};
		uint32_t na = rnd(g, 3);
		bcx_tb_loc *fl = NULL;
		if (cu) {
			T_CHECK(bcx_tb_di_subprogram(g->m, file, f, name, name, cu, f, &g->scope,
						     &g->d) == BCX_OK);
			T_CHECK(bcx_tb_di_loc(g->m, g->scope, "gen.py", f, 1, &fl, &g->d) == BCX_OK);
		}
		bcx_tb_func *fn;
		bcx_tb_block *body;
		if (!T_CHECK(bcx_tb_entry_add(g->m, name, (size_t)len, args, na,
					      rnd(g, 2) ? hints(g) : NULL, fl, &fn, &body,
					      &g->d) == BCX_OK))
			return;
		pool p = {0};
		for (uint32_t i = 0; i < na; i++)
			put(&p, (int)i, bcx_tb_func_arg(fn, i), args[i]);
		block_body(g, body, &p, 0);
		emit(g, body, "return", NULL, 0, NULL, 0, NULL, 0);
	}
}

/* Compare the read module with what was built. */
static void compare_block(const bcx_tileir_block *b, const gen *g, uint32_t *at, bool *ok)
{
	for (uint32_t i = 0; i < b->n_ops && *ok; i++) {
		const bcx_tileir_op *op = &b->ops[i];
		*ok = *at < g->n && op->opcode == g->seq[*at] && op->n_results == g->nres[*at];
		(*at)++;
		for (uint32_t r = 0; r < op->n_regions && *ok; r++)
			for (uint32_t k = 0; k < op->regions[r].n_blocks; k++)
				compare_block(&op->regions[r].blocks[k], g, at, ok);
	}
}

static void round_trip(gen *g, unsigned iter)
{
	bcx_tb_write_options o = {.major = 13, .minor = 3};
	uint8_t *bytes = NULL, *again = NULL;
	size_t n = 0, n2 = 0;
	bcx_tileir_module *r = NULL;
	bcx_tb_module *m2 = NULL;
	if (!T_CHECKF(bcx_tb_write(g->m, &o, &bytes, &n, &g->d) == BCX_OK, "iter %u: %s", iter,
		      g->d.message))
		return;
	bool ok = T_CHECKF(bcx_tileir_read(bytes, n, NULL, &r, &g->d) == BCX_OK, "iter %u: read: %s",
			   iter, g->d.message);
	uint32_t at = 0;
	if (ok)
		T_EQ_U(bcx_tileir_global_count(r), g->n_globals);
	for (size_t f = 0; ok && f < bcx_tileir_function_count(r); f++) {
		const bcx_tileir_body *body;
		ok = bcx_tileir_body_get(r, f, &body, &g->d) == BCX_OK;
		if (ok)
			compare_block(&body->block, g, &at, &ok);
	}
	T_CHECKF(ok && at == g->n, "iter %u: op sequence differs after reading back", iter);
	if (ok && T_CHECK(bcx_tb_import(r, NULL, &m2, &g->d) == BCX_OK) &&
	    T_CHECK(bcx_tb_write(m2, &o, &again, &n2, &g->d) == BCX_OK))
		T_CHECKF(n == n2 && memcmp(bytes, again, n) == 0, "iter %u: not a fixed point", iter);
	bcx_tb_free_bytes(m2, again, n2);
	bcx_tb_module_free(m2);
	m2 = NULL;
	again = NULL;
	bcx_buf text;
	bcx_buf_init(&text, NULL);
	if (ok && T_CHECK(bcx_tileir_print_generic(r, -1, &text, &g->d) == BCX_OK) &&
	    T_CHECKF(bcx_tb_assemble("p.mlir", (const char *)text.data, text.len, NULL, &m2,
				     &g->d) == BCX_OK, "iter %u: %s", iter, g->d.message) &&
	    T_CHECK(bcx_tb_write(m2, &o, &again, &n2, &g->d) == BCX_OK))
		T_CHECKF((n == n2 && memcmp(bytes, again, n) == 0) || g->has_empty_hints || g->has_locs,
			 "iter %u: dis -> asm changed the bytes", iter);
	bcx_buf_free(&text);
	bcx_tb_free_bytes(m2, again, n2);
	bcx_tb_module_free(m2);
	bcx_tileir_close(r);
	bcx_tb_free_bytes(g->m, bytes, n);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	static gen g;
	for (unsigned iter = 0; iter < 200; iter++) {
		memset(&g, 0, sizeof g);
		g.rng = 0x9E3779B97F4A7C15ull ^ (iter * 7919ull + 1);
		g.m = bcx_tb_module_new(NULL);
		build(&g);
		round_trip(&g, iter);
		bcx_tb_module_free(g.m);
	}
	return tu_finish();
}
