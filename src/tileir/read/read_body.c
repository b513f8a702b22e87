/* Function bodies (spec §14, §15): decoded on first use. Value ids are
 * function-wide; the wire's scope-relative indices are resolved through a
 * scope stack that mirrors the writer's (§15.1). */
#include "tileir/read/read.h"
#include "common/internal.h"

#include <string.h>

typedef struct body_ctx {
	bcx_tileir_module *m;
	bcx_cursor c;
	uint32_t *scope;        /* wire index -> value id */
	uint32_t scope_n;
	uint32_t *value_types;  /* value id -> type index */
	uint32_t n_values;
	uint32_t cap;           /* capacity of both arrays */
	uint32_t *scratch;      /* operand ids of the op being read (cap entries) */
	uint32_t n_ops;         /* ops seen so far, pre-order */
	unsigned depth;
	const uint64_t *locs;   /* the function's location entries, */
	uint64_t n_locs;        /* up to the end of all lists (§11.2) */
	tir_op_plan other;      /* the plan of a row beyond the 256 kept */
} body_ctx;

static bool decode_ops(body_ctx *x, uint32_t n, bcx_tileir_block *b);

static bool fail(body_ctx *x, size_t at, bcx_status s, const char *msg, const char *name)
{
	return bcx_cur_fail_at(&x->c, at, s, "%s%s", msg, name ? name : "") == BCX_OK;
}

/* Room for n (at least one) items the caller writes whole before anyone
 * reads them. */
static void *ctx_alloc_raw(body_ctx *x, size_t n, size_t size)
{
	size_t bytes;
	void *p = bcx_mul_ok(n ? n : 1, size, &bytes) ? bcx_arena_alloc(x->m->arena, bytes) : NULL;
	if (!p)
		bcx_cur_fail(&x->c, BCX_ERR_NOMEM, "out of memory");
	return p;
}

/* The same, zeroed. */
static void *ctx_alloc(body_ctx *x, size_t n, size_t size)
{
	void *p = ctx_alloc_raw(x, n, size);
	if (p)
		memset(p, 0, (n ? n : 1) * size); /* the product was checked */
	return p;
}

/* A new value with a type; pushed on the scope when `visible`. */
static uint32_t new_value(body_ctx *x, uint32_t type, bool visible)
{
	if (x->n_values >= x->cap || x->scope_n >= x->cap) {
		bcx_cur_fail(&x->c, BCX_ERR_LIMIT, "too many values in one function");
		return 0;
	}
	x->value_types[x->n_values] = type;
	if (visible)
		x->scope[x->scope_n++] = x->n_values;
	return x->n_values++;
}

static uint32_t read_type(body_ctx *x, const char *what)
{
	return tir_type_index(x->m, &x->c, what);
}

/* The row's summary at this file's version, worked out once per module;
 * other holds it for a row beyond the 256 kept. */
const tir_op_plan *tir_plan_of(bcx_tileir_module *m, const bcx_tileir_opinfo *info,
			       tir_op_plan *other)
{
	tir_op_plan *p = info->opcode < 256 ? &m->plans[info->opcode] : other;
	if (p->ready && info->opcode < 256)
		return p;
	*p = (tir_op_plan){.ready = true};
	for (unsigned i = 0; i < info->n_fields; i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (f->kind == BCX_TILEIR_F_RESULT) {
			p->variadic_result |= f->mult == BCX_TILEIR_VARIADIC;
			tir_at_least(m, f->since) ? p->exist++ : p->later++;
		} else if (f->kind == BCX_TILEIR_F_OPERAND && f->mult == BCX_TILEIR_ONE) {
			p->fixed_opds++;
		}
	}
	return p;
}

static const tir_op_plan *plan_of(body_ctx *x, const bcx_tileir_opinfo *info)
{
	return tir_plan_of(x->m, info, &x->other);
}

