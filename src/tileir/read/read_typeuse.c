/* Invalid type records (spec §7.1): NVIDIA's reader decodes a type the
 * first time something refers to it, so a record nothing uses may be
 * anything. bcx decodes every record up front (read_types.c), marks the
 * failing ones, and here marks every type that leads to one, so that a
 * use can be refused with the first invalid record's own message. */
#include "tileir/read/read.h"

/* Types a record refers to: an element type, or a signature's types. */
static uint32_t n_refs(const bcx_tileir_type *t)
{
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
	case BCX_TILEIR_T_TILE:
	case BCX_TILEIR_T_TENSOR_VIEW:
	case BCX_TILEIR_T_PARTITION_VIEW:
	case BCX_TILEIR_T_GATHER_SCATTER_VIEW:
	case BCX_TILEIR_T_STRIDED_VIEW:
		return 1;
	case BCX_TILEIR_T_FUNCTION:
		return t->n_inputs + t->n_outputs;
	default:
		return 0;
	}
}

static uint32_t ref_at(const bcx_tileir_type *t, uint32_t k)
{
	return t->tag == BCX_TILEIR_T_FUNCTION ? t->params[k] : t->elem;
}

/* Depth-first over the references with an explicit stack (each type is
 * pushed once). A type is bad if a type it refers to is bad, or if it
 * refers back to a type still open: the reference's recursion guard
 * fails such a cycle on use. */
bcx_status tir_type_propagate(bcx_tileir_module *m, bcx_diag *diag)
{
	size_t n = m->n_types;
	uint8_t *state = bcx_arena_calloc(m->arena, n ? n : 1, 1); /* 1 open, 2 done */
	uint32_t *node = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *node);
	uint32_t *edge = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *edge);
	if (!state || !node || !edge)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	uint8_t *bad = m->type_bad;
	for (size_t root = 0; root < n; root++) {
		if (state[root])
			continue;
		size_t sp = 1;
		node[0] = (uint32_t)root;
		edge[0] = 0;
		state[root] = 1;
		while (sp) {
			uint32_t v = node[sp - 1];
			const bcx_tileir_type *t = &m->types[v];
			if (bad[v] || edge[sp - 1] == n_refs(t)) {
				state[v] = 2;
				if (--sp && bad[v] && !bad[node[sp - 1]])
					bad[node[sp - 1]] = TIR_TYPE_LEADS_TO_BAD;
				continue;
			}
			uint32_t w = ref_at(t, edge[sp - 1]++);
			if (state[w] == 1 || (state[w] == 2 && bad[w])) {
				bad[v] = TIR_TYPE_LEADS_TO_BAD;
			} else if (!state[w]) {
				state[w] = 1;
				node[sp] = w;
				edge[sp++] = 0;
			}
		}
	}
	return BCX_OK;
}

/* Record t decoded again for its error, in a scratch arena so that asking
 * many times (the dump does, once per invalid type) costs no memory. */
static void decode_error(bcx_tileir_module *m, uint32_t t, bcx_diag *why)
{
	bcx_arena *keep = m->arena, *scratch = bcx_arena_new(m->opts.alloc);
	if (!scratch) {
		bcx_diag_set(why, BCX_ERR_NOMEM, -1, "out of memory");
		return;
	}
	bcx_tileir_type tmp = {0};
	m->arena = scratch;
	tir_decode_type(m, t, &tmp, why);
	m->arena = keep;
	bcx_arena_free(scratch);
}

/* Follows bad references from t to a record that fails by itself and
 * puts its error in *why. Valid types nest at most four deep (signature,
 * tile, pointer, scalar), so the hops are few unless types form a cycle. */
void tir_type_why(bcx_tileir_module *m, uint32_t t, bcx_diag *why)
{
	bcx_diag_clear(why);
	for (unsigned hop = 0; hop < 8; hop++) {
		if (m->type_bad[t] == TIR_TYPE_UNREADABLE) {
			decode_error(m, t, why);
			return;
		}
		if (m->type_bad[t] == TIR_TYPE_UNVERIFIED) {
			bcx_cursor c;
			bcx_cur_init(&c, m->data, m->size, why);
			tir_verify_type(m, t, &c);
			return;
		}
		const bcx_tileir_type *x = &m->types[t];
		uint32_t k = 0;
		while (k < n_refs(x) && !m->type_bad[ref_at(x, k)])
			k++;
		if (k == n_refs(x))
			break;
		t = ref_at(x, k);
	}
	bcx_diag_set(why, BCX_ERR_MALFORMED, m->types[t].offset,
		     "type %u refers to itself through other types", t);
}

bool tir_type_refuse(bcx_tileir_module *m, bcx_cursor *c, size_t at, uint32_t t,
		     const char *what)
{
	bcx_diag why;
	tir_type_why(m, t, &why);
	bcx_cur_fail_at(c, at, why.code ? why.code : BCX_ERR_MALFORMED,
			"%s: type %u cannot be used: %s", what, t, why.message);
	return false;
}

uint32_t tir_type_index(bcx_tileir_module *m, bcx_cursor *c, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint32_t t = tir_index(c, m->n_types, what);
	if (bcx_cur_ok(c) && m->type_bad[t]) {
		tir_type_refuse(m, c, at, t, what);
		return 0;
	}
	return t;
}
