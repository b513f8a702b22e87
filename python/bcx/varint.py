"""The integer codecs of bcx/varint.h, by the names ``bcx varint`` uses.

Codecs: "prefix" (PrefixVarInt, unsigned), "zigzag" (PrefixVarInt of the
zigzag form), "uleb", "sleb", "zleb" (ULEB128 of the zigzag form, Tile IR),
"vbrN" / "svbrN" (LLVM VBR with N-bit chunks, N = 2..32, bytes packed LSB
first as the bitstream packs them), "xip" (XVM integer packing, up to 512
bits).

encode(codec, v) -> bytes and decode(codec, data) -> int handle one value
(decode refuses bytes left over; decode_prefix returns (value, used)).
The bulk forms encode_all(codec, values) -> bytes and decode_all(codec,
data) -> array('q') (array('Q') for unsigned codecs) handle a run of
values back to back (byte-aligned codecs only: not VBR).
"""
from __future__ import annotations

import builtins
from array import array
from ctypes import POINTER, byref, c_char_p, c_int, c_int64, c_size_t, c_uint, c_uint8, c_uint64
from typing import Iterable

from ._errors import InvalidArgumentError, OverflowError, TruncatedError
from ._lib import Diag, call, lib

__all__ = ["encode", "decode", "decode_prefix", "encode_all", "decode_all", "CODECS"]

CODECS = ("prefix", "zigzag", "uleb", "sleb", "zleb", "vbrN", "svbrN", "xip")
_SIGNED = {"zigzag", "sleb", "zleb", "xip"}
_U8 = POINTER(c_uint8)
_D = POINTER(Diag)
for _n, _r, _a in [
    ("bcx_prefixvarint_encode", c_size_t, [c_uint64, _U8]),
    ("bcx_prefixvarint_decode", c_int, [c_char_p, c_size_t, POINTER(c_uint64),
                                        POINTER(c_size_t), _D]),
    ("bcx_uleb128_encode", c_size_t, [c_uint64, _U8]),
    ("bcx_uleb128_decode", c_int, [c_char_p, c_size_t, c_uint, POINTER(c_uint64),
                                   POINTER(c_size_t), _D]),
    ("bcx_sleb128_encode", c_size_t, [c_int64, _U8]),
    ("bcx_sleb128_decode", c_int, [c_char_p, c_size_t, c_uint, POINTER(c_int64),
                                   POINTER(c_size_t), _D]),
    ("bcx_svbr_encode", c_uint64, [c_int64]),
    ("bcx_svbr_decode", c_int64, [c_uint64]),
    ("bcx_vbr_encode_bytes", c_size_t, [c_uint64, c_uint, _U8, c_size_t]),
    ("bcx_vbr_decode_bytes", c_int, [c_char_p, c_size_t, c_uint, POINTER(c_uint64),
                                     POINTER(c_size_t), _D]),
    ("bcx_xip_encode_wide", c_int, [c_char_p, c_size_t, _U8, POINTER(c_size_t), _D]),
    ("bcx_xip_decode_wide", c_int, [c_char_p, c_size_t, _U8, POINTER(c_size_t),
                                    POINTER(c_size_t), _D]),
]:
    getattr(lib, _n).restype = _r
    getattr(lib, _n).argtypes = _a


def _zz(v: int) -> int:
    return ((v << 1) ^ (v >> 63)) & 0xFFFFFFFFFFFFFFFF


def _unzz(u: int) -> int:
    return (u >> 1) ^ -(u & 1)


def _vbr_width(codec: str) -> tuple[bool, int]:
    signed = codec.startswith("svbr")
    digits = codec[4:] if signed else codec[3:] if codec.startswith("vbr") else ""
    if not digits.isdigit() or not 2 <= int(digits) <= 32:
        raise InvalidArgumentError(f"unknown codec {codec!r} (one of {', '.join(CODECS)})")
    return signed, int(digits)


def _check(v: int, signed: bool, codec: str) -> None:
    lo, hi = (-(1 << 63), (1 << 63) - 1) if signed else (0, (1 << 64) - 1)
    if not lo <= v <= hi:
        raise OverflowError(f"{v} is outside the range of codec {codec}")


