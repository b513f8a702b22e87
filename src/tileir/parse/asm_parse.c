/* The Tile IR assembler's op parser (spec §21): results, the op name, then
 * the generic form ("cuda_tile.x"(...) <{...}> ({...}) : (...) -> ...) or
 * the custom form (asm_custom.c), then an optional loc(...). Regions and
 * the top level (aliases and the one module op) are read here too. */
#include "tileir/parse/asm_internal.h"
#include "tileir/build/build_internal.h"
#include "tileir/model/fmt.h"
#include "common/internal.h"

#include <stdio.h>
#include <string.h>

bcx_status ap_value_ref(asm_parser *p, ap_ref *r)
{
	if (p->lx.t.k != MLIR_TK_VALUE)
		return ap_fail(p, "expected SSA operand");
	*r = (ap_ref){p->lx.t.p, p->lx.t.n, 1, p->lx.t.line, p->lx.t.col, BCX_TILEIR_NONE};
	return ap_next(p);
}

static bcx_status result_names(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	do {
		if (p->lx.t.k != MLIR_TK_VALUE)
			return ap_fail(p, "expected a result name");
		BCX_TRY(ap_grow(p, &op->results, op->n_results, &cap, sizeof *op->results));
		ap_ref *r = &op->results[op->n_results++];
		BCX_TRY(ap_value_ref(p, r));
		if (mlir_accept(&p->lx, ':')) {
			uint64_t c;
			if (p->lx.t.k != MLIR_TK_INT || !mlir_tok_u64(&p->lx.t, &c) || c == 0 || c > 65536)
				return ap_fail(p, "expected a result count");
			r->count = (uint32_t)c;
			BCX_TRY(ap_next(p));
		}
	} while (mlir_accept(&p->lx, ','));
	return ap_expect(p, '=');
}

static bcx_status operand_list(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	BCX_TRY(ap_expect(p, '('));
	while (!mlir_is_punct(&p->lx, ')')) {
		if (op->n_operands)
			BCX_TRY(ap_expect(p, ','));
		BCX_TRY(ap_grow(p, &op->operands, op->n_operands, &cap, sizeof *op->operands));
		BCX_TRY(ap_value_ref(p, &op->operands[op->n_operands++]));
	}
	return ap_next(p);
}

static bcx_status segments(asm_parser *p, ap_op *op)
{
	bcx_tileir_build_attr *a;
	BCX_TRY(ap_attr(p, &a));
	if (a->a.kind != BCX_TILEIR_A_I32_ARRAY)
		return ap_fail(p, "operandSegmentSizes must be array<i32: ...>");
	op->segments = bcx_arena_calloc(p->arena, (size_t)a->a.n + 1, sizeof *op->segments);
	if (!op->segments)
		return ap_nomem(p);
	for (uint32_t i = 0; i < a->a.n; i++) {
		if (a->a.ints[i] < 0)
			return ap_fail(p, "negative operand segment size");
		op->segments[i] = (uint32_t)a->a.ints[i];
	}
	op->n_segments = a->a.n;
	return BCX_OK;
}

/* One "name [= value]" of properties, after its name: into op's
 * attributes (a unit attribute without a value). */
static bcx_status property(asm_parser *p, ap_op *op, uint32_t *cap, char *name)
{
	BCX_TRY(ap_grow(p, &op->attrs, op->n_attrs, cap, sizeof *op->attrs));
	bcx_tileir_build_named_attr *na = &op->attrs[op->n_attrs++];
	na->name = name;
	bcx_diag bd = {0};
	if (mlir_accept(&p->lx, '='))
		return ap_attr(p, &na->value);
	return ap_built(p, bcx_tileir_build_attr_unit(p->m, &na->value, &bd), &bd);
}

/* <{ name [= value], ... }>, or { ... } (MLIR takes the op's own
 * attributes from its attribute dictionary too). */
