#define _POSIX_C_SOURCE 200809L
/* NVIDIA's negative tests that its verifier (not its parser) refuses: every
 * case cases.tsv classes as "verify" is assembled by bcx's one text parser
 * and verified with bcx_tileir_verify(), and each of its expected-error
 * lines must be met by an error on that line whose message contains the
 * expected text (a parse error counts when it is what the case expects).
 * Prints the counts and every failing case as FILE:CASE with the reason.
 * The cases left failing are listed by name below, each with its reason in
 * docs/formats/tileir-verify.md: the test fails on any other failure and on
 * a listed case that passes. */
#include "testutil.h"
#include "refcases.h"
#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const known[] = {
	"view_invalid.mlir:63",           /* no index operands: the parser refuses first */
	"view_invalid.mlir:67",
	"invalid.mlir:6",                 /* a region with no block: our own message */
	"reduce_and_scan_invalid.mlir:1",
};

typedef struct diag_line {
	unsigned line;
	char *msg;
} diag_line;

typedef struct got {
	diag_line *d;
	size_t n, cap;
} got;

static void add(got *g, unsigned line, const char *msg)
{
	if (g->n == g->cap) {
		size_t cap = g->cap ? g->cap * 2 : 8;
		diag_line *nd = realloc(g->d, cap * sizeof *nd);
		if (!nd)
			return;
		g->d = nd;
		g->cap = cap;
	}
	g->d[g->n].line = line;
	g->d[g->n].msg = strdup(msg);
	if (g->d[g->n].msg)
		g->n++;
}

static bool on_error(void *ctx, const bcx_tileir_verify_error *e)
{
	add(ctx, e->line, e->message);
	return true;
}

/* Does msg contain the expectation's text? A -re pattern's {{regex}} parts
 * match anything; its plain parts must appear in order. */
static bool contains(const char *msg, const rc_expect *x)
{
	const char *t = x->text, *end = x->text + x->text_len;
	while (t < end) {
		const char *open = x->regex ? strstr(t, "{{") : NULL;
		size_t n = (size_t)((open && open < end ? open : end) - t);
		char part[1024];
		if (n >= sizeof part)
			return false;
		memcpy(part, t, n);
		part[n] = 0;
		const char *at = strstr(msg, part);
		if (!at)
			return false;
		msg = at + n;
		if (!open || open >= end)
			break;
		const char *close = strstr(open + 2, "}}");
		t = close && close < end ? close + 2 : end;
	}
	return true;
}

/* The case's diagnostics: the parser's one failure, or the verifier's. */
static void run_case(const char *file, const rc_case *c, got *g)
{
	bcx_tileir_builder *b = NULL;
	bcx_diag d = {0};
	if (bcx_tileir_assemble(file, c->text, c->len, NULL, &b, &d) != BCX_OK) {
		add(g, d.line, d.message);
		return;
	}
	bcx_tileir_module *m = bcx_tileir_builder_model(b, &d);
	if (m && bcx_tileir_verify(m, NULL, on_error, g, NULL, &d) != BCX_OK && g->n == 0)
		add(g, 0, d.message);
	/* Broken modules of every kind: both printers must take them (the text
	 * is not checked here, only that printing succeeds, under ASan). */
	bcx_buf out;
	bcx_buf_init(&out, NULL);
	bcx_sink sink = {bcx_buf_sink_write, &out};
	T_CHECKF(!m || bcx_tileir_print_custom(m, -1, NULL, &sink, &d) == BCX_OK, "%s:%u: print: %s",
		 file, c->index, d.message);
	T_CHECKF(!m || bcx_tileir_print_generic(m, -1, &sink, &d) == BCX_OK, "%s:%u: print: %s",
		 file, c->index, d.message);
	bcx_buf_free(&out);
	bcx_tileir_builder_free(b);
}

/* NULL when every expected error is met, else why not (static buffer). */
static const char *judge(const rc_case *c, const got *g)
{
	static char why[512];
	for (size_t i = 0; i < c->n_ex; i++) {
		const rc_expect *x = &c->ex[i];
		if (x->kind != RC_ERROR)
			continue;
		bool met = false;
		for (size_t k = 0; k < g->n && !met; k++)
			met = g->d[k].line == x->line && contains(g->d[k].msg, x);
		if (met)
			continue;
		int n = snprintf(why, sizeof why, "line %u wants \"%.*s\"; got ", x->line,
				 (int)(x->text_len > 120 ? 120 : x->text_len), x->text);
		if (g->n == 0)
			snprintf(why + n, sizeof why - (size_t)n, "no error");
		else
			snprintf(why + n, sizeof why - (size_t)n, "line %u \"%.200s\"%s", g->d[0].line,
				 g->d[0].msg, g->n > 1 ? " (and more)" : "");
		return why;
	}
	return NULL;
}

typedef struct tally {
	unsigned total, passed;
	rc_known known;
} tally;

static void verify_row(void *ctx, const rc_row *r)
{
	tally *t = ctx;
	if (!r || strcmp(r->cls, "verify") != 0)
		return;
	t->total++;
	if (!T_CHECKF(r->c != NULL, "%s:%u: case missing", r->name, r->index))
		return;
	got g = {0};
	run_case(r->name, r->c, &g);
	const char *why = judge(r->c, &g);
	if (why)
		printf("FAIL %s:%u (file line %u): %s\n", r->name, r->index, r->c->first_line, why);
	else
		t->passed++;
	rc_known_judge(&t->known, r->name, r->index, why == NULL);
	for (size_t k = 0; k < g.n; k++)
		free(g.d[k].msg);
	free(g.d);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	tally t = {0};
	if (!rc_known_init(&t.known, known, sizeof known / sizeof *known) ||
	    !rc_each_row(verify_row, &t))
		return tu_finish();
	unsigned total = t.total, passed = t.passed;
	unsigned pct10 = total ? passed * 1000u / total : 0;
	printf("verify-class cases: %u of %u pass (%u.%u%%); %zu known differences\n", passed,
	       total, pct10 / 10, pct10 % 10, t.known.n);
	T_CHECK(total == 436);
	rc_known_finish(&t.known);
	return tu_finish();
}
