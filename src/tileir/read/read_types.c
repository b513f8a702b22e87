/* The type section (spec §7): every record decoded eagerly and verified;
 * an invalid one is refused where it is used (read_typeuse.c). */
#include "tileir/model/tables.h"
#include "tileir/read/read.h"


/* i32[] or i64[] (§3.4) into an arena array of int64_t. */
static const int64_t *read_int_array(bcx_tileir_module *m, bcx_cursor *c, unsigned width,
				     uint32_t *n, const char *what)
{
	*n = tir_count(c, width, what);
	int64_t *v = bcx_arena_calloc(m->arena, *n ? *n : 1, sizeof *v);
	if (!v) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return NULL;
	}
	for (uint32_t i = 0; i < *n && bcx_cur_ok(c); i++)
		v[i] = width == 4 ? (int64_t)(int32_t)bcx_cur_u32le(c, what)
				  : (int64_t)bcx_cur_u64le(c, what);
	return bcx_cur_ok(c) ? v : NULL;
}

static void read_dim_map(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_type *t)
{
	uint32_t n;
	const int64_t *v = read_int_array(m, c, 4, &n, "dim_map");
	int32_t *d = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *d);
	if (!v || !d) {
		bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		d[i] = (int32_t)v[i];
	t->dim_map = d;
	t->n_dim_map = n;
}

static void read_padding(bcx_cursor *c, bcx_tileir_type *t, bool present)
{
	if (!present)
		return;
	size_t at = bcx_cur_offset(c);
	uint64_t p = bcx_cur_uleb128(c, 64, "padding_value");
	if (bcx_cur_ok(c) && p >= bcx_tileir_enum_count(BCX_TILEIR_ENUM_PADDING))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "invalid integer value for enum type: %llu",
				(unsigned long long)p);
	t->has_padding = true;
	t->padding_value = (uint8_t)p;
}

static uint64_t read_view_flags(bcx_cursor *c)
{
	size_t at = bcx_cur_offset(c);
	uint64_t f = bcx_cur_uleb128(c, 64, "view flags");
	if (bcx_cur_ok(c) && (f & ~1ull))
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "unknown bits 0x%llx in the view flags",
				(unsigned long long)f);
	return f;
}

/* §7.3: partition_view changed layout at 13.3. */
static void read_partition_view(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_type *t)
{
	bool v133 = tir_at_least(m, BCX_TILEIR_V13_3);
	uint64_t flags = v133 ? read_view_flags(c) : 0;
	t->shape = read_int_array(m, c, 4, &t->rank, "tile_shape");
	t->elem = tir_index(c, m->n_types, "tensor_view type");
	read_dim_map(m, c, t);
	if (!v133)
		flags = bcx_cur_u8(c, "padding presence byte") != 0;
	read_padding(c, t, flags & 1);
}

static void read_other_view(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_type *t)
{
	uint64_t flags = read_view_flags(c);
	t->shape = read_int_array(m, c, 4, &t->rank, "tile_shape");
	if (t->tag == BCX_TILEIR_T_STRIDED_VIEW) {
		t->strides = read_int_array(m, c, 4, &t->n_strides, "traversal_strides");
		t->elem = tir_index(c, m->n_types, "tensor_view type");
		read_dim_map(m, c, t);
	} else {
		t->elem = tir_index(c, m->n_types, "tensor_view type");
		size_t at = bcx_cur_offset(c);
		uint64_t sd = bcx_cur_uleb128(c, 64, "sparse_dim");
		if (bcx_cur_ok(c) && sd > UINT32_MAX)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					"sparse_dim value %llu exceeds uint32_t range",
					(unsigned long long)sd);
		t->sparse_dim = (uint32_t)sd;
	}
	read_padding(c, t, flags & 1);
}

static void read_function_type(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_type *t)
{
	t->n_inputs = tir_count(c, 1, "function inputs");
	const uint8_t *mark = c->p;
	for (uint32_t i = 0; i < t->n_inputs; i++)
		tir_index(c, m->n_types, "function input type");
	t->n_outputs = tir_count(c, 1, "function results");
	uint32_t *p = bcx_arena_calloc(m->arena, (size_t)t->n_inputs + t->n_outputs + 1, sizeof *p);
	if (!bcx_cur_ok(c) || !p) {
		if (!p)
			bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
		return;
	}
	c->p = mark; /* second pass stores the indices read above */
	for (uint32_t i = 0; i < t->n_inputs; i++)
		p[i] = tir_index(c, m->n_types, "function input type");
	tir_count(c, 1, "function results");
	for (uint32_t i = 0; i < t->n_outputs; i++)
		p[t->n_inputs + i] = tir_index(c, m->n_types, "function result type");
	t->params = p;
}

