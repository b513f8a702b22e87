/* The property every bulk decoder must keep: it gives what a loop of the
 * single-value decoder gives (values, status, values done, bytes or bits
 * used, and the diagnostic with its offset counted from the start). Shared
 * by test_varint_bulk and the fuzz target varint_bulk. */
#ifndef BCX_TEST_BULK_CHECK_H
#define BCX_TEST_BULK_CHECK_H

#include "bcx/varint.h"
#include "varint/bulk.h"

#include <stdlib.h>
#include <string.h>

typedef enum {
	BC_PREFIX,
	BC_PREFIX_S,
	BC_ULEB,
	BC_SLEB,
	BC_ZLEB,
	BC_VBR,
	BC_SVBR,
	BC_XIP,
	BC_COUNT
} bc_codec;

typedef struct bc_result {
	bcx_status status;
	size_t done;
	uint64_t used; /* bytes, or the bit position for VBR */
	bcx_diag diag;
} bc_result;

/* One value through the single-value decoder at bit/byte position *pos. */
static bcx_status bc_one(bc_codec c, unsigned arg, const uint8_t *p, size_t n, uint64_t *pos,
                         uint64_t *v, bcx_diag *d)
{
	size_t off = (size_t)*pos, used = 0;
	int64_t s = 0;
	bcx_status st;
	if (c == BC_VBR || c == BC_SVBR) {
		bcx_bitcursor b;
		bcx_bit_init(&b, p, n, d);
		st = bcx_bit_seek(&b, *pos) ? BCX_OK : b.status;
		*v = st == BCX_OK ? bcx_bit_vbr(&b, arg) : 0;
		st = b.status;
		if (st == BCX_OK) {
			*pos = b.pos;
			if (c == BC_SVBR)
				*v = (uint64_t)bcx_svbr_decode(*v);
		}
		return st;
	}
	switch (c) {
	case BC_PREFIX:
		st = bcx_prefixvarint_decode(p + off, n - off, v, &used, d);
		break;
	case BC_PREFIX_S:
		st = bcx_prefixvarint_decode_signed(p + off, n - off, &s, &used, d);
		*v = (uint64_t)s;
		break;
	case BC_ULEB:
		st = bcx_uleb128_decode(p + off, n - off, arg, v, &used, d);
		break;
	case BC_SLEB:
		st = bcx_sleb128_decode(p + off, n - off, arg, &s, &used, d);
		*v = (uint64_t)s;
		break;
	case BC_ZLEB:
		st = bcx_uleb128_decode(p + off, n - off, 64, v, &used, d);
		*v = (uint64_t)bcx_zigzag_decode(*v);
		break;
	default:
		st = bcx_xip_decode(p + off, n - off, &s, &used, d);
		*v = (uint64_t)s;
		break;
	}
	if (st != BCX_OK && d->has_offset)
		d->offset += off;
	if (st == BCX_OK)
		*pos += used;
	return st;
}

/* start: the first bit (VBR; 0 for the byte codecs). */
static void bc_reference(bc_codec c, unsigned arg, const uint8_t *p, size_t n, uint64_t start,
                         uint64_t *out, size_t count, bc_result *r)
{
	memset(r, 0, sizeof *r);
	bcx_diag_clear(&r->diag);
	uint64_t pos = start;
	for (r->done = 0; r->done < count; r->done++) {
		r->status = bc_one(c, arg, p, n, &pos, &out[r->done], &r->diag);
		if (r->status != BCX_OK)
			break;
	}
	r->used = pos;
}

static void bc_bulk(bc_codec c, unsigned arg, bcx_vbulk_path path, const uint8_t *p, size_t n,
                    uint64_t start, uint64_t *out, size_t count, bc_result *r)
{
	memset(r, 0, sizeof *r);
	bcx_diag_clear(&r->diag);
	size_t used = 0;
	uint64_t pos = start;
	bcx_diag *d = &r->diag;
	switch (c) {
	case BC_PREFIX:
	case BC_PREFIX_S:
		r->status =
		    bcx_vbulk_prefix(path, p, n, out, count, &r->done, &used, d, c == BC_PREFIX_S);
		break;
	case BC_ULEB:
	case BC_SLEB:
	case BC_ZLEB:
		r->status = bcx_vbulk_leb(path, p, n, c == BC_ZLEB ? 64 : arg, out, count, &r->done,
		                          &used, d,
		                          c == BC_ULEB   ? BCX_VB_ULEB
		                          : c == BC_SLEB ? BCX_VB_SLEB
		                                         : BCX_VB_ZLEB);
		break;
	case BC_VBR:
	case BC_SVBR:
		r->status =
		    bcx_vbulk_vbr(path, p, n, arg, &pos, out, count, &r->done, d, c == BC_SVBR);
		used = (size_t)pos;
		break;
	default:
		r->status = bcx_vbulk_xip(path, p, n, (int64_t *)out, count, &r->done, &used, d);
		break;
	}
	r->used = used;
}

/* Compares the bulk decoder on `path` with the reference, VBR from bit
 * `start`; returns a short description of the first difference, or NULL. */
static const char *bc_compare_at(bc_codec c, unsigned arg, bcx_vbulk_path path, const uint8_t *p,
                                 size_t n, uint64_t start, size_t count)
{
	uint64_t *want = calloc(count + 1, sizeof *want), *got = calloc(count + 1, sizeof *got);
	const char *why = NULL;
	if (!want || !got) {
		why = "out of memory";
	} else {
		bc_result a, b;
		bc_reference(c, arg, p, n, start, want, count, &a);
		bc_bulk(c, arg, path, p, n, start, got, count, &b);
		if (a.status != b.status)
			why = "status";
		else if (a.done != b.done)
			why = "values done";
		else if (a.used != b.used)
			why = "bytes used";
		else if (memcmp(want, got, a.done * sizeof *want) != 0)
			why = "values";
		else if (a.diag.code != b.diag.code || a.diag.has_offset != b.diag.has_offset ||
		         a.diag.offset != b.diag.offset ||
		         a.diag.is_bit_offset != b.diag.is_bit_offset ||
		         strcmp(a.diag.message, b.diag.message) != 0)
			why = "diagnostic";
	}
	free(want);
	free(got);
	return why;
}

static inline const char *bc_compare(bc_codec c, unsigned arg, bcx_vbulk_path path, const uint8_t *p,
                              size_t n, size_t count)
{
	return bc_compare_at(c, arg, path, p, n, 0, count);
}

#endif
