/* Op properties (spec §9): the per-op layouts of ops.def, the sparse
 * segment-size arrays, and the v < 5 split of an attribute dictionary into
 * inherent and discardable attributes. */
#include "internal.h"

#include <string.h>

struct mbc_oplayout {
	const char *name;
	const char *props;
	char seg;
	unsigned nseg;
};

static const mbc_oplayout layouts[] = {
#define MBC_OP(name, props, seg, nseg) {name, props, seg, nseg},
#include "ops.def"
#undef MBC_OP
};

const mbc_oplayout *mbc_find_layout(const char *name, size_t n)
{
	for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++)
		if (strlen(layouts[i].name) == n && memcmp(layouts[i].name, name, n) == 0)
			return &layouts[i];
	return NULL;
}

/* The property name at p (not NUL-terminated): returns where the next one
 * starts, or NULL past the last. */
static const char *next_prop(const char *p, const char **name, size_t *len, bool *optional)
{
	while (*p == ' ')
		p++;
	if (!*p)
		return NULL;
	const char *e = p;
	while (*e && *e != ' ')
		e++;
	size_t n = (size_t)(e - p);
	*optional = n && p[n - 1] == '?';
	*name = p;
	*len = n - *optional;
	return e;
}

/* The k-th property name of a layout (not NUL-terminated); false past
 * the end. */
bool mbc_layout_prop(const mbc_oplayout *l, unsigned k, const char **name, size_t *len,
		     bool *optional)
{
	const char *p = l->props;
	do
		p = next_prop(p, name, len, optional);
	while (p && k--);
	return p != NULL;
}

static const char *seg_name(const mbc_oplayout *l)
{
	return l->seg == 'r' ? "resultSegmentSizes" : "operandSegmentSizes";
}

const char *mbc_layout_segments(const mbc_oplayout *l, unsigned *n)
{
	*n = l->seg ? l->nseg : 0;
	return l->seg ? seg_name(l) : NULL;
}

