/* bcx convert of another dialect's custom-encoded attribute or type whose
 * encoding dialect_enc.def gives: the entry becomes a template in which
 * every string, attribute and type index is a reference, so the writer
 * gives it the index the new tables have (the file's own indices would
 * point at other entries, or past the string table, once renumbered). */
#include "dialect_enc.h"
#include "wmodel.h"

typedef struct remap_walk {
	mbc_module *r;
	mw_module *m;
	const mbc_remap *rm;
	const uint8_t *p;
	bool ok;              /* every index in range (first pass) */
	bool emit;            /* second pass: write the template */
} remap_walk;

/* Which table a field's index points into: 0 none, else 'S', 'a', 't'. */
static char table_of(const mbc_dfield *f)
{
	switch (f->code) {
	case 'S': return 'S';
	case 'a': return 'a';
	case 'A': return f->present ? 'a' : 0;
	case 't': return 't';
	default: return 0;
	}
}

static void remap_field(void *ctx, const mbc_dfield *f)
{
	remap_walk *w = ctx;
	char t = table_of(f);
	if (!w->emit) {
		uint64_t lim = t == 'S' ? w->r->nstrings : t == 'a' ? w->r->nattrs : w->r->ntypes;
		w->ok &= !t || f->value < lim;
		return;
	}
	if (!t) {
		mw_tb_bytes(w->m, w->p + f->off, f->len);
		return;
	}
	uint32_t i = (uint32_t)f->value;
	if (t == 'S')
		mw_tb_ref(w->m, MW_REC_STR, w->rm->str(w->rm->ctx, i));
	else
		mw_tb_ref(w->m, f->code == 'A' ? MW_REC_OPTATTR : t == 'a' ? MW_REC_ATTR : MW_REC_TYPE,
			  w->rm->ent(w->rm->ctx, t == 't', i));
}

bool mbc_remap_dialect(mbc_module *r, mw_module *m, const mbc_ent *e, const mbc_remap *rm)
{
	mbc_str d = mbc_string(r, r->dialects[e->dialect].name);
	remap_walk w = {r, m, rm, e->blob, true, false};
	if (e->code != MBC_RAW ||
	    !mbc_denc_walk(d.p, d.n, e->is_type, e->blob, (size_t)e->nblob, remap_field, &w, NULL) ||
	    !w.ok)
		return false;
	w.emit = true;
	return mbc_denc_walk(d.p, d.n, e->is_type, e->blob, (size_t)e->nblob, remap_field, &w, NULL);
}