/* §14.2: result count prefix, result types, synthesized later results. */
static bool read_results(body_ctx *x, bcx_tileir_op *op, uint32_t **types, uint32_t *n_wire)
{
	const bcx_tileir_opinfo *info = op->info;
	const tir_op_plan *plan = plan_of(x, info);
	uint32_t exist = plan->exist, later = plan->later;
	uint32_t n = exist;
	size_t at = bcx_cur_offset(&x->c);
	if (info->result_count) {
		n = tir_count(&x->c, 1, "failed to read number of result types");
		if (bcx_cur_ok(&x->c) && !plan->variadic_result && n != exist)
			return bcx_cur_fail_at(&x->c, at, BCX_ERR_MALFORMED,
					       "result count mismatch for cuda_tile.%s: expected %u compatible results but got %u",
					       info->name, exist, n) == BCX_OK;
	}
	/* One zeroed block for the attributes (8-byte aligned, first) and the
	 * result types: read_attrs fills the attributes. */
	size_t attr_bytes = (size_t)info->n_attrs * sizeof(bcx_tileir_attr);
	uint8_t *blk = ctx_alloc(x, attr_bytes + ((size_t)n + later) * sizeof **types, 1);
	if (!blk)
		return false;
	op->attrs = (const bcx_tileir_attr *)(void *)blk;
	*types = (uint32_t *)(void *)(blk + attr_bytes);
	for (uint32_t i = 0; i < n && bcx_cur_ok(&x->c); i++)
		(*types)[i] = read_type(x, "failed to get result type");
	for (uint32_t i = 0; i < later; i++)
		(*types)[n + i] = BCX_TILEIR_TYPE_IMPLICIT_TOKEN;
	op->n_results = n + later;
	*n_wire = n;
	return bcx_cur_ok(&x->c);
}

/* §14.3: the flags field. A bit of a field newer than the file is refused
 * as the reference refuses it; bits no field of the op defines are ignored
 * by the reference's reader, so they are kept for dump and verify
 * (tir_unknown_flags) and read past. */
static bool read_flags(body_ctx *x, bcx_tileir_op *op)
{
	const bcx_tileir_opinfo *info = op->info;
	if (!info->flags_since || !tir_at_least(x->m, info->flags_since))
		return true;
	size_t at = bcx_cur_offset(&x->c);
	uint64_t flags = bcx_cur_uv(&x->c, 64, "failed to read flags field");
	for (unsigned i = 0; i < info->n_fields && bcx_cur_ok(&x->c); i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (tir_flag_set(flags, f) && !tir_at_least(x->m, f->since))
			return bcx_cur_fail_at(&x->c, at, BCX_ERR_MALFORMED,
					       "malformed bytecode: flag set for '%s' which requires 13.%u but reading %u.%u bytecode",
					       f->name, f->since & 0xffu, x->m->version.major,
					       x->m->version.minor) == BCX_OK;
	}
	op->flags = tir_flags_kept(flags);
	return bcx_cur_ok(&x->c);
}

/* §14.4: attributes in declaration order. */
static bool read_attrs(body_ctx *x, bcx_tileir_op *op, const uint32_t *rtypes)
{
	const bcx_tileir_opinfo *info = op->info;
	bcx_tileir_attr *a = (bcx_tileir_attr *)(uintptr_t)op->attrs; /* read_results' block */
	unsigned k = 0;
	for (unsigned i = 0; i < info->n_fields && bcx_cur_ok(&x->c); i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		bcx_tileir_attr *s = &a[k++];
		bool exists = tir_at_least(x->m, f->since);
		if (f->kind == BCX_TILEIR_F_UNIT) {
			s->kind = exists && tir_flag_set(op->flags, f) ? BCX_TILEIR_A_UNIT
								 : BCX_TILEIR_A_NONE;
		} else if (!exists) {
			if (!f->optional) /* §14.4 rule 4: the declared default */
				*s = (bcx_tileir_attr){.kind = BCX_TILEIR_A_ENUM, .u = f->dflt};
		} else if (tir_attr_written(x->m, f, op->flags)) {
			uint32_t t0 = op->n_results ? rtypes[0] : UINT32_MAX;
			if (!tir_read_inline_attr(x->m, &x->c, f, t0, s))
				bcx_diag_context(x->c.diag, "failed to parse attribute '%s'", f->name);
		}
	}
	return bcx_cur_ok(&x->c);
}

static uint32_t read_operand(body_ctx *x)
{
	size_t at = bcx_cur_offset(&x->c);
	uint64_t i = bcx_cur_uv(&x->c, 64, "failed to read operand index");
	if (bcx_cur_ok(&x->c) && i >= x->scope_n) {
		bcx_cur_fail_at(&x->c, at, BCX_ERR_MALFORMED, "operand index %llu out of bounds (size=%u)",
				(unsigned long long)i, x->scope_n);
		return 0;
	}
	return bcx_cur_ok(&x->c) ? x->scope[i] : 0;
}

