/* Op properties (spec §9): decoding an entry with its op's generated
 * layout (layouts.c), the sparse segment-size arrays, the v < 5 split of
 * an attribute dictionary into inherent and discardable attributes, and
 * what MLIR 22's reader adds (defaults, zero values of the non-attribute
 * fields a v < 5 file cannot hold). */
#include "internal.h"

#include <string.h>

static const char seg_legacy[][24] = {"operand_segment_sizes", "result_segment_sizes"};
static const char seg_names[][24] = {"operandSegmentSizes", "resultSegmentSizes"};

mbc_str mbc_inherent_name(const mbc_module *m, const mbc_op *op, mbc_str name)
{
	for (unsigned i = 0; i < 2; i++)
		if (name.n == strlen(seg_legacy[i]) && memcmp(name.p, seg_legacy[i], name.n) == 0)
			return (mbc_str){(const uint8_t *)seg_names[i], (uint32_t)strlen(seg_names[i])};
	const char *to = mbc_upgrade_rename(m, op, (const char *)name.p, name.n);
	return to ? (mbc_str){(const uint8_t *)to, (uint32_t)strlen(to)} : name;
}

bool mbc_is_inherent(const mbc_module *m, const mbc_op *op, mbc_str name)
{
	const mbc_oplayout *l = m->opnames[op->name].cur;
	if (!l || !m->opnames[op->name].registered)
		return false;
	name = mbc_inherent_name(m, op, name);
	return mbc_layout_inherent(l, (const char *)name.p, name.n);
}

/* writeSparseArray (§9) of exactly n elements. */
static void sparse_array(bcx_cursor *c, int32_t *out, unsigned n)
{
	size_t at = bcx_cur_offset(c);
	uint64_t h = mbc_varint(c, "segment sizes");
	uint64_t cnt = h >> 1;
	memset(out, 0, n * sizeof *out);
	if (!(h & 1)) {
		if (bcx_cur_ok(c) && cnt != n)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%llu segment sizes where %u expected",
					(unsigned long long)cnt, n);
		for (unsigned i = 0; i < n && bcx_cur_ok(c); i++)
			out[i] = (int32_t)mbc_varint(c, "segment size");
		return;
	}
	if (cnt == 0 || !bcx_cur_ok(c))
		return;
	uint64_t bits = mbc_varint(c, "segment index bits");
	if (bcx_cur_ok(c) && bits > 8)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "segment index width %llu over 8",
				(unsigned long long)bits);
	if (bcx_cur_ok(c) && cnt > n)
		bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "%llu non-zero segments of %u",
				(unsigned long long)cnt, n);
	for (uint64_t i = 0; i < cnt && bcx_cur_ok(c); i++) {
		uint64_t v = mbc_varint(c, "segment");
		uint64_t idx = v & ((1ull << bits) - 1);
		if (idx >= n) {
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "segment index %llu of %u",
					(unsigned long long)idx, n);
			return;
		}
		out[idx] = (int32_t)(v >> bits);
	}
}

static int cmp_named(const void *a, const void *b)
{
	const mbc_named *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int r = memcmp(x->name, y->name, n);
	return r ? r : (x->len > y->len) - (x->len < y->len);
}

/* By name. An insertion sort: the layout lists most attributes in order
 * (at most MBC_MAX_PROPS of them). */
static void sort_named(mbc_named *a, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++) {
		mbc_named x = a[i];
		uint32_t j = i;
		for (; j > 0 && cmp_named(&a[j - 1], &x) > 0; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

static bcx_status opaque_entry(bool *opaque, uint32_t *n)
{
	*opaque = true;
	*n = 0;
	return BCX_OK;
}

static bcx_status decode_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
				uint32_t cap, bool *opaque, bcx_diag *diag);
static bcx_status dict_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			     uint32_t cap, bcx_diag *diag);

/* The first decode of an entry (for the op name it was decoded for) is
 * kept; the reader, the alias walk and the printer then copy it. Only a
 * successful decode is kept, so a bad entry fails every time. */
bcx_status mbc_op_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			uint32_t cap, bool *opaque, bcx_diag *diag)
{
	*n = 0;
	*opaque = false;
	if (op->props == MBC_NONE)
		return dict_props(m, op, out, n, cap, diag);
	mbc_prop *p = &m->props[op->props];
	if (p->dec_name1 == op->name + 1 && p->ndec <= cap) {
		if (p->ndec)
			memcpy(out, p->dec, p->ndec * sizeof *out);
		*n = p->ndec;
		*opaque = p->dec_opaque;
		return BCX_OK;
	}
	BCX_TRY(decode_props(m, op, out, n, cap, opaque, diag));
	if (p->dec_name1 == 0) {
		p->dec = mbc_alloc_array(m->arena, *n ? *n : 1, sizeof *out);
		if (!p->dec)
			return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
		if (*n)
			memcpy(p->dec, out, *n * sizeof *out);
		p->ndec = *n;
		p->dec_opaque = *opaque;
		p->dec_name1 = op->name + 1;
	}
	return BCX_OK;
}

