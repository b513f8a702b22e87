/* The custom text form's printer, shared by its files (print_custom.c,
 * print_names.c, print_directives.c). Internal. */
#ifndef BCX_TILEIR_PRINT_CUSTOM_H
#define BCX_TILEIR_PRINT_CUSTOM_H

#include "tileir/print/print.h"
#include "tileir/model/fmt.h"
#include "tileir/model/opinfo.h"

/* One value's spelling: "%name" or "%N" (len bytes at s), and its index
 * in a multi-result group (printed as #sub), or -1. */
typedef struct cname {
	const char *s;
	uint32_t len;
	int32_t sub;
} cname;

typedef struct cp_debuginfo cp_debuginfo;

/* One element of an op's format with its field resolved (print_custom.c):
 * field = index in the op's row (-1: none), slot = index among fields of
 * its kind; for a group or oilist, end = index of its closing element and
 * anchor = index of the anchor (-1: none). */
typedef struct ctok {
	fmt_tok t;
	int16_t field;
	uint16_t slot;
	uint16_t end;
	int16_t anchor;
	int8_t dir;       /* custom<Name>: cp_directive's number, -1 unknown */
} ctok;

typedef struct cfmt {
	ctok *toks;
	uint16_t n;
} cfmt;

typedef struct cprint {
	bcx_tileir_module *m;
	bcx_buf *o;               /* staged text, passed to sink in pieces */
	const bcx_sink *sink;
	const bcx_tileir_body *body;
	cname *names;             /* per value id of the current function */
	bcx_arena *scratch;       /* the current function's names; freed after it */
	unsigned indent;          /* spaces before an op of the current block */
	cp_debuginfo *di;         /* --debuginfo: the location aliases, else NULL */
	bcx_arena *arena;         /* lives as long as the print call */
	cfmt *fmts[256];          /* per opcode, read on first use */
	bcx_tileir_str *type_text;/* per type index: its custom text, made once */
	bcx_diag *diag;
	bcx_status status;        /* first failure of a directive */
	const bcx_tileir_print_options *opts; /* op notes */
	tir_pcheck *check;        /* verifying as bodies are decoded, or NULL */
} cprint;

/* Name every value of the current body as MLIR's custom printer does. */
bcx_status cp_name_body(cprint *p);

void cp_value(cprint *p, uint32_t v);
/* The type of value v (a token type for an id out of range, which only a
 * hand-made model can hold). */
uint32_t cp_value_type(const cprint *p, uint32_t v);
void cp_values(cprint *p, const uint32_t *v, uint32_t n);
void cp_type(cprint *p, uint32_t t);
void cp_types(cprint *p, const uint32_t *t, uint32_t n);
void cp_newline(cprint *p);
/* A region as MLIR's printRegion: "{", the ops, "}" at the op's indent. */
void cp_region(cprint *p, const bcx_tileir_region *r, bool terminators);
/* The argument list "(%a: type, ...)" of a block. */
void cp_block_args(cprint *p, const bcx_tileir_block *b);

/* The operand values and types of one declared operand group. */
typedef struct cgroup {
	const uint32_t *v;
	uint32_t n;
} cgroup;

/* One op being printed, and where its fields are. */
typedef struct cop {
	const bcx_tileir_op *op;
	const bcx_tileir_opinfo *info;
} cop;

cgroup cp_operands(const cop *c, const char *name, size_t len);
/* The attribute of field name, or NULL when the op has no such field. */
const bcx_tileir_attr *cp_attr(const cop *c, const char *name, size_t len);
/* The result types of result field name. */
cgroup cp_results(const cop *c, const char *name, size_t len);

/* Directives of the format column: custom<Name>(args) and op<Name>. */
/* The number of custom<Name>'s directive, -1 for a name there is none of
 * (resolved once, when a format is read). */
int cp_directive(const fmt_tok *t);
bool cp_custom(cprint *p, const cop *c, const ctok *t);
bool cp_custom_present(cprint *p, const cop *c, const fmt_tok *t);
bool cp_whole_op(cprint *p, const cop *c, const fmt_tok *t);

/* Locations (print_debuginfo.c): make the alias table, visit locations
 * in printing order (debug record references, 0 = unknown), number the aliases, print " loc(#alias)" and, after the
 * module, the definitions. */
bcx_status cp_di_new(const bcx_tileir_module *m, const bcx_allocator *a, cp_debuginfo **di,
		     bcx_diag *d);
void cp_di_free(cp_debuginfo *di);
void cp_di_visit(cp_debuginfo *di, uint64_t loc);
bcx_status cp_di_number(cp_debuginfo *di, bcx_diag *d);
void cp_di_suffix(cprint *p, uint64_t loc);
void cp_di_definitions(cprint *p);

/* Does the printed form show the last op of region r of owner? if/for/
 * loop leave out a terminator that carries no values. */
bool cp_shows_terminator(const bcx_tileir_op *owner, const bcx_tileir_region *r);

/* Print the op's format from its first element. */
void cp_format(cprint *p, const cop *c);

#endif
