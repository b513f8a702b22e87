"""Tapioca VM (bcx/tapioca.h): assemble, run."""
from __future__ import annotations

import ctypes
from ctypes import CFUNCTYPE, POINTER, Structure, byref, c_char, c_char_p, c_int, c_size_t, \
    c_uint32, c_uint64, c_void_p
from dataclasses import dataclass
from typing import Any, Union

from ._base import Diagnostic, Source, read_source
from ._bufcall import into_buf
from ._errors import error_from_diag
from ._lib import Diag, Limits, lib

__all__ = ["run", "assemble", "Result", "TRAPS"]

_WRITE = CFUNCTYPE(None, c_void_p, c_void_p, c_size_t)


class _Options(Structure):
    _fields_ = [("size", c_size_t), ("limits", Limits), ("max_call_depth", c_uint32),
                ("max_steps", c_uint64), ("max_heap", c_uint64), ("write", _WRITE),
                ("trace", c_void_p), ("ctx", c_void_p)]


class _Result(Structure):
    _fields_ = [("trap", c_int), ("value", c_uint64), ("steps", c_uint64),
                ("function", c_char * 64), ("index", c_uint32)]


lib.bcx_tapioca_run.argtypes = [c_void_p, c_char_p, POINTER(_Options), POINTER(_Result),
                                POINTER(Diag)]
lib.bcx_tapioca_load.argtypes = [c_char_p, c_size_t, POINTER(_Options), POINTER(c_void_p),
                                 POINTER(Diag)]

TRAPS = ("ok", "div_zero", "type_error", "stack_overflow", "step_limit", "out_of_memory")


@dataclass
class Result:
    """What a run gave: the program's output, the trap ("ok" when it returned),
    the returned register bits, the instructions executed, and for a trap the
    function and instruction index plus the message."""
    output: bytes
    status: str
    value: int
    steps: int
    function: str = ""
    index: int = 0
    message: str = ""

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def assemble(text: Union[str, bytes]) -> bytes:
    """Tapioca assembly into a TBON object file (``bcx asm --format tapioca``)."""
    raw = text.encode() if isinstance(text, str) else bytes(text)
    return into_buf(lib.bcx_tapioca_asm, raw, len(raw))


def load_check(data: bytes) -> list[Diagnostic]:
    """[] when data loads as a Tapioca object, else its problem."""
    h = c_void_p()
    d = Diag()
    s = lib.bcx_tapioca_load(data, len(data), None, byref(h), byref(d))
    lib.bcx_tapioca_free(h)
    if s == 0:
        return []
    e = error_from_diag(s, d)
    return [Diagnostic(message=e.message, offset=e.offset, path=e.context)]


def run(obj: Union[Source, Any], entry: str = "main", max_steps: int = 0,
        max_heap: int = 0, max_depth: int = 0) -> Result:
    """Load a Tapioca object (a path, bytes or an open bcx TBON file) and run
    function ``entry``, as ``bcx run``. Limits of 0 take the defaults
    (no step limit, 256 MiB heap, 1000 frames). A file that does not load
    raises its bcx.Error; a runtime trap is returned in the Result."""
    if hasattr(obj, "_data") and hasattr(obj, "_handle"):
        obj._handle()
        data = obj._data
    else:
        data, _ = read_source(obj)
    out: list[bytes] = []
    write = _WRITE(lambda _c, s, n: out.append(ctypes.string_at(s, n)))
    o = _Options(size=ctypes.sizeof(_Options), max_steps=max_steps, max_heap=max_heap,
                 max_call_depth=max_depth, write=write)
    h = c_void_p()
    d = Diag()
    s = lib.bcx_tapioca_load(data, len(data), byref(o), byref(h), byref(d))
    if s != 0:
        raise error_from_diag(s, d)
    try:
        r = _Result()
        s = lib.bcx_tapioca_run(h, entry.encode(), byref(o), byref(r), byref(d))
    finally:
        lib.bcx_tapioca_free(h)
    if s != 0 and r.trap == 0:
        raise error_from_diag(s, d)  # not a trap: a bad entry name, ...
    return Result(b"".join(out), TRAPS[r.trap] if r.trap < len(TRAPS) else str(r.trap),
                  int(r.value), int(r.steps), r.function.decode(), int(r.index),
                  d.message.decode() if s else "")
