/*
 * Structural dump (bcx dump) of a Tile IR module, as text or JSON: sections
 * with offsets, lengths and alignments, the tables with indices, the debug
 * records, the function table and every op with its byte offset and decoded
 * fields. Values are shown as function-wide ids (%vN, see bcx/tileir.h).
 */
#include "common/internal.h"
#include "tileir/print/print.h"
#include "tileir/read/read.h"
#include "common/out.h"

#include <string.h>

typedef struct dumper {
	bcx_tileir_module *m;
	bcx_buf *o;           /* stages text for sink, passed on in 64 KiB pieces */
	const bcx_sink *sink;
	bool json;
	bcx_buf tmp; /* scratch for text that JSON needs escaped */
	bcx_diag *diag;
} dumper;

static const char *const debug_names[7] = {"unknown", "compile_unit", "file", "lexical_block",
					   "loc", "subprogram", "call_site"};

/* A JSON string literal through the library's one escaper. */
static void json_str(bcx_buf *o, const uint8_t *p, size_t n)
{
	char e[6];
	bcx_buf_put_u8(o, '"');
	for (size_t i = 0; i < n; i++)
		bcx_buf_put_bytes(o, e, bcx_json_escape_byte(e, p[i]));
	bcx_buf_put_u8(o, '"');
}

/* Emit the scratch text: quoted for JSON, as is otherwise. */
static void flush_tmp(dumper *d)
{
	if (d->json)
		json_str(d->o, d->tmp.data, d->tmp.len);
	else
		bcx_buf_put_bytes(d->o, d->tmp.data, d->tmp.len);
	d->tmp.len = 0;
}

static void put_type(dumper *d, uint32_t t)
{
	tir_print_type(&d->tmp, d->m, t, true);
	flush_tmp(d);
}

static void put_attr(dumper *d, const bcx_tileir_attr *a, const bcx_tileir_field *f)
{
	if (a->kind == BCX_TILEIR_A_ENUM && f) {
		const char *v = bcx_tileir_enum_value(f->enum_id, a->u);
		bcx_buf_puts(&d->tmp, v ? v : "?");
	} else if (a->kind == BCX_TILEIR_A_UNIT) {
		BCX_BUF_LIT(&d->tmp, "unit");
	} else {
		tir_print_attr(&d->tmp, d->m, a, ELIDE_NEVER);
	}
	flush_tmp(d);
}

/* Sections whose id came again later: the later copy is the one read
 * (§5), these were framed and skipped. Listed only when there are any. */
static void dump_ignored(dumper *d)
{
	size_t n = d->m->n_ignored < TIR_MAX_IGNORED ? d->m->n_ignored : TIR_MAX_IGNORED;
	if (!n)
		return;
	bcx_buf_puts(d->o, d->json ? " \"ignored_sections\": [" : "duplicate sections, ignored (a later one with the same id is read):\n");
	for (size_t k = 0; k < n; k++) {
		const bcx_tileir_section *s = &d->m->ignored[k];
		if (d->json)
			bcx_buf_printf(d->o, "%s\n  {\"id\": %u, \"name\": \"%s\", \"header_offset\": %u, \"payload_offset\": %u, \"length\": %u, \"alignment\": %u}",
				       k ? "," : "", s->id, bcx_tileir_section_name(s->id), s->header_offset,
				       s->payload_offset, s->length, s->alignment);
		else
			bcx_buf_printf(d->o, "  %-3u %-9s 0x%-6x 0x%-7x %-7u %u\n", s->id,
				       bcx_tileir_section_name(s->id), s->header_offset, s->payload_offset,
				       s->length, s->alignment);
	}
	if (d->m->n_ignored > n && !d->json)
		bcx_buf_printf(d->o, "  ... and %zu more\n", d->m->n_ignored - n);
	bcx_buf_puts(d->o, d->json ? "],\n" : "");
}

