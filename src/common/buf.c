/* The growable byte writer and the bitstream bit writer. Both keep a
 * sticky status so that a writer checks for failure once, at the end. */
#include "bcx/core.h"
#include "common/internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bcx_buf_init(bcx_buf *w, const bcx_allocator *a)
{
	memset(w, 0, sizeof *w);
	w->alloc = a ? a : bcx_default_allocator();
}

void bcx_buf_free(bcx_buf *w)
{
	bcx_free(w->alloc, w->data, w->cap);
	w->data = NULL;
	w->len = w->cap = 0;
}

bool bcx_buf_reserve(bcx_buf *w, size_t n)
{
	if (w->status != BCX_OK)
		return false;
	size_t need;
	if (!bcx_add_ok(w->len, n, &need)) {
		w->status = BCX_ERR_LIMIT;
		return false;
	}
	if (need <= w->cap)
		return true;
	size_t cap = w->cap ? w->cap : 64;
	while (cap < need) {
		if (!bcx_mul_ok(cap, 2, &cap)) {
			cap = need;
			break;
		}
	}
	uint8_t *p = bcx_realloc(w->alloc, w->data, w->cap, cap);
	if (!p) {
		w->status = BCX_ERR_NOMEM;
		return false;
	}
	w->data = p;
	w->cap = cap;
	return true;
}

/* Room for n more bytes if the allocator has it, exactly that much: a size
 * hint, so failing leaves the buffer as it was and its status OK. */
void bcx_buf_reserve_hint(bcx_buf *w, size_t n)
{
	size_t need;
	if (w->status != BCX_OK || !bcx_add_ok(w->len, n, &need) || need <= w->cap)
		return;
	uint8_t *p = bcx_realloc(w->alloc, w->data, w->cap, need);
	if (p) {
		w->data = p;
		w->cap = need;
	}
}

void bcx_buf_put_bytes(bcx_buf *w, const void *p, size_t n)
{
	if (n && n <= w->cap - w->len && w->status == BCX_OK) { /* the common case */
		memcpy(w->data + w->len, p, n);
		w->len += n;
		return;
	}
	if (n == 0 || !bcx_buf_reserve(w, n))
		return;
	memcpy(w->data + w->len, p, n);
	w->len += n;
}

void bcx_buf_put_u8(bcx_buf *w, uint8_t v)
{
	if (w->len < w->cap && w->status == BCX_OK) {
		w->data[w->len++] = v;
		return;
	}
	bcx_buf_put_bytes(w, &v, 1);
}

static void put_le(bcx_buf *w, uint64_t v, unsigned n)
{
	uint8_t b[8];
	for (unsigned i = 0; i < n; i++)
		b[i] = (uint8_t)(v >> (8 * i));
	bcx_buf_put_bytes(w, b, n);
}

void bcx_buf_put_u16le(bcx_buf *w, uint16_t v) { put_le(w, v, 2); }
void bcx_buf_put_u32le(bcx_buf *w, uint32_t v) { put_le(w, v, 4); }
void bcx_buf_put_u64le(bcx_buf *w, uint64_t v) { put_le(w, v, 8); }

void bcx_buf_puts(bcx_buf *w, const char *s) { bcx_buf_put_bytes(w, s, strlen(s)); }

/* Printers write numbers by the million: digits without printf, two at a
 * time, backwards from end. Returns where they start. */
static char *udec_back(char *end, uint64_t v)
{
	static const char pairs[] = "00010203040506070809101112131415161718192021222324"
				    "25262728293031323334353637383940414243444546474849"
				    "50515253545556575859606162636465666768697071727374"
				    "75767778798081828384858687888990919293949596979899";
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		*--end = pairs[2 * r + 1];
		*--end = pairs[2 * r];
	}
	if (v >= 10) {
		*--end = pairs[2 * v + 1];
		*--end = pairs[2 * v];
	} else {
		*--end = (char)('0' + v);
	}
	return end;
}

static unsigned udec_len(uint64_t v)
{
	unsigned n = 1;
	for (; v >= 10000; v /= 10000)
		n += 4;
	return n + (v >= 10) + (v >= 100) + (v >= 1000);
}

size_t bcx_fmt_udec(char out[BCX_UDEC_MAX], uint64_t v)
{
	unsigned n = udec_len(v);
	udec_back(out + n, v);
	return n;
}

void bcx_buf_put_udec(bcx_buf *w, uint64_t v)
{
	unsigned n = udec_len(v);
	if (n <= w->cap - w->len && w->status == BCX_OK) { /* in place */
		udec_back((char *)w->data + w->len + n, v);
		w->len += n;
		return;
	}
	char tmp[BCX_UDEC_MAX];
	bcx_buf_put_bytes(w, udec_back(tmp + n, v), n);
}

void bcx_buf_put_idec(bcx_buf *w, int64_t v)
{
	if (v < 0)
		bcx_buf_put_u8(w, '-');
	bcx_buf_put_udec(w, v < 0 ? 0 - (uint64_t)v : (uint64_t)v);
}

