"""What every opened file has in common: its bytes, closing, diagnostics."""
from __future__ import annotations

import ctypes
import mmap
import os
from dataclasses import dataclass
from typing import Any, Optional, Union

from ._errors import ClosedError

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]


def read_source(src: Source) -> tuple[bytes, str]:
    """The bytes of a path or a bytes-like object, and a name for messages."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        return bytes(src), "<bytes>"
    path = os.fspath(src)
    with open(path, "rb") as f:
        return f.read(), path


class MappedFile:
    """A file mapped private and read-only in effect: pages are read when the
    library touches them, so opening a large module reads its tables and not
    every body (as bcx_file_map does for the CLI). len() is its size; .ptr
    the address the library reads; close() unmaps it."""

    def __init__(self, fd: int) -> None:
        self._mm = mmap.mmap(fd, 0, access=mmap.ACCESS_COPY)
        # One c_char at offset 0 exports the mapping (no array type is made
        # per file): its address is the start of the bytes.
        self._view = ctypes.c_char.from_buffer(self._mm)
        self.ptr = ctypes.addressof(self._view)

    def __len__(self) -> int:
        return len(self._mm)

    def __getitem__(self, key):
        return self._mm[key]

    def close(self) -> None:
        if self._view is not None:
            self._view = None  # the export of the mapping must go before close()
            self.ptr = 0
            self._mm.close()


def open_source(src: Source) -> "bytes | MappedFile":
    """bytes for bytes-like objects and small or special files, else the
    file mapped (MappedFile)."""
    if isinstance(src, (bytes, bytearray, memoryview)):
        return bytes(src)
    fd = os.open(os.fspath(src), os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    try:
        try:
            if os.fstat(fd).st_size >= MAP_AT:
                return MappedFile(fd)
        except (OSError, ValueError):  # not mappable (a pipe, /proc): read it
            pass
        with os.fdopen(os.dup(fd), "rb") as f:
            return f.read()
    finally:
        os.close(fd)


MAP_AT = 1 << 16  # smaller files cost less to read than to map


def address(data: "bytes | MappedFile") -> "bytes | int":
    """What a C function taking `const void *data` is given for data."""
    return data.ptr if isinstance(data, MappedFile) else data


def release(data: "bytes | MappedFile") -> None:
    """Unmap a MappedFile once nothing in the library reads it."""
    if isinstance(data, MappedFile):
        data.close()


@dataclass(frozen=True)
class Diagnostic:
    """One problem a verifier found.

    ``offset`` is the byte offset of the op in the file (None for a
    module-level rule or a module assembled from text); ``line`` and
    ``column`` its place in the text it was assembled from (0 = none).
    """
    message: str
    severity: str = "error"
    offset: Optional[int] = None
    op: Optional[str] = None
    path: str = ""
    function: int = -1
    function_name: str = ""
    line: int = 0
    column: int = 0

    def as_dict(self) -> dict[str, Any]:
        """The entry as ``bcx verify --json`` writes it."""
        d: dict[str, Any] = {"function": self.function, "function_name": self.function_name,
                             "op": self.op, "path": self.path, "offset": self.offset}
        if self.line:
            d["line"], d["column"] = self.line, self.column
        d["severity"], d["message"] = self.severity, self.message
        return d


class Handle:
    """An object that owns library memory, freed by close() or ``with``.

    After close() every method raises bcx.ClosedError (nothing reaches the
    library with a freed handle).
    """
    _h: Any = None
    format = ""

    def _handle(self) -> Any:
        if not self._h:
            raise ClosedError(f"{type(self).__name__} is closed")
        return self._h

    def _free(self, h: Any) -> None:
        raise NotImplementedError

    def close(self) -> None:
        """Free the library's memory (idempotent)."""
        h, self._h = self._h, None
        if h:
            self._free(h)

    @property
    def closed(self) -> bool:
        """Whether close() was called."""
        return not self._h

    def __enter__(self):
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone
            pass
