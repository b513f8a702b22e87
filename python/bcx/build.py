"""The Tile IR builder (bcx/tileir_build.h) and the Tile IR assembler.

A front end emits bytecode without text:

    b = bcx.build.Builder()
    f32 = b.scalar("f32")
    ptr = b.tile(b.ptr(f32), [])
    k = b.entry("vadd", [ptr, ptr, ptr])
    ...
    k.body.op("return")
    data = b.write(target="13.3")

Types are interned numbers (int); attributes are Attr objects; values are
per-function numbers (int) from Func.args, Block.args and Op.results.
Ops are named as in the dialect ("addf" or "cuda_tile.addf") and checked
against the operation table as they are added.
"""
from __future__ import annotations

import ctypes
import struct
from collections.abc import Mapping, Sequence
from ctypes import POINTER, Structure, byref, c_bool, c_char_p, c_int, c_int32, c_int64, \
    c_size_t, c_uint32, c_uint64, c_void_p
from typing import Any, Optional, Union

from ._base import Diagnostic, Handle
from ._errors import InvalidArgumentError, MalformedError
from ._lib import Diag, call, lib, take_bytes
from .tileir import TileIRModule, parse_target

__all__ = ["assemble_tileir", "parse", "Builder", "Attr", "Func", "Block", "Op"]

NONE = 0xFFFFFFFF
DYNAMIC = -0x8000000000000000  # BCX_TILEIR_DYNAMIC: a dynamic size or stride
PADDING = {None: 255, "zero": 0, "neg_zero": 1, "nan": 2, "pos_inf": 3, "neg_inf": 4}


class _NamedAttr(Structure):
    _fields_ = [("name", c_char_p), ("value", c_void_p)]


class _OpSpec(Structure):
    _fields_ = [("opcode", c_uint32), ("result_types", POINTER(c_uint32)),
                ("n_results", c_uint32), ("operands", POINTER(c_uint32)),
                ("n_operands", c_uint32), ("segments", POINTER(c_uint32)),
                ("n_segments", c_uint32), ("attrs", POINTER(_NamedAttr)),
                ("n_attrs", c_uint32), ("loc", c_void_p)]


class _GlobalSpec(Structure):
    _fields_ = [("name", c_char_p), ("name_len", c_size_t), ("value", c_void_p),
                ("alignment", c_uint64), ("is_private", c_bool), ("is_constant", c_bool)]


