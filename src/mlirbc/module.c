/* Opening and closing an MLIR bytecode module. */
#include "internal.h"

#include <string.h>

bool bcx_mlirbc_is_mlirbc(const void *data, size_t size)
{
	return data && size >= 4 && memcmp(data, "ML\xefR", 4) == 0;
}

bcx_status bcx_mlirbc_open(const void *data, size_t size, const bcx_allocator *a,
			   bcx_mlirbc_module **out, bcx_diag *diag)
{
	if (!out || (!data && size))
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no input or no output handle");
	*out = NULL;
	bcx_arena *arena = bcx_arena_new(a);
	mbc_module *m = arena ? bcx_arena_calloc(arena, 1, sizeof *m) : NULL;
	if (!m) {
		bcx_arena_free(arena);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	m->arena = arena;
	m->data = data ? data : (const uint8_t *)"";
	m->size = size;
	bcx_status s = mbc_read_tables(m, diag);
	if (s == BCX_OK)
		s = mbc_read_ir(m, diag);
	if (s != BCX_OK) {
		bcx_mlirbc_close(m);
		return s;
	}
	*out = m;
	return BCX_OK;
}

void bcx_mlirbc_close(bcx_mlirbc_module *m)
{
	if (!m)
		return;
	bcx_free(bcx_arena_allocator(m->arena), m->values, m->cvalues * sizeof *m->values);
	mbc_pool_free(&m->pool);
	bcx_arena_free(m->arena);
}

bcx_status bcx_mlirbc_load_all(bcx_mlirbc_module *m, bcx_diag *diag)
{
	if (!m)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no module");
	BCX_TRY(mbc_materialize_all(m, &m->root, diag));
	const mbc_ent *e;
	for (uint32_t i = 0; i < m->nattrs; i++)
		BCX_TRY(mbc_attr(m, i, &e, diag));
	for (uint32_t i = 0; i < m->ntypes; i++)
		BCX_TRY(mbc_type(m, i, &e, diag));
	return BCX_OK;
}

void bcx_mlirbc_get_info(const bcx_mlirbc_module *m, bcx_mlirbc_info *info)
{
	memset(info, 0, sizeof *info);
	if (!m)
		return;
	info->version = m->version;
	info->producer = m->producer.p;
	info->producer_len = m->producer.n;
	info->strings = m->nstrings;
	info->dialects = m->ndialects;
	info->op_names = m->nopnames;
	info->attrs = m->nattrs;
	info->types = m->ntypes;
	info->resources = m->nres;
	info->properties = m->nprops;
	info->ops = m->nops;
	info->lazy_regions = m->nlazy;
	info->lazy_loaded = m->nlazy_loaded;
	info->layouts_release = m->rel ? mbc_release_major(m->rel) : 0;
	info->layouts_note = m->rel_note[0] ? m->rel_note : NULL;
}

_Static_assert(MBC_SEC_COUNT == BCX_MLIRBC_SECTIONS, "bcx/mlirbc.h names every section id");

bcx_mlirbc_section bcx_mlirbc_get_section(const bcx_mlirbc_module *m, unsigned id)
{
	bcx_mlirbc_section out = {0};
	if (!m || id >= MBC_SEC_COUNT)
		return out;
	const mbc_section *s = &m->sec[id];
	out.present = s->present;
	out.name = mbc_section_names[id];
	out.header_offset = s->hdr;
	out.offset = s->off;
	out.length = s->len;
	out.alignment = s->align ? s->align : 1;
	return out;
}
