/* Writing the model as MLIR bytecode (spec §3-§8): the numbering walk,
 * MLIR's ordering of attributes, types and op names (reference count, then
 * dialect groups per varint byte width), and the table sections, in the
 * order MLIR 22 writes them: Dialect, AttrTypeOffset, AttrType, IR,
 * ResourceOffset, Resource, String, Properties. */
#include "wwriter.h"

#include "bcx/varint.h"

#include <stdlib.h>
#include <string.h>

/* On the heap: a list of a million entries grows by doubling, and in the
 * arena every smaller copy would stay behind. */
bool mw_list_push(mw_writer *w, mw_list *l, uint32_t v)
{
	if (!MW_HEAP_ROOM(w->m, l->v, l->n, l->cap))
		return false;
	l->v[l->n++] = v;
	return true;
}

static void list_free(mw_writer *w, mw_list *l)
{
	mw_heap_free(w->m, l->v, l->cap * sizeof *l->v);
	*l = (mw_list){0};
}

uint32_t mw_str_out(mw_writer *w, uint32_t s)
{
	if (!w->str_index[s]) {
		mw_list_push(w, &w->strs, s);
		w->str_index[s] = w->strs.n;
	}
	return w->str_index[s] - 1;
}

/* ------------------------------------------------------------------ */
/* Numbering (spec §6, "Numbering walk")                               */
/* ------------------------------------------------------------------ */

static void number_dialect(mw_writer *w, uint32_t d)
{
	if (w->m->dialects[d].number < 0) {
		w->m->dialects[d].number = (int32_t)w->dialects.n;
		mw_list_push(w, &w->dialects, d);
	}
}

static void number_ent(mw_writer *w, uint32_t id);

/* Number what a template refers to, in its order. */
static void number_refs(mw_writer *w, const uint8_t *t, uint32_t n)
{
	for (uint32_t i = 0; i + MW_REC_SIZE <= n;) {
		uint32_t v;
		memcpy(&v, t + i + 1, 4);
		uint8_t tag = t[i];
		i += MW_REC_SIZE;
		if (tag == MW_REC_RAW)
			i += v;
		else if (tag == MW_REC_ATTR || tag == MW_REC_TYPE || tag == MW_REC_OPTATTR)
			number_ent(w, v);
		else if (tag == MW_REC_RES)
			w->m->res[v].referenced = true;
	}
}

static void number_ent(mw_writer *w, uint32_t id)
{
	mw_module *m = w->m;
	mw_ent *e = &m->ent[id];
	if (e->refs++)
		return;
	mw_list_push(w, e->flags & MW_E_TYPE ? &w->types : &w->attrs, id);
	number_dialect(w, e->dialect);
	if (e->flags & MW_E_CUSTOM)
		number_refs(w, m->ents.pool.data + e->tpl, e->ntpl);
}

/* A location: an entry, or an own location, which refers to the file's
 * StringAttr as the entry it stands for would. */
static void number_loc(mw_writer *w, uint32_t loc)
{
	mw_module *m = w->m;
	loc = mw_loc_ref(m, loc);
	if (!(loc & MW_OWN_LOC)) {
		number_ent(w, loc);
		return;
	}
	mw_ownloc *o = &m->own[loc & ~MW_OWN_LOC];
	if (o->index != MW_NONE)
		return;
	o->index = 0; /* numbered; its place follows the ordering */
	mw_list_push(w, &w->attrs, loc);
	number_dialect(w, m->builtin);
	number_ent(w, m->own_file);
}

uint32_t mw_loc_index(const mw_writer *w, uint32_t loc)
{
	const mw_module *m = w->m;
	loc = mw_loc_ref(m, loc);
	return loc & MW_OWN_LOC ? m->own[loc & ~MW_OWN_LOC].index : m->ent[loc].index;
}