static void dump_header(dumper *d)
{
	bcx_tileir_version v = d->m->version;
	if (d->json)
		bcx_buf_printf(d->o, "{\"format\": \"tileir\", \"schema_version\": 1, \"size\": %zu, \"version\": {\"major\": %u, \"minor\": %u, \"tag\": %u},\n \"sections\": [",
			       d->m->size, v.major, v.minor, v.tag);
	else
		bcx_buf_printf(d->o, "CUDA Tile IR bytecode, %zu bytes, version %u.%u (tag %u)\n\nsections:\n  id  name      header  payload  length  align\n",
			       d->m->size, v.major, v.minor, v.tag);
	bool first = true;
	uint32_t last = 0;
	for (unsigned n = 1; n < BCX_TILEIR_SEC_COUNT; n++) {
		unsigned i = 0; /* the next section in file order */
		for (unsigned k = 1; k < BCX_TILEIR_SEC_COUNT; k++) {
			const bcx_tileir_section *c = &d->m->sections[k];
			if (c->present && (first || c->header_offset > last) &&
			    (!i || c->header_offset < d->m->sections[i].header_offset))
				i = k;
		}
		if (!i)
			break;
		const bcx_tileir_section *s = &d->m->sections[i];
		last = s->header_offset;
		if (d->json)
			bcx_buf_printf(d->o, "%s\n  {\"id\": %u, \"name\": \"%s\", \"header_offset\": %u, \"payload_offset\": %u, \"length\": %u, \"alignment\": %u}",
				       first ? "" : ",", i, bcx_tileir_section_name(i), s->header_offset,
				       s->payload_offset, s->length, s->alignment);
		else
			bcx_buf_printf(d->o, "  %-3u %-9s 0x%-6x 0x%-7x %-7u %u\n", i, bcx_tileir_section_name(i),
				       s->header_offset, s->payload_offset, s->length, s->alignment);
		first = false;
	}
	bcx_buf_puts(d->o, d->json ? "],\n" : "");
	dump_ignored(d);
}

/* "name": [ or "\nname (n):\n" */
static void open_list(dumper *d, const char *name, size_t n)
{
	if (d->json)
		bcx_buf_printf(d->o, " \"%s\": [", name);
	else
		bcx_buf_printf(d->o, "\n%s (%zu):\n", name, n);
}

static void close_list(dumper *d)
{
	if (d->json)
		BCX_BUF_LIT(d->o, "],\n");
}

/* Pass the staged text on once there is enough of it. */
static void spill(dumper *d)
{
	bcx_buf_spill(d->o, d->sink, TIR_SPILL_AT);
}

static void item_start(dumper *d, bool first, size_t i)
{
	spill(d);
	if (d->json)
		bcx_buf_printf(d->o, "%s\n  {\"index\": %zu, ", first ? "" : ",", i);
	else
		bcx_buf_printf(d->o, "  [%zu] ", i);
}

static void dump_strings(dumper *d)
{
	open_list(d, "strings", d->m->n_strings);
	for (size_t i = 0; i < d->m->n_strings; i++) {
		bcx_tileir_str s = bcx_tileir_string(d->m, i);
		size_t off = s.len ? (size_t)(s.ptr - d->m->data) : 0;
		item_start(d, i == 0, i);
		bcx_buf_printf(d->o, d->json ? "\"offset\": %zu, \"text\": " : "@0x%zx ", off);
		if (d->json)
			json_str(d->o, s.ptr, s.len);
		else
			tir_print_string(d->o, s);
		bcx_buf_puts(d->o, d->json ? "}" : "\n");
	}
	close_list(d);
}

static void dump_types(dumper *d)
{
	open_list(d, "types", d->m->n_types);
	for (size_t i = 0; i < d->m->n_types; i++) {
		item_start(d, i == 0, i);
		bcx_buf_printf(d->o, d->json ? "\"offset\": %u, \"tag\": %u, " : "@0x%x tag %u ",
			       d->m->types[i].offset, d->m->types[i].tag);
		if (d->m->type_bad && d->m->type_bad[i]) {
			/* Read because nothing uses it (§7.1); never printed. */
			bcx_diag why;
			tir_type_why(d->m, (uint32_t)i, &why);
			bcx_buf_puts(d->o, d->json ? "\"invalid_unused\": " : "invalid, unused: ");
			bcx_buf_puts(&d->tmp, why.message);
			flush_tmp(d);
		} else {
			bcx_buf_puts(d->o, d->json ? "\"text\": " : "");
			put_type(d, (uint32_t)i);
		}
		bcx_buf_puts(d->o, d->json ? "}" : "\n");
	}
	close_list(d);
}

static void dump_constants(dumper *d)
{
	open_list(d, "constants", d->m->n_constants);
	for (size_t i = 0; i < d->m->n_constants; i++) {
		const bcx_tileir_constant *c = &d->m->constants[i];
		item_start(d, i == 0, i);
		bcx_buf_printf(d->o, d->json ? "\"offset\": %u, \"size\": %zu, \"hex\": \"" : "@0x%x %zu bytes: ",
			       c->offset, c->data.len);
		for (size_t k = 0; k < c->data.len && k < 32; k++)
			bcx_buf_printf(d->o, "%02x", c->data.ptr[k]);
		if (c->data.len > 32)
			BCX_BUF_LIT(d->o, "...");
		bcx_buf_puts(d->o, d->json ? "\"}" : "\n");
	}
	close_list(d);
}

