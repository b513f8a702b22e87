/* Writing the model as MLIR bytecode (spec §3-§8): the numbering walk,
 * MLIR's ordering of attributes, types and op names (reference count, then
 * dialect groups per varint byte width), and the table sections, in the
 * order MLIR 22 writes them: Dialect, AttrTypeOffset, AttrType, IR,
 * ResourceOffset, Resource, String, Properties. */
#include "wwriter.h"

#include <stdlib.h>
#include <string.h>

bool mw_list_push(mw_writer *w, mw_list *l, uint32_t v)
{
	if (!BCX_VEC_ROOM(w->m->arena, l->v, l->n, l->cap)) {
		mw_fail(w->m, BCX_ERR_NOMEM, "out of memory");
		return false;
	}
	l->v[l->n++] = v;
	return true;
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

static void number_op(mw_writer *w, mw_op *op)
{
	mw_module *m = w->m;
	mw_opname *on = &m->opnames[op->name];
	if (!on->refs++) {
		number_dialect(w, on->dialect);
		mw_list_push(w, &w->names, op->name);
	}
	for (uint32_t i = 0; i < op->nres; i++) {
		m->values[op->first_res + i].id = w->next_value++;
		number_ent(w, m->values[op->first_res + i].type);
	}
	if (op->dict != MW_NONE)
		number_ent(w, op->dict);
	if (op->has_props)
		number_refs(w, m->scratch2.data + op->ptpl, op->nptpl);
	number_ent(w, op->loc);
}

static void number_region(mw_writer *w, mw_region *r)
{
	mw_module *m = w->m;
	uint32_t first = w->next_value;
	for (uint32_t b = 0; b < r->nblocks; b++) {
		mw_block *blk = &r->blocks[b];
		for (uint32_t i = 0; i < blk->nargs; i++) {
			mw_value *v = &m->values[blk->first_arg + i];
			v->id = w->next_value++;
			number_ent(w, v->loc == MW_NONE ? w->unknown_loc : v->loc);
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

typedef struct sort_item {
	uint32_t id, refs, dialect, key;
} sort_item;

/* Stable bottom-up merge sort. The passes alternate between the two
 * arrays (no copy back per pass), and two runs already in order are
 * copied, not merged: a million entries with one reference each are
 * mostly in order. */
static void merge_sort(sort_item *v, sort_item *tmp, size_t n, int (*cmp)(const sort_item *, const sort_item *, uint32_t), uint32_t first)
{
	sort_item *src = v, *dst = tmp;
	for (size_t w = 1; w < n; w = w > n / 2 ? n : 2 * w) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = mid + w < n ? mid + w : n;
			if (mid == hi || cmp(&src[mid], &src[mid - 1], first) >= 0) {
				memcpy(dst + lo, src + lo, (hi - lo) * sizeof *src);
				continue;
			}
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				dst[k++] = cmp(&src[j], &src[i], first) < 0 ? src[j++] : src[i++];
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
		}
		sort_item *t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof *v);
}

static int by_refs(const sort_item *a, const sort_item *b, uint32_t first)
{
	(void)first;
	return (a->refs < b->refs) - (a->refs > b->refs);
}

static int by_key(const sort_item *a, const sort_item *b, uint32_t first)
{
	(void)first;
	return (a->key > b->key) - (a->key < b->key);
}

/* The dialect `first` before all others, the rest by number. */
static int by_dialect(const sort_item *a, const sort_item *b, uint32_t first)
{
	if (a->dialect == first)
		return b->dialect == first ? 0 : -1;
	if (b->dialect == first)
		return 1;
	return (a->dialect > b->dialect) - (a->dialect < b->dialect);
}

/* groupByDialectPerByte: within the first 2^7 entries (one-byte indices),
 * then each further range whose indices take one more byte, a stable sort
 * by dialect, with the dialect that ended the previous range first. */
static void group_by_dialect(sort_item *v, sort_item *tmp, size_t n)
{
	uint32_t first = 0;
	size_t done = 0, group = 0;
	for (unsigned i = 1; i < 9 && done < n; i++) {
		group = ((size_t)1 << (7 * i)) - group;
		size_t k = n - done < group ? n - done : group;
		merge_sort(v + done, tmp, k, by_dialect, first);
		first = v[done + k - 1].dialect;
		done += k;
	}
}

/* Sort a numbered list into its final order and set each entry's index.
 * pinned: entries read from a file keep their index (opaque bytes may
 * refer to them), new ones follow. */
static bool order(mw_writer *w, mw_list *l, bool names)
{
	mw_module *m = w->m;
	size_t n = l->n;
	/* on the heap, given back at once: a million entries take 32 MB */
	sort_item *v = NULL, *tmp = NULL;
	size_t cv = 0, ctmp = 0;
	if (!MW_HEAP_ROOM(m, v, n, cv) || !MW_HEAP_ROOM(m, tmp, n, ctmp)) {
		mw_heap_free(m, v, cv * sizeof *v);
		return false;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t id = l->v[i];
		const mw_ent *e = names ? NULL : &m->ent[id];
		const mw_opname *on = names ? &m->opnames[id] : NULL;
		uint32_t d = names ? on->dialect : e->dialect;
		v[i] = (sort_item){id, names ? on->refs : e->refs,
				   (uint32_t)m->dialects[d].number,
				   e && e->src ? e->src - 1 : (uint32_t)(0x80000000u + i)};
	}
	if (m->pinned && !names) {
		merge_sort(v, tmp, n, by_key, 0);
	} else {
		merge_sort(v, tmp, n, by_refs, 0);
		group_by_dialect(v, tmp, n);
	}
	for (size_t i = 0; i < n; i++) {
		l->v[i] = v[i].id;
		if (names)
			m->opnames[v[i].id].index = (uint32_t)i;
		else
			m->ent[v[i].id].index = (uint32_t)i;
	}
	mw_heap_free(m, v, cv * sizeof *v);
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

/* Entries of one list in index order: bytes into data, groups and sizes
 * into offs. */
static void entries(mw_writer *w, const mw_list *l, bcx_buf *offs, bcx_buf *data)
{
	mw_module *m = w->m;
	for (uint32_t i = 0; i < l->n;) {
		uint32_t d = m->ent[l->v[i]].dialect, j = i;
		while (j < l->n && m->ent[l->v[j]].dialect == d)
			j++;
		mw_put_varint(offs, (uint64_t)m->dialects[d].number);
		mw_put_varint(offs, j - i);
		for (; i < j; i++) {
			const mw_ent *e = &m->ent[l->v[i]];
			size_t at = data->len;
			const uint8_t *t = m->ents.pool.data + e->tpl;
			if (e->flags & MW_E_CUSTOM) {
				mw_emit_template(w, data, t, e->ntpl);
			} else {
				uint32_t len = 0;
				if (e->ntpl >= MW_REC_SIZE)
					memcpy(&len, t + 1, 4);
				bcx_buf_put_bytes(data, t + MW_REC_SIZE, len);
				bcx_buf_put_u8(data, 0);
			}
			put_flag(offs, data->len - at, (e->flags & MW_E_CUSTOM) != 0);
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
	for (uint32_t i = 0; i < m->nopnames; i++)
		m->opnames[i].refs = 0;
	mw_tb_start(m);
	mw_tb_varint(m, MBC_A_UNKNOWN_LOC);
	w->unknown_loc = mw_tb_finish(m, mw_builtin(m), MW_E_CUSTOM | MW_E_LOC, 0);
	BCX_TRY(mw_prepare_ops(w));
	w->str_index = mw_alloc(m, m->strs.n + 1, sizeof *w->str_index);
	bcx_buf_init(&w->props.pool, NULL);
	bcx_buf_init(&w->pbuf, NULL);
	return m->status;
}

static void assemble(mw_writer *w, bcx_buf *out)
{
	bcx_buf sec[MBC_SEC_COUNT], offs;
	for (unsigned i = 0; i < MBC_SEC_COUNT; i++)
		bcx_buf_init(&sec[i], NULL);
	bcx_buf_init(&offs, NULL);
	uint64_t align = 1;
	dialect_section(w, &sec[MBC_SEC_DIALECT]);
	attrtype_sections(w, &sec[MBC_SEC_ATTRTYPE_OFFSET], &sec[MBC_SEC_ATTRTYPE]);
	mw_write_ir(w, &sec[MBC_SEC_IR]);
	resource_sections(w, &sec[MBC_SEC_RESOURCE_OFFSET], &sec[MBC_SEC_RESOURCE], &align);
	if (w->v >= 5)
		mw_write_properties(w, &sec[MBC_SEC_PROPERTIES]);
	string_section(w, &sec[MBC_SEC_STRING]);
	static const uint8_t file_order[] = {MBC_SEC_DIALECT, MBC_SEC_ATTRTYPE_OFFSET,
					     MBC_SEC_ATTRTYPE, MBC_SEC_IR,
					     MBC_SEC_RESOURCE_OFFSET, MBC_SEC_RESOURCE,
					     MBC_SEC_STRING, MBC_SEC_PROPERTIES};
	header(w, out);
	for (unsigned i = 0; i < sizeof file_order; i++) {
		unsigned id = file_order[i];
		if (id == MBC_SEC_PROPERTIES && w->v < 5)
			continue;
		mw_emit_section(out, id, &sec[id], id == MBC_SEC_RESOURCE ? align : 1);
	}
	for (unsigned i = 0; i < MBC_SEC_COUNT; i++) {
		if (sec[i].status != BCX_OK)
			out->status = sec[i].status;
		bcx_buf_free(&sec[i]);
	}
	bcx_buf_free(&offs);
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
	bcx_buf_free(&w.pbuf);
	return m->status;
}
