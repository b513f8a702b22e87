/* Notes before an op (bcx_tileir_print_options.op_notes), shared by the
 * generic and the custom printer: "// " comment lines at the op's
 * indentation keep the text MLIR, so a broken module can still be read. */
#include "common/internal.h"
#include "tileir/print/print.h"


void tir_print_notes(bcx_buf *o, const bcx_sink *sink, const bcx_tileir_print_options *opts,
		     const bcx_tileir_op *op, unsigned indent)
{
	if (!opts || !opts->op_notes) {
		bcx_buf_spill(o, sink, TIR_SPILL_AT);
		return;
	}
	bcx_buf_spill(o, sink, 0);
	const char *const *lines = NULL;
	size_t n = opts->op_notes(opts->op_notes_ctx, op, &lines);
	for (size_t i = 0; i < n && lines; i++) {
		for (unsigned k = 0; k < indent; k++)
			bcx_buf_add_u8(o, ' ');
		BCX_BUF_LIT(o, "// ");
		/* A note is one line: a newline inside it would end the comment. */
		for (const char *c = lines[i]; *c; c++)
			bcx_buf_add_u8(o, *c == '\n' || *c == '\r' ? ' ' : (uint8_t)*c);
		bcx_buf_add_u8(o, '\n');
	}
}
