/* NVIDIA's CUDA Tile IR dialect tests, read the way MLIR's
 * -split-input-file -verify-diagnostics reads them: a file is split at
 * "// -----" lines into independent cases, and each "expected-KIND" comment
 * names a line of its case that must be reported with a message containing
 * its text. The files stay in ../shared (never copied into the project). */
#ifndef BCX_TEST_REFCASES_H
#define BCX_TEST_REFCASES_H

#include <stdbool.h>
#include <stddef.h>

typedef enum rc_kind { RC_ERROR, RC_WARNING, RC_NOTE, RC_REMARK } rc_kind;

typedef struct rc_expect {
	rc_kind kind;
	bool regex;          /* expected-KIND-re: text is a pattern with {{...}} parts */
	unsigned line;       /* target line, 1-based within the case; 0 = unknown */
	unsigned decl_line;  /* where the comment itself stands, 1-based within the case */
	const char *text;    /* between the first "{{" and the last "}}" (not NUL-ended) */
	size_t text_len;
} rc_expect;

typedef struct rc_case {
	unsigned index;      /* the chunk's number from 0 in file order; blank chunks
			      * get a number but no case */
	unsigned first_line; /* file line of the case's first line */
	const char *text;    /* the case's bytes (not NUL-ended) */
	size_t len;
	rc_expect *ex;
	size_t n_ex;
} rc_case;

typedef struct rc_file {
	char *data;
	size_t size;
	rc_case *cases;
	size_t n_cases;
} rc_file;

/* Read and split a file; false (with a message on stderr) when unreadable
 * or when an expectation cannot be placed. */
bool rc_load(rc_file *f, const char *path);
void rc_free(rc_file *f);
/* The case numbered index, or NULL. */
const rc_case *rc_case_at(const rc_file *f, unsigned index);
/* Number of expectations of one kind in a case. */
size_t rc_count(const rc_case *c, rc_kind kind);

/* One row of the folder's cases.tsv: a case, its class and its count of
 * expected-error lines, with its file loaded. */
typedef struct rc_row {
	const char *name;     /* the file, under Dialect/CudaTile/ */
	unsigned index;       /* the case's number in the file */
	const char *cls;      /* "parse", "verify", "valid" or another class */
	unsigned n_errors;
	const rc_file *file;  /* loaded once for all of its rows */
	bool first;           /* the first row of its file */
	const rc_case *c;     /* NULL when the file has no such case */
} rc_row;

/* Calls fn for each row of cases.tsv in ../shared, in order, then once
 * with NULL; a row that does not parse or a file that does not load fails
 * the test. False when cases.tsv cannot be read. */
bool rc_each_row(void (*fn)(void *ctx, const rc_row *r), void *ctx);

/* Known differences: the cases a test leaves failing, each named
 * "FILE:CASE" with the reason in the docs. A test reports every case it
 * judges with rc_known_judge; rc_known_finish fails the test for a failing
 * case not listed and for a listed case that passes (the list must shrink
 * when one is fixed), so the list is the exact set of failures. */
typedef struct rc_known {
	const char *const *names;
	size_t n;
	bool *seen;           /* per name: its case was judged */
} rc_known;

bool rc_known_init(rc_known *k, const char *const *names, size_t n);
/* Record the verdict of case FILE:index; true when it is as the list says
 * (passing and unlisted, or failing and listed). */
bool rc_known_judge(rc_known *k, const char *file, unsigned index, bool passed);
/* Check the listed cases all failed; frees the record. */
void rc_known_finish(rc_known *k);

#endif
