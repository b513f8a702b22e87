/* Structural dump of an MLIR bytecode file, text or JSON (schema
 * docs/schema/mlirbc.schema.json, version 1): sections with offsets, the
 * tables, resources, properties and the IR tree with value ids (the
 * reader's global value numbers). Attribute and type entries are shown in
 * MLIR syntax; an entry that cannot be printed shows "<unprintable>". */
#include "print.h"
#include "common/out.h"
#include "mlir/text.h"

#include <string.h>

typedef struct dctx {
	mbc_module *m;
	bcx_out *o;
	bool json;
	bcx_buf tmp;
	bcx_status tmp_failed;  /* the first failure of tmp (out of memory) */
	uint64_t max_out;       /* the bound of all text printed (mbc_out_max) */
	mbc_pctx p;
} dctx;

static void put_str(dctx *d, const uint8_t *s, size_t n)
{
	if (d->json) {
		bcx_out_putc(d->o, '"');
		bcx_out_json_str(d->o, s, n);
		bcx_out_putc(d->o, '"');
		return;
	}
	d->tmp.len = 0;
	mlir_print_string(&d->tmp, s, n);
	if (d->tmp.status != BCX_OK && d->tmp_failed == BCX_OK)
		d->tmp_failed = d->tmp.status;
	bcx_out_putn(d->o, (const char *)d->tmp.data, d->tmp.len);
}

/* The most text the dump shows for one entry: 64 KiB, plus 16 bytes a
 * byte of the entry (dense data as hex or numbers). The dump holds an
 * entry's text in memory, and an entry can stand for text exponential in
 * its size (each use of a shared attribute is printed in full), so a
 * longer one is shown by its length bound only. */
static uint64_t entry_text_max(const mbc_ent *e)
{
	return ((uint64_t)64 << 10) + ((uint64_t)e->len << 4);
}

/* An entry's MLIR text (attribute or type) into d->tmp. */
static void entry_text(dctx *d, const mbc_ent *e, uint32_t i, bool type)
{
	bcx_diag pd;
	bcx_diag_clear(&pd);
	d->tmp.len = 0;
	d->p.diag = &pd;
	d->p.status = BCX_OK;
	d->p.depth = 0;
	uint64_t cap = d->p.emitted + entry_text_max(e);
	d->p.max_out = cap < d->max_out ? cap : d->max_out;
	if (type)
		mbc_print_type(&d->p, i);
	else
		mbc_print_attr(&d->p, i, ELIDE_NEVER);
	if (d->tmp.status != BCX_OK && d->tmp_failed == BCX_OK)
		d->tmp_failed = d->tmp.status; /* out of memory: not unprintable */
	if (d->p.status == BCX_ERR_NOMEM && d->tmp_failed == BCX_OK)
		d->tmp_failed = BCX_ERR_NOMEM;
	d->p.emitted += d->tmp.len; /* what was printed counts, shown or not */
	if (d->p.status != BCX_OK || d->tmp.status != BCX_OK) {
		bool long_text = d->p.status == BCX_ERR_LIMIT && d->p.max_out == cap;
		d->tmp.len = 0;
		d->tmp.status = BCX_OK;
		if (long_text)
			bcx_buf_printf(&d->tmp, "<text longer than %llu bytes>",
				       (unsigned long long)entry_text_max(e));
		else
			bcx_buf_puts(&d->tmp, "<unprintable>");
	}
}

static void put_entry_text(dctx *d, const mbc_ent *e, uint32_t i, bool type)
{
	entry_text(d, e, i, type);
	bcx_buf copy = d->tmp;
	if (d->json) {
		bcx_out_putc(d->o, '"');
		bcx_out_json_str(d->o, copy.data, copy.len);
		bcx_out_putc(d->o, '"');
	} else {
		bcx_out_putn(d->o, (const char *)copy.data, copy.len);
	}
}

static mbc_str dialect_name(const mbc_module *m, uint32_t i)
{
	return mbc_string(m, m->dialects[i].name);
}