static void dump_globals(dumper *d)
{
	open_list(d, "globals", d->m->n_globals);
	for (size_t i = 0; i < d->m->n_globals; i++) {
		const bcx_tileir_global *g = &d->m->globals[i];
		item_start(d, i == 0, i);
		if (d->json) { /* names and types as text, their table indices beside */
			bcx_tileir_str nm = bcx_tileir_string(d->m, g->name);
			BCX_BUF_LIT(d->o, "\"name\": ");
			json_str(d->o, nm.ptr, nm.len);
			BCX_BUF_LIT(d->o, ", \"type\": ");
			put_type(d, g->type);
			BCX_BUF_LIT(d->o, ", ");
		}
		bcx_buf_printf(d->o, d->json ? "\"offset\": %u, \"name_index\": %u, \"type_index\": %u, \"constant_index\": %u, \"alignment\": %llu, \"private\": %s, \"constant\": %s}"
					     : "@0x%x name %u type %u constant %u alignment %llu%s%s\n",
			       g->offset, g->name, g->type, g->value, (unsigned long long)g->alignment,
			       g->visibility ? (d->json ? "true" : " private") : (d->json ? "false" : ""),
			       g->is_constant ? (d->json ? "true" : " constant") : (d->json ? "false" : ""));
	}
	close_list(d);
}

static void dump_debug(dumper *d)
{
	open_list(d, "debug_lists", d->m->n_debug_lists);
	for (size_t i = 0; i < d->m->n_debug_lists; i++) {
		const bcx_tileir_debug_list *l = &d->m->debug_lists[i];
		if (d->json)
			bcx_buf_puts(d->o, i ? ",\n  [" : "\n  [");
		else
			bcx_buf_printf(d->o, "  list %zu:", i + 1);
		for (uint32_t k = 0; k < l->n; k++)
			bcx_buf_printf(d->o, d->json ? "%s%llu" : "%s%llu", d->json && k ? ", " : " ",
				       (unsigned long long)l->refs[k]);
		bcx_buf_puts(d->o, d->json ? "]" : "\n");
	}
	close_list(d);
	open_list(d, "debug_records", d->m->n_debug_records);
	for (size_t i = 0; i < d->m->n_debug_records; i++) {
		const bcx_tileir_debug_record *r = &d->m->debug_records[i];
		item_start(d, i == 0, i + 1);
		bcx_buf_printf(d->o, d->json ? "\"offset\": %u, \"tag\": \"%s\", \"fields\": [" : "@0x%x %s", r->offset,
			       debug_names[r->tag]);
		for (unsigned k = 0; k < r->n; k++)
			bcx_buf_printf(d->o, "%s%llu", d->json ? (k ? ", " : "") : " ", (unsigned long long)r->f[k]);
		bcx_buf_puts(d->o, d->json ? "]}" : "\n");
	}
	close_list(d);
}

static void dump_block(dumper *d, const bcx_tileir_block *b, unsigned depth);

static void indent(dumper *d, unsigned depth)
{
	for (unsigned i = 0; !d->json && i < depth; i++)
		BCX_BUF_LIT(d->o, "  ");
}

static void dump_results(dumper *d, const bcx_tileir_op *op)
{
	bcx_buf_puts(d->o, d->json ? ", \"results\": [" : " ->");
	for (uint32_t i = 0; i < op->n_results; i++) {
		if (d->json)
			bcx_buf_printf(d->o, "%s{\"value\": %u, \"type\": ", i ? ", " : "",
				       op->first_result + i);
		else
			bcx_buf_printf(d->o, " %%v%u: ", op->first_result + i);
		put_type(d, op->result_types[i]);
		if (d->json)
			bcx_buf_put_u8(d->o, '}');
	}
	if (d->json)
		bcx_buf_put_u8(d->o, ']');
}

