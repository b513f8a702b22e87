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

#define REF "vectors/tileir/reference-tests/"

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

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	size_t tsv_len;
	char *tsv = (char *)tu_read_file(tu_shared_path(REF "cases.tsv"), &tsv_len);
	T_CHECK(tsv != NULL);
	if (!tsv)
		return tu_finish();
	char cur[256] = "";
	rc_file f = {0};
	size_t rows_in_file = 0, rows = 0;
	unsigned by_class[4] = {0};
	static const char *classes[4] = {"parse", "verify", "valid", "other"};
	char *save = NULL;
	for (char *ln = strtok_r(tsv, "\n", &save); ln; ln = strtok_r(NULL, "\n", &save)) {
		char name[256], cls[32];
		unsigned idx, n_err;
		if (sscanf(ln, "%255[^\t]\t%u\t%31[^\t]\t%u", name, &idx, cls, &n_err) != 4) {
			T_CHECKF(false, "cases.tsv: bad row '%s'", ln);
			continue;
		}
		if (strcmp(name, cur) != 0) {
			if (cur[0])
				T_CHECKF(rows_in_file == f.n_cases, "%s: %zu cases, cases.tsv has %zu",
					 cur, f.n_cases, rows_in_file);
			rc_free(&f);
			char path[512];
			snprintf(path, sizeof path, REF "Dialect/CudaTile/%s", name);
			T_CHECKF(rc_load(&f, tu_shared_path(path)), "%s: load", name);
			snprintf(cur, sizeof cur, "%s", name);
			rows_in_file = 0;
			for (size_t i = 0; i < f.n_cases; i++)
				check_targets(name, &f.cases[i]);
		}
		rows_in_file++;
		rows++;
		for (unsigned k = 0; k < 4; k++)
			by_class[k] += strcmp(cls, classes[k]) == 0;
		const rc_case *c = rc_case_at(&f, idx);
		if (!T_CHECKF(c != NULL, "%s: case %u missing", name, idx))
			continue;
		T_CHECKF(plain_errors(c) == n_err,
			 "%s case %u (line %u): %zu expected-error lines, cases.tsv says %u", name, idx,
			 c->first_line, plain_errors(c), n_err);
	}
	if (cur[0])
		T_CHECKF(rows_in_file == f.n_cases, "%s: %zu cases, cases.tsv has %zu", cur,
			 f.n_cases, rows_in_file);
	rc_free(&f);
	free(tsv);
	printf("cases: %zu (parse %u, verify %u, valid %u, other %u)\n", rows, by_class[0],
	       by_class[1], by_class[2], by_class[3]);
	T_CHECK(rows > 900);
	return tu_finish();
}
