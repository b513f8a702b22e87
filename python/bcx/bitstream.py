"""LLVM bitstream (bcx/bitstream.h): llvm-bcanalyzer's reports, block statistics, copy."""
from __future__ import annotations

import ctypes
import json
from ctypes import POINTER, Structure, byref, c_bool, c_char_p, c_int, c_size_t, c_uint, \
    c_uint32, c_void_p
from typing import Any

from ._base import Diagnostic, Handle
from ._bufcall import into_buf
from ._lib import Buf, Diag, call, collect, lib

__all__ = ["Bitstream"]


class _Node(Structure):
    pass


_Node._fields_ = [("kind", c_int), ("next", POINTER(_Node)), ("block_id", c_uint32),
                  ("code_width", c_uint), ("num_words", c_uint32),
                  ("children", POINTER(_Node)), ("abbrev", c_void_p), ("abbrev_id", c_uint32),
                  ("code", c_uint32), ("ops", c_void_p), ("nops", c_size_t),
                  ("blob", c_void_p), ("blob_len", c_size_t), ("has_blob", c_bool)]


class _Name(Structure):
    _fields_ = [("s", c_void_p), ("len", c_size_t)]


class _AnalyzeOptions(Structure):
    _fields_ = [("size", c_size_t), ("filename", c_char_p), ("dump", c_bool),
                ("dump_blockinfo", c_bool), ("non_symbolic", c_bool),
                ("show_binary_blobs", c_bool), ("no_histogram", c_bool), ("json", c_bool)]


lib.bcx_bs_tree_top.restype = POINTER(_Node)
lib.bcx_bs_tree_top.argtypes = [c_void_p]
lib.bcx_bs_tree_write.restype = c_int
lib.bcx_bs_tree_write.argtypes = [c_void_p, POINTER(Buf), POINTER(Diag)]
lib.bcx_bs_reader_new.restype = c_int
lib.bcx_bs_reader_new.argtypes = [POINTER(c_void_p), c_char_p, c_size_t, c_void_p, c_void_p]
lib.bcx_bs_reader_free.argtypes = [c_void_p]
lib.bcx_bs_block_name.restype = _Name
lib.bcx_bs_block_name.argtypes = [c_void_p, c_uint32]

BLOCK = 1
RECORD = 3
# What the magic says the stream is (the names bcx info prints).
_KINDS = {b"BC\xc0\xde": "LLVM bitcode", b"\xde\xc0\x17\x0b": "wrapped LLVM bitcode",
          b"CPCH": "a Clang AST file (LLVM bitstream)",
          b"DIAG": "Clang serialized diagnostics (LLVM bitstream)",
          b"RMRK": "LLVM remarks (LLVM bitstream)"}
_SYNC_SCOPE_BLOCK = 26  # unnamed in llvm-bcanalyzer-22's table


class Bitstream(Handle):
    """A decoded LLVM bitstream (bitcode, Clang AST files, diagnostics, remarks)."""
    format = "bitstream"

    def __init__(self, data: bytes, h: Any) -> None:
        self._data, self._h = data, h
        self.functions: dict[str, Any] = {}

    @classmethod
    def open(cls, data: bytes) -> "Bitstream":
        h = c_void_p()
        call(lib.bcx_bs_tree_read, byref(h), data, len(data), None)
        return cls(data, h.value)

    def _free(self, h: Any) -> None:
        lib.bcx_bs_tree_free(h)

    @property
    def kind(self) -> str:
        """What the magic says the stream is ("LLVM bitcode", ...)."""
        return _KINDS.get(self._data[:4], "an LLVM bitstream")

    @property
    def version(self) -> None:
        """Bitstreams carry no container version: None."""
        return None

    def _analyze(self, dump: bool, as_json: bool) -> bytes:
        self._handle()
        o = _AnalyzeOptions(size=ctypes.sizeof(_AnalyzeOptions), filename=b"-", dump=dump,
                            json=as_json)
        c = collect()
        call(lib.bcx_bs_analyze, self._data, len(self._data), byref(o), c.ref, None)
        return c.value()

    def dump(self) -> dict[str, Any]:
        """``bcx dump --json``: every block and record, then the statistics."""
        return json.loads(self._analyze(True, True))

    def stat(self) -> dict[str, Any]:
        """``bcx stat --json``: llvm-bcanalyzer's statistics."""
        return json.loads(self._analyze(False, True))

    def text(self, form: str = "dump", debuginfo: bool = False) -> str:
        """llvm-bcanalyzer's report: form "dump" (-dump) or "stat"."""
        return self._analyze(form == "dump", False).decode("utf-8", "replace")

    def info(self) -> dict[str, Any]:
        """The summary ``bcx info --json`` prints: blocks per block ID."""
        stats: dict[int, list[int]] = {}

        def walk(n: Any, depth: int) -> None:
            while n and depth < 512:
                node = n.contents
                if node.kind == BLOCK:
                    s = stats.setdefault(min(node.block_id, 256), [0, 0, 0])
                    s[0] += 1
                    s[1] += node.num_words
                    c = node.children
                    while c:
                        s[2] += c.contents.kind == RECORD
                        c = c.contents.next
                    walk(node.children, depth + 1)
                n = node.next

        walk(lib.bcx_bs_tree_top(self._handle()), 0)
        r = c_void_p()
        if lib.bcx_bs_reader_new(byref(r), self._data, len(self._data), None, None) != 0:
            r = c_void_p()
        blocks = []
        for bid in sorted(stats):
            name = None
            if r.value and bid < 256:
                nm = lib.bcx_bs_block_name(r, bid)
                if nm.s:
                    name = ctypes.string_at(nm.s, nm.len).decode()
            if name is None and bid == _SYNC_SCOPE_BLOCK and "LLVM bitcode" in self.kind:
                name = "SYNC_SCOPE_NAMES_BLOCK_ID"
            b, w, rec = stats[bid]
            blocks.append({"block_id": bid, "blocks": b, "bytes": w * 4, "records": rec,
                           "name": name})
        lib.bcx_bs_reader_free(r)
        return {"format": "llvm-bitstream", "schema_version": 1, "kind": self.kind,
                "wrapped": self._data[:4] == b"\xde\xc0\x17\x0b", "size": len(self._data),
                "blocks": blocks}

    def verify(self) -> list[Diagnostic]:
        """The tree decoded when opened: nothing more to check; always []."""
        self._handle()
        return []

    def write(self, target: Any = None) -> bytes:
        """Encode the tree again (``bcx copy``): LLVM's files come back byte for byte."""
        return into_buf(lib.bcx_bs_tree_write, self._handle())

    def __repr__(self) -> str:
        return f"<bcx bitstream ({'closed' if self.closed else self.kind})>"