static void number_op(mw_writer *w, mw_op *op)
{
	mw_module *m = w->m;
	mw_opname *on = &m->opnames[op->name];
	if (!on->refs++) {
		number_dialect(w, on->dialect);
		mw_list_push(w, &w->names, op->name);
	}
	for (uint32_t i = 0; i < op->nres; i++) {
		m->values[op->first_res + i].id = w->next_value++ & 0x7fffffffu;
		number_ent(w, m->values[op->first_res + i].type);
	}
	if (op->dict != MW_NONE)
		number_ent(w, op->dict);
	if (op->has_props)
		number_refs(w, m->scratch2.data + op->ptpl, op->nptpl);
	number_loc(w, op->loc);
}

static void number_region(mw_writer *w, mw_region *r)
{
	mw_module *m = w->m;
	uint32_t first = w->next_value;
	for (uint32_t b = 0; b < r->nblocks; b++) {
		mw_block *blk = &r->blocks[b];
		for (uint32_t i = 0; i < blk->nargs; i++) {
			mw_value *v = &m->values[blk->first_arg + i];
			v->id = w->next_value++ & 0x7fffffffu;
			number_loc(w, v->loc == MW_NONE ? w->unknown_loc : v->loc);
			number_ent(w, v->type);
		}
		for (uint32_t i = 0; i < blk->nops; i++)
			number_op(w, &m->ops[blk->ops[i]]);
	}
	r->nvalues = w->next_value - first;
}

typedef struct region_job {
	mw_region *r;
	uint32_t first_value;
} region_job;

static bool push_regions(mw_writer *w, mw_op *op, region_job **stack, size_t *n, size_t *cap)
{
	for (uint32_t r = 0; r < op->nregions; r++) {
		if (!BCX_VEC_ROOM(w->m->arena, *stack, *n, *cap))
			return mw_fail(w->m, BCX_ERR_NOMEM, "out of memory"), false;
		(*stack)[(*n)++] = (region_job){&op->regions[r], op->isolated ? 0 : w->next_value};
	}
	return true;
}

/* MLIR's walk: the root, then a LIFO worklist of regions, so the last
 * op's last region is numbered first; a region's values follow those of
 * the region around it, or start at 0 under an isolated op. */
static void number_all(mw_writer *w)
{
	mw_module *m = w->m;
	region_job *stack = NULL;
	size_t n = 0, cap = 0;
	number_op(w, &m->ops[0]);
	bool ok = push_regions(w, &m->ops[0], &stack, &n, &cap);
	while (ok && n) {
		region_job j = stack[--n];
		w->next_value = j.first_value;
		number_region(w, j.r);
		for (uint32_t b = 0; b < j.r->nblocks && ok; b++)
			for (uint32_t k = 0; k < j.r->blocks[b].nops && ok; k++)
				ok = push_regions(w, &m->ops[j.r->blocks[b].ops[k]], &stack, &n, &cap);
	}
}

/* ------------------------------------------------------------------ */
/* Ordering                                                            */
/* ------------------------------------------------------------------ */

/* Sorting: a stable radix sort of the ids by a 32-bit key computed from
 * each id (its reference count, its index in the file, its dialect), a
 * byte at a time, lowest first. Equal keys keep their order, as MLIR's
 * llvm::stable_sort does. Its scratch is one id an item (4 bytes; a merge
 * sort of (key, position) pairs took 16), and a byte that is the same in
 * every key takes no pass: counts below 2^8 sort in one. */

typedef struct sort_ctx {
	const mw_module *m;
	bool names;         /* op names, not entries */
	uint32_t first;     /* dialect grouping: the dialect put first */
} sort_ctx;

typedef uint32_t sort_key_fn(const sort_ctx *c, uint32_t id);