static void dump_operands(dumper *d, const bcx_tileir_op *op)
{
	bcx_buf_puts(d->o, d->json ? ", \"operands\": [" : " (");
	for (uint32_t i = 0; i < op->n_operands; i++)
		bcx_buf_printf(d->o, d->json ? "%s%u" : "%s%%v%u", i ? ", " : "", op->operands[i]);
	bcx_buf_puts(d->o, d->json ? "], \"segments\": [" : ") segments [");
	for (uint32_t i = 0; i < op->info->n_operands; i++)
		bcx_buf_printf(d->o, "%s%u", i ? ", " : "", op->segments[i]);
	bcx_buf_put_u8(d->o, ']');
}

static void dump_attrs(dumper *d, const bcx_tileir_op *op)
{
	unsigned k = 0;
	bool first = true;
	bcx_buf_puts(d->o, d->json ? ", \"attributes\": {" : "");
	for (unsigned i = 0; i < op->info->n_fields; i++) {
		const bcx_tileir_field *f = &op->info->fields[i];
		if (f->kind != BCX_TILEIR_F_ATTR && f->kind != BCX_TILEIR_F_UNIT)
			continue;
		const bcx_tileir_attr *a = &op->attrs[k++];
		if (a->kind == BCX_TILEIR_A_NONE)
			continue;
		if (d->json)
			bcx_buf_printf(d->o, "%s\"%s\": ", first ? "" : ", ", f->name);
		else
			bcx_buf_printf(d->o, " %s=", f->name);
		put_attr(d, a, f);
		first = false;
	}
	bcx_buf_puts(d->o, d->json ? "}" : "");
}

static void dump_op(dumper *d, const bcx_tileir_op *op, unsigned depth, bool first)
{
	spill(d);
	indent(d, depth);
	if (d->json)
		bcx_buf_printf(d->o, "%s{\"offset\": %u, \"opcode\": %u, \"name\": \"cuda_tile.%s\", \"flags\": %u, \"loc\": %u",
			       first ? "" : ", ", op->offset, op->opcode, op->info->name, op->flags,
			       op->loc);
	else
		bcx_buf_printf(d->o, "@0x%x %s (0x%02x) flags 0x%x", op->offset, op->info->name,
			       op->opcode, op->flags);
	uint32_t unknown = tir_unknown_flags(op);
	if (unknown && d->json)
		bcx_buf_printf(d->o, ", \"unknown_flag_bits\": %u", unknown);
	else if (unknown)
		bcx_buf_printf(d->o, " (unknown bits 0x%x, ignored)", unknown);
	dump_operands(d, op);
	dump_attrs(d, op);
	dump_results(d, op);
	if (!d->json && op->loc)
		bcx_buf_printf(d->o, " loc #%u", op->loc);
	bcx_buf_puts(d->o, d->json ? ", \"regions\": [" : "\n");
	for (uint32_t r = 0; r < op->n_regions; r++) {
		indent(d, depth + 1);
		if (d->json)
			bcx_buf_puts(d->o, r ? ", [" : "[");
		else
			bcx_buf_printf(d->o, "region %u:\n", r);
		for (uint32_t b = 0; b < op->regions[r].n_blocks; b++) {
			if (d->json && b)
				BCX_BUF_LIT(d->o, ", ");
			dump_block(d, &op->regions[r].blocks[b], depth + 2);
		}
		bcx_buf_puts(d->o, d->json ? "]" : "");
	}
	bcx_buf_puts(d->o, d->json ? "]}" : "");
}

static void dump_block(dumper *d, const bcx_tileir_block *b, unsigned depth)
{
	indent(d, depth);
	bcx_buf_puts(d->o, d->json ? "{\"args\": [" : "block(");
	for (uint32_t i = 0; i < b->n_args; i++) {
		bcx_buf_printf(d->o, d->json ? "%s{\"value\": %u, \"type\": " : "%s%%v%u: ",
			       i ? ", " : "", b->first_arg + i);
		put_type(d, b->arg_types[i]);
		bcx_buf_puts(d->o, d->json ? "}" : "");
	}
	bcx_buf_puts(d->o, d->json ? "], \"ops\": [" : ")\n");
	for (uint32_t k = 0; k < b->n_ops; k++)
		dump_op(d, &b->ops[k], depth + 1, k == 0);
	bcx_buf_puts(d->o, d->json ? "]}" : "");
}

