/* The numbers a body takes in the generic form's value numbering (spec
 * §21), found without decoding it. The generic printer needs every body's
 * counts before the first body's text, since MLIR numbers the last
 * function first: this walk reads a body's ops as the decoder does (the
 * same op table, the same wire rules of §14 and §15) but builds nothing
 * and checks only what it needs to find its way. When anything is not as
 * it expects, it gives up and the caller decodes the body for real, which
 * reports the problem or counts the body itself. */
#include "tileir/read/read.h"
#include "common/internal.h"

typedef struct scan {
	bcx_tileir_module *m;
	bcx_cursor c;
	tir_counts n;
	unsigned depth;
	tir_op_plan other; /* the plan of a row beyond the 256 kept */
} scan;

static bool scan_ops(scan *s, uint32_t n);

/* k varints whose values do not matter here (type and value indices). */
static void skip(scan *s, uint32_t k)
{
	for (uint32_t i = 0; i < k && bcx_cur_ok(&s->c); i++)
		(void)bcx_cur_uv(&s->c, 64, "index");
}

/* §14.4: attributes are read into a throwaway slot (their encodings are
 * the decoder's; what they allocate goes to the walk's arena). */
static void skip_attrs(scan *s, const bcx_tileir_opinfo *info, uint64_t flags, uint32_t t0)
{
	for (unsigned i = 0; i < info->n_fields && bcx_cur_ok(&s->c); i++) {
		const bcx_tileir_field *f = &info->fields[i];
		bcx_tileir_attr a = {0};
		if (tir_attr_written(s->m, f, flags))
			(void)tir_read_inline_attr(s->m, &s->c, f, t0, &a);
	}
}

/* §14.5: operand indices, counted or in groups. */
static void skip_operands(scan *s, const bcx_tileir_opinfo *info, uint64_t flags)
{
	if (info->opd_mode == BCX_TILEIR_OPD_COUNTED) {
		skip(s, tir_count(&s->c, 1, "operand count"));
		return;
	}
	for (unsigned i = 0; i < info->n_fields && bcx_cur_ok(&s->c); i++) {
		const bcx_tileir_field *f = &info->fields[i];
		if (f->kind != BCX_TILEIR_F_OPERAND)
			continue;
		uint32_t n = tir_group_size(s->m, info, f, flags);
		skip(s, n != TIR_GROUP_COUNTED ? n : tir_count(&s->c, 1, "operand count"));
	}
}

/* §15.3: a block's arguments go to the arg counter in an entry block and
 * to the value counter elsewhere, as MLIR numbers them. */
static bool scan_block(scan *s, bool entry)
{
	uint32_t n_args = tir_count(&s->c, 1, "block argument count");
	skip(s, n_args);
	*(entry ? &s->n.arg : &s->n.value) += n_args;
	uint32_t n_ops = tir_count(&s->c, 1, "operation count");
	return bcx_cur_ok(&s->c) && n_ops && scan_ops(s, n_ops);
}

static bool scan_regions(scan *s, const bcx_tileir_opinfo *info)
{
	if (!info->n_regions)
		return true;
	if (bcx_cur_uv(&s->c, 64, "region count") != info->n_regions ||
	    ++s->depth > s->m->opts.limits.max_depth)
		return false;
	for (unsigned r = 0; r < info->n_regions && bcx_cur_ok(&s->c); r++) {
		uint32_t n_blocks = tir_count(&s->c, 5, "block count");
		for (uint32_t b = 0; b < n_blocks && bcx_cur_ok(&s->c); b++)
			if (!scan_block(s, b == 0))
				return false;
	}
	s->depth--;
	return bcx_cur_ok(&s->c);
}

/* §14.1-§14.6, one op: an op with results takes one number. */
static bool scan_op(scan *s)
{
	uint64_t code = bcx_cur_uv(&s->c, 64, "opcode");
	const bcx_tileir_opinfo *info = bcx_cur_ok(&s->c) && code <= s->m->max_opcode
		? bcx_tileir_op_info((uint32_t)code) : NULL;
	if (!info || info->structural)
		return false;
	const tir_op_plan *plan = tir_plan_of(s->m, info, &s->other);
	uint32_t n = info->result_count ? tir_count(&s->c, 1, "result count") : plan->exist;
	uint32_t t0 = n ? tir_type_index(s->m, &s->c, "result type") : UINT32_MAX; /* attrs use it */
	skip(s, n ? n - 1 : 0);
	uint64_t flags = 0;
	if (info->flags_since && tir_at_least(s->m, info->flags_since))
		flags = bcx_cur_uv(&s->c, 64, "flags");
	skip_attrs(s, info, flags, t0);
	skip_operands(s, info, flags);
	if (!bcx_cur_ok(&s->c) || !scan_regions(s, info))
		return false;
	s->n.value += n + plan->later != 0;
	return true;
}

/* n ops (UINT32_MAX: to the end of the body). */
static bool scan_ops(scan *s, uint32_t n)
{
	for (uint32_t k = 0; n == UINT32_MAX ? !bcx_cur_at_end(&s->c) : k < n; k++)
		if (!scan_op(s))
			return false;
	return true;
}

/* One body into m->counts[i]. */
static void count_body(scan *s, size_t i)
{
	bcx_tileir_module *m = s->m;
	const bcx_tileir_function *f = &m->functions[i];
	s->c.status = BCX_OK;
	s->c.p = f->body_bytes;
	s->c.end = f->body_bytes + f->body_len;
	s->n = (tir_counts){.arg = m->types[f->signature].n_inputs};
	s->depth = 0;
	if (f->body_len && scan_ops(s, UINT32_MAX) && bcx_cur_ok(&s->c)) {
		s->n.known = true;
		m->counts[i] = s->n;
	}
}

void tir_count_bodies(bcx_tileir_module *m)
{
	if (!m->counts || !m->n_functions)
		return;
	bcx_arena *keep = m->arena, *own = bcx_arena_new(m->opts.alloc);
	if (!own)
		return;
	bcx_diag quiet;
	bcx_diag_clear(&quiet);
	scan s = {.m = m};
	bcx_cur_init(&s.c, m->data, m->size, &quiet);
	m->arena = own; /* attributes' arrays and strings land here */
	for (size_t i = 0; i < m->n_functions; i++)
		if (!m->counts[i].known)
			count_body(&s, i);
	m->arena = keep;
	bcx_arena_free(own);
}
