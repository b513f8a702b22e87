"""CUDA Tile IR bytecode (bcx/tileir.h): read, print, verify, write."""
from __future__ import annotations

import ctypes
import json
from collections.abc import Iterator, Mapping
from ctypes import (CFUNCTYPE, POINTER, Structure, byref, c_bool, c_char_p, c_long,
                    c_size_t, c_uint8, c_uint16, c_uint32, c_void_p)
from typing import Any, Optional

from . import _lib
from ._base import Diagnostic, Handle, address, release
from ._lib import Diag, Limits, call, collect, lib, take_bytes

__all__ = ["TileIRModule", "Function", "parse_target"]

KERNEL = 0x02  # BCX_TILEIR_FN_KERNEL
SECTION_COUNT = 8


class _Version(Structure):
    _fields_ = [("major", c_uint8), ("minor", c_uint8), ("tag", c_uint16)]


class _Str(Structure):
    _fields_ = [("ptr", c_void_p), ("len", c_size_t)]

    def text(self) -> str:
        return ctypes.string_at(self.ptr, self.len).decode("utf-8", "replace") if self.len else ""


class _Section(Structure):
    _fields_ = [("present", c_bool), ("id", c_uint8), ("header_offset", c_uint32),
                ("payload_offset", c_uint32), ("length", c_uint32), ("alignment", c_uint32)]


class _Function(Structure):
    _fields_ = [("name", c_uint32), ("signature", c_uint32), ("loc_list", c_uint32),
                ("entry_offset", c_uint32), ("body_offset", c_uint32), ("body_len", c_uint32),
                ("line", c_uint32), ("col", c_uint32), ("flags", c_uint8),
                ("hints", c_void_p), ("body_bytes", c_void_p), ("body", c_void_p)]


class _VerifyError(Structure):
    _fields_ = [("function", c_long), ("function_name", _Str), ("op", c_char_p),
                ("path", c_char_p), ("offset", c_uint32), ("message", c_char_p),
                ("node", c_void_p), ("line", c_uint32), ("col", c_uint32),
                ("warning", c_bool)]


_VERIFY_FN = CFUNCTYPE(c_bool, c_void_p, POINTER(_VerifyError))


class _VerifyOptions(Structure):
    _fields_ = [("size", c_size_t), ("target", c_uint16), ("hints", c_bool),
                ("only_function", c_bool), ("function", c_size_t), ("warnings", c_bool),
                ("strict", c_bool)]


class _PrintOptions(Structure):
    _fields_ = [("size", c_size_t), ("debuginfo", c_bool), ("op_notes", c_void_p),
                ("op_notes_ctx", c_void_p), ("verify_fn", c_void_p), ("verify_ctx", c_void_p)]


class WriteOptions(Structure):
    """struct bcx_tileir_write_options."""
    _fields_ = [("size", c_size_t), ("major", c_uint8), ("minor", c_uint8), ("tag", c_uint16),
                ("i1_byte_per_element", c_bool), ("limits", Limits)]


lib.bcx_tileir_get_version.restype = _Version
lib.bcx_tileir_get_version.argtypes = [c_void_p]
lib.bcx_tileir_string.restype = _Str
lib.bcx_tileir_string.argtypes = [c_void_p, c_size_t]
lib.bcx_tileir_get_section.restype = POINTER(_Section)
lib.bcx_tileir_function_at.restype = POINTER(_Function)
lib.bcx_tileir_verify.argtypes = [c_void_p, POINTER(_VerifyOptions), _VERIFY_FN, c_void_p,
                                  POINTER(c_size_t), POINTER(Diag)]
lib.bcx_tileir_print_custom.argtypes = [c_void_p, c_long, POINTER(_PrintOptions),
                                        POINTER(_lib.Sink), POINTER(Diag)]
lib.bcx_tileir_write.argtypes = [c_void_p, POINTER(WriteOptions), POINTER(POINTER(c_uint8)),
                                 POINTER(c_size_t), POINTER(Diag)]


