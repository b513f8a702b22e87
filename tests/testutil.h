/* A very small test harness: checks that count and report, file helpers,
 * and access to the shared vectors (passed as argv[1] by ctest). */
#ifndef BCX_TESTUTIL_H
#define BCX_TESTUTIL_H

#include "bcx/core.h"

#include <stdio.h>

void tu_init(int argc, char **argv);
/* Prints "N passed, N failed" and returns the exit status: failure when a
 * check failed or when none ran. */
int tu_finish(void);
/* Records one check; prints file:line and the message when it fails. */
bool tu_check(bool ok, const char *file, int line, const char *fmt, ...) BCX_PRINTF(4, 5);

#define T_CHECK(cond) tu_check((cond), __FILE__, __LINE__, "%s", #cond)
#define T_CHECKF(cond, ...) tu_check((cond), __FILE__, __LINE__, __VA_ARGS__)
/* Each operand is evaluated exactly once. */
#define T_EQ_U(a, b) tu_check_u((unsigned long long)(a), (unsigned long long)(b), __FILE__, __LINE__, #a, #b)
#define T_EQ_I(a, b) tu_check_i((long long)(a), (long long)(b), __FILE__, __LINE__, #a, #b)
bool tu_check_u(unsigned long long a, unsigned long long b, const char *file, int line,
		const char *as, const char *bs);
bool tu_check_i(long long a, long long b, const char *file, int line, const char *as,
		const char *bs);
#define T_EQ_MEM(a, an, b, bn) tu_check_mem((a), (an), (b), (bn), __FILE__, __LINE__, #a)
bool tu_check_mem(const void *a, size_t an, const void *b, size_t bn, const char *file,
		  int line, const char *what);

/* A text parser's failure as "FILE:LINE:COL: MESSAGE" from the diagnostic's
 * fields (just the message when it has no line), in a static buffer valid
 * until the next call. With text given, a failed check when the offset
 * does not name the same place as line and column. */
const char *tu_diag_where(const char *file, const bcx_diag *d, const char *text, size_t size);

/* "LINE:COL" of a text parser's failure ("" without one), in a static buffer
 * valid until the next call. */
const char *tu_diag_pos(const bcx_diag *d);

/* The shared folder given on the command line, or NULL. */
const char *tu_shared_dir(void);
/* Exit with status 77 (skipped) when the shared folder is not there. */
void tu_require_shared(void);
/* "<shared>/<rel>" in a static buffer (valid until the next call). */
const char *tu_shared_path(const char *rel);
/* Read a whole file (malloc'd, NUL-terminated); NULL when missing. */
uint8_t *tu_read_file(const char *path, size_t *size);
/* Deterministic pseudo-random numbers (xorshift64*), seeded per test. */
uint64_t tu_rand(uint64_t *state);

#endif