static bcx_status properties(asm_parser *p, ap_op *op, bool dict)
{
	uint32_t cap = op->n_attrs, n_seen = 0;
	mlir_tok seen[64];
	const char *open = p->lx.t.p;
	BCX_TRY(ap_expect(p, '{'));
	while (!mlir_is_punct(&p->lx, '}')) {
		if (n_seen)
			BCX_TRY(ap_expect(p, ','));
		if (p->lx.t.k != MLIR_TK_ID)
			return ap_fail(p, "expected an attribute name");
		if (n_seen >= 64)
			return ap_fail(p, "too many attributes");
		BCX_TRY(ap_key_unique(p, seen, n_seen));
		seen[n_seen++] = p->lx.t;
		char *name = ap_tok_dup(p);
		bool is_seg = mlir_is_id(&p->lx, "operandSegmentSizes");
		if (!name)
			return ap_nomem(p);
		BCX_TRY(ap_next(p));
		if (is_seg) {
			BCX_TRY(ap_expect(p, '='));
			BCX_TRY(segments(p, op));
		} else {
			BCX_TRY(property(p, op, &cap, name));
		}
	}
	if (!dict) {
		op->props = open;
		op->props_n = (size_t)(p->lx.t.p + 1 - open);
	}
	BCX_TRY(ap_next(p));
	return dict ? BCX_OK : ap_expect(p, '>');
}

/* An enum property given as an integer ("N : i32", how the reference's
 * generic printer writes the integer-backed ones) must be an i32: else
 * its property conversion fails while parsing, in these words. */
static bcx_status enum_ints(asm_parser *p, const ap_op *op)
{
	for (uint32_t i = 0; i < op->n_attrs; i++) {
		const bcx_tileir_attr *a = &op->attrs[i].value->a;
		const bcx_tileir_field *f = ap_attr_field(op, i);
		if (!f || f->enc != BCX_TILEIR_E_ENUM || a->kind != BCX_TILEIR_A_INTEGER)
			continue;
		bcx_tileir_build_type i32;
		bcx_diag bd = {0};
		BCX_TRY(ap_built(p, bcx_tileir_build_type_scalar(p->m, BCX_TILEIR_T_I32, &i32, &bd),
				 &bd));
		if (a->type == i32)
			continue;
		char t[64];
		return ap_error_at(p, op->name_line, op->name_col,
				   "invalid properties %.*s for op cuda_tile.%s: Invalid attribute `%s` "
				   "in property conversion: %llu : %s",
				   (int)(op->props_n > 120 ? 120 : op->props_n), op->props ? op->props : "",
				   op->info->name, f->name, (unsigned long long)a->u,
				   ap_type_text(p, a->type, t, sizeof t));
	}
	return BCX_OK;
}

bcx_status ap_block_arg_list(asm_parser *p, ap_block *b)
{
	uint32_t cap = 0, tcap = 0;
	BCX_TRY(ap_expect(p, '('));
	while (!mlir_is_punct(&p->lx, ')')) {
		if (b->n_args)
			BCX_TRY(ap_expect(p, ','));
		BCX_TRY(ap_grow(p, &b->args, b->n_args, &cap, sizeof *b->args));
		BCX_TRY(ap_grow(p, &b->arg_types, b->n_args, &tcap, sizeof *b->arg_types));
		BCX_TRY(ap_value_ref(p, &b->args[b->n_args]));
		BCX_TRY(ap_expect(p, ':'));
		BCX_TRY(ap_type(p, &b->arg_types[b->n_args]));
		/* an argument's attributes and location have no place on the wire */
		bcx_tileir_build_attr *attrs;
		mlir_pos loc;
		if (mlir_accept(&p->lx, '{'))
			BCX_TRY(ap_dict_entries(p, '}', &attrs));
		BCX_TRY(ap_loc_suffix(p, &loc));
		b->n_args++;
	}
	return ap_next(p);
}

/* ^bb0[(args)]: */
static bcx_status block_label(asm_parser *p, ap_block *b)
{
	BCX_TRY(ap_next(p));
	if (mlir_is_punct(&p->lx, '('))
		BCX_TRY(ap_block_arg_list(p, b));
	return ap_expect(p, ':');
}

/* What may not stand where a region's next op is expected. */
static bcx_status region_item_check(asm_parser *p)
{
	if (p->lx.t.k == MLIR_TK_EOF)
		return ap_fail(p, "expected '}' at the end of a region");
	if (p->lx.t.k == MLIR_TK_BLOCK)
		return ap_fail(p, "a region of this dialect holds one block");
	return BCX_OK;
}

