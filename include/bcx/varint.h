/*
 * bcx/varint.h - the integer codecs shared by every format:
 *   PrefixVarInt (MLIR bytecode) and its zigzag signed form,
 *   unsigned and signed LEB128 (Tile IR, DWARF, wasm),
 *   VBR-N at the bit level and LLVM's signed-VBR rule,
 *   XIP (XVM integer packing, 2019-2024 Tiny/Small/Medium/Large layout).
 *
 * Every codec has encode, decode and an encoded-length function. Decoders
 * take (pointer, available bytes), never read past them, and return
 * BCX_ERR_TRUNCATED when the input ends inside a value, BCX_ERR_MALFORMED
 * for an invalid encoding and BCX_ERR_OVERFLOW when the value does not fit
 * the requested width. `used` receives the number of bytes consumed.
 */
#ifndef BCX_VARINT_H
#define BCX_VARINT_H

#include "bcx/core.h"

BCX_BEGIN_DECLS

/* ---- PrefixVarInt (MLIR bytecode, spec mlir-bytecode.md) ---- */
#define BCX_PREFIXVARINT_MAX 9

/* Writes 1..9 bytes to out, returns the count. */
size_t bcx_prefixvarint_encode(uint64_t v, uint8_t out[BCX_PREFIXVARINT_MAX]);
size_t bcx_prefixvarint_length(uint64_t v);
BCX_NODISCARD bcx_status bcx_prefixvarint_decode(const uint8_t *p, size_t n, uint64_t *v,
						  size_t *used, bcx_diag *diag);

/* Zigzag: 0,-1,1,-2,... -> 0,1,2,3,... */
static inline uint64_t bcx_zigzag_encode(int64_t v)
{
	return ((uint64_t)v << 1) ^ (uint64_t)(v < 0 ? -1 : 0);
}
static inline int64_t bcx_zigzag_decode(uint64_t u)
{
	return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}
size_t bcx_prefixvarint_encode_signed(int64_t v, uint8_t out[BCX_PREFIXVARINT_MAX]);
BCX_NODISCARD bcx_status bcx_prefixvarint_decode_signed(const uint8_t *p, size_t n,
							 int64_t *v, size_t *used,
							 bcx_diag *diag);

/* ---- LEB128 ---- */
#define BCX_LEB128_MAX 10

size_t bcx_uleb128_encode(uint64_t v, uint8_t out[BCX_LEB128_MAX]);
size_t bcx_uleb128_length(uint64_t v);
/* max_bits (1..64) bounds the value; redundant trailing 0x80 groups are
 * accepted as long as the value fits and the length is at most 10 bytes. */
BCX_NODISCARD bcx_status bcx_uleb128_decode(const uint8_t *p, size_t n, unsigned max_bits,
					     uint64_t *v, size_t *used, bcx_diag *diag);
size_t bcx_sleb128_encode(int64_t v, uint8_t out[BCX_LEB128_MAX]);
size_t bcx_sleb128_length(int64_t v);
BCX_NODISCARD bcx_status bcx_sleb128_decode(const uint8_t *p, size_t n, unsigned max_bits,
					     int64_t *v, size_t *used, bcx_diag *diag);

/* ---- VBR (LLVM bitstream; bit-level, spec llvm-bitstream.md section 1) ----
 * Writing and reading go through bcx_bitbuf_emit_vbr() and bcx_bit_vbr()
 * in core.h. These helpers give sizes and the signed rule. */

/* Number of bits VBR-width takes for v (width 2..32). */
uint64_t bcx_vbr_length_bits(uint64_t v, unsigned width);
/* LLVM's signed VBR: magnitude << 1 | sign; INT64_MIN is written as 1
 * ("-0"). decode(1) gives INT64_MIN. */
uint64_t bcx_svbr_encode(int64_t v);
int64_t bcx_svbr_decode(uint64_t u);
/* VBR into a byte array in bitstream order (for tests and the CLI): bits
 * are packed LSB first; returns bytes used, or 0 if cap is too small. */
