/* The operation table, lazy loading, the read API and version gates. */
#include "testutil.h"
#include "vectors.h"
#include "bcx/tileir.h"
#include "tileir/model/opcodes.h"
#include "tileir/model/regions.h"
#include "tileir/model/rules.h"
#include "tileir/model/fmt.h"
#include "tileir/model/opinfo.h"

#include <stdlib.h>
#include <string.h>

static void test_table(void)
{
	size_t n = bcx_tileir_op_count();
	T_EQ_U(n, 100);
	T_CHECK(bcx_tileir_op_at(n) == NULL);
	unsigned per_version[4] = {0};
	for (size_t i = 0; i < n; i++) {
		const bcx_tileir_opinfo *t = bcx_tileir_op_at(i);
		const char *name = bcx_tileir_opinfo_name(t);
		T_CHECK(bcx_tileir_op_info(bcx_tileir_opinfo_opcode(t)) == t);
		T_CHECK(bcx_tileir_op_by_name(name) == t);
		per_version[(bcx_tileir_opinfo_since(t) & 0xff) & 3]++;
		uint32_t bits = 0;
		for (unsigned f = 0; f < bcx_tileir_opinfo_field_count(t); f++) {
			int b = bcx_tileir_field_flag_bit(bcx_tileir_opinfo_field(t, f));
			if (b < 0)
				continue;
			T_CHECKF(!(bits >> b & 1), "%s: flag bit %d used twice", name, b);
			bits |= 1u << b;
		}
		T_CHECKF(!bits || bcx_tileir_opinfo_flags_since(t), "%s: flag bits but no flags field",
			 name);
	}
	T_EQ_U(per_version[1], 92);
	T_EQ_U(per_version[2], 1);
	T_EQ_U(per_version[3], 7);
	for (uint32_t op = 0x19; op <= 0x24; op++)
		T_CHECK(bcx_tileir_op_info(op) == NULL);
	T_CHECK(bcx_tileir_op_info(0x76) == NULL);
	T_CHECK(strcmp(bcx_tileir_opinfo_name(bcx_tileir_op_by_name("cuda_tile.print_tko")),
		       "print_tko") == 0);
	T_EQ_U(bcx_tileir_max_opcode(BCX_TILEIR_V13_1), 0x6D);
	T_EQ_U(bcx_tileir_max_opcode(BCX_TILEIR_V13_2), 0x6E);
	T_EQ_U(bcx_tileir_max_opcode(BCX_TILEIR_V13_3), 0x75);
	T_CHECK(strcmp(bcx_tileir_enum_value(BCX_TILEIR_ENUM_ROUNDING, 5), "full") == 0);
	T_CHECK(bcx_tileir_enum_value(BCX_TILEIR_ENUM_ROUNDING, 7) == NULL);
}

static uint8_t *load(const char *rel, size_t *size)
{
	uint8_t *d = tu_read_file(tu_shared_path(rel), size);
	T_CHECKF(d != NULL, "read %s", rel);
	return d;
}

/* Opening decodes no body; asking for one decodes exactly that one. */
static void test_lazy(void)
{
	size_t size;
	uint8_t *data = load("vectors/tileir/operationsTest_000.v13.3.tileirbc", &size);
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	T_CHECK(data && bcx_tileir_open(data, size, NULL, &m, &d) == BCX_OK);
	if (!m) {
		free(data);
		return;
	}
	T_CHECK(bcx_tileir_function_count(m) > 3);
	T_EQ_U(bcx_tileir_bodies_decoded(m), 0);
	long f = bcx_tileir_function_find(m, "for_op", 6);
	T_CHECK(f >= 0);
	const bcx_tileir_body *b = NULL;
	T_CHECK(bcx_tileir_body_get(m, (size_t)f, &b, &d) == BCX_OK && b);
	T_EQ_U(bcx_tileir_bodies_decoded(m), 1);
	const bcx_tileir_body *again = NULL;
	T_CHECK(bcx_tileir_body_get(m, (size_t)f, &again, &d) == BCX_OK && again == b);
	T_EQ_U(bcx_tileir_bodies_decoded(m), 1);
	/* for_op: three constants, a for with one region, then return. */
	T_EQ_U(b->block.n_ops, 5);
	const bcx_tileir_op *loop = &b->block.ops[3];
	T_EQ_U(loop->opcode, 0x29);
	T_EQ_U(loop->n_regions, 1);
	T_EQ_U(loop->regions[0].blocks[0].n_args, 2);
	T_EQ_U(loop->segments[3], 1); /* one init value */
	T_EQ_U(b->value_types[loop->first_result], loop->result_types[0]);
	T_EQ_U(bcx_tileir_get_version(m).minor, 3);
	bcx_tileir_close(m);
	free(data);
}

