/* The assembly-format column of ops.def, read element by element (fmt.h). */
#include "tileir/model/fmt.h"

#include <string.h>

static bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static const char *skip_ident(const char *s)
{
	while (ident_char(*s))
		s++;
	return s;
}

/* Both compare a byte at a time, stopping at the first difference: the
 * parser asks these for every element of every op's format. */
bool fmt_is(const char *s, size_t len, const char *w)
{
	for (size_t i = 0; i < len; i++)
		if (!w[i] || w[i] != s[i])
			return false;
	return w[len] == 0;
}

static bool starts(const char *s, const char *w)
{
	for (; *w; s++, w++)
		if (*s != *w)
			return false;
	return true;
}

/* "$name", "$name^" or "$name^=word" at s (past the '$'). */
static const char *read_var(const char *s, fmt_tok *t)
{
	t->text = s;
	s = skip_ident(s);
	t->len = (size_t)(s - t->text);
	if (*s == '^') {
		t->anchor = true;
		s++;
		if (*s == '=') {
			t->dflt = ++s;
			s = skip_ident(s);
			t->dflt_len = (size_t)(s - t->dflt);
		}
	}
	return s;
}

/* "Name>(args)" after "custom<" or "op<". */
static const char *read_directive(const char *s, fmt_tok *t)
{
	t->text = s;
	s = skip_ident(s);
	t->len = (size_t)(s - t->text);
	if (*s++ != '>')
		return NULL;
	if (t->kind == FMT_OP)
		return s;
	if (*s++ != '(')
		return NULL;
	t->args = s;
	while (*s && *s != ')')
		s++;
	if (!*s)
		return NULL;
	t->args_len = (size_t)(s - t->args);
	s++;
	if (*s == '^') {
		t->anchor = true;
		s++;
	}
	return s;
}

fmt_tok fmt_next(const char **p)
{
	const char *s = *p;
	fmt_tok t;
	memset(&t, 0, sizeof t);
	while (*s == ' ' || *s == '\n' || *s == '\t')
		s++;
	t.kind = FMT_BAD;
	if (!*s) {
		t.kind = FMT_END;
	} else if (*s == '`') {
		const char *e = s + 1;
		while (*e && *e != '`')
			e++;
		if (*e) {
			t = (fmt_tok){.kind = FMT_LIT, .text = s + 1, .len = (size_t)(e - s - 1)};
			s = e + 1;
		}
	} else if (*s == '$') {
		t.kind = FMT_VAR;
		s = read_var(s + 1, &t);
	} else if (starts(s, "type($")) {
		t.kind = FMT_TYPE;
		s = read_var(s + 6, &t);
		s = *s == ')' ? s + 1 : NULL;
		if (s && *s == '^') {
			t.anchor = true;
			s++;
		}
	} else if (starts(s, "custom<")) {
		t.kind = FMT_CUSTOM;
		s = read_directive(s + 7, &t);
	} else if (starts(s, "op<")) {
		t.kind = FMT_OP;
		s = read_directive(s + 3, &t);
	} else if (starts(s, "attr-dict-with-keyword")) {
		t = (fmt_tok){.kind = FMT_ATTR_DICT, .kw = true};
		s += 22;
	} else if (starts(s, "attr-dict")) {
		t.kind = FMT_ATTR_DICT;
		s += 9;
	} else if (starts(s, "oilist(")) {
		t.kind = FMT_OILIST;
		s += 7;
	} else if (*s == '(') {
		t.kind = FMT_GROUP;
		s++;
	} else if (starts(s, ")?")) {
		t.kind = FMT_GROUP_END;
		s += 2;
	} else if (*s == ')') {
		t.kind = FMT_OIL_END;
		s++;
	} else if (*s == '|') {
		t.kind = FMT_OIL_SEP;
		s++;
	}
	if (!s)
		t.kind = FMT_BAD;
	*p = s ? s : *p;
	return t;
}

bool fmt_arg(const char **p, const char *end, const char **arg, size_t *len)
{
	const char *s = *p;
	while (s < end && (*s == ' ' || *s == ','))
		s++;
	if (s >= end)
		return false;
	*arg = s;
	while (s < end && *s != ',' && *s != ' ')
		s++;
	*len = (size_t)(s - *arg);
	*p = s;
	return true;
}
