#define _POSIX_C_SOURCE 200809L
/* NVIDIA's dialect tests through bcx's text parser (bcx_tileir_assemble,
 * what bcx asm runs), by the class cases.tsv gives each case:
 * - parse: the reference refuses the case while parsing. bcx must refuse
 *   it too, with a message that holds an expected-error text, at that
 *   expectation's line. MLIR goes on after some errors and may report
 *   several; bcx stops at its first, which must be one of them.
 * - valid: the case must assemble and verify clean (bcx_tileir_verify).
 * Prints the counts and every case that fails, with the reason. The cases
 * left failing are listed by name below, each with its reason in
 * docs/formats/tileir-text.md: the test fails on any other failure and on
 * a listed case that passes. A second count is MLIR's -verify-diagnostics
 * one: a case passes when every expected-error is printed, which bcx's one
 * error per refusal does only for cases that expect one. */
#include "testutil.h"
#include "refcases.h"

#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static const char *const known[] = {
	/* types bcx does not read, whose messages print them */
	"dense_attr_invalid.mlir:19", "dense_attr_invalid.mlir:20", "invalid.mlir:2",
	"invalid.mlir:22",
	"invalid.mlir:5",                      /* a pointer to i4: 'pointeeType' */
	"entry_opt_hints_invalid.mlir:0",      /* optimization hint messages */
	"entry_opt_hints_invalid.mlir:1",
	"invalid.mlir:150", "invalid.mlir:151", "invalid.mlir:152", /* global without a name */
	"invalid.mlir:173", "invalid.mlir:176", /* results named on loop/for without results */
	"invalid.mlir:206",                    /* print_tko without its string */
	"invalid.mlir:227",                    /* make_partition_view of a non-view result */
	"reduce_and_scan_invalid.mlir:2",      /* reduce, scan: types but no operands */
	"reduce_and_scan_invalid.mlir:19",
	"arith_invalid.mlir:189",              /* the message a line late */
};

typedef struct tally {
	unsigned parse, parse_ok, parse_all, valid, valid_ok;
	rc_known known;
} tally;

/* Does text hold needle (n bytes)? */
static bool contains(const char *text, const char *needle, size_t n)
{
	size_t k = strlen(text);
	for (size_t i = 0; i + n <= k; i++)
		if (memcmp(text + i, needle, n) == 0)
			return true;
	return n == 0;
}

/* The first expected error (the case may hold notes too). */
static const rc_expect *first_error(const rc_case *c)
{
	for (size_t i = 0; i < c->n_ex; i++)
		if (c->ex[i].kind == RC_ERROR)
			return &c->ex[i];
	return &c->ex[0];
}

/* Whether bcx refuses the case with an expected message at its line. */
static bool parse_case(const char *file, const rc_case *c)
{
	const rc_expect *want = first_error(c);
	bcx_tileir_builder *m = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status st = bcx_tileir_assemble("case", c->text, c->len, NULL, &m, &d);
	bcx_tileir_builder_free(m);
	if (st == BCX_OK) {
		printf("FAIL parse %s:%u (line %u): accepted; expected '%.*s' at line %u\n", file,
		       c->index, c->first_line, (int)want->text_len, want->text, want->line);
		return false;
	}
	const char *msg = d.message;
	unsigned line = d.line;
	const rc_expect *near = NULL;
	for (size_t i = 0; i < c->n_ex; i++) {
		const rc_expect *e = &c->ex[i];
		if (e->kind != RC_ERROR || !contains(msg, e->text, e->text_len))
			continue;
		if (e->line == line)
			return true;
		near = e;
	}
	if (near)
		printf("FAIL parse %s:%u (line %u): right message at line %u, expected line %u\n",
		       file, c->index, c->first_line, line, near->line);
	else
		printf("FAIL parse %s:%u (line %u): got '%s' at line %u; expected '%.*s' at line "
		       "%u\n",
		       file, c->index, c->first_line, msg, line, (int)want->text_len, want->text,
		       want->line);
	return false;
}

static bool count_error(void *ctx, const bcx_tileir_verify_error *e)
{
	(void)e;
	(*(size_t *)ctx)++;
	return true;
}

/* Whether the case assembles and verifies clean. */
static bool valid_case(const char *file, const rc_case *c)
{
	bcx_tileir_builder *m = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status st = bcx_tileir_assemble("case", c->text, c->len, NULL, &m, &d);
	if (st == BCX_OK) {
		bcx_tileir_module *mod = bcx_tileir_builder_model(m, &d);
		size_t n = 0;
		bcx_diag vd;
		bcx_diag_clear(&vd);
		st = mod ? bcx_tileir_verify(mod, NULL, count_error, &n, NULL, &vd) : BCX_ERR_NOMEM;
		if (st != BCX_OK)
			printf("FAIL valid %s:%u (line %u): verifier: %s\n", file, c->index,
			       c->first_line, mod ? vd.message : d.message);
	} else {
		printf("FAIL valid %s:%u (line %u): %s\n", file, c->index, c->first_line, d.message);
	}
	bcx_tileir_builder_free(m);
	return st == BCX_OK;
}

static void parse_row(void *ctx, const rc_row *r)
{
	bool parse = r && strcmp(r->cls, "parse") == 0, valid = r && strcmp(r->cls, "valid") == 0;
	if ((!parse && !valid) || !T_CHECKF(r->c != NULL, "%s: case %u missing", r->name, r->index))
		return;
	tally *t = ctx;
	bool ok;
	if (parse) {
		if (!T_CHECKF(r->c->n_ex > 0, "%s:%u: no expectation", r->name, r->index))
			return;
		ok = parse_case(r->name, r->c);
		t->parse++;
		t->parse_ok += ok;
		t->parse_all += ok && r->n_errors == 1;
	} else {
		ok = valid_case(r->name, r->c);
		t->valid++;
		t->valid_ok += ok;
	}
	rc_known_judge(&t->known, r->name, r->index, ok);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	tally t = {0};
	if (!rc_known_init(&t.known, known, sizeof known / sizeof *known) ||
	    !rc_each_row(parse_row, &t))
		return tu_finish();
	printf("parse cases: %u of %u refused with the expected message at the expected line "
	       "(%.1f%%); %u of %u with every expected error (-verify-diagnostics)\n",
	       t.parse_ok, t.parse, t.parse ? 100.0 * t.parse_ok / t.parse : 0.0, t.parse_all,
	       t.parse);
	printf("valid cases: %u of %u assemble and verify clean\n", t.valid_ok, t.valid);
	printf("%zu known differences\n", t.known.n);
	T_EQ_U(t.parse, 374);
	T_EQ_U(t.valid, 70);
	rc_known_finish(&t.known);
	return tu_finish();
}
