/* The tables of an MLIR bytecode file (spec §4-§9): strings, dialects and
 * op names, attribute/type offsets, resources, properties. Each reader
 * takes the section's sub-cursor and must consume it exactly. */
#include "internal.h"

#include <string.h>

#define NAME(id) mbc_section_names[id]

static bcx_status done(bcx_cursor *c, unsigned id)
{
	if (bcx_cur_ok(c) && !bcx_cur_at_end(c))
		mbc_fail(c, NAME(id), "unexpected trailing data in the %s section", NAME(id));
	if (!bcx_cur_ok(c))
		bcx_diag_context(c->diag, "section %s", NAME(id));
	return c->status;
}

static bcx_status nomem(bcx_diag *d)
{
	return bcx_diag_set(d, BCX_ERR_NOMEM, -1, "out of memory");
}

static bcx_cursor sec_cursor(const mbc_module *m, unsigned id, bcx_diag *diag)
{
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	c.p = m->data + m->sec[id].off;
	c.end = c.p + m->sec[id].len;
	return c;
}

static bcx_status read_strings(mbc_module *m, bcx_diag *diag)
{
	bcx_cursor c = sec_cursor(m, MBC_SEC_STRING, diag);
	uint32_t n = mbc_count(&c, 2, "string count");
	if (!bcx_cur_ok(&c))
		return done(&c, MBC_SEC_STRING);
	m->strings = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->strings);
	if (!m->strings)
		return nomem(diag);
	m->nstrings = n;
	uint64_t total = 0;
	for (uint32_t k = 0; k < n && bcx_cur_ok(&c); k++) {
		uint64_t sz = mbc_varint(&c, "string size");
		if (bcx_cur_ok(&c) && (sz == 0 || sz > m->size))
			mbc_fail(&c, NAME(MBC_SEC_STRING), "invalid string size %llu",
				 (unsigned long long)sz);
		m->strings[n - 1 - k].n = (uint32_t)sz;
		total += sz;
	}
	if (bcx_cur_ok(&c) && total != bcx_cur_remaining(&c))
		mbc_fail(&c, NAME(MBC_SEC_STRING),
			 "unexpected trailing data between the offsets for strings and their data");
	for (uint32_t i = 0; i < n && bcx_cur_ok(&c); i++) {
		const uint8_t *p = bcx_cur_bytes(&c, m->strings[i].n, "string");
		if (p && p[m->strings[i].n - 1] != 0)
			mbc_fail(&c, NAME(MBC_SEC_STRING), "string %u is not NUL-terminated", i);
		m->strings[i].p = p;
		m->strings[i].n--;
	}
	return done(&c, MBC_SEC_STRING);
}

static bcx_status read_properties(mbc_module *m, bcx_diag *diag)
{
	if (!m->sec[MBC_SEC_PROPERTIES].present)
		return BCX_OK;
	bcx_cursor c = sec_cursor(m, MBC_SEC_PROPERTIES, diag);
	uint32_t n = mbc_count(&c, 1, "properties count");
	m->props = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->props);
	if (!m->props)
		return nomem(diag);
	m->nprops = n;
	for (uint32_t i = 0; i < n && bcx_cur_ok(&c); i++) {
		uint64_t len = mbc_varint(&c, "properties size");
		m->props[i].off = bcx_cur_offset(&c);
		m->props[i].len = len;
		bcx_cur_skip(&c, (size_t)(len > SIZE_MAX ? SIZE_MAX : len), "properties entry");
	}
	return done(&c, MBC_SEC_PROPERTIES);
}

static bcx_status opname_text(mbc_module *m, mbc_opname *o, bcx_diag *diag)
{
	mbc_str d = mbc_string(m, m->dialects[o->dialect].name);
	mbc_str s = mbc_string(m, o->name);
	size_t len = d.n + (s.n ? 1 + (size_t)s.n : 0);
	o->full = bcx_arena_alloc(m->arena, len + 1);
	if (!o->full)
		return nomem(diag);
	memcpy(o->full, d.p, d.n);
	if (s.n) {
		o->full[d.n] = '.';
		memcpy(o->full + d.n + 1, s.p, s.n);
	}
	o->full[len] = 0;
	o->full_len = (uint32_t)len;
	/* a file before v5 has no properties entries: MLIR 22 reads its
	 * inherent attributes by its own op definitions */
	o->cur = mbc_find_layout(mbc_release_current(), o->full, len);
	o->layout = m->version >= 5 ? mbc_find_layout(m->rel, o->full, len) : o->cur;
	return BCX_OK;
}

