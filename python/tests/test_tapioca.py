"""TBON objects and the Tapioca VM against the CLI and the examples' expected output."""
import glob
import os

import pytest

import bcx
import bcx.tapioca
from conftest import TAPIOCA_DIR

PROGRAMS = sorted(glob.glob(os.path.join(TAPIOCA_DIR, "*.tasm")))
progs = pytest.mark.parametrize("src", PROGRAMS, ids=[os.path.basename(p) for p in PROGRAMS])


def _obj(cli, src, tmp_path):
    out = tmp_path / (os.path.basename(src)[:-5] + ".tbon")
    cli.run("asm", "--format", "tapioca", src, "-o", str(out))
    return out


@progs
def test_assemble_and_files(cli, src, tmp_path):
    out = _obj(cli, src, tmp_path)
    text = open(src).read()
    data = bcx.assemble(text, format="tapioca")
    assert data == bcx.tapioca.assemble(text) == out.read_bytes()
    with bcx.open(data) as f:
        assert f.format == "tbon"
        assert f.info() == cli.json("info", "--json", str(out))
        assert f.dump() == cli.json("dump", "--json", str(out))
        assert f.text() == cli.out("dis", str(out)).decode()
        assert f.text(form="dump") == cli.out("dump", str(out)).decode()
        assert f.write() == data
        assert f.verify() == []
        assert set(f.functions) == {x["name"] for x in f.info()["functions"]}


@progs
def test_run(cli, src, tmp_path):
    out = _obj(cli, src, tmp_path)
    want = cli.run("run", "--max-steps", "200000000", "--max-heap", "16000000", str(out),
                   check=False)
    r = bcx.tapioca.run(str(out), max_steps=200000000, max_heap=16000000)
    assert r.output == want.stdout
    assert r.ok == (want.returncode == 0)
    if not r.ok:
        assert r.message in want.stderr.decode()
        assert r.status in bcx.tapioca.TRAPS[1:]


def test_run_entry_and_objects(cli):
    data = bcx.assemble(open(os.path.join(TAPIOCA_DIR, "factorial.tasm")).read(),
                        format="tapioca")
    with bcx.open(data) as f:
        r = bcx.tapioca.run(f, max_steps=10)
        assert r.status == "step_limit" and r.steps == 10 and r.function in ("main", "fact")
    with pytest.raises(bcx.ClosedError):
        bcx.tapioca.run(f)
    with pytest.raises(bcx.Error):
        bcx.tapioca.run(data, entry="no_such_function")


def test_errors(cli):
    with pytest.raises(bcx.Error) as e:
        bcx.assemble(".func main 0\n    bogus r0\n", format="tapioca")
    assert (e.value.line, e.value.column, e.value.offset) == (2, 5, 17)
    with pytest.raises(bcx.TruncatedError):
        bcx.open(b"TBON\x01", format="tbon")