_P, _D, _PP = c_void_p, POINTER(Diag), POINTER(c_void_p)
_T = POINTER(c_uint32)
for _n, _r, _a in [
    ("bcx_tileir_builder_new", _P, [_P]),
    ("bcx_tileir_build_set_producer", c_int, [_P, c_char_p, c_size_t, _D]),
    ("bcx_tileir_build_type_scalar", c_int, [_P, c_int, _T, _D]),
    ("bcx_tileir_build_type_ptr", c_int, [_P, c_uint32, _T, _D]),
    ("bcx_tileir_build_type_token", c_int, [_P, _T, _D]),
    ("bcx_tileir_build_type_tile", c_int, [_P, c_uint32, POINTER(c_int64), c_uint32, _T, _D]),
    ("bcx_tileir_build_type_tensor_view", c_int, [_P, c_uint32, POINTER(c_int64),
                                                  POINTER(c_int64), c_uint32, _T, _D]),
    ("bcx_tileir_build_type_partition_view", c_int, [_P, c_uint32, POINTER(c_int32), c_uint32,
                                                     POINTER(c_int32), c_int, _T, _D]),
    ("bcx_tileir_build_type_func", c_int, [_P, _T, c_uint32, _T, c_uint32, _T, _D]),
    ("bcx_tileir_build_attr_int", c_int, [_P, c_uint32, c_uint64, _PP, _D]),
    ("bcx_tileir_build_attr_float", c_int, [_P, c_uint32, c_uint64, _PP, _D]),
    ("bcx_tileir_build_attr_bool", c_int, [_P, c_bool, _PP, _D]),
    ("bcx_tileir_build_attr_string", c_int, [_P, c_char_p, c_size_t, _PP, _D]),
    ("bcx_tileir_build_attr_symbol", c_int, [_P, c_char_p, c_size_t, _PP, _D]),
    ("bcx_tileir_build_attr_type", c_int, [_P, c_uint32, _PP, _D]),
    ("bcx_tileir_build_attr_enum", c_int, [_P, c_uint64, _PP, _D]),
    ("bcx_tileir_build_attr_unit", c_int, [_P, _PP, _D]),
    ("bcx_tileir_build_attr_i32_array", c_int, [_P, POINTER(c_int32), c_uint32, _PP, _D]),
    ("bcx_tileir_build_attr_array", c_int, [_P, _PP, c_uint32, _PP, _D]),
    ("bcx_tileir_build_attr_dict", c_int, [_P, POINTER(c_char_p), POINTER(c_size_t), _PP,
                                           c_uint32, _PP, _D]),
    ("bcx_tileir_build_attr_hints", c_int, [_P, _P, _PP, _D]),
    ("bcx_tileir_build_attr_dense", c_int, [_P, c_uint32, c_char_p, c_size_t, _PP, _D]),
    ("bcx_tileir_build_global_add", c_int, [_P, POINTER(_GlobalSpec), _D]),
    ("bcx_tileir_build_entry_add", c_int, [_P, c_char_p, c_size_t, _T, c_uint32, _P, _P, _PP,
                                           _PP, _D]),
    ("bcx_tileir_build_func_arg", c_uint32, [_P, c_uint32]),
    ("bcx_tileir_build_block_arg", c_uint32, [_P, c_uint32]),
    ("bcx_tileir_build_op_add", c_int, [_P, _P, POINTER(_OpSpec), _PP, _D]),
    ("bcx_tileir_build_op_result", c_uint32, [_P, c_uint32]),
    ("bcx_tileir_build_region_add_block", c_int, [_P, _P, c_uint32, _T, c_uint32, _PP, _D]),
    ("bcx_tileir_build_opcode", c_uint32, [c_char_p, c_size_t]),
    ("bcx_tileir_type_tag_name", c_char_p, [ctypes.c_uint]),
]:
    getattr(lib, _n).restype = _r
    getattr(lib, _n).argtypes = _a


def _scalar_tags() -> dict[str, int]:
    """Scalar type names to wire tags, from the library's own table."""
    tags = {}
    for tag in range(64):
        name = lib.bcx_tileir_type_tag_name(tag)
        if name and name.decode()[:1] in ("i", "f", "b", "t"):
            tags[name.decode()] = tag
    return tags


SCALARS = _scalar_tags()


def _arr(ctype: Any, values: Sequence[Any]) -> Any:
    return (ctype * max(1, len(values)))(*values)


class Attr:
    """An attribute made by a Builder (valid while the builder is open)."""

    def __init__(self, builder: "Builder", ptr: int) -> None:
        self._b, self._p = builder, ptr

    def _ptr(self, b: "Builder") -> int:
        if b is not self._b:
            raise InvalidArgumentError("an attribute belongs to the builder that made it")
        b._handle()
        return self._p


class Block:
    """A block: its argument values and op() to append operations."""

    def __init__(self, builder: "Builder", ptr: int, n_args: int) -> None:
        self._b, self._p = builder, ptr
        self.args = [int(lib.bcx_tileir_build_block_arg(ptr, i)) for i in range(n_args)]

    def op(self, name: str, operands: Sequence[int] = (), results: Sequence[int] = (),
           attrs: Optional[Mapping[str, Attr]] = None,
           segments: Optional[Sequence[int]] = None) -> "Op":
        """Append op ``name`` with operand values, result types, named
        attributes and, for ops with several variable operand groups, the
        group sizes (MLIR's operandSegmentSizes)."""
        b = self._b
        h = b._handle()
        raw = name.encode()
        opcode = lib.bcx_tileir_build_opcode(raw, len(raw))
        if opcode == NONE:
            raise InvalidArgumentError(f"unknown Tile IR op '{name}'")
        named = [(k.encode(), v._ptr(b)) for k, v in (attrs or {}).items()]
        keep = _arr(_NamedAttr, [_NamedAttr(k, p) for k, p in named])
        spec = _OpSpec(opcode, _arr(c_uint32, results), len(results),
                       _arr(c_uint32, operands), len(operands),
                       _arr(c_uint32, segments) if segments is not None else None,
                       len(segments or ()), keep, len(named), None)
        out = c_void_p()
        call(lib.bcx_tileir_build_op_add, h, self._p, byref(spec), byref(out))
        return Op(b, out.value, len(results))


