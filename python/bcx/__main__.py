"""python -m bcx VERB ...: the bcx command line.

When the bcx program is at hand (BCX_CLI, next to the libbcx in use, or on
PATH) it runs, so every verb and option behaves exactly as documented in
bcx(1). Otherwise (or with --python first) the verbs are done here through
the package: info, dump, stat, dis, verify, convert, asm, copy, run and
varint, with their main options; info and dump print JSON (as with
--json), indented unless --json is given.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
from typing import Any, Optional

import bcx


def find_cli() -> Optional[str]:
    """The bcx program: BCX_CLI, beside the library, or on PATH."""
    env = os.environ.get("BCX_CLI")
    if env:
        return env
    beside = os.path.join(os.path.dirname(os.path.realpath(bcx.library_path)), "bcx")
    return beside if os.access(beside, os.X_OK) else shutil.which("bcx")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bcx", description=__doc__.split("\n\n")[0])
    p.add_argument("verb", choices=["info", "dump", "stat", "dis", "verify", "convert", "asm",
                                    "copy", "run", "varint"])
    p.add_argument("args", nargs="*", help="FILE, or for varint: encode|decode VALUE|HEX")
    p.add_argument("-o", dest="output", help="output file ('-' = stdout)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--generic", action="store_true")
    p.add_argument("--debuginfo", action="store_true")
    p.add_argument("--function")
    p.add_argument("--target")
    p.add_argument("--bytecode-version", type=int)
    p.add_argument("--format", default="tileir")
    p.add_argument("--no-verify", action="store_true")
    p.add_argument("--entry", default="main")
    p.add_argument("--max-steps", type=int, default=0)
    p.add_argument("--max-heap", type=int, default=0)
    p.add_argument("--codec")
    return p


def _emit(data: Any, out: Optional[str]) -> None:
    if isinstance(data, str):
        data = data.encode()
    if out and out != "-":
        with open(out, "wb") as f:
            f.write(data)
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()


def _doc(d: Any, compact: bool) -> str:
    return (json.dumps(d) if compact else json.dumps(d, indent=2)) + "\n"


def _module_verb(a: argparse.Namespace, path: str) -> int:
    v = a.verb
    with bcx.open(path) as m:
        if v == "info":
            _emit(_doc(m.info(), a.json), a.output)
        elif v == "dump":
            d = m.functions[a.function].dump() if a.function else m.dump()
            _emit(_doc(d, a.json), a.output)
        elif v == "stat":
            _emit(_doc(m.stat(), a.json), a.output)
        elif v == "dis":
            kw = {"debuginfo": a.debuginfo}
            if m.format == "tileir":
                kw["form"] = "generic" if a.generic else "custom"
            src = m.functions[a.function] if a.function else m
            _emit(src.text(**kw), a.output)
        elif v == "verify":
            errs = m.verify(target=a.target) if m.format == "tileir" else m.verify()
            n = sum(e.severity == "error" for e in errs)
            if a.json:
                _emit(json.dumps({"format": m.format, "schema_version": 1,
                                  "errors": [e.as_dict() for e in errs], "valid": n == 0,
                                  "functions": len(m.functions)}) + "\n", a.output)
            else:
                for e in errs:
                    where = e.offset if e.offset is not None else "-"
                    print(f"{path}:{where}: {e.severity}: {e.message}", file=sys.stderr)
                if not n:
                    print(f"{path}: valid ({len(m.functions)} functions)")
            return 1 if n else 0
        elif v in ("convert", "copy"):
            if v == "convert" and m.format == "mlirbc":
                data = m.write(target=a.bytecode_version)
            else:
                data = m.write(target=a.target) if v == "convert" else m.write()
            _emit(data, a.output)
        elif v == "run":
            r = bcx.tapioca.run(m, entry=a.entry, max_steps=a.max_steps, max_heap=a.max_heap)
            _emit(r.output, None)
            if not r.ok:
                print(f"bcx: {path}: error: {r.message}", file=sys.stderr)
                return 1
    return 0


def python_main(argv: list[str]) -> int:
    """The verbs done by the package (no bcx program needed)."""
    a = _parser().parse_intermixed_args(argv)
    try:
        if a.verb == "varint":
            if len(a.args) != 2 or not a.codec or a.args[0] not in ("encode", "decode"):
                print("usage: python -m bcx varint encode|decode --codec CODEC VALUE|HEX",
                      file=sys.stderr)
                return 2
            if a.args[0] == "encode":
                print(bcx.varint.encode(a.codec, int(a.args[1], 0)).hex(" "))
            else:
                print(bcx.varint.decode(a.codec, bytes.fromhex(a.args[1].replace(":", ""))))
            return 0
        if a.verb == "asm":
            text = open(a.args[0]).read() if a.args else sys.stdin.read()
            target = a.bytecode_version if a.format == "mlirbc" else a.target
            _emit(bcx.assemble(text, format=a.format, target=target,
                               filename=a.args[0] if a.args else "<stdin>",
                               verify=not a.no_verify), a.output)
            return 0
        rc = 0
        for path in a.args or ["/dev/stdin"]:
            rc = max(rc, _module_verb(a, path))
        return rc
    except bcx.Error as e:
        print(f"bcx: error: {e}", file=sys.stderr)
        return 1
    except (OSError, KeyError) as e:
        print(f"bcx: error: {e}", file=sys.stderr)
        return 1


def main(argv: Optional[list[str]] = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--python"]:
        return python_main(argv[1:])
    cli = find_cli()
    if cli:
        os.execv(cli, [cli, *argv])
    return python_main(argv)


if __name__ == "__main__":
    sys.exit(main())