static void read_dialect(mbc_module *m, bcx_cursor *c, mbc_dialect *d)
{
	if (m->version < 1) {
		d->name = mbc_index(c, m->nstrings, "dialect name");
		return;
	}
	uint64_t v = mbc_varint(c, "dialect name");
	d->has_version = v & 1;
	if (bcx_cur_ok(c) && (v >> 1) >= m->nstrings)
		mbc_fail(c, NAME(MBC_SEC_DIALECT), "dialect name %llu out of range",
			 (unsigned long long)(v >> 1));
	d->name = (uint32_t)(v >> 1);
	if (!d->has_version || !bcx_cur_ok(c))
		return;
	unsigned id;
	uint64_t align;
	bcx_cursor sub;
	size_t at = bcx_cur_offset(c);
	if (mbc_section_hdr(c, &id, &sub, &align) && id != MBC_SEC_DIALECT_VERSIONS)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED,
				"expected a DialectVersions section (7), got %u", id);
	bcx_cur_join(c, &sub);
	d->ver_off = (uint64_t)(sub.p - m->data);
	d->ver_len = bcx_cur_remaining(&sub);
}

static bcx_status read_dialects(mbc_module *m, bcx_diag *diag)
{
	bcx_cursor c = sec_cursor(m, MBC_SEC_DIALECT, diag);
	size_t at = bcx_cur_offset(&c);
	uint32_t n = mbc_count(&c, 1, "dialect count");
	if (bcx_cur_ok(&c) && n > MBC_MAX_DIALECTS)
		bcx_cur_fail_at(&c, at, BCX_ERR_LIMIT, "%u dialects are more than bcx supports", n);
	if (!bcx_cur_ok(&c))
		return done(&c, MBC_SEC_DIALECT);
	m->dialects = bcx_arena_calloc(m->arena, n ? n : 1, sizeof *m->dialects);
	if (!m->dialects)
		return nomem(diag);
	m->ndialects = n;
	for (uint32_t i = 0; i < n && bcx_cur_ok(&c); i++)
		read_dialect(m, &c, &m->dialects[i]);
	uint64_t total = 0;
	if (m->version >= 4) {
		total = mbc_count(&c, 1, "op name count");
		m->opnames = bcx_arena_calloc(m->arena, total ? (size_t)total : 1, sizeof *m->opnames);
	} else {
		/* no total before v4: every op name takes at least one byte */
		total = bcx_cur_remaining(&c);
		m->opnames = bcx_arena_calloc(m->arena, total ? (size_t)total : 1, sizeof *m->opnames);
	}
	if (!m->opnames)
		return nomem(diag);
	uint32_t k = 0;
	while (bcx_cur_ok(&c) && !bcx_cur_at_end(&c)) {
		uint32_t dia = mbc_index(&c, m->ndialects, "op name dialect");
		uint32_t cnt = mbc_count(&c, 1, "op name group size");
		if (bcx_cur_ok(&c) && cnt > total - k)
			mbc_fail(&c, NAME(MBC_SEC_DIALECT), "more op names than the %llu declared",
				 (unsigned long long)total);
		for (uint32_t j = 0; j < cnt && bcx_cur_ok(&c); j++, k++) {
			mbc_opname *o = &m->opnames[k];
			o->dialect = dia;
			o->registered = -1;
			if (m->version >= 5) {
				uint64_t v = mbc_varint(&c, "op name");
				o->registered = (int8_t)(v & 1);
				o->name = (uint32_t)(v >> 1);
				if (bcx_cur_ok(&c) && (v >> 1) >= m->nstrings)
					mbc_fail(&c, NAME(MBC_SEC_DIALECT), "op name string out of range");
			} else {
				o->name = mbc_index(&c, m->nstrings, "op name");
			}
			if (bcx_cur_ok(&c) && opname_text(m, o, diag) != BCX_OK)
				return BCX_ERR_NOMEM;
		}
	}
	if (bcx_cur_ok(&c) && m->version >= 4 && k != total)
		mbc_fail(&c, NAME(MBC_SEC_DIALECT), "%u op names where %llu were declared", k,
			 (unsigned long long)total);
	m->nopnames = k;
	return done(&c, MBC_SEC_DIALECT);
}

