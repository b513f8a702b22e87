"""LLVM bitstream files against the CLI."""
import pytest

import bcx
from conftest import BITSTREAM_FILES, info_matches, over, write_matches

files = over(BITSTREAM_FILES)


def _no_file(doc):
    doc.pop("file", None)
    return doc


@files
def test_info_dump_stat(cli, path):
    with bcx.open(path) as m:
        info_matches(cli, m, path, "bitstream")
        assert m.version is None
        assert _no_file(m.dump()) == _no_file(cli.json("dump", "--json", path))
        assert _no_file(m.stat()) == _no_file(cli.json("stat", "--json", path))
        assert m.verify() == []


@files
def test_text(cli, path):
    with bcx.open(path) as m:
        # the report names its file: read it from stdin, which the library calls "-"
        want = cli.out("dump", "-", input=open(path, "rb").read()).decode()
        assert m.text() == want


@files
def test_write(cli, path, tmp_path):
    with bcx.open(path) as m:
        write_matches(cli, path, ["copy"], m.write, tmp_path)


def test_errors(cli, tmp_path):
    data = open(BITSTREAM_FILES[0], "rb").read()
    cut = data[:len(data) // 2 // 4 * 4]
    p = tmp_path / "cut.bc"
    p.write_bytes(cut)
    r = cli.run("copy", "-o", str(tmp_path / "x"), str(p), check=False)
    with pytest.raises(bcx.Error) as e:
        bcx.open(cut)
    assert r.returncode == 1 and e.value.message in r.stderr.decode()
    assert e.value.is_bit_offset