/* 13.1 legacy print: the token result exists but has no type entry. */
static void test_legacy_print(void)
{
	size_t size;
	uint8_t *data = load("vectors/tileir/legacy/print-op-13.1.tileirbc", &size);
	bcx_tileir_module *m = NULL;
	bcx_diag d = {0};
	T_CHECK(data && bcx_tileir_read(data, size, NULL, &m, &d) == BCX_OK);
	bool found = false;
	for (size_t i = 0; m && i < bcx_tileir_function_count(m); i++) {
		const bcx_tileir_body *b = bcx_tileir_function_at(m, i)->body;
		const bcx_tileir_op *loop = &b->block.ops[8];
		T_EQ_U(loop->opcode, 0x41);
		const bcx_tileir_op *print = &loop->regions[0].blocks[0].ops[0];
		T_EQ_U(print->opcode, 0x55);
		T_EQ_U(print->n_results, 1);
		found = print->result_types[0] == BCX_TILEIR_TYPE_IMPLICIT_TOKEN;
	}
	T_CHECK(found);
	bcx_tileir_close(m);
	free(data);
}

/* Version bytes: 13.1..13.3 with any tag; everything else refused. */
static void test_versions(void)
{
	size_t size;
	uint8_t *data = load("vectors/tileir/emptyModuleTest_000.v13.3.tileirbc", &size);
	static const uint8_t good[][4] = {{13, 1, 0, 0}, {13, 2, 7, 0}, {13, 3, 0xff, 0xff}};
	static const uint8_t bad[][4] = {{13, 0, 0, 0}, {13, 4, 0, 0}, {12, 3, 0, 0}, {14, 1, 0, 0}};
	for (size_t i = 0; data && i < 3; i++) {
		memcpy(data + 8, good[i], 4);
		bcx_tileir_module *m = NULL;
		bcx_diag d = {0};
		T_CHECK(bcx_tileir_open(data, size, NULL, &m, &d) == BCX_OK);
		bcx_tileir_close(m);
	}
	for (size_t i = 0; data && i < 4; i++) {
		memcpy(data + 8, bad[i], 4);
		bcx_tileir_module *m = NULL;
		bcx_diag d = {0};
		T_CHECK(bcx_tileir_open(data, size, NULL, &m, &d) == BCX_ERR_UNSUPPORTED);
		T_CHECK(strstr(d.message, "supports versions [13.1 - 13.3]") && d.offset == 8);
	}
	free(data);
}

/* Every name of every TIR_RULE names a field of its op: the parser and the
 * verifier both read the rules through tir_rule_fields, which refuses a
 * name it cannot find rather than skip it. */
static void test_rule_names(void)
{
	for (size_t i = 0; i < bcx_tileir_op_count(); i++) {
		const bcx_tileir_opinfo *t = bcx_tileir_op_at(i);
		const char *name = bcx_tileir_opinfo_name(t);
		for (const tir_rule_src *r = tir_rules_of(bcx_tileir_opinfo_opcode(t));
		     r->kind != VR_END; r++) {
			uint8_t f[TIR_RULE_MAX_NAMES];
			int n = tir_rule_fields(t, r->names, f, TIR_RULE_MAX_NAMES);
			T_CHECKF(n >= 0, "%s: rule '%s' lists a name that is not a field of the op "
					 "(or more than %d)", name, r->names, TIR_RULE_MAX_NAMES);
			T_CHECKF((n == 0) == (r->kind == VR_PURE), "%s: rule '%s' lists %d fields",
				 name, r->names, n);
		}
	}
	const bcx_tileir_opinfo *addf = bcx_tileir_op_by_name("addf");
	uint8_t f[TIR_RULE_MAX_NAMES];
	T_EQ_I(tir_rule_fields(addf, "lhs, rhs, result", f, TIR_RULE_MAX_NAMES), 3);
	T_CHECK(!strcmp(bcx_tileir_field_name(bcx_tileir_opinfo_field(addf, f[0])), "lhs"));
	T_CHECK(!strcmp(bcx_tileir_field_name(bcx_tileir_opinfo_field(addf, f[2])), "result"));
	T_EQ_I(tir_rule_fields(addf, "lhs, rsh, result", f, TIR_RULE_MAX_NAMES), -1);
	T_EQ_I(tir_rule_fields(addf, "lhs, rhs, result", f, 2), -1);
}