/* One group run of the offset section: entries of `ents` from *k on. */
static void read_offsets(mbc_module *m, bcx_cursor *c, mbc_slot *ents, uint32_t n, uint64_t *pos)
{
	uint32_t k = 0;
	while (k < n && bcx_cur_ok(c)) {
		uint32_t dia = mbc_index(c, m->ndialects, "attribute/type dialect");
		uint32_t cnt = mbc_count(c, 1, "attribute/type group size");
		if (bcx_cur_ok(c) && cnt > n - k)
			mbc_fail(c, NAME(MBC_SEC_ATTRTYPE_OFFSET), "group of %u entries past the %u declared",
				 cnt, n);
		for (uint32_t j = 0; j < cnt && bcx_cur_ok(c); j++, k++) {
			uint64_t v = mbc_varint(c, "entry size");
			mbc_slot *e = &ents[k];
			e->dialect = dia | ((v & 1) ? MBC_SLOT_CUSTOM : 0);
			e->e = NULL;
			e->off = *pos;
			if (bcx_cur_ok(c) && (v >> 1) > m->sec[MBC_SEC_ATTRTYPE].len - (*pos - m->sec[MBC_SEC_ATTRTYPE].off))
				mbc_fail(c, NAME(MBC_SEC_ATTRTYPE_OFFSET),
					 "entry of %llu bytes past the end of the AttrType section",
					 (unsigned long long)(v >> 1));
			e->len = (uint32_t)(v >> 1);
			*pos += e->len;
		}
	}
}

static bcx_status read_attrtype_offsets(mbc_module *m, bcx_diag *diag)
{
	bcx_cursor c = sec_cursor(m, MBC_SEC_ATTRTYPE_OFFSET, diag);
	uint32_t na = mbc_count(&c, 1, "attribute count");
	uint32_t nt = mbc_count(&c, 1, "type count");
	if (bcx_cur_ok(&c) && (uint64_t)na + nt > bcx_cur_remaining(&c))
		mbc_fail(&c, NAME(MBC_SEC_ATTRTYPE_OFFSET), "%u attributes and %u types do not fit",
			 na, nt);
	if (!bcx_cur_ok(&c))
		return done(&c, MBC_SEC_ATTRTYPE_OFFSET);
	/* not zeroed: read_offsets fills every slot before anything reads one */
	m->attrs = mbc_alloc_array(m->arena, na ? na : 1, sizeof *m->attrs);
	m->types = mbc_alloc_array(m->arena, nt ? nt : 1, sizeof *m->types);
	if (!m->attrs || !m->types)
		return nomem(diag);
	m->nattrs = m->nall = na;
	m->cattrs = na ? na : 1;
	m->ntypes = nt;
	uint64_t pos = m->sec[MBC_SEC_ATTRTYPE].off;
	read_offsets(m, &c, m->attrs, na, &pos);
	read_offsets(m, &c, m->types, nt, &pos);
	if (bcx_cur_ok(&c) && pos != m->sec[MBC_SEC_ATTRTYPE].off + m->sec[MBC_SEC_ATTRTYPE].len)
		mbc_fail(&c, NAME(MBC_SEC_ATTRTYPE_OFFSET),
			 "the entries cover %llu of the %llu AttrType bytes",
			 (unsigned long long)(pos - m->sec[MBC_SEC_ATTRTYPE].off),
			 (unsigned long long)m->sec[MBC_SEC_ATTRTYPE].len);
	return done(&c, MBC_SEC_ATTRTYPE_OFFSET);
}