def parse_target(target: Optional[str]) -> WriteOptions:
    """Write options for a target version "13.1", "13.2" or "13.3" (None: 13.3)."""
    o = WriteOptions(size=ctypes.sizeof(WriteOptions))
    if target is not None:
        try:
            major, minor = (int(x) for x in str(target).split("."))
        except ValueError:
            raise _lib_error_invalid(f"bad target version '{target}' (want 13.1, 13.2 or 13.3)")
        o.major, o.minor = major, minor
    return o


def _lib_error_invalid(msg: str) -> Exception:
    from ._errors import InvalidArgumentError
    return InvalidArgumentError(msg)


def _form_flag(form: str) -> bool:
    if form not in ("custom", "generic"):
        raise _lib_error_invalid(f"form must be 'custom' or 'generic', not {form!r}")
    return form == "generic"


class Function:
    """One function of a Tile IR module: a view that needs the module open."""

    def __init__(self, module: "TileIRModule", index: int) -> None:
        self.module = module
        self.index = index

    def _entry(self) -> Any:
        return lib.bcx_tileir_function_at(self.module._handle(), self.index).contents

    @property
    def name(self) -> str:
        """The function's symbol name."""
        return lib.bcx_tileir_string(self.module._handle(), self._entry().name).text()

    @property
    def entry(self) -> bool:
        """True for a kernel (an entry), False for a device function."""
        return bool(self._entry().flags & KERNEL)

    @property
    def body_offset(self) -> int:
        """File offset of the body bytes."""
        return int(self._entry().body_offset)

    @property
    def body_size(self) -> int:
        """Bytes of the encoded body."""
        return int(self._entry().body_len)

    def text(self, form: str = "custom", debuginfo: bool = False) -> str:
        """This function's MLIR text (as ``bcx dis --function NAME``)."""
        return self.module._text(self.index, form, debuginfo)

    def dump(self) -> dict[str, Any]:
        """The module's dump with only this function (``bcx dump --json --function``)."""
        return self.module._dump(self.index)

    def __repr__(self) -> str:
        return f"<bcx Tile IR function {self.index}>"


class FunctionTable(Mapping):
    """The functions of a module by name (in file order); entries are made when asked."""

    def __init__(self, module: "TileIRModule") -> None:
        self._m = module

    def __len__(self) -> int:
        return int(lib.bcx_tileir_function_count(self._m._handle()))

    def __iter__(self) -> Iterator[str]:
        for i in range(len(self)):
            yield self.at(i).name

    def __getitem__(self, name: str) -> Function:
        raw = name.encode()
        i = lib.bcx_tileir_function_find(self._m._handle(), raw, len(raw))
        if i < 0:
            raise KeyError(name)
        return Function(self._m, i)

    def at(self, index: int) -> Function:
        """The function at a position in the function table."""
        if not 0 <= index < len(self):
            raise IndexError(index)
        return Function(self._m, index)