class Op:
    """An added op: its result values and its regions' blocks."""

    def __init__(self, builder: "Builder", ptr: int, n_results: int) -> None:
        self._b, self._p = builder, ptr
        self.results = [int(lib.bcx_tileir_build_op_result(ptr, i)) for i in range(n_results)]

    @property
    def result(self) -> int:
        """The only (first) result."""
        return self.results[0]

    def add_block(self, region: int = 0, arg_types: Sequence[int] = ()) -> Block:
        """A new block at the end of region ``region`` of this op."""
        out = c_void_p()
        call(lib.bcx_tileir_build_region_add_block, self._b._handle(), self._p, region,
             _arr(c_uint32, arg_types), len(arg_types), byref(out))
        return Block(self._b, out.value, len(arg_types))


class Func:
    """An entry function: ``args`` (values) and ``body`` (its block)."""

    def __init__(self, builder: "Builder", fn: int, body: int, n_args: int) -> None:
        self.args = [int(lib.bcx_tileir_build_func_arg(fn, i)) for i in range(n_args)]
        self.body = Block(builder, body, 0)
        self.body.args = self.args


class Builder(Handle):
    """An in-memory Tile IR module under construction (bcx/tileir_build.h)."""
    format = "tileir"

    def __init__(self, _handle: Any = None) -> None:
        self._h = _handle or lib.bcx_tileir_builder_new(None)
        if not self._h:
            from ._errors import NoMemoryError
            raise NoMemoryError("out of memory")
        self._model: Optional[TileIRModule] = None
        self._scalars: dict[int, str] = {}  # type number -> scalar name

    def _free(self, h: Any) -> None:
        if self._model is not None:
            self._model._h = None  # the builder owns the model: the view goes too
        lib.bcx_tileir_builder_free(h)

    def _type(self, fn: Any, *args: Any) -> int:
        out = c_uint32()
        call(fn, self._handle(), *args, byref(out))
        return out.value

    def _attr(self, fn: Any, *args: Any) -> Attr:
        out = c_void_p()
        call(fn, self._handle(), *args, byref(out))
        return Attr(self, out.value)

    def set_producer(self, producer: str) -> None:
        """The producer string (written for targets 13.3 and later)."""
        raw = producer.encode()
        call(lib.bcx_tileir_build_set_producer, self._handle(), raw, len(raw))

    # ---- types ----
    def scalar(self, name: str) -> int:
        """A scalar type: "i1", "i8" .. "i64", "f16", "bf16", "f32", "tf32", "f64", ..."""
        if name not in SCALARS:
            raise InvalidArgumentError(f"unknown scalar type '{name}' ({', '.join(SCALARS)})")
        t = self._type(lib.bcx_tileir_build_type_scalar, SCALARS[name])
        self._scalars[t] = name
        return t

    def ptr(self, pointee: int) -> int:
        """ptr<pointee>."""
        return self._type(lib.bcx_tileir_build_type_ptr, pointee)

    def token(self) -> int:
        """The token type."""
        return self._type(lib.bcx_tileir_build_type_token)

    def tile(self, elem: int, shape: Sequence[int]) -> int:
        """tile<shape x elem> ([] for a 0-D tile)."""
        return self._type(lib.bcx_tileir_build_type_tile, elem, _arr(c_int64, shape),
                          len(shape))

    def tensor_view(self, elem: int, shape: Sequence[int], strides: Sequence[int]) -> int:
        """tensor_view<shape x elem, strides=...> (bcx.build.DYNAMIC for '?')."""
        if len(shape) != len(strides):
            raise InvalidArgumentError("shape and strides differ in length")
        return self._type(lib.bcx_tileir_build_type_tensor_view, elem, _arr(c_int64, shape),
                          _arr(c_int64, strides), len(shape))

    def partition_view(self, tensor_view: int, tile_shape: Sequence[int],
                       dim_map: Optional[Sequence[int]] = None,
                       padding: Optional[str] = None) -> int:
        """partition_view over a tensor_view type; dim_map None = identity."""
        if padding not in PADDING:
            raise InvalidArgumentError(f"padding must be one of {list(PADDING)}")
        return self._type(lib.bcx_tileir_build_type_partition_view, tensor_view,
                          _arr(c_int32, tile_shape), len(tile_shape),
                          _arr(c_int32, dim_map) if dim_map is not None else None,
                          PADDING[padding])

    def func_type(self, ins: Sequence[int], outs: Sequence[int] = ()) -> int:
        """(ins) -> (outs)."""
        return self._type(lib.bcx_tileir_build_type_func, _arr(c_uint32, ins), len(ins),
                          _arr(c_uint32, outs), len(outs))

    # ---- attributes ----
    def int_attr(self, int_type: int, value: int) -> Attr:
        """An integer of a scalar integer type (negative values in two's complement)."""
        name = self._scalars.get(int_type, "")
        bits = int(name[1:]) if name[:1] == "i" and name[1:].isdigit() else 64
        if value < 0 and value >= -(1 << (bits - 1)):
            value &= (1 << bits) - 1
        return self._attr(lib.bcx_tileir_build_attr_int, int_type, value & (2**64 - 1))

    def float_attr(self, float_type: int, value: float, bits: Optional[int] = None) -> Attr:
        """A float of a scalar float type: value (f16, f32, f64 converted here)
        or the raw IEEE bit pattern in bits."""
        if bits is None:
            name = self._scalars.get(float_type, "")
            fmt = {"f16": "<e", "f32": "<f", "f64": "<d"}.get(name)
            if fmt is None:
                raise InvalidArgumentError("give bits= for a float type other than f16/f32/f64")
            bits = int.from_bytes(struct.pack(fmt, value), "little")
        return self._attr(lib.bcx_tileir_build_attr_float, float_type, bits)

    def bool_attr(self, value: bool) -> Attr:
        return self._attr(lib.bcx_tileir_build_attr_bool, value)

    def string_attr(self, value: str) -> Attr:
        raw = value.encode()
        return self._attr(lib.bcx_tileir_build_attr_string, raw, len(raw))

    def symbol_attr(self, name: str) -> Attr:
        """A symbol reference @name (name without '@')."""
        raw = name.encode()
        return self._attr(lib.bcx_tileir_build_attr_symbol, raw, len(raw))

    def type_attr(self, t: int) -> Attr:
        return self._attr(lib.bcx_tileir_build_attr_type, t)

    def enum_attr(self, value: int) -> Attr:
        """An enumerator by number (memory orderings, rounding modes, ...)."""
        return self._attr(lib.bcx_tileir_build_attr_enum, value)

    def unit_attr(self) -> Attr:
        return self._attr(lib.bcx_tileir_build_attr_unit)

    def i32_array_attr(self, values: Sequence[int]) -> Attr:
        return self._attr(lib.bcx_tileir_build_attr_i32_array, _arr(c_int32, values),
                          len(values))

    def array_attr(self, elems: Sequence[Attr]) -> Attr:
        return self._attr(lib.bcx_tileir_build_attr_array,
                          _arr(c_void_p, [e._ptr(self) for e in elems]), len(elems))

    def dict_attr(self, items: Mapping[str, Attr]) -> Attr:
        keys = [k.encode() for k in items]
        return self._attr(lib.bcx_tileir_build_attr_dict, _arr(c_char_p, keys),
                          _arr(c_size_t, [len(k) for k in keys]),
                          _arr(c_void_p, [v._ptr(self) for v in items.values()]), len(keys))

    def hints_attr(self, per_arch: Mapping[str, Attr]) -> Attr:
        """Optimization hints: {"sm_100": dict_attr({...}), ...}."""
        d = self.dict_attr(per_arch)
        return self._attr(lib.bcx_tileir_build_attr_hints, d._ptr(self))

    def dense_attr(self, tile: int, data: bytes) -> Attr:
        """Dense elements of a tile type: every element's raw bytes, row-major,
        or one element (a splat)."""
        return self._attr(lib.bcx_tileir_build_attr_dense, tile, bytes(data), len(data))

    # ---- module contents ----
    def add_global(self, name: str, value: Attr, alignment: int = 0, private: bool = False,
                   constant: bool = False) -> None:
        """A global initialised by a dense attribute (its type is the global's)."""
        raw = name.encode()
        g = _GlobalSpec(raw, len(raw), value._ptr(self), alignment, private, constant)
        call(lib.bcx_tileir_build_global_add, self._handle(), byref(g))

    def entry(self, name: str, arg_types: Sequence[int],
              hints: Optional[Attr] = None) -> Func:
        """Add an entry (kernel) function; returns it with its body block."""
        raw = name.encode()
        fn, body = c_void_p(), c_void_p()
        call(lib.bcx_tileir_build_entry_add, self._handle(), raw, len(raw),
             _arr(c_uint32, arg_types), len(arg_types),
             hints._ptr(self) if hints else None, None, byref(fn), byref(body))
        return Func(self, fn.value, body.value, len(arg_types))

    # ---- results ----
    def module(self) -> TileIRModule:
        """The module built so far, as a TileIRModule (text, verify, info, ...).
        It belongs to the builder: closing the builder closes it."""
        d = Diag()
        h = lib.bcx_tileir_builder_model(self._handle(), byref(d))
        if not h:
            from ._errors import error_from_diag
            raise error_from_diag(d.code or 4, d)
        if self._model is None or self._model._h != h:
            self._model = TileIRModule(b"", h, owner=self)
        return self._model

    def write(self, target: Optional[str] = None, verify: bool = True) -> bytes:
        """The bytecode for target "13.1".."13.3" (None: 13.3). With verify,
        a module that breaks a verifier rule is refused (bcx.MalformedError
        with .diagnostics), as ``bcx asm`` refuses it."""
        if verify:
            errors = [e for e in self.module().verify() if e.severity == "error"]
            if errors:
                raise _verify_failure(errors)
        h = self._handle()
        return take_bytes(lib.bcx_tileir_builder_write,
                          lambda p, n: lib.bcx_tileir_builder_free_bytes(h, p, n),
                          h, byref(parse_target(target)))


def _verify_failure(errors: list[Diagnostic]) -> MalformedError:
    first = errors[0]
    where = f"{first.line}:{first.column}: " if first.line else ""
    e = MalformedError(f"{where}{first.message} ({len(errors)} error"
                       f"{'s' if len(errors) != 1 else ''})")
    e.diagnostics = errors  # type: ignore[attr-defined]
    return e


def parse(text: Union[str, bytes], filename: str = "<text>") -> Builder:
    """Tile IR MLIR text (custom or generic form) into a Builder, whose
    module() verifies with line/column places and write() gives bytes."""
    raw = text.encode() if isinstance(text, str) else bytes(text)
    h = c_void_p()
    call(lib.bcx_tileir_assemble, filename.encode(), raw, len(raw), None, byref(h))
    return Builder(h.value)


def assemble_tileir(text: bytes, target: Optional[str], filename: str,
                    verify: bool = True) -> bytes:
    """Tile IR MLIR text into bytecode for target (None: 13.3): ``bcx asm``."""
    with parse(text, filename) as b:
        return b.write(target, verify)