static void radix_sort(const sort_ctx *c, sort_key_fn *key, uint32_t *ids, uint32_t *tmp,
		       size_t n)
{
	size_t count[4][256];
	memset(count, 0, sizeof count);
	for (size_t i = 0; i < n; i++) {
		uint32_t k = key(c, ids[i]);
		for (unsigned b = 0; b < 4; b++)
			count[b][(k >> (8 * b)) & 255]++;
	}
	uint32_t *src = ids, *dst = tmp;
	for (unsigned b = 0; b < 4 && n; b++) {
		if (count[b][(key(c, src[0]) >> (8 * b)) & 255] == n)
			continue;
		size_t at[256], sum = 0;
		for (unsigned d = 0; d < 256; d++) {
			at[d] = sum;
			sum += count[b][d];
		}
		for (size_t i = 0; i < n; i++)
			dst[at[(key(c, src[i]) >> (8 * b)) & 255]++] = src[i];
		uint32_t *t = src;
		src = dst;
		dst = t;
	}
	if (src != ids)
		memcpy(ids, src, n * sizeof *ids);
}

/* The dialect number of an op name, an entry or an own location. */
static uint32_t item_dialect(const sort_ctx *c, uint32_t id)
{
	const mw_module *m = c->m;
	uint32_t d = c->names ? m->opnames[id].dialect
			      : id & MW_OWN_LOC ? m->builtin : m->ent[id].dialect;
	return (uint32_t)m->dialects[d].number;
}

/* Most references first. */
static uint32_t by_refs(const sort_ctx *c, uint32_t id)
{
	const mw_module *m = c->m;
	return UINT32_MAX - (c->names ? m->opnames[id].refs
			     : id & MW_OWN_LOC ? 1 : m->ent[id].refs);
}

/* An entry read from a file at its index there, new ones after them. */
static uint32_t by_file_index(const sort_ctx *c, uint32_t id)
{
	const mw_module *m = c->m;
	return !(id & MW_OWN_LOC) && m->ent[id].src ? m->ent[id].src - 1 : UINT32_MAX;
}

static uint32_t by_dialect(const sort_ctx *c, uint32_t id)
{
	uint32_t d = item_dialect(c, id);
	return d == c->first ? 0 : d + 1;
}

/* groupByDialectPerByte: within the first 2^7 entries (one-byte indices),
 * then each further range whose indices take one more byte, a stable sort
 * by dialect, with the dialect that ended the previous range first. */
static void group_by_dialect(sort_ctx *c, uint32_t *ids, uint32_t *tmp, size_t n)
{
	size_t done = 0, group = 0;
	c->first = 0;
	for (unsigned i = 1; i < 9 && done < n; i++) {
		group = ((size_t)1 << (7 * i)) - group;
		size_t k = n - done < group ? n - done : group;
		radix_sort(c, by_dialect, ids + done, tmp, k);
		c->first = item_dialect(c, ids[done + k - 1]);
		done += k;
	}
}

/* Sort a numbered list into its final order and set each entry's index:
 * by reference count, most first, then grouped by dialect. pinned:
 * entries read from a file keep their index (opaque bytes may refer to
 * them), new ones follow. */
static bool order(mw_writer *w, mw_list *l, bool names)
{
	mw_module *m = w->m;
	size_t n = l->n;
	/* on the heap, given back at once */
	uint32_t *tmp = NULL;
	size_t ctmp = 0;
	if (!MW_HEAP_ROOM(m, tmp, n, ctmp))
		return false;
	sort_ctx c = {m, names, 0};
	if (m->pinned && !names) {
		radix_sort(&c, by_file_index, l->v, tmp, n);
	} else {
		radix_sort(&c, by_refs, l->v, tmp, n);
		group_by_dialect(&c, l->v, tmp, n);
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t id = l->v[i];
		if (names)
			m->opnames[id].index = (uint32_t)i;
		else if (id & MW_OWN_LOC)
			m->own[id & ~MW_OWN_LOC].index = (uint32_t)i;
		else
			m->ent[id].index = (uint32_t)i;
	}
	mw_heap_free(m, tmp, ctmp * sizeof *tmp);
	return true;
}

/* Pinned: every entry read from the file is written, referenced or not. */
static void keep_read_entries(mw_writer *w)
{
	mw_module *m = w->m;
	for (uint32_t id = 0; id < m->ents.n; id++)
		if (m->ent[id].src && !m->ent[id].refs)
			number_ent(w, id);
}

/* ------------------------------------------------------------------ */
/* Emission                                                            */
/* ------------------------------------------------------------------ */

