/* Internals of the Tile IR assembler: the parsed form handed to the builder.
 * The tokenizer is the shared MLIR lexer (src/mlir/lex.h). */
#ifndef BCX_TILEIR_ASM_INTERNAL_H
#define BCX_TILEIR_ASM_INTERNAL_H

#include "mlir/lex.h"
#include "bcx/tileir_build.h"
#include "tileir/write_internal.h"

typedef struct asm_parser {
	mlir_lex lx;
	bcx_tb_module *m;
	bcx_arena *arena;       /* the parse tree; freed after building */
	wr_table names;         /* value names of the current function */
	uint32_t *name_val;     /* name index -> value number */
	uint32_t cap_names;
} asm_parser;

/* Report a builder failure (its diag) at the current token. */
bool ap_built(asm_parser *p, bcx_status st, const bcx_diag *bd);
/* A type in generic form; `!cuda_tile.` is optional. */
bool ap_type(asm_parser *p, bcx_tb_type *out);
/* A function type "(T, ...) -> T | (T, ...)". */
bool ap_func_type(asm_parser *p, bcx_tb_type **ins, uint32_t *n_in, bcx_tb_type **outs,
		  uint32_t *n_out);
/* An attribute value (after "name ="). */
bool ap_attr(asm_parser *p, bcx_tb_attr **out);
/* Copy of the current token's text into the parse arena. */
char *ap_tok_dup(asm_parser *p);

#endif
