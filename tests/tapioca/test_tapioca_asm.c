/* The Tapioca assembler against hostile and wrong input: one nesting limit
 * and one UTF-8 rule shared with the TBON reader and writer, and every
 * error path of the assembler with its message and LINE:COL. */
#include "testutil.h"
#include "bcx/tapioca.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Assemble src; on failure copy the message and the "LINE:COL" context. */
static bcx_status asm_src(const char *src, bcx_buf *out, bcx_diag *d)
{
	bcx_diag_clear(d);
	bcx_buf_init(out, NULL);
	return bcx_tapioca_asm(src, strlen(src), out, d);
}

static bcx_status load(const bcx_buf *b, bcx_diag *d)
{
	bcx_tapioca_module *m = NULL;
	bcx_diag_clear(d);
	bcx_status s = bcx_tapioca_load(b->data, b->len, NULL, &m, d);
	bcx_tapioca_free(m);
	return s;
}

/* head, then `open` n times, then tail, then n closers (or none). */
static char *nested(const char *head, const char *open, size_t n, const char *tail, bool close)
{
	size_t hl = strlen(head), ol = strlen(open), tl = strlen(tail);
	char *s = malloc(hl + (ol + 1) * n + tl + 2), *p = s;
	memcpy(p, head, hl);
	p += hl;
	for (size_t i = 0; i < n; i++, p += ol)
		memcpy(p, open, ol);
	memcpy(p, tail, tl);
	p += tl;
	for (size_t i = 0; close && i < n; i++)
		*p++ = open[0] == '[' ? ']' : '}';
	memcpy(p, "\n", 2);
	return s;
}

/* The deepest literal the assembler accepts loads again; one level more is
 * refused by the assembler with the reader's message, at the value that
 * goes too deep; 20,000 levels cost no stack. */
static void check_nesting(const char *head, const char *open, const char *tail, const char *end)
{
	bcx_buf b;
	bcx_diag d;
	size_t ok_depth = 0;
	for (size_t n = 1; n <= 70; n++) {
		char *inner = nested(head, open, n, tail, true);
		char *src = malloc(strlen(inner) + strlen(end) + 1);
		strcpy(src, inner);
		strcat(src, end);
		bcx_status s = asm_src(src, &b, &d);
		if (s == BCX_OK) {
			ok_depth = n;
			T_CHECKF(load(&b, &d) == BCX_OK, "%s x%zu assembles but does not load: %s",
				 head, n, d.message);
		} else {
			T_CHECKF(n == ok_depth + 1, "%s x%zu: %s", head, n, d.message);
			T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "message '%s'",
				 d.message);
			unsigned long line = 0, col = 0;
			if (!T_CHECK(sscanf(d.context, "%lu:%lu", &line, &col) == 2 && line && col))
				break;
			/* the first value too deep is an innermost 1 (an item or a key) */
			const char *ln = src;
			for (unsigned long k = 1; k < line; k++)
				ln = strchr(ln, '\n') + 1;
			T_CHECKF(ln[col - 1] == '1' && col > strlen(open) * (n - 1),
				 "%s x%zu: column %lu", head, n, col);
		}
		bcx_buf_free(&b);
		free(inner);
		free(src);
		if (s != BCX_OK)
			break;
	}
	T_CHECKF(ok_depth >= 55 && ok_depth < 70, "%s: %zu levels accepted", head, ok_depth);
	char *deep = nested(head, open, 20000, tail, false);
	T_EQ_U(asm_src(deep, &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "message '%s'", d.message);
	bcx_buf_free(&b);
	free(deep);
}

static void test_nesting(void)
{
	check_nesting(".global g ", "[", "1", "");
	check_nesting(".global g ", "{1: ", "1", "");
	check_nesting(".func main 0\n load_const r1, ", "[", "1", " return r1\n.end\n");
}

/* The reader and the writer apply the same limit: depth 64 is written and
 * read, depth 65 is refused by both. */
