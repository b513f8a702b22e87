"""Calls that append their output to a struct bcx_buf."""
from __future__ import annotations

from ctypes import byref
from typing import Any

from ._lib import Buf, call, lib


def into_buf(fn: Any, *args: Any) -> bytes:
    """Call fn(*args, &buf, &diag) and return what it appended to buf."""
    b = Buf()
    lib.bcx_buf_init(byref(b), None)
    try:
        call(fn, *args, byref(b))
        return b.take()
    finally:
        lib.bcx_buf_free(byref(b))
