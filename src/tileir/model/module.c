/* Module lifetime and the plain accessors of the read API. */
#include "tileir/model/internal.h"

#include <string.h>

bcx_tileir_module *bcx_tileir_module_new(const bcx_allocator *alloc)
{
	bcx_arena *arena = bcx_arena_new(alloc);
	if (!arena)
		return NULL;
	bcx_tileir_module *m = bcx_arena_calloc(arena, 1, sizeof *m);
	if (!m) {
		bcx_arena_free(arena);
		return NULL;
	}
	m->arena = arena;
	m->opts.alloc = alloc;
	m->opts.limits = bcx_limits_resolve(NULL);
	m->version = (bcx_tileir_version){13, 3, 0};
	return m;
}

void bcx_tileir_close(bcx_tileir_module *m)
{
	if (!m)
		return;
	if (m->tmp)
		bcx_free(m->opts.alloc, m->tmp, m->tmp_cap * 3 * sizeof *m->tmp);
	if (m->op_stack)
		bcx_free(m->opts.alloc, m->op_stack, m->op_stack_cap * sizeof *m->op_stack);
	for (size_t i = 0; m->body_arenas && i < m->n_functions; i++)
		bcx_arena_free(m->body_arenas[i]);
	bcx_arena_free(m->arena);
}

bcx_arena *bcx_tileir_arena(bcx_tileir_module *m) { return m->arena; }

size_t bcx_tileir_footprint(const bcx_tileir_module *m)
{
	size_t n = bcx_arena_footprint(m->arena);
	for (size_t i = 0; m->body_arenas && i < m->n_functions; i++)
		if (m->body_arenas[i])
			n += bcx_arena_footprint(m->body_arenas[i]);
	return n;
}

bcx_tileir_version bcx_tileir_get_version(const bcx_tileir_module *m) { return m->version; }

const bcx_tileir_section *bcx_tileir_get_section(const bcx_tileir_module *m, unsigned id)
{
	return id < BCX_TILEIR_SEC_COUNT ? &m->sections[id] : NULL;
}

size_t bcx_tileir_string_count(const bcx_tileir_module *m) { return m->n_strings; }

bcx_tileir_str bcx_tileir_string(const bcx_tileir_module *m, size_t i)
{
	if (i >= m->n_strings || !m->strings[i].ptr)
		return (bcx_tileir_str){(const uint8_t *)"", 0};
	return m->strings[i];
}

size_t bcx_tileir_type_count(const bcx_tileir_module *m) { return m->n_types; }

const bcx_tileir_type *bcx_tileir_type_at(const bcx_tileir_module *m, size_t i)
{
	return i < m->n_types && !(m->type_bad && m->type_bad[i]) ? &m->types[i] : NULL;
}

size_t bcx_tileir_constant_count(const bcx_tileir_module *m) { return m->n_constants; }

const bcx_tileir_constant *bcx_tileir_constant_at(const bcx_tileir_module *m, size_t i)
{
	return i < m->n_constants ? &m->constants[i] : NULL;
}

size_t bcx_tileir_global_count(const bcx_tileir_module *m) { return m->n_globals; }

const bcx_tileir_global *bcx_tileir_global_at(const bcx_tileir_module *m, size_t i)
{
	return i < m->n_globals ? &m->globals[i] : NULL;
}

bool bcx_tileir_producer(const bcx_tileir_module *m, bcx_tileir_str *out)
{
	if (!m->has_producer)
		return false;
	if (out)
		*out = bcx_tileir_string(m, m->producer);
	return true;
}

size_t bcx_tileir_debug_record_count(const bcx_tileir_module *m)
{
	return m->n_debug_records;
}

const bcx_tileir_debug_record *bcx_tileir_debug_record_at(const bcx_tileir_module *m,
							   size_t i)
{
	return i < m->n_debug_records ? &m->debug_records[i] : NULL;
}

size_t bcx_tileir_debug_list_count(const bcx_tileir_module *m) { return m->n_debug_lists; }

const bcx_tileir_debug_list *bcx_tileir_debug_list_at(const bcx_tileir_module *m, size_t i)
{
	return i < m->n_debug_lists ? &m->debug_lists[i] : NULL;
}

size_t bcx_tileir_function_count(const bcx_tileir_module *m) { return m->n_functions; }

const bcx_tileir_function *bcx_tileir_function_at(const bcx_tileir_module *m, size_t i)
{
	return i < m->n_functions ? &m->functions[i] : NULL;
}

long bcx_tileir_function_find(const bcx_tileir_module *m, const char *name, size_t len)
{
	for (size_t i = 0; i < m->n_functions; i++) {
		bcx_tileir_str s = bcx_tileir_string(m, m->functions[i].name);
		if (s.len == len && memcmp(s.ptr, name, len) == 0)
			return (long)i;
	}
	return -1;
}

size_t bcx_tileir_bodies_decoded(const bcx_tileir_module *m) { return m->bodies_decoded; }

bool bcx_tileir_is_tileir(const void *data, size_t size)
{
	static const uint8_t magic[8] = {0x7f, 'T', 'i', 'l', 'e', 'I', 'R', 0};
	return data && size >= 8 && memcmp(data, magic, 8) == 0;
}
