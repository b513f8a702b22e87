"""The examples of docs/python.md run, on the repository's example files."""
import os
import re
import shutil

import pytest

from conftest import EXAMPLES, ROOT

DOC = os.path.join(ROOT, "docs", "python.md")
BLOCKS = re.findall(r"```python\n(.*?)```", open(DOC).read(), re.S)
# The file names the examples use, and the example files they stand for.
FILES = {"kernels.tileirbc": "vadd.tileirbc", "module.mlirbc": "hello.mlirbc",
         "module.mlir": "hello.mlir", "hello.bc": "hello.bc",
         "factorial.tasm": "tapioca/factorial.tasm"}


def test_each_format_has_an_example():
    assert len(BLOCKS) >= 6
    for b in BLOCKS:
        assert len(b.strip().splitlines()) <= 10


@pytest.mark.parametrize("code", BLOCKS, ids=[f"example{i}" for i in range(len(BLOCKS))])
def test_example_runs(code, tmp_path, monkeypatch, capsys):
    for name, src in FILES.items():
        shutil.copy(os.path.join(EXAMPLES, src), tmp_path / name)
    monkeypatch.chdir(tmp_path)
    if "module.mlir\"" in code:
        # the example assembles generic-form text: give it the module's own
        import bcx
        with bcx.open("module.mlirbc") as m:
            (tmp_path / "module.mlir").write_text(m.text())
    exec(compile(code, DOC, "exec"), {"__name__": "example"})
    assert capsys.readouterr().out