/* Segment sizes of a COUNTED op: fixed groups 1, the variadic one the rest. */
static bool counted_segments(body_ctx *x, bcx_tileir_op *op, uint32_t total, uint32_t *seg,
			     size_t at)
{
	uint32_t fixed = plan_of(x, op->info)->fixed_opds, g = 0;
	if (total < fixed)
		return bcx_cur_fail_at(&x->c, at, BCX_ERR_MALFORMED,
				       "operand count %u is less than the %u required by cuda_tile.%s",
				       total, fixed, op->info->name) == BCX_OK;
	for (unsigned i = 0; i < op->info->n_fields; i++)
		if (op->info->fields[i].kind == BCX_TILEIR_F_OPERAND)
			seg[g++] = op->info->fields[i].mult == BCX_TILEIR_ONE ? 1 : total - fixed;
	return true;
}

/* §14.5: segment sizes for FIXED and SEGMENTED ops; reads counts. */
static uint32_t group_size(body_ctx *x, const bcx_tileir_op *op, const bcx_tileir_field *f)
{
	uint32_t n = tir_group_size(x->m, op->info, f, op->flags);
	return n != TIR_GROUP_COUNTED ? n : tir_count(&x->c, 1, "failed to read operand count");
}

static bool read_operands(body_ctx *x, bcx_tileir_op *op)
{
	const bcx_tileir_opinfo *info = op->info;
	uint32_t seg[16] = {0}; /* operand groups per op: at most 5 in the table */
	uint32_t *ids = x->scratch;
	uint32_t n = 0, g = 0;
	if (!bcx_cur_ok(&x->c))
		return false;
	if (info->n_operands > sizeof seg / sizeof seg[0])
		return fail(x, op->offset, BCX_ERR_LIMIT, "too many operand groups", NULL);
	if (info->opd_mode == BCX_TILEIR_OPD_COUNTED) {
		size_t at = bcx_cur_offset(&x->c);
		n = tir_count(&x->c, 1, "failed to read operand count");
		if (!bcx_cur_ok(&x->c) || !counted_segments(x, op, n, seg, at))
			return false;
		for (uint32_t i = 0; i < n; i++)
			ids[i] = read_operand(x);
	} else {
		for (unsigned i = 0; i < info->n_fields && bcx_cur_ok(&x->c); i++) {
			if (info->fields[i].kind != BCX_TILEIR_F_OPERAND)
				continue;
			uint32_t s = group_size(x, op, &info->fields[i]);
			for (uint32_t j = 0; j < s && bcx_cur_ok(&x->c); j++)
				ids[n++] = read_operand(x);
			seg[g++] = s;
		}
	}
	if (!bcx_cur_ok(&x->c))
		return false;
	/* One block: the group sizes, then the operand ids. */
	uint32_t *kept = ctx_alloc_raw(x, (size_t)info->n_operands + n, sizeof *kept);
	if (!kept)
		return false;
	memcpy(kept, seg, (size_t)info->n_operands * sizeof *kept);
	memcpy(kept + info->n_operands, ids, (size_t)n * sizeof *kept);
	op->segments = kept;
	op->operands = kept + info->n_operands;
	op->n_operands = n;
	return true;
}

static bool check_terminator(body_ctx *x, const bcx_tileir_block *b, size_t at)
{
	if (b->n_ops == 0)
		return fail(x, at, BCX_ERR_MALFORMED,
			    "invalid block structure: block is expected to have a terminator operation, but it is empty",
			    NULL);
	const bcx_tileir_op *last = &b->ops[b->n_ops - 1];
	if (!last->info->terminator)
		return bcx_cur_fail_at(&x->c, last->offset, BCX_ERR_MALFORMED,
				       "invalid block structure: block is expected to have a terminator operation, but the last operation 'cuda_tile.%s' is not a terminator",
				       last->info->name) == BCX_OK;
	return true;
}

static void decode_block(body_ctx *x, bcx_tileir_block *b)
{
	size_t at = bcx_cur_offset(&x->c);
	uint32_t saved = x->scope_n;
	b->n_args = tir_count(&x->c, 1, "failed to read block argument count");
	uint32_t *types = ctx_alloc(x, b->n_args, sizeof *types);
	b->first_arg = x->n_values;
	for (uint32_t k = 0; k < b->n_args && bcx_cur_ok(&x->c); k++) {
		types[k] = read_type(x, "failed to read block argument type");
		new_value(x, types[k], true);
	}
	b->arg_types = types;
	uint32_t n_ops = tir_count(&x->c, 1, "failed to read operation count");
	if (bcx_cur_ok(&x->c) && decode_ops(x, n_ops, b))
		check_terminator(x, b, at);
	x->scope_n = saved; /* values defined in the block go out of scope */
}