size_t bcx_vbr_encode_bytes(uint64_t v, unsigned width, uint8_t *out, size_t cap);
BCX_NODISCARD bcx_status bcx_vbr_decode_bytes(const uint8_t *p, size_t n, unsigned width,
					       uint64_t *v, size_t *used_bits, bcx_diag *diag);

/* ---- XIP (xip-and-tapioca-notes.md, part A) ----
 * XVM integer packing, 2019-07..2023-01 revision: the first byte selects
 * Tiny (1 byte, 7 bits), Small (2 bytes, 13 bits), Medium (3 bytes, 21
 * bits) or Large (1 + n bytes, n = 1..64 big-endian two's-complement
 * payload bytes, header (n - 1) << 2). Values are signed. Encoders write the
 * reference writer's exact choice of form (notes A.4: 8-bit values take
 * Large-1, 14..16-bit values Large-2). Decoders accept every form whose
 * range holds the value, as the reference does (notes A.7); the only
 * errors are BCX_ERR_TRUNCATED and, for the 64-bit decoder, OVERFLOW.
 * First byte 0xFC is Large with 64 payload bytes (2019), not the 2023
 * "Huge" marker; see docs/formats/varint.md. */
#define BCX_XIP_MAX 65          /* longest encoding: 1 + 64 payload bytes */
#define BCX_XIP_MAX64 9         /* longest encoding of an int64_t */
#define BCX_XIP_WIDE_MAX 64     /* widest value: 64 bytes = 512 bits */

/* Writes 1..9 bytes, returns the count. */
size_t bcx_xip_encode(int64_t v, uint8_t out[BCX_XIP_MAX64]);
size_t bcx_xip_length(int64_t v);
/* Any form is accepted, including Large with more than 8 payload bytes when
 * the extra leading bytes only repeat the sign; a value outside int64_t is
 * BCX_ERR_OVERFLOW. */
BCX_NODISCARD bcx_status bcx_xip_decode(const uint8_t *p, size_t n, int64_t *v, size_t *used,
					 bcx_diag *diag);

/*
 * Wide values are byte arrays: two's complement, most significant byte
 * first, 1..64 bytes once redundant sign bytes are dropped.
 *
 * bcx_xip_encode_wide: `be` may be any length >= 1 (leading 00/FF bytes
 * that only repeat the sign are ignored). Writes the canonical encoding to
 * out and its length to *out_len. Fails with BCX_ERR_INVALID_ARG when
 * be_len is 0 and BCX_ERR_OVERFLOW when the value needs more than 64 bytes.
 */
BCX_NODISCARD bcx_status bcx_xip_encode_wide(const uint8_t *be, size_t be_len,
					      uint8_t out[BCX_XIP_MAX], size_t *out_len,
					      bcx_diag *diag);
/*
 * bcx_xip_decode_wide: decodes one value of any form. out receives the
 * value in its minimal two's-complement form (the fewest bytes that keep
 * the sign, 1..64) and *out_len that byte count; *used the bytes consumed.
 * The only error is BCX_ERR_TRUNCATED.
 */
BCX_NODISCARD bcx_status bcx_xip_decode_wide(const uint8_t *p, size_t n,
					      uint8_t out[BCX_XIP_WIDE_MAX], size_t *out_len,
					      size_t *used, bcx_diag *diag);

/*
 * Text for wide values (used by the CLI and the tests).
 * bcx_wide_parse: decimal ("-123") or 0x-hex ("0x1f", "-0x80"), both
 * denoting the plain number (hex is a magnitude, not a bit pattern), in
 * -2^511 .. 2^511-1. Writes the minimal two's-complement bytes.
 * BCX_ERR_MALFORMED for bad text, BCX_ERR_OVERFLOW when out of range.
 */