bcx_status ap_region(asm_parser *p, ap_block **out)
{
	ap_block *b = bcx_arena_calloc(p->arena, 1, sizeof *b);
	uint32_t cap = 0;
	bool label = false;
	if (!b)
		return ap_nomem(p);
	BCX_TRY(ap_expect(p, '{'));
	if (++p->lx.depth > MLIR_MAX_DEPTH)
		return ap_fail(p, "regions nested too deeply");
	if (p->lx.t.k == MLIR_TK_BLOCK) {
		label = true;
		BCX_TRY(block_label(p, b));
	}
	while (!mlir_is_punct(&p->lx, '}')) {
		BCX_TRY(region_item_check(p));
		BCX_TRY(ap_grow(p, &b->ops, b->n_ops, &cap, sizeof *b->ops));
		BCX_TRY(ap_parse_op(p, &b->ops[b->n_ops++]));
	}
	p->lx.depth--;
	*out = (label || b->n_ops) ? b : NULL;
	return ap_next(p);
}

/* One item of a streamed module body: read into an arena of its own,
 * built, and freed; the builder's attribute handles of the item too, as
 * building copies each attribute into the module. */
static bcx_status stream_one(asm_parser *p)
{
	bcx_arena *item = bcx_arena_new(bcx_arena_allocator(p->keep)), *outer = p->arena;
	if (!item)
		return ap_nomem(p);
	p->arena = p->m->handles = item;
	ap_op *op;
	bcx_status st = ap_parse_op(p, &op);
	if (st == BCX_OK)
		st = p->item(p, op);
	p->arena = outer;
	p->m->handles = NULL;
	bcx_arena_free(item);
	return st;
}

bcx_status ap_module_body(asm_parser *p, ap_block **out)
{
	/* only the text's first op, on the top level, and a body without a
	 * block label, as ap_region reads one */
	if (!p->item || !p->first_op || p->lx.depth != 0 || p->streamed ||
	    mlir_peek(&p->lx).k == MLIR_TK_BLOCK)
		return ap_region(p, out);
	*out = NULL;
	BCX_TRY(ap_expect(p, '{'));
	p->streamed = true;
	++p->lx.depth;
	while (!mlir_is_punct(&p->lx, '}')) {
		BCX_TRY(region_item_check(p));
		BCX_TRY(stream_one(p));
	}
	p->lx.depth--;
	return ap_next(p);
}

static bcx_status regions(asm_parser *p, ap_op *op)
{
	uint32_t cap = 0;
	do {
		BCX_TRY(ap_grow(p, &op->regions, op->n_regions, &cap, sizeof *op->regions));
		BCX_TRY(ap_region(p, &op->regions[op->n_regions++]));
	} while (mlir_accept(&p->lx, ','));
	return ap_expect(p, ')');
}

/* Fill the op name table (rows by index). */
static bcx_status op_names_fill(asm_parser *p)
{
	size_t n = bcx_tileir_op_count();
	p->op_prefix = bcx_arena_calloc(p->keep, n, sizeof *p->op_prefix);
	if (!p->op_prefix)
		return ap_nomem(p);
	for (size_t i = 0; i < n; i++) {
		const char *name = bcx_tileir_op_at(i)->name;
		uint32_t idx;
		if (wr_table_intern(&p->op_names, name, strlen(name), &idx))
			return ap_nomem(p);
	}
	return BCX_OK;
}

/* The table row of the op named [s, s+n), with or without "cuda_tile.",
 * in *out (NULL when there is none); fails only when out of memory. The
 * reference's test builds add testing$func, a function whose
 * arguments may have any type (NVIDIA's tests use it): read as an entry
 * so marked. */
static bcx_status op_named(asm_parser *p, const char *s, size_t n, bool *testing,
			   const bcx_tileir_opinfo **out)
{
	*out = NULL;
	if (n >= 10 && memcmp(s, "cuda_tile.", 10) == 0) {
		s += 10;
		n -= 10;
	}
	*testing = n == 12 && memcmp(s, "testing$func", 12) == 0;
	if (*testing) {
		s = "entry";
		n = 5;
	}
	if (n == 0 || n >= 64)
		return BCX_OK;
	/* as the C string the table's lookup took: to a NUL, and the prefix
	 * once more */
	const char *z = memchr(s, 0, n);
	if (z)
		n = (size_t)(z - s);
	if (n >= 10 && memcmp(s, "cuda_tile.", 10) == 0) {
		s += 10;
		n -= 10;
	}
	if (!p->op_names.n)
		BCX_TRY(op_names_fill(p));
	uint32_t row;
	if (wr_table_find(&p->op_names, s, n, &row))
		*out = bcx_tileir_op_at(row);
	return BCX_OK;
}