static void test_tbon_depth(void)
{
	bcx_tbon_value v[67];
	memset(v, 0, sizeof v);
	for (size_t i = 0; i < 67; i++) {
		v[i].kind = BCX_TBON_K_ARRAY;
		v[i].type = BCX_TBON_ARRAY;
		v[i].elem = BCX_TBON_OBJECT;
		v[i].len = 1;
		v[i].items = &v[i + 1];
	}
	for (size_t top = 0; top < 3; top++) {
		/* the chain from v[top] ends in nil at depth 65 - top */
		v[65].kind = BCX_TBON_K_NIL;
		v[65].type = BCX_TBON_NIL;
		bcx_tbon_file f;
		memset(&f, 0, sizeof f);
		f.root = v[top];
		bcx_buf b;
		bcx_buf_init(&b, NULL);
		bcx_diag d;
		bcx_diag_clear(&d);
		bcx_status s = bcx_tbon_write(&f, &b, &d);
		if (top == 0) {
			T_EQ_U(s, BCX_ERR_LIMIT);
			T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "'%s'", d.message);
			/* the same bytes by hand: the reader refuses them alike */
			bcx_buf_free(&b);
			bcx_buf_init(&b, NULL);
			bcx_buf_put_bytes(&b, "TBON\x01", 5);
			for (int i = 0; i < 65; i++)
				bcx_buf_put_bytes(&b, "\x21\x04", 2);
			bcx_buf_put_u8(&b, 0x05);
		} else {
			T_EQ_U(s, BCX_OK);
		}
		bcx_arena *a = bcx_arena_new(NULL);
		bcx_tbon_file g;
		bcx_diag_clear(&d);
		s = bcx_tbon_read(b.data, b.len, a, NULL, &g, &d);
		T_EQ_U(s, top == 0 ? BCX_ERR_LIMIT : BCX_OK);
		if (top == 0)
			T_CHECKF(strcmp(d.message, "nesting deeper than 64") == 0, "'%s'", d.message);
		bcx_arena_free(a);
		bcx_buf_free(&b);
	}
}

/* A name that is not UTF-8 is refused by the assembler and the writer with
 * the reader's rule and message. */
static void test_utf8(void)
{
	static const char *const bad[] = {"\\xff", "\\xc3\\x28", "\\xc0\\x80", "\\xed\\xa0\\x80",
					  "\\xf4\\x90\\x80\\x80", "\\xe2\\x82"};
	static const char *const good[] = {"\\xc3\\xa9", "\\xf0\\x9f\\x98\\x80", "plain", ""};
	char src[200];
	bcx_buf b;
	bcx_diag d;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(src, sizeof src, ".global g 1\n.global \"%s\" 2\n", bad[i]);
		T_EQ_U(asm_src(src, &b, &d), BCX_ERR_MALFORMED);
		T_CHECKF(strcmp(d.message, "name is not valid UTF-8") == 0, "%s: '%s'", bad[i],
			 d.message);
		T_CHECKF(strcmp(d.context, "2:9") == 0, "%s: at %s", bad[i], d.context);
		bcx_buf_free(&b);
		snprintf(src, sizeof src, ".global g [1, \"%s\"]\n", bad[i]);
		T_EQ_U(asm_src(src, &b, &d), BCX_ERR_MALFORMED);
		T_CHECKF(strcmp(d.context, "1:15") == 0, "%s: at %s", bad[i], d.context);
		bcx_buf_free(&b);
	}
	for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
		snprintf(src, sizeof src, ".global \"%s\" \"%s\"\n", good[i], good[i]);
		T_CHECKF(asm_src(src, &b, &d) == BCX_OK, "%s: %s", good[i], d.message);
		T_CHECKF(load(&b, &d) == BCX_OK, "%s: %s", good[i], d.message);
		bcx_buf_free(&b);
	}
	/* the writer, and the reader on the bytes the writer would have made */
	bcx_tbon_file f;
	memset(&f, 0, sizeof f);
	f.root = bcx_tbon_name("\xff", 1);
	bcx_buf_init(&b, NULL);
	bcx_diag_clear(&d);
	T_EQ_U(bcx_tbon_write(&f, &b, &d), BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "name is not valid UTF-8") == 0, "'%s'", d.message);
	bcx_buf_free(&b);
	bcx_arena *a = bcx_arena_new(NULL);
	bcx_diag_clear(&d);
	T_EQ_U(bcx_tbon_read((const uint8_t *)"TBON\x01\x61\xff", 7, a, NULL, &f, &d),
	       BCX_ERR_MALFORMED);
	T_CHECKF(strcmp(d.message, "name is not valid UTF-8") == 0, "'%s'", d.message);
	bcx_arena_free(a);
}

int main(int argc, char **argv)
{
	tu_init(argc, argv);
	test_nesting();
	test_tbon_depth();
	test_utf8();
	return tu_finish();
}
