/* The bit cursor: LLVM bitstream order, i.e. the stream is a sequence of
 * little-endian 32-bit words and fields are taken from the least
 * significant bit up (spec llvm-bitstream.md section 1). Reading byte-wise
 * little-endian gives the same bit order, which also handles a final
 * partial word. */
#include "bcx/core.h"

#include <stdarg.h>
#include <stdio.h>

void bcx_bit_init(bcx_bitcursor *b, const void *data, size_t size, bcx_diag *diag)
{
	static const uint8_t empty[1];
	b->data = data ? data : empty;
	b->size = data ? size : 0;
	b->pos = 0;
	b->limit = (uint64_t)b->size * 8;
	b->base_bits = 0;
	b->status = BCX_OK;
	b->diag = diag;
}

bcx_status bcx_bit_fail(bcx_bitcursor *b, bcx_status code, const char *fmt, ...)
{
	if (b->status != BCX_OK)
		return b->status;
	b->status = code;
	if (b->diag && b->diag->code == BCX_OK) {
		char msg[BCX_DIAG_MSG_MAX];
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(msg, sizeof msg, fmt, ap);
		va_end(ap);
		bcx_diag_set_bits(b->diag, code, b->base_bits + b->pos, "%s", msg);
	}
	return code;
}

/* Little-endian load spelled byte by byte; compilers turn it into one load. */
static inline uint64_t load_le64(const uint8_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	       (uint64_t)p[3] << 24 | (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 |
	       (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

uint64_t bcx_bit_read(bcx_bitcursor *b, unsigned width)
{
	if (b->status != BCX_OK)
		return 0;
	if (width > 64) {
		bcx_bit_fail(b, BCX_ERR_INVALID_ARG, "field width %u exceeds 64 bits", width);
		return 0;
	}
	if (width > bcx_bit_remaining(b)) {
		bcx_bit_fail(b, BCX_ERR_TRUNCATED,
			     "unexpected end of bitstream: need %u bits, %llu left", width,
			     (unsigned long long)bcx_bit_remaining(b));
		return 0;
	}
	uint64_t pos = b->pos;
	size_t byte = (size_t)(pos >> 3);
	/* Fast path: the field lies in one 8-byte window that is inside the
	 * data (width <= 56 keeps shift + width within 64 bits). */
	if (width <= 56 && b->size - byte >= 8) {
		b->pos = pos + width;
		uint64_t w = load_le64(b->data + byte) >> (pos & 7);
		return width ? w & (((uint64_t)1 << width) - 1) : 0;
	}
	uint64_t v = 0;
	unsigned got = 0;
	while (got < width) {
		unsigned bit = (unsigned)(pos & 7);
		unsigned take = 8 - bit;
		if (take > width - got)
			take = width - got;
		uint64_t chunk = (uint64_t)(b->data[pos >> 3] >> bit) & ((1u << take) - 1);
		v |= chunk << got;
		got += take;
		pos += take;
	}
	b->pos = pos;
	return v;
}

/*
 * VBR as LLVM reads it: chunks of width-1 payload bits, lowest first. Like
 * LLVM we give up ("unterminated VBR") once the accumulated shift reaches
 * the result width; unlike LLVM we also refuse payload bits that would be
 * shifted out of the result instead of dropping them silently.
 */
static uint64_t read_vbr(bcx_bitcursor *b, unsigned width, unsigned result_bits)
{
	if (b->status != BCX_OK)
		return 0;
	if (width < 2 || width > 32) {
		bcx_bit_fail(b, BCX_ERR_INVALID_ARG, "VBR width %u is outside 2..32", width);
		return 0;
	}
	uint64_t start = b->pos;
	uint64_t hi = (uint64_t)1 << (width - 1);
	uint64_t v = 0;
	for (unsigned shift = 0;; shift += width - 1) {
		if (shift >= result_bits) {
			b->pos = start;
			bcx_bit_fail(b, BCX_ERR_OVERFLOW, "unterminated VBR%u: value wider than %u bits",
				     width, result_bits);
			return 0;
		}
		uint64_t piece = bcx_bit_read(b, width);
		if (b->status != BCX_OK)
			return 0;
		uint64_t payload = piece & (hi - 1);
		unsigned room = result_bits - shift; /* bits of the result still free */
		if (room < 64 && (payload >> room) != 0) {
			b->pos = start;
			bcx_bit_fail(b, BCX_ERR_OVERFLOW, "VBR%u value wider than %u bits", width,
				     result_bits);
			return 0;
		}
		v |= payload << shift;
		if (!(piece & hi))
			return v;
	}
}

uint64_t bcx_bit_vbr(bcx_bitcursor *b, unsigned width) { return read_vbr(b, width, 64); }

uint32_t bcx_bit_vbr32(bcx_bitcursor *b, unsigned width)
{
	return (uint32_t)read_vbr(b, width, 32);
}

bool bcx_bit_align32(bcx_bitcursor *b)
{
	if (b->status != BCX_OK)
		return false;
	uint64_t next = (b->pos + 31) & ~(uint64_t)31;
	if (next > b->limit) {
		bcx_bit_fail(b, BCX_ERR_TRUNCATED, "unexpected end of bitstream at 32-bit alignment");
		return false;
	}
	b->pos = next;
	return true;
}

bool bcx_bit_seek(bcx_bitcursor *b, uint64_t bit_pos)
{
	if (b->status != BCX_OK)
		return false;
	if (bit_pos > b->limit) {
		bcx_bit_fail(b, BCX_ERR_TRUNCATED, "bit position %llu is past the end (%llu bits)",
			     (unsigned long long)bit_pos, (unsigned long long)b->limit);
		return false;
	}
	b->pos = bit_pos;
	return true;
}
