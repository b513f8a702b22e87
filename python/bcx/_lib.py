"""Loading libbcx and declaring the C functions the package calls.

The library is found, in order: the path in the BCX_LIBRARY environment
variable; the path recorded when the package was installed (``_libpath``,
written from BCX_LIBRARY at install time); a ``libbcx.so*`` next to this
file; the build folders of the source tree this file sits in (``build/*``);
the system's loader path (``libbcx.so.0.2``, as ``cmake --install`` puts it).
"""
from __future__ import annotations

import ctypes
import glob
import os
from ctypes import (CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_double,
                    c_int, c_int32, c_int64, c_long, c_size_t, c_uint, c_uint8, c_uint16,
                    c_uint32, c_uint64, c_void_p)

from ._errors import error_from_diag

__all__ = ["lib", "library_path", "Diag", "Sink", "call", "collect", "take_bytes"]

ABI_MAJOR_MINOR = "0.2"


def _candidates() -> list[str]:
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    env = os.environ.get("BCX_LIBRARY")
    if env:
        return [env]
    try:
        from . import _libpath  # type: ignore[attr-defined]
        if _libpath.LIBRARY:
            out.append(_libpath.LIBRARY)
    except ImportError:
        pass
    out += sorted(glob.glob(os.path.join(here, "libbcx.so*")))
    root = os.path.dirname(os.path.dirname(here))
    for sub in ("build/release", "build/py", "build"):
        out += sorted(glob.glob(os.path.join(root, sub, "libbcx.so.*")))
    out += ["libbcx.so.0.2", "libbcx.so"]  # the system loader path (cmake --install)
    return out


def _load() -> tuple[ctypes.CDLL, str]:
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(f"{path} (no such file)")
            continue
        try:
            dll = ctypes.CDLL(path)
        except OSError as e:
            tried.append(f"{path} ({e})")
            continue
        dll.bcx_version.restype = c_char_p
        version = dll.bcx_version().decode()
        if not version.startswith(ABI_MAJOR_MINOR + "."):
            tried.append(f"{path} (version {version}, need {ABI_MAJOR_MINOR}.x)")
            continue
        return dll, path
    raise ImportError("bcx: libbcx not found; set BCX_LIBRARY to the path of libbcx.so "
                      "(build it with cmake -DBCX_BUILD_SHARED=ON). Tried: " + "; ".join(tried))


lib, library_path = _load()


class Diag(Structure):
    """struct bcx_diag."""
    _fields_ = [("code", c_int), ("has_offset", c_bool), ("is_bit_offset", c_bool),
                ("offset", c_uint64), ("line", c_uint32), ("column", c_uint32),
                ("context", c_char * 96), ("message", c_char * 256)]


SINK_FN = CFUNCTYPE(c_int, c_void_p, c_void_p, c_size_t)


class Sink(Structure):
    """struct bcx_sink."""
    _fields_ = [("write", SINK_FN), ("ctx", c_void_p)]


class Buf(Structure):
    """struct bcx_buf."""
    _fields_ = [("data", POINTER(c_uint8)), ("len", c_size_t), ("cap", c_size_t),
                ("status", c_int), ("alloc", c_void_p)]

    def take(self) -> bytes:
        """The bytes held, as a Python bytes object."""
        return ctypes.string_at(self.data, self.len) if self.len else b""


class Limits(Structure):
    _fields_ = [("max_depth", c_uint32), ("max_count", c_uint64), ("max_total", c_uint64)]


def call(fn, *args, diag: Diag | None = None) -> None:
    """Call a bcx function returning a status; raise the matching Error."""
    d = diag if diag is not None else Diag()
    status = fn(*args, ctypes.byref(d))
    if status != 0:
        raise error_from_diag(status, d)


def take_bytes(fn, free, *args) -> bytes:
    """Call fn(*args, &out, &len, &diag), which hands over a byte array, and
    return a copy of it, giving the array back with free(out, len)."""
    out = POINTER(c_uint8)()
    n = c_size_t()
    call(fn, *args, ctypes.byref(out), ctypes.byref(n))
    try:
        return ctypes.string_at(out, n.value)
    finally:
        free(out, n.value)


class collect:
    """A bcx_sink that gathers the bytes a printer writes.

    with collect() as c: lib.print(..., c.sink_ref, ...); text = c.value()
    """

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        parts = self.parts

        def write(_ctx, p, n):
            parts.append(ctypes.string_at(p, n))
            return 0

        self._fn = SINK_FN(write)
        self.sink = Sink(self._fn, None)
        self.ref = ctypes.byref(self.sink)

    def value(self) -> bytes:
        return b"".join(self.parts)


def _decl(name: str, restype, *argtypes) -> None:
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


