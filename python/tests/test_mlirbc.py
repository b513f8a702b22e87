"""MLIR bytecode against the CLI on the same files."""
import pytest

import bcx
from conftest import MLIR_FILES, assemble_matches, info_matches, over, write_matches

files = over(MLIR_FILES)


@files
def test_info_dump(cli, path):
    with bcx.open(path) as m:
        info = info_matches(cli, m, path, "mlirbc")
        assert m.version == info["version"]
        assert m.dump() == cli.json("dump", "--json", path)


@files
@pytest.mark.parametrize("debuginfo", [False, True])
def test_text(cli, path, debuginfo):
    flags = ["--debuginfo"] if debuginfo else []
    with bcx.open(path) as m:
        assert m.text(debuginfo=debuginfo) == cli.out("dis", *flags, path).decode()
        for name in list(m.functions)[:3]:
            want = cli.out("dis", *flags, "--function", name, path).decode()
            assert m.functions[name].text(debuginfo=debuginfo) == want


def test_functions():
    with bcx.open(MLIR_FILES[0]) as m:
        assert list(m.functions) == ["axpy"]
        with pytest.raises(KeyError):
            m.functions["nope"]
        with pytest.raises(bcx.NotFoundError):
            m.text_of("nope")


@files
def test_verify(path):
    with bcx.open(path) as m:
        assert m.verify() == []


@files
@pytest.mark.parametrize("version", [None, 0, 3, 5])
def test_write(cli, path, version, tmp_path):
    flags = ["--bytecode-version", "6" if version is None else str(version)]
    with bcx.open(path) as m:
        write_matches(cli, path, ["convert", *flags], lambda: m.write(target=version),
                      tmp_path)


@files
def test_assemble(cli, path, tmp_path):
    assemble_matches(cli, path, "mlirbc", tmp_path)


def test_errors(cli, tmp_path):
    data = open(MLIR_FILES[0], "rb").read()
    p = tmp_path / "cut.mlirbc"
    p.write_bytes(data[:40])
    r = cli.run("info", str(p), check=False)
    with pytest.raises(bcx.Error) as e:
        bcx.open(data[:40])
    assert e.value.message in r.stderr.decode()
    assert f":{e.value.offset}:" in r.stderr.decode()
    with pytest.raises(bcx.Error) as e:
        bcx.assemble('"foo.bar"(', format="mlirbc", filename="x.mlir")
    # the end of the text: line 1, column 11, byte 10
    assert (e.value.line, e.value.column, e.value.offset) == (1, 11, 10)
    assert str(e.value) == "1:11: expected an operand"


@files
def test_write_for_mlir_19(cli, path, tmp_path):
    with bcx.open(path) as m:
        write_matches(cli, path, ["convert", "--bytecode-version", "6", "--mlir-release", "19"],
                      lambda: m.write(target=6, mlir_release=19), tmp_path)