void mw_emit_template(mw_writer *w, bcx_buf *b, const uint8_t *t, uint32_t n)
{
	mw_module *m = w->m;
	for (uint32_t i = 0; i + MW_REC_SIZE <= n;) {
		uint32_t v;
		memcpy(&v, t + i + 1, 4);
		uint8_t tag = t[i];
		i += MW_REC_SIZE;
		switch (tag) {
		case MW_REC_RAW:
			bcx_buf_put_bytes(b, t + i, v);
			i += v;
			break;
		case MW_REC_ATTR:
		case MW_REC_TYPE:
			mw_put_varint(b, m->ent[v].index);
			break;
		case MW_REC_OPTATTR:
			mw_put_varint(b, ((uint64_t)m->ent[v].index << 1) | 1);
			break;
		case MW_REC_STR:
			mw_put_varint(b, mw_str_out(w, v));
			break;
		case MW_REC_RES:
			mw_put_varint(b, m->res[v].handle);
			break;
		}
	}
}

static void section_bytes(bcx_buf *dst, unsigned id, const uint8_t *p, size_t n, uint64_t align)
{
	size_t hdr = dst->len;
	bcx_buf_put_u8(dst, (uint8_t)id);
	mw_put_varint(dst, n);
	if (align > 1 && (dst->len & (align - 1))) {
		mw_put_varint(dst, align);
		bcx_buf_pad_to(dst, (size_t)align, 0xCB);
		if (dst->status == BCX_OK)
			dst->data[hdr] |= 0x80;
	}
	bcx_buf_put_bytes(dst, p, n);
}

void mw_emit_section(bcx_buf *dst, unsigned id, const bcx_buf *data, uint64_t align)
{
	section_bytes(dst, id, data->data, data->len, align);
}

/* A section written in place: its id and room for the longest length,
 * closed by moving the body back over the room its length does not take
 * (a body of megabytes moves once, where a buffer of its own would be a
 * second copy of it, and of every nested one). */
#define MW_LEN_ROOM BCX_PREFIXVARINT_MAX

size_t mw_section_open(bcx_buf *dst, unsigned id)
{
	static const uint8_t room[MW_LEN_ROOM];
	bcx_buf_put_u8(dst, (uint8_t)id);
	size_t at = dst->len;
	bcx_buf_put_bytes(dst, room, sizeof room);
	return at;
}

void mw_section_close(bcx_buf *dst, size_t at)
{
	if (dst->status != BCX_OK)
		return;
	size_t body = dst->len - at - MW_LEN_ROOM;
	uint8_t len[MW_LEN_ROOM];
	size_t k = bcx_prefixvarint_encode(body, len);
	memmove(dst->data + at + k, dst->data + at + MW_LEN_ROOM, body);
	memcpy(dst->data + at, len, k);
	dst->len -= MW_LEN_ROOM - k;
}

static void put_flag(bcx_buf *b, uint64_t v, bool flag)
{
	mw_put_varint(b, (v << 1) | flag);
}

static void dialect_section(mw_writer *w, bcx_buf *b)
{
	mw_module *m = w->m;
	mw_put_varint(b, w->dialects.n);
	for (uint32_t i = 0; i < w->dialects.n; i++) {
		mw_dialect *d = &m->dialects[w->dialects.v[i]];
		uint32_t s = mw_str_out(w, d->name);
		if (w->v < 1) {
			mw_put_varint(b, s);
			continue;
		}
		put_flag(b, s, d->version != NULL);
		if (d->version)
			section_bytes(b, MBC_SEC_DIALECT_VERSIONS, d->version, d->nversion, 1);
	}
	if (w->v >= 4)
		mw_put_varint(b, w->names.n);
	/* groups: runs of op names of one dialect, in index order */
	for (uint32_t i = 0; i < w->names.n;) {
		uint32_t d = m->opnames[w->names.v[i]].dialect, j = i;
		while (j < w->names.n && m->opnames[w->names.v[j]].dialect == d)
			j++;
		mw_put_varint(b, (uint64_t)m->dialects[d].number);
		mw_put_varint(b, j - i);
		for (; i < j; i++) {
			mw_opname *on = &m->opnames[w->names.v[i]];
			uint32_t s = mw_str_out(w, on->name);
			if (w->v >= 5)
				put_flag(b, s, on->registered);
			else
				mw_put_varint(b, s);
		}
	}
}

