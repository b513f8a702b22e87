#define _POSIX_C_SOURCE 200809L
/* NVIDIA's dialect tests through bcx's text parser (bcx_tileir_assemble,
 * what bcx asm runs), by the class cases.tsv gives each case:
 * - parse: the reference refuses the case while parsing. bcx must refuse
 *   it too, with a message that holds an expected-error text, at that
 *   expectation's line. MLIR goes on after some errors and may report
 *   several; bcx stops at its first, which must be one of them.
 * - valid: the case must assemble and verify clean (bcx_tileir_verify).
 *   A case that uses an op outside the dialect ("use_type"(...), which the
 *   reference accepts only with -allow-unregistered-dialect) is counted
 *   apart until bcx reads such ops.
 * Prints the counts and every case that fails, with the reason; fails when
 * fewer than 95% of the parse cases pass or any valid case fails. */
#include "testutil.h"
#include "refcases.h"

#include "bcx/tileir.h"
#include "bcx/tileir_build.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct tally {
	unsigned parse, parse_ok, valid, valid_ok, valid_waiting;
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

/* "FILE:LINE:COL: message": the line, and where the message begins. The
 * file name is ours ("case"), so the first ':' ends it. */
static unsigned diag_line(const char *msg, const char **rest)
{
	*rest = msg;
	const char *p = strchr(msg, ':');
	if (!p)
		return 0;
	char *end;
	unsigned long line = strtoul(p + 1, &end, 10);
	if (*end != ':')
		return 0;
	strtoul(end + 1, &end, 10);
	if (*end == ':')
		end++;
	while (*end == ' ')
		end++;
	*rest = end;
	return (unsigned)line;
}

/* A quoted op name outside the dialect ("use_type"(, "some.op"(). */
static bool uses_unregistered(const rc_case *c)
{
	for (size_t i = 0; i + 1 < c->len; i++) {
		if (c->text[i] != '"')
			continue;
		size_t j = i + 1;
		while (j < c->len && c->text[j] != '"' && c->text[j] != '\n')
			j++;
		if (j + 1 >= c->len || c->text[j] != '"' || c->text[j + 1] != '(')
			continue;
		size_t n = j - i - 1;
		const char *name = c->text + i + 1;
		if (!(n > 10 && memcmp(name, "cuda_tile.", 10) == 0) &&
		    !(n > 8 && memcmp(name, "builtin.", 8) == 0))
			return true;
		i = j;
	}
	return false;
}

/* The first expected error (the case may hold notes too). */
static const rc_expect *first_error(const rc_case *c)
{
	for (size_t i = 0; i < c->n_ex; i++)
		if (c->ex[i].kind == RC_ERROR)
			return &c->ex[i];
	return &c->ex[0];
}

static void parse_case(const char *file, const rc_case *c, tally *t)
{
	const rc_expect *want = first_error(c);
	t->parse++;
	bcx_tileir_builder *m = NULL;
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status st = bcx_tileir_assemble("case", c->text, c->len, NULL, &m, &d);
	bcx_tileir_builder_free(m);
	if (st == BCX_OK) {
		printf("FAIL parse %s:%u (line %u): accepted; expected '%.*s' at line %u\n", file,
		       c->index, c->first_line, (int)want->text_len, want->text, want->line);
		return;
	}
	const char *msg;
	unsigned line = diag_line(d.message, &msg);
	const rc_expect *near = NULL;
	for (size_t i = 0; i < c->n_ex; i++) {
		const rc_expect *e = &c->ex[i];
		if (e->kind != RC_ERROR || !contains(msg, e->text, e->text_len))
			continue;
		if (e->line == line) {
			t->parse_ok++;
			return;
		}
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
}

static bool count_error(void *ctx, const bcx_tileir_verify_error *e)
{
	(void)e;
	(*(size_t *)ctx)++;
	return true;
}

static void valid_case(const char *file, const rc_case *c, tally *t)
{
	t->valid++;
	bool unreg = uses_unregistered(c);
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
		if (st == BCX_OK) {
			t->valid_ok++;
		} else {
			printf("FAIL valid %s:%u (line %u): verifier: %s\n", file, c->index,
			       c->first_line, mod ? vd.message : d.message);
		}
	} else if (unreg) {
		t->valid_waiting++;
		printf("WAIT valid %s:%u (line %u): waiting for unregistered ops: %s\n", file,
		       c->index, c->first_line, d.message);
	} else {
		printf("FAIL valid %s:%u (line %u): %s\n", file, c->index, c->first_line, d.message);
	}
	bcx_tileir_builder_free(m);
}

static void parse_row(void *ctx, const rc_row *r)
{
	bool parse = r && strcmp(r->cls, "parse") == 0, valid = r && strcmp(r->cls, "valid") == 0;
	if ((!parse && !valid) || !T_CHECKF(r->c != NULL, "%s: case %u missing", r->name, r->index))
		return;
	if (parse && T_CHECKF(r->c->n_ex > 0, "%s:%u: no expectation", r->name, r->index))
		parse_case(r->name, r->c, ctx);
	else if (valid)
		valid_case(r->name, r->c, ctx);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	tu_require_shared();
	tally t = {0};
	if (!rc_each_row(parse_row, &t))
		return tu_finish();
	printf("parse cases: %u of %u refused with the expected message at the expected line "
	       "(%.1f%%)\n",
	       t.parse_ok, t.parse, t.parse ? 100.0 * t.parse_ok / t.parse : 0.0);
	printf("valid cases: %u of %u assemble and verify clean; %u waiting for unregistered "
	       "ops; %u fail\n",
	       t.valid_ok, t.valid, t.valid_waiting, t.valid - t.valid_ok - t.valid_waiting);
	T_EQ_U(t.parse, 374);
	T_EQ_U(t.valid, 70);
	T_CHECKF(t.parse_ok * 100 >= t.parse * 95, "parse cases below 95%%: %u of %u", t.parse_ok,
		 t.parse);
	T_CHECKF(t.valid_ok + t.valid_waiting == t.valid, "valid cases failing: %u",
		 t.valid - t.valid_ok - t.valid_waiting);
	return tu_finish();
}