static void sections(dctx *d)
{
	mbc_module *m = d->m;
	bcx_out_puts(d->o, d->json ? ",\"sections\":[" : "sections:\n");
	for (unsigned k = 0; k < m->nsec; k++) {
		unsigned id = m->sec_order[k];
		const mbc_section *s = &m->sec[id];
		if (d->json)
			bcx_out_printf(d->o, "%s{\"id\":%u,\"name\":\"%s\",\"header_offset\":%llu,"
				       "\"offset\":%llu,\"length\":%llu,\"alignment\":%llu}",
				       k ? "," : "", id, mbc_section_names[id], (unsigned long long)s->hdr,
				       (unsigned long long)s->off, (unsigned long long)s->len,
				       (unsigned long long)s->align);
		else
			bcx_out_printf(d->o, "  %u %-15s header@%llu data@%llu len=%llu align=%llu\n", id,
				       mbc_section_names[id], (unsigned long long)s->hdr,
				       (unsigned long long)s->off, (unsigned long long)s->len,
				       (unsigned long long)s->align);
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
}

static void strings(dctx *d)
{
	mbc_module *m = d->m;
	if (d->json)
		bcx_out_puts(d->o, ",\"strings\":[");
	else
		bcx_out_printf(d->o, "strings (%u):\n", m->nstrings);
	for (uint32_t i = 0; i < m->nstrings; i++) {
		if (d->json)
			bcx_out_puts(d->o, i ? "," : "");
		else
			bcx_out_printf(d->o, "  [%u] ", i);
		put_str(d, m->strings[i].p, m->strings[i].n);
		if (!d->json)
			bcx_out_putc(d->o, '\n');
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
}

static void dialects(dctx *d)
{
	mbc_module *m = d->m;
	if (d->json)
		bcx_out_puts(d->o, ",\"dialects\":[");
	else
		bcx_out_printf(d->o, "dialects (%u):\n", m->ndialects);
	for (uint32_t i = 0; i < m->ndialects; i++) {
		const mbc_dialect *x = &m->dialects[i];
		mbc_str n = dialect_name(m, i);
		if (d->json) {
			bcx_out_puts(d->o, i ? ",{\"name\":" : "{\"name\":");
			put_str(d, n.p, n.n);
			if (x->has_version)
				bcx_out_printf(d->o, ",\"version\":{\"offset\":%llu,\"length\":%llu}",
					       (unsigned long long)x->ver_off, (unsigned long long)x->ver_len);
			bcx_out_putc(d->o, '}');
		} else {
			bcx_out_printf(d->o, "  [%u] ", i);
			put_str(d, n.p, n.n);
			if (x->has_version) {
				bcx_out_printf(d->o, " version@%llu:", (unsigned long long)x->ver_off);
				for (uint64_t k = 0; k < x->ver_len; k++)
					bcx_out_printf(d->o, " %02x", m->data[x->ver_off + k]);
			}
			bcx_out_putc(d->o, '\n');
		}
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
	if (d->json)
		bcx_out_puts(d->o, ",\"op_names\":[");
	else
		bcx_out_printf(d->o, "op names (%u):\n", m->nopnames);
	for (uint32_t i = 0; i < m->nopnames; i++) {
		const mbc_opname *on = &m->opnames[i];
		const char *reg = on->registered < 0 ? "" : on->registered ? "registered" : "unregistered";
		if (d->json) {
			bcx_out_printf(d->o, "%s{\"dialect\":%u,\"name\":", i ? "," : "", on->dialect);
			put_str(d, (const uint8_t *)on->full, on->full_len);
			if (on->registered >= 0)
				bcx_out_printf(d->o, ",\"registered\":%s", on->registered ? "true" : "false");
			bcx_out_printf(d->o, ",\"known_properties\":%s}", on->layout ? "true" : "false");
		} else {
			bcx_out_printf(d->o, "  [%u] ", i);
			put_str(d, (const uint8_t *)on->full, on->full_len);
			bcx_out_printf(d->o, "%s%s\n", *reg ? " " : "", reg);
		}
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
}

static void entries(dctx *d, bool type)
{
	mbc_module *m = d->m;
	uint32_t n = type ? m->ntypes : m->nattrs;
	const char *key = type ? "types" : "attributes";
	if (d->json)
		bcx_out_printf(d->o, ",\"%s\":[", key);
	else
		bcx_out_printf(d->o, "%s (%u):\n", key, n);
	for (uint32_t i = 0; i < n; i++) {
		const mbc_ent *e = (type ? &m->types[i] : &m->attrs[i])->e; /* decoded by load_all */
		mbc_str dn = dialect_name(m, e->dialect);
		if (d->json) {
			bcx_out_printf(d->o, "%s{\"index\":%u,\"dialect\":", i ? "," : "", i);
			put_str(d, dn.p, dn.n);
			bcx_out_printf(d->o, ",\"kind\":\"%s\",\"offset\":%llu,\"length\":%u,\"text\":",
				       mbc_attr_kind_name(e), (unsigned long long)e->off, e->len);
			put_entry_text(d, e, i, type);
			bcx_out_putc(d->o, '}');
		} else {
			bcx_out_printf(d->o, "  %s%u [%.*s] %s @%llu+%u: ", type ? "!" : "#", i, (int)dn.n,
				       (const char *)dn.p, mbc_attr_kind_name(e), (unsigned long long)e->off,
				       e->len);
			put_entry_text(d, e, i, type);
			bcx_out_putc(d->o, '\n');
		}
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
}

static const char *const res_kinds[MBC_RES_COUNT] = {
#define MBC_RESKIND(code, NAME, text) [code] = text,
#include "mlirbc.def"
};

static void resources(dctx *d)
{
	mbc_module *m = d->m;
	if (d->json)
		bcx_out_puts(d->o, ",\"resources\":[");
	else
		bcx_out_printf(d->o, "resources (%u):\n", m->nres);
	for (uint32_t i = 0; i < m->nres; i++) {
		const mbc_resource *r = &m->res[i];
		mbc_str g = r->external ? mbc_string(m, r->group) : dialect_name(m, r->group);
		mbc_str k = mbc_string(m, r->key);
		if (d->json) {
			bcx_out_printf(d->o, "%s{\"external\":%s,\"group\":", i ? "," : "",
				       r->external ? "true" : "false");
			put_str(d, g.p, g.n);
			bcx_out_puts(d->o, ",\"key\":");
			put_str(d, k.p, k.n);
			bcx_out_printf(d->o, ",\"kind\":\"%s\",\"offset\":%llu,\"size\":%llu}",
				       res_kinds[r->kind], (unsigned long long)r->off,
				       (unsigned long long)r->size);
		} else {
			bcx_out_printf(d->o, "  [%u] %s ", i, r->external ? "external" : "dialect");
			put_str(d, g.p, g.n);
			bcx_out_putc(d->o, ' ');
			put_str(d, k.p, k.n);
			bcx_out_printf(d->o, " %s @%llu+%llu", res_kinds[r->kind], (unsigned long long)r->off,
				       (unsigned long long)r->size);
			if (r->kind == MBC_RES_BLOB && r->size)
				bcx_out_printf(d->o, " align=%llu data=%llu bytes", (unsigned long long)r->align,
					       (unsigned long long)r->ndata);
			bcx_out_putc(d->o, '\n');
		}
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
}

static void properties(dctx *d)
{
	mbc_module *m = d->m;
	if (d->json)
		bcx_out_puts(d->o, ",\"properties\":[");
	else
		bcx_out_printf(d->o, "properties (%u):\n", m->nprops);
	for (uint32_t i = 0; i < m->nprops; i++) {
		const mbc_prop *p = &m->props[i];
		if (d->json) {
			bcx_out_printf(d->o, "%s{\"offset\":%llu,\"length\":%llu}", i ? "," : "",
				       (unsigned long long)p->off, (unsigned long long)p->len);
		} else {
			bcx_out_printf(d->o, "  P%u @%llu+%llu:", i, (unsigned long long)p->off,
				       (unsigned long long)p->len);
			for (uint64_t k = 0; k < p->len; k++)
				bcx_out_printf(d->o, " %02x", m->data[p->off + k]);
			bcx_out_putc(d->o, '\n');
		}
	}
	if (d->json)
		bcx_out_putc(d->o, ']');
}

static void op_text(dctx *d, const mbc_op *op, unsigned ind);

static void region_text(dctx *d, const mbc_op *op, unsigned ind)
{
	if (op->nregions)
		bcx_out_printf(d->o, "%*sregions=%u%s\n", (int)ind, "", op->nregions,
			       op->isolated ? " isolated" : "");
	if (op->lazy_len || op->lazy)
		bcx_out_printf(d->o, "%*s(nested IR section @%llu len=%llu)\n", (int)ind, "",
			       (unsigned long long)op->lazy_off, (unsigned long long)op->lazy_len);
	for (uint32_t r = 0; r < op->nregions; r++) {
		const mbc_region *rg = &op->regions[r];
		bcx_out_printf(d->o, "%*sregion %u: blocks=%u values=%u\n", (int)ind, "", r, rg->nblocks,
			       rg->nvalues);
		for (uint32_t b = 0; b < rg->nblocks; b++) {
			const mbc_block *blk = &rg->blocks[b];
			bcx_out_printf(d->o, "%*s^bb%u ops=%u", (int)ind, "", b, blk->nops);
			if (blk->nargs) {
				bcx_out_puts(d->o, " args=[");
				for (uint32_t i = 0; i < blk->nargs; i++) {
					bcx_out_printf(d->o, "%s%%%u:!%u", i ? ", " : "", blk->args[i],
						       blk->arg_types[i]);
					if (blk->arg_locs[i] != MBC_NONE)
						bcx_out_printf(d->o, "@#%u", blk->arg_locs[i]);
				}
				bcx_out_putc(d->o, ']');
			}
			if (blk->nuse)
				bcx_out_printf(d->o, " uselists=%u", blk->nuse);
			bcx_out_putc(d->o, '\n');
			for (uint32_t i = 0; i < blk->nops; i++)
				op_text(d, &blk->ops[i], ind + 2);
		}
	}
}

static void u32_list(dctx *d, const char *key, const char *pre, const uint32_t *l, uint32_t n)
{
	if (!n)
		return;
	bcx_out_printf(d->o, " %s=[", key);
	for (uint32_t i = 0; i < n; i++)
		bcx_out_printf(d->o, "%s%s%u", i ? ", " : "", pre, l[i]);
	bcx_out_putc(d->o, ']');
}

static void op_text(dctx *d, const mbc_op *op, unsigned ind)
{
	mbc_module *m = d->m;
	bcx_out_printf(d->o, "%*s", (int)ind, "");
	if (op->nres && op->res) {
		for (uint32_t i = 0; i < op->nres; i++)
			bcx_out_printf(d->o, "%s%%%u", i ? ", " : "", op->res[i]);
		bcx_out_puts(d->o, " = ");
	}
	const mbc_opname *on = &m->opnames[op->name];
	bcx_out_printf(d->o, "%s @%llu mask=0x%02x loc=#%u", on->full, (unsigned long long)op->off,
		       op->mask, op->loc);
	if (op->attrs != MBC_NONE)
		bcx_out_printf(d->o, " attrs=#%u", op->attrs);
	if (op->props != MBC_NONE)
		bcx_out_printf(d->o, " props=P%u", op->props);
	u32_list(d, "results", "!", op->res_types, op->nres);
	u32_list(d, "operands", "%", op->operands, op->nopr);
	u32_list(d, "successors", "^bb", op->succ, op->nsucc);
	if (op->nuse)
		bcx_out_printf(d->o, " uselists=%u", op->nuse);
	bcx_out_putc(d->o, '\n');
	region_text(d, op, ind + 2);
}

static void u32_json(dctx *d, const char *key, const uint32_t *l, uint32_t n)
{
	bcx_out_printf(d->o, ",\"%s\":[", key);
	for (uint32_t i = 0; i < n; i++)
		bcx_out_printf(d->o, "%s%u", i ? "," : "", l[i]);
	bcx_out_putc(d->o, ']');
}

static void op_json(dctx *d, const mbc_op *op)
{
	mbc_module *m = d->m;
	const mbc_opname *on = &m->opnames[op->name];
	bcx_out_puts(d->o, "{\"name\":");
	put_str(d, (const uint8_t *)on->full, on->full_len);
	bcx_out_printf(d->o, ",\"offset\":%llu,\"mask\":%u,\"location\":%u", (unsigned long long)op->off,
		       op->mask, op->loc);
	if (op->attrs != MBC_NONE)
		bcx_out_printf(d->o, ",\"attributes\":%u", op->attrs);
	if (op->props != MBC_NONE)
		bcx_out_printf(d->o, ",\"properties\":%u", op->props);
	u32_json(d, "result_types", op->res_types, op->nres);
	if (op->res)
		u32_json(d, "results", op->res, op->nres);
	u32_json(d, "operands", op->operands, op->nopr);
	u32_json(d, "successors", op->succ, op->nsucc);
	bcx_out_printf(d->o, ",\"use_list_orders\":%u,\"isolated\":%s", op->nuse,
		       op->isolated ? "true" : "false");
	if (op->lazy_len || op->lazy)
		bcx_out_printf(d->o, ",\"nested_section\":{\"offset\":%llu,\"length\":%llu}",
			       (unsigned long long)op->lazy_off, (unsigned long long)op->lazy_len);
	bcx_out_puts(d->o, ",\"regions\":[");
	for (uint32_t r = 0; r < op->nregions; r++) {
		const mbc_region *rg = &op->regions[r];
		bcx_out_printf(d->o, "%s{\"values\":%u,\"blocks\":[", r ? "," : "", rg->nvalues);
		for (uint32_t b = 0; b < rg->nblocks; b++) {
			const mbc_block *blk = &rg->blocks[b];
			bcx_out_puts(d->o, b ? ",{\"arguments\":[" : "{\"arguments\":[");
			for (uint32_t i = 0; i < blk->nargs; i++) {
				bcx_out_printf(d->o, "%s{\"value\":%u,\"type\":%u", i ? "," : "", blk->args[i],
					       blk->arg_types[i]);
				if (blk->arg_locs[i] != MBC_NONE)
					bcx_out_printf(d->o, ",\"location\":%u", blk->arg_locs[i]);
				bcx_out_putc(d->o, '}');
			}
			bcx_out_printf(d->o, "],\"use_list_orders\":%u,\"ops\":[", blk->nuse);
			for (uint32_t i = 0; i < blk->nops; i++) {
				if (i)
					bcx_out_putc(d->o, ',');
				op_json(d, &blk->ops[i]);
			}
			bcx_out_puts(d->o, "]}");
		}
		bcx_out_puts(d->o, "]}");
	}
	bcx_out_puts(d->o, "]}");
}

bcx_status bcx_mlirbc_dump(bcx_mlirbc_module *m, unsigned flags, const bcx_sink *sink,
			   bcx_diag *diag)
{
	if (!m || !sink)
		return bcx_diag_set(diag, BCX_ERR_INVALID_ARG, -1, "no module or no sink");
	BCX_TRY(bcx_mlirbc_load_all(m, diag));
	const bcx_allocator *a = bcx_arena_allocator(m->arena);
	dctx *d = bcx_alloc(a, sizeof *d);
	bcx_out *o = bcx_alloc(a, sizeof *o);
	if (!d || !o) {
		bcx_free(a, d, sizeof *d);
		bcx_free(a, o, sizeof *o);
		return bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory");
	}
	memset(d, 0, sizeof *d);
	d->m = m;
	d->o = o;
	d->json = flags & BCX_MLIRBC_JSON;
	bcx_buf_init(&d->tmp, a);
	d->p.m = m;
	d->p.b = &d->tmp;
	d->max_out = mbc_out_max(m);
	bcx_out_init(o, sink);
	if (d->json) {
		bcx_out_printf(o, "{\"format\":\"mlirbc\",\"schema_version\":1,\"version\":%llu,\"producer\":",
			       (unsigned long long)m->version);
		put_str(d, m->producer.p, m->producer.n);
	} else {
		bcx_out_printf(o, "MLIR bytecode version %llu, producer ", (unsigned long long)m->version);
		put_str(d, m->producer.p, m->producer.n);
		bcx_out_printf(o, ", %zu bytes\n", m->size);
		if (m->version >= 5)
			bcx_out_printf(o, "op property layouts of MLIR %u%s%s\n",
				       mbc_release_major(m->rel), m->rel_note[0] ? ": " : "", m->rel_note);
		else
			bcx_out_puts(o, "inherent attributes as MLIR 22 defines them (no properties before v5)\n");
	}
	sections(d);
	strings(d);
	dialects(d);
	entries(d, false);
	entries(d, true);
	resources(d);
	properties(d);
	if (d->json) {
		bcx_out_puts(o, ",\"ir\":");
		op_json(d, &m->root);
		bcx_out_puts(o, "}\n");
	} else {
		bcx_out_puts(o, "IR:\n");
		op_text(d, &m->root, 2);
	}
	bcx_status failed = d->tmp_failed != BCX_OK ? d->tmp_failed : d->tmp.status;
	bcx_status s = failed != BCX_OK ? bcx_diag_set(diag, failed, -1, "out of memory") : BCX_OK;
	bcx_out_flush(o);
	if (s == BCX_OK && bcx_out_status(o) != BCX_OK)
		s = bcx_diag_set(diag, bcx_out_status(o), -1, "write failed");
	bcx_buf_free(&d->tmp);
	bcx_free(a, d, sizeof *d);
	bcx_free(a, o, sizeof *o);
	return s;
}
