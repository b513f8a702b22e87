/* Fuzz target: the input drives a sequence of builder calls with arbitrary
 * arguments (types, attributes, entries, ops by opcode, region blocks).
 * Every call must return a status, never crash; whatever the writer then
 * produces must be readable by the reader. */
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fz {
	const uint8_t *p, *end;
	bcx_tb_module *m;
	bcx_tb_type types[64];
	unsigned n_types;
	bcx_tb_attr *attrs[64];
	unsigned n_attrs;
	bcx_tb_block *blocks[32];
	unsigned n_blocks;
	bcx_tb_op *ops[32];
	unsigned n_ops;
	uint32_t n_values;
} fz;

static unsigned byte(fz *f) { return f->p < f->end ? *f->p++ : 0; }

/* The next n input bytes, zeros past the end: what n calls of byte() give.
 * One copy rather than a byte() loop, which gcc 12 at -O3 vectorizes and then
 * wrongly warns about (-Wstringop-overflow "writing 16 bytes into a region of
 * size 15": its range analysis loses the loop bound after unrolling; the loop
 * never wrote past raw[63]). */
static void fill(fz *f, uint8_t *out, size_t n)
{
	size_t have = (size_t)(f->end - f->p);
	size_t take = have < n ? have : n;
	if (take)
		memcpy(out, f->p, take);
	memset(out + take, 0, n - take);
	f->p += take;
}

static uint32_t pick_type(fz *f)
{
	unsigned b = byte(f);
	return f->n_types && b < 250 ? f->types[b % f->n_types] : b * 1000u;
}

static void keep_type(fz *f, bcx_status st, bcx_tb_type t)
{
	if (st == BCX_OK && f->n_types < 64)
		f->types[f->n_types++] = t;
}

static void make_type(fz *f)
{
	bcx_tb_type t = 0;
	int64_t dims[3] = {1 << (byte(f) % 6), 1 << (byte(f) % 4), byte(f) % 3 ? 4 : -1};
	int32_t tile[3] = {(int32_t)(1u << (byte(f) % 4)), 2, 4}, map[3] = {0, 1, 2};
	unsigned rank = byte(f) % 4, k = byte(f) % 8;
	bcx_status st;
	if (k == 0)
		st = bcx_tb_type_scalar(f->m, (bcx_tb_scalar)(byte(f) % 24), &t, NULL);
	else if (k == 1)
		st = bcx_tb_type_ptr(f->m, pick_type(f), &t, NULL);
	else if (k == 2)
		st = bcx_tb_type_token(f->m, &t, NULL);
	else if (k == 3)
		st = bcx_tb_type_tile(f->m, pick_type(f), dims, rank, &t, NULL);
	else if (k == 4)
		st = bcx_tb_type_tensor_view(f->m, pick_type(f), dims, dims, rank, &t, NULL);
	else if (k == 5)
		st = bcx_tb_type_partition_view(f->m, pick_type(f), tile, rank, byte(f) & 1 ? map : NULL,
						(bcx_tb_padding)(byte(f) % 6), &t, NULL);
	else if (k == 6)
		st = bcx_tb_type_strided_view(f->m, pick_type(f), tile, tile, rank, NULL,
					      BCX_TB_PAD_NONE, &t, NULL);
	else
		st = bcx_tb_type_gather_scatter_view(f->m, pick_type(f), tile, rank, byte(f) % 3,
						     BCX_TB_PAD_ZERO, &t, NULL);
	keep_type(f, st, t);
}