def encode(codec: str, value: int) -> bytes:
    """The bytes of one value in a codec."""
    buf = (c_uint8 * 80)()
    if codec == "xip":
        n = ((value if value >= 0 else ~value).bit_length() + 8) // 8  # with a sign bit
        if n > 64:
            raise OverflowError(f"{value} needs more than 512 bits")
        be = value.to_bytes(n, "big", signed=True)
        used = c_size_t()
        call(lib.bcx_xip_encode_wide, be, len(be), buf, byref(used))
        return bytes(buf[:used.value])
    if codec in ("prefix", "zigzag", "uleb", "sleb", "zleb"):
        _check(value, codec in _SIGNED, codec)
        if codec == "prefix":
            return bytes(buf[:lib.bcx_prefixvarint_encode(value, buf)])
        if codec == "zigzag":
            return bytes(buf[:lib.bcx_prefixvarint_encode(_zz(value), buf)])
        if codec == "uleb":
            return bytes(buf[:lib.bcx_uleb128_encode(value, buf)])
        if codec == "zleb":
            return bytes(buf[:lib.bcx_uleb128_encode(_zz(value), buf)])
        return bytes(buf[:lib.bcx_sleb128_encode(value, buf)])
    signed, width = _vbr_width(codec)
    _check(value, signed, codec)
    u = lib.bcx_svbr_encode(value) if signed else value
    return bytes(buf[:lib.bcx_vbr_encode_bytes(u, width, buf, len(buf))])


def decode_prefix(codec: str, data: bytes) -> tuple[int, int]:
    """The first value in data and the number of bytes it took."""
    data = bytes(data)
    used = c_size_t()
    if codec == "xip":
        out = (c_uint8 * 64)()
        n = c_size_t()
        call(lib.bcx_xip_decode_wide, data, len(data), out, byref(n), byref(used))
        return int.from_bytes(bytes(out[:n.value]), "big", signed=True), used.value
    if codec in ("prefix", "zigzag"):
        u = c_uint64()
        call(lib.bcx_prefixvarint_decode, data, len(data), byref(u), byref(used))
        return (u.value if codec == "prefix" else _unzz(u.value)), used.value
    if codec in ("uleb", "zleb"):
        u = c_uint64()
        call(lib.bcx_uleb128_decode, data, len(data), 64, byref(u), byref(used))
        return (u.value if codec == "uleb" else _unzz(u.value)), used.value
    if codec == "sleb":
        s = c_int64()
        call(lib.bcx_sleb128_decode, data, len(data), 64, byref(s), byref(used))
        return s.value, used.value
    signed, width = _vbr_width(codec)
    u = c_uint64()
    call(lib.bcx_vbr_decode_bytes, data, len(data), width, byref(u), byref(used))
    return (lib.bcx_svbr_decode(u.value) if signed else u.value), (used.value + 7) // 8


def decode(codec: str, data: bytes) -> int:
    """The one value data holds; bytes left over are an error (as ``bcx varint decode``)."""
    v, used = decode_prefix(codec, data)
    if used != len(data):
        from ._errors import MalformedError
        n = len(data) - used
        raise MalformedError(f"{n} byte{'s' if n != 1 else ''} left over after the value",
                             used)
    return v


def _bulk_codec(codec: str) -> None:
    if codec.startswith(("vbr", "svbr")) or codec not in CODECS:
        raise InvalidArgumentError(f"bulk forms take a byte-aligned codec "
                                   f"(prefix, zigzag, uleb, sleb, zleb, xip), not {codec!r}")


def encode_all(codec: str, values: Iterable[int]) -> bytes:
    """The values encoded back to back (a list, array('q'), any iterable of int)."""
    _bulk_codec(codec)
    return b"".join(encode(codec, v) for v in values)


def decode_all(codec: str, data: bytes) -> array:
    """Every value in data, back to back: array('q') for signed codecs,
    array('Q') for unsigned ones. An xip value outside 64 bits raises
    bcx.OverflowError; truncated data raises bcx.TruncatedError with the
    offset of the value that ends early."""
    _bulk_codec(codec)
    data = bytes(data)
    out = array("q" if codec in _SIGNED else "Q")
    mv = memoryview(data)
    pos = 0
    while pos < len(data):
        try:
            v, used = decode_prefix(codec, mv[pos:])
        except TruncatedError as e:
            raise TruncatedError(e.message, pos) from None
        try:
            out.append(v)
        except builtins.OverflowError as e:  # array('q') range
            raise OverflowError(f"value at offset {pos} does not fit 64 bits", pos) from e
        pos += used
    return out

