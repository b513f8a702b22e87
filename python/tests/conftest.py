"""Shared fixtures: the package from this source tree, the bcx CLI to compare
with, and the input files (the repository's examples, plus some of the
shared conformance vectors when BCX_SHARED_DIR or ../shared has them)."""
import glob
import json
import os
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if os.environ.get("BCX_TEST_INSTALLED") != "1":
    sys.path.insert(0, os.path.dirname(HERE))

import bcx  # noqa: E402

SHARED = os.environ.get("BCX_SHARED_DIR") or os.path.join(os.path.dirname(ROOT), "shared")
EXAMPLES = os.path.join(ROOT, "examples")


def _vectors(sub, pattern, names):
    d = os.path.join(SHARED, "vectors", sub)
    return [p for n in names for p in glob.glob(os.path.join(d, n + pattern))]


TILEIR_FILES = [os.path.join(EXAMPLES, "vadd.tileirbc")] + _vectors(
    "tileir", ".v13.3.tileirbc",
    ["debug_info_000", "constantTest_000", "globalSectionTest_000", "operationsTest_000",
     "producerTest_000", "multidimTensorTest_000"])
MLIR_FILES = [os.path.join(EXAMPLES, "hello.mlirbc")] + _vectors(
    "mlir", ".mlirbc", ["cfg", "func_arith", "locations", "scf_loops"])
BITSTREAM_FILES = [os.path.join(EXAMPLES, "hello.bc")] + _vectors(
    "llvm", ".bc", ["debuginfo", "structs"])
TAPIOCA_DIR = os.path.join(EXAMPLES, "tapioca")


def _find_cli():
    env = os.environ.get("BCX_CLI")
    if env:
        return env
    beside = os.path.join(os.path.dirname(os.path.realpath(bcx.library_path)), "bcx")
    if os.path.exists(beside):
        return beside
    return shutil.which("bcx")


CLI = _find_cli()


class Cli:
    """Runs the bcx CLI the package's answers are compared with."""

    def __init__(self, path):
        self.path = path

    def run(self, *args, input=None, check=True):
        r = subprocess.run([self.path, *args], input=input, capture_output=True)
        if check and r.returncode != 0:
            raise AssertionError(f"bcx {' '.join(args)} failed ({r.returncode}): "
                                 f"{r.stderr.decode()}")
        return r

    def out(self, *args, **kw):
        return self.run(*args, **kw).stdout

    def json(self, *args, **kw):
        return json.loads(self.out(*args, **kw))


@pytest.fixture(scope="session")
def cli():
    if not CLI:
        pytest.skip("the bcx CLI is not there (set BCX_CLI): nothing to compare with")
    return Cli(CLI)


def ids(paths):
    return [os.path.basename(p) for p in paths]


def over(paths):
    """A test once per file of paths."""
    return pytest.mark.parametrize("path", paths, ids=ids(paths))


def info_matches(cli, m, path, fmt):
    """m is a module of format fmt whose info() is bcx info --json's; that dict."""
    assert m.format == fmt
    info = cli.json("info", "--json", path)
    assert m.info() == info
    return info


def assemble_matches(cli, path, fmt, tmp_path):
    """bcx.assemble of the file's own text gives what bcx asm gives."""
    with bcx.open(path) as m:
        text = m.text()
    src = tmp_path / "m.mlir"
    src.write_text(text)
    out = tmp_path / "m.bin"
    cli.run("asm", "--format", fmt, str(src), "-o", str(out))
    assert bcx.assemble(text, format=fmt, filename=str(src)) == out.read_bytes()


def write_matches(cli, path, verb_args, write, tmp_path):
    """write() gives what `bcx VERB_ARGS -o OUT path` writes, or raises
    bcx.Error where the CLI fails."""
    out = tmp_path / "out.bin"
    r = cli.run(*verb_args, "-o", str(out), path, check=False)
    if r.returncode == 0:
        assert write() == out.read_bytes()
    else:
        with pytest.raises(bcx.Error):
            write()
