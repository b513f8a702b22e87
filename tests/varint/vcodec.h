/* One interface over every integer codec, so that the table, round-trip
 * and truncation tests loop over codecs instead of repeating themselves.
 * Values travel as uint64_t bit patterns; signed codecs read them as
 * int64_t. VBR bytes are the bitstream packing (LSB first, padded to a
 * whole byte). */
#ifndef BCX_TESTS_VCODEC_H
#define BCX_TESTS_VCODEC_H

#include "bcx/varint.h"

/* Longest encoding of any codec: XIP 1 + 64 bytes; VBR2 of a 64-bit value
 * takes 128 bits. */
#define VC_MAX 80

typedef enum {
	VC_PREFIX, VC_ZIGZAG, VC_ULEB, VC_SLEB, VC_ZLEB, VC_VBR, VC_SVBR, VC_XIP
} vc_kind;

typedef struct vcodec {
	char name[12];
	vc_kind kind;
	unsigned width; /* VBR chunk width */
	bool is_signed;
} vcodec;

/* Every codec: the fixed ones, then vbr2..vbr32 and svbr2..svbr32. */
size_t vc_count(void);
const vcodec *vc_at(size_t i);
/* By name ("uleb", "vbr6", ...); NULL when unknown. */
const vcodec *vc_find(const char *name);

size_t vc_encode(const vcodec *c, uint64_t v, uint8_t out[VC_MAX]);
/* The library's length function for the codec, in bytes. */
size_t vc_length(const vcodec *c, uint64_t v);
/* The length worked out independently from the codec's definition. */
size_t vc_expected_length(const vcodec *c, uint64_t v);
/* used is in bytes (VBR: whole bytes the value's bits touch). */
bcx_status vc_decode(const vcodec *c, const uint8_t *p, size_t n, uint64_t *v, size_t *used);

/* "ac 02" / "AC02" to bytes; returns the count or (size_t)-1. */
size_t vc_hex(const char *s, uint8_t *out, size_t cap);

#endif