/* The lexer's prefix inside op's custom parser: MLIR names the op in every
 * error of its custom parser. NULL when out of memory. */
static const char *op_prefix(asm_parser *p, const ap_op *op)
{
	static const char testing[] = "custom op 'cuda_tile.testing$func' ";
	if (op->testing)
		return testing;
	size_t row = (size_t)(op->info - bcx_tileir_op_at(0));
	if (!p->op_prefix[row]) {
		char pre[64];
		int len = snprintf(pre, sizeof pre, "custom op 'cuda_tile.%s' ", op->info->name);
		if (!(p->op_prefix[row] = bcx_arena_memdup(p->keep, pre, (size_t)len)))
			return NULL;
	}
	return p->op_prefix[row];
}

/* An op outside the dialect ("materialize_tensor"(...) : ...), allowed as
 * MLIR's -allow-unregistered-dialect allows it: an opaque op of its name,
 * operands and result types. Attributes and regions are refused. */
static bcx_status unregistered_op(asm_parser *p, ap_op *op)
{
	/* unescaped, the name is never longer than its text */
	char *name = bcx_arena_alloc(p->arena, p->lx.t.n + 1);
	if (!name)
		return ap_nomem(p);
	long n = mlir_str_value(&p->lx.t, name, p->lx.t.n + 1);
	if (n <= 0)
		return ap_fail(p, n == 0 ? "expected an operation name" : "bad operation name");
	op->info = &tir_unregistered_op;
	op->uname = name;
	op->uname_len = (size_t)n;
	BCX_TRY(ap_next(p));
	BCX_TRY(operand_list(p, op));
	if (mlir_is_punct(&p->lx, '<') || mlir_is_punct(&p->lx, '{'))
		return ap_fail(p, "attributes of an unregistered operation are not supported");
	if (mlir_is_punct(&p->lx, '('))
		return ap_fail(p, "regions of an unregistered operation are not supported");
	return BCX_OK;
}

/* The enumerator of field f named by the len bytes at w, or -1. */
static int enum_named(const bcx_tileir_field *f, const char *w, size_t len)
{
	for (unsigned v = 0; v < bcx_tileir_enum_count(f->enum_id); v++) {
		const char *name = bcx_tileir_enum_value(f->enum_id, v);
		if (name && strlen(name) == len && memcmp(name, w, len) == 0)
			return (int)v;
	}
	return -1;
}

/* The enumerator a format gives field f as its `$f^=word` default or as
 * `custom<Rounding>($f, word, defaulted)` (the reference's
 * DefaultValuedAttr: an absent attribute takes it), or -1. */
static int fmt_default(const bcx_tileir_opinfo *info, const bcx_tileir_field *f)
{
	size_t n = strlen(f->name);
	for (const char *s = info->fmt; s && (s = strchr(s, '$')) != NULL; s++) {
		if (strncmp(s + 1, f->name, n) != 0)
			continue;
		const char *w = s + n + 1, *end = w + strcspn(w, ")"), *arg;
		size_t len;
		if (strncmp(w, "^=", 2) == 0)
			return enum_named(f, w + 2, strspn(w + 2, "abcdefghijklmnopqrstuvwxyz_0123456789"));
		if (*w != ',' || !fmt_arg(&w, end, &arg, &len))
			continue;
		const char *word = arg;
		size_t word_len = len;
		if (fmt_arg(&w, end, &arg, &len) && len == 9 && memcmp(arg, "defaulted", 9) == 0)
			return enum_named(f, word, word_len);
	}
	return -1;
}

/* The generic form may leave out an enum attribute that has a default:
 * the op takes the default, as the reference's parser gives it. */