static bcx_status dump_function(dumper *d, size_t i, bool first)
{
	const bcx_tileir_function *f = &d->m->functions[i];
	bcx_tileir_str name = bcx_tileir_string(d->m, f->name);
	if (d->json) {
		bcx_buf_printf(d->o, "%s\n  {\"index\": %zu, \"name\": ", first ? "" : ",", i);
		json_str(d->o, name.ptr, name.len);
		BCX_BUF_LIT(d->o, ", \"signature\": ");
		put_type(d, f->signature);
		bcx_buf_printf(d->o, ", \"entry_offset\": %u, \"signature_index\": %u, \"flags\": %u, ",
			       f->entry_offset, f->signature, f->flags);
		if (f->flags & TIR_FN_UNKNOWN)
			bcx_buf_printf(d->o, "\"unknown_flag_bits\": %u, ", f->flags & TIR_FN_UNKNOWN);
		bcx_buf_printf(d->o, "\"loc\": %u, \"body_offset\": %u, \"body_length\": %u, \"hints\": ",
			       f->loc_list, f->body_offset, f->body_len);
	} else {
		bcx_buf_printf(d->o, "  [%zu] ", i);
		tir_print_string(d->o, name); /* quoted and escaped: names are untrusted */
		bcx_buf_printf(d->o, " @0x%x signature %u flags 0x%02x", f->entry_offset,
			       f->signature, f->flags);
		if (f->flags & TIR_FN_UNKNOWN)
			bcx_buf_printf(d->o, " (unknown bits 0x%02x, ignored)", f->flags & TIR_FN_UNKNOWN);
		bcx_buf_printf(d->o, " loc %u body @0x%x, %u bytes\n      hints ", f->loc_list,
			       f->body_offset, f->body_len);
	}
	if (f->hints)
		put_attr(d, f->hints, NULL);
	else
		bcx_buf_puts(d->o, d->json ? "null" : "none");
	const bcx_tileir_body *b;
	bcx_status s = bcx_tileir_body_get(d->m, i, &b, d->diag);
	if (s != BCX_OK)
		return s;
	bcx_buf_puts(d->o, d->json ? ", \"body\": " : "\n");
	dump_block(d, &b->block, 3);
	bcx_buf_puts(d->o, d->json ? "}" : "");
	return BCX_OK;
}

static bcx_status dump_functions(dumper *d, long only)
{
	open_list(d, "functions", d->m->n_functions);
	for (size_t i = 0; i < d->m->n_functions; i++) {
		if (only >= 0 && (size_t)only != i)
			continue;
		bcx_status s = dump_function(d, i, only >= 0 || i == 0);
		if (s != BCX_OK)
			return s;
	}
	bcx_buf_puts(d->o, d->json ? "]" : "");
	return BCX_OK;
}

bcx_status bcx_tileir_dump_function(bcx_tileir_module *m, long function, bool json,
				    const bcx_sink *sink, bcx_diag *diag)
{
	bcx_buf stage;
	tir_stage_init(&stage, m);
	bcx_buf *out = &stage;
	dumper d = {.m = m, .o = out, .sink = sink, .json = json, .diag = diag};
	bcx_buf_init(&d.tmp, bcx_arena_allocator(m->arena));
	dump_header(&d);
	dump_strings(&d);
	dump_types(&d);
	dump_constants(&d);
	dump_globals(&d);
	if (json) {
		BCX_BUF_LIT(out, " \"producer\": ");
		bcx_buf_puts(out, m->has_producer ? "" : "null");
	} else {
		BCX_BUF_LIT(out, "\nproducer: ");
		bcx_buf_puts(out, m->has_producer ? "" : "none");
	}
	if (m->has_producer)
		(json ? json_str(out, bcx_tileir_string(m, m->producer).ptr,
				 bcx_tileir_string(m, m->producer).len)
		      : tir_print_string(out, bcx_tileir_string(m, m->producer)));
	bcx_buf_puts(out, json ? ",\n" : "\n");
	dump_debug(&d);
	bcx_status s = dump_functions(&d, function);
	bcx_buf_puts(out, json ? "\n}\n" : "\n");
	bcx_buf_spill(out, sink, 0);
	if (s == BCX_OK && (out->status != BCX_OK || d.tmp.status != BCX_OK))
		s = out->status == BCX_ERR_IO
			? bcx_diag_set(diag, BCX_ERR_IO, -1, "writing the output failed")
			: bcx_diag_set(diag, BCX_ERR_NOMEM, -1, "out of memory while dumping");
	bcx_buf_free(&d.tmp);
	bcx_buf_free(&stage);
	return s;
}

bcx_status bcx_tileir_dump(bcx_tileir_module *m, bool json, const bcx_sink *sink, bcx_diag *diag)
{
	return bcx_tileir_dump_function(m, -1, json, sink, diag);
}