/* Decode one resource entry's bytes (§8). */
static void resource_payload(mbc_module *m, bcx_cursor *rc, mbc_resource *r)
{
	bcx_cursor e;
	if (!bcx_cur_sub(rc, (size_t)r->size, &e, "resource entry"))
		return;
	r->off = (uint64_t)(e.p - m->data);
	if (r->size == 0)
		return; /* a declaration only */
	if (r->kind == MBC_RES_BOOL) {
		r->value = bcx_cur_u8(&e, "resource bool");
	} else if (r->kind == MBC_RES_STRING) {
		r->value = mbc_index(&e, m->nstrings, "resource string");
	} else {
		r->align = mbc_varint(&e, "blob alignment");
		uint64_t len = mbc_varint(&e, "blob length");
		if (bcx_cur_ok(&e) && (r->align == 0 || (r->align & (r->align - 1)) || r->align > 4096))
			mbc_fail(&e, NAME(MBC_SEC_RESOURCE), "blob alignment %llu is invalid",
				 (unsigned long long)r->align);
		if (bcx_cur_ok(&e))
			bcx_cur_align(&e, (size_t)r->align, 0xCB);
		r->ndata = len;
		r->data = bcx_cur_bytes(&e, (size_t)(len > SIZE_MAX ? SIZE_MAX : len), "blob data");
	}
	if (bcx_cur_ok(&e) && !bcx_cur_at_end(&e))
		mbc_fail(&e, NAME(MBC_SEC_RESOURCE), "unexpected trailing bytes in a resource entry");
	bcx_cur_join(rc, &e);
}

static void resource_entries(mbc_module *m, bcx_cursor *c, bcx_cursor *rc, bool external,
			     uint32_t group)
{
	uint32_t n = mbc_count(c, 3, "resource count");
	for (uint32_t i = 0; i < n && bcx_cur_ok(c) && bcx_cur_ok(rc); i++) {
		mbc_resource *r = &m->res[m->nres++];
		r->external = external;
		r->group = group;
		r->key = mbc_index(c, m->nstrings, "resource key");
		r->size = mbc_varint(c, "resource size");
		size_t kat = bcx_cur_offset(c);
		r->kind = bcx_cur_u8(c, "resource kind");
		if (bcx_cur_ok(c) && r->kind >= MBC_RES_COUNT)
			bcx_cur_fail_at(c, kat, BCX_ERR_MALFORMED, "unknown resource kind %u", r->kind);
		if (bcx_cur_ok(c) && r->size > bcx_cur_remaining(rc))
			bcx_cur_fail_at(c, kat, BCX_ERR_MALFORMED, "resource size %llu past the Resource section",
					(unsigned long long)r->size);
		if (!external && bcx_cur_ok(c))
			m->dialect_res[m->ndialect_res++] = m->nres - 1;
		if (bcx_cur_ok(c))
			resource_payload(m, rc, r);
	}
}

static bcx_status read_resources(mbc_module *m, bcx_diag *diag)
{
	bool a = m->sec[MBC_SEC_RESOURCE].present, b = m->sec[MBC_SEC_RESOURCE_OFFSET].present;
	if (a != b)
		return bcx_diag_set(diag, BCX_ERR_MALFORMED, (int64_t)m->sec[a ? 5 : 6].hdr,
				    a ? "expected resource offset section when resource section is present"
				      : "expected resource section when resource offset section is present");
	if (!a)
		return BCX_OK;
	bcx_cursor c = sec_cursor(m, MBC_SEC_RESOURCE_OFFSET, diag);
	bcx_cursor rc = sec_cursor(m, MBC_SEC_RESOURCE, diag);
	/* every entry takes at least 3 bytes of the offset section */
	size_t cap = bcx_cur_remaining(&c) / 3 + 1;
	m->res = bcx_arena_calloc(m->arena, cap, sizeof *m->res);
	m->dialect_res = bcx_arena_calloc(m->arena, cap, sizeof *m->dialect_res);
	if (!m->res || !m->dialect_res)
		return nomem(diag);
	uint32_t next = mbc_count(&c, 2, "external resource group count");
	for (uint32_t i = 0; i < next && bcx_cur_ok(&c) && bcx_cur_ok(&rc); i++) {
		uint32_t name = mbc_index(&c, m->nstrings, "resource group name");
		resource_entries(m, &c, &rc, true, name);
	}
	while (bcx_cur_ok(&c) && bcx_cur_ok(&rc) && !bcx_cur_at_end(&c)) {
		uint32_t dia = mbc_index(&c, m->ndialects, "resource dialect");
		resource_entries(m, &c, &rc, false, dia);
	}
	/* the two cursors stop at the first failure of either */
	if (!bcx_cur_ok(&rc)) {
		bcx_diag_context(diag, "section %s", NAME(MBC_SEC_RESOURCE));
		return rc.status;
	}
	if (!bcx_cur_ok(&c))
		return done(&c, MBC_SEC_RESOURCE_OFFSET);
	if (!bcx_cur_at_end(&rc))
		mbc_fail(&rc, NAME(MBC_SEC_RESOURCE), "unexpected trailing data in the Resource section");
	if (!bcx_cur_ok(&rc))
		return rc.status;
	return done(&c, MBC_SEC_RESOURCE_OFFSET);
}

