"""python -m bcx: the bcx program when it is there, else the package's own verbs."""
import os
import subprocess
import sys

import pytest

from conftest import EXAMPLES, MLIR_FILES, TILEIR_FILES

PKG = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pym(*args, env_extra=None, input=None):
    env = dict(os.environ, PYTHONPATH=PKG + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-m", "bcx", *args], capture_output=True,
                          env=env, input=input)


def test_runs_the_cli(cli):
    r = pym("--help", env_extra={"BCX_CLI": cli.path})
    assert r.returncode == 0 and r.stdout == cli.out("--help")


@pytest.mark.parametrize("args", [
    ["info", "--json", TILEIR_FILES[0]], ["dump", "--json", TILEIR_FILES[0]],
    ["dis", TILEIR_FILES[0]], ["dis", "--generic", TILEIR_FILES[0]],
    ["dis", "--function", "vadd", TILEIR_FILES[0]], ["verify", "--json", TILEIR_FILES[0]],
    ["info", "--json", MLIR_FILES[0]], ["dis", MLIR_FILES[0]],
    ["varint", "encode", "--codec", "sleb", "--", "-300"],
    ["varint", "decode", "--codec", "xip", "f7"],
], ids=lambda a: " ".join(os.path.basename(x) for x in a))
def test_python_verbs_match_cli(cli, args):
    r = pym("--python", *args)
    assert r.returncode == 0, r.stderr
    assert r.stdout == cli.out(*args)


def test_python_convert_asm_run(cli, tmp_path):
    out = tmp_path / "a.tileirbc"
    assert pym("--python", "convert", "--target", "13.1", "-o", str(out),
               TILEIR_FILES[0]).returncode == 0
    want = tmp_path / "b.tileirbc"
    cli.run("convert", "--target", "13.1", "-o", str(want), TILEIR_FILES[0])
    assert out.read_bytes() == want.read_bytes()
    tasm = os.path.join(EXAMPLES, "tapioca", "factorial.tasm")
    obj = tmp_path / "f.tbon"
    assert pym("--python", "asm", "--format", "tapioca", "-o", str(obj), tasm).returncode == 0
    r = pym("--python", "run", str(obj))
    assert r.returncode == 0 and r.stdout == cli.out("run", str(obj))


def test_python_errors():
    r = pym("--python", "info", "--json", "/nonexistent/file")
    assert r.returncode == 1 and b"error" in r.stderr
    r = pym("--python", "info", "--json", "-", input=b"\x7fTileIR\x00\x0d")
    assert r.returncode == 1 and b"truncated" in r.stderr.lower() or b"error" in r.stderr
