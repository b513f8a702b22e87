/* Opening a Tile IR module: header (spec §4), section framing (§5) and the
 * order in which the tables are parsed. Bodies stay undecoded (lazy). */
#include "common/internal.h"
#include "tileir/read/read.h"

#include <string.h>

static const uint8_t tir_magic[8] = {0x7f, 'T', 'i', 'l', 'e', 'I', 'R', 0};

/* §4: magic, u8 major, u8 minor, u16 tag; 13.1..13.3 with any tag. */
static bcx_status read_header(bcx_tileir_module *m, bcx_cursor *c)
{
	for (size_t i = 0; i < 8; i++) {
		if (bcx_cur_at_end(c))
			return bcx_cur_fail(c, BCX_ERR_TRUNCATED,
					    "failed to parse bytecode header: file ends inside the magic number");
		uint8_t b = bcx_cur_u8(c, "magic");
		if (b != tir_magic[i])
			return bcx_cur_fail_at(c, i, BCX_ERR_MALFORMED,
					       "invalid magic number at position %zu, got %u expected %u",
					       i, b, tir_magic[i]);
	}
	if (bcx_cur_remaining(c) < 4)
		return bcx_cur_fail(c, BCX_ERR_TRUNCATED,
				    "failed to parse bytecode header: truncated version");
	m->version.major = bcx_cur_u8(c, "major version");
	m->version.minor = bcx_cur_u8(c, "minor version");
	m->version.tag = bcx_cur_u16le(c, "version tag");
	if (!bcx_tileir_version_supported(m->version.major, m->version.minor))
		return bcx_cur_fail_at(c, 8, BCX_ERR_UNSUPPORTED,
				       "unsupported Tile version %u.%u.%u, this reader supports versions [%u.%u - %u.%u]",
				       m->version.major, m->version.minor, m->version.tag,
				       BCX_TILEIR_V_MIN >> 8, BCX_TILEIR_V_MIN & 0xFF,
				       BCX_TILEIR_V_MAX >> 8, BCX_TILEIR_V_MAX & 0xFF);
	m->max_opcode = bcx_tileir_max_opcode(bcx_tileir_vkey(m->version));
	return BCX_OK;
}

static bcx_status check_alignment(bcx_cursor *c, size_t at, unsigned id, bool flag,
				  uint64_t align)
{
	uint32_t req = bcx_tileir_section_alignment(id); /* §5.1 */
	if (req <= 1)
		return BCX_OK;
	if (!flag)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "section %u must have alignment that is a multiple of %u bytes, but has no alignment flag set",
				       id, req);
	if (align % req)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				       "section %u must have alignment that is a multiple of %u bytes, but has alignment of %llu",
				       id, req, (unsigned long long)align);
	return BCX_OK;
}

/* One section header and payload; *done is set at the end marker. */
static bcx_status read_section(bcx_tileir_module *m, bcx_cursor *c, bool *done)
{
	size_t at = bcx_cur_offset(c);
	if (bcx_cur_at_end(c))
		return bcx_cur_fail(c, BCX_ERR_TRUNCATED,
				    "unexpected end of data while reading section header");
	uint8_t idb = bcx_cur_u8(c, "section id");
	unsigned id = idb & 0x7fu;
	bool flag = (idb & 0x80u) != 0;
	if (id == 0) {
		if (flag)
			return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					       "end section should not have alignment flag set");
		if (!bcx_cur_at_end(c))
			return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					       "end section is not the last section (%zu bytes follow)",
					       bcx_cur_remaining(c));
		*done = true;
		return BCX_OK;
	}
	if (id >= BCX_TILEIR_SEC_COUNT)
		return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "unknown section ID: %u", id);
	uint64_t len = bcx_cur_uv(c, 64, "failed to read section length");
	if (bcx_cur_ok(c) && len > bcx_cur_remaining(c))
		return bcx_cur_fail_at(c, at, BCX_ERR_TRUNCATED,
				       "section length %llu exceeds remaining data size %zu",
				       (unsigned long long)len, bcx_cur_remaining(c));
	uint64_t align = 1;
	if (flag) {
		align = bcx_cur_uv(c, 64, "failed to read section alignment");
		if (bcx_cur_ok(c) && (align == 0 || (align & (align - 1)) || align > (1u << 20)))
			return bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
					       "invalid alignment value: %llu", (unsigned long long)align);
		bcx_cur_align(c, (size_t)align, -1);
	}
	if (!bcx_cur_ok(c) || check_alignment(c, at, id, flag, align) != BCX_OK)
		return c->status;
	size_t payload = bcx_cur_offset(c);
	if (!bcx_cur_skip(c, (size_t)len, "section payload"))
		return c->status;
	/* §5: a repeated id replaces the earlier payload, as in the reference's
	 * readBytecode; the earlier copy was framed and checked all the same. */
	if (m->sections[id].present && m->n_ignored++ < TIR_MAX_IGNORED)
		m->ignored[m->n_ignored - 1] = m->sections[id];
	m->sections[id] = (bcx_tileir_section){true, (uint8_t)id, (uint32_t)at, (uint32_t)payload,
					       (uint32_t)len, (uint32_t)align};
	return BCX_OK;
}

