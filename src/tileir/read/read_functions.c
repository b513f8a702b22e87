/* The function table (spec §12). Bodies are only sliced here; they are
 * decoded on first use (read_body.c). */
#include "tileir/read/read.h"

static bool read_name(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_function *f)
{
	size_t at = bcx_cur_offset(c);
	uint64_t name = bcx_cur_uleb128(c, 64, "failed to read function name");
	if (!bcx_cur_ok(c))
		return false;
	if (name >= m->n_strings)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "failed to get function name string at index %llu",
				       (unsigned long long)name) == BCX_OK;
	f->name = (uint32_t)name;
	return true;
}

/* Checked after the rest of the entry, in the reference's order. */
static bool check_name(bcx_tileir_module *m, bcx_cursor *c, const bcx_tileir_function *f)
{
	if (!tir_string_ok(m, f->name))
		return bcx_cur_fail_at(c, f->entry_offset, BCX_ERR_MALFORMED,
				       "failed to get function name string at index %u: offsets out of range",
				       f->name) == BCX_OK;
	if (m->strings[f->name].len == 0)
		return bcx_cur_fail_at(c, f->entry_offset, BCX_ERR_MALFORMED,
				       "function name at index %u is empty", f->name) == BCX_OK;
	return true;
}

static bool read_signature(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_function *f)
{
	size_t at = bcx_cur_offset(c);
	uint64_t sig = bcx_cur_uleb128(c, 64, "failed to read function signature");
	if (!bcx_cur_ok(c))
		return false;
	if (sig < m->n_types && m->type_bad[sig])
		return tir_type_refuse(m, c, at, (uint32_t)sig, "function signature");
	if (sig >= m->n_types || m->types[sig].tag != BCX_TILEIR_T_FUNCTION)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "function signature index %llu does not refer to a function type",
				       (unsigned long long)sig) == BCX_OK;
	f->signature = (uint32_t)sig;
	return true;
}

/* The entry verifier's rules (§12.1): no results, tile arguments 0-D. */
static bool check_entry_signature(bcx_tileir_module *m, bcx_cursor *c,
				  const bcx_tileir_function *f)
{
	const bcx_tileir_type *t = &m->types[f->signature];
	if (t->n_outputs)
		return bcx_cur_fail_at(c, f->entry_offset, BCX_ERR_MALFORMED,
				       "entry op must not return values") == BCX_OK;
	for (uint32_t i = 0; i < t->n_inputs; i++) {
		const bcx_tileir_type *a = &m->types[t->params[i]];
		if (a->tag == BCX_TILEIR_T_TILE && a->rank)
			return bcx_cur_fail_at(c, f->entry_offset, BCX_ERR_MALFORMED,
					       "entry op must have scalar types (argument %u)", i) == BCX_OK;
	}
	return true;
}

static bool read_flags_loc(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_function *f)
{
	bcx_tileir_str nm = bcx_tileir_string(m, f->name);
	size_t at = bcx_cur_offset(c);
	f->flags = bcx_cur_u8(c, "function flags");
	if (bcx_cur_ok(c) && !(f->flags & BCX_TILEIR_FN_KERNEL))
		return bcx_cur_fail_at(c, at, BCX_ERR_UNSUPPORTED, "un-expected non-entry function '%.*s'",
				       (int)nm.len, (const char *)nm.ptr) == BCX_OK;
	/* Bits 3-7 have no meaning (§12.2); the reference ignores them, so do
	 * we. They stay in f->flags for the dump. */
	at = bcx_cur_offset(c);
	uint64_t loc = bcx_cur_uleb128(c, 64, "function location");
	if (bcx_cur_ok(c) && loc > m->n_debug_lists)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "failed to read function location for '%.*s'", (int)nm.len,
				       (const char *)nm.ptr) == BCX_OK;
	f->loc_list = (uint32_t)loc;
	if ((f->flags & 6) == 6 && bcx_cur_ok(c)) {
		at = bcx_cur_offset(c);
		uint64_t tag = bcx_cur_uleb128(c, 64, "optimization hints tag");
		if (bcx_cur_ok(c) && tag != BCX_TILEIR_A_HINTS)
			return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					       "failed to parse OptimizationHintsAttr: tag %llu",
					       (unsigned long long)tag) == BCX_OK;
		bcx_tileir_attr *h = bcx_arena_calloc(m->arena, 1, sizeof *h);
		if (!h)
			return bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory") == BCX_OK;
		tir_read_dict(m, c, h, BCX_TILEIR_A_HINTS, 1);
		f->hints = h;
	}
	return bcx_cur_ok(c);
}

static bool read_entry(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_function *f)
{
	f->entry_offset = (uint32_t)bcx_cur_offset(c);
	if (!read_name(m, c, f) || !read_signature(m, c, f) || !read_flags_loc(m, c, f) ||
	    !check_name(m, c, f) || !check_entry_signature(m, c, f))
		return false;
	size_t at = bcx_cur_offset(c);
	uint64_t len = bcx_cur_uleb128(c, 64, "failed to read function body length");
	if (bcx_cur_ok(c) && len > bcx_cur_remaining(c))
		return bcx_cur_fail_at(c, at, BCX_ERR_TRUNCATED,
				       "function body length %llu exceeds remaining bytecode data (%zu bytes)",
				       (unsigned long long)len, bcx_cur_remaining(c)) == BCX_OK;
	f->body_offset = (uint32_t)bcx_cur_offset(c);
	f->body_len = (uint32_t)len;
	f->body_bytes = bcx_cur_bytes(c, (size_t)len, "function body");
	return bcx_cur_ok(c);
}

bcx_status tir_read_functions(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	tir_section_cursor(m, BCX_TILEIR_SEC_FUNCTION, &c, diag);
	size_t at = bcx_cur_offset(&c);
	uint64_t n = bcx_cur_uleb128(&c, 64, "failed to read number of functions");
	if (bcx_cur_ok(&c) && n > bcx_cur_remaining(&c))
		return bcx_cur_fail_at(&c, at, BCX_ERR_MALFORMED,
				       "number of functions (%llu) exceeds payload size (%zu)",
				       (unsigned long long)n, bcx_cur_remaining(&c));
	if (!bcx_cur_ok(&c))
		return c.status;
	m->functions = bcx_arena_calloc(m->arena, n ? (size_t)n : 1, sizeof *m->functions);
	m->body_arenas = bcx_arena_calloc(m->arena, n ? (size_t)n : 1, sizeof *m->body_arenas);
	m->counts = bcx_arena_calloc(m->arena, n ? (size_t)n : 1, sizeof *m->counts);
	if (!m->functions || !m->body_arenas || !m->counts)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	for (size_t i = 0; i < n; i++) {
		if (!read_entry(m, &c, &m->functions[i])) {
			bcx_diag_context(diag, "function %zu", i);
			return c.status;
		}
	}
	m->n_functions = (size_t)n;
	/* Trailing padding to 8 (§12.1); its bytes are not checked. */
	if (bcx_cur_remaining(&c) >= 8)
		return bcx_cur_fail(&c, BCX_ERR_MALFORMED,
				    "%zu unexpected bytes after the last function", bcx_cur_remaining(&c));
	return BCX_OK;
}