/* §15.3: n_blocks, then per block its arguments and operations. Regions
 * have one block in practice; the array grows only as blocks are read. */
static bool decode_region(body_ctx *x, bcx_tileir_region *r)
{
	uint32_t n = tir_count(&x->c, 5, "failed to read number of blocks");
	size_t cap = 0;
	bcx_tileir_block *blocks = NULL;
	for (uint32_t i = 0; i < n && bcx_cur_ok(&x->c); i++) {
		/* new slots come zeroed */
		if (!bcx_vec_room_from(x->m->arena, &blocks, i, &cap, sizeof *blocks, 1))
			return bcx_cur_fail(&x->c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
		decode_block(x, &blocks[i]);
	}
	r->blocks = blocks;
	r->n_blocks = n;
	return bcx_cur_ok(&x->c);
}

static bool read_regions(body_ctx *x, bcx_tileir_op *op)
{
	if (!op->info->n_regions)
		return true;
	size_t at = bcx_cur_offset(&x->c);
	uint64_t n = bcx_cur_uv(&x->c, 64, "failed to read number of regions");
	if (bcx_cur_ok(&x->c) && n != op->info->n_regions)
		return bcx_cur_fail_at(&x->c, at, BCX_ERR_MALFORMED,
				       "cuda_tile.%s op expected %u regions, got %llu", op->info->name,
				       op->info->n_regions, (unsigned long long)n) == BCX_OK;
	if (++x->depth > x->m->opts.limits.max_depth)
		return fail(x, at, BCX_ERR_LIMIT, "regions nested too deeply", NULL);
	bcx_tileir_region *r = ctx_alloc(x, (size_t)n, sizeof *r);
	for (uint32_t i = 0; i < n && bcx_cur_ok(&x->c); i++)
		decode_region(x, &r[i]);
	x->depth--;
	op->regions = r;
	op->n_regions = (uint32_t)n;
	return bcx_cur_ok(&x->c);
}

static bool read_opcode(body_ctx *x, bcx_tileir_op *op)
{
	size_t at = bcx_cur_offset(&x->c);
	uint64_t code = bcx_cur_uv(&x->c, 64, "failed to read opcode");
	if (!bcx_cur_ok(&x->c))
		return false;
	if (code > x->m->max_opcode)
		return bcx_cur_fail_at(&x->c, at, BCX_ERR_UNSUPPORTED,
				       "unsupported opcode %llu for bytecode version %u.%u",
				       (unsigned long long)code, x->m->version.major,
				       x->m->version.minor) == BCX_OK;
	op->info = bcx_tileir_op_info((uint32_t)code);
	if (!op->info)
		return bcx_cur_fail_at(&x->c, at, BCX_ERR_MALFORMED,
				       "unknown or unimplemented opcode: %llu",
				       (unsigned long long)code) == BCX_OK;
	if (op->info->structural)
		return fail(x, at, BCX_ERR_MALFORMED, "operation not allowed in a function body: cuda_tile.",
			    op->info->name);
	op->opcode = (uint16_t)code;
	op->offset = (uint32_t)at;
	return true;
}

static bool decode_op(body_ctx *x, bcx_tileir_op *op)
{
	uint32_t *rtypes = NULL, n_wire = 0;
	if (!read_opcode(x, op))
		return false;
	uint32_t pre = x->n_ops++;
	if (x->locs && (uint64_t)pre + 1 < x->n_locs)
		op->loc = (uint32_t)x->locs[pre + 1];
	if (!read_results(x, op, &rtypes, &n_wire) || !read_flags(x, op) ||
	    !read_attrs(x, op, rtypes) || !read_operands(x, op) || !read_regions(x, op))
		return false;
	op->result_types = rtypes;
	op->end_offset = (uint32_t)bcx_cur_offset(&x->c);
	op->first_result = x->n_values;
	for (uint32_t i = 0; i < op->n_results; i++)
		new_value(x, rtypes[i], i < n_wire);
	return bcx_cur_ok(&x->c);
}

/* Room on the module's op stack for one more op. */
static bool op_stack_room(body_ctx *x)
{
	bcx_tileir_module *m = x->m;
	if (m->op_stack_n < m->op_stack_cap)
		return true;
	if (!bcx_heap_room(m->opts.alloc, &m->op_stack, m->op_stack_n, &m->op_stack_cap,
			   sizeof *m->op_stack, 64))
		return bcx_cur_fail(&x->c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	return true;
}

/* n ops (UINT32_MAX: until the cursor's end) into b->ops. A count read
 * from the input is only an upper bound until the ops are really there, so
 * they gather on the op stack (an op's regions are decoded, and their ops
 * copied out, before the op itself is pushed) and take arena memory at
 * their exact number. */
static bool decode_ops(body_ctx *x, uint32_t n, bcx_tileir_block *b)
{
	bcx_tileir_module *m = x->m;
	size_t base = m->op_stack_n;
	uint32_t count = 0;
	while (bcx_cur_ok(&x->c) && (n == UINT32_MAX ? !bcx_cur_at_end(&x->c) : count < n)) {
		bcx_tileir_op op;
		memset(&op, 0, sizeof op);
		if (!decode_op(x, &op)) {
			bcx_diag_context(x->c.diag, "operation %u in block", count);
			break;
		}
		if (!op_stack_room(x))
			break;
		m->op_stack[m->op_stack_n++] = op;
		count++;
	}
	bcx_tileir_op *ops = bcx_cur_ok(&x->c) ? ctx_alloc_raw(x, count, sizeof *ops) : NULL;
	if (ops && count) /* the stack is NULL until an op is pushed */
		memcpy(ops, m->op_stack + base, (size_t)count * sizeof *ops);
	m->op_stack_n = base;
	b->ops = ops;
	b->n_ops = count;
	return ops != NULL;
}

/* Function-level checks after the body: a terminator at the end, and a
 * location entry per op plus the function's (§11.2). */
static bool finish_body(body_ctx *x, const bcx_tileir_function *f, const bcx_tileir_body *b)
{
	if (b->block.n_ops == 0 || b->block.ops[b->block.n_ops - 1].opcode != BCX_TILEIR_OP_return)
		return fail(x, f->body_offset, BCX_ERR_MALFORMED,
			    "entry body must end with cuda_tile.return", NULL);
	/* As the reference: a list is read on from its start, into the next
	 * lists if it is short, and only running past all entries fails. */
	if (x->locs && x->n_locs < (uint64_t)x->n_ops + 1)
		return bcx_cur_fail_at(&x->c, f->body_offset, BCX_ERR_MALFORMED,
				       "failed to read operation location: debug list %u needs %u entries, %llu remain",
				       f->loc_list, x->n_ops + 1, (unsigned long long)x->n_locs) == BCX_OK;
	return true;
}

/* The decoder's scratch: three arrays of n entries, kept across bodies. */
static bool scratch_reserve(bcx_tileir_module *m, size_t n)
{
	if (n <= m->tmp_cap)
		return true;
	size_t bytes;
	if (!bcx_mul_ok(n, 3 * sizeof *m->tmp, &bytes))
		return false;
	uint32_t *p = bcx_realloc(m->opts.alloc, m->tmp, m->tmp_cap * 3 * sizeof *m->tmp, bytes);
	if (!p)
		return false;
	m->tmp = p;
	m->tmp_cap = n;
	return true;
}

static bcx_status decode_body(bcx_tileir_module *m, bcx_tileir_function *f, bcx_diag *diag)
{
	body_ctx x = {.m = m};
	bcx_cur_init(&x.c, m->data, m->size, diag);
	x.c.p = f->body_bytes;
	x.c.end = f->body_bytes + f->body_len;
	const bcx_tileir_type *sig = &m->types[f->signature];
	x.cap = sig->n_inputs + f->body_len + 1;
	if (!scratch_reserve(m, x.cap))
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	x.scope = m->tmp;
	x.value_types = m->tmp + x.cap;
	x.scratch = m->tmp + 2 * (size_t)x.cap;
	bcx_tileir_body *b = ctx_alloc(&x, 1, sizeof *b);
	if (f->loc_list) {
		x.locs = m->debug_lists[f->loc_list - 1].refs;
		x.n_locs = (uint64_t)(m->debug_refs + m->n_debug_refs - x.locs);
	}
	if (!bcx_cur_ok(&x.c))
		return x.c.status;
	b->block.n_args = sig->n_inputs;
	b->block.arg_types = sig->params;
	for (uint32_t i = 0; i < sig->n_inputs; i++)
		new_value(&x, sig->params[i], true);
	uint32_t *types = NULL;
	if (decode_ops(&x, UINT32_MAX, &b->block) && finish_body(&x, f, b) &&
	    (types = ctx_alloc_raw(&x, x.n_values, sizeof *types))) {
		memcpy(types, x.value_types, (size_t)x.n_values * sizeof *types);
		b->n_values = x.n_values;
		b->value_types = types;
		b->n_ops_total = x.n_ops;
		f->body = b;
		m->bodies_decoded++;
	}
	return x.c.status;
}

/* The reader bounds the nesting, so recursion is safe. */
void tir_count_block(const bcx_tileir_block *b, bool entry, tir_counts *c)
{
	if (entry)
		c->arg += b->n_args;
	else
		c->value += b->n_args;
	for (uint32_t k = 0; k < b->n_ops; k++) {
		const bcx_tileir_op *op = &b->ops[k];
		c->value += op->n_results != 0;
		for (uint32_t r = 0; r < op->n_regions; r++)
			for (uint32_t i = 0; i < op->regions[r].n_blocks; i++)
				tir_count_block(&op->regions[r].blocks[i], i == 0, c);
	}
}

/* The first arena block for a body of len bytecode bytes: the arena bytes
 * per bytecode byte seen so far (16 before any), an eighth more, capped. */
static size_t body_arena_guess(const bcx_tileir_module *m, size_t len)
{
	uint64_t ratio16 = m->body_len_seen ? m->body_used_seen * 18 / m->body_len_seen : 256;
	uint64_t cap = (uint64_t)1 << 20;
	uint64_t guess = len < cap ? (uint64_t)len * ratio16 / 16 + 512 : cap;
	return (size_t)(guess < cap ? guess : cap);
}

/* What a decoded body leaves for later: its numbering counts, and the
 * arena bytes it took (which size the next body's arena). */
static void body_decoded(bcx_tileir_module *m, size_t i, size_t len, size_t used)
{
	if (!m->counts[i].known) {
		tir_count_block(&m->functions[i].body->block, true, &m->counts[i]);
		m->counts[i].known = true;
	}
	m->body_len_seen += len;
	m->body_used_seen += used;
}

/* A body decodes into an arena of its own, so that it can be released
 * (after the first release: internal.h says why). */
static bcx_status decode_body_owned(bcx_tileir_module *m, size_t i, bcx_diag *diag)
{
	if (!m->body_arenas)
		return decode_body(m, &m->functions[i], diag);
	size_t len = m->functions[i].body_len;
	if (!m->released_any) {
		size_t used = bcx_arena_used(m->arena);
		bcx_status s = decode_body(m, &m->functions[i], diag);
		if (s == BCX_OK)
			body_decoded(m, i, len, bcx_arena_used(m->arena) - used);
		return s;
	}
	bcx_arena *keep = m->arena, *own = bcx_arena_new_sized(m->opts.alloc, body_arena_guess(m, len));
	if (!own)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	m->arena = own;
	bcx_status s = decode_body(m, &m->functions[i], diag);
	m->arena = keep;
	if (s != BCX_OK) {
		bcx_arena_free(own);
		return s;
	}
	m->body_arenas[i] = own;
	body_decoded(m, i, len, bcx_arena_used(own));
	return s;
}

void bcx_tileir_body_release(bcx_tileir_module *m, size_t i)
{
	if (!m || i >= m->n_functions || !m->body_arenas || !m->functions[i].body)
		return;
	/* a body in the module's arena stays there until close; it is
	 * decoded again, into an arena of its own, if asked for */
	m->released_any = true;
	bcx_arena_free(m->body_arenas[i]);
	m->body_arenas[i] = NULL;
	m->functions[i].body = NULL;
	m->bodies_decoded--;
}

bcx_status bcx_tileir_body_get(bcx_tileir_module *m, size_t i, const bcx_tileir_body **out,
			       bcx_diag *diag)
{
	*out = NULL;
	if (i >= m->n_functions)
		return bcx_diag_set(diag, BCX_ERR_NOT_FOUND, -1, "no function %zu", i);
	bcx_tileir_function *f = &m->functions[i];
	if (!f->body) {
		bcx_status s = decode_body_owned(m, i, diag);
		if (s != BCX_OK) {
			bcx_tileir_str n = bcx_tileir_string(m, f->name);
			bcx_diag_context(diag, "function '%.*s'", (int)n.len, (const char *)n.ptr);
			return s;
		}
	}
	*out = f->body;
	return BCX_OK;
}