bcx_status mbc_op_props_once(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			     uint32_t cap, bool *opaque, bcx_diag *diag)
{
	*n = 0;
	*opaque = false;
	if (op->props == MBC_NONE)
		return dict_props(m, op, out, n, cap, diag);
	const mbc_prop *p = &m->props[op->props];
	if (p->dec_name1 == op->name + 1)
		return mbc_op_props(m, op, out, n, cap, opaque, diag);
	return decode_props(m, op, out, n, cap, opaque, diag);
}

static bool push(mbc_named *out, uint32_t *n, uint32_t cap, mbc_named v)
{
	if (*n >= cap)
		return false;
	out[(*n)++] = v;
	return true;
}

/* push, failing with a limit error when the op has more than cap. */
static bcx_status push_or_fail(mbc_named *out, uint32_t *n, uint32_t cap, mbc_named v,
			       bcx_diag *diag)
{
	return push(out, n, cap, v) ? BCX_OK
				    : bcx_diag_set(diag, BCX_ERR_LIMIT, -1,
						   "more than %u properties of one op", cap);
}

/* MLIR 22 fills its default-valued attributes that the file lacks
 * (populateDefaultProperties, on every read). */
static bcx_status add_defaults(const mbc_oplayout *cur, mbc_named *out, uint32_t *n,
			       uint32_t cap, bcx_diag *diag)
{
	if (!cur)
		return BCX_OK;
	uint32_t have = *n;
	mbc_str k, t;
	for (const char *p = mbc_layout_defaults(cur); (p = mbc_next_default(p, &k, &t));) {
		bool found = false;
		for (uint32_t i = 0; i < have && !found; i++)
			found = out[i].len == k.n && memcmp(out[i].name, k.p, k.n) == 0;
		if (!found && t.n)
			BCX_TRY(push_or_fail(out, n, cap,
					     (mbc_named){(const char *)k.p, (uint32_t)k.n, MBC_NONE, NULL,
							 0, 'd', false, 0, (const char *)t.p,
							 (uint32_t)t.n, false},
					     diag));
	}
	return BCX_OK;
}

/* The dictionary's entries that MLIR 22's op has as inherent attributes
 * (and that are not properties already): MLIR 22's reader moves them into
 * the properties. Below v5 that is where they are; at v >= 5 a file of an
 * older release has them there when that release had them discardable
 * (func.func's no_inline in MLIR 19). */
static bcx_status dict_inherent(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
				uint32_t cap, bcx_diag *diag)
{
	const mbc_ent *d;
	if (op->attrs == MBC_NONE)
		return BCX_OK;
	BCX_TRY(mbc_attr(m, op->attrs, &d, diag));
	uint32_t have = *n;
	for (uint32_t i = 0; i + 1 < d->n; i += 2) {
		const mbc_ent *k;
		BCX_TRY(mbc_attr(m, d->list[i], &k, diag));
		mbc_str key = mbc_string(m, k->r[0]);
		if (!mbc_is_inherent(m, op, key))
			continue;
		key = mbc_inherent_name(m, op, key);
		bool dup = false;
		for (uint32_t j = 0; j < have && !dup; j++)
			dup = out[j].len == key.n && memcmp(out[j].name, key.p, key.n) == 0;
		if (!dup)
			BCX_TRY(push_or_fail(out, n, cap,
					     (mbc_named){(const char *)key.p, key.n, d->list[i + 1],
							 NULL, 0, 0, false, 0, NULL, 0, true},
					     diag));
	}
	return BCX_OK;
}

/* An op without a properties entry: a v < 5 file keeps inherent
 * attributes in the dictionary, and so does a v >= 5 file of an older
 * release whose op had none (MLIR 19's affine.if and its condition);
 * non-attribute fields are then zero, as MLIR 22 reads them. An op of MLIR
 * 22 without properties has nothing to add. */
static bcx_status dict_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			     uint32_t cap, bcx_diag *diag)
{
	const mbc_oplayout *l = m->opnames[op->name].cur;
	if (!l || !m->opnames[op->name].registered)
		return BCX_OK;
	BCX_TRY(dict_inherent(m, op, out, n, cap, diag));
	mbc_field f;
	for (const char *p = mbc_layout_fields(l); (p = mbc_next_field(p, &f));)
		if (f.kind == 'e' || f.kind == 'b' || f.kind == 'o')
			BCX_TRY(push_or_fail(out, n, cap,
					     (mbc_named){f.name, f.len, MBC_NONE, NULL, 0, f.kind,
							 false, 0, NULL, 0, false},
					     diag));
	BCX_TRY(add_defaults(l, out, n, cap, diag));
	sort_named(out, *n);
	return BCX_OK;
}