static uint32_t ent_dialect(const mw_module *m, uint32_t id)
{
	return id & MW_OWN_LOC ? m->builtin : m->ent[id].dialect;
}

/* An own location as the FileLineColLoc entry it stands for. */
static void own_loc_bytes(mw_writer *w, bcx_buf *data, const mw_ownloc *o)
{
	mw_put_varint(data, MBC_A_FILE_LOC);
	mw_put_varint(data, w->m->ent[w->m->own_file].index);
	mw_put_varint(data, o->line);
	mw_put_varint(data, o->col);
}

static void entry_bytes(mw_writer *w, bcx_buf *data, uint32_t id, bool *custom)
{
	mw_module *m = w->m;
	if (id & MW_OWN_LOC) {
		own_loc_bytes(w, data, &m->own[id & ~MW_OWN_LOC]);
		*custom = true;
		return;
	}
	const mw_ent *e = &m->ent[id];
	const uint8_t *t = m->ents.pool.data + e->tpl;
	*custom = (e->flags & MW_E_CUSTOM) != 0;
	if (*custom) {
		mw_emit_template(w, data, t, e->ntpl);
		return;
	}
	uint32_t len = 0;
	if (e->ntpl >= MW_REC_SIZE)
		memcpy(&len, t + 1, 4);
	bcx_buf_put_bytes(data, t + MW_REC_SIZE, len);
	bcx_buf_put_u8(data, 0);
}

/* Entries of one list in index order: bytes into data, groups and sizes
 * into offs. */
static void entries(mw_writer *w, const mw_list *l, bcx_buf *offs, bcx_buf *data)
{
	mw_module *m = w->m;
	for (uint32_t i = 0; i < l->n;) {
		uint32_t d = ent_dialect(m, l->v[i]), j = i;
		while (j < l->n && ent_dialect(m, l->v[j]) == d)
			j++;
		mw_put_varint(offs, (uint64_t)m->dialects[d].number);
		mw_put_varint(offs, j - i);
		for (; i < j; i++) {
			size_t at = data->len;
			bool custom;
			entry_bytes(w, data, l->v[i], &custom);
			put_flag(offs, data->len - at, custom);
		}
	}
}

static void attrtype_sections(mw_writer *w, bcx_buf *offs, bcx_buf *data)
{
	mw_put_varint(offs, w->attrs.n);
	mw_put_varint(offs, w->types.n);
	entries(w, &w->attrs, offs, data);
	entries(w, &w->types, offs, data);
}

/* Resource handles: dialect groups in dialect-number order. */
static void number_resources(mw_writer *w)
{
	mw_module *m = w->m;
	for (uint32_t d = 0; d < w->dialects.n; d++)
		for (uint32_t i = 0; i < m->nres; i++)
			if (!m->res[i].external && m->res[i].group == w->dialects.v[d])
				m->res[i].handle = w->nhandles++;
}

static void resource_entry(mw_writer *w, const mw_resource *r, bcx_buf *offs, bcx_buf *data,
			   uint64_t *align)
{
	size_t at = data->len;
	if (r->kind == MBC_RES_BLOB && (r->ndata || r->align)) {
		mw_put_varint(data, r->align);
		mw_put_varint(data, r->ndata);
		if (r->align > 1) {
			bcx_buf_pad_to(data, (size_t)r->align, 0xCB);
			if (r->align > *align)
				*align = r->align;
		}
		bcx_buf_put_bytes(data, r->data, (size_t)r->ndata);
	} else if (r->kind == MBC_RES_BOOL) {
		bcx_buf_put_u8(data, (uint8_t)r->value);
	} else if (r->kind == MBC_RES_STRING) {
		mw_put_varint(data, mw_str_out(w, (uint32_t)r->value));
	}
	mw_put_varint(offs, mw_str_out(w, r->key));
	mw_put_varint(offs, data->len - at);
	bcx_buf_put_u8(offs, r->kind);
}