bool mbc_is_inherent(const mbc_module *m, const mbc_op *op, mbc_str name)
{
	const mbc_oplayout *l = m->opnames[op->name].layout;
	if (!l)
		return false;
	const char *pn;
	size_t len;
	bool opt;
	for (unsigned k = 0; mbc_layout_prop(l, k, &pn, &len, &opt); k++)
		if (len == name.n && memcmp(pn, name.p, len) == 0)
			return true;
	return l->seg && strlen(seg_name(l)) == name.n && memcmp(seg_name(l), name.p, name.n) == 0;
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

static int name_cmp(const char *a, const char *b, size_t blen)
{
	size_t alen = strlen(a), n = alen < blen ? alen : blen;
	int r = memcmp(a, b, n);
	return r ? r : (alen > blen) - (alen < blen);
}

static void seg_attr(mbc_module *m, bcx_cursor *c, const mbc_oplayout *l, mbc_named *out,
		     uint32_t *n, bcx_diag *diag)
{
	uint32_t a = mbc_index(c, m->nattrs, "segment sizes attribute");
	const mbc_ent *e;
	if (bcx_cur_ok(c) && mbc_attr(m, a, &e, diag) != BCX_OK)
		c->status = diag && diag->code ? diag->code : BCX_ERR_MALFORMED;
	if (bcx_cur_ok(c))
		out[(*n)++] = (mbc_named){seg_name(l), (uint32_t)strlen(seg_name(l)), a, NULL, 0};
}

static int cmp_named(const void *a, const void *b)
{
	const mbc_named *x = a, *y = b;
	size_t n = x->len < y->len ? x->len : y->len;
	int r = memcmp(x->name, y->name, n);
	return r ? r : (x->len > y->len) - (x->len < y->len);
}

/* By name. An insertion sort: the layout lists the attributes in order,
 * so at most the v6 segment sizes (appended last) move. */
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

/* The first decode of an entry (for the op name it was decoded for) is
 * kept; the reader, the alias walk and the printer then copy it. Only a
 * successful decode is kept, so a bad entry fails every time. */
bcx_status mbc_op_props(mbc_module *m, const mbc_op *op, mbc_named *out, uint32_t *n,
			uint32_t cap, bool *opaque, bcx_diag *diag)
{
	*n = 0;
	*opaque = false;
	if (op->props == MBC_NONE)
		return BCX_OK;
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
		return BCX_OK;
	const mbc_prop *p = &m->props[op->props];
	if (p->dec_name1 == op->name + 1)
		return mbc_op_props(m, op, out, n, cap, opaque, diag);
	return decode_props(m, op, out, n, cap, opaque, diag);
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
	if (!on->registered) {
		/* the properties DictionaryAttr of an unregistered op */
		uint32_t a = mbc_index(&c, m->nattrs, "properties attribute");
		const mbc_ent *e = NULL;
		if (bcx_cur_ok(&c) && mbc_attr(m, a, &e, diag) != BCX_OK)
			c.status = diag && diag->code ? diag->code : BCX_ERR_MALFORMED;
		if (bcx_cur_ok(&c) && e->code != MBC_A_DICT)
			bcx_cur_fail(&c, BCX_ERR_MALFORMED, "properties of an unregistered op are not a dictionary");
		if (bcx_cur_ok(&c)) {
			out[0] = (mbc_named){"", 0, a, NULL, 0};
			*n = 1;
		}
		goto end;
	}
	const mbc_oplayout *l = on->layout;
	if (!l)
		return opaque_entry(opaque, n);
	bool opt = false;
	const char *pn = NULL;
	size_t plen = 0;
	/* v5 stores the segment sizes as a DenseI32ArrayAttr among the
	 * attributes, at the alphabetical place of its name */
	bool seg5 = l->seg && m->version == 5;
	const char *at = l->props;
	while (bcx_cur_ok(&c)) {
		at = at ? next_prop(at, &pn, &plen, &opt) : NULL;
		bool more = at != NULL;
		if (seg5 && (!more || name_cmp(seg_name(l), pn, plen) < 0)) {
			seg_attr(m, &c, l, out, n, diag);
			seg5 = false;
		}
		if (!more)
			break;
		uint32_t a = MBC_NONE;
		if (opt) {
			uint64_t v = mbc_varint(&c, "optional property");
			if (bcx_cur_ok(&c) && (v & 1) && (v >> 1) >= m->nattrs)
				bcx_cur_fail(&c, BCX_ERR_MALFORMED, "property attribute out of range");
			if (v & 1)
				a = (uint32_t)(v >> 1);
		} else {
			a = mbc_index(&c, m->nattrs, "property attribute");
		}
		const mbc_ent *e;
		if (bcx_cur_ok(&c) && a != MBC_NONE && mbc_attr(m, a, &e, diag) != BCX_OK)
			c.status = diag && diag->code ? diag->code : BCX_ERR_MALFORMED;
		if (bcx_cur_ok(&c) && a != MBC_NONE && *n < cap) {
			out[*n] = (mbc_named){pn, (uint32_t)plen, a, NULL, 0};
			(*n)++;
		}
	}
	if (bcx_cur_ok(&c) && l->seg && m->version >= 6) {
		int32_t *seg = bcx_arena_calloc(m->arena, l->nseg, sizeof *seg);
		if (!seg)
			return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
		sparse_array(&c, seg, l->nseg);
		if (bcx_cur_ok(&c) && *n < cap)
			out[(*n)++] = (mbc_named){seg_name(l), (uint32_t)strlen(seg_name(l)), MBC_NONE, seg, l->nseg};
	}
end:
	if (bcx_cur_ok(&c) && !bcx_cur_at_end(&c))
		bcx_cur_fail(&c, BCX_ERR_MALFORMED, "unexpected trailing bytes in properties entry %u",
			     op->props);
	if (!bcx_cur_ok(&c)) {
		bcx_diag_context(diag, "section Properties, entry %u of %s", op->props, on->full);
		return c.status;
	}
	if (on->registered)
		sort_named(out, *n);
	return BCX_OK;
}
