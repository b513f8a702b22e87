/* The explorer's WebAssembly glue: bcx/explore.h for JavaScript, each
 * answer one JSON text (valid until the next call). Strings are escaped
 * byte by byte (bcx_json_escape_byte: a byte that is not printable ASCII
 * is one \u00XX), so a JavaScript string of the text has one character per
 * byte and the spans' byte offsets index it as they are. */
#include "bcx/explore.h"
#include "common/out.h"

#include <stdio.h>
#include <string.h>

/* The answer being built and the last error; the page calls one function
 * at a time. */
static bcx_buf answer;
static bcx_diag last;

const char *bcxw_error(void);
bcx_explore *bcxw_open(const uint8_t *data, size_t size);
void bcxw_close(bcx_explore *e);
const char *bcxw_format(bcx_explore *e);
const char *bcxw_nodes(bcx_explore *e, size_t from);
int bcxw_expand(bcx_explore *e, size_t node);
long bcxw_find(bcx_explore *e, double offset);
const char *bcxw_text(bcx_explore *e, size_t node);
const char *bcxw_check(bcx_explore *e);

static void json_str(const char *s, size_t n)
{
	bcx_buf_put_u8(&answer, '"');
	for (size_t i = 0; i < n; i++) {
		char esc[8];
		bcx_buf_put_bytes(&answer, esc, bcx_json_escape_byte(esc, (uint8_t)s[i]));
	}
	bcx_buf_put_u8(&answer, '"');
}

static void json_u64(uint64_t v)
{
	bcx_buf_printf(&answer, "%llu", (unsigned long long)v);
}

static const char *finish(void)
{
	bcx_buf_put_u8(&answer, '\0');
	return answer.status == BCX_OK ? (const char *)answer.data : "null";
}

static void begin(void)
{
	if (!answer.alloc)
		bcx_buf_init(&answer, NULL);
	answer.len = 0;
	answer.status = BCX_OK;
}

/* "FILE:OFFSET: message" as the tool says it, for the page to show. */
const char *bcxw_error(void)
{
	begin();
	char head[64] = "";
	if (last.has_offset)
		snprintf(head, sizeof head, "%s %llu: ", last.is_bit_offset ? "bit" : "offset",
			 (unsigned long long)last.offset);
	bcx_buf_puts(&answer, head);
	if (last.context[0])
		bcx_buf_printf(&answer, "%s: ", last.context);
	bcx_buf_puts(&answer, last.message);
	return finish();
}

bcx_explore *bcxw_open(const uint8_t *data, size_t size)
{
	bcx_explore *e = NULL;
	bcx_diag_clear(&last);
	if (bcx_explore_open(data, size, NULL, &e, &last) != BCX_OK)
		return NULL;
	return e;
}

void bcxw_close(bcx_explore *e)
{
	bcx_explore_close(e);
}

const char *bcxw_format(bcx_explore *e)
{
	return bcx_explore_format(e);
}

/* Nodes from..count as [index, parent, kind, label, begin, end, bits,
 * lazy] rows: the page asks for the new ones after each expansion. */
const char *bcxw_nodes(bcx_explore *e, size_t from)
{
	begin();
	bcx_buf_put_u8(&answer, '[');
	for (size_t i = from; i < bcx_explore_node_count(e); i++) {
		const bcx_explore_node *n = bcx_explore_node_at(e, i);
		bcx_buf_puts(&answer, i > from ? ",[" : "[");
		json_u64(i);
		bcx_buf_put_u8(&answer, ',');
		bcx_buf_puts(&answer, n->parent == BCX_EXPLORE_NONE ? "-1" : "");
		if (n->parent != BCX_EXPLORE_NONE)
			json_u64(n->parent);
		bcx_buf_put_u8(&answer, ',');
		json_str(n->kind, strlen(n->kind));
		bcx_buf_put_u8(&answer, ',');
		json_str(n->label, strlen(n->label));
		bcx_buf_put_u8(&answer, ',');
		json_u64(n->begin);
		bcx_buf_put_u8(&answer, ',');
		json_u64(n->end);
		bcx_buf_puts(&answer, n->bits ? ",1" : ",0");
		bcx_buf_puts(&answer, n->lazy ? ",1]" : ",0]");
	}
	bcx_buf_put_u8(&answer, ']');
	return finish();
}

int bcxw_expand(bcx_explore *e, size_t node)
{
	bcx_diag_clear(&last);
	return (int)bcx_explore_expand(e, node, &last);
}

/* offset as a double: JavaScript numbers hold every file offset exactly. */
long bcxw_find(bcx_explore *e, double offset)
{
	size_t node = 0;
	bcx_diag_clear(&last);
	if (offset < 0 || bcx_explore_find(e, (uint64_t)offset, &node, &last) != BCX_OK)
		return -1;
	return (long)node;
}

/* {"text": "...", "spans": [[begin, end, node], ...]} or null. */
const char *bcxw_text(bcx_explore *e, size_t node)
{
	bcx_explore_text t;
	bcx_diag_clear(&last);
	if (bcx_explore_get_text(e, node, &t, &last) != BCX_OK)
		return "null";
	begin();
	bcx_buf_puts(&answer, "{\"text\":");
	json_str(t.text, t.len);
	bcx_buf_puts(&answer, ",\"spans\":[");
	for (size_t i = 0; i < t.n_spans; i++) {
		bcx_buf_puts(&answer, i ? ",[" : "[");
		json_u64(t.spans[i].text_begin);
		bcx_buf_put_u8(&answer, ',');
		json_u64(t.spans[i].text_end);
		bcx_buf_put_u8(&answer, ',');
		json_u64(t.spans[i].node);
		bcx_buf_put_u8(&answer, ']');
	}
	bcx_buf_puts(&answer, "]}");
	return finish();
}

/* [[offset, bits, warning, message, where], ...] or null. */
const char *bcxw_check(bcx_explore *e)
{
	size_t n = 0;
	bcx_diag_clear(&last);
	if (bcx_explore_check(e, &n, &last) != BCX_OK)
		return "null";
	begin();
	bcx_buf_put_u8(&answer, '[');
	for (size_t i = 0; i < n; i++) {
		const bcx_explore_finding *f = bcx_explore_finding_at(e, i);
		bcx_buf_puts(&answer, i ? ",[" : "[");
		json_u64(f->offset);
		bcx_buf_puts(&answer, f->bits ? ",1" : ",0");
		bcx_buf_puts(&answer, f->warning ? ",1," : ",0,");
		json_str(f->message, strlen(f->message));
		bcx_buf_put_u8(&answer, ',');
		json_str(f->where, strlen(f->where));
		bcx_buf_put_u8(&answer, ']');
	}
	bcx_buf_put_u8(&answer, ']');
	return finish();
}