/* One field of an entry (kind as mbc_field). */
static void read_field(mbc_module *m, bcx_cursor *c, const mbc_field *f, mbc_named *v)
{
	*v = (mbc_named){f->name, f->len, MBC_NONE, NULL, 0, 0, false, 0, NULL, 0, false};
	const mbc_ent *e;
	bcx_diag *diag = c->diag;
	switch (f->kind) {
	case '?': {
		uint64_t x = mbc_varint(c, "optional property");
		if (bcx_cur_ok(c) && (x & 1) && (x >> 1) >= m->nattrs)
			bcx_cur_fail(c, BCX_ERR_MALFORMED, "property attribute out of range");
		if (x & 1)
			v->attr = (uint32_t)(x >> 1);
		break;
	}
	case 'a':
	case '<':
		v->attr = mbc_index(c, m->nattrs, f->kind == 'a' ? "property attribute"
								   : "segment sizes attribute");
		break;
	case '>':
		v->seg = bcx_arena_calloc(m->arena, f->nseg ? f->nseg : 1, sizeof *v->seg);
		if (!v->seg) {
			bcx_cur_fail(c, BCX_ERR_NOMEM, "out of memory");
			return;
		}
		v->nseg = f->nseg;
		sparse_array(c, v->seg, f->nseg);
		return;
	case 'e':
		v->ival = mbc_varint(c, "enum property");
		v->kind = 'e';
		return;
	case 'o':
	case 'b': {
		size_t at = bcx_cur_offset(c);
		uint8_t b = bcx_cur_u8(c, "bool property");
		if (bcx_cur_ok(c) && b > 1)
			bcx_cur_fail_at(c, at, BCX_ERR_MALFORMED, "bool property %u is not 0 or 1", b);
		v->kind = f->kind;
		v->present = b;
		v->ival = b;
		if (f->kind == 'o' && b && bcx_cur_ok(c))
			v->ival = mbc_varint(c, "optional integer property");
		return;
	}
	}
	bcx_status s;
	if (bcx_cur_ok(c) && v->attr != MBC_NONE && (s = mbc_attr(m, v->attr, &e, diag)) != BCX_OK)
		c->status = s;
}

static bcx_status unregistered_props(mbc_module *m, bcx_cursor *c, mbc_named *out, uint32_t *n,
				     bcx_diag *diag)
{
	/* the properties DictionaryAttr of an unregistered op */
	uint32_t a = mbc_index(c, m->nattrs, "properties attribute");
	const mbc_ent *e = NULL;
	bcx_status s;
	if (bcx_cur_ok(c) && (s = mbc_attr(m, a, &e, diag)) != BCX_OK)
		c->status = s;
	if (bcx_cur_ok(c) && e->code != MBC_A_DICT)
		bcx_cur_fail(c, BCX_ERR_MALFORMED, "properties of an unregistered op are not a dictionary");
	if (bcx_cur_ok(c)) {
		out[0] = (mbc_named){"", 0, a, NULL, 0, 0, false, 0, NULL, 0, false};
		*n = 1;
	}
	return c->status;
}

static bcx_status decode_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
				uint32_t cap, bool *opaque, bcx_diag *diag)
{
	const mbc_opname *on = &m->opnames[op->name];
	const mbc_prop *p = &m->props[op->props];
	bcx_cursor c;
	bcx_cur_init(&c, m->data, m->size, diag);
	c.p = m->data + p->off;
	c.end = c.p + p->len;
	const mbc_oplayout *l = on->layout;
	if (!on->registered) {
		unregistered_props(m, &c, out, n, diag);
	} else if (!l || !mbc_layout_native(l)) {
		return opaque_entry(opaque, n);
	} else {
		mbc_field f;
		for (const char *q = mbc_layout_fields(l); bcx_cur_ok(&c) && (q = mbc_next_field(q, &f));) {
			if ((f.kind == '<' && m->version >= 6) || (f.kind == '>' && m->version < 6))
				continue;
			mbc_named v;
			read_field(m, &c, &f, &v);
			if (bcx_cur_ok(&c) && (v.attr != MBC_NONE || v.seg || v.kind) &&
			    !push(out, n, cap, v))
				bcx_cur_fail(&c, BCX_ERR_LIMIT, "more than %u properties", cap);
		}
	}
	if (bcx_cur_ok(&c) && !bcx_cur_at_end(&c))
		bcx_cur_fail(&c, BCX_ERR_MALFORMED, "unexpected trailing bytes in properties entry %u",
			     op->props);
	if (!bcx_cur_ok(&c)) {
		bcx_diag_context(diag, "section Properties, entry %u of %s", op->props, on->full);
		return c.status;
	}
	if (on->registered) {
		BCX_TRY(dict_inherent(m, op, out, n, cap, diag));
		BCX_TRY(add_defaults(on->cur, out, n, cap, diag));
		sort_named(out, *n);
	}
	return BCX_OK;
}
