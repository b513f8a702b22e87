/* The string (§6), constant (§8), global (§9) and producer (§10) tables. */
#include "tileir/read/read.h"
#include "common/internal.h"

#include <string.h>


/* Offsets table of u32 (strings, types) or u64 (constants) relative to the
 * data that follows it; each range must be ordered and inside the data,
 * checked here unless `lenient` (the entry's user checks it on use). */
static bool read_offsets(bcx_cursor *c, uint32_t n, unsigned width, uint64_t *offs,
			 const char *what, bool lenient)
{
	for (uint32_t i = 0; i < n; i++)
		offs[i] = width == 4 ? bcx_cur_u32le(c, what) : bcx_cur_u64le(c, what);
	if (!bcx_cur_ok(c))
		return false;
	size_t data_len = bcx_cur_remaining(c);
	for (uint32_t i = 0; i < n && !lenient; i++) {
		uint64_t next = i + 1 < n ? offs[i + 1] : data_len;
		if (offs[i] > next || next > data_len) {
			bcx_cur_fail(c, BCX_ERR_MALFORMED,
				     "%s: entry %u has range [%llu, %llu) outside the %zu data bytes",
				     what, i, (unsigned long long)offs[i], (unsigned long long)next,
				     data_len);
			return false;
		}
	}
	return true;
}

/* Count, padding, offset table: the common head of §6, §7 and §8. */
bool tir_table_head(bcx_cursor *c, unsigned width, unsigned align, const char *what,
		    bool lazy, bcx_arena *arena, uint32_t *n, uint64_t **offs)
{
	size_t at = bcx_cur_offset(c);
	uint64_t count = bcx_cur_uleb128(c, 64, what);
	*n = 0;
	*offs = NULL;
	if (!bcx_cur_ok(c) || count == 0)
		return bcx_cur_ok(c);
	if (count > TIR_MAX_COUNT || count > bcx_cur_remaining(c) / width) {
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				"number of %s (%llu) exceeds the maximum of %zu for the payload",
				what, (unsigned long long)count, bcx_cur_remaining(c) / width);
		return false;
	}
	if (!bcx_cur_align(c, align, -1))
		return false;
	*offs = bcx_arena_calloc(arena, (size_t)count, sizeof **offs);
	if (!*offs) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return false;
	}
	*n = (uint32_t)count;
	return read_offsets(c, *n, width, *offs, what, lazy);
}

bcx_status tir_read_strings(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	tir_section_cursor(m, BCX_TILEIR_SEC_STRING, &c, diag);
	uint32_t n;
	uint64_t *offs;
	if (!tir_table_head(&c, 4, 4, "strings", true, m->arena, &n, &offs))
		return c.status;
	m->strings = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->strings);
	m->string_bad = bcx_arena_calloc(m->arena, n ? n : 1, 1);
	if (!m->strings || !m->string_bad)
		return bcx_nomem(diag);
	/* A bad range is an error only when the string is used: the reference
	 * reads strings lazily, and its invalid_attribute_name vector relies on
	 * that to reach its real error. */
	size_t len = bcx_cur_remaining(&c);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t end = i + 1 < n ? offs[i + 1] : len;
		if (offs[i] > end || end > len)
			m->string_bad[i] = 1;
		else
			m->strings[i] = (bcx_tileir_str){c.p + offs[i], (size_t)(end - offs[i])};
	}
	m->n_strings = n;
	return BCX_OK;
}

bool tir_string_ok(const bcx_tileir_module *m, uint64_t i)
{
	return i < m->n_strings && !m->string_bad[i];
}

uint32_t tir_str_index(bcx_tileir_module *m, bcx_cursor *c, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint32_t i = tir_index(c, m->n_strings, what);
	if (bcx_cur_ok(c) && m->string_bad[i])
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				"%s: string %u has offsets out of order or past the string data", what, i);
	return i;
}

bcx_status tir_read_producer(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	if (!tir_section_cursor(m, BCX_TILEIR_SEC_PRODUCER, &c, diag))
		return BCX_OK;
	size_t at = bcx_cur_offset(&c);
	uint64_t v = bcx_cur_uleb128(&c, 64, "failed to read producer string index");
	if (bcx_cur_ok(&c) && !tir_string_ok(m, v))
		return bcx_cur_fail_at(&c, at, BCX_ERR_MALFORMED,
				       "failed to get producer string at index %llu", (unsigned long long)v);
	if (bcx_cur_ok(&c) && !bcx_cur_at_end(&c))
		return bcx_cur_fail(&c, BCX_ERR_MALFORMED, "%zu unexpected bytes after the producer",
				    bcx_cur_remaining(&c));
	m->has_producer = bcx_cur_ok(&c);
	m->producer = (uint32_t)v;
	return c.status;
}

