/* What the text forms need of each op beyond its fields, from the rows of
 * ops.def (TIR_IMPLICIT, TIR_TYPE_OF, TIR_ROUNDING, TIR_MEMORY_WORDS,
 * TIR_CONFINED, TIR_NAMES), looked up by opcode: the parser and the
 * printers read these, nothing else lists ops. */
#ifndef BCX_TILEIR_OP_TEXT_H
#define BCX_TILEIR_OP_TEXT_H

#include <stdbool.h>

/* The value-less terminator the custom form may leave out of the op's
 * regions, or -1. */
int tir_implicit_terminator(unsigned opcode);

/* Results whose type the custom form does not print: that of another
 * field. The op's pairs, ended by a NULL result. */
typedef struct tir_type_of {
	const char *result, *from;
} tir_type_of;
const tir_type_of *tir_type_of_rows(unsigned opcode);

/* The rounding modes the op's text takes ("'approx', 'full'"), NULL for
 * an op without the list; *strict: a known mode outside it is refused
 * while parsing. */
const char *tir_rounding_modes(unsigned opcode, bool *strict);

/* Memory ordering and scope read by the reference's own parser. */
bool tir_memory_words(unsigned opcode);

/* The words a ConfinedAttr's message adds for attribute attr, or "". */
const char *tir_confined_words(unsigned opcode, const char *attr);

/* How the printers name the op's results (OpAsmOpInterface). */
typedef enum tir_names_kind {
	TIR_NAMES_DEFAULT,  /* not named by the op: numbers, or fields for
			       several fixed results */
	TIR_NAMES_FIXED,    /* result 0 gets the fixed name */
	TIR_NAMES_NONE,     /* the op names nothing (numbers) */
	TIR_NAMES_CONSTANT, /* %cst_..., from the value */
	TIR_NAMES_ASSUME    /* after its operand's name */
} tir_names_kind;
tir_names_kind tir_result_names(unsigned opcode, const char **fixed);

#endif
