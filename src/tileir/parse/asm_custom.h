/* The custom-form parser's walk state, shared by asm_custom.c (the walk of
 * the TIR_FMT column) and asm_directives.c (custom<Name> and op<Name>, each
 * the inverse of its printer in print_directives.c). Internal. */
#ifndef BCX_TILEIR_ASM_CUSTOM_H
#define BCX_TILEIR_ASM_CUSTOM_H

#include "tileir/parse/asm_internal.h"
#include "tileir/model/fmt.h"
#include "tileir/model/opinfo.h"

#define AC_MAX_FIELDS 16

/* What the text gave for one field of the op. */
typedef struct ac_field {
	ap_ref *refs;                  /* operand group */
	uint32_t n, cap;
	bcx_tileir_build_type *types;  /* type($x), or what a directive implied */
	uint32_t n_types;
	bool typed;
	bcx_tileir_build_attr *attr;   /* attribute or unit; NULL = absent */
} ac_field;

/* One element of an op's format with what the walk would otherwise look
 * up at every op (asm_fmt.c). */
typedef struct ac_elem {
	fmt_tok t;
	int field;      /* FMT_VAR, FMT_TYPE: the field it names, or -1 */
	int anchor;     /* FMT_GROUP: the element that anchors it, or -1 */
	uint32_t end;   /* FMT_GROUP: the element after its ")?" */
} ac_elem;

/* An op's format as elements; the last is FMT_END (or FMT_BAD where the
 * column cannot be read). */
typedef struct ac_fmt {
	ac_elem *e;
	uint32_t n;
} ac_fmt;

/* The format of op row info, compiled on its first use; NULL when out of
 * memory (p->lx says so). */
const ac_fmt *ac_fmt_of(asm_parser *p, const bcx_tileir_opinfo *info);

typedef struct ac_walk {
	asm_parser *p;
	ap_op *op;
	const bcx_tileir_opinfo *info;
	ac_field f[AC_MAX_FIELDS];
	uint32_t n_results;            /* the names on the left */
	bool named;                    /* there were names on the left */
	const char *skip;              /* a group's unit anchor: not in the text */
	const ac_fmt *fmt;             /* the op's format */
} ac_walk;

/* The field index of name in the op's row into *field. */
bcx_status ac_field_at(ac_walk *w, const char *name, size_t len, int *field);
/* The field a directive's first argument names ("$x" or "x"). */
bcx_status ac_arg_field(ac_walk *w, const fmt_tok *t, int *field);
/* How many results field i has, given the names on the left; AC_ANY
 * for a variadic group without them (as many types as the text gives). */
#define AC_ANY UINT32_MAX
uint32_t ac_result_count(const ac_walk *w, int i);
/* Append a value to operand field i. */
bcx_status ac_add_ref(ac_walk *w, int i, const ap_ref *r);
/* A comma-separated list of values into operand field i (greedy). */
bcx_status ac_values(ac_walk *w, int i);
/* n types (AC_ANY: one or more), comma separated, as field i's types. */
bcx_status ac_types(ac_walk *w, int i, uint32_t n);
/* Give field i n types (copied). */
bcx_status ac_set_types(ac_walk *w, int i, const bcx_tileir_build_type *t, uint32_t n);
/* An enumerator of field i's enum as a bare word, consumed; */
bcx_status ac_enum_word(ac_walk *w, int i);
/* and field i set to the enumerator word names, when it names one
 * (*known says whether it did). */
bcx_status ac_enum_set(ac_walk *w, int i, const char *word, size_t n, bool *known);
/* A region of the op: ap_region, then its implicit terminator. */
bcx_status ac_region(ac_walk *w, unsigned r, ap_block **out);

/* Operands the text gave no type take the type the op's SAME_TYPE rule
 * implies (asm_infer.c). */
bcx_status ac_infer_types(ac_walk *w);

/* Directives: parse custom<Name>(args) at the current token; does the
 * current token start it (for a group it anchors)? */
bcx_status ac_custom(ac_walk *w, const fmt_tok *t);
bool ac_custom_starts(ac_walk *w, const fmt_tok *t);
/* Parse a whole op printed by op<Name>. */
bcx_status ac_whole_op(ac_walk *w, const fmt_tok *t);

#endif