static void read_params(bcx_tileir_module *m, bcx_cursor *c, bcx_tileir_type *t)
{
	uint32_t n;
	switch (t->tag) {
	case BCX_TILEIR_T_POINTER:
		t->elem = tir_index(c, m->n_types, "pointee type");
		break;
	case BCX_TILEIR_T_TILE:
		t->elem = tir_index(c, m->n_types, "elementType type");
		t->shape = read_int_array(m, c, 8, &t->rank, "tile shape");
		break;
	case BCX_TILEIR_T_TENSOR_VIEW:
		t->elem = tir_index(c, m->n_types, "elementType type");
		t->shape = read_int_array(m, c, 8, &t->rank, "tensor_view shape");
		t->strides = read_int_array(m, c, 8, &n, "tensor_view strides");
		t->n_strides = n;
		break;
	case BCX_TILEIR_T_PARTITION_VIEW:
		read_partition_view(m, c, t);
		break;
	case BCX_TILEIR_T_GATHER_SCATTER_VIEW:
	case BCX_TILEIR_T_STRIDED_VIEW:
		read_other_view(m, c, t);
		break;
	case BCX_TILEIR_T_FUNCTION:
		read_function_type(m, c, t);
		break;
	default:
		break;
	}
}

static bool read_record(bcx_tileir_module *m, bcx_cursor *c, uint32_t i, bcx_tileir_type *t)
{
	t->offset = (uint32_t)bcx_cur_offset(c);
	uint64_t tag = bcx_cur_uleb128(c, 64, "type tag");
	if (!bcx_cur_ok(c))
		return false;
	if (tag >= BCX_TILEIR_T_COUNT) {
		bcx_cur_fail_at(c, t->offset, BCX_ERR_MALFORMED, "unknown type tag: %llu (type %u)",
				(unsigned long long)tag, i);
		return false;
	}
	uint16_t since = bcx_tileir_type_tag_since((unsigned)tag);
	if (!tir_at_least(m, since)) {
		bcx_cur_fail_at(c, t->offset, BCX_ERR_UNSUPPORTED,
				"type '%s' requires bytecode version 13.%u+, file version is %u.%u",
				tir_type_class_name((unsigned)tag), since & 0xffu, m->version.major,
				m->version.minor);
		return false;
	}
	t->tag = (uint8_t)tag;
	read_params(m, c, t);
	if (bcx_cur_ok(c) && !bcx_cur_at_end(c))
		bcx_cur_fail(c, BCX_ERR_MALFORMED, "%zu unexpected bytes at the end of type %u",
			     bcx_cur_remaining(c), i);
	return bcx_cur_ok(c);
}

/* Record i into *t, errors into diag. Its range is checked here, on use,
 * as the reference checks it (§7.1), not when the offsets are read. */
bool tir_decode_type(bcx_tileir_module *m, uint32_t i, bcx_tileir_type *t, bcx_diag *diag)
{
	bcx_cursor r;
	bcx_cur_init(&r, m->data, m->size, diag);
	size_t data_at = (size_t)(m->type_data - m->data);
	uint64_t start = m->type_offs[i];
	uint64_t end = i + 1 < m->n_types ? m->type_offs[i + 1] : m->type_data_len;
	if (start > end || end > m->type_data_len) {
		t->offset = (uint32_t)(data_at - 4 * (m->n_types - i)); /* its offset entry */
		bcx_cur_fail_at(&r, t->offset, BCX_ERR_MALFORMED,
				"type %u has range [%llu, %llu) outside the %zu data bytes", i,
				(unsigned long long)start, (unsigned long long)end, m->type_data_len);
		return false;
	}
	r.p = m->type_data + start;
	r.end = m->type_data + end;
	return read_record(m, &r, i, t);
}

/* §7.1: decode and verify every record; a failing one is only marked. */
static bcx_status decode_all(bcx_tileir_module *m, bcx_diag *diag)
{
	for (uint32_t i = 0; i < m->n_types; i++) {
		bcx_diag why = {0};
		if (!tir_decode_type(m, i, &m->types[i], &why))
			m->type_bad[i] = TIR_TYPE_UNREADABLE;
		if (why.code == BCX_ERR_NOMEM)
			return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	for (uint32_t i = 0; i < m->n_types; i++) {
		bcx_cursor c;
		bcx_cur_init(&c, m->data, m->size, NULL);
		if (!m->type_bad[i] && !tir_verify_type(m, i, &c))
			m->type_bad[i] = TIR_TYPE_UNVERIFIED;
	}
	return BCX_OK;
}

bcx_status tir_read_types(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	tir_section_cursor(m, BCX_TILEIR_SEC_TYPE, &c, diag);
	uint32_t n = 0;
	uint64_t *offs = NULL;
	if (m->sections[BCX_TILEIR_SEC_TYPE].present &&
	    !tir_table_head(&c, 4, 4, "types", true, m->arena, &n, &offs))
		return c.status;
	m->types = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->types);
	m->type_bad = bcx_arena_calloc(m->arena, n ? n : 1, 1);
	if (!m->types || !m->type_bad)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	m->n_types = n;
	m->type_offs = offs;
	m->type_data = c.p;
	m->type_data_len = bcx_cur_remaining(&c);
	bcx_status s = decode_all(m, diag);
	return s == BCX_OK ? tir_type_propagate(m, diag) : s;
}
