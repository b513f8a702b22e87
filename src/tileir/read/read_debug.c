/* The debug section (spec §11): per-function location lists and records. */
#include "tileir/read/read.h"

#include <string.h>


static bool read_lists(bcx_tileir_module *m, bcx_cursor *c)
{
	uint32_t n = tir_count(c, 4, "number of debug location lists");
	bcx_cur_align(c, 4, -1);
	uint32_t *start = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *start);
	if (!start)
		return bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	for (uint32_t i = 0; i < n; i++)
		start[i] = bcx_cur_u32le(c, "debug list start");
	uint32_t n_refs = tir_count(c, 8, "number of debug location references");
	bcx_cur_align(c, 8, -1);
	const uint8_t *refs = bcx_cur_bytes(c, (size_t)n_refs * 8, "debug location references");
	uint64_t *r = bcx_arena_calloc(m->arena, n_refs ? n_refs : 1, sizeof *r);
	m->debug_lists = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->debug_lists);
	if (!bcx_cur_ok(c) || !r || !m->debug_lists)
		return bcx_cur_ok(c) ? bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory") == BCX_OK : false;
	for (uint32_t i = 0; i < n_refs; i++)
		for (unsigned b = 0; b < 8; b++)
			r[i] |= (uint64_t)refs[i * 8 + b] << (8 * b);
	for (uint32_t i = 0; i < n; i++) {
		uint32_t end = i + 1 < n ? start[i + 1] : n_refs;
		if (start[i] > end || end > n_refs)
			return bcx_cur_fail(c, BCX_ERR_MALFORMED,
					    "debug list %u has range [%u, %u) outside the %u references",
					    i, start[i], end, n_refs) == BCX_OK;
		m->debug_lists[i] = (bcx_tileir_debug_list){end - start[i], r + start[i]};
	}
	m->n_debug_lists = n;
	m->debug_refs = r;
	m->n_debug_refs = n_refs;
	return true;
}

static bool read_record(bcx_cursor *c, uint32_t i, bcx_tileir_debug_record *d)
{
	d->offset = (uint32_t)bcx_cur_offset(c);
	uint64_t tag = bcx_cur_uleb128(c, 64, "debug record tag");
	if (bcx_cur_ok(c) && tag >= BCX_TILEIR_DI_COUNT)
		return bcx_cur_fail_at(c, d->offset, BCX_ERR_MALFORMED,
				       "unknown debug record tag %llu (record %u)",
				       (unsigned long long)tag, i) == BCX_OK;
	d->tag = (uint8_t)tag;
	d->n = bcx_cur_ok(c) ? (uint8_t)strlen(bcx_tileir_debug_fields((unsigned)tag)) : 0;
	for (unsigned k = 0; k < d->n; k++)
		d->f[k] = bcx_cur_uleb128(c, 64, "debug record field");
	return bcx_cur_ok(c);
}

/* A record reference (1-based, 0 = none) that must name one of `kinds`. */
static bool ref_ok(const bcx_tileir_module *m, uint64_t ref, unsigned kinds, bool zero_ok)
{
	if (ref == 0)
		return zero_ok;
	if (ref > m->n_debug_records)
		return false;
	return (kinds >> m->debug_records[ref - 1].tag) & 1;
}

#define K(t) (1u << BCX_TILEIR_DI_##t)

static bool record_refs_ok(const bcx_tileir_module *m, const bcx_tileir_debug_record *d)
{
	const uint64_t *f = d->f;
	const bcx_tileir_module *ns = m;
	switch (d->tag) {
	case BCX_TILEIR_DI_COMPILE_UNIT: return ref_ok(m, f[0], K(FILE), false);
	case BCX_TILEIR_DI_FILE: return tir_string_ok(ns, f[0]) && tir_string_ok(ns, f[1]);
	case BCX_TILEIR_DI_LEXICAL_BLOCK:
		return ref_ok(m, f[0], K(SUBPROGRAM) | K(LEXICAL_BLOCK), false) &&
		       ref_ok(m, f[1], K(FILE), false);
	case BCX_TILEIR_DI_LOC:
		return ref_ok(m, f[0], K(SUBPROGRAM) | K(LEXICAL_BLOCK), false) && tir_string_ok(ns, f[1]);
	case BCX_TILEIR_DI_SUBPROGRAM:
		return ref_ok(m, f[0], K(FILE), false) && tir_string_ok(ns, f[2]) && tir_string_ok(ns, f[3]) &&
		       ref_ok(m, f[4], K(COMPILE_UNIT), false);
	case BCX_TILEIR_DI_CALL_SITE:
		return ref_ok(m, f[0], K(LOC) | K(CALL_SITE) | K(UNKNOWN), true) &&
		       ref_ok(m, f[1], K(LOC) | K(CALL_SITE) | K(UNKNOWN), true);
	default: return true;
	}
}