/* Every custom<Name> and op<Name> of a format column has its row in
 * model/directives.def (which both the parser and the printer expand). */
static bool has_directive(fmt_kind kind, const char *s, size_t n)
{
	static const struct {
		fmt_kind kind;
		const char *name;
	} rows[] = {
#define TIR_DIR(kind, name, fn, first, printed) {FMT_##kind, #name},
#include "tileir/model/directives.def"
#undef TIR_DIR
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i].kind == kind && fmt_is(s, n, rows[i].name))
			return true;
	return false;
}

static void test_directive_rows(void)
{
	unsigned seen = 0;
	for (size_t i = 0; i < bcx_tileir_op_count(); i++) {
		const bcx_tileir_opinfo *t = bcx_tileir_op_at(i);
		const char *p = t->fmt ? t->fmt : "";
		for (fmt_tok k = fmt_next(&p); k.kind != FMT_END && k.kind != FMT_BAD;
		     k = fmt_next(&p)) {
			if (k.kind != FMT_CUSTOM && k.kind != FMT_OP)
				continue;
			seen++;
			T_CHECKF(has_directive(k.kind, k.text, k.len), "%s: %s<%.*s> has no row",
				 bcx_tileir_opinfo_name(t), k.kind == FMT_OP ? "op" : "custom",
				 (int)k.len, k.text);
		}
	}
	T_CHECKF(seen > 20, "only %u directives in the format columns", seen);
	T_CHECK(!has_directive(FMT_CUSTOM, "For", 3) && has_directive(FMT_OP, "For", 3));
}

/* TIR_REGION, TIR_PARENTS and TIR_ARG_NAMES agree with the rows. */
static void test_region_facts(void)
{
	for (size_t i = 0; i < bcx_tileir_op_count(); i++) {
		const bcx_tileir_opinfo *t = bcx_tileir_op_at(i);
		unsigned code = bcx_tileir_opinfo_opcode(t), nreg = bcx_tileir_opinfo_region_count(t);
		const char *name = bcx_tileir_opinfo_name(t), *a, *b;
		T_CHECKF(!tir_region_of(code, nreg), "%s: more TIR_REGION rows than regions", name);
		for (unsigned k = 0; k < nreg; k++) {
			T_CHECKF(!tir_region_of(code, k) == !tir_region_of(code, 0),
				 "%s: TIR_REGION for some regions only", name);
			int ends = tir_region_ends(code, k);
			T_CHECKF(ends < 0 || bcx_tileir_opinfo_is_terminator(bcx_tileir_op_info((uint32_t)ends)),
				 "%s: region %u ends with an op that is no terminator", name, k);
		}
		unsigned n;
		const uint16_t *parents = tir_parents_of(code, &n);
		T_CHECKF(!parents || bcx_tileir_opinfo_is_terminator(t), "%s: TIR_PARENTS of an op that "
			 "is no terminator", name);
		for (unsigned k = 0; k < n; k++)
			T_CHECKF(bcx_tileir_opinfo_region_count(bcx_tileir_op_info(parents[k])) > 0,
				 "%s: a parent without regions", name);
		T_CHECKF(tir_arg_names(code, &a, &b) == TIR_ARGS_NONE || nreg > 0,
			 "%s: block argument names without a region", name);
	}
	T_EQ_I(tir_region_ends(BCX_TILEIR_OP_for, 0), BCX_TILEIR_OP_continue); /* IMPLICIT */
	T_EQ_I(tir_region_ends(BCX_TILEIR_OP_if, 0), -1);
	T_EQ_I(tir_region_ends(BCX_TILEIR_OP_scan, 0), BCX_TILEIR_OP_yield);
	T_CHECK(tir_region_of(BCX_TILEIR_OP_if, 1)->may_be_empty);
	T_CHECK(!strcmp(tir_region_of(BCX_TILEIR_OP_if, 1)->name, "elseRegion"));
	T_CHECK(tir_region_of(BCX_TILEIR_OP_reduce, 0)->pure);
	T_CHECK(!tir_region_of(BCX_TILEIR_OP_loop, 0)->pure);
	unsigned n;
	const uint16_t *p = tir_parents_of(BCX_TILEIR_OP_yield, &n);
	T_CHECK(n == 3 && p[0] == BCX_TILEIR_OP_if && p[2] == BCX_TILEIR_OP_scan);
	T_CHECK(!tir_parents_of(BCX_TILEIR_OP_addf, &n) && n == 0);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_table();
	test_rule_names();
	test_directive_rows();
	test_region_facts();
	tu_require_shared();
	test_lazy();
	test_legacy_print();
	test_versions();
	return tu_finish();
}
