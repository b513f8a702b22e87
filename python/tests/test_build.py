"""The Tile IR builder: the vector-add kernel of examples/vector_add.c, built
from Python, gives the bytes of examples/vadd.tileirbc (written by the C
example), and misuse raises bcx errors."""
import os

import pytest

import bcx
import bcx.build
from conftest import EXAMPLES


def build_vadd(b):
    f32 = b.scalar("f32")
    tptr = b.tile(b.ptr(f32), [])
    ti32 = b.tile(b.scalar("i32"), [])
    tv = b.tensor_view(f32, [1024], [1])
    pv = b.partition_view(tv, [128])
    t128 = b.tile(f32, [128])
    tok = b.token()
    k = b.entry("vadd", [tptr, tptr, tptr])
    body = k.body
    views = [body.op("make_tensor_view", [a], [tv], segments=[1, 0, 0]).result for a in k.args]
    parts = [body.op("make_partition_view", [v], [pv]).result for v in views]
    x = body.op("get_tile_block_id", results=[ti32] * 3).results[0]
    weak = {"memory_ordering_semantics": b.enum_attr(0)}
    loaded = [body.op("load_view_tko", [p, x], [t128, tok], weak, [1, 1, 0]).result
              for p in parts[:2]]
    s = body.op("addf", loaded, [t128], {"rounding_mode": b.enum_attr(0)}).result
    body.op("store_view_tko", [s, parts[2], x], [tok], weak, [1, 1, 1, 0])
    body.op("return")


@pytest.mark.parametrize("target", ["13.1", "13.2", "13.3"])
def test_vadd_matches_c_builder(cli, target, tmp_path):
    with bcx.build.Builder() as b:
        build_vadd(b)
        data = b.write(target=target)
    want = tmp_path / "v.tileirbc"
    cli.run("convert", "--target", target, "-o", str(want),
            os.path.join(EXAMPLES, "vadd.tileirbc"))
    assert data == want.read_bytes()


def test_model_prints_and_verifies(cli):
    with bcx.build.Builder() as b:
        build_vadd(b)
        m = b.module()
        assert m.verify() == []
        assert list(m.functions) == ["vadd"]
        want = cli.out("dis", os.path.join(EXAMPLES, "vadd.tileirbc")).decode()
        assert m.text() == want


def test_attributes_and_globals(cli, tmp_path):
    with bcx.build.Builder() as b:
        b.set_producer("python test")
        i32 = b.scalar("i32")
        f32 = b.scalar("f32")
        t4 = b.tile(i32, [4])
        b.add_global("table", b.dense_attr(t4, bytes(range(16))), alignment=16)
        hints = b.hints_attr({"sm_100": b.dict_attr({"occupancy": b.int_attr(i32, 2)})})
        k = b.entry("k", [], hints=hints)
        c = k.body.op("constant", results=[b.tile(f32, [])],
                      attrs={"value": b.dense_attr(b.tile(f32, []), b"\0\0\x80\x3f")})
        assert c.results == [0]
        k.body.op("return")
        for attr in (b.bool_attr(True), b.string_attr("s"), b.symbol_attr("k"),
                     b.type_attr(i32), b.unit_attr(), b.i32_array_attr([1, 2]),
                     b.array_attr([b.int_attr(i32, -1)]), b.float_attr(f32, 1.5)):
            assert isinstance(attr, bcx.build.Attr)
        data = b.write()
        text = b.module().text()
    src = tmp_path / "g.mlir"
    src.write_text(text)
    out = tmp_path / "g.tileirbc"
    cli.run("asm", str(src), "-o", str(out))
    assert cli.out("dis", str(out)).decode() == text
    with bcx.open(data) as m:
        assert m.info()["counts"]["globals"] == 1 and m.text() == text


def test_misuse_raises():
    with bcx.build.Builder() as b:
        with pytest.raises(bcx.InvalidArgumentError):
            b.scalar("f33")
        f32 = b.scalar("f32")
        k = b.entry("k", [])
        with pytest.raises(bcx.InvalidArgumentError):
            k.body.op("no_such_op")
        with pytest.raises(bcx.Error):
            k.body.op("addf", [7, 8], [f32])  # values that do not exist
        other = bcx.build.Builder()
        with pytest.raises(bcx.InvalidArgumentError):
            k.body.op("return", attrs={"x": other.unit_attr()})
        other.close()
        with pytest.raises(bcx.Error):
            b.ptr(12345)


def test_region_blocks():
    with bcx.build.Builder() as b:
        i32 = b.scalar("i32")
        ti = b.tile(i32, [])
        k = b.entry("k", [])
        one = k.body.op("constant", results=[ti],
                        attrs={"value": b.dense_attr(ti, b"\x01\0\0\0")}).result
        loop = k.body.op("for", [one, one, one], [])
        blk = loop.add_block(0, [ti])
        assert blk.args and blk.args[0] > one
        blk.op("continue")
        k.body.op("return")
        assert b.module().verify() == []
        assert "for %" in b.module().text()
