"""No use of a closed object reaches the library: every call raises
bcx.ClosedError (run under AddressSanitizer by scripts/python_asan.sh)."""
import gc
import os

import pytest

import bcx
import bcx.build
import bcx.tapioca
from conftest import BITSTREAM_FILES, EXAMPLES, MLIR_FILES, TILEIR_FILES

CALLS = [lambda m: m.info(), lambda m: m.dump(), lambda m: m.text(), lambda m: m.verify(),
         lambda m: m.write(), lambda m: m.version, lambda m: list(m.functions)]


def _tbon():
    return bcx.assemble(open(os.path.join(EXAMPLES, "tapioca", "factorial.tasm")).read(),
                        format="tapioca")


@pytest.mark.parametrize("src", [TILEIR_FILES[0], MLIR_FILES[0], BITSTREAM_FILES[0], None])
def test_every_call_after_close(src):
    m = bcx.open(src if src else _tbon())
    fns = [m.functions[n] for n in list(m.functions)] if m.format != "tbon" else []
    m.close()
    m.close()  # twice is fine
    assert m.closed
    for call in CALLS:
        if m.format in ("bitstream", "tbon") and call is CALLS[-1]:
            continue  # their function lists are plain Python data
        if m.format in ("bitstream", "tbon") and call is CALLS[5]:
            continue  # no version: nothing to read
        with pytest.raises(bcx.ClosedError):
            call(m)
    for f in fns:
        with pytest.raises(bcx.ClosedError):
            f.text()
    if m.format == "tileir":
        for f in fns:
            for get in (lambda: f.name, lambda: f.entry, lambda: f.dump()):
                with pytest.raises(bcx.ClosedError):
                    get()
        with pytest.raises(bcx.ClosedError):
            len(m.functions)


def test_with_block_closes():
    with bcx.open(TILEIR_FILES[0]) as m:
        f = m.functions["vadd"]
    with pytest.raises(bcx.ClosedError):
        f.text()
    with pytest.raises(bcx.ClosedError):
        m.functions["vadd"]


def test_builder_close_closes_its_model():
    b = bcx.build.Builder()
    ptr = b.tile(b.ptr(b.scalar("f32")), [])
    k = b.entry("k", [ptr])
    m = b.module()
    attr = b.unit_attr()
    b.close()
    for call in (lambda: m.text(), lambda: m.verify(), lambda: m.write(), lambda: b.write(),
                 lambda: b.scalar("f32"), lambda: k.body.op("return"), lambda: b.module(),
                 lambda: b.array_attr([attr])):
        with pytest.raises(bcx.ClosedError):
            call()


def test_garbage_collected_views_keep_their_module():
    f = bcx.open(TILEIR_FILES[0]).functions["vadd"]  # the module object is not kept
    gc.collect()
    assert f.text().startswith("entry @vadd")
    t = bcx.open(_tbon())
    t.close()
    with pytest.raises(bcx.ClosedError):
        bcx.tapioca.run(t)


def test_sanitizer_runtime_is_loaded_when_asked():
    """Under scripts/test.sh's sanitizer stage the library runs with ASan:
    check that the runtime is really in the process, so that the tests
    above would report a use after free instead of passing by luck."""
    import ctypes
    if not os.environ.get("BCX_ASAN_PRELOAD"):
        pytest.skip("not a sanitizer run (BCX_ASAN_PRELOAD unset)")
    assert hasattr(ctypes.CDLL(None), "__asan_init")
    assert "asan" in open("/proc/self/maps").read()
