"""MLIR bytecode (bcx/mlirbc.h): read, dump, print, check, write, assemble."""
from __future__ import annotations

import ctypes
import json
import re
from collections.abc import Iterator, Mapping
from ctypes import POINTER, Structure, byref, c_bool, c_size_t, c_uint32, c_uint64, \
    c_void_p, c_char_p
from typing import Any, Optional

from ._base import Diagnostic, Handle, address, release
from ._errors import Error, InvalidArgumentError
from ._lib import Diag, call, collect, lib, take_bytes

__all__ = ["MLIRModule", "assemble_mlir"]

JSON, DEBUGINFO = 1, 1
SECTIONS = 9


class _Info(Structure):
    _fields_ = [("version", c_uint64), ("producer", c_void_p), ("producer_len", c_size_t),
                ("strings", c_size_t), ("dialects", c_size_t), ("op_names", c_size_t),
                ("attrs", c_size_t), ("types", c_size_t), ("resources", c_size_t),
                ("properties", c_size_t), ("ops", c_size_t), ("lazy_regions", c_size_t),
                ("lazy_loaded", c_size_t), ("layouts_release", ctypes.c_uint),
                ("layouts_note", c_char_p)]


class _Section(Structure):
    _fields_ = [("present", c_bool), ("name", c_char_p), ("header_offset", c_uint64),
                ("offset", c_uint64), ("length", c_uint64), ("alignment", c_uint64)]


class _WriteOptions(Structure):
    _fields_ = [("size", c_size_t), ("version", c_uint32), ("alloc", c_void_p),
                ("mlir_release", c_uint32)]


lib.bcx_mlirbc_get_info.restype = None
lib.bcx_mlirbc_get_info.argtypes = [c_void_p, POINTER(_Info)]
lib.bcx_mlirbc_get_section.restype = _Section
lib.bcx_mlirbc_get_section.argtypes = [c_void_p, ctypes.c_uint]


def _options(target: Optional[int], mlir_release: Optional[int] = None) -> _WriteOptions:
    o = _WriteOptions(size=ctypes.sizeof(_WriteOptions), mlir_release=mlir_release or 0)
    if target is not None:
        if not 0 <= int(target) <= 6:
            raise InvalidArgumentError(f"MLIR bytecode version must be 0..6, not {target}")
        o.version = int(target) + 1
    return o


def _take(o: _WriteOptions, fn, *args) -> bytes:
    return take_bytes(fn, lambda p, n: lib.bcx_mlirbc_free_bytes(byref(o), p, n), *args, byref(o))


def assemble_mlir(text: bytes, target: Optional[int], filename: str,
                  mlir_release: Optional[int] = None) -> bytes:
    """MLIR generic-form text into bytecode of version target (None: 6), with
    the op property layouts of MLIR release mlir_release (19 or 22; None: 22)."""
    return _take(_options(target, mlir_release), lib.bcx_mlirbc_assemble, filename.encode(),
                 text, len(text))


class Symbols(Mapping):
    """The top-level ops with a sym_name (func.func, ...): name -> generic text."""

    def __init__(self, m: "MLIRModule") -> None:
        self._m = m

    def _names(self) -> list[str]:
        # The library looks symbols up by name but does not list them: the
        # names come from the top level of the module's generic text.
        return _TOP_SYMBOL.findall(self._m.text())

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __getitem__(self, name: str) -> "Symbol":
        self._m.text_of(name)  # KeyError now rather than later
        return Symbol(self._m, name)


class Symbol:
    """A top-level symbol of an MLIR module."""

    def __init__(self, m: "MLIRModule", name: str) -> None:
        self.module, self.name = m, name

    def text(self, form: str = "generic", debuginfo: bool = False) -> str:
        """The op's generic text (``bcx dis --function NAME``)."""
        return self.module.text_of(self.name, debuginfo)


_TOP_SYMBOL = re.compile(r'^  "[^"]+"\(.*?sym_name = "((?:[^"\\]|\\.)*)"', re.M)