class TileIRModule(Handle):
    """An open CUDA Tile IR module (bcx.open gives one). Bodies decode lazily."""
    format = "tileir"

    def __init__(self, data: bytes, handle: Any, owner: Any = None) -> None:
        self._data = data      # the library reads these bytes while the module lives
        self._owner = owner    # a builder that owns the model, if any
        self._h = handle
        self.functions = FunctionTable(self)

    @classmethod
    def open(cls, data: Any) -> "TileIRModule":
        h = c_void_p()
        call(lib.bcx_tileir_open, address(data), len(data), None, byref(h))
        return cls(data, h.value)

    def _free(self, h: Any) -> None:
        if self._owner is None:
            lib.bcx_tileir_close(h)
        self._owner = None
        release(self._data)

    @property
    def version(self) -> str:
        """"13.1", "13.2" or "13.3" (with ".TAG" when the header tag is not 0)."""
        v = lib.bcx_tileir_get_version(self._handle())
        return f"{v.major}.{v.minor}" + (f".{v.tag}" if v.tag else "")

    def _sections(self) -> list[tuple[int, Any]]:
        h = self._handle()
        found = []
        for i in range(SECTION_COUNT):
            p = lib.bcx_tileir_get_section(h, i)
            if p and p.contents.present:
                found.append((i, p.contents))
        return sorted(found, key=lambda s: s[1].payload_offset)

    def info(self) -> dict[str, Any]:
        """The summary ``bcx info --json`` prints."""
        h = self._handle()
        v = lib.bcx_tileir_get_version(h)
        counts = {k: int(getattr(lib, f"bcx_tileir_{k[:-1]}_count")(h))
                  for k in ("strings", "types", "constants", "globals", "debug_records",
                            "debug_lists", "functions")}
        sections = []
        for i, s in self._sections():
            name = lib.bcx_tileir_section_name(i)
            sections.append({"name": name.decode() if name else "?", "id": i,
                             "offset": s.payload_offset, "size": s.length,
                             "alignment": s.alignment})
        funcs = []
        for i in range(counts["functions"]):
            f = lib.bcx_tileir_function_at(h, i).contents
            funcs.append({"index": i, "name": lib.bcx_tileir_string(h, f.name).text(),
                          "entry": bool(f.flags & KERNEL), "body_offset": f.body_offset,
                          "body_size": f.body_len})
        return {"format": "tileir", "schema_version": 1, "version": f"{v.major}.{v.minor}",
                "tag": v.tag, "size": len(self._data), "counts": counts, "sections": sections,
                "functions": funcs}

    def _dump(self, function: int) -> dict[str, Any]:
        c = collect()
        call(lib.bcx_tileir_dump_function, self._handle(), function, True, c.ref)
        return json.loads(c.value())

    def dump(self) -> dict[str, Any]:
        """The structure ``bcx dump --json`` prints: sections, tables, functions, ops."""
        return self._dump(-1)

    def _text(self, function: int, form: str, debuginfo: bool) -> str:
        generic = _form_flag(form)
        c = collect()
        o = _PrintOptions(size=ctypes.sizeof(_PrintOptions), debuginfo=debuginfo)
        if generic:
            call(lib.bcx_tileir_print_generic_opts, self._handle(), function, byref(o), c.ref)
        else:
            call(lib.bcx_tileir_print_custom, self._handle(), function, byref(o), c.ref)
        return c.value().decode("utf-8", "replace")

    def text(self, form: str = "custom", debuginfo: bool = False) -> str:
        """The module as MLIR text: form "custom" (``bcx dis``) or "generic"
        (``bcx dis --generic``); debuginfo adds locations (custom form)."""
        return self._text(-1, form, debuginfo)

    def verify(self, target: Optional[str] = None, hints: bool = False,
               strict: bool = False) -> list[Diagnostic]:
        """Every broken rule (errors and warnings), as ``bcx verify --json`` lists
        them; an empty list for a valid module. A body that cannot be decoded
        raises its Error."""
        o = _VerifyOptions(size=ctypes.sizeof(_VerifyOptions), hints=hints, warnings=True,
                           strict=strict)
        if target is not None:
            w = parse_target(target)
            o.target = (w.major << 8) | w.minor
        found: list[Diagnostic] = []
        text = self._owner is not None

        def report(_ctx, p):
            e = p.contents
            op = e.op.decode() if e.op else None
            found.append(Diagnostic(
                message=e.message.decode("utf-8", "replace"),
                severity="warning" if e.warning else "error",
                offset=None if text or op is None else int(e.offset), op=op,
                path=(e.path or b"").decode(), function=int(e.function),
                function_name=e.function_name.text(),
                line=int(e.line) if text else 0, column=int(e.col) if text else 0))
            return True

        fn = _VERIFY_FN(report)
        n = c_size_t()
        d = Diag()
        status = lib.bcx_tileir_verify(self._handle(), byref(o), fn, None, byref(n), byref(d))
        if status != 0 and n.value == 0:
            from ._errors import error_from_diag
            raise error_from_diag(status, d)
        return found

    def write(self, target: Optional[str] = None) -> bytes:
        """The module encoded for a target version (None: 13.3): ``bcx convert``."""
        h = self._handle()
        return take_bytes(lib.bcx_tileir_write,
                          lambda p, n: lib.bcx_tileir_free_bytes(h, p, n),
                          h, byref(parse_target(target)))

    def __repr__(self) -> str:
        state = "closed" if self.closed else f"version {self.version}"
        return f"<bcx Tile IR module, {state}>"
