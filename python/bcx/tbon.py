"""TBON, the object format of Tapioca VM (bcx/tbon.h): read, dump, write."""
from __future__ import annotations

import ctypes
import json
from ctypes import POINTER, Structure, byref, c_bool, c_char_p, c_double, c_int, c_int64, \
    c_size_t, c_uint8, c_uint64, c_void_p
from dataclasses import dataclass
from typing import Any, Optional

from ._base import Diagnostic, Handle
from ._bufcall import into_buf
from ._lib import Buf, Diag, Limits, call, lib

__all__ = ["TBONFile", "Ref"]


class _Value(Structure):
    pass


_Value._fields_ = [("kind", c_int), ("type", c_uint8), ("elem", c_uint8), ("b", c_bool),
                   ("i", c_int64), ("u", c_uint64), ("f", c_double), ("f128", c_uint8 * 16),
                   ("str", c_void_p), ("len", c_size_t), ("items", POINTER(_Value)),
                   ("offset", c_uint64), ("wide", c_void_p)]


class _File(Structure):
    _fields_ = [("pool", POINTER(_Value)), ("pool_count", c_size_t), ("has_pool", c_bool),
                ("root", _Value)]


lib.bcx_tbon_read.restype = c_int
lib.bcx_tbon_read.argtypes = [c_char_p, c_size_t, c_void_p, POINTER(Limits), POINTER(_File),
                              POINTER(Diag)]
lib.bcx_tbon_write.restype = c_int
lib.bcx_tbon_write.argtypes = [POINTER(_File), POINTER(Buf), POINTER(Diag)]

NIL, BOOL, INT, UINT, FLOAT, ARRAY, MAP, NAME, REF, BIGINT = range(10)


@dataclass(frozen=True)
class Ref:
    """A reference to const pool entry ``index``."""
    index: int


def _py(v: _Value, depth: int = 0) -> Any:
    """The value as Python data: dict, list, str, int, float, bool, None, Ref."""
    k = v.kind
    if k == NIL:
        return None
    if k == BOOL:
        return bool(v.b)
    if k == INT:
        return int(v.i)
    if k == UINT:
        return int(v.u)
    if k == FLOAT:
        return float(v.f)
    if k == NAME:
        return ctypes.string_at(v.str, v.len).decode("utf-8") if v.len else ""
    if k == REF:
        return Ref(int(v.u))
    if k == BIGINT:
        return int.from_bytes(ctypes.string_at(v.wide, v.len), "big", signed=True)
    if k == ARRAY:
        if not v.items:
            return [None] * v.len
        return [_py(v.items[i], depth + 1) for i in range(v.len)]
    if k == MAP:
        out = {}
        for i in range(v.len):
            key = _py(v.items[2 * i], depth + 1)
            out[key if not isinstance(key, list) else tuple(key)] = _py(v.items[2 * i + 1],
                                                                        depth + 1)
        return out
    raise ValueError(f"unknown TBON value kind {k}")


class TBONFile(Handle):
    """A TBON file read into memory (a Tapioca VM object file, usually)."""
    format = "tbon"

    def __init__(self, data: bytes, arena: Any, f: _File) -> None:
        self._data, self._h, self._file = data, arena, f
        self.functions: dict[str, Any] = {}

    @classmethod
    def open(cls, data: bytes) -> "TBONFile":
        arena = lib.bcx_arena_new(None)
        if not arena:
            from ._errors import NoMemoryError
            raise NoMemoryError("out of memory")
        f = _File()
        try:
            call(lib.bcx_tbon_read, data, len(data), arena, None, byref(f))
        except BaseException:
            lib.bcx_arena_free(arena)
            raise
        m = cls(data, arena, f)
        m.functions = {name: info for name, info in m._functions()}
        return m

    def _free(self, h: Any) -> None:
        lib.bcx_arena_free(h)

    @property
    def version(self) -> None:
        """TBON has no version field: None."""
        return None

    @property
    def root(self) -> Any:
        """The root value as Python data (maps are dicts, names str, refs Ref)."""
        self._handle()
        return _py(self._file.root)

    @property
    def pool(self) -> Optional[list[Any]]:
        """The const pool entries, or None when the file has no pool."""
        self._handle()
        f = self._file
        return [_py(f.pool[i]) for i in range(f.pool_count)] if f.has_pool else None

    def _functions(self) -> list[tuple[str, dict[str, int]]]:
        pool = self.pool or []
        resolved: list[Any] = []
        for p in pool:  # a ref names an earlier entry, already resolved
            resolved.append(resolved[p.index] if isinstance(p, Ref) else p)
        root = self.root
        syms = root.get("Symbols") if isinstance(root, dict) else None
        out = []
        for name, val in (syms.items() if isinstance(syms, dict) else []):
            val = resolved[val.index] if isinstance(val, Ref) else val
            if isinstance(val, dict) and "bytecode" in val:
                code, consts = val["bytecode"], val.get("constpool")
                out.append((name, {"words": len(code) if isinstance(code, list) else 0,
                                   "constants": len(consts) if isinstance(consts, list) else 0}))
        self._nsyms = len(syms) if isinstance(syms, dict) else 0
        return out

    def info(self) -> dict[str, Any]:
        """The summary ``bcx info --json`` prints."""
        funcs = self._functions()
        return {"format": "tbon", "schema_version": 1, "size": len(self._data),
                "constpool": self._file.pool_count if self._file.has_pool else None,
                "symbols": self._nsyms,
                "functions": [{"name": n, **i} for n, i in funcs]}

    def _dump(self, as_json: bool) -> bytes:
        self._handle()
        return into_buf(lib.bcx_tbon_dump, self._data, len(self._data), as_json, None)

    def dump(self) -> dict[str, Any]:
        """The structure ``bcx dump --json`` prints, with byte offsets."""
        return json.loads(self._dump(True))

    def text(self, form: str = "tapioca", debuginfo: bool = False) -> str:
        """form "tapioca": the Tapioca assembly (``bcx dis``); "dump": the
        structured dump with offsets (``bcx dump``)."""
        if form == "dump":
            return self._dump(False).decode("utf-8", "replace")
        self._handle()
        return into_buf(lib.bcx_tapioca_dis, self._data, len(self._data)).decode("utf-8")

    def verify(self) -> list[Diagnostic]:
        """Load the file as a Tapioca VM object (every function verified):
        [] when it loads, else the problem as a Diagnostic."""
        from .tapioca import load_check
        self._handle()
        return load_check(self._data)

    def write(self, target: Any = None) -> bytes:
        """Encode the tree again (the file's bytes for what bcx writes)."""
        return into_buf(lib.bcx_tbon_write, byref(self._file)) if self._handle() else b""

    def __repr__(self) -> str:
        return f"<bcx TBON file{' (closed)' if self.closed else ''}>"
