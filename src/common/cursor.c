/* The bounds-checked byte cursor. Every byte-oriented reader goes through
 * these functions; bounds tests compare against the remaining length and
 * never form a pointer past the end. Errors are sticky. */
#include "bcx/core.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bcx_cur_init(bcx_cursor *c, const void *data, size_t size, bcx_diag *diag)
{
	static const uint8_t empty[1];
	c->origin = data ? data : empty;
	c->p = c->origin;
	c->end = c->origin + (data ? size : 0);
	c->status = BCX_OK;
	c->diag = diag;
}

BCX_PRINTF(4, 0)
static bcx_status cur_vfail(bcx_cursor *c, size_t off, bcx_status code, const char *fmt,
			    va_list ap) BCX_PRINTF(4, 0);
static bcx_status cur_vfail(bcx_cursor *c, size_t off, bcx_status code, const char *fmt,
			    va_list ap)
{
	if (c->status != BCX_OK)
		return c->status;
	c->status = code;
	if (c->diag && c->diag->code == BCX_OK) {
		char msg[BCX_DIAG_MSG_MAX];
		vsnprintf(msg, sizeof msg, fmt, ap);
		bcx_diag_set(c->diag, code, (int64_t)off, "%s", msg);
	}
	return code;
}

bcx_status bcx_cur_fail(bcx_cursor *c, bcx_status code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bcx_status s = cur_vfail(c, bcx_cur_offset(c), code, fmt, ap);
	va_end(ap);
	return s;
}

bcx_status bcx_cur_fail_at(bcx_cursor *c, size_t offset, bcx_status code, const char *fmt,
			   ...)
{
	va_list ap;
	va_start(ap, fmt);
	bcx_status s = cur_vfail(c, offset, code, fmt, ap);
	va_end(ap);
	return s;
}

/* True when n more bytes can be read; otherwise fails the cursor. */
static bool need(bcx_cursor *c, size_t n, const char *what)
{
	if (c->status != BCX_OK)
		return false;
	if (n <= bcx_cur_remaining(c))
		return true;
	bcx_cur_fail(c, BCX_ERR_TRUNCATED, "unexpected end of input reading %s: need %zu byte%s, %zu left",
		     what ? what : "data", n, n == 1 ? "" : "s", bcx_cur_remaining(c));
	return false;
}

uint8_t bcx_cur_u8(bcx_cursor *c, const char *what)
{
	if (!need(c, 1, what))
		return 0;
	return *c->p++;
}

/* Little-endian loads are written byte by byte: no alignment assumptions. */
uint16_t bcx_cur_u16le(bcx_cursor *c, const char *what)
{
	if (!need(c, 2, what))
		return 0;
	uint16_t v = (uint16_t)(c->p[0] | (c->p[1] << 8));
	c->p += 2;
	return v;
}

uint32_t bcx_cur_u32le(bcx_cursor *c, const char *what)
{
	if (!need(c, 4, what))
		return 0;
	const uint8_t *p = c->p;
	uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		     (uint32_t)p[3] << 24;
	c->p += 4;
	return v;
}

uint32_t bcx_cur_u32be(bcx_cursor *c, const char *what)
{
	if (!need(c, 4, what))
		return 0;
	const uint8_t *p = c->p;
	uint32_t v = (uint32_t)p[3] | (uint32_t)p[2] << 8 | (uint32_t)p[1] << 16 |
		     (uint32_t)p[0] << 24;
	c->p += 4;
	return v;
}

uint64_t bcx_cur_u64le(bcx_cursor *c, const char *what)
{
	if (!need(c, 8, what))
		return 0;
	uint64_t v = 0;
	for (int i = 7; i >= 0; i--)
		v = v << 8 | c->p[i];
	c->p += 8;
	return v;
}

const uint8_t *bcx_cur_bytes(bcx_cursor *c, size_t n, const char *what)
{
	if (!need(c, n, what))
		return NULL;
	const uint8_t *p = c->p;
	c->p += n;
	return p;
}

int bcx_cur_peek(const bcx_cursor *c)
{
	if (c->status != BCX_OK || c->p == c->end)
		return -1;
	return *c->p;
}

bool bcx_cur_skip(bcx_cursor *c, size_t n, const char *what)
{
	return bcx_cur_bytes(c, n, what) != NULL;
}

bool bcx_cur_align(bcx_cursor *c, size_t align, int pad_byte)
{
	if (c->status != BCX_OK)
		return false;
	if (align == 0 || (align & (align - 1)) != 0)
		return bcx_cur_fail(c, BCX_ERR_MALFORMED, "alignment %zu is not a power of two",
				    align) == BCX_OK;
	size_t pad = (align - (bcx_cur_offset(c) & (align - 1))) & (align - 1);
	const uint8_t *p = bcx_cur_bytes(c, pad, "alignment padding");
	if (!p)
		return false;
	if (pad_byte >= 0) {
		for (size_t i = 0; i < pad; i++) {
			if (p[i] != (uint8_t)pad_byte) {
				bcx_cur_fail_at(c, (size_t)(p + i - c->origin), BCX_ERR_MALFORMED,
						"padding byte is 0x%02x, expected 0x%02x", p[i],
						(unsigned)pad_byte);
				return false;
			}
		}
	}
	return true;
}

bool bcx_cur_sub(bcx_cursor *c, size_t n, bcx_cursor *sub, const char *what)
{
	sub->origin = c->origin;
	sub->diag = c->diag;
	const uint8_t *p = bcx_cur_bytes(c, n, what);
	if (!p) {
		sub->p = sub->end = c->p;
		sub->status = c->status;
		return false;
	}
	sub->p = p;
	sub->end = p + n;
	sub->status = BCX_OK;
	return true;
}

void bcx_cur_join(bcx_cursor *parent, const bcx_cursor *sub)
{
	if (parent->status == BCX_OK && sub->status != BCX_OK)
		parent->status = sub->status;
}
