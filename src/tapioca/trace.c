/* One instruction as text for tracing: the dump's spelling (dis.c,
 * bcx_tap_insn_text without a module: absolute targets ->n, "const k"),
 * made in a fixed buffer so that a trace allocates nothing. */
#include "internal.h"

#include <string.h>

/* A bcx_buf over a fixed block: its one allocation is the block, which
 * cannot grow past its end. */
typedef struct fixed {
	char *p;
	size_t cap;
} fixed;

static void *fixed_alloc(void *ctx, void *ptr, size_t old, size_t n)
{
	fixed *f = ctx;
	(void)old;
	if (n == 0 || n > f->cap || (ptr && ptr != f->p))
		return NULL;
	return f->p;
}

size_t bcx_tapioca_insn_str(uint32_t word, uint32_t index, char *buf, size_t size)
{
	char text[256]; /* the longest instruction text is under 80 bytes */
	fixed f = {text, sizeof text};
	bcx_allocator a = {fixed_alloc, &f};
	bcx_buf o;
	bcx_buf_init(&o, &a);
	bcx_tap_insn_text(&o, word, index, NULL);
	size_t n = o.status == BCX_OK ? o.len : 0;
	if (size) {
		size_t k = n < size ? n : size - 1;
		memcpy(buf, text, k);
		buf[k] = 0;
	}
	return n;
}