static bcx_status defaults(asm_parser *p, ap_op *op)
{
	uint32_t cap = op->n_attrs;
	for (unsigned k = 0; k < op->info->n_fields; k++) {
		const bcx_tileir_field *f = &op->info->fields[k];
		if (f->kind != BCX_TILEIR_F_ATTR || f->enc != BCX_TILEIR_E_ENUM)
			continue;
		bool given = false;
		for (uint32_t i = 0; i < op->n_attrs && !given; i++)
			given = strcmp(op->attrs[i].name, f->name) == 0;
		int v = given ? -1 : fmt_default(op->info, f);
		if (v < 0)
			continue;
		BCX_TRY(ap_grow(p, &op->attrs, op->n_attrs, &cap, sizeof *op->attrs));
		bcx_tileir_build_named_attr *na = &op->attrs[op->n_attrs++];
		na->name = f->name;
		bcx_diag bd = {0};
		BCX_TRY(ap_built(p, bcx_tileir_build_attr_enum(p->m, (unsigned)v, &na->value, &bd),
				 &bd));
	}
	return BCX_OK;
}

/* A registered op of the generic form after its name: (operands)
 * [<{properties}>] [({regions})] [{attributes}], its defaults filled. */
static bcx_status generic_parts(asm_parser *p, ap_op *op)
{
	BCX_TRY(ap_next(p));
	BCX_TRY(operand_list(p, op));
	if (mlir_accept(&p->lx, '<'))
		BCX_TRY(properties(p, op, false));
	if (mlir_accept(&p->lx, '('))
		BCX_TRY(regions(p, op));
	if (mlir_is_punct(&p->lx, '{'))
		BCX_TRY(properties(p, op, true));
	BCX_TRY(defaults(p, op));
	return enum_ints(p, op);
}

/* "cuda_tile.x"(operands) [<{properties}>] [({regions})] : functype */
static bcx_status generic_op(asm_parser *p, ap_op *op)
{
	mlir_tok t = p->lx.t;
	if (t.n < 10 || memcmp(t.p, "cuda_tile.", 10) != 0) {
		BCX_TRY(unregistered_op(p, op));
	} else {
		BCX_TRY(op_named(p, t.p, t.n, &op->testing, &op->info));
		if (!op->info)
			return ap_fail(p, "unknown operation \"%.*s\"", (int)(t.n > 60 ? 60 : t.n),
				       t.p);
		BCX_TRY(generic_parts(p, op));
	}
	bcx_tileir_build_type *ins;
	uint32_t n_in;
	BCX_TRY(ap_expect(p, ':'));
	BCX_TRY(ap_func_type(p, &ins, &n_in, &op->res_types, &op->n_res_types));
	if (n_in != op->n_operands)
		return ap_error_at(p, op->line, op->col,
				   "operation has %u operands but %u operand types", op->n_operands,
				   n_in);
	for (uint32_t i = 0; i < n_in; i++)
		op->operands[i].type = ins[i];
	return BCX_OK;
}

/* A custom-form op after its results, at its name: the rest of it read by
 * its format, with MLIR's prefix naming the op on every message. */
static bcx_status custom_op(asm_parser *p, ap_op *op)
{
	mlir_tok t = p->lx.t;
	BCX_TRY(op_named(p, t.p, t.n, &op->testing, &op->info));
	if (!op->info)
		return ap_fail(p, "custom op '%.*s' is unknown", (int)(t.n > 60 ? 60 : t.n), t.p);
	op->custom = true;
	const char *pre = op_prefix(p, op);
	if (!pre)
		return ap_nomem(p);
	const char *outer = p->lx.prefix;
	p->lx.prefix = pre;
	bcx_status st = ap_next(p);
	if (st == BCX_OK)
		st = ap_custom_op(p, op);
	p->lx.prefix = outer;
	return st;
}

bcx_status ap_parse_op(asm_parser *p, ap_op **out)
{
	ap_op *op = bcx_arena_calloc(p->arena, 1, sizeof *op);
	if (!op)
		return ap_nomem(p);
	op->line = p->lx.t.line;
	op->col = p->lx.t.col;
	if (p->lx.t.k == MLIR_TK_VALUE)
		BCX_TRY(result_names(p, op));
	op->name_line = p->lx.t.line;
	op->name_col = p->lx.t.col;
	const char *outer = p->lx.prefix;
	p->lx.prefix = NULL;
	if (p->lx.t.k == MLIR_TK_STR)
		BCX_TRY(generic_op(p, op));
	else if (p->lx.t.k == MLIR_TK_ID)
		BCX_TRY(custom_op(p, op));
	else
		return ap_fail(p, "expected an operation name");
	p->lx.prefix = outer;
	*out = op;
	return ap_loc_suffix(p, &op->loc);
}
