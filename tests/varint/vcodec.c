#include "vcodec.h"

#include <stdio.h>
#include <string.h>

static vcodec table[8 + 2 * 31];
static size_t ntable;

static void add(const char *name, vc_kind kind, unsigned width, bool is_signed)
{
	vcodec *c = &table[ntable++];
	snprintf(c->name, sizeof c->name, "%s", name);
	c->kind = kind;
	c->width = width;
	c->is_signed = is_signed;
}

static void build(void)
{
	if (ntable)
		return;
	add("prefix", VC_PREFIX, 0, false);
	add("zigzag", VC_ZIGZAG, 0, true);
	add("uleb", VC_ULEB, 0, false);
	add("sleb", VC_SLEB, 0, true);
	add("zleb", VC_ZLEB, 0, true);
	add("xip", VC_XIP, 0, true);
	for (unsigned w = 2; w <= 32; w++) {
		char name[12];
		snprintf(name, sizeof name, "vbr%u", w);
		add(name, VC_VBR, w, false);
		snprintf(name, sizeof name, "svbr%u", w);
		add(name, VC_SVBR, w, true);
	}
}

size_t vc_count(void)
{
	build();
	return ntable;
}

const vcodec *vc_at(size_t i)
{
	build();
	return &table[i];
}

const vcodec *vc_find(const char *name)
{
	build();
	for (size_t i = 0; i < ntable; i++)
		if (strcmp(table[i].name, name) == 0)
			return &table[i];
	return NULL;
}

size_t vc_encode(const vcodec *c, uint64_t v, uint8_t out[VC_MAX])
{
	int64_t s = (int64_t)v;
	switch (c->kind) {
	case VC_PREFIX: return bcx_prefixvarint_encode(v, out);
	case VC_ZIGZAG: return bcx_prefixvarint_encode_signed(s, out);
	case VC_ULEB: return bcx_uleb128_encode(v, out);
	case VC_SLEB: return bcx_sleb128_encode(s, out);
	case VC_ZLEB: return bcx_uleb128_encode(bcx_zigzag_encode(s), out);
	case VC_VBR: return bcx_vbr_encode_bytes(v, c->width, out, VC_MAX);
	case VC_SVBR: return bcx_vbr_encode_bytes(bcx_svbr_encode(s), c->width, out, VC_MAX);
	case VC_XIP: return bcx_xip_encode(s, out);
	}
	return 0;
}

size_t vc_length(const vcodec *c, uint64_t v)
{
	int64_t s = (int64_t)v;
	switch (c->kind) {
	case VC_PREFIX: return bcx_prefixvarint_length(v);
	case VC_ZIGZAG: return bcx_prefixvarint_length(bcx_zigzag_encode(s));
	case VC_ULEB: return bcx_uleb128_length(v);
	case VC_SLEB: return bcx_sleb128_length(s);
	case VC_ZLEB: return bcx_uleb128_length(bcx_zigzag_encode(s));
	case VC_VBR: return (size_t)((bcx_vbr_length_bits(v, c->width) + 7) / 8);
	case VC_SVBR:
		return (size_t)((bcx_vbr_length_bits(bcx_svbr_encode(s), c->width) + 7) / 8);
	case VC_XIP: return bcx_xip_length(s);
	}
	return 0;
}

/* ---- lengths from the definitions, written without the library ---- */

static unsigned bit_len(uint64_t u)
{
	unsigned n = 0;
	while (u) {
		n++;
		u >>= 1;
	}
	return n;
}

/* Two's-complement significant bits including the sign. */
static unsigned sig_bits(int64_t v)
{
	return bit_len(v < 0 ? ~(uint64_t)v : (uint64_t)v) + 1;
}

static size_t ceil_div(size_t a, size_t b) { return (a + b - 1) / b; }

static uint64_t zz(int64_t v)
{
	return v < 0 ? ~((uint64_t)v << 1) : (uint64_t)v << 1;
}

/* LLVM's sign rotation: magnitude << 1 | sign, with INT64_MIN as 1. */
static uint64_t rot(int64_t v)
{
	if (v >= 0)
		return (uint64_t)v * 2;
	if (v == INT64_MIN)
		return 1;
	return (uint64_t)(-v) * 2 + 1;
}

static size_t prefix_len(uint64_t u)
{
	unsigned b = bit_len(u);
	if (b > 56)
		return 9;
	return b ? ceil_div(b, 7) : 1;
}

static size_t uleb_len(uint64_t u)
{
	unsigned b = bit_len(u);
	return b ? ceil_div(b, 7) : 1;
}

static size_t vbr_len(uint64_t u, unsigned w)
{
	unsigned b = bit_len(u);
	size_t chunks = b ? ceil_div(b, w - 1) : 1;
	return ceil_div(chunks * w, 8);
}

size_t vc_expected_length(const vcodec *c, uint64_t v)
{
	int64_t s = (int64_t)v;
	unsigned sb = sig_bits(s);
	switch (c->kind) {
	case VC_PREFIX: return prefix_len(v);
	case VC_ZIGZAG: return prefix_len(zz(s));
	case VC_ULEB: return uleb_len(v);
	case VC_SLEB: return ceil_div(sb, 7);
	case VC_ZLEB: return uleb_len(zz(s));
	case VC_VBR: return vbr_len(v, c->width);
	case VC_SVBR: return vbr_len(rot(s), c->width);
	case VC_XIP: return sb <= 7 ? 1 : sb <= 13 ? 2 : sb <= 21 ? 3 : 1 + ceil_div(sb, 8);
	}
	return 0;
}

bcx_status vc_decode(const vcodec *c, const uint8_t *p, size_t n, uint64_t *v, size_t *used)
{
	int64_t s = 0;
	uint64_t u = 0;
	size_t bits = 0;
	bcx_status st = BCX_ERR_INVALID_ARG;
	switch (c->kind) {
	case VC_PREFIX: st = bcx_prefixvarint_decode(p, n, &u, used, NULL); break;
	case VC_ZIGZAG: st = bcx_prefixvarint_decode_signed(p, n, &s, used, NULL); break;
	case VC_ULEB: st = bcx_uleb128_decode(p, n, 64, &u, used, NULL); break;
	case VC_SLEB: st = bcx_sleb128_decode(p, n, 64, &s, used, NULL); break;
	case VC_ZLEB:
		st = bcx_uleb128_decode(p, n, 64, &u, used, NULL);
		s = bcx_zigzag_decode(u);
		break;
	case VC_VBR:
	case VC_SVBR:
		st = bcx_vbr_decode_bytes(p, n, c->width, &u, &bits, NULL);
		*used = (bits + 7) / 8;
		s = bcx_svbr_decode(u);
		break;
	case VC_XIP: st = bcx_xip_decode(p, n, &s, used, NULL); break;
	}
	*v = c->is_signed ? (uint64_t)s : u;
	return st;
}

size_t vc_hex(const char *s, uint8_t *out, size_t cap)
{
	size_t n = 0;
	int hi = -1;
	for (; *s; s++) {
		int d;
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else if (*s == ' ')
			continue;
		else
			return (size_t)-1;
		if (hi < 0) {
			hi = d;
			continue;
		}
		if (n == cap)
			return (size_t)-1;
		out[n++] = (uint8_t)(hi << 4 | d);
		hi = -1;
	}
	return hi < 0 ? n : (size_t)-1;
}
