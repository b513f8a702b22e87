/* Verification before bcx dis and bcx convert print or write a module, and
 * the per-op notes of bcx dis --no-verify (tileir_check.h). */
#include "tileir_check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Notes are keyed by the op's byte offset, unique in a file: the verifier
 * gives back the bodies it decoded, the printer decodes them again. */
struct tir_note {
	uint32_t offset;
	size_t seq;             /* walk order, kept among one op's notes */
	char *text;
};

void tir_report_error(const cli_input *in, bool text, const bcx_tileir_verify_error *e)
{
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	/* Names in messages come from the file: escaped before they print. */
	cli_put_escaped(&b, (const uint8_t *)e->message, strlen(e->message));
	if (e->function >= 0) {
		bcx_buf_puts(&b, " [function '");
		cli_put_escaped(&b, e->function_name.ptr, e->function_name.len);
		bcx_buf_printf(&b, "'%s%s]", *e->path ? ", op " : "", e->path);
	}
	bcx_buf_put_u8(&b, 0);
	const char *msg = b.status == BCX_OK ? (const char *)b.data : e->message;
	const char *kind = e->warning ? "warning" : "error";
	if (text && e->line) /* assembled text: the op's place in it, with a caret */
		cli_text_message(kind, in->name, in->data, in->size, e->line, e->col, msg);
	else
		cli_message(kind, in->name, e->op && !text ? (long long)e->offset : -1, "%s", msg);
	bcx_buf_free(&b);
}

/* "error: MESSAGE" escaped, as a note's or a header line's text. */
static char *note_text(const bcx_tileir_verify_error *e, bool with_function)
{
	bcx_buf b;
	bcx_buf_init(&b, NULL);
	bcx_buf_puts(&b, "error: ");
	cli_put_escaped(&b, (const uint8_t *)e->message, strlen(e->message));
	if (with_function && e->function >= 0) {
		bcx_buf_puts(&b, " [function '");
		cli_put_escaped(&b, e->function_name.ptr, e->function_name.len);
		bcx_buf_puts(&b, "']");
	}
	char *t = b.status == BCX_OK ? malloc(b.len + 1) : NULL;
	if (t) {
		memcpy(t, b.data, b.len);
		t[b.len] = 0;
	}
	bcx_buf_free(&b);
	return t;
}

static bool add_note(tir_check *c, uint32_t offset, char *text)
{
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		if (cap > SIZE_MAX / sizeof *c->notes)
			return false;
		tir_note *n = realloc(c->notes, cap * sizeof *n);
		if (!n)
			return false;
		c->notes = n;
		c->cap = cap;
	}
	c->notes[c->n] = (tir_note){offset, c->n, text};
	c->n++;
	return true;
}

static bool on_error(void *ctx, const bcx_tileir_verify_error *e)
{
	tir_check *c = ctx;
	c->errors++;
	if (!c->collect) {
		tir_report_error(c->in, c->text, e);
		return true;
	}
	/* A module-level rule has no op to stand before: it heads the text. */
	char *t = note_text(e, !e->node);
	if (t && !e->node) {
		bcx_buf_printf(&c->header, "// %s\n", t);
		free(t);
		return true;
	}
	if (!t || !add_note(c, e->offset, t)) {
		free(t);
		c->failed = true;
		return false;
	}
	return true;
}

static int by_op(const void *pa, const void *pb)
{
	const tir_note *a = pa, *b = pb;
	uint32_t x = a->offset, y = b->offset;
	if (x != y)
		return x < y ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

long tir_check_run(tir_check *c, bcx_tileir_module *m, const bcx_tileir_verify_options *o)
{
	bcx_buf_init(&c->header, NULL);
	bcx_diag d;
	bcx_diag_clear(&d);
	bcx_status s = bcx_tileir_verify(m, o, on_error, c, NULL, &d);
	if (!c->failed && c->n) {
		qsort(c->notes, c->n, sizeof *c->notes, by_op);
		c->lines = malloc(c->n * sizeof *c->lines);
		for (size_t i = 0; c->lines && i < c->n; i++)
			c->lines[i] = c->notes[i].text;
		c->failed = !c->lines;
	}
	if (c->failed || c->header.status != BCX_OK || (s != BCX_OK && c->errors == 0)) {
		if (s == BCX_OK || c->errors)
			bcx_diag_set(&d, BCX_ERR_NOMEM, -1, "out of memory");
		cli_report(c->in->name, &d);
		return -1;
	}
	if (!c->collect && c->errors) {
		fputs("bcx: ", stderr);
		cli_fput_path(stderr, c->in->name);
		fprintf(stderr, ": %zu error%s\n", c->errors, c->errors == 1 ? "" : "s");
	}
	return (long)c->errors;
}

size_t tir_check_notes(void *ctx, const bcx_tileir_op *op, const char *const **lines)
{
	const tir_check *c = ctx;
	size_t lo = 0, hi = c->n;
	while (lo < hi) { /* the first note of op */
		size_t mid = lo + (hi - lo) / 2;
		if (c->notes[mid].offset < op->offset)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t end = lo;
	while (end < c->n && c->notes[end].offset == op->offset)
		end++;
	*lines = c->lines ? c->lines + lo : NULL;
	return end - lo;
}

void tir_check_free(tir_check *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->notes[i].text);
	free(c->notes);
	free(c->lines);
	bcx_buf_free(&c->header);
}
