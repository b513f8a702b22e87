/* Verification of a Tile IR module in the verbs that print or write it
 * (bcx dis, bcx convert), as the reference's reader verifies every module
 * it reads; and the notes bcx dis --no-verify puts before a broken op. */
#ifndef BCX_TOOLS_TILEIR_CHECK_H
#define BCX_TOOLS_TILEIR_CHECK_H

#include "cli.h"
#include "bcx/tileir.h"

typedef struct tir_note tir_note;

typedef struct tir_check {
	const cli_input *in;
	bool text;              /* assembled from text: no byte offsets */
	bool collect;           /* keep the errors as notes instead of reporting */
	tir_note *notes;        /* op errors, sorted by offset once verified (n of them) */
	size_t n, cap;
	const char **lines;     /* the notes' texts in sorted order */
	bcx_buf header;         /* module-level errors as "// error: " lines */
	size_t errors;          /* all of them */
	bool failed;            /* out of memory while collecting */
} tir_check;

/* One error in the one shape: "bcx: FILE:OFFSET: error: MESSAGE [function
 * 'NAME', op PATH]" on stderr (no offset for text input). */
void tir_report_error(const cli_input *in, bool text, const bcx_tileir_verify_error *e);

/* Verify m. Without collect, each error is reported and then the count;
 * with collect, they are kept for tir_check_notes and the header. Returns
 * the number of errors, or -1 when the module could not be verified (a
 * body that cannot be decoded: reported). */
long tir_check_run(tir_check *c, bcx_tileir_module *m, const bcx_tileir_verify_options *o);

/* bcx_tileir_print_options.op_notes over the collected errors. */
size_t tir_check_notes(void *ctx, const bcx_tileir_op *op, const char *const **lines);

void tir_check_free(tir_check *c);

#endif