static void resource_group(mw_writer *w, bool external, uint32_t group, bcx_buf *offs,
			   bcx_buf *data, uint64_t *align)
{
	mw_module *m = w->m;
	uint32_t n = 0;
	for (uint32_t i = 0; i < m->nres; i++)
		n += m->res[i].external == external && m->res[i].group == group;
	mw_put_varint(offs, n);
	for (uint32_t i = 0; i < m->nres; i++)
		if (m->res[i].external == external && m->res[i].group == group)
			resource_entry(w, &m->res[i], offs, data, align);
}

static void resource_sections(mw_writer *w, bcx_buf *offs, bcx_buf *data, uint64_t *align)
{
	mw_module *m = w->m;
	/* external groups: their names in first-seen order */
	mw_list groups = {0};
	for (uint32_t i = 0; i < m->nres; i++) {
		if (!m->res[i].external)
			continue;
		bool seen = false;
		for (uint32_t k = 0; k < groups.n; k++)
			seen |= groups.v[k] == m->res[i].group;
		if (!seen)
			mw_list_push(w, &groups, m->res[i].group);
	}
	mw_put_varint(offs, groups.n);
	for (uint32_t k = 0; k < groups.n; k++) {
		mw_put_varint(offs, mw_str_out(w, groups.v[k]));
		resource_group(w, true, groups.v[k], offs, data, align);
	}
	for (uint32_t d = 0; d < w->dialects.n; d++) {
		uint32_t did = w->dialects.v[d];
		bool any = false;
		for (uint32_t i = 0; i < m->nres; i++)
			any |= !m->res[i].external && m->res[i].group == did;
		if (!any)
			continue;
		mw_put_varint(offs, d);
		resource_group(w, false, did, offs, data, align);
	}
	list_free(w, &groups);
}

static void string_section(mw_writer *w, bcx_buf *b)
{
	mw_module *m = w->m;
	mw_put_varint(b, w->strs.n);
	for (uint32_t i = w->strs.n; i-- > 0;)
		mw_put_varint(b, (uint64_t)mw_string_bytes(m, w->strs.v[i]).n + 1);
	for (uint32_t i = 0; i < w->strs.n; i++) {
		mbc_str s = mw_string_bytes(m, w->strs.v[i]);
		bcx_buf_put_bytes(b, s.p, s.n);
		bcx_buf_put_u8(b, 0);
	}
}

static void header(mw_writer *w, bcx_buf *out)
{
	mw_module *m = w->m;
	bcx_buf_put_bytes(out, "ML\xefR", 4);
	mw_put_varint(out, w->v);
	if (m->producer && m->rel == mbc_release_current())
		bcx_buf_put_bytes(out, m->producer, m->nproducer);
	else
		bcx_buf_puts(out, mbc_release_producer(m->rel));
	bcx_buf_put_u8(out, 0);
}

static bcx_status setup(mw_writer *w, mw_module *m, unsigned version)
{
	memset(w, 0, sizeof *w);
	w->m = m;
	w->v = version;
	for (uint32_t i = 0; i < m->ndialects; i++)
		m->dialects[i].number = -1;
	for (uint32_t i = 0; i < m->ents.n; i++)
		m->ent[i].refs = 0;
	for (uint32_t i = 0; i < m->nown; i++)
		m->own[i].index = MW_NONE;
	for (uint32_t i = 0; i < m->nopnames; i++)
		m->opnames[i].refs = 0;
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_UNKNOWN_LOC);
	w->unknown_loc = mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM | MW_E_LOC, 0);
	BCX_TRY(mw_prepare_ops(w));
	w->str_index = mw_alloc(m, m->strs.n + 1, sizeof *w->str_index);
	bcx_buf_init(&w->props.pool, bcx_arena_allocator(m->arena));
	bcx_buf_init(&w->pbuf, bcx_arena_allocator(m->arena));
	return m->status;
}

