"""Tile IR: every call of the module object against the CLI on the same file."""
import pytest

import bcx
from conftest import TILEIR_FILES, assemble_matches, info_matches, over, write_matches

BAD = '''"cuda_tile.module"() <{sym_name = "m"}> ({
"cuda_tile.entry"() <{function_type = (!cuda_tile.tile<i32>) -> (), sym_name = "k"}> ({
^bb0(%b: !cuda_tile.tile<i32>):
%1 = "cuda_tile.addf"(%b, %b) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> !cuda_tile.tile<i32>
"cuda_tile.return"() : () -> ()
}) : () -> ()
}) : () -> ()
'''

files = over(TILEIR_FILES)


@files
def test_open_info(cli, path):
    with bcx.open(path) as m:
        info = info_matches(cli, m, path, "tileir")
        assert m.version == info["version"] + (f".{info['tag']}" if info["tag"] else "")
        names = [f["name"] for f in info["functions"]]
        assert list(m.functions) == names
        assert len(m.functions) == len(names)
        for f in info["functions"]:
            fn = m.functions[f["name"]]
            assert (fn.index, fn.name, fn.entry, fn.body_offset, fn.body_size) == (
                f["index"], f["name"], f["entry"], f["body_offset"], f["body_size"])


@files
def test_open_bytes_same_as_path(path):
    data = open(path, "rb").read()
    with bcx.open(data) as a, bcx.open(path) as b:
        assert a.info() == b.info()
        assert a.text() == b.text()


@files
def test_dump(cli, path):
    with bcx.open(path) as m:
        assert m.dump() == cli.json("dump", "--json", path)
        for name in list(m.functions)[:3]:
            assert m.functions[name].dump() == cli.json("dump", "--json", "--function", name,
                                                        path)


@files
@pytest.mark.parametrize("form,debuginfo", [("custom", False), ("generic", False),
                                            ("custom", True)])
def test_text(cli, path, form, debuginfo):
    flags = (["--generic"] if form == "generic" else []) + (["--debuginfo"] if debuginfo else [])
    with bcx.open(path) as m:
        assert m.text(form=form, debuginfo=debuginfo) == cli.out("dis", *flags, path).decode()
        for name in list(m.functions)[:3]:
            want = cli.out("dis", *flags, "--function", name, path).decode()
            assert m.functions[name].text(form=form, debuginfo=debuginfo) == want


@files
def test_verify_valid(cli, path):
    with bcx.open(path) as m:
        doc = cli.json("verify", "--json", path)
        assert [d.as_dict() for d in m.verify()] == doc["errors"]


def test_verify_errors(cli, tmp_path):
    data = bcx.assemble(BAD, verify=False)
    p = tmp_path / "bad.tileirbc"
    p.write_bytes(data)
    doc = cli.json("verify", "--json", str(p), check=False)
    with bcx.open(data) as m:
        got = m.verify()
        assert got and [d.as_dict() for d in got] == doc["errors"]
        assert got[0].op == "cuda_tile.addf" and got[0].offset is not None
    # From text: places are lines and columns, as bcx verify of the .mlir file.
    src = tmp_path / "bad.mlir"
    src.write_text(BAD)
    doc = cli.json("verify", "--json", str(src), check=False)
    with bcx.build.parse(BAD, str(src)) as b:
        got = b.module().verify()
        assert [d.as_dict() for d in got] == doc["errors"]
        assert got[0].line == 4


def test_assemble_refuses_invalid():
    with pytest.raises(bcx.MalformedError) as e:
        bcx.assemble(BAD)
    assert e.value.diagnostics[0].op == "cuda_tile.addf"


@files
@pytest.mark.parametrize("target", ["13.1", "13.2", "13.3"])
def test_write(cli, path, target, tmp_path):
    with bcx.open(path) as m:
        write_matches(cli, path, ["convert", "--target", target],
                      lambda: m.write(target=target), tmp_path)


def test_write_default_is_file_bytes(cli):
    path = TILEIR_FILES[0]
    with bcx.open(path) as m:
        assert m.write() == open(path, "rb").read()


@files
def test_assemble_round_trip(cli, path, tmp_path):
    assemble_matches(cli, path, "tileir", tmp_path)


def test_errors_have_offset_and_message(cli, tmp_path):
    data = open(TILEIR_FILES[0], "rb").read()
    for cut in (10, 20, len(data) // 2, len(data) - 1):
        p = tmp_path / "cut.tileirbc"
        p.write_bytes(data[:cut])
        r = cli.run("info", str(p), check=False)
        with pytest.raises(bcx.Error) as e:
            bcx.open(data[:cut], format="tileir").info()
        err = e.value
        assert r.returncode == 1
        assert err.message and err.message in r.stderr.decode()
        if err.offset is not None:
            assert f":{err.offset}:" in r.stderr.decode()
    with pytest.raises(bcx.TruncatedError):
        bcx.open(data[:10], format="tileir")


def test_bad_arguments():
    with bcx.open(TILEIR_FILES[0]) as m:
        with pytest.raises(bcx.InvalidArgumentError):
            m.text(form="pretty")
        with pytest.raises(bcx.Error):
            m.write(target="12.0")
        with pytest.raises(KeyError):
            m.functions["no such function"]
    with pytest.raises(bcx.UnsupportedError):
        bcx.open(b"not bytecode at all")