bool tir_section_cursor(bcx_tileir_module *m, unsigned id, bcx_cursor *c, bcx_diag *diag)
{
	const bcx_tileir_section *s = &m->sections[id];
	bcx_cur_init(c, m->data, m->size, diag);
	if (!s->present) {
		c->end = c->p;
		return false;
	}
	c->p = m->data + s->payload_offset;
	c->end = c->p + s->length;
	return true;
}

uint32_t tir_index(bcx_cursor *c, uint64_t limit, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint64_t v = bcx_cur_uv(c, 64, what);
	if (bcx_cur_ok(c) && v >= limit) {
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%s: index %llu out of bounds (size %llu)",
				what, (unsigned long long)v, (unsigned long long)limit);
		return 0;
	}
	return (uint32_t)v;
}

uint32_t tir_count(bcx_cursor *c, size_t min_bytes, const char *what)
{
	size_t at = bcx_cur_offset(c);
	uint64_t v = bcx_cur_uv(c, 64, what);
	if (!bcx_cur_ok(c))
		return 0;
	size_t left = bcx_cur_remaining(c);
	if (v > TIR_MAX_COUNT || (min_bytes == 1 ? v > left : min_bytes && v > left / min_bytes)) {
		bcx_cur_fail_at(c, at, BCX_ERR_LIMIT, "%s: count %llu exceeds the %zu bytes left",
				what, (unsigned long long)v, bcx_cur_remaining(c));
		return 0;
	}
	return (uint32_t)v;
}

static bcx_status read_framing(bcx_tileir_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	if (m->size > UINT32_MAX)
		return bcx_diag_set(diag, BCX_ERR_LIMIT, 0, "file larger than 4 GiB");
	if (read_header(m, &c) != BCX_OK)
		return c.status;
	for (bool done = false; !done;)
		if (read_section(m, &c, &done) != BCX_OK)
			return c.status;
	if (!m->sections[BCX_TILEIR_SEC_STRING].present)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, (int64_t)m->size,
				    "string section is mandatory");
	if (!m->sections[BCX_TILEIR_SEC_FUNCTION].present)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, (int64_t)m->size,
				    "function section is mandatory");
	return BCX_OK;
}

bcx_status bcx_tileir_open(const void *data, size_t size, const bcx_tileir_read_options *opts,
			   bcx_tileir_module **out, bcx_diag *diag)
{
	*out = NULL;
	if (!data && size)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no input");
	bcx_tileir_read_options o;
	bcx_options_copy(&o, sizeof o, opts);
	bcx_tileir_module *m = bcx_tileir_module_new(o.alloc);
	if (!m)
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	m->opts = o;
	m->opts.limits = bcx_limits_resolve(&m->opts.limits);
	m->data = data;
	m->size = size;
	bcx_status s = read_framing(m, diag);
	/* Dependency order of the reference reader (§5.1), debug before the
	 * function table so that location list numbers can be checked. */
	if (s == BCX_OK)
		s = tir_read_strings(m, diag);
	if (s == BCX_OK)
		s = tir_read_producer(m, diag);
	if (s == BCX_OK)
		s = tir_read_types(m, diag);
	if (s == BCX_OK)
		s = tir_read_constants(m, diag);
	if (s == BCX_OK)
		s = tir_read_globals(m, diag);
	if (s == BCX_OK)
		s = tir_read_debug(m, diag);
	if (s == BCX_OK)
		s = tir_read_functions(m, diag);
	if (s != BCX_OK) {
		bcx_tileir_close(m);
		return s;
	}
	*out = m;
	return BCX_OK;
}

bcx_status bcx_tileir_read(const void *data, size_t size, const bcx_tileir_read_options *opts,
			   bcx_tileir_module **out, bcx_diag *diag)
{
	bcx_status s = bcx_tileir_open(data, size, opts, out, diag);
	for (size_t i = 0; s == BCX_OK && i < (*out)->n_functions; i++) {
		const bcx_tileir_body *b;
		s = bcx_tileir_body_get(*out, i, &b, diag);
	}
	if (s != BCX_OK && *out) {
		bcx_tileir_close(*out);
		*out = NULL;
	}
	return s;
}