/* The sections in file order into out: those of a length known first
 * (the tables, the IR, strings, properties) in place, the two pairs whose
 * offsets come before the data they measure (and the resources' padding)
 * through buffers of their own. Strings are numbered on first use, in the
 * order MLIR's writer meets them, so the string section follows all the
 * others that use them. */
static void assemble(mw_writer *w, bcx_buf *out)
{
	bcx_buf offs, data;
	bcx_buf_init(&offs, bcx_arena_allocator(w->m->arena));
	bcx_buf_init(&data, bcx_arena_allocator(w->m->arena));
	header(w, out);
	size_t at = mw_section_open(out, MBC_SEC_DIALECT);
	dialect_section(w, out);
	mw_section_close(out, at);
	attrtype_sections(w, &offs, &data);
	mw_emit_section(out, MBC_SEC_ATTRTYPE_OFFSET, &offs, 1);
	mw_emit_section(out, MBC_SEC_ATTRTYPE, &data, 1);
	at = mw_section_open(out, MBC_SEC_IR);
	mw_write_ir(w, out);
	mw_section_close(out, at);
	uint64_t align = 1;
	offs.len = data.len = 0;
	resource_sections(w, &offs, &data, &align);
	mw_emit_section(out, MBC_SEC_RESOURCE_OFFSET, &offs, 1);
	mw_emit_section(out, MBC_SEC_RESOURCE, &data, align);
	at = mw_section_open(out, MBC_SEC_STRING);
	string_section(w, out);
	mw_section_close(out, at);
	if (w->v >= 5) {
		at = mw_section_open(out, MBC_SEC_PROPERTIES);
		mw_write_properties(w, out);
		mw_section_close(out, at);
	}
	if (offs.status != BCX_OK || data.status != BCX_OK)
		out->status = BCX_ERR_NOMEM;
	bcx_buf_free(&offs);
	bcx_buf_free(&data);
}

bcx_status mw_write(mw_module *m, unsigned version, uint8_t **out, size_t *n,
		    const bcx_allocator *a)
{
	mw_writer w;
	*out = NULL;
	*n = 0;
	if (m->status != BCX_OK || m->nops == 0)
		return m->status != BCX_OK ? m->status
					   : mw_fail(m, BCX_ERR_INVALID_ARG, "no root op");
	bcx_status s = setup(&w, m, version);
	if (s == BCX_OK) {
		mw_find_isolated(m);
		number_all(&w);
		for (uint32_t i = 0; i < m->nres; i++)
			if (!m->res[i].external)
				number_dialect(&w, m->res[i].group);
		if (m->pinned)
			keep_read_entries(&w);
		if (order(&w, &w.attrs, false) && order(&w, &w.types, false) &&
		    order(&w, &w.names, true))
			number_resources(&w);
	}
	if (m->status == BCX_OK) {
		bcx_buf b;
		bcx_buf_init(&b, a);
		assemble(&w, &b);
		if (b.status != BCX_OK || m->status != BCX_OK) {
			mw_fail(m, b.status != BCX_OK ? b.status : m->status, "out of memory");
			bcx_buf_free(&b);
		} else {
			/* the caller frees len bytes: shrink the block to them */
			size_t cap = b.cap;
			uint8_t *p = bcx_buf_take(&b, n);
			uint8_t *q = *n ? bcx_realloc(a, p, cap, *n) : NULL;
			if (!q)
				bcx_free(a, p, cap);
			if (!q && *n)
				mw_fail(m, BCX_ERR_NOMEM, "out of memory");
			*out = q;
		}
	}
	mw_table_free(m, &w.props);
	mw_heap_free(m, w.plist, w.cplist * sizeof *w.plist);
	mw_list *lists[] = {&w.attrs, &w.types, &w.names, &w.dialects, &w.strs};
	for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
		list_free(&w, lists[i]);
	bcx_buf_free(&w.pbuf);
	return m->status;
}
