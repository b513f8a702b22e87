"""The exceptions of bcx: one class per bcx_status, all under bcx.Error."""
from __future__ import annotations

__all__ = ["Error", "TruncatedError", "MalformedError", "LimitError", "NoMemoryError",
           "UnsupportedError", "InvalidArgumentError", "IOError", "OverflowError",
           "NotFoundError", "ClosedError", "error_from_diag"]


class Error(Exception):
    """A failure reported by libbcx.

    Attributes: ``code`` (the bcx_status number), ``status`` (its name, e.g.
    ``"malformed"``), ``offset`` (byte offset in the input, or bit offset when
    ``is_bit_offset``; None when the failure has no place), ``context``
    (``"section types"``, ``"function 'k'"`` or ``""``), ``message``, and
    for text input ``line`` and ``column`` (1-based; 0 when there is none).
    """

    code = 0
    status = "error"

    def __init__(self, message: str, offset: int | None = None, context: str = "",
                 is_bit_offset: bool = False, line: int = 0, column: int = 0) -> None:
        self.message = message
        self.offset = offset
        self.context = context
        self.is_bit_offset = is_bit_offset
        self.line = line
        self.column = column
        super().__init__(self._text())

    def _text(self) -> str:
        where = ""
        if self.line:
            where = f"{self.line}:{self.column}: "
        elif self.offset is not None:
            where = f"at {'bit' if self.is_bit_offset else 'offset'} {self.offset}: "
        ctx = f" ({self.context})" if self.context else ""
        return f"{where}{self.message}{ctx}"


class TruncatedError(Error):
    """The input ended before a complete item."""
    code, status = 1, "truncated"


class MalformedError(Error):
    """Bytes present but not valid for the format."""
    code, status = 2, "malformed"


class LimitError(Error):
    """A count, size or depth exceeds a limit."""
    code, status = 3, "limit"


class NoMemoryError(Error, MemoryError):
    """The allocator failed."""
    code, status = 4, "nomem"


class UnsupportedError(Error):
    """Valid but not supported (a version, a feature)."""
    code, status = 5, "unsupported"


class InvalidArgumentError(Error, ValueError):
    """An argument bcx refuses."""
    code, status = 6, "invalid_arg"


class IOError(Error, OSError):  # noqa: A001 - bcx.IOError, as the status is named
    """A file could not be read or written."""
    code, status = 7, "io"


class OverflowError(Error, ArithmeticError):  # noqa: A001
    """A value does not fit the requested width."""
    code, status = 8, "overflow"


class NotFoundError(Error, KeyError):
    """A looked-up name or index does not exist."""
    code, status = 9, "not_found"

    def __str__(self) -> str:  # KeyError would quote it
        return self._text()


class ClosedError(Error, ValueError):
    """The object was closed: its library memory is gone."""
    code, status = 6, "closed"


_BY_CODE = {c.code: c for c in (TruncatedError, MalformedError, LimitError, NoMemoryError,
                                UnsupportedError, InvalidArgumentError, IOError,
                                OverflowError, NotFoundError)}


def error_from_diag(status: int, d) -> Error:
    """The Error for a status and a filled struct bcx_diag."""
    cls = _BY_CODE.get(status, Error)
    msg = d.message.decode("utf-8", "replace") or f"status {status}"
    err = cls(msg, d.offset if d.has_offset else None, d.context.decode("utf-8", "replace"),
              bool(d.is_bit_offset), int(d.line), int(d.column))
    if cls is Error:
        err.code = status
    return err