static void make_attr(fz *f)
{
	bcx_tb_attr *a = NULL;
	uint8_t raw[64];
	int32_t i32[4] = {1, 0, 2, 3};
	int64_t i64[2] = {4, 8};
	fill(f, raw, sizeof raw);
	unsigned k = byte(f) % 10;
	bcx_status st;
	switch (k) {
	case 0: st = bcx_tb_attr_enum(f->m, byte(f) % 12, &a, NULL); break;
	case 1: st = bcx_tb_attr_int(f->m, pick_type(f), byte(f), &a, NULL); break;
	case 2: st = bcx_tb_attr_float(f->m, pick_type(f), byte(f), &a, NULL); break;
	case 3: st = bcx_tb_attr_string(f->m, (const char *)raw, byte(f) % 8, &a, NULL); break;
	case 4: st = bcx_tb_attr_dense(f->m, pick_type(f), raw, byte(f) % 65, &a, NULL); break;
	case 5: st = bcx_tb_attr_i32_array(f->m, i32, byte(f) % 5, &a, NULL); break;
	case 6: st = bcx_tb_attr_unit(f->m, &a, NULL); break;
	case 7: st = bcx_tb_attr_same_elements(f->m, i64, byte(f) % 3, &a, NULL); break;
	case 8: st = bcx_tb_attr_array(f->m, f->attrs, f->n_attrs ? byte(f) % f->n_attrs : 0, &a,
				       NULL); break;
	default: st = bcx_tb_attr_bounded(f->m, byte(f) & 1, -1, byte(f) & 1, 7, &a, NULL);
	}
	if (st == BCX_OK && f->n_attrs < 64)
		f->attrs[f->n_attrs++] = a;
}

static void make_op(fz *f)
{
	if (!f->n_blocks)
		return;
	bcx_tb_type rt[3] = {pick_type(f), pick_type(f), pick_type(f)};
	bcx_tb_value v[4] = {byte(f) % 8, byte(f) % 8, byte(f) % 8, byte(f) % 8};
	uint32_t seg[5] = {1, byte(f) % 2, byte(f) % 2, 0, 1};
	uint32_t opcode = byte(f) % 0x78;
	const bcx_tileir_opinfo *info = bcx_tileir_op_info(opcode);
	bcx_tb_named_attr na[3];
	unsigned n_na = byte(f) % 4;
	for (unsigned i = 0; i < n_na; i++) {
		unsigned fi = info && info->n_fields ? byte(f) % info->n_fields : 0;
		na[i].name = info && info->n_fields ? info->fields[fi].name : "x";
		na[i].value = f->n_attrs ? f->attrs[byte(f) % f->n_attrs] : NULL;
	}
	bcx_tb_opspec s = {opcode, rt, byte(f) % 4, v, byte(f) % 5, byte(f) & 1 ? seg : NULL,
			   byte(f) % 6, na, n_na, NULL};
	bcx_tb_op *op = NULL;
	if (bcx_tb_op_add(f->m, f->blocks[byte(f) % f->n_blocks], &s, &op, NULL) == BCX_OK &&
	    f->n_ops < 32)
		f->ops[f->n_ops++] = op;
}

static void make_block(fz *f)
{
	bcx_tb_block *b = NULL;
	bcx_tb_type args[2] = {pick_type(f), pick_type(f)};
	if (byte(f) % 2 == 0) {
		bcx_tb_func *fn;
		if (bcx_tb_entry_add(f->m, "k", 1, args, byte(f) % 3, NULL, NULL, &fn, &b, NULL))
			return;
	} else if (f->n_ops) {
		bcx_tb_op *op = f->ops[byte(f) % f->n_ops];
		if (bcx_tb_region_add_block(f->m, op, byte(f) % 3, args, byte(f) % 3, &b, NULL))
			return;
	}
	if (b && f->n_blocks < 32)
		f->blocks[f->n_blocks++] = b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fz f;
	memset(&f, 0, sizeof f);
	f.p = data;
	f.end = data + size;
	f.m = bcx_tb_module_new(NULL);
	if (!f.m)
		return 0;
	for (unsigned steps = 0; f.p < f.end && steps < 400; steps++) {
		unsigned k = byte(&f) % 4;
		if (k == 0)
			make_type(&f);
		else if (k == 1)
			make_attr(&f);
		else if (k == 2)
			make_op(&f);
		else
			make_block(&f);
	}
	for (uint8_t minor = 1; minor <= 3; minor++) {
		bcx_tb_write_options o = {.major = 13, .minor = minor};
		uint8_t *out = NULL;
		size_t n = 0;
		if (bcx_tb_write(f.m, &o, &out, &n, NULL) == BCX_OK) {
			bcx_tileir_module *r = NULL;
			if (bcx_tileir_read(out, n, NULL, &r, NULL) != BCX_OK)
				__builtin_trap(); /* the writer must only emit readable files */
			bcx_tileir_close(r);
			bcx_tb_free_bytes(f.m, out, n);
		}
	}
	bcx_tb_module_free(f.m);
	return 0;
}