#define BCX_WIDE_DEC_MAX 160 /* room for a 512-bit value in decimal + NUL */
BCX_NODISCARD bcx_status bcx_wide_parse(const char *text, uint8_t out[BCX_XIP_WIDE_MAX],
					 size_t *out_len, bcx_diag *diag);
/* Decimal text of a two's-complement big-endian value (len 1..64) into out
 * (NUL-terminated); returns the text length, or 0 when len is 0 or > 64 or
 * cap is too small (BCX_WIDE_DEC_MAX is always enough). */
size_t bcx_wide_to_decimal(const uint8_t *be, size_t len, char *out, size_t cap);
/* The fewest bytes of be[0..len) that keep its value (len >= 1); returns
 * the count of the trailing bytes that form the minimal value. */
size_t bcx_wide_minimal_len(const uint8_t *be, size_t len);

/* ---- Bulk decoding: `count` values into an array ----
 * Every codec has a bulk decoder that gives exactly what a loop of its
 * single-value decoder gives: the same values, the same status and the same
 * diagnostic, with the offset counted from p (bits from p for VBR) instead
 * of from the failing value. On return *done holds the values stored (all
 * `count` on BCX_OK) and *used the bytes those values took, so a caller
 * resumes at p + *used with count - *done values left; on an error the
 * value at index *done is the bad one and it starts at p + *used. The
 * decoders pick SSE4.1 or AVX2 code from the CPU on each call (no global
 * state); the portable code gives the same results on every machine.
 * `out` needs room for `count` values and must not overlap the input. */
BCX_NODISCARD bcx_status bcx_prefixvarint_decode_n(const uint8_t *p, size_t n, uint64_t *out,
						    size_t count, size_t *done, size_t *used,
						    bcx_diag *diag);
BCX_NODISCARD bcx_status bcx_prefixvarint_decode_signed_n(const uint8_t *p, size_t n,
							   int64_t *out, size_t count,
							   size_t *done, size_t *used,
							   bcx_diag *diag);
/* max_bits as for the single decoders; a width outside 1..64 is
 * BCX_ERR_INVALID_ARG even when count is 0. */
BCX_NODISCARD bcx_status bcx_uleb128_decode_n(const uint8_t *p, size_t n, unsigned max_bits,
					       uint64_t *out, size_t count, size_t *done,
					       size_t *used, bcx_diag *diag);
BCX_NODISCARD bcx_status bcx_sleb128_decode_n(const uint8_t *p, size_t n, unsigned max_bits,
					       int64_t *out, size_t count, size_t *done,
					       size_t *used, bcx_diag *diag);
/* Zigzag over a 64-bit ULEB128 (Tile IR's signed varint): each value is
 * bcx_zigzag_decode() of bcx_uleb128_decode(..., 64, ...). */
BCX_NODISCARD bcx_status bcx_zleb128_decode_n(const uint8_t *p, size_t n, int64_t *out,
					       size_t count, size_t *done, size_t *used,
					       bcx_diag *diag);
/* VBR-width values (width 2..32) read as bcx_bit_vbr() reads them, from bit
 * *bit_pos of p[0..n) on; *bit_pos is moved past the values stored (so it
 * plays the part of `used`). The signed form applies bcx_svbr_decode(). */
BCX_NODISCARD bcx_status bcx_vbr_decode_n(const uint8_t *p, size_t n, unsigned width,
					   uint64_t *bit_pos, uint64_t *out, size_t count,
					   size_t *done, bcx_diag *diag);
BCX_NODISCARD bcx_status bcx_svbr_decode_n(const uint8_t *p, size_t n, unsigned width,
					    uint64_t *bit_pos, int64_t *out, size_t count,
					    size_t *done, bcx_diag *diag);
BCX_NODISCARD bcx_status bcx_xip_decode_n(const uint8_t *p, size_t n, int64_t *out,
					   size_t count, size_t *done, size_t *used,
					   bcx_diag *diag);

BCX_END_DECLS
#endif /* BCX_VARINT_H */