bcx_status tir_read_constants(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	if (!tir_section_cursor(m, BCX_TILEIR_SEC_CONSTANT, &c, diag))
		return BCX_OK;
	uint32_t n;
	uint64_t *offs;
	if (!tir_table_head(&c, 8, 8, "constants", false, m->arena, &n, &offs))
		return c.status;
	m->constants = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->constants);
	if (!m->constants)
		return bcx_nomem(diag);
	const uint8_t *base = c.p;
	size_t len = bcx_cur_remaining(&c);
	for (uint32_t i = 0; i < n; i++) {
		uint64_t end = i + 1 < n ? offs[i + 1] : len;
		bcx_cursor b = c;
		b.p = base + offs[i];
		b.end = base + end;
		uint64_t size = bcx_cur_uleb128(&b, 64, "constant size");
		if (bcx_cur_ok(&b) && size > bcx_cur_remaining(&b))
			return bcx_cur_fail(&b, BCX_ERR_MALFORMED,
					    "constant %u extends beyond available data", i);
		if (!bcx_cur_ok(&b))
			return b.status;
		m->constants[i] = (bcx_tileir_constant){(uint32_t)(base + offs[i] - m->data),
							{b.p, (size_t)size}};
	}
	m->n_constants = n;
	return BCX_OK;
}

static bool read_global(bcx_tileir_module *m, bcx_cursor *c, uint32_t i, bcx_tileir_global *g)
{
	g->offset = (uint32_t)bcx_cur_offset(c);
	g->name = tir_str_index(m, c, "failed to read global name");
	g->type = tir_type_index(m, c, "failed to read global type");
	g->value = tir_index(c, m->n_constants, "global value constant index out of bounds");
	g->alignment = bcx_cur_uleb128(c, 64, "failed to read global alignment");
	if (tir_at_least(m, BCX_TILEIR_V13_3)) {
		size_t at = bcx_cur_offset(c);
		uint64_t vis = bcx_cur_uleb128(c, 64, "failed to read global visibility");
		if (bcx_cur_ok(c) && vis > 1)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "invalid symbol visibility value: %llu",
					(unsigned long long)vis);
		g->visibility = (uint8_t)vis;
		g->is_constant = bcx_cur_uleb128(c, 64, "failed to read global constant flag") != 0;
	}
	if (bcx_cur_ok(c) && m->strings[g->name].len == 0)
		bcx_cur_fail_at(c, g->offset, BCX_ERR_MALFORMED,
				"global symbol name at index %u is empty", i);
	if (bcx_cur_ok(c))
		tir_dense_check(m, g->type, g->value, c);
	return bcx_cur_ok(c);
}

bcx_status tir_read_globals(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	if (!tir_section_cursor(m, BCX_TILEIR_SEC_GLOBAL, &c, diag))
		return BCX_OK;
	size_t per = tir_at_least(m, BCX_TILEIR_V13_3) ? 6 : 4;
	size_t at = bcx_cur_offset(&c);
	uint64_t n = bcx_cur_uleb128(&c, 64, "failed to read number of globals");
	if (bcx_cur_ok(&c) && n > bcx_cur_remaining(&c) / per)
		return bcx_cur_fail_at(&c, at, BCX_ERR_MALFORMED,
				       "number of globals (%llu) exceeds the maximum of %zu",
				       (unsigned long long)n, bcx_cur_remaining(&c) / per);
	if (!bcx_cur_ok(&c))
		return c.status;
	m->globals = bcx_arena_calloc(m->arena, n ? (size_t)n : 1, sizeof *m->globals);
	if (!m->globals)
		return bcx_nomem(diag);
	for (uint32_t i = 0; i < n; i++)
		if (!read_global(m, &c, i, &m->globals[i]))
			return c.status;
	if (!bcx_cur_at_end(&c))
		return bcx_cur_fail(&c, BCX_ERR_MALFORMED, "%zu unexpected bytes after the globals",
				    bcx_cur_remaining(&c));
	m->n_globals = (size_t)n;
	return BCX_OK;
}
