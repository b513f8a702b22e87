#define _POSIX_C_SOURCE 200809L
/* The case reader agrees with cases.tsv, the reference's own account of its
 * tests: every file splits into exactly the listed cases, each case has the
 * listed number of expected-error lines, and every expectation points at a
 * line inside its case. The verifier and parser tests build on this. */
#include "testutil.h"
#include "refcases.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static unsigned case_lines(const rc_case *c)
{
	unsigned n = 1;
	for (size_t i = 0; i < c->len; i++)
		n += c->text[i] == '\n';
	return n;
}

/* cases.tsv counts plain expected-error lines: its one expected-error-re
 * case (a pattern, in view_invalid.mlir) is listed as "other" with 0. */
static size_t plain_errors(const rc_case *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->n_ex; i++)
		n += c->ex[i].kind == RC_ERROR && !c->ex[i].regex;
	return n;
}

static void check_targets(const char *file, const rc_case *c)
{
	unsigned lines = case_lines(c);
	for (size_t i = 0; i < c->n_ex; i++) {
		const rc_expect *e = &c->ex[i];
		T_CHECKF(e->line >= 1 && e->line <= lines, "%s case %u: expectation at line %u "
			 "targets line %u of %u", file, c->index, e->decl_line, e->line, lines);
		T_CHECKF(e->text_len > 0, "%s case %u: empty expectation", file, c->index);
	}
}

typedef struct split_tally {
	char name[256];        /* the file of the rows being counted, */
	size_t n_cases;        /* and its cases ("" and 0 before the first) */
	size_t rows_in_file, rows;
	unsigned by_class[4];
} split_tally;

static const char *const classes[4] = {"parse", "verify", "valid", "other"};

/* A file's rows in cases.tsv are all of its cases. */
static void file_done(const split_tally *t)
{
	if (t->name[0])
		T_CHECKF(t->rows_in_file == t->n_cases, "%s: %zu cases, cases.tsv has %zu",
			 t->name, t->n_cases, t->rows_in_file);
}

static void split_row(void *ctx, const rc_row *r)
{
	split_tally *t = ctx;
	if (!r || r->first) {
		file_done(t);
		if (!r)
			return;
		snprintf(t->name, sizeof t->name, "%s", r->name);
		t->n_cases = r->file->n_cases;
		t->rows_in_file = 0;
		for (size_t i = 0; i < r->file->n_cases; i++)
			check_targets(r->name, &r->file->cases[i]);
	}
	t->rows_in_file++;
	t->rows++;
	for (unsigned k = 0; k < 4; k++)
		t->by_class[k] += strcmp(r->cls, classes[k]) == 0;
	if (!T_CHECKF(r->c != NULL, "%s: case %u missing", r->name, r->index))
		return;
	T_CHECKF(plain_errors(r->c) == r->n_errors,
		 "%s case %u (line %u): %zu expected-error lines, cases.tsv says %u", r->name,
		 r->index, r->c->first_line, plain_errors(r->c), r->n_errors);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	split_tally t = {0};
	if (!rc_each_row(split_row, &t))
		return tu_finish();
	size_t rows = t.rows;
	const unsigned *by_class = t.by_class;
	printf("cases: %zu (parse %u, verify %u, valid %u, other %u)\n", rows, by_class[0],
	       by_class[1], by_class[2], by_class[3]);
	T_CHECK(rows > 900);
	return tu_finish();
}
