"""bcx: read, print, verify, convert and write compiler bytecode from Python.

A thin layer over the C library libbcx (through ctypes; no compiler is
needed to install it). ``bcx.open(path_or_bytes)`` sniffs the format and
gives a module object:

    with bcx.open("kernels.tileirbc") as m:
        print(m.format, m.version, len(m.functions))
        print(m.functions["vadd"].text())

Formats: CUDA Tile IR bytecode (bcx.tileir), MLIR bytecode (bcx.mlirbc),
LLVM bitstream (bcx.bitstream), TBON / Tapioca objects (bcx.tbon,
bcx.tapioca); the integer codecs are in bcx.varint and the Tile IR builder
in bcx.build. Every failure raises a bcx.Error subclass.
"""
from __future__ import annotations

from typing import Optional, Union

from ._errors import (ClosedError, Error, InvalidArgumentError, IOError, LimitError,
                      MalformedError, NoMemoryError, NotFoundError, OverflowError,
                      TruncatedError, UnsupportedError)
from ._base import Diagnostic, MappedFile, Source, open_source, release
from ._lib import lib, library_path
from .tileir import Function, TileIRModule
from . import build, tapioca, varint  # noqa: E402,F401 - bcx.build etc. after import bcx

__version__ = "0.2.0"
__all__ = ["open", "assemble", "library_version", "library_path", "Diagnostic",
           "Error", "TruncatedError", "MalformedError", "LimitError", "NoMemoryError",
           "UnsupportedError", "InvalidArgumentError", "IOError", "OverflowError",
           "NotFoundError", "ClosedError", "TileIRModule", "Function", "build", "tapioca",
           "varint"]


def library_version() -> str:
    """The version of the libbcx in use ("0.2.0")."""
    return lib.bcx_version().decode()


def _sniff(data: bytes) -> str:
    if lib.bcx_tileir_is_tileir(data, len(data)):
        return "tileir"
    if lib.bcx_mlirbc_is_mlirbc(data, len(data)):
        return "mlirbc"
    if lib.bcx_tbon_sniff(data, len(data)):
        return "tbon"
    if lib.bcx_bs_sniff(data, len(data)):
        return "bitstream"
    raise UnsupportedError("not a format bcx reads (Tile IR, MLIR bytecode, TBON or "
                           "LLVM bitstream)", 0)


def open(source: Source, format: Optional[str] = None):  # noqa: A001 - as builtins.open
    """Open a file (a path) or bytes and return its module object.

    format: "tileir", "mlirbc", "bitstream" or "tbon"; None sniffs the magic.
    The object frees the library's memory on close() or at the end of a
    ``with`` block; afterwards its methods raise bcx.ClosedError.
    """
    data = open_source(source)
    try:
        fmt = format or _sniff(data[:16])
        if fmt == "tileir":
            return TileIRModule.open(data)
        if fmt == "mlirbc":
            from .mlirbc import MLIRModule
            return MLIRModule.open(data)
    except BaseException:
        release(data)
        raise
    if isinstance(data, MappedFile):  # the other formats are read whole
        mapped, data = data, data[:]
        mapped.close()
    if fmt == "bitstream":
        from .bitstream import Bitstream
        return Bitstream.open(data)
    if fmt == "tbon":
        from .tbon import TBONFile
        return TBONFile.open(data)
    raise InvalidArgumentError(f"unknown format {fmt!r} (tileir, mlirbc, bitstream, tbon)")


def assemble(text: Union[str, bytes], format: str = "tileir",
             target: Union[str, int, None] = None, filename: str = "<text>",
             verify: bool = True, mlir_release: Optional[int] = None) -> bytes:
    """Assemble text into bytecode, as ``bcx asm``.

    format "tileir": Tile IR MLIR text (custom or generic form), target
    "13.1".."13.3"; "mlirbc": MLIR generic-form text, target the bytecode
    version (0..6, default 6), mlir_release the MLIR release whose op
    property layouts are written (19 or 22, default 22); "tapioca": Tapioca assembly into a TBON
    object file. Errors carry "FILE:LINE:COL: message". A Tile IR module
    that breaks a verifier rule is refused (bcx.MalformedError with
    .diagnostics) unless verify=False, as ``bcx asm --no-verify``.
    """
    raw = text.encode() if isinstance(text, str) else bytes(text)
    if format == "tileir":
        from .build import assemble_tileir
        return assemble_tileir(raw, None if target is None else str(target), filename, verify)
    if format == "mlirbc":
        from .mlirbc import assemble_mlir
        return assemble_mlir(raw, None if target is None else int(target), filename,
                             mlir_release)
    if format == "tapioca":
        from .tapioca import assemble as tasm
        return tasm(raw)
    raise InvalidArgumentError(f"unknown format {format!r} (tileir, mlirbc, tapioca)")
