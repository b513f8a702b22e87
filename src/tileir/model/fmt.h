/*
 * The assembly-format column of ops.def (TIR_FMT), read one element at a
 * time. The printer of the custom form walks it; so will the parser. The
 * notation follows MLIR's declarative assembly format, which is how the
 * dialect itself declares these forms:
 *
 *   `kw`            a literal; `` joins two elements without a space,
 *                   ` ` forces one
 *   $name           an operand group, attribute or unit attribute of the
 *                   op (a field of its row); `$name^` marks the anchor of an
 *                   optional group, `$name^=word` an anchor that counts as
 *                   absent when it holds its default enumerator `word`
 *   type($name)     the types of an operand group or result, comma separated
 *   ( ... )?        an optional group, printed when its anchor is present
 *   oilist(`kw` $a | `kw` $b)  keywords in any order, each with its unit
 *   attr-dict       attributes the format does not name ({...} when any)
 *   attr-dict-with-keyword     the same after `attributes`
 *   custom<Name>(args)         a directive of print_directives.c; args are
 *                   $names, #N (region N) or bare words; a trailing ^
 *                   makes it the anchor of its group. Rounding's are the
 *                   field, the default the custom form leaves out and,
 *                   when the generic form may leave the attribute out
 *                   too (the reference's DefaultValuedAttr), `defaulted`
 *   op<Name>        the whole op is printed by directive Name
 */
#ifndef BCX_TILEIR_FMT_H
#define BCX_TILEIR_FMT_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	FMT_END,
	FMT_LIT,       /* text = the literal, possibly empty or " " */
	FMT_VAR,       /* text = name */
	FMT_TYPE,      /* text = name */
	FMT_CUSTOM,    /* text = directive name, args = raw argument text */
	FMT_OP,        /* text = whole-op directive name */
	FMT_ATTR_DICT, /* kw = with keyword */
	FMT_GROUP,     /* "(" */
	FMT_GROUP_END, /* ")?" */
	FMT_OILIST,    /* "oilist(" */
	FMT_OIL_SEP,   /* "|" */
	FMT_OIL_END,   /* ")" */
	FMT_BAD
} fmt_kind;

typedef struct fmt_tok {
	fmt_kind kind;
	const char *text;
	size_t len;
	const char *args;  /* FMT_CUSTOM */
	size_t args_len;
	bool anchor;       /* followed by ^ */
	const char *dflt;  /* ^=word: the enumerator that means absent */
	size_t dflt_len;
	bool kw;           /* FMT_ATTR_DICT: with keyword */
} fmt_tok;

/* The next element at *p, advancing *p past it. */
fmt_tok fmt_next(const char **p);

/* Does s[0..len) equal the NUL-terminated word w? */
bool fmt_is(const char *s, size_t len, const char *w);

/* Split a custom directive's argument text: the next argument, or false. */
bool fmt_arg(const char **p, const char *end, const char **arg, size_t *len);

#endif