P = c_void_p
D = POINTER(Diag)
S = POINTER(Sink)
B = POINTER(Buf)
PU8 = POINTER(c_uint8)
_u8pp = POINTER(PU8)
_szp = POINTER(c_size_t)

for _n, _r, *_a in [
    ("bcx_status_str", c_char_p, c_int),
    ("bcx_buf_init", None, B, P),
    ("bcx_buf_free", None, B),
    ("bcx_free", None, P, P, c_size_t),
    ("bcx_arena_new", P, P),
    ("bcx_arena_free", None, P),
    # Tile IR
    ("bcx_tileir_is_tileir", c_bool, c_char_p, c_size_t),
    ("bcx_tileir_open", c_int, P, c_size_t, P, POINTER(P), D),
    ("bcx_tileir_close", None, P),
    ("bcx_tileir_get_section", P, P, c_uint),
    ("bcx_tileir_section_name", c_char_p, c_uint),
    ("bcx_tileir_string_count", c_size_t, P),
    ("bcx_tileir_type_count", c_size_t, P),
    ("bcx_tileir_constant_count", c_size_t, P),
    ("bcx_tileir_global_count", c_size_t, P),
    ("bcx_tileir_debug_record_count", c_size_t, P),
    ("bcx_tileir_debug_list_count", c_size_t, P),
    ("bcx_tileir_function_count", c_size_t, P),
    ("bcx_tileir_function_at", P, P, c_size_t),
    ("bcx_tileir_function_find", c_long, P, c_char_p, c_size_t),
    ("bcx_tileir_print_generic_opts", c_int, P, c_long, P, S, D),
    ("bcx_tileir_print_custom", c_int, P, c_long, P, S, D),
    ("bcx_tileir_dump_function", c_int, P, c_long, c_bool, S, D),
    ("bcx_tileir_verify", c_int, P, P, P, P, _szp, D),
    ("bcx_tileir_write", c_int, P, P, _u8pp, _szp, D),
    ("bcx_tileir_free_bytes", None, P, PU8, c_size_t),
    ("bcx_tileir_assemble", c_int, c_char_p, c_char_p, c_size_t, P, POINTER(P), D),
    ("bcx_tileir_builder_free", None, P),
    ("bcx_tileir_builder_model", P, P, D),
    ("bcx_tileir_builder_write", c_int, P, P, _u8pp, _szp, D),
    ("bcx_tileir_builder_free_bytes", None, P, PU8, c_size_t),
    # MLIR bytecode
    ("bcx_mlirbc_is_mlirbc", c_bool, c_char_p, c_size_t),
    ("bcx_mlirbc_open", c_int, P, c_size_t, P, POINTER(P), D),
    ("bcx_mlirbc_close", None, P),
    ("bcx_mlirbc_load_all", c_int, P, D),
    ("bcx_mlirbc_dump", c_int, P, c_uint, S, D),
    ("bcx_mlirbc_print_generic", c_int, P, c_uint, S, D),
    ("bcx_mlirbc_print_function", c_int, P, c_char_p, c_uint, S, D),
    ("bcx_mlirbc_assemble", c_int, c_char_p, c_char_p, c_size_t, P, _u8pp, _szp, D),
    ("bcx_mlirbc_write", c_int, P, P, _u8pp, _szp, D),
    ("bcx_mlirbc_free_bytes", None, P, PU8, c_size_t),
    # bitstream
    ("bcx_bs_sniff", c_bool, c_char_p, c_size_t),
    ("bcx_bs_analyze", c_int, c_char_p, c_size_t, P, S, P, D),
    ("bcx_bs_tree_read", c_int, POINTER(P), c_char_p, c_size_t, P, D),
    ("bcx_bs_tree_free", None, P),
    # TBON and Tapioca
    ("bcx_tbon_sniff", c_bool, c_char_p, c_size_t),
    ("bcx_tbon_dump", c_int, c_char_p, c_size_t, c_bool, P, B, D),
    ("bcx_tapioca_load", c_int, c_char_p, c_size_t, P, POINTER(P), D),
    ("bcx_tapioca_free", None, P),
    ("bcx_tapioca_run", c_int, P, c_char_p, P, P, D),
    ("bcx_tapioca_asm", c_int, c_char_p, c_size_t, B, D),
    ("bcx_tapioca_dis", c_int, c_char_p, c_size_t, B, D),
    ("bcx_tapioca_trap_str", c_char_p, c_int),
]:
    _decl(_n, _r, *_a)

# Types re-exported for the modules that declare their own structs.
ctypes_names = (CFUNCTYPE, POINTER, Structure, c_bool, c_char, c_char_p, c_double, c_int,
                c_int32, c_int64, c_long, c_size_t, c_uint, c_uint8, c_uint16, c_uint32,
                c_uint64, c_void_p)