void bcx_buf_vprintf(bcx_buf *w, const char *fmt, va_list ap)
{
	char small[256];
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	if (n < 0) {
		if (w->status == BCX_OK)
			w->status = BCX_ERR_INVALID_ARG;
	} else if ((size_t)n < sizeof small) {
		bcx_buf_put_bytes(w, small, (size_t)n);
	} else if (bcx_buf_reserve(w, (size_t)n + 1)) {
		/* Longer than the stack buffer: format again into the buffer. */
		vsnprintf((char *)w->data + w->len, (size_t)n + 1, fmt, again);
		w->len += (size_t)n;
	}
	va_end(again);
}

void bcx_buf_printf(bcx_buf *w, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bcx_buf_vprintf(w, fmt, ap);
	va_end(ap);
}

void bcx_buf_pad_to(bcx_buf *w, size_t align, uint8_t fill)
{
	if (align == 0 || (align & (align - 1)) != 0) {
		if (w->status == BCX_OK)
			w->status = BCX_ERR_INVALID_ARG;
		return;
	}
	while (w->status == BCX_OK && (w->len & (align - 1)) != 0)
		bcx_buf_put_u8(w, fill);
}

void bcx_buf_patch_u32le(bcx_buf *w, size_t pos, uint32_t v)
{
	if (w->status != BCX_OK)
		return;
	if (pos > w->len || w->len - pos < 4) {
		w->status = BCX_ERR_INVALID_ARG;
		return;
	}
	for (unsigned i = 0; i < 4; i++)
		w->data[pos + i] = (uint8_t)(v >> (8 * i));
}

uint8_t *bcx_buf_take(bcx_buf *w, size_t *len)
{
	uint8_t *p = w->data;
	*len = w->len;
	w->data = NULL;
	w->len = w->cap = 0;
	return p;
}

/* ---- bit writer ---- */

void bcx_bitbuf_init(bcx_bitbuf *w, const bcx_allocator *a)
{
	bcx_buf_init(&w->bytes, a);
	w->cur = 0;
	w->ncur = 0;
}

void bcx_bitbuf_free(bcx_bitbuf *w) { bcx_buf_free(&w->bytes); }

static void flush_words(bcx_bitbuf *w)
{
	while (w->ncur >= 32) {
		bcx_buf_put_u32le(&w->bytes, (uint32_t)w->cur);
		w->cur >>= 32;
		w->ncur -= 32;
	}
}

void bcx_bitbuf_emit(bcx_bitbuf *w, uint64_t v, unsigned width)
{
	if (width == 0)
		return;
	if (width > 64) {
		if (w->bytes.status == BCX_OK)
			w->bytes.status = BCX_ERR_INVALID_ARG;
		return;
	}
	if (width < 64)
		v &= ((uint64_t)1 << width) - 1;
	/* ncur < 32 here, so at most 32 bits fit beside it in one step. */
	if (width > 32) {
		bcx_bitbuf_emit(w, v & 0xffffffffu, 32);
		bcx_bitbuf_emit(w, v >> 32, width - 32);
		return;
	}
	w->cur |= v << w->ncur;
	w->ncur += width;
	flush_words(w);
}

void bcx_bitbuf_emit_vbr(bcx_bitbuf *w, uint64_t v, unsigned width)
{
	if (width < 2 || width > 32) {
		if (w->bytes.status == BCX_OK)
			w->bytes.status = BCX_ERR_INVALID_ARG;
		return;
	}
	uint64_t hi = (uint64_t)1 << (width - 1);
	while (v >= hi) {
		bcx_bitbuf_emit(w, (v & (hi - 1)) | hi, width);
		v >>= width - 1;
	}
	bcx_bitbuf_emit(w, v, width);
}

void bcx_bitbuf_align32(bcx_bitbuf *w)
{
	if (w->ncur > 0)
		bcx_bitbuf_emit(w, 0, 32 - w->ncur);
}

uint64_t bcx_bitbuf_bit_pos(const bcx_bitbuf *w)
{
	return (uint64_t)w->bytes.len * 8 + w->ncur;
}

void bcx_bitbuf_patch_word(bcx_bitbuf *w, size_t byte_pos, uint32_t v)
{
	bcx_buf_patch_u32le(&w->bytes, byte_pos, v);
}

bcx_status bcx_buf_sink_write(void *ctx, const void *p, size_t n)
{
	bcx_buf *w = ctx;
	if (!w)
		return BCX_OK;
	bcx_buf_put_bytes(w, p, n);
	return w->status;
}

void bcx_buf_spill(bcx_buf *w, const bcx_sink *sink, size_t at)
{
	if (w->status != BCX_OK || w->len == 0 || w->len < at)
		return;
	bcx_status s = sink->write(sink->ctx, w->data, w->len);
	if (s != BCX_OK)
		w->status = s;
	w->len = 0;
}