/* Sections, then tables in the reader's order (§3). */
static bcx_status read_sections(mbc_module *m, bcx_cursor *c)
{
	while (bcx_cur_ok(c) && !bcx_cur_at_end(c)) {
		size_t hdr = bcx_cur_offset(c);
		unsigned id;
		uint64_t align;
		bcx_cursor sub;
		if (!mbc_section_hdr(c, &id, &sub, &align))
			break;
		if (id == MBC_SEC_DIALECT_VERSIONS)
			return bcx_cur_fail_at(c, hdr, BCX_ERR_MALFORMED,
					       "DialectVersions section outside the Dialect section");
		if (m->sec[id].present)
			return bcx_cur_fail_at(c, hdr, BCX_ERR_MALFORMED, "duplicate top-level section: %s",
					       NAME(id));
		m->sec[id] = (mbc_section){true, hdr, (uint64_t)(sub.p - m->data),
					   bcx_cur_remaining(&sub), align};
		m->sec_order[m->nsec++] = (uint8_t)id;
	}
	if (!bcx_cur_ok(c))
		return c->status;
	static const unsigned required[] = {MBC_SEC_STRING, MBC_SEC_DIALECT, MBC_SEC_ATTRTYPE,
					    MBC_SEC_ATTRTYPE_OFFSET, MBC_SEC_IR};
	for (size_t i = 0; i < sizeof required / sizeof *required; i++)
		if (!m->sec[required[i]].present)
			return bcx_cur_fail(c, BCX_ERR_MALFORMED, "missing data for top-level section: %s",
					    NAME(required[i]));
	if (m->version >= 5 && !m->sec[MBC_SEC_PROPERTIES].present)
		return bcx_cur_fail(c, BCX_ERR_MALFORMED,
				    "missing data for top-level section: Properties");
	if (m->version < 5 && m->sec[MBC_SEC_PROPERTIES].present)
		return bcx_cur_fail_at(c, (size_t)m->sec[MBC_SEC_PROPERTIES].hdr, BCX_ERR_MALFORMED,
				       "Properties section in a version %llu file",
				       (unsigned long long)m->version);
	return BCX_OK;
}

bcx_status mbc_read_tables(mbc_module *m, bcx_diag *diag)
{
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	const uint8_t *magic = bcx_cur_bytes(&c, 4, "magic");
	if (magic && memcmp(magic, "ML\xefR", 4) != 0)
		return bcx_cur_fail_at(&c, 0, BCX_ERR_MALFORMED, "invalid magic: not MLIR bytecode");
	size_t vat = bcx_cur_offset(&c);
	m->version = mbc_varint(&c, "version");
	if (bcx_cur_ok(&c) && m->version > MBC_MAX_VERSION)
		return bcx_cur_fail_at(&c, vat, BCX_ERR_UNSUPPORTED,
				       "bytecode version %llu is newer than the current version %d",
				       (unsigned long long)m->version, MBC_MAX_VERSION);
	m->producer_off = bcx_cur_offset(&c);
	const uint8_t *p = c.p;
	size_t left = bcx_cur_remaining(&c);
	const uint8_t *nul = bcx_cur_ok(&c) ? memchr(p, 0, left) : NULL;
	if (bcx_cur_ok(&c) && !nul)
		return bcx_cur_fail(&c, BCX_ERR_TRUNCATED, "producer string is not NUL-terminated");
	if (!bcx_cur_ok(&c))
		return c.status;
	m->producer = (mbc_str){p, (uint32_t)(nul - p)};
	bcx_cur_skip(&c, (size_t)(nul - p) + 1, "producer");
	m->rel = mbc_release_for(m->producer, m->version, m->rel_note, sizeof m->rel_note);
	BCX_TRY(read_sections(m, &c));
	BCX_TRY(read_strings(m, diag));
	BCX_TRY(read_properties(m, diag));
	BCX_TRY(read_dialects(m, diag));
	BCX_TRY(read_resources(m, diag));
	return read_attrtype_offsets(m, diag);
}