/* The records record d refers to (0 for none), at most two. */
static unsigned record_children(const bcx_tileir_debug_record *d, uint64_t out[2])
{
	switch (d->tag) {
	case BCX_TILEIR_DI_COMPILE_UNIT:
	case BCX_TILEIR_DI_LOC: out[0] = d->f[0]; return 1;
	case BCX_TILEIR_DI_SUBPROGRAM: out[0] = d->f[0]; out[1] = d->f[4]; return 2;
	case BCX_TILEIR_DI_LEXICAL_BLOCK:
	case BCX_TILEIR_DI_CALL_SITE: out[0] = d->f[0]; out[1] = d->f[1]; return 2;
	default: return 0;
	}
}

/* Chains of records (a call site's locations, a scope's parents) must end:
 * printers and the verifier follow them recursively, so a cycle is refused
 * and so is a chain deeper than the nesting limit. An iterative walk, each
 * record once: depth[r] is 0 before, ON_STACK during, 1 + its chain after. */
static bool records_bounded(bcx_tileir_module *m, bcx_cursor *c)
{
	const uint32_t ON_STACK = UINT32_MAX;
	uint32_t n = (uint32_t)m->n_debug_records;
	uint32_t *depth = bcx_arena_calloc(m->arena, (size_t)n + 1, sizeof *depth);
	uint32_t *stack = bcx_arena_calloc(m->arena, (size_t)n + 1, sizeof *stack);
	if (!depth || !stack)
		return bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	for (uint32_t i = 1; i <= n; i++) {
		uint32_t top = 0;
		if (depth[i])
			continue;
		stack[top++] = i;
		depth[i] = ON_STACK;
		while (top) {
			uint32_t r = stack[top - 1], d = 1;
			uint64_t kid[2];
			unsigned nk = record_children(&m->debug_records[r - 1], kid);
			bool pushed = false;
			for (unsigned k = 0; k < nk && !pushed; k++) {
				if (kid[k] == 0 || kid[k] > n)
					continue;
				uint32_t q = (uint32_t)kid[k];
				if (depth[q] == ON_STACK)
					return bcx_cur_fail_at(c, m->debug_records[r - 1].offset, BCX_ERR_MALFORMED,
							       "debug record %u is part of a cycle of references", r) == BCX_OK;
				if (!depth[q]) {
					depth[q] = ON_STACK;
					stack[top++] = q;
					pushed = true;
				} else if (depth[q] + 1 > d) {
					d = depth[q] + 1;
				}
			}
			if (pushed)
				continue;
			if (d > m->opts.limits.max_depth)
				return bcx_cur_fail_at(c, m->debug_records[r - 1].offset, BCX_ERR_LIMIT,
						       "debug record %u: chain of references deeper than %u", r,
						       m->opts.limits.max_depth) == BCX_OK;
			depth[r] = d;
			top--;
		}
	}
	return true;
}

static bool read_records(bcx_tileir_module *m, bcx_cursor *c)
{
	uint32_t n;
	uint64_t *offs;
	if (!tir_table_head(c, 4, 4, "debug info attributes", false, m->arena, &n, &offs))
		return false;
	m->debug_records = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->debug_records);
	if (!m->debug_records)
		return bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
	const uint8_t *base = c->p;
	size_t len = bcx_cur_remaining(c);
	for (uint32_t i = 0; i < n; i++) {
		bcx_cursor r = *c;
		r.p = base + offs[i];
		r.end = base + (i + 1 < n ? offs[i + 1] : len);
		if (!read_record(&r, i, &m->debug_records[i])) {
			c->status = r.status;
			return false;
		}
	}
	m->n_debug_records = n;
	for (uint32_t i = 0; i < n; i++)
		if (!record_refs_ok(m, &m->debug_records[i]))
			return bcx_cur_fail_at(c, m->debug_records[i].offset, BCX_ERR_MALFORMED,
					       "debug record %u refers to a missing or wrong-kind record or string",
					       i + 1) == BCX_OK;
	return records_bounded(m, c);
}

bcx_status tir_read_debug(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	if (!tir_section_cursor(m, BCX_TILEIR_SEC_DEBUG, &c, diag))
		return BCX_OK;
	if (!read_lists(m, &c) || !read_records(m, &c))
		return c.status ? c.status : BCX_ERR_MALFORMED;
	for (size_t l = 0; l < m->n_debug_lists; l++)
		for (uint32_t k = 0; k < m->debug_lists[l].n; k++)
			if (!ref_ok(m, m->debug_lists[l].refs[k], K(LOC) | K(CALL_SITE) | K(UNKNOWN),
				    true))
				return bcx_diag_set(diag, BCX_ERR_MALFORMED,
						    m->sections[BCX_TILEIR_SEC_DEBUG].payload_offset,
						    "debug list %zu entry %u refers to record %llu, which is not a location",
						    l + 1, k, (unsigned long long)m->debug_lists[l].refs[k]);
	return BCX_OK;
}