class MLIRModule(Handle):
    """An open MLIR bytecode module (isolated regions decode when needed)."""
    format = "mlirbc"

    def __init__(self, data: bytes, h: Any) -> None:
        self._data, self._h = data, h
        self.functions = Symbols(self)

    @classmethod
    def open(cls, data: Any) -> "MLIRModule":
        h = c_void_p()
        call(lib.bcx_mlirbc_open, address(data), len(data), None, byref(h))
        return cls(data, h.value)

    def _free(self, h: Any) -> None:
        lib.bcx_mlirbc_close(h)
        release(self._data)

    def _info(self) -> _Info:
        # Room to spare: the struct has no size field, so a library whose
        # struct grew at its end writes into the slack, not past it.
        i = _Info.from_buffer(bytearray(ctypes.sizeof(_Info) + 256))
        lib.bcx_mlirbc_get_info(self._handle(), byref(i))
        return i

    @property
    def version(self) -> int:
        """The bytecode version (0..6)."""
        return int(self._info().version)

    def info(self) -> dict[str, Any]:
        """The summary ``bcx info --json`` prints."""
        i = self._info()
        h = self._handle()
        secs = [s for s in (lib.bcx_mlirbc_get_section(h, k) for k in range(SECTIONS))
                if s.present]
        secs.sort(key=lambda s: s.header_offset)
        prod = ctypes.string_at(i.producer, i.producer_len) if i.producer_len else b""
        return {"format": "mlirbc", "schema_version": 1, "version": int(i.version),
                "size": len(self._data), "producer": prod.decode("utf-8", "replace"),
                "layouts": {"release": i.layouts_release, **(
                    {"note": i.layouts_note.decode()} if i.layouts_note else {})},
                "counts": {"strings": i.strings, "dialects": i.dialects,
                           "op_names": i.op_names, "attributes": i.attrs, "types": i.types,
                           "resources": i.resources, "properties": i.properties,
                           "isolated_regions": i.lazy_regions},
                "sections": [{"name": s.name.decode(), "header_offset": s.header_offset,
                              "offset": s.offset, "length": s.length,
                              "alignment": s.alignment} for s in secs]}

    def dump(self) -> dict[str, Any]:
        """The structure ``bcx dump --json`` prints (decodes everything)."""
        c = collect()
        call(lib.bcx_mlirbc_dump, self._handle(), JSON, c.ref)
        return json.loads(c.value())

    def text(self, form: str = "generic", debuginfo: bool = False) -> str:
        """The module in MLIR's generic op form (``bcx dis``)."""
        if form != "generic":
            raise InvalidArgumentError("MLIR bytecode prints in the generic form only")
        c = collect()
        call(lib.bcx_mlirbc_print_generic, self._handle(), DEBUGINFO if debuginfo else 0,
             c.ref)
        return c.value().decode("utf-8", "replace")

    def text_of(self, name: str, debuginfo: bool = False) -> str:
        """One top-level symbol's text; KeyError (bcx.NotFoundError) when absent."""
        c = collect()
        call(lib.bcx_mlirbc_print_function, self._handle(), name.encode(),
             DEBUGINFO if debuginfo else 0, c.ref)
        return c.value().decode("utf-8", "replace")

    def verify(self) -> list[Diagnostic]:
        """Decode every region, attribute and type: [] when the whole file reads,
        else the first problem as a Diagnostic with its byte offset."""
        d = Diag()
        status = lib.bcx_mlirbc_load_all(self._handle(), byref(d))
        if status == 0:
            return []
        from ._errors import error_from_diag
        e: Error = error_from_diag(status, d)
        return [Diagnostic(message=e.message, offset=e.offset, path=e.context)]

    def write(self, target: Optional[int] = None, mlir_release: Optional[int] = None) -> bytes:
        """The module written as bytecode version target (None: 6) with the op
        property layouts of MLIR release mlir_release (19 or 22; None: 22):
        ``bcx convert --bytecode-version N --mlir-release R``."""
        return _take(_options(target, mlir_release), lib.bcx_mlirbc_write, self._handle())

    def __repr__(self) -> str:
        return "<bcx MLIR bytecode module, " + (
            "closed>" if self.closed else f"version {self.version}>")
